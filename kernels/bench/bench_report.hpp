// bench_report.hpp - the benchmark's output: one table row per case, size and thread count as
// it is measured, the JSON results file, and the summary line.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/bench/bench_checksum.hpp"
#include "kernels/bench/bench_timing.hpp"

namespace whence::bench {

struct Row {
  std::string name, family;
  bool memory_bound = true;
  std::int64_t size = 0;  // elements
  int threads = 0;        // PyTorch's at::set_num_threads; Whence always runs on one
  std::string status;     // "ok", "skipped", "mismatch"
  std::string reason;     // why skipped, or what differs
  Timing whence, torch;
  Checksum results;  // of Whence's results ("ok" rows): what whence_bench_wasm compares its own with
  double bytes = 0, flops = 0;
  double ratio() const { return torch.seconds / whence.seconds; }  // > 1: Whence is faster
};

std::string size_label(std::int64_t numel);  // "4K", "64K", "1M", "16M"

void print_header();
void print_row(const Row& r);
// Rows with threads == 1, size >= 64 K: the geometric mean of the memory-bound cases' ratios
// and the lowest ratio of any case, in the words.
std::string summary_line(const std::vector<Row>& rows);
void write_json(const std::string& path, const std::vector<Row>& rows, const std::string& summary);

}  // namespace whence::bench
