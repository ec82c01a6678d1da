// history.hpp - undo and redo of the call: the texts it had before each edit, at most
// kHistoryLimit of them. Typing in the call field is one step per pause (keystrokes less than
// a second apart merge), every other edit (a cell, a dtype, a shape, reset, random) one step.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace whence::web {

constexpr std::size_t kHistoryLimit = 100;

class History {
 public:
  // The call is about to change from `before`; `typing` edits at `time` (s) merge with the
  // previous typing step.
  void record(const std::string& before, bool typing = false, double time = 0);
  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  // The text to go back (forward) to from `current`; call only when can_undo (can_redo).
  std::string undo(const std::string& current);
  std::string redo(const std::string& current);
  std::size_t undo_size() const { return undo_.size(); }

 private:
  // Pops the text to go to from `from`, pushing `current` onto `to`.
  std::string step(std::vector<std::string>& from, std::vector<std::string>& to, const std::string& current);
  std::vector<std::string> undo_, redo_;
  bool last_typing_ = false;
  double last_time_ = -1e9;
};

}  // namespace whence::web
