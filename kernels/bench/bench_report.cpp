// bench_report.cpp - the table, the JSON file and the summary line (bench_report.hpp).
#include "kernels/bench/bench_report.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

namespace whence::bench {

namespace {

constexpr std::int64_t kSummaryMinSize = 65536;

bool in_summary(const Row& r) { return r.status == "ok" && r.threads == 1 && r.size >= kSummaryMinSize; }

}  // namespace

std::string size_label(std::int64_t numel) {
  if (numel >= (1 << 20) && numel % (1 << 20) == 0) return std::to_string(numel >> 20) + "M";
  if (numel >= 1024 && numel % 1024 == 0) return std::to_string(numel >> 10) + "K";
  return std::to_string(numel);
}

void print_header() {
  std::printf("%-38s %5s %7s %11s %11s %7s %14s\n", "case", "size", "threads", "Whence ms", "PyTorch ms", "ratio",
              "rate");
  std::fflush(stdout);
}

void print_row(const Row& r) {
  if (r.status != "ok") {
    std::printf("%-38s %5s %7s  %s: %s\n", r.name.c_str(), size_label(r.size).c_str(),
                r.threads ? std::to_string(r.threads).c_str() : "-", r.status == "skipped" ? "skipped" : "MISMATCH",
                r.reason.c_str());
  } else {
    // Two decimals, or two significant digits below 0.1 (0.0027× rather than 0.00×); the
    // string is one byte wider than it shows (× is two bytes in UTF-8).
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, r.ratio() >= 0.1 ? "%.2f\u00d7" : "%.2g\u00d7", r.ratio());
    std::string note;
    if (!r.whence.stable || !r.torch.stable)
      note = "  (time budget spent before the minimum settled: " + std::to_string(r.whence.samples) + " and " +
             std::to_string(r.torch.samples) + " samples)";
    char rate[32];
    if (r.flops > 0)
      std::snprintf(rate, sizeof rate, "%.2f GFLOP/s", r.flops / r.whence.seconds / 1e9);
    else
      std::snprintf(rate, sizeof rate, "%.2f GB/s", r.bytes / r.whence.seconds / 1e9);
    std::printf("%-38s %5s %7d %11.4f %11.4f %8s %14s%s\n", r.name.c_str(), size_label(r.size).c_str(), r.threads,
                r.whence.seconds * 1e3, r.torch.seconds * 1e3, ratio, rate, note.c_str());
  }
  std::fflush(stdout);
}

std::string summary_line(const std::vector<Row>& rows) {
  double log_sum = 0;
  int n = 0;
  const Row* worst = nullptr;
  for (const Row& r : rows) {
    if (!in_summary(r)) continue;
    if (r.memory_bound) {
      log_sum += std::log(r.ratio());
      ++n;
    }
    if (!worst || r.ratio() < worst->ratio()) worst = &r;
  }
  char line[512];
  if (n == 0 || !worst) return "bench: no memory-bound case of 64 K elements or more ran on 1 thread";
  std::snprintf(line, sizeof line,
                "bench: geomean %.2f\u00d7 libtorch over %d memory-bound cases (1 thread), worst %.2f\u00d7 (%s, %s)",
                std::exp(log_sum / n), n, worst->ratio(), worst->name.c_str(), size_label(worst->size).c_str());
  return line;
}

void write_json(const std::string& path, const std::vector<Row>& rows, const std::string& summary) {
  using Json = nlohmann::ordered_json;
  Json cases = Json::array();
  for (const Row& r : rows) {
    Json j{{"case", r.name}, {"family", r.family},   {"memory_bound", r.memory_bound},
           {"size", r.size}, {"threads", r.threads}, {"status", r.status}};
    if (!r.reason.empty()) j["reason"] = r.reason;
    if (r.status == "ok") {
      auto timing = [](const Timing& t) {
        return Json{{"ms", t.seconds * 1e3}, {"samples", t.samples}, {"calls", t.calls}, {"stable", t.stable}};
      };
      j["whence"] = timing(r.whence);
      j["pytorch"] = timing(r.torch);
      j["ratio"] = r.ratio();
      j["checksum"] = Json{{"hash", r.results.hash}, {"sum", r.results.sum}, {"elements", r.results.count}};
      j["bytes"] = r.bytes;
      j["whence_gb_s"] = r.bytes / r.whence.seconds / 1e9;
      j["pytorch_gb_s"] = r.bytes / r.torch.seconds / 1e9;
      if (r.flops > 0) {
        j["flops"] = r.flops;
        j["whence_gflop_s"] = r.flops / r.whence.seconds / 1e9;
        j["pytorch_gflop_s"] = r.flops / r.torch.seconds / 1e9;
      }
    }
    cases.push_back(std::move(j));
  }
  std::ofstream(path) << Json{{"summary", summary}, {"cases", cases}}.dump(1) << "\n";
}

}  // namespace whence::bench
