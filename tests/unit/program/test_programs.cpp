// test_programs.cpp - programs against PyTorch (tests/golden/programs.jsonl, written by
// scripts/gen_golden_programs.py): every step's values, the final values and the error with
// its line must be PyTorch's; and `reach` from each perturbed literal element must include
// every element that the perturbation changed in PyTorch (provenance is sound through views,
// in-place writes and every step). What print() wrote must be Python's text exactly.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "core/program/program.hpp"
#include "tests/unit/golden_compare.hpp"

#ifndef WHENCE_GOLDEN_DIR
#error "WHENCE_GOLDEN_DIR must be defined"
#endif

namespace {

using whence::Json;

// "" when a value is PyTorch's: tensors within tolerance, anything else exactly.
std::string value_difference(const Json& want, const Json& got) {
  if (want.is_object() && want.contains("data")) return whence_test::tensor_difference(want, got);
  if (want.is_object() && want.contains("tuple")) {  // x.max(1) bound to one name: item by item
    if (!got.is_object() || !got.contains("tuple") || got["tuple"].size() != want["tuple"].size())
      return "expected " + want.dump() + ", got " + got.dump();
    for (std::size_t i = 0; i < want["tuple"].size(); ++i)
      if (std::string d = value_difference(want["tuple"][i], got["tuple"][i]); !d.empty())
        return "item " + std::to_string(i) + ": " + d;
    return "";
  }
  if (want.is_number() && got.is_number())
    return want.get<double>() == got.get<double>() ? "" : "expected " + want.dump() + ", got " + got.dump();
  return want == got ? "" : "expected " + want.dump() + ", got " + got.dump();
}

std::vector<Json> goldens() {
  std::ifstream in(WHENCE_GOLDEN_DIR "/programs.jsonl");
  std::vector<Json> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(Json::parse(line));
  return out;
}

using Place = std::tuple<int, std::string, std::int64_t>;  // line, name, element

}  // namespace

TEST_CASE("programs match PyTorch run line by line", "[programs][golden]") {
  const auto all = goldens();
  REQUIRE(all.size() >= 80);
  for (const Json& g : all) {
    const std::string text = g["program"].get<std::string>();
    INFO("program:\n" << text);
    const Json r = whence::evaluate_program(Json{{"program", text}});
    if (g["error"].is_null()) {
      INFO(r.dump());
      REQUIRE(r["ok"] == true);
    } else {
      REQUIRE(r["ok"] == false);
      CHECK(r["error"]["type"] == g["error"]["type"]);
      CHECK(r["error"]["message"] == g["error"]["message"]);
      CHECK(r["error"]["line"] == g["error"]["line"]);
    }
    // Every line PyTorch ran is a step, with each name it shows equal to PyTorch's value then.
    std::map<int, Json> values_at;
    std::map<int, std::string> printed_at;
    for (const Json& l : g["lines"]) {
      values_at[l["line"].get<int>()] = l["values"];
      printed_at[l["line"].get<int>()] = l.value("stdout", "");
    }
    REQUIRE(r["steps"].size() == values_at.size());
    for (const Json& step : r["steps"]) {
      const int line = step["line"].get<int>();
      REQUIRE(values_at.count(line));
      CHECK(step.value("stdout", "") == printed_at[line]);
      for (std::size_t i = 0; i < step["names"].size(); ++i) {
        if (step["names"][i].is_null()) continue;
        const std::string name = step["names"][i].get<std::string>();
        INFO("line " << line << ", " << name);
        REQUIRE(values_at[line].contains(name));
        CHECK(value_difference(values_at[line][name], step["results"][i]) == "");
      }
    }
    for (const auto& [name, want] : g["values"].items()) {
      INFO("final value of " << name);
      REQUIRE(r["values"].contains(name));
      CHECK(value_difference(want, r["values"][name]) == "");
    }
  }
}

TEST_CASE("program provenance is sound against PyTorch perturbations", "[programs][golden]") {
  std::size_t checked = 0, perturbations = 0;
  for (const Json& g : goldens()) {
    const std::string text = g["program"].get<std::string>();
    // The (line, name) pairs Whence's steps show: PyTorch's changes elsewhere (x changed
    // through its view row at row's line) are not cells of their own.
    const Json run = whence::evaluate_program(Json{{"program", text}});
    std::set<std::pair<int, std::string>> shown;
    for (const Json& step : run["steps"])
      for (const Json& n : step["names"])
        if (n.is_string()) shown.emplace(step["line"].get<int>(), n.get<std::string>());
    for (const Json& p : g["perturb"]) {
      ++perturbations;
      const Json r = whence::evaluate_program(Json{
          {"program", text}, {"reach", Json{{"name", p["name"]}, {"element", p["element"]}, {"line", p["line"]}}}});
      INFO("program:\n" << text << "perturbed: " << p.dump());
      REQUIRE(r["ok"] == true);
      std::set<Place> reached;
      for (const Json& c : r["reach"])
        if (c["name"].is_string())
          reached.emplace(c["line"].get<int>(), c["name"].get<std::string>(), c["element"].get<std::int64_t>());
      for (const Json& c : p["changed"]) {
        const Place place{c[0].get<int>(), c[1].get<std::string>(), c[2].get<std::int64_t>()};
        if (std::get<0>(place) == p["line"].get<int>() && std::get<1>(place) == p["name"].get<std::string>())
          continue;  // itself
        if (!shown.count({std::get<0>(place), std::get<1>(place)})) continue;
        INFO("changed: line " << std::get<0>(place) << " " << std::get<1>(place) << "[" << std::get<2>(place) << "]");
        CHECK(reached.count(place) == 1);
        ++checked;
      }
    }
  }
  CHECK(perturbations >= 500);
  CHECK(checked >= 1000);
}

