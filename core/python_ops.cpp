#include "python_ops.hpp"

#include <cmath>
#include <optional>
#include <string>

#include "error.hpp"
#include "out_of_scope.hpp"

namespace whence {

namespace {

constexpr std::int64_t kInt64Max = 9223372036854775807LL;
constexpr std::int64_t kInt64Min = -kInt64Max - 1;
const Int128 kInt128Max = Int128((~static_cast<unsigned __int128>(0)) >> 1);
const Int128 kInt128Min = -kInt128Max - 1;

[[noreturn]] void overflow() { fail("RuntimeError", "Overflow when unpacking long"); }

// A Python number: bool, int or float.
struct Num {
  enum Kind { Bool, Int, Float } kind;
  Int128 i = 0;  // Bool (0 or 1) and Int
  double f = 0;  // Float
  bool is_float() const { return kind == Float; }
  double as_double() const { return kind == Float ? f : double(i); }
};

std::optional<Num> number_of(const Operand& x) {
  if (x.wide) return Num{Num::Int, x.wide_int, 0};
  const Value& v = x.value;
  if (v.is<bool>()) return Num{Num::Bool, v.as<bool>() ? 1 : 0, 0};
  if (v.is<std::int64_t>()) return Num{Num::Int, v.as<std::int64_t>(), 0};
  if (v.is<double>()) return Num{Num::Float, 0, v.as<double>()};
  return std::nullopt;
}

Operand from_bool(bool b) { return Operand(Value(b)); }
Operand from_double(double d) { return Operand(Value(d)); }

std::string quoted(const std::string& s) { return "'" + s + "'"; }

[[noreturn]] void unsupported_operands(const std::string& symbol, const Operand& l, const Operand& r) {
  fail("TypeError", "unsupported operand type(s) for " + (symbol == "**" ? std::string("** or pow()") : symbol) + ": " +
                        quoted(operand_type_name(l)) + " and " + quoted(operand_type_name(r)));
}

bool is_comparison(const std::string& s) {
  return s == "==" || s == "!=" || s == "<" || s == "<=" || s == ">" || s == ">=";
}

// -1, 0 or 1; 2 when unordered (NaN). Exact, as Python compares ints with floats.
int compare_int_float(Int128 i, double f) {
  if (std::isnan(f)) return 2;
  if (std::isinf(f)) return f > 0 ? -1 : 1;
  const double fl = std::floor(f);
  if (fl >= std::ldexp(1.0, 127)) return -1;
  if (fl < -std::ldexp(1.0, 127)) return 1;
  const Int128 fi = Int128(fl);
  if (i != fi) return i < fi ? -1 : 1;
  return fl == f ? 0 : -1;
}

int compare(const Num& a, const Num& b) {
  if (!a.is_float() && !b.is_float()) return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
  if (a.is_float() && b.is_float()) {
    if (std::isnan(a.f) || std::isnan(b.f)) return 2;
    return a.f < b.f ? -1 : a.f > b.f ? 1 : 0;
  }
  if (b.is_float()) return compare_int_float(a.i, b.f);
  const int c = compare_int_float(b.i, a.f);
  return c == 2 ? 2 : -c;
}

bool comparison_holds(const std::string& symbol, int c) {
  if (c == 2) return symbol == "!=";
  if (symbol == "==") return c == 0;
  if (symbol == "!=") return c != 0;
  if (symbol == "<") return c < 0;
  if (symbol == "<=") return c <= 0;
  if (symbol == ">") return c > 0;
  return c >= 0;  // ">="
}

// a + b, a - b, a * b in 128 bits; beyond them PyTorch would not take the int anyway.
Int128 checked(char op, Int128 a, Int128 b) {
  Int128 v = 0;
  const bool overflowed = op == '+'   ? __builtin_add_overflow(a, b, &v)
                          : op == '-' ? __builtin_sub_overflow(a, b, &v)
                                      : __builtin_mul_overflow(a, b, &v);
  if (overflowed) overflow();
  return v;
}

// Python's float floor division and modulo (Objects/floatobject.c, _float_div_mod).
void float_div_mod(double vx, double wx, double* floordiv, double* mod) {
  *mod = std::fmod(vx, wx);
  double div = (vx - *mod) / wx;
  if (*mod != 0) {
    if ((wx < 0) != (*mod < 0)) {
      *mod += wx;
      div -= 1.0;
    }
  } else {
    *mod = std::copysign(0.0, wx);
  }
  if (div != 0) {
    *floordiv = std::floor(div);
    if (div - *floordiv > 0.5) *floordiv += 1.0;
  } else {
    *floordiv = std::copysign(0.0, vx / wx);
  }
}

// float ** float as Python's float_pow.
double float_pow(double iv, double iw) {
  if (iw == 0) return 1.0;
  if (std::isnan(iv)) return iv;
  if (std::isnan(iw)) return iv == 1.0 ? 1.0 : iw;
  if (iv == 0 && iw < 0) fail("ZeroDivisionError", "0.0 cannot be raised to a negative power");
  if (std::isfinite(iv) && iv < 0 && std::isfinite(iw) && iw != std::floor(iw))
    fail("Unsupported",
         std::string("complex numbers are outside what Whence shows: ") + out_of_scope("torch.complex")->reason);
  const double r = std::pow(iv, iw);
  if (std::isinf(r) && std::isfinite(iv) && std::isfinite(iw))
    fail("OverflowError", "(34, 'Numerical result out of range')");
  return r;
}

Operand int_pow(Int128 base, Int128 exp) {
  if (exp < 0) {
    if (base == 0) fail("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return from_double(float_pow(double(base), double(exp)));
  }
  if (base == 0) return Operand::integer(exp == 0 ? 1 : 0);
  if (base == 1) return Operand::integer(1);
  if (base == -1) return Operand::integer(exp % 2 ? -1 : 1);
  if (exp > 127) overflow();
  Int128 result = 1;
  for (Int128 k = 0; k < exp; ++k)
    if (__builtin_mul_overflow(result, base, &result)) overflow();
  return Operand::integer(result);
}

Operand number_binary(const std::string& s, const Num& a, const Num& b, const Operand& l, const Operand& r) {
  if (is_comparison(s)) return from_bool(comparison_holds(s, compare(a, b)));
  const bool floats = a.is_float() || b.is_float();
  if (s == "&" || s == "|" || s == "^") {
    if (floats) unsupported_operands(s, l, r);
    const Int128 v = s == "&" ? (a.i & b.i) : s == "|" ? (a.i | b.i) : (a.i ^ b.i);
    if (a.kind == Num::Bool && b.kind == Num::Bool) return from_bool(v != 0);
    return Operand::integer(v);
  }
  if (s == "<<" || s == ">>") {
    if (floats) unsupported_operands(s, l, r);
    if (b.i < 0) fail("ValueError", "negative shift count");
    if (s == ">>") return Operand::integer(b.i >= 127 ? (a.i < 0 ? -1 : 0) : a.i >> int(b.i));
    if (a.i == 0) return Operand::integer(0);
    if (b.i >= 127) overflow();
    return Operand::integer(checked('*', a.i, Int128(1) << int(b.i)));
  }
  if (s == "/") {
    if (b.as_double() == 0) fail("ZeroDivisionError", floats ? "float division by zero" : "division by zero");
    return from_double(a.as_double() / b.as_double());
  }
  if (s == "**") {
    if (floats) return from_double(float_pow(a.as_double(), b.as_double()));
    return int_pow(a.i, b.i);
  }
  if (floats) {
    const double x = a.as_double(), y = b.as_double();
    if (s == "+") return from_double(x + y);
    if (s == "-") return from_double(x - y);
    if (s == "*") return from_double(x * y);
    if (y == 0) fail("ZeroDivisionError", s == "//" ? "float floor division by zero" : "float modulo");
    double div, mod;
    float_div_mod(x, y, &div, &mod);
    return from_double(s == "//" ? div : mod);
  }
  if (s == "+" || s == "-" || s == "*") return Operand::integer(checked(s[0], a.i, b.i));
  // // and % with Python's floor semantics: the remainder takes the divisor's sign.
  if (b.i == 0) fail("ZeroDivisionError", s == "//" ? "integer division or modulo by zero" : "integer modulo by zero");
  if (a.i == kInt128Min && b.i == -1) overflow();
  Int128 q = a.i / b.i, m = a.i % b.i;
  if (m != 0 && ((m < 0) != (b.i < 0))) {
    q -= 1;
    m += b.i;
  }
  return Operand::integer(s == "//" ? q : m);
}

// ==, != between values that are not both numbers: Python's equality of str, None, dtypes,
// lists and tuples; values of different types are unequal.
bool values_equal(const Value& a, const Value& b) {
  const auto na = number_of(Operand(a)), nb = number_of(Operand(b));
  if (na && nb) return compare(*na, *nb) == 0;
  if (a.is<Tensor>() || b.is<Tensor>())
    fail("Unsupported", "comparing a list of tensors is not supported by Whence yet");
  if (a.v.index() != b.v.index()) return false;
  if (a.is<None>()) return true;
  if (a.is<std::string>()) return a.as<std::string>() == b.as<std::string>();
  if (a.is<DType>()) return a.as<DType>() == b.as<DType>();
  if (a.is<List>()) {
    if (a.is_tuple != b.is_tuple || a.as<List>().size() != b.as<List>().size()) return false;
    for (std::size_t k = 0; k < a.as<List>().size(); ++k)
      if (!values_equal(a.as<List>()[k], b.as<List>()[k])) return false;
    return true;
  }
  if (a.is<Ellipsis>()) return true;
  if (a.is<Slice>()) {
    const Slice &x = a.as<Slice>(), &y = b.as<Slice>();
    return x.start == y.start && x.stop == y.stop && x.step == y.step;
  }
  return false;
}

// About how much memory a value holds, to refuse text that would build a huge str or list.
std::size_t weight(const Value& v) {
  if (v.is<std::string>()) return v.as<std::string>().size() + 1;
  if (!v.is<List>()) return 1;
  std::size_t w = 1;
  for (const auto& item : v.as<List>()) w += weight(item);
  return w;
}

constexpr std::size_t kMaxWeight = std::size_t(1) << 20;

// str * int, list * int: Python's repetition (empty for counts below one).
Operand repeat(const Value& seq, const Num& count) {
  const Int128 n = count.i < 0 ? 0 : count.i;
  if (n > Int128(kMaxWeight) / Int128(weight(seq)))
    fail("Unsupported", "a sequence this long is not supported by Whence");
  if (seq.is<std::string>()) {
    std::string out;
    for (Int128 k = 0; k < n; ++k) out += seq.as<std::string>();
    return Operand(Value(out));
  }
  Value out{List{}};
  out.is_tuple = seq.is_tuple;
  for (Int128 k = 0; k < n; ++k)
    for (const auto& item : seq.as<List>()) out.as<List>().push_back(item);
  return Operand(out);
}

}  // namespace

Operand Operand::integer(Int128 i) {
  if (i >= kInt64Min && i <= kInt64Max) return Operand(Value(std::int64_t(i)));
  Operand o;
  o.wide = true;
  o.wide_int = i;
  return o;
}

Value to_value(const Operand& x) {
  if (x.wide) overflow();
  return x.value;
}

Operand int_literal(const std::string& digits) {
  Int128 v = 0;
  for (char c : digits)
    if (__builtin_mul_overflow(v, Int128(10), &v) || __builtin_add_overflow(v, Int128(c - '0'), &v)) overflow();
  return Operand::integer(v);
}

std::string operand_type_name(const Operand& x) { return x.wide ? "int" : python_type_name(x.value); }

Operand python_binary(const std::string& s, const Operand& l, const Operand& r) {
  if (s == "@") unsupported_operands(s, l, r);  // no Python value but a tensor has @
  const auto a = number_of(l), b = number_of(r);
  if (a && b) return number_binary(s, *a, *b, l, r);
  const Value& lv = l.value;
  const Value& rv = r.value;
  if (s == "==" || s == "!=") {
    if (l.wide || r.wide) return from_bool(s == "!=");  // a wide int equals no other value here
    return from_bool(values_equal(lv, rv) == (s == "=="));
  }
  if (is_comparison(s)) {
    if (lv.is<std::string>() && rv.is<std::string>())
      return from_bool(comparison_holds(s, lv.as<std::string>().compare(rv.as<std::string>()) < 0 ? -1
                                           : lv.as<std::string>() == rv.as<std::string>()         ? 0
                                                                                                  : 1));
    if (!l.wide && !r.wide && lv.is<List>() && rv.is<List>() && lv.is_tuple == rv.is_tuple)
      fail("Unsupported", "ordering lists and tuples is not supported by Whence yet");
    fail("TypeError", "'" + s + "' not supported between instances of " + quoted(operand_type_name(l)) + " and " +
                          quoted(operand_type_name(r)));
  }
  if (s == "+" && !l.wide && is_sequence(lv)) {
    const std::string kind = lv.is<std::string>() ? "str" : lv.is_tuple ? "tuple" : "list";
    if (!r.wide && rv.v.index() == lv.v.index() && (rv.is<std::string>() || rv.is_tuple == lv.is_tuple)) {
      if (weight(lv) + weight(rv) > kMaxWeight) fail("Unsupported", "a sequence this long is not supported by Whence");
      if (lv.is<std::string>()) return Operand(Value(lv.as<std::string>() + rv.as<std::string>()));
      Value out = lv;
      for (const auto& item : rv.as<List>()) out.as<List>().push_back(item);
      return Operand(out);
    }
    fail("TypeError", "can only concatenate " + kind + " (not \"" + operand_type_name(r) + "\") to " + kind);
  }
  if (s == "*" && ((!l.wide && is_sequence(lv)) || (!r.wide && is_sequence(rv)))) {
    const bool seq_left = !l.wide && is_sequence(lv);
    const Operand& count = seq_left ? r : l;
    const auto n = number_of(count);
    if (!n || n->is_float())
      fail("TypeError", "can't multiply sequence by non-int of type " + quoted(operand_type_name(count)));
    if (count.wide) fail("OverflowError", "cannot fit 'int' into an index-sized integer");
    return repeat(seq_left ? lv : rv, *n);
  }
  unsupported_operands(s, l, r);
}

Operand python_unary(const std::string& s, const Operand& x) {
  const auto n = number_of(x);
  if (!n || (s == "~" && n->is_float()))
    fail("TypeError", "bad operand type for unary " + s + ": " + quoted(operand_type_name(x)));
  if (n->is_float()) return from_double(s == "-" ? -n->f : n->f);
  if (s == "+") return Operand::integer(n->i);
  if (s == "~") return Operand::integer(~n->i);
  if (n->i == kInt128Min) overflow();
  return Operand::integer(-n->i);
}

}  // namespace whence
