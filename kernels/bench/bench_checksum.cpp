// bench_checksum.cpp - a case's results' fingerprint (bench_checksum.hpp). No ATen.
#include "kernels/bench/bench_checksum.hpp"

#include <cmath>
#include <cstdio>

#include "core/dtype.hpp"

namespace whence::bench {

namespace {

struct Fnv {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void add(const void* bytes, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(bytes);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
  }
  void add_int(std::int64_t v) { add(&v, sizeof v); }  // (both builds are little-endian)
};

}  // namespace

Checksum checksum(const std::vector<Tensor>& results) {
  Fnv f;
  Checksum c;
  for (const Tensor& result : results) {
    const Tensor t = result.contiguous();
    f.add_int(std::int64_t(t.dtype()));
    f.add_int(t.dim());
    for (const std::int64_t s : t.shape()) f.add_int(s);
    f.add(t.data_ptr(), std::size_t(t.numel()) * dtype_size(t.dtype()));
    for (std::int64_t i = 0; i < t.numel(); ++i)
      if (const double v = t.get(i).as_double(); std::isfinite(v)) c.sum += v;
    c.count += t.numel();
  }
  char hex[20];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(f.h));
  c.hash = hex;
  return c;
}

std::string checksum_difference(const Checksum& native, const Checksum& other) {
  if (native.hash == other.hash) return "";
  char text[160];
  if (native.count != other.count) {
    std::snprintf(text, sizeof text, "%lld elements, native %lld", static_cast<long long>(other.count),
                  static_cast<long long>(native.count));
  } else {
    const double scale = std::fmax(std::fabs(native.sum), std::fabs(other.sum));
    std::snprintf(text, sizeof text, "sum %.17g, native %.17g (relative %.2g)", other.sum, native.sum,
                  scale > 0 ? std::fabs(other.sum - native.sum) / scale : 0.0);
  }
  return text;
}

}  // namespace whence::bench
