// factory_ops.cpp - the factory family: ops that make a tensor from sizes and Python numbers
// rather than from the values of an input (torch.zeros, ones, full, the *_like ops, arange,
// linspace, logspace, eye, tril_indices, triu_indices). The values come from
// core/factories.cpp (PyTorch's kernels to the bit, shared with the call language's literals);
// this file resolves the dtype, refuses what Whence does not model, and writes the equations,
// which are where these ops teach: out[3] = start + 3·step = 0.5 + 3·1 = 3.5.
// No output element reads an input value, so no element has sources (OPS.md section 4): the
// *_like ops read only their input's shape and dtype.
#include "kernels/factory/factory_ops.hpp"

#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "core/factories.hpp"
#include "core/number_format.hpp"
#include "core/scope.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"

namespace whence {

namespace {

// --- arguments -----------------------------------------------------------------------------

Scalar number_arg(const Bound& b, const char* name) {
  const auto s = number_of(arg(b, name));
  if (!s) fail("TypeError", std::string("argument '") + name + "' must be Number", name);
  return *s;
}

OpResult one(Tensor t) {
  OpResult r;
  r.tensors.push_back(std::move(t));
  return r;
}

std::vector<Source> no_sources(const Bound&, const OpResult&, int, std::int64_t) { return {}; }

// --- numbers in equations ------------------------------------------------------------------

// A Python number as the equation writes it: integral values without ".0" (10, not 10.0).
std::string number_text(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(std::int64_t(v));
  return format_float(v, DType::Float64);
}
std::string number_text(const Scalar& s) { return is_floating(s.dtype) ? number_text(s.f) : std::to_string(s.i); }

// The stored value, after the exact one where an integer dtype changed it ("3.3333333333333335
// → 3 in int64", "257 → 1 in uint8"); a float result is written as stored.
std::string value_text(const std::string& exact, const Scalar& stored, DType d) {
  if (!is_floating(d) && d != DType::Bool && exact != format_scalar(stored))
    return exact + " → " + format_scalar(stored) + " in " + dtype_name(d);
  return format_scalar(stored);
}
std::string value_text(double exact, const Scalar& stored, DType d) {
  return value_text(number_text(exact), stored, d);
}

// --- zeros, ones, full and the *_like ops --------------------------------------------------

OpResult zeros_run(const Bound& b) {
  check_factory_options(b);
  return one(full(size_arg(b), Scalar::from_int(0), dtype_or(b, default_float_dtype())));
}
OpResult ones_run(const Bound& b) {
  check_factory_options(b);
  return one(full(size_arg(b), Scalar::from_int(1), dtype_or(b, default_float_dtype())));
}
// Without dtype= the fill value decides (PyTorch 1.13): a bool gives bool, an int int64, a
// float the default float32.
OpResult full_run(const Bound& b) {
  check_factory_options(b);
  const Scalar fill = number_arg(b, "fill_value");
  const DType inferred = fill.dtype == DType::Bool ? DType::Bool
                         : is_floating(fill.dtype) ? default_float_dtype()
                                                   : DType::Int64;
  return one(full(size_arg(b), fill, dtype_or(b, inferred)));
}
OpResult zeros_like_run(const Bound& b) {
  check_factory_options(b);
  const Tensor& x = tensor_arg(b, "input");
  return one(full(x.shape(), Scalar::from_int(0), dtype_or(b, x.dtype())));
}
OpResult ones_like_run(const Bound& b) {
  check_factory_options(b);
  const Tensor& x = tensor_arg(b, "input");
  return one(full(x.shape(), Scalar::from_int(1), dtype_or(b, x.dtype())));
}
OpResult full_like_run(const Bound& b) {
  check_factory_options(b);
  const Tensor& x = tensor_arg(b, "input");
  return one(full(x.shape(), number_arg(b, "fill_value"), dtype_or(b, x.dtype())));
}

// x.new_zeros(size), x.new_ones(size), x.new_full(size, fill_value): the size given, x's dtype
// (dtype= overrides it); x's values and shape are never read.
OpResult new_filled(const Bound& b, const Scalar& fill) {
  check_factory_options(b);
  return one(full(size_arg(b), fill, dtype_or(b, tensor_arg(b, "input").dtype())));
}
OpResult new_zeros_run(const Bound& b) { return new_filled(b, Scalar::from_int(0)); }
OpResult new_ones_run(const Bound& b) { return new_filled(b, Scalar::from_int(1)); }
OpResult new_full_run(const Bound& b) { return new_filled(b, number_arg(b, "fill_value")); }

// "out[1][2] = 0", "out[0][1] = fill_value = 3.7 → 3 in int32"; the *_like ops add what they read.
std::string fill_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                          const std::vector<Source>&) {
  const Tensor& out = r.tensors[0];
  const Scalar v = out.get(flat);
  std::string eq = out_ref(r, position, flat) + " = ";
  if (b.op->param_index("fill_value") >= 0) {
    const Scalar fill = number_arg(b, "fill_value");
    const std::string given = fill.dtype == DType::Bool ? format_scalar(fill) : number_text(fill);
    eq += "fill_value = " + given;
    if (format_scalar(v) != given) eq += " → " + format_scalar(v) + " in " + dtype_name(out.dtype());
  } else {
    eq += format_scalar(v);
  }
  if (tensor_given(b, "input") && b.op->param_index("size") >= 0)  // x.new_zeros(size)
    eq += std::string(" (only self's dtype ") + dtype_name(tensor_arg(b, "input").dtype()) + " is read)";
  else if (tensor_given(b, "input"))
    eq += " (only input's shape " + shape_str(tensor_arg(b, "input").shape()) + " and dtype " +
          dtype_name(tensor_arg(b, "input").dtype()) + " are read)";
  return eq;
}

// --- arange, linspace, logspace ------------------------------------------------------------

OpResult arange_run(const Bound& b) {
  check_factory_options(b);
  const Value& d = arg(b, "dtype");
  return one(arange(arg(b, "start"), arg(b, "end"), arg(b, "step"),
                    d.is<DType>() ? std::optional<DType>(d.as<DType>()) : std::nullopt));
}

// torch.range(start, end, step): end included, deprecated (its UserWarning goes to the program's
// step). PyTorch 1.13's range_out: start, end and step in the dtype's accumulator (double for
// float32/float64, float for bfloat16 and float16, int64 for integers, with c10's overflow
// check), floor((end − start)/step) + 1 elements, element i = start + i·step in the accumulator,
// then stored (uint8 wraps). The dtype is the default float dtype unless dtype= says: never
// inferred from the numbers. float16 has no kernel in 1.13 and is computed as newer PyTorch does.
std::string c_double(double v) {  // as a C++ stream prints it (PyTorch's messages)
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

OpResult range_run(const Bound& b) {
  check_factory_options(b);
  python_warning(
      "UserWarning: torch.range is deprecated and will be removed in a future release because its behavior is "
      "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in [start, end).");
  const DType d = dtype_or(b, default_float_dtype());
  if (d == DType::Bool) fail("RuntimeError", "\"range_cpu\" not implemented for 'Bool'", "dtype");
  const bool floating = is_floating(d), narrow = d == DType::Float16 || d == DType::BFloat16;
  const DType acc = floating ? (narrow ? DType::Float32 : DType::Float64) : DType::Int64;
  const Scalar start = checked_scalar(number_arg(b, "start"), acc, "start");
  const Scalar end = checked_scalar(number_arg(b, "end"), acc, "end");
  const Scalar step = checked_scalar(number_arg(b, "step"), acc, "step");
  auto held = [&](const Scalar& v) { return floating ? v.f : double(v.i); };
  const double xs = held(start), xe = held(end), xd = held(step);
  if (!(xd > 0 || xd < 0)) fail("RuntimeError", "step must be nonzero", "step");
  if (!std::isfinite(xs) || !std::isfinite(xe))
    fail("RuntimeError",
         "unsupported range: " + (floating ? c_double(xs) : std::to_string(start.i)) + " -> " +
             (floating ? c_double(xe) : std::to_string(end.i)),
         std::isfinite(xs) ? "end" : "start");
  if (!((xd > 0 && xe >= xs) || (xd < 0 && xe <= xs)))
    fail("RuntimeError", "upper bound and lower bound inconsistent with step sign", "step");
  // The size as PyTorch's range computes it: int64 arithmetic that wraps, and x86's conversion of
  // a double past int64 (INT64_MIN), which then is no SymInt.
  std::int64_t size = 0;
  if (!floating) {
    const std::int64_t span = wrapping_sub(end.i, start.i);
    const std::int64_t steps = step.i == -1 ? wrapping_sub(0, span) : span / step.i;  // (no trap)
    size = wrapping_add(steps, 1);
  } else if (narrow) {
    size = float_to_int64((float(xe) - float(xs)) / float(xd) + 1.0f);
  } else {
    size = float_to_int64((xe - xs) / xd + 1);
  }
  check_sym_int(size, "end");
  check_limits({size});
  Tensor out = Tensor::empty(d, {size});
  for (std::int64_t i = 0; i < size; ++i) {
    if (!floating)
      out.set(i, Scalar::from_int(std::int64_t(std::uint64_t(start.i) + std::uint64_t(i) * std::uint64_t(step.i))));
    else if (narrow)
      out.set(i, Scalar::from_float(double(float(xs) + float(i) * float(xd))));
    else
      out.set(i, Scalar::from_float(xs + double(i) * xd));
  }
  return one(out);
}

// out[3] = start + 3·step = 0.5 + 3·1 = 3.5; an integer result counts from start and step
// truncated to ints, as PyTorch does.
std::string arange_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                            const std::vector<Source>&) {
  const Tensor& out = r.tensors[0];
  Scalar start = number_arg(b, "start"), step = number_arg(b, "step");
  if (!is_floating(out.dtype())) {
    start = Scalar::from_int(is_floating(start.dtype) ? std::int64_t(start.f) : start.i);
    step = Scalar::from_int(is_floating(step.dtype) ? std::int64_t(step.f) : step.i);
  }
  const std::string k = std::to_string(flat);
  std::string exact = number_text(start.as_double() + double(flat) * step.as_double());
  std::int64_t product = 0, sum = 0;  // integers: exactly, where int64 holds it
  if (!is_floating(out.dtype()) && !__builtin_mul_overflow(flat, step.i, &product) &&
      !__builtin_add_overflow(start.i, product, &sum))
    exact = std::to_string(sum);
  return out_ref(r, position, flat) + " = start + " + k + "·step = " + number_text(start) + " + " + k + "·" +
         number_text(step) + " = " + value_text(exact, out.get(flat), out.dtype());
}

OpResult linspace_run(const Bound& b) {
  check_factory_options(b);
  return one(linspace(number_arg(b, "start"), number_arg(b, "end"), int_arg(b, "steps", 0),
                      dtype_or(b, default_float_dtype())));
}
OpResult logspace_run(const Bound& b) {
  check_factory_options(b);
  return one(logspace(number_arg(b, "start"), number_arg(b, "end"), int_arg(b, "steps", 0), double_arg(b, "base", 10.0),
                      dtype_or(b, default_float_dtype())));
}

// start and end as the output dtype holds them (linspace(-5, 5, dtype=torch.uint8) starts at 251).
double held(const Scalar& v, DType d) { return stored_value(d, v); }
std::string held_text(double v, DType d) { return is_floating(d) ? number_text(round_to_dtype(v, d)) : number_text(v); }

// out[2] = start + 2·(end − start)/(steps − 1) = 0 + 2·(1 − 0)/4 = 0.5; the second half from
// the end, as PyTorch computes it.
std::string linspace_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                              const std::vector<Source>&) {
  const Tensor& out = r.tensors[0];
  const DType d = out.dtype();
  const std::int64_t steps = out.numel();
  const Scalar v = out.get(flat);
  const std::string lhs = out_ref(r, position, flat);
  if (steps == 1) return lhs + " = start = " + value_text(number_arg(b, "start").as_double(), v, d);
  const double a = held(number_arg(b, "start"), d), e = held(number_arg(b, "end"), d);
  const std::string span = "(" + held_text(e, d) + " − " + held_text(a, d) + ")/" + std::to_string(steps - 1);
  const double step = (e - a) / double(steps - 1);
  if (flat < steps / 2) {
    const std::string k = std::to_string(flat);
    const double exact = a + double(flat) * step;
    return lhs + " = start + " + k + "·(end − start)/(steps − 1) = " + held_text(a, d) + " + " + k + "·" + span +
           " = " + value_text(exact, v, d);
  }
  const std::string k = std::to_string(steps - 1 - flat);
  const double exact = e - double(steps - 1 - flat) * step;
  return lhs + " = end − " + k + "·(end − start)/(steps − 1) = " + held_text(e, d) + " − " + k + "·" + span + " = " +
         value_text(exact, v, d) + " (PyTorch computes the second half back from end)";
}

