#include "dtype.hpp"

#include "error.hpp"

namespace whence {

namespace {
struct DTypeInfo {
  DType dtype;
  const char* name;         // JSON name
  const char* torch_name;   // as PyTorch prints it
  const char* scalar_name;  // c10::ScalarType name, in "not implemented for 'Float'"
  const char* cpp_name;     // the C++ type, in "value cannot be converted to type int64_t without overflow"
  const char* meta_name;    // caffe2's TypeMeta name, in "Input type (float) and bias type (double)"
  std::size_t size;
};
constexpr DTypeInfo kDTypes[] = {
    {DType::Bool, "bool", "torch.bool", "Bool", "bool", "bool", 1},
    {DType::UInt8, "uint8", "torch.uint8", "Byte", "uint8_t", "unsigned char", 1},
    {DType::Int8, "int8", "torch.int8", "Char", "int8_t", "signed char", 1},
    {DType::Int16, "int16", "torch.int16", "Short", "int16_t", "short int", 2},
    {DType::Int32, "int32", "torch.int32", "Int", "int", "int", 4},
    {DType::Int64, "int64", "torch.int64", "Long", "int64_t", "long int", 8},
    {DType::Float16, "float16", "torch.float16", "Half", "at::Half", "c10::Half", 2},
    {DType::BFloat16, "bfloat16", "torch.bfloat16", "BFloat16", "at::BFloat16", "c10::BFloat16", 2},
    {DType::Float32, "float32", "torch.float32", "Float", "float", "float", 4},
    {DType::Float64, "float64", "torch.float64", "Double", "double", "double", 8},
};
static_assert(sizeof(kDTypes) / sizeof(kDTypes[0]) == kDTypeCount, "every dtype needs a row");

const DTypeInfo& info(DType d) { return kDTypes[static_cast<int>(d)]; }

// PyTorch's other names for the same dtypes (torch.half is torch.float16).
struct Alias {
  const char* name;
  DType dtype;
};
constexpr Alias kAliases[] = {
    {"float", DType::Float32}, {"double", DType::Float64}, {"half", DType::Float16},
    {"long", DType::Int64},    {"int", DType::Int32},      {"short", DType::Int16},
};
}  // namespace

const char* dtype_name(DType d) { return info(d).name; }
const char* dtype_cpp_name(DType d) { return info(d).cpp_name; }
std::string_view dtype_torch_name(DType d) { return info(d).torch_name; }
const char* dtype_scalar_name(DType d) { return info(d).scalar_name; }
const char* dtype_meta_name(DType d) { return info(d).meta_name; }

void fail_not_implemented(const std::string& kernel, DType d, const char* arg) {
  fail("RuntimeError", "\"" + kernel + "\" not implemented for '" + dtype_scalar_name(d) + "'", arg);
}
std::size_t dtype_size(DType d) { return info(d).size; }
bool is_floating(DType d) { return d >= DType::Float16; }
bool is_reduced_float(DType d) { return d == DType::Float16 || d == DType::BFloat16; }
bool is_integral(DType d, bool include_bool) {
  return (d >= DType::UInt8 && d <= DType::Int64) || (include_bool && d == DType::Bool);
}

std::optional<DType> dtype_from_name(std::string_view n) {
  if (n.substr(0, 6) == "torch.") n.remove_prefix(6);
  for (const auto& row : kDTypes)
    if (n == row.name) return row.dtype;
  for (const auto& a : kAliases)
    if (n == a.name) return a.dtype;
  return std::nullopt;
}

namespace {
thread_local DType g_default_float_dtype = DType::Float32;
}  // namespace

DType default_float_dtype() { return g_default_float_dtype; }
void set_default_float_dtype(DType d) { g_default_float_dtype = d; }

}  // namespace whence
