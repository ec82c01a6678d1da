#include "equation.hpp"

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

std::string placeholder(const std::string& key, const Context& ctx) {
  const auto out_coords = coords(ctx.out.shape(), ctx.flat);
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
    out += placeholder(text.substr(i + 1, j - i - 2), ctx);
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
