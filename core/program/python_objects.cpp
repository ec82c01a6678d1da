// python_objects.cpp - dicts, classes, instances and the format mini-language of a program's
// Python (python_objects.hpp).
#include "core/program/python_objects.hpp"

#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "core/program/program_run.hpp"
#include "core/python_repr.hpp"

namespace whence {

namespace {

std::optional<double> python_number_of(const Value& v) {
  if (v.is<bool>()) return v.as<bool>() ? 1.0 : 0.0;
  if (v.is<std::int64_t>()) return double(v.as<std::int64_t>());
  if (v.is<double>()) return v.as<double>();
  return std::nullopt;
}

}  // namespace

bool python_equal(const Value& a, const Value& b) {
  if (a.is<std::int64_t>() && b.is<std::int64_t>()) return a.as<std::int64_t>() == b.as<std::int64_t>();
  const auto x = python_number_of(a), y = python_number_of(b);
  if (x || y) return x && y && *x == *y;
  if (a.is<None>() || b.is<None>()) return a.is<None>() && b.is<None>();
  if (a.is<std::string>() || b.is<std::string>())
    return a.is<std::string>() && b.is<std::string>() && a.as<std::string>() == b.as<std::string>();
  if (a.is<DType>() && b.is<DType>()) return a.as<DType>() == b.as<DType>();
  if (a.is<List>() && b.is<List>()) {
    const List &l = a.as<List>(), &r = b.as<List>();
    if (a.is_tuple != b.is_tuple || l.size() != r.size()) return false;
    for (std::size_t i = 0; i < l.size(); ++i)
      if (!python_equal(l[i], r[i])) return false;
    return true;
  }
  if (const auto d = object_as<DictObject>(a)) {
    const auto e = object_as<DictObject>(b);
    if (!e || d->items.size() != e->items.size()) return false;
    for (const auto& [k, v] : d->items) {
      const Value* w = e->find(k);
      if (!w || !python_equal(v, *w)) return false;
    }
    return true;
  }
  return python_is(a, b);
}

bool python_is(const Value& a, const Value& b) {
  if (a.is<None>() || b.is<None>()) return a.is<None>() && b.is<None>();
  if (a.is<bool>() && b.is<bool>()) return a.as<bool>() == b.as<bool>();
  if (a.is<std::int64_t>() && b.is<std::int64_t>()) return a.as<std::int64_t>() == b.as<std::int64_t>();
  if (a.is<std::string>() && b.is<std::string>()) return a.as<std::string>() == b.as<std::string>();
  if (a.is<DType>() && b.is<DType>()) return a.as<DType>() == b.as<DType>();
  if (a.is<Tensor>() && b.is<Tensor>()) return a.as<Tensor>().object_id() == b.as<Tensor>().object_id();
  if (a.is<ObjectRef>() && b.is<ObjectRef>()) return a.as<ObjectRef>().object == b.as<ObjectRef>().object;
  if (a.is<GeneratorRef>() && b.is<GeneratorRef>()) return a.as<GeneratorRef>().gen == b.as<GeneratorRef>().gen;
  return false;
}

std::string DictObject::repr() const {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i ? ", " : "") + python_repr(items[i].first) + ": " + python_repr(items[i].second);
  return out + "}";
}

Value* DictObject::find(const Value& key) {
  for (auto& [k, v] : items)
    if (python_equal(k, key)) return &v;
  return nullptr;
}

void DictObject::set(const Value& key, Value v) {
  if (key.is<List>() && !key.is_tuple) fail("TypeError", "unhashable type: 'list'");
  if (key.is<ObjectRef>() && object_as<DictObject>(key)) fail("TypeError", "unhashable type: 'dict'");
  if (Value* slot = find(key)) {
    *slot = std::move(v);
    return;
  }
  items.emplace_back(key, std::move(v));
}

bool DictObject::erase(const Value& key) {
  for (auto it = items.begin(); it != items.end(); ++it)
    if (python_equal(it->first, key)) {
      items.erase(it);
      return true;
    }
  return false;
}

