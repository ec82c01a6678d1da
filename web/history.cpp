#include "history.hpp"

namespace whence::web {

void History::record(const std::string& before, bool typing, double time) {
  const bool merge = typing && last_typing_ && time - last_time_ < 1.0;
  last_typing_ = typing;
  last_time_ = time;
  redo_.clear();
  if (merge || (!undo_.empty() && undo_.back() == before)) return;
  undo_.push_back(before);
  if (undo_.size() > kHistoryLimit) undo_.erase(undo_.begin());
}

std::string History::undo(const std::string& current) { return step(undo_, redo_, current); }

std::string History::redo(const std::string& current) { return step(redo_, undo_, current); }

std::string History::step(std::vector<std::string>& from, std::vector<std::string>& to, const std::string& current) {
  std::string text = from.back();
  from.pop_back();
  to.push_back(current);
  last_typing_ = false;
  return text;
}

}  // namespace whence::web
