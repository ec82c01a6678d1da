// test_grad_goldens.cpp - Whence's gradients against PyTorch's (tests/golden/grad, written by
// scripts/gen_golden_grad.py). Each case runs from its request and from its call text with its
// upstream gradient. Where Whence answers "grads", each must be PyTorch's .grad (grad_golden.hpp's
// tolerance, or PyTorch's float64 gradient rounded once where the golden has it; an argument PyTorch leaves without .grad gets zeros; one PyTorch refuses gets none)
// and "grad_fn", where Whence names it, PyTorch's class name. Where Whence answers "grad_error",
// the op's rule must say why (GradRule::no_grad): a refusal without a reason fails. Where
// PyTorch raises (a result without a graph, "derivative for ... is not implemented", an in-place
// op on a leaf), Whence must refuse too; where PyTorch's own backward fails (a kernel missing
// for Half, a shape check of PyTorch 1.13's backward) Whence may answer either way.
// A summary per family goes to stdout.
#include <catch2/catch.hpp>

#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "core/autograd.hpp"
#include "core/evaluate.hpp"
#include "core/grad_fn.hpp"
#include "core/registry.hpp"
#include "tests/unit/autograd/grad_golden.hpp"

namespace {

using whence::Json;
using whence_grad_test::grad_difference;
using whence_grad_test::grad_goldens;

#ifdef WHENCE_GOLDEN_CODE_ONLY  // the sanitizer build: call text only (test_golden.cpp says why)
constexpr bool kGradRequests = false;
#else
constexpr bool kGradRequests = true;
#endif

// PyTorch's refusals, which Whence must share: the rest of PyTorch's backward errors are its
// own failures (no Half kernel, a shape check of its backward) where Whence may differentiate.
bool pytorch_refuses(const std::string& message) {
  for (const char* s : {"does not require grad", "derivative for", "in-place operation", "not differentiable",
                        "must be Number, not Tensor", "must be float, not Tensor"})
    if (message.find(s) != std::string::npos) return true;
  return false;
}

struct Tally {
  std::set<std::string> ops, agree_ops, refused_ops;
  int cases = 0, agree = 0, refused = 0, both_refuse = 0, pytorch_fails = 0, grad_fn = 0;
};

// The refusal's reason: the op's rule must have one.
std::string refusal_problem(const Json& c, const Json& response) {
  const whence::OpDescriptor* op = whence::find_op(c["request"]["op"].get<std::string>());
  const whence::GradRule* rule = whence::grad_rule(op);
  if (rule && rule->derivatives) return "the op has derivatives, yet: " + response["grad_error"].dump();
  if (!rule || rule->no_grad.empty()) return "refused without a written reason: " + response["grad_error"].dump();
  return "";
}

enum class Outcome { Agree, AgreeNamed, Refused, BothRefuse, PyTorchFails };

// "" when a response agrees with the golden case `c` (it differentiates as PyTorch does, or
// refuses with a reason), else what differs; `outcome` says which agreement.
std::string grad_case_difference(const Json& c, const Json& response, Outcome& outcome) {
  const Json& expect = c["expect"];
  if (response.value("ok", false) != true) return "the call fails: " + response.dump().substr(0, 300);
  if (expect.contains("error")) {
    const std::string message = expect["error"]["message"].get<std::string>();
    if (response.contains("grad_error")) {
      outcome = Outcome::BothRefuse;
      return "";
    }
    if (pytorch_refuses(message)) return "Whence differentiates where PyTorch raises: " + message;
    outcome = Outcome::PyTorchFails;
    return "";
  }
  if (response.contains("grad_error")) {
    outcome = Outcome::Refused;
    return refusal_problem(c, response);
  }
  if (!response.contains("grads")) return "no grads and no grad_error: " + response.dump().substr(0, 300);
  std::map<std::string, Json> got;
  for (const Json& g : response["grads"]) got[g["arg"].dump()] = g["grad"];
  for (const Json& want : expect["grads"]) {
    const std::string arg = want["arg"].dump();
    const auto it = got.find(arg);
    if (want.contains("refused")) {
      if (it != got.end()) return "arg " + arg + " gets a gradient where PyTorch says: " + want["refused"].dump();
      continue;
    }
    if (want["grad"].is_null()) {  // PyTorch left .grad None: nothing flows there
      if (it != got.end() && !whence_grad_test::all_zero(it->second))
        return "arg " + arg + " gets a nonzero gradient where PyTorch gives none: " + it->second.dump();
    } else {
      if (it == got.end()) return "arg " + arg + " gets no gradient; PyTorch's is " + want["grad"].dump();
      std::string dtype = want["grad"]["dtype"].get<std::string>();
      for (const Json& up : c["grad"])
        if (up.is_object()) dtype = whence_grad_test::loosest(dtype, up["dtype"].get<std::string>());
      // "exact": PyTorch's float64 gradient rounded once, where its own is further off (gen_golden_grad.py)
      const std::string why = grad_difference(want["grad"], it->second, dtype);
      if (!why.empty() && !(want.contains("exact") && grad_difference(want["exact"], it->second, dtype).empty()))
        return "arg " + arg + ": " + why;
    }
    if (it != got.end()) got.erase(it);
  }
  if (!got.empty()) return "arg " + got.begin()->first + " gets a gradient where PyTorch gives it none (not a leaf)";
  if (response.contains("grad_fn")) {
    if (response["grad_fn"] != expect["grad_fn"])
      return "grad_fn: PyTorch " + expect["grad_fn"].dump() + ", Whence " + response["grad_fn"].dump();
    outcome = Outcome::AgreeNamed;
    return "";
  }
  outcome = Outcome::Agree;
  return "";
}

}  // namespace

