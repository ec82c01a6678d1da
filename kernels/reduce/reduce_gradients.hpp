// reduce_gradients.hpp - the reduce family's gradient rules, by file (core/autograd.hpp's GradRule).
#pragma once
#include <vector>

#include "kernels/common/derivatives.hpp"

namespace whence {

void add_reduce_group_gradients(GradRules& r);  // statistics and normalization layers
void add_reduce_loss_gradients(GradRules& r);   // the losses of torch.nn.functional

// PyTorch's norm_backward: ∂‖x‖_p/∂x_i for the p-norm `norm` (p = 0: 0; ±inf: split evenly among
// the `ties`, the elements whose |x| is the norm or NaN; p < 1: 0 at x = 0; 0 at a zero norm;
// sgn(NaN) is 0), and the ties pnorm_partial wants (1 for a finite p).
double pnorm_partial(double x, double p, double norm, double ties);
double pnorm_ties(const std::vector<double>& x, double p, double norm);

// ∂/∂A of A's nuclear norm (which 0), largest (1) or smallest (-1) singular value, A row-major
// m × n; g gets the same layout (reduce_gradients_svd.cpp).
void singular_norm_partials(const std::vector<double>& a, std::int64_t m, std::int64_t n, int which,
                            std::vector<double>& g);

}  // namespace whence
