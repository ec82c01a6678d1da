// autograd_json.cpp - a single call's gradient in the protocol (autograd.hpp's add_grad_response).
#include "autograd.hpp"
#include "error.hpp"
#include "grad_fn.hpp"
#include "json_io.hpp"

namespace whence {

namespace {

// The upstream gradient of each result: ones, or the request's tensors converted to double.
std::vector<std::vector<double>> upstream_of(const Evaluation& e, const Json& grad) {
  std::vector<std::vector<double>> up(e.result.tensors.size());
  if (grad.is_array() && grad.size() != up.size())
    fail("ValueError", "\"grad\" holds one upstream gradient per result: " + std::to_string(up.size()) + " here, not " +
                           std::to_string(grad.size()));
  for (std::size_t pos = 0; pos < up.size(); ++pos) {
    if (!grad_result(e, int(pos))) continue;
    const Tensor& out = e.result.tensors[pos];
    if (grad.is_array()) {
      if (grad[pos].is_null()) continue;
      const Value v = value_from_json(grad[pos]);
      if (!v.is<Tensor>() || v.as<Tensor>().shape() != out.shape())
        fail("RuntimeError", "Mismatch in shape: grad_output[" + std::to_string(pos) +
                                 "] has a shape different from the result's shape");
      const Tensor& g = v.as<Tensor>();
      up[pos].resize(std::size_t(g.numel()));
      for (std::int64_t i = 0; i < g.numel(); ++i) up[pos][std::size_t(i)] = g.get(i).as_double();
    } else {
      up[pos].assign(std::size_t(out.numel()), 1.0);
    }
  }
  return up;
}

}  // namespace

void add_grad_response(const Evaluation& e, const Json& request, Json& response) {
  const Json& grad = request["grad"];
  if (!(grad == true || grad.is_array())) return;
  if (e.python_result) fail("RuntimeError", "element 0 of tensors does not require grad and does not have a grad_fn");
  const std::vector<GradArgument> args = grad_arguments(e);
  const auto up = upstream_of(e, grad);
  const auto grads = op_backward(e, up, args);
  Json list = Json::array();
  for (std::size_t a = 0; a < args.size(); ++a) {
    // objects filled key by key, in this order (an ordered_json keeps it): smaller code than
    // initializer lists
    Json g = Json::object();
    g["arg"] = path_json(e.bound.paths[std::size_t(args[a].param)], args[a].item);
    g["param"] = e.op->params[std::size_t(args[a].param)].name;
    g["grad"] = tensor_to_json(grad_tensor(*args[a].tensor, grads[a]));
    list.push_back(std::move(g));
  }
  response["grads"] = std::move(list);
  if (const std::string fn = grad_fn_name(e); !fn.empty()) response["grad_fn"] = fn;
  if (!request.contains("grad_explain")) return;
  const Json& asked = request["grad_explain"];
  if (!asked.is_array()) fail("ValueError", "\"grad_explain\" is a list of {\"arg\": PATH, \"element\": FLAT}");
  Json relations = Json::array();
  for (const Json& item : asked) {
    if (!item.is_object() || !item.contains("arg") || !item.contains("element") || !item["element"].is_number_integer())
      fail("ValueError", "\"grad_explain\" is a list of {\"arg\": PATH, \"element\": FLAT}");
    std::size_t a = 0;
    while (a < args.size() && path_json(e.bound.paths[std::size_t(args[a].param)], args[a].item) != item["arg"]) ++a;
    if (a == args.size()) fail("ValueError", "no argument at " + item["arg"].dump() + " gets a gradient");
    const std::int64_t flat = item["element"].get<std::int64_t>();
    if (flat < 0 || flat >= args[a].tensor->numel())
      fail("IndexError", "no element " + std::to_string(flat) + " in the gradient of " + item["arg"].dump());
    const auto terms = grad_terms(e, up, args[a], flat);
    Json t = Json::array();
    for (const GradTerm& term : terms) {  // [[RESULT, OUT], upstream, local], a NaN as {"float": "nan"}
      Json out = Json::array(), row = Json::array();
      out.push_back(term.position);
      out.push_back(term.out);
      row.push_back(std::move(out));
      row.push_back(value_to_json(Value(term.upstream)));
      row.push_back(value_to_json(Value(term.local)));
      t.push_back(std::move(row));
    }
    const std::string name = e.op->params[std::size_t(args[a].param)].name +
                             (args[a].item >= 0 ? "[" + std::to_string(args[a].item) + "]" : "");
    Json relation = Json::object();
    relation["arg"] = item["arg"];
    relation["element"] = flat;
    relation["terms"] = std::move(t);
    relation["eq"] = grad_equation(e, name, *args[a].tensor, flat, terms, grads[a][std::size_t(flat)]);
    relations.push_back(std::move(relation));
  }
  response["grad_relations"] = std::move(relations);
}

}  // namespace whence