TEST_CASE("gradients match PyTorch's golden gradients", "[grad]") {
  const auto& files = grad_goldens();
  REQUIRE(files.size() >= 10);
  std::vector<std::string> failures;
  std::map<std::string, Tally> tallies;
  int total = 0;
  for (const auto& f : files) {
    Tally& t = tallies[f.family];
    for (const Json& c : f.cases) {
      ++total;
      ++t.cases;
      const std::string op = c["op"].get<std::string>();
      t.ops.insert(op);
      bool agree = true;
      Outcome outcome = Outcome::Agree;
      for (const bool from_code : {false, true}) {
        if (!from_code && !kGradRequests) continue;
        const Json response = Json::parse(whence::evaluate_line(whence_grad_test::grad_request(c, from_code).dump()));
        const std::string why = grad_case_difference(c, response, outcome);
        if (!why.empty())
          failures.push_back(f.family + " " + c["name"].get<std::string>() + (from_code ? " (call text)" : "") + ": " +
                             why);
        agree = agree && why.empty();
      }
      if (!agree) continue;
      if (outcome == Outcome::Agree || outcome == Outcome::AgreeNamed) ++t.agree, t.agree_ops.insert(op);
      if (outcome == Outcome::AgreeNamed) ++t.grad_fn;
      if (outcome == Outcome::Refused) ++t.refused, t.refused_ops.insert(op);
      if (outcome == Outcome::BothRefuse) ++t.both_refuse;
      if (outcome == Outcome::PyTorchFails) ++t.pytorch_fails;
    }
  }
  std::cout << "gradient goldens: " << total << " cases\n";
  for (const auto& [family, t] : tallies)
    std::cout << "  " << family << ": " << t.ops.size() << " ops, " << t.cases << " cases; agree " << t.agree
              << " cases of " << t.agree_ops.size() << " ops (grad_fn named in " << t.grad_fn << "); Whence refuses "
              << t.refused << " cases of " << t.refused_ops.size() << " ops; both refuse " << t.both_refuse
              << "; PyTorch's backward fails " << t.pytorch_fails << "\n";
  for (std::size_t i = 0; i < failures.size() && i < 400; ++i)
    std::cout << "  DIFFERS " << failures[i].substr(0, 300) << "\n";
  for (std::size_t i = 0; i < failures.size() && i < 40; ++i) UNSCOPED_INFO(failures[i]);
  INFO(failures.size() << " disagreements (the first 40 above)");
  CHECK(failures.empty());
}

TEST_CASE("grad_fn names: every golden case the table knows, and every row reached", "[grad]") {
  std::vector<int> reached(std::size_t(whence::grad_fn_rows()), 0);
  int named = 0, cases = 0;
  for (const auto& f : grad_goldens())
    for (const Json& c : f.cases) {
      if (!c["expect"].contains("grads")) continue;
      whence::Evaluation e;
      try {
        e = whence::run_call(whence::call_from_json(c["request"]));
      } catch (const std::exception&) {
        continue;  // the call's own golden test reports it
      }
      ++cases;
      const int row = whence::grad_fn_row(e);
      if (row < 0) continue;
      ++reached[std::size_t(row)];
      ++named;
      INFO(c["name"].get<std::string>());
      CHECK(Json(whence::grad_fn_name(e)) == c["expect"]["grad_fn"]);
    }
  std::cout << "grad_fn: " << named << " of " << cases << " golden cases named by " << reached.size() << " rows\n";
  for (std::size_t r = 0; r < reached.size(); ++r) {
    INFO("row " << r << " of core/grad_fn_names.inc is reached by no golden case");
    CHECK(reached[r] > 0);
  }
}

// An op can give a floating result when its example does or a gradient golden has one.
TEST_CASE("every op with a floating result has a gradient rule or says why not", "[grad]") {
  REQUIRE(!whence::grad_rules().empty());
  std::set<const whence::OpDescriptor*> floating;
  for (const auto& f : grad_goldens())
    for (const Json& c : f.cases) floating.insert(whence::find_op(c["op"].get<std::string>()));
  for (const whence::OpDescriptor* op : whence::op_table()) {
    try {
      const whence::Evaluation e = whence::run_call(whence::parse_call(op->example));
      for (std::size_t p = 0; p < e.result.tensors.size(); ++p)
        if (whence::grad_result(e, int(p))) floating.insert(op);
    } catch (const std::exception&) {}
  }
  CHECK(floating.size() > 200);
  for (const whence::OpDescriptor* op : floating) {
    INFO(op->names.front());
    const whence::GradRule* rule = whence::grad_rule(op);
    REQUIRE(rule != nullptr);
    CHECK((rule->derivatives != nullptr || !rule->no_grad.empty()));
  }
}
