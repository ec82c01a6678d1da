// test_index_notes.cpp - the notes x[index] writes after an equation, for the index kinds the
// goldens cannot check (they hold no "eq" text): True/False, 0-d masks, a mask beside an int
// index, and a list of floats.
#include <catch2/catch.hpp>

#include <string>

#include "core/api.hpp"

namespace {

const char* const kX = "torch.tensor([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])";

whence::Json explained(const std::string& index) {
  const whence::Json r = whence::evaluate(whence::parse_call(std::string(kX) + "[" + index + "]"), true);
  INFO(index << " -> " << r.dump().substr(0, 300));
  REQUIRE(r["ok"] == true);
  return r;
}

}  // namespace

TEST_CASE("x[True] adds a dim of size 1 and names no index element") {
  const whence::Json r = explained("True, 1");
  CHECK(r["result"]["shape"] == whence::Json::parse("[1, 4]"));
  CHECK(r["relations"][2]["eq"] == "out[0][2] = input[1][2] = 6");
  CHECK(explained("False")["result"]["shape"] == whence::Json::parse("[0, 3, 4]"));
}

TEST_CASE("a 0-d mask is a source of every output and says so") {
  const whence::Json r = explained("torch.tensor(True), [0, 2]");
  CHECK(r["relations"][5]["eq"] == "out[1][1] = input[2][1] = 9  (indices[0] = True, dim 0 from indices[1][1] = 2)");
  CHECK(r["relations"][5]["src"] ==
        whence::Json::parse(R"([[[0], 9, "value"], [[1, 0], 0, "mask"], [[1, 1], 1, "index"]])"));
}

TEST_CASE("a mask beside an int index names the True it read and the index element") {
  const whence::Json r = explained("torch.tensor([True, False, True]), torch.tensor([[0], [2]])");
  CHECK(r["result"]["shape"] == whence::Json::parse("[2, 2]"));
  CHECK(r["relations"][1]["eq"] ==
        "out[0][1] = input[2][0] = 8  (True number 2 of indices[0], at [2], dim 1 from indices[1][0][0] = 0)");
  CHECK(
      r["relations"][1]["src"] ==
      whence::Json::parse(
          R"([[[0], 8, "value"], [[1, 0], 0, "mask"], [[1, 0], 1, "mask"], [[1, 0], 2, "mask"], [[1, 1], 0, "index"]])"));
}

TEST_CASE("a list of floats indexes with their truncated values") {
  const whence::Json r = explained("[2.9, -1.5]");
  CHECK(r["relations"][4]["eq"] == "out[1][0] = input[2][0] = 8  (dim 0 from indices[1] = -1)");
}

TEST_CASE("a slice after a second ... that matches the size PyTorch reads there returns a view") {
  const whence::Json r = explained("..., ..., :0");
  CHECK(r["result"]["shape"] == whence::Json::parse("[3, 4]"));
  CHECK(r["views"].size() == 1);
}
