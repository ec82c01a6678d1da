#include "state.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>

#include "core/api.hpp"
#include "core/error.hpp"
#include "core/index_value.hpp"
#include "format.hpp"
#include "theme.hpp"
#include "timings.hpp"

namespace whence::web {

namespace {

std::string json_string(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Parameter names from "torch.gather(input, dim, index, *, sparse_grad=False) -> Tensor".
std::vector<std::string> params_from_signature(const std::string& sig) {
  std::vector<std::string> names;
  const auto open = sig.find('(');
  const auto close = sig.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return names;
  std::string part;
  int depth = 0;
  auto flush = [&] {
    std::string name = part.substr(0, part.find_first_of("=:"));
    const auto b = name.find_first_not_of(" \t");
    const auto e = name.find_last_not_of(" \t");
    name = b == std::string::npos ? "" : name.substr(b, e - b + 1);
    if (!name.empty() && name != "*" && name != "/") names.push_back(name);
    part.clear();
  };
  for (std::size_t i = open + 1; i < close; ++i) {
    const char c = sig[i];
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (c == ',' && depth == 0)
      flush();
    else
      part += c;
  }
  flush();
  return names;
}

OpInfo op_info(const Json& entry) {
  OpInfo op;
  if (auto it = entry.find("names"); it != entry.end() && it->is_array())
    for (const auto& n : *it)
      if (n.is_string()) op.names.push_back(n.get<std::string>());
  op.family = json_string(entry, "family");
  op.summary = json_string(entry, "summary");
  op.signature = json_string(entry, "signature");
  op.docs = json_string(entry, "docs");
  op.example = json_string(entry, "example");
  // "params": names, or objects with a "name"; else read them off the signature.
  if (auto it = entry.find("params"); it != entry.end() && it->is_array()) {
    for (const auto& p : *it) {
      if (p.is_string())
        op.params.push_back(p.get<std::string>());
      else if (p.is_object())
        op.params.push_back(json_string(p, "name"));
      op.param_types.push_back(p.is_object() ? json_string(p, "type") : "");
      const bool positional = !(p.is_object() && p.value("keyword_only", false));
      const std::string& type = op.param_types.back();
      if (positional)
        op.spread_list = type.size() > 2 && type.compare(type.size() - 2, 2, "[]") == 0 && type != "Tensor[]"
                             ? int(op.params.size()) - 1
                             : -1;
    }
  }
  if (op.params.empty()) op.params = params_from_signature(op.signature);
  return op;
}

Scalar scalar_from_json(const Json& v) {
  if (v.is_boolean()) return Scalar::from_bool(v.get<bool>());
  if (v.is_number_integer()) return Scalar::from_int(v.get<std::int64_t>());
  if (v.is_number()) return Scalar::from_float(v.get<double>());
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "nan") return Scalar::from_float(NAN);
    if (s == "inf") return Scalar::from_float(INFINITY);
    if (s == "-inf") return Scalar::from_float(-INFINITY);
  }
  return Scalar::from_int(0);
}

// A result value of the protocol: a tensor object, or a Python scalar as a 0-d tensor.
Tensor tensor_from_json(const Json& j) {
  if (j.is_object()) {
    const auto dtype = dtype_from_name(json_string(j, "dtype"));
    Shape shape;
    if (auto it = j.find("shape"); it != j.end() && it->is_array())
      for (const auto& d : *it) shape.push_back(d.get<std::int64_t>());
    Tensor t = Tensor::empty(dtype.value_or(DType::Float32), shape);
    if (auto it = j.find("data"); it != j.end() && it->is_array()) {
      const std::int64_t n = std::min<std::int64_t>(t.numel(), std::int64_t(it->size()));
      for (std::int64_t i = 0; i < n; ++i) t.set(i, scalar_from_json((*it)[std::size_t(i)]));
    }
    return t;
  }
  const Scalar s = scalar_from_json(j);
  Tensor t = Tensor::empty(j.is_boolean() ? DType::Bool : j.is_number_integer() ? DType::Int64 : DType::Float64, {});
  t.set(0, s);
  return t;
}

ErrorInfo error_from_json(const Json& e) {
  ErrorInfo info;
  info.type = json_string(e, "type");
  info.message = json_string(e, "message");
  info.arg = json_string(e, "arg");
  if (e.contains("element") && e["element"].is_number_integer()) info.element = e["element"].get<std::int64_t>();
  if (info.type.empty()) info.type = "RuntimeError";
  return info;
}

TensorItem make_item(std::string id, std::string label, const Tensor& t, int slot) {
  TensorItem item;
  item.id = std::move(id);
  item.label = std::move(label);
  item.tensor = t;
  item.text = format_elements(t);
  for (const auto& s : item.text) item.max_chars = std::max(item.max_chars, s.size());
  item.slot = slot;
  return item;
}

const std::vector<Reach> kNoReach;

// view() refused a tensor whose strides cannot be merged: say why in plain words.
void explain_view_refusal(ErrorInfo& error, const std::vector<TensorItem>& inputs) {
  if (error.message.rfind("view size is not compatible with input tensor's size and stride", 0) != 0 || inputs.empty())
    return;
  const Tensor& t = inputs[0].tensor;
  error.explanation =
      "view() never copies: each group of dimensions it merges needs one stride, so must lie "
      "end to end in storage. This input has shape " +
      format_shape(t.shape()) + " and strides " + format_shape(t.strides()) +
      (t.is_contiguous() ? "." : ", which is not contiguous.") +
      " reshape() copies when it must; or call contiguous() first, then view().";
}

void note_roles(const Relation& rel, std::vector<std::string>& seen) {
  for (const Source& s : rel.src)
    if (std::find(seen.begin(), seen.end(), s.role) == seen.end()) seen.push_back(s.role);
}

Relation relation_from_json(const Json& r) {
  Relation rel;
  rel.eq = json_string(r, "eq");
  for (const auto& s : r.value("src", Json::array())) {
    if (!s.is_array() || s.size() != 3 || !s[1].is_number_integer()) continue;
    rel.src.push_back(
        Source{tensor_id_from_path(s[0]), s[1].get<std::int64_t>(), s[2].is_string() ? s[2].get<std::string>() : ""});
  }
  return rel;
}

// The same Relation from the explainer's structs: a hover of one element of a 64 x 64 mm (128
// sources) spent most of its time building and reading back explain()'s JSON.
bool relation_from_explainer(const Explainer& run, int position, std::int64_t element, Relation& rel) {
  ElementRelation r;
  if (!run.relation(position, element, r)) return false;
  rel.eq = std::move(r.equation);
  rel.src.reserve(r.sources.size());
  std::pair<int, int> key{-2, -2};  // sources come argument by argument: name each tensor once
  std::string tensor;
  for (const SourceLink& s : r.sources) {
    if (s.param != key.first || s.item != key.second) {
      key = {s.param, s.item};
      tensor = tensor_id_from_path(run.source_path(s));
    }
    rel.src.push_back(Source{tensor, s.flat, s.role});
  }
  return true;
}

// Elements in a successful response's result (all tensors of a tuple).
std::int64_t result_numel(const Json& response) {
  auto numel = [](const Json& t) {
    std::int64_t n = 1;
    if (t.is_object() && t.contains("shape"))
      for (const auto& d : t["shape"]) n *= d.get<std::int64_t>();
    return n;
  };
  const Json& result = response.contains("result") ? response["result"] : Json();
  if (!result.is_array()) return numel(result);
  std::int64_t total = 0;
  for (const auto& t : result) total += numel(t);
  return total;
}

}  // namespace

