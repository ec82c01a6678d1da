// prelude.hpp - the programs' library written in Python: torch.nn (Module, the layers, the
// losses, the containers), torch.nn.init and torch.optim, as core/program/prelude/*.py, embedded
// at build time and parsed once, on first use, by the program parser (program.hpp).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/program/program.hpp"

namespace whence {

struct LibrarySource {
  std::string module;              // "torch.nn"
  std::vector<std::string> needs;  // modules its code names ("torch.nn.init")
  const char* text;                // its Python source
  // Its statements, parsed on first use (a parse error is a RuntimeError naming its line).
  const std::vector<Statement>& statements() const;
};

// The library module `module` ("torch.nn", "torch.nn.init", "torch.optim"), or nullptr.
const LibrarySource* library_source(const std::string& module);

// The module whose names a qualified name reaches: "torch.nn.init.uniform_" -> "torch.nn.init",
// "torch.nn.Linear" -> "torch.nn", "torch.optim.SGD" -> "torch.optim",
// "torch.nn.functional.dropout2d" -> "torch.nn.functional" (the functions its Python defines;
// the rest of torch.nn.functional is the ops'); "" for none.
std::string library_module_of(const std::string& qualified);

// How a library module's code names the modules: torch, F, math, init, nn, optim.
const std::map<std::string, std::string>& library_aliases();

}  // namespace whence
