// bench_wasm.cpp - whence_bench_wasm: the benchmark's cases (bench_case.hpp), Whence's side
// only, in WebAssembly under node: the same sizes and the same timing as whence_bench's
// (bench_timing.hpp), so that scripts/bench can give the wasm/native time of each case and size.
// Prints a table as it goes (with --native, beside whence_bench's 1-thread Whence time, and each
// case's results checked against the native build's checksum: a mismatch is marked and the exit
// status is 1) and writes JSON: {"cases": [{case, family, memory_bound, size, status, reason |
// ms, samples, calls, stable, checksum, differs?}]}.
//
//     node build/wasm-simd/whence_bench_wasm.js [--filter REGEX] [--quick] [--max-size N] [--budget S]
//                                          [--json PATH] [--native build/bench/results.json]
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/bench/bench_case.hpp"
#include "kernels/bench/bench_checksum.hpp"
#include "kernels/bench/bench_options.hpp"
#include "kernels/bench/bench_report.hpp"
#include "kernels/bench/bench_timing.hpp"

using namespace whence;
using namespace whence::bench;
using Json = nlohmann::ordered_json;

namespace {

struct Native {
  double ms = 0;
  bool has_checksum = false;  // (results files from before checksums have none)
  Checksum results;
};

// whence_bench's 1-thread Whence milliseconds and results' checksum by (case, size), from its
// results file.
std::map<std::pair<std::string, std::int64_t>, Native> native_results(const std::string& path) {
  std::map<std::pair<std::string, std::int64_t>, Native> times;
  if (path.empty()) return times;
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "whence_bench_wasm: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  const Json results = Json::parse(in);
  for (const Json& r : results.at("cases"))
    if (r.at("status") == "ok" && r.at("threads") == 1) {
      Native& n = times[{r.at("case").get<std::string>(), r.at("size").get<std::int64_t>()}];
      n.ms = r.at("whence").at("ms").get<double>();
      if (const auto c = r.find("checksum"); c != r.end()) {
        n.has_checksum = true;
        n.results.hash = c->at("hash").get<std::string>();
        n.results.sum = c->at("sum").is_number() ? c->at("sum").get<double>() : NAN;
        n.results.count = c->at("elements").get<std::int64_t>();
      }
    }
  return times;
}

// "1.23×", or two significant digits below 0.1.
std::string ratio_text(double r) {
  char s[32];
  std::snprintf(s, sizeof s, r >= 0.1 ? "%.2f\u00d7" : "%.2g\u00d7", r);
  return s;
}

// `text` padded with spaces to `width` characters (UTF-8: "×" is two bytes, one character).
std::string padded(const std::string& text, std::size_t width) {
  std::size_t chars = 0;
  for (const unsigned char c : text) chars += (c & 0xC0) != 0x80;
  return text + std::string(chars < width ? width - chars : 0, ' ');
}

}  // namespace

int main(int argc, char** argv) {
  std::string native_path;
  const Options o = parse_options(
      argc, argv, "build/bench/wasm.json",
      std::string(
          "usage: whence_bench_wasm [--filter REGEX] [--quick] [--max-size ELEMENTS] [--budget SECONDS] [--json PATH] "
          "[--native PATH]\n") +
          kCommonUsage + "  --native PATH        whence_bench's results.json: print its 1-thread Whence time beside\n",
      [&](const std::string& flag, const std::function<std::string()>& value) {
        if (flag != "--native") return false;
        native_path = value();
        return true;
      });
  const auto native = native_results(native_path);
  // The same run path as the app's, without the protocol's 65,536-element limit.
  set_element_limit(std::int64_t(1) << 26);

  std::printf(
      "whence_bench_wasm: the same cases, Whence only, in WebAssembly under node; wasm/native = WebAssembly time /\n"
      "native time (whence_bench's, one thread; > 1: WebAssembly is slower). Kernels: %s.\n\n",
#ifdef WHENCE_WASM_SIMD
      "-O2 with WebAssembly SIMD (WHENCE_WASM_SIMD)"
#else
      "-Oz without SIMD, the site's"
#endif
  );
  std::printf("%-38s %5s %11s %11s %12s  %s\n", "case", "size", "native ms", "wasm ms", "wasm/native", "results");
  std::fflush(stdout);
  Json cases = Json::array();
  int differ = 0;
  for (const Case& c : all_cases()) {
    if (!std::regex_search(c.name, o.filter)) continue;
    for (const std::int64_t size : sizes(o)) {
      Json j{{"case", c.name}, {"family", c.family}, {"memory_bound", c.memory_bound}, {"size", size}};
      Prepared p;
      std::vector<Tensor> first;
      const std::string skip = prepare_case(c, size, p, &first);
      const auto found = native.find({c.name, size});
      char native_ms[32] = "-";
      if (found != native.end()) std::snprintf(native_ms, sizeof native_ms, "%.4f", found->second.ms);
      if (!skip.empty()) {
        j["status"] = "skipped";
        j["reason"] = skip;
        std::printf("%s %5s %11s  skipped: %s\n", padded(c.name, 38).c_str(), size_label(size).c_str(), native_ms,
                    skip.c_str());
      } else {
        // "=": bit for bit the native build's; "-": no native checksum to compare with.
        const Checksum mine = checksum(first);
        first.clear();
        std::string check = "-";
        if (found != native.end() && found->second.has_checksum) {
          const std::string d = checksum_difference(found->second.results, mine);
          check = d.empty() ? "=" : "DIFFERS: " + d;
          if (!d.empty()) {
            j["differs"] = d;
            ++differ;
          }
        }
        j["checksum"] = Json{{"hash", mine.hash}, {"sum", mine.sum}, {"elements", mine.count}};
        const Timing t = time_min([&] { p.op.run(); }, o.budget_s);
        j["status"] = "ok";
        j["ms"] = t.seconds * 1e3;
        j["samples"] = t.samples;
        j["calls"] = t.calls;
        j["stable"] = t.stable;
        const std::string ratio = found != native.end() ? ratio_text(t.seconds * 1e3 / found->second.ms) : "-";
        std::printf("%s %5s %11s %11.4f %13s  %s%s\n", padded(c.name, 38).c_str(), size_label(size).c_str(), native_ms,
                    t.seconds * 1e3, ratio.c_str(), check.c_str(),
                    t.stable ? "" : "  (time budget spent before the minimum settled)");
      }
      std::fflush(stdout);
      cases.push_back(std::move(j));
    }
  }
  std::ofstream(o.json) << Json{{"cases", cases}}.dump(1) << "\n";
  std::printf("\nwasm results: %s\n", o.json.c_str());
  if (differ) std::printf("whence_bench_wasm: %d results differ from the native build's (marked DIFFERS)\n", differ);
  return differ ? 1 : 0;
}
