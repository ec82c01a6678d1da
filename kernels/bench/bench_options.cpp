// bench_options.cpp - the shared command line (bench_options.hpp).
#include "kernels/bench/bench_options.hpp"

#include <cstdio>
#include <cstdlib>

namespace whence::bench {

const char* const kCommonUsage =
    "  --filter REGEX       the cases whose name it matches\n"
    "  --quick              4K and 64K elements only (else 4K, 64K, 1M, 16M)\n"
    "  --max-size ELEMENTS  no size above this\n"
    "  --budget SECONDS     the most time spent timing one side of a slow case (default 2 s)\n"
    "  --json PATH          where the results go\n";

Options parse_options(int argc, char** argv, const std::string& json_default, const std::string& usage,
                      const ExtraFlag& extra) {
  auto fail = [&]() {
    std::fputs(usage.c_str(), stderr);
    std::exit(2);
  };
  Options o;
  o.json = json_default;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) fail();
      return argv[++i];
    };
    if (a == "--filter")
      o.filter = std::regex(value());
    else if (a == "--quick")
      o.quick = true;
    else if (a == "--max-size")
      o.max_size = std::atoll(value().c_str());
    else if (a == "--budget")
      o.budget_s = std::atof(value().c_str());
    else if (a == "--json")
      o.json = value();
    else if (!extra || !extra(a, value))
      fail();
  }
  return o;
}

std::vector<std::int64_t> sizes(const Options& o) {
  std::vector<std::int64_t> all = {4096, 65536};
  if (!o.quick) all.insert(all.end(), {std::int64_t(1) << 20, std::int64_t(1) << 24});
  std::vector<std::int64_t> kept;
  for (const std::int64_t s : all)
    if (s <= o.max_size) kept.push_back(s);
  return kept;
}

}  // namespace whence::bench
