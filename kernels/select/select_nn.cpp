// select_nn.cpp - the two lookups of torch.nn.functional: one_hot (out[..., c] is 1 where the
// index names class c) and embedding (out[..., j] = weight[index][j], the rows renormalized
// first when max_norm is given, as PyTorch does to the weight in place).
#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/select/select_common.hpp"

namespace whence {

namespace {

// --- one_hot(input, num_classes=-1) ------------------------------------------------------------

std::int64_t one_hot_classes(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  std::int64_t n = int_arg(b, "num_classes", -1);
  if (in.dtype() != DType::Int64) fail("RuntimeError", "one_hot is only applicable to index tensor.", "input");
  if (in.numel() == 0) {
    if (n <= 0) fail("RuntimeError", "Can not infer total number of classes from empty tensor.", "num_classes");
    return n;
  }
  std::int64_t lo = 0, hi = 0;  // flat elements of the smallest and the largest value
  for (std::int64_t i = 0; i < in.numel(); ++i) {
    if (in.get(i).i < in.get(lo).i) lo = i;
    if (in.get(i).i > in.get(hi).i) hi = i;
  }
  if (in.get(lo).i < 0) fail_at("RuntimeError", "Class values must be non-negative.", "input", lo);
  if (n == -1) return in.get(hi).i + 1;
  if (n <= in.get(hi).i) {
    if (n <= 0) fail("RuntimeError", "Class values must be smaller than num_classes.", "num_classes");
    fail_at("RuntimeError", "Class values must be smaller than num_classes.", "input", hi);
  }
  return n;
}

OpResult one_hot_run(const Bound& b) {
  const Tensor& in = tensor_arg(b, "input");
  const std::int64_t n = one_hot_classes(b);
  Shape shape = in.shape();
  shape.push_back(n);
  check_limits(shape);
  Tensor out = Tensor::empty(DType::Int64, shape);
  for (std::int64_t i = 0; i < in.numel(); ++i) out.set(i * n + in.get(i).i, Scalar::from_int(1));
  return {{out}, false};
}

// out[i][c] is decided by input[i] alone; with a single class there is nothing to decide.
std::vector<Source> one_hot_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  const std::int64_t n = r.tensors[0].shape().back();
  if (n < 2) return {};
  return {source(b, "input", flat / n, Role::Index)};
}

std::string one_hot_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                             const std::vector<Source>&) {
  const Tensor& in = tensor_arg(b, "input");
  const std::int64_t n = r.tensors[0].shape().back(), i = flat / n, c = flat % n;
  const std::int64_t v = in.get(i).i;
  return out_ref(r, position, flat) + " = " + out_value(r, position, flat) + "  (input" + coords(in.shape(), i) +
         " = " + std::to_string(v) + (v == c ? ", which is this class" : ", not class " + std::to_string(c)) + ")";
}

// --- embedding(input, weight, padding_idx, max_norm, norm_type, ...) ------------------------------

const char* tensor_type_name(DType d) {  // "torch.FloatTensor", as checkScalarTypes names a tensor
  switch (d) {
    case DType::Bool: return "CPUBoolType";  // (no legacy tensor type name: the backend's)
    case DType::UInt8: return "torch.ByteTensor";
    case DType::Int8: return "torch.CharTensor";
    case DType::Int16: return "torch.ShortTensor";
    case DType::Int32: return "torch.IntTensor";
    case DType::Int64: return "torch.LongTensor";
    case DType::Float16: return "torch.HalfTensor";
    case DType::BFloat16: return "CPUBFloat16Type";
    case DType::Float32: return "torch.FloatTensor";
    case DType::Float64: break;
  }
  return "torch.DoubleTensor";
}

struct Embedding {
  Tensor weight;               // as read: renormalized rows where max_norm asked for it
  std::vector<bool> renormed;  // per row of weight
  bool max_norm_given = false;
  double max_norm = 0, p = 2;
};

void check_indices(const Tensor& idx, const char* who, int argno) {
  if (idx.dtype() != DType::Int64 && idx.dtype() != DType::Int32)
    fail("RuntimeError",
         std::string("Expected tensor for argument #") + std::to_string(argno) +
             " 'indices' to have one of the following scalar types: Long, Int; but got " +
             tensor_type_name(idx.dtype()) + " instead (while checking arguments for " + who + ")",
         "input");
}