// out[1] = base^(start + 1·step) = 10^(0 + 1·1) = 10, step = (end − start)/(steps − 1).
std::string logspace_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                              const std::vector<Source>&) {
  const Tensor& out = r.tensors[0];
  const DType d = out.dtype() == DType::Float16 ? DType::Float32 : out.dtype();  // (float16 is computed as float32)
  const std::int64_t steps = out.numel();
  const Scalar v = out.get(flat);
  const double base = double_arg(b, "base", 10.0);
  const std::string lhs = out_ref(r, position, flat), x = number_text(base);
  if (steps == 1) {
    const double start = number_arg(b, "start").as_double(), exact = std::pow(base, start);
    return lhs + " = base^start = " + x + "^" + number_text(start) + " = " + value_text(exact, v, d);
  }
  const double a = held(number_arg(b, "start"), d), e = held(number_arg(b, "end"), d);
  const double step = (e - a) / double(steps - 1);
  const bool first = flat < steps / 2;
  const std::int64_t k = first ? flat : steps - 1 - flat;
  const double exact = std::pow(base, first ? a + double(k) * step : e - double(k) * step);
  const std::string ks = std::to_string(k);
  return lhs + " = base^(" + (first ? "start + " : "end − ") + ks + "·step) = " + x + "^(" +
         held_text(first ? a : e, d) + (first ? " + " : " − ") + ks + "·" + number_text(step) +
         ") = " + value_text(exact, v, d) + " with step = (end − start)/(steps − 1)" +
         (first ? "" : " (PyTorch computes the second half back from end)");
}

