// elementwise_activation.cpp - the activation functions of torch.nn.functional: one functor
// and one line each.
#include "core/error.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/elementwise/elementwise_builder.hpp"
#include "kernels/elementwise/elementwise_ops.hpp"

namespace whence {

namespace {

using namespace ew;  // the functors (kernels/elementwise/elementwise_ops.hpp)

// The scalar arguments after input, in order, into p.f / p.i.
void number_params(const Bound& b, const EwCall&, EwParams& p) {
  int k = 0;
  for (std::size_t i = 1; i < b.values.size() && k < 4; ++i) {
    const Value& v = b[i];
    if (!(v.is<std::int64_t>() || v.is<double>() || (v.is<Tensor>() && b.op->params[i].type == ParamType::Number)))
      continue;
    const Scalar s = number_arg(b, int(i));
    p.f[k] = s.as_double();
    p.i[k] = is_floating(s.dtype) ? float_to_int64(s.f) : s.i;
    ++k;
  }
}
void refuse_inplace(const Bound& b, const EwCall&) {
  const int k = b.op->param_index("inplace");
  // `if inplace:` in Python: a tensor of several elements has no truth value.
  if (k >= 0 && b[std::size_t(k)].is<Tensor>() && b[std::size_t(k)].as<Tensor>().numel() != 1)
    fail("RuntimeError", "Boolean value of Tensor with more than one value is ambiguous", "inplace");
  if (k >= 0 && b[std::size_t(k)].is<bool>() && b[std::size_t(k)].as<bool>())
    fail("Unsupported", "Whence shows results, not in-place updates; leave inplace=False", "inplace");
}
void relu_check(const Bound& b, const EwCall& c) {
  if (c.compute == DType::Bool) fail("RuntimeError", "Boolean inputs not supported for relu", "input");
  refuse_inplace(b, c);
}
void hardtanh_check(const Bound& b, const EwCall& c) {
  if (c.compute == DType::Bool) fail("RuntimeError", "Bool inputs not supported for hardtanh", "input");
  const int k = b.op->param_index("min_val");
  if (c.compute == DType::UInt8 && k >= 0 && number_arg(b, k).as_double() < 0)
    fail("RuntimeError", "cannot do hardtanh on an unsigned type with negative limits");
  refuse_inplace(b, c);
}
// tanhshrink is x - tanh(x) in Python: bool fails the subtraction, integers become float32.
void tanhshrink_check(const Bound&, const EwCall& c) {
  if (c.common == DType::Bool)
    fail("RuntimeError",
         "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use "
         "the `~` or `logical_not()` operator instead.");
}
// softsign is x / (1 + |x|) in Python: abs refuses bool.
void softsign_check(const Bound&, const EwCall& c) {
  if (c.common == DType::Bool) fail("RuntimeError", "\"abs_cpu\" not implemented for 'Bool'");
}
void softsign_params(const Bound&, const EwCall& c, EwParams& p) {
  p.i[1] = is_integral(c.common, false) ? std::int64_t(dtype_size(c.common)) * 8 : 0;
}
void celu_check(const Bound& b, const EwCall& c) {
  if (number_arg(b, b.op->param_index("alpha")).as_double() == 0)
    fail("RuntimeError", "ZeroDivisionError: alpha cannot be 0 for CELU", "alpha");
  refuse_inplace(b, c);
}
void gelu_params(const Bound& b, const EwCall&, EwParams& p) {
  const std::string& mode = b[1].as<std::string>();
  if (mode != "none" && mode != "tanh")
    fail("RuntimeError", "approximate argument must be either none or tanh.", "approximate");
  p.i[0] = mode == "tanh";
}

// glu splits input in two halves along dim: out = first · sigmoid(second). The halves are
// views of input, so the elementwise launcher runs on them unchanged; explain maps a half's
// element back to input's.
struct GluHalves {
  EwCall call;
  int dim = 0;
  std::int64_t half = 0;
};
GluHalves glu_halves(const Bound& b) {
  const Tensor& x = b.tensor(0);
  if (x.dim() == 0) fail("RuntimeError", "glu does not support scalars because halving size must be even");
  GluHalves g;
  g.dim = int(wrap_dim(b.integer(1), x.dim(), "dim"));
  const std::int64_t n = x.shape()[std::size_t(g.dim)];
  if (n % 2)
    fail("RuntimeError",
         "Halving dimension must be even, but dimension " + std::to_string(g.dim) + " is size " + std::to_string(n),
         "input");
  if (!is_floating(x.dtype()))
    fail("RuntimeError", std::string("\"glu_cpu\" not implemented for '") + dtype_scalar_name(x.dtype()) + "'");
  g.half = n / 2;
  Shape shape = x.shape();
  shape[std::size_t(g.dim)] = g.half;
  const std::int64_t step = x.strides()[std::size_t(g.dim)] * g.half;
  g.call.operands = {x.as_strided(shape, x.strides(), x.offset()), x.as_strided(shape, x.strides(), x.offset() + step)};
  g.call.params = {0, 0};
  g.call.common = g.call.compute = g.call.result = x.dtype();
  g.call.shape = shape;
  return g;
}
const ElementwiseSpec& glu_spec() {
  static const ElementwiseSpec spec = [] {
    ElementwiseSpec s;
    s.kernels = make_kernels<Glu, 2, false, true, false>();
    return s;
  }();
  return spec;
}
OpResult glu_run(const Bound& b) {
  const GluHalves g = glu_halves(b);
  Tensor out = Tensor::uninitialized(g.call.result, g.call.shape);
  if (out.numel()) elementwise_compute(glu_spec(), g.call, EwParams{}, out);
  return {{out}, false};
}
std::vector<Source> glu_explain(const Bound& b, const OpResult&, int, std::int64_t flat) {
  const GluHalves g = glu_halves(b);
  std::vector<Source> sources = elementwise_sources(glu_spec(), g.call, flat);
  const Shape& in = b.tensor(0).shape();
  for (std::size_t k = 0; k < sources.size(); ++k) {  // read k came from half k
    std::int64_t rest = sources[k].flat, index = 0, scale = 1;
    for (int d = int(in.size()) - 1; d >= 0; --d) {
      const std::int64_t size = g.call.shape[std::size_t(d)];
      std::int64_t c = rest % size;
      rest /= size;
      if (d == g.dim) c += std::int64_t(k) * g.half;
      index += c * scale;
      scale *= in[std::size_t(d)];
    }
    sources[k].flat = index;
  }
  return sources;
}

}  // namespace

void add_activation_ops(std::vector<const OpDescriptor*>& t) {
  using Ew = EwOp;
  static constexpr EwOp kActivationOps[] = {
      Ew("torch.nn.functional.relu torch.relu torch.Tensor.relu", "Keeps positive elements and zeroes the rest.",
         "relu(x) = max(x, 0)")
          .unary<Relu>()
          .param("inplace:Bool=False")
          .check(relu_check)
          .no_out(),
      Ew("torch.nn.functional.relu6", "relu capped at 6: min(max(x, 0), 6).", "relu6(x) = min(max(x, 0), 6)")
          .unary<Relu6>()
          .param("inplace:Bool=False")
          .check(hardtanh_check)
          .no_out(),
      Ew("torch.nn.functional.gelu", "x times the standard normal CDF of x (or its tanh approximation).",
         "gelu(x) = x · Φ(x)")
          .unary<Gelu, kFloats>()
          .kernel("GeluKernelImpl")
          .param("* approximate:String='none'")
          .params(gelu_params)
          .no_out(),
      Ew("torch.nn.functional.silu", "x times sigmoid(x), also called swish.", "silu(x) = x / (1 + e^-x)")
          .unary<Silu, kFloats>()
          .kernel("silu_cpu")
          .param("inplace:Bool=False")
          .check(refuse_inplace)
          .no_out(),
      Ew("torch.nn.functional.softplus", "A smooth relu: ln(1 + e^(βx)) / β, linear above the threshold.",
         "softplus(x) = ln(1 + e^x)")
          .unary<Softplus, kFloats>()
          .kernel("softplus_cpu")
          .param("beta:Number=1")
          .param("threshold:Number=20")
          .params(number_params)
          .no_out(),
      Ew("torch.nn.functional.elu", "x above zero, α(e^x - 1) below.", "elu(x)")
          .unary<Elu, kFloats>()
          .kernel("elu_cpu")
          .param("alpha:Number=1.0")
          .param("inplace:Bool=False")
          .params(number_params)
          .check(refuse_inplace)
          .no_out(),
      Ew("torch.nn.functional.selu torch.selu", "elu scaled by fixed constants that keep activations normalized.",
         "selu(x)")
          .unary<Selu, kFloats>()
          .kernel("elu_cpu")
          .param("inplace:Bool=False")
          .check(refuse_inplace)
          .no_out(),
      Ew("torch.nn.functional.celu torch.celu", "Continuously differentiable elu: x above zero, α(e^(x/α) - 1) below.",
         "celu(x)")
          .unary<Celu, kFloats>()
          .kernel("elu_cpu")
          .param("alpha:Number=1.0")
          .param("inplace:Bool=False")
          .params(number_params)
          .check(celu_check)
          .no_out(),
      Ew("torch.nn.functional.leaky_relu", "x above zero, a small slope times x below.", "leaky_relu(x)")
          .unary<LeakyRelu, kFloats>()
          .kernel("leaky_relu_cpu")
          .param("negative_slope:Number=0.01")
          .param("inplace:Bool=False")
          .params(number_params)
          .check(refuse_inplace)
          .no_out(),
      Ew("torch.nn.functional.hardtanh", "Clamps each element to [min_val, max_val].", "hardtanh(x)")
          .unary<Hardtanh>()
          .param("min_val:Number=-1.0")
          .param("max_val:Number=1.0")
          .param("inplace:Bool=False")
          .params(number_params)
          .check(hardtanh_check)
          .no_out(),
      Ew("torch.nn.functional.hardsigmoid", "A piecewise-linear sigmoid: min(max(x + 3, 0), 6) / 6.",
         "hardsigmoid(x) = min(max(x + 3, 0), 6) / 6")
          .unary<Hardsigmoid, kFloats>()
          .kernel("hardsigmoid_cpu")
          .param("inplace:Bool=False")
          .check(refuse_inplace)
          .no_out(),
      Ew("torch.nn.functional.hardswish", "x times hardsigmoid(x).", "hardswish(x) = x · min(max(x + 3, 0), 6) / 6")
          .unary<Hardswish, kFloats>()
          .kernel("hardswish_cpu")
          .param("inplace:Bool=False")
          .check(refuse_inplace)
          .no_out(),
      Ew("torch.nn.functional.mish", "x times tanh(softplus(x)).", "mish(x) = x · tanh(ln(1 + e^x))")
          .unary<Mish, kFloats>()
          .kernel("mish_cpu")
          .param("inplace:Bool=False")
          .check(refuse_inplace)
          .no_out(),
      Ew("torch.nn.functional.logsigmoid", "ln(sigmoid(x)), computed without overflow.",
         "logsigmoid(x) = ln(1 / (1 + e^-x))")
          .unary<LogSigmoid, kFloats>()
          .kernel("log_sigmoid_cpu")
          .no_out(),
      Ew("torch.nn.functional.tanhshrink", "Each element minus its tanh: near zero for small inputs.",
         "tanhshrink(x) = x - tanh(x)")
          .unary<Tanhshrink, kFloats>()
          .to_float()
          .accept(kIntegerBits | kBoolBit)
          .check(tanhshrink_check)
          .python_input_method("tanh")
          .no_out(),
      Ew("torch.nn.functional.softsign", "Squashes each element into (-1, 1) as x / (1 + |x|).",
         "softsign(x) = x / (1 + |x|)")
          .unary<Softsign, kFloats>()
          .to_float()
          .accept(kIntegerBits | kBoolBit)
          .check(softsign_check)
          .params(softsign_params)
          .python_input_method("abs")
          .no_out(),
      Ew("torch.nn.functional.hardshrink torch.hardshrink torch.Tensor.hardshrink",
         "Zeroes elements within lambd of zero, keeps the rest.", "hardshrink(x)")
          .unary<Hardshrink, kFloats>()
          .kernel("hardshrink_cpu")
          .param("lambd:Number=0.5")
          .params(number_params)
          .no_out(),
      Ew("torch.nn.functional.softshrink", "Moves each element lambd toward zero, zeroing those within lambd.",
         "softshrink(x)")
          .unary<Softshrink, kFloats>()
          .kernel("softshrink_cpu")
          .param("lambd:Number=0.5")
          .params(number_params)
          .no_out(),
  };
  add_elementwise(t, kActivationOps);
  static const OpDescriptor glu{
      {"torch.nn.functional.glu"},
      "elementwise",
      "Gated linear unit: splits input in two halves along dim and multiplies the first by sigmoid of the second.",
      docs_url("torch.nn.functional.glu"),
      "out{out} = {@input} · sigmoid({@input.2}) = {#input} · sigmoid({#input.2}) = {value}",
      "torch.nn.functional.glu(torch.tensor([[1.0, 2.0, 0.0, -1.0], [3.0, -2.0, 2.0, 5.0]]))",
      {{"input", ParamType::Tensor}, {"dim", ParamType::Int, false, true, Value(-1)}},
      glu_run,
      glu_explain,
  };
  t.push_back(&glu);
  const_cast<OpDescriptor&>(glu).python_input_method = "dim";
  static constexpr EwOp kThresholdOps[] = {
      Ew("torch.nn.functional.threshold torch.threshold",
         "Keeps elements above threshold, replaces the rest with value.", "threshold(x)")
          .unary<Threshold>()
          .kernel("threshold_cpu", kBoolBit)
          .param("threshold:Number")
          .param("value:Number")
          .param("inplace:Bool=False")
          .params(number_params)
          .check(refuse_inplace)
          .no_out()
          .equation("out{out} = {@input} if {@input} > {#threshold} else {#value} = {#input} if {#input} > "
                    "{#threshold} else {#value} = {value}")
          .example("torch.nn.functional.threshold(torch.tensor([[-2.0, -0.5, 0.0], [0.5, 1.0, 2.0]]), 0.25, -1.0)"),
  };
  add_elementwise(t, kThresholdOps);
}

}  // namespace whence
