// catalogue.cpp - every family: the catalogue of the CLI, the tests and the benchmarks. (A web
// module links its own add_catalogue instead, generated from web/bundles.json.)
#include "core/number_format.hpp"
#include "core/python_builtins.hpp"
#include "kernels/common/derivatives.hpp"
#include "kernels/common/families.hpp"

namespace whence {

void add_catalogue(OpList& t) {
  add_gather_family(t);
  add_elementwise_family(t);
  add_reduce_family(t);
  add_movement_family(t);
  add_indexing_family(t);
  add_select_family(t);
  add_factory_family(t);
  add_join_family(t);
  add_resample_family(t);
  add_contraction_family(t);
  add_window_family(t);
  add_random_family(t);
  add_special_family(t);
}

void add_gradients(GradRules& r) {
  add_gather_gradients(r);
  add_elementwise_gradients(r);
  add_reduce_gradients(r);
  add_movement_gradients(r);
  add_indexing_gradients(r);
  add_select_gradients(r);
  add_factory_gradients(r);
  add_join_gradients(r);
  add_resample_gradients(r);
  add_contraction_gradients(r);
  add_window_gradients(r);
  add_random_gradients(r);
  add_special_gradients(r);
}

const CatalogueInstaller kCatalogueInstalled;
// Every op's gradient rule (core/autograd.hpp): the single-call web modules go without.
const GradientsInstaller kGradientsInstalled;
// x.size(), len(x), math.*, torch.equal, print's str(): in every build with this catalogue (the
// single-call web modules link their own and go without: core/python_builtins.hpp).
const PythonCallsInstaller kPythonCallsInstalled;
// Floats spelled by Dragonbox (core/number_format.hpp).
struct FastFloatFormatInstaller {
  FastFloatFormatInstaller() { use_fast_float_format(true); }
} const kFastFloatFormatInstalled;

}  // namespace whence