// --- eye, tril_indices, triu_indices -------------------------------------------------------

OpResult eye_run(const Bound& b) {
  check_factory_options(b);
  const std::int64_t n = int_arg(b, "n", 0);
  const std::int64_t m = arg(b, "m").is<None>() ? n : int_arg(b, "m", n);
  if (n < 0) fail("RuntimeError", "n must be greater or equal to 0, got " + std::to_string(n), "n");
  if (m < 0) fail("RuntimeError", "m must be greater or equal to 0, got " + std::to_string(m), "m");
  Tensor t = full({n, m}, Scalar::from_int(0), dtype_or(b, default_float_dtype()));
  for (std::int64_t i = 0; i < n && i < m; ++i) t.set(i * m + i, Scalar::from_int(1));
  return one(t);
}

std::string eye_equation(const Bound&, const OpResult& r, int position, std::int64_t flat, const std::vector<Source>&) {
  const Tensor& out = r.tensors[0];
  const std::int64_t m = out.shape()[1];
  return out_ref(r, position, flat) + " = " + format_scalar(out.get(flat)) +
         (flat / m == flat % m ? " (diagonal)" : " (off the diagonal)");
}

// tril_indices: the (row, col) of a row × col matrix with col ≤ row + offset, row by row;
// triu_indices: those with col ≥ row + offset. Output [0][k] is the k-th row index, [1][k] its
// column.
bool is_tril(const Bound& b) { return b.op->names.front() == "torch.tril_indices"; }

