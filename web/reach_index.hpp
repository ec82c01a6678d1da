// reach_index.hpp - inputs traced forward: for each input element, the output elements that
// read it and the role it plays there (what pointing at an input lights up).
//
// A small result's relations come whole with its evaluation and are added at once. A big one
// (up to 65,536 output elements) is traced a slice at a time, a few milliseconds per frame,
// through Explainer::sources (no equations, no JSON), so that the page never freezes. Links are
// gathered in output order in core's InvertedIndex (the one the program engine's reach uses),
// then bucketed by input element (a counting sort, also a slice per frame): two flat arrays,
// not a vector per element.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/api.hpp"
#include "core/inverted_index.hpp"

namespace whence::web {

// One output element that an input element reaches, and the role the input plays there.
struct Reach {
  std::string tensor;  // "out:0"
  std::int64_t element = 0;
  std::string role;
};

class ReachIndex {
 public:
  // More links than this are not kept (a 128 × 128 by 128 × 128 mm has 4,194,304): 16 bytes
  // each while tracing, 8 after.
  static constexpr std::int64_t kMaxLinks = std::int64_t(1) << 21;

  // Starts over for these inputs (id, element count), with nothing known.
  void reset(std::vector<std::pair<std::string, std::int64_t>> inputs);
  // Adds output `position`'s element `element`, which reads `in_element` of `in_id` in `role`.
  // Links to unknown inputs or elements are ignored.
  void add(int position, std::int64_t element, const std::string& in_id, std::int64_t in_element,
           const std::string& role);
  // Everything is added: buckets the links by input element. Then reaches() answers.
  void finish();

  // Tracing a big result through `run`: output positions with these element counts.
  void start_trace(std::vector<std::int64_t> output_numels);
  // Traces output elements until `deadline` (timings::now_ms()); finishes when all are done.
  // Returns whether it made progress.
  bool trace(const Explainer& run, double deadline);
  bool tracing() const { return tracing_; }
  double progress() const;                   // 0..1 of the output elements traced
  bool gave_up() const { return gave_up_; }  // more than kMaxLinks links
  bool known() const { return finished_ && !gave_up_; }

  // Output elements `in_element` of `in_id` reaches (empty until known()). The list is this
  // object's and lives until the next call.
  const std::vector<Reach>& reaches(const std::string& in_id, std::int64_t in_element) const;

 private:
  struct Link {  // a link bucketed under its input element
    std::uint32_t out_element;
    std::uint16_t position;
    std::uint8_t role;
  };
  struct Input {
    std::string id;
    std::int64_t numel = 0;
    std::size_t first_key = 0;  // its element e is the index's key first_key + e
  };

  int input_slot(const std::string& id) const;
  std::uint8_t role_slot(const std::string& role);
  void add_slot(int position, std::int64_t element, int input, std::int64_t in_element, std::uint8_t role);
  void give_up();
  void finished();

  std::vector<Input> inputs_;
  std::vector<std::string> roles_;  // role names, by slot
  InvertedIndex<Link> index_;       // every input element's readers (core/inverted_index.hpp)
  bool finished_ = false, gave_up_ = false, tracing_ = false;
  // Tracing: the output elements per position, the next one, and each source argument's input
  // slot by (param, item), looked up once.
  std::vector<std::int64_t> numels_;
  std::size_t position_ = 0;
  std::int64_t next_ = 0, traced_ = 0, total_ = 0;
  std::vector<std::pair<std::pair<int, int>, int>> slots_by_param_;
  mutable std::vector<Reach> answer_;
  mutable std::pair<std::string, std::int64_t> answered_{"", -1};
};

}  // namespace whence::web
