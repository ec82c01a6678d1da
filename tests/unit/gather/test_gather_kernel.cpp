// The gather element function against an independent reference written with xtensor, on
// random shapes, dtypes and strided views; and Explain reads are exactly the Compute reads.
#include <catch2/catch.hpp>

#include <random>

#include <xtensor/xadapt.hpp>
#include <xtensor/xarray.hpp>

#include "core/api.hpp"
#include "core/bind.hpp"
#include "core/views.hpp"
#include "kernels/gather/gather_op.hpp"

using namespace whence;

namespace {

// out[c] = input[c with c[dim] = index[c]], by xtensor indexing on contiguous copies.
xt::xarray<double> reference_gather(const Tensor& input, std::int64_t dim, const Tensor& index) {
  std::vector<std::size_t> in_shape(input.shape().begin(), input.shape().end());
  std::vector<std::size_t> idx_shape(index.shape().begin(), index.shape().end());
  xt::xarray<double> in = xt::zeros<double>(in_shape);
  for (std::int64_t i = 0; i < input.numel(); ++i) in.flat(std::size_t(i)) = input.get(i).as_double();
  xt::xarray<double> out = xt::zeros<double>(idx_shape);
  std::vector<std::size_t> coord(idx_shape.size());
  for (std::size_t flat = 0; flat < out.size(); ++flat) {
    std::size_t rest = flat;
    for (int d = int(coord.size()) - 1; d >= 0; --d) {
      coord[std::size_t(d)] = rest % idx_shape[std::size_t(d)];
      rest /= idx_shape[std::size_t(d)];
    }
    auto source = coord;
    source[std::size_t(dim)] = std::size_t(index.get(std::int64_t(flat)).i);
    out.flat(flat) = in.element(source.begin(), source.end());
  }
  return out;
}

Tensor random_tensor(std::mt19937& rng, const Shape& shape, DType dtype) {
  Tensor t = Tensor::empty(dtype, shape);
  // rng() directly: standard distributions differ between libstdc++ and libc++ (WebAssembly),
  // and the same cases should run on both.
  for (std::int64_t i = 0; i < t.numel(); ++i) t.set(i, Scalar::from_float((int(rng() % 101) - 50) * 0.25));
  return t;
}

}  // namespace

TEST_CASE("gather matches an xtensor reference on random shapes, dtypes and views") {
  std::mt19937 rng(7);
  const DType dtypes[] = {DType::Float32, DType::Float64, DType::Int64, DType::Int32, DType::Bool};
  const OpDescriptor& op = gather_op();
  for (int trial = 0; trial < 300; ++trial) {
    const int rank = 1 + int(rng() % 4);
    Shape shape(std::size_t(rank), 0);
    for (auto& s : shape) s = 1 + std::int64_t(rng() % 4);
    const std::int64_t dim = std::int64_t(rng() % std::uint32_t(rank));
    Tensor input = random_tensor(rng, shape, dtypes[trial % 5]);
    if (rank >= 2 && trial % 3 == 0) input = transpose(input, 0, rank - 1);  // a strided view
    Shape index_shape = input.shape();
    for (auto& s : index_shape) s = 1 + std::int64_t(rng() % std::uint32_t(s));
    index_shape[std::size_t(dim)] = 1 + std::int64_t(rng() % 5);
    Tensor index = Tensor::empty(DType::Int64, index_shape);
    for (std::int64_t i = 0; i < index.numel(); ++i)
      index.set(i, Scalar::from_int(std::int64_t(rng() % std::uint32_t(input.shape()[std::size_t(dim)]))));

    const Call call{"torch.gather", {Value(input), Value(dim - (trial % 2 ? rank : 0)), Value(index)}, {}};
    const Bound bound = bind(op, call);
    const OpResult result = op.run(bound);
    const Tensor& out = result.tensors[0];
    const auto expected = reference_gather(input, dim, index);
    INFO("trial " << trial);
    REQUIRE(out.dtype() == input.dtype());
    REQUIRE(out.shape() == index.shape());
    for (std::int64_t i = 0; i < out.numel(); ++i) REQUIRE(out.get(i).as_double() == expected.flat(std::size_t(i)));

    // Explain: one index read at the output's own position, one value read at the gathered one.
    for (std::int64_t i = 0; i < out.numel(); ++i) {
      const auto sources = op.explain(bound, result, 0, i);
      REQUIRE(sources.size() == 2);
      CHECK(sources[0].param == 2);
      CHECK(sources[0].flat == i);
      CHECK(sources[0].role == Role::Index);
      CHECK(sources[1].param == 0);
      CHECK(sources[1].role == Role::Value);
      CHECK(input.get(sources[1].flat).as_double() == out.get(i).as_double());
    }
  }
}

TEST_CASE("equations are written out in numbers") {
  const Json r = evaluate(
      parse_call("torch.gather(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, torch.tensor([[0, 2], [2, 1]]))"), true);
  REQUIRE(r["ok"] == true);
  CHECK(r["relations"][2]["eq"] == "out[1][0] = input[1][index[1][0]] = input[1][2] = 6");
  const Json r0 = evaluate(parse_call("torch.gather(torch.tensor([[0.5, 1.5]]), 0, torch.tensor([[0, 0]]))"), true);
  CHECK(r0["relations"][1]["eq"] == "out[0][1] = input[index[0][1]][1] = input[0][1] = 1.5");
  const Json r1 = evaluate(parse_call("torch.gather(torch.tensor([True, False]), -1, torch.tensor(1))"), true);
  CHECK(r1["relations"][0]["eq"] == "out = input[index] = input[1] = False");
  const Json r2 = evaluate(parse_call("torch.gather(torch.tensor(7), 0, torch.tensor([0, 0]))"), true);
  CHECK(r2["relations"][1]["eq"] == "out[1] = input[index[1]] = input = 7");
}

TEST_CASE("relations name arguments by where the caller put them") {
  const Json r = evaluate(parse_call("torch.gather(torch.tensor([5, 6]), index=torch.tensor([1]), dim=0)"), true);
  REQUIRE(r["ok"] == true);
  CHECK(r["relations"][0]["src"] == Json::parse(R"([[["index"], 0, "index"], [[0], 1, "value"]])"));
  const Json m = evaluate(parse_call("torch.tensor([5, 6]).gather(0, torch.tensor([1]))"), true);
  CHECK(m["relations"][0]["src"] == Json::parse(R"([[[2], 0, "index"], [[0], 1, "value"]])"));
}

TEST_CASE("explain_element answers for one element, and refuses elements that do not exist") {
  const Call c = parse_call("torch.gather(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, torch.tensor([[0, 2], [2, 1]]))");
  const Json one = explain_element(c, 0, 2);
  REQUIRE(one["ok"] == true);
  CHECK(one["relation"]["eq"] == "out[1][0] = input[1][index[1][0]] = input[1][2] = 6");
  CHECK(explain_element(c, 0, 4)["error"]["type"] == "IndexError");
  CHECK(explain_element(c, 1, 0)["error"]["type"] == "IndexError");
}
