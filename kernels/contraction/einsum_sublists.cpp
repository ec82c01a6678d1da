// einsum_sublists.cpp - torch.einsum's sublist format, einsum(op1, sublist1, op2, sublist2, ...,
// [sublist_out]), turned into the equation string as torch/functional.py turns it: subscript
// i < 26 is 'A' + i, 26 <= i < 52 is 'a' + i - 26, Ellipsis is "...". The errors are the ones
// Python raises on the way (a sublist that is not iterable, an element that is not an int).
#include "core/error.hpp"
#include "kernels/contraction/contraction_family.hpp"

namespace whence {

namespace {

// One subscript, as parse_subscript reads it (`n >= 0 and n < 26`, then chr()).
void put_subscript(std::string& eq, const Value& n) {
  std::int64_t i = 0;
  if (n.is<Ellipsis>()) {
    eq += "...";
    return;
  }
  if (n.is<bool>()) {
    i = n.as<bool>() ? 1 : 0;
  } else if (n.is<std::int64_t>()) {
    i = n.as<std::int64_t>();
  } else if (n.is<double>()) {
    const double d = n.as<double>();
    if (d >= 0 && d < 52) fail("TypeError", "'float' object cannot be interpreted as an integer");
    i = -1;
  } else if (n.is<Tensor>()) {  // a one-element integer tensor converts; others make bool() fail
    const Tensor& t = n.as<Tensor>();
    if (t.numel() != 1)
      fail("RuntimeError", std::string("Boolean value of Tensor with ") +
                               (t.numel() == 0 ? "no values" : "more than one value") + " is ambiguous");
    if (!is_integral(t.dtype(), false))
      fail("Unsupported", "einsum sublists with a floating or bool tensor as a subscript are not supported by Whence");
    i = t.get(0).i;
  } else {
    fail("TypeError", "'>=' not supported between instances of '" + python_type_name(n) + "' and 'int'");
  }
  if (i < 0 || i >= 52)
    fail("ValueError", "einsum(): subscript in subscript list is not within the valid range [0, 52)");
  eq += char(i < 26 ? 'A' + i : 'a' + i - 26);
}

// Every subscript of one sublist: Python iterates it, so a string gives its characters, a tensor
// its rows, and anything else that is not a list refuses.
void put_sublist(std::string& eq, const Value& v) {
  if (v.is<List>()) {
    for (const Value& n : v.as<List>()) put_subscript(eq, n);
  } else if (v.is<std::string>()) {
    if (!v.as<std::string>().empty()) fail("TypeError", "'>=' not supported between instances of 'str' and 'int'");
  } else if (v.is<Tensor>()) {
    const Tensor& t = v.as<Tensor>();
    if (t.dim() == 0) fail("TypeError", "iteration over a 0-d tensor");
    for (std::int64_t r = 0; r < t.shape()[0]; ++r) {
      const Tensor row =
          t.as_strided(Shape(t.shape().begin() + 1, t.shape().end()), Shape(t.strides().begin() + 1, t.strides().end()),
                       t.offset() + r * t.strides()[0]);
      put_subscript(eq, Value(row));
    }
  } else {
    fail("TypeError", "'" + python_type_name(v) + "' object is not iterable");
  }
}

}  // namespace

std::string einsum_sublist_equation(const List& args) {
  std::string eq;
  const bool has_out = args.size() % 2 == 1;
  for (std::size_t i = 1; i + (has_out ? 1 : 0) < args.size(); i += 2) {
    if (i > 1) eq += ',';
    put_sublist(eq, args[i]);
  }
  if (has_out) {
    eq += "->";
    put_sublist(eq, args.back());
  }
  return eq;
}

}  // namespace whence
