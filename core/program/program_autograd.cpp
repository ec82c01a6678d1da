// program_autograd.cpp - autograd in a program (program_autograd.hpp).
#include "core/program/program_autograd.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "core/dtype.hpp"
#include "core/error.hpp"
#include "core/grad_fn.hpp"
#include "core/python_builtins.hpp"
#include "core/shape.hpp"

namespace whence {

namespace {

// The call's op as its last name component, as the call spelled it ("exp", "__rpow__").
std::string short_name(const Evaluation& e) {
  const std::string& name = e.bound.name.empty() ? e.op->names.at(0) : e.bound.name;
  return name.substr(name.rfind('.') + 1);
}

// Whether PyTorch's backward of this call saves its result (derivatives.yaml's formulas that
// read `result`: exp's, relu's threshold_backward, softmax's), so that writing the result in
// place before backward is PyTorch's version error. Others save only inputs, or nothing.
bool saves_result(const Evaluation& e) {
  static const std::set<std::string> by_result = {
      "exp",          "exp2",       "expm1",       "sigmoid",     "tanh",        "tan",     "sqrt",
      "rsqrt",        "reciprocal", "relu",        "softmax",     "log_softmax", "softmin", "logsumexp",
      "cumprod",      "prod",       "norm",        "dist",        "std",         "amax",    "amin",
      "logcumsumexp", "expit",      "vector_norm", "matrix_norm", "__rpow__",    "inverse", "inv",
      "det",          "cholesky",   "log_ndtr",    "erfcx",       "i0e",         "i1",      "i1e"};
  const std::string name = short_name(e);
  if (name == "max" || name == "min") return !e.result.is_tuple;      // max(dim) saves its indices
  if (name == "pow" || name == "float_power" || name == "__pow__") {  // a tensor exponent's backward reads the result
    for (std::size_t i = 1; i < e.bound.values.size(); ++i)
      if (e.bound.values[i].is<Tensor>()) return true;
    return !e.bound.values.empty() && !e.bound.values[0].is<Tensor>();
  }
  return by_result.count(name) > 0;
}

// Whether its backward reads its tensor inputs: not add's or sub's (their gradients are constants),
// nor x * 2's or x / 2's (mul.Scalar and div.Scalar save only the number).
bool saves_inputs(const Evaluation& e) {
  static const std::set<std::string> by_number = {"mul", "__mul__", "__rmul__",    "multiply",
                                                  "div", "divide",  "__truediv__", "true_divide"};
  static const std::set<std::string> never = {"add",      "__add__", "__radd__", "sub", "__sub__",
                                              "__rsub__", "rsub",    "subtract", "neg", "__neg__"};
  const std::string name = short_name(e);
  if (never.count(name)) return false;
  if (!by_number.count(name)) return true;
  int tensors = 0;
  for (const Value& v : e.bound.values) tensors += v.is<Tensor>();
  return tensors > 1;
}

// The dropout family's grad_fn, which the grad goldens (deterministic ops only) leave out: PyTorch
// 1.13's _dropout_impl is input * noise (MulBackward0), and alpha dropout's then .add_(b)
// (AddBackward0) unless p is 1. "" for other ops. (Not training, PyTorch returns the input itself.)
std::string dropout_grad_fn(const Evaluation& e) {
  const std::string& op = e.op->names.front();
  if (op != "torch.nn.functional.dropout" && op != "torch.nn.functional.alpha_dropout" &&
      op != "torch.nn.functional.feature_alpha_dropout")
    return "";
  const int k = e.op->param_index("p");
  const bool alpha = op != "torch.nn.functional.dropout";
  const bool all =
      k >= 0 && e.bound.values[std::size_t(k)].is<double>() && e.bound.values[std::size_t(k)].as<double>() == 1;
  return alpha && !all ? "AddBackward0" : "MulBackward0";
}

// Whether its backward reads the result alone (relu, exp, softmax, ...): its inputs may be
// written in place before backward.
bool saves_only_result(const Evaluation& e) {
  static const std::set<std::string> only_result = {
      "exp",  "exp2",    "expm1",       "sigmoid", "tanh",  "tan",      "sqrt",    "rsqrt", "reciprocal",
      "relu", "softmax", "log_softmax", "softmin", "expit", "__rpow__", "inverse", "inv",   "cholesky"};
  return only_result.count(short_name(e)) > 0;
}

const char* kSecondBackward =
    "Trying to backward through the graph a second time (or directly access saved tensors after they have already "
    "been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). "
    "Specify retain_graph=True if you need to backward through the graph a second time or if you need to access "
    "saved tensors after calling backward.";
const char* kNonLeafGrad =
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad attribute won't be "
    "populated during autograd.backward(). If you indeed want the .grad field to be populated for a non-leaf "
    "Tensor, use .retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor by mistake, make sure you "
    "access the leaf Tensor instead. See github.com/pytorch/pytorch/pull/30531 for more informations.";

const Value* kwarg(const Kwargs& kwargs, const char* name) {
  for (const auto& [k, v] : kwargs)
    if (k == name) return &v;
  return nullptr;
}

// Positional argument i, else keyword `name`, else nullptr (None counts as absent).
const Value* argument(const List& args, const Kwargs& kwargs, std::size_t i, const char* name) {
  const Value* v = i < args.size() ? &args[i] : kwarg(kwargs, name);
  return v && !v->is<None>() ? v : nullptr;
}

std::vector<double> values_of(const Tensor& t) {
  std::vector<double> out(std::size_t(t.numel()));
  for (std::int64_t i = 0; i < t.numel(); ++i) out[std::size_t(i)] = t.get(i).as_double();
  return out;
}

std::vector<Tensor> tensors_of(const Value& v, const char* what) {
  std::vector<Tensor> out;
  if (v.is<Tensor>()) return {v.as<Tensor>()};
  if (v.is<List>())
    for (const Value& item : v.as<List>()) {
      if (!item.is<Tensor>())
        fail("TypeError",
             std::string(what) + " must be a Tensor or a sequence of Tensors, not " + python_type_name(item));
      out.push_back(item.as<Tensor>());
    }
  else
    fail("TypeError", std::string(what) + " must be a Tensor or a sequence of Tensors, not " + python_type_name(v));
  return out;
}

std::string torch_tensor_type(DType d) { return std::string("torch.") + dtype_scalar_name(d) + "Tensor"; }

}  // namespace

ProgramAutograd::Info* ProgramAutograd::find(const Tensor& t) {
  const auto it = info_.find(t.object_id());
  return it == info_.end() ? nullptr : &it->second;
}

const ProgramAutograd::Info* ProgramAutograd::find(const Tensor& t) const {
  const auto it = info_.find(t.object_id());
  return it == info_.end() ? nullptr : &it->second;
}

bool ProgramAutograd::requires_grad(const Tensor& t) const {
  const Info* i = find(t);
  return i && i->requires_grad;
}

std::string ProgramAutograd::repr_note(const Tensor& t) const {
  const Info* i = find(t);
  if (!i || !i->requires_grad) return "";
  return i->grad_fn ? "grad_fn=<" + i->grad_fn->name + ">" : "requires_grad=True";
}

GradNode::Next ProgramAutograd::next_of(const Tensor& t) {
  Info* i = find(t);
  if (!i || !i->requires_grad) return {};
  if (i->grad_fn) return {i->grad_fn, i->output};
  if (!i->accumulate) {
    i->accumulate = std::make_shared<GradNode>();
    i->accumulate->name = "AccumulateGrad";
    i->accumulate->sequence = ++sequence_;
    i->accumulate->leaf = t.object_id();
  }
  return {i->accumulate, 0};
}

void ProgramAutograd::set_requires_grad(const Tensor& t, bool on, bool by_method) {
  if (on && !is_floating(t.dtype()))
    fail("RuntimeError", by_method ? "only Tensors of floating point dtype can require gradients"
                                   : "Only Tensors of floating point and complex dtype can require gradients");
  Info& i = info_[t.object_id()];
  if (i.grad_fn && !on)
    fail("RuntimeError",
         "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a "
         "subgraph that doesn't require differentiation use var_no_grad = var.detach().");
  i.requires_grad = on || i.grad_fn;
  i.tensor = t;
}

void ProgramAutograd::record(const Evaluation& e, const char* grad_fn) {
  if (e.python_result || !e.op) return;
  // A factory's requires_grad=True: its result is a leaf that requires grad.
  const int rg = e.op->param_index("requires_grad");
  if (rg >= 0 && std::size_t(rg) < e.bound.values.size() && e.bound.values[std::size_t(rg)].is<bool>() &&
      e.bound.values[std::size_t(rg)].as<bool>()) {
    for (const Tensor& t : e.result.tensors) set_requires_grad(t, true, false);
    return;
  }
  if (!enabled_ || info_.empty()) return;  // nothing requires grad yet: no graph to grow
  bool needed = false;                     // before copying the call: does any argument require grad?
  for (const GradArgument& a : grad_arguments(e)) needed = needed || requires_grad(*a.tensor);
  if (!needed) return;
  auto node = std::make_shared<GradNode>();
  node->evaluation = std::make_shared<const Evaluation>(e);
  node->arguments = grad_arguments(*node->evaluation);
  bool any = false;
  std::set<std::uint64_t> inputs;
  for (const GradArgument& a : node->arguments) {
    node->next.push_back(next_of(*a.tensor));
    node->versions.push_back(a.tensor->version());
    any = any || node->next.back().node;
    inputs.insert(a.tensor->object_id());
  }
  if (!any) return;
  node->name = grad_fn ? grad_fn : grad_fn_name(*node->evaluation);
  if (node->name.empty()) node->name = dropout_grad_fn(*node->evaluation);
  if (node->name.empty()) {  // not in PyTorch's table: the op's name, CamelCase, without PyTorch's overload number
    std::string op = e.op->names.front().substr(e.op->names.front().rfind('.') + 1);
    std::string camel;
    bool upper = true;
    for (char c : op) {
      if (c == '_') {
        upper = true;
        continue;
      }
      camel += upper ? char(std::toupper(static_cast<unsigned char>(c))) : c;
      upper = false;
    }
    node->name = camel + "Backward";
  }
  node->sequence = ++sequence_;
  for (const Tensor& t : e.result.tensors) node->result_versions.push_back(t.version());
  for (std::size_t pos = 0; pos < e.result.tensors.size(); ++pos) {
    const Tensor& t = e.result.tensors[pos];
    const bool differentiable = grad_result(e, int(pos)) && !inputs.count(t.object_id());
    node->outputs.push_back(differentiable ? t.object_id() : 0);
    if (!differentiable) continue;
    Info& i = info_[t.object_id()];
    i = Info{};
    i.requires_grad = true;
    i.grad_fn = node;
    i.output = int(pos);
    i.tensor = t;
  }
}

void ProgramAutograd::before_in_place(const Tensor& self) const {
  if (!enabled_) return;
  const Info* i = find(self);
  if (i && i->requires_grad && !i->grad_fn)
    fail("RuntimeError", "a leaf Variable that requires grad is being used in an in-place operation.");
  if (i && i->grad_fn && i->grad_fn->evaluation)
    for (const GradArgument& a : i->grad_fn->arguments)
      if (a.tensor->shares_storage(self)) {
        const Info* base = find(*a.tensor);
        if (base && base->requires_grad && !base->grad_fn)
          fail("RuntimeError", "a view of a leaf Variable that requires grad is being used in an in-place operation.");
        fail("Unsupported",
             "an in-place write into a view of a tensor that requires grad (PyTorch's CopySlices) is not supported by "
             "Whence yet; write the result to a new name instead");
      }
}

void ProgramAutograd::after_in_place(const Tensor& self, const Tensor& computed, const Tensor& old_self) {
  if (!enabled_) return;
  if (Info* c = find(computed); c && c->grad_fn && c->grad_fn->evaluation) {
    // The op read self before the write: its backward reads that copy, not what self holds now.
    GradNode& node = *c->grad_fn;
    auto copy = std::make_shared<Evaluation>(*node.evaluation);
    for (Value& v : copy->bound.values)
      if (v.is<Tensor>() && v.as<Tensor>().shares_storage(self)) v = Value(old_self);
    node.evaluation = copy;
    node.arguments = grad_arguments(*copy);
    for (std::size_t a = 0; a < node.arguments.size() && a < node.versions.size(); ++a)
      if (node.arguments[a].tensor->shares_storage(old_self)) node.versions[a] = old_self.version();
  }
  Info* c = find(computed);
  if (!c || !c->requires_grad) {
    if (Info* s = find(self); s && s->grad_fn) {  // written over by values that need no gradient
      s->requires_grad = false;
      s->grad_fn = nullptr;
    }
    return;
  }
  Info& s = info_[self.object_id()];
  s.requires_grad = true;
  s.grad_fn = c->grad_fn;
  s.output = c->output;
  s.tensor = self;
  s.grad_fn->outputs[std::size_t(c->output)] = self.object_id();
  // The in-place variants whose backward reads the result, not the input, are classes of their
  // own in PyTorch (derivatives.yaml's elu_, celu_, leaky_relu_, rrelu_with_noise_, threshold_).
  static const std::set<std::string> result_backward = {"EluBackward0", "CeluBackward0", "LeakyReluBackward0",
                                                        "RreluWithNoiseBackward0", "ThresholdBackward0"};
  if (result_backward.count(s.grad_fn->name)) s.grad_fn->name.back() = '1';
}

void ProgramAutograd::accumulate_grad(Info& info, const std::vector<double>& g, const std::vector<Tensor>& reads) {
  if (!info.grad) {
    info.grad = grad_tensor(info.tensor, g);
    if (on_gradient) on_gradient(*info.grad, true, reads);
    return;
  }
  Tensor& grad = *info.grad;  // accumulated in place, as PyTorch does: an earlier `g = x.grad` sees it
  const Tensor step = grad_tensor(info.tensor, g);
  for (std::int64_t k = 0; k < grad.numel(); ++k)
    grad.set(k, Scalar::from_float(grad.get(k).as_double() + step.get(k).as_double()));
  if (on_gradient) on_gradient(grad, false, reads);
}

std::vector<std::optional<std::vector<double>>> ProgramAutograd::run_backward(
    const std::vector<Tensor>& roots, const std::vector<std::vector<double>>& grads, bool retain_graph,
    const std::vector<Tensor>* capture, const std::vector<Tensor>& reads) {
  // Upstream gradients per node and output, filled as the walk goes.
  std::unordered_map<GradNode*, std::vector<std::vector<double>>> upstream;
  std::vector<std::shared_ptr<GradNode>> order;
  std::set<GradNode*> seen;
  auto add = [&](const GradNode::Next& next, const std::vector<double>& g, std::size_t size) {
    auto& slot = upstream[next.node.get()];
    const std::size_t outputs = next.node->evaluation ? next.node->outputs.size() : 1;
    if (slot.size() < outputs) slot.resize(outputs);
    auto& buffer = slot[std::size_t(next.output)];
    if (buffer.empty()) buffer.assign(size, 0.0);
    for (std::size_t k = 0; k < g.size() && k < buffer.size(); ++k) buffer[k] += g[k];
  };
  std::vector<GradNode::Next> stack;
  for (std::size_t r = 0; r < roots.size(); ++r) {
    const GradNode::Next next = next_of(roots[r]);
    if (!next.node)
      fail("RuntimeError",
           "element " + std::to_string(r) + " of tensors does not require grad and does not have a grad_fn");
    add(next, grads[r], std::size_t(roots[r].numel()));
    stack.push_back(next);
  }
  while (!stack.empty()) {  // every node reachable from the roots
    const GradNode::Next n = stack.back();
    stack.pop_back();
    if (!seen.insert(n.node.get()).second) continue;
    order.push_back(n.node);
    for (const GradNode::Next& m : n.node->next)
      if (m.node) stack.push_back(m);
  }
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a->sequence > b->sequence; });

  std::vector<std::optional<std::vector<double>>> captured(capture ? capture->size() : 0);
  if (!capture) {
    last_order_ = order;
    last_upstream_.clear();
  }
  auto capture_at = [&](const GradNode* node, int output, const std::vector<double>& g) {
    if (!capture) return;
    for (std::size_t c = 0; c < capture->size(); ++c) {
      const Info* i = find((*capture)[c]);
      if (!i) continue;
      const bool here = node->evaluation ? i->grad_fn.get() == node && i->output == output
                                         : !i->grad_fn && node->leaf == (*capture)[c].object_id();
      if (here) captured[c] = g;
    }
  };
  for (const auto& node : order) {
    auto& slots = upstream[node.get()];
    if (!node->evaluation) {  // AccumulateGrad
      if (slots.empty() || slots[0].empty()) continue;
      capture_at(node.get(), 0, slots[0]);
      if (!capture)
        if (auto it = info_.find(node->leaf); it != info_.end()) accumulate_grad(it->second, slots[0], reads);
      continue;
    }
    const GradRule* rule = grad_rule(node->evaluation->op);
    const bool saves = !rule || rule->saves_values;
    if (node->released && saves) fail("RuntimeError", kSecondBackward);
    for (std::size_t pos = 0; pos < node->outputs.size() && pos < slots.size(); ++pos) {
      if (slots[pos].empty()) continue;
      capture_at(node.get(), int(pos), slots[pos]);
      auto it = info_.find(node->outputs[pos]);
      if (!capture && it != info_.end() && it->second.retains_grad && it->second.grad_fn == node)
        accumulate_grad(it->second, slots[pos], reads);
    }
    // A saved tensor (an argument, or a result where the backward reads it: saves_result) written in place since
    // the op ran: PyTorch's version check.
    const auto modified = [&](const Tensor& t, std::uint64_t expected, const std::string& made_by) {
      if (!saves || t.version() == expected) return;
      fail("RuntimeError",
           "one of the variables needed for gradient computation has been modified by an inplace operation: [" +
               torch_tensor_type(t.dtype()) + " " + shape_str(t.shape()) + "]" + made_by + " is at version " +
               std::to_string(t.version()) + "; expected version " + std::to_string(expected) +
               " instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
               "with torch.autograd.set_detect_anomaly(True).");
    };
    // An input: named by the grad_fn it has now, as PyTorch's SavedVariable names the original.
    for (std::size_t a = 0; a < node->arguments.size(); ++a) {
      const Tensor& t = *node->arguments[a].tensor;
      if (!saves || t.version() == node->versions[a] || !saves_inputs(*node->evaluation)) continue;
      if (saves_only_result(*node->evaluation))  // PyTorch saved the result; Whence's backward reads the input
        fail("Unsupported",
             "the backward of " + node->name +
                 " reads its input in Whence, and that input was written "
                 "in place after the op ran (PyTorch saves the result instead); write into a clone() of it");
      const Info* now = find(t);
      modified(t, node->versions[a],
               now && now->grad_fn
                   ? ", which is output " + std::to_string(now->output) + " of " + now->grad_fn->name + ","
                   : "");
    }
    for (std::size_t pos = 0; saves_result(*node->evaluation) && pos < node->result_versions.size(); ++pos)
      modified(node->evaluation->result.tensors[pos], node->result_versions[pos],
               ", which is output " + std::to_string(pos) + " of " + node->name + ",");
    slots.resize(node->outputs.size());
    const auto input_grads = op_backward(*node->evaluation, slots, node->arguments);
    if (!capture) last_upstream_[node.get()] = slots;
    for (std::size_t a = 0; a < node->arguments.size(); ++a)
      if (node->next[a].node) add(node->next[a], input_grads[a], input_grads[a].size());
  }
  if (!retain_graph)
    for (const auto& node : order)
      if (node->evaluation) node->released = true;
  return captured;
}

