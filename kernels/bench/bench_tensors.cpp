// bench_tensors.cpp - inputs and binding through the registry (bench_tensors.hpp). No ATen.
#include "kernels/bench/bench_tensors.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>

#include "core/api.hpp"
#include "core/bind.hpp"
#include "core/shape.hpp"

namespace whence::bench {

std::int64_t side(std::int64_t numel) {
  const auto s = std::int64_t(std::llround(std::sqrt(double(numel))));
  return s;
}

// From the engine's own output, 24 bits a float, not uniform_real_distribution: libstdc++'s
// generate_canonical steps back from 1.0 where libc++'s does not, so among the 64 M values of
// the 16 M max_pool2d case a few differed between the native and the WebAssembly inputs.
Tensor random_floats(const Shape& shape, float lo, float hi, unsigned seed) {
  Tensor t = Tensor::empty(DType::Float32, shape);
  std::mt19937 gen(seed);
  float* p = t.data<float>();
  for (std::int64_t i = 0; i < t.numel(); ++i) p[i] = lo + (hi - lo) * (float(gen() >> 8) * 0x1p-24f);
  return t;
}

namespace {

// A number in [0, bound) from the engine's own output (the engines' outputs are the standard's;
// std::uniform_int_distribution's and std::shuffle's algorithms are the library's, and
// libstdc++ and libc++ differ: the native and the WebAssembly bench would index other elements).
std::int64_t below(std::mt19937_64& gen, std::int64_t bound) { return std::int64_t(gen() % std::uint64_t(bound)); }

}  // namespace

Tensor random_indices(const Shape& shape, std::int64_t bound, unsigned seed) {
  Tensor t = Tensor::empty(DType::Int64, shape);
  std::mt19937_64 gen(seed);
  std::int64_t* p = t.data<std::int64_t>();
  for (std::int64_t i = 0; i < t.numel(); ++i) p[i] = below(gen, bound);
  return t;
}

Tensor permutation(std::int64_t n, unsigned seed) {
  Tensor t = Tensor::empty(DType::Int64, {n});
  std::int64_t* p = t.data<std::int64_t>();
  std::iota(p, p + n, std::int64_t(0));
  std::mt19937_64 gen(seed);
  for (std::int64_t i = n - 1; i > 0; --i) std::swap(p[i], p[below(gen, i + 1)]);  // Fisher-Yates
  return t;
}

Tensor random_mask(const Shape& shape, unsigned seed) {
  Tensor t = Tensor::empty(DType::Bool, shape);
  std::mt19937 gen(seed);
  bool* p = t.data<bool>();
  for (std::int64_t i = 0; i < t.numel(); ++i) p[i] = (gen() & 1u) != 0;
  return t;
}

namespace {

// Replaces each tensor inside `v` (lists too) by the next of `tensors`.
void substitute(Value& v, const std::vector<Tensor>& tensors, std::size_t& next) {
  if (v.is<Tensor>()) {
    if (next >= tensors.size()) throw std::logic_error("bench: the call text has more tensors than the case gives");
    v = Value(tensors[next++]);
  } else if (v.is<List>()) {
    for (Value& item : v.as<List>()) substitute(item, tensors, next);
  }
}

}  // namespace

BoundOp bind_op(const std::string& code, const std::vector<Tensor>& tensors) {
  Call call = parse_call(code);
  std::size_t next = 0;
  for (Value& a : call.args) substitute(a, tensors, next);
  for (auto& kw : call.kwargs) substitute(kw.second, tensors, next);
  if (next != tensors.size()) throw std::logic_error("bench: the call text has fewer tensors than the case gives");
  BoundOp b;
  b.op = find_op(call.op);
  if (!b.op) throw std::logic_error("bench: no op " + call.op);
  b.bound = bind(*b.op, call);
  return b;
}

}  // namespace whence::bench
