// reduce_family.cpp - the shared run, explain and equation of every many-to-one op.
#include "kernels/reduce/reduce_family.hpp"

#include <cstdio>
#include <deque>

#include "core/budget.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/common/fast_paths.hpp"
#include "kernels/cpu/convert.hpp"
#include "kernels/cpu/launch.hpp"
#include "kernels/elementwise/elementwise_family.hpp"
#include "kernels/reduce/reduce.hpp"
#include "kernels/reduce/reduce_lines.hpp"

namespace whence {

namespace {

const ReduceSpec& reduce_spec(const Bound& b) { return *static_cast<const ReduceSpec*>(b.op->family_data); }

// A bound call, ready to reduce: the folded dims, the result shape and dtypes, and (after
// load_values) the input cast once to double or int64, the accumulators' domains.
struct Reduction {
  Tensor input;   // as given
  Tensor typed;   // cast to dtype= when given
  Tensor values;  // contiguous double or int64 copy, read by the element function
  ReduceArgs args;
  Shape out_shape;
  std::vector<DType> dtypes;
  ReduceParams params;
};

DType result_dtype(const ReduceSpec& spec, ReduceDType rule, DType in, const Value& dtype) {
  const bool given = dtype.is<DType>();
  switch (rule) {
    case ReduceDType::SumLike: return given ? dtype.as<DType>() : is_integral(in, true) ? DType::Int64 : in;
    case ReduceDType::Same: return in;
    case ReduceDType::IntToFloat: return is_floating(in) ? in : DType::Float32;
    case ReduceDType::FloatOnly: {
      char msg[400];
      if (spec.float_input_required && !is_floating(in)) {  // nanmean: the input first
        std::snprintf(msg, sizeof msg, spec.float_only_message, dtype_scalar_name(in));
        fail("RuntimeError", msg, "input");
      }
      if (given) {
        if (!is_floating(dtype.as<DType>()) && spec.dtype_message) {
          std::snprintf(msg, sizeof msg, spec.dtype_message, dtype_scalar_name(dtype.as<DType>()));
          fail("RuntimeError", msg, "dtype");
        }
        if (!spec.float_input_required || is_floating(in)) return dtype.as<DType>();
      }
      if (!is_floating(in)) {
        std::snprintf(msg, sizeof msg, spec.float_only_message, dtype_scalar_name(in));
        fail("RuntimeError", msg, "input");
      }
      return in;
    }
    case ReduceDType::Bool: return in == DType::UInt8 ? DType::UInt8 : DType::Bool;
    case ReduceDType::Int64:
    case ReduceDType::Index: break;
  }
  return DType::Int64;
}

Reduction prepare(const Bound& b, const ReduceSpec& spec) {
  Reduction r;
  r.input = b.tensor(0);
  const Tensor& x = r.input;
  const std::vector<int> dims = [&] {
    if (spec.any_dim_for_scalar && x.dim() == 0) return std::vector<int>{};  // cummax of a 0-d tensor
    try {
      return reduction_dims(arg(b, "dim"), x.dim());
    } catch (Error& e) {
      e.arg = "dim";
      throw;
    }
  }();
  if (spec.check) spec.check(b, x, dims);
  const Value& dtype = arg(b, "dtype");
  if (spec.refuse & (1u << unsigned(x.dtype())))
    fail("RuntimeError", "\"" + spec.kernel_name + "\" not implemented for '" + dtype_scalar_name(x.dtype()) + "'");
  for (ReduceDType rule : spec.results) r.dtypes.push_back(result_dtype(spec, rule, x.dtype(), dtype));
  if (dtype.is<DType>() && (spec.refuse_result & (1u << unsigned(r.dtypes[0]))))
    fail("RuntimeError", "\"" + spec.result_kernel + "\" not implemented for '" + dtype_scalar_name(r.dtypes[0]) + "'");
  if (spec.params) spec.params(b, r.params);
  r.params.later_ties = spec.scan;

  // dtype= casts the input before it is reduced (sum(int tensor, dtype=torch.float16) rounds first).
  r.typed = dtype.is<DType>() ? cast_tensor(x, dtype.as<DType>()) : x;

  const bool keepdim = arg(b, "keepdim").is<bool>() && arg(b, "keepdim").as<bool>();
  ReduceArgs& a = r.args;
  std::vector<bool> folded(std::size_t(x.dim()), false);
  for (int d : dims) folded[std::size_t(d)] = true;
  for (int d = 0; d < x.dim(); ++d) {
    if (folded[std::size_t(d)]) {
      a.reduced[a.nreduced++] = d;
      a.slice *= x.shape()[std::size_t(d)];
      if (keepdim) r.out_shape.push_back(1);
    } else {
      a.kept[a.nkept++] = d;
      r.out_shape.push_back(x.shape()[std::size_t(d)]);
    }
  }
  if (spec.scan) r.out_shape = x.shape();
  if (spec.keepdim_scalar_as_1d && keepdim && x.dim() == 0 && !arg(b, "dim").is<None>()) r.out_shape = {1};
  if (!spec.empty_name.empty() && a.slice == 0 && shape_numel(r.out_shape) > 0) {
    char msg[400];
    if (dims.size() == std::size_t(x.dim()) && arg(b, "dim").is<None>()) {
      std::snprintf(msg, sizeof msg, spec.empty_full, spec.empty_name.c_str());
      fail(spec.empty_full_type, msg, "input");
    }
    std::snprintf(msg, sizeof msg, spec.empty_dim, spec.empty_name.c_str(), a.nreduced ? a.reduced[0] : 0);
    fail("IndexError", msg, "dim");
  }
  return r;
}

// The element function's input: r.typed as double or int64.
void load_values(Reduction& r) {
  charge_work(r.typed.numel());  // once per run, but once per element explained too
  r.values = cast_tensor(r.typed, is_floating(r.typed.dtype()) ? DType::Float64 : DType::Int64);
  r.args.in = to_ktensor(r.values, 0);
}

// sum, mean, logsumexp and max/min with indices over adjacent dims, cumsum and cumprod,
// straight from the typed input (reduce_lines.hpp).
bool run_lines(const Reduction& r, const ReduceSpec& spec, std::vector<Tensor>& out) {
  const ReduceArgs& a = r.args;
  if (spec.scan) return out.size() == 1 && a.nreduced == 1 && scan_lines(spec.kind, r.typed, a.reduced[0], out[0]);
  if (a.nreduced == 0 || a.reduced[a.nreduced - 1] != a.reduced[0] + a.nreduced - 1) return false;
  if (out.size() == 2 && spec.results[1] == ReduceDType::Index)  // max(x, dim): values, indices
    return arg_lines(spec.kind, r.typed, a.reduced[0], a.nreduced, out[0], out[1]);
  return out.size() == 1 && reduce_lines(spec.kind, r.typed, a.reduced[0], a.nreduced, out[0]);
}

template <class T, class Access>
Accumulator<T> fold(const Reduction& r, const ReduceSpec& spec, std::int64_t flat, Access& access) {
  Accumulator<T> acc(spec.kind, r.params);
  if (spec.scan)
    scan_element<T>(r.args, flat, access, acc);
  else
    reduce_element<T>(r.args, flat, access, acc);
  return acc;
}

template <class T>
void write_element(const Accumulator<T>& acc, const ReduceSpec& spec, std::vector<Tensor>& out, std::int64_t flat) {
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (spec.results[k] == ReduceDType::Index)
      out[k].set(flat, Scalar::from_int(acc.winner));
    else if (is_floating(out[k].dtype()))
      out[k].set(flat, Scalar::from_float(acc.value(int(k))));
    else
      out[k].set(flat, Scalar::from_int(acc.integer(int(k))));
  }
}

// A scan in one pass per line: the running accumulator is written after each element.
template <class T>
void write_scan(const Reduction& r, const ReduceSpec& spec, std::vector<Tensor>& out) {
  const ReduceArgs& a = r.args;
  if (a.nreduced == 0) {  // a 0-d tensor: its one element
    Accumulator<T> acc(spec.kind, r.params);
    acc.add(r.values.data<T>()[0], 0);
    return write_element(acc, spec, out, 0);
  }
  const int d = a.reduced[0];
  const std::int64_t len = a.in.shape[d];
  const std::int64_t lines = len ? out[0].numel() / len : 0;
  const Shape strides = contiguous_strides(r.values.shape());
  const T* v = r.values.data<T>();
  std::int64_t coord[kKernelMaxRank] = {};
  for (std::int64_t line = 0; line < lines; ++line) {
    std::int64_t base = 0;
    for (int k = 0; k < a.nkept; ++k) base += coord[a.kept[k]] * strides[std::size_t(a.kept[k])];
    Accumulator<T> acc(spec.kind, r.params);
    for (std::int64_t i = 0; i < len; ++i) {
      const std::int64_t at = base + i * strides[std::size_t(d)];
      acc.add(v[at], i);
      write_element(acc, spec, out, at);
    }
    for (int k = a.nkept - 1; k >= 0; --k) {  // next line
      if (++coord[a.kept[k]] < a.in.shape[a.kept[k]]) break;
      coord[a.kept[k]] = 0;
    }
  }
}

// reduce_element's plain walk (FastPath::AddRun's reference): every slice element read at its
// own coordinates and added one at a time. (kRecords: the element function's reading branch;
// nothing is recorded.)
struct PlainAccess {
  static constexpr bool kRecords = true;
  template <class T>
  T read(const KTensor& t, const std::int64_t* coord, Role) const {
    return static_cast<const T*>(t.data)[storage_offset(t, coord)];
  }
};

template <class T, class Access>
void write_folds(const Reduction& r, const ReduceSpec& spec, std::vector<Tensor>& out, Access& access) {
  const std::int64_t n = out[0].numel();
  for (std::int64_t flat = 0; flat < n; ++flat) {
    write_element(fold<T>(r, spec, flat, access), spec, out, flat);
  }
}

template <class T>
void write_results(const Reduction& r, const ReduceSpec& spec, std::vector<Tensor>& out) {
  if (spec.scan) return write_scan<T>(r, spec, out);
  if (take_fast_path(FastPath::AddRun)) {  // (the compute walk: runs of the innermost reduced dim, add_run)
    ComputeAccess access;
    return write_folds<T>(r, spec, out, access);
  }
  PlainAccess access;
  write_folds<T>(r, spec, out, access);
}

}  // namespace

