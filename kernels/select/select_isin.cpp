// select_isin.cpp - torch.isin(elements, test_elements, *, assume_unique, invert) and its
// Tensor-Scalar and Scalar-Tensor overloads (select family): whether each element equals some
// test element, in the dtype both promote to (a Python number is weak and wraps into it, as
// PyTorch's eq does: isin(int8 tensor, 258) looks for 2). Equality is ==: NaN is never found,
// -0.0 finds 0.0. Bool and BFloat16 inputs are refused as PyTorch 1.13 refuses them. Float16
// is computed (1.13 has no Half kernel: "isin_default_cpu"/"unique" not implemented; newer
// PyTorch computes it), and the op page says so.
//
// PyTorch switches to a sort when the test elements are many (numpy's heuristic below). With
// assume_unique=True the sort's answer for an element is whether its neighbour in sorted order
// equals it, which differs from membership when the elements repeat: Whence computes that too.
// (Without assume_unique, 1.13's sort path gives a NaN element the answer of another element, a
// bug of _unique's inverse for NaN; Whence keeps membership there.)
//
// Relations (explained from the output, as searchsorted): the element is a `value` source; a
// test element equal to it, the first such, is the winner (`value`), the max/min convention;
// where none is equal, every test element is `compare` (any of them could become equal), unless
// the element is NaN, which no test element can equal.
// Where several are equal, none alone decides: that tie is the accepted imprecision. On the sort
// path with assume_unique an element not found also compares with every later element.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.hpp"
#include "core/number_format.hpp"
#include "core/promotion.hpp"
#include "core/views.hpp"
#include "kernels/select/select_common.hpp"

namespace whence {

namespace {

struct Isin {
  Tensor elements, tests;        // both in the common dtype, contiguous; elements shaped as the result
  bool scalar_elements = false;  // the Scalar-Tensor overload
  bool scalar_tests = false;     // the Tensor-Scalar overload
  bool invert = false;
  bool sorted_unique = false;  // PyTorch's sort path with assume_unique: neighbours in sorted order decide
  DType element_dtype = DType::Int64, test_dtype = DType::Int64;  // each side's own
  // Per element: the test element it was found equal to (the first), or -1. assume_unique's
  // sort may find it equal to another element k instead: then hit is k - elements.numel() (< 0).
  std::vector<std::int64_t> hit;
  std::vector<char> result;  // found (before invert)
};

bool floating(DType d) { return is_floating(d); }

bool equal(DType d, const Scalar& a, const Scalar& b) { return floating(d) ? a.f == b.f : a.i == b.i; }

// A Python number as a 0-d tensor of its own dtype (int64, float64, bool).
Tensor number_tensor(const Value& v) {
  const DType d = v.is<bool>() ? DType::Bool : v.is<double>() ? DType::Float64 : DType::Int64;
  Tensor t = Tensor::empty(d, {});
  t.set(0, v.is<double>() ? Scalar::from_float(v.as<double>())
                          : Scalar::from_int(v.is<bool>() ? v.as<bool>() : v.as<std::int64_t>()));
  return t;
}

void check_dtype(DType d, const char* name) {
  if (d == DType::Bool || d == DType::BFloat16)
    fail("RuntimeError", std::string("Unsupported input type encountered for isin(): ") + dtype_scalar_name(d), name);
}

// PyTorch's sort path with assume_unique: elements then tests, stably sorted (NaN last); an
// element is found when the next one in that order equals it.
void sorted_neighbours(Isin& s) {
  const std::int64_t ne = s.elements.numel(), nt = s.tests.numel();
  const DType d = s.elements.dtype();
  auto at = [&](std::int64_t k) { return k < ne ? s.elements.get(k) : s.tests.get(k - ne); };
  std::vector<std::int64_t> order(std::size_t(ne + nt));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::int64_t x, std::int64_t y) {
    const Scalar a = at(x), b = at(y);
    if (!floating(d)) return a.i < b.i;
    return std::isnan(b.f) ? !std::isnan(a.f) : a.f < b.f;
  });
  for (std::size_t p = 0; p < order.size(); ++p) {
    if (order[p] >= ne) continue;
    const bool same = p + 1 < order.size() && equal(d, at(order[p]), at(order[p + 1]));
    s.result[std::size_t(order[p])] = same;
    if (same) s.hit[std::size_t(order[p])] = order[p + 1] - ne;
  }
}

