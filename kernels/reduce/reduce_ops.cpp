// reduce_ops.cpp - reductions and scans: a ReduceSpec and a descriptor each, one statement per
// op through `rd`.
#include <cmath>

#include "core/error.hpp"
#include "core/promotion.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/elementwise/elementwise_family.hpp"
#include "kernels/reduce/reduce_family.hpp"

namespace whence {

namespace {

using D = ReduceDType;

Param p_dim(bool optional = true) {
  return Param{"dim", ParamType::IntList, false, optional, Value(None{}), true, optional};
}

// One op: names (primary first), summary, example, parameters and its spec.
void rd(std::vector<const OpDescriptor*>& t, const char* names, const char* summary, const char* example,
        std::vector<Param> params, ReduceSpec spec) {
  t.push_back(&register_reduce(described_op(names, "reduce", summary, example, std::move(params)), std::move(spec)));
}

ReduceSpec spec(ReduceKind kind, std::vector<D> results, const char* symbol) {
  ReduceSpec s;
  s.kind = kind;
  s.results = std::move(results);
  s.symbol = symbol;
  return s;
}
ReduceSpec scan(ReduceKind kind, std::vector<D> results, const char* symbol) {
  ReduceSpec s = spec(kind, std::move(results), symbol);
  s.scan = true;
  return s;
}
ReduceSpec any_dim(ReduceSpec s) {
  s.any_dim_for_scalar = true;
  return s;
}
ReduceSpec no_names(ReduceSpec s) {
  s.names_resolve = false;
  return s;
}
ReduceSpec with_empty(ReduceSpec s, const char* name) {
  s.empty_name = name;
  return s;
}

// argmax/argmin: the flat index of the first extreme; bool refused; an empty input needs a dim.
ReduceSpec arg_spec(ReduceKind kind, const char* name) {
  ReduceSpec s = with_empty(spec(kind, {D::Index}, name), name);
  s.flat_index = true;
  s.kernel_name = std::string(name) + "_cpu";
  s.refuse = 1u << unsigned(DType::Bool);
  s.empty_full = "%s(): Expected reduction dim to be specified for input.numel() == 0.";
  s.empty_full_type = "IndexError";
  return s;
}

constexpr const char* kMeanMessage =
    "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: %s";

// unbiased=False divides by n, correction=c by n - c (default 1).
void correction_params(const Bound& b, ReduceParams& p) {
  const int u = b.op->param_index("unbiased"), c = b.op->param_index("correction");
  if (u >= 0 && b[std::size_t(u)].is<bool>()) p.correction = b[std::size_t(u)].as<bool>() ? 1 : 0;
  if (c >= 0 && !b[std::size_t(c)].is<None>()) p.correction = number_arg(b, c).as_double();
}
void ord_params(const Bound& b, ReduceParams& p) {
  const int k = b.op->param_index("ord");
  if (k >= 0 && !b[std::size_t(k)].is<None>()) p.p = number_arg(b, k).as_double();
}
// logsumexp(x, dim=()) trips over its own output shape in PyTorch 1.13.
void logsumexp_check(const Bound& b, const Tensor& x, const std::vector<int>&) {
  const Value& d = b[1];
  if (d.is<List>() && d.as<List>().empty() && x.dim() > 0) {
    std::string ones;
    for (int i = 0; i < x.dim(); ++i) ones += i ? ", 1" : "1";
    fail("RuntimeError", "output with shape [] doesn't match the broadcast shape [" + ones + "]", "dim");
  }
}
// vector_norm's checks of its input and dtype=, in its words.
void vector_norm_check(const Bound& b, const Tensor& x, const std::vector<int>&) {
  const Value& d = b[std::size_t(b.op->param_index("dtype"))];
  if (!is_floating(x.dtype()))
    fail("RuntimeError",
         std::string("linalg.vector_norm: Expected a floating point or complex tensor as input. Got ") +
             dtype_scalar_name(x.dtype()),
         "input");
  if (d.is<DType>() && !is_floating(d.as<DType>()))
    fail("RuntimeError",
         std::string("linalg.vector_norm: dtype should be floating point or complex, but got ") +
             dtype_scalar_name(d.as<DType>()),
         "dtype");
  if (d.is<DType>() && promote_types(x.dtype(), d.as<DType>()) != d.as<DType>())
    fail("RuntimeError",
         std::string("linalg.vector_norm: the dtype of the input (") + dtype_scalar_name(x.dtype()) +
             ") should be convertible without narrowing to the specified dtype (" + dtype_scalar_name(d.as<DType>()) +
             ")",
         "dtype");
}
ReduceSpec logcumsumexp_spec() {
  ReduceSpec s = scan(ReduceKind::LogSumExp, {D::Same}, "logsumexp");
  s.kernel_name = "logcumsumexp_out_cpu";
  s.refuse = 0x3Fu;  // bool and the integers
  return s;
}
ReduceSpec logsumexp_spec() {
  ReduceSpec s = spec(ReduceKind::LogSumExp, {D::IntToFloat}, "logsumexp");
  s.check = logsumexp_check;
  return s;
}
ReduceSpec refuse_half_result(ReduceSpec s, const char* kernel, bool and_bool = false) {
  s.result_kernel = kernel;
  s.refuse_result = 1u << unsigned(DType::Float16);
  if (and_bool) s.refuse_result |= 1u << unsigned(DType::Bool);
  return s;
}
ReduceSpec aminmax_spec() {
  ReduceSpec s = spec(ReduceKind::AMinMax, {D::Same, D::Same}, "aminmax");
  s.keepdim_scalar_as_1d = true;
  s.empty_name = "aminmax";
  s.empty_full = "%s(): cannot compute aminmax over an empty dimension as the operation has no identity.";
  s.empty_dim = "%s: Expected reduction dim %d to have non-zero size.";
  return s;
}
// nansum keeps NaN out of the sum: a floating input with an integer dtype= has no kernel.
void nansum_check(const Bound& b, const Tensor& x, const std::vector<int>&) {
  const Value& d = b[std::size_t(b.op->param_index("dtype"))];
  if (is_floating(x.dtype()) && d.is<DType>() && !is_floating(d.as<DType>()))
    fail("RuntimeError", std::string("\"nansum_cpu\" not implemented for '") + dtype_scalar_name(d.as<DType>()) + "'");
}
ReduceSpec nansum_spec() {
  ReduceSpec s = spec(ReduceKind::NanSum, {D::SumLike}, "+");
  s.check = nansum_check;
  return s;
}
const char* kStdVarDocs = "(input, dim=None, unbiased=True, keepdim=False, *, correction=None)";

}  // namespace

void add_reduce_ops(std::vector<const OpDescriptor*>& t) {
  const std::vector<Param> sum_params = {tensor_param("input"), p_dim(), keepdim_param(), dtype_param(), out_param()};
  rd(t, "torch.sum torch.Tensor.sum", "Adds up the elements of each slice along dim (all of them by default).",
     "torch.sum(torch.tensor([[1, 2, 3], [4, 5, 6]]), dim=1)", sum_params, spec(ReduceKind::Sum, {D::SumLike}, "+"));
  rd(t, "torch.nansum torch.Tensor.nansum", "Adds up each slice along dim, treating NaN as zero.",
     "torch.nansum(torch.tensor([[1.0, float('nan'), 3.0], [4.0, 5.0, float('nan')]]), dim=1)", sum_params,
     nansum_spec());
  rd(t, "torch.prod torch.Tensor.prod", "Multiplies the elements of each slice along dim (all of them by default).",
     "torch.prod(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1)",
     {tensor_param("input"), p_dim(), keepdim_param(), dtype_param(), out_param()},
     refuse_half_result(spec(ReduceKind::Prod, {D::SumLike}, "·"), "prod_cpu"));
  ReduceSpec mean = spec(ReduceKind::Mean, {D::FloatOnly}, "mean");
  mean.float_only_message = kMeanMessage;
  mean.dtype_message =
      "mean(): could not infer output dtype. Optional dtype must be either a floating point or complex dtype. Got: %s";
  rd(t, "torch.mean torch.Tensor.mean", "The average of each slice along dim (of everything by default).",
     "torch.mean(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 9.0]]), dim=1)", sum_params, mean);
  ReduceSpec nanmean = spec(ReduceKind::NanMean, {D::FloatOnly}, "nanmean");
  nanmean.float_only_message = "nanmean(): expected input to have floating point dtype but got %s";
  nanmean.dtype_message = "\"nansum_cpu\" not implemented for '%s'";
  nanmean.float_input_required = true;
  rd(t, "torch.nanmean torch.Tensor.nanmean", "The average of each slice along dim, skipping NaN.",
     "torch.nanmean(torch.tensor([[1.0, float('nan'), 3.0], [4.0, 5.0, 9.0]]), dim=1)", sum_params, nanmean);
  rd(t, "torch.amax torch.Tensor.amax", "The largest element of each slice along dim; every tie is a source.",
     "torch.amax(torch.tensor([[1, 5, 3], [4, 2, 4]]), dim=1)",
     {tensor_param("input"), p_dim(), keepdim_param(), out_param()},
     with_empty(spec(ReduceKind::AMax, {D::Same}, "max"), "amax"));
  rd(t, "torch.amin torch.Tensor.amin", "The smallest element of each slice along dim; every tie is a source.",
     "torch.amin(torch.tensor([[1, 5, 3], [4, 2, 2]]), dim=1)",
     {tensor_param("input"), p_dim(), keepdim_param(), out_param()},
     with_empty(spec(ReduceKind::AMin, {D::Same}, "min"), "amin"));
  rd(t, "torch.aminmax torch.Tensor.aminmax", "The smallest and the largest element of each slice, as (min, max).",
     "torch.aminmax(torch.tensor([[1, 5, 3], [4, 2, 4]]), dim=1)",
     {tensor_param("input"), Param{"dim", ParamType::Int, true, true, Value(None{}), false, true},
      Param{"keepdim", ParamType::Bool, true, true, Value(false)}, out_param()},
     aminmax_spec());
  const ReduceSpec argmax = arg_spec(ReduceKind::Max, "argmax");
  rd(t, "torch.argmax torch.Tensor.argmax", "The position of the largest element of each slice (the first, on ties).",
     "torch.argmax(torch.tensor([[1, 5, 3], [4, 2, 4]]), dim=1)",
     {tensor_param("input"), Param{"dim", ParamType::Int, false, true, Value(None{}), false, true}, keepdim_param(),
      out_param()},
     argmax);
  const ReduceSpec argmin = arg_spec(ReduceKind::Min, "argmin");
  rd(t, "torch.argmin torch.Tensor.argmin", "The position of the smallest element of each slice (the first, on ties).",
     "torch.argmin(torch.tensor([[1, 5, 3], [4, 2, 2]]), dim=1)",
     {tensor_param("input"), Param{"dim", ParamType::Int, false, true, Value(None{}), false, true}, keepdim_param(),
      out_param()},
     argmin);
  rd(t, "torch.all torch.Tensor.all", "True where every element of the slice is nonzero.",
     "torch.all(torch.tensor([[True, True, False], [True, True, True]]), dim=1)",
     {tensor_param("input"), p_dim(), keepdim_param(), out_param()}, no_names(spec(ReduceKind::All, {D::Bool}, "all")));
  rd(t, "torch.any torch.Tensor.any", "True where some element of the slice is nonzero.",
     "torch.any(torch.tensor([[False, False, True], [False, False, False]]), dim=1)",
     {tensor_param("input"), p_dim(), keepdim_param(), out_param()}, no_names(spec(ReduceKind::Any, {D::Bool}, "any")));
  rd(t, "torch.count_nonzero torch.Tensor.count_nonzero", "How many elements of each slice are not zero.",
     "torch.count_nonzero(torch.tensor([[0, 1, 2], [3, 0, 0]]), dim=1)", {tensor_param("input"), p_dim()},
     spec(ReduceKind::CountNonzero, {D::Int64}, "count_nonzero"));
  const std::vector<Param> stdvar = {tensor_param("input"),
                                     p_dim(),
                                     Param{"unbiased", ParamType::Bool, false, true, Value(true)},
                                     keepdim_param(),
                                     Param{"correction", ParamType::Int, true, true, Value(None{}), false, true},
                                     out_param()};
  (void)kStdVarDocs;
  ReduceSpec var = spec(ReduceKind::Var, {D::FloatOnly}, "var");
  var.float_only_message = "std and var only support floating point and complex dtypes";
  var.params = correction_params;
  ReduceSpec stdev = var;
  stdev.kind = ReduceKind::Std;
  stdev.symbol = "std";
  rd(t, "torch.var torch.Tensor.var",
     "The variance of each slice: the mean squared distance from its mean (divided by n - 1 unless told otherwise).",
     "torch.var(torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 9.0]]), dim=1)", stdvar, var);
  rd(t, "torch.std torch.Tensor.std", "The standard deviation of each slice: the square root of its variance.",
     "torch.std(torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 9.0]]), dim=1)", stdvar, stdev);
  ReduceSpec var_mean = var;
  var_mean.float_only_message = "var_mean only support floating point and complex dtypes";
  var_mean.kind = ReduceKind::VarMean;
  var_mean.results = {D::FloatOnly, D::FloatOnly};
  var_mean.symbol = "var_mean";
  ReduceSpec std_mean = var_mean;
  std_mean.float_only_message = "std_mean only support floating point and complex dtypes";
  std_mean.kind = ReduceKind::StdMean;
  std_mean.symbol = "std_mean";
  rd(t, "torch.var_mean", "The variance and the mean of each slice, as (var, mean).",
     "torch.var_mean(torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 9.0]]), dim=1)", stdvar, var_mean);
  rd(t, "torch.std_mean", "The standard deviation and the mean of each slice, as (std, mean).",
     "torch.std_mean(torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 9.0]]), dim=1)", stdvar, std_mean);
  rd(t, "torch.logsumexp torch.Tensor.logsumexp torch.special.logsumexp",
     "ln of the sum of e^x over each slice, computed without overflow.",
     "torch.logsumexp(torch.tensor([[0.0, 1.0, 2.0], [10.0, 10.0, -5.0]]), dim=1)",
     {tensor_param("input"), p_dim(false), keepdim_param(), out_param()}, logsumexp_spec());
  ReduceSpec vnorm = spec(ReduceKind::Norm, {D::FloatOnly}, "norm");
  vnorm.params = ord_params;
  vnorm.check = vector_norm_check;
  vnorm.float_only_message = "linalg.vector_norm: Expected a floating point or complex tensor as input. Got %s";
  rd(t, "torch.linalg.vector_norm", "The p-norm of each slice: (Σ|x|^p)^(1/p), with the max for ord=inf.",
     "torch.linalg.vector_norm(torch.tensor([[3.0, 4.0], [1.0, -1.0]]), dim=1)",
     {Param{"x", ParamType::Tensor}, Param{"ord", ParamType::Number, false, true, Value(2)}, p_dim(), keepdim_param(),
      dtype_param(), out_param()},
     vnorm);

  // max(x) and max(x, dim): reductions behind torch.max's dispatch (kernels/reduce/order_ops.cpp).
  {
    std::vector<const OpDescriptor*> full, by_dim, hidden;
    const std::vector<Param> max_params = {
        tensor_param("input"), Param{"dim", ParamType::Int, false, true, Value(None{}), true, true}, keepdim_param(),
        Param{"other", ParamType::Tensor, false, true, Value(None{}), false, true}, out_param()};
    for (int k = 0; k < 2; ++k) {
      const char* name = k ? "min" : "max";
      const std::string hidden_name = std::string("torch.") + name;
      rd(hidden, hidden_name.c_str(), "", "", max_params,
         with_empty(spec(k ? ReduceKind::AMin : ReduceKind::AMax, {D::Same}, name), name));
      full.push_back(hidden.back());
      rd(hidden, hidden_name.c_str(), "", "", max_params,
         with_empty(spec(k ? ReduceKind::Min : ReduceKind::Max, {D::Same, D::Index}, name), name));
      by_dim.push_back(hidden.back());
    }
    add_max_min(t, full, by_dim);
  }

  // Scans: element i of a line along dim reads elements 0..i.
  const std::vector<Param> scan_params = {tensor_param("input"),
                                          Param{"dim", ParamType::Int, false, false, Value(None{}), true},
                                          dtype_param(), out_param()};
  rd(t, "torch.cumsum torch.Tensor.cumsum", "Running totals along dim: element i is the sum of elements 0 to i.",
     "torch.cumsum(torch.tensor([[1, 2, 3, 4], [10, 20, 30, 40]]), dim=1)", scan_params,
     refuse_half_result(scan(ReduceKind::Sum, {D::SumLike}, "+"), "cumsum_out_cpu", true));
  rd(t, "torch.cumprod torch.Tensor.cumprod",
     "Running products along dim: element i is the product of elements 0 to i.",
     "torch.cumprod(torch.tensor([[1, 2, 3, 4], [2, 2, 2, 2]]), dim=1)", scan_params,
     refuse_half_result(scan(ReduceKind::Prod, {D::SumLike}, "·"), "cumprod_out_cpu", true));
  const std::vector<Param> cum_params = {tensor_param("input"),
                                         Param{"dim", ParamType::Int, false, false, Value(None{}), true}, out_param()};
  rd(t, "torch.cummax torch.Tensor.cummax",
     "The running maximum along dim and where it was found, as (values, indices).",
     "torch.cummax(torch.tensor([[1, 3, 2, 5, 4], [0, 0, 1, 0, 2]]), dim=1)", cum_params,
     any_dim(scan(ReduceKind::Max, {D::Same, D::Index}, "max")));
  rd(t, "torch.cummin torch.Tensor.cummin",
     "The running minimum along dim and where it was found, as (values, indices).",
     "torch.cummin(torch.tensor([[5, 3, 4, 1, 2], [0, 0, -1, 0, -2]]), dim=1)", cum_params,
     any_dim(scan(ReduceKind::Min, {D::Same, D::Index}, "min")));
  rd(t, "torch.logcumsumexp torch.Tensor.logcumsumexp", "Running ln(Σ e^x) along dim, computed without overflow.",
     "torch.logcumsumexp(torch.tensor([[0.0, 1.0, 2.0], [10.0, 10.0, -5.0]]), dim=1)", cum_params, logcumsumexp_spec());
}

}  // namespace whence
