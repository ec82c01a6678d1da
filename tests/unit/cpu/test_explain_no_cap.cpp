// test_explain_no_cap.cpp - relations have no cap: the Explain accessor keeps every read of an
// element function (kernels/cpu/launch.hpp's cpu_explain), and an op whose output element reads
// more than 64 elements names every one of them (an earlier fixed-size accessor kept 64).
#include <catch2/catch.hpp>

#include <cstdint>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "kernels/cpu/launch.hpp"

TEST_CASE("cpu_explain records every read of an element function, past 64", "[explain]") {
  std::vector<float> data(100);
  std::iota(data.begin(), data.end(), 0.0f);
  whence::KTensor t;
  t.data = data.data();
  t.rank = 1;
  t.shape[0] = 100;
  t.strides[0] = 1;
  t.param = 0;
  float total = 0;
  const std::vector<whence::Source> sources = whence::cpu_explain(0, [&](std::int64_t, auto& access) {
    float sum = 0;
    for (std::int64_t i = 0; i < 100; ++i) {
      const std::int64_t coord[1] = {i};
      sum += access.template read<float>(t, coord, whence::Role::Value);
    }
    total = sum;
    return sum;
  });
  CHECK(total == 4950.0f);
  REQUIRE(sources.size() == 100);
  for (std::size_t i = 0; i < sources.size(); ++i) {
    CHECK(sources[i].param == 0);
    CHECK(sources[i].flat == std::int64_t(i));
  }
}

// Each call's output element depends on 100 (or 200) elements of its arguments: every one is
// named, once, in explain() and in Explainer::sources alike.
TEST_CASE("an op reading more than 64 elements per output names them all", "[explain]") {
  struct Case {
    const char* code;
    std::int64_t flat;    // the output element (of the first result)
    std::size_t sources;  // its distinct (argument, element) pairs
  };
  const Case cases[] = {
      {"torch.sum(torch.arange(100.))", 0, 100},
      {"torch.mm(torch.ones(1, 100), torch.ones(100, 1))", 0, 200},
      {"torch.softmax(torch.arange(100.), 0)", 0, 100},
      {"torch.cumsum(torch.arange(100.), 0)", 99, 100},
      {"torch.sort(torch.arange(100.).flip(0))", 0, 100},
      {"torch.nn.functional.conv1d(torch.ones(1, 1, 100), torch.ones(1, 1, 100))", 0, 200},
  };
  for (const Case& c : cases) {
    INFO(c.code);
    const whence::Explainer explainer(whence::parse_call(c.code));
    std::set<std::pair<int, std::int64_t>> distinct;
    for (const whence::SourceLink& s : explainer.sources(0, c.flat)) distinct.insert({s.param * 1000 + s.item, s.flat});
    CHECK(distinct.size() == c.sources);
    const whence::Json r = explainer.explain(0, c.flat);
    REQUIRE(r["ok"] == true);
    std::set<std::string> listed;
    for (const auto& s : r["relation"]["src"]) listed.insert(s[0].dump() + ":" + s[1].dump());
    CHECK(listed.size() == c.sources);
  }
}