Isin prepare_isin(const Bound& b) {
  const Value& ev = arg(b, "elements");
  const Value& tv = arg(b, "test_elements");
  Isin s;
  s.scalar_elements = !ev.is<Tensor>();
  s.scalar_tests = !tv.is<Tensor>();
  s.invert = bool_arg(b, "invert", false);
  const Tensor e = s.scalar_elements ? number_tensor(ev) : ev.as<Tensor>();
  const Tensor t = s.scalar_tests ? number_tensor(tv) : tv.as<Tensor>();
  check_dtype(e.dtype(), "elements");
  check_dtype(t.dtype(), "test_elements");
  s.element_dtype = e.dtype();
  s.test_dtype = t.dtype();
  const bool sort_path =  // ATen's isin_Tensor_Tensor_out: numpy's heuristic
      !s.scalar_tests && t.numel() >= std::int64_t(10.0f * std::pow(double(e.numel()), 0.145));
  // (its other path views the test elements as one row: refused where their strides cannot)
  if (!s.scalar_tests && !sort_path && e.numel() > 0 && !view_strides(t.shape(), t.strides(), {t.numel()}))
    fail("RuntimeError",
         "view size is not compatible with input tensor's size and stride (at least one dimension spans across two "
         "contiguous subspaces). Use .reshape(...) instead.",
         "test_elements");
  const DType common = result_type({*promotion_operand(ev), *promotion_operand(tv)});
  s.elements = e.to(common);
  s.tests = t.to(common);
  const std::int64_t ne = s.elements.numel(), nt = s.tests.numel();
  s.hit.assign(std::size_t(ne), -1);
  s.result.assign(std::size_t(ne), 0);
  if (sort_path && bool_arg(b, "assume_unique", false)) {
    s.sorted_unique = true;
    sorted_neighbours(s);
  } else {
    for (std::int64_t i = 0; i < ne; ++i) {
      const Scalar x = s.elements.get(i);
      for (std::int64_t j = 0; j < nt; ++j)
        if (equal(common, x, s.tests.get(j))) {
          s.hit[std::size_t(i)] = j;
          s.result[std::size_t(i)] = 1;
          break;
        }
    }
  }
  return s;
}

OpResult isin_run(const Bound& b) {
  Isin s = prepare_isin(b);
  Tensor out = Tensor::empty(DType::Bool, s.elements.shape());
  for (std::int64_t i = 0; i < out.numel(); ++i)
    out.set(i, Scalar::from_bool(bool(s.result[std::size_t(i)]) != s.invert));
  OpResult r;
  r.tensors.push_back(out);
  keep_prepared(b, r, std::move(s));
  return r;
}

// Whether a tensor of dtype d can hold a value that equals v (a value of the common dtype):
// an int8 element can never equal 2.5 or 1000, a float32 one never float64's 0.1, none NaN.
bool reachable(DType common, const Scalar& v, DType d) {
  Tensor t = Tensor::empty(common, {});
  t.set(0, v);
  return equal(common, t.to(d).to(common).get(0), v);
}

