// provenance.cpp - the cells of a program's tensors and how they compose (provenance.hpp).
#include "core/program/provenance.hpp"

#include <algorithm>
#include <numeric>

#include "core/budget.hpp"
#include "core/error.hpp"

namespace whence {

bool same_tensor(const Tensor& a, const Tensor& b) {
  return a.storage_id() == b.storage_id() && a.offset() == b.offset() && a.dtype() == b.dtype() &&
         a.shape() == b.shape() && a.strides() == b.strides();
}

namespace {

// The role of a path: its first non-value edge decides how the far cell takes part.
Role compose(Role near, Role far) { return near != Role::Value ? near : far; }

// Keeps the first edge to each cell, in order; a cell reached both as value and otherwise is
// value. Sorting positions by cell makes it n log n: a sum over 65,536 elements composed
// through a temporary lists each once without comparing every pair.
void keep_first_of_each_cell(std::vector<Edge>& edges) {
  const std::size_t n = edges.size();
  if (n < 2) return;
  std::vector<std::uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(),
                   [&edges](std::uint32_t a, std::uint32_t b) { return edges[a].cell < edges[b].cell; });
  std::vector<char> dropped(n, 0);
  for (std::size_t i = 1; i < n; ++i) {
    Edge& first = edges[order[i - 1]];
    Edge& again = edges[order[i]];
    if (!(again.cell == first.cell)) continue;
    if (again.role == Role::Value) first.role = Role::Value;
    dropped[order[i]] = 1;
    order[i] = order[i - 1];  // the run's first edge stays the one later duplicates update
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (!dropped[i]) edges[kept++] = edges[i];
  edges.resize(kept);
}

}  // namespace

int Provenance::add(const Tensor& t, int statement) {
  ProvenanceNode n;
  n.tensor = t;
  n.statement = statement;
  if (track_) n.sources.add_empty(std::size_t(t.numel()));
  nodes_.push_back(std::move(n));
  return int(nodes_.size()) - 1;
}

int Provenance::find(const Tensor& t) const {
  if (!t.defined()) return -1;
  for (int id = int(nodes_.size()) - 1; id >= 0; --id)
    if (same_tensor(nodes_[std::size_t(id)].tensor, t)) return id;
  return -1;
}

std::vector<std::optional<Cell>> Provenance::cells(const Tensor& t) const {
  std::vector<std::optional<Cell>> out(std::size_t(t.numel()));
  const int id = find(t);
  if (id < 0) return out;
  const auto w = writers_.find(t.storage_id());
  for (std::int64_t flat = 0; flat < t.numel(); ++flat) {
    out[std::size_t(flat)] = Cell{id, flat};
    if (w == writers_.end()) continue;
    const Cell& last = w->second[std::size_t(t.storage_index(flat))];
    if (last.node > id) out[std::size_t(flat)] = last;
  }
  return out;
}

void Provenance::wrote(int id, const std::vector<bool>& which) {
  const Tensor& t = node(id).tensor;
  auto& cells = writers_[t.storage_id()];
  if (cells.empty()) cells.assign(t.storage_bytes() / dtype_size(t.dtype()), Cell{-1, 0});
  for (std::int64_t flat = 0; flat < t.numel(); ++flat)
    if (which[std::size_t(flat)]) cells[std::size_t(t.storage_index(flat))] = Cell{id, flat};
}

const std::vector<Edge>& Provenance::visible_sources(const Cell& c) {
  if (auto it = composed_.find(c); it != composed_.end()) return it->second;
  std::vector<Edge> out;
  const ProvenanceNode& n = node(c.node);
  if (std::size_t(c.flat) < n.sources.size())
    for (const Edge& e : n.sources[std::size_t(c.flat)]) {
      if (node(e.cell.node).visible()) {
        out.push_back(e);
        continue;
      }
      const std::vector<Edge>& far = visible_sources(e.cell);  // a std::map's entries stay put
      for (const Edge& f : far) out.push_back(Edge{f.cell, compose(e.role, f.role)});
    }
  charge_work(std::int64_t(out.size()) + 1);
  keep_first_of_each_cell(out);
  charge_kept_bytes(std::int64_t(sizeof(Edge) * out.size() + sizeof(Cell) + sizeof(std::vector<Edge>)) +
                    32);  // a map node
  return composed_[c] = std::move(out);
}

std::set<int> Provenance::visible_nodes_read(const std::vector<int>& ids) const {
  std::set<int> read;
  std::vector<std::vector<char>> walked(nodes_.size());  // per temporary node, the cells walked
  std::vector<Cell> pending;
  auto take = [&](SourceTable::Span edges) {
    charge_work(std::int64_t(edges.size()) + 1);
    for (const Edge& e : edges) {
      const ProvenanceNode& far = node(e.cell.node);
      if (far.visible()) {
        read.insert(e.cell.node);
        continue;
      }
      std::vector<char>& cells = walked[std::size_t(e.cell.node)];
      if (cells.empty()) cells.assign(far.sources.size(), 0);
      if (std::size_t(e.cell.flat) >= cells.size() || cells[std::size_t(e.cell.flat)]) continue;
      cells[std::size_t(e.cell.flat)] = 1;
      pending.push_back(e.cell);
    }
  };
  for (const int id : ids) {
    if (id < 0) continue;
    const SourceTable& sources = node(id).sources;
    // A node that reads visible nodes only reads exactly those: no edge needs walking.
    const std::vector<int>* direct = sources.nodes_read();
    if (direct && std::all_of(direct->begin(), direct->end(), [this](int n) { return node(n).visible(); })) {
      read.insert(direct->begin(), direct->end());
      continue;
    }
    for (std::size_t flat = 0; flat < sources.size(); ++flat) take(sources[flat]);
  }
  while (!pending.empty()) {
    const Cell c = pending.back();
    pending.pop_back();
    take(node(c.node).sources[std::size_t(c.flat)]);
  }
  return read;
}

template <class F>
void Provenance::each_visible_source(const Cell& c, Role role, CellMarks& walked, std::uint32_t pass, F&& f) const {
  struct Frame {
    const Edge* next;
    const Edge* end;
    Role role;
  };
  auto raw = [this](const Cell& at) {
    const SourceTable& s = node(at.node).sources;
    return std::size_t(at.flat) < s.size() ? s[std::size_t(at.flat)] : SourceTable::Span{};
  };
  const SourceTable::Span first = raw(c);
  charge_work(std::int64_t(first.size()) + 1);
  std::vector<Frame> stack{{first.first, first.last, role}};
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next == top.end) {
      stack.pop_back();
      continue;
    }
    const Edge& e = *top.next++;
    const Role r = compose(top.role, e.role);
    if (node(e.cell.node).visible()) {
      f(e.cell, r);
      continue;
    }
    std::uint32_t& mark = walked[e.cell];
    const std::uint32_t want = pass * 2 + (r == Role::Value ? 1 : 0);
    if (mark / 2 == pass && mark >= want) continue;  // walked this pass, with a role as good
    mark = want;
    const SourceTable::Span far = raw(e.cell);
    charge_work(std::int64_t(far.size()) + 1);
    stack.push_back(Frame{far.first, far.last, r});  // `top` is not used past here
  }
}

