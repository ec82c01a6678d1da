// program_writes.cpp - the statements that write into existing storage: in-place methods
// (x.add_(y), x.masked_fill_(m, 0), x.copy_(y), x += 1) and index assignment (x[0, 1] = 5,
// x[mask] = 0), with PyTorch's checks and messages. A write is a provenance node over the
// written tensor: written elements read the value (and the index that chose them), the others
// read what they held before.
#include <set>
#include <unordered_map>

#include "core/bind.hpp"
#include "core/program/program_run.hpp"
#include "core/promotion.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"

namespace whence {

namespace {

const std::set<std::string>& in_place_methods() {
  static const std::set<std::string> names = {
#include "core/program/inplace_methods.inc"
  };
  return names;
}

// Legacy type names, as "can't assign a str to a torch.LongTensor" says them.
std::string legacy_type(DType d) { return std::string("torch.") + dtype_scalar_name(d) + "Tensor"; }

const char* const kOverlap = " Please clone() the tensor before performing the operation.";

// at::assert_no_internal_overlap: a stretched (stride 0) dim makes elements share memory.
void check_no_internal_overlap(const Tensor& t) {
  for (int d = 0; d < t.dim(); ++d)
    if (t.strides()[std::size_t(d)] == 0 && t.shape()[std::size_t(d)] > 1)
      fail("RuntimeError", std::string("unsupported operation: more than one element of the written-to tensor refers "
                                       "to a single memory location.") +
                               kOverlap);
}

// The element of `src` that element `flat` of a `target`-shaped result reads when `src`
// is broadcast to it (sizes aligned from the right, size-1 dims repeated).
std::int64_t broadcast_source(const Shape& src, const Shape& target, std::int64_t flat) {
  std::int64_t index = 0, stride = 1;
  for (int d = int(target.size()) - 1, s = int(src.size()) - 1; d >= 0; --d, --s) {
    const std::int64_t i = flat % target[std::size_t(d)];
    flat /= target[std::size_t(d)];
    if (s < 0) continue;
    if (src[std::size_t(s)] != 1) index += i * stride;
    stride *= src[std::size_t(s)];
  }
  return index;
}

Tensor snapshot(const Tensor& t) { return t.to(t.dtype()); }  // a contiguous copy

// A Python number as a 0-d tensor of `d`, as PyTorch's setitem converts it.
Tensor scalar_tensor(const Value& v, DType d) {
  Tensor t = Tensor::empty(d, {});
  if (v.is<bool>())
    t.set(0, Scalar::from_bool(v.as<bool>()));
  else if (v.is<std::int64_t>())
    t.set(0, Scalar::from_int(v.as<std::int64_t>()));
  else
    t.set(0, Scalar::from_float(v.as<double>()));
  return t;
}

bool is_number(const Value& v) { return v.is<bool>() || v.is<std::int64_t>() || v.is<double>(); }

}  // namespace

std::string ProgramRun::name_of_storage(const Tensor& t) const {
  for (const std::string& name : main_->order) {
    const Value& v = main_->names.at(name);
    if (v.is<Tensor>() && v.as<Tensor>().storage_id() == t.storage_id() &&
        provenance_.find(v.as<Tensor>()) == provenance_.find(t))
      return name;
  }
  for (const std::string& name : main_->order) {
    const Value& v = main_->names.at(name);
    if (v.is<Tensor>() && v.as<Tensor>().shares_storage(t)) return name;
  }
  const auto path = object_paths_.find(t.storage_id());  // a module's parameter: net.fc1.weight
  return path == object_paths_.end() ? std::string() : path->second;
}

void ProgramRun::record_write(const Tensor& target, const std::vector<std::optional<std::vector<Edge>>>& written,
                              const std::vector<std::optional<Cell>>& before) {
  target.bump_version();
  const std::size_t n = std::size_t(target.numel());
  std::vector<bool> which(n);
  for (std::size_t e = 0; e < n; ++e) which[e] = written[e].has_value();
  SourceTable sources;
  if (provenance_.tracking())
    for (std::size_t e = 0; e < n; ++e) {
      if (written[e])
        for (const Edge& edge : *written[e]) sources.add(edge);
      else if (before[e])
        sources.add(Edge{*before[e], Role::Value});
      sources.next();
    }
  const std::string name = name_of_storage(target);
  const int id = add_node(target, std::move(sources));
  provenance_.node(id).name = name;
  provenance_.wrote(id, which);
}

Value ProgramRun::in_place(const Tensor& written_to, const std::string& name, const List& args,
                           const std::vector<std::pair<std::string, Value>>& kwargs) {
  Tensor self = written_to;  // a handle on the same storage
  if (!in_place_methods().count(name)) fail("AttributeError", "'Tensor' object has no attribute '" + name + "'");
  if (name == "requires_grad_" || name == "detach_" || name == "share_memory_") return self;  // no value changes
  static const std::set<std::string> reshaping = {"t_",      "transpose_", "squeeze_", "unsqueeze_", "as_strided_",
                                                  "resize_", "resize_as_", "set_",     "swapaxes_",  "swapdims_"};
  if (reshaping.count(name))
    fail("Unsupported", "Tensor." + name +
                            " changes a tensor's shape in place, which Whence programs do not support; write x = x." +
                            name.substr(0, name.size() - 1) + "(...) instead");
  if (name == "zero_" || name == "fill_" || name == "copy_") {
    autograd_.before_in_place(self);
    const std::vector<std::optional<Cell>> before = provenance_.cells(self);
    std::vector<std::optional<std::vector<Edge>>> written(std::size_t(self.numel()));
    if (autograd_.enabled() && (autograd_.requires_grad(self) || (!args.empty() && args[0].is<Tensor>() &&
                                                                  autograd_.requires_grad(args[0].as<Tensor>()))))
      fail("Unsupported", "Tensor." + name + " on tensors that require grad is not supported by Whence yet");
    if (step_) step_->ops.push_back("torch.Tensor." + name);
    Tensor value;
    if (name == "zero_") {
      if (!args.empty()) fail("TypeError", "zero_() takes no arguments (" + std::to_string(args.size()) + " given)");
      value = scalar_tensor(std::int64_t(0), self.dtype());
    } else {
      if (args.size() != 1)
        fail("TypeError", name + "() takes exactly one argument (" + std::to_string(args.size()) + " given)");
      const Value& v = args[0];
      if (name == "fill_" && is_number(v))
        value = scalar_tensor(v, self.dtype());
      else if (v.is<Tensor>())
        value = v.as<Tensor>();
      else
        fail("TypeError", name + "(): argument '" + (name == "fill_" ? "value" : "src") + "' (position 1) must be " +
                              (name == "fill_" ? "Number" : "Tensor") + ", not " + python_type_name(v));
      if (name == "fill_" && value.dim() != 0)
        fail("RuntimeError", "fill_ only supports 0-dimension value tensor but got tensor with " +
                                 std::to_string(value.dim()) + " dimensions.");
      if (name == "copy_") {
        const Shape shape = broadcast_shapes(self.shape(), value.shape());
        if (shape != self.shape())
          fail("RuntimeError", "output with shape " + shape_str(self.shape()) + " doesn't match the broadcast shape " +
                                   shape_str(shape));
      }
    }
    check_no_internal_overlap(self);
    const std::vector<std::optional<Cell>> from = provenance_.cells(value);
    const Tensor copy = snapshot(value);
    for (std::int64_t e = 0; e < self.numel(); ++e) {
      const std::int64_t s = broadcast_source(value.shape(), self.shape(), e);
      self.set(e, copy.get(s));
      written[std::size_t(e)].emplace();
      if (from[std::size_t(s)]) written[std::size_t(e)]->push_back(Edge{*from[std::size_t(s)], Role::Value});
    }
    record_write(self, written, before);
    return self;
  }

  // The out-of-place op, or an in-place method registered as an op that computes the values
  // without writing them (the random family's x.uniform_(), x.normal_(), ...).
  std::string op = "torch.Tensor." + name.substr(0, name.size() - 1);
  if (!find_op(op) && find_op("torch.Tensor." + name)) op = "torch.Tensor." + name;
  if (!find_op(op)) fail("Unsupported", "Tensor." + name + " is not supported by Whence yet");
  List with_self{Value(self)};
  with_self.insert(with_self.end(), args.begin(), args.end());
  return write_op_result(self, op, std::move(with_self), kwargs, "Tensor." + name);
}

Value ProgramRun::write_op_result(Tensor self, const std::string& op, List args, Kwargs kwargs,
                                  const std::string& what) {
  autograd_.before_in_place(self);
  const std::vector<std::optional<Cell>> before = provenance_.cells(self);
  std::vector<std::optional<std::vector<Edge>>> written(std::size_t(self.numel()));
  const Evaluation e = run_op(op, std::move(args), std::move(kwargs));
  const Tensor old_self = autograd_.enabled() ? snapshot(self) : Tensor();  // what backward reads as the input
  if (e.python_result || e.result.is_tuple) fail("Unsupported", what + " is not supported by Whence yet");
  const int result_node = provenance_.size() - 1;
  const Tensor result = snapshot(e.result.tensors.at(0));
  if (result.shape() != self.shape())
    fail("RuntimeError", "output with shape " + shape_str(self.shape()) + " doesn't match the broadcast shape " +
                             shape_str(result.shape()));
  if (result.dtype() != self.dtype() && !can_cast(result.dtype(), self.dtype()))
    fail("RuntimeError", std::string("result type ") + dtype_scalar_name(result.dtype()) +
                             " can't be cast to the desired output type " + dtype_scalar_name(self.dtype()));
  check_no_internal_overlap(self);
  for (std::int64_t i = 0; i < self.numel(); ++i) {
    self.set(i, result.get(i));
    written[std::size_t(i)] = std::vector<Edge>{Edge{Cell{result_node, i}, Role::Value}};
  }
  record_write(self, written, before);
  autograd_.after_in_place(self, e.result.tensors.at(0), old_self);
  return self;
}

namespace {

// Dropout that draws nothing (not training, p = 0, an empty input): PyTorch's _dropout_impl
// returns the input itself (`y is x`, and y's grad_fn is x's), where a single call shows a copy.
std::optional<Value> returns_its_input(const OpDescriptor* d, const Call& call) {
  static const std::set<std::string> dropouts = {"torch.nn.functional.dropout", "torch.nn.functional.alpha_dropout",
                                                 "torch.nn.functional.feature_alpha_dropout"};
  if (!d || !dropouts.count(d->names.front())) return std::nullopt;
  Bound b;
  try {
    b = bind(*d, call);
  } catch (const Error&) {
    return std::nullopt;  // the op's own error
  }
  const Value& input = b[std::size_t(d->param_index("input"))];
  const Value& p = b[std::size_t(d->param_index("p"))];
  const Value& training = b[std::size_t(d->param_index("training"))];
  if (!input.is<Tensor>() || !training.is<bool>() || !(p.is<double>() || p.is<std::int64_t>())) return std::nullopt;
  const double prob = p.is<double>() ? p.as<double>() : double(p.as<std::int64_t>());
  if (prob < 0 || prob > 1) return std::nullopt;  // the op's ValueError
  if (training.as<bool>() && prob != 0 && input.as<Tensor>().numel() != 0) return std::nullopt;
  return input;
}

}  // namespace

std::optional<Value> ProgramRun::in_place_call(const Call& call) {
  // PyTorch 1.13's in-place functions: the op without the underscore, written into input.
  static const std::set<std::string> in_place_functions = {"torch.nn.functional.celu_",
                                                           "torch.nn.functional.elu_",
                                                           "torch.nn.functional.hardtanh_",
                                                           "torch.nn.functional.leaky_relu_",
                                                           "torch.nn.functional.relu_",
                                                           "torch.nn.functional.rrelu_",
                                                           "torch.nn.functional.selu_",
                                                           "torch.nn.functional.threshold_",
                                                           "torch.relu_",
                                                           "torch.selu_",
                                                           "torch.celu_",
                                                           "torch.rrelu_",
                                                           "torch.threshold_",
                                                           "torch.dropout_",
                                                           "torch.alpha_dropout_",
                                                           "torch.feature_alpha_dropout_",
                                                           "torch.feature_dropout_"};
  const OpDescriptor* d = find_op(call.op);  // looked up once: this runs before every op of a program
  if (auto same = returns_its_input(d, call)) return same;
  std::string op = call.op;
  List args = call.args;
  Kwargs kwargs = call.kwargs;
  if (in_place_functions.count(op)) {
    op.pop_back();
    if (!find_op(op)) return std::nullopt;  // the call language's error for a missing op
  } else {
    const int k = d ? d->param_index("inplace") : -1;
    if (k < 0) return std::nullopt;
    Value* flag = std::size_t(k) < args.size() ? &args[std::size_t(k)] : nullptr;
    for (auto& [name, v] : kwargs)
      if (name == "inplace") flag = &v;
    // `if inplace:` in PyTorch's Python: a bool or a number; a tensor is the op's to judge
    const bool set =
        flag && ((flag->is<bool>() && flag->as<bool>()) || (flag->is<std::int64_t>() && flag->as<std::int64_t>() != 0));
    if (!set) return std::nullopt;
    *flag = Value(false);
  }
  const Value* input = args.empty() ? nullptr : &args[0];
  for (const auto& [name, v] : kwargs)
    if (name == "input") input = &v;
  if (!input || !input->is<Tensor>()) return std::nullopt;  // the op's own error
  const Tensor self = input->as<Tensor>();
  return write_op_result(self, op, std::move(args), std::move(kwargs), call.op);
}

void ProgramRun::set_item(const Value& base, const Value& index, const Value& value) {
  if (!base.is<Tensor>()) {
    if (base.is<List>())
      fail("Unsupported", "assigning to an item of a " + python_type_name(base) + " is not supported by Whence");
    fail("TypeError", "'" + python_type_name(base) + "' object does not support item assignment");
  }
  Tensor target = base.as<Tensor>();
  Tensor v;
  if (value.is<Tensor>())
    v = value.as<Tensor>();
  else if (is_number(value))
    v = scalar_tensor(value, target.dtype());
  else
    fail("TypeError", "can't assign a " + python_type_name(value) + " to a " + legacy_type(target.dtype()));
  autograd_.before_in_place(target);
  if (autograd_.enabled() && (autograd_.requires_grad(target) || (value.is<Tensor>() && autograd_.requires_grad(v))))
    fail("Unsupported", "assigning into a tensor that requires grad (x[i] = v) is not supported by Whence yet");
  if (step_) step_->ops.push_back("torch.Tensor.__setitem__");

  const Evaluation read = run_op("torch.Tensor.__getitem__", {base, index});
  Tensor selected = read.result.tensors.at(0);
  const std::vector<std::optional<Cell>> before = provenance_.cells(target);
  const std::vector<std::optional<Cell>> from = provenance_.cells(v);
  // Leading size-1 dims of the value are dropped first (PyTorch's slicePrefix1sSize).
  Shape value_shape = v.shape();
  while (!value_shape.empty() && value_shape[0] == 1) value_shape.erase(value_shape.begin());
  const Tensor copy = snapshot(v);
  std::vector<std::optional<std::vector<Edge>>> written(std::size_t(target.numel()));
  auto value_edge = [&](std::int64_t t, std::vector<Edge>& into) {
    const std::int64_t s = broadcast_source(value_shape, selected.shape(), t);
    if (from[std::size_t(s)]) into.push_back(Edge{*from[std::size_t(s)], Role::Value});
    return s;
  };

  if (selected.shares_storage(target)) {  // basic indexing: the selection is a view, copied into
    const Tensor stripped = copy.as_strided(value_shape, contiguous_strides(value_shape), 0);
    expand(stripped, std::vector<std::int64_t>(selected.shape().begin(),
                                               selected.shape().end()));  // PyTorch's error if it cannot
    std::unordered_map<std::int64_t, std::int64_t> element_at;            // storage position -> target element
    for (std::int64_t e = 0; e < target.numel(); ++e) element_at[target.storage_index(e)] = e;
    for (std::int64_t t = 0; t < selected.numel(); ++t) {
      std::vector<Edge> edges;
      const std::int64_t s = value_edge(t, edges);
      selected.set(t, copy.get(s));
      const auto at = element_at.find(selected.storage_index(t));
      if (at != element_at.end()) written[std::size_t(at->second)] = std::move(edges);
    }
    record_write(target, written, before);
    return;
  }

  // Advanced indexing: index_put_. The element of `target` each selected element was read
  // from, and the index elements that chose it, are getitem's relations.
  if (value.is<Tensor>() && v.dtype() != target.dtype())
    fail("RuntimeError", std::string("Index put requires the source and destination dtypes match, got ") +
                             dtype_scalar_name(target.dtype()) + " for the destination and " +
                             dtype_scalar_name(v.dtype()) + " for the source.");
  try {
    if (broadcast_shapes(value_shape, selected.shape()) != selected.shape()) throw Error("RuntimeError", "");
  } catch (const Error&) {
    fail("RuntimeError", "shape mismatch: value tensor of shape " + shape_str(value_shape) +
                             " cannot be broadcast to indexing result of shape " + shape_str(selected.shape()));
  }
  ArgumentCells index_cells;
  for (std::int64_t t = 0; t < selected.numel(); ++t) {
    std::int64_t element = -1;
    std::vector<Edge> edges;
    const std::int64_t s = value_edge(t, edges);
    for (const Source& src : read.op->explain(read.bound, read.result, 0, t)) {
      if (src.param == 0 && src.role == Role::Value) {
        element = src.flat;
        continue;
      }
      if (const auto* cells = argument_cells(read.bound.values.at(std::size_t(src.param)), src.item, index_cells))
        if (const auto& cell = (*cells)[std::size_t(src.flat)]) edges.push_back(Edge{*cell, src.role});
    }
    if (element < 0) continue;
    target.set(element, copy.get(s));
    written[std::size_t(element)] = std::move(edges);
  }
  record_write(target, written, before);
}

}  // namespace whence
