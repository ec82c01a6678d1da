// catalogue.cpp - every family: the catalogue of the CLI, the tests and the benchmarks. (A web
// module links its own add_catalogue instead, generated from web/bundles.json.)
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
}

const CatalogueInstaller kCatalogueInstalled;

}  // namespace whence
