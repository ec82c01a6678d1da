// random_ops.cpp - the random family: ops that draw from PyTorch's CPU generator
// (core/generator.hpp) on PyTorch 1.13's own sampling paths (random_draws.hpp): rand, randn,
// randint, randperm, the *_like ops, normal's four overloads, bernoulli, F.dropout, and the
// in-place Tensor methods uniform_, normal_, random_, bernoulli_, exponential_, geometric_,
// cauchy_, log_normal_ (run out of place here: a program writes their result into self, as
// core/program/program_writes.cpp does for every in-place method).
//
// Each run records, per output element, which draws of the generator's stream made it (its
// place since the seed) and how; explain names those draws as sources of role `random`
// (param -1, flat = the draw's place) and the equation writes the transform.
#include "kernels/random/random_ops.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <limits>
#include <numeric>

#include "core/error.hpp"
#include "core/factories.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/random/random_draws.hpp"

namespace whence {

namespace {

// A new zero-filled tensor, within Whence's element limit (check_limits: PyTorch's negative
// size error first, then Whence's Unsupported above 65,536 elements).
Tensor limited_tensor(DType d, const Shape& shape) {
  check_limits(shape);
  return Tensor::empty(d, shape);
}

// --- the record of draws -------------------------------------------------------------------

enum class How : std::uint8_t {
  Uniform,       // (draw mod 2^digits)/2^digits, scaled to [from, to)
  Block,         // randn's 16-element Box–Muller block: own uniform and its partner's
  Pair,          // normal_distribution<double>: a new pair from four draws (cos)
  PairCached,    // the pair's sine, cached by element `partner` of this call
  PairEarlier,   // the pair's sine, cached by a call before this one
  IntRange,      // low + draw mod (high − low)
  IntFull,       // random_(): draw mod (max + 1)
  Perm,          // randperm: the swap of step i picked position i + draw mod (n − i)
  PermLast,      // randperm's last element: what the swaps left there
  Bernoulli,     // 1 if u < p
  Exponential,   // −1/λ · ln(1 − u)
  Geometric,     // ⌈ln u / ln(1 − p)⌉
  Cauchy,        // median + σ·tan(π(u − ½))
  LogNormal,     // exp of a normal (its pair as Pair / PairCached / PairEarlier)
  MultiDraw,     // multinomial with replacement: the category whose cumulative share holds u
  MultiTop,      // multinomial without replacement: the k-th largest p / q, q ~ Exp(1) per category
  Poisson,       // poisson: Knuth's product of uniforms (rate < 10) or Hörmann's rejection
  Dropout,       // input · (u < 1 − p) / (1 − p)
  AlphaDropout,  // input · a·m + (m − 1)·α·a + α·a·p, m = (u < 1 − p)
  Copy,          // dropout not training (or p = 0): the input element, no draw
  Zeroed         // dropout with p = 1: input · 0, no draw
};

struct Draw {
  std::uint64_t first = 0;  // the place of its first draw in the stream
  std::uint32_t count = 0;  // how many 32-bit draws it read
  How how = How::Uniform;
  How pair = How::Pair;  // LogNormal: how its normal came
  std::int64_t partner = -1;
  std::uint64_t other = 0;  // Block: the first draw of the partner's uniform, as the block read it
  bool second = false;      // Block: the sine half of the block
  double p = 0;             // Bernoulli: its probability
};

struct Record {
  std::uint64_t seed = 0;
  bool restored = false;
  int digits = 24;            // bits of each uniform
  bool wide = false;          // each uniform from two draws (random64)
  double a = 0, b = 1;        // from/to, mean/std, low/high, λ, p, median/σ
  std::int64_t low = 0;       // integers: what the draw's remainder is added to
  std::uint64_t modulus = 0;  // integers: what the draw is reduced by
  std::vector<Draw> draws;    // per output element, row-major
};

struct Kept {
  Tensor pin;
  Record record;
};
std::deque<Kept>& kept() {
  thread_local std::deque<Kept> k;
  return k;
}
void keep(const Tensor& out, Record r) {
  auto& k = kept();
  k.push_front(Kept{out, std::move(r)});
  if (k.size() > 8) k.pop_back();
}
const Record* record_of(const OpResult& r) {
  if (r.tensors.empty() || !r.tensors[0].defined()) return nullptr;
  for (const Kept& e : kept())
    if (e.pin.shares_storage(r.tensors[0])) return &e.record;
  return nullptr;
}

// --- arguments -----------------------------------------------------------------------------

// size=, each dimension at least 0 (PyTorch's message).
Shape drawn_size(const Bound& b) {
  const Shape s = size_arg(b);
  for (std::int64_t d : s)
    if (d < 0)
      fail("RuntimeError",
           "Trying to create tensor with negative dimension " + std::to_string(d) + ": " + shape_str(s));
  return s;
}

// The generator= argument, or the request's default generator.
GeneratorRef generator_of(const Bound& b) {
  const Value& v = arg(b, "generator");
  return v.is<GeneratorRef>() ? v.as<GeneratorRef>() : default_generator();
}

double number(const Bound& b, const char* name, double dflt) {
  const Value& v = arg(b, name);
  if (v.is<None>()) return dflt;
  const auto s = number_of(v);
  return s ? s->as_double() : dflt;
}

// The order PyTorch's nullary TensorIterator visits the elements of a tensor shaped like
// `like`: its memory order (row-major when contiguous).
std::vector<std::int64_t> memory_order(const Tensor& like) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(like.numel()));
  std::iota(order.begin(), order.end(), 0);
  if (like.is_contiguous()) return order;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::int64_t x, std::int64_t y) { return like.storage_index(x) < like.storage_index(y); });
  return order;
}
// A new tensor made by empty_like(like): like's strides when it is dense (no gaps, no
// overlap), else contiguous. Its visiting order, and whether it is contiguous.
std::vector<std::int64_t> like_order(const Tensor& like, bool& contiguous) {
  std::vector<std::int64_t> order = memory_order(like);
  bool dense = true;
  for (std::size_t k = 1; k < order.size() && dense; ++k)
    dense = like.storage_index(order[k]) == like.storage_index(order[k - 1]) + 1;
  if (!dense) std::iota(order.begin(), order.end(), 0);
  contiguous = true;
  for (std::size_t k = 0; k < order.size(); ++k) contiguous = contiguous && order[k] == std::int64_t(k);
  return order;
}
std::vector<std::int64_t> row_major(std::int64_t n) {
  std::vector<std::int64_t> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  return order;
}

OpResult one(Tensor t) {
  OpResult r;
  r.tensors.push_back(std::move(t));
  return r;
}

Record new_record(const CpuGenerator& g) {
  Record r;
  r.seed = g.initial_seed();
  r.restored = g.restored();
  return r;
}

void store(Tensor& out, std::int64_t flat, double v) { out.set(flat, Scalar::from_float(v, DType::Float64)); }

