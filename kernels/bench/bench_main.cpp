// bench_main.cpp - whence_bench: Whence's compute path against libtorch, natively, on the
// same tensors in one process (issue 10). Each case (bench_case.hpp) is checked against its ATen
// side (aten_cases.cpp) first, then timed at 1 PyTorch thread and at every core (Whence runs on
// one thread in both).
//
//     bash scripts/bench [--filter REGEX] [--quick]      (builds build/bench, then runs this)
//     build/bench/whence_bench [--filter REGEX] [--quick] [--max-size N] [--budget S] [--json PATH] [--no-summary]
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <malloc.h>

#include <ATen/Parallel.h>

#include "kernels/bench/bench_aten.hpp"
#include "kernels/bench/bench_case.hpp"
#include "kernels/bench/bench_options.hpp"
#include "kernels/bench/bench_report.hpp"
#include "kernels/bench/bench_timing.hpp"

using namespace whence;
using namespace whence::bench;

namespace {

// Each case's ATen side, by name. Exits at once when a case has none, or a side no case.
std::map<std::string, TorchCase> match(const std::vector<Case>& cases) {
  std::map<std::string, TorchCase> sides;
  std::vector<std::string> errors;
  for (TorchCase& t : torch_cases()) {
    const std::string name = t.name;
    if (!sides.emplace(name, std::move(t)).second) errors.push_back("two ATen sides are named \"" + name + "\"");
  }
  std::map<std::string, int> seen;
  for (const Case& c : cases) {
    if (++seen[c.name] == 2) errors.push_back("two cases are named \"" + c.name + "\"");
    if (!sides.count(c.name)) errors.push_back("the case \"" + c.name + "\" has no ATen side in aten_cases.cpp");
  }
  for (const auto& [name, side] : sides)
    if (!seen.count(name))
      errors.push_back("the ATen side \"" + name + "\" (aten_cases.cpp) matches no case of the table");
  if (!errors.empty()) {
    for (const std::string& e : errors) std::fprintf(stderr, "whence_bench: %s\n", e.c_str());
    std::exit(3);
  }
  return sides;
}

// One case at one size: prepare, check, then time at each thread count. Appends its rows.
// Returns false on a mismatch.
bool run_case(const Case& c, const TorchCase& torch_case, std::int64_t size, const std::vector<int>& thread_counts,
              const Options& o, std::vector<Row>& rows) {
  Row base;
  base.name = c.name;
  base.family = c.family;
  base.memory_bound = c.memory_bound;
  base.size = size;
  auto finish = [&](const char* status, const std::string& reason) {
    Row r = base;
    r.status = status;
    r.reason = reason;
    print_row(r);
    rows.push_back(r);
  };
  Prepared p;
  std::vector<Tensor> got;
  if (const std::string skip = prepare_case(c, size, p, &got); !skip.empty()) {
    finish("skipped", skip);
    return true;
  }
  at::set_num_threads(thread_counts.back());
  std::string differ;
  TorchSide torch;
  try {
    torch = torch_case.prepare(p.inputs, size);
    differ = torch.check ? torch.check(got, torch.run()) : agree(got, torch.run());
  } catch (const std::exception& e) {  // PyTorch's own refusal (c10::Error), or a bug of the case
    const std::string what = e.what();
    differ = "the check failed: " + what.substr(0, what.find('\n'));
  }
  const Checksum sum = checksum(got);
  got.clear();
  if (!differ.empty()) {
    finish("mismatch", differ);
    return false;
  }
  for (const int threads : thread_counts) {
    at::set_num_threads(threads);
    Row r = base;
    r.threads = threads;
    r.status = "ok";
    r.bytes = p.bytes;
    r.flops = p.flops;
    r.results = sum;
    r.whence = time_min([&] { p.op.run(); }, o.budget_s);
    r.torch = time_min([&] { torch.run(); }, o.budget_s);
    print_row(r);
    rows.push_back(r);
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool summary = true;
  const Options o = parse_options(
      argc, argv, "build/bench/results.json",
      std::string(
          "usage: whence_bench [--filter REGEX] [--quick] [--max-size ELEMENTS] [--budget SECONDS] [--json PATH] "
          "[--no-summary]\n") +
          kCommonUsage + "  --no-summary         no summary line at the end (scripts/bench prints its own)\n",
      [&](const std::string& flag, const std::function<std::string()>&) {
        if (flag != "--no-summary") return false;
        summary = false;
        return true;
      });
  // Keep freed memory in the process, as WebAssembly's heap does. glibc otherwise maps each big
  // block afresh (above its mmap threshold: 64 MB at 16 M elements) and unmaps it when freed, so
  // every run of a 16 M case paid a page fault per 4 KB of its result on both sides, and timed
  // that instead of the kernels. Whence and libtorch allocate from the same malloc.
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, -1);
  const std::vector<Case> cases = all_cases();
  const std::map<std::string, TorchCase> sides = match(cases);
  // The same run path as the app's, without the protocol's 65,536-element limit.
  set_element_limit(std::int64_t(1) << 26);
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<int> thread_counts = {1};
  if (cores > 1) thread_counts.push_back(cores);

  std::printf(
      "whence_bench: Whence's run path against libtorch on the same float32 tensors; ratio = PyTorch time / Whence "
      "time\n"
      "(> 1: Whence is faster); rate: Whence's GB/s over the least bytes the op must move, or GFLOP/s for mm, bmm\n"
      "and conv2d (a multiply-add is 2). Whence runs on one thread;\n"
      "threads is PyTorch's at::set_num_threads.\n\n");
  print_header();
  std::vector<Row> rows;
  bool all_agree = true;
  for (const Case& c : cases) {
    if (!std::regex_search(c.name, o.filter)) continue;
    for (const std::int64_t size : sizes(o))
      all_agree = run_case(c, sides.at(c.name), size, thread_counts, o, rows) && all_agree;
  }
  const std::string line = summary_line(rows);
  write_json(o.json, rows, line);
  if (summary) std::printf("\nresults: %s\n%s\n", o.json.c_str(), line.c_str());
  return all_agree ? 0 : 1;
}