ProgramAutograd::Explained ProgramAutograd::explain_grad(const Tensor& t, std::int64_t flat) const {
  Explained out;
  const Info* i = find(t);
  if (!i || !i->requires_grad) return out;
  for (const auto& node : last_order_) {
    const auto up = last_upstream_.find(node.get());
    if (!node->evaluation || up == last_upstream_.end()) continue;
    for (std::size_t a = 0; a < node->arguments.size(); ++a) {
      const GradNode::Next& n = node->next[a];
      const bool reads_t =
          n.node && (i->grad_fn ? n.node == i->grad_fn && n.output == i->output : n.node == i->accumulate);
      if (!reads_t) continue;
      out.reached = true;
      for (const GradTerm& g : grad_terms(*node->evaluation, up->second, node->arguments[a], flat)) {
        out.terms.push_back(
            Term{node->name, node->evaluation->result.tensors[std::size_t(g.position)], g.out, g.upstream, g.local});
        out.total += g.upstream * g.local;
      }
    }
  }
  return out;
}

std::optional<Value> ProgramAutograd::attribute(const Value& self, const std::string& name, bool call) {
  if (self.is<GradFnRef>()) {
    const GradNode& node = *self.as<GradFnRef>().node;
    if (name == "name" && call) return Value(node.name);
    if (name == "next_functions" && !call) {
      List out;
      for (const GradNode::Next& n : node.next) {
        List pair{n.node ? Value(GradFnRef{n.node, n.node->name}) : Value(None{}), Value(std::int64_t(n.output))};
        Value p(pair);
        p.is_tuple = true;
        out.push_back(p);
      }
      Value v(out);
      v.is_tuple = true;
      return v;
    }
    if (name == "variable" && !call && !node.evaluation)
      if (auto it = info_.find(node.leaf); it != info_.end()) return Value(it->second.tensor);
    fail("AttributeError", "'" + node.name + "' object has no attribute '" + name + "'");
  }
  if (call || !self.is<Tensor>()) return std::nullopt;
  const Tensor& t = self.as<Tensor>();
  const Info* i = find(t);
  if (name == "requires_grad") return Value(bool(i && i->requires_grad));
  if (name == "is_leaf") return Value(bool(!i || !i->grad_fn));
  if (name == "retains_grad") return Value(bool(i && i->retains_grad && i->grad_fn));
  if (name == "grad_fn") {
    if (!i || !i->grad_fn) return Value(None{});
    return Value(GradFnRef{i->grad_fn, i->grad_fn->name});
  }
  if (name == "grad") {
    if (i && i->grad_fn && !i->retains_grad && warn) warn(std::string("UserWarning: ") + kNonLeafGrad);
    if (!i || !i->grad) return Value(None{});
    return Value(*i->grad);
  }
  return std::nullopt;
}

