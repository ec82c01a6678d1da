// test_registry.cpp - the registry sweep of OPS.md section 7: every op has what its page and
// the CLI need (summary, PyTorch docs URL, a teaching example that runs, a teaching note),
// every name resolves to it, and no two descriptors claim one name.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <string>

#include "core/api.hpp"
#include "core/call_syntax.hpp"
#include "core/registry.hpp"
#include "core/signatures.hpp"

#ifndef WHENCE_SITE_DIR
#error "WHENCE_SITE_DIR (the site folder, no trailing slash) must be defined"
#endif

TEST_CASE("every op has a summary, a docs URL, a working example and a teaching note", "[registry]") {
  std::set<std::string> names;
  int ops = 0;
  for (const whence::OpDescriptor* op : whence::op_table()) {
    ++ops;
    const std::string& primary = op->names.front();
    INFO(primary);
    CHECK(op->summary.size() > 20);
    CHECK(op->docs.rfind("https://pytorch.org/docs/stable/", 0) == 0);
    CHECK(!op->family.empty());
    for (const std::string& n : op->names) {
      CHECK(names.insert(n).second);    // one descriptor per name
      CHECK(whence::find_op(n) == op);  // and the name finds it
      if (!whence::is_syntax_op(n))
        CHECK(whence::find_binding(n) != nullptr);  // PyTorch's binding of that name is known
    }
    const whence::Json r = whence::evaluate(whence::parse_call(op->example), true);
    INFO("example: " << op->example << "\n  -> " << r.dump().substr(0, 300));
    CHECK(r["ok"] == true);
    CHECK(whence::format_call(whence::parse_call(op->example)) ==
          op->example);  // examples are written as the page writes them
    std::ifstream note(std::string(WHENCE_SITE_DIR) + "/notes/" + primary + ".html");
    CHECK(note.good());
  }
  CHECK(ops == int(whence::op_table().size()));
  CHECK(ops > 0);
}

// One taxonomy: an op's registry family is its folder kernels/<family>/ and its golden folder
// tests/golden/<family>/, whose <family>_ops.json (written by the family's generator from
// PyTorch) lists exactly the ops the registry gives that family. gather, the founding op, has
// its own family and one golden file (tests/golden/gather.jsonl).
TEST_CASE("every family's ops are exactly those its golden list names, and its folder exists", "[registry]") {
  std::map<std::string, std::set<std::string>> by_family;
  for (const whence::OpDescriptor* op : whence::op_table()) by_family[op->family].insert(op->names.front());
  const std::string root = std::string(WHENCE_SITE_DIR) + "/..";
  for (const auto& [family, primaries] : by_family) {
    INFO("family " << family);
    CHECK(std::ifstream(root + "/kernels/" + family + "/README.md").good());
    if (family == "gather") {
      CHECK(primaries == std::set<std::string>{"torch.gather"});
      continue;
    }
    std::ifstream in(root + "/tests/golden/" + family + "_ops.json");
    REQUIRE(in.good());
    std::set<std::string> golden;
    for (const auto& entry : whence::Json::parse(in)) golden.insert(entry["primary"].get<std::string>());
    CHECK(primaries == golden);
  }
  CHECK(by_family.size() == 13);
}
