// cases_elementwise.cpp - the elementwise family against ATen: add with broadcasting, mul by a
// Python scalar, sigmoid, gelu, where. float32, [n, n] (bench_tensors.hpp: side).
#include <ATen/ATen.h>

#include "kernels/bench/bench_case.hpp"
#include "kernels/bench/bench_tensors.hpp"

namespace whence::bench {

namespace {

// A unary op: `code` names it on one placeholder tensor, `torch` is ATen's.
Case unary(const char* name, const char* code, at::Tensor (*torch)(const at::Tensor&)) {
  return {name, "elementwise", true, [=](std::int64_t numel) {
            const std::int64_t n = side(numel);
            const Tensor x = random_floats({n, n});
            const BoundOp op = bind_op(code, {x});
            const at::Tensor tx = aten(x);
            Prepared p;
            p.whence = [=] { return op.run(); };
            p.torch = [=] { return std::vector<at::Tensor>{torch(tx)}; };
            p.bytes = 8.0 * double(numel);
            return p;
          }};
}

}  // namespace

std::vector<Case> elementwise_cases() {
  std::vector<Case> cases;
  cases.push_back({"add [n,n] + [n]", "elementwise", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n}, -2, 2, 1), y = random_floats({n}, -2, 2, 5);
                     const BoundOp op = bind_op("torch.add(torch.zeros(1), torch.zeros(1))", {x, y});
                     const at::Tensor tx = aten(x), ty = aten(y);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::add(tx, ty)}; };
                     p.bytes = 4.0 * double(2 * numel + n);
                     return p;
                   }});
  cases.push_back({"mul [n,n] * 2.5", "elementwise", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n});
                     const BoundOp op = bind_op("torch.mul(torch.zeros(1), 2.5)", {x});
                     const at::Tensor tx = aten(x);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::mul(tx, 2.5)}; };
                     p.bytes = 8.0 * double(numel);
                     return p;
                   }});
  cases.push_back(unary("sigmoid", "torch.sigmoid(torch.zeros(1))", [](const at::Tensor& x) { return at::sigmoid(x); }));
  cases.push_back(unary("gelu", "torch.nn.functional.gelu(torch.zeros(1))", [](const at::Tensor& x) { return at::gelu(x); }));
  cases.push_back({"where(mask, x, y)", "elementwise", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor m = random_mask({n, n}), x = random_floats({n, n}, -2, 2, 1), y = random_floats({n, n}, -2, 2, 5);
                     const BoundOp op =
                         bind_op("torch.where(torch.zeros(1, dtype=torch.bool), torch.zeros(1), torch.zeros(1))", {m, x, y});
                     const at::Tensor tm = aten(m), tx = aten(x), ty = aten(y);
                     Prepared p;
                     p.whence = [=] { return op.run(); };
                     p.torch = [=] { return std::vector<at::Tensor>{at::where(tm, tx, ty)}; };
                     p.bytes = 13.0 * double(numel);
                     return p;
                   }});
  return cases;
}

}  // namespace whence::bench
