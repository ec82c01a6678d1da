// test_golden.cpp - Whence against PyTorch's golden vectors (tests/golden/*.jsonl, written by
// scripts/gen_golden.py from PyTorch 1.13). Every case runs twice, from its PyTorch call text
// (parse_call) and from its protocol request (call_from_json), and both responses must equal
// what PyTorch did: same ok; same error type and message; same result dtype, shape and data
// (float32 compared as float, float64 exactly, nan equal to nan); same relations as sets
// (the "eq" text is not compared: goldens do not have it).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/api.hpp"
#include "core/error.hpp"
#include "core/promotion.hpp"
#include "core/registry.hpp"
#include "tests/unit/golden_compare.hpp"

#ifndef WHENCE_GOLDEN_DIR
#error "WHENCE_GOLDEN_DIR (the tests/golden folder, no trailing slash) must be defined"
#endif

namespace {

using whence::Json;
using whence_test::element_equal;
using whence_test::tensor_difference;

Json error_response(const std::string& type, const std::string& message) {
  Json r = Json::object();
  r["ok"] = false;
  r["error"] = Json{{"type", type}, {"message", message}};
  return r;
}

// An exception thrown while parsing is the error the call gets: PyTorch raises it too.
template <class MakeCall>
Json run(MakeCall make_call) {
  try {
    return whence::evaluate(make_call(), true);
  } catch (const whence::Error& e) {
    return error_response(e.type, e.what());
  } catch (const std::exception& e) {
    return error_response("(C++ exception escaped)", e.what());
  }
}

using RelationSet = std::set<std::pair<std::string, std::set<std::string>>>;

// Relations as a set of (out, set of src); "eq" and any other extra field are ignored.
bool relation_set(const Json& rels, RelationSet& out, std::string& why) {
  if (!rels.is_array()) {
    why = "relations is not an array: " + rels.dump();
    return false;
  }
  for (const auto& r : rels) {
    if (!r.is_object() || !r.contains("out") || !r.contains("src") || !r["src"].is_array()) {
      why = "malformed relation: " + r.dump();
      return false;
    }
    std::set<std::string> srcs;
    for (const auto& s : r["src"]) srcs.insert(s.dump());
    out.emplace(r["out"].dump(), std::move(srcs));
  }
  return true;
}

std::string describe(const std::pair<std::string, std::set<std::string>>& rel) {
  std::string s = "{out " + rel.first + ": ";
  for (const auto& src : rel.second) s += src + " ";
  return s + "}";
}

// "" when `got` (a response) matches `expect` (a golden expectation), else the first difference.
std::string golden_difference(const Json& expect, const Json& got) {  // NOLINT(misc-no-recursion)
  if (!got.is_object() || !got.contains("ok") || !got["ok"].is_boolean())
    return "response has no boolean \"ok\": " + got.dump();
  const bool ok = expect["ok"].get<bool>();
  if (got["ok"].get<bool>() != ok)
    return std::string("ok: expected ") + (ok ? "true" : "false") + ", got " + got.dump().substr(0, 600);
  if (!ok) {
    const Json& e = expect["error"];
    const Json g = got.value("error", Json::object());
    if (!g.is_object()) return "error is not an object: " + got.dump();
    if (g.value("type", Json()) != e["type"])
      return "error type: expected " + e["type"].dump() + ", got " + g.value("type", Json()).dump() + " (message " +
             g.value("message", Json()).dump() + ")";
    if (g.value("message", Json()) != e["message"])
      return "error message: expected " + e["message"].dump() + ", got " + g.value("message", Json()).dump();
    return "";
  }
  const Json& e = expect["result"];
  const Json g = got.value("result", Json());
  if (e.is_array() && !e.empty() && e[0].is_object()) {  // a tuple of tensors: each like a single result
    if (!g.is_array() || g.size() != e.size())
      return "result: expected a tuple of " + std::to_string(e.size()) + ", got " + g.dump().substr(0, 300);
    for (std::size_t k = 0; k < e.size(); ++k) {
      Json one_e{{"ok", true}, {"result", e[k]}, {"relations", Json::array()}};
      Json one_g{{"ok", true}, {"result", g[k]}, {"relations", Json::array()}};
      const std::string why = golden_difference(one_e, one_g);
      if (!why.empty()) return "result[" + std::to_string(k) + "]: " + why;
    }
  } else if (!e.is_object()) {
    if (g != e) return "result: expected " + e.dump() + ", got " + g.dump();  // a Python value
  } else {
    const std::string why = tensor_difference(e, g);
    if (!why.empty()) return why;
  }
  // Views (the movement family): which results share storage with which argument, with
  // PyTorch's strides and storage offset; none listed means none.
  if (expect.contains("views") && expect["views"] != got.value("views", Json::array()))
    return "views: expected " + expect["views"].dump() + ", got " + got.value("views", Json::array()).dump();
  // The random family's goldens carry no relations: PyTorch cannot report which draws made an
  // element (kernels/random/README.md); their values are compared.
  if (!expect.contains("relations")) return "";
  if (!got.contains("relations")) return "relations: missing";
  RelationSet want, have;
  std::string why;
  if (!relation_set(expect["relations"], want, why)) return "golden " + why;
  if (!relation_set(got["relations"], have, why)) return why;
  if (want != have) {
    std::string s = "relations differ:";
    int shown = 0;
    for (const auto& r : want)
      if (!have.count(r) && shown++ < 3) s += " missing " + describe(r);
    shown = 0;
    for (const auto& r : have)
      if (!want.count(r) && shown++ < 3) s += " unexpected " + describe(r);
    return s;
  }
  return "";
}

}  // namespace