void ProgramAutograd::set_attribute(const Tensor& self, const std::string& name, const Value& v) {
  if (name == "requires_grad") {
    if (!v.is<bool>()) fail("TypeError", "requires_grad must be a bool");
    return set_requires_grad(self, v.as<bool>(), false);
  }
  if (name == "grad") {
    Info& i = info_[self.object_id()];
    if (!i.tensor.defined()) i.tensor = self;
    if (v.is<None>()) {
      i.grad.reset();
      return;
    }
    if (!v.is<Tensor>())
      fail("TypeError", "assigned grad expected to be a Tensor or None but got grad of type " + python_type_name(v));
    const Tensor& g = v.as<Tensor>();
    if (g.dtype() != self.dtype()) fail("RuntimeError", "assigned grad has data of a different type");
    if (g.shape() != self.shape()) fail("RuntimeError", "assigned grad has data of a different size");
    i.grad = g;
    return;
  }
  fail("Unsupported", "assigning to the attribute ." + name + " of a tensor is not supported by Whence");
}

std::optional<Value> ProgramAutograd::method(const Tensor& self, const std::string& name, const List& args,
                                             const Kwargs& kwargs) {
  if (name == "requires_grad_") {
    const Value* v = argument(args, kwargs, 0, "requires_grad");
    set_requires_grad(self, v ? python_bool(*v) : true, true);
    return Value(self);
  }
  if (name == "retain_grad") {
    Info* i = find(self);
    if (!i || !i->requires_grad) fail("RuntimeError", "can't retain_grad on Tensor that has requires_grad=False");
    if (i->grad_fn) i->retains_grad = true;
    return Value(None{});
  }
  if (name == "detach_") {
    if (Info* i = find(self)) {
      i->grad_fn = nullptr;
      i->requires_grad = false;
    }
    return Value(self);
  }
  if (name == "backward") {
    const Value* gradient = argument(args, kwargs, 0, "gradient");
    const Value* retain = argument(args, kwargs, 1, "retain_graph");
    const Value* create = argument(args, kwargs, 2, "create_graph");
    if (create && python_bool(*create))
      fail("Unsupported", "create_graph=True (gradients of gradients) is not supported by Whence yet");
    if (argument(args, kwargs, 3, "inputs")) fail("Unsupported", "backward(inputs=...) is not supported by Whence yet");
    std::vector<double> g;
    std::vector<Tensor> reads{self};
    if (gradient) {
      if (!gradient->is<Tensor>()) fail("TypeError", "gradient must be a Tensor, not " + python_type_name(*gradient));
      const Tensor& gt = gradient->as<Tensor>();
      if (gt.shape() != self.shape())
        fail("RuntimeError", "Mismatch in shape: grad_output[0] has a shape of torch.Size(" + shape_str(gt.shape()) +
                                 ") and output[0] has a shape of torch.Size(" + shape_str(self.shape()) + ").");
      g = values_of(gt);
      reads.push_back(gt);
    } else {
      if (!requires_grad(self))
        fail("RuntimeError", "element 0 of tensors does not require grad and does not have a grad_fn");
      if (self.numel() != 1) fail("RuntimeError", "grad can be implicitly created only for scalar outputs");
      g = {1.0};
    }
    run_backward({self}, {g}, retain && python_bool(*retain), nullptr, reads);
    return Value(None{});
  }
  return std::nullopt;
}