std::string tensor_id_from_path(const Json& path) {
  if (!path.is_array() || path.empty()) return {};
  if (path[0].is_string()) return "arg:" + path[0].get<std::string>();
  std::string id = "arg:" + std::to_string(path[0].get<std::int64_t>());
  if (path.size() > 1 && path[1].is_number_integer()) id += "." + std::to_string(path[1].get<std::int64_t>());
  return id;
}

void State::init(const std::string& default_op) {
  select_op(default_op);
  default_example_ = op_.example;
}

// Only the entry of the op shown: listing every op as JSON took 0.09 s of a page's start.
void State::select_op(const std::string& name) {
  Json entry;
  try {
    entry = op_entry(name);
  } catch (const std::exception&) {}
  if (entry.is_object()) {
    op_ = op_info(entry);
    return;
  }
  // An op Whence does not list: keep the name so the header says what was asked for.
  op_ = OpInfo{};
  op_.names = {name};
}

void State::set_text(const std::string& text) {
  text_ = text;
  ++version_;
  try {
    call_ = parse_call(text);
    parsed_ = true;
  } catch (const Error& e) {
    parsed_ = false;
    error_ = ErrorInfo{e.type, e.what(), e.arg};
    stale_ = has_result();
    return;
  } catch (const std::exception& e) {
    parsed_ = false;
    error_ = ErrorInfo{"RuntimeError", e.what(), ""};
    stale_ = has_result();
    return;
  }
  if (op_.names.empty() || std::find(op_.names.begin(), op_.names.end(), call_.op) == op_.names.end())
    select_op(call_.op);
  rebuild_inputs();
  evaluate_call();
}