// A double as PyTorch's C++ messages print it (an ostream's default: 6 significant digits).
std::string cpp_double(double v) {  // (printf's %g is the same format, without iostreams' code size)
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

[[noreturn]] void not_implemented(const char* kernel, DType d) {
  fail("RuntimeError", std::string("\"") + kernel + "\" not implemented for '" + dtype_scalar_name(d) + "'");
}

// x op y as PyTorch's elementwise kernels compute it for dtype d: float64 in double, the
// others in float (rounded to d when stored).
double arith(const Scalar& x, const Scalar& y, char op, DType d) {
  if (d == DType::Float64) {
    const double a = x.as_double(), b = y.as_double();
    return op == '+' ? a + b : op == '*' ? a * b : a / b;
  }
  const float a = float(x.as_double()), b = float(y.as_double());
  return double(op == '+' ? a + b : op == '*' ? a * b : a / b);
}
double float_add(const Scalar& x, const Scalar& y, DType d) { return arith(x, y, '+', d); }
double float_mul(const Scalar& x, const Scalar& y, DType d) { return arith(x, y, '*', d); }
double float_div(const Scalar& x, const Scalar& y, DType d) { return arith(x, y, '/', d); }

// --- uniform -------------------------------------------------------------------------------

// uniform_(from, to) into `out` in `order`.
void uniform_fill(CpuGenerator& g, Tensor& out, const std::vector<std::int64_t>& order, double from_, double to_,
                  Record& rec) {
  const DType d = out.dtype();
  if (!is_floating(d)) not_implemented("check_uniform_bounds", d);
  if (from_ > to_)
    fail("RuntimeError", "uniform_ expects to return a [from, to) range, but found from=" + cpp_double(from_) +
                             " > to=" + cpp_double(to_));
  rec.a = from_;
  rec.b = to_;
  rec.draws.resize(std::size_t(out.numel()));
  rec.digits = d == DType::Float64 ? 53 : d == DType::Float32 ? 24 : d == DType::Float16 ? 11 : 8;
  rec.wide = d == DType::Float64;
  for (std::int64_t flat : order) {
    Draw& dr = rec.draws[std::size_t(flat)];
    dr.first = g.draws();
    if (d == DType::Float64) {
      const double x = uniform_bits_double(g.random64());
      store(out, flat, std::fma(x, to_ - from_, from_));
      dr.count = 2;
    } else {
      // (to − from) of two float16 or bfloat16 values is itself rounded to that type (c10's operator−).
      float from = float(from_), to = float(to_), span = to - from;
      if (d == DType::Float16) from = float(Half(from)), to = float(Half(to)), span = float(Half(to - from));
      if (d == DType::BFloat16)
        from = float(BFloat16(from)), to = float(BFloat16(to)), span = float(BFloat16(to - from));
      const float x = uniform_bits_float(g.random(), rec.digits);
      store(out, flat, double(std::fma(x, span, from)));
      dr.count = 1;
    }
  }
}

// --- normal --------------------------------------------------------------------------------

// normal_(mean, std): the 16-element blocks for a contiguous floating tensor of 16 or more,
// else normal_distribution<double> element by element.
void normal_fill(CpuGenerator& g, Tensor& out, const std::vector<std::int64_t>& order, bool contiguous, double mean,
                 double std, Record& rec, const char* kernel = "normal_kernel_cpu") {
  const DType d = out.dtype();
  if (!is_floating(d)) not_implemented(kernel, d);
  if (std < 0) fail("RuntimeError", "normal expects std >= 0.0, but found std " + cpp_double(std));
  const std::int64_t n = out.numel();
  rec.a = mean;
  rec.b = std;
  rec.draws.resize(std::size_t(n));
  if (n >= 16 && contiguous) {
    rec.digits = d == DType::Float64 ? 53 : d == DType::Float32 ? 24 : d == DType::Float16 ? 11 : 8;
    rec.wide = d == DType::Float64;
    const std::uint32_t per = rec.wide ? 2 : 1;
    std::vector<double> u(static_cast<std::size_t>(n));
    auto draw = [&](std::int64_t i) {
      rec.draws[std::size_t(i)].first = g.draws();
      rec.draws[std::size_t(i)].count = per;
      rec.draws[std::size_t(i)].how = How::Block;
      if (rec.wide) return uniform_bits_double(g.random64());
      return double(uniform_bits_float(g.random(), rec.digits));
    };
    for (std::int64_t i = 0; i < n; ++i) u[std::size_t(i)] = draw(i);
    std::vector<double> v(static_cast<std::size_t>(n));
    auto block = [&](std::int64_t s) {
      if (d == DType::Float64) {
        double x[16];
        for (int k = 0; k < 16; ++k) x[k] = u[std::size_t(s + k)];
        normal_block_double(x, mean, std);
        for (int k = 0; k < 16; ++k) v[std::size_t(s + k)] = x[k];
      } else if (d == DType::Float32) {
        float x[16];
        for (int k = 0; k < 16; ++k) x[k] = float(u[std::size_t(s + k)]);
        normal_block_avx2(x, float(mean), float(std));
        for (int k = 0; k < 16; ++k) v[std::size_t(s + k)] = x[k];
      } else if (d == DType::Float16) {
        Half x[16];
        for (int k = 0; k < 16; ++k) x[k] = Half(float(u[std::size_t(s + k)]));
        normal_block_half(x, float(Half(float(mean))), float(Half(float(std))));
        for (int k = 0; k < 16; ++k) v[std::size_t(s + k)] = float(x[k]);
      } else {
        BFloat16 x[16];
        for (int k = 0; k < 16; ++k) x[k] = BFloat16(float(u[std::size_t(s + k)]));
        normal_block_half(x, float(BFloat16(float(mean))), float(BFloat16(float(std))));
        for (int k = 0; k < 16; ++k) v[std::size_t(s + k)] = float(x[k]);
      }
      for (int k = 0; k < 16; ++k) {
        Draw& dr = rec.draws[std::size_t(s + k)];
        dr.partner = s + (k < 8 ? k + 8 : k - 8);
        dr.other = rec.draws[std::size_t(dr.partner)].first;
        dr.second = k >= 8;
      }
    };
    for (std::int64_t s = 0; s + 16 <= n; s += 16) block(s);
    if (n % 16 != 0) {  // the last 16 drawn again and computed again
      for (std::int64_t i = n - 16; i < n; ++i) u[std::size_t(i)] = draw(i);
      block(n - 16);
    }
    for (std::int64_t i = 0; i < n; ++i) store(out, i, v[std::size_t(i)]);
    return;
  }
  rec.digits = 53;
  rec.wide = true;
  std::int64_t previous = -1;
  for (std::int64_t flat : order) {
    Draw& dr = rec.draws[std::size_t(flat)];
    dr.first = g.draws();
    bool cached = false;
    const double v = normal_double(g, mean, std, cached);
    dr.count = std::uint32_t(g.draws() - dr.first);
    dr.how = !cached ? How::Pair : previous >= 0 ? How::PairCached : How::PairEarlier;
    if (cached) dr.partner = previous;
    previous = cached ? -1 : flat;
    store(out, flat, v);
  }
}

// --- integers ------------------------------------------------------------------------------

std::string cpp_type_name(DType d) {
  switch (d) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "unsigned char";
    case DType::Int8: return "signed char";
    case DType::Int16: return "short int";
    case DType::Int32: return "int";
    case DType::Int64: return "long int";
    case DType::Float16: return "c10::Half";
    case DType::BFloat16: return "c10::BFloat16";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
  }
  return "";
}

int float_digits(DType d) { return d == DType::Float64 ? 53 : d == DType::Float32 ? 24 : d == DType::Float16 ? 11 : 8; }

// PyTorch's check_from_to_in_range (its warnings for floating types are not shown).
void check_in_range(std::int64_t from, std::int64_t to_inc, DType d) {
  if (is_floating(d)) {
    const double max = d == DType::Float16    ? 65504.0
                       : d == DType::BFloat16 ? 3.3895313892515355e38
                       : d == DType::Float32  ? 3.4028234663852886e38
                                              : 1.7976931348623157e308;
    if (double(from) < -max || double(from) > max)
      fail("RuntimeError", "from is out of bounds for " + cpp_type_name(d));
    if (double(to_inc) < -max || double(to_inc) > max)
      fail("RuntimeError", "to - 1 is out of bounds for " + cpp_type_name(d));
    return;
  }
  std::int64_t lo = 0, hi = 1;
  switch (d) {
    case DType::UInt8: hi = 255; break;
    case DType::Int8: lo = -128, hi = 127; break;
    case DType::Int16: lo = -32768, hi = 32767; break;
    case DType::Int32:
      lo = std::numeric_limits<std::int32_t>::min(), hi = std::numeric_limits<std::int32_t>::max();
      break;
    case DType::Int64:
      lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
      break;
    default: break;
  }
  if (from < lo || from > hi) fail("RuntimeError", "from is out of bounds for " + cpp_type_name(d));
  if (to_inc < lo || to_inc > hi) fail("RuntimeError", "to - 1 is out of bounds for " + cpp_type_name(d));
}

// random_(from, to): from + draw mod (to − from), 64-bit draws for a range of 2^32 or more
// (int64, float64, float32, bfloat16 only).
void int_range_fill(CpuGenerator& g, Tensor& out, const std::vector<std::int64_t>& order, std::int64_t from,
                    std::uint64_t range, Record& rec) {
  const DType d = out.dtype();
  const bool can_wide = d == DType::Int64 || d == DType::Float64 || d == DType::Float32 || d == DType::BFloat16;
  rec.wide = can_wide && range >= (std::uint64_t(1) << 32);
  rec.low = from;
  rec.modulus = range;
  rec.draws.resize(std::size_t(out.numel()));
  for (std::int64_t flat : order) {
    Draw& dr = rec.draws[std::size_t(flat)];
    dr.first = g.draws();
    dr.how = How::IntRange;
    const std::uint64_t r = rec.wide ? g.random64() : g.random();
    dr.count = rec.wide ? 2 : 1;
    const std::int64_t v = std::int64_t(r % range + std::uint64_t(from));
    if (d == DType::Bool)
      out.set(flat, Scalar::from_bool(v != 0));
    else if (is_floating(d))
      store(out, flat, double(v));
    else
      out.set(flat, Scalar::from_int(v, DType::Int64));
  }
}