// The vector p-norm of a row as PyTorch's norm computes it, in the row's precision.
double row_norm(const Tensor& w, std::int64_t r, double p) {
  std::vector<double> v;
  for (std::int64_t j = 0; j < w.shape()[1]; ++j) v.push_back(w.get(r * w.shape()[1] + j).as_double());
  const double n = pnorm(v, p);
  return round_to_dtype(n, w.dtype());  // norm() returns the row's dtype
}

// F.embedding is Python: what its code does before torch.embedding, with Python's own errors
// (a non-tensor reaches `weight.size(0)` or `input.contiguous()`), then the argument types of
// the native calls it makes: embedding_renorm_(weight, input, max_norm, norm_type) with
// max_norm, and embedding(weight, input, padding_idx, scale_grad_by_freq, sparse).
void embedding_python_checks(const Bound& b) {
  const Value& input = arg(b, "input");
  const Value& weight = arg(b, "weight");
  const Value& pad = arg(b, "padding_idx");
  const Value& max_norm = arg(b, "max_norm");
  auto number = [](const Value& v) { return v.is<std::int64_t>() || v.is<double>() || v.is<bool>(); };
  auto attribute = [](const Value& v, const char* name) {
    fail("AttributeError", "'" + python_type_name(v) + "' object has no attribute '" + name + "'");
  };
  auto native = [](const char* fn, const char* param, int position, const char* type, const Value& v) {
    fail("TypeError",
         std::string(fn) + "(): argument '" + param + "' (position " + std::to_string(position) + ") must be " + type +
             ", not " + python_type_name(v),
         param);
  };
  if (!pad.is<None>()) {
    if (!number(pad))
      fail("TypeError", "'>' not supported between instances of '" + python_type_name(pad) + "' and 'int'",
           "padding_idx");
    const double v =
        pad.is<double>() ? pad.as<double>() : double(pad.is<bool>() ? pad.as<bool>() : pad.as<std::int64_t>());
    if (v != 0) {
      if (!weight.is<Tensor>()) attribute(weight, "size");
      const Tensor& w = weight.as<Tensor>();
      if (w.dim() == 0) fail("IndexError", "Dimension specified as 0 but tensor has no dimensions", "weight");
      const double rows = double(w.shape()[0]);
      if ((v > 0 && !(v < rows)) || (v < 0 && !(v >= -rows)))
        fail("AssertionError", "Padding_idx must be within num_embeddings", "padding_idx");
    }
  }
  if (!max_norm.is<None>()) {
    if (!input.is<Tensor>()) attribute(input, "contiguous");
    if (!weight.is<Tensor>()) native("embedding_renorm_", "input", 1, "Tensor", weight);
    if (!number(max_norm) || max_norm.is<bool>()) native("embedding_renorm_", "max_norm", 3, "float", max_norm);
    const Value& p = arg(b, "norm_type");
    if (!number(p) || p.is<bool>()) native("embedding_renorm_", "norm_type", 4, "float", p);
  }
  if (!weight.is<Tensor>()) native("embedding", "weight", 1, "Tensor", weight);
  if (!input.is<Tensor>()) native("embedding", "indices", 2, "Tensor", input);
  if (!pad.is<None>() && !pad.is<std::int64_t>()) native("embedding", "padding_idx", 3, "int", pad);
  if (!arg(b, "scale_grad_by_freq").is<bool>())
    native("embedding", "scale_grad_by_freq", 4, "bool", arg(b, "scale_grad_by_freq"));
  if (!arg(b, "sparse").is<bool>()) native("embedding", "sparse", 5, "bool", arg(b, "sparse"));
}