void State::apply(const Call& call) {
  ++version_;
  call_ = call;
  parsed_ = true;
  try {
    text_ = format_call(call_);
  } catch (const std::exception&) {
    // Keep the old text; the evaluation below still reports on the edited call.
  }
  rebuild_inputs();
  evaluate_call();
}

void State::rebuild_inputs() {
  inputs_.clear();
  args_.clear();
  int slot = 0;
  auto add_arg = [&](std::string id, std::string label, bool keyword, const Value& v, bool index) {
    ArgItem arg{id, label, keyword, {}};
    if (index && v.is<List>()) {
      // x[index]'s lists are index tensors too: drawn as cards, so their elements light up.
      try {
        for (const auto& [item, t] : index_tensors(v)) {
          const std::string suffix = item < 0 ? "" : "." + std::to_string(item);
          arg.tensors.push_back(int(inputs_.size()));
          inputs_.push_back(
              make_item(id + suffix, label + (item < 0 ? "" : "[" + std::to_string(item) + "]"), t, slot++));
        }
      } catch (const std::exception&) {
        // A list x[index] refuses: the evaluation reports it.
      }
    } else if (v.is<Tensor>()) {
      arg.tensors.push_back(int(inputs_.size()));
      inputs_.push_back(make_item(id, label, v.as<Tensor>(), slot++));
    } else if (v.is<List>()) {
      const List& items = v.as<List>();
      for (std::size_t j = 0; j < items.size(); ++j) {
        if (!items[j].is<Tensor>()) continue;
        arg.tensors.push_back(int(inputs_.size()));
        inputs_.push_back(make_item(id + "." + std::to_string(j), label + "[" + std::to_string(j) + "]",
                                    items[j].as<Tensor>(), slot++));
      }
    }
    args_.push_back(std::move(arg));
  };
  auto is_index = [&](std::size_t param) {
    return param < op_.param_types.size() && op_.param_types[param] == "index";
  };
  // x.view(2, 3): the list `size` given as several arguments; each is labelled size[k].
  const int spread =
      op_.spread_list >= 0 && call_.args.size() > std::size_t(op_.spread_list) + 1 ? op_.spread_list : -1;
  for (std::size_t i = 0; i < call_.args.size(); ++i) {
    std::string label = i < op_.params.size() ? op_.params[i] : "arg" + std::to_string(i);
    if (spread >= 0 && int(i) >= spread)
      label = op_.params[std::size_t(spread)] + "[" + std::to_string(int(i) - spread) + "]";
    add_arg("arg:" + std::to_string(i), label, false, call_.args[i], is_index(i));
  }
  for (const auto& [name, value] : call_.kwargs) add_arg("arg:" + name, name, true, value, false);
}

// The positional arguments named by the parameter each bound to (the evaluation's
// "arg_params"), where that differs from the signature's order: torch.max(a, b)'s b is
// `other`, the name its equation uses.
void State::relabel_arguments(const Json& names) {
  for (std::size_t i = 0; i < names.size() && i < args_.size(); ++i) {
    if (!names[i].is_string() || args_[i].keyword) continue;
    const std::string name = names[i].get<std::string>();
    const std::string old = args_[i].label;
    if (name == old || old.rfind(name + "[", 0) == 0) continue;  // size[1] of x.view(2, 3) stays
    args_[i].label = name;
    for (const int t : args_[i].tensors)
      if (inputs_[std::size_t(t)].label.compare(0, old.size(), old) == 0)
        inputs_[std::size_t(t)].label = name + inputs_[std::size_t(t)].label.substr(old.size());
  }
}

void State::evaluate_call() {
  Json response;
  std::optional<Explainer> run;  // the call, run once: the response and, for a big result, each hover
  try {
    run.emplace(call_);
    response = run->response(/*explain=*/false);
    // Explain small results whole: hovering inputs needs every relation. Where that passes the
    // request budget (sort's 2,048 outputs each list the whole line: core/budget.hpp), the
    // result is explained one element at a time instead, as a big one.
    if (response.value("ok", false) && result_numel(response) <= kExplainAllLimit)
      if (Json all = run->response(/*explain=*/true); all.value("ok", false)) response = std::move(all);
  } catch (const std::exception& e) {  // Explainer promises not to throw; be safe anyway
    response = {{"ok", false}, {"error", {{"type", "RuntimeError"}, {"message", e.what()}}}};
  }
  if (response.value("ok", false)) {
    try {
      take_result(response);
      explainer_.reset();
      if (!explained_all_) {
        explainer_ = std::move(run);
        std::vector<std::int64_t> numels;
        for (const auto& out : outputs_) numels.push_back(out.tensor.numel());
        reach_.start_trace(std::move(numels));
      }
    } catch (const std::exception& e) {  // a response this code does not understand
      outputs_.clear();
      error_ = ErrorInfo{"RuntimeError", std::string("internal error reading the result: ") + e.what(), ""};
      stale_ = false;
      return;
    }
    error_.reset();
    stale_ = false;
    // A big result's first explanation pays for compiling its code: pay it here, not on the
    // first hover.
    if (!explained_all_ && !outputs_.empty() && outputs_[0].tensor.numel() > 0) relation("out:0", 0);
  } else {
    auto it = response.find("error");
    error_ = error_from_json(it != response.end() ? *it : Json::object());
    explain_view_refusal(*error_, inputs_);
    stale_ = has_result();
  }
}

