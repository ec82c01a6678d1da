// window_gradients.cpp - how the window family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"

namespace whence {

void add_window_gradients(GradRules& r) {
  set_family_rule(r, "window", GradRule{nullptr, "Whence does not differentiate this op yet"});
}

}  // namespace whence