std::vector<Source> isin_explain(const Bound& b, const OpResult& r, int, std::int64_t i) {
  const Isin& s = prepared_for(b, r, prepare_isin);
  std::vector<Source> src;
  if (s.scalar_tests) {  // a Python number to compare with: only the element decides, where it can reach it
    if (!s.scalar_elements &&
        (s.result[std::size_t(i)] || reachable(s.elements.dtype(), s.tests.get(0), s.element_dtype)))
      src.push_back(source(b, "elements", i));
    return src;
  }
  const std::int64_t nt = s.tests.numel();
  if (nt == 0) return src;  // nothing to find: False (True with invert) whatever the element
  const DType common = s.elements.dtype();
  const Scalar x = s.elements.get(i);
  const std::int64_t h = s.hit[std::size_t(i)];
  bool any = s.result[std::size_t(i)];  // the element can change the answer: found, or some test within its reach
  for (std::int64_t j = 0; !any && j < nt; ++j) any = reachable(common, s.tests.get(j), s.element_dtype);
  if (!s.scalar_elements && any) src.push_back(source(b, "elements", i));
  if (is_floating(common) && std::isnan(x.f)) return src;  // NaN equals nothing, whatever the tests
  if (h >= 0) {
    src.push_back(source(b, "test_elements", h));
  } else if (s.result[std::size_t(i)]) {  // assume_unique's sort found it equal to element h + ne
    src.push_back(source(b, "elements", h + s.elements.numel()));
  } else {
    // Not found: any test element could become equal; on the sort path so could any later
    // element (it would then sort right after this one)
    if (s.sorted_unique)
      for (std::int64_t j = i + 1; j < s.elements.numel(); ++j) src.push_back(source(b, "elements", j, Role::Compare));
    if (reachable(common, x, s.test_dtype))  // (an int8 test element never equals 1000)
      for (std::int64_t j = 0; j < nt; ++j) src.push_back(source(b, "test_elements", j, Role::Compare));
  }
  return src;
}

std::string isin_equation(const Bound& b, const OpResult& r, int position, std::int64_t i, const std::vector<Source>&) {
  const Isin& s = prepared_for(b, r, prepare_isin);
  const std::string lhs = out_ref(r, position, i) + " = " + out_value(r, position, i);
  const std::string x =
      s.scalar_elements ? format_scalar(s.elements.get(0))
                        : element_ref(b, b.op->param_index("elements"), i) + " = " + format_scalar(s.elements.get(i));
  const std::string tail = s.invert ? "; invert=True)" : ")";
  const std::int64_t h = s.hit[std::size_t(i)];
  if (s.scalar_tests)
    return lhs + "  (" + x + (s.result[std::size_t(i)] ? " equals " : " does not equal ") +
           format_scalar(s.tests.get(0)) + tail;
  const int tp = b.op->param_index("test_elements");
  if (h >= 0)
    return lhs + "  (" + x + " equals " + element_ref(b, tp, h) + " = " + format_scalar(s.tests.get(h)) + tail;
  if (s.result[std::size_t(i)])
    return lhs + "  (" + x + " equals its neighbour in sorted order, " +
           element_ref(b, b.op->param_index("elements"), h + s.elements.numel()) + ": assume_unique" + tail;
  const std::int64_t nt = s.tests.numel();
  const std::string list = join_terms(
      std::size_t(nt), [&](std::size_t j) { return format_scalar(s.tests.get(std::int64_t(j))); }, ", ");
  return lhs + "  (" + x + " equals none of test_elements" + (nt ? ": " + list : " (empty)") + tail;
}

Param flag(const char* name) { return Param{name, ParamType::Bool, true, true, Value(false)}; }

}  // namespace

void add_select_isin_ops(std::vector<const OpDescriptor*>& t) {
  add_op(t,
         composite_op("torch.isin", "select",
                      "For each element, whether it equals any of test_elements (True where found; the reverse with "
                      "invert=True).",
                      "torch.isin(torch.tensor([[1, 2], [3, 4]]), torch.tensor([2, 3]))",
                      {Param{"elements", ParamType::TensorOrNumber}, Param{"test_elements", ParamType::TensorOrNumber},
                       flag("assume_unique"), flag("invert"), out_param()},
                      isin_run, isin_explain, isin_equation));
}

}  // namespace whence