void random_full_fill(CpuGenerator& g, Tensor& out, const std::vector<std::int64_t>& order, Record& rec) {
  const DType d = out.dtype();
  rec.wide = d == DType::Int64 || d == DType::Float64;
  std::uint64_t mod = 0;
  switch (d) {
    case DType::Bool: mod = 2; break;
    case DType::UInt8: mod = 256; break;
    case DType::Int8: mod = 128; break;
    case DType::Int16: mod = 32768; break;
    case DType::Int32: mod = std::uint64_t(1) << 31; break;
    case DType::Int64: mod = std::uint64_t(1) << 63; break;
    default: mod = (std::uint64_t(1) << float_digits(d)) + 1; break;
  }
  rec.modulus = mod;
  rec.draws.resize(std::size_t(out.numel()));
  for (std::int64_t flat : order) {
    Draw& dr = rec.draws[std::size_t(flat)];
    dr.first = g.draws();
    dr.how = How::IntFull;
    const std::uint64_t r = rec.wide ? g.random64() : g.random();
    dr.count = rec.wide ? 2 : 1;
    const std::uint64_t v = d == DType::Bool ? (r & 1) : r % mod;
    if (is_floating(d))
      store(out, flat, double(v));
    else
      out.set(flat, Scalar::from_int(std::int64_t(v), DType::Int64));
  }
}

// A value as dtype d stores it, and the next one of d's values toward `toward`.
double as_dtype(double v, DType d) {
  if (d == DType::Float32) return double(float(v));
  if (d == DType::Float16) return double(float(Half(float(v))));
  if (d == DType::BFloat16) return double(float(BFloat16(float(v))));
  return v;
}
double next_in_dtype(double v, double toward, DType d) {
  if (d == DType::Float64) return std::nextafter(v, toward);
  if (d == DType::Float32) return double(std::nextafter(float(v), float(toward)));
  // float16, bfloat16: step the 16-bit pattern (v finite and nonzero here)
  const bool up = (toward > v) == (v > 0);
  if (d == DType::Float16) {
    Half h = Half(float(v));
    h.bits = std::uint16_t(h.bits + (up ? 1 : -1));
    return double(float(h));
  }
  BFloat16 b = BFloat16(float(v));
  b.bits = std::uint16_t(b.bits + (up ? 1 : -1));
  return double(float(b));
}
// static_cast<int64_t> of a double as x86 gives it, where C++ leaves it undefined (a bound
// past the dtype's range is inf there): the "integer indefinite" value INT64_MIN.
std::int64_t x86_int64(double v) {
  if (!(std::fabs(v) < 9223372036854775808.0)) return std::numeric_limits<std::int64_t>::min();
  return std::int64_t(v);
}
// PyTorch's update_from / update_to: bounds a floating dtype cannot hold exactly are moved
// inward to values it holds (randint(0, 2**40, dtype=torch.float32) draws below 2^40 − 2^16).
std::int64_t update_from(std::int64_t from, DType d) {
  const double from_plus_1 = as_dtype(double(from + 1), d);
  if (x86_int64(from_plus_1) < from)
    return x86_int64(next_in_dtype(from_plus_1, std::numeric_limits<double>::infinity(), d));
  return from;
}
std::int64_t update_to(std::int64_t to, DType d) {
  const double to_minus_1 = as_dtype(double(to - 1), d);
  if (x86_int64(to_minus_1) >= to)
    return x86_int64(next_in_dtype(to_minus_1, -std::numeric_limits<double>::infinity(), d));
  return to;
}

// random_(from, to) with PyTorch's checks; to = None: up to the dtype's largest value.
void random_from_to(CpuGenerator& g, Tensor& out, const std::vector<std::int64_t>& order, std::int64_t from,
                    std::optional<std::int64_t> to, Record& rec) {
  const DType d = out.dtype();
  if (to) {
    if (from >= *to)
      fail("RuntimeError", "random_ expects 'from' to be less than 'to', but got from=" + std::to_string(from) +
                               " >= to=" + std::to_string(*to));
    std::int64_t to_ = *to;
    if (is_floating(d)) {
      from = update_from(from, d);
      to_ = update_to(to_, d);
      if (from >= to_)
        fail("RuntimeError",
             "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=" +
                 std::to_string(from) + " >= to=" + std::to_string(to_));
    }
    check_in_range(from, to_ - 1, d);
    int_range_fill(g, out, order, from, std::uint64_t(to_) - std::uint64_t(from), rec);
    return;
  }
  std::int64_t to_inc = 0;
  if (is_floating(d)) {
    to_inc = std::int64_t(1) << float_digits(d);
    from = update_from(from, d);
    if (from >= to_inc)
      fail(
          "RuntimeError",
          "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to dtype, but got from=" +
              std::to_string(from) + " > to_inc=" + std::to_string(to_inc));
  } else {
    switch (d) {
      case DType::Bool: to_inc = 1; break;
      case DType::UInt8: to_inc = 255; break;
      case DType::Int8: to_inc = 127; break;
      case DType::Int16: to_inc = 32767; break;
      case DType::Int32: to_inc = std::numeric_limits<std::int32_t>::max(); break;
      default: to_inc = std::numeric_limits<std::int64_t>::max(); break;
    }
  }
  if (from == std::numeric_limits<std::int64_t>::min() && (d == DType::Int64 || d == DType::Float64))
    fail("Unsupported", "random_ over the full 64-bit range is not supported by Whence yet");
  check_in_range(from, to_inc, d);
  int_range_fill(g, out, order, from, std::uint64_t(to_inc) - std::uint64_t(from) + 1, rec);
}

// --- the ops' runs -------------------------------------------------------------------------

OpResult finish(Tensor out, Record rec) {
  keep(out, std::move(rec));
  return one(std::move(out));
}

OpResult rand_run(const Bound& b) {
  check_factory_options(b);
  GeneratorRef g = generator_of(b);
  Tensor out = limited_tensor(dtype_or(b, default_float_dtype()), drawn_size(b));
  Record rec = new_record(*g.gen);
  uniform_fill(*g.gen, out, row_major(out.numel()), 0, 1, rec);
  return finish(out, std::move(rec));
}

OpResult randn_run(const Bound& b) {
  check_factory_options(b);
  GeneratorRef g = generator_of(b);
  Tensor out = limited_tensor(dtype_or(b, default_float_dtype()), drawn_size(b));
  Record rec = new_record(*g.gen);
  normal_fill(*g.gen, out, row_major(out.numel()), true, 0, 1, rec);
  return finish(out, std::move(rec));
}

std::int64_t int_param(const Bound& b, const char* name, std::int64_t dflt) {
  const Value& v = arg(b, name);
  if (v.is<None>()) return dflt;
  if (v.is<std::int64_t>()) return v.as<std::int64_t>();
  if (v.is<bool>()) return v.as<bool>();
  const auto s = number_of(v);
  return s ? s->i : dflt;
}

OpResult randint_run(const Bound& b) {
  check_factory_options(b);
  GeneratorRef g = generator_of(b);
  Tensor out = limited_tensor(dtype_or(b, DType::Int64), drawn_size(b));
  Record rec = new_record(*g.gen);
  random_from_to(*g.gen, out, row_major(out.numel()), int_param(b, "low", 0), int_param(b, "high", 0), rec);
  return finish(out, std::move(rec));
}

OpResult randperm_run(const Bound& b) {
  check_factory_options(b);
  GeneratorRef g = generator_of(b);
  const std::int64_t n = int_param(b, "n", 0);
  const DType d = dtype_or(b, DType::Int64);
  if (n < 0)
    fail("RuntimeError",
         "Trying to create tensor with negative dimension " + std::to_string(n) + ": [" + std::to_string(n) + "]");
  if (d == DType::Bool) not_implemented("randperm", d);
  if (is_floating(d) && n > (std::int64_t(1) << float_digits(d)) + 1)
    fail("RuntimeError", "n cannot be greater than " + std::to_string((std::int64_t(1) << float_digits(d)) + 1) +
                             " for " +
                             (d == DType::Float16    ? "Half"
                              : d == DType::BFloat16 ? "BFloat16"
                              : d == DType::Float32  ? "Float"
                                                     : "Double") +
                             " type.");
  Tensor out = limited_tensor(d, Shape{n});
  Record rec = new_record(*g.gen);
  rec.b = double(n);
  rec.draws.resize(std::size_t(n));
  std::vector<std::int64_t> r(static_cast<std::size_t>(n));
  std::iota(r.begin(), r.end(), 0);
  for (std::int64_t i = 0; i + 1 < n; ++i) {
    Draw& dr = rec.draws[std::size_t(i)];
    dr.first = g.gen->draws();
    dr.count = 1;
    dr.how = How::Perm;
    const std::int64_t z = std::int64_t(g.gen->random() % std::uint64_t(n - i));
    dr.partner = i + z;
    std::swap(r[std::size_t(i)], r[std::size_t(i + z)]);
  }
  if (n > 0) rec.draws[std::size_t(n - 1)].how = How::PermLast;
  for (std::int64_t i = 0; i < n; ++i) out.set(i, Scalar::from_int(r[std::size_t(i)]));
  return finish(out, std::move(rec));
}

