// special_gradients.cpp - the special family's derivatives, as PyTorch 1.13's backward formulas
// give them (tools/autograd/derivatives.yaml: i1_backward, i1e_backward, polygamma(n + 1, x),
// mvlgamma_backward, ...), in double, handed to the elementwise family's rules
// (kernels/elementwise/elementwise_gradients.cpp: add_elementwise_rules).
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "kernels/common/derivatives.hpp"
#include "kernels/elementwise/elementwise_derivatives.hpp"
#include "kernels/elementwise/elementwise_math.hpp"
#include "kernels/special/special_family.hpp"
#include "kernels/special/special_math.hpp"

namespace whence {

namespace {
namespace spgrad {  // a name of its own: the unity build joins anonymous namespaces

double sgn(double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }

// The dtype's machine epsilon: i1_backward and i1e_backward give 0.5 at |x| <= eps.
double epsilon(DType d) {
  return d == DType::Float64 ? std::numeric_limits<double>::epsilon() : double(std::numeric_limits<float>::epsilon());
}

// polygamma(n, x) in double (n >= 1).
double polygamma(std::int64_t n, double x) {
  if (n == 1) return special::trigamma<double>(x);
  return (n % 2 ? 1.0 : -1.0) * std::exp(std::lgamma(double(n) + 1)) * special::zeta(double(n + 1), x);
}

std::int64_t int_param(const EwPoint& p, const char* name) {
  return p.b.integer(std::size_t(p.b.op->param_index(name)));
}

bool floating_tensor(const Value& v) { return v.is<Tensor>() && is_floating(v.as<Tensor>().dtype()); }

// zeta: PyTorch has no derivative for the input x. Where q is a floating tensor, x is left
// out (no_grad_params); where nothing else would get a gradient, backward raises.
void refuse_zeta(const EwPoint& p) {
  if (floating_tensor(p.b[0]) && !floating_tensor(p.b[1]))
    fail("NotImplementedError", "the derivative for 'zeta' is not implemented.");
}

// igamma's and igammac's derivative by x, exp((a - 1)·ln x - x - lgamma(a)): PyTorch takes
// lgamma of the input tensor itself, so an integer a gives it in float32 (the default dtype).
double igamma_slope(const EwPoint& p, double a, double x) {
  const bool integral = p.b[0].is<Tensor>() && !is_floating(p.b[0].as<Tensor>().dtype());
  const double lg = integral ? double(std::lgamma(float(a))) : std::lgamma(a);
  return std::exp((a - 1) * std::log(x) - x - lg);
}

// igamma and igammac: PyTorch has no derivative for the input a, and refuses a floating one.
void refuse_input(const EwPoint& p, const char* op) {
  if (floating_tensor(p.b[0]))
    fail("NotImplementedError", std::string("the derivative for '") + op + ": input' is not implemented.");
}

#define WHENCE_SD(...)                              \
  [](const EwPoint& p, double* d) {                 \
    const double x = p.x[0], y = p.x[1], r = p.out; \
    (void)x, (void)y, (void)r;                      \
    __VA_ARGS__;                                    \
  }

const std::vector<EwGradEntry>& special_derivative_table() {
  static const std::vector<EwGradEntry> table = {
      {"torch.special.i0e", WHENCE_SD(d[0] = special::i1e(x) - sgn(x) * r)},
      {"torch.special.i1", WHENCE_SD({
         const double eps = epsilon(p.dtype);
         d[0] = std::fabs(x) > eps ? ew_i0<double>(x) - r / x : 0.5;
       })},
      {"torch.special.i1e", WHENCE_SD({
         const double eps = epsilon(p.dtype);
         d[0] = std::fabs(x) > eps ? special::i0e(x) - r * (sgn(x) + 1 / x) : 0.5;
       })},
      {"torch.special.ndtri", WHENCE_SD(d[0] = 2.50662827463100050242 * std::exp(r * r / 2))},
      {"torch.polygamma", WHENCE_SD(d[0] = polygamma(int_param(p, "n") + 1, x))},
      // mvlgamma_backward: Σ digamma(x + a) over the same a as the forward, each x + a in the dtype.
      {"torch.mvlgamma", WHENCE_SD({
         const std::int64_t dim = int_param(p, "p");
         double sum = 0;
         for (std::int64_t j = 0; j < dim; ++j)
           sum += ew_digamma<double>(round_to_dtype(x + double(1 - dim + j) / 2, p.dtype));
         d[0] = sum;
       })},
      // The input (x) has none: its rule lists it in no_grad_params.
      {"torch.special.zeta", WHENCE_SD(refuse_zeta(p); d[1] = -x * special::zeta(x + 1, y))},
      {"torch.igamma", WHENCE_SD({
         refuse_input(p, "igamma");
         d[1] = igamma_slope(p, x, y);
       })},
      {"torch.igammac", WHENCE_SD({
         refuse_input(p, "igammac");
         d[1] = -igamma_slope(p, x, y);
       })},
  };
  return table;
}

#undef WHENCE_SD

// PyTorch 1.13 gives these results no grad_fn: backward raises.
const std::vector<EwNoGradEntry>& special_no_grad_table() {
  static const char* const kNone = "PyTorch 1.13 does not differentiate it (its result has no grad_fn)";
  static const std::vector<EwNoGradEntry> table = {
      {"torch.special.modified_bessel_i0", kNone},
      {"torch.special.modified_bessel_i1", kNone},
      {"torch.special.spherical_bessel_j0", kNone},
      {"torch.special.chebyshev_polynomial_t", kNone},
      {"torch.special.chebyshev_polynomial_u", kNone},
      {"torch.special.chebyshev_polynomial_v", kNone},
      {"torch.special.chebyshev_polynomial_w", kNone},
      {"torch.special.shifted_chebyshev_polynomial_t", kNone},
      {"torch.special.shifted_chebyshev_polynomial_u", kNone},
      {"torch.special.shifted_chebyshev_polynomial_v", kNone},
      {"torch.special.shifted_chebyshev_polynomial_w", kNone},
      {"torch.special.hermite_polynomial_h", kNone},
      {"torch.special.hermite_polynomial_he", kNone},
      {"torch.special.laguerre_polynomial_l", kNone},
      {"torch.special.legendre_polynomial_p", kNone},
      {"torch.special.modified_bessel_k0", kNone},
      {"torch.special.modified_bessel_k1", kNone},
      {"torch.special.scaled_modified_bessel_k0", kNone},
      {"torch.special.scaled_modified_bessel_k1", kNone},
  };
  return table;
}

}  // namespace spgrad
}  // namespace

void add_special_gradients(GradRules& r) {
  add_elementwise_rules(r, spgrad::special_derivative_table(), spgrad::special_no_grad_table(), "special");
  // PyTorch 1.13: "the derivative for 'zeta' is not implemented." for the input (x); q differentiates.
  r[find_op("torch.special.zeta")].no_grad_params = "input";
}

}  // namespace whence
