// loss_reduction.hpp - how a loss of torch.nn.functional reduces, as PyTorch 1.13 reads its
// arguments: shared by the losses (loss_ops.cpp, which defines it) and their gradients
// (reduce_gradients_losses.cpp), so the two cannot read a call differently.
#pragma once
#include "kernels/common/composite.hpp"

namespace whence {

// An int from the torch.* spellings (1 mean, 2 sum, else none); the deprecated size_average and
// reduce, when either is given, as _Reduction.legacy_get_string reads them; torch.kl_div and
// torch.binary_cross_entropy_with_logits without a reduction: none (their F.* wrappers default
// to 'mean'); else the reduction string (loss_reduction: a ValueError for an unknown one).
// kl_div's 'batchmean' is the caller's to read first: here it is refused like any unknown string.
LossReduction loss_reduction_of(const Bound& b);

}  // namespace whence
