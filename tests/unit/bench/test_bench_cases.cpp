// test_bench_cases.cpp - the benchmark's table of cases (kernels/bench/cases_*.cpp) in the normal
// build: every case runs at its smallest size (4,096 elements) without a refusal, and every
// family of the registry has a case, so that a family that lands without one fails here rather
// than going unmeasured (issue 10: "add a case for every family that lands later").
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>

#include "core/registry.hpp"
#include "kernels/bench/bench_case.hpp"

TEST_CASE("every benchmark case runs at 4,096 elements, and every registry family has one", "[bench]") {
  std::set<std::string> names;
  std::map<std::string, std::string> measured;  // registry family -> the first case of it
  for (const whence::bench::Case& c : whence::bench::all_cases()) {
    INFO(c.name);
    CHECK(names.insert(c.name).second);  // names match the ATen sides one for one: no two alike
    whence::bench::Prepared p;
    std::vector<whence::Tensor> first;
    CHECK(whence::bench::prepare_case(c, 4096, p, &first) == "");
    REQUIRE(p.op.op != nullptr);
    CHECK_FALSE(first.empty());
    CHECK(p.bytes > 0);
    measured.emplace(p.op.op->family, c.name);
  }
  for (const whence::OpDescriptor* op : whence::op_table()) {
    INFO("family " << op->family << " (" << op->names.front() << ") has no case in kernels/bench/cases_*.cpp");
    CHECK(measured.count(op->family) == 1);
  }
}
