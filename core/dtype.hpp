// dtype.hpp - the ten tensor dtypes Whence supports, their names, and the one map from a
// dtype to its C++ storage type. Type promotion lives in promotion.hpp.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "half.hpp"

namespace whence {

// Ordered by kind: bool, the integers by width, the floating types by width.
enum class DType : std::uint8_t { Bool, UInt8, Int8, Int16, Int32, Int64, Float16, BFloat16, Float32, Float64 };
constexpr int kDTypeCount = 10;
constexpr DType kAllDTypes[kDTypeCount] = {DType::Bool,    DType::UInt8,  DType::Int8,    DType::Int16,
                                           DType::Int32,   DType::Int64,  DType::Float16, DType::BFloat16,
                                           DType::Float32, DType::Float64};

const char* dtype_name(DType d);             // "float32", as in JSON
std::string_view dtype_torch_name(DType d);  // "torch.float32", as PyTorch prints it
const char* dtype_cpp_name(DType d);         // "int64_t", "at::Half": c10's overflow messages
const char* dtype_scalar_name(DType d);      // "Float", as PyTorch's kernel errors say it
const char* dtype_meta_name(DType d);        // "long int", "c10::Half": caffe2's TypeMeta names
// PyTorch's refusal of a dtype its CPU kernel lacks: '"addmm_impl_cpu_" not implemented for 'Half''.
[[noreturn]] void fail_not_implemented(const std::string& kernel, DType d, const char* arg = "input");
std::optional<DType> dtype_from_name(std::string_view n);  // "float32", "float", "half", "torch.long", ...
std::size_t dtype_size(DType d);
// torch.get_default_dtype(): the dtype of Python floats in tensor data, float factories and
// promotion with float scalars. float32 unless a program's torch.set_default_dtype changed it
// (the program engine resets it around each run).
DType default_float_dtype();
void set_default_float_dtype(DType d);
bool is_floating(DType d);
bool is_integral(DType d, bool include_bool);
bool is_reduced_float(DType d);  // float16, bfloat16: stored in 16 bits, computed in float

template <class T>
struct TypeTag {
  using type = T;
};

// Calls f(TypeTag<T>{}) with the C++ storage type of `d`. Knowledge of the dtype<->type map
// lives here only.
template <class F>
decltype(auto) dispatch_dtype(DType d, F&& f) {
  switch (d) {
    case DType::Bool: return f(TypeTag<bool>{});
    case DType::UInt8: return f(TypeTag<std::uint8_t>{});
    case DType::Int8: return f(TypeTag<std::int8_t>{});
    case DType::Int16: return f(TypeTag<std::int16_t>{});
    case DType::Int32: return f(TypeTag<std::int32_t>{});
    case DType::Int64: return f(TypeTag<std::int64_t>{});
    case DType::Float16: return f(TypeTag<Half>{});
    case DType::BFloat16: return f(TypeTag<BFloat16>{});
    case DType::Float32: return f(TypeTag<float>{});
    case DType::Float64: break;
  }
  return f(TypeTag<double>{});
}

template <class T>
constexpr DType dtype_of();
template <>
constexpr DType dtype_of<bool>() {
  return DType::Bool;
}
template <>
constexpr DType dtype_of<std::uint8_t>() {
  return DType::UInt8;
}
template <>
constexpr DType dtype_of<std::int8_t>() {
  return DType::Int8;
}
template <>
constexpr DType dtype_of<std::int16_t>() {
  return DType::Int16;
}
template <>
constexpr DType dtype_of<std::int32_t>() {
  return DType::Int32;
}
template <>
constexpr DType dtype_of<std::int64_t>() {
  return DType::Int64;
}
template <>
constexpr DType dtype_of<Half>() {
  return DType::Float16;
}
template <>
constexpr DType dtype_of<BFloat16>() {
  return DType::BFloat16;
}
template <>
constexpr DType dtype_of<float>() {
  return DType::Float32;
}
template <>
constexpr DType dtype_of<double>() {
  return DType::Float64;
}

// Storage types that hold floating values (float16 and bfloat16 included).
template <class T>
constexpr bool is_float_storage_v =
    std::is_floating_point_v<T> || std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// Float -> integer as PyTorch's CPU casts do on x86-64, never undefined: NaN and values out
// of range become the lowest value of the 32- or 64-bit conversion (cvttsd2si), narrower
// integers truncate the 32-bit result, uint8 truncates the 64-bit one (c10's rule).
inline std::int64_t float_to_int64(double v) {
  if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0)) return INT64_MIN;
  return std::int64_t(v);
}
inline std::int32_t float_to_int32(double v) {
  if (!(v > -2147483649.0 && v < 2147483648.0)) return INT32_MIN;
  return std::int32_t(v);
}

// Converts a double or an int64 value to storage type T as PyTorch does.
template <class T>
T cast_from_double(double v) {
  if constexpr (std::is_same_v<T, bool>)
    return v != 0;
  else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
    return T(float(v));  // via float, as c10
  else if constexpr (std::is_floating_point_v<T>)
    return T(v);
  else if constexpr (std::is_same_v<T, std::int64_t>)
    return float_to_int64(v);
  else if constexpr (std::is_same_v<T, std::uint8_t>)
    return T(std::uint64_t(float_to_int64(v)));
  else
    return T(float_to_int32(v));
}
template <class T>
T cast_from_int64(std::int64_t v) {
  if constexpr (std::is_same_v<T, bool>)
    return v != 0;
  else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
    return T(float(v));
  else if constexpr (std::is_floating_point_v<T>)
    return T(v);
  else
    return T(std::uint64_t(v));  // modular, as two's complement hardware wraps
}

}  // namespace whence