std::optional<Value> ProgramAutograd::function(const std::string& name, const List& args, const Kwargs& kwargs) {
  if (name == "torch.is_grad_enabled") return Value(enabled_);
  if (name == "torch.set_grad_enabled") {
    const Value* v = argument(args, kwargs, 0, "mode");
    if (!v || !v->is<bool>()) fail("TypeError", "set_grad_enabled(): argument 'mode' must be bool");
    enabled_ = v->as<bool>();
    return Value(None{});
  }
  if (name == "torch.no_grad" || name == "torch.enable_grad")
    fail("Unsupported", name + "() is a context manager: write `with " + name + "():` and indent the lines it covers");
  if (name == "torch.autograd.grad" || name == "torch.autograd.backward") {
    const Value* outputs_v = argument(args, kwargs, 0, name == "torch.autograd.grad" ? "outputs" : "tensors");
    if (!outputs_v) fail("TypeError", name.substr(15) + "() missing required argument");
    const std::vector<Tensor> outputs = tensors_of(*outputs_v, "outputs");
    const bool is_grad = name == "torch.autograd.grad";
    const Value* inputs_v = is_grad ? argument(args, kwargs, 1, "inputs") : nullptr;
    const Value* grad_outputs = argument(args, kwargs, is_grad ? 2 : 1, is_grad ? "grad_outputs" : "grad_tensors");
    const Value* retain = argument(args, kwargs, is_grad ? 3 : 2, "retain_graph");
    const Value* create = argument(args, kwargs, is_grad ? 4 : 3, "create_graph");
    const Value* allow_unused = is_grad ? argument(args, kwargs, 6, "allow_unused") : nullptr;
    if (create && python_bool(*create))
      fail("Unsupported", "create_graph=True (gradients of gradients) is not supported by Whence yet");
    std::vector<std::vector<double>> grads;
    std::vector<Tensor> reads = outputs;
    std::vector<Value> given;
    if (grad_outputs) {
      if (grad_outputs->is<List>())
        given = grad_outputs->as<List>();
      else
        given = {*grad_outputs};
    }
    for (std::size_t k = 0; k < outputs.size(); ++k) {
      if (k < given.size() && given[k].is<Tensor>()) {
        grads.push_back(values_of(given[k].as<Tensor>()));
        reads.push_back(given[k].as<Tensor>());
        continue;
      }
      if (outputs[k].numel() != 1) fail("RuntimeError", "grad can be implicitly created only for scalar outputs");
      grads.push_back({1.0});
    }
    if (!is_grad) {
      run_backward(outputs, grads, retain && python_bool(*retain), nullptr, reads);
      return Value(None{});
    }
    if (!inputs_v) fail("TypeError", "grad() missing required argument 'inputs'");
    const std::vector<Tensor> inputs = tensors_of(*inputs_v, "inputs");
    for (const Tensor& t : inputs)
      if (!requires_grad(t)) fail("RuntimeError", "One of the differentiated Tensors does not require grad");
    const auto captured = run_backward(outputs, grads, retain && python_bool(*retain), &inputs, reads);
    List out;
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      if (!captured[k]) {
        if (!allow_unused || !python_bool(*allow_unused))
          fail("RuntimeError",
               "One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if "
               "this is the desired behavior.");
        out.push_back(Value(None{}));
        continue;
      }
      Tensor g = grad_tensor(inputs[k], *captured[k]);
      if (on_gradient) on_gradient(g, true, reads);
      out.push_back(Value(g));
    }
    Value v(out);
    v.is_tuple = true;
    return v;
  }
  return std::nullopt;
}

}  // namespace whence
