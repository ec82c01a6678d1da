// bench_main.cpp - whence_bench: Whence's compute path against libtorch, natively, on the
// same tensors in one process (issue 10). Each case is checked against ATen first, then
// timed at 1 PyTorch thread and at every core (Whence runs on one thread in both).
//
//     bash scripts/bench [--filter REGEX] [--quick]      (builds build/bench, then runs this)
//     build/bench/whence_bench [--filter REGEX] [--quick] [--max-size N] [--budget S] [--json PATH]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <ATen/Parallel.h>

#include "core/error.hpp"
#include "kernels/bench/bench_case.hpp"
#include "kernels/bench/bench_report.hpp"
#include "kernels/bench/bench_tensors.hpp"
#include "kernels/bench/bench_timing.hpp"

using namespace whence;
using namespace whence::bench;

namespace {

struct Options {
  std::regex filter{""};
  bool quick = false;
  std::int64_t max_size = std::int64_t(1) << 24;
  double budget_s = 2.0;
  std::string json = "build/bench/results.json";
};

[[noreturn]] void usage() {
  std::fprintf(stderr,
               "usage: whence_bench [--filter REGEX] [--quick] [--max-size ELEMENTS] [--budget SECONDS] [--json PATH]\n"
               "  --quick      4K and 64K elements only (else 4K, 64K, 1M, 16M)\n"
               "  --budget     the most time spent timing one side of a slow case (default 2 s)\n");
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage();
      return argv[++i];
    };
    if (a == "--filter") o.filter = std::regex(value());
    else if (a == "--quick") o.quick = true;
    else if (a == "--max-size") o.max_size = std::atoll(value().c_str());
    else if (a == "--budget") o.budget_s = std::atof(value().c_str());
    else if (a == "--json") o.json = value();
    else usage();
  }
  return o;
}

std::vector<Case> all_cases() {
  std::vector<Case> all;
  for (auto family : {elementwise_cases, reduce_cases, order_cases, select_cases, movement_cases, products_cases})
    for (Case& c : family()) all.push_back(std::move(c));
  return all;
}

// One case at one size: prepare, check, then time at each thread count. Appends its rows.
// Returns false on a mismatch.
bool run_case(const Case& c, std::int64_t size, const std::vector<int>& thread_counts, const Options& o, std::vector<Row>& rows) {
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
  try {
    p = c.prepare(size);
    got = p.whence();  // the first call: where Whence refuses, it refuses here
  } catch (const Skip& s) {
    finish("skipped", s.what());
    return true;
  } catch (const Error& e) {
    const std::string what = e.what();
    finish("skipped", "Whence refuses it (" + e.type + "): " + what);
    return true;
  }
  at::set_num_threads(thread_counts.back());
  std::string differ;
  try {
    differ = p.check ? p.check(got, p.torch()) : agree(got, p.torch());
  } catch (const std::exception& e) {  // PyTorch's own refusal (c10::Error), or a bug of the case
    const std::string what = e.what();
    differ = "the check failed: " + what.substr(0, what.find('\n'));
  }
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
    r.whence = time_min([&] { p.whence(); }, o.budget_s);
    r.torch = time_min([&] { p.torch(); }, o.budget_s);
    print_row(r);
    rows.push_back(r);
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  std::vector<std::int64_t> sizes = {4096, 65536};
  if (!o.quick) sizes.insert(sizes.end(), {std::int64_t(1) << 20, std::int64_t(1) << 24});
  // The same run path as the app's, without the protocol's 65,536-element limit.
  set_element_limit(std::int64_t(1) << 26);
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  std::vector<int> thread_counts = {1};
  if (cores > 1) thread_counts.push_back(cores);

  std::printf("whence_bench: Whence's run path against libtorch on the same float32 tensors; ratio = PyTorch time / Whence time\n"
              "(> 1: Whence is faster); rate: Whence's GB/s over the least bytes the op must move, or GFLOP/s for mm, bmm\n"
              "and conv2d (a multiply-add is 2). Whence runs on one thread;\n"
              "threads is PyTorch's at::set_num_threads.\n\n");
  print_header();
  std::vector<Row> rows;
  bool all_agree = true;
  for (const Case& c : all_cases()) {
    if (!std::regex_search(c.name, o.filter)) continue;
    for (const std::int64_t size : sizes)
      if (size <= o.max_size) all_agree = run_case(c, size, thread_counts, o, rows) && all_agree;
  }
  const std::string summary = summary_line(rows);
  write_json(o.json, rows, summary);
  std::printf("\nresults: %s\n%s\n", o.json.c_str(), summary.c_str());
  return all_agree ? 0 : 1;
}
