// aten_cases.cpp - the ATen side of every case of the table (cases_*.cpp), by the case's name:
// the at:: call on the same memory (bench_aten.hpp: aten) and, where agree() would not do, the
// check. bench_main.cpp refuses to start unless the names match the table's one for one.
#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>

#include "kernels/bench/bench_aten.hpp"
#include "kernels/bench/bench_tensors.hpp"

namespace whence::bench {

namespace {

using Args = std::vector<at::Tensor>;  // the case's inputs, seen by ATen, in their order

// A case whose result is one tensor, compared with agree().
TorchCase one(std::string name, at::Tensor (*call)(const Args&)) {
  return {std::move(name), [call](const std::vector<Tensor>& inputs, std::int64_t) {
            Args t;
            for (const Tensor& x : inputs) t.push_back(aten(x));
            TorchSide s;
            s.run = [call, t] { return std::vector<at::Tensor>{call(t)}; };
            return s;
          }};
}

// (values, indices) results along `dim` of the first input, where ties may pick other indices.
TorchCase values_indices(std::string name, std::int64_t dim,
                         std::tuple<at::Tensor, at::Tensor> (*call)(const at::Tensor&)) {
  return {std::move(name), [dim, call](const std::vector<Tensor>& inputs, std::int64_t) {
            const Tensor x = inputs.at(0);
            const at::Tensor tx = aten(x);
            TorchSide s;
            s.run = [call, tx] {
              auto [v, i] = call(tx);
              return std::vector<at::Tensor>{v, i};
            };
            s.check = [x, dim](const std::vector<Tensor>& got, const std::vector<at::Tensor>& want) {
              return agree_values_indices(x, dim, got, want);
            };
            return s;
          }};
}

// A float32 sum of n terms may be off by about eps·Σ|x| (Σ|x| ≈ n for these inputs).
// PyTorch's is (5e-5 at n = 4096, against a float64 sum; Whence's is off by its final rounding
// only), so the tolerance grows with n, the side of the square input.
TorchCase sum_like(std::string name, at::Tensor (*call)(const at::Tensor&)) {
  return {std::move(name), [call](const std::vector<Tensor>& inputs, std::int64_t) {
            const at::Tensor tx = aten(inputs.at(0));
            const double n = double(tx.size(0));
            TorchSide s;
            s.run = [call, tx] { return std::vector<at::Tensor>{call(tx)}; };
            s.check = [n](const std::vector<Tensor>& got, const std::vector<at::Tensor>& want) {
              return agree(got, want, 1e-4, 1e-5 + 1.2e-7 * n);
            };
            return s;
          }};
}

// Whence sums products in double and rounds once; PyTorch's float32 sums drift with the inner
// size (at 1024, past 1e-4 here and there). The check: Whence's result against ATen's on the
// same values in float64, rounded to float32.
TorchCase products(std::string name, at::Tensor (*call)(const at::Tensor&, const at::Tensor&)) {
  return {std::move(name), [call](const std::vector<Tensor>& inputs, std::int64_t) {
            const at::Tensor a = aten(inputs.at(0)), b = aten(inputs.at(1));
            TorchSide s;
            s.run = [call, a, b] { return std::vector<at::Tensor>{call(a, b)}; };
            s.check = [call, a, b](const std::vector<Tensor>& got, const std::vector<at::Tensor>&) {
              return agree(got, {call(a.to(at::kDouble), b.to(at::kDouble)).to(at::kFloat)});
            };
            return s;
          }};
}

// A case without inputs (a factory): the at:: call on the case's size.
TorchCase sized(std::string name, at::Tensor (*call)(std::int64_t numel)) {
  return {std::move(name), [call](const std::vector<Tensor>&, std::int64_t numel) {
            TorchSide s;
            s.run = [call, numel] { return std::vector<at::Tensor>{call(numel)}; };
            return s;
          }};
}

}  // namespace

std::vector<TorchCase> torch_cases() {
  return {
      // elementwise
      one("add [n,n] + [n]", [](const Args& t) { return at::add(t[0], t[1]); }),
      one("add [n,n] + [n,n]", [](const Args& t) { return at::add(t[0], t[1]); }),
      one("add [n,n].t() + [n,n]", [](const Args& t) { return at::add(t[0], t[1]); }),
      one("add int32 [n,n] + float32 [n,n]", [](const Args& t) { return at::add(t[0], t[1]); }),
      one("mul [n,n] * 2.5", [](const Args& t) { return at::mul(t[0], 2.5); }),
      one("mul float16 [n,n] * 2", [](const Args& t) { return at::mul(t[0], 2); }),
      one("exp", [](const Args& t) { return at::exp(t[0]); }),
      one("sigmoid", [](const Args& t) { return at::sigmoid(t[0]); }),
      one("gelu", [](const Args& t) { return at::gelu(t[0]); }),
      one("where(mask, x, y)", [](const Args& t) { return at::where(t[0], t[1], t[2]); }),
      // reduce
      sum_like("sum over the last dim", [](const at::Tensor& x) { return at::sum(x, {-1}); }),
      sum_like("sum over dim 0", [](const at::Tensor& x) { return at::sum(x, {0}); }),
      values_indices("max over the last dim", 1, [](const at::Tensor& x) { return at::max(x, -1); }),
      values_indices("max over dim 0", 0, [](const at::Tensor& x) { return at::max(x, 0); }),
      one("softmax over the last dim", [](const Args& t) { return at::softmax(t[0], -1); }),
      one("softmax over dim 0", [](const Args& t) { return at::softmax(t[0], 0); }),
      one("logsumexp over the last dim", [](const Args& t) { return at::logsumexp(t[0], {-1}); }),
      one("logsumexp over dim 0", [](const Args& t) { return at::logsumexp(t[0], {0}); }),
      sum_like("cumsum over the last dim", [](const at::Tensor& x) { return at::cumsum(x, -1); }),
      sum_like("cumsum over dim 0", [](const at::Tensor& x) { return at::cumsum(x, 0); }),
      // order
      values_indices("sort along the last dim", 1, [](const at::Tensor& x) { return at::sort(x, -1); }),
      values_indices("topk k=8 along the last dim", 1, [](const at::Tensor& x) { return at::topk(x, 8, -1); }),
      // select
      one("gather dim=1", [](const Args& t) { return at::gather(t[0], 1, t[1]); }),
      one("index_select dim=0 (rows permuted)", [](const Args& t) { return at::index_select(t[0], 0, t[1]); }),
      one("index_select dim=1 (columns permuted)", [](const Args& t) { return at::index_select(t[0], 1, t[1]); }),
      one("x[idx] (rows permuted)", [](const Args& t) { return t[0].index({t[1]}); }),
      one("scatter_add dim=1", [](const Args& t) { return at::scatter_add(t[0], 1, t[1], t[2]); }),
      one("masked_select (half set)", [](const Args& t) { return at::masked_select(t[0], t[1]); }),
      // movement
      one("transpose + contiguous", [](const Args& t) { return t[0].contiguous(); }),
      one("cat two [n,n/2] along dim 1",
          [](const Args& t) {
            return at::cat({t[0], t[1]}, 1);
          }),
      one("flip the last dim", [](const Args& t) { return at::flip(t[0], {-1}); }),
      one("flip dim 0", [](const Args& t) { return at::flip(t[0], {0}); }),
      one("repeat(2, 2) of [n/2,n/2]",
          [](const Args& t) {
            return t[0].repeat({2, 2});
          }),
      // products
      products("mm [n,n] @ [n,n]", [](const at::Tensor& a, const at::Tensor& b) { return at::mm(a, b); }),
      products("bmm [b,64,64] @ [b,64,64]", [](const at::Tensor& a, const at::Tensor& b) { return at::bmm(a, b); }),
      products("conv2d [1,16,h,w] * [16,16,3,3]",
               [](const at::Tensor& x, const at::Tensor& w) { return at::conv2d(x, w); }),
      products("conv2d pad=1 [1,16,h,w] * [16,16,3,3]",
               [](const at::Tensor& x, const at::Tensor& w) {
                 return at::conv2d(x, w, {}, {1, 1}, {1, 1});
               }),
      one("max_pool2d 2×2 of [16,2h,2w]",
          [](const Args& t) {
            return at::max_pool2d(t[0], {2, 2});
          }),
      one("interpolate bilinear ×2 of [1,16,h,w]",
          [](const Args& t) {
            return at::upsample_bilinear2d(t[0], c10::nullopt, false, std::vector<double>{2.0, 2.0});
          }),
      // factory
      sized("arange(n) float32", [](std::int64_t n) { return at::arange(n, at::kFloat); }),
      sized("linspace(-1, 1, n)", [](std::int64_t n) { return at::linspace(-1, 1, n, at::kFloat); }),
      sized(
          "randn(n) float32",
          [](std::int64_t n) { return at::randn({n}, at::detail::createCPUGenerator(67280421310721ULL), at::kFloat); }),
      sized("full((n, n), 2.5)",
            [](std::int64_t n) {
              return at::full({side(n), side(n)}, 2.5, at::kFloat);
            }),
  };
}

}  // namespace whence::bench
