// Orders PyTorch 1.13 was seen to use (python3-torch on Debian 12; see core/pytorch_order.hpp).
#include <catch2/catch.hpp>

#include "core/pytorch_order.hpp"

using whence::libstdcxx_unordered_order;

namespace {
std::vector<std::string> reorder(const std::vector<std::string>& keys) {
  std::vector<std::string> out;
  for (auto i : libstdcxx_unordered_order(keys)) out.push_back(keys[i]);
  return out;
}
}  // namespace

TEST_CASE("keyword arguments come out in PyTorch's unordered_map order") {
  // torch.gather(x, dim=1, index=i, input=x) -> "got (Tensor, index=Tensor, input=Tensor, dim=int)"
  CHECK(reorder({"dim", "index", "input"}) == std::vector<std::string>{"index", "input", "dim"});
  CHECK(reorder({"index", "dim"}) == std::vector<std::string>{"dim", "index"});
  CHECK(reorder({"a", "b", "c", "d"}) == std::vector<std::string>{"c", "b", "d", "a"});
  CHECK(reorder({"d", "c", "b"}) == std::vector<std::string>{"b", "c", "d"});
  CHECK(reorder({"a", "b"}) == std::vector<std::string>{"b", "a"});
  CHECK(reorder({"input", "index", "dim"}) == std::vector<std::string>{"index", "dim", "input"});
  CHECK(reorder({}).empty());
}