TEST_CASE("an element's equation at its step, as the op's single call writes it", "[programs]") {
  const std::string program =
      "x = torch.tensor([[1, 2, 3], [4, 5, 6]])\n"
      "i = torch.tensor([[2, 0], [1, 1]])\n"
      "y = torch.gather(x, 1, i)\n"
      "z = y * 2\n"
      "x.mul_(10)\n"
      "w = z.sum()\n";
  auto ask = [&](const Json& at) { return whence::evaluate_program(Json{{"program", program}, {"equation", at}}); };
  // z[0][1] = y[0][1] * 2, with y's value at that step; the gather's single call says the same.
  const Json z = ask(Json{{"name", "z"}, {"element", 1}});
  REQUIRE(z["ok"] == true);
  CHECK(z["step_op"] == "torch.Tensor.__mul__");
  CHECK(z["step_eq"] == "out[0][1] = input[0][1] · 2 = 1 · 2 = 2");
  CHECK(ask(Json{{"name", "w"}, {"element", 0}})["step_eq"] ==
        "out = input[0][0] + input[0][1] + input[1][0] + input[1][1] = 6 + 2 + 10 + 10 = 28");
  // x was written in place after the gather read it: its equation would show the new values.
  const Json y = ask(Json{{"name", "y"}, {"element", 0}});
  CHECK(y["step_eq"].is_null());
  CHECK(y["step_op"] == "torch.gather");
  CHECK(y["step_eq_note"] == "an in-place write after this step changed the values its equation reads");
  // Without the write, the gather's equation is its single call's.
  const Json before =
      whence::evaluate_program(Json{{"program",
                                     "x = torch.tensor([[1, 2, 3], [4, 5, 6]])\ni = torch.tensor([[2, 0], [1, 1]])\n"
                                     "y = torch.gather(x, 1, i)\n"},
                                    {"equation", Json{{"name", "y"}, {"element", 0}}}});
  const Json single = whence::explain_element(
      whence::parse_call("torch.gather(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, torch.tensor([[2, 0], [1, 1]]))"), 0,
      0);
  CHECK(before["step_eq"] == single["relation"]["eq"]);
  CHECK(ask(Json{{"name", "i"}, {"element", 0}})["step_eq_note"] == "a literal");
  // In a session, with trace and reach from the same element.
  const Json started = whence::evaluate_program(Json{{"program", program}, {"session", true}});
  const Json start{{"name", "z"}, {"element", 1}};
  const Json both = whence::evaluate_program(
      Json{{"session", started["session"]}, {"trace", start}, {"reach", start}, {"equation", start}});
  CHECK(both["step_eq"] == z["step_eq"]);
  CHECK(both["trace"].size() > 0);
}

