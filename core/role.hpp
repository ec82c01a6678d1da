// role.hpp - how an input element takes part in an output element (DESIGN.md "Roles").
// Dependency-free: kernels compiled by nvcc include it.
#pragma once
#include <cstdint>

namespace whence {

// Random: a draw of the random generator (Source::param is -1, Source::flat the draw's place
// in the generator's stream: core/generator.hpp).
enum class Role : std::uint8_t { Value, Index, Mask, Compare, Random };

}  // namespace whence
