// programs.cpp - the whence_programs module of the live program page (site/program_page.js):
// the JSON Lines protocol of the CLI's `eval` with programs linked, as Module.evaluate(line);
// and Module.debugTrap(), for tests only: the next evaluate ends in a WebAssembly trap, as a
// bug in a kernel would (site/program_worker.js's {debugTrap: true}).
// Glue only: no ImGui, no WebGL.
#include <string>

#include <emscripten/bind.h>

#include "core/api.hpp"
#include "core/program/program.hpp"

namespace {

bool debug_trap_armed = false;

std::string evaluate(const std::string& line) {
  static const bool linked = (whence::link_programs(), true);
  (void)linked;
  if (debug_trap_armed) {
    debug_trap_armed = false;
    __builtin_trap();
  }
  return whence::evaluate_line(line);
}

void arm_debug_trap() { debug_trap_armed = true; }

}  // namespace

EMSCRIPTEN_BINDINGS(whence_programs) {
  emscripten::function("evaluate", &evaluate);
  emscripten::function("debugTrap", &arm_debug_trap);
}
