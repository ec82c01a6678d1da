// elementwise_unary.cpp - unary elementwise ops: one functor and one line each.
#include "core/error.hpp"
#include "kernels/elementwise/elementwise_builder.hpp"
#include "kernels/elementwise/elementwise_ops.hpp"

namespace whence {

namespace {

using namespace ew;  // the functors (kernels/elementwise/elementwise_ops.hpp)

// Negation and + of a bool tensor: PyTorch refuses with a hint.
void refuse_bool_neg(const Bound&, const EwCall& c) {
  if (c.compute == DType::Bool)
    fail("RuntimeError",
         "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the "
         "`~` or `logical_not()` operator instead.",
         "input");
}

void refuse_bool_pos(const Bound&, const EwCall& c) {
  if (c.compute == DType::Bool) fail("RuntimeError", "The `+` operator, on a bool tensor is not supported.", "input");
}
// square(x) is pow(x, 2): a bool tensor promotes with the int 2.
DType square_compute(const Bound&, const EwCall& c) { return c.compute == DType::Bool ? DType::Int64 : c.compute; }

void bool_flag(const Bound&, const EwCall& c, EwParams& p) { p.i[0] = c.compute == DType::Bool; }
// ~ on a float tensor: Tensor.__invert__ refuses before any kernel.
void invert_check(const Bound&, const EwCall& c) {
  if (is_floating(c.compute))
    fail("TypeError", "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
}

void round_params(const Bound& b, const EwCall&, EwParams& p) {
  const int d = b.op->param_index("decimals");
  p.i[0] = b.integer(std::size_t(d));
}
void logit_params(const Bound& b, const EwCall&, EwParams& p) {
  const Value& eps = b[1];
  p.i[0] = !eps.is<None>();
  if (p.i[0]) p.f[0] = eps.is<double>() ? eps.as<double>() : double(eps.as<std::int64_t>());
}
void nan_to_num_params(const Bound& b, const EwCall& c, EwParams& p) {
  const double big = c.compute == DType::Float64    ? 1.7976931348623157e308
                     : c.compute == DType::Float16  ? 65504.0
                     : c.compute == DType::BFloat16 ? 3.3895313892515355e38
                                                    : 3.4028234663852886e38;
  auto number = [&](int k, double dflt) {
    const Value& v = b[std::size_t(k)];
    if (v.is<None>()) return dflt;
    return number_arg(b, k).as_double();
  };
  p.f[0] = number(1, 0.0);
  p.f[1] = number(2, big);
  p.f[2] = number(3, -big);
}

}  // namespace

void add_unary_ops(std::vector<const OpDescriptor*>& t) {
  using Ew = EwOp;
  static constexpr EwOp kUnaryOps[] = {
      Ew("torch.abs torch.Tensor.abs torch.absolute torch.Tensor.absolute",
         "Each element's distance from zero: its sign dropped.", "|x|")
          .unary<Abs>()
          .kernel("abs_cpu", kBoolBit),
      Ew("torch.neg torch.Tensor.neg torch.negative torch.Tensor.negative", "Flips the sign of every element.", "-x")
          .unary<Neg>()
          .check(refuse_bool_neg),
      Ew("torch.positive torch.Tensor.positive", "Returns the input unchanged (the unary + of Python).", "+x")
          .unary<Positive>()
          .check(refuse_bool_pos)
          .no_out(),
      Ew("torch.sign torch.Tensor.sign", "-1, 0 or 1 by the sign of each element.", "sign(x)").unary<Sign>(),
      Ew("torch.sgn torch.Tensor.sgn", "The sign of each element; for real tensors the same as sign.", "sgn(x)")
          .unary<Sign>(),
      Ew("torch.signbit torch.Tensor.signbit", "True where the sign bit is set, -0.0 included.", "signbit(x)")
          .unary<SignBit>()
          .constant_for(kBoolBit | dtype_bit(DType::UInt8), false),
      Ew("torch.ceil torch.Tensor.ceil", "Rounds each element up to the next integer.", "⌈x⌉")
          .unary<Ceil>()
          .kernel("ceil_vml_cpu", kBoolBit),
      Ew("torch.floor torch.Tensor.floor", "Rounds each element down to the previous integer.", "⌊x⌋")
          .unary<Floor>()
          .kernel("floor_vml_cpu", kBoolBit),
      Ew("torch.trunc torch.Tensor.trunc torch.fix torch.Tensor.fix",
         "Drops the fractional part of each element, rounding toward zero.", "trunc(x)")
          .unary<Trunc>()
          .kernel("trunc_vml_cpu", kBoolBit),
      Ew("torch.frac torch.Tensor.frac", "The fractional part of each element, keeping its sign.",
         "frac(x) = x - trunc(x)")
          .unary<Frac, kFloats>()
          .kernel("frac_cpu"),
      Ew("torch.round torch.Tensor.round torch.special.round",
         "Rounds each element to the nearest integer (ties to even), or to `decimals` places.", "round(x)")
          .unary<Round>()
          .kernel("round_vml_cpu", kBoolBit)
          .param("* decimals:Int=0")
          .params(round_params),
      Ew("torch.exp torch.Tensor.exp", "e raised to each element.", "exp(x) = e^x").unary<Exp, kFloats>().to_float(),
      Ew("torch.exp2 torch.Tensor.exp2 torch.special.exp2", "2 raised to each element.", "exp2(x) = 2^x")
          .unary<Exp2, kFloats>()
          .to_float(),
      Ew("torch.expm1 torch.Tensor.expm1 torch.special.expm1", "e^x - 1, accurate for x near zero.",
         "expm1(x) = e^x - 1")
          .unary<Expm1, kFloats>()
          .to_float(),
      Ew("torch.log torch.Tensor.log", "Natural logarithm of each element.", "ln(x)").unary<Log, kFloats>().to_float(),
      Ew("torch.log2 torch.Tensor.log2", "Base-2 logarithm of each element.", "log2(x)")
          .unary<Log2, kFloats>()
          .to_float(),
      Ew("torch.log10 torch.Tensor.log10", "Base-10 logarithm of each element.", "log10(x)")
          .unary<Log10, kFloats>()
          .to_float(),
      Ew("torch.log1p torch.Tensor.log1p torch.special.log1p", "ln(1 + x), accurate for x near zero.",
         "log1p(x) = ln(1 + x)")
          .unary<Log1p, kFloats>()
          .to_float(),
      Ew("torch.sqrt torch.Tensor.sqrt", "Square root of each element.", "√x").unary<Sqrt, kFloats>().to_float(),
      Ew("torch.rsqrt torch.Tensor.rsqrt", "Reciprocal of the square root of each element.", "rsqrt(x) = 1 / √x")
          .unary<Rsqrt, kFloats>()
          .to_float(),
      Ew("torch.square torch.Tensor.square", "Each element times itself.", "x² = x · x")
          .unary<Square>()
          .compute(square_compute),
      Ew("torch.reciprocal torch.Tensor.reciprocal", "One over each element.", "1 / x")
          .unary<Reciprocal, kFloats>()
          .to_float(),
      Ew("torch.sin torch.Tensor.sin", "Sine of each element (radians).", "sin(x)").unary<Sin, kFloats>().to_float(),
      Ew("torch.cos torch.Tensor.cos", "Cosine of each element (radians).", "cos(x)").unary<Cos, kFloats>().to_float(),
      Ew("torch.tan torch.Tensor.tan", "Tangent of each element (radians).", "tan(x)").unary<Tan, kFloats>().to_float(),
      Ew("torch.asin torch.Tensor.asin torch.arcsin torch.Tensor.arcsin", "Inverse sine of each element, in radians.",
         "asin(x)")
          .unary<Asin, kFloats>()
          .to_float(),
      Ew("torch.acos torch.Tensor.acos torch.arccos torch.Tensor.arccos", "Inverse cosine of each element, in radians.",
         "acos(x)")
          .unary<Acos, kFloats>()
          .to_float(),
      Ew("torch.atan torch.Tensor.atan torch.arctan torch.Tensor.arctan",
         "Inverse tangent of each element, in radians.", "atan(x)")
          .unary<Atan, kFloats>()
          .to_float(),
      Ew("torch.sinh torch.Tensor.sinh", "Hyperbolic sine of each element.", "sinh(x)")
          .unary<Sinh, kFloats>()
          .to_float(),
      Ew("torch.cosh torch.Tensor.cosh", "Hyperbolic cosine of each element.", "cosh(x)")
          .unary<Cosh, kFloats>()
          .to_float(),
      Ew("torch.tanh torch.Tensor.tanh torch.nn.functional.tanh", "Hyperbolic tangent of each element.", "tanh(x)")
          .unary<Tanh, kFloats>()
          .to_float(),
      Ew("torch.asinh torch.Tensor.asinh torch.arcsinh torch.Tensor.arcsinh",
         "Inverse hyperbolic sine of each element.", "asinh(x)")
          .unary<Asinh, kFloats>()
          .to_float(),
      Ew("torch.acosh torch.Tensor.acosh torch.arccosh torch.Tensor.arccosh",
         "Inverse hyperbolic cosine of each element (defined from 1 up).", "acosh(x)")
          .unary<Acosh, kFloats>()
          .to_float(),
      Ew("torch.atanh torch.Tensor.atanh torch.arctanh torch.Tensor.arctanh",
         "Inverse hyperbolic tangent of each element (defined on -1 to 1).", "atanh(x)")
          .unary<Atanh, kFloats>()
          .to_float(),
      Ew("torch.sigmoid torch.Tensor.sigmoid torch.nn.functional.sigmoid torch.special.expit",
         "Squashes each element into (0, 1) with the logistic function.", "sigmoid(x) = 1 / (1 + e^-x)")
          .unary<Sigmoid, kFloats>()
          .to_float(),
      Ew("torch.logit torch.Tensor.logit torch.special.logit",
         "The inverse of sigmoid: ln(p / (1 - p)), with p optionally clamped to [eps, 1 - eps].",
         "logit(x) = ln(x / (1 - x))")
          .unary<Logit, kFloats>()
          .to_float()
          .param("eps:Float?=None")
          .params(logit_params),
      Ew("torch.erf torch.Tensor.erf torch.special.erf", "The Gauss error function of each element.", "erf(x)")
          .unary<Erf, kFloats>()
          .to_float(),
      Ew("torch.erfc torch.Tensor.erfc torch.special.erfc", "The complementary error function, 1 - erf(x).",
         "erfc(x) = 1 - erf(x)")
          .unary<Erfc, kFloats>()
          .to_float(),
      Ew("torch.erfinv torch.Tensor.erfinv torch.special.erfinv", "The inverse of erf on (-1, 1).", "erfinv(x)")
          .unary<Erfinv, kFloats>()
          .to_float(),
      Ew("torch.deg2rad torch.Tensor.deg2rad", "Converts each element from degrees to radians.",
         "deg2rad(x) = x · π / 180")
          .unary<Deg2Rad, kFloats>()
          .to_float()
          .half_kernel(),
      Ew("torch.rad2deg torch.Tensor.rad2deg", "Converts each element from radians to degrees.",
         "rad2deg(x) = x · 180 / π")
          .unary<Rad2Deg, kFloats>()
          .to_float()
          .half_kernel(),
      Ew("torch.nan_to_num torch.Tensor.nan_to_num",
         "Replaces NaN, +inf and -inf with finite numbers (by default 0 and the dtype's extremes).", "nan_to_num(x)")
          .unary<NanToNum>()
          .param("nan:Float?=None")
          .param("posinf:Float?=None")
          .param("neginf:Float?=None")
          .params(nan_to_num_params),
      Ew("torch.isnan torch.Tensor.isnan", "True where an element is NaN.", "isnan(x)")
          .unary<IsNan>()
          .constant_for(kIntegerBits | kBoolBit, false)
          .no_out(),
      Ew("torch.isinf torch.Tensor.isinf", "True where an element is +inf or -inf.", "isinf(x)")
          .unary<IsInf>()
          .constant_for(kIntegerBits | kBoolBit, false)
          .no_out(),
      Ew("torch.isfinite torch.Tensor.isfinite", "True where an element is neither NaN nor infinite.", "isfinite(x)")
          .unary<IsFinite>()
          .constant_for(kIntegerBits | kBoolBit, true)
          .no_out(),
      Ew("torch.isposinf torch.Tensor.isposinf", "True where an element is +inf.", "isposinf(x)")
          .unary<IsPosInf>()
          .constant_for(kIntegerBits | kBoolBit, false),
      Ew("torch.isneginf torch.Tensor.isneginf", "True where an element is -inf.", "isneginf(x)")
          .unary<IsNegInf>()
          .constant_for(kIntegerBits | kBoolBit, false),
      Ew("torch.isreal torch.Tensor.isreal", "True where an element has no imaginary part: always, for real dtypes.",
         "isreal(x)")
          .unary<IsReal>()
          .constant_for(0x3FFu, true)
          .no_out(),
      Ew("torch.logical_not torch.Tensor.logical_not", "True where an element is zero (False).", "not x")
          .unary<LogicalNot>(),
      Ew("torch.bitwise_not torch.Tensor.bitwise_not", "Flips every bit of each integer (logical not for bool).", "~x")
          .unary<BitwiseNot, kInts>()
          .kernel("bitwise_not_cpu")
          .params(bool_flag)
          .example("torch.bitwise_not(torch.tensor([[0, 1, 2], [-1, -2, 7]]))"),
      Ew("torch.i0 torch.Tensor.i0 torch.special.i0", "The modified Bessel function of the first kind, order 0.",
         "i0(x)")
          .unary<I0, kFloats>()
          .to_float(),
      Ew("torch.lgamma torch.Tensor.lgamma torch.special.gammaln",
         "ln |Γ(x)|, the log of the gamma function's magnitude.", "lgamma(x) = ln|Γ(x)|")
          .unary<Lgamma, kFloats>()
          .to_float(),
      Ew("torch.digamma torch.Tensor.digamma torch.special.digamma torch.special.psi",
         "The digamma function, the derivative of lgamma.", "ψ(x)")
          .unary<Digamma, kFloats>()
          .to_float(),
      Ew("torch.sinc torch.Tensor.sinc torch.special.sinc", "The normalized sinc function sin(πx)/(πx), 1 at 0.",
         "sinc(x) = sin(πx) / (πx)")
          .unary<Sinc, kFloats>()
          .to_float(),
      Ew("torch.special.entr", "Elementwise entropy term -x·ln(x) (0 at 0, -inf below).", "entr(x) = -x · ln(x)")
          .unary<Entr, kFloats>()
          .to_float(),
      Ew("torch.special.ndtr", "The standard normal cumulative distribution function.",
         "ndtr(x) = (1 + erf(x / √2)) / 2")
          .unary<Ndtr, kFloats>()
          .to_float(),
      Ew("torch.special.log_ndtr", "The log of the standard normal CDF.", "log_ndtr(x) = ln(ndtr(x))")
          .unary<LogNdtr, kFloats>()
          .to_float(),
      Ew("torch.Tensor.__neg__", "Python's -a on a tensor: flips the sign of every element (torch.neg).", "-x")
          .unary<Neg>()
          .check(refuse_bool_neg)
          .no_out()
          .example("-torch.tensor([[1, -2], [3, -4]])"),
      Ew("torch.Tensor.__pos__", "Python's +a on a tensor: the elements unchanged (torch.positive).", "+x")
          .unary<Positive>()
          .check(refuse_bool_pos)
          .no_out()
          .example("+torch.tensor([[1, -2], [3, -4]])"),
      Ew("torch.Tensor.__invert__", "Python's ~a on a tensor: flips every bit of an integer, negates a bool.", "~x")
          .unary<BitwiseNot, kInts>()
          .kernel("bitwise_not_cpu")
          .params(bool_flag)
          .check(invert_check)
          .no_out()
          .example("~torch.tensor([[True, False], [False, True]])"),
      Ew("torch.special.erfcx", "The scaled complementary error function e^(x²)·erfc(x).",
         "erfcx(x) = e^(x²) · erfc(x)")
          .unary<Erfcx, kFloats>()
          .to_float(),
  };
  add_elementwise(t, kUnaryOps);
}

}  // namespace whence