TEST_CASE("a program session answers trace and reach as one-shot requests do", "[programs]") {
  const std::string program =
      "x = torch.arange(6.).reshape(2, 3)\n"
      "v = x[0]\n"
      "v.mul_(2)\n"
      "y = x.softmax(-1)\n"
      "z = y.sum(1) + x[1, :2].sum()\n"
      "w = z.view(3)\n";  // fails on line 6: the lines before it stay traceable
  const Json started = whence::evaluate_program(Json{{"program", program}, {"session", true}});
  REQUIRE(started["ok"] == false);
  REQUIRE(started["error"]["line"] == 6);
  REQUIRE(started["session"].is_number_integer());
  const Json id = started["session"];
  // No relations are sent; each step lists the earlier tensors it read (the graph's edges).
  REQUIRE_FALSE(started["steps"][3].contains("relations"));
  REQUIRE(started["steps"][3]["reads"] ==
          Json::array({Json{{"line", 1}, {"name", "x"}}, Json{{"line", 3}, {"name", "v"}}}));
  REQUIRE(started["steps"][4]["reads"].size() == 2);  // y, and x through a temporary
  const Json one_shot = whence::evaluate_program(Json{{"program", program}, {"explain", true}});
  REQUIRE(started["steps"].size() == one_shot["steps"].size());
  for (std::size_t k = 0; k < one_shot["steps"].size(); ++k)
    REQUIRE(started["steps"][k]["results"] == one_shot["steps"][k]["results"]);

  for (const Json& start : {Json{{"name", "z"}, {"element", 1}}, Json{{"name", "x"}, {"element", 1}, {"line", 1}},
                            Json{{"name", "v"}, {"element", 2}, {"line", 3}}}) {
    const Json both = whence::evaluate_program(Json{{"session", id}, {"trace", start}, {"reach", start}});
    REQUIRE(both["ok"] == true);
    for (const char* q : {"trace", "reach"}) {
      const Json alone = whence::evaluate_program(Json{{"program", program}, {q, start}});
      INFO(q << " from " << start.dump());
      REQUIRE(both[q] == alone[q]);
      REQUIRE(both["from"] == alone["from"]);
    }
    // "grouped": the same cells, one object per tensor, role and depth.
    const Json grouped =
        whence::evaluate_program(Json{{"session", id}, {"trace", start}, {"reach", start}, {"grouped", true}});
    for (const char* q : {"trace", "reach"}) {
      INFO(q << " grouped, from " << start.dump());
      Json expanded = Json::array();
      std::set<std::string> groups;
      for (const Json& g : grouped[q]) {
        REQUIRE(groups.insert(g["line"].dump() + g.value("name", Json()).dump() + g["role"].dump() + g["depth"].dump())
                    .second);
        for (const Json& element : g["elements"]) {
          Json cell = g;
          cell.erase("elements");
          cell["element"] = element;
          expanded.push_back(cell);
        }
      }
      auto key = [](const Json& c) {
        return c["line"].dump() + " " + c.value("name", Json()).dump() + c.value("literal", Json()).dump() + " " +
               c["element"].dump() + " " + c["role"].dump() + " " + c["depth"].dump();
      };
      std::multiset<std::string> want, got;
      for (const Json& c : both[q]) want.insert(key(c));
      for (const Json& c : expanded) got.insert(key(c));
      REQUIRE(got == want);
      REQUIRE(expanded.size() == both[q].size());
    }
  }
  // w was never bound: the error the one-shot request gives.
  REQUIRE_THROWS_WITH(whence::evaluate_program(Json{{"session", id}, {"trace", Json{{"name", "w"}, {"element", 0}}}}),
                      "name 'w' is not defined");

  // The newest four are kept; closing one ends it.
  for (int k = 0; k < 4; ++k) whence::evaluate_program(Json{{"program", "a = torch.ones(2)"}, {"session", true}});
  REQUIRE_THROWS_WITH(whence::evaluate_program(Json{{"session", id}, {"trace", Json{{"name", "z"}, {"element", 0}}}}),
                      Catch::Contains("is not kept"));
  const Json last = whence::evaluate_program(Json{{"program", "a = torch.ones(2)\nb = a * 2"}, {"session", true}});
  REQUIRE(whence::evaluate_program(
              Json{{"session", last["session"]}, {"reach", Json{{"name", "a"}, {"element", 1}}}})["reach"]
              .size() == 1);
  REQUIRE(whence::evaluate_program(Json{{"session", last["session"]}, {"close", true}})["ok"] == true);
  REQUIRE_THROWS_WITH(
      whence::evaluate_program(Json{{"session", last["session"]}, {"reach", Json{{"name", "a"}, {"element", 1}}}}),
      Catch::Contains("is not kept"));
}

// A benchmark, not a test (hidden: run it with whence_tests "[.bench-programs]", natively or
// under node): the time to evaluate a 10-step program on 64x64 tensors, and to trace one
// element of its last step back through all ten (evaluation with relations included).
TEST_CASE("program timing: 10 steps on 64x64 tensors", "[.bench-programs]") {
  const std::string program =
      "a = torch.arange(4096.).reshape(64, 64) / 4096\n"
      "b = torch.ones(64, 64) * 0.5\n"
      "c = a @ b\n"
      "d = c.softmax(-1)\n"
      "e = d * a + b\n"
      "f = e.T.contiguous()\n"
      "f[0] = 1\n"
      "g = f.sum(0)\n"
      "h = g.unsqueeze(0) - e\n"
      "i = h.relu().cumsum(1)\n";
  auto time_ms = [](auto fn) {
    double best = 1e30;
    for (int k = 0; k < 3; ++k) {
      const auto t0 = std::chrono::steady_clock::now();
      fn();
      best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
  };
  Json plain, traced;
  const double evaluate = time_ms([&] { plain = whence::evaluate_program(Json{{"program", program}}); });
  const double trace = time_ms([&] {
    traced = whence::evaluate_program(Json{{"program", program}, {"trace", Json{{"name", "i"}, {"element", 2080}}}});
  });
  Json session;
  const double start = time_ms([&] {
    session = whence::evaluate_program(Json{{"program", program}, {"session", true}});
  });
  Json asked;
  const double ask = time_ms([&] {
    const Json at{{"name", "i"}, {"element", 2080}};
    asked = whence::evaluate_program(Json{{"session", session["session"]}, {"trace", at}, {"reach", at}});
  });
  REQUIRE(asked["ok"] == true);
  std::printf("program bench: session start %.1f ms (%zu bytes), trace + reach from it %.1f ms\n", start,
              session.dump().size(), ask);
  REQUIRE(plain["ok"] == true);
  REQUIRE(traced["ok"] == true);
  std::printf("program bench: evaluate %.1f ms, trace one element %.1f ms (%zu cells reached)\n", evaluate, trace,
              traced["trace"].size());
}