TEST_CASE("golden comparison detects every kind of difference", "[golden]") {
  const Json expect =
      Json::parse(R"({"ok": true, "result": {"dtype": "float32", "shape": [2], "data": [0.10000000149011612, "nan"]},
    "relations": [{"out": [0, 0], "src": [[[0], 1, "value"], [[2], 0, "index"]]}, {"out": [0, 1], "src": [[[0], 0, "value"], [[2], 1, "index"]]}]})");
  Json same = expect;
  same["result"]["data"][0] = 0.1;                                                         // equal as float32
  same["relations"][0]["src"] = Json::parse(R"([[[2], 0, "index"], [[0], 1, "value"]])");  // order free
  same["relations"][0]["eq"] = "out[0] = ...";
  CHECK(golden_difference(expect, same) == "");
  Json g = expect;
  g["result"]["data"][1] = 1.0;
  CHECK(golden_difference(expect, g) != "");
  g = expect;
  g["result"]["data"][0] = 0.1001;  // beyond float32's atol + rtol
  CHECK(golden_difference(expect, g) != "");
  g["result"]["data"][0] = 0.100001;  // within it
  CHECK(golden_difference(expect, g) == "");
  g = expect;
  g["result"]["dtype"] = "float64";
  CHECK(golden_difference(expect, g) != "");
  g = expect;
  g["result"]["shape"] = Json::parse("[2, 1]");
  CHECK(golden_difference(expect, g) != "");
  g = expect;
  g["relations"][1]["src"][1][1] = 0;
  CHECK(golden_difference(expect, g) != "");
  g = expect;
  g["relations"][0]["src"][1][2] = "value";
  CHECK(golden_difference(expect, g) != "");
  g = expect;
  g.erase("relations");
  CHECK(golden_difference(expect, g) != "");
  CHECK(golden_difference(expect, error_response("RuntimeError", "x")) != "");
  const Json err = error_response("IndexError", "Dimension out of range");
  CHECK(golden_difference(err, err) == "");
  CHECK(golden_difference(err, error_response("RuntimeError", "Dimension out of range")) != "");
  CHECK(golden_difference(err, error_response("IndexError", "Dimension out of range.")) != "");
  const Json ints = Json::parse(
      R"({"ok": true, "result": {"dtype": "int64", "shape": [1], "data": [9223372036854775807]}, "relations": []})");
  g = ints;
  g["result"]["data"][0] = std::int64_t(9223372036854775807);  // signed vs unsigned storage
  CHECK(golden_difference(ints, g) == "");
  g["result"]["data"][0] = 9223372036854775807.0;  // a float is not an int64 element
  CHECK(golden_difference(ints, g) != "");
}

TEST_CASE("torch.gather matches PyTorch's golden vectors", "[golden]") {
  const std::string path = std::string(WHENCE_GOLDEN_DIR) + "/gather.jsonl";
  std::ifstream in(path);
  REQUIRE(in.good());
  std::string line;
  int cases = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const Json c = Json::parse(line);
    ++cases;
    const std::string name = c["name"].get<std::string>();
    const std::string code = c["code"].get<std::string>();
    INFO("case " << name << "\n  code: " << code);
    {
      INFO("via parse_call(code)");
      const Json got = run([&] { return whence::parse_call(code); });
      CHECK(golden_difference(c["expect"], got) == "");
    }
    {
      INFO("via call_from_json(request): " << c["request"].dump().substr(0, 400));
      const Json got = run([&] { return whence::call_from_json(c["request"]); });
      CHECK(golden_difference(c["expect"], got) == "");
    }
  }
  CHECK(cases >= 100);
}

