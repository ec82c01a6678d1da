// cases_products.cpp - contractions, windows and resampling against ATen, float32: mm and bmm
// (compute-bound, GFLOP/s), conv2d with 16 3×3 kernels (compute-bound), max_pool2d 2×2 and
// bilinear interpolation ×2 (memory-bound, GB/s). The size is the elements of the output.
#include <ATen/ATen.h>

#include <cmath>

#include "kernels/bench/bench_case.hpp"
#include "kernels/bench/bench_tensors.hpp"

namespace whence::bench {

namespace {

// Whence sums products in double and rounds once; PyTorch's float32 sums drift with the inner
// size (at 1024, past 1e-4 here and there). The check: Whence's result against ATen's on the
// same values in float64, rounded to float32.
std::string agree_exact(const std::vector<Tensor>& got, const at::Tensor& wide) { return agree(got, {wide.to(at::kFloat)}); }

// The side of a square plane with `numel / planes` elements.
std::int64_t plane_side(std::int64_t numel, std::int64_t planes) {
  return std::int64_t(std::llround(std::sqrt(double(numel / planes))));
}

}  // namespace

std::vector<Case> products_cases() {
  std::vector<Case> cases;
  cases.push_back({"mm [n,n] @ [n,n]", "contraction", false, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     if (n > 1024) throw Skip("mm is measured from 64 × 64 to 1024 × 1024 (issue 10)");
                     const Tensor a = random_floats({n, n}, -1, 1, 1), b = random_floats({n, n}, -1, 1, 5);
                     const BoundOp op = bind_op("torch.mm(torch.zeros(1, 1), torch.zeros(1, 1))", {a, b});
                     const at::Tensor ta = aten(a), tb = aten(b);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::mm(ta, tb)}; };
                     p.check = [=](const std::vector<Tensor>& got, const std::vector<at::Tensor>&) {
                       return agree_exact(got, at::mm(ta.to(at::kDouble), tb.to(at::kDouble)));
                     };
                     p.bytes = 12.0 * double(numel);
                     p.flops = 2.0 * double(n) * double(n) * double(n);
                     return p;
                   }});
  cases.push_back({"bmm [b,64,64] @ [b,64,64]", "contraction", false, [](std::int64_t numel) {
                     const std::int64_t b = numel / 4096;
                     const Tensor x = random_floats({b, 64, 64}, -1, 1, 1), y = random_floats({b, 64, 64}, -1, 1, 5);
                     const BoundOp op = bind_op("torch.bmm(torch.zeros(1, 1, 1), torch.zeros(1, 1, 1))", {x, y});
                     const at::Tensor tx = aten(x), ty = aten(y);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::bmm(tx, ty)}; };
                     p.check = [=](const std::vector<Tensor>& got, const std::vector<at::Tensor>&) {
                       return agree_exact(got, at::bmm(tx.to(at::kDouble), ty.to(at::kDouble)));
                     };
                     p.bytes = 12.0 * double(numel);
                     p.flops = 2.0 * double(b) * 64 * 64 * 64;
                     return p;
                   }});
  // issue 10's conv2d is 1×16×64×64 with 16 3×3 kernels: the 64 K row; other sizes scale H = W.
  cases.push_back({"conv2d [1,16,h,w] * [16,16,3,3]", "window", false, [](std::int64_t numel) {
                     const std::int64_t s = plane_side(numel, 16) + 2;  // the output is [1, 16, s - 2, s - 2]
                     const Tensor x = random_floats({1, 16, s, s}, -1, 1, 1), w = random_floats({16, 16, 3, 3}, -1, 1, 5);
                     const BoundOp op = bind_op("torch.nn.functional.conv2d(torch.zeros(1, 1, 1, 1), torch.zeros(1, 1, 1, 1))", {x, w});
                     const at::Tensor tx = aten(x), tw = aten(w);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::conv2d(tx, tw)}; };
                     p.check = [=](const std::vector<Tensor>& got, const std::vector<at::Tensor>&) {
                       return agree_exact(got, at::conv2d(tx.to(at::kDouble), tw.to(at::kDouble)));
                     };
                     const double out = 16.0 * double(s - 2) * double(s - 2);
                     p.bytes = 4.0 * (double(x.numel()) + double(w.numel()) + out);
                     p.flops = 2.0 * out * 16 * 9;
                     return p;
                   }});
  cases.push_back({"max_pool2d 2×2 of [16,2h,2w]", "window", true, [](std::int64_t numel) {
                     const std::int64_t s = 2 * plane_side(numel, 16);
                     const Tensor x = random_floats({16, s, s});
                     const BoundOp op = bind_op("torch.nn.functional.max_pool2d(torch.zeros(1, 1, 1), 2)", {x});
                     const at::Tensor tx = aten(x);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::max_pool2d(tx, {2, 2})}; };
                     p.bytes = 4.0 * (double(x.numel()) + double(numel));
                     return p;
                   }});
  cases.push_back({"interpolate bilinear ×2 of [1,16,h,w]", "resample", true, [](std::int64_t numel) {
                     const std::int64_t s = plane_side(numel, 64);  // the output is [1, 16, 2s, 2s]
                     const Tensor x = random_floats({1, 16, s, s});
                     const BoundOp op = bind_op(
                         "torch.nn.functional.interpolate(torch.zeros(1, 1, 1, 1), scale_factor=2.0, mode='bilinear')", {x});
                     const at::Tensor tx = aten(x);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] {
                       return std::vector<at::Tensor>{at::upsample_bilinear2d(tx, c10::nullopt, false, std::vector<double>{2.0, 2.0})};
                     };
                     p.bytes = 4.0 * (double(x.numel()) + double(numel));
                     return p;
                   }});
  return cases;
}

}  // namespace whence::bench
