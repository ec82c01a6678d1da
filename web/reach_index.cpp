#include "reach_index.hpp"

#include <algorithm>

#include "state.hpp"
#include "timings.hpp"

namespace whence::web {

void ReachIndex::reset(std::vector<std::pair<std::string, std::int64_t>> inputs) {
  inputs_.clear();
  for (auto& [id, numel] : inputs) {
    inputs_.push_back(Input{std::move(id), numel, {}, {}, {}});
    inputs_.back().first.assign(std::size_t(numel) + 1, 0);  // counts at [e + 1] until bucketed
  }
  roles_.clear();
  pending_.clear();
  finished_ = gave_up_ = tracing_ = bucketing_ = false;
  bucketed_ = 0;
  numels_.clear();
  position_ = 0;
  next_ = traced_ = total_ = 0;
  slots_by_param_.clear();
  answer_.clear();
  answered_ = {"", -1};
}

int ReachIndex::input_slot(const std::string& id) const {
  for (std::size_t i = 0; i < inputs_.size(); ++i)
    if (inputs_[i].id == id) return int(i);
  return -1;
}

std::uint8_t ReachIndex::role_slot(const std::string& role) {
  for (std::size_t i = 0; i < roles_.size(); ++i)
    if (roles_[i] == role) return std::uint8_t(i);
  roles_.push_back(role);
  return std::uint8_t(roles_.size() - 1);
}

void ReachIndex::add_slot(int position, std::int64_t element, int input, std::int64_t in_element, std::uint8_t role) {
  if (gave_up_ || input < 0 || in_element < 0 || in_element >= inputs_[std::size_t(input)].numel) return;
  if (std::int64_t(pending_.size()) >= kMaxLinks || input > 0xFFFF || position > 0xFFFF) {
    gave_up_ = true;
    pending_ = {};
    return;
  }
  pending_.push_back(
      Pending{std::uint32_t(in_element), std::uint32_t(element), std::uint16_t(input), std::uint16_t(position), role});
  ++inputs_[std::size_t(input)].first[std::size_t(in_element) + 1];
}

void ReachIndex::add(int position, std::int64_t element, const std::string& in_id, std::int64_t in_element,
                     const std::string& role) {
  add_slot(position, element, input_slot(in_id), in_element, role_slot(role));
}

// Bucketing is a counting sort by (input, element): the counts are kept as links are added;
// here they become offsets, then each link is copied to its place (in output order within an
// element). A big result does the copying a slice per frame too.
void ReachIndex::begin_buckets() {
  bucketing_ = true;
  bucketed_ = 0;
  if (gave_up_) return;
  for (Input& in : inputs_) {
    for (std::size_t e = 1; e < in.first.size(); ++e) in.first[e] += in.first[e - 1];
    in.links.resize(in.first.back());
    in.cursor.assign(in.first.begin(), in.first.end() - 1);
  }
}

void ReachIndex::bucket(std::size_t count) {
  const std::size_t end = std::min(pending_.size(), bucketed_ + count);
  for (; bucketed_ < end; ++bucketed_) {
    const Pending& p = pending_[bucketed_];
    Input& in = inputs_[p.input];
    in.links[in.cursor[p.in_element]++] = Link{p.out_element, p.position, p.role};
  }
}

void ReachIndex::end_buckets() {
  pending_ = {};
  for (Input& in : inputs_) {
    in.cursor = {};
    if (gave_up_) in.first = {};
  }
  bucketing_ = tracing_ = false;
  finished_ = true;
  answered_ = {"", -1};
}

void ReachIndex::finish() {
  begin_buckets();
  bucket(pending_.size());
  end_buckets();
}

void ReachIndex::start_trace(std::vector<std::int64_t> output_numels) {
  numels_ = std::move(output_numels);
  total_ = 0;
  for (const std::int64_t n : numels_) total_ += n;
  tracing_ = true;
}

double ReachIndex::progress() const {
  if (finished_) return 1;
  return total_ > 0 ? double(traced_) / double(total_) : 0;
}

bool ReachIndex::trace(const Explainer& run, double deadline) {
  if (!tracing_) return false;
  // Check the clock every few elements: one element's sources take microseconds.
  constexpr int kBetweenClocks = 16;
  constexpr std::size_t kBucketSlice = 16384;
  for (int since_clock = 0;; ++since_clock) {
    while (position_ < numels_.size() && next_ >= numels_[position_]) {
      ++position_;
      next_ = 0;
    }
    if (position_ >= numels_.size() || gave_up_) {
      if (!bucketing_) begin_buckets();
      // Bucketing: a few hundred thousand links a slice.
      while (bucketed_ < pending_.size()) {
        if (timings::now_ms() >= deadline) return true;
        bucket(kBucketSlice);
      }
      end_buckets();
      return true;
    }
    if (since_clock == kBetweenClocks) {
      since_clock = 0;
      if (timings::now_ms() >= deadline) return true;
    }
    // Sources come argument by argument, mostly in one role: look each up when it changes.
    std::pair<int, int> key{-2, -2};
    int input = -1;
    const char* role_of = nullptr;
    std::uint8_t role = 0;
    for (const SourceLink& s : run.sources(int(position_), next_)) {
      if (s.param != key.first || s.item != key.second) {
        key = {s.param, s.item};
        auto slot =
            std::find_if(slots_by_param_.begin(), slots_by_param_.end(), [&](const auto& e) { return e.first == key; });
        if (slot == slots_by_param_.end()) {
          slots_by_param_.push_back({key, input_slot(tensor_id_from_path(run.source_path(s)))});
          slot = slots_by_param_.end() - 1;
        }
        input = slot->second;
      }
      if (s.role != role_of) {  // role names are core's static strings
        role_of = s.role;
        role = role_slot(s.role);
      }
      add_slot(int(position_), next_, input, s.flat, role);
    }
    ++next_;
    ++traced_;
  }
}

const std::vector<Reach>& ReachIndex::reaches(const std::string& in_id, std::int64_t in_element) const {
  if (answered_.first == in_id && answered_.second == in_element) return answer_;
  answer_.clear();
  answered_ = {in_id, in_element};
  const int slot = known() ? input_slot(in_id) : -1;
  if (slot < 0) return answer_;
  const Input& in = inputs_[std::size_t(slot)];
  if (in_element < 0 || in_element >= in.numel) return answer_;
  for (std::uint32_t i = in.first[std::size_t(in_element)]; i < in.first[std::size_t(in_element) + 1]; ++i) {
    const Link& l = in.links[i];
    answer_.push_back(Reach{"out:" + std::to_string(l.position), std::int64_t(l.out_element), roles_[l.role]});
  }
  return answer_;
}

}  // namespace whence::web