Embedding prepare_embedding(const Bound& b) {
  embedding_python_checks(b);
  const Tensor& idx = tensor_arg(b, "input");
  const Tensor& weight = tensor_arg(b, "weight");
  Embedding e;
  e.weight = weight.contiguous();
  const Value& mn = arg(b, "max_norm");
  if (!mn.is<None>()) {  // torch.embedding_renorm_ on the referenced rows, in place, smallest index first
    e.max_norm_given = true;
    e.max_norm = double_arg(b, "max_norm", 0);
    e.p = double_arg(b, "norm_type", 2);
    if (weight.dim() != 2)
      fail("RuntimeError",
           "Expected " + std::to_string(2) + "-dimensional tensor, but got " + std::to_string(weight.dim()) +
               "-dimensional tensor for argument #1 'self' (while checking arguments for embedding_renorm_)",
           "weight");
    check_indices(idx, "embedding_renorm_", 2);
    std::vector<std::int64_t> rows;
    for (std::int64_t i = 0; i < idx.numel(); ++i) rows.push_back(idx.get(i).i);
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    e.weight = weight.to(weight.dtype());  // a copy: Whence never changes its arguments
    e.renormed.assign(std::size_t(weight.shape()[0]), false);
    const std::int64_t n = weight.shape()[0];
    for (std::int64_t r : rows) {
      if (r < -n || r >= n)
        fail("IndexError",
             "select(): index " + std::to_string(r) + " out of range for tensor of size " + shape_str(weight.shape()) +
                 " at dimension 0",
             "input");
      if (!is_floating(weight.dtype()))
        fail("RuntimeError",
             std::string("norm(): input dtype should be either floating point or complex. Got ") +
                 dtype_scalar_name(weight.dtype()) + " instead.",
             "weight");
      const std::int64_t row = r < 0 ? r + n : r;
      const double norm = row_norm(e.weight, row, e.p);
      if (norm > e.max_norm) {
        // (an expanded weight whose row is one memory location cannot be scaled in place)
        if (weight.shape()[1] > 1 && weight.strides()[1] == 0)
          fail("RuntimeError",
               "unsupported operation: more than one element of the written-to tensor refers to a single memory "
               "location. "
               "Please clone() the tensor before performing the operation.",
               "weight");
        const double scale = e.max_norm / (norm + 1e-7);
        for (std::int64_t j = 0; j < weight.shape()[1]; ++j) {
          const std::int64_t f = row * weight.shape()[1] + j;
          const double x = e.weight.get(f).as_double();
          e.weight.set(
              f, Scalar::from_float(weight.dtype() == DType::Float64 ? x * scale : double(float(x) * float(scale))));
        }
        e.renormed[std::size_t(row)] = true;
      }
    }
  }
  // torch.embedding: a 2-D weight, integer indices, then weight.index_select(0, indices)
  if (weight.dim() != 2) fail("RuntimeError", "'weight' must be 2-D", "weight");
  check_indices(idx, "embedding", 1);
  const std::int64_t n = weight.shape()[0];
  if (idx.numel() == 0) return e;
  if (weight.numel() == 0) {  // index_select's checks on an empty input
    if (n == 0) fail("RuntimeError", "index_select(): self indexing axis dim should be positive", "weight");
    for (std::int64_t i = 0; i < idx.numel(); ++i) {
      const std::int64_t v = idx.get(i).i;
      if (v < 0 || v >= n)
        fail_at("RuntimeError",
                "INDICES element is out of DATA bounds, id=" + std::to_string(v) + " axis_dim=" + std::to_string(n),
                "input", i);
    }
    return e;
  }
  for (std::int64_t i = 0; i < idx.numel(); ++i) {
    const std::int64_t v = idx.get(i).i;
    if (v < 0 || v >= n) fail_at("IndexError", "index out of range in self", "input", i);
  }
  return e;
}

OpResult embedding_run(const Bound& b) {
  Embedding e = prepare_embedding(b);
  const Tensor& idx = tensor_arg(b, "input");
  const std::int64_t d = tensor_arg(b, "weight").shape()[1];
  Shape shape = idx.shape();
  shape.push_back(d);
  check_limits(shape);
  Tensor out = Tensor::empty(e.weight.dtype(), shape);
  for (std::int64_t i = 0; i < idx.numel(); ++i)
    for (std::int64_t j = 0; j < d; ++j) out.set(i * d + j, e.weight.get(idx.get(i).i * d + j));
  OpResult r;
  r.tensors.push_back(out);
  keep_prepared(b, r, std::move(e));
  return r;
}

