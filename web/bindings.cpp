// bindings.cpp - Module.evaluate(line): the JSON Lines protocol of the CLI's `eval`, for
// pages and tools that want the engine without the UI. Glue only.
#include <emscripten/bind.h>

#include "core/api.hpp"

EMSCRIPTEN_BINDINGS(whence_engine) { emscripten::function("evaluate", &whence::evaluate_line); }
