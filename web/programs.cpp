// programs.cpp - the whence_programs module of the live program page (site/program_page.js):
// the JSON Lines protocol of the CLI's `eval` with programs linked, as Module.evaluate(line).
// Glue only: no ImGui, no WebGL.
#include <string>

#include <emscripten/bind.h>

#include "core/api.hpp"
#include "core/program/program.hpp"

namespace {

std::string evaluate(const std::string& line) {
  static const bool linked = (whence::link_programs(), true);
  (void)linked;
  return whence::evaluate_line(line);
}

}  // namespace

EMSCRIPTEN_BINDINGS(whence_programs) { emscripten::function("evaluate", &evaluate); }
