// pytorch_order.hpp - orders in which PyTorch happens to report things, reproduced so that
// Whence's messages are PyTorch's to the character.
#pragma once
#include <string>
#include <vector>

namespace whence {

// PyTorch's "invalid combination of arguments" lists keyword arguments in the iteration order
// of a libstdc++ std::unordered_map<std::string, ...> filled in call order. This reproduces
// that order on any standard library (WebAssembly uses libc++).
std::vector<std::size_t> libstdcxx_unordered_order(const std::vector<std::string>& keys);

}  // namespace whence