// How many positions of row r the triangle has.
std::int64_t tri_row_count(bool lower, std::int64_t r, std::int64_t col, std::int64_t offset) {
  const auto clamp = [col](double x) { return std::int64_t(std::min(std::max(x, 0.0), double(col))); };
  return lower ? clamp(double(r) + double(offset) + 1) : col - clamp(double(r) + double(offset));
}

OpResult tri_indices_run(const Bound& b) {
  check_factory_options(b);
  const bool lower = is_tril(b);
  const char* name = lower ? "tril_indices" : "triu_indices";
  const std::int64_t row = int_arg(b, "row", 0), col = int_arg(b, "col", 0), offset = int_arg(b, "offset", 0);
  if (row < 0) fail("RuntimeError", "row must be non-negative, got" + std::to_string(row), "row");  // (sic: no space)
  if (col < 0) fail("RuntimeError", "col must be non-negative, got" + std::to_string(col), "col");
  // The count in closed form (rows can be many more than the positions): the lower triangle's
  // rows [lo, hi) grow by one position each, the rows from hi on are full.
  const auto tril_count = [&](double o) {
    if (row == 0 || col == 0) return 0.0;
    const double lo = std::min(std::max(-o, 0.0), double(row)),
                 hi = std::min(std::max(double(col) - o - 1, lo), double(row));
    return (hi - lo) * (lo + hi + 2 * o + 1) / 2 + (double(row) - hi) * double(col);
  };
  const double count_d =
      lower ? tril_count(double(offset)) : double(row) * double(col) - tril_count(double(offset) - 1);
  const std::int64_t count = count_d >= 4.6e18 ? INT64_MAX / 2 : std::int64_t(count_d);  // (2·count fits int64)
  check_limits({2, count});
  const DType d = dtype_or(b, DType::Int64);
  if (d != DType::Int64 && d != DType::Int32)
    fail("RuntimeError", std::string("\"") + name + "\" not implemented for '" + dtype_scalar_name(d) + "'", "dtype");
  Tensor t = Tensor::empty(d, {2, count});
  std::int64_t k = 0;
  // Rows before the triangle's first have no positions (tril with a negative offset).
  for (std::int64_t r = lower ? std::min(std::max(-offset, std::int64_t(0)), row) : 0; k < count && r < row; ++r) {
    const std::int64_t n = tri_row_count(lower, r, col, offset), c0 = lower ? 0 : col - n;
    for (std::int64_t c = c0; c < c0 + n && k < count; ++c, ++k) {
      t.set(k, Scalar::from_int(r));
      t.set(count + k, Scalar::from_int(c));
    }
  }
  return one(t);
}

