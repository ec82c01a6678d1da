#include "equation.hpp"

#include <algorithm>
#include <cstdlib>

#include "call_format.hpp"
#include "number_format.hpp"
#include "shape.hpp"

namespace whence {

namespace {

std::vector<std::string> coords(const Shape& shape, std::int64_t flat) {
  std::vector<std::string> c(shape.size());
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    c[d] = std::to_string(flat % shape[d]);
    flat /= shape[d];
  }
  return c;
}

std::string brackets(const std::vector<std::string>& c) {
  std::string s;
  for (const auto& x : c) s += "[" + x + "]";
  return s;
}

struct Context {
  const Bound& bound;
  const Tensor& out;
  std::int64_t flat;
  const std::vector<Source>& sources;
};

std::string expand(const std::string& text, const Context& ctx);

// The first source read from one of the '|'-separated parameters in `names`; its parameter
// index in *param (or the first named parameter's index when none was read).
const Source* first_source(const std::string& names, const Context& ctx, int* param) {
  *param = -1;
  std::size_t start = 0;
  while (start <= names.size()) {
    const std::size_t bar = std::min(names.find('|', start), names.size());
    std::string name = names.substr(start, bar - start);
    int nth = 1;  // "input.2": the second element read from input
    if (const auto dot = name.find('.'); dot != std::string::npos) {
      nth = std::atoi(name.c_str() + dot + 1);
      name.resize(dot);
    }
    const int p = ctx.bound.op->param_index(name);
    if (*param < 0) *param = p;
    for (const Source& s : ctx.sources)
      if (s.param == p && p >= 0 && --nth == 0) {
        *param = p;
        return &s;
      }
    start = bar + 1;
  }
  return nullptr;
}

// {@name}: how the operand is referred to ("other[0][2]", or the number itself); {#name}:
// its value.
std::string operand_text(const std::string& names, bool value, const Context& ctx) {
  int p = -1;
  const Source* s = first_source(names, ctx, &p);
  if (p < 0) return "{" + names + "}";
  const Value& v = ctx.bound[std::size_t(p)];
  const std::string& name = ctx.bound.op->params[std::size_t(p)].name;
  if (!v.is<Tensor>()) return format_value(v);  // a Python number is its own name
  if (!s) return value ? "…" : name;
  const Tensor& t = v.as<Tensor>();
  if (value) return format_scalar(t.get(s->flat));
  return name + brackets(coords(t.shape(), s->flat));
}

std::string placeholder(const std::string& key, const Context& ctx) {
  const auto out_coords = coords(ctx.out.shape(), ctx.flat);
  if (key.size() > 1 && (key[0] == '@' || key[0] == '#')) return operand_text(key.substr(1), key[0] == '#', ctx);
  if (key.size() > 1 && key[0] == '?') {  // {?name:TEXT}: TEXT when the caller gave `name`
    const auto colon = key.find(':');
    const int p = ctx.bound.op->param_index(key.substr(1, colon - 1));
    return p >= 0 && colon != std::string::npos && ctx.bound.given(std::size_t(p)) ? expand(key.substr(colon + 1), ctx)
                                                                                   : "";
  }
  if (key == "out") return brackets(out_coords);
  if (key == "value") return format_scalar(ctx.out.get(ctx.flat));
  if (key.rfind("out|", 0) == 0) {
    const auto colon = key.find(':');
    const int p = ctx.bound.op->param_index(key.substr(4, colon - 4));
    const std::string replacement = expand(key.substr(colon + 1), ctx);
    if (out_coords.empty()) return "[" + replacement + "]";
    auto c = out_coords;
    c[std::size_t(wrap_dim(ctx.bound.integer(std::size_t(p)), std::int64_t(c.size())))] = replacement;
    return brackets(c);
  }
  const int p = ctx.bound.op->param_index(key);
  for (const Source& s : ctx.sources)
    if (s.param == p) return brackets(coords(ctx.bound.tensor(std::size_t(p)).shape(), s.flat));
  return "{" + key + "}";
}

std::string expand(const std::string& text, const Context& ctx) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '{') {
      out += text[i];
      continue;
    }
    std::size_t depth = 1, j = i + 1;
    for (; j < text.size() && depth; ++j) depth += text[j] == '{' ? 1 : text[j] == '}' ? -1 : 0;
    std::string piece = placeholder(text.substr(i + 1, j - i - 2), ctx);
    // A negative number after an operator reads better in parentheses: 3 - (-2).
    const auto last = out.find_last_not_of(' ');
    if (!piece.empty() && piece[0] == '-' && last != std::string::npos &&
        std::string("+-*/·^%×").find(out[last]) != std::string::npos)
      piece = "(" + piece + ")";
    out += piece;
    i = j - 1;
  }
  return out;
}

}  // namespace

std::string build_equation(const Bound& bound, const Tensor& out, std::int64_t flat,
                           const std::vector<Source>& sources) {
  return expand(bound.op->equation, Context{bound, out, flat, sources});
}

}  // namespace whence
