// provenance.hpp - where every element of every tensor of a program comes from, through
// views and in-place writes. Each tensor an op, a literal or a write produces is a node; its
// elements are cells; a cell's sources are cells of earlier nodes (the op's relations, read
// through the argument tensors as they were when the op ran). A storage remembers which cell
// last wrote each of its elements, so a view read after a write through another view sees
// the write, as Python does.
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/inverted_index.hpp"
#include "core/registry.hpp"

namespace whence {

// The same tensor object's view: storage, offset, dtype, shape and strides all equal.
bool same_tensor(const Tensor& a, const Tensor& b);

// 8 bytes: a program holds up to a million elements (kMaxProgramElements), so an element's
// place in its tensor fits 32 bits; an Edge is 12 bytes, and a session's million edges half the
// memory they took at 24.
struct Cell {
  Cell() = default;
  Cell(int node_, std::int64_t flat_) : node(node_), flat(std::int32_t(flat_)) {}
  int node = -1;
  std::int32_t flat = 0;
  bool operator<(const Cell& o) const { return node != o.node ? node < o.node : flat < o.flat; }
  bool operator==(const Cell& o) const { return node == o.node && flat == o.flat; }
};

struct Edge {
  Cell cell;
  Role role = Role::Value;
};

// A node's sources, element by element, in two flat arrays (one allocation per node, not one
// per element): element i's edges are edges[starts[i], starts[i + 1]). Filled in element
// order: `add` the element's edges, then `next`.
class SourceTable {
 public:
  struct Span {
    const Edge* first = nullptr;
    const Edge* last = nullptr;
    const Edge* begin() const { return first; }
    const Edge* end() const { return last; }
    std::size_t size() const { return std::size_t(last - first); }
    const Edge& operator[](std::size_t i) const { return first[i]; }
  };
  void reserve(std::size_t elements, std::size_t edges) {
    starts_.reserve(starts_.size() + elements);
    edges_.reserve(edges_.size() + edges);
  }
  void add(const Edge& e) {
    edges_.push_back(e);
    if (e.cell.node == last_node_) return;
    last_node_ = e.cell.node;
    if (nodes_known_ && std::find(nodes_.begin(), nodes_.end(), e.cell.node) == nodes_.end()) {
      nodes_.push_back(e.cell.node);
      nodes_known_ = nodes_.size() <= kMaxNodes;
    }
  }
  void next() { starts_.push_back(std::uint32_t(edges_.size())); }
  // `elements` elements without sources (a literal, a node of an untracked run).
  void add_empty(std::size_t elements) { starts_.resize(starts_.size() + elements, std::uint32_t(edges_.size())); }
  std::size_t size() const { return starts_.size() - 1; }
  bool empty() const { return size() == 0; }
  std::size_t edge_count() const { return edges_.size(); }
  Span operator[](std::size_t i) const { return {edges_.data() + starts_[i], edges_.data() + starts_[i + 1]}; }
  // The nodes the edges read, each once; null when there are more than kMaxNodes (a tensor
  // many writes made), and then the edges themselves say.
  const std::vector<int>* nodes_read() const { return nodes_known_ ? &nodes_ : nullptr; }

 private:
  static constexpr std::size_t kMaxNodes = 64;
  std::vector<std::uint32_t> starts_{0};
  std::vector<Edge> edges_;
  std::vector<int> nodes_;
  int last_node_ = -1;
  bool nodes_known_ = true;
};

struct Evaluation;

struct ProvenanceNode {
  Tensor tensor;  // the live tensor: its identity (storage, offset, shape, strides)
  // The op call that made it (result `position` of it), kept for its elements' equations, and
  // the version of every tensor that call read or made: a later in-place write changes the
  // values the equation would show, so it is no longer the step's.
  std::shared_ptr<const Evaluation> made_by;
  int position = 0;
  std::vector<std::uint64_t> versions;
  int statement = 0;    // index of the statement that made it
  std::string name;     // the program name it is shown as; "" for a temporary
  std::string literal;  // torch.tensor(...) text for a literal leaf, else ""
  SourceTable sources;  // per element, when tracked
  bool visible() const { return !name.empty() || !literal.empty(); }
};

class Provenance {
 public:
  explicit Provenance(bool track) : track_(track) {}
  bool tracking() const { return track_; }