// out[0][4] = row of the 5th element on or below the diagonal = 2
std::string tri_indices_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                                 const std::vector<Source>&) {
  const Tensor& out = r.tensors[0];
  const std::int64_t count = out.shape()[1], k = flat % count, offset = int_arg(b, "offset", 0);
  const std::string diagonal =
      offset == 0 ? "the diagonal"
                  : "diagonal " + std::string(offset > 0 ? "+" : "−") + std::to_string(std::llabs(offset));
  return out_ref(r, position, flat) + " = " + (flat < count ? "row" : "column") + " of the " + ordinal(k + 1) +
         " element " + (is_tril(b) ? "on or below " : "on or above ") + diagonal + " = " + format_scalar(out.get(flat));
}

// --- descriptors ---------------------------------------------------------------------------

Param kw(const char* name, ParamType type, Value dflt) {
  return Param{name, type, true, true, std::move(dflt), false, true};
}
Param pos(const char* name, ParamType type) { return Param{name, type}; }
Param pos_default(const char* name, ParamType type, Value dflt) {
  return Param{name, type, false, true, std::move(dflt), false, true};
}

// dtype, layout, device, pin_memory, requires_grad: every factory's options, after `first`.
std::vector<Param> with_options(std::vector<Param> first, bool out = true) {
  if (out) first.push_back(Param{"out", ParamType::OutTensor, true, true, Value(None{})});
  for (Param p : {kw("dtype", ParamType::DType, None{}), kw("layout", ParamType::String, None{}),
                  kw("device", ParamType::String, None{}), kw("pin_memory", ParamType::Bool, false),
                  kw("requires_grad", ParamType::Bool, false)})
    first.push_back(std::move(p));
  return first;
}

}  // namespace

