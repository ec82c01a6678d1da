// provenance.cpp - the cells of a program's tensors and how they compose (provenance.hpp).
#include "core/program/provenance.hpp"

#include <algorithm>
#include <deque>
#include <numeric>

#include "core/budget.hpp"

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
    for (std::size_t flat = 0; flat < sources.size(); ++flat) take(sources[flat]);
  }
  while (!pending.empty()) {
    const Cell c = pending.back();
    pending.pop_back();
    take(node(c.node).sources[std::size_t(c.flat)]);
  }
  return read;
}

std::vector<Provenance::Reached> Provenance::trace(const Cell& start) {
  std::vector<Reached> out;
  std::map<Cell, std::size_t> seen{{start, SIZE_MAX}};
  std::deque<std::size_t> queue;
  auto visit = [&](const Cell& from_cell, Role from_role, int depth) {
    const std::vector<Edge>& edges = visible_sources(from_cell);
    charge_work(std::int64_t(edges.size()) + 1);
    for (const Edge& e : edges) {
      const Role role = compose(from_role, e.role);
      auto [it, fresh] = seen.emplace(e.cell, out.size());
      if (!fresh) {
        if (it->second != SIZE_MAX && role == Role::Value) out[it->second].role = Role::Value;
        continue;
      }
      out.push_back(Reached{e.cell, role, depth});
      queue.push_back(out.size() - 1);
    }
  };
  visit(start, Role::Value, 1);
  while (!queue.empty()) {
    const Reached r = out[queue.front()];
    queue.pop_front();
    visit(r.cell, r.role, r.depth + 1);
  }
  return out;
}

std::vector<Provenance::Reached> Provenance::reach(const Cell& start) {
  if (!readers_.finished()) {  // every visible cell's readers, once per run (core/inverted_index.hpp)
    first_key_.assign(nodes_.size() + 1, 0);
    for (int id = 0; id < size(); ++id)
      first_key_[std::size_t(id) + 1] = first_key_[std::size_t(id)] + std::size_t(node(id).tensor.numel());
    readers_.reset(first_key_.back());
    for (int id = 0; id < size(); ++id) {
      if (!node(id).visible()) continue;
      for (std::int64_t flat = 0; flat < std::int64_t(node(id).sources.size()); ++flat) {
        const std::vector<Edge>& edges = visible_sources(Cell{id, flat});
        charge_work(std::int64_t(edges.size()) + 1);
        for (const Edge& e : edges) readers_.add(key(e.cell), Cell{id, flat});
      }
    }
    readers_.finish();
  }
  std::vector<Reached> out;
  std::map<Cell, bool> seen{{start, true}};
  std::deque<std::size_t> queue;
  auto visit = [&](const Cell& from, int depth) {
    if (from.flat >= node(from.node).tensor.numel()) return;
    const auto [first, last] = readers_.readers(key(from));
    for (const Cell* r = first; r != last; ++r) {
      const Cell& reader = *r;
      if (!seen.emplace(reader, true).second) continue;
      // How `from` takes part in this reader: its role among the reader's sources.
      Role role = Role::Value;
      const std::vector<Edge>& edges = visible_sources(reader);
      charge_work(std::int64_t(edges.size()) + 1);
      for (const Edge& e : edges)
        if (e.cell == from) role = e.role;
      out.push_back(Reached{reader, role, depth});
      queue.push_back(out.size() - 1);
    }
  };
  visit(start, 1);
  while (!queue.empty()) {
    const Reached r = out[queue.front()];
    queue.pop_front();
    visit(r.cell, r.depth + 1);
  }
  return out;
}

}  // namespace whence
