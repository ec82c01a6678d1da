// bindings.cpp - Module.evaluate(line): the JSON Lines protocol of the CLI's `eval`, for
// pages and tools that want the engine without the UI; and Module.debugTrap(), for tests only:
// the app's next evaluation of a call traps (app.hpp's arm_debug_trap). Glue only.
#include <emscripten/bind.h>

#include "app.hpp"
#include "core/api.hpp"

EMSCRIPTEN_BINDINGS(whence_engine) {
  emscripten::function("evaluate", &whence::evaluate_line);
  emscripten::function("debugTrap", &whence::web::arm_debug_trap);
}
