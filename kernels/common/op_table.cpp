// op_table.cpp - every op family's add_<family>_family. Adding an op: one
// line in its family's file (kernels/elementwise/elementwise_*.cpp list EwOp rows); a new family adds its
// add_<family>_family function here and to kernels/common/catalogue.cpp.
//
// Which families a program holds is decided at link time by the one add_catalogue it links:
// kernels/common/catalogue.cpp (all of them: the CLI, the tests, the benchmarks) or a web module's
// (web/bundles.json: one module per group of families, so that each page ships only its
// group's code). A family left out is not linked at all.
#include "core/registry.hpp"
#include "kernels/common/families.hpp"
#include "kernels/contraction/contraction_family.hpp"
#include "kernels/elementwise/elementwise_builder.hpp"
#include "kernels/factory/factory_ops.hpp"
#include "kernels/gather/gather_op.hpp"
#include "kernels/join/join_family.hpp"
#include "kernels/movement/movement_family.hpp"
#include "kernels/random/random_ops.hpp"
#include "kernels/reduce/reduce_family.hpp"
#include "kernels/resample/resample_family.hpp"
#include "kernels/select/select_ops.hpp"
#include "kernels/special/special_family.hpp"
#include "kernels/window/window_ops.hpp"

namespace whence {

void add_gather_family(OpList& t) { t.push_back(&gather_op()); }
void add_elementwise_family(OpList& t) {
  add_unary_ops(t);
  add_binary_ops(t);
  add_activation_ops(t);
}
// After the elementwise family where both are linked: torch.max(a, b) is torch.maximum.
void add_reduce_family(OpList& t) {
  add_reduce_ops(t);
  add_order_ops(t);
  add_statistic_ops(t);
  add_norm_layer_ops(t);
  add_loss_ops(t);
  add_run_ops(t);
}
void add_movement_family(OpList& t) { add_view_ops(t); }
void add_indexing_family(OpList& t) { add_index_ops(t); }
void add_select_family(OpList& t) { add_select_ops(t); }
void add_factory_family(OpList& t) { add_factory_ops(t); }
void add_join_family(OpList& t) {
  add_join_ops(t);
  add_split_ops(t);
}
void add_resample_family(OpList& t) { add_resample_ops(t); }
void add_contraction_family(OpList& t) { add_contraction_ops(t); }
void add_window_family(OpList& t) { add_window_ops(t); }
void add_random_family(OpList& t) {
  add_random_ops(t);
  add_empty_ops(t);
}
void add_special_family(OpList& t) { add_special_ops(t); }

}  // namespace whence
