// test_budget.cpp - every request has a bound (core/budget.hpp): explaining whole results whose
// relations pass 32 MiB is refused with the way out (chosen elements), which answers at once;
// work past its count and time past the deadline are refused in the words that name the limit,
// in a single call and in a program; the next request is served as before.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "core/api.hpp"
#include "core/budget.hpp"
#include "core/program/program.hpp"

namespace {

using whence::Json;

Json answer(const Json& request) { return Json::parse(whence::evaluate_line(request.dump())); }

// Sets limits for one test and puts the defaults back afterwards.
struct Limits {
  explicit Limits(const whence::RequestLimits& l) { whence::set_request_limits(l); }
  ~Limits() { whence::set_request_limits(whence::RequestLimits{}); }
};

}  // namespace

// The limits of a test that checks a count, scaled down so that the sanitizer build gets there
// in a moment, with the deadline out of the way (slow builds would meet it first).
whence::RequestLimits counted() {
  whence::RequestLimits l;
  l.relation_bytes = 1 << 20;
  l.kept_bytes = 8 << 20;
  l.seconds = 1e6;
  return l;
}

TEST_CASE("the default limits are those core/README.md lists", "[budget]") {
  const whence::RequestLimits l;
  CHECK(l.work == 200000000);
  CHECK(l.relation_bytes == 32 << 20);
  CHECK(l.kept_bytes == 256 << 20);
  CHECK(l.seconds == 10);
}

TEST_CASE("sort explained whole lists n**2 sources: refused past the relation bytes, chosen elements answered",
          "[budget]") {
  std::optional<Limits> limits(counted());
  // Each of 2,000 outputs lists the 2,000 elements of its line: 41 s and 164 MB before.
  const Json whole = answer({{"id", 1}, {"code", "torch.sort(torch.arange(2000.).flip(0))"}, {"explain", true}});
  REQUIRE(whole["ok"] == false);
  CHECK(whole["error"]["type"] == "Unsupported");
  CHECK(whole["error"]["message"] ==
        "the relations of this result take more than 1 MiB (Whence's limit per response); ask for chosen "
        "elements instead: \"explain\": [[RESULT, ELEMENT], ...]");

  limits.reset();  // the defaults: two chosen elements, each listing its whole line
  const Json chosen = answer(
      {{"id", 2}, {"code", "torch.sort(torch.arange(4096.).flip(0))"}, {"explain", Json::array({{0, 7}, {1, 4095}})}});
  REQUIRE(chosen["ok"] == true);
  REQUIRE(chosen["relations"].size() == 2);
  CHECK(chosen["relations"][0]["out"] == Json::array({0, 7}));
  CHECK(chosen["relations"][1]["out"] == Json::array({1, 4095}));
  CHECK(chosen["relations"][0]["src"].size() == 4096);  // the whole line, compared

  const Json outside =
      answer({{"id", 3}, {"code", "torch.sort(torch.arange(4.))"}, {"explain", Json::array({{0, 4}})}});
  CHECK(outside["error"]["type"] == "IndexError");
  CHECK(outside["error"]["message"] == "no output element 4 in result 0");
  const Json malformed = answer({{"id", 4}, {"code", "torch.sort(torch.arange(4.))"}, {"explain", Json::array({3})}});
  CHECK(malformed["error"]["type"] == "ValueError");

  const Json next = answer({{"id", 5}, {"code", "torch.sort(torch.tensor([3., 1.]))"}, {"explain", true}});
  CHECK(next["ok"] == true);
  CHECK(next["relations"].size() == 4);
}

TEST_CASE("work past the request's count is refused, in a call and in a program", "[budget]") {
  whence::RequestLimits small = counted();
  small.work = 100000;
  small.relation_bytes = 1 << 30;
  const Limits limits(small);
  // cumsum over 256 x 256: each output lists up to 256 sources, 8.4 million in all.
  const Json call = answer({{"id", 1}, {"code", "torch.cumsum(torch.ones(256, 256), dim=1)"}, {"explain", true}});
  REQUIRE(call["ok"] == false);
  CHECK(call["error"]["type"] == "Unsupported");
  CHECK(call["error"]["message"] ==
        "this request needs more than 100,000 steps of work (Whence's limit per request); ask for fewer elements "
        "or smaller tensors");
  whence::link_programs();
  const Json program =
      answer({{"id", 2}, {"program", "x = torch.ones(256, 256)\ny = x.cumsum(1)\nz = y.sum()"}, {"session", true}});
  REQUIRE(program["ok"] == false);
  CHECK(program["error"]["type"] == "Unsupported");
  CHECK(program["error"]["line"] == 2);
  const Json small_call = answer({{"id", 3}, {"code", "torch.cumsum(torch.ones(4, 4), dim=1)"}, {"explain", true}});
  CHECK(small_call["ok"] == true);
}

TEST_CASE("a request still running at the deadline is stopped at its next charge", "[budget]") {
  whence::RequestLimits none;
  none.seconds = 0;  // past as soon as the clock is first read (every 4,096 steps)
  const Limits limits(none);
  const Json r = answer({{"id", 1}, {"code", "torch.sum(torch.ones(256, 256))"}, {"explain", true}});
  REQUIRE(r["ok"] == false);
  CHECK(r["error"]["message"] ==
        "this request ran longer than 0 s (Whence's limit per request); ask for fewer elements or smaller tensors");
  const Json quick = answer({{"id", 2}, {"code", "torch.sum(torch.ones(4))"}, {"explain", true}});
  CHECK(quick["ok"] == true);
}

TEST_CASE("a program keeping more relations than its limit stops at that line; the lines before answer", "[budget]") {
  const Limits limits(counted());
  whence::link_programs();
  // Each element of a 96 x 96 matmul reads 192: 1.8 million sources kept (21 MB at 12 bytes
  // each), past 8 MiB (a 256 x 256 one keeps 33 million: 3.4 GB and 10 s once, refused at
  // 256 MiB in 0.5 s now).
  const Json r = answer(
      {{"id", 1}, {"program", "x = torch.arange(9216.).reshape(96, 96)\ny = x @ x\nz = y @ y"}, {"session", true}});
  REQUIRE(r["ok"] == false);
  CHECK(r["error"]["line"] == 2);
  CHECK(r["error"]["message"] ==
        "the relations this request keeps take more than 8 MiB of memory (Whence's limit per request); ask for "
        "fewer elements or smaller tensors");
  REQUIRE(r["steps"].size() == 1);
  CHECK(r["steps"][0]["names"] == Json::array({"x"}));
}