// The *_like ops: a new tensor shaped (and, when dense, strided) like the input.
OpResult like_run(const Bound& b, int kind) {
  check_factory_options(b);
  const Tensor& x = tensor_arg(b, "input");
  GeneratorRef g = generator_of(b);
  bool contiguous = true;
  const std::vector<std::int64_t> order = like_order(x, contiguous);
  Tensor out = limited_tensor(dtype_or(b, x.dtype()), x.shape());
  Record rec = new_record(*g.gen);
  if (kind == 0) uniform_fill(*g.gen, out, order, 0, 1, rec);
  if (kind == 1) normal_fill(*g.gen, out, order, contiguous, 0, 1, rec);
  if (kind == 2) {
    const bool two = !arg(b, "high").is<None>();
    random_from_to(*g.gen, out, order, two ? int_param(b, "low", 0) : 0,
                   two ? int_param(b, "high", 0) : int_param(b, "low", 0), rec);
  }
  return finish(out, std::move(rec));
}
OpResult rand_like_run(const Bound& b) { return like_run(b, 0); }
OpResult randn_like_run(const Bound& b) { return like_run(b, 1); }
OpResult randint_like_run(const Bound& b) { return like_run(b, 2); }

// torch.normal's overloads: (float, float, size), (Tensor, float), (float, Tensor), (Tensor, Tensor).
OpResult normal_run(const Bound& b) {
  GeneratorRef g = generator_of(b);
  const Value& mv = arg(b, "mean");
  const Value& sv = arg(b, "std");
  const bool mt = mv.is<Tensor>(), st = sv.is<Tensor>();
  Record rec = new_record(*g.gen);
  if (!mt && !st) {
    check_factory_options(b);
    if (arg(b, "size").is<None>()) fail("TypeError", "normal() missing required argument 'size'");
    Tensor out = limited_tensor(dtype_or(b, default_float_dtype()), drawn_size(b));
    normal_fill(*g.gen, out, row_major(out.numel()), true, number(b, "mean", 0), number(b, "std", 1), rec);
    return finish(out, std::move(rec));
  }
  if (mt && !st) {
    const double std = number(b, "std", 1);
    if (std < 0) fail("RuntimeError", "normal expects std >= 0.0, but found std " + cpp_double(std));
    const Tensor& mean = mv.as<Tensor>();
    Tensor out = limited_tensor(mean.dtype(), mean.shape());
    normal_fill(*g.gen, out, row_major(out.numel()), true, 0, std, rec);
    for (std::int64_t i = 0; i < out.numel(); ++i)  // output.add_(mean)
      out.set(i, Scalar::from_float(float_add(out.get(i), mean.get(i), out.dtype()), DType::Float64));
    rec.a = std::numeric_limits<double>::quiet_NaN();
    return finish(out, std::move(rec));
  }
  const Tensor& std_t = sv.as<Tensor>();
  for (std::int64_t i = 0; i < std_t.numel(); ++i)
    if (std_t.get(i).as_double() < 0) fail("RuntimeError", "normal expects all elements of std >= 0.0");
  Shape shape = std_t.shape();
  DType d = std_t.dtype();
  if (mt) {
    shape = broadcast_shapes(mv.as<Tensor>().shape(), std_t.shape());
    d = mv.as<Tensor>().dtype();
  }
  Tensor out = limited_tensor(d, shape);
  normal_fill(*g.gen, out, row_major(out.numel()), true, 0, 1, rec);
  for (std::int64_t i = 0; i < out.numel(); ++i) {  // output.mul_(std).add_(mean)
    const Scalar s = std_t.get(broadcast_flat(std_t.shape(), shape, i));
    Scalar v = Scalar::from_float(float_mul(out.get(i), s, d), d);
    const Scalar m = mt ? mv.as<Tensor>().get(broadcast_flat(mv.as<Tensor>().shape(), shape, i))
                        : Scalar::from_float(number(b, "mean", 0), d);
    out.set(i, Scalar::from_float(float_add(v, m, d), DType::Float64));
  }
  rec.a = std::numeric_limits<double>::quiet_NaN();
  return finish(out, std::move(rec));
}

// --- the in-place methods, run out of place --------------------------------------------------

struct SelfDraw {
  GeneratorRef g;
  Tensor out;
  std::vector<std::int64_t> order;
  bool contiguous = true;
  Record rec;
};
SelfDraw self_draw(const Bound& b) {
  SelfDraw s;
  const Tensor& self = tensor_arg(b, "input");
  s.g = generator_of(b);
  s.order = memory_order(self);
  s.contiguous = self.is_contiguous();
  s.out = limited_tensor(self.dtype(), self.shape());
  s.rec = new_record(*s.g.gen);
  return s;
}

OpResult uniform__run(const Bound& b) {
  SelfDraw s = self_draw(b);
  uniform_fill(*s.g.gen, s.out, s.order, number(b, "from", 0), number(b, "to", 1), s.rec);
  return finish(s.out, std::move(s.rec));
}
OpResult normal__run(const Bound& b) {
  SelfDraw s = self_draw(b);
  normal_fill(*s.g.gen, s.out, s.order, s.contiguous, number(b, "mean", 0), number(b, "std", 1), s.rec);
  return finish(s.out, std::move(s.rec));
}
OpResult random__run(const Bound& b) {
  SelfDraw s = self_draw(b);
  const Value& from = arg(b, "from");
  const Value& to = arg(b, "to");
  if (from.is<None>() && to.is<None>()) {
    random_full_fill(*s.g.gen, s.out, s.order, s.rec);
  } else if (!from.is<None>() && to.is<None>() && !b.given(std::size_t(b.op->param_index("to")))) {
    random_from_to(*s.g.gen, s.out, s.order, 0, int_param(b, "from", 0), s.rec);  // random_(to)
  } else {
    std::optional<std::int64_t> t;
    if (!to.is<None>()) t = int_param(b, "to", 0);
    random_from_to(*s.g.gen, s.out, s.order, int_param(b, "from", 0), t, s.rec);
  }
  return finish(s.out, std::move(s.rec));
}

// bernoulli: u < p, u a 53-bit uniform (a float or Python p) or a 24-bit one (a float32,
// float16 or bfloat16 p tensor).
void bernoulli_fill(CpuGenerator& g, Tensor& out, const std::vector<std::int64_t>& order, const Tensor* p_tensor,
                    double p, Record& rec) {
  rec.draws.resize(std::size_t(out.numel()));
  if (out.dtype() == DType::Float16)  // PyTorch 1.13 has no float16 bernoulli on the CPU
    not_implemented(p_tensor ? "bernoulli_tensor_cpu_self_" : "bernoulli_scalar_cpu_", out.dtype());
  if (p_tensor) {
    if (!is_floating(p_tensor->dtype())) not_implemented("bernoulli_tensor_cpu_p_", p_tensor->dtype());
    for (std::int64_t i = 0; i < p_tensor->numel(); ++i) {
      const double v = p_tensor->get(i).as_double();
      if (!(v >= 0 && v <= 1))
        fail("RuntimeError",
             "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  If "
             "so, please report an enhancement request to PyTorch.)");
    }
    rec.wide = p_tensor->dtype() == DType::Float64;
    rec.digits = rec.wide ? 53 : 24;
  } else {
    if (!(p >= 0 && p <= 1)) fail("RuntimeError", "bernoulli_ expects p to be in [0, 1], but got p=" + cpp_double(p));
    rec.wide = true;
    rec.digits = 53;
  }
  for (std::int64_t flat : order) {
    Draw& dr = rec.draws[std::size_t(flat)];
    dr.first = g.draws();
    dr.how = How::Bernoulli;
    bool one;
    if (p_tensor) {
      const double pv = p_tensor->get(broadcast_flat(p_tensor->shape(), out.shape(), flat)).as_double();
      dr.p = pv;
      one = rec.wide ? uniform_bits_double(g.random64()) < pv : uniform_bits_float(g.random(), 24) < float(pv);
    } else {
      dr.p = p;
      one = uniform_bits_double(g.random64()) < p;
    }
    dr.count = rec.wide ? 2 : 1;
    out.set(flat, Scalar::from_int(one ? 1 : 0, DType::Int64));
  }
}

