// test_arg_params.cpp - a response names the parameter each positional argument bound to
// ("arg_params"), so that the page labels an argument by the overload PyTorch chose: in
// torch.max(a, b), b is `other`, as its equation says, not the signature's second parameter.
#include <catch2/catch.hpp>

#include <string>

#include "core/api.hpp"

namespace {

whence::Json arg_params(const std::string& code) {
  const whence::Json r = whence::evaluate(whence::parse_call(code), false);
  INFO(code << " -> " << r.dump());
  REQUIRE(r["ok"] == true);
  REQUIRE(r.contains("arg_params"));
  return r["arg_params"];
}

}  // namespace

TEST_CASE("a response names the parameter each positional argument bound to", "[protocol]") {
  CHECK(arg_params("torch.max(torch.tensor([1, 5]), torch.tensor([3, 2]))") == whence::Json({"input", "other"}));
  CHECK(arg_params("torch.max(torch.tensor([[1, 5], [3, 2]]), 0)") == whence::Json({"input", "dim"}));
  CHECK(arg_params("torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0], [1]]))") ==
        whence::Json({"input", "dim", "index"}));
  CHECK(arg_params("torch.cat([torch.tensor([1]), torch.tensor([2])])") == whence::Json({"tensors"}));
  // a keyword argument has no position
  CHECK(arg_params("torch.add(torch.tensor([1]), other=torch.tensor([2]))") == whence::Json({"input"}));
}
