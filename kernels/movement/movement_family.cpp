// movement_family.cpp - run, explain and equation of the movement family (movement_family.hpp).
#include "kernels/movement/movement_family.hpp"

#include <algorithm>
#include <deque>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"

namespace whence {

namespace {

const MovementSpec& movement_spec(const Bound& b) { return *static_cast<const MovementSpec*>(b.op->family_data); }

// Where a proxy's ids start: the tensor argument (param, list item) whose element f has id base + f.
struct ProxySlot {
  int param;
  int item;
  std::int64_t base;
};
struct Proxied {
  bool ready = false;           // made for the result it is kept with (movement_run resets it)
  std::vector<Tensor> results;  // the op's results on the proxies: ids, 0 for none
  std::vector<ProxySlot> slots;
};

// An int64 tensor shaped like t holding ids base, base + 1, ... in row-major order. With
// `storage`, the ids sit where t's elements sit in a storage as large as t's, read through t's
// own strides and offset (what as_strided reaches that t does not show reads 0).
Tensor proxy_of(const Tensor& t, std::int64_t base, bool storage) {
  if (!storage) {
    Tensor p = Tensor::empty(DType::Int64, t.shape());
    for (std::int64_t f = 0; f < t.numel(); ++f) p.set(f, Scalar::from_int(base + f));
    return p;
  }
  const std::int64_t elements = std::int64_t(t.storage_bytes() / dtype_size(t.dtype()));
  Tensor s = Tensor::empty(DType::Int64, {std::max<std::int64_t>(elements, 1)});
  for (std::int64_t f = 0; f < t.numel(); ++f) s.set(t.storage_index(f), Scalar::from_int(base + f));
  // A storage of the same element count keeps as_strided's bounds check the same.
  Tensor p = s.as_strided({elements}, {1}, 0);
  return p.as_strided(t.shape(), t.strides(), t.offset());
}

Proxied run_on_proxies(const Bound& b) {
  const MovementSpec& spec = movement_spec(b);
  Proxied p;
  Bound pb = b;
  std::int64_t next = 1;
  for (std::size_t i = 0; i < b.values.size(); ++i) {
    // The moved tensors: the input (split's is named tensor), or the list of them, and the
    // scatter views' src (narrow's tensor start and view_as's other only shape the result).
    const std::string& name = b.op->params[i].name;
    if (name != "input" && name != "tensors" && name != "tensor" && name != "src") continue;
    Value& v = pb.values[i];
    if (v.is<Tensor>()) {
      p.slots.push_back({int(i), -1, next});
      v = Value(proxy_of(v.as<Tensor>(), next, spec.storage_proxy));
      next += v.as<Tensor>().numel();
    } else if (v.is<List>()) {
      List& items = v.as<List>();
      for (std::size_t j = 0; j < items.size(); ++j)
        if (items[j].is<Tensor>()) {
          p.slots.push_back({int(i), int(j), next});
          items[j] = Value(proxy_of(items[j].as<Tensor>(), next, spec.storage_proxy));
          next += items[j].as<Tensor>().numel();
        }
    }
  }
  p.results = spec.apply(pb);
  p.ready = true;
  return p;
}

OpResult movement_run(const Bound& b) {
  const MovementSpec& spec = movement_spec(b);
  OpResult r;
  r.tensors = spec.apply(b);
  r.is_tuple = spec.tuple || (spec.tuple_if_list && arg(b, "tensors").is<List>());
  // A view shares the storage of its input, which outlives the call (the UI runs the same
  // tensors again with another dim), so the storage cannot tell this result from the last
  // one: every run drops the proxies kept, and its first explain makes them anew.
  if (!r.tensors.empty()) keep_prepared(b, r, Proxied{});
  return r;
}

std::vector<Source> movement_explain(const Bound& b, const OpResult& r, int position, std::int64_t flat) {
  const auto& entry = PreparedEntry<Proxied>::get();
  if (!entry.holds(b, r) || !entry.state.ready) keep_prepared(b, r, run_on_proxies(b));
  const Proxied& p = entry.state;
  std::vector<Source> src;
  const std::int64_t id = p.slots.empty() ? 0 : p.results[std::size_t(position)].get(flat).i;
  if (id > 0) {
    auto slot = std::upper_bound(p.slots.begin(), p.slots.end(), id,
                                 [](std::int64_t v, const ProxySlot& s) { return v < s.base; });
    --slot;
    Source s{slot->param, id - slot->base, Role::Value};
    s.item = slot->item;
    src.push_back(s);
  }
  if (movement_spec(b).deciders) movement_spec(b).deciders(b, r, position, flat, src);
  return src;
}

const Tensor& argument(const Bound& b, const Source& s) {
  const Value& v = b.values[std::size_t(s.param)];
  return s.item >= 0 ? v.as<List>()[std::size_t(s.item)].as<Tensor>() : v.as<Tensor>();
}

// "5 = 1·3 + 2": a flat index from the coordinates of `shape`.
std::string flat_sum(const Shape& shape, std::int64_t flat) {
  const Shape strides = contiguous_strides(shape);
  std::string s;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    const std::int64_t c = (flat / strides[d]) % shape[d];
    if (!s.empty()) s += " + ";
    s += std::to_string(c) + (strides[d] == 1 ? "" : "·" + std::to_string(strides[d]));
  }
  return std::to_string(flat) + " = " + (s.empty() ? "0" : s);
}

// Row-major coordinates of element `flat` of `shape`.
std::vector<std::int64_t> coordinates(const Shape& shape, std::int64_t flat) {
  std::vector<std::int64_t> c(shape.size());
  for (std::size_t d = shape.size(); d-- > 0;) {
    c[d] = flat % shape[d];
    flat /= shape[d];
  }
  return c;
}

// "  (tensors[1] begins at out[0][2])" for a piece joined into the result at a shift, or
// "  (out[1] begins at input[2][0])" for a piece cut from the input: the coordinates differ by
// the same shift, all of one sign. "" for no shift or none that one shift explains.
std::string shift_note(const Shape& src_shape, std::int64_t src_flat, const std::string& src_name,
                       const Shape& out_shape, std::int64_t out_flat, const std::string& out_name) {
  if (src_shape.size() != out_shape.size() || src_shape.empty()) return "";
  const auto s = coordinates(src_shape, src_flat), o = coordinates(out_shape, out_flat);
  bool into = true, from = true, moved = false;
  std::string shift_into, shift_from;
  for (std::size_t d = 0; d < s.size(); ++d) {
    into = into && o[d] >= s[d];
    from = from && o[d] <= s[d];
    moved = moved || o[d] != s[d];
    shift_into += "[" + std::to_string(o[d] - s[d]) + "]";
    shift_from += "[" + std::to_string(s[d] - o[d]) + "]";
  }
  if (!moved) return "";
  if (into) return "  (" + src_name + " begins at " + out_name + shift_into + ")";
  if (from) return "  (" + out_name + " begins at " + src_name + shift_from + ")";
  return "";
}

std::string movement_equation(const Bound& b, const OpResult& r, int position, std::int64_t flat,
                              const std::vector<Source>& src) {
  const MovementSpec& spec = movement_spec(b);
  const std::string lhs = out_ref(r, position, flat), value = format_scalar(r.tensors[std::size_t(position)].get(flat));
  const std::string note = spec.note ? spec.note(b, r, position, flat, src) : "";
  const std::string tail = note.empty() ? "" : "  (" + note + ")";
  auto moved = std::find_if(src.begin(), src.end(), [](const Source& s) { return s.role == Role::Value; });
  if (moved == src.end()) return lhs + " = " + value + (spec.fill ? std::string(" (") + spec.fill + ")" : tail);
  const Source& s = *moved;
  const Tensor& a = argument(b, s);
  const Param& param = b.op->params[std::size_t(s.param)];
  // A list item is named by its place in the list; a lone tensor given for *tensors is its first.
  const int item = s.item >= 0 ? s.item : param.var_positional ? 0 : -1;
  const std::string name = param.name + (item >= 0 ? "[" + std::to_string(item) + "]" : "");
  std::string eq = lhs + " = " + name + coords(a.shape(), s.flat) + " = " + value;
  // (A 1-D source's flat index is its index: "(flat 1 = 1)" would say nothing.)
  if (spec.flat_arithmetic && a.dim() > 1) eq += "  (flat " + flat_sum(a.shape(), s.flat) + ")";
  if (spec.shift_note)
    eq += shift_note(a.shape(), s.flat, name, r.tensors[std::size_t(position)].shape(), flat,
                     r.is_tuple ? "out[" + std::to_string(position) + "]" : "out");
  return eq + tail;
}

}  // namespace

