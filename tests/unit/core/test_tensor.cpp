// Tensor model: strides, views sharing storage, element access through strides, dtype copies.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/factories.hpp"
#include "core/tensor.hpp"
#include "core/views.hpp"

using namespace whence;

namespace {
Tensor arange_tensor(std::int64_t n, DType d = DType::Int64) {
  return arange(Value(std::int64_t(0)), Value(n), Value(std::int64_t(1)), d);
}
std::vector<std::int64_t> ints(const Tensor& t) {
  std::vector<std::int64_t> v;
  for (std::int64_t i = 0; i < t.numel(); ++i) v.push_back(t.get(i).i);
  return v;
}
}  // namespace

TEST_CASE("contiguous strides follow PyTorch, size-1 dims included") {
  CHECK(contiguous_strides({2, 1, 3}) == Shape{3, 3, 1});
  CHECK(contiguous_strides({}) == Shape{});
  CHECK(contiguous_strides({4, 0, 2}) == Shape{2, 2, 1});
}

TEST_CASE("views share storage and read through their strides") {
  const Tensor x = reshape(arange_tensor(6), {2, 3});
  const Tensor t = transpose(x, 0, 1);
  CHECK(t.shares_storage(x));
  CHECK(t.shape() == Shape{3, 2});
  CHECK(t.strides() == Shape{1, 3});
  CHECK_FALSE(t.is_contiguous());
  CHECK(ints(t) == std::vector<std::int64_t>{0, 3, 1, 4, 2, 5});

  const Tensor p = permute(reshape(arange_tensor(24), {2, 3, 4}), {2, 0, 1});
  CHECK(p.shape() == Shape{4, 2, 3});
  CHECK(p.get(1).i == 4);  // p[0][0][1] = x[0][1][0]
  CHECK(p.get(6).i == 1);  // p[1][0][0] = x[0][0][1]

  const Tensor e = expand(reshape(arange_tensor(3), {3, 1}), {3, 4});
  CHECK(e.strides() == Shape{1, 0});
  CHECK(ints(e) == std::vector<std::int64_t>{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2});

  Tensor c = t.contiguous();
  CHECK_FALSE(c.shares_storage(x));
  CHECK(c.is_contiguous());
  CHECK(ints(c) == ints(t));
}

TEST_CASE("writes through a view land in the shared storage") {
  Tensor x = reshape(arange_tensor(4), {2, 2});
  Tensor t = t_(x);
  t.set(1, Scalar::from_int(42));  // t[0][1] is x[1][0]
  CHECK(x.get(2).i == 42);
}

TEST_CASE("dtype conversion truncates and saturates like a C cast, bool is nonzero") {
  const Tensor f = tensor_from_data(Value(List{Value(1.75), Value(-2.5), Value(0.0)}), std::nullopt);
  CHECK(f.dtype() == DType::Float32);
  CHECK(ints(f.to(DType::Int64)) == std::vector<std::int64_t>{1, -2, 0});
  CHECK(ints(f.to(DType::Bool)) == std::vector<std::int64_t>{1, 1, 0});
}

TEST_CASE("torch.tensor infers dtype and checks ragged data in PyTorch's words") {
  CHECK(tensor_from_data(Value(List{Value(true), Value(std::int64_t(1))}), std::nullopt).dtype() == DType::Int64);
  CHECK(tensor_from_data(Value(List{Value(true), Value(false)}), std::nullopt).dtype() == DType::Bool);
  CHECK(tensor_from_data(Value(List{}), std::nullopt).dtype() == DType::Float32);
  const Value ragged(List{Value(List{Value(1), Value(2)}), Value(List{Value(3)})});
  try {
    tensor_from_data(ragged, std::nullopt);
    FAIL("ragged data was accepted");
  } catch (const Error& e) {
    CHECK(e.type == "ValueError");
    CHECK(std::string(e.what()) == "expected sequence of length 2 at dim 1 (got 1)");
  }
}

TEST_CASE("view errors match PyTorch") {
  const Tensor x = reshape(arange_tensor(4), {2, 2});
  auto message = [](auto f) {
    try {
      f();
    } catch (const Error& e) {
      return e.type + ": " + e.what();
    }
    return std::string("no error");
  };
  CHECK(message([&] { reshape(x, {3, 3}); }) == "RuntimeError: shape '[3, 3]' is invalid for input of size 4");
  CHECK(message([&] { reshape(x, {-1, -1}); }) == "RuntimeError: only one dimension can be inferred");
  CHECK(message([&] { permute(x, {0, 0}); }) == "RuntimeError: permute(): duplicate dims are not allowed.");
  CHECK(message([&] { transpose(x, 0, 2); }) ==
        "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  CHECK(message([&] {
          expand(x, {2, 3});
        }) ==
        "RuntimeError: The expanded size of the tensor (3) must match the existing size (2) at "
        "non-singleton dimension 1.  Target sizes: [2, 3].  Tensor sizes: [2, 2]");
  CHECK(message([&] { view(t_(x), {4}); }).rfind("RuntimeError: view size is not compatible", 0) == 0);
}

TEST_CASE("limits refuse oversized tensors instead of allocating them") {
  try {
    full({300, 300}, Scalar::from_int(0), DType::Int64);
    FAIL("a 90000-element tensor was accepted");
  } catch (const Error& e) {
    CHECK(e.type == "Unsupported");
  }
}
