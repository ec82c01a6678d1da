// test_generator.cpp - PyTorch's CPU generator (core/generator.hpp) and the random family's
// relations: the engine against the standard mt19937, the state bytes' layout, the default
// generator of a request (fresh each time, shared by a program's statements), and the draws
// each element names. Values against PyTorch are the goldens' (tests/golden/random/).
#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <string>

#include "core/api.hpp"
#include "core/call_syntax.hpp"
#include "core/error.hpp"
#include "core/generator.hpp"
#include "core/program/program.hpp"

using whence::Json;

TEST_CASE("the engine is mt19937 seeded with the seed's low 32 bits", "[random]") {
  for (std::uint64_t seed : {0ULL, 1ULL, 5489ULL, 67280421310721ULL, (1ULL << 32) + 5}) {
    whence::CpuGenerator g(seed);
    std::mt19937 reference(std::uint32_t(seed & 0xffffffffU));
    for (int i = 0; i < 2000; ++i) REQUIRE(g.random() == reference());  // across three twists
    CHECK(g.initial_seed() == seed);
    CHECK(g.draws() == 2000);
  }
  whence::CpuGenerator g(7);
  std::mt19937 reference(7);
  const std::uint64_t hi = reference(), lo = reference();
  CHECK(g.random64() == ((hi << 32) | lo));  // the first draw is the high word
}

TEST_CASE("the state has PyTorch's 5056-byte layout and round-trips", "[random]") {
  whence::CpuGenerator g(0);
  std::vector<std::uint8_t> s = g.get_state();
  REQUIRE(s.size() == 5056);
  // torch.manual_seed(0); torch.get_rng_state()[:24]: seed 0, left 1, seeded 1, next 0
  const std::vector<std::uint8_t> head = {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  CHECK(std::vector<std::uint8_t>(s.begin(), s.begin() + 24) == head);
  g.random();
  g.next_double_normal = 0.25;
  s = g.get_state();
  std::int32_t left;
  std::memcpy(&left, s.data() + 8, 4);
  CHECK(left == 624);
  double cached;
  std::memcpy(&cached, s.data() + 5024, 8);
  CHECK(cached == 0.25);
  CHECK(s[5040] == 1);
  whence::CpuGenerator other(99);
  other.set_state(s);
  CHECK(other.get_state() == s);
  CHECK(other.random() == g.random());
  CHECK(other.restored());
  try {
    other.set_state(std::vector<std::uint8_t>(3));
    FAIL("a 3-byte state was taken");
  } catch (const whence::Error& e) {
    CHECK(
        std::string(e.what()) ==
        "Expected either a CPUGeneratorImplStateLegacy of size 5048 or a CPUGeneratorImplState of size 5056 but found "
        "the input RNG state size to be 3");
  }
}

TEST_CASE("every request starts from a fresh generator; a program carries it", "[random]") {
  const Json a = whence::evaluate(whence::parse_call("torch.rand(2)"), false);
  const Json b = whence::evaluate(whence::parse_call("torch.rand(2)"), false);
  CHECK(a["result"] == b["result"]);  // nothing leaks from one request into the next
  const Json seeded =
      whence::evaluate(whence::parse_call("torch.rand(3, generator=torch.Generator().manual_seed(0))"), false);
  CHECK(seeded["result"]["data"] == Json::parse("[0.4962566, 0.7682218, 0.08847743]"));
  whence::link_programs();
  const Json r =
      whence::evaluate_program(Json{{"program", "torch.manual_seed(0)\na = torch.rand(2)\nb = torch.rand(2)\n"}});
  REQUIRE(r["ok"] == true);
  CHECK(r["values"]["a"]["data"] == Json::parse("[0.4962566, 0.7682218]"));
  CHECK(r["values"]["b"]["data"] == Json::parse("[0.08847743, 0.13203049]"));
  const Json g = whence::evaluate_program(Json{{"program", "g = torch.manual_seed(3)\n"}});
  CHECK(g["values"]["g"] == Json::parse(R"({"generator": {"seed": 3}})"));
  const Json refused = whence::evaluate_program(Json{{"program", "torch.seed()\n"}});
  CHECK(refused["error"]["type"] == "Unsupported");
}

TEST_CASE("a drawn element names its draws, role random", "[random]") {
  // randn(17): the whole tensor drawn (draws 0-16), then the last 16 again (17-32): element 16
  // is the sine of the second block's pair (its own uniform, draw 32, and element 8's, draw 24).
  const Json r =
      whence::evaluate(whence::parse_call("torch.randn(17, generator=torch.Generator().manual_seed(0))"), true);
  REQUIRE(r["ok"] == true);
  CHECK(r["relations"][16]["src"] == Json::parse(R"([[["generator"], 32, "random"], [["generator"], 24, "random"]])"));
  CHECK(r["relations"][0]["src"] == Json::parse(R"([[["generator"], 0, "random"], [["generator"], 8, "random"]])"));
  const std::string eq = r["relations"][16]["eq"].get<std::string>();
  CHECK(eq.find("sin(2π·b)") != std::string::npos);
  CHECK(eq.find("a from draw #24, b from draw #32") != std::string::npos);
  // Below 16: a pair from four draws; the next element takes the cached sine without drawing.
  const Json pairs = whence::evaluate(whence::parse_call("torch.randn(3)"), true);
  CHECK(pairs["relations"][0]["src"].size() == 4);
  CHECK(pairs["relations"][1]["src"] == pairs["relations"][0]["src"]);
  CHECK(pairs["relations"][2]["src"][0][1] == 4);
  // dropout reads its input element and its draws
  const Json d =
      whence::evaluate(whence::parse_call("torch.nn.functional.dropout(torch.tensor([1.0, 2.0]), 0.5)"), true);
  CHECK(d["relations"][1]["src"] ==
        Json::parse(R"([[["generator"], 2, "random"], [["generator"], 3, "random"], [[0], 1, "value"]])"));
}

TEST_CASE("in a program an in-place random method writes into the tensor", "[random]") {
  whence::link_programs();
  const Json r = whence::evaluate_program(
      Json{{"program", "torch.manual_seed(0)\nx = torch.zeros(4)\ny = x[:2]\ny.uniform_()\n"}, {"explain", true}});
  REQUIRE(r["ok"] == true);
  CHECK(r["values"]["x"]["data"] == Json::parse("[0.4962566, 0.7682218, 0.0, 0.0]"));
}
