// state.hpp - what the page shows: the call text, the call parsed from it, the tensors to
// draw, the last good evaluation with its relations (and their inverse), and the error.
// It talks to core only through core/api.hpp.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/api.hpp"
#include "reach_index.hpp"

namespace whence::web {

struct ErrorInfo {
  std::string type;           // Python's exception name: "RuntimeError", "SyntaxError", ...
  std::string message;        // PyTorch's words
  std::string explanation;    // plain words added by the app (a refused view), or empty
  std::string arg;            // parameter at fault, empty when none
  std::int64_t element = -1;  // flat element of that argument at fault (a zero divisor), or -1
};

// One input element that an output element was computed from (a relation's "src").
struct Source {
  std::string tensor;  // "arg:0", "arg:0.1", "arg:name"
  std::int64_t element = 0;
  std::string role;  // "value", "index", "mask", "compare"
};

struct Relation {
  std::vector<Source> src;
  std::string eq;  // "out[1][0] = input[1][index[1][0]] = input[1][2] = 6"
};

// A tensor as drawn: an argument, an item of a list argument, or a result.
struct TensorItem {
  std::string id;     // "arg:0", "arg:0.1", "arg:name", "out:0"
  std::string label;  // "input", "tensors[1]", "out"
  Tensor tensor;
  std::vector<std::string> text;  // formatted elements, row-major
  std::size_t max_chars = 0;      // longest of them (cells are monospaced)
  int slot = 0;                   // colour (theme::tensor_colors); theme::kOutputSlot for results
};

// A result that shares storage with a tensor argument (the evaluation's "views").
struct ViewInfo {
  int result = 0;  // output position
  std::string of;  // the argument's tensor id: "arg:0"
  Shape strides;   // in elements of the shared storage
  std::int64_t offset = 0;
};

// An argument of the call, in call order, as the argument editor lists it.
struct ArgItem {
  std::string id;     // "arg:1", "arg:name"
  std::string label;  // parameter name: "dim"; "size[1]" for the items of a list given as
                      // several positional arguments (x.view(2, 3))
  bool keyword = false;
  std::vector<int> tensors;  // indices into State::inputs() (a tensor, or a list's tensors)
  // Whether an error naming parameter `param` is about this argument.
  bool named_by(const std::string& param) const {
    return !param.empty() && (label == param || label.rfind(param + "[", 0) == 0);
  }
};

// The op table entry (core's ops_json()) for the op being shown.
struct OpInfo {
  std::vector<std::string> names;
  std::string family, summary, signature, docs, example;
  std::vector<std::string> params;       // parameter names in signature order
  std::vector<std::string> param_types;  // their types, as ops_json() names them ("Tensor", "index")
  // The last positional parameter when it is a list that Python also takes as several
  // arguments (size in x.view(2, 3)), else -1.
  int spread_list = -1;
};

// Results up to this many elements are explained whole at each evaluation; above it, output
// elements are explained one by one when pointed at, and inputs are traced forward a slice
// per frame (ReachIndex). Explaining all of a 64 × 64 gather, equations included, takes about
// 0.2 s in WebAssembly (0.02 s natively): this keeps every edit and keystroke under about 0.1 s.
constexpr std::int64_t kExplainAllLimit = 2048;
constexpr int kMaxOutputs = 4;  // tuple results explained lazily

class State {
 public:
  // Reads the op table; `default_op` is the page's op ("torch.gather").
  void init(const std::string& default_op);

  // The call text changed (typed, from the URL hash, setState): parse and evaluate. A text
  // that does not parse is kept as typed, with its error; the last good call stays.
  void set_text(const std::string& text);
  // A UI edit of the current call: the text becomes format_call(call), then evaluate.
  void apply(const Call& call);

  const std::string& text() const { return text_; }
  const std::string& default_example() const { return default_example_; }
  const OpInfo& op() const { return op_; }
  bool parsed() const { return parsed_; }     // text_ parses (call() is its call)
  const Call& call() const { return call_; }  // last call that parsed
  const std::vector<TensorItem>& inputs() const { return inputs_; }
  const std::vector<ArgItem>& args() const { return args_; }
  const std::vector<TensorItem>& outputs() const { return outputs_; }  // last good result
  bool has_result() const { return !outputs_.empty(); }
  bool stale() const { return stale_; }  // outputs are from an earlier call
  const std::optional<ErrorInfo>& error() const { return error_; }
  const std::vector<ViewInfo>& views() const { return views_; }  // of the last good result
  std::uint64_t version() const { return version_; }             // changes whenever anything above does

  const TensorItem* find_tensor(const std::string& id) const;
  // Relation of one output element, or nullptr (stale, out of range). Small results are
  // explained whole with each evaluation; bigger ones one element at a time, on demand.
  const Relation* relation(const std::string& out_id, std::int64_t element) const;
  // Output elements an input element reaches (empty when stale or !reverse_known()). The list
  // lives until the next call.
  const std::vector<Reach>& reaches(const std::string& in_id, std::int64_t element) const;
  // Whether every output element's relation, equation included, is at hand (small results).
  bool explained_all() const { return explained_all_ && !stale_; }
  // Whether inputs can be traced forward to outputs (small results at once, big ones once
  // tracing is done).
  bool reverse_known() const { return reach_.known() && !stale_; }
  // A big result's inputs are traced forward a slice at a time: trace_some works until about
  // `budget_ms` have passed (each frame calls it while tracing() says work is left).
  bool tracing() const { return reach_.tracing() && !stale_ && explainer_; }
  void trace_some(double budget_ms);
  double trace_progress() const { return reach_.progress(); }
  bool trace_gave_up() const { return reach_.gave_up(); }  // more than ReachIndex::kMaxLinks links
  // The roles ("value", "index", "mask", "compare") that the relations seen so far use: the
  // legend names only these.
  const std::vector<std::string>& roles_seen() const { return roles_seen_; }

 private:
  void rebuild_inputs();
  void evaluate_call();
  void relabel_arguments(const Json& names);
  void take_result(const Json& response);
  void select_op(const std::string& name);

  OpInfo op_;
  std::string default_example_;
  std::string text_;
  bool parsed_ = false;
  Call call_;
  std::vector<TensorItem> inputs_;
  std::vector<ArgItem> args_;
  std::vector<TensorItem> outputs_;
  bool explained_all_ = false;
  std::vector<std::vector<Relation>> relations_;                                    // [output position][flat element]
  mutable std::unordered_map<std::int64_t, Relation> lazy_relations_[kMaxOutputs];  // when !explained_all_
  std::optional<Explainer> explainer_;  // when !explained_all_: the call, run once for them
  ReachIndex reach_;
  bool stale_ = false;
  mutable std::vector<std::string> roles_seen_;
  std::optional<ErrorInfo> error_;
  std::vector<ViewInfo> views_;
  std::uint64_t version_ = 0;
};

// "arg:0", "arg:0.1", "arg:name" for a relation's argument path ([0], [0, 1], ["name"]).
std::string tensor_id_from_path(const Json& path);

}  // namespace whence::web
