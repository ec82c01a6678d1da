// indexing_gradients.cpp - how the indexing family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_indexing_gradients(GradRules& r) {
  set_family_rule(r, "indexing", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
