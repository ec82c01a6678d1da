#include "return_types.hpp"

#include <algorithm>
#include <cstring>

namespace whence {
namespace {

const std::vector<NamedTuple>& table() {
  static const std::vector<NamedTuple> types = {
#include "return_types.inc"
  };
  return types;
}

// torch.return_types names a function's tuple after the function, namespaced ones with their
// namespace as a prefix: torch.linalg.qr -> linalg_qr.
std::string type_key(const std::string& qualified) {
  for (const char* prefix : {"torch.Tensor.", "torch.linalg.", "torch."}) {
    if (qualified.rfind(prefix, 0) != 0) continue;
    const std::string rest = qualified.substr(std::strlen(prefix));
    if (rest.find('.') != std::string::npos) return "";
    return std::strcmp(prefix, "torch.linalg.") == 0 ? "linalg_" + rest : rest;
  }
  return "";
}

}  // namespace

const NamedTuple* named_tuple_of(const std::string& qualified_op) {
  const std::string key = type_key(qualified_op);
  const auto& types = table();
  const auto it = std::find_if(types.begin(), types.end(), [&](const NamedTuple& t) { return key == t.type; });
  return it == types.end() ? nullptr : &*it;
}

std::string python_type_name(const NamedTuple& t) { return std::string("torch.return_types.") + t.type; }

}  // namespace whence
