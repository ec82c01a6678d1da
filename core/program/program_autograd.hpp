// program_autograd.hpp - PyTorch's autograd in a program: which tensors require grad, the
// backward graph the ops build (grad_fn), backward and torch.autograd.grad, .grad, grad mode.
// Each op's gradient is core/autograd.hpp's vector-Jacobian product through its relations, so
// backward is the graph walked in reverse creation order with those products.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/autograd.hpp"
#include "core/evaluate.hpp"
#include "core/python_builtins.hpp"

namespace whence {

// A node of the backward graph: an op's grad_fn, or a leaf's AccumulateGrad.
struct GradNode {
  std::string name;                              // "MulBackward0", "AccumulateGrad"
  int sequence = 0;                              // creation order: a node's inputs were all made before it
  std::shared_ptr<const Evaluation> evaluation;  // the op's call, its saved tensors (null: AccumulateGrad)
  std::vector<GradArgument> arguments;           // the tensor arguments that get a gradient
  struct Next {
    std::shared_ptr<GradNode> node;  // null: that argument needs no gradient
    int output = 0;
  };
  std::vector<Next> next;                      // one per argument
  std::vector<std::uint64_t> versions;         // each argument's version counter when the op ran
  std::vector<std::uint64_t> result_versions;  // each result's version counter when the op ran
  std::vector<std::uint64_t> outputs;          // each result's tensor object (0: not differentiable)
  std::uint64_t leaf = 0;                      // AccumulateGrad: the leaf's tensor object
  bool released = false;                       // backward ran through it without retain_graph
};

class ProgramAutograd {
 public:
  // A gradient backward made (`fresh`) or accumulated into: its provenance. Every element of
  // it reads every element of `reads` (the roots of that backward and the gradients given for
  // them): whatever changes a gradient changes a cell on a path to a root, so reach from any
  // cell that changes it gets there (sound, coarser than the gradient's own terms).
  std::function<void(const Tensor& grad, bool fresh, const std::vector<Tensor>& reads)> on_gradient;
  // Where warnings go.
  std::function<void(const std::string&)> warn;

  bool enabled() const { return enabled_; }
  void set_enabled(bool on) { enabled_ = on; }

  // After an op ran: its results require grad (and get its grad_fn) when grad mode is on and
  // an argument requires grad; a factory's requires_grad=True makes a leaf. `grad_fn`, when
  // given, names the node instead of the op's own name.
  void record(const Evaluation& e, const char* grad_fn = nullptr);
  void set_requires_grad(const Tensor& t, bool on, bool by_method);
  bool requires_grad(const Tensor& t) const;
  // What PyTorch's repr adds: "grad_fn=<MulBackward0>", "requires_grad=True" or "".
  std::string repr_note(const Tensor& t) const;

  // In-place writes: refused on a leaf that requires grad (grad mode on); after the write,
  // `self` takes the grad_fn of the result computed out of place.
  void before_in_place(const Tensor& self) const;
  // `old_self`: a copy of self's values before the write, which the op's backward reads.
  void after_in_place(const Tensor& self, const Tensor& computed, const Tensor& old_self);

  // x.grad, x.requires_grad, x.is_leaf, x.grad_fn, x.retains_grad, grad_fn.next_functions, grad_fn.name()
  std::optional<Value> attribute(const Value& self, const std::string& name, bool call);
  // x.backward(...), x.retain_grad(), x.requires_grad_(), x.detach(), x.detach_()
  std::optional<Value> method(const Tensor& self, const std::string& name, const List& args, const Kwargs& kwargs);
  // torch.no_grad(), torch.autograd.grad(...), ...
  std::optional<Value> function(const std::string& name, const List& args, const Kwargs& kwargs);
  // x.grad = None / x.grad = t, x.requires_grad = b
  void set_attribute(const Tensor& self, const std::string& name, const Value& v);

  // Where element `flat` of tensor `t`'s gradient in the last backward comes from: one term per
  // output element of each op that read it (that element's upstream gradient times its local
  // derivative); the terms sum to the gradient that flowed into t[flat].
  struct Term {
    std::string grad_fn;  // the op's grad_fn ("MulBackward0")
    Tensor out;           // the op's result tensor
    std::int64_t element = 0;
    double upstream = 0, local = 0;
  };
  struct Explained {
    bool reached = false;  // the last backward reached t
    std::vector<Term> terms;
    double total = 0;
  };
  Explained explain_grad(const Tensor& t, std::int64_t flat) const;

 private:
  struct Info {
    bool requires_grad = false;
    std::shared_ptr<GradNode> grad_fn;  // null: a leaf
    int output = 0;
    std::shared_ptr<GradNode> accumulate;  // a leaf's AccumulateGrad, once an op used it
    std::optional<Tensor> grad;
    bool retains_grad = false;
    Tensor tensor;
  };
  Info* find(const Tensor& t);
  const Info* find(const Tensor& t) const;
  GradNode::Next next_of(const Tensor& t);
  // Runs backward from `roots` with `grads`; with `capture`, gives the gradients of those
  // tensors instead of accumulating into leaves' .grad.
  std::vector<std::optional<std::vector<double>>> run_backward(const std::vector<Tensor>& roots,
                                                               const std::vector<std::vector<double>>& grads,
                                                               bool retain_graph, const std::vector<Tensor>* capture,
                                                               const std::vector<Tensor>& reads);
  void accumulate_grad(Info& info, const std::vector<double>& g, const std::vector<Tensor>& reads);

  bool enabled_ = true;
  int sequence_ = 0;
  // The last backward: its nodes and the upstream gradient of each node's outputs.
  std::vector<std::shared_ptr<GradNode>> last_order_;
  std::unordered_map<const GradNode*, std::vector<std::vector<double>>> last_upstream_;
  std::unordered_map<std::uint64_t, Info> info_;
};

}  // namespace whence
