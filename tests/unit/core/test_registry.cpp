// test_registry.cpp - the registry sweep of OPS.md section 7: every op has what its page and
// the CLI need (summary, PyTorch docs URL, a teaching example that runs, a teaching note),
// every name resolves to it, and no two descriptors claim one name.
#include <catch2/catch.hpp>

#include <fstream>
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
      CHECK(names.insert(n).second);             // one descriptor per name
      CHECK(whence::find_op(n) == op);           // and the name finds it
      if (!whence::is_syntax_op(n)) CHECK(whence::find_binding(n) != nullptr);  // PyTorch's binding of that name is known
    }
    const whence::Json r = whence::evaluate(whence::parse_call(op->example), true);
    INFO("example: " << op->example << "\n  -> " << r.dump().substr(0, 300));
    CHECK(r["ok"] == true);
    CHECK(whence::format_call(whence::parse_call(op->example)) == op->example);  // examples are written as the page writes them
    std::ifstream note(std::string(WHENCE_SITE_DIR) + "/notes/" + primary + ".html");
    CHECK(note.good());
  }
  CHECK(ops >= 161);
}
