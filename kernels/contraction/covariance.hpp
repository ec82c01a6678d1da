// covariance.hpp - torch.cov and torch.corrcoef's prepared call (kernels/contraction/covariance_ops.cpp),
// shared with their gradients (contraction_gradients.cpp).
//
// input is V variables (rows) of N observations (a 1-D or 0-d input is one row). With weights
// w[k] (fweights[k]·aweights[k], either alone, or none: 1), W = Σ w, mean_i = Σ_k w[k]·x[i][k] / W
// and out[i][j] = Σ_k w[k]·(x[i][k] − mean_i)·(x[j][k] − mean_j) / norm, where norm is
// W − correction (W − correction·Σ w·aweights / W with aweights), 0 when that is <= 0 (with
// PyTorch's warning): inf or nan then. corrcoef divides by √(cov[i][i]·cov[j][j]), clipped to [-1, 1].
#pragma once
#include <cstdint>
#include <vector>

#include "core/registry.hpp"

namespace whence {

struct CovState {
  DType dtype = DType::Float32;
  Shape shape;                     // [V, V], or [] for one variable
  std::int64_t vars = 0, obs = 0;  // V, N
  std::int64_t counted = 0;        // observations of nonzero fweight
  std::vector<double> x;           // [V][N] row-major, as input's elements
  std::vector<double> w;           // per observation; empty: unweighted
  std::vector<double> a;           // aweights; empty: none
  std::vector<double> f;           // fweights; empty: none
  std::vector<double> mean;        // per variable
  std::vector<double> cov;         // [V][V], before the corrcoef step
  double wsum = 0;                 // W
  double norm = 0;                 // after zeroing one <= 0
  std::int64_t correction = 1;     // an int in PyTorch's signature, any int64
  bool zeroed = false;             // norm was <= 0: PyTorch zeroes it in place (no gradient through it)
  bool corr = false;               // corrcoef
  int in_dim = 2;                  // input's: its rows are input[i] only when 2-D
};

// The state run kept for result r.
const CovState& cov_state(const Bound& b, const OpResult& r);
// Whether observation m counts (its fweight is not 0): only then are its elements read. (An
// aweight of 0 is a value like any other: its elements count, as autograd on nonzero
// stand-ins for the aweights says, tests/golden/README.md.)
inline bool cov_counts(const CovState& s, std::size_t m) { return s.f.empty() || s.f[m] != 0; }
// An element that is the same whatever the values: one observation of nonzero fweight (no
// deviation from its mean: 0, or nan); corrcoef's diagonal, a single variable's c / c, and two observations (±1).
inline bool cov_constant(const CovState& s, std::int64_t i, std::int64_t j) {
  return s.counted <= 1 || (s.corr && (i == j || s.vars == 1 || s.obs <= 2));
}
// Whether fweights[m] is read: always, but for an element of one counted observation, only
// the zero ones (raising the counted one leaves it the only one).
inline bool cov_reads_fweight(const CovState& s, std::size_t m, bool constant) { return !constant || s.f[m] == 0; }
// The variables (rows) output element k combines.
void cov_pair(const CovState& s, std::int64_t k, std::int64_t& i, std::int64_t& j);

}  // namespace whence
