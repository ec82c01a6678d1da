// bench_checksum.hpp - a fingerprint of one case's results, computed alike by whence_bench
// (stored in results.json) and whence_bench_wasm (compared with it), so that the WebAssembly
// run says where its results differ from the native build's: both compile the same code
// without floating-point contraction and are meant to agree bit for bit.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/tensor.hpp"

namespace whence::bench {

struct Checksum {
  std::string hash;        // FNV-1a 64 over each result's dtype, shape and elements' bytes (row-major), in hex
  double sum = 0;          // the finite elements' sum in double: how far apart two differing results are
  std::int64_t count = 0;  // elements of all the results
};

Checksum checksum(const std::vector<Tensor>& results);

// "" when they agree; else what differs, in words ("sums 1.5 and 1.50001, relative 6.7e-06").
std::string checksum_difference(const Checksum& native, const Checksum& other);

}  // namespace whence::bench