std::vector<Provenance::Reached> Provenance::trace(const Cell& start) {
  // Breadth first over visible cells; each one's sources come through its temporaries (walked
  // once per trace: what a second walk would find is already seen). seen: 1 + the cell's index
  // in `out` (the start: no index).
  std::vector<Reached> out;
  CellMarks seen(*this), walked(*this);
  constexpr std::uint32_t kStart = UINT32_MAX;
  seen[start] = kStart;
  auto visit = [&](const Cell& from_cell, Role from_role, int depth) {
    each_visible_source(from_cell, from_role, walked, 1, [&](const Cell& cell, Role role) {
      std::uint32_t& at = seen[cell];
      if (at == 0) {
        out.push_back(Reached{cell, role, depth});
        at = std::uint32_t(out.size());
      } else if (at != kStart && role == Role::Value) {
        out[at - 1].role = Role::Value;
      }
    });
  };
  visit(start, Role::Value, 1);
  for (std::size_t next = 0; next < out.size(); ++next) {  // `out` is the queue
    const Reached r = out[next];
    visit(r.cell, r.role, r.depth + 1);
  }
  return out;
}

Cell Provenance::cell_of(std::size_t key) const {
  const auto after = std::upper_bound(first_key_.begin(), first_key_.end(), key);
  const std::size_t node = std::size_t(after - first_key_.begin()) - 1;
  return Cell{int(node), std::int64_t(key - first_key_[node])};
}

std::vector<Provenance::Reached> Provenance::reach(const Cell& start) {
  if (!readers_.finished()) {  // every visible cell's readers, once per run (core/inverted_index.hpp)
    first_key_.assign(nodes_.size() + 1, 0);
    for (int id = 0; id < size(); ++id)
      first_key_[std::size_t(id) + 1] = first_key_[std::size_t(id)] + std::size_t(node(id).tensor.numel());
    if (first_key_.back() >= (std::size_t(1) << 29))  // a reader's key * 8 + role fits 32 bits
      fail("Unsupported", "reach follows up to 2**29 elements of a program");
    readers_.reset(first_key_.back());
    std::size_t edges = 0;  // at least one link per edge
    for (int id = 0; id < size(); ++id)
      if (node(id).visible()) edges += node(id).sources.edge_count();
    readers_.reserve(edges);
    CellMarks walked(*this);
    std::uint32_t pass = 0;  // one per reading cell: its temporaries are walked afresh
    for (int id = 0; id < size(); ++id) {
      if (!node(id).visible()) continue;
      for (std::int64_t flat = 0; flat < std::int64_t(node(id).sources.size()); ++flat) {
        const Cell reader{id, flat};
        const std::uint32_t packed = std::uint32_t(key(reader)) * 8;
        each_visible_source(reader, Role::Value, walked, ++pass, [&](const Cell& cell, Role role) {
          readers_.add(key(cell), packed + std::uint32_t(role));
        });
      }
    }
    readers_.finish();
  }
  // A reader reading `from` on several paths is listed once per path, in its sources' order:
  // its role is the first path's, or value if any path is.
  std::vector<Reached> out;
  CellMarks seen(*this);
  constexpr std::uint32_t kStart = UINT32_MAX;
  seen[start] = kStart;
  auto visit = [&](const Cell& from, int depth) {
    if (from.flat >= node(from.node).tensor.numel()) return;
    const auto [first, last] = readers_.readers(key(from));
    const std::size_t visit_start = out.size();
    for (const std::uint32_t* r = first; r != last; ++r) {
      const Cell reader = cell_of(*r / 8);
      const Role role = Role(*r % 8);
      std::uint32_t& at = seen[reader];
      if (at == 0) {
        out.push_back(Reached{reader, role, depth});
        at = std::uint32_t(out.size());
      } else if (at != kStart && at > visit_start && role == Role::Value) {
        out[at - 1].role = Role::Value;  // another path from `from` to the same reader
      }
    }
  };
  visit(start, 1);
  for (std::size_t next = 0; next < out.size(); ++next) {
    const Reached r = out[next];
    visit(r.cell, r.depth + 1);
  }
  return out;
}

}  // namespace whence
