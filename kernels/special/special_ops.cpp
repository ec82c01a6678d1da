// special_ops.cpp - the special family's ops: a functor each over the compute type (the math in
// special_math.hpp) and one EwOp row (kernels/elementwise/elementwise_builder.hpp) with the
// family string "special". The elementwise family's launcher runs them and its explain names
// the sources: each output element reads one element of each tensor operand.
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

#include "core/error.hpp"
#include "core/shape.hpp"
#include "kernels/elementwise/elementwise_builder.hpp"
#include "kernels/elementwise/elementwise_math.hpp"
#include "kernels/special/special_family.hpp"
#include "kernels/special/special_math.hpp"
#include "kernels/special/special_polynomials.hpp"

namespace whence {

namespace {
namespace sp {  // a name of its own: the unity build joins anonymous namespaces

// ln of the largest finite value of C: where PyTorch's e^|x| overflows first (i1).
template <class C>
constexpr double exp_limit() {
  return std::is_same_v<C, float> ? 88.7228391116729996 : 709.782712893383996843;
}

struct I0e {
  template <class C>
  C operator()(const EwParams&, C x) const {
    return C(special::i0e(double(x)));
  }
};
struct I1 {
  template <class C>
  C operator()(const EwParams&, C x) const {
    return C(special::i1(double(x), exp_limit<C>()));
  }
};
struct ModifiedBesselI0 {
  template <class C>
  C operator()(const EwParams&, C x) const {
    return C(special::modified_bessel_i0(double(x), exp_limit<C>()));
  }
};
template <int Nu, bool Scaled>
struct ModifiedBesselK {
  template <class C>
  C operator()(const EwParams&, C x) const {
    return C(special::bessel_k(Nu, double(x), Scaled));
  }
};
// Chebyshev's kinds 0..3 (T, U, V, W) at x, or shifted (at 2x - 1), with the degree above which
// PyTorch takes the trigonometric form.
template <int Kind, bool Shifted>
struct Chebyshev {
  template <class C>
  C operator()(const EwParams&, C x, C n) const {
    constexpr int big = Shifted ? (Kind == 3 ? 4 : 6) : (Kind == 0 ? 6 : 8);
    return special::chebyshev<C>(Kind, Shifted ? x + x - C(1) : x, special::degree(n), big);
  }
};
struct HermiteH {
  template <class C>
  C operator()(const EwParams&, C x, C n) const {
    return special::hermite_h<C>(x, special::degree(n));
  }
};
struct HermiteHe {
  template <class C>
  C operator()(const EwParams&, C x, C n) const {
    return special::hermite_he<C>(x, special::degree(n));
  }
};
struct LaguerreL {
  template <class C>
  C operator()(const EwParams&, C x, C n) const {
    return special::laguerre_l<C>(x, special::degree(n));
  }
};
struct LegendreP {
  template <class C>
  C operator()(const EwParams&, C x, C n) const {
    return special::legendre_p<C>(x, special::degree(n));
  }
};
struct SphericalBesselJ0 {
  template <class C>
  C operator()(const EwParams&, C x) const {
    return special::spherical_bessel_j0<C>(x);
  }
};
struct I1e {
  template <class C>
  C operator()(const EwParams&, C x) const {
    return C(special::i1e(double(x)));
  }
};
struct Ndtri {
  template <class C>
  C operator()(const EwParams&, C x) const {
    return C(special::ndtri(double(x)));
  }
};

// polygamma(n, x), n in p.i[0]: digamma, trigamma (in C's precision, as PyTorch), then
// (-1)^(n+1) · n! · zeta(n + 1, x) with n! as e^lgamma(n + 1) in C and zeta rounded to the
// tensor's dtype (bfloat16's kernel returns it rounded).
struct Polygamma {
  template <class C>
  C operator()(const EwParams& p, C x) const {
    const std::int64_t n = p.i[0];
    if (n == 0) return ew_digamma(x);
    if (n == 1) return special::trigamma<C>(x);
    const C factorial = C(std::exp(std::lgamma(ew_round(C(double(n)), p) + C(1))));
    const C z = ew_round(C(special::zeta(double(ew_round(C(double(n + 1)), p)), double(x))), p);
    return C((n % 2 ? C(1) : C(-1)) * factorial) * z;
  }
};

// mvlgamma(x, d), d in p.i[0], as PyTorch composes it: lgamma of x + a for a = (1 - d)/2, ...,
// -1/2, 0, summed, plus d(d - 1)/4 · ln π (bfloat16 rounds each step).
struct Mvlgamma {
  template <class C>
  C operator()(const EwParams& p, C x) const {
    const std::int64_t d = p.i[0];
    C sum = 0;
    for (std::int64_t j = 0; j < d; ++j) {
      const C arg = ew_round(C(x + C(double(1 - d + j) / 2)), p);
      sum += ew_round(C(std::lgamma(arg)), p);
    }
    sum = ew_round(sum, p);
    return sum + C(double(d * (d - 1)) * std::log(special::kPi) / 4);
  }
};

struct Zeta {
  template <class C>
  C operator()(const EwParams&, C x, C q) const {
    return C(special::zeta(double(x), double(q)));
  }
};
struct Igamma {
  template <class C>
  C operator()(const EwParams&, C a, C x) const {
    return C(special::igamma(double(a), double(x)));
  }
};
struct Igammac {
  template <class C>
  C operator()(const EwParams&, C a, C x) const {
    return C(special::igammac(double(a), double(x)));
  }
};

void int_param(const Bound& b, const char* name, EwParams& p) {
  p.i[0] = b.integer(std::size_t(b.op->param_index(name)));
}
void polygamma_params(const Bound& b, const EwCall&, EwParams& p) { int_param(b, "n", p); }
void mvlgamma_params(const Bound& b, const EwCall&, EwParams& p) { int_param(b, "p", p); }

// PyTorch checks n before it looks at the input.
void polygamma_check(const Bound& b, const EwCall&) {
  if (b.integer(std::size_t(b.op->param_index("n"))) < 0)
    fail("RuntimeError", "polygamma(n, x) does not support negative n.", "n");
}
void mvlgamma_check(const Bound& b, const EwCall& c) {
  if (c.common == DType::Bool) fail("RuntimeError", "The input tensor may not be a boolean tensor.", "input");
  const std::int64_t d = b.integer(std::size_t(b.op->param_index("p")));
  if (d < 1) fail("RuntimeError", "p has to be greater than or equal to 1", "p");
  // PyTorch composes it over an arange of p arguments in the result's dtype, added to the input
  // as a last dim: at::empty's errors for the p elements, then Whence's element limit on that
  // [*input, p] tensor (the kernel's loop runs p times per element).
  check_empty_storage(Shape{d}, dtype_size(c.result), "p");
  Shape with_args = c.shape;
  with_args.push_back(d);
  check_limits(with_args);
}

using Ew = EwOp;
constexpr const char* kSpecial = "special";

}  // namespace sp
}  // namespace

void add_special_ops(std::vector<const OpDescriptor*>& t) {
  using namespace sp;
  static constexpr EwOp kSpecialOps[] = {
      Ew("torch.special.i0e", "The exponentially scaled modified Bessel function of order 0, e^-|x|·I0(x).",
         "i0e(x) = e^-|x| · I0(x)")
          .family(kSpecial)
          .unary<I0e, kFloats>()
          .to_float()
          .example("torch.special.i0e(torch.tensor([0.0, 1.0, 2.0, 3.0, 4.0]))"),
      Ew("torch.special.i1", "The modified Bessel function of the first kind, order 1.", "i1(x) = I1(x)")
          .family(kSpecial)
          .unary<I1, kFloats>()
          .to_float()
          .example("torch.special.i1(torch.tensor([0.0, 1.0, 2.0, 3.0, 4.0]))"),
      Ew("torch.special.i1e", "The exponentially scaled modified Bessel function of order 1, e^-|x|·I1(x).",
         "i1e(x) = e^-|x| · I1(x)")
          .family(kSpecial)
          .unary<I1e, kFloats>()
          .to_float()
          .example("torch.special.i1e(torch.tensor([0.0, 1.0, 2.0, 3.0, 4.0]))"),
      Ew("torch.special.modified_bessel_i0", "The modified Bessel function of the first kind, order 0, I0(x).",
         "modified_bessel_i0(x) = I0(x)")
          .family(kSpecial)
          .unary<ModifiedBesselI0, kFloats>()
          .to_float()
          .example("torch.special.modified_bessel_i0(torch.tensor([0.0, 1.0, 2.0, 3.0]))"),
      Ew("torch.special.modified_bessel_i1", "The modified Bessel function of the first kind, order 1, I1(x).",
         "modified_bessel_i1(x) = I1(x)")
          .family(kSpecial)
          .unary<I1, kFloats>()
          .to_float()
          .example("torch.special.modified_bessel_i1(torch.tensor([-2.0, -1.0, 0.0, 1.0, 2.0]))"),
      Ew("torch.special.modified_bessel_k0", "The modified Bessel function of the second kind, order 0, K0(x).",
         "modified_bessel_k0(x) = K0(x)")
          .family(kSpecial)
          .unary<ModifiedBesselK<0, false>, kFloats>()
          .to_float()
          .example("torch.special.modified_bessel_k0(torch.tensor([0.0, 0.5, 1.0, 2.0, 5.0]))"),
      Ew("torch.special.modified_bessel_k1", "The modified Bessel function of the second kind, order 1, K1(x).",
         "modified_bessel_k1(x) = K1(x)")
          .family(kSpecial)
          .unary<ModifiedBesselK<1, false>, kFloats>()
          .to_float()
          .example("torch.special.modified_bessel_k1(torch.tensor([0.0, 0.5, 1.0, 2.0, 5.0]))"),
      Ew("torch.special.scaled_modified_bessel_k0",
         "The modified Bessel function of the second kind, order 0, scaled by e^x: e^x·K0(x).",
         "scaled_modified_bessel_k0(x) = e^x · K0(x)")
          .family(kSpecial)
          .unary<ModifiedBesselK<0, true>, kFloats>()
          .to_float()
          .example("torch.special.scaled_modified_bessel_k0(torch.tensor([0.5, 1.0, 10.0, 100.0]))"),
      Ew("torch.special.scaled_modified_bessel_k1",
         "The modified Bessel function of the second kind, order 1, scaled by e^x: e^x·K1(x).",
         "scaled_modified_bessel_k1(x) = e^x · K1(x)")
          .family(kSpecial)
          .unary<ModifiedBesselK<1, true>, kFloats>()
          .to_float()
          .example("torch.special.scaled_modified_bessel_k1(torch.tensor([0.5, 1.0, 10.0, 100.0]))"),
      Ew("torch.special.spherical_bessel_j0", "The spherical Bessel function of the first kind, order 0: sin(x)/x.",
         "spherical_bessel_j0(x) = sin(x) / x")
          .family(kSpecial)
          .unary<SphericalBesselJ0, kFloats>()
          .to_float()
          .example("torch.special.spherical_bessel_j0(torch.tensor([0.0, 1.5707964, 3.1415927, 4.712389]))"),
      Ew("torch.special.ndtri", "The inverse of the standard normal CDF: the x with ndtr(x) = p.",
         "ndtri(x) = ndtr^-1(x)")
          .family(kSpecial)
          .unary<Ndtri, kFloats>()
          .to_float()
          .example("torch.special.ndtri(torch.tensor([0.0, 0.25, 0.5, 0.75, 1.0]))"),
      Ew("torch.polygamma torch.Tensor.polygamma torch.special.polygamma",
         "The n-th derivative of the digamma function, ψ^(n)(x).", "")
          .family(kSpecial)
          .unary<Polygamma, kFloats>()
          .to_float()
          .param("n:Int")
          .params(polygamma_params)
          .check(polygamma_check)
          .equation("out{out} = polygamma({#n}, {@input}) = ψ^({#n})({#input}) = {value}")
          .example("torch.special.polygamma(1, torch.tensor([1.0, 0.5]))"),
      Ew("torch.mvlgamma torch.Tensor.mvlgamma torch.special.multigammaln",
         "The multivariate log-gamma function of dimension p: a sum of p lgamma terms.", "")
          .family(kSpecial)
          .unary<Mvlgamma, kFloats>()
          .to_float()
          .param("p:Int")
          .params(mvlgamma_params)
          .check(mvlgamma_check)
          .equation("out{out} = mvlgamma({@input}, p={#p}) = Σ lgamma({#input} - j/2) for j < {#p}, + {#p}·({#p} - "
                    "1)/4 · ln π "
                    "= {value}")
          .example("torch.special.multigammaln(torch.tensor([[1.6, 2.0], [3.0, 4.5]]), 2)"),
      Ew("torch.special.zeta", "The Hurwitz zeta function Σ_k 1/(k + q)^x (Riemann's zeta at q = 1).",
         "zeta(x, y) = Σ_k 1 / (k + y)^x")
          .family(kSpecial)
          .binary<Zeta, kFloats>()
          .to_float()
          .example("torch.special.zeta(torch.tensor([2.0, 4.0]), torch.tensor([1.0, 2.0]))"),
      Ew("torch.igamma torch.Tensor.igamma torch.special.gammainc",
         "The regularized lower incomplete gamma function P(a, x): the integral of t^(a-1)·e^-t from 0 to x,, divided "
         "by Γ(a).",
         "igamma(x, y) = P(x, y)")
          .family(kSpecial)
          .binary<Igamma, kFloats>()
          .operand_types("input:Tensor other:Tensor")
          .kernel("igamma_cpu")
          .example("torch.special.gammainc(torch.tensor([4.0]), torch.tensor([3.0, 4.0, 5.0]))"),
      Ew("torch.igammac torch.Tensor.igammac torch.special.gammaincc",
         "The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x): the integral of t^(a-1)·e^-t from x "
         "to infinity,, divided by Γ(a).",
         "igammac(x, y) = Q(x, y) = 1 - P(x, y)")
          .family(kSpecial)
          .binary<Igammac, kFloats>()
          .operand_types("input:Tensor other:Tensor")
          .kernel("igammac_cpu")
          .example("torch.special.gammaincc(torch.tensor([4.0]), torch.tensor([3.0, 4.0, 6.0]))"),
      Ew("torch.special.chebyshev_polynomial_t",
         "The Chebyshev polynomial of the first kind T_n(x), cos(n·t) at x = cos t.", "")
          .family(kSpecial)
          .operands<Chebyshev<0, false>, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = chebyshev_polynomial_t({@input}, {@n}) = T_{#n}({#input}) = {value}")
          .example("torch.special.chebyshev_polynomial_t(torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0]), 3)"),
      Ew("torch.special.chebyshev_polynomial_u",
         "The Chebyshev polynomial of the second kind U_n(x), sin((n+1)·t)/sin t at x = cos t.", "")
          .family(kSpecial)
          .operands<Chebyshev<1, false>, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = chebyshev_polynomial_u({@input}, {@n}) = U_{#n}({#input}) = {value}")
          .example("torch.special.chebyshev_polynomial_u(torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0]), 3)"),
      Ew("torch.special.chebyshev_polynomial_v",
         "The Chebyshev polynomial of the third kind V_n(x), cos((n+1/2)·t)/cos(t/2) at x = cos t.", "")
          .family(kSpecial)
          .operands<Chebyshev<2, false>, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = chebyshev_polynomial_v({@input}, {@n}) = V_{#n}({#input}) = {value}")
          .example("torch.special.chebyshev_polynomial_v(torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0]), 3)"),
      Ew("torch.special.chebyshev_polynomial_w",
         "The Chebyshev polynomial of the fourth kind W_n(x), sin((n+1/2)·t)/sin(t/2) at x = cos t.", "")
          .family(kSpecial)
          .operands<Chebyshev<3, false>, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = chebyshev_polynomial_w({@input}, {@n}) = W_{#n}({#input}) = {value}")
          .example("torch.special.chebyshev_polynomial_w(torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0]), 3)"),
      Ew("torch.special.shifted_chebyshev_polynomial_t",
         "The shifted Chebyshev polynomial of the first kind, T_n(2x - 1), for x in [0, 1].", "")
          .family(kSpecial)
          .operands<Chebyshev<0, true>, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = shifted_chebyshev_polynomial_t({@input}, {@n}) = T*_{#n}({#input}) = {value}")
          .example("torch.special.shifted_chebyshev_polynomial_t(torch.tensor([0.0, 0.25, 0.5, 0.75, 1.0]), 3)"),
      Ew("torch.special.shifted_chebyshev_polynomial_u",
         "The shifted Chebyshev polynomial of the second kind, U_n(2x - 1), for x in [0, 1].", "")
          .family(kSpecial)
          .operands<Chebyshev<1, true>, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = shifted_chebyshev_polynomial_u({@input}, {@n}) = U*_{#n}({#input}) = {value}")
          .example("torch.special.shifted_chebyshev_polynomial_u(torch.tensor([0.0, 0.25, 0.5, 0.75, 1.0]), 3)"),
      Ew("torch.special.shifted_chebyshev_polynomial_v",
         "The shifted Chebyshev polynomial of the third kind, V_n(2x - 1), for x in [0, 1].", "")
          .family(kSpecial)
          .operands<Chebyshev<2, true>, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = shifted_chebyshev_polynomial_v({@input}, {@n}) = V*_{#n}({#input}) = {value}")
          .example("torch.special.shifted_chebyshev_polynomial_v(torch.tensor([0.0, 0.25, 0.5, 0.75, 1.0]), 3)"),
      Ew("torch.special.shifted_chebyshev_polynomial_w",
         "The shifted Chebyshev polynomial of the fourth kind, W_n(2x - 1), for x in [0, 1].", "")
          .family(kSpecial)
          .operands<Chebyshev<3, true>, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = shifted_chebyshev_polynomial_w({@input}, {@n}) = W*_{#n}({#input}) = {value}")
          .example("torch.special.shifted_chebyshev_polynomial_w(torch.tensor([0.0, 0.25, 0.5, 0.75, 1.0]), 3)"),
      Ew("torch.special.hermite_polynomial_h", "The physicists' Hermite polynomial H_n(x) (H_1 = 2x, H_2 = 4x² - 2).",
         "")
          .family(kSpecial)
          .operands<HermiteH, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = hermite_polynomial_h({@input}, {@n}) = H_{#n}({#input}) = {value}")
          .example("torch.special.hermite_polynomial_h(torch.tensor([-1.0, 0.0, 0.5, 1.0, 2.0]), 3)"),
      Ew("torch.special.hermite_polynomial_he",
         "The probabilists' Hermite polynomial He_n(x) (He_1 = x, He_2 = x² - 1).", "")
          .family(kSpecial)
          .operands<HermiteHe, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = hermite_polynomial_he({@input}, {@n}) = He_{#n}({#input}) = {value}")
          .example("torch.special.hermite_polynomial_he(torch.tensor([-1.0, 0.0, 0.5, 1.0, 2.0]), 3)"),
      Ew("torch.special.laguerre_polynomial_l",
         "The Laguerre polynomial L_n(x) (L_1 = 1 - x), orthogonal under e^-x on [0, inf).", "")
          .family(kSpecial)
          .operands<LaguerreL, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = laguerre_polynomial_l({@input}, {@n}) = L_{#n}({#input}) = {value}")
          .example("torch.special.laguerre_polynomial_l(torch.tensor([0.0, 0.5, 1.0, 2.0, 4.0]), 2)"),
      Ew("torch.special.legendre_polynomial_p",
         "The Legendre polynomial P_n(x) (P_2 = (3x² - 1)/2), orthogonal on [-1, 1].", "")
          .family(kSpecial)
          .operands<LegendreP, 2, kFloats>("input:TensorOrNumber n:TensorOrNumber")
          .to_float()
          .equation("out{out} = legendre_polynomial_p({@input}, {@n}) = P_{#n}({#input}) = {value}")
          .example("torch.special.legendre_polynomial_p(torch.tensor([-1.0, -0.5, 0.0, 0.5, 1.0]), 2)"),
  };
  add_elementwise(t, kSpecialOps);
}

}  // namespace whence
