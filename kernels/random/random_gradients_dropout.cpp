// random_gradients_dropout.cpp - the dropouts' derivative: out = input · noise (+ b for alpha
// dropout), noise = m / (1 − p) or m·a, m = (u < 1 − p) drawn per element (per channel for the
// feature variant), so ∂out/∂input = noise, as PyTorch 1.13's MulBackward0 gives it.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/generator.hpp"
#include "core/number_format.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/random/random_draws.hpp"
#include "kernels/random/random_gradients.hpp"

namespace whence {

namespace {

constexpr double kSeluAlpha = 1.7580993408473766;

// The mask bit from the element's draws (its `random` sources: the two 32-bit draws of a 53-bit
// uniform, counted from the seed the op's equation names), replayed. False when the stream
// started at a set_state, which no seed can replay.
bool dropout_replay(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                    const std::vector<Source>& sources, double keep, bool& kept) {
  std::uint64_t first = ~std::uint64_t(0);
  int count = 0;
  for (const Source& s : sources)
    if (s.role == Role::Random) first = std::min(first, std::uint64_t(s.flat)), ++count;
  if (count != 2 || !b.op->equation_fn) return false;
  const std::string eq = b.op->equation_fn(b, r, position, flat, sources);
  const std::size_t at = eq.rfind("(since seed ");
  if (at == std::string::npos) return false;
  const std::uint64_t seed = std::stoull(eq.substr(at + 12));
  // the stream from a seed never changes: one replay per thread moves forward along it (a
  // feature dropout's channel repeats its draws: the last mask is kept)
  thread_local std::uint64_t replay_seed = 0, next = 0, last_first = ~std::uint64_t(0);
  thread_local double last_u = 0;
  thread_local CpuGenerator replay;
  if (replay_seed != seed || (next > first && last_first != first)) {
    replay_seed = seed;
    replay.manual_seed(seed);
    next = 0;
    last_first = ~std::uint64_t(0);
  }
  if (last_first != first) {
    for (; next < first; ++next) replay.random();
    last_u = uniform_bits_double(replay.random64());
    next += 2;
    last_first = first;
  }
  kept = last_u < keep;
  return true;
}

// Whether the element's mask kept it: replayed from its draws, or where the stream cannot be
// replayed (after set_state), read off the values (a kept element is input · scale (+ shift), a
// dropped one 0 or the alpha dropout's constant; an input written in place since can mislead).
bool dropout_kept(const Bound& b, const OpResult& r, int position, std::int64_t flat, bool alpha, double p, double a,
                  const std::vector<Source>& sources) {
  bool kept = false;
  if (dropout_replay(b, r, position, flat, sources, 1 - p, kept)) return kept;
  const double x = tensor_arg(b, "input").get(flat).as_double(), out = r.tensors[0].get(flat).as_double();
  if (std::isinf(x)) return !std::isnan(out);  // a dropped ±inf becomes inf · 0 = NaN
  if (!std::isnan(x)) {
    if (!alpha && x != 0) return out != 0;
    const double dropped = kSeluAlpha * a * (p - 1), kept_value = x * a + kSeluAlpha * a * p;
    if (alpha && std::fabs(x + kSeluAlpha) > 0.1)  // else the two values are too close to tell
      return std::fabs(out - kept_value) < std::fabs(out - dropped);
  }
  return p <= 0.5;  // no way to tell: the likelier
}

template <bool Alpha, bool TrainingDefault>
void dropout_derivatives(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                         const std::vector<Source>& sources, double* d) {
  const double p = double_arg(b, "p", 0.5);
  const DType dtype = r.tensors[0].dtype();
  double noise = 1;  // not training, or p = 0: the input itself
  if (bool_arg(b, "training", TrainingDefault) && p != 0) {
    const double a = 1. / std::sqrt((kSeluAlpha * kSeluAlpha * p + 1) * (1 - p));
    bool kept = false;
    if (p != 1) kept = dropout_kept(b, r, position, flat, Alpha, p, a, sources);
    noise = kept ? round_to_dtype(Alpha ? a : 1 / (1 - p), dtype) : 0.0;  // p = 1: input · 0
  }
  for (std::size_t i = 0; i < sources.size(); ++i) d[i] = noise;
}

}  // namespace

void add_dropout_gradients(GradRules& r) {
  // PyTorch saves the noise, not the input: an in-place write of the input afterwards passes
  const auto rule = [](auto derivatives) {
    GradRule g{derivatives};
    g.saves_values = false;
    return g;
  };
  set_rule(r, "torch.nn.functional.dropout", rule(dropout_derivatives<false, true>));
  set_rule(r, "torch.nn.functional.alpha_dropout", rule(dropout_derivatives<true, false>));
  set_rule(r, "torch.nn.functional.feature_alpha_dropout", rule(dropout_derivatives<true, false>));
}

}  // namespace whence
