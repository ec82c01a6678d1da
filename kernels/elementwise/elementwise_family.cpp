// elementwise_family.cpp - the shared run and explain of every elementwise op.
#include "kernels/elementwise/elementwise_family.hpp"

#include <deque>

#include "core/error.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "kernels/cpu/launch.hpp"

namespace whence {

namespace {

const ElementwiseSpec& elementwise_spec(const Bound& b) {
  return *static_cast<const ElementwiseSpec*>(b.op->family_data);
}

// A Python number as PyTorch wraps it: a 0-d tensor of bool, int64 or float64.
Tensor wrap_number(const Value& v) {
  if (v.is<bool>()) {
    Tensor t = Tensor::empty(DType::Bool, {});
    t.set(0, Scalar::from_bool(v.as<bool>()));
    return t;
  }
  if (v.is<std::int64_t>()) {
    Tensor t = Tensor::empty(DType::Int64, {});
    t.set(0, Scalar::from_int(v.as<std::int64_t>()));
    return t;
  }
  Tensor t = Tensor::empty(DType::Float64, {});
  t.set(0, Scalar::from_float(v.as<double>()));
  return t;
}

// Each operand aligned to the output's rank, strides 0 where it is broadcast.
ElementwiseArgs elementwise_args(const EwCall& c) {
  ElementwiseArgs a;
  const int rank = int(c.shape.size());
  a.out.rank = rank;
  for (int d = 0; d < rank; ++d) a.out.shape[d] = c.shape[d];
  a.count = int(c.operands.size());
  for (int k = 0; k < a.count; ++k) a.in[k] = aligned_to_rank(to_ktensor(c.operands[k], c.params[k]), rank);
  return a;
}

enum class ComputeKind { F32, F64, I64 };
ComputeKind compute_kind(DType d) {
  if (d == DType::Float64) return ComputeKind::F64;
  return is_floating(d) ? ComputeKind::F32 : ComputeKind::I64;
}

[[noreturn]] void not_implemented(const ElementwiseSpec& spec, DType d) {
  fail("RuntimeError", "\"" + spec.kernel_name + "\" not implemented for '" + dtype_scalar_name(d) + "'");
}

template <class C>
void launch(const ElementwiseSpec& spec, void (*kernel)(), const ElementwiseArgs& a, Tensor& out, const EwParams& p) {
  if (spec.bool_result)
    elementwise_launch<C, bool>(a, out.data_ptr(), out.dtype(), reinterpret_cast<ApplyBlock<C, bool>>(kernel), p);
  else
    elementwise_launch<C, C>(a, out.data_ptr(), out.dtype(), reinterpret_cast<ApplyBlock<C, C>>(kernel), p);
}

template <class C>
std::vector<Source> explain_as(const ElementwiseSpec& spec, const ElementwiseArgs& a, std::int64_t flat) {
  CpuExplainAccess access;
  if (spec.select) {
    select_element<C>(a, flat, access);
  } else {
    C values[kMaxOperands];
    elementwise_reads<C>(a, flat, access, values);
  }
  return std::move(access.reads);
}

}  // namespace

namespace {
struct Identity {
  template <class C>
  C operator()(const EwParams&, C x) const {
    return x;
  }
};

}  // namespace

// Through int64 from integer sources, through double from floating ones.
Tensor cast_tensor(const Tensor& t, DType d) {
  Tensor out = Tensor::empty(d, t.shape());
  if (t.numel() == 0) return out;
  EwCall c;
  c.operands = {t};
  c.params = {-1};
  c.shape = t.shape();
  const ElementwiseArgs a = elementwise_args(c);
  if (is_floating(t.dtype()))
    elementwise_launch<double, double>(a, out.data_ptr(), d, &apply_functor<double, double, Identity, 1>, EwParams{});
  else
    elementwise_launch<std::int64_t, std::int64_t>(a, out.data_ptr(), d,
                                                   &apply_functor<std::int64_t, std::int64_t, Identity, 1>, EwParams{});
  return out;
}

float ew_round_reduced(float v, int dtype) {
  return dtype == int(DType::Float16) ? float(Half(v)) : dtype == int(DType::BFloat16) ? float(BFloat16(v)) : v;
}

Scalar number_arg(const Bound& b, int param) {
  const Value& v = b[std::size_t(param)];
  if (v.is<Tensor>()) return v.as<Tensor>().get(0);
  if (v.is<bool>()) return Scalar::from_bool(v.as<bool>());
  if (v.is<std::int64_t>()) return Scalar::from_int(v.as<std::int64_t>());
  return Scalar::from_float(v.as<double>());
}

EwCall elementwise_call(const Bound& b, const ElementwiseSpec& spec, bool cast) {
  EwCall c;
  std::vector<PromotionOperand> promoted;
  for (std::size_t k = 0; k < spec.operands.size(); ++k) {
    const int p = spec.operands[k];
    const Value& v = b[std::size_t(p)];
    const bool tensor = v.is<Tensor>();
    if (v.is<None>() && spec.none_operands) {  // clamp's absent bound: read, never used
      c.operands.push_back(wrap_number(Value(std::int64_t(0))));
      c.params.push_back(-1);
      continue;
    }
    const bool number = v.is<bool>() || v.is<std::int64_t>() || v.is<double>();
    c.operands.push_back(tensor ? v.as<Tensor>() : number ? wrap_number(v) : Tensor());
    c.params.push_back(tensor ? p : -1);
    if (spec.select && k == 0) continue;        // where's condition takes no part in promotion
    const auto operand = promotion_operand(v);  // a Python float counts as float32, weakly
    if (!operand)
      fail("TypeError",
           b.op->names.front().substr(b.op->names.front().rfind('.') + 1) + "(): argument '" +
               b.op->params[std::size_t(p)].name + "' must be Tensor or Number, not " + python_type_name(v),
           b.op->params[std::size_t(p)].name);
    promoted.push_back(*operand);
  }
  c.common = result_type(promoted);
  c.compute = spec.promote == EwPromote::Float64                                ? DType::Float64
              : spec.promote == EwPromote::IntToFloat && !is_floating(c.common) ? default_float_dtype()
                                                                                : c.common;
  if (spec.compute) c.compute = spec.compute(b, c);
  c.result = spec.result ? spec.result(b, c) : spec.bool_result ? DType::Bool : c.compute;
  // PyTorch broadcasts rsub's operands as (other, input). A shape that does not fit is the
  // error's argument (the UI marks it), when it is a tensor argument.
  for (std::size_t k = 0; k < c.operands.size(); ++k) {
    const std::size_t at = spec.reverse_broadcast ? c.operands.size() - 1 - k : k;
    try {
      c.shape = broadcast_shapes(c.shape, c.operands[at].shape());
    } catch (const Error& e) {
      if (!e.arg.empty() || c.params[at] < 0) throw;
      fail(e.type.c_str(), e.what(), b.op->params[std::size_t(c.params[at])].name);
    }
  }
  check_limits(c.shape);
  if (spec.check) spec.check(b, c);  // PyTorch checks arguments before it dispatches on the dtype
  if (spec.refuse & dtype_bit(c.compute)) not_implemented(spec, c.compute);
  // TensorIterator casts every operand to the compute dtype before the kernel reads it: a
  // Python 300 meets a uint8 tensor as 44, a Python 0.1 meets a float16 tensor as 0.0999755859375.
  for (std::size_t k = 0; cast && k < c.operands.size(); ++k) {
    if (spec.select && k == 0) continue;  // where's condition stays bool
    if (c.operands[k].dtype() != c.compute) c.operands[k] = cast_tensor(c.operands[k], c.compute);
  }
  return c;
}

OpResult elementwise_run(const Bound& b) {
  const ElementwiseSpec& spec = elementwise_spec(b);
  const EwCall c = elementwise_call(b, spec);
  Tensor out = Tensor::uninitialized(c.result, c.shape);  // every element is written below
  if (out.numel() == 0) return {{out}, false};
  if (spec.constant >= 0 && (spec.constant_bits & dtype_bit(c.compute))) {
    for (std::int64_t i = 0; i < out.numel(); ++i) out.set(i, Scalar::from_bool(spec.constant));
    return {{out}, false};
  }
  EwParams p;
  if (c.compute == DType::BFloat16 || (c.compute == DType::Float16 && spec.half_kernel)) p.reduced = int(c.compute);
  if (spec.params) spec.params(b, c, p);
  elementwise_compute(spec, c, p, out);
  return {{out}, false};
}

void elementwise_compute(const ElementwiseSpec& spec, const EwCall& c, const EwParams& p, Tensor& out) {
  const ElementwiseArgs a = elementwise_args(c);
  switch (compute_kind(c.compute)) {
    case ComputeKind::F32:
      if (!spec.kernels.f32) not_implemented(spec, c.compute);
      launch<float>(spec, spec.kernels.f32, a, out, p);
      break;
    case ComputeKind::F64:
      if (!spec.kernels.f64) not_implemented(spec, c.compute);
      launch<double>(spec, spec.kernels.f64, a, out, p);
      break;
    case ComputeKind::I64:
      if (!spec.kernels.i64) not_implemented(spec, c.compute);
      launch<std::int64_t>(spec, spec.kernels.i64, a, out, p);
      break;
  }
}

std::vector<Source> elementwise_explain(const Bound& b, const OpResult&, int, std::int64_t flat) {
  const ElementwiseSpec& spec = elementwise_spec(b);
  const EwCall c = elementwise_call(b, spec, false);
  if (spec.constant >= 0 && (spec.constant_bits & dtype_bit(c.compute))) return {};
  return elementwise_sources(spec, c, flat);
}

std::vector<Source> elementwise_sources(const ElementwiseSpec& spec, const EwCall& c, std::int64_t flat) {
  const ElementwiseArgs a = elementwise_args(c);
  switch (compute_kind(c.compute)) {
    case ComputeKind::F32: return explain_as<float>(spec, a, flat);
    case ComputeKind::F64: return explain_as<double>(spec, a, flat);
    case ComputeKind::I64: break;
  }
  return explain_as<std::int64_t>(spec, a, flat);
}

const OpDescriptor& register_elementwise(OpDescriptor op, ElementwiseSpec spec) {
  static std::deque<ElementwiseSpec> specs;
  static std::deque<OpDescriptor> ops;
  specs.push_back(std::move(spec));
  op.family_data = &specs.back();
  op.run = elementwise_run;
  op.explain = elementwise_explain;
  ops.push_back(std::move(op));
  return ops.back();
}

}  // namespace whence
