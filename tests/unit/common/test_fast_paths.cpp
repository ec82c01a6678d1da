// test_fast_paths.cpp - llm.c's discipline, "a CPU reference beside every fast kernel", as one
// sweep over every op (kernels/common/fast_paths.hpp). Each op's teaching example is varied:
// each tensor argument (list items too) in a transposed layout, as a step-2 view into larger
// storage, broadcast along dim 0, empty along dim 0, of size 1 along every dim, larger and
// random-valued; the whole call larger (consistently: every dim above 1 scaled alike, or the
// last dims only), with ties, signed zeros, infinities and NaNs, in other floating dtypes.
// Every variant is evaluated with the fast paths on and off, and both responses must be the
// same JSON: the same values, bit for bit, or the same error. The sweep must also reach every
// fast path.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/api.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/strided_copy.hpp"
#include "core/tensor.hpp"
#include "core/views.hpp"
#include "kernels/common/fast_paths.hpp"

namespace fast_path_sweep {  // (named: the unity build puts several test files in one unit)

using whence::Call;
using whence::DType;
using whence::FastPath;
using whence::Json;
using whence::List;
using whence::Scalar;
using whence::Shape;
using whence::Tensor;
using whence::Value;

// Calls the teaching examples do not make, for paths whose conditions they never meet.
const char* const kExtraCalls[] = {
    // conv_im2col: a stride above 1
    "torch.nn.functional.conv2d(torch.tensor([[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 1.0, 2.0, 3.0], "
    "[4.0, 5.0, 6.0, 7.0]]]]), torch.tensor([[[[1.0, -1.0], [0.5, 2.0]]]]), stride=2, padding=1)",
    // scatter_add_fast along a dim other than the last, float32 from the start
    "torch.scatter_add(torch.zeros(3, 4), 0, torch.tensor([[0, 1, 2, 0], [2, 0, 1, 1]]), "
    "torch.tensor([[1.5, 2.5, 3.5, 4.5], [5.5, 6.5, 7.5, 8.5]]))",
    // vecdot broadcast into a matrix product ([2, 1, 3] with [1, 2, 3]), float16: each product rounded
    "torch.linalg.vecdot(torch.tensor([[[1.1, 2.3, 0.7]], [[0.3, 1.7, 2.9]]], dtype=torch.float16), "
    "torch.tensor([[[1.3, 0.9, 2.1], [0.5, 1.5, 2.5]]], dtype=torch.float16))",
};

// Every tensor of a call: its arguments, keyword arguments and the items of their lists.
void collect(Value& v, std::vector<Value*>& out) {
  if (v.is<Tensor>()) out.push_back(&v);
  if (v.is<List>())
    for (Value& item : v.as<List>()) collect(item, out);
}
std::vector<Value*> tensor_slots(Call& c) {
  std::vector<Value*> out;
  for (Value& v : c.args) collect(v, out);
  for (auto& kw : c.kwargs) collect(kw.second, out);
  return out;
}

// A contiguous copy of t with its storage laid out with the dims reversed (column-major).
Tensor transposed_copy(const Tensor& t) {
  const int rank = t.dim();
  Shape reversed;
  std::vector<std::int64_t> order;
  for (int d = rank - 1; d >= 0; --d) {
    reversed.push_back(t.shape()[std::size_t(d)]);
    order.push_back(d);
  }
  const Tensor out = whence::permute(Tensor::empty(t.dtype(), reversed), order);
  whence::copy_into(out, t);
  return out;
}

// t's values as a view stepping by 2 along every dim through a larger storage (offset 1); the
// elements between hold 77.
Tensor sliced_view(const Tensor& t) {
  Shape big;
  for (std::int64_t s : t.shape()) big.push_back(2 * s + 1);
  Tensor storage = Tensor::empty(t.dtype(), big);
  for (std::int64_t f = 0; f < storage.numel(); ++f) storage.set(f, Scalar::from_int(77));
  Shape strides = whence::contiguous_strides(big);
  for (std::int64_t& s : strides) s *= 2;
  const Tensor out = storage.as_strided(t.shape(), strides, t.numel() ? 1 : 0);
  whence::copy_into(out, t);
  return out;
}

// Stride 0 along dim 0: the first slice, repeated.
Tensor broadcast_view(const Tensor& t) {
  Shape strides = t.strides();
  strides[0] = 0;
  return t.as_strided(t.shape(), strides, t.offset());
}

Tensor empty_dim0(const Tensor& t) {
  Shape shape = t.shape();
  shape[0] = 0;
  return Tensor::empty(t.dtype(), shape);
}

// Element [0, ..., 0] with every dim of size 1.
Tensor ones_shape(const Tensor& t) { return t.as_strided(Shape(std::size_t(t.dim()), 1), t.strides(), t.offset()); }

enum class Values { Random, Ties, Special };

// Whether scaling changes dim d of a rank-`rank` tensor of size s there: every dim above 1, or
// (rows) only the last one.
bool scales(int d, int rank, std::int64_t s, bool rows) { return s > 1 && (!rows || d == rank - 1); }

// t scaled by k along every dim above 1 (rows: the last dim only), contiguous. Floating values
// drawn anew (Random: in [-4, 4]; Ties: multiples of 1/4 in [-2, 2]; Special: also ±0, ±inf and
// NaN); integers and bools repeated from t's own (each element of t becomes a block), so
// indices stay in range.
Tensor scaled(const Tensor& t, std::int64_t k, Values values, std::mt19937& rng, bool rows = false) {
  Shape shape = t.shape();
  for (int d = 0; d < t.dim(); ++d)
    if (scales(d, t.dim(), shape[std::size_t(d)], rows)) shape[std::size_t(d)] *= k;
  Tensor out = Tensor::empty(t.dtype(), shape);
  const std::int64_t n = out.numel();
  if (whence::is_floating(t.dtype())) {
    std::uniform_real_distribution<double> uniform(-4.0, 4.0);
    std::uniform_int_distribution<int> tie(-8, 8), pick(0, 15);
    const double special[] = {-INFINITY, -1.0, -0.0, 0.0, 0.5, 1.0, NAN, INFINITY};
    for (std::int64_t f = 0; f < n; ++f) {
      double v = values == Values::Random ? uniform(rng) : tie(rng) / 4.0;
      if (values == Values::Special && pick(rng) < 6) v = special[pick(rng) % 8];
      out.set(f, Scalar::from_float(v));
    }
    return out;
  }
  const Shape& from = t.shape();
  const int rank = t.dim();
  for (std::int64_t f = 0; f < n; ++f) {
    std::int64_t rest = f, src = 0, stride = 1;
    for (int d = rank - 1; d >= 0; --d) {
      const std::int64_t c = rest % shape[std::size_t(d)];
      rest /= shape[std::size_t(d)];
      src += (scales(d, rank, from[std::size_t(d)], rows) ? c / k : from[std::size_t(d)] > 1 ? c : 0) * stride;
      stride *= from[std::size_t(d)];
    }
    out.set(f, t.get(src));
  }
  return out;
}

// The largest k in [2, most] whose scaling keeps every tensor of the call within `limit`
// elements; 0 when none does.
std::int64_t scale_for(const std::vector<Tensor>& ts, std::int64_t most, std::int64_t limit, bool rows = false) {
  for (std::int64_t k = most; k >= 2; --k) {
    bool fits = true;
    for (const Tensor& t : ts) {
      std::int64_t n = 1;
      for (int d = 0; d < t.dim(); ++d) {
        const std::int64_t s = t.shape()[std::size_t(d)];
        n *= scales(d, t.dim(), s, rows) ? s * k : s;
      }
      fits = fits && n <= limit;
    }
    if (fits) return k;
  }
  return 0;
}

struct Variant {
  std::string what;
  Call call;
};

// The variants of one call.
std::vector<Variant> variants_of(const Call& base, std::mt19937& rng) {
  std::vector<Variant> out{{"as given", base}};
  Call probe = base;
  const std::vector<Value*> slots = tensor_slots(probe);
  std::vector<Tensor> given;
  for (Value* v : slots) given.push_back(v->as<Tensor>());
  const std::size_t n = given.size();
  if (n == 0) return out;

  // one tensor replaced: f(tensor) or an undefined tensor (no such variant)
  auto one = [&](const std::string& what, const std::function<Tensor(const Tensor&)>& f) {
    for (std::size_t i = 0; i < n; ++i) {
      const Tensor t = f(given[i]);
      if (!t.defined()) continue;
      Call c = base;
      *tensor_slots(c)[i] = Value(t);
      out.push_back({what + " (tensor " + std::to_string(i) + ")", std::move(c)});
    }
  };
  // every tensor replaced at once
  auto all = [&](const std::string& what, const std::function<Tensor(const Tensor&)>& f) {
    Call c = base;
    bool changed = false;
    for (Value* v : tensor_slots(c)) {
      const Tensor t = f(v->as<Tensor>());
      if (!t.defined()) continue;
      *v = Value(t);
      changed = true;
    }
    if (changed) out.push_back({what, std::move(c)});
  };
  auto if_rank = [](int least, Tensor (*f)(const Tensor&)) {
    return [least, f](const Tensor& t) { return t.dim() >= least ? f(t) : Tensor(); };
  };

  one("transposed layout", if_rank(2, transposed_copy));
  one("step-2 view", if_rank(1, sliced_view));
  one("broadcast along dim 0", if_rank(1, broadcast_view));
  one("empty along dim 0", if_rank(1, empty_dim0));
  one("size 1", [](const Tensor& t) { return t.dim() >= 1 && t.numel() > 0 ? ones_shape(t) : Tensor(); });
  all("every tensor transposed", if_rank(2, transposed_copy));

  // larger, random-valued
  const std::int64_t k = scale_for(given, 3, 300), big = scale_for(given, 16, 320),
                     rows = scale_for(given, 22, 512, true);
  if (k) {
    auto bigger = [&](std::int64_t by, Values values, bool transposed) {
      return [&rng, by, values, transposed](const Tensor& t) {
        if (t.dim() == 0) return Tensor();
        const Tensor s = scaled(t, by, values, rng);
        return transposed && s.dim() >= 2 ? transposed_copy(s) : s;
      };
    };
    for (bool tr : {false, true}) {
      const std::string layout = tr ? ", transposed" : "";
      one("larger" + layout, bigger(k, Values::Random, tr));
      all("all larger" + layout, bigger(k, Values::Random, tr));
      all("all larger, ties" + layout, bigger(k, Values::Ties, tr));
      all("all larger, specials" + layout, bigger(k, Values::Special, tr));
    }
    // past the elementwise launcher's first 256-element block (one layout: these cost the most)
    if (big > k) all("all much larger", bigger(big, Values::Random, false));
  }
  if (rows) {  // long last dims: the 32 lanes of arg_lines and softmax, float32's cascade sums
    all("all long rows",
        [&rng, rows](const Tensor& t) { return t.dim() ? scaled(t, rows, Values::Random, rng, true) : Tensor(); });
  }

  // other floating dtypes: every tensor but bools, and (several tensors) each one alone
  const DType floats[] = {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16};
  for (DType d : floats) {
    auto cast = [d](const Tensor& t) { return t.dtype() != DType::Bool && t.dtype() != d ? t.to(d) : Tensor(); };
    const std::string name = std::string("as ") + whence::dtype_name(d);
    all(name, cast);
    if (n > 1) one(name, cast);
    if (n > 2 && (d == DType::Float32 || d == DType::Float64))  // each pair (scatter_add's input and src)
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
          Call c = base;
          const std::vector<Value*> to = tensor_slots(c);
          const Tensor ti = cast(given[i]), tj = cast(given[j]);
          if (!ti.defined() || !tj.defined()) continue;
          *to[i] = Value(ti);
          *to[j] = Value(tj);
          out.push_back({name + " (tensors " + std::to_string(i) + ", " + std::to_string(j) + ")", std::move(c)});
        }
    if (k && (d == DType::Float32 || d == DType::Float64)) {
      for (bool tr : {false, true})
        all(name + ", larger" + (tr ? ", transposed" : ""), [&rng, k, d, tr](const Tensor& t) {
          if (t.dtype() == DType::Bool || t.dim() == 0) return t.dtype() == DType::Bool ? Tensor() : t.to(d);
          const Tensor s = scaled(t, k, Values::Ties, rng).to(d);
          return tr && s.dim() >= 2 ? transposed_copy(s) : s;
        });
    }
  }
  return out;
}

