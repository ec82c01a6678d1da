// evaluate.cpp - api.hpp's evaluation entry points: run a call, explain its elements, and wrap
// both in the JSON protocol. Nothing that reaches here may escape as an exception.
#include "evaluate.hpp"

#include <algorithm>
#include <cstdint>
#include <new>

#include "api.hpp"
#include "bind.hpp"
#include "budget.hpp"
#include "call_syntax.hpp"
#include "equation.hpp"
#include "error.hpp"
#include "json_io.hpp"
#include "operator_protocol.hpp"
#include "return_types.hpp"
#include "shape.hpp"

namespace whence {

namespace {

constexpr std::size_t kMaxRequestBytes = 8u << 20;

// Program requests' evaluator, where the build links programs (enable_programs); the web
// modules, which show one call, leave it out and stay within their size budget.
Json (*g_programs)(const Json& request) = nullptr;

void check_value_limits(const Value& v) {
  if (v.is<Tensor>()) check_limits(v.as<Tensor>().shape());
  if (v.is<List>())
    for (const auto& item : v.as<List>()) check_value_limits(item);
}

// Each result that shares storage with a tensor argument (a view, or the argument itself):
// {"result": 0, "of": [0], "strides": [1, 3], "storage_offset": 0}, strides in elements.
Json views_json(const Evaluation& e) {
  Json views = Json::array();
  for (std::size_t pos = 0; pos < e.result.tensors.size(); ++pos) {
    const Tensor& t = e.result.tensors[pos];
    if (!t.defined()) continue;
    for (std::size_t i = 0; i < e.bound.values.size(); ++i) {
      if (!e.bound.paths[i].given()) continue;
      const Value& v = e.bound.values[i];
      Json of;
      if (v.is<Tensor>() && v.as<Tensor>().shares_storage(t)) of = path_json(e.bound.paths[i]);
      if (v.is<List>())
        for (std::size_t j = 0; j < v.as<List>().size() && of.is_null(); ++j)
          if (v.as<List>()[j].is<Tensor>() && v.as<List>()[j].as<Tensor>().shares_storage(t))
            of = path_json(e.bound.paths[i], int(j));
      if (of.is_null()) continue;
      Json strides = Json::array();
      for (std::int64_t s : t.strides()) strides.push_back(s);
      Json view = Json::object();
      view["result"] = std::int64_t(pos);
      view["of"] = std::move(of);
      view["strides"] = std::move(strides);
      view["storage_offset"] = t.offset();
      views.push_back(std::move(view));
      break;
    }
  }
  return views;
}

std::string equation_text(const Evaluation& e, int position, std::int64_t flat, const std::vector<Source>& sources) {
  return e.op->equation_fn ? e.op->equation_fn(e.bound, e.result, position, flat, sources)
                           : build_equation(e.bound, e.result.tensors[std::size_t(position)], flat, sources);
}

// Whether result `position` has element `flat`.
bool has_element(const Evaluation& e, int position, std::int64_t flat) {
  return position >= 0 && std::size_t(position) < e.result.tensors.size() && flat >= 0 &&
         flat < e.result.tensors[std::size_t(position)].numel();
}

// About the bytes one source takes in a response: [[0],123,"value"], and its term of the equation.
constexpr std::int64_t kBytesPerSource = 32;

Json relation_json(const Evaluation& e, int position, std::int64_t flat) {
  const auto sources = e.op->explain(e.bound, e.result, position, flat);
  charge_work(std::int64_t(sources.size()) + 1);
  charge_relation_bytes(kBytesPerSource * std::int64_t(sources.size() + 1));  // {"out":[0,1],"src":[...],"eq":...}
  Json src = Json::array();
  for (const Source& s : sources)  // a generator's draw (param -1) is ["generator"], its place in the stream
    src.push_back(
        Json::array({s.param < 0 ? Json::array({"generator"}) : path_json(e.bound.paths[std::size_t(s.param)], s.item),
                     s.flat, role_name(s.role)}));
  std::string eq = equation_text(e, position, flat, sources);
  charge_relation_bytes(std::int64_t(eq.size()));
  return Json{{"out", Json::array({position, flat})}, {"src", src}, {"eq", std::move(eq)}};
}

Json error_json(const std::string& type, const std::string& message, const std::string& arg = {},
                std::int64_t element = -1) {
  Json e{{"type", type}, {"message", message}};
  if (!arg.empty()) e["arg"] = arg;
  if (element >= 0) e["element"] = element;
  return Json{{"ok", false}, {"error", e}};
}

// Runs `body`, turning every exception into a protocol error object.
template <class F>
Json guarded(F body) {
  try {
    return body();
  } catch (const Error& e) {
    return error_json(e.type, e.what(), e.arg, e.element);
  } catch (const Json::exception& e) {
    return error_json("ValueError", std::string("malformed request: ") + e.what());
  } catch (const std::bad_alloc&) {
    return error_json("MemoryError", "out of memory");
  } catch (const std::exception& e) {
    return error_json("RuntimeError", std::string("internal error: ") + e.what());
  }
}

}  // namespace

Json path_json(const ArgPath& p, int item) {
  if (p.spread && item >= 0) return Json::array({p.position + item});
  Json j = p.keyword.empty() ? Json::array({p.position}) : Json::array({p.keyword});
  if (item >= 0) j.push_back(item);
  return j;
}

Evaluation run_call(const Call& call) {
  const GeneratorScope generator;  // a fresh default generator, unless the request or program has one
  Evaluation e;
  e.op = find_op(call.op);
  if (!e.op) fail_missing_op(call.op, call.op);
  for (const auto& a : call.args) check_value_limits(a);
  for (const auto& kw : call.kwargs) check_value_limits(kw.second);
  // A Tensor dunder turns any TypeError into NotImplemented, and Python carries on.
  try {
    e.bound = bind(*e.op, call);
    e.result = e.op->run(e.bound);
    check_result_count(std::int64_t(e.result.tensors.size()), "call");
    // A factory's requires_grad=True: PyTorch refuses it for a result that is not floating.
    const int rg = e.op->param_index("requires_grad");
    if (rg >= 0 && e.bound.values[std::size_t(rg)].is<bool>() && e.bound.values[std::size_t(rg)].as<bool>())
      for (const Tensor& t : e.result.tensors)
        if (!is_floating(t.dtype()))
          fail("RuntimeError", "Only Tensors of floating point and complex dtype can require gradients");
  } catch (const Error& err) {
    if (err.type != "TypeError" || !is_operator_op(call.op) || call.args.size() < 2) throw;
    e.python_result = operator_not_implemented(call);
  }
  return e;
}

Value result_value(const Evaluation& e) {
  if (e.python_result) return *e.python_result;
  if (!e.result.is_tuple) return e.result.tensors.at(0);
  List items(e.result.tensors.begin(), e.result.tensors.end());
  Value v(items);
  v.is_tuple = true;
  v.named = named_tuple_of(e.op->names.front());
  return v;
}

// The parameter each positional argument bound to, by position (null where none): where the
// binder picked one of PyTorch's overloads, the page labels the argument by it (torch.max(a, b):
// b is `other`, not the signature's second parameter `dim`).
Json arg_params_json(const Evaluation& e) {
  Json names = Json::array();
  for (std::size_t p = 0; p < e.bound.paths.size() && p < e.bound.op->params.size(); ++p) {
    const ArgPath& path = e.bound.paths[p];
    if (path.position < 0 || path.spread) continue;
    while (names.size() <= std::size_t(path.position)) names.push_back(nullptr);
    names[std::size_t(path.position)] = e.bound.op->params[p].name;
  }
  return names;
}

void enable_programs(Json (*evaluate_program)(const Json& request)) { g_programs = evaluate_program; }

namespace {

// The response to `call` from its run `e` (DESIGN.md, "Response"), with the relations of every
// output element when `explain`, else of the `chosen` ones ([result position, flat element]).
// A whole result explained is refused at once, not after writing 32 MiB, when even its fewest
// sources at three sampled elements (first, middle, last), times its elements, pass the limit:
// a sort of 65,536 elements lists 65,536 sources per element (its line), 2**32 in all.
void refuse_runaway_relations(const Evaluation& e) {
  std::int64_t bytes = 0;
  for (std::size_t pos = 0; pos < e.result.tensors.size(); ++pos) {
    const std::int64_t n = e.result.tensors[pos].numel();
    if (n == 0) continue;
    std::int64_t fewest = INT64_MAX;
    for (std::int64_t flat : {std::int64_t(0), n / 2, n - 1})
      fewest = std::min(fewest, std::int64_t(e.op->explain(e.bound, e.result, int(pos), flat).size()));
    bytes += kBytesPerSource * (fewest + 1) * n;
  }
  if (bytes > request_limits().relation_bytes) charge_relation_bytes(bytes);  // fails with the budget's words
}

Json response_json(const Evaluation& e, bool explain, const std::vector<ElementRef>& chosen = {}) {
  // A tuple result (values, indices) is a plain array of tensors.
  Json result = Json::array();
  if (e.result.is_tuple && !e.python_result)
    for (const Tensor& t : e.result.tensors) result.push_back(value_to_json(t));
  else
    result = value_to_json(result_value(e));
  Json r{{"ok", true}, {"result", result}};
  if (!e.python_result)
    if (Json views = views_json(e); !views.empty()) r["views"] = std::move(views);
  if (e.bound.op)
    if (Json names = arg_params_json(e); !names.empty()) r["arg_params"] = std::move(names);
  if (e.op && !e.python_result && !e.op->note.empty()) r["note"] = e.op->note;
  if (explain) {
    if (!e.python_result) refuse_runaway_relations(e);
    Json relations = Json::array();
    if (!e.python_result)
      for (std::size_t pos = 0; pos < e.result.tensors.size(); ++pos)
        for (std::int64_t flat = 0; flat < e.result.tensors[pos].numel(); ++flat)
          relations.push_back(relation_json(e, int(pos), flat));
    r["relations"] = relations;
  } else if (!chosen.empty()) {
    Json relations = Json::array();
    for (const ElementRef& c : chosen) {
      if (e.python_result || !has_element(e, c.position, c.flat))
        fail("IndexError", "no output element " + std::to_string(c.flat) + " in result " + std::to_string(c.position));
      relations.push_back(relation_json(e, c.position, c.flat));
    }
    r["relations"] = relations;
  }
  return r;
}

}  // namespace

Json evaluate(const Call& call, bool explain) { return Explainer(call).response(explain); }

Explainer::Explainer(const Call& call) {
  const RequestScope scope;
  const GeneratorScope generator;
  error_ = guarded([&] {
    evaluation_ = std::make_shared<const Evaluation>(run_call(call));
    return Json{{"ok", true}};
  });
}

Json Explainer::response(bool explain) const {
  if (!evaluation_) return error_;
  const RequestScope scope;
  return guarded([&] { return response_json(*evaluation_, explain); });
}

Json Explainer::response(const std::vector<ElementRef>& chosen) const {
  if (!evaluation_) return error_;
  const RequestScope scope;
  return guarded([&] { return response_json(*evaluation_, false, chosen); });
}

namespace {

// An element's sources for sources() and relation(): false where the call failed, gave a
// Python value, has no such element, or its op's explain throws.
bool explain_sources(const Evaluation* e, int position, std::int64_t flat, std::vector<Source>& out) {
  if (!e || e->python_result || !has_element(*e, position, flat)) return false;
  try {
    out = e->op->explain(e->bound, e->result, position, flat);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

std::vector<SourceLink> links_of(const std::vector<Source>& sources) {
  std::vector<SourceLink> links;
  links.reserve(sources.size());
  for (const Source& s : sources) links.push_back(SourceLink{s.param, s.item, s.flat, role_name(s.role)});
  return links;
}
}  // namespace

Json explain_element(const Call& call, int result_position, std::int64_t flat) {
  return Explainer(call).explain(result_position, flat);
}

Json Explainer::explain(int result_position, std::int64_t flat) const {
  if (!evaluation_) return error_;
  const RequestScope scope;
  return guarded([&] {
    const Evaluation& e = *evaluation_;
    if (!has_element(e, result_position, flat))
      fail("IndexError", "no output element " + std::to_string(flat) + " in result " + std::to_string(result_position));
    return Json{{"ok", true}, {"relation", relation_json(e, result_position, flat)}};
  });
}

std::vector<SourceLink> Explainer::sources(int result_position, std::int64_t flat) const {
  const RequestScope scope;
  std::vector<Source> sources;
  if (!explain_sources(evaluation_.get(), result_position, flat, sources)) return {};
  return links_of(sources);
}

std::string element_equation(const Evaluation& e, int position, std::int64_t flat) {
  const RequestScope scope;
  std::vector<Source> sources;
  if (!explain_sources(&e, position, flat, sources)) return "";
  try {
    return equation_text(e, position, flat, sources);
  } catch (const std::exception&) {
    return "";
  }
}

bool Explainer::relation(int result_position, std::int64_t flat, ElementRelation& out) const {
  const RequestScope scope;
  std::vector<Source> sources;
  if (!explain_sources(evaluation_.get(), result_position, flat, sources)) return false;
  try {
    ElementRelation r{links_of(sources), equation_text(*evaluation_, result_position, flat, sources)};
    out = std::move(r);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

Json Explainer::source_path(const SourceLink& s) const {
  if (evaluation_ && s.param < 0) return Json::array({"generator"});  // a draw of the random generator
  if (!evaluation_ || s.param < 0 || std::size_t(s.param) >= evaluation_->bound.paths.size()) return Json::array();
  return path_json(evaluation_->bound.paths[std::size_t(s.param)], s.item);
}

namespace {
// The gradient part of a response (core/autograd.hpp's add_grad_response), where the build
// installs gradients (set_grad_rules): the single-call web modules do not, and stay lighter.
void (*g_grad_response)(const Evaluation&, const Json&, Json&) = nullptr;
}  // namespace

void set_grad_response(void (*respond)(const Evaluation&, const Json& request, Json& response)) {
  g_grad_response = respond;
}

void Explainer::add_grad(const Json& request, Json& response) const {
  if (!evaluation_) return;
  if (!g_grad_response) {
    response["grad_error"] = Json{{"type", "Unsupported"},
                                  {"message",
                                   "gradients are not part of this build: the CLI and the program page "
                                   "compute them"}};
    return;
  }
  const RequestScope scope;
  Json answer = response;
  const Json error = guarded([&] {
    g_grad_response(*evaluation_, request, answer);
    return Json{{"ok", true}};
  });
  if (error["ok"] == true)
    response = std::move(answer);
  else
    response["grad_error"] = error["error"];
}

// The "explain" of a request: true (every element), or [[RESULT, ELEMENT], ...] (those).
std::vector<ElementRef> chosen_elements(const Json& explain) {
  std::vector<ElementRef> chosen;
  if (!explain.is_array()) return chosen;
  for (const Json& item : explain) {
    if (!item.is_array() || item.size() != 2 || !item[0].is_number_integer() || !item[1].is_number_integer())
      fail("ValueError", "\"explain\" is true or a list of [RESULT, ELEMENT] pairs, e.g. [[0, 5]]");
    chosen.push_back(ElementRef{item[0].get<int>(), item[1].get<std::int64_t>()});
  }
  return chosen;
}

std::string evaluate_line(const std::string& line) {
  const RequestScope scope;
  const GeneratorScope generator;  // one default generator per request (call text's nested calls share it)
  Json id = nullptr;
  Json response = guarded([&] {
    if (line.size() > kMaxRequestBytes)
      fail("Unsupported", "requests above 8 MiB are refused; this one has " + std::to_string(line.size()) + " bytes");
    Json request;
    try {
      request = Json::parse(line);
    } catch (const Json::parse_error& e) {
      fail("ValueError", std::string("malformed JSON: ") + e.what());
    }
    if (request.is_object() && request.contains("id")) id = request["id"];
    const bool explain = request.is_object() && request.contains("explain") && request["explain"] == true;
    if (request.is_object() && (request.contains("program") || request.contains("session"))) {
      if (!g_programs)
        fail("Unsupported", "programs are not part of this build: the CLI runs them (whence eval, whence run)");
      return g_programs(request);
    }
    const std::vector<ElementRef> chosen = request.is_object() && request.contains("explain")
                                               ? chosen_elements(request["explain"])
                                               : std::vector<ElementRef>{};
    Call call;
    if (request.is_object() && request.contains("code")) {
      if (!request["code"].is_string()) fail("ValueError", "\"code\" must be a string of PyTorch call text");
      call = parse_call(request["code"].get<std::string>());
    } else {
      call = call_from_json(request);
    }
    const Explainer explainer(call);
    Json response = chosen.empty() ? explainer.response(explain) : explainer.response(chosen);
    if (request.is_object() && request.contains("grad") && response["ok"] == true)
      explainer.add_grad(request, response);
    return response;
  });
  Json out{{"id", id}};
  for (auto& [k, v] : response.items()) out[k] = std::move(v);
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

namespace {

Json op_json(const OpDescriptor& op) {
  static const char* type_names[] = {"Tensor", "int",           "bool", "float",    "dtype", "int[]",    "Tensor?",
                                     "Number", "Tensor|Number", "str",  "Tensor[]", "index", "Generator"};
  Json params = Json::array();
  for (const Param& p : op.params) {
    Json j{{"name", p.name}, {"type", type_names[int(p.type)]}, {"keyword_only", p.keyword_only}};
    if (p.optional) j["optional"] = true;
    if (p.var_positional) j["var_positional"] = true;  // Python's *tensors: every positional argument from here
    if (p.has_default) j["default"] = value_to_json(p.default_value);
    params.push_back(j);
  }
  return Json{{"names", op.names}, {"family", op.family},   {"summary", op.summary},   {"signature", op.signature()},
              {"docs", op.docs},   {"example", op.example}, {"equation", op.equation}, {"params", params}};
}

}  // namespace

Json ops_json() {
  Json ops = Json::array();
  for (const OpDescriptor* op : op_table()) ops.push_back(op_json(*op));
  return ops;
}

Json op_entry(const std::string& name) {
  const OpDescriptor* op = find_op(name);
  return op ? op_json(*op) : Json();
}

}  // namespace whence
