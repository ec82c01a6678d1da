#include "pytorch_order.hpp"

#include <cstdint>
#include <cstring>

namespace whence {

namespace {

// libstdc++'s std::_Hash_bytes for 64-bit size_t (a MurmurHash2 variant), seed 0xc70f6907.
std::uint64_t libstdcxx_hash(const std::string& s) {
  const std::uint64_t mul = (std::uint64_t(0xc6a4a793u) << 32) + 0x5bd1e995u;
  auto shift_mix = [](std::uint64_t v) { return v ^ (v >> 47); };
  const std::size_t len = s.size(), aligned = len & ~std::size_t(7);
  std::uint64_t hash = 0xc70f6907u ^ (std::uint64_t(len) * mul);
  for (std::size_t i = 0; i < aligned; i += 8) {
    std::uint64_t data = 0;
    for (int b = 7; b >= 0; --b) data = (data << 8) + static_cast<unsigned char>(s[i + std::size_t(b)]);
    hash ^= shift_mix(data * mul) * mul;
    hash *= mul;
  }
  if (len & 7) {
    std::uint64_t data = 0;
    for (int b = int(len & 7) - 1; b >= 0; --b)
      data = (data << 8) + static_cast<unsigned char>(s[aligned + std::size_t(b)]);
    hash ^= data;
    hash *= mul;
  }
  hash = shift_mix(hash) * mul;
  return shift_mix(hash);
}

}  // namespace

std::vector<std::size_t> libstdcxx_unordered_order(const std::vector<std::string>& keys) {
  // The first insertion sizes the table to 13 buckets (room for 13 elements); a new node goes
  // to the front of its bucket's run, or to the front of the whole list if its bucket is empty.
  // Beyond 13 keys libstdc++ rehashes; no PyTorch op has that many keyword arguments.
  const std::uint64_t buckets = 13;
  std::vector<std::size_t> order;
  std::vector<std::uint64_t> bucket_of;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const std::uint64_t b = libstdcxx_hash(keys[k]) % buckets;
    std::size_t at = 0;
    for (std::size_t i = 0; i < order.size(); ++i)
      if (bucket_of[i] == b) {
        at = i;
        break;
      }
    order.insert(order.begin() + std::ptrdiff_t(at), k);
    bucket_of.insert(bucket_of.begin() + std::ptrdiff_t(at), b);
  }
  return order;
}

}  // namespace whence
