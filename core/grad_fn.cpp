// grad_fn.cpp - see grad_fn.hpp.
#include "grad_fn.hpp"

#include <cstring>

namespace whence {

namespace {

// An op's grad_fn under a key of some level (scripts/gen_grad_fn_names.py says which): 1 the op
// alone; 2 the parameters given a tensor; 3 every parameter given, and which a tensor; 4 as 3,
// with None and lists told apart; 5 as 4, with the name the call used.
struct Row {
  const char* op;
  int level;
  const char* key;
  const char* name;
};

const Row kRows[] = {
#include "grad_fn_names.inc"
};

// How the key sees a value: "T" a tensor, "-" None, "L" a list or tuple, "" anything else. A
// *tensors parameter is seen as its first item, as the generator sees the positional arguments.
std::string kind(const Value& v, bool spread) {
  if (spread && v.is<List>() && !v.as<List>().empty()) return kind(v.as<List>().front(), false);
  if (v.is<Tensor>()) return "T";
  if (v.is<None>()) return "-";
  if (v.is<List>()) return "L";
  return "";
}

std::string key_of(const Evaluation& e, int level) {
  if (level <= 1) return "";
  std::string key;
  for (std::size_t p = 0; p < e.bound.values.size() && p < e.op->params.size(); ++p) {
    if (!e.bound.given(p)) continue;
    const std::string k = kind(e.bound.values[p], e.bound.paths[p].spread);
    if (level == 2 && k != "T") continue;
    std::string item = e.op->params[p].name;
    if (k == "T" || (level >= 4 && !k.empty())) item += ":" + k;
    key += (key.empty() ? "" : ",") + item;
  }
  return level == 5 ? key + "@" + e.bound.name : key;
}

}  // namespace

int grad_fn_row(const Evaluation& e) {
  if (!e.op || e.python_result) return -1;
  const std::string& op = e.op->names.front();
  int level = 0;
  std::string key;
  for (int r = 0; r < grad_fn_rows(); ++r) {
    if (op != kRows[r].op) continue;
    if (kRows[r].level != level) {
      level = kRows[r].level;
      key = key_of(e, level);
    }
    if (key == kRows[r].key) return r;
  }
  return -1;
}

int grad_fn_rows() { return int(sizeof(kRows) / sizeof(kRows[0])); }

std::string grad_fn_name(const Evaluation& e) {
  if (std::string ruled = grad_fn_by_rule(e); !ruled.empty()) return ruled;
  const int r = grad_fn_row(e);
  return r < 0 ? "" : kRows[r].name;
}

}  // namespace whence