OpDescriptor movement_op(const char* names, const char* summary, const char* example, const char* params,
                         MovementSpec spec) {
  static std::deque<MovementSpec> specs;
  specs.push_back(spec);
  return composite_op(names, spec.family, summary, example, param_list(params), movement_run, movement_explain,
                      movement_equation, &specs.back());
}

void add_movement(std::vector<const OpDescriptor*>& t, const char* names, const char* summary, const char* example,
                  const char* params, MovementSpec spec) {
  add_op(t, movement_op(names, summary, example, params, spec));
}

Tensor rearranged_with(const Tensor& x, const Shape& shape, FromFn from, const void* context) {
  Tensor out = Tensor::empty(x.dtype(), shape);
  const Shape xs = contiguous_strides(x.shape());
  std::vector<std::int64_t> c(shape.size()), src(std::size_t(x.dim()));
  for (std::int64_t f = 0; f < out.numel(); ++f) {
    std::int64_t rest = f;
    for (int d = int(shape.size()) - 1; d >= 0; --d) {
      c[std::size_t(d)] = rest % shape[std::size_t(d)];
      rest /= shape[std::size_t(d)];
    }
    if (!from(context, c, src)) continue;
    std::int64_t at = 0;
    for (std::size_t d = 0; d < src.size(); ++d) at += src[d] * xs[d];
    out.set(f, x.get(at));
  }
  return out;
}

std::vector<std::int64_t> ints_of(const Value& v) {
  if (v.is<std::int64_t>()) return {v.as<std::int64_t>()};
  if (v.is<Tensor>()) return {v.as<Tensor>().get(0).i};
  std::vector<std::int64_t> out;
  if (v.is<List>())
    for (const Value& item : v.as<List>())
      out.push_back(item.is<Tensor>() ? item.as<Tensor>().get(0).i : item.as<std::int64_t>());
  return out;
}

}  // namespace whence
