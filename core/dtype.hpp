// dtype.hpp - the five tensor dtypes Whence supports, their names and type promotion.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace whence {

enum class DType : std::uint8_t { Bool, Int32, Int64, Float32, Float64 };
constexpr int kDTypeCount = 5;

const char* dtype_name(DType d);                            // "float32", as in JSON
std::string_view dtype_torch_name(DType d);                 // "torch.float32", as PyTorch prints it
std::optional<DType> dtype_from_name(std::string_view n);   // "float32", "float", "long", ...
std::size_t dtype_size(DType d);
bool is_floating(DType d);
bool is_integral(DType d, bool include_bool);

template <class T> struct TypeTag { using type = T; };

// Calls f(TypeTag<T>{}) with the C++ type of `d`. Knowledge of the dtype<->type map lives here only.
template <class F>
decltype(auto) dispatch_dtype(DType d, F&& f) {
  switch (d) {
    case DType::Bool: return f(TypeTag<bool>{});
    case DType::Int32: return f(TypeTag<std::int32_t>{});
    case DType::Int64: return f(TypeTag<std::int64_t>{});
    case DType::Float32: return f(TypeTag<float>{});
    case DType::Float64: break;
  }
  return f(TypeTag<double>{});
}

template <class T> constexpr DType dtype_of();
template <> constexpr DType dtype_of<bool>() { return DType::Bool; }
template <> constexpr DType dtype_of<std::int32_t>() { return DType::Int32; }
template <> constexpr DType dtype_of<std::int64_t>() { return DType::Int64; }
template <> constexpr DType dtype_of<float>() { return DType::Float32; }
template <> constexpr DType dtype_of<double>() { return DType::Float64; }

}  // namespace whence
