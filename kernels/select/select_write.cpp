// select_write.cpp - the engine of the ops that write into a copy of their input
// (kernels/select/select_write.hpp): the result from an op's list of writes, and each output
// element's sources and equation, read from the writes that landed on it.
//
// Sources follow from perturbing one input element at a time, as the goldens do
// (tests/golden/README.md, "Select family"): a value element is a source when changing it
// changes the output element; an index element is a source when moving its writes elsewhere
// changes the output element. So with several writes to one place (scatter with duplicate
// indices) only the write that stays counts, and an index element counts only if the write
// that stays after it left holds another element (two fills of the same number are a tie).
#include "kernels/select/select_write.hpp"

#include <algorithm>
#include <cmath>
#include <deque>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace whence {

void WritePlan::write(std::int64_t out, std::int64_t value, std::initializer_list<Sender> senders) {
  writes.push_back(Write{out, value, std::int32_t(sent.size()), std::int32_t(senders.size())});
  sent.insert(sent.end(), senders.begin(), senders.end());
}
void WritePlan::write(std::int64_t out, std::int64_t value, const std::vector<Sender>& senders) {
  writes.push_back(Write{out, value, std::int32_t(sent.size()), std::int32_t(senders.size())});
  sent.insert(sent.end(), senders.begin(), senders.end());
}

