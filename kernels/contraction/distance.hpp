// distance.hpp - torch.cdist's prepared call (kernels/contraction/distance_ops.cpp), shared with its
// gradient (contraction_gradients.cpp).
#pragma once
#include <cstdint>
#include <vector>

#include "core/registry.hpp"

namespace whence {

struct CdistState {
  DType dtype = DType::Float32;
  Shape shape, batch, b1, b2;  // the result's, the broadcast batch, x1's and x2's batch dims
  std::int64_t r1 = 0, r2 = 0, m = 0;
  double p = 2;
  bool mm = false;             // p = 2 through PyTorch's matrix-product formula (more than 25 rows, or asked for)
  std::vector<double> x1, x2;  // row-major values (empty when no kernel runs)
};

// The state run kept for result r.
const CdistState& cdist_state(const Bound& b, const OpResult& r);
// The first element of the x1 row and of the x2 row output element k reads.
void cdist_rows(const CdistState& s, std::int64_t k, std::int64_t& o1, std::int64_t& o2);

}  // namespace whence