std::int64_t RangeObject::size() const {
  if (step > 0) return stop > start ? (stop - start - 1) / step + 1 : 0;
  return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

std::string RangeObject::repr() const {
  return "range(" + std::to_string(start) + ", " + std::to_string(stop) +
         (step == 1 ? std::string() : ", " + std::to_string(step)) + ")";
}

const Value* ClassObject::find(const std::string& attr, const ClassObject** where) const {
  for (const ClassObject* c = this; c; c = c->base.get())
    if (const Value* v = c->attributes->find(attr)) {
      if (where) *where = c;
      return v;
    }
  return nullptr;
}

bool ClassObject::derives_from(const ClassObject* other) const {
  for (const ClassObject* c = this; c; c = c->base.get())
    if (c == other) return true;
  return false;
}

std::string InstanceObject::repr() const {
  const std::string plain = "<" + cls->module + "." + cls->name + " object>";
  if (!run) return plain;
  try {
    return run->instance_repr(*this);
  } catch (const Error& e) {  // shown in a step's values: the failing __repr__ is not the step's error
    if (run->in_statement()) throw;
    return plain;
  }
}

bool InstanceObject::truth() const {
  if (!run) return true;
  const auto n = run->instance_len(*this);
  return !n || *n != 0;
}

bool TypeObject::is_exception() const {
  for (const char* e :
       {"Exception", "ValueError", "TypeError", "RuntimeError", "KeyError", "IndexError", "AttributeError",
        "NotImplementedError", "AssertionError", "ZeroDivisionError", "StopIteration", "NameError", "UserWarning"})
    if (name == e) return true;
  return false;
}

std::string TypeObject::repr() const {
  if (name == "Tensor") return "<class 'torch.Tensor'>";
  if (name == "Parameter") return "<class 'torch.nn.parameter.Parameter'>";
  return "<class '" + name + "'>";
}

Value builtin_type(const std::string& name) {
  static std::map<std::string, std::shared_ptr<TypeObject>> types;
  auto& t = types[name];
  if (!t) t = std::make_shared<TypeObject>(name);
  return object_value(t);
}

namespace {

// The parts of a format spec: [[fill]align][sign][#][0][width][,|_][.precision][type].
struct Spec {
  char fill = ' ', align = 0, sign = '-', type = 0;
  bool alternate = false, zero = false;
  int width = -1, precision = -1;
  char grouping = 0;
};

Spec parse_spec(const std::string& s) {
  Spec p;
  std::size_t i = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  if (s.size() >= 2 && is_align(s[1])) {
    p.fill = s[0];
    p.align = s[1];
    i = 2;
  } else if (!s.empty() && is_align(s[0])) {
    p.align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) p.sign = s[i++];
  if (i < s.size() && s[i] == '#') {
    p.alternate = true;
    ++i;
  }
  if (i < s.size() && s[i] == '0') {
    p.zero = true;
    ++i;
  }
  auto digits = [&](int& out) {
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return;
    out = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
      out = out * 10 + (s[i++] - '0');
      if (out > 1000) fail("ValueError", "Too many decimal digits in format string");
    }
  };
  digits(p.width);
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) p.grouping = s[i++];
  if (i < s.size() && s[i] == '.') {
    ++i;
    p.precision = 0;
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i])))
      fail("ValueError", "Format specifier missing precision");
    digits(p.precision);
  }
  if (i < s.size()) p.type = s[i++];
  if (i != s.size()) fail("ValueError", "Invalid format specifier");
  if (p.zero && !p.align) {
    p.fill = '0';
    p.align = '=';
  }
  return p;
}

std::string group_digits(const std::string& digits, char sep) {
  std::string out;
  const std::size_t n = digits.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (i && (n - i) % 3 == 0) out += sep;
    out += digits[i];
  }
  return out;
}

// Pads `body` (with its sign, if any, in `sign`) to the spec's width.
std::string pad(const Spec& p, const std::string& sign, const std::string& body, char default_align) {
  const std::size_t len = sign.size() + body.size();
  if (p.width < 0 || std::size_t(p.width) <= len) return sign + body;
  const std::size_t fill = std::size_t(p.width) - len;
  const char align = p.align ? p.align : default_align;
  const std::string f(fill, p.fill);
  if (align == '<') return sign + body + f;
  if (align == '>') return f + sign + body;
  if (align == '=') return sign + f + body;
  return std::string(fill / 2, p.fill) + sign + body + std::string(fill - fill / 2, p.fill);
}

