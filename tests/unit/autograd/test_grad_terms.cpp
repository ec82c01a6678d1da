// test_grad_terms.cpp - "grad_explain": for a sample of the gradient goldens that Whence
// differentiates, the terms listed for a gradient element (upstream · local derivative, one per
// output element that read it) sum to the element "grads" reports, and each term's upstream is
// the request's upstream gradient of its output element.
#include <catch2/catch.hpp>

#include <cmath>
#include <iostream>
#include <string>

#include "core/api.hpp"
#include "tests/unit/autograd/grad_golden.hpp"

namespace {

using whence::Json;

double term_number(const Json& j) {
  double v = std::nan("");
  whence_test::number_of(j, v);
  return v;
}

}  // namespace

TEST_CASE("grad_explain's terms sum to the gradient element", "[grad]") {
  int checked = 0, sample = 0;
  for (const auto& f : whence_grad_test::grad_goldens())
    for (const Json& c : f.cases) {
      if (!c["expect"].contains("grads") || sample++ % 5 != 0) continue;
      Json request = whence_grad_test::grad_request(c, false);
      const Json first = Json::parse(whence::evaluate_line(request.dump()));
      if (!first.contains("grads")) continue;  // refused: test_grad_goldens.cpp checks why
      request["grad_explain"] = Json::array();
      for (const Json& g : first["grads"]) {
        const auto n = g["grad"]["data"].size();
        for (const std::size_t i : {std::size_t(0), n / 2, n ? n - 1 : 0})
          if (i < n) request["grad_explain"].push_back(Json{{"arg", g["arg"]}, {"element", i}});
      }
      const Json r = Json::parse(whence::evaluate_line(request.dump()));
      INFO(c["name"].get<std::string>() << ": " << r.dump().substr(0, 400));
      REQUIRE(r.contains("grad_relations"));
      for (const Json& rel : r["grad_relations"]) {
        const Json* grad = nullptr;
        for (const Json& g : r["grads"])
          if (g["arg"] == rel["arg"]) grad = &g["grad"];
        REQUIRE(grad != nullptr);
        double sum = 0, size = 0;
        bool finite = true;  // JSON has no NaN or infinity: the protocol writes such a term as null
        for (const Json& term : rel["terms"]) {
          finite = finite && term[1].is_number() && term[2].is_number();
          const int pos = term[0][0].get<int>();
          const std::size_t out = term[0][1].get<std::size_t>();
          CHECK(term_number(term[1]) == term_number(c["grad"][std::size_t(pos)]["data"][out]));
          sum += term_number(term[1]) * term_number(term[2]);
          size += std::fabs(term_number(term[1]) * term_number(term[2]));
        }
        const double want = term_number((*grad)["data"][rel["element"].get<std::size_t>()]);
        const std::string dtype = (*grad)["dtype"].get<std::string>();
        // The reported element is the sum rounded once to the argument's dtype.
        const double eps = dtype == "float64" ? 1e-15 : dtype == "float32" ? 1e-7 : dtype == "float16" ? 1e-3 : 8e-3;
        if (!finite) continue;
        if (std::isfinite(want) && std::isfinite(sum))
          CHECK(std::fabs(sum - want) <= eps * (std::fabs(want) + size) + 1e-300);
        else
          CHECK(std::isnan(want) == std::isnan(sum));
        ++checked;
      }
    }
  std::cout << "grad_explain: " << checked << " gradient elements' terms checked\n";
}
