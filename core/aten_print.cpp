// aten_print.cpp - ATen's operator<< for a tensor (aten/src/ATen/core/Formatting.cpp in PyTorch
// 1.13), written with snprintf: iostream's defaultfloat is %g, fixed and scientific with
// precision 4 are %.4f and %.4e.
#include "aten_print.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace whence {

namespace {

struct Format {
  double scale = 1;
  int width = 0;
  char conversion = 'g';  // g (integers), f (fixed), e (scientific)
};

std::string printf_double(const char* format, int width, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, width, v);
  return buf;
}

std::string cell(const Format& f, double v) {
  return printf_double(f.conversion == 'g' ? "%*g" : f.conversion == 'f' ? "%*.4f" : "%*.4e", f.width, v / f.scale);
}

// __printFormat: one width and format for all the values (a matrix, or a whole 1-D tensor).
Format format_of(const double* v, std::int64_t n) {
  Format f;
  bool integers = true;
  for (std::int64_t i = 0; i < n && integers; ++i) integers = !std::isfinite(v[i]) || v[i] == std::ceil(v[i]);
  std::int64_t first = 0;
  while (first < n && !std::isfinite(v[first])) ++first;
  double exp_min = 1, exp_max = 1;
  if (first < n) {
    exp_min = exp_max = std::fabs(v[first]);
    for (std::int64_t i = first; i < n; ++i) {
      const double z = std::fabs(v[i]);
      if (!std::isfinite(z)) continue;
      if (z < exp_min) exp_min = z;
      if (v[i] > exp_max) exp_max = z;  // (ATen compares the signed value here)
    }
    exp_min = exp_min != 0 ? std::floor(std::log10(exp_min)) + 1 : 1;
    exp_max = exp_max != 0 ? std::floor(std::log10(exp_max)) + 1 : 1;
  }
  if (integers) {
    if (exp_max > 9)
      f.width = 11, f.conversion = 'e';
    else
      f.width = int(exp_max) + 1;
  } else if (exp_max - exp_min > 4) {
    f.width = std::fabs(exp_max) > 99 || std::fabs(exp_min) > 99 ? 12 : 11;
    f.conversion = 'e';
  } else {
    f.conversion = 'f';
    if (exp_max > 5 || exp_max < 0)
      f.width = 7, f.scale = std::pow(10, exp_max - 1);
    else
      f.width = exp_max == 0 ? 7 : int(exp_max) + 6;
  }
  return f;
}

std::string scale_line(double scale) { return printf_double("%*g", 0, scale) + " *\n"; }

// __printMatrix: rows x cols values, split into "Columns a to b" blocks of 80 characters.
void print_matrix(std::string& s, const double* v, std::int64_t rows, std::int64_t cols, int indent) {
  const Format f = format_of(v, rows * cols);
  const std::string pad(std::size_t(indent), ' ');
  s += pad;
  const std::int64_t per_line = (80 - indent) / (f.width + 1);
  for (std::int64_t first = 0; first < cols;) {
    const std::int64_t last = first + per_line <= cols ? first + per_line - 1 : cols - 1;
    if (per_line < cols) {
      if (first != 0) s += "\n";
      s += "Columns " + std::to_string(first + 1) + " to " + std::to_string(last + 1) + pad;
    }
    if (f.scale != 1) s += scale_line(f.scale) + pad;
    for (std::int64_t l = 0; l < rows; ++l)
      for (std::int64_t c = first; c <= last; ++c) {
        s += cell(f, v[l * cols + c]);
        if (c != last) {
          s += " ";
          continue;
        }
        s += "\n";
        if (l != rows - 1) s += pad + (f.scale != 1 ? " " : "");
      }
    first = last + 1;
  }
}

}  // namespace

std::string aten_print(const Tensor& t) {
  // Tensor::toString(): the legacy type name where the dtype has one
  static const char* type_names[] = {"CPUBoolType",       "torch.ByteTensor",  "torch.CharTensor", "torch.ShortTensor",
                                     "torch.IntTensor",   "torch.LongTensor",  "torch.HalfTensor", "CPUBFloat16Type",
                                     "torch.FloatTensor", "torch.DoubleTensor"};
  std::vector<double> v(std::size_t(t.numel()));
  for (std::int64_t i = 0; i < t.numel(); ++i) v[std::size_t(i)] = t.get(i).as_double();
  const Shape& shape = t.shape();
  std::string s, sizes;
  for (std::size_t d = 0; d < shape.size(); ++d) sizes += (d ? "," : "") + std::to_string(shape[d]);
  if (t.dim() == 0) {
    s = printf_double("%*g", 0, v[0]) + "\n";
  } else if (t.dim() == 1 && !v.empty()) {
    const Format f = format_of(v.data(), t.numel());
    if (f.scale != 1) s += scale_line(f.scale);
    for (double x : v) s += cell(f, x) + "\n";
  } else if (t.dim() == 2 && !v.empty()) {
    print_matrix(s, v.data(), shape[0], shape[1], 0);
  } else if (!v.empty()) {  // __printTensor: each matrix of the last two dims, the first index fastest
    const std::size_t outer = shape.size() - 2;
    const std::int64_t matrix = shape[outer] * shape[outer + 1];
    std::vector<std::int64_t> counter(outer, 0);
    for (bool first = true;; first = false) {
      if (!first) {
        std::size_t i = 0;
        while (i < outer && ++counter[i] >= shape[i]) counter[i++] = 0;
        if (i == outer) break;
        s += "\n";
      }
      std::int64_t at = 0;
      s += "(";
      for (std::size_t i = 0; i < outer; ++i) {
        at = at * shape[i] + counter[i];
        s += std::to_string(counter[i] + 1) + ",";
      }
      s += ".,.) = \n";
      print_matrix(s, v.data() + at * matrix, shape[outer], shape[outer + 1], 1);
    }
  }
  return s + "[ " + type_names[int(t.dtype())] + "{" + sizes + "} ]";
}

}  // namespace whence
