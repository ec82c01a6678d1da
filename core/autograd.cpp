// autograd.cpp - the vector-Jacobian product of one call through its relations (autograd.hpp).
#include "autograd.hpp"

#include <cmath>

#include "budget.hpp"
#include "error.hpp"
#include "number_format.hpp"

namespace whence {

namespace {

// Whether `name` is an item of the comma-separated `names` (the items std::getline would give;
// not a std::stringstream, which links iostreams' locale machinery: about 70 KB of WebAssembly).
bool listed(const std::string& names, const std::string& name) {
  for (std::size_t start = 0; start < names.size();) {
    const std::size_t comma = names.find(',', start), end = comma == std::string::npos ? names.size() : comma;
    if (names.compare(start, end - start, name) == 0) return true;
    start = end + 1;
  }
  return false;
}

std::string factor(double v) {
  const std::string s = format_float(v, DType::Float64);
  return std::signbit(v) ? "(" + s + ")" : s;
}

void (*g_add_rules)(GradRules&) = nullptr;

}  // namespace

const GradRules& grad_rules() {
  static const GradRules rules = [] {
    GradRules r;
    if (g_add_rules) g_add_rules(r);
    return r;
  }();
  return rules;
}

void set_grad_rules(void (*add_rules)(GradRules& rules)) {
  g_add_rules = add_rules;
  set_grad_response(&add_grad_response);  // and the protocol's "grad" with them
}

const GradRule* grad_rule(const OpDescriptor* op) {
  const GradRules& rules = grad_rules();
  const auto it = rules.find(op);
  return it == rules.end() ? nullptr : &it->second;
}

std::vector<GradArgument> grad_arguments(const Evaluation& e) {
  std::vector<GradArgument> out;
  if (!e.op || e.python_result) return out;
  const GradRule* rule = grad_rule(e.op);
  const std::string no_grad_params = rule ? rule->no_grad_params : "";
  for (std::size_t p = 0; p < e.bound.values.size(); ++p) {
    const Param& param = e.op->params[p];
    if (!e.bound.given(p) || param.type == ParamType::OutTensor || listed(no_grad_params, param.name)) continue;
    const Value& v = e.bound.values[p];
    if (v.is<Tensor>() && is_floating(v.as<Tensor>().dtype())) out.push_back(GradArgument{int(p), -1, &v.as<Tensor>()});
    if (v.is<List>())
      for (std::size_t j = 0; j < v.as<List>().size(); ++j)
        if (v.as<List>()[j].is<Tensor>() && is_floating(v.as<List>()[j].as<Tensor>().dtype()))
          out.push_back(GradArgument{int(p), int(j), &v.as<List>()[j].as<Tensor>()});
  }
  return out;
}

bool grad_result(const Evaluation& e, int position) {
  return !e.python_result && position >= 0 && std::size_t(position) < e.result.tensors.size() &&
         e.result.tensors[std::size_t(position)].defined() &&
         is_floating(e.result.tensors[std::size_t(position)].dtype());
}

void check_differentiable(const Evaluation& e) {
  if (!e.op) return;
  const GradRule* rule = grad_rule(e.op);
  if (rule && rule->derivatives) {
    if (rule->check) rule->check(e.bound, e.result);
    return;
  }
  if (!rule && grad_rules().empty())
    fail("Unsupported", "gradients are not part of this build: the CLI and the program page compute them");
  fail("RuntimeError", !rule || rule->no_grad.empty()
                           ? "the derivative for '" + e.op->names.front() + "' is not implemented."
                           : rule->no_grad);
}

namespace {

// Calls `visit(position, out, source, local)` for every value source of every output element
// that has an upstream gradient.
template <class F>
void walk_terms(const Evaluation& e, const std::vector<std::vector<double>>& upstream, F visit) {
  check_differentiable(e);
  const auto derivatives = grad_rule(e.op)->derivatives;
  std::vector<double> d;
  for (std::size_t pos = 0; pos < e.result.tensors.size() && pos < upstream.size(); ++pos) {
    if (upstream[pos].empty() || !grad_result(e, int(pos))) continue;
    const std::int64_t n = e.result.tensors[pos].numel();
    for (std::int64_t flat = 0; flat < n; ++flat) {
      const std::vector<Source> sources = e.op->explain(e.bound, e.result, int(pos), flat);
      charge_work(std::int64_t(sources.size()) + 1);
      d.assign(sources.size(), 0.0);
      derivatives(e.bound, e.result, int(pos), flat, sources, d.data());
      for (std::size_t i = 0; i < sources.size(); ++i)
        if (sources[i].role == Role::Value && sources[i].param >= 0) visit(int(pos), flat, sources[i], d[i]);
    }
  }
}

}  // namespace

std::vector<std::vector<double>> op_backward(const Evaluation& e, const std::vector<std::vector<double>>& upstream,
                                             const std::vector<GradArgument>& arguments) {
  std::vector<std::vector<double>> grads(arguments.size());
  for (std::size_t a = 0; a < arguments.size(); ++a) grads[a].assign(std::size_t(arguments[a].tensor->numel()), 0.0);
  walk_terms(e, upstream, [&](int pos, std::int64_t out, const Source& s, double local) {
    for (std::size_t a = 0; a < arguments.size(); ++a)
      if (arguments[a].param == s.param && arguments[a].item == s.item) {
        grads[a][std::size_t(s.flat)] += upstream[std::size_t(pos)][std::size_t(out)] * local;
        return;
      }
  });
  return grads;
}

std::vector<GradTerm> grad_terms(const Evaluation& e, const std::vector<std::vector<double>>& upstream,
                                 const GradArgument& arg, std::int64_t flat) {
  std::vector<GradTerm> terms;
  walk_terms(e, upstream, [&](int pos, std::int64_t out, const Source& s, double local) {
    if (s.param == arg.param && s.item == arg.item && s.flat == flat)
      terms.push_back(GradTerm{pos, out, upstream[std::size_t(pos)][std::size_t(out)], local});
  });
  return terms;
}

std::string element_brackets(const Shape& shape, std::int64_t flat) {
  std::string s;
  for (std::size_t d = shape.size(); d-- > 0;) {
    const std::int64_t n = shape[d];
    s = "[" + std::to_string(n ? flat % n : 0) + "]" + s;
    flat = n ? flat / n : 0;
  }
  return s;
}

ChainRule chain_rule(const std::string& of, const std::vector<std::string>& outs, const std::vector<GradTerm>& terms) {
  ChainRule c;
  for (std::size_t i = 0; i < terms.size() && i < outs.size(); ++i) {
    const std::string sep = i ? " + " : "";
    c.symbolic += sep + "∂L/∂" + outs[i] + "·∂" + outs[i] + "/∂" + of;
    c.numeric += sep + factor(terms[i].upstream) + "·" + factor(terms[i].local);
  }
  return c;
}

Tensor grad_tensor(const Tensor& like, const std::vector<double>& g) {
  Tensor t = Tensor::empty(like.dtype(), like.shape());
  for (std::size_t i = 0; i < g.size(); ++i) t.set(std::int64_t(i), Scalar::from_float(g[i]));
  return t;
}

std::string grad_equation(const Evaluation& e, const std::string& name, const Tensor& argument, std::int64_t flat,
                          const std::vector<GradTerm>& terms, double total) {
  const bool tuple = e.result.tensors.size() > 1;
  std::vector<std::string> outs;
  for (const GradTerm& t : terms)
    outs.push_back((tuple ? "out" + std::to_string(t.position) : std::string("out")) +
                   element_brackets(e.result.tensors[std::size_t(t.position)].shape(), t.out));
  const std::string at = element_brackets(argument.shape(), flat);
  std::string eq = name + ".grad" + at + " = ";
  if (terms.empty()) return eq + "0 (no output element reads " + name + at + ")";
  const ChainRule c = chain_rule(name + at, outs, terms);
  return eq + c.symbolic + " = " + c.numeric + " = " + format_float(total, argument.dtype());
}

}  // namespace whence
