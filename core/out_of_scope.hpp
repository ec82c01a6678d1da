// out_of_scope.hpp - the PyTorch functions Whence leaves out by decision, each with its reason:
// linear-algebra decompositions, complex numbers, sparse layouts, quantized dtypes and what acts
// on the process rather than on elements. A call to one is refused with that reason instead of
// "not supported yet". README.md's "Out of scope" lists the same names (tests/live/
// check_out_of_scope.py checks both ways, and that every name is PyTorch 1.13's).
#pragma once

#include <string>
#include <vector>

namespace whence {

struct ScopeGroup {
  const char* title;   // "Linear-algebra decompositions and solvers"
  const char* reason;  // one sentence: why Whence leaves them out
  const char* names;   // space-separated qualified names; a name ending in '.' is a prefix
};

const std::vector<ScopeGroup>& out_of_scope_groups();

// The group whose names include `qualified` (torch.linalg.svd, torch.Tensor.det), or null.
const ScopeGroup* out_of_scope(const std::string& qualified);

// PyTorch 1.13's own RuntimeError for a function it removed (torch.eig, torch.solve, ...), or
// an empty string.
std::string removed_function_error(const std::string& qualified);

}  // namespace whence
