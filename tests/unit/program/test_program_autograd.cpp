// test_program_autograd.cpp - a program's gradients explained: the "grad" query's terms
// (upstream gradient times local derivative, one per output element that read the element)
// sum to the gradient backward computed; `with` blocks parse as Python's do.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "core/program/program.hpp"

namespace {

using whence::Json;

Json run_request(const Json& request) { return whence::evaluate_program(request); }

}  // namespace

TEST_CASE("a gradient element's terms sum to .grad", "[programs][grad]") {
  const std::string program =
      "x = torch.tensor([[1.0, -2.0], [3.0, 0.5]], requires_grad=True)\n"
      "w = torch.tensor([[0.5, 1.5], [-1.0, 2.0]], requires_grad=True)\n"
      "h = (x @ w).relu()\n"
      "s = h.softmax(1)\n"
      "loss = (s * torch.tensor([1.0, 2.0])).sum() + h.mean()\n"
      "loss.backward()\n"
      "gx = x.grad\n"
      "gw = w.grad\n";
  const Json values = run_request(Json{{"program", program}})["values"];
  REQUIRE(values.contains("gx"));
  std::size_t checked = 0;
  for (const char* leaf : {"x", "w"}) {
    const Json& grad = values[std::string("g") + leaf]["data"];
    for (std::size_t e = 0; e < grad.size(); ++e) {
      const Json r = run_request(Json{{"program", program}, {"grad", Json{{"name", leaf}, {"element", e}}}});
      INFO(r.dump());
      REQUIRE(r["ok"] == true);
      double sum = 0;
      for (const Json& t : r["terms"]) sum += t["upstream"].get<double>() * t["local"].get<double>();
      CHECK(std::abs(sum - grad[e].get<double>()) <= 1e-6 * (1 + std::abs(sum)));
      CHECK(std::abs(r["grad"].get<double>() - sum) <= 1e-12 * (1 + std::abs(sum)));
      CHECK(r["eq"].get<std::string>().rfind(std::string(leaf) + ".grad[", 0) == 0);
      ++checked;
    }
  }
  CHECK(checked == 8);
  // An intermediate's gradient: what flowed into h (no .grad of its own, PyTorch keeps none).
  const Json h = run_request(Json{{"program", program}, {"grad", Json{{"name", "h"}, {"element", 0}}}});
  REQUIRE(h["ok"] == true);
  CHECK(h["terms"].size() >= 2);  // softmax's row and the mean
  // A tensor backward never reached.
  const Json none =
      run_request(Json{{"program", "x = torch.ones(2)\ny = torch.ones(2, requires_grad=True)\ny.sum().backward()\n"},
                       {"grad", Json{{"name", "x"}, {"element", 0}}}});
  CHECK(none["grad"].is_null());
}

TEST_CASE("a session answers grad queries", "[programs][grad]") {
  const Json started = run_request(
      Json{{"program", "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = (x * x).sum()\ny.backward()\n"},
           {"session", true}});
  REQUIRE(started["ok"] == true);
  const Json r = run_request(Json{{"session", started["session"]}, {"grad", Json{{"name", "x"}, {"element", 1}}}});
  REQUIRE(r["ok"] == true);
  CHECK(r["grad"].get<double>() == 4.0);
  CHECK(r["eq"] == "x.grad[1] = ∂L/∂mul[1]·∂mul[1]/∂x[1] + ∂L/∂mul[1]·∂mul[1]/∂x[1] = 1.0·2.0 + 1.0·2.0 = 4.0");
  run_request(Json{{"session", started["session"]}, {"close", true}});
}

TEST_CASE("with blocks parse as Python's", "[programs][grad]") {
  auto error = [](const std::string& program) { return run_request(Json{{"program", program}})["error"]; };
  Json e = error("x = torch.ones(2)\nwith torch.no_grad():\n");
  CHECK(e["type"] == "IndentationError");
  CHECK(e["message"] == "expected an indented block after 'with' statement on line 2");
  e = error("x = torch.ones(2)\nwith torch.no_grad():\ny = x + 1\n");
  CHECK(e["type"] == "IndentationError");
  CHECK(e["line"] == 3);
  e = error("with torch.no_grad():\n    y = torch.ones(2)\n  z = y\n");
  CHECK(e["message"] == "unindent does not match any outer indentation level");
  e = error("with open('f') as f:\n    y = 1\n");
  CHECK(e["type"] == "SyntaxError");
  const Json ok =
      run_request(Json{{"program",
                        "x = torch.ones(2, requires_grad=True)\nwith torch.no_grad():\n    with torch.enable_grad():\n"
                        "        a = x * 2\n    b = x * 2\nc = x * 2\nprint(a.requires_grad, b.requires_grad, "
                        "c.requires_grad)\n"}});
  REQUIRE(ok["ok"] == true);
  CHECK(ok["steps"].back()["stdout"] == "True False True\n");
}
