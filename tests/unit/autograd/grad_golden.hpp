// grad_golden.hpp - reading the gradient goldens (tests/golden/grad/<family>.jsonl, written by
// scripts/gen_golden_grad.py from PyTorch 1.13) and comparing a gradient with PyTorch's.
#pragma once
#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "core/registry.hpp"
#include "tests/unit/golden_compare.hpp"

#ifndef WHENCE_GOLDEN_DIR
#error "WHENCE_GOLDEN_DIR (the tests/golden folder, no trailing slash) must be defined"
#endif

namespace whence_grad_test {

using whence::Json;

struct GradFile {
  std::string family;
  std::vector<Json> cases;
};

// Every family's gradient goldens, in the op table's family order (a family without a file has
// no case whose result and arguments are floating).
inline const std::vector<GradFile>& grad_goldens() {
  static const std::vector<GradFile> files = [] {
    std::vector<GradFile> out;
    std::set<std::string> seen;
    for (const whence::OpDescriptor* op : whence::op_table()) {
      if (!seen.insert(op->family).second) continue;
      std::ifstream in(std::string(WHENCE_GOLDEN_DIR) + "/grad/" + op->family + ".jsonl");
      if (!in.good()) continue;
      GradFile f{op->family, {}};
      std::string line;
      while (std::getline(in, line))
        if (!line.empty()) f.cases.push_back(Json::parse(line));
      out.push_back(std::move(f));
    }
    return out;
  }();
  return files;
}

// A gradient element against PyTorch's. PyTorch computes a backward formula in the argument's
// dtype, rounding at each of its steps (a product, then a sum over the output elements that
// read the element); Whence sums in double and rounds once. So the bound is a few of the
// dtype's rounding errors relative to the element, plus an absolute part relative to the
// largest element of the gradient (`scale`), for sums whose terms cancel: float64 1e-7 relative
// (what gradcheck allows), float32 1e-4, float16 5e-3 (a few of its 2^-11 roundings), bfloat16
// 3e-2 (a few of its 2^-8).
inline bool grad_element_equal(const Json& want, const Json& got, const std::string& dtype, double scale) {
  double a = 0, b = 0;
  if (!whence_test::number_of(want, a) || !whence_test::number_of(got, b)) return false;
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  double rtol = 1e-7, atol = 1e-10 + 1e-12 * scale;
  if (dtype == "float32") rtol = 1e-4, atol = 1e-5 + 1e-6 * scale;
  if (dtype == "float16") rtol = 5e-3, atol = 1e-5 + 1e-3 * scale;
  if (dtype == "bfloat16") rtol = 3e-2, atol = 1e-5 + 1e-2 * scale;
  return std::fabs(a - b) <= atol + rtol * std::fabs(a);
}

// The looser of two float dtypes' tolerances: PyTorch runs a backward formula in the result's
// dtype and casts to the argument's (float16 * a 0-d float64: the float64 gradient is a float16 sum).
inline std::string loosest(const std::string& a, const std::string& b) {
  const auto rank = [](const std::string& d) {
    return d == "bfloat16" ? 3 : d == "float16" ? 2 : d == "float32" ? 1 : 0;
  };
  return rank(a) >= rank(b) ? a : b;
}

// "" when gradient tensor `got` equals PyTorch's `want` within the tolerance of `dtype` (the
// loosest of the argument's and the results'), else the first difference.
inline std::string grad_difference(const Json& want, const Json& got, const std::string& dtype) {
  if (!got.is_object()) return "not a tensor: " + got.dump();
  if (got.value("dtype", Json()) != want["dtype"] || got.value("shape", Json()) != want["shape"])
    return "dtype/shape: expected " + want["dtype"].dump() + want["shape"].dump() + ", got " +
           got.value("dtype", Json()).dump() + got.value("shape", Json()).dump();
  const Json& w = want["data"];
  const Json g = got.value("data", Json());
  if (!g.is_array() || g.size() != w.size()) return "data size differs";
  double scale = 0;
  for (const Json& x : w) {
    double v = 0;
    if (whence_test::number_of(x, v) && std::isfinite(v)) scale = std::max(scale, std::fabs(v));
  }
  for (std::size_t i = 0; i < w.size(); ++i)
    if (!grad_element_equal(w[i], g[i], dtype, scale))
      return "element " + std::to_string(i) + ": PyTorch " + w[i].dump() + ", Whence " + g[i].dump();
  return "";
}

// Whether every element of a gradient is zero (an argument PyTorch leaves without .grad).
inline bool all_zero(const Json& t) {
  for (const Json& x : t.value("data", Json::array())) {
    double v = 1;
    if (!whence_test::number_of(x, v) || v != 0) return false;
  }
  return true;
}

// The request of a golden case with its upstream gradient ("grad"), from its request or from
// its call text (views and all).
inline Json grad_request(const Json& c, bool from_code) {
  Json r = from_code ? Json{{"code", c["code"]}} : c["request"];
  r["grad"] = c["grad"];
  return r;
}

}  // namespace whence_grad_test
