// return_types.hpp - PyTorch's named tuples: torch.max(x, 0) returns a torch.return_types.max,
// a tuple whose items are also read by name (.values, .indices).
#pragma once
#include <string>
#include <vector>

namespace whence {

struct NamedTuple {
  const char* type;                 // "max": Python's type is torch.return_types.max
  std::vector<const char*> fields;  // "values", "indices"
};

// The named tuple the op's tuple result is, from its qualified name (torch.max and
// torch.Tensor.max: max; torch.linalg.slogdet: linalg_slogdet), or null for a plain tuple.
const NamedTuple* named_tuple_of(const std::string& qualified_op);

// Python's name for the type, as an AttributeError prints it: "torch.return_types.max".
std::string python_type_name(const NamedTuple& t);

}  // namespace whence
