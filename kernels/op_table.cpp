// op_table.cpp - the list of every op Whence has. Adding an op: define its descriptor in its
// family's file, declare it in ops.hpp, list it here.
#include "kernels/ops.hpp"

namespace whence {

const std::vector<const OpDescriptor*>& op_table() {
  static const std::vector<const OpDescriptor*> table = {
      &gather_op(),
  };
  return table;
}

}  // namespace whence
