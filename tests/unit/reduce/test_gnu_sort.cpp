// test_gnu_sort.cpp - kernels/reduce/gnu_sort.hpp against the standard library. Built with GNU
// libstdc++ (the native build), each function must leave equal values in the very positions
// std:: does (PyTorch's CPU kernels call std::); elsewhere (WebAssembly's libc++) only that the
// result is ordered as each function promises.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "kernels/reduce/gnu_sort.hpp"

namespace {

using Entry = std::pair<float, std::int64_t>;  // a value and its position, as topk's lines
struct Greater {
  bool operator()(const Entry& a, const Entry& b) const { return a.first > b.first; }
};

std::vector<Entry> tied_line(std::mt19937_64& rng, std::int64_t n) {
  std::vector<Entry> v(static_cast<std::size_t>(n));
  const std::uint64_t distinct = 1 + rng() % 5;  // few values: ties everywhere
  for (std::int64_t i = 0; i < n; ++i) v[std::size_t(i)] = {float(rng() % distinct), i};
  return v;
}

}  // namespace

TEST_CASE("gnu::partial_sort puts equal values where libstdc++'s std::partial_sort does", "[gnu_sort]") {
  std::mt19937_64 rng(7);
  for (int run = 0; run < 2000; ++run) {
    const std::int64_t n = 1 + std::int64_t(rng() % 300), k = 1 + std::int64_t(rng() % std::uint64_t(n));
    std::vector<Entry> ours = tied_line(rng, n), theirs = ours;
    whence::gnu::partial_sort(ours, k, Greater{});
    INFO("n " << n << ", k " << k);
#ifdef __GLIBCXX__
    std::partial_sort(theirs.begin(), theirs.begin() + k, theirs.end(), Greater{});
    REQUIRE(ours == theirs);
#else
    std::stable_sort(theirs.begin(), theirs.end(), Greater{});
    for (std::int64_t i = 0; i < k; ++i) REQUIRE(ours[std::size_t(i)].first == theirs[std::size_t(i)].first);
#endif
  }
}