std::string format_float_spec(double v, const Spec& p) {
  std::string sign = std::signbit(v) && !std::isnan(v) ? "-" : p.sign == '+' ? "+" : p.sign == ' ' ? " " : "";
  const double a = std::fabs(v);
  std::string body;
  char type = p.type;
  if (std::isinf(a) || std::isnan(a)) {
    body = std::isnan(a) ? "nan" : "inf";
    if (type == 'E' || type == 'F' || type == 'G') body = std::isnan(a) ? "NAN" : "INF";
    if (type == '%') body += "%";
    return pad(p, sign, body, '>');
  }
  if (!type && p.precision < 0) {  // repr
    body = python_str(Value(a));
  } else {
    int precision = p.precision < 0 ? 6 : p.precision;
    double x = a;
    std::string suffix;
    if (type == '%') {
      x *= 100;
      type = 'f';
      suffix = "%";
    }
    char fmt[16];
    if (!type) {  // like g, but a float always keeps a digit after the point
      std::snprintf(fmt, sizeof fmt, "%%%s.%dg", p.alternate ? "#" : "", precision == 0 ? 1 : precision);
    } else {
      if (std::string("eEfFgG").find(type) == std::string::npos)
        fail("ValueError", std::string("Unknown format code '") + type + "' for object of type 'float'");
      std::snprintf(fmt, sizeof fmt, "%%%s.%d%c", p.alternate ? "#" : "", precision, type);
    }
    char buf[1100];
    std::snprintf(buf, sizeof buf, fmt, x);
    body = buf;
    if (!type && body.find_first_of(".einf") == std::string::npos) body += ".0";
    body += suffix;
  }
  if (p.grouping) {
    const std::size_t int_end = body.find_first_not_of("0123456789");
    body = group_digits(body.substr(0, int_end), p.grouping) +
           (int_end == std::string::npos ? std::string() : body.substr(int_end));
  }
  return pad(p, sign, body, '>');
}

std::string format_int_spec(std::int64_t v, const Spec& p) {
  const char type = p.type;
  if (type == 'e' || type == 'E' || type == 'f' || type == 'F' || type == 'g' || type == 'G' || type == '%')
    return format_float_spec(double(v), p);
  if (p.precision >= 0) fail("ValueError", "Precision not allowed in integer format specifier");
  std::string sign = v < 0 ? "-" : p.sign == '+' ? "+" : p.sign == ' ' ? " " : "";
  const std::uint64_t a = v < 0 ? std::uint64_t(0) - std::uint64_t(v) : std::uint64_t(v);
  std::string body;
  if (!type || type == 'd' || type == 'n') {
    body = std::to_string(a);
  } else if (type == 'x' || type == 'X' || type == 'o' || type == 'b') {
    const int base = type == 'o' ? 8 : type == 'b' ? 2 : 16;
    const char* digits = type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    std::uint64_t x = a;
    do {
      body.insert(body.begin(), digits[x % std::uint64_t(base)]);
      x /= std::uint64_t(base);
    } while (x);
    if (p.alternate) sign += type == 'o' ? "0o" : type == 'b' ? "0b" : type == 'X' ? "0X" : "0x";
  } else if (type == 'c') {
    body = std::string(1, char(a));
  } else {
    fail("ValueError", std::string("Unknown format code '") + type + "' for object of type 'int'");
  }
  if (p.grouping) body = group_digits(body, p.grouping);
  return pad(p, sign, body, '>');
}

}  // namespace

std::string format_with_spec(const Value& v, const std::string& spec) {
  if (v.is<Tensor>()) {  // Tensor.__format__: a one-element tensor formats its item
    const Tensor& t = v.as<Tensor>();
    if (t.dim() == 0) {
      const Scalar s = t.get(0);
      if (s.dtype == DType::Bool) return format_with_spec(Value(s.i != 0), spec);
      return format_with_spec(is_floating(s.dtype) ? Value(s.f) : Value(s.i), spec);
    }
    if (!spec.empty()) fail("TypeError", "unsupported format string passed to Tensor.__format__");
    return python_str(v);
  }
  if (spec.empty()) return python_str(v);
  const Spec p = parse_spec(spec);
  if (v.is<bool>() && !p.type) return pad(p, "", v.as<bool>() ? "True" : "False", '<');
  if (v.is<bool>()) return format_int_spec(v.as<bool>() ? 1 : 0, p);
  if (v.is<std::int64_t>()) return format_int_spec(v.as<std::int64_t>(), p);
  if (v.is<double>()) return format_float_spec(v.as<double>(), p);
  if (v.is<std::string>()) {
    if (p.type && p.type != 's')
      fail("ValueError", std::string("Unknown format code '") + p.type + "' for object of type 'str'");
    std::string s = v.as<std::string>();
    if (p.precision >= 0 && std::size_t(p.precision) < s.size()) s.resize(std::size_t(p.precision));
    return pad(p, "", s, '<');
  }
  fail("TypeError", "unsupported format string passed to " + python_type_name(v) + ".__format__");
}

}  // namespace whence
