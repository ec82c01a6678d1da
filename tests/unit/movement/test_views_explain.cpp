// test_views_explain.cpp - explaining an op whose results are views of its input, when the
// same input tensors are evaluated again with other arguments (what the UI does when a dim is
// edited: the call keeps its tensors, so the new results share the old results' storage).
// The relations must be those of the new call, as a fresh parse of its text gives them.
#include <catch2/catch.hpp>

#include <string>

#include "core/api.hpp"

namespace {

whence::Json relations_of(const whence::Call& call) {
  const whence::Json r = whence::evaluate(call, true);
  REQUIRE(r["ok"] == true);
  return r["relations"];
}

// Evaluates `first`, then the same call object with argument `index` set to `value`, and
// compares the second call's relations with those of a fresh parse of its text.
void check_reevaluated(const std::string& first, std::size_t index, whence::Value value) {
  whence::Call call = whence::parse_call(first);
  relations_of(call);
  call.args.at(index) = std::move(value);
  INFO(whence::format_call(call));
  const whence::Json again = relations_of(call);  // (before the fresh parse runs anything)
  CHECK(again == relations_of(whence::parse_call(whence::format_call(call))));
}

}  // namespace

TEST_CASE("an op whose results view its input explains the call it ran, not the previous one", "[views]") {
  check_reevaluated("torch.split(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, 0)", 2, whence::Value(std::int64_t(1)));
  check_reevaluated("torch.split(torch.tensor([1, 2, 3, 4]), [1, 3])", 1,
                    whence::Value(whence::List{whence::Value(std::int64_t(3)), whence::Value(std::int64_t(1))}));
  check_reevaluated("torch.transpose(torch.tensor([[1, 2, 3], [4, 5, 6]]), 0, 1)", 2, whence::Value(std::int64_t(0)));
  check_reevaluated("torch.narrow(torch.tensor([1, 2, 3, 4]), 0, 0, 2)", 2, whence::Value(std::int64_t(1)));
}

TEST_CASE("x[index] explains the index it ran with when the same tensor is indexed again", "[views]") {
  check_reevaluated("torch.tensor([[1, 2, 3], [4, 5, 6]])[1]", 1, whence::Value(std::int64_t(0)));
  check_reevaluated("torch.tensor([[1, 2, 3], [4, 5, 6]])[:, [0, 2]]", 1,
                    whence::Value(whence::List{whence::Value(std::int64_t(1)), whence::Value(std::int64_t(0))}));
}