OpResult bernoulli_run(const Bound& b) {  // torch.bernoulli(input, p=None) and Tensor.bernoulli
  const Tensor& x = tensor_arg(b, "input");
  GeneratorRef g = generator_of(b);
  bool contiguous = true;
  const std::vector<std::int64_t> order = like_order(x, contiguous);
  Tensor out = limited_tensor(x.dtype(), x.shape());
  Record rec = new_record(*g.gen);
  const Value& p = arg(b, "p");
  if (p.is<None>())
    bernoulli_fill(*g.gen, out, order, &x, 0, rec);
  else
    bernoulli_fill(*g.gen, out, order, nullptr, number(b, "p", 0.5), rec);
  return finish(out, std::move(rec));
}
OpResult bernoulli__run(const Bound& b) {
  SelfDraw s = self_draw(b);
  const Value& p = arg(b, "p");
  if (p.is<Tensor>())
    bernoulli_fill(*s.g.gen, s.out, s.order, &p.as<Tensor>(), 0, s.rec);
  else
    bernoulli_fill(*s.g.gen, s.out, s.order, nullptr, number(b, "p", 0.5), s.rec);
  return finish(s.out, std::move(s.rec));
}

// exponential_, geometric_, cauchy_: one 53-bit uniform each, transformed in double.
OpResult one_uniform_run(const Bound& b, How how, const char* kernel) {
  SelfDraw s = self_draw(b);
  const DType d = s.out.dtype();
  if (!is_floating(d) && how != How::Geometric) not_implemented(kernel, d);
  double a = 0, c = 1;
  if (how == How::Exponential) {
    a = number(b, "lambd", 1);
    if (a < 0) fail("RuntimeError", "exponential_ expects lambda >= 0.0, but found lambda=" + cpp_double(a));
  } else if (how == How::Geometric) {
    a = number(b, "p", 0.5);
    if (!(a > 0 && a < 1)) fail("RuntimeError", "geometric_ expects p to be in (0, 1), but got p=" + cpp_double(a));
  } else {
    a = number(b, "median", 0);
    c = number(b, "sigma", 1);
  }
  s.rec.a = a;
  s.rec.b = c;
  s.rec.wide = true;
  s.rec.digits = 53;
  s.rec.draws.resize(std::size_t(s.out.numel()));
  for (std::int64_t flat : s.order) {
    Draw& dr = s.rec.draws[std::size_t(flat)];
    dr.first = s.g.gen->draws();
    dr.count = 2;
    dr.how = how;
    const double u = uniform_bits_double(s.g.gen->random64());
    double v;
    if (how == How::Exponential)
      v = -1.0 / a * std::log(1.0 - u);
    else if (how == How::Geometric)
      v = std::ceil(std::log(u) / std::log(1.0 - a));
    else
      v = std::fma(c, std::tan(3.14159265358979323846 * (u - 0.5)), a);  // (fused in PyTorch's AVX2 build)
    if (is_floating(d))
      store(s.out, flat, v);
    else
      s.out.set(flat, Scalar::from_float(v, DType::Float64));
  }
  return finish(s.out, std::move(s.rec));
}
OpResult exponential__run(const Bound& b) { return one_uniform_run(b, How::Exponential, "exponential_cpu"); }
OpResult geometric__run(const Bound& b) { return one_uniform_run(b, How::Geometric, "geometric_cpu"); }
OpResult cauchy__run(const Bound& b) { return one_uniform_run(b, How::Cauchy, "cauchy_cpu"); }

OpResult log_normal__run(const Bound& b) {
  SelfDraw s = self_draw(b);
  const DType d = s.out.dtype();
  if (!is_floating(d)) not_implemented("log_normal_cpu", d);
  const double mean = number(b, "mean", 1), std = number(b, "std", 2);
  if (!(std > 0)) fail("RuntimeError", "log_normal_ expects std > 0.0, but found std=" + cpp_double(std));
  s.rec.a = mean;
  s.rec.b = std;
  s.rec.wide = true;
  s.rec.digits = 53;
  s.rec.draws.resize(std::size_t(s.out.numel()));
  std::int64_t previous = -1;
  for (std::int64_t flat : s.order) {
    Draw& dr = s.rec.draws[std::size_t(flat)];
    dr.first = s.g.gen->draws();
    bool cached = false;
    const double v = normal_double(*s.g.gen, mean, std, cached);
    dr.count = std::uint32_t(s.g.gen->draws() - dr.first);
    dr.how = How::LogNormal;
    dr.pair = !cached ? How::Pair : previous >= 0 ? How::PairCached : How::PairEarlier;
    if (cached) dr.partner = previous;
    previous = cached ? -1 : flat;
    store(s.out, flat, std::exp(v));
  }
  return finish(s.out, std::move(s.rec));
}

// F.dropout in training: input · noise, noise = bernoulli(1 − p) / (1 − p).
// PyTorch's _dropout_impl: the input itself when not training, p = 0 or empty (no draws);
// input · 0 for p = 1 (no draws); else a mask bernoulli_(1 − p) per element (feature: per
// channel, shape [N, C, 1, ...]), scaled by 1/(1 − p), or for alpha dropout
// input · a·m + ((m − 1)·α·a + α·a·p), each step rounded to the dtype.
OpResult dropout_impl(const Bound& b, bool feature, bool alpha, bool training_default) {
  const double p = number(b, "p", 0.5);
  if (p < 0 || p > 1)
    fail("ValueError", "dropout probability has to be between 0 and 1, but got " + format_float(p, DType::Float64));
  // F.dropout checks p, then hands its input to _VF's dropout, whose binding takes only a tensor.
  if (!arg(b, "input").is<Tensor>())
    fail("TypeError",
         std::string(feature ? "feature_alpha_dropout"
                     : alpha ? "alpha_dropout"
                             : "dropout") +
             "(): argument 'input' (position 1) must be Tensor, not " + python_type_name(arg(b, "input")),
         "input");
  const Tensor& x = tensor_arg(b, "input");
  const DType d = x.dtype();
  if (bool_arg(b, "inplace", false))
    fail("Unsupported", "Whence shows dropout out of place; pass inplace=False or leave it out", "inplace");
  GeneratorRef g = default_generator();
  Record rec = new_record(*g.gen);
  Tensor out = limited_tensor(d, x.shape());
  rec.a = p;
  rec.draws.resize(std::size_t(x.numel()));
  for (Draw& dr : rec.draws) dr.how = How::Copy;
  if (!bool_arg(b, "training", training_default) || p == 0 || x.numel() == 0) {
    for (std::int64_t i = 0; i < x.numel(); ++i) out.set(i, x.get(i));
    return finish(out, std::move(rec));
  }
  auto round_d = [&](double v) { return Scalar::from_float(as_dtype(v, d), d); };
  if (p == 1) {
    for (std::int64_t i = 0; i < x.numel(); ++i) {
      out.set(i, round_d(float_mul(x.get(i), Scalar::from_float(0, d), d)));
      rec.draws[std::size_t(i)].how = How::Zeroed;
    }
    return finish(out, std::move(rec));
  }
  Shape noise_shape = x.shape();
  if (feature) {
    if (x.dim() < 2) fail("RuntimeError", "Feature dropout requires at least 2 dimensions in the input");
    for (std::size_t k = 2; k < noise_shape.size(); ++k) noise_shape[k] = 1;
  }
  if (!is_floating(d) || d == DType::Float16) not_implemented("bernoulli_scalar_cpu_", d);
  Tensor noise = limited_tensor(d, noise_shape);
  Record mask = rec;
  bernoulli_fill(*g.gen, noise, row_major(noise.numel()), nullptr, 1 - p, mask);
  rec.wide = mask.wide;
  rec.digits = mask.digits;
  const double alpha_c = 1.7580993408473766, a = 1. / std::sqrt((alpha_c * alpha_c * p + 1) * (1 - p));
  rec.b = a;
  std::vector<Scalar> scaled(std::size_t(noise.numel())), shift(std::size_t(noise.numel()));
  for (std::int64_t k = 0; k < noise.numel(); ++k) {
    const Scalar m = noise.get(k);
    if (alpha) {
      const Scalar minus1 = round_d(float_add(m, Scalar::from_float(-1, DType::Float64), d));
      const Scalar times = round_d(float_mul(minus1, Scalar::from_float(alpha_c * a, DType::Float64), d));
      shift[std::size_t(k)] = round_d(float_add(times, Scalar::from_float(alpha_c * a * p, DType::Float64), d));
      scaled[std::size_t(k)] = round_d(float_mul(m, Scalar::from_float(a, DType::Float64), d));
    } else {
      scaled[std::size_t(k)] = round_d(float_div(m, Scalar::from_float(1 - p, DType::Float64), d));
    }
  }
  for (std::int64_t i = 0; i < x.numel(); ++i) {
    const std::int64_t k = broadcast_flat(noise_shape, x.shape(), i);
    Scalar v = round_d(float_mul(x.get(i), scaled[std::size_t(k)], d));
    if (alpha) v = round_d(float_add(v, shift[std::size_t(k)], d));
    out.set(i, v);
    rec.draws[std::size_t(i)] = mask.draws[std::size_t(k)];
    rec.draws[std::size_t(i)].how = alpha ? How::AlphaDropout : How::Dropout;
  }
  return finish(out, std::move(rec));
}
OpResult dropout_run(const Bound& b) { return dropout_impl(b, false, false, true); }
OpResult alpha_dropout_run(const Bound& b) { return dropout_impl(b, false, true, false); }
OpResult feature_alpha_dropout_run(const Bound& b) { return dropout_impl(b, true, true, false); }