  // A new node for `t` made by statement `statement`; returns its id.
  int add(const Tensor& t, int statement);
  ProvenanceNode& node(int id) { return nodes_[std::size_t(id)]; }
  const ProvenanceNode& node(int id) const { return nodes_[std::size_t(id)]; }
  int size() const { return int(nodes_.size()); }

  // The newest node whose tensor is `t` itself (same storage, offset, shape, strides, dtype).
  int find(const Tensor& t) const;
  // The cell each element of `t` reads now: the last write to its storage element if that
  // came after t's node, else t's node's own cell; all nullopt for a tensor no node made (a
  // Python number PyTorch wrapped). The node is looked up once for all elements.
  std::vector<std::optional<Cell>> cells(const Tensor& t) const;
  std::optional<Cell> resolve(const Tensor& t, std::int64_t flat) const { return cells(t)[std::size_t(flat)]; }
  // Records that node `id` (whose tensor is a view of existing storage) wrote the elements
  // `which` marks: a later read of those storage elements, through any view, reads them.
  void wrote(int id, const std::vector<bool>& which);

  // The sources of a cell expressed in visible cells only: temporaries of a statement (a
  // nested call's result) are composed through. The role of a path is its first non-value
  // role; a cell reached both as value and otherwise is value.
  const std::vector<Edge>& visible_sources(const Cell& c);

  // The visible nodes the elements of nodes `ids` read, through temporaries: the nodes of
  // their visible_sources, found by walking the raw sources once (nothing composed or kept).
  std::set<int> visible_nodes_read(const std::vector<int>& ids) const;

  // Every visible cell `start` depends on (backward) or reaches (forward), transitively, with
  // the number of visible steps between them.
  struct Reached {
    Cell cell;
    Role role;
    int depth;
  };
  std::vector<Reached> trace(const Cell& start);
  std::vector<Reached> reach(const Cell& start);

 private:
  // A number per cell, for one traversal: a vector per node, made when the traversal first
  // touches that node (a trace touches few of a long program's nodes, and most of a few).
  class CellMarks {
   public:
    explicit CellMarks(const Provenance& p) : p_(p), marks_(p.nodes_.size()) {}
    std::uint32_t& operator[](const Cell& c) {
      std::vector<std::uint32_t>& m = marks_[std::size_t(c.node)];
      if (m.empty()) m.assign(std::size_t(p_.node(c.node).tensor.numel()), 0);
      return m[std::size_t(c.flat)];
    }

   private:
    const Provenance& p_;
    std::vector<std::vector<std::uint32_t>> marks_;
  };
  // Calls f(cell, role) for each visible source of cell c's raw sources, composing through
  // temporaries depth first in edge order (the order visible_sources lists them), each edge's
  // role composed with `role`. A cell may come more than once (x * x reads x[i] twice). A
  // temporary's cell is walked again only for a better role: `walked` holds, per temporary
  // cell, `pass` * 2 + 1 once walked as value, `pass` * 2 once walked otherwise (marks of an
  // earlier pass count as unwalked), so one CellMarks serves many passes.
  template <class F>
  void each_visible_source(const Cell& c, Role role, CellMarks& walked, std::uint32_t pass, F&& f) const;

  bool track_;
  std::vector<ProvenanceNode> nodes_;
  // Per storage, the cell that last wrote each element (node -1: none since it was made).
  std::map<const void*, std::vector<Cell>> writers_;
  std::map<Cell, std::vector<Edge>> composed_;
  // reach: the visible cells reading each cell (with the role it reads it in), keyed by
  // first_key_[node] + flat
  // packed in 32 bits: the reader's key * 8 + the role (a program's keys stay under 2**20).
  InvertedIndex<std::uint32_t> readers_;
  std::vector<std::size_t> first_key_;
  std::size_t key(const Cell& c) const { return first_key_[std::size_t(c.node)] + std::size_t(c.flat); }
  Cell cell_of(std::size_t key) const;
};

}  // namespace whence