OpResult reduce_run(const Bound& b) {
  const ReduceSpec& spec = reduce_spec(b);
  Reduction r = prepare(b, spec);
  OpResult result;
  for (DType d : r.dtypes) result.tensors.push_back(Tensor::empty(d, r.out_shape));
  result.is_tuple = result.tensors.size() > 1;
  if (result.tensors[0].numel() == 0) return result;
  if (run_lines(r, spec, result.tensors)) return result;
  load_values(r);
  if (r.values.dtype() == DType::Float64)
    write_results<double>(r, spec, result.tensors);
  else
    write_results<std::int64_t>(r, spec, result.tensors);
  return result;
}

std::vector<Source> reduce_explain(const Bound& b, const OpResult&, int position, std::int64_t flat) {
  const ReduceSpec& spec = reduce_spec(b);
  Reduction r = prepare(b, spec);
  load_values(r);
  CpuExplainAccess access;
  auto mark = [&](const auto& acc, const auto* values) {
    for (std::size_t i = 0; i < access.reads.size(); ++i)  // read i is slice element i
      if (!acc.decided(std::int64_t(i), values[access.reads[i].flat], position)) access.reads[i].role = Role::Compare;
  };
  if (r.values.dtype() == DType::Float64)
    mark(fold<double>(r, spec, flat, access), r.values.data<double>());
  else
    mark(fold<std::int64_t>(r, spec, flat, access), r.values.data<std::int64_t>());
  return std::move(access.reads);
}