// torch.multinomial(input, num_samples, replacement=False): 1-D or 2-D probabilities, one row
// per distribution.
OpResult multinomial_run(const Bound& b) {
  const Tensor& p = tensor_arg(b, "input");
  const std::int64_t n = int_param(b, "num_samples", 1);
  const bool replacement = bool_arg(b, "replacement", false);
  GeneratorRef g = generator_of(b);
  if (p.dim() < 1 || p.dim() > 2) fail("RuntimeError", "prob_dist must be 1 or 2 dim");
  if (!is_floating(p.dtype()))
    fail("RuntimeError", std::string("multinomial only supports floating-point dtypes for input, got: ") +
                             dtype_scalar_name(p.dtype()));
  if (p.dtype() == DType::Float16) fail("RuntimeError", "multinomial is not implemented for half on CPU");
  if (n <= 0) fail("RuntimeError", "cannot sample n_sample <= 0 samples");
  const std::int64_t cats = p.shape()[std::size_t(p.dim() - 1)];
  if (!replacement && n > cats)
    fail("RuntimeError", "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  const std::int64_t rows = p.dim() == 2 ? p.shape()[0] : 1;
  Tensor out = limited_tensor(DType::Int64, p.dim() == 2 ? Shape{rows, n} : Shape{n});
  Record rec = new_record(*g.gen);
  rec.wide = true;
  rec.digits = 53;
  rec.b = double(cats);
  rec.draws.resize(std::size_t(out.numel()));
  if (p.numel() == 0) return finish(out, std::move(rec));
  const Tensor pc = p.contiguous();
  if (!replacement) {
    for (std::int64_t i = 0; i < p.numel(); ++i) {
      const double v = pc.get(i).as_double();
      if (!(v < std::numeric_limits<double>::infinity() && v >= 0))
        fail("RuntimeError", "probability tensor contains either `inf`, `nan` or element < 0");
    }
    for (std::int64_t r = 0; r < rows; ++r) {
      double sum = 0;
      for (std::int64_t c = 0; c < cats; ++c) sum += pc.get(r * cats + c).as_double();
      if (sum == 0) fail("RuntimeError", "invalid multinomial distribution (sum of probabilities <= 0)");
    }
    // q = exponential_(1) in p's shape (one 53-bit uniform each, row-major), then p / q; the
    // samples are the indices of the largest, in order (argmax for one, topk for more).
    const std::uint64_t first = g.gen->draws();
    std::vector<double> ratio(std::size_t(p.numel()));
    for (std::int64_t i = 0; i < p.numel(); ++i) {
      const double q = -1.0 / 1.0 * std::log(1.0 - uniform_bits_double(g.gen->random64()));
      const Scalar qs = Scalar::from_float(q, DType::Float64);
      const Scalar qd = Scalar::from_float(as_dtype(q, p.dtype()), p.dtype());
      (void)qs;
      ratio[std::size_t(i)] = as_dtype(float_div(pc.get(i), qd, p.dtype()), p.dtype());
    }
    for (std::int64_t r = 0; r < rows; ++r) {
      std::vector<std::int64_t> idx(static_cast<std::size_t>(cats));
      std::iota(idx.begin(), idx.end(), 0);
      auto at = [&](std::int64_t c) { return ratio[std::size_t(r * cats + c)]; };
      std::stable_sort(idx.begin(), idx.end(), [&](std::int64_t x, std::int64_t y) {
        const double a = at(x), c = at(y);
        if (std::isnan(a) != std::isnan(c)) return std::isnan(a);
        return a > c;
      });
      for (std::int64_t j = 0; j < n; ++j) {
        out.set(r * n + j, Scalar::from_int(idx[std::size_t(j)]));
        Draw& dr = rec.draws[std::size_t(r * n + j)];
        dr.how = How::MultiTop;
        dr.first = first + std::uint64_t(2 * r * cats);
        dr.count = std::uint32_t(2 * cats);
        dr.partner = idx[std::size_t(j)];
      }
    }
    return finish(out, std::move(rec));
  }
  for (std::int64_t r = 0; r < rows; ++r) {
    // the cumulative distribution in p's dtype (float32 sums in float), normalised, last bucket 1
    std::vector<double> cum(static_cast<std::size_t>(cats));
    double sum = 0;
    for (std::int64_t c = 0; c < cats; ++c) {
      const double v = pc.get(r * cats + c).as_double();
      if (!(v >= 0)) fail("RuntimeError", "invalid multinomial distribution (encountering probability entry < 0)");
      if (!std::isfinite(v))
        fail("RuntimeError", "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
      sum = p.dtype() == DType::Float64 ? sum + v : double(float(sum) + float(v));
      cum[std::size_t(c)] = sum;
    }
    if (!(sum > 0)) fail("RuntimeError", "invalid multinomial distribution (sum of probabilities <= 0)");
    for (double& c : cum) c = p.dtype() == DType::Float64 ? c / sum : double(float(c) / float(sum));
    cum[std::size_t(cats - 1)] = 1;
    for (std::int64_t j = 0; j < n; ++j) {
      Draw& dr = rec.draws[std::size_t(r * n + j)];
      dr.first = g.gen->draws();
      dr.count = 2;
      dr.how = How::MultiDraw;
      const double u = uniform_bits_double(g.gen->random64());
      std::int64_t left = 0, right = cats;
      while (right - left > 0) {
        const std::int64_t mid = left + (right - left) / 2;
        if (cum[std::size_t(mid)] < u)
          left = mid + 1;
        else
          right = mid;
      }
      dr.partner = left;
      out.set(r * n + j, Scalar::from_int(left));
    }
  }
  return finish(out, std::move(rec));
}

// PyTorch's sample_poisson: Knuth's product of 53-bit uniforms below rate 10, Hörmann's
// transformed rejection (PTRS) from 10 up; 0 for rate 0.
std::int64_t sample_poisson(double lambda, CpuGenerator& g) {
  auto uniform = [&] { return uniform_bits_double(g.random64()); };
  if (lambda >= 10) {
    const double slam = std::sqrt(lambda), loglam = std::log(lambda);
    const double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
    const double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
    while (true) {
      const double U = uniform() - 0.5, V = uniform();
      const double us = 0.5 - std::fabs(U);
      // (x86's conversion, as PyTorch's: an infinite rate gives INT64_MIN, never an undefined cast)
      const std::int64_t k = float_to_int64(std::floor((2 * a / us + b) * U + lambda + 0.43));
      if (us >= 0.07 && V <= vr) return k;
      if (k < 0 || (us < 0.013 && V > us)) continue;
      if (std::log(V) + std::log(invalpha) - std::log(a / (us * us) + b) <=
          -lambda + double(k) * loglam - std::lgamma(double(k) + 1))
        return k;
    }
  }
  if (lambda == 0) return 0;
  const double enlam = std::exp(-lambda);
  std::int64_t x = 0;
  double prod = 1.0;
  while (true) {
    prod *= uniform();
    if (prod > enlam)
      x += 1;
    else
      return x;
  }
}

OpResult poisson_run(const Bound& b) {
  const Tensor& rate = tensor_arg(b, "input");
  GeneratorRef g = generator_of(b);
  if (!is_floating(rate.dtype()) || rate.dtype() == DType::Float16) not_implemented("poisson_cpu", rate.dtype());
  Tensor out = limited_tensor(rate.dtype(), rate.shape());
  Record rec = new_record(*g.gen);
  rec.wide = true;
  rec.digits = 53;
  rec.draws.resize(std::size_t(out.numel()));
  for (std::int64_t i = 0; i < rate.numel(); ++i)
    if (!(rate.get(i).as_double() >= 0)) fail("RuntimeError", "invalid Poisson rate, expected rate to be non-negative");
  bool contiguous = true;
  for (std::int64_t flat : like_order(rate, contiguous)) {
    Draw& dr = rec.draws[std::size_t(flat)];
    dr.first = g.gen->draws();
    dr.how = How::Poisson;
    const std::int64_t k = sample_poisson(rate.get(flat).as_double(), *g.gen);
    dr.count = std::uint32_t(g.gen->draws() - dr.first);
    store(out, flat, double(k));
  }
  return finish(out, std::move(rec));
}

// --- explain and equations -------------------------------------------------------------------

std::vector<Source> random_explain(const Bound& b, const OpResult& r, int, std::int64_t flat) {
  std::vector<Source> src;
  const Record* rec = record_of(r);
  if (rec && std::size_t(flat) < rec->draws.size()) {
    const Draw& d = rec->draws[std::size_t(flat)];
    auto add = [&](const Draw& from) {
      for (std::uint32_t k = 0; k < from.count; ++k)
        src.push_back(Source{-1, std::int64_t(from.first + k), Role::Random});
    };
    add(d);
    if (d.how == How::Block && d.partner >= 0) {
      Draw partner = d;
      partner.first = d.other;
      add(partner);
    }
    const How pair = d.how == How::LogNormal ? d.pair : d.how;
    if (pair == How::PairCached && d.partner >= 0) add(rec->draws[std::size_t(d.partner)]);
  }
  // Inputs read for their values: dropout's input, normal's mean and std, bernoulli's p.
  const OpDescriptor& op = *b.op;
  for (std::size_t i = 0; i < op.params.size(); ++i) {
    const std::string& name = op.params[i].name;
    if (!b.values[i].is<Tensor>() || op.params[i].type == ParamType::OutTensor) continue;
    const Tensor& t = b.values[i].as<Tensor>();
    const bool read = (op.names[0].rfind("torch.nn.functional.", 0) == 0 && name == "input") ||
                      (op.names[0] == "torch.normal" && (name == "mean" || name == "std")) ||
                      (op.names[0] == "torch.bernoulli" && name == "input" && arg(b, "p").is<None>()) ||
                      (op.names[0] == "torch.Tensor.bernoulli_" && name == "p") || op.names[0] == "torch.poisson";
    if (read) src.push_back(Source{int(i), broadcast_flat(t.shape(), r.tensors[0].shape(), flat), Role::Value});
    if (op.names[0] == "torch.multinomial" && name == "input" && rec && std::size_t(flat) < rec->draws.size()) {
      // the row's probabilities: the chosen category's, the others compared
      const std::int64_t cats = t.shape()[std::size_t(t.dim() - 1)];
      const std::int64_t row = t.dim() == 2 ? flat / r.tensors[0].shape()[1] : 0;
      const std::int64_t chosen = rec->draws[std::size_t(flat)].partner;
      for (std::int64_t c = 0; c < cats; ++c)
        src.push_back(Source{int(i), row * cats + c, c == chosen ? Role::Value : Role::Compare});
    }
  }
  return src;
}

std::string num(double v) { return format_float(v, DType::Float64); }
std::string ordinal_text(std::int64_t k) {
  const char* suffix = (k % 100 >= 11 && k % 100 <= 13) ? "th"
                       : k % 10 == 1                    ? "st"
                       : k % 10 == 2                    ? "nd"
                       : k % 10 == 3                    ? "rd"
                                                        : "th";
  return std::to_string(k) + suffix;
}

std::string draw_names(const Draw& d) {
  if (d.count == 0) return "no draw";
  if (d.count == 1) return "draw #" + std::to_string(d.first);
  return "draws #" + std::to_string(d.first) + "–#" + std::to_string(d.first + d.count - 1);
}
std::string uniform_name(const Record& rec, const Draw& d) {
  return "u = (" + std::string(rec.wide ? "(64 bits of " : "") + draw_names(d) + (rec.wide ? ")" : "") + " mod 2^" +
         std::to_string(rec.digits) + ") / 2^" + std::to_string(rec.digits);
}

std::string random_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                            const std::vector<Source>&) {
  const Tensor& out = r.tensors[0];
  std::string eq = out_ref(r, position, flat) + " = " + format_scalar(out.get(flat));
  const Record* rec = record_of(r);
  if (!rec || std::size_t(flat) >= rec->draws.size()) return eq;
  const Draw& d = rec->draws[std::size_t(flat)];
  const std::string stream = rec->restored ? "since set_state" : "since seed " + std::to_string(rec->seed);
  std::string how;
  switch (d.how) {
    case How::Uniform:
      how = (rec->a == 0 && rec->b == 1 ? std::string("u")
                                        : num(rec->a) + " + (" + num(rec->b) + " − " + num(rec->a) + ")·u") +
            ", " + uniform_name(*rec, d);
      break;
    case How::Block: {
      Draw other = d;
      other.first = d.other;
      const Draw& radius = d.second ? other : d;
      const Draw& angle = d.second ? d : other;
      how = "√(−2·ln(1 − a))·" + std::string(d.second ? "sin" : "cos") + "(2π·b)" +
            (std::isnan(rec->a) || (rec->a == 0 && rec->b == 1) ? "" : " · " + num(rec->b) + " + " + num(rec->a)) +
            ", Box–Muller over a block of 16: a from " + draw_names(radius) + ", b from " + draw_names(angle) + " (" +
            std::to_string(rec->digits) + "-bit uniforms)";
      break;
    }
    case How::Pair:
    case How::PairCached:
    case How::PairEarlier:
    case How::LogNormal: {
      const How pair = d.how == How::LogNormal ? d.pair : d.how;
      const std::string scale =
          std::isnan(rec->a) || (rec->a == 0 && rec->b == 1) ? "" : " · " + num(rec->b) + " + " + num(rec->a);
      std::string z;
      if (pair == How::Pair)
        z = "√(−2·ln(1 − u₂))·cos(2π·u₁)" + scale + ", u₁, u₂ = 53-bit uniforms of " + draw_names(d);
      else if (pair == How::PairCached)
        z = "√(−2·ln(1 − u₂))·sin(2π·u₁)" + scale + ", the pair's second value, drawn for " +
            out_ref(r, position, d.partner) + " (" + draw_names(rec->draws[std::size_t(d.partner)]) + ")";
      else
        z = "the second value of a normal pair drawn by an earlier call, kept in the generator";
      how = d.how == How::LogNormal ? "exp(z), z = " + z : z;
      break;
    }
    case How::IntRange:
      how = std::to_string(rec->low) + " + (r mod " + std::to_string(rec->modulus) +
            "), r = " + std::string(rec->wide ? "64 bits of " : "") + draw_names(d);
      break;
    case How::IntFull:
      how = (rec->modulus == 2 && out.dtype() == DType::Bool ? std::string("the lowest bit of r")
                                                             : "r mod " + std::to_string(rec->modulus)) +
            ", r = " + std::string(rec->wide ? "64 bits of " : "") + draw_names(d);
      break;
    case How::Perm:
      how = "the value at position " + std::to_string(d.partner) + " when step " + std::to_string(flat) +
            " swapped it in: position " + std::to_string(flat) + " + (" + draw_names(d) + " mod " +
            std::to_string(std::int64_t(rec->b) - flat) + ")";
      break;
    case How::PermLast: how = "what the swaps left in the last position (no draw of its own)"; break;
    case How::Bernoulli: how = "1 if u < p = " + num(d.p) + " else 0, " + uniform_name(*rec, d); break;
    case How::Exponential: how = "−ln(1 − u) / " + num(rec->a) + ", " + uniform_name(*rec, d); break;
    case How::Geometric: how = "⌈ln u / ln(1 − " + num(rec->a) + ")⌉, " + uniform_name(*rec, d); break;
    case How::Cauchy: how = num(rec->a) + " + " + num(rec->b) + "·tan(π·(u − ½)), " + uniform_name(*rec, d); break;
    case How::MultiDraw:
      how = "the category whose share of the cumulative sum holds u, " + uniform_name(*rec, d);
      break;
    case How::MultiTop:
      how = "the category of the " +
            ordinal_text(flat % std::max<std::int64_t>(1, out.shape()[std::size_t(out.dim() - 1)]) + 1) +
            " largest p / q, q = −ln(1 − u) one per category from " + draw_names(d);
      break;
    case How::Poisson:
      how = "Poisson draw of rate input" + coords(out.shape(), flat) + " from " + draw_names(d) +
            (d.count > 0 ? " (53-bit uniforms)" : "");
      break;
    case How::AlphaDropout:
      how = "input" + coords(out.shape(), flat) + " · " + num(rec->b) + "·m + (m − 1)·α·" + num(rec->b) + " + α·" +
            num(rec->b) + "·" + num(rec->a) + ", α = 1.7580993408473766, m = (u < " + num(1 - rec->a) + "), " +
            uniform_name(*rec, d);
      break;
    case How::Copy: how = "input" + coords(out.shape(), flat) + " (no mask drawn: not training, or p = 0)"; break;
    case How::Zeroed: how = "input" + coords(out.shape(), flat) + " · 0 (p = 1: no mask drawn)"; break;
    case How::Dropout:
      how = "input" + coords(out.shape(), flat) + " · (u < " + num(1 - rec->a) + ") / " + num(1 - rec->a) + ", " +
            uniform_name(*rec, d);
      break;
  }
  (void)b;
  if (std::isnan(rec->a)) how += ", then · std + mean of this element";  // normal with tensor arguments
  return eq + " = " + how + " (" + stream + ")";
}

// --- descriptors ---------------------------------------------------------------------------

std::vector<Param> params(const char* spec) { return param_list(spec); }

const char* kOptions =
    "dtype:DType?=None layout:String?=None device:String?=None pin_memory:Bool=False requires_grad:Bool=False";

std::string with_options(const std::string& first) { return first + " " + kOptions; }

}  // namespace

