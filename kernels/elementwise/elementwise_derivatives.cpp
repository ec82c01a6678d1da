// elementwise_derivatives.cpp - see elementwise_derivatives.hpp. Each formula is written in the
// order PyTorch 1.13 evaluates it, so that its conventions at kinks, ties, zeros, infinities
// and NaN come out the same (checked against live PyTorch).
#include "kernels/elementwise/elementwise_derivatives.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "kernels/elementwise/elementwise_family.hpp"
#include "kernels/elementwise/elementwise_math.hpp"
#include "kernels/elementwise/elementwise_ops.hpp"

namespace whence {

namespace {
namespace ewgrad {  // a name of its own: the unity build joins this file's anonymous namespace with others'

constexpr double kPi = 3.14159265358979323846;
constexpr double kLn2 = 0.69314718055994530942;
constexpr double kLn10 = 2.30258509299404568402;
constexpr double kTwoOverSqrtPi = 1.12837916709551257390;  // 2/√π
constexpr double kSqrtTwoPi = 2.50662827463100050242;      // √(2π)
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A number parameter (alpha, value, negative_slope, ...), in the result's dtype as PyTorch's
// kernels take it; `dflt` where the op has none or it is None.
double number(const EwPoint& p, const char* name, double dflt) {
  const int k = p.b.op->param_index(name);
  if (k < 0 || p.b[std::size_t(k)].is<None>()) return dflt;
  return round_to_dtype(number_arg(p.b, k).as_double(), p.dtype);
}

// PyTorch's backward kernels that have no instance for a dtype raise at backward.
void refuse_dtype(const EwPoint& p, DType d, const char* kernel) {
  if (p.dtype == d)
    fail("RuntimeError", std::string("\"") + kernel + "\" not implemented for '" + dtype_scalar_name(d) + "'");
}
// pow's exponent derivative takes log(input): a float16 input refuses where the exponent is a floating tensor.
void refuse_half_log(const EwPoint& p, int base, int exponent) {
  const Value& e = p.b[std::size_t(exponent)];
  if (e.is<Tensor>() && is_floating(e.as<Tensor>().dtype()) && p.b[std::size_t(base)].is<Tensor>() &&
      p.b[std::size_t(base)].as<Tensor>().dtype() == DType::Float16)
    fail("RuntimeError", "\"log_vml_cpu\" not implemented for 'Half'");
}

double sgn(double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }  // NaN: 0, as PyTorch's sgn
double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

// Modified Bessel function of the first kind, order 1 (i0's derivative): its power series,
// which converges for every x. PyTorch's Chebyshev form multiplies by e^|x| first, so it
// overflows where e^|x| does in the input's precision, and gives NaN at ±inf.
double bessel_i1(double x, DType d) {
  if (std::isnan(x) || std::isinf(x)) return kNaN;
  const double ax = std::fabs(x);
  if (ax > (d == DType::Float64 ? 709.782712893384 : 88.72283935546875)) return std::copysign(INFINITY, x);
  const double q = ax * ax / 4;
  double term = ax / 2, sum = term;
  for (int k = 1; k < 2000; ++k) {
    term *= q / (double(k) * double(k + 1));
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return std::copysign(sum, x);
}

// polygamma(1, x), digamma's derivative: reflection below 1/2 (π²/sin²(πx), computed as
// PyTorch does, so a negative integer gives a huge finite value and 0 gives inf; in float for
// the narrower dtypes, as PyTorch's float kernel), six steps of the recurrence, then the
// asymptotic series.
double trigamma(double x, DType d) {
  double sign = 1, result = 0;
  if (x < 0.5) {
    sign = -1;
    if (d == DType::Float64) {
      const double s = std::sin(kPi * x);
      result -= (kPi * kPi) / (s * s);
    } else {
      const float pi = float(kPi), s = std::sin(pi * float(x));
      result -= double((pi * pi) / (s * s));
    }
    x = 1 - x;
  }
  for (int i = 0; i < 6; ++i) {
    result += 1 / (x * x);
    x += 1;
  }
  const double ixx = 1 / (x * x);
  result += (1 + 1 / (2 * x) + ixx * (1.0 / 6 - ixx * (1.0 / 30 - ixx * (1.0 / 42)))) / x;
  return sign * result;
}

// x^e for a Python number e as PyTorch's pow kernel computes it: its special exponents take
// sqrt, rsqrt, products and reciprocals (so (-0)^-0.5 is -inf, not +inf).
double pow_number(double x, double e) {
  if (e == 0.5) return std::sqrt(x);
  if (e == -0.5) return 1 / std::sqrt(x);
  if (e == 2) return x * x;
  if (e == 3) return x * x * x;
  if (e == -1) return 1 / x;
  if (e == -2) return 1 / (x * x);
  return std::pow(x, e);
}

// pow's derivatives (pow_backward_self, pow_backward_exponent); `number`: the exponent is a
// Python number (pow(Tensor, Scalar)).
double pow_base(double base, double exponent, bool number) {
  if (exponent == 0) return 0.0;
  return exponent * (number ? pow_number(base, exponent - 1) : std::pow(base, exponent - 1));
}
double pow_exponent(double base, double exponent, double result) {
  return base == 0 && exponent >= 0 ? 0.0 : result * std::log(base);
}

// The derivative of hardtanh(x, lo, hi) (relu6, hardtanh): zero at the bounds, one for NaN.
double hardtanh_slope(double x, double lo, double hi) { return x <= lo || x >= hi ? 0.0 : 1.0; }

// x ↦ c·x with c rounded to the result's dtype first (deg2rad, rad2deg: a tensor times a Python float).
double rounded(const EwPoint& p, double c) { return round_to_dtype(c, p.dtype); }

// The derivatives as lambdas over (p, d): x, y, z are the operands, r the result.
#define WHENCE_D(...)                                           \
  [](const EwPoint& p, double* d) {                             \
    const double x = p.x[0], y = p.x[1], z = p.x[2], r = p.out; \
    (void)x, (void)y, (void)z, (void)r;                         \
    __VA_ARGS__;                                                \
  }
#define WHENCE_D1(...) WHENCE_D(d[0] = (__VA_ARGS__))

// Inside ewgrad, so that its names come before those other files' `using namespace ew` shows.
const std::vector<EwGradEntry>& derivative_table() {
  static const std::vector<EwGradEntry> table = {
      // --- unary ---
      {"torch.abs", WHENCE_D1(sgn(x))},
      {"torch.neg", WHENCE_D1(-1.0)},
      {"torch.Tensor.__neg__", WHENCE_D1(-1.0)},
      {"torch.positive", WHENCE_D1(1.0)},
      {"torch.Tensor.__pos__", WHENCE_D1(1.0)},
      // Steps: PyTorch gives zero, not an error (sgn's formula is zero for every real input).
      {"torch.sign", WHENCE_D1(0.0)},
      {"torch.sgn", WHENCE_D1(0.0)},
      {"torch.ceil", WHENCE_D1(0.0)},
      {"torch.floor", WHENCE_D1(0.0)},
      {"torch.trunc", WHENCE_D1(0.0)},
      {"torch.round", WHENCE_D1(0.0)},
      {"torch.frac", WHENCE_D1(1.0)},
      {"torch.exp", WHENCE_D1(r)},
      {"torch.exp2", WHENCE_D1(r * kLn2)},
      {"torch.expm1", WHENCE_D1(r + 1)},
      {"torch.log", WHENCE_D1(1 / x)},
      {"torch.log2", WHENCE_D1(1 / (x * kLn2))},
      {"torch.log10", WHENCE_D1(1 / (x * kLn10))},
      {"torch.log1p", WHENCE_D1(1 / (x + 1))},
      {"torch.sqrt", WHENCE_D1(1 / (2 * r))},
      {"torch.rsqrt", WHENCE_D1(-0.5 * r * r * r)},
      {"torch.square", WHENCE_D1(2 * x)},
      {"torch.reciprocal", WHENCE_D1(-(r * r))},
      {"torch.sin", WHENCE_D1(std::cos(x))},
      {"torch.cos", WHENCE_D1(-std::sin(x))},
      {"torch.tan", WHENCE_D1(1 + r * r)},
      {"torch.asin", WHENCE_D1(1 / std::sqrt(-x * x + 1))},
      {"torch.acos", WHENCE_D1(-(1 / std::sqrt(-x * x + 1)))},
      {"torch.atan", WHENCE_D1(1 / (x * x + 1))},
      {"torch.sinh", WHENCE_D1(std::cosh(x))},
      {"torch.cosh", WHENCE_D1(std::sinh(x))},
      {"torch.tanh", WHENCE_D1(1 - r * r)},
      {"torch.asinh", WHENCE_D1(1 / std::sqrt(x * x + 1))},
      {"torch.acosh", WHENCE_D1(1 / std::sqrt(x * x - 1))},  // the formula, also below -1 where acosh is NaN
      {"torch.atanh", WHENCE_D1(1 / (1 - x * x))},
      {"torch.sigmoid", WHENCE_D1((1 - r) * r)},
      // logit_backward: without eps NaN outside [0, 1]; with eps zero outside [eps, 1 - eps]; +inf at
      // ±0 (PyTorch's element loop: its vectorized loop gives -0 -inf, and with eps NaN 0).
      {"torch.logit", WHENCE_D({
         const bool eps = !p.b[1].is<None>();
         const double lo = eps ? number(p, "eps", 0) : 0, hi = 1 - lo;
         if (x < lo || x > hi)
           d[0] = eps ? 0.0 : kNaN;
         else
           d[0] = x == 0 ? INFINITY : 1 / (x * (1 - x));
       })},
      {"torch.erf", WHENCE_D1(kTwoOverSqrtPi * std::exp(-x * x))},
      {"torch.erfc", WHENCE_D1(-kTwoOverSqrtPi * std::exp(-x * x))},
      {"torch.erfinv", WHENCE_D1(0.5 * std::sqrt(kPi) * std::exp(r * r))},
      {"torch.deg2rad", WHENCE_D1(rounded(p, kPi / 180.0))},
      {"torch.rad2deg", WHENCE_D1(rounded(p, 180.0 / kPi))},
      {"torch.nan_to_num", WHENCE_D1(std::isfinite(x) ? 1.0 : 0.0)},
      {"torch.i0", WHENCE_D(refuse_dtype(p, DType::BFloat16, "i1_cpu"); d[0] = bessel_i1(x, p.dtype))},
      {"torch.lgamma", WHENCE_D1(ew_digamma<double>(x))},
      {"torch.digamma", WHENCE_D1(trigamma(x, p.dtype))},
      // sinc's derivative cancels near 0: for the narrower dtypes PyTorch's float arithmetic is the value.
      {"torch.sinc", WHENCE_D({
         if (x == 0) return;
         if (p.dtype == DType::Float64) {
           d[0] = (kPi * x * std::cos(kPi * x) - std::sin(kPi * x)) / (kPi * x * x);
         } else {
           const float xf = float(x), px = float(kPi) * xf;
           d[0] = double((px * std::cos(px) - std::sin(px)) / (px * xf));
         }
       })},
      {"torch.special.entr", WHENCE_D1(-(1 + std::log(x)))},
      {"torch.special.ndtr", WHENCE_D1(std::exp(-0.5 * x * x) / kSqrtTwoPi)},
      {"torch.special.log_ndtr", WHENCE_D1(1 / (kSqrtTwoPi * std::exp(r + x * x / 2)))},
      {"torch.special.erfcx", WHENCE_D1(2 * x * r - kTwoOverSqrtPi)},

      // --- binary and ternary: d[0] for input, d[1] for other (or the second operand), d[2] the third ---
      {"torch.add", WHENCE_D(d[0] = 1; d[1] = number(p, "alpha", 1))},
      {"torch.Tensor.__add__", WHENCE_D(d[0] = 1; d[1] = 1)},
      {"torch.Tensor.__radd__", WHENCE_D(d[0] = 1; d[1] = 1)},
      {"torch.sub", WHENCE_D(d[0] = 1; d[1] = -number(p, "alpha", 1))},
      {"torch.Tensor.__sub__", WHENCE_D(d[0] = 1; d[1] = -1)},
      {"torch.rsub", WHENCE_D(d[0] = -number(p, "alpha", 1); d[1] = 1)},  // other - alpha·input
      {"torch.Tensor.__rsub__", WHENCE_D(d[0] = -1; d[1] = 1)},
      {"torch.mul", WHENCE_D(d[0] = y; d[1] = x)},
      {"torch.Tensor.__mul__", WHENCE_D(d[0] = y; d[1] = x)},
      {"torch.Tensor.__rmul__", WHENCE_D(d[0] = y; d[1] = x)},
      // div with a rounding_mode is a step: zero.
      {"torch.div", WHENCE_D({
         if (!p.b[std::size_t(p.b.op->param_index("rounding_mode"))].is<None>()) return;
         d[0] = 1 / y;
         d[1] = -((x / y) / y);
       })},
      {"torch.true_divide", WHENCE_D(d[0] = 1 / y; d[1] = -((x / y) / y))},
      {"torch.Tensor.__truediv__", WHENCE_D(d[0] = 1 / y; d[1] = -((x / y) / y))},
      // n / t is t.reciprocal() * n: reciprocal's derivative -(1/t)², times n.
      {"torch.Tensor.__rtruediv__", WHENCE_D({
         const double inv = 1 / x;
         d[0] = y * -(inv * inv);
         d[1] = inv;
       })},
      // remainder(Scalar self, Tensor other) has no derivative in PyTorch (it raises at backward).
      {"torch.remainder", WHENCE_D({
         if (!p.b[0].is<Tensor>()) fail("RuntimeError", "derivative for aten::remainder is not implemented");
         d[0] = 1;
         d[1] = -ew_floor_div(x, y);
       })},
      {"torch.Tensor.__mod__", WHENCE_D(d[0] = 1; d[1] = -ew_floor_div(x, y))},
      // n % t is remainder(n, t): PyTorch has no derivative for a number dividend (it raises at
      // backward); with a tensor other it is remainder's.
      {"torch.Tensor.__rmod__", WHENCE_D({
         if (!p.b[1].is<Tensor>()) fail("RuntimeError", "derivative for aten::remainder is not implemented");
         d[0] = -ew_floor_div(y, x);
         d[1] = 1;
       })},
      {"torch.fmod", WHENCE_D(d[0] = 1; d[1] = -std::trunc(x / y))},
      {"torch.pow",
       WHENCE_D(refuse_half_log(p, 0, 1); d[0] = pow_base(x, y, !p.b[1].is<Tensor>()); d[1] = pow_exponent(x, y, r))},
      {"torch.Tensor.__pow__",
       WHENCE_D(refuse_half_log(p, 0, 1); d[0] = pow_base(x, y, !p.b[1].is<Tensor>()); d[1] = pow_exponent(x, y, r))},
      {"torch.float_power", WHENCE_D(d[0] = pow_base(x, y, !p.b[1].is<Tensor>()); d[1] = pow_exponent(x, y, r))},
      // n ** t is torch.tensor(n) ** t: a tensor n is copied, so only t gets a gradient.
      {"torch.Tensor.__rpow__", WHENCE_D({
         if (p.dtype == DType::Float16) fail("RuntimeError", "\"log_vml_cpu\" not implemented for 'Half'");
         d[0] = pow_exponent(y, x, r);
       })},
      {"torch.atan2", WHENCE_D({
         const double rec = 1 / (x * x + y * y);
         d[0] = y * rec;
         d[1] = -x * rec;
       })},
      {"torch.hypot", WHENCE_D(d[0] = x / r; d[1] = y / r)},
      {"torch.logaddexp", WHENCE_D(d[0] = 1 / (1 + std::exp(y - x)); d[1] = 1 / (1 + std::exp(x - y)))},
      {"torch.logaddexp2", WHENCE_D(d[0] = 1 / (1 + std::pow(2.0, y - x)); d[1] = 1 / (1 + std::pow(2.0, x - y)))},
      // Ties split the gradient in halves; a NaN on either side sends all of it to both.
      {"torch.maximum", WHENCE_D(d[0] = x == y  ? 0.5
                                        : x < y ? 0.0
                                                : 1.0;
                                 d[1] = x == y  ? 0.5
                                        : x > y ? 0.0
                                                : 1.0)},
      {"torch.minimum", WHENCE_D(d[0] = x == y  ? 0.5
                                        : x > y ? 0.0
                                                : 1.0;
                                 d[1] = x == y  ? 0.5
                                        : x < y ? 0.0
                                                : 1.0)},
      // fmax/fmin: ties go to input; a NaN other sends all to input, a NaN input (other a number) to other.
      {"torch.fmax", WHENCE_D(d[0] = x >= y || std::isnan(y) ? 1.0 : 0.0; d[1] = 1 - d[0])},
      {"torch.fmin", WHENCE_D(d[0] = x <= y || std::isnan(y) ? 1.0 : 0.0; d[1] = 1 - d[0])},
      // copysign: result / input (zero where input is 0); other gets zero.
      {"torch.copysign", WHENCE_D(d[0] = x == 0 ? 0.0 : r / x; d[1] = 0)},
      // xlogy: input's derivative is xlogy(grad, other), zeroed where input is 0 and other ≤ 0
      // (so ln(other) even where input is 0; a number other that is NaN is zeroed there too);
      // other's is input / other. Same for xlog1py with -1.
      {"torch.xlogy", WHENCE_D({
         const bool zeroed = x == 0 && (p.b[1].is<Tensor>() ? y <= 0 : !(y > 0));
         d[0] = zeroed ? 0.0 : std::log(y);
         d[1] = x / y;
       })},
      {"torch.special.xlog1py", WHENCE_D({
         const bool zeroed = x == 0 && (p.b[1].is<Tensor>() ? y <= -1 : !(y > -1));
         d[0] = zeroed ? 0.0 : std::log1p(y);
         d[1] = x / (y + 1);
       })},
      // ldexp(x, e) is x * pow(2.0, e).
      {"torch.ldexp", WHENCE_D({
         const double power = std::pow(2.0, y);
         d[0] = power;
         d[1] = x * (power * kLn2);
       })},
      {"torch.where", WHENCE_D(d[1] = 1; d[2] = 1)},  // only the branch taken is a source
      {"torch.lerp", WHENCE_D(d[0] = 1 - z; d[1] = z; d[2] = y - x)},
      {"torch.addcmul", WHENCE_D({
         const double v = number(p, "value", 1);
         d[0] = 1;
         d[1] = z * v;
         d[2] = y * v;
       })},
      {"torch.addcdiv", WHENCE_D({
         const double v = number(p, "value", 1);
         d[0] = 1;
         d[1] = v / z;
         d[2] = -v * y / (z * z);
       })},
      // clamp: input passes within [min, max] (bounds included, NaN not); a bound tensor gets
      // the gradient where it wins (max also wherever max < min, as PyTorch applies it last).
      {"torch.clamp", WHENCE_D({
         const bool lo = p.given[1], hi = p.given[2];
         d[0] = (!lo || x >= y) && (!hi || x <= z) ? 1.0 : 0.0;
         d[1] = x < y && (!hi || y < z) ? 1.0 : 0.0;
         d[2] = x > z || (lo && z < y) ? 1.0 : 0.0;
       })},
      {"torch.clamp_min", WHENCE_D(d[0] = x >= y ? 1.0 : 0.0; d[1] = x < y ? 1.0 : 0.0)},
      {"torch.clamp_max", WHENCE_D(d[0] = x <= y ? 1.0 : 0.0; d[1] = x > y ? 1.0 : 0.0)},

      // --- activations ---
      {"torch.nn.functional.relu", WHENCE_D1(r <= 0 ? 0.0 : 1.0)},  // threshold_backward on the result: NaN passes
      // hardtanh's backward runs a kernel named hardshrink_backward, which has no bfloat16 instance.
      {"torch.nn.functional.relu6",
       WHENCE_D(refuse_dtype(p, DType::BFloat16, "hardshrink_backward_cpu"); d[0] = hardtanh_slope(x, 0, 6))},
      {"torch.nn.functional.gelu", WHENCE_D({
         if (p.b[1].as<std::string>() == "tanh") {
           const double beta = 0.79788456080286535588, kappa = 0.044715;  // √(2/π)
           const double t = std::tanh(beta * (x + kappa * x * x * x));
           d[0] = 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * beta * (1 + 3 * kappa * x * x);
         } else {
           d[0] = 0.5 * (1 + std::erf(x * 0.70710678118654752440)) + x * std::exp(-0.5 * x * x) / kSqrtTwoPi;
         }
       })},
      {"torch.nn.functional.silu", WHENCE_D({
         const double s = sigmoid(x);
         d[0] = s * (1 + x * (1 - s));
       })},
      {"torch.nn.functional.softplus", WHENCE_D({
         const double beta = number(p, "beta", 1), threshold = number(p, "threshold", 20);
         const double e = std::exp(x * beta);
         d[0] = x * beta > threshold ? 1.0 : e / (e + 1);
       })},
      // elu_backward on the input: the negative branch includes 0; NaN takes the positive one.
      {"torch.nn.functional.elu", WHENCE_D1(x <= 0 ? number(p, "alpha", 1) * std::exp(x) : 1.0)},
      {"torch.nn.functional.selu", WHENCE_D1(x <= 0 ? ew::kSeluScale * ew::kSeluAlpha * std::exp(x) : ew::kSeluScale)},
      {"torch.nn.functional.celu", WHENCE_D({
         const double alpha = number(p, "alpha", 1);
         d[0] = x <= 0 ? 1 / alpha * alpha * std::exp(x * (1 / alpha)) : 1.0;
       })},
      {"torch.nn.functional.leaky_relu", WHENCE_D1(x > 0 ? 1.0 : number(p, "negative_slope", 0.01))},
      {"torch.nn.functional.hardtanh", WHENCE_D({
         refuse_dtype(p, DType::BFloat16, "hardshrink_backward_cpu");
         d[0] = hardtanh_slope(x, number(p, "min_val", -1), number(p, "max_val", 1));
       })},
      // PyTorch's kernel writes 1/6 as a float constant, in every dtype.
      {"torch.nn.functional.hardsigmoid", WHENCE_D1(x > -3 && x < 3 ? double(1.0f / 6.0f) : 0.0)},
      {"torch.nn.functional.hardswish", WHENCE_D1(x < -3   ? 0.0
                                                  : x <= 3 ? x / 3 + 0.5
                                                           : 1.0)},
      {"torch.nn.functional.mish", WHENCE_D({
         const double t = std::tanh(std::log1p(std::exp(x)));
         d[0] = t + x * sigmoid(x) * (1 - t * t);
       })},
      {"torch.nn.functional.logsigmoid", WHENCE_D({
         const bool negative = x < 0;
         const double e = std::exp(-std::fabs(x));
         d[0] = (negative ? 1.0 : 0.0) - (negative ? 1.0 : -1.0) * (e / (1 + e));
       })},
      // tanhshrink and softsign are Python compositions: the derivative is their chain rule.
      {"torch.nn.functional.tanhshrink", WHENCE_D({
         const double t = std::tanh(x);
         d[0] = 1 - (1 - t * t);
       })},
      {"torch.nn.functional.softsign", WHENCE_D({
         const double a = 1 + std::fabs(x);
         d[0] = 1 / a - ((x / a) / a) * sgn(x);
       })},
      {"torch.nn.functional.hardshrink", WHENCE_D({
         const double l = number(p, "lambd", 0.5);
         d[0] = x >= -l && x <= l ? 0.0 : 1.0;
       })},
      {"torch.nn.functional.softshrink", WHENCE_D({
         const double l = number(p, "lambd", 0.5);
         d[0] = x >= -l && x <= l ? 0.0 : 1.0;
       })},
      {"torch.nn.functional.threshold", WHENCE_D1(x <= number(p, "threshold", 0) ? 0.0 : 1.0)},
  };
  return table;
}

#undef WHENCE_D1
#undef WHENCE_D

}  // namespace ewgrad
}  // namespace

const std::vector<EwGradEntry>& ew_derivative_table() { return ewgrad::derivative_table(); }

void ew_glu_derivatives(double a, double b, double* d) {
  const double s = ewgrad::sigmoid(b);
  d[0] = s;
  d[1] = (1 - s) * s * a;
}

const std::vector<EwNoGradEntry>& ew_no_grad_table() {
  static const char* const kBool = "the result is a bool tensor, which carries no gradient";
  static const char* const kBits = "bitwise ops take integer and bool tensors only, which carry no gradient";
  static const char* const kFloorDivide = "derivative for aten::floor_divide is not implemented";
  static const std::vector<EwNoGradEntry> table = {
      {"torch.signbit", kBool},
      {"torch.isnan", kBool},
      {"torch.isinf", kBool},
      {"torch.isfinite", kBool},
      {"torch.isposinf", kBool},
      {"torch.isneginf", kBool},
      {"torch.isreal", kBool},
      {"torch.logical_not", kBool},
      {"torch.logical_and", kBool},
      {"torch.logical_or", kBool},
      {"torch.logical_xor", kBool},
      {"torch.isclose", kBool},
      {"torch.eq", kBool},
      {"torch.ne", kBool},
      {"torch.lt", kBool},
      {"torch.le", kBool},
      {"torch.gt", kBool},
      {"torch.ge", kBool},
      {"torch.Tensor.__eq__", kBool},
      {"torch.Tensor.__ne__", kBool},
      {"torch.Tensor.__lt__", kBool},
      {"torch.Tensor.__le__", kBool},
      {"torch.Tensor.__gt__", kBool},
      {"torch.Tensor.__ge__", kBool},
      {"torch.bitwise_not", kBits},
      {"torch.Tensor.__invert__", kBits},
      {"torch.bitwise_and", kBits},
      {"torch.bitwise_or", kBits},
      {"torch.bitwise_xor", kBits},
      {"torch.bitwise_left_shift", kBits},
      {"torch.bitwise_right_shift", kBits},
      {"torch.Tensor.__and__", kBits},
      {"torch.Tensor.__rand__", kBits},
      {"torch.Tensor.__or__", kBits},
      {"torch.Tensor.__ror__", kBits},
      {"torch.Tensor.__xor__", kBits},
      {"torch.Tensor.__rxor__", kBits},
      {"torch.Tensor.__lshift__", kBits},
      {"torch.Tensor.__rlshift__", kBits},
      {"torch.Tensor.__rshift__", kBits},
      {"torch.Tensor.__rrshift__", kBits},
      {"torch.gcd", "gcd takes integer tensors only, which carry no gradient"},
      {"torch.lcm", "lcm takes integer tensors only, which carry no gradient"},
      // PyTorch 1.13's own refusals, in its words.
      {"torch.floor_divide", kFloorDivide},
      {"torch.Tensor.__floordiv__", kFloorDivide},
      {"torch.Tensor.__rfloordiv__", kFloorDivide},
      {"torch.heaviside", "derivative for aten::heaviside is not implemented"},
      {"torch.nextafter", "the derivative for 'nextafter' is not implemented."},
  };
  return table;
}

}  // namespace whence