// out[i][j] reads weight[idx[i]][j] (value) chosen by idx[i] (index). A renormalized row was
// scaled by max_norm / ‖row‖: every element that sets the norm is a value source too (all of
// them for a finite p, the largest ones for p = inf; none with max_norm 0, which zeroes the row).
std::vector<Source> embedding_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  const Embedding& e = prepared_for(b, r, prepare_embedding);
  const Tensor& idx = tensor_arg(b, "input");
  const Tensor& w = tensor_arg(b, "weight");
  const std::int64_t d = w.shape()[1], i = flat / d, j = flat % d, row = idx.get(i).i;
  std::vector<Source> src;
  // (max_norm 0 zeroes every row an index could move to: the index decides nothing)
  if (w.shape()[0] > 1 && !(e.max_norm_given && e.max_norm == 0)) src.push_back(source(b, "input", i, Role::Index));
  const bool renormed = e.max_norm_given && e.renormed[std::size_t(row)];
  if (!renormed) {
    src.push_back(source(b, "weight", row * d + j));
    return src;
  }
  if (e.max_norm == 0) return src;
  double top = 0;
  for (std::int64_t k = 0; k < d; ++k) top = std::max(top, std::fabs(w.get(row * d + k).as_double()));
  for (std::int64_t k = 0; k < d; ++k) {
    const bool sets_norm = std::isinf(e.p) ? std::fabs(w.get(row * d + k).as_double()) == top : e.p != 0;
    if (k == j || sets_norm) src.push_back(source(b, "weight", row * d + k));
  }
  return src;
}

std::string embedding_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                               const std::vector<Source>&) {
  const Embedding& e = prepared_for(b, r, prepare_embedding);
  const Tensor& idx = tensor_arg(b, "input");
  const Tensor& w = tensor_arg(b, "weight");
  const std::int64_t d = w.shape()[1], i = flat / d, j = flat % d, row = idx.get(i).i;
  const std::string lhs = out_ref(r, position, flat), value = out_value(r, position, flat);
  const std::string ref = "weight[" + std::to_string(row) + "][" + std::to_string(j) + "]";
  const std::string why = "input" + coords(idx.shape(), i) + " = " + std::to_string(row);
  if (e.max_norm_given && e.renormed[std::size_t(row)]) {
    const double norm = row_norm(w, row, e.p);
    return lhs + " = " + ref + " · max_norm / ‖weight[" + std::to_string(row) +
           "]‖ = " + format_scalar(w.get(row * d + j)) + " · " + format_float(e.max_norm, DType::Float64) + " / " +
           format_float(norm, w.dtype()) + " = " + value + "  (" + why + "; the row's norm exceeds max_norm)";
  }
  return lhs + " = " + ref + " = " + value + "  (" + why + ")";
}

}  // namespace

void add_select_nn_ops(std::vector<const OpDescriptor*>& t) {
  add_op(t,
         composite_op(
             "torch.nn.functional.one_hot", "select",
             "Turns class indices into rows of zeros with a single 1 at the class: out[..., c] = 1 where input == c.",
             "torch.nn.functional.one_hot(torch.tensor([0, 2, 1, 2]), num_classes=3)",
             {Param{"input", ParamType::Tensor}, Param{"num_classes", ParamType::Int, false, true, Value(-1)}},
             one_hot_run, one_hot_explain, one_hot_equation));
  add_op(t, composite_op("torch.nn.functional.embedding", "select",
                         "A table lookup: each index picks its row of the weight matrix; the output has the indices' "
                         "shape plus the row length.",
                         "torch.nn.functional.embedding(torch.tensor([[2, 0], [1, 2]]), torch.tensor([[0.1, 0.2, 0.3], "
                         "[1.0, 1.1, 1.2], [2.0, 2.1, 2.2]]))",
                         {Param{"input", ParamType::Tensor}, Param{"weight", ParamType::Tensor},
                          Param{"padding_idx", ParamType::Int, false, true, Value(None{}), false, true},
                          Param{"max_norm", ParamType::Float, false, true, Value(None{}), false, true},
                          Param{"norm_type", ParamType::Float, false, true, Value(2.0)},
                          Param{"scale_grad_by_freq", ParamType::Bool, false, true, Value(false)},
                          Param{"sparse", ParamType::Bool, false, true, Value(false)}},
                         embedding_run, embedding_explain, embedding_equation));
}

}  // namespace whence
