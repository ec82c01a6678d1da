// reduce_gradients_svd.cpp - the gradients of the norms made of singular values (matrix_norm's
// 'nuc', 2 and -2): ∂‖A‖_*/∂A = Σ_j u_j v_jᵀ (PyTorch's svdvals backward with every singular
// value's gradient 1), and for σ_max (σ_min) u v ᵀ of that singular pair, split evenly among
// equal singular values as PyTorch's amax (amin) over them does. A one-sided Jacobi SVD: the
// matrices of a norm are small, and it needs no library.
#include <cmath>

#include "kernels/reduce/reduce_gradients.hpp"

namespace whence {

void singular_norm_partials(const std::vector<double>& a, std::int64_t m, std::int64_t n, int which,
                            std::vector<double>& g) {
  const bool wide = m < n;  // work on the tall one: Aᵀ's pairs are A's swapped
  const std::int64_t rows = wide ? n : m, cols = wide ? m : n;
  std::vector<double> w(std::size_t(rows * cols)), v(std::size_t(cols * cols), 0.0);
  for (std::int64_t i = 0; i < m; ++i)
    for (std::int64_t j = 0; j < n; ++j) w[std::size_t(wide ? j * cols + i : i * cols + j)] = a[std::size_t(i * n + j)];
  for (std::int64_t j = 0; j < cols; ++j) v[std::size_t(j * cols + j)] = 1;
  auto at = [](std::vector<double>& x, std::int64_t ld, std::int64_t i, std::int64_t j) -> double& {
    return x[std::size_t(i * ld + j)];
  };
  for (int sweep = 0; sweep < 80; ++sweep) {  // rotate column pairs until they are orthogonal
    bool done = true;
    for (std::int64_t p = 0; p < cols; ++p)
      for (std::int64_t q = p + 1; q < cols; ++q) {
        double alpha = 0, beta = 0, gamma = 0;
        for (std::int64_t i = 0; i < rows; ++i) {
          alpha += at(w, cols, i, p) * at(w, cols, i, p);
          beta += at(w, cols, i, q) * at(w, cols, i, q);
          gamma += at(w, cols, i, p) * at(w, cols, i, q);
        }
        if (gamma == 0 || std::fabs(gamma) <= 1e-15 * std::sqrt(alpha * beta)) continue;
        done = false;
        const double zeta = (beta - alpha) / (2 * gamma);
        const double t = (zeta >= 0 ? 1.0 : -1.0) / (std::fabs(zeta) + std::sqrt(1 + zeta * zeta));
        const double c = 1 / std::sqrt(1 + t * t), s = c * t;
        for (std::int64_t i = 0; i < rows; ++i) {
          const double wp = at(w, cols, i, p), wq = at(w, cols, i, q);
          at(w, cols, i, p) = c * wp - s * wq;
          at(w, cols, i, q) = s * wp + c * wq;
        }
        for (std::int64_t i = 0; i < cols; ++i) {
          const double vp = at(v, cols, i, p), vq = at(v, cols, i, q);
          at(v, cols, i, p) = c * vp - s * vq;
          at(v, cols, i, q) = s * vp + c * vq;
        }
      }
    if (done) break;
  }
  std::vector<double> sigma(std::size_t(cols), 0.0);
  for (std::int64_t j = 0; j < cols; ++j) {
    for (std::int64_t i = 0; i < rows; ++i) sigma[std::size_t(j)] += at(w, cols, i, j) * at(w, cols, i, j);
    sigma[std::size_t(j)] = std::sqrt(sigma[std::size_t(j)]);
  }
  // The weight of each singular pair: 1 each (nuclear), or the extreme one's share.
  std::vector<double> weight(std::size_t(cols), which == 0 ? 1.0 : 0.0);
  if (which != 0 && cols > 0) {
    double best = sigma[0];
    for (double s : sigma) best = which > 0 ? std::max(best, s) : std::min(best, s);
    double ties = 0;
    for (double s : sigma) ties += s == best;
    for (std::int64_t j = 0; j < cols; ++j) weight[std::size_t(j)] = sigma[std::size_t(j)] == best ? 1 / ties : 0;
  }
  g.assign(std::size_t(m * n), 0.0);
  for (std::int64_t j = 0; j < cols; ++j) {
    if (weight[std::size_t(j)] == 0 || sigma[std::size_t(j)] == 0) continue;  // (u of a zero σ is arbitrary)
    for (std::int64_t i = 0; i < rows; ++i)
      for (std::int64_t k = 0; k < cols; ++k) {
        const double uv = weight[std::size_t(j)] * at(w, cols, i, j) / sigma[std::size_t(j)] * at(v, cols, k, j);
        g[std::size_t(wide ? k * n + i : i * n + k)] += uv;
      }
  }
}

}  // namespace whence
