#include "reach_index.hpp"

#include <algorithm>

#include "state.hpp"
#include "timings.hpp"

namespace whence::web {

void ReachIndex::reset(std::vector<std::pair<std::string, std::int64_t>> inputs) {
  inputs_.clear();
  std::size_t keys = 0;
  for (auto& [id, numel] : inputs) {
    inputs_.push_back(Input{std::move(id), numel, keys});
    keys += std::size_t(numel);
  }
  index_.reset(keys);
  roles_.clear();
  finished_ = gave_up_ = tracing_ = false;
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

void ReachIndex::give_up() {
  gave_up_ = true;
  index_.reset(0);  // frees the links gathered so far
}

void ReachIndex::add_slot(int position, std::int64_t element, int input, std::int64_t in_element, std::uint8_t role) {
  if (gave_up_ || input < 0 || in_element < 0 || in_element >= inputs_[std::size_t(input)].numel) return;
  if (std::int64_t(index_.links()) >= kMaxLinks || position > 0xFFFF) return give_up();
  index_.add(inputs_[std::size_t(input)].first_key + std::size_t(in_element),
             Link{std::uint32_t(element), std::uint16_t(position), role});
}

void ReachIndex::add(int position, std::int64_t element, const std::string& in_id, std::int64_t in_element,
                     const std::string& role) {
  add_slot(position, element, input_slot(in_id), in_element, role_slot(role));
}

void ReachIndex::finished() {
  tracing_ = false;
  finished_ = true;
  answered_ = {"", -1};
}

void ReachIndex::finish() {
  if (!gave_up_) index_.finish();
  finished();
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
  // Check the clock every few elements: one element's sources take microseconds, mostly. Where
  // they take more (each of a long sort's outputs prepares its whole line again), at every one.
  int between_clocks = 16;
  double clock = timings::now_ms();
  constexpr std::size_t kBucketSlice = 16384;
  for (int since_clock = 0;; ++since_clock) {
    while (position_ < numels_.size() && next_ >= numels_[position_]) {
      ++position_;
      next_ = 0;
    }
    if (position_ >= numels_.size() || gave_up_) {
      // Bucketing by input element: a few hundred thousand links a slice.
      while (!gave_up_ && !index_.finished()) {
        if (timings::now_ms() >= deadline) return true;
        index_.bucket_some(kBucketSlice);
      }
      finished();
      return true;
    }
    if (since_clock >= between_clocks) {
      since_clock = 0;
      const double now = timings::now_ms();
      if (now >= deadline) return true;
      if (now - clock > 1) between_clocks = 1;
      clock = now;
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
  const auto [first, last] = index_.readers(in.first_key + std::size_t(in_element));
  for (const Link* l = first; l != last; ++l)
    answer_.push_back(Reach{"out:" + std::to_string(l->position), std::int64_t(l->out_element), roles_[l->role]});
  return answer_;
}

}  // namespace whence::web