Json respond(const Call& call) {
  try {
    return whence::evaluate(call, false);
  } catch (const std::exception& e) {
    return Json{{"ok", false}, {"escaped", e.what()}};
  }
}

std::string path_names(std::uint64_t mask) {
  std::string s;
  for (int p = 0; p < int(FastPath::kCount); ++p)
    if (mask >> p & 1) s += std::string(s.empty() ? "" : ", ") + whence::fast_path_name(FastPath(p));
  return s.empty() ? "none" : s;
}

// The sweep: every op's example and the extra calls, each variant both ways.
void sweep_all() {
  const auto start = std::chrono::steady_clock::now();
  std::mt19937 rng(20240607);
  std::map<std::string, std::uint64_t> by_family;
  std::uint64_t all_taken = 0;
  std::int64_t comparisons = 0, errors = 0, mismatches = 0;

  auto sweep = [&](const std::string& family, const std::string& text) {
    Call base;
    try {
      base = whence::parse_call(text);
    } catch (const whence::Error& e) {
      FAIL("example does not parse: " << text << ": " << e.what());
      return;
    }
    for (const Variant& v : variants_of(base, rng)) {
      whence::set_fast_paths(true);
      whence::reset_fast_paths_taken();
      const Json fast = respond(v.call);
      const std::uint64_t taken = whence::fast_paths_taken();
      whence::set_fast_paths(false);
      const Json plain = respond(v.call);
      whence::set_fast_paths(true);
      by_family[family] |= taken;
      all_taken |= taken;
      ++comparisons;
      if (!fast.value("ok", false)) ++errors;
      const std::string a = fast.dump(), b = plain.dump();
      if (a != b) {
        ++mismatches;
        if (mismatches <= 20) {
          INFO("fast and plain paths differ: " << text << " [" << v.what << "; paths taken: " << path_names(taken)
                                               << "]\n  fast:  " << a << "\n  plain: " << b);
          CHECK(a == b);
        }
      }
    }
  };

  for (const whence::OpDescriptor* op : whence::op_table()) sweep(op->family, op->example);
  for (const char* text : kExtraCalls) sweep("(extra calls)", text);

  CHECK(mismatches == 0);
  for (int p = 0; p < int(FastPath::kCount); ++p) {
    INFO("fast path " << whence::fast_path_name(FastPath(p)) << " was never taken by the sweep");
    CHECK((all_taken >> p & 1) == 1);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string report = std::to_string(comparisons) + " op x variant comparisons (" + std::to_string(errors) +
                       " of them errors), " + std::to_string(mismatches) + " differ, " +
                       std::to_string(int(seconds * 1000)) + " ms; fast paths taken by family:";
  for (const auto& [family, mask] : by_family) report += "\n  " + family + ": " + path_names(mask);
  WARN(report);
}

}  // namespace fast_path_sweep

TEST_CASE("every fast path computes what its plain reference does, over every op's example varied") {
  fast_path_sweep::sweep_all();
}
