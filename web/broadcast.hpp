// broadcast.hpp - whether a call broadcast its tensor arguments, read from their shapes
// against the result's (no list of ops): every tensor argument lines up with the result from
// the right (each size equal, or 1, or missing) and at least one has fewer elements. Also the
// index arithmetic between an operand and its virtual copies at the result's shape, and the
// warning for the broadcast that is usually a bug: (B, 1) with (B,) giving (B, B).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/tensor.hpp"

namespace whence::web {

class State;

struct BroadcastOperand {
  std::string id, label;  // "arg:1", "other"
  Shape shape;
  int slot = 0;
  bool expanded = false;  // fewer elements than the result: drawn with ghost copies
};

struct BroadcastInfo {
  bool active = false;
  Shape result;
  std::vector<BroadcastOperand> operands;  // every tensor argument, in call order
  std::string warning;                     // empty when the broadcast looks intended
};

// Nothing active while the result is stale, a tuple, or no argument is a tensor.
BroadcastInfo analyse_broadcast(const State& state);

// Shapes `operand` and `result` line up from the right and `operand` has fewer elements.
bool broadcasts_to(const Shape& operand, const Shape& result);

// The operand element a cell of the result-shaped copy shows (flat indices, row-major).
std::int64_t broadcast_source(const Shape& operand, const Shape& result, std::int64_t cell);
// The result-shaped cell where the operand's element itself sits (index 0 along every
// broadcast dimension): drawn solid; the other cells showing it are ghosts.
std::int64_t broadcast_home(const Shape& operand, const Shape& result, std::int64_t element);

// The warning for two operands, or "": ranks differ, the result is bigger than both, and the
// lower-rank shape is the higher-rank one with a size-1 dimension removed.
std::string broadcast_warning(const std::string& a_label, const Shape& a, const std::string& b_label, const Shape& b,
                              const Shape& result);

// The shapes aligned from the right: one line per operand then "→ result", dimension
// columns padded to line up ("   (2, 1)", "      (3,)", "→ (2, 3)"); labels not included.
std::vector<std::string> aligned_shapes(const std::vector<Shape>& shapes, const Shape& result);

}  // namespace whence::web