void add_random_ops(std::vector<const OpDescriptor*>& t) {
  const char* family = "random";
  auto add = [&](const char* names, const char* summary, const char* example, const std::string& spec, RunFn run) {
    add_op(t,
           composite_op(names, family, summary, example, params(spec.c_str()), run, random_explain, random_equation));
  };
  add("torch.rand",
      "Uniform numbers in [0, 1): each float32 element is 24 bits of one draw of the generator, divided by 2^24 "
      "(float64: 53 bits of two draws).",
      "torch.rand(2, 3)", with_options("size:IntList * generator:Generator?=None names:String?=None out:Out?=None"),
      rand_run);
  add("torch.randn",
      "Standard normal numbers: below 16 elements one Box–Muller pair per two elements from 53-bit uniforms; from 16 "
      "up, contiguous blocks of 16 uniforms turned into 16 normals at once.",
      "torch.randn(4)", with_options("size:IntList * generator:Generator?=None names:String?=None out:Out?=None"),
      randn_run);
  add("torch.randint",
      "Integers from low up to but not including high: low + (draw mod (high − low)), int64 unless dtype= says "
      "otherwise.",
      "torch.randint(0, 10, (2, 3))",
      with_options("low:Int=0 high:Int size:IntList * generator:Generator?=None out:Out?=None"), randint_run);
  add("torch.randperm",
      "A random permutation of 0 … n−1: position i swaps with position i + (draw mod (n − i)), for i from 0.",
      "torch.randperm(6)", with_options("n:Int * generator:Generator?=None out:Out?=None"), randperm_run);
  add("torch.rand_like", "Uniform numbers in [0, 1) in the shape and dtype of the input; its values are never read.",
      "torch.rand_like(torch.tensor([[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]))",
      with_options("input:Tensor * memory_format:String?=None"), rand_like_run);
  add("torch.randn_like", "Standard normal numbers in the shape and dtype of the input; its values are never read.",
      "torch.randn_like(torch.tensor([[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]))",
      with_options("input:Tensor * memory_format:String?=None"), randn_like_run);
  add("torch.randint_like",
      "Random integers from low up to high in the shape and dtype of the input; its values are never read.",
      "torch.randint_like(torch.tensor([[0, 0, 0], [0, 0, 0]]), 10)",
      with_options("input:Tensor low:Int=0 high:Int?=None * memory_format:String?=None"), randint_like_run);
  add("torch.normal",
      "Normal numbers with the given mean and std: with tensors, standard normals drawn first, then times std plus "
      "mean element by element.",
      "torch.normal(torch.tensor([0.0, 10.0, 100.0]), 1.0)",
      with_options(
          "mean:TensorOrNumber std:TensorOrNumber=1 size:IntList?=None * generator:Generator?=None out:Out?=None"),
      normal_run);
  add("torch.bernoulli torch.Tensor.bernoulli",
      "0 or 1 per element, 1 with the probability its input element holds (or p): 1 when a uniform draw falls below "
      "it.",
      "torch.bernoulli(torch.tensor([0.1, 0.5, 0.9]))",
      "input:Tensor p:Float?=None * generator:Generator?=None out:Out?=None", bernoulli_run);
  add("torch.multinomial torch.Tensor.multinomial",
      "Indices drawn from each row's categories with the given weights: with replacement a uniform draw finds its "
      "bucket in the cumulative sum; without, the largest p / q with q exponential.",
      "torch.multinomial(torch.tensor([0.1, 0.2, 0.3, 0.4]), 2)",
      "input:Tensor num_samples:Int replacement:Bool=False * generator:Generator?=None out:Out?=None", multinomial_run);
  add("torch.poisson",
      "A Poisson count per element with the element's rate: a product of uniforms below rate 10, a rejection method "
      "from 10 up.",
      "torch.poisson(torch.tensor([0.5, 2.0, 12.0]))", "input:Tensor generator:Generator?=None", poisson_run);
  add("torch.Tensor.uniform_",
      "Fills the tensor with uniform numbers in [from, to): from + (to − from)·u, u from one draw (float64: two).",
      "torch.tensor([0.0, 0.0, 0.0, 0.0]).uniform_(-1, 1)",
      "input:Tensor from:Float=0 to:Float=1 * generator:Generator?=None", uniform__run);
  add("torch.Tensor.normal_",
      "Fills the tensor with normal numbers: randn's two paths (pairs below 16 elements or when not contiguous, blocks "
      "of 16 above), times std plus mean.",
      "torch.tensor([0.0, 0.0, 0.0, 0.0]).normal_(10, 2)",
      "input:Tensor mean:Float=0 std:Float=1 * generator:Generator?=None", normal__run);
  add("torch.Tensor.random_",
      "Fills the tensor with integers: from + (draw mod (to − from)), or with no bounds draw mod (the dtype's largest "
      "value + 1).",
      "torch.tensor([0, 0, 0, 0]).random_(0, 100)",
      "input:Tensor from:Int?=None to:Int?=None * generator:Generator?=None", random__run);
  add("torch.Tensor.bernoulli_",
      "Fills the tensor with 0 or 1: 1 when a uniform draw falls below p (a number, or the element of a tensor p).",
      "torch.tensor([0.0, 0.0, 0.0, 0.0]).bernoulli_(0.5)",
      "input:Tensor p:TensorOrNumber=0.5 * generator:Generator?=None", bernoulli__run);
  add("torch.Tensor.exponential_", "Fills the tensor with exponential numbers: −ln(1 − u) / λ, u a 53-bit uniform.",
      "torch.tensor([0.0, 0.0, 0.0, 0.0]).exponential_(2)", "input:Tensor lambd:Float=1 * generator:Generator?=None",
      exponential__run);
  add("torch.Tensor.geometric_", "Fills the tensor with the number of trials to the first success: ⌈ln u / ln(1 − p)⌉.",
      "torch.tensor([0.0, 0.0, 0.0, 0.0]).geometric_(0.3)", "input:Tensor p:Float * generator:Generator?=None",
      geometric__run);
  add("torch.Tensor.cauchy_", "Fills the tensor with Cauchy numbers: median + σ·tan(π(u − ½)).",
      "torch.tensor([0.0, 0.0, 0.0, 0.0]).cauchy_(0, 1)",
      "input:Tensor median:Float=0 sigma:Float=1 * generator:Generator?=None", cauchy__run);
  add("torch.Tensor.log_normal_",
      "Fills the tensor with e to the power of normal numbers of the given mean and std (one Box–Muller pair per two "
      "elements).",
      "torch.tensor([0.0, 0.0, 0.0, 0.0]).log_normal_(0, 0.5)",
      "input:Tensor mean:Float=1 std:Float=2 * generator:Generator?=None", log_normal__run);
  add("torch.nn.functional.alpha_dropout",
      "In training, alpha dropout for SELU networks: a kept element becomes a·x + α·a·p, a dropped one −α·a·(1 − p), "
      "which keeps the mean and variance; not training (the default) it returns the input.",
      "torch.nn.functional.alpha_dropout(torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), 0.5, True)",
      "input:Tensor p:Float=0.5 training:Bool=False inplace:Bool=False", alpha_dropout_run);
  add("torch.nn.functional.feature_alpha_dropout",
      "Alpha dropout of whole channels: one mask draw per (sample, channel), broadcast over the rest. Not training "
      "(the default) it returns the input.",
      "torch.nn.functional.feature_alpha_dropout(torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), 0.5, True)",
      "input:Tensor p:Float=0.5 training:Bool=False inplace:Bool=False", feature_alpha_dropout_run);
  add("torch.nn.functional.dropout",
      "In training, each element kept with probability 1 − p and scaled by 1/(1 − p), else zeroed; the mask is one "
      "uniform draw per element.",
      "torch.nn.functional.dropout(torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), 0.5)",
      "input:Tensor p:Float=0.5 training:Bool=True inplace:Bool=False", dropout_run);
}

}  // namespace whence