void add_factory_ops(std::vector<const OpDescriptor*>& t) {
  const char* family = "factory";
  const Param size = pos("size", ParamType::IntList), names = kw("names", ParamType::String, None{});
  const Param fill_value = pos("fill_value", ParamType::Number), input = pos("input", ParamType::Tensor);
  const Param memory_format = kw("memory_format", ParamType::String, None{});
  add_op(t, composite_op("torch.zeros", family,
                         "A new tensor of the given size filled with 0 (float32 unless dtype= says otherwise).",
                         "torch.zeros(2, 3)", with_options({size, names}), zeros_run, no_sources, fill_equation));
  add_op(t, composite_op("torch.ones", family,
                         "A new tensor of the given size filled with 1 (float32 unless dtype= says otherwise).",
                         "torch.ones(2, 3)", with_options({size, names}), ones_run, no_sources, fill_equation));
  add_op(t, composite_op("torch.full", family,
                         "A new tensor of the given size with every element set to fill_value; its type picks the "
                         "dtype (int64, float32 or bool).",
                         "torch.full((2, 3), 7)", with_options({size, fill_value, names}), full_run, no_sources,
                         fill_equation));
  add_op(t, composite_op("torch.zeros_like", family,
                         "Zeros in the shape and dtype of the input; the input's values are never read.",
                         "torch.zeros_like(torch.tensor([[1, 2, 3], [4, 5, 6]]))",
                         with_options({input, memory_format}, false), zeros_like_run, no_sources, fill_equation));
  add_op(t, composite_op("torch.ones_like", family,
                         "Ones in the shape and dtype of the input; the input's values are never read.",
                         "torch.ones_like(torch.tensor([[1.5, 2.5], [3.5, 4.5]]))",
                         with_options({input, memory_format}, false), ones_like_run, no_sources, fill_equation));
  add_op(t, composite_op("torch.full_like", family,
                         "fill_value in the shape and dtype of the input: the value is converted to the input's dtype, "
                         "so 3.7 becomes 3 for integers.",
                         "torch.full_like(torch.tensor([[1, 2], [3, 4]]), 3.7)",
                         with_options({input, fill_value, memory_format}, false), full_like_run, no_sources,
                         fill_equation));
  add_op(t, composite_op("torch.Tensor.new_zeros", family,
                         "Zeros of the size given, in self's dtype (dtype= overrides it); self's values and shape "
                         "are never read.",
                         "torch.tensor([1.5, 2.5]).new_zeros(2, 3)", with_options({input, size}, false), new_zeros_run,
                         no_sources, fill_equation));
  add_op(t, composite_op("torch.Tensor.new_ones", family,
                         "Ones of the size given, in self's dtype (dtype= overrides it); self's values and shape are "
                         "never read.",
                         "torch.tensor([1, 2, 3]).new_ones((2, 2))", with_options({input, size}, false), new_ones_run,
                         no_sources, fill_equation));
  add_op(t, composite_op("torch.Tensor.new_full", family,
                         "fill_value in the size given and self's dtype: 3.7 becomes 3 for an integer self.",
                         "torch.tensor([1, 2]).new_full((2, 3), 3.7)", with_options({input, size, fill_value}, false),
                         new_full_run, no_sources, fill_equation));
  // arange's and range's parameters (range includes end).
  const auto start_end_step =
      with_options({pos_default("start", ParamType::Number, std::int64_t(0)), pos("end", ParamType::Number),
                    pos_default("step", ParamType::Number, std::int64_t(1))});
  add_op(t, composite_op(
                "torch.arange", family,
                "Numbers from start up to but not including end, step apart: ceil((end − start)/step) of them, int64 "
                "for ints, else float32.",
                "torch.arange(1, 4, 0.5)", start_end_step, arange_run, no_sources, arange_equation));
  add_op(t, composite_op("torch.range", family,
                         "Numbers from start to end with end included, step apart (deprecated: torch.arange leaves "
                         "end out); float32 unless dtype= says otherwise.",
                         "torch.range(1, 4)", start_end_step, range_run, no_sources, arange_equation));
  add_op(t, composite_op("torch.linspace", family, "steps numbers evenly spaced from start to end, both ends included.",
                         "torch.linspace(0, 1, steps=5)",
                         with_options({pos("start", ParamType::Number), pos("end", ParamType::Number),
                                       pos("steps", ParamType::Int)}),
                         linspace_run, no_sources, linspace_equation));
  add_op(t, composite_op(
                "torch.logspace", family,
                "steps powers of base whose exponents are evenly spaced from start to end: base^start … base^end.",
                "torch.logspace(0, 3, steps=4)",
                with_options({pos("start", ParamType::Number), pos("end", ParamType::Number),
                              pos("steps", ParamType::Int), pos_default("base", ParamType::Float, 10.0)}),
                logspace_run, no_sources, logspace_equation));
  add_op(t, composite_op("torch.eye", family,
                         "An n × m matrix with ones on the diagonal and zeros elsewhere (the identity when square).",
                         "torch.eye(3)",
                         with_options({pos("n", ParamType::Int), pos_default("m", ParamType::Int, None{})}), eye_run,
                         no_sources, eye_equation));
  const std::vector<Param> tri = with_options(
      {pos("row", ParamType::Int), pos("col", ParamType::Int), pos_default("offset", ParamType::Int, std::int64_t(0))},
      false);
  add_op(t, composite_op("torch.tril_indices", family,
                         "The coordinates of the lower triangle of a row × col matrix, row by row: out[0] holds the "
                         "rows, out[1] the columns.",
                         "torch.tril_indices(3, 3)", tri, tri_indices_run, no_sources, tri_indices_equation));
  add_op(t, composite_op("torch.triu_indices", family,
                         "The coordinates of the upper triangle of a row × col matrix, row by row: out[0] holds the "
                         "rows, out[1] the columns.",
                         "torch.triu_indices(3, 3, 1)", tri, tri_indices_run, no_sources, tri_indices_equation));
}

}  // namespace whence