namespace {

struct WriteSpec {
  WritePrepare prepare;
  WriteFast fast;
};
const WriteSpec& write_spec(const Bound& b) { return *static_cast<const WriteSpec*>(b.op->family_data); }
WritePrepare prepare_of(const Bound& b) { return write_spec(b).prepare; }

// The writes of each output element, in order (counting sort by output element: stable).
void index_writes(WritePlan& p) {
  const std::int64_t n = shape_numel(p.shape);
  p.start.assign(std::size_t(n + 1), 0);
  for (const Write& w : p.writes) ++p.start[std::size_t(w.out + 1)];
  for (std::int64_t i = 0; i < n; ++i) p.start[std::size_t(i + 1)] += p.start[std::size_t(i)];
  p.ids.assign(p.writes.size(), 0);
  std::vector<std::int32_t> next(p.start.begin(), p.start.end() - 1);
  for (std::size_t w = 0; w < p.writes.size(); ++w)
    p.ids[std::size_t(next[std::size_t(p.writes[w].out)]++)] = std::int32_t(w);
}

WritePlan prepare_indexed(const Bound& b) {
  WritePlan p = prepare_of(b)(b);
  index_writes(p);
  return p;
}

struct Ctx {
  const Bound& b;
  const WritePlan& p;
  const Tensor& in;
  Tensor values;  // the value tensor, or undefined
  Ctx(const Bound& b_, const WritePlan& p_) : b(b_), p(p_), in(tensor_arg(b_, "input")) {
    if (p.value_param >= 0) values = b.tensor(std::size_t(p.value_param));
  }
  std::int64_t self_flat(std::int64_t o) const { return p.self_of.empty() ? o : p.self_of[std::size_t(o)]; }
  Scalar self_value(std::int64_t o) const { return in.get(self_flat(o)); }
  Scalar value(const Write& w) const { return w.value >= 0 ? values.get(w.value) : p.fill; }
  // The writes landing on output element o, in order, into `ws` (reused: no allocation per
  // element once it has grown).
  void writes_of(std::int64_t o, std::vector<const Write*>& ws) const {
    ws.clear();
    for (std::int32_t i = p.start[std::size_t(o)]; i < p.start[std::size_t(o + 1)]; ++i)
      ws.push_back(&p.writes[std::size_t(p.ids[std::size_t(i)])]);
  }
  std::vector<const Write*> writes_of(std::int64_t o) const {
    std::vector<const Write*> ws;
    writes_of(o, ws);
    return ws;
  }
  bool sent_by(const Write& w, const Sender& s) const {
    for (std::int32_t i = 0; i < w.senders; ++i) {
      const Sender& t = p.sent[std::size_t(w.first_sender + i)];
      if (t.param == s.param && t.item == s.item && t.flat == s.flat) return true;
    }
    return false;
  }
};

// One output element from the input element it starts with and the writes that land on it.
Scalar combine(const Ctx& c, std::int64_t o, const std::vector<const Write*>& ws) {
  const WritePlan& p = c.p;
  const DType d = p.dtype;
  const Scalar self = c.self_value(o);
  if (ws.empty()) return self;
  switch (p.combine) {
    case Combine::Copy: return c.value(*ws.back());
    case Combine::Add: {
      Scalar acc = p.include_self ? self : Scalar::from_int(0);
      for (const Write* w : ws) acc = add_scaled_in(d, acc, c.value(*w), p.alpha);
      return acc;
    }
    case Combine::Mul: {
      Scalar acc = p.include_self ? self : Scalar::from_int(1);
      for (const Write* w : ws) acc = step_in(d, Step::Mul, acc, c.value(*w));
      return acc;
    }
    case Combine::Mean: {
      Scalar acc = p.include_self ? self : Scalar::from_int(0);
      for (const Write* w : ws) acc = step_in(d, Step::Add, acc, c.value(*w));
      return mean_in(d, acc, std::int64_t(ws.size()) + (p.include_self ? 1 : 0));
    }
    case Combine::Max:
    case Combine::Min: {
      const Step s = p.combine == Combine::Max ? Step::Max : Step::Min;
      Scalar acc = p.include_self ? self : c.value(*ws.front());
      for (std::size_t i = p.include_self ? 0 : 1; i < ws.size(); ++i) acc = step_in(d, s, acc, c.value(*ws[i]));
      return acc;
    }
  }
  return self;
}

OpResult write_run(const Bound& b) {
  if (Tensor out; write_spec(b).fast && write_spec(b).fast(b, out)) {
    OpResult r;
    r.tensors.push_back(out);
    return r;
  }
  WritePlan p = prepare_indexed(b);
  Tensor out = Tensor::empty(p.dtype, p.shape);
  {
    const Ctx c(b, p);
    std::vector<const Write*> ws;
    for (std::int64_t o = 0; o < out.numel(); ++o) {
      c.writes_of(o, ws);
      out.set(o, combine(c, o, ws));
    }
  }
  OpResult r;
  r.tensors.push_back(out);
  keep_prepared(b, r, std::move(p));
  return r;
}

// Whether output element o would change if the writes sent by s left it (on distinct surrogate
// values, except amax/amin, which compare the real values).
bool removal_changes(const Ctx& c, std::int64_t o, const std::vector<const Write*>& ws, const Sender& s,
                     const Scalar& result) {
  std::vector<const Write*> kept;
  for (const Write* w : ws)
    if (!c.sent_by(*w, s)) kept.push_back(w);
  if (kept.size() == ws.size()) return false;
  const WritePlan& p = c.p;
  const bool real = p.combine == Combine::Max || p.combine == Combine::Min;
  if (!p.include_self && kept.empty())
    return !real || !same_value(c.self_value(o), result);  // back to the input element
  switch (p.combine) {
    case Combine::Copy: {
      const std::int64_t before = ws.back()->value, after = kept.empty() ? -2 : kept.back()->value;
      return before != after;  // -1 is the fill number, -2 the input element
    }
    case Combine::Add: return p.alpha.as_double() != 0 && (p.value_param >= 0 || p.fill.as_double() != 0);
    case Combine::Mul:
      if (p.value_param >= 0) return true;
      return std::pow(p.fill.as_double(), double(ws.size())) != std::pow(p.fill.as_double(), double(kept.size()));
    case Combine::Mean: return true;
    case Combine::Max:
    case Combine::Min: return !same_value(combine(c, o, kept), result);
  }
  return true;
}

std::vector<Source> write_explain(const Bound& b, const OpResult& r, int, std::int64_t o) {
  const WritePlan& p = prepared_for(b, r, prepare_indexed);
  const Ctx c(b, p);
  const std::vector<const Write*> ws = c.writes_of(o);
  const Scalar result = r.tensors[0].get(o);
  std::vector<Source> src;
  const int input = b.op->param_index("input");
  auto add = [&](Source s) {
    for (const Source& t : src)
      if (t.param == s.param && t.flat == s.flat && t.item == s.item) return;
    src.push_back(s);
  };
  if (p.mask_counts && !ws.empty()) {
    // every mask element covering a position up to o: flipping it moves the count of Trues
    // before o, so another source element lands here (found once each, without a search)
    std::vector<bool> seen(std::size_t(b.tensor(std::size_t(p.mask_param)).numel()), false);
    for (std::int64_t q = 0; q <= o; ++q) {
      const std::int64_t m = p.mask_of[std::size_t(q)];
      if (!seen[std::size_t(m)]) src.push_back(Source{p.mask_param, m, Role::Mask});
      seen[std::size_t(m)] = true;
    }
  } else if (p.mask_param >= 0) {
    add(Source{p.mask_param, p.mask_of[std::size_t(o)], Role::Mask});
  }
  const Source self{input, c.self_flat(o), Role::Value};
  if (ws.empty()) {
    add(self);
    return src;
  }
  // value sources
  switch (p.combine) {
    case Combine::Copy:
      if (ws.back()->value >= 0) add(Source{p.value_param, ws.back()->value, Role::Value});
      break;
    case Combine::Add:
    case Combine::Mean:
      if (p.include_self) add(self);
      if (p.alpha.as_double() != 0 && p.value_param >= 0)
        for (const Write* w : ws) add(Source{p.value_param, w->value, Role::Value});
      break;
    case Combine::Mul:
      if (p.include_self && (p.value_param >= 0 || p.fill.as_double() != 0)) add(self);
      if (p.value_param >= 0)
        for (const Write* w : ws) add(Source{p.value_param, w->value, Role::Value});
      break;
    case Combine::Max:
    case Combine::Min: {
      // the members equal to the result won (all of them when tied; the NaNs when it is NaN)
      auto role = [&](const Scalar& v) { return same_value(v, result) ? Role::Value : Role::Compare; };
      if (p.include_self) add(Source{input, c.self_flat(o), role(c.self_value(o))});
      for (const Write* w : ws) add(Source{p.value_param, w->value, role(c.value(*w))});
      break;
    }
  }
  // index sources
  for (const Write* w : ws)
    for (std::int32_t i = 0; i < w->senders; ++i) {
      const Sender& s = p.sent[std::size_t(w->first_sender + i)];
      bool seen = false;
      for (const Source& t : src) seen = seen || (t.param == s.param && t.item == s.item && t.flat == s.flat);
      if (!seen && removal_changes(c, o, ws, s, result)) src.push_back(Source{s.param, s.flat, Role::Index, s.item});
    }
  return src;
}

// --- equations -----------------------------------------------------------------------------

std::string sender_text(const Bound& b, const WritePlan& p, const Write& w) {
  std::string s;
  for (std::int32_t i = 0; i < w.senders; ++i) {
    const Sender& t = p.sent[std::size_t(w.first_sender + i)];
    if (t.param == p.mask_param) continue;
    s += (s.empty() ? "" : ", ") + element_ref(b, t.param, t.flat, t.item) + " = " +
         element_value(b, t.param, t.flat, t.item);
  }
  return s;
}

std::string write_equation(const Bound& b, const OpResult& r, int position, std::int64_t o,
                           const std::vector<Source>&) {
  const WritePlan& p = prepared_for(b, r, prepare_indexed);
  const Ctx c(b, p);
  const std::vector<const Write*> ws = c.writes_of(o);
  const std::string lhs = out_ref(r, position, o), value = out_value(r, position, o);
  const int input = b.op->param_index("input");
  const std::string self_ref = element_ref(b, input, c.self_flat(o)), self_val = format_scalar(c.self_value(o));
  auto ref = [&](const Write& w) {
    return w.value >= 0 ? element_ref(b, p.value_param, w.value)
                        : (p.value_param >= 0 ? "value" : format_scalar(p.fill));
  };
  auto val = [&](const Write& w) {
    const std::string v = format_scalar(c.value(w));
    return v[0] == '-' ? "(" + v + ")" : v;
  };
  std::string mask;
  if (p.mask_param >= 0) {
    const std::int64_t m = p.mask_of[std::size_t(o)];
    mask = element_ref(b, p.mask_param, m) + " = " + element_value(b, p.mask_param, m);
  }
  if (ws.empty()) {
    if (!mask.empty()) return lhs + " = " + self_ref + " = " + value + "  (" + mask + ": kept)";
    return lhs + " = " + self_ref + " = " + value + "  (nothing was written here: the input element stays)";
  }
  auto senders = [&](std::size_t from) {
    std::string s;
    for (std::size_t i = from; i < ws.size(); ++i) {
      const std::string t = sender_text(b, p, *ws[i]);
      if (!t.empty()) s += (s.empty() ? "" : "; ") + t;
    }
    return s;
  };
  if (p.combine == Combine::Copy) {
    const Write& w = *ws.back();
    bool same = true;  // every write carries the same element (index_fill, a broadcast value)
    for (const Write* x : ws) same = same && x->value == w.value;
    std::string why = !mask.empty() ? mask + ": filled" : sender_text(b, p, w) + " sent it";
    if (p.mask_counts)
      why = mask + ": the " + ordinal(w.value + 1) + " True in row-major order takes the " + ordinal(w.value + 1) +
            " element of " + b.op->params[std::size_t(p.value_param)].name;
    if (ws.size() > 1 && same)
      why = senders(0) + " all wrote the same value here";
    else if (ws.size() > 1)
      why += "; " + std::to_string(ws.size()) +
             " writes landed here and the last one stays, so the result depends on the write order";
    const std::string r_ = ref(w);
    return lhs + " = " + (r_ == value ? value : r_ + " = " + value) + "  (" + why + ")";
  }
  const bool self_in = p.include_self;
  const std::size_t n = ws.size() + (self_in ? 1 : 0);
  const std::string scale =
      p.combine == Combine::Add && p.alpha.as_double() != 1 ? format_scalar(p.alpha) + "·" : "";  // index_add's alpha
  auto term_ref = [&](std::size_t i) {
    if (self_in && i == 0) return self_ref;
    return scale + ref(*ws[i - (self_in ? 1 : 0)]);
  };
  auto term_val = [&](std::size_t i) {
    if (self_in && i == 0) return self_val[0] == '-' ? "(" + self_val + ")" : self_val;
    return scale + val(*ws[i - (self_in ? 1 : 0)]);
  };
  std::string body;
  switch (p.combine) {
    case Combine::Add: body = join_terms(n, term_ref, " + ") + " = " + join_terms(n, term_val, " + "); break;
    case Combine::Mul: body = join_terms(n, term_ref, " · ") + " = " + join_terms(n, term_val, " · "); break;
    case Combine::Mean:
      body = "(" + join_terms(n, term_ref, " + ") + ") / " + std::to_string(n) + " = (" +
             join_terms(n, term_val, " + ") + ") / " + std::to_string(n);
      break;
    case Combine::Max:
    case Combine::Min: {
      const std::string f = p.combine == Combine::Max ? "max" : "min";
      body = f + "(" + join_terms(n, term_ref, ", ") + ") = " + f + "(" + join_terms(n, term_val, ", ") + ")";
      break;
    }
    case Combine::Copy: break;
  }
  const std::string who = senders(0);
  return lhs + " = " + body + " = " + value + (who.empty() ? "" : "  (sent by " + who + ")");
}

}  // namespace

const OpDescriptor& write_op(std::vector<const OpDescriptor*>& t, const char* names, const char* summary,
                             const char* example, std::vector<Param> params, WritePrepare prepare, WriteFast fast) {
  static std::deque<WriteSpec> specs;
  specs.push_back(WriteSpec{prepare, fast});
  return add_op(t, composite_op(names, "select", summary, example, std::move(params), write_run, write_explain,
                                write_equation, &specs.back()));
}

}  // namespace whence
