// cases_elementwise.cpp - the elementwise family: add (with broadcasting, of two [n, n], of a
// transposed view, of int32 and float32), mul by a Python scalar (float32 and float16), exp,
// sigmoid, gelu, where; and the special family's i0e. float32 unless named, [n, n] (bench_tensors.hpp: side).
#include "kernels/bench/bench_case.hpp"

namespace whence::bench {

namespace {

// A unary op: `code` names it on one placeholder tensor.
Case unary(const char* name, const char* code) {
  return {name, "elementwise", true, [=](std::int64_t numel) {
            const std::int64_t n = side(numel);
            return prepared(code, {random_floats({n, n})}, 8.0 * double(numel));
          }};
}

const char* const kAdd = "torch.add(torch.zeros(1), torch.zeros(1))";

}  // namespace

std::vector<Case> elementwise_cases() {
  std::vector<Case> cases;
  cases.push_back({"add [n,n] + [n]", "elementwise", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared(kAdd, {random_floats({n, n}, -2, 2, 1), random_floats({n}, -2, 2, 5)},
                                     4.0 * double(2 * numel + n));
                   }});
  cases.push_back({"add [n,n] + [n,n]", "elementwise", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared(kAdd, {random_floats({n, n}, -2, 2, 1), random_floats({n, n}, -2, 2, 5)},
                                     12.0 * double(numel));
                   }});
  cases.push_back(
      {"add [n,n].t() + [n,n]", "elementwise", true, [](std::int64_t numel) {
         const std::int64_t n = side(numel);
         const Tensor x = random_floats({n, n}, -2, 2, 1);
         const Tensor xt = x.as_strided({n, n}, {1, n}, 0);  // x.t(): the view is made once, outside the timing
         return prepared(kAdd, {xt, random_floats({n, n}, -2, 2, 5)}, 12.0 * double(numel));
       }});
  cases.push_back({"add int32 [n,n] + float32 [n,n]", "elementwise", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     const Tensor i = random_floats({n, n}, -1000, 1000, 1).to(DType::Int32);
                     return prepared(kAdd, {i, random_floats({n, n}, -2, 2, 5)}, 12.0 * double(numel));
                   }});
  cases.push_back({"mul [n,n] * 2.5", "elementwise", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared("torch.mul(torch.zeros(1), 2.5)", {random_floats({n, n})}, 8.0 * double(numel));
                   }});
  cases.push_back({"mul float16 [n,n] * 2", "elementwise", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared("torch.mul(torch.zeros(1, dtype=torch.float16), 2)",
                                     {random_floats({n, n}).to(DType::Float16)}, 4.0 * double(numel));
                   }});
  cases.push_back(unary("exp", "torch.exp(torch.zeros(1))"));
  cases.push_back(unary("sigmoid", "torch.sigmoid(torch.zeros(1))"));
  cases.push_back(unary("gelu", "torch.nn.functional.gelu(torch.zeros(1))"));
  // The special family runs on this family's launcher: one of its series, for its own row.
  cases.push_back({"special.i0e", "special", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared("torch.special.i0e(torch.zeros(1))", {random_floats({n, n})}, 8.0 * double(numel));
                   }});
  cases.push_back({"where(mask, x, y)", "elementwise", true, [](std::int64_t numel) {
                     const std::int64_t n = side(numel);
                     return prepared(
                         "torch.where(torch.zeros(1, dtype=torch.bool), torch.zeros(1), torch.zeros(1))",
                         {random_mask({n, n}), random_floats({n, n}, -2, 2, 1), random_floats({n, n}, -2, 2, 5)},
                         13.0 * double(numel));
                   }});
  return cases;
}

}  // namespace whence::bench
