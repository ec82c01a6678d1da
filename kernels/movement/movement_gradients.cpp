// movement_gradients.cpp - how the movement family's ops differentiate (core/autograd.hpp's GradRule).
#include "kernels/common/derivatives.hpp"
#include "kernels/movement/movement_family.hpp"

namespace whence {

// Every movement op copies elements (views, flips, rolls, repeats, diagonals, triangles): each
// output element is its one source, so ∂out/∂source = 1. Backward then sums the upstream
// gradient over every output element that read a source (expand, repeat and tile sum back);
// tril/triu's zeros and diag_embed's off-diagonal have no source and send nothing back.
// PyTorch 1.13 has no backward for the channel shuffles (their grad_fn is NotImplemented);
// as_strided_scatter refuses what as_strided_scatter_grad_check says.
void add_movement_gradients(GradRules& r) {
  GradRule scatter{unit_derivatives};
  scatter.check = as_strided_scatter_grad_check;
  set_rule(r, "torch.as_strided_scatter", scatter);
  set_rule(r, "torch.nn.functional.channel_shuffle",
           GradRule{nullptr, "derivative for channel_shuffle is not implemented"});
  set_rule(r, "torch.nn.functional.native_channel_shuffle",
           GradRule{nullptr, "derivative for aten::native_channel_shuffle is not implemented"});
  set_family_rule(r, "movement", GradRule{unit_derivatives});
}

}  // namespace whence
