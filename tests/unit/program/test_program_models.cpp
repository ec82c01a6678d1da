// test_program_models.cpp - model programs against PyTorch (tests/golden/models.jsonl, written
// by scripts/gen_golden_models.py from tests/programs/model_corpus.py): classes deriving from
// nn.Module, nn.Sequential, initialisation under manual_seed, training loops with torch.optim,
// print(model). What the program printed must be PyTorch's text (numbers within float32's
// tolerance: a sum over a layer may round differently), its final tensors PyTorch's, and an
// error PyTorch's type, message and line.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>

#include "core/program/program.hpp"
#include "tests/unit/golden_compare.hpp"

#ifndef WHENCE_GOLDEN_DIR
#error "WHENCE_GOLDEN_DIR must be defined"
#endif

namespace {

using whence::Json;

bool is_number_start(const std::string& s, std::size_t i) {
  const auto digit = [&](std::size_t k) { return k < s.size() && std::isdigit(static_cast<unsigned char>(s[k])); };
  if (digit(i)) return i == 0 || !(std::isalpha(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_');
  return s[i] == '-' && digit(i + 1) && (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1])));
}

// "" when printed text `got` is `want` with each number within float32's tolerance (relative
// 1e-4, absolute 1e-5: a number printed after a few layers and optimizer steps).
std::string text_difference(const std::string& want, const std::string& got) {
  std::size_t i = 0, j = 0;
  while (i < want.size() && j < got.size()) {
    if (is_number_start(want, i) && is_number_start(got, j)) {
      char *end_w = nullptr, *end_g = nullptr;
      const double w = std::strtod(want.c_str() + i, &end_w), g = std::strtod(got.c_str() + j, &end_g);
      if (std::fabs(w - g) > 1e-5 + 1e-4 * std::fabs(w))
        return "number " + want.substr(i, std::size_t(end_w - want.c_str()) - i) + " printed as " +
               got.substr(j, std::size_t(end_g - got.c_str()) - j) + " at character " + std::to_string(i);
      i = std::size_t(end_w - want.c_str());
      j = std::size_t(end_g - got.c_str());
      continue;
    }
    if (want[i] != got[j])
      return "text differs at character " + std::to_string(i) + ": expected \"" + want.substr(i, 40) + "\", got \"" +
             got.substr(j, 40) + "\"";
    ++i;
    ++j;
  }
  if (i != want.size() || j != got.size())
    return "expected \"" + want.substr(i, 60) + "\" at the end, got \"" + got.substr(j, 60) + "\"";
  return "";
}

// "" when a final value is PyTorch's: tensors within tolerance, numbers within float32's, lists
// and tuples item by item, anything else exactly.
std::string model_value_difference(const Json& want, const Json& got) {
  if (want.is_object() && want.contains("data")) return whence_test::tensor_difference(want, got);
  if (want.is_number_float() && got.is_number())
    return std::fabs(want.get<double>() - got.get<double>()) <= 1e-5 + 1e-4 * std::fabs(want.get<double>())
               ? ""
               : "expected " + want.dump() + ", got " + got.dump();
  const bool tuple = want.is_object() && want.contains("tuple");
  if (want.is_array() || tuple) {
    const Json& w = tuple ? want["tuple"] : want;
    const Json& g = tuple && got.is_object() && got.contains("tuple") ? got["tuple"] : got;
    if (!g.is_array() || g.size() != w.size()) return "expected " + want.dump() + ", got " + got.dump();
    for (std::size_t i = 0; i < w.size(); ++i)
      if (std::string d = model_value_difference(w[i], g[i]); !d.empty()) return "item " + std::to_string(i) + ": " + d;
    return "";
  }
  return want == got ? "" : "expected " + want.dump() + ", got " + got.dump();
}

std::vector<Json> model_goldens() {
  std::ifstream in(WHENCE_GOLDEN_DIR "/models.jsonl");
  std::vector<Json> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(Json::parse(line));
  return out;
}

}  // namespace

TEST_CASE("model programs match PyTorch", "[programs][models][golden]") {
  const auto all = model_goldens();
  REQUIRE(all.size() >= 20);
  for (const Json& g : all) {
    const std::string text = g["program"].get<std::string>();
    INFO(text);
    const Json r = whence::evaluate_program(Json{{"program", text}});
    std::string printed;
    for (const Json& s : r["steps"])
      if (s.contains("stdout")) printed += s["stdout"].get<std::string>();
    if (!g["error"].is_null()) {
      REQUIRE(r.contains("error"));
      CHECK(r["error"]["type"] == g["error"]["type"]);
      CHECK(r["error"]["message"] == g["error"]["message"]);
      CHECK(r["error"]["line"] == g["error"]["line"]);
    } else {
      CHECK(r.value("error", Json()).dump() == "null");
    }
    CHECK(text_difference(g["stdout"].get<std::string>(), printed) == "");
    for (const auto& [name, want] : g["values"].items()) {
      INFO(name);
      CHECK(r["values"].contains(name));
      if (!r["values"].contains(name)) continue;
      CHECK(model_value_difference(want, r["values"][name]) == "");
    }
  }
}

TEST_CASE("printed numbers compare within float32's tolerance, text exactly", "[programs][models]") {
  CHECK(text_difference("loss 0.123456 at step 3\n", "loss 0.123457 at step 3\n") == "");
  CHECK(text_difference("loss 0.1234\n", "loss 0.1300\n") != "");
  CHECK(text_difference("Linear(in_features=4)", "Linear(in_features=5)") != "");
  CHECK(text_difference("fc1", "fc1") == "");
  CHECK(text_difference("a\n", "a\nb\n") != "");
}
