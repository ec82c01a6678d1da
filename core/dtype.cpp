#include "dtype.hpp"

namespace whence {

namespace {
struct DTypeInfo {
  DType dtype;
  const char* name;        // JSON name
  const char* torch_name;  // as PyTorch prints it
  std::size_t size;
};
constexpr DTypeInfo kDTypes[] = {
    {DType::Bool, "bool", "torch.bool", 1},
    {DType::Int32, "int32", "torch.int32", 4},
    {DType::Int64, "int64", "torch.int64", 8},
    {DType::Float32, "float32", "torch.float32", 4},
    {DType::Float64, "float64", "torch.float64", 8},
};
static_assert(sizeof(kDTypes) / sizeof(kDTypes[0]) == kDTypeCount, "every dtype needs a row");

const DTypeInfo& info(DType d) { return kDTypes[static_cast<int>(d)]; }
}  // namespace

const char* dtype_name(DType d) { return info(d).name; }
std::string_view dtype_torch_name(DType d) { return info(d).torch_name; }
std::size_t dtype_size(DType d) { return info(d).size; }
bool is_floating(DType d) { return d == DType::Float32 || d == DType::Float64; }
bool is_integral(DType d, bool include_bool) {
  return d == DType::Int32 || d == DType::Int64 || (include_bool && d == DType::Bool);
}

std::optional<DType> dtype_from_name(std::string_view n) {
  if (n.substr(0, 6) == "torch.") n.remove_prefix(6);
  for (const auto& row : kDTypes)
    if (n == row.name) return row.dtype;
  // PyTorch's aliases.
  if (n == "float") return DType::Float32;
  if (n == "double") return DType::Float64;
  if (n == "long") return DType::Int64;
  if (n == "int") return DType::Int32;
  return std::nullopt;
}

}  // namespace whence