namespace {

struct GoldenTally {
  int cases = 0, failed = 0;
  std::string first_failure;
};

// The sanitizer build checks each case's call text only (its request path is the same
// evaluation after call_from_json, which the WebAssembly run checks), and every third case of
// each op (a different third for each op; the WebAssembly run checks them all): the whole sweep
// took 97 s of that build's 150 s of CPU, the call texts alone 75 s. The fuzz harnesses feed
// the sanitizer build golden calls besides (scripts/fuzz).
#ifdef WHENCE_GOLDEN_CODE_ONLY
constexpr bool kGoldenRequests = false;
constexpr int kGoldenStride = 3;
#else
constexpr bool kGoldenRequests = true;
constexpr int kGoldenStride = 1;
#endif

// Runs one golden file; every case through both paths (but see above). Failures are counted and the first
// one kept, so that one report line per op says what broke.
GoldenTally run_golden_file(const std::string& path) {
  GoldenTally tally;
  std::ifstream in(path);
  std::string line;
  std::size_t first = 0;  // which third: from the op's name, the same on every machine
  for (char ch : path.substr(path.rfind('/') + 1)) first += static_cast<unsigned char>(ch);
  first %= kGoldenStride;
  for (std::size_t k = 0; std::getline(in, line); ++k) {
    if (line.empty() || k % kGoldenStride != first) continue;
    const Json c = Json::parse(line);
    ++tally.cases;
    const std::string code = c["code"].get<std::string>();
    std::string why = golden_difference(c["expect"], run([&] { return whence::parse_call(code); }));
    if (why.empty() && c.contains("request") &&
        kGoldenRequests) {  // (a request cannot carry an argument's strides: views have none)
      why = golden_difference(c["expect"], run([&] { return whence::call_from_json(c["request"]); }));
      if (!why.empty()) why = "(via request) " + why;
    }
    if (!why.empty() && tally.failed++ == 0)
      tally.first_failure = c["name"].get<std::string>() + ": " + code.substr(0, 300) + "\n    " + why.substr(0, 600);
  }
  return tally;
}

}  // namespace

// The golden folder of each family: its name (gather's one file is checked above).
std::string golden_folder(const std::string& family) { return family == "gather" ? "" : family; }

// The sweep (ggml's test-backend-ops): every op in the registry has a golden file from
// PyTorch, and every case in it matches, natively, under the sanitizers and in WebAssembly.
TEST_CASE("every op of the catalogue matches PyTorch's golden vectors", "[golden][elementwise][reduce]") {
  int ops = 0, cases = 0, failed_cases = 0;
  for (const whence::OpDescriptor* op : whence::op_table()) {
    const std::string folder = golden_folder(op->family);
    if (folder.empty()) continue;
    ++ops;
    const std::string path = std::string(WHENCE_GOLDEN_DIR) + "/" + folder + "/" + op->names.front() + ".jsonl";
    INFO(op->names.front());
    REQUIRE(std::ifstream(path).good());
    const GoldenTally t = run_golden_file(path);
    cases += t.cases;
    failed_cases += t.failed;
    CHECK(t.cases * kGoldenStride >= 10);
    if (t.failed)
      FAIL_CHECK(op->names.front() << ": " << t.failed << " of " << t.cases << " golden cases differ; first:\n  "
                                   << t.first_failure);
  }
  WARN("catalogue goldens: " << ops << " ops, " << cases << " cases" << (kGoldenStride > 1 ? " (every third)" : "")
                             << ", " << failed_cases << " differ");
  CHECK(ops == int(whence::op_table().size()) - 1);  // all but gather
}

TEST_CASE("type promotion matches torch.result_type and torch.promote_types", "[golden][promotion]") {
  std::ifstream in(std::string(WHENCE_GOLDEN_DIR) + "/promotion.jsonl");
  REQUIRE(in.good());
  auto operand = [](const Json& j) {
    const std::string kind = j["kind"].get<std::string>();
    if (kind == "scalar") {
      const Json& v = j["value"];
      const whence::Value value = v.is_boolean()          ? whence::Value(v.get<bool>())
                                  : v.is_number_integer() ? whence::Value(v.get<std::int64_t>())
                                                          : whence::Value(v.get<double>());
      return *whence::promotion_operand(value);
    }
    return whence::PromotionOperand{*whence::dtype_from_name(j["dtype"].get<std::string>()),
                                    kind == "tensor" ? whence::OperandRank::Dimensioned : whence::OperandRank::ZeroDim};
  };
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    const Json c = Json::parse(line);
    ++rows;
    INFO(line);
    const auto a = operand(c["lhs"]), b = operand(c["rhs"]);
    CHECK(whence::dtype_name(whence::result_type({a, b})) == c["result"].get<std::string>());
    if (c.contains("promote_types"))
      CHECK(whence::dtype_name(whence::promote_types(a.dtype, b.dtype)) == c["promote_types"].get<std::string>());
  }
  CHECK(rows >= 300);
}