void State::take_result(const Json& response) {
  relabel_arguments(response.value("arg_params", Json::array()));
  outputs_.clear();
  relations_.clear();
  for (auto& cache : lazy_relations_) cache.clear();
  roles_seen_.clear();
  explained_all_ = response.contains("relations");
  views_.clear();
  for (const auto& v : response.value("views", Json::array())) {
    ViewInfo view;
    view.result = v.value("result", 0);
    view.of = tensor_id_from_path(v.value("of", Json::array()));
    for (const auto& s : v.value("strides", Json::array())) view.strides.push_back(s.get<std::int64_t>());
    view.offset = v.value("storage_offset", std::int64_t(0));
    views_.push_back(std::move(view));
  }
  const Json& result = response.contains("result") ? response["result"] : Json();
  if (result.is_array()) {  // a tuple of tensors: (values, indices)
    for (std::size_t p = 0; p < result.size(); ++p)
      outputs_.push_back(make_item("out:" + std::to_string(p), "out[" + std::to_string(p) + "]",
                                   tensor_from_json(result[p]), theme::kOutputSlot));
  } else if (!result.is_null()) {
    outputs_.push_back(make_item("out:0", "out", tensor_from_json(result), theme::kOutputSlot));
  }

  relations_.resize(outputs_.size());
  for (std::size_t p = 0; p < outputs_.size(); ++p) relations_[p].resize(std::size_t(outputs_[p].tensor.numel()));
  std::vector<std::pair<std::string, std::int64_t>> traced_inputs;
  for (const auto& in : inputs_) traced_inputs.emplace_back(in.id, in.tensor.numel());
  reach_.reset(std::move(traced_inputs));

  auto rels = response.find("relations");
  if (rels == response.end() || !rels->is_array()) return;
  for (const auto& r : *rels) {
    const auto& out = r.value("out", Json::array());
    if (out.size() != 2) continue;
    const auto p = out[0].get<std::int64_t>(), e = out[1].get<std::int64_t>();
    if (p < 0 || std::size_t(p) >= relations_.size() || e < 0 || std::size_t(e) >= relations_[p].size()) continue;
    Relation& rel = relations_[std::size_t(p)][std::size_t(e)];
    rel = relation_from_json(r);
    note_roles(rel, roles_seen_);
    for (const Source& src : rel.src) reach_.add(int(p), e, src.tensor, src.element, src.role);
  }
  reach_.finish();
}

const TensorItem* State::find_tensor(const std::string& id) const {
  for (const auto* list : {&inputs_, &outputs_})
    for (const auto& item : *list)
      if (item.id == id) return &item;
  return nullptr;
}

const Relation* State::relation(const std::string& out_id, std::int64_t element) const {
  if (stale_ || out_id.rfind("out:", 0) != 0) return nullptr;
  const auto p = std::strtoll(out_id.c_str() + 4, nullptr, 10);
  if (p < 0 || std::size_t(p) >= relations_.size()) return nullptr;
  const auto& rels = relations_[std::size_t(p)];
  if (element < 0 || std::size_t(element) >= rels.size()) return nullptr;
  if (explained_all_) return &rels[std::size_t(element)];
  if (p >= kMaxOutputs) return nullptr;
  auto& cache = lazy_relations_[p];
  auto it = cache.find(element);
  if (it == cache.end()) {
    Relation rel;  // (a result not explained whole keeps its explainer: evaluate_call)
    if (!explainer_ || !relation_from_explainer(*explainer_, int(p), element, rel)) return nullptr;
    it = cache.emplace(element, std::move(rel)).first;
    note_roles(it->second, roles_seen_);
  }
  return &it->second;
}

const std::vector<Reach>& State::reaches(const std::string& in_id, std::int64_t element) const {
  if (!reverse_known()) return kNoReach;
  return reach_.reaches(in_id, element);
}

void State::trace_some(double budget_ms) {
  if (!tracing()) return;  // (tracing() holds only with an explainer)
  reach_.trace(*explainer_, timings::now_ms() + budget_ms);
  if (!reach_.tracing()) ++version_;  // done: what inputs light up has changed
}

}  // namespace whence::web
