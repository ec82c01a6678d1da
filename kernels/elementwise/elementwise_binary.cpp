// elementwise_binary.cpp - binary and ternary elementwise ops: one functor and one line each.
#include "core/error.hpp"
#include "core/promotion.hpp"
#include "kernels/elementwise/elementwise_builder.hpp"
#include "kernels/elementwise/elementwise_ops.hpp"

namespace whence {

namespace {

using namespace ew;  // the functors (kernels/elementwise/elementwise_ops.hpp)

// --- argument checks and scalar parameters ------------------------------------------------

void alpha_params(const Bound& b, const EwCall&, EwParams& p) {
  const Scalar a = number_arg(b, b.op->param_index("alpha"));
  p.f[0] = a.as_double();
  p.i[0] = is_floating(a.dtype) ? float_to_int64(a.f) : a.i;
}
void alpha_check(const Bound& b, const EwCall& c) {
  const int k = b.op->param_index("alpha");
  if (k < 0) return;
  const Scalar a = number_arg(b, k);
  if (a.dtype == DType::Bool && c.common != DType::Bool)
    fail("RuntimeError", "Boolean alpha only supported for Boolean results.", "alpha");
  if (!is_floating(c.common) && is_floating(a.dtype))
    fail("RuntimeError", "For integral input tensors, argument alpha must not be a floating point number.", "alpha");
}
void sub_check(const Bound& b, const EwCall& c) {
  const bool x = c.operands[0].dtype() == DType::Bool, y = c.operands[1].dtype() == DType::Bool;
  if (x && y)
    fail("RuntimeError",
         "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
         "operator instead.");
  if (x || y)
    fail("RuntimeError",
         "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use "
         "the `~` or `logical_not()` operator instead.");
  alpha_check(b, c);
}
// Integer division and remainder by zero raise in PyTorch 1.13; the error names the divisor
// and its zero element so the page can mark the cell.
void zero_divisor(const Bound& b, const EwCall& c, int k) {
  if (!is_integral(c.compute, false)) return;  // bool is refused by the dispatch first
  const Tensor& d = c.operands[std::size_t(k)];
  std::int64_t n = 1;
  for (auto s : c.shape) n *= s;
  if (n == 0) return;
  for (std::int64_t i = 0; i < d.numel(); ++i) {
    if (d.get(i).i != 0) continue;
    const int param = c.params[std::size_t(k)];
    Error e("RuntimeError", "ZeroDivisionError", param >= 0 ? b.op->params[std::size_t(param)].name : "");
    if (param >= 0) e.element = i;
    throw e;
  }
}
void divisor_other(const Bound& b, const EwCall& c) { zero_divisor(b, c, 1); }
void divisor_self(const Bound& b, const EwCall& c) { zero_divisor(b, c, 0); }

int rounding_mode(const Bound& b) {
  const Value& v = b[std::size_t(b.op->param_index("rounding_mode"))];
  if (v.is<None>()) return 0;
  const std::string& s = v.as<std::string>();
  if (s == "trunc") return 1;
  if (s == "floor") return 2;
  fail("RuntimeError", "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" + s + "'",
       "rounding_mode");
}
DType div_compute(const Bound& b, const EwCall& c) {
  if (rounding_mode(b) == 0 && !is_floating(c.common)) return default_float_dtype();
  return c.common;
}
void div_params(const Bound& b, const EwCall&, EwParams& p) { p.i[0] = rounding_mode(b); }
void div_check(const Bound& b, const EwCall& c) {
  if (rounding_mode(b) != 0) zero_divisor(b, c, 1);
}
void shift_params(const Bound&, const EwCall& c, EwParams& p) { p.i[1] = c.compute == DType::Int64 ? 64 : 32; }
// A Python int that an integer dtype cannot hold, as c10's checked conversion words it.
void check_fits(const Value& v, DType d, const char* suffix) {
  if (!v.is<std::int64_t>() || !is_integral(d, false)) return;
  const std::int64_t x = v.as<std::int64_t>();
  const int bits = int(dtype_size(d)) * 8;
  const bool fits = d == DType::UInt8 ? (x >= 0 && x <= 255)
                    : bits == 64      ? true
                                      : (x >= -(std::int64_t(1) << (bits - 1)) && x < (std::int64_t(1) << (bits - 1)));
  if (!fits)
    fail("RuntimeError",
         std::string("value cannot be converted to type ") + dtype_name(d) + suffix + " without overflow");
}
void pow_check(const Bound& b, const EwCall& c) {
  const Value& e = b[1];
  if (is_integral(c.compute, true) && e.is<std::int64_t>() && e.as<std::int64_t>() < 0)
    fail("RuntimeError", "Integers to negative integer powers are not allowed.", "exponent");
  check_fits(e, c.compute, "_t");
}
void heaviside_check(const Bound&, const EwCall& c) {
  if (c.operands[0].dtype() != c.operands[1].dtype())
    fail("RuntimeError", "heaviside is not yet implemented for tensors with different dtypes.");
}
void isclose_check(const Bound&, const EwCall& c) {
  if (c.operands[0].dtype() != c.operands[1].dtype())
    fail("RuntimeError", std::string(dtype_scalar_name(c.operands[0].dtype())) + " did not match " +
                             dtype_scalar_name(c.operands[1].dtype()));
}
void isclose_params(const Bound& b, const EwCall&, EwParams& p) {
  p.f[0] = number_arg(b, 2).as_double();
  p.f[1] = number_arg(b, 3).as_double();
  p.i[0] = b[4].as<bool>();
}
void where_check(const Bound& b, const EwCall& c) {
  const DType d = c.operands[0].dtype();
  if (d != DType::Bool && d != DType::UInt8)
    fail("RuntimeError",
         std::string("where expected condition to be a boolean tensor, but got a tensor with dtype ") +
             dtype_scalar_name(d),
         "condition");
  (void)b;
}
// lerp dispatches on input's dtype, in a kernel named by the kind of weight; end must match.
void lerp_check(const Bound& b, const EwCall& c) {
  const DType d = c.operands[0].dtype();
  if (c.operands[1].dtype() != d)
    fail("RuntimeError",
         std::string("expected dtype ") + dtype_meta_name(d) + " for `end` but got dtype " +
             dtype_meta_name(c.operands[1].dtype()),
         "end");
  if (!is_floating(d))
    fail("RuntimeError", std::string("\"") + (b[2].is<Tensor>() ? "lerp_kernel_tensor" : "lerp_kernel_scalar") +
                             "\" not implemented for '" + dtype_scalar_name(d) + "'");
}
void value_params(const Bound& b, const EwCall&, EwParams& p) {
  const Scalar v = number_arg(b, b.op->param_index("value"));
  p.f[0] = v.as_double();
  p.i[0] = is_floating(v.dtype) ? float_to_int64(v.f) : v.i;
}
void addcdiv_check(const Bound&, const EwCall& c) {
  if (is_integral(c.operands[1].dtype(), true) && is_integral(c.operands[2].dtype(), true))
    fail("RuntimeError",
         "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a true "
         "division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + value * "
         "torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / "
         "tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: (input + value * "
         "tensor1 / tensor2), for all dtypes.");
}
void clamp_params(const Bound& b, const EwCall&, EwParams& p) {
  p.i[2] = !b[1].is<None>();
  p.i[3] = !b[2].is<None>();
}
void clamp_check(const Bound& b, const EwCall&) {
  if (b[1].is<None>() && b[2].is<None>())
    fail("RuntimeError", "torch.clamp: At least one of 'min' or 'max' must not be None");
}
// ldexp(x, e) is x * 2.0 ** e in PyTorch: the power has e's rank, and is float32 unless e
// is a floating tensor.
DType ldexp_compute(const Bound&, const EwCall& c) {
  const Tensor& x = c.operands[0];
  const Tensor& e = c.operands[1];
  const DType power = is_floating(e.dtype()) ? e.dtype() : default_float_dtype();
  auto rank = [](const Tensor& t) { return t.dim() > 0 ? OperandRank::Dimensioned : OperandRank::ZeroDim; };
  return result_type({{x.dtype(), rank(x)}, {power, rank(e)}});
}

void alpha_params_one(const Bound&, const EwCall&, EwParams& p) {
  p.f[0] = 1;
  p.i[0] = 1;
}
void pow_check_other(const Bound& b, const EwCall& c) {
  const Value& e = b[1];
  if (is_integral(c.compute, true) && e.is<std::int64_t>() && e.as<std::int64_t>() < 0)
    fail("RuntimeError", "Integers to negative integer powers are not allowed.", "other");
  check_fits(e, c.compute, "_t");
}
// 300 ** t builds torch.tensor(300, dtype=t's result type) first.
void rpow_check(const Bound& b, const EwCall& c) { check_fits(b[1], c.compute, ""); }

constexpr std::uint32_t kNoBool = kBoolBit;

}  // namespace

void add_binary_ops(std::vector<const OpDescriptor*>& t) {
  using Ew = EwOp;
  static constexpr EwOp kBinaryOps[] = {
      Ew("torch.add torch.Tensor.add", "Adds other (times alpha) to input, element by element, broadcasting both.",
         "x + {#alpha}·y")
          .binary<Add>()
          .param("* alpha:Number=1")
          .params(alpha_params)
          .check(alpha_check)
          .equation(
              "out{out} = {@input} + {?alpha:{#alpha}·}{@other} = {#input} + {?alpha:{#alpha}·}{#other} = {value}"),
      Ew("torch.sub torch.Tensor.sub torch.subtract torch.Tensor.subtract",
         "Subtracts other (times alpha) from input, element by element.", "x - y")
          .binary<Sub>()
          .param("* alpha:Number=1")
          .params(alpha_params)
          .check(sub_check)
          .equation(
              "out{out} = {@input} - {?alpha:{#alpha}·}{@other} = {#input} - {?alpha:{#alpha}·}{#other} = {value}"),
      Ew("torch.rsub", "Subtracts input (times alpha) from other: sub with the operands swapped.", "y - x")
          .binary<RSub>()
          .param("* alpha:Number=1")
          .params(alpha_params)
          .check(sub_check)
          .reverse_broadcast()
          .no_out()
          .equation(
              "out{out} = {@other} - {?alpha:{#alpha}·}{@input} = {#other} - {?alpha:{#alpha}·}{#input} = {value}"),
      Ew("torch.mul torch.Tensor.mul torch.multiply torch.Tensor.multiply",
         "Multiplies input by other, element by element.", "x · y")
          .binary<Mul>(),
      Ew("torch.div torch.Tensor.div torch.divide torch.Tensor.divide",
         "Divides input by other; rounding_mode 'trunc' or 'floor' rounds the quotient.", "x / y")
          .binary<Div>()
          .param("* rounding_mode:String?=None")
          .compute(div_compute)
          .params(div_params)
          .check(div_check),
      Ew("torch.true_divide torch.Tensor.true_divide", "Divides input by other, always as floating point.", "x / y")
          .binary<TrueDiv, kFloats>()
          .to_float(),
      Ew("torch.floor_divide torch.Tensor.floor_divide", "Divides and rounds the quotient down, as Python's //.",
         "⌊x / y⌋")
          .binary<FloorDiv>()
          .kernel("div_floor_cpu", kBoolBit)
          .check(divisor_other),
      Ew("torch.remainder torch.Tensor.remainder",
         "The remainder of division with the sign of the divisor, as Python's %.", "x mod y")
          .binary<Remainder>()
          .kernel("remainder_cpu", kBoolBit)
          .check(divisor_other),
      Ew("torch.fmod torch.Tensor.fmod", "The remainder of division with the sign of the dividend, as C's fmod.",
         "fmod(x, y)")
          .binary<Fmod>()
          .kernel("fmod_cpu", kBoolBit)
          .check(divisor_other),
      Ew("torch.pow torch.Tensor.pow", "Raises input to the power exponent, element by element.", "x^y")
          .operands<Pow, 2>("input:Tensor exponent:TensorOrNumber")
          .kernel("pow", kBoolBit)
          .check(pow_check),
      Ew("torch.float_power torch.Tensor.float_power", "Raises input to the power exponent in float64.", "x^y")
          .operands<Pow, 2, kFloats>("input:Tensor exponent:TensorOrNumber")
          .to_float64(),
      Ew("torch.atan2 torch.Tensor.atan2 torch.arctan2 torch.Tensor.arctan2",
         "The angle of the point (other, input), in radians: atan(input / other) in the right quadrant.", "atan2(x, y)")
          .binary<Atan2, kFloats>()
          .to_float(),
      Ew("torch.hypot torch.Tensor.hypot", "The hypotenuse √(x² + y²) for each pair of elements.",
         "hypot(x, y) = √(x² + y²)")
          .binary<Hypot, kFloats>()
          .kernel("hypot_cpu"),
      Ew("torch.logaddexp torch.Tensor.logaddexp", "ln(e^x + e^y), computed without overflow.",
         "logaddexp(x, y) = ln(e^x + e^y)")
          .binary<LogAddExp, kFloats>()
          .kernel("logaddexp_cpu"),
      Ew("torch.logaddexp2 torch.Tensor.logaddexp2", "log2(2^x + 2^y), computed without overflow.",
         "logaddexp2(x, y) = log2(2^x + 2^y)")
          .binary<LogAddExp2, kFloats>()
          .kernel("logaddexp2_cpu"),
      Ew("torch.eq torch.Tensor.eq", "True where input equals other.", "x == y").binary<Eq>(),
      Ew("torch.ne torch.Tensor.ne torch.not_equal torch.Tensor.not_equal", "True where input differs from other.",
         "x != y")
          .binary<Ne>(),
      Ew("torch.lt torch.Tensor.lt torch.less torch.Tensor.less", "True where input is less than other.", "x < y")
          .binary<Lt>(),
      Ew("torch.le torch.Tensor.le torch.less_equal torch.Tensor.less_equal", "True where input is at most other.",
         "x <= y")
          .binary<Le>(),
      Ew("torch.gt torch.Tensor.gt torch.greater torch.Tensor.greater", "True where input is greater than other.",
         "x > y")
          .binary<Gt>(),
      Ew("torch.ge torch.Tensor.ge torch.greater_equal torch.Tensor.greater_equal",
         "True where input is at least other.", "x >= y")
          .binary<Ge>(),
      Ew("torch.maximum torch.Tensor.maximum", "The larger of each pair; NaN if either is NaN.", "max(x, y)")
          .binary<Maximum>(),
      Ew("torch.minimum torch.Tensor.minimum", "The smaller of each pair; NaN if either is NaN.", "min(x, y)")
          .binary<Minimum>(),
      Ew("torch.fmax torch.Tensor.fmax", "The larger of each pair, ignoring a NaN when the other is a number.",
         "fmax(x, y)")
          .binary<Fmax>(),
      Ew("torch.fmin torch.Tensor.fmin", "The smaller of each pair, ignoring a NaN when the other is a number.",
         "fmin(x, y)")
          .binary<Fmin>(),
      Ew("torch.copysign torch.Tensor.copysign", "The magnitude of input with the sign of other.", "copysign(x, y)")
          .binary<CopySign, kFloats>()
          .to_float(),
      Ew("torch.xlogy torch.Tensor.xlogy torch.special.xlogy",
         "x · ln(y), defined as 0 where x is 0 (unless y is NaN).", "xlogy(x, y) = x · ln(y)")
          .binary<Xlogy, kFloats>()
          .to_float(),
      Ew("torch.special.xlog1py", "x · ln(1 + y), defined as 0 where x is 0 (unless y is NaN).",
         "xlog1py(x, y) = x · ln(1 + y)")
          .binary<Xlog1py, kFloats>()
          .to_float(),
      Ew("torch.heaviside torch.Tensor.heaviside",
         "The step function: 0 below zero, 1 above, and values where input is exactly zero.", "heaviside(x, y)")
          .operands<Heaviside, 2>("input:Tensor values:Tensor")
          .check(heaviside_check),
      Ew("torch.nextafter torch.Tensor.nextafter",
         "The next representable number after input in the direction of other.", "nextafter(x, y)")
          .binary<NextAfter, kFloats>()
          .kernel("nextafter_cpu"),
      Ew("torch.ldexp torch.Tensor.ldexp", "Multiplies input by 2 to the power other.", "ldexp(x, y) = x · 2^y")
          .binary<Ldexp, kFloats>()
          .operand_types("input:Tensor other:Tensor")
          .compute(ldexp_compute),
      Ew("torch.logical_and torch.Tensor.logical_and", "True where both elements are nonzero.", "x and y")
          .binary<LogicalAnd>()
          .operand_types("input:Tensor other:Tensor"),
      Ew("torch.logical_or torch.Tensor.logical_or", "True where either element is nonzero.", "x or y")
          .binary<LogicalOr>()
          .operand_types("input:Tensor other:Tensor"),
      Ew("torch.logical_xor torch.Tensor.logical_xor", "True where exactly one element is nonzero.", "x xor y")
          .binary<LogicalXor>()
          .operand_types("input:Tensor other:Tensor"),
      Ew("torch.bitwise_and torch.Tensor.bitwise_and", "The bits set in both integers (logical and for bool).", "x & y")
          .binary<BitAnd, kInts>()
          .kernel("bitwise_and_cpu")
          .example("torch.bitwise_and(torch.tensor([[12, 10, 7], [5, 3, 255]]), torch.tensor([10, 6, 1]))"),
      Ew("torch.bitwise_or torch.Tensor.bitwise_or", "The bits set in either integer (logical or for bool).", "x | y")
          .binary<BitOr, kInts>()
          .kernel("bitwise_or_cpu")
          .example("torch.bitwise_or(torch.tensor([[12, 10, 7], [5, 3, 0]]), torch.tensor([3, 5, 8]))"),
      Ew("torch.bitwise_xor torch.Tensor.bitwise_xor", "The bits set in exactly one of the integers.", "x ^ y")
          .binary<BitXor, kInts>()
          .kernel("bitwise_xor_cpu")
          .example("torch.bitwise_xor(torch.tensor([[12, 10, 7], [5, 3, 0]]), torch.tensor([3, 5, 8]))"),
      Ew("torch.bitwise_left_shift torch.Tensor.bitwise_left_shift", "Shifts the bits of input left by other places.",
         "x << y")
          .binary<LShift, kInts>()
          .kernel("lshift_cpu", kNoBool)
          .params(shift_params)
          .example("torch.bitwise_left_shift(torch.tensor([[1, 2, 3], [-4, 5, 6]]), torch.tensor([1, 2, 3]))"),
      Ew("torch.bitwise_right_shift torch.Tensor.bitwise_right_shift",
         "Shifts the bits of input right by other places, keeping the sign.", "x >> y")
          .binary<RShift, kInts>()
          .kernel("rshift_cpu", kNoBool)
          .params(shift_params)
          .example("torch.bitwise_right_shift(torch.tensor([[64, 100, -16], [7, 255, -1]]), torch.tensor([1, 2, 3]))"),
      Ew("torch.gcd torch.Tensor.gcd", "The greatest common divisor of each pair of integers.", "gcd(x, y)")
          .binary<Gcd, kInts>()
          .operand_types("input:Tensor other:Tensor")
          .kernel("gcd_cpu", kNoBool)
          .example("torch.gcd(torch.tensor([[12, 18, 7], [9, 20, 15]]), torch.tensor([8, 12, 21]))"),
      Ew("torch.lcm torch.Tensor.lcm", "The least common multiple of each pair of integers.", "lcm(x, y)")
          .binary<Lcm, kInts>()
          .operand_types("input:Tensor other:Tensor")
          .kernel("lcm_cpu", kNoBool)
          .example("torch.lcm(torch.tensor([[4, 6, 7], [9, 10, 3]]), torch.tensor([6, 4, 5]))"),
      Ew("torch.isclose torch.Tensor.isclose", "True where |input - other| ≤ atol + rtol·|other|.",
         "|x - y| ≤ atol + rtol·|y|")
          .binary<IsClose>()
          .operand_types("input:Tensor other:Tensor")
          .no_out()
          .param("rtol:Float=1e-05")
          .param("atol:Float=1e-08")
          .param("equal_nan:Bool=False")
          .check(isclose_check)
          .params(isclose_params)
          .equation("out{out} = |{@input} - {@other}| ≤ {#atol} + {#rtol}·|{@other}| = |{#input} - {#other}| ≤ {#atol} "
                    "+ {#rtol}·|{#other}| = {value}"),

      // Ternary.
      Ew("torch.where torch.Tensor.where", "Takes input where condition is True and other where it is False.", "")
          .operands<Where, 3>("condition:Tensor input:TensorOrNumber other:TensorOrNumber")
          .select()
          .no_out()
          .check(where_check)
          .equation("out{out} = {@input|other}, as {@condition} is {#condition} = {value}")
          .example("torch.where(torch.tensor([[True, False, True], [False, True, False]]), torch.tensor([[1, 2, 3], "
                   "[4, 5, 6]]), torch.tensor([-1, -2, -3]))"),
      Ew("torch.lerp torch.Tensor.lerp", "Linear interpolation: input + weight·(end - input).", "x + z·(y - x)")
          .operands<Lerp, 3, kFloats>("input:Tensor end:Tensor weight:TensorOrNumber")
          .check(lerp_check)
          .accept(kIntegerBits | kBoolBit),
      Ew("torch.addcmul torch.Tensor.addcmul", "input + value · tensor1 · tensor2, element by element.",
         "x + {#value}·y·z")
          .operands<AddCMul, 3>("input:Tensor tensor1:Tensor tensor2:Tensor")
          .kernel("addcmul_cpu_out", kBoolBit)
          .param("* value:Number=1")
          .params(value_params),
      Ew("torch.addcdiv torch.Tensor.addcdiv", "input + value · tensor1 / tensor2, element by element.",
         "x + {#value}·y / z")
          .operands<AddCDiv, 3, kFloats>("input:Tensor tensor1:Tensor tensor2:Tensor")
          .kernel("addcdiv_cpu_out")
          .param("* value:Number=1")
          .params(value_params)
          .check(addcdiv_check),
      Ew("torch.clamp torch.Tensor.clamp torch.clip torch.Tensor.clip",
         "Limits each element to [min, max]; either bound may be None.", "")
          .operands<Clamp, 3>("input:Tensor min:TensorOrNumber max:TensorOrNumber")
          .params(clamp_params)
          .check(clamp_check)
          .none_operands()
          .equation("out{out} = clamp({@input}, {@min}, {@max}) = clamp({#input}, {#min}, {#max}) = {value}")
          .example("torch.clamp(torch.tensor([[-3, -1, 0], [2, 5, 9]]), min=-1, max=4)"),
      Ew("torch.clamp_min torch.Tensor.clamp_min", "Raises each element to at least min.", "max(x, y)")
          .operands<ClampMin, 2>("input:Tensor min:TensorOrNumber"),
      Ew("torch.clamp_max torch.Tensor.clamp_max", "Lowers each element to at most max.", "min(x, y)")
          .operands<ClampMax, 2>("input:Tensor max:TensorOrNumber"),

      // Python's operators: the dunder methods they call (a + b is a.__add__(b); 1 - t is
      // t.__rsub__(1)). The equation keeps the operator and the order the user wrote.
      Ew("torch.Tensor.__add__",
         "Python's a + b on tensors: adds element by element with broadcasting (torch.add without alpha).", "x + y")
          .binary<Add>()
          .no_out()
          .params(alpha_params_one)
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) + torch.tensor([10, 20, 30])"),
      Ew("torch.Tensor.__radd__", "Python's n + a with a number on the left: the tensor's reflected add.", "y + x")
          .binary<Add>()
          .no_out()
          .params(alpha_params_one)
          .example("10 + torch.tensor([[1, 2, 3], [4, 5, 6]])"),
      Ew("torch.Tensor.__sub__",
         "Python's a - b on tensors: subtracts element by element with broadcasting (torch.sub).", "x - y")
          .binary<Sub>()
          .no_out()
          .params(alpha_params_one)
          .check(sub_check)
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) - torch.tensor([10, 20, 30])"),
      Ew("torch.Tensor.__rsub__",
         "Python's n - a with a number on the left: the tensor's reflected subtraction (torch.rsub).", "y - x")
          .binary<RSub>()
          .no_out()
          .params(alpha_params_one)
          .check(sub_check)
          .reverse_broadcast()
          .example("1 - torch.tensor([[0.25, 0.5], [0.75, 1.0]])"),
      Ew("torch.Tensor.__mul__",
         "Python's a * b on tensors: multiplies element by element with broadcasting (torch.mul).", "x · y")
          .binary<Mul>()
          .no_out()
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) * torch.tensor([[10], [100]])"),
      Ew("torch.Tensor.__rmul__", "Python's n * a with a number on the left: the tensor's reflected multiplication.",
         "y · x")
          .binary<Mul>()
          .no_out()
          .example("3 * torch.tensor([[1, 2, 3], [4, 5, 6]])"),
      Ew("torch.Tensor.__truediv__", "Python's a / b on tensors: true division, floating point even for integers.",
         "x / y")
          .binary<TrueDiv, kFloats>()
          .to_float()
          .no_out()
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) / torch.tensor([2, 4, 8])"),
      Ew("torch.Tensor.__rtruediv__", "Python's n / a with a number on the left: PyTorch computes a.reciprocal() * n.",
         "y / x = (1 / x) · y")
          .binary<RTrueDiv, kFloats>()
          .to_float()
          .half_kernel()
          .no_out()
          .example("1 / torch.tensor([[1.0, 2.0], [4.0, 8.0]])"),
      Ew("torch.Tensor.__floordiv__", "Python's a // b on tensors: divides and rounds down (torch.floor_divide).",
         "⌊x / y⌋")
          .binary<FloorDiv>()
          .kernel("div_floor_cpu", kBoolBit)
          .no_out()
          .check(divisor_other)
          .example("torch.tensor([[-7, -3, 3, 7]]) // torch.tensor([[2], [-2]])"),
      Ew("torch.Tensor.__rfloordiv__",
         "Python's n // a with a number on the left: floor division with the number as dividend.", "⌊y / x⌋")
          .binary<RFloorDiv>()
          .kernel("div_floor_cpu", kBoolBit)
          .no_out()
          .check(divisor_self)
          .example("7 // torch.tensor([1, 2, 3, -2])"),
      Ew("torch.Tensor.__mod__",
         "Python's a % b on tensors: the remainder with the sign of the divisor (torch.remainder).", "x mod y")
          .binary<Remainder>()
          .kernel("remainder_cpu", kBoolBit)
          .no_out()
          .check(divisor_other)
          .example("torch.tensor([[-7, -3, 3, 7]]) % torch.tensor([[3], [-3]])"),
      Ew("torch.Tensor.__rmod__",
         "Python's n % a with a number on the left: the remainder with the number as dividend.", "y mod x")
          .binary<RRemainder>()
          .kernel("remainder_cpu", kBoolBit)
          .no_out()
          .check(divisor_self)
          .example("7 % torch.tensor([1, 2, 3, -4])"),
      Ew("torch.Tensor.__pow__", "Python's a ** b on tensors: raises each element to a power (torch.pow).", "x^y")
          .binary<Pow>()
          .kernel("pow", kBoolBit)
          .no_out()
          .check(pow_check_other)
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) ** 2"),
      Ew("torch.Tensor.__rpow__", "Python's n ** a with a number on the left: the number raised to each element.",
         "y^x")
          .binary<RPow>()
          .kernel("pow", kBoolBit)
          .check(rpow_check)
          .no_out()
          .example("2 ** torch.tensor([[0, 1, 2], [3, 4, 5]])"),
      Ew("torch.Tensor.__and__", "Python's a & b on tensors: bitwise and of integers, logical and of bools.", "x & y")
          .binary<BitAnd, kInts>()
          .kernel("bitwise_and_cpu")
          .no_out()
          .example("torch.tensor([[True, True], [False, False]]) & torch.tensor([True, False])"),
      Ew("torch.Tensor.__rand__", "Python's n & a with a number on the left: bitwise and with the number.", "y & x")
          .binary<BitAnd, kInts>()
          .kernel("bitwise_and_cpu")
          .no_out()
          .example("6 & torch.tensor([1, 2, 3, 4])"),
      Ew("torch.Tensor.__or__", "Python's a | b on tensors: bitwise or of integers, logical or of bools.", "x | y")
          .binary<BitOr, kInts>()
          .kernel("bitwise_or_cpu")
          .no_out()
          .example("torch.tensor([[True, True], [False, False]]) | torch.tensor([True, False])"),
      Ew("torch.Tensor.__ror__", "Python's n | a with a number on the left: bitwise or with the number.", "y | x")
          .binary<BitOr, kInts>()
          .kernel("bitwise_or_cpu")
          .no_out()
          .example("8 | torch.tensor([1, 2, 3, 4])"),
      Ew("torch.Tensor.__xor__", "Python's a ^ b on tensors: bitwise exclusive or (logical xor for bools).", "x ^ y")
          .binary<BitXor, kInts>()
          .kernel("bitwise_xor_cpu")
          .no_out()
          .example("torch.tensor([[True, True], [False, False]]) ^ torch.tensor([True, False])"),
      Ew("torch.Tensor.__rxor__", "Python's n ^ a with a number on the left: bitwise exclusive or with the number.",
         "y ^ x")
          .binary<BitXor, kInts>()
          .kernel("bitwise_xor_cpu")
          .no_out()
          .example("5 ^ torch.tensor([1, 2, 3, 4])"),
      Ew("torch.Tensor.__lshift__", "Python's a << b on tensors: shifts the bits of each integer left.", "x << y")
          .binary<LShift, kInts>()
          .kernel("lshift_cpu", kNoBool)
          .params(shift_params)
          .no_out()
          .example("torch.tensor([1, 3, 5]) << torch.tensor([[1], [2]])"),
      Ew("torch.Tensor.__rlshift__",
         "Python's n << a with a number on the left: the number shifted left by each element.", "y << x")
          .binary<RLShift, kInts>()
          .kernel("lshift_cpu", kNoBool)
          .params(shift_params)
          .no_out()
          .example("1 << torch.tensor([0, 1, 2, 3])"),
      Ew("torch.Tensor.__rshift__",
         "Python's a >> b on tensors: shifts the bits of each integer right, keeping the sign.", "x >> y")
          .binary<RShift, kInts>()
          .kernel("rshift_cpu", kNoBool)
          .params(shift_params)
          .no_out()
          .example("torch.tensor([-16, 16, 100]) >> torch.tensor([[1], [2]])"),
      Ew("torch.Tensor.__rrshift__",
         "Python's n >> a with a number on the left: the number shifted right by each element.", "y >> x")
          .binary<RRShift, kInts>()
          .kernel("rshift_cpu", kNoBool)
          .params(shift_params)
          .no_out()
          .example("64 >> torch.tensor([0, 1, 2, 3])"),
      Ew("torch.Tensor.__eq__", "Python's a == b on tensors: True where the elements are equal (torch.eq).", "x == y")
          .binary<Eq>()
          .no_out()
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) == torch.tensor([1, 5, 3])"),
      Ew("torch.Tensor.__ne__", "Python's a != b on tensors: True where the elements differ (torch.ne).", "x != y")
          .binary<Ne>()
          .no_out()
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) != torch.tensor([1, 5, 3])"),
      Ew("torch.Tensor.__lt__", "Python's a < b on tensors: True where a is less than b (torch.lt).", "x < y")
          .binary<Lt>()
          .no_out()
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) < torch.tensor([2, 5, 3])"),
      Ew("torch.Tensor.__le__", "Python's a <= b on tensors: True where a is at most b (torch.le).", "x <= y")
          .binary<Le>()
          .no_out()
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) <= torch.tensor([2, 5, 3])"),
      Ew("torch.Tensor.__gt__", "Python's a > b on tensors: True where a is greater than b (torch.gt).", "x > y")
          .binary<Gt>()
          .no_out()
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) > torch.tensor([2, 5, 3])"),
      Ew("torch.Tensor.__ge__", "Python's a >= b on tensors: True where a is at least b (torch.ge).", "x >= y")
          .binary<Ge>()
          .no_out()
          .example("torch.tensor([[1, 2, 3], [4, 5, 6]]) >= torch.tensor([2, 5, 3])"),
  };
  add_elementwise(t, kBinaryOps);
}

}  // namespace whence
