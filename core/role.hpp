// role.hpp - how an input element takes part in an output element (DESIGN.md "Roles").
// Dependency-free: kernels compiled by nvcc include it.
#pragma once

namespace whence {

enum class Role { Value, Index, Mask, Compare };

}  // namespace whence
