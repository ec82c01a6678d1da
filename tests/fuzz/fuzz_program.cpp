// fuzz_program.cpp - program text, run as the program page runs it (protocol lines through
// evaluate_line): explained, then kept as a session and asked to trace and reach from an
// element of its last step (where its gradient came from, and its equation at its step), then closed. The first byte picks the element.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/api.hpp"
#include "core/program/program.hpp"
#include "fuzz_limits.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using whence::Json;
  if (size == 0) return 0;
  const int element = data[0] % 8;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  static const bool linked = (whence::link_programs(), true);
  (void)linked;
  const auto ask = [](const Json& request) {
    return Json::parse(whence::evaluate_line(request.dump(-1, ' ', false, Json::error_handler_t::replace)));
  };
  ask(Json{{"program", text}, {"explain", true}});
  const Json kept = ask(Json{{"program", text}, {"session", true}});
  if (!kept.contains("session") || !kept.contains("steps") || kept["steps"].empty()) return 0;
  const Json& last = kept["steps"].back();
  if (!last.contains("names") || last["names"].empty()) return 0;
  const Json start{{"name", last["names"][0]}, {"element", element}};
  ask(Json{{"session", kept["session"]}, {"trace", start}, {"reach", start}, {"grad", start}, {"equation", start}});
  ask(Json{{"session", kept["session"]}, {"close", true}});
  return 0;
}
