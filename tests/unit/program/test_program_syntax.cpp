// test_program_syntax.cpp - program text as people paste it: statements continued inside
// brackets and after a backslash, doctest prompts, comments inside brackets, assert, and the
// line each statement and each error belongs to (its first line).
#include <catch2/catch.hpp>

#include <string>

#include "core/program/program.hpp"

namespace {

using whence::Json;
using whence::parse_program;

Json run(const std::string& program) { return whence::evaluate_program(Json{{"program", program}}); }

}  // namespace

TEST_CASE("a statement continues inside brackets and after a backslash", "[program-syntax]") {
  const auto p = parse_program(
      "x = torch.tensor([[1.0, 2.0],   # a comment, and a ( in it\n"
      "\n"
      "                  [3.0, 4.0]])\n"
      "y = x + \\\n"
      "    1\n"
      "s = 'a (' + \"[\"\n"
      "z = (y\n"
      "     .sum())\n");
  REQUIRE_FALSE(p.error);
  REQUIRE(p.statements.size() == 4);
  CHECK(p.statements[0].line == 1);
  CHECK(p.statements[0].code == "x = torch.tensor([[1.0, 2.0],\n[3.0, 4.0]])");
  CHECK(p.statements[1].line == 4);
  CHECK(p.statements[1].code == "y = x + \\\n1");
  CHECK(p.statements[2].line == 6);  // brackets inside strings open nothing
  CHECK(p.statements[3].line == 7);
  const Json r = run("x = torch.tensor([1.0,\n  2.0])\ny = (x +\n  1).sum(5)\n");
  REQUIRE(r["ok"] == false);
  CHECK(r["error"]["line"] == 3);  // a statement's error is at its first line
  CHECK(r["steps"][0]["code"] == "x = torch.tensor([1.0,\n2.0])");
}

TEST_CASE("an unclosed bracket or a final backslash is Python's SyntaxError at the statement", "[program-syntax]") {
  auto p = parse_program("x = 1\ny = torch.tensor([1,\n  2\n");
  REQUIRE(p.error);
  CHECK(p.error->line == 2);
  CHECK(std::string(p.error->error.what()) == "'[' was never closed");
  CHECK(p.statements.size() == 1);
  p = parse_program("x = 1\ny = 1 + \\");
  REQUIRE(p.error);
  CHECK(p.error->line == 2);
  CHECK(std::string(p.error->error.what()) == "unexpected EOF while parsing");
  p = parse_program("x = 1\n  y = 2\n");
  REQUIRE(p.error);
  CHECK(p.error->error.type == "IndentationError");
  CHECK(p.error->line == 2);
}

TEST_CASE("text pasted from a docstring runs without its prompts and expected output", "[program-syntax]") {
  const std::string text =
      "    >>> a = torch.tensor([[1, 2],\n"
      "    ...                   [3, 4]])\n"
      "    >>> a.sum(1)\n"
      "    tensor([3, 7])\n"
      "\n"
      "    >>> b = a.float() / \\\n"
      "    ...     2\n"
      "    >>> c = b.view(3)\n";
  const auto p = parse_program(text);
  REQUIRE_FALSE(p.error);
  REQUIRE(p.statements.size() == 4);
  CHECK(p.statements[0].line == 1);
  CHECK(p.statements[0].code == "a = torch.tensor([[1, 2],\n[3, 4]])");
  CHECK(p.statements[1].line == 3);
  CHECK(p.statements[2].line == 6);
  CHECK(p.statements[3].line == 8);
  const Json r = run(text);
  REQUIRE(r["ok"] == false);
  CHECK(r["error"]["line"] == 8);
  CHECK(r["error"]["message"] == "shape '[3]' is invalid for input of size 4");
  CHECK(r["steps"].size() == 3);
}

TEST_CASE("assert and print in a program", "[program-syntax]") {
  Json r =
      run("x = torch.tensor([1.0, 2.0])\nassert x.shape == (2,)\nprint(x, x.shape, sep=' | ')\nassert x.sum() > 5, "
          "'small'\n");
  REQUIRE(r["ok"] == false);
  CHECK(r["error"]["type"] == "AssertionError");
  CHECK(r["error"]["message"] == "small");
  CHECK(r["error"]["line"] == 4);
  REQUIRE(r["steps"].size() == 3);
  CHECK(r["steps"][2]["stdout"] == "tensor([1., 2.]) | torch.Size([2])\n");
  CHECK_FALSE(r["steps"][1].contains("stdout"));
  // the default dtype lasts for its program only
  r = run("torch.set_default_dtype(torch.float64)\nx = torch.tensor([1.0])\n");
  REQUIRE(r["values"]["x"]["dtype"] == "float64");
  r = run("x = torch.tensor([1.0])\n");
  REQUIRE(r["values"]["x"]["dtype"] == "float32");
}

TEST_CASE("a long operator chain over many lines is a RecursionError, not a stack overflow", "[program-syntax]") {
  std::string sum = "x = (1";
  for (int k = 0; k < 20000; ++k) sum += " +\n1";
  Json r = run(sum + ")\n");
  REQUIRE(r["ok"] == false);
  CHECK(r["error"]["type"] == "RecursionError");
  CHECK(r["error"]["line"] == 1);
  std::string chain = "x = 0";
  for (int k = 0; k < 5000; ++k) chain += " or 0";
  r = run(chain);
  CHECK(r["error"]["type"] == "RecursionError");
  std::string terms = "x = 1";  // 900 terms: CPython compiles them, and so does Whence
  for (int k = 0; k < 900; ++k) terms += " + 1";
  r = run(terms);
  REQUIRE(r["ok"] == true);
  CHECK(r["values"]["x"] == 901);
}