std::string reduce_equation(const Bound& b, const OpResult& result, int position, std::int64_t flat,
                            const std::vector<Source>& sources) {
  const ReduceSpec& spec = reduce_spec(b);
  const Tensor& out = result.tensors[std::size_t(position)];
  const Tensor& in = b.tensor(0);
  const std::string lhs = out_ref(result, position, flat);
  std::string refs, vals;
  const std::string name = b.op->params[0].name;
  const std::string sym = spec.symbol;
  const bool infix = sym == "+" || sym == "·";
  const std::string sep = infix ? " " + sym + " " : ", ";
  // Long slices keep their first three and last two terms around the count.
  const std::size_t n = sources.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (n > 8 && i == 3) {
      refs += sep + "… (" + std::to_string(n) + " terms) …";
      vals += sep + "…";
      i = n - 3;
      continue;
    }
    if (i) {
      refs += sep;
      vals += sep;
    }
    refs += name + coords(in.shape(), sources[i].flat);
    vals += format_scalar(in.get(sources[i].flat));
  }
  if (n == 0) refs = vals = "nothing";
  const std::string value = format_scalar(out.get(flat));
  if (infix) return lhs + " = " + refs + " = " + vals + " = " + value;
  return lhs + " = " + sym + "(" + refs + ") = " + sym + "(" + vals + ") = " + value;
}

const OpDescriptor& register_reduce(OpDescriptor op, ReduceSpec spec) {
  static std::deque<ReduceSpec> specs;
  static std::deque<OpDescriptor> ops;
  specs.push_back(std::move(spec));
  op.family_data = &specs.back();
  op.names_resolve = specs.back().names_resolve;
  op.run = reduce_run;
  op.explain = reduce_explain;
  op.equation_fn = reduce_equation;
  ops.push_back(std::move(op));
  return ops.back();
}

}  // namespace whence
