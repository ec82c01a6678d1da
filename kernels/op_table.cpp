// op_table.cpp - the list of every op Whence has, family by family. Adding an op: one line
// in its family's file (kernels/elementwise_*.cpp use EwBuilder); a new family adds its
// function here.
#include "kernels/contraction_family.hpp"
#include "kernels/elementwise_builder.hpp"
#include "kernels/factory_ops.hpp"
#include "kernels/join_family.hpp"
#include "kernels/ops.hpp"
#include "kernels/movement_family.hpp"
#include "kernels/reduce_family.hpp"
#include "kernels/select_ops.hpp"

namespace whence {

const std::vector<const OpDescriptor*>& op_table() {
  static const std::vector<const OpDescriptor*> table = [] {
    std::vector<const OpDescriptor*> t = {&gather_op()};
    add_unary_ops(t);
    add_binary_ops(t);
    add_activation_ops(t);
    add_reduce_ops(t);
    add_order_ops(t);
    add_statistic_ops(t);
    add_norm_layer_ops(t);
    add_loss_ops(t);
    add_run_ops(t);
    add_view_ops(t);
    add_index_ops(t);
    add_select_ops(t);
    add_factory_ops(t);
    add_join_ops(t);
    add_split_ops(t);
    add_contraction_ops(t);
    return t;
  }();
  return table;
}

}  // namespace whence
