// test_explainer_sources.cpp - Explainer::sources is explain() without the equation and the JSON: for every op's teaching
// example and every output element, the same sources in the same order, with the same paths.
#include <catch2/catch.hpp>

#include "core/api.hpp"
#include "core/registry.hpp"

using whence::Json;

TEST_CASE("Explainer::sources and Explainer::relation give what explain gives, for every op's example", "[explain]") {
  int ops = 0, elements = 0;
  for (const whence::OpDescriptor* op : whence::op_table()) {
    INFO(op->example);
    const whence::Explainer run(whence::parse_call(op->example));
    const Json response = run.response(false);
    if (!response.value("ok", false) || !response.contains("result")) continue;
    const Json& result = response["result"];
    if (!result.is_object() && !result.is_array()) continue;  // a plain Python value: no relations
    ++ops;
    const std::size_t outputs = result.is_array() ? result.size() : 1;
    for (std::size_t p = 0; p < outputs; ++p) {
      const Json& tensor = result.is_array() ? result[p] : result;
      std::int64_t numel = 1;
      for (const auto& d : tensor["shape"]) numel *= d.get<std::int64_t>();
      for (std::int64_t e = 0; e < numel; ++e) {
        const Json explained = run.explain(int(p), e);
        REQUIRE(explained.value("ok", false));
        Json links = Json::array();
        for (const whence::SourceLink& s : run.sources(int(p), e))
          links.push_back(Json::array({run.source_path(s), s.flat, s.role}));
        CHECK(links == explained["relation"]["src"]);
        whence::ElementRelation rel;
        REQUIRE(run.relation(int(p), e, rel));
        Json rel_links = Json::array();
        for (const whence::SourceLink& s : rel.sources)
          rel_links.push_back(Json::array({run.source_path(s), s.flat, s.role}));
        CHECK(rel_links == explained["relation"]["src"]);
        CHECK(rel.equation == explained["relation"]["eq"].get<std::string>());
        ++elements;
      }
    }
  }
  CHECK(ops >= 300);
  CHECK(elements > 1500);
  CHECK(
      whence::Explainer(whence::parse_call("torch.gather(torch.ones(2), 0, torch.tensor([5]))")).sources(0, 0).empty());
  CHECK(whence::Explainer(whence::parse_call("torch.ones(3)")).sources(0, 3).empty());
  whence::ElementRelation untouched{{}, "before"};
  CHECK_FALSE(whence::Explainer(whence::parse_call("torch.ones(3)")).relation(0, 3, untouched));
  CHECK_FALSE(whence::Explainer(whence::parse_call("torch.gather(torch.ones(2), 0, torch.tensor([5]))"))
                  .relation(0, 0, untouched));
  CHECK(untouched.equation == "before");
}
