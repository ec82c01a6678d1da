// generator_calls.hpp - the Python functions and methods around PyTorch's random generator
// that the call language and programs run (core/call_parser.cpp): torch.manual_seed,
// torch.initial_seed, torch.seed, torch.get_rng_state, torch.set_rng_state, torch.Generator()
// and a Generator's manual_seed, initial_seed, seed, get_state and set_state.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "value.hpp"

namespace whence {

using Kwargs = std::vector<std::pair<std::string, Value>>;

// Whether `name` ("torch.manual_seed") is one of the functions above.
bool is_generator_function(const std::string& name);
// Runs it on the request's default generator (core/generator.hpp). Throws Error.
Value generator_function(const std::string& name, const List& args, const Kwargs& kwargs);
// g.method(args): Python's AttributeError for a method a Generator does not have.
Value generator_method(const GeneratorRef& g, const std::string& method, const List& args, const Kwargs& kwargs);

}  // namespace whence
