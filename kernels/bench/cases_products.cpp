// cases_products.cpp - contractions, windows and resampling, float32: mm and bmm
// (compute-bound, GFLOP/s), conv2d with 16 3×3 kernels, without and with padding 1
// (compute-bound), max_pool2d 2×2 and bilinear interpolation ×2 (memory-bound, GB/s). The size
// is the elements of the output.
#include <cmath>

#include "kernels/bench/bench_case.hpp"

namespace whence::bench {

namespace {

// The side of a square plane with `numel / planes` elements.
std::int64_t plane_side(std::int64_t numel, std::int64_t planes) {
  return std::int64_t(std::llround(std::sqrt(double(numel / planes))));
}

// conv2d of [1, 16, s, s] with 16 3×3 kernels whose output is [1, 16, o, o].
Prepared conv2d(std::int64_t s, std::int64_t o, const std::string& code) {
  const Tensor x = random_floats({1, 16, s, s}, -1, 1, 1), w = random_floats({16, 16, 3, 3}, -1, 1, 5);
  const double out = 16.0 * double(o) * double(o);
  return prepared(code, {x, w}, 4.0 * (double(x.numel()) + double(w.numel()) + out), 2.0 * out * 16 * 9);
}

}  // namespace

std::vector<Case> products_cases() {
  std::vector<Case> cases;
  cases.push_back({"mm [n,n] @ [n,n]", "contraction", false, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     if (n > 1024) throw Skip("mm is measured from 64 × 64 to 1024 × 1024 (issue 10)");
                     return prepared("torch.mm(torch.zeros(1, 1), torch.zeros(1, 1))",
                                     {random_floats({n, n}, -1, 1, 1), random_floats({n, n}, -1, 1, 5)},
                                     12.0 * double(numel), 2.0 * double(n) * double(n) * double(n));
                   }});
  cases.push_back({"bmm [b,64,64] @ [b,64,64]", "contraction", false, [](std::int64_t numel) {
                     const std::int64_t b = numel / 4096;
                     return prepared("torch.bmm(torch.zeros(1, 1, 1), torch.zeros(1, 1, 1))",
                                     {random_floats({b, 64, 64}, -1, 1, 1), random_floats({b, 64, 64}, -1, 1, 5)},
                                     12.0 * double(numel), 2.0 * double(b) * 64 * 64 * 64);
                   }});
  // issue 10's conv2d is 1×16×64×64 with 16 3×3 kernels: the 64 K row; other sizes scale H = W.
  cases.push_back({"conv2d [1,16,h,w] * [16,16,3,3]", "window", false, [](std::int64_t numel) {
                     const std::int64_t s = plane_side(numel, 16) + 2;  // the output is [1, 16, s - 2, s - 2]
                     return conv2d(s, s - 2,
                                   "torch.nn.functional.conv2d(torch.zeros(1, 1, 1, 1), torch.zeros(1, 1, 1, 1))");
                   }});
  // The same with padding 1 (the edges read zeros): the output is as large as the input.
  cases.push_back(
      {"conv2d pad=1 [1,16,h,w] * [16,16,3,3]", "window", false, [](std::int64_t numel) {
         const std::int64_t s = plane_side(numel, 16);
         return conv2d(s, s, "torch.nn.functional.conv2d(torch.zeros(1, 1, 1, 1), torch.zeros(1, 1, 1, 1), padding=1)");
       }});
  cases.push_back({"max_pool2d 2×2 of [16,2h,2w]", "window", true, [](std::int64_t numel) {
                     const std::int64_t s = 2 * plane_side(numel, 16);
                     const Tensor x = random_floats({16, s, s});
                     return prepared("torch.nn.functional.max_pool2d(torch.zeros(1, 1, 1), 2)", {x},
                                     4.0 * (double(x.numel()) + double(numel)));
                   }});
  cases.push_back({"interpolate bilinear ×2 of [1,16,h,w]", "resample", true, [](std::int64_t numel) {
                     const std::int64_t s = plane_side(numel, 64);  // the output is [1, 16, 2s, 2s]
                     const Tensor x = random_floats({1, 16, s, s});
                     return prepared(
                         "torch.nn.functional.interpolate(torch.zeros(1, 1, 1, 1), scale_factor=2.0, mode='bilinear')",
                         {x}, 4.0 * (double(x.numel()) + double(numel)));
                   }});
  return cases;
}

}  // namespace whence::bench
