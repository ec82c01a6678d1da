#include "signatures.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

namespace whence {

namespace {

// A plain aggregate of string literals: constant data, no code to build it.
struct Row {
  const char* name;
  const char* message_name;
  const char* kind;
  const char* calls;
  const char* overloads[8];
};

const Row kRows[] = {
#include "torch_signatures.inc"
};

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(' ');
  const auto e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Splits at ", " outside quotes and brackets.
std::vector<std::string> split_params(const std::string& body) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  char quote = 0;
  for (std::size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[') {
      ++depth;
    } else if (c == ')' || c == ']') {
      --depth;
    } else if (c == ',' && depth == 0) {
      out.push_back(trim(cur));
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!trim(cur).empty()) out.push_back(trim(cur));
  return out;
}

}  // namespace

Signature parse_signature(const std::string& text, bool python) {
  Signature s;
  std::string body = text;
  const auto bar = body.rfind('|');
  if (bar != std::string::npos && body.find(')', bar) == std::string::npos) {
    s.hidden = body.substr(bar + 1) == "hidden";
    body = body.substr(0, bar);
  }
  body = trim(body);
  if (!body.empty() && body.front() == '(') body = body.substr(1, body.size() - 2);
  bool keyword_only = false;
  for (const std::string& piece : split_params(body)) {
    if (piece == "*") {
      keyword_only = true;
      continue;
    }
    SignatureParam p;
    std::string decl = piece;
    const auto eq = decl.find('=');
    if (eq != std::string::npos) {
      p.optional = true;
      p.default_text = trim(decl.substr(eq + 1));
      decl = trim(decl.substr(0, eq));
    }
    if (python) {
      p.name = decl;
      if (!p.name.empty() && p.name[0] == '*') {  // *tensors: what follows is keyword-only
        p.name.erase(0, 1);
        p.var_positional = true;
        p.optional = true;  // it may be empty
        s.params.push_back(p);
        keyword_only = true;
        continue;
      }
    } else {
      const auto space = decl.rfind(' ');
      p.name = decl.substr(space + 1);
      p.type = decl.substr(0, space);
      if (!p.type.empty() && p.type.back() == '?') {
        p.allow_none = true;
        p.type.pop_back();
      }
      if (p.type.size() > 2 && p.type.compare(p.type.size() - 2, 2, "[]") == 0) {
        p.unsized = true;
        p.type.resize(p.type.size() - 2);
      }
    }
    p.keyword_only = keyword_only;
    s.params.push_back(p);
  }
  s.max_args = s.params.size();
  for (const auto& p : s.params) {
    if (!p.optional) ++s.min_args;
    if (!p.keyword_only && !p.var_positional) ++s.max_pos_args;
  }
  return s;
}

std::string Signature::printed() const {
  std::string s = "(";
  bool star = false;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (i) s += ", ";
    if (params[i].keyword_only && !star) {
      s += "*, ";
      star = true;
    }
    s += params[i].type + " " + params[i].name;
  }
  return s + ")";
}

namespace {

// The row of `name`: binary search over the rows sorted by name once (pointers only; the first
// row of a name where there were two, as before).
const Row* find_row(const std::string& name) {
  static const std::vector<const Row*> sorted = [] {
    std::vector<const Row*> v;
    for (const Row& r : kRows) v.push_back(&r);
    std::sort(v.begin(), v.end(), [](const Row* a, const Row* b) {
      const int c = std::strcmp(a->name, b->name);
      return c < 0 || (c == 0 && a < b);
    });
    return v;
  }();
  const auto it = std::lower_bound(sorted.begin(), sorted.end(), name, [](const Row* r, const std::string& n) {
    return std::strcmp(r->name, n.c_str()) < 0;
  });
  return it != sorted.end() && name == (*it)->name ? *it : nullptr;
}

Binding make_binding(const Row& r) {
  Binding b;
  b.name = r.name;
  b.message_name = r.message_name;
  std::string kind = r.kind;
  b.calls = r.calls;
  b.operator_method = kind == "dunder";
  if (kind == "dunder") {  // calls is "native:torch.Tensor.add|wraps_type_error" or "python:torch.rsub|..."
    const std::string how = b.calls;
    kind = how.substr(0, how.find(':'));
    const auto colon = how.find(':'), bar = how.find('|');
    b.calls = colon == std::string::npos
                  ? ""
                  : how.substr(colon + 1, bar == std::string::npos ? std::string::npos : bar - colon - 1);
  }
  b.kind = kind == "noargs"     ? BindingKind::NoArgs
           : kind == "python"   ? BindingKind::Python
           : kind == "dispatch" ? BindingKind::Dispatch
                                : BindingKind::Native;
  if (b.kind == BindingKind::Python) {  // "torch._VF.meshgrid|sequence"
    const auto bar = b.calls.find('|');
    if (bar != std::string::npos) {
      const std::string how = b.calls.substr(bar + 1);
      b.single_vararg = how == "itself"     ? SingleVararg::Itself
                        : how == "sequence" ? SingleVararg::Sequence
                                            : SingleVararg::Tuple;
      b.calls.resize(bar);
    }
  }
  for (const char* o : r.overloads)
    if (o) b.overloads.push_back(parse_signature(o, b.kind == BindingKind::Python));
  return b;
}

}  // namespace

// Each binding's signatures are parsed when it is first looked up, not all of them at once: a
// page's first call needs a handful of them, and parsing every one took 0.1 s of its start in
// WebAssembly. std::map keeps the returned pointers valid as it grows.
const Binding* find_binding(const std::string& qualified_name) {
  static std::mutex mutex;
  static std::map<std::string, Binding> parsed;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto it = parsed.find(qualified_name);
  if (it != parsed.end()) return &it->second;
  const Row* row = find_row(qualified_name);
  if (!row) return nullptr;
  return &parsed.emplace(qualified_name, make_binding(*row)).first->second;
}

}  // namespace whence
