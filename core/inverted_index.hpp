// inverted_index.hpp - relations turned around: links (source key -> reader) gathered in any
// order, then bucketed by key with a counting sort into two flat arrays (an offset per key, the
// readers in the order they were added), not a container per element. This is what "reach"
// needs: every element that reads a given element. One implementation for the program engine's
// reach (core/program/provenance.cpp) and the widget's inputs traced forward
// (web/reach_index.cpp, which buckets a big result a slice per frame with bucket_some).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace whence {

template <class Reader>
class InvertedIndex {
 public:
  // Starts over with keys 0 .. keys - 1 and no link.
  void reset(std::size_t keys) {
    first_.assign(keys + 1, 0);
    pending_.clear();
    readers_.clear();
    cursor_.clear();
    bucketed_ = 0;
    bucketing_ = finished_ = false;
  }
  std::size_t keys() const { return first_.empty() ? 0 : first_.size() - 1; }

  // Room for `links` links before the next allocation.
  void reserve(std::size_t links) { pending_.reserve(links); }
  // One more link: `reader` reads the element `key` names. key < keys() < 2**32 (a program holds
  // up to a million elements, a widget's inputs up to 65,536 each).
  void add(std::size_t key, const Reader& reader) {
    pending_.push_back({std::uint32_t(key), reader});
    ++first_[key + 1];  // counts until bucketing makes them offsets
  }
  std::size_t links() const { return finished_ ? readers_.size() : pending_.size(); }

  // Bucketing, all at once (finish) or `count` links at a time (bucket_some, true when done).
  void finish() {
    while (!bucket_some(pending_.size() + 1)) {}
  }
  bool bucket_some(std::size_t count) {
    if (finished_) return true;
    if (!bucketing_) {
      for (std::size_t k = 1; k < first_.size(); ++k) first_[k] += first_[k - 1];
      readers_.resize(pending_.size());
      cursor_.assign(first_.begin(), first_.end() - 1);
      bucketing_ = true;
    }
    const std::size_t end = std::min(pending_.size(), bucketed_ + count);
    for (; bucketed_ < end; ++bucketed_) {
      const auto& [key, reader] = pending_[bucketed_];
      readers_[cursor_[key]++] = reader;
    }
    if (bucketed_ < pending_.size()) return false;
    pending_ = {};
    cursor_ = {};
    bucketing_ = false;
    finished_ = true;
    return true;
  }
  bool finished() const { return finished_; }

  // The readers of `key`, in the order they were added (empty until finished).
  std::pair<const Reader*, const Reader*> readers(std::size_t key) const {
    if (!finished_ || key + 1 >= first_.size()) return {nullptr, nullptr};
    return {readers_.data() + first_[key], readers_.data() + first_[key + 1]};
  }

 private:
  std::vector<std::size_t> first_;  // keys + 1 offsets into readers_ (counts at [k + 1] while adding)
  std::vector<std::pair<std::uint32_t, Reader>> pending_;
  std::vector<Reader> readers_;
  std::vector<std::size_t> cursor_;  // while bucketing: where each key's next reader goes
  std::size_t bucketed_ = 0;
  bool bucketing_ = false, finished_ = false;
};

}  // namespace whence
