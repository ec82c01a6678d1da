// bench_options.hpp - the command line both benchmark programs share (whence_bench natively,
// whence_bench_wasm under node): which cases, at which sizes, how long to time them.
#pragma once
#include <cstdint>
#include <functional>
#include <regex>
#include <string>
#include <vector>

namespace whence::bench {

struct Options {
  std::regex filter{""};  // --filter: cases whose name it matches (std::regex_search)
  bool quick = false;     // --quick: 4 K and 64 K elements only
  std::int64_t max_size = std::int64_t(1) << 24;
  double budget_s = 2.0;  // --budget: the most time spent timing one side of a slow case
  std::string json;       // --json: where the results go
};

// A program's own flag: `value()` takes its argument. Returns false for a flag it does not know.
using ExtraFlag = std::function<bool(const std::string& flag, const std::function<std::string()>& value)>;

// Parses --filter, --quick, --max-size, --budget, --json and the program's own flags; prints
// `usage` (its first line names the program) and exits 2 on anything else.
Options parse_options(int argc, char** argv, const std::string& json_default, const std::string& usage,
                      const ExtraFlag& extra = {});

// The sizes to measure, in elements: 4 K, 64 K, and without --quick 1 M and 16 M; none above
// --max-size.
std::vector<std::int64_t> sizes(const Options& o);

// The flags parse_options knows, for a program's usage text.
extern const char* const kCommonUsage;

}  // namespace whence::bench
