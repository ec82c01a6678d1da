// python_builtins.cpp - functions of the call language that give Python values
// (python_builtins.hpp): a tensor's metadata, Python's builtins and math module, torch's
// constants, predicates and dtype functions.
#include "python_builtins.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <numeric>

#include "error.hpp"
#include "evaluate.hpp"
#include "factories.hpp"
#include "generator_calls.hpp"
#include "promotion.hpp"
#include "python_repr.hpp"
#include "shape.hpp"

namespace whence {

// Helpers in a namespace of their own: the unity build compiles core/*.cpp eight to a unit.
namespace builtins_impl {

constexpr double kPi = 3.141592653589793;
constexpr double kE = 2.718281828459045;

[[noreturn]] void math_domain() { fail("ValueError", "math domain error"); }
[[noreturn]] void math_range() { fail("OverflowError", "math range error"); }
[[noreturn]] void big_int() { fail("Unsupported", "an int beyond 64 bits is not supported by Whence"); }

const Value* kwarg(const Kwargs& kwargs, const std::string& name) {
  for (const auto& [k, v] : kwargs)
    if (k == name) return &v;
  return nullptr;
}

void no_kwargs(const std::string& fn, const Kwargs& kwargs) {
  if (!kwargs.empty()) fail("TypeError", fn + "() takes no keyword arguments");
}

// A one-element tensor's value, as Python's float(), int() and math functions take it.
Scalar only_element(const Tensor& t) {
  if (t.numel() != 1) fail("ValueError", "only one element tensors can be converted to Python scalars");
  return t.get(0);
}

// The number a math function takes: Python's float(x) (a one-element tensor's __float__ included).
double real_of(const Value& v) {
  if (v.is<bool>()) return v.as<bool>() ? 1.0 : 0.0;
  if (v.is<std::int64_t>()) return double(v.as<std::int64_t>());
  if (v.is<double>()) return v.as<double>();
  if (v.is<Tensor>()) return only_element(v.as<Tensor>()).as_double();
  fail("TypeError", "must be real number, not " + python_type_name(v));
}

// An int a math function takes (Python's __index__): a bool, an int, an integer tensor's one element.
std::int64_t index_of(const Value& v) {
  if (v.is<bool>()) return v.as<bool>() ? 1 : 0;
  if (v.is<std::int64_t>()) return v.as<std::int64_t>();
  if (v.is<Tensor>() && !is_floating(v.as<Tensor>().dtype()) && v.as<Tensor>().numel() == 1)
    return v.as<Tensor>().get(0).i;
  fail("TypeError", "'" + python_type_name(v) + "' object cannot be interpreted as an integer");
}

bool is_number(const Value& v) { return v.is<bool>() || v.is<std::int64_t>() || v.is<double>(); }

// A float result of an integral value as math.floor/ceil/trunc give it: an int.
Value int_of_float(double r) {
  if (std::isnan(r)) fail("ValueError", "cannot convert float NaN to integer");
  if (std::isinf(r)) fail("OverflowError", "cannot convert float infinity to integer");
  if (r >= 9223372036854775808.0 || r < -9223372036854775808.0) big_int();
  return std::int64_t(r);
}

// Python's math functions of one real argument: the result, domain errors, range errors.
std::optional<double> math_unary(const std::string& f, double x) {
  auto overflowed = [&](double r) {
    if (std::isinf(r) && std::isfinite(x)) math_range();
    return r;
  };
  if (f == "sqrt") {
    if (x < 0) math_domain();
    return std::sqrt(x);
  }
  if (f == "exp") return overflowed(std::exp(x));
  if (f == "exp2") return overflowed(std::exp2(x));
  if (f == "expm1") return overflowed(std::expm1(x));
  if (f == "log2" || f == "log10") {
    if (!(x > 0) && !std::isnan(x)) math_domain();
    return f == "log2" ? std::log2(x) : std::log10(x);
  }
  if (f == "log1p") {
    if (x <= -1) math_domain();
    return std::log1p(x);
  }
  if (f == "sin" || f == "cos" || f == "tan") {
    if (std::isinf(x)) math_domain();
    return f == "sin" ? std::sin(x) : f == "cos" ? std::cos(x) : std::tan(x);
  }
  if (f == "asin" || f == "acos") {
    if (std::fabs(x) > 1) math_domain();
    return f == "asin" ? std::asin(x) : std::acos(x);
  }
  if (f == "atan") return std::atan(x);
  if (f == "sinh") return overflowed(std::sinh(x));
  if (f == "cosh") return overflowed(std::cosh(x));
  if (f == "tanh") return std::tanh(x);
  if (f == "asinh") return std::asinh(x);
  if (f == "acosh") {
    if (x < 1) math_domain();
    return std::acosh(x);
  }
  if (f == "atanh") {
    if (std::fabs(x) >= 1) math_domain();
    return std::atanh(x);
  }
  if (f == "fabs") return std::fabs(x);
  if (f == "erf") return std::erf(x);
  if (f == "erfc") return std::erfc(x);
  if (f == "gamma") {
    if ((x <= 0 && x == std::floor(x)) || x == -INFINITY) math_domain();
    return overflowed(std::tgamma(x));
  }
  if (f == "lgamma") {
    if (x <= 0 && x == std::floor(x)) math_domain();
    return overflowed(std::lgamma(x));
  }
  if (f == "degrees") return x * (180.0 / kPi);
  if (f == "radians") return x * (kPi / 180.0);
  if (f == "cbrt") return std::cbrt(x);
  return std::nullopt;
}

double math_log(double x) {
  if (!(x > 0) && !std::isnan(x)) math_domain();
  return std::log(x);
}

double math_pow(double x, double y) {
  if (std::isnan(x)) return y == 0 ? 1.0 : x;
  if (std::isnan(y)) return x == 1 ? 1.0 : y;
  if (x == 0 && y < 0 && std::isfinite(y)) math_domain();
  if (x < 0 && std::isfinite(x) && std::isfinite(y) && y != std::floor(y)) math_domain();
  const double r = std::pow(x, y);
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) math_range();
  return r;
}

std::int64_t checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) big_int();
  return r;
}

// The items of an iterable argument (a list, a tuple, a tensor's rows are not taken here).
const List& items_of(const std::string& fn, const Value& v) {
  if (v.is<Tensor>())
    fail("Unsupported",
         "Python's " + fn + "() over a tensor's rows is not supported by Whence yet" +
             (fn == "sum" || fn == "prod" ? ": torch." + fn + " gives the same numbers" : std::string()));
  if (!v.is<List>()) fail("TypeError", "'" + python_type_name(v) + "' object is not iterable");
  return v.as<List>();
}

// The sum or product of numbers, Python's way: ints stay ints, a float makes the rest float.
Value fold_numbers(const List& items, Value start, bool product) {
  for (const Value& item : items) {
    if (!is_number(item)) {
      if (item.is<Tensor>())
        fail("Unsupported", "summing or multiplying tensors in a list is not supported by Whence yet");
      fail("TypeError", std::string("unsupported operand type(s) for ") + (product ? "*" : "+") + ": '" +
                            python_type_name(start) + "' and '" + python_type_name(item) + "'");
    }
    if (start.is<double>() || item.is<double>()) {
      start = product ? real_of(start) * real_of(item) : real_of(start) + real_of(item);
    } else {
      const std::int64_t a = index_of(start), b = index_of(item);
      std::int64_t r;
      if (product ? __builtin_mul_overflow(a, b, &r) : __builtin_add_overflow(a, b, &r)) big_int();
      start = r;
    }
  }
  return start;
}

Value python_round(const List& args) {
  const Value& x = args[0];
  const bool digits = args.size() == 2 && !args[1].is<None>();
  if (x.is<bool>() || x.is<std::int64_t>()) {
    const std::int64_t v = index_of(x);
    if (!digits || index_of(args[1]) >= 0) return v;
    std::int64_t p = 1;
    for (std::int64_t k = 0; k < -index_of(args[1]) && p < 1000000000000000000LL; ++k) p *= 10;
    const std::int64_t q = v / p, r = v % p;
    std::int64_t down = r < 0 ? q - 1 : q, rem = r < 0 ? r + p : r;  // floor division
    if (2 * rem > p || (2 * rem == p && down % 2 != 0)) ++down;
    return checked_mul(down, p);
  }
  if (!x.is<double>()) fail("TypeError", "type " + python_type_name(x) + " doesn't define __round__ method");
  const double v = x.as<double>();
  if (!digits) return int_of_float(std::nearbyint(v));
  const std::int64_t n = index_of(args[1]);
  if (!std::isfinite(v) || n > 320) return v;
  if (n < -320) return std::copysign(0.0, v);
  if (n >= 0) {  // the nearest decimal with n places (printf's exact rounding, half to even), read back
    char buf[512];
    std::snprintf(buf, sizeof buf, "%.*f", int(n), v);
    return std::strtod(buf, nullptr);
  }
  const double p = std::pow(10.0, double(-n));
  double r = std::nearbyint(v / p) * p;
  if (std::isinf(r)) fail("OverflowError", "rounded value too large to represent");
  return r;
}

Value min_max(const std::string& fn, const List& args) {
  const List* items = &args;
  if (args.size() == 1) items = &items_of(fn, args[0]);
  if (items->empty()) fail("ValueError", fn + "() arg is an empty sequence");
  Value best = (*items)[0];
  for (const Value& v : *items) {
    if (!is_number(v)) {
      if (v.is<Tensor>()) fail("Unsupported", fn + "() of tensors is not supported by Whence yet: use torch." + fn);
      fail("TypeError", "'" + std::string(fn == "min" ? "<" : ">") + "' not supported between instances of '" +
                            python_type_name(v) + "' and '" + python_type_name(best) + "'");
    }
    const double a = real_of(v), b = real_of(best);
    if (fn == "min" ? a < b : a > b) best = v;
  }
  return best;
}

// Python's words for a math function given the wrong number of arguments.
void arity(const std::string& fn, const List& args, std::size_t n) {
  if (args.size() == n) return;
  if (n == 1) fail("TypeError", fn + "() takes exactly one argument (" + std::to_string(args.size()) + " given)");
  fail("TypeError", fn.substr(fn.find('.') + 1) + " expected " + std::to_string(n) + " arguments, got " +
                        std::to_string(args.size()));
}

const Tensor& tensor_arg(const std::string& fn, const List& args, std::size_t i, const char* name) {
  if (i >= args.size())
    fail("TypeError", fn + "() missing required argument '" + name + "' (pos " + std::to_string(i + 1) + ")");
  if (!args[i].is<Tensor>())
    fail("TypeError", fn + "(): argument '" + name + "' (position " + std::to_string(i + 1) + ") must be Tensor, not " +
                          python_type_name(args[i]));
  return args[i].as<Tensor>();
}

DType dtype_arg(const std::string& fn, const List& args, std::size_t i, const char* name) {
  if (i >= args.size())
    fail("TypeError", fn + "() missing required argument '" + name + "' (pos " + std::to_string(i + 1) + ")");
  if (!args[i].is<DType>())
    fail("TypeError", fn + "(): argument '" + name + "' (position " + std::to_string(i + 1) +
                          ") must be torch.dtype, not " + python_type_name(args[i]));
  return args[i].as<DType>();
}

// A positional or keyword argument of a torch function, or nullptr.
const Value* arg_or_kwarg(const List& args, const Kwargs& kwargs, std::size_t i, const char* name) {
  if (i < args.size()) return &args[i];
  return kwarg(kwargs, name);
}

double float_option(const std::string& fn, const Value* v, const char* name, double dflt) {
  if (!v) return dflt;
  if (v->is<double>()) return v->as<double>();
  if (v->is<std::int64_t>()) return double(v->as<std::int64_t>());
  fail("TypeError", fn + "(): argument '" + name + "' must be float, not " + python_type_name(*v));
}

bool tensors_equal(const Tensor& a, const Tensor& b) {
  if (a.shape() != b.shape()) return false;
  const DType common = promote_types(a.dtype(), b.dtype());
  const Tensor x = a.to(common), y = b.to(common);
  for (std::int64_t k = 0; k < x.numel(); ++k) {
    const Scalar p = x.get(k), q = y.get(k);
    if (is_floating(common) ? !(p.f == q.f) : p.i != q.i) return false;
  }
  return true;
}

Value torch_function(const std::string& fn, const std::string& name, const List& args, const Kwargs& kwargs) {
  if (fn == "get_default_dtype") {
    if (!args.empty() || !kwargs.empty())
      fail("TypeError", "torch.get_default_dtype() takes no arguments (" + std::to_string(args.size()) + " given)");
    return default_float_dtype();
  }
  if (fn == "set_default_dtype") {
    const Value* d = arg_or_kwarg(args, kwargs, 0, "d");
    if (!d) fail("TypeError", "set_default_dtype() missing 1 required positional argument: 'd'");
    if (!d->is<DType>())
      fail("TypeError", "invalid dtype object: only floating-point types are supported as the default type");
    if (!is_floating(d->as<DType>())) fail("TypeError", "only floating-point types are supported as the default type");
    if (d->as<DType>() != DType::Float32 && d->as<DType>() != DType::Float64)
      fail("Unsupported", "a default dtype of " + std::string(dtype_torch_name(d->as<DType>())) +
                              " is not supported by Whence: torch.float32 and torch.float64 are");
    set_default_float_dtype(d->as<DType>());
    return None{};
  }
  if (fn == "set_printoptions") {
    static const char* const names[] = {"precision", "threshold", "edgeitems", "linewidth", "profile", "sci_mode"};
    const Value* given[6] = {};
    if (args.size() > 6)
      fail("TypeError", "set_printoptions() takes from 0 to 6 positional arguments but " + std::to_string(args.size()) +
                            " were given");
    for (std::size_t i = 0; i < args.size(); ++i) given[i] = &args[i];
    for (const auto& [k, v] : kwargs) {
      std::size_t i = 0;
      while (i < 6 && k != names[i]) ++i;
      if (i == 6) fail("TypeError", "set_printoptions() got an unexpected keyword argument '" + k + "'");
      given[i] = &v;
    }
    auto present = [&](int i) { return given[i] && !given[i]->is<None>(); };
    PrintOptions& o = print_options();
    if (present(4)) {
      const std::string profile = given[4]->is<std::string>() ? given[4]->as<std::string>() : "";
      if (profile == "default") o = PrintOptions{4, 1000, 3, 80, o.sci_mode};
      if (profile == "short") o = PrintOptions{2, 1000, 2, 80, o.sci_mode};
      if (profile == "full") o = PrintOptions{4, INFINITY, 3, 80, o.sci_mode};
    }
    auto integer = [&](int i) {
      if (!given[i]->is<std::int64_t>() && !given[i]->is<bool>())
        fail("Unsupported", std::string("set_printoptions(") + names[i] + "=" + python_type_name(*given[i]) +
                                ") is not supported by Whence: give an int");
      return index_of(*given[i]);
    };
    if (present(0)) o.precision = int(std::max<std::int64_t>(0, std::min<std::int64_t>(integer(0), 300)));
    if (present(1)) o.threshold = given[1]->is<double>() ? given[1]->as<double>() : double(integer(1));
    if (present(2)) o.edgeitems = integer(2);
    if (present(3)) o.linewidth = int(std::max<std::int64_t>(-1000000, std::min<std::int64_t>(integer(3), 1000000)));
    o.sci_mode = present(5) ? std::optional<bool>(python_bool(*given[5])) : std::nullopt;
    return None{};
  }
  if (fn == "is_tensor" || fn == "is_storage") {
    const Value* obj = arg_or_kwarg(args, kwargs, 0, "obj");
    if (!obj) fail("TypeError", fn + "() missing 1 required positional argument: 'obj'");
    return fn == "is_tensor" && obj->is<Tensor>();
  }
  if (fn == "is_floating_point" || fn == "is_complex" || fn == "is_nonzero" || fn == "numel") {
    const Tensor& t = tensor_arg(fn, args, 0, "input");
    if (fn == "is_floating_point") return is_floating(t.dtype());
    if (fn == "is_complex") return false;
    if (fn == "numel") return t.numel();
    return python_bool(t);
  }
  if (fn == "equal") {
    const Tensor& a = tensor_arg(fn, args, 0, "input");
    const Tensor& b = tensor_arg(fn, args, 1, "other");
    return tensors_equal(a, b);
  }
  if (fn == "allclose") {
    const Tensor& a = tensor_arg(fn, args, 0, "input");
    const Tensor& b = tensor_arg(fn, args, 1, "other");
    const double rtol = float_option(fn, arg_or_kwarg(args, kwargs, 2, "rtol"), "rtol", 1e-05);
    const double atol = float_option(fn, arg_or_kwarg(args, kwargs, 3, "atol"), "atol", 1e-08);
    const Value* nan = arg_or_kwarg(args, kwargs, 4, "equal_nan");
    if (nan && !nan->is<bool>())
      fail("TypeError", "allclose(): argument 'equal_nan' must be bool, not " + python_type_name(*nan));
    // allclose is isclose(...).all(): its checks and errors are isclose's.
    const Evaluation e = run_call(
        Call{"torch.isclose", {a, b}, {{"rtol", rtol}, {"atol", atol}, {"equal_nan", nan ? *nan : Value(false)}}});
    const Tensor& close = e.result.tensors.at(0);
    for (std::int64_t k = 0; k < close.numel(); ++k)
      if (!close.get(k).i) return false;
    return true;
  }
  if (fn == "can_cast") return can_cast(dtype_arg(fn, args, 0, "from"), dtype_arg(fn, args, 1, "to"));
  if (fn == "promote_types") return promote_types(dtype_arg(fn, args, 0, "type1"), dtype_arg(fn, args, 1, "type2"));
  if (fn == "result_type") {
    if (args.size() != 2 || !kwargs.empty())
      fail("TypeError", "result_type() takes 2 arguments: (tensor, other), each a Tensor or a Number");
    std::vector<PromotionOperand> operands;
    for (const Value& v : args) {
      const auto o = promotion_operand(v);
      if (!o || v.is<List>())
        fail("TypeError", "result_type(): arguments must be a Tensor or a Number, not " + python_type_name(v));
      operands.push_back(*o);
    }
    if (!args[0].is<Tensor>() && !args[1].is<Tensor>()) {
      // Two Python numbers: each as its default tensor (int64, float: the default dtype).
      for (auto& o : operands) o.rank = OperandRank::ZeroDim;
    }
    return result_type(operands);
  }
  if (fn == "broadcast_shapes") {
    std::size_t max_len = 0;
    for (const Value& s : args)
      max_len = std::max(max_len, s.is<std::int64_t>() ? std::size_t(1) : s.is<List>() ? s.as<List>().size() : 0);
    std::vector<std::int64_t> result(max_len, 1);
    for (const Value& s : args) {
      List dims;
      if (s.is<std::int64_t>())
        dims = {s};
      else if (s.is<List>())
        dims = s.as<List>();
      else
        fail("RuntimeError",
             "Input shapes should be of type ints, a tuple of ints, or a list of ints, got " + python_repr(s));
      for (std::size_t k = 1; k <= dims.size(); ++k) {
        const std::int64_t d = index_of(dims[dims.size() - k]);
        std::int64_t& r = result[max_len - k];
        if (d < 0)
          fail("RuntimeError", "Trying to create tensor with negative dimension (" + std::to_string(d) + "): (" +
                                   std::to_string(d) + ")");
        if (d == 1 || d == r) continue;
        if (r != 1) fail("RuntimeError", "Shape mismatch: objects cannot be broadcast to a single shape");
        r = d;
      }
    }
    return size_value(Shape(result.begin(), result.end()));
  }
  if (fn == "Size") {
    if (args.empty()) return size_value({});
    if (args.size() != 1 || !args[0].is<List>())
      fail("TypeError", "torch.Size() takes an iterable of 'int' (item 0 is '" + python_type_name(args[0]) + "')");
    Shape s;
    for (const Value& d : args[0].as<List>()) s.push_back(index_of(d));
    return size_value(s);
  }
  fail("Unsupported", name + " is not supported by Whence yet");
}

Value math_function(const std::string& fn, const List& args, const Kwargs& kwargs) {
  const std::string name = "math." + fn;
  if (fn == "isclose") {
    arity(name, args, 2);
    const double a = real_of(args[0]), b = real_of(args[1]);
    const double rel = kwarg(kwargs, "rel_tol") ? real_of(*kwarg(kwargs, "rel_tol")) : 1e-09;
    const double abs_tol = kwarg(kwargs, "abs_tol") ? real_of(*kwarg(kwargs, "abs_tol")) : 0.0;
    if (rel < 0 || abs_tol < 0) fail("ValueError", "tolerances must be non-negative");
    if (a == b) return true;
    if (std::isinf(a) || std::isinf(b)) return false;
    const double diff = std::fabs(b - a);
    return (diff <= std::fabs(rel * b)) || (diff <= std::fabs(rel * a)) || diff <= abs_tol;
  }
  if (fn == "prod" || fn == "fsum") {
    arity(name, args, 1);
    if (fn == "fsum") {
      double s = 0;  // (Python sums exactly; a plain sum of a few numbers is the same in most cases)
      for (const Value& v : items_of(fn, args[0])) s += real_of(v);
      return s;
    }
    const Value* start = kwarg(kwargs, "start");
    return fold_numbers(items_of(fn, args[0]), start ? *start : Value(std::int64_t(1)), true);
  }
  no_kwargs(name, kwargs);
  if (fn == "log") {
    if (args.empty() || args.size() > 2)
      fail("TypeError", "log expected at least 1 argument, got " + std::to_string(args.size()));
    const double x = math_log(real_of(args[0]));
    if (args.size() == 1) return x;
    const double base = math_log(real_of(args[1]));
    if (base == 0) fail("ZeroDivisionError", "float division by zero");
    return x / base;
  }
  if (fn == "floor" || fn == "ceil" || fn == "trunc") {
    arity(name, args, 1);
    if (args[0].is<std::int64_t>() || args[0].is<bool>()) return index_of(args[0]);
    const double x = real_of(args[0]);
    return int_of_float(fn == "floor" ? std::floor(x) : fn == "ceil" ? std::ceil(x) : std::trunc(x));
  }
  if (fn == "isnan" || fn == "isinf" || fn == "isfinite") {
    arity(name, args, 1);
    const double x = real_of(args[0]);
    return fn == "isnan" ? std::isnan(x) : fn == "isinf" ? std::isinf(x) : std::isfinite(x);
  }
  if (fn == "pow" || fn == "atan2" || fn == "copysign" || fn == "fmod" || fn == "remainder") {
    arity(name, args, 2);
    const double x = real_of(args[0]), y = real_of(args[1]);
    if (fn == "pow") return math_pow(x, y);
    if (fn == "atan2") return std::atan2(x, y);
    if (fn == "copysign") return std::copysign(x, y);
    if (std::isnan(x) || std::isnan(y)) return x + y;
    if (std::isinf(x) || y == 0) math_domain();
    return fn == "fmod" ? std::fmod(x, y) : std::remainder(x, y);
  }
  if (fn == "ldexp") {
    arity(name, args, 2);
    const double r = std::ldexp(
        real_of(args[0]), int(std::max<std::int64_t>(-100000, std::min<std::int64_t>(100000, index_of(args[1])))));
    if (std::isinf(r) && std::isfinite(real_of(args[0]))) math_range();
    return r;
  }
  if (fn == "hypot") {
    double s = 0;
    for (const Value& v : args) s = std::hypot(s, real_of(v));
    return s;
  }
  if (fn == "factorial") {
    arity(name, args, 1);
    const std::int64_t n = index_of(args[0]);
    if (n < 0) fail("ValueError", "factorial() not defined for negative values");
    std::int64_t r = 1;
    for (std::int64_t k = 2; k <= n; ++k) r = checked_mul(r, k);
    return r;
  }
  if (fn == "gcd" || fn == "lcm") {
    std::int64_t r = fn == "gcd" ? 0 : 1;
    for (const Value& v : args) {
      const std::int64_t x = index_of(v);
      if (fn == "gcd") {
        r = std::gcd(r, x);
      } else {
        if (r == 0 || x == 0) {
          r = 0;
          continue;
        }
        r = checked_mul(std::abs(r / std::gcd(r, x)), std::abs(x));
      }
    }
    return r;
  }
  if (fn == "comb" || fn == "perm") {
    if (args.size() < 1 || args.size() > 2 || (fn == "comb" && args.size() != 2))
      fail("TypeError", fn + " expected 2 arguments, got " + std::to_string(args.size()));
    const std::int64_t n = index_of(args[0]);
    const std::int64_t k = args.size() == 2 && !args[1].is<None>() ? index_of(args[1]) : n;
    if (n < 0) fail("ValueError", "n must be a non-negative integer");
    if (k < 0) fail("ValueError", "k must be a non-negative integer");
    if (k > n) return std::int64_t(0);
    std::int64_t r = 1;
    if (fn == "perm") {
      for (std::int64_t i = 0; i < k; ++i) r = checked_mul(r, n - i);
      return r;
    }
    const std::int64_t m = std::min(k, n - k);
    for (std::int64_t i = 1; i <= m; ++i) {  // r * (n - m + i) / i stays exact
      const std::int64_t g = std::gcd(r, i);
      r = checked_mul(r / g, (n - m + i) / (i / g));
    }
    return r;
  }
  if (fn == "isqrt") {
    arity(name, args, 1);
    const std::int64_t n = index_of(args[0]);
    if (n < 0) fail("ValueError", "isqrt() argument must be nonnegative");
    std::int64_t r = std::int64_t(std::sqrt(double(n)));
    while (r > 0 && r * r > n) --r;
    while ((r + 1) <= n / (r + 1)) ++r;
    return r;
  }
  if (fn == "dist") fail("Unsupported", "math.dist is not supported by Whence yet");
  arity(name, args, 1);
  if (const auto r = math_unary(fn, real_of(args[0]))) return *r;
  fail("AttributeError", "module 'math' has no attribute '" + fn + "'");
}

}  // namespace builtins_impl

Value size_value(const Shape& shape) {
  Value v(List(shape.begin(), shape.end()));
  v.is_tuple = true;
  v.is_size = true;
  return v;
}

bool python_bool(const Value& v) {
  using namespace builtins_impl;
  if (v.is<None>()) return false;
  if (v.is<bool>()) return v.as<bool>();
  if (v.is<std::int64_t>()) return v.as<std::int64_t>() != 0;
  if (v.is<double>()) return v.as<double>() != 0;
  if (v.is<std::string>()) return !v.as<std::string>().empty();
  if (v.is<List>()) return !v.as<List>().empty();
  if (v.is<ObjectRef>()) return v.as<ObjectRef>().object->truth();
  if (v.is<Tensor>()) {
    const Tensor& t = v.as<Tensor>();
    if (t.numel() == 0) fail("RuntimeError", "Boolean value of Tensor with no values is ambiguous");
    if (t.numel() > 1) fail("RuntimeError", "Boolean value of Tensor with more than one value is ambiguous");
    const Scalar s = t.get(0);
    return is_floating(s.dtype) ? s.f != 0 : s.i != 0;
  }
  return true;
}

std::optional<Value> python_constant(const std::string& name) {
  using namespace builtins_impl;
  if (name == "math.pi" || name == "torch.pi") return kPi;
  if (name == "math.e" || name == "torch.e") return kE;
  if (name == "math.tau") return 2 * kPi;
  if (name == "math.inf" || name == "torch.inf") return std::numeric_limits<double>::infinity();
  if (name == "math.nan" || name == "torch.nan") return std::numeric_limits<double>::quiet_NaN();
  return std::nullopt;
}

bool is_python_function(const std::string& name) {
  static const char* const torch_names[] = {"get_default_dtype",
                                            "set_default_dtype",
                                            "is_tensor",
                                            "is_storage",
                                            "is_floating_point",
                                            "is_complex",
                                            "is_nonzero",
                                            "numel",
                                            "equal",
                                            "allclose",
                                            "can_cast",
                                            "promote_types",
                                            "result_type",
                                            "broadcast_shapes",
                                            "Size",
                                            "set_printoptions"};
  static const char* const builtins[] = {"len",  "abs", "round", "min",  "max",  "sum",
                                         "bool", "str", "repr",  "list", "tuple"};
  if (name.rfind("math.", 0) == 0) return true;
  if (name.rfind("torch.", 0) == 0) {
    for (const char* n : torch_names)
      if (name.compare(6, std::string::npos, n) == 0) return true;
    return false;
  }
  for (const char* n : builtins)
    if (name == n) return true;
  return false;
}

std::optional<Value> python_function(const std::string& name, const List& args, const Kwargs& kwargs) {
  using namespace builtins_impl;
  if (!is_python_function(name)) return std::nullopt;
  if (name.rfind("math.", 0) == 0) return math_function(name.substr(5), args, kwargs);
  if (name.rfind("torch.", 0) == 0) return torch_function(name.substr(6), name, args, kwargs);
  if (name == "round") {
    if (args.empty() || args.size() > 2)
      fail("TypeError", "round() takes at most 2 arguments (" + std::to_string(args.size()) + " given)");
    return python_round(args);
  }
  if (name == "min" || name == "max") {
    if (args.empty()) fail("TypeError", name + " expected at least 1 argument, got 0");
    return min_max(name, args);
  }
  if (name == "sum") {
    if (args.empty() || args.size() > 2)
      fail("TypeError", "sum() takes at most 2 arguments (" + std::to_string(args.size()) + " given)");
    const Value* start = args.size() == 2 ? &args[1] : kwarg(kwargs, "start");
    return fold_numbers(items_of(name, args[0]), start ? *start : Value(std::int64_t(0)), false);
  }
  no_kwargs(name, kwargs);
  if (args.size() != 1 && !(args.empty() && (name == "bool" || name == "str" || name == "list" || name == "tuple")))
    fail("TypeError", name + "() takes exactly one argument (" + std::to_string(args.size()) + " given)");
  if (name == "bool") return args.empty() ? false : python_bool(args[0]);
  if (name == "str") return args.empty() ? std::string() : python_str(args[0]);
  if (name == "repr") return python_repr(args[0]);
  if (name == "list" || name == "tuple") {
    Value v{List{}};
    if (!args.empty()) {
      if (args[0].is<std::string>()) {
        for (char c : args[0].as<std::string>()) v.as<List>().push_back(std::string(1, c));
      } else if (args[0].is<List>()) {
        v.as<List>() = args[0].as<List>();
      } else if (args[0].is<Tensor>()) {
        return std::nullopt;  // a tensor's rows: the caller runs unbind
      } else {
        fail("TypeError", "'" + python_type_name(args[0]) + "' object is not iterable");
      }
    }
    v.is_tuple = name == "tuple";
    return v;
  }
  const Value& x = args[0];
  if (name == "len") {
    if (x.is<Tensor>()) {
      if (x.as<Tensor>().dim() == 0) fail("TypeError", "len() of a 0-d tensor");
      return x.as<Tensor>().shape()[0];
    }
    if (x.is<List>()) return std::int64_t(x.as<List>().size());
    if (x.is<std::string>()) return std::int64_t(x.as<std::string>().size());
    fail("TypeError", "object of type '" + python_type_name(x) + "' has no len()");
  }
  // abs
  if (x.is<Tensor>()) return std::nullopt;  // Tensor.__abs__: the caller runs torch.abs
  if (x.is<bool>() || x.is<std::int64_t>()) {
    const std::int64_t v = index_of(x);
    if (v == std::numeric_limits<std::int64_t>::min()) big_int();
    return v < 0 ? -v : v;
  }
  if (x.is<double>()) return std::fabs(x.as<double>());
  fail("TypeError", "bad operand type for abs(): '" + python_type_name(x) + "'");
}

bool is_tensor_query(const std::string& method) {
  static const char* const names[] = {"dim",      "ndimension", "numel",          "nelement",          "element_size",
                                      "item",     "tolist",     "storage_offset", "is_floating_point", "is_complex",
                                      "data_ptr", "size",       "stride",         "is_contiguous"};
  for (const char* n : names)
    if (method == n) return true;
  return false;
}

std::optional<Value> tensor_query(const Tensor& self, const std::string& method, const List& args,
                                  const Kwargs& kwargs) {
  using namespace builtins_impl;
  static const char* const no_args[] = {"dim",     "ndimension", "numel",          "nelement",          "element_size",
                                        "item",    "tolist",     "storage_offset", "is_floating_point", "is_complex",
                                        "data_ptr"};
  bool takes_none = false;
  for (const char* m : no_args) takes_none = takes_none || method == m;
  if (takes_none) {
    if (!args.empty() || !kwargs.empty())
      fail("TypeError", "_TensorBase." + method + "() takes no arguments (" +
                            std::to_string(args.size() + kwargs.size()) + " given)");
    if (method == "dim" || method == "ndimension") return std::int64_t(self.dim());
    if (method == "numel" || method == "nelement") return self.numel();
    if (method == "element_size") return std::int64_t(dtype_size(self.dtype()));
    if (method == "storage_offset") return self.offset();
    if (method == "is_floating_point") return is_floating(self.dtype());
    if (method == "is_complex") return false;
    if (method == "data_ptr")
      fail("Unsupported", "Tensor.data_ptr() is an address in memory, which Whence does not model");
    auto python_number = [](const Scalar& s) -> Value {
      if (s.dtype == DType::Bool) return s.i != 0;
      if (is_floating(s.dtype)) return s.as_double();
      return s.i;
    };
    if (method == "item") return python_number(only_element(self));
    // tolist: nested lists of Python numbers, row-major
    std::int64_t flat = 0;
    std::function<Value(int)> build = [&](int d) -> Value {
      if (d == self.dim()) return python_number(self.get(flat++));
      List row;
      for (std::int64_t i = 0; i < self.shape()[std::size_t(d)]; ++i) row.push_back(build(d + 1));
      return row;
    };
    return build(0);
  }
  if (method == "size" || method == "stride") {
    const Value* dim = arg_or_kwarg(args, kwargs, 0, "dim");
    if (args.size() + kwargs.size() > 1 || (!args.empty() && !kwargs.empty()) || (!kwargs.empty() && !dim))
      fail("TypeError", method + "() received an invalid combination of arguments: it takes () or (int dim)");
    const Shape& values = method == "size" ? self.shape() : self.strides();
    if (!dim || dim->is<None>()) {
      if (method == "size") return size_value(values);
      Value v(List(values.begin(), values.end()));
      v.is_tuple = true;
      return v;
    }
    if (!dim->is<std::int64_t>())
      fail("TypeError", method + "() received an invalid combination of arguments - got (" + python_type_name(*dim) +
                            "), but expected one of:\n * (int dim)\n * ()\n * (name dim)\n");
    const std::int64_t d = dim->as<std::int64_t>();
    if (self.dim() == 0)
      fail("IndexError", "Dimension specified as " + std::to_string(d) + " but tensor has no dimensions");
    return values[std::size_t(wrap_dim(d, self.dim()))];
  }
  if (method == "is_contiguous") {
    if (!args.empty())
      fail("TypeError", "is_contiguous() takes 0 positional arguments but " + std::to_string(args.size()) +
                            (args.size() == 1 ? " was" : " were") + " given");
    return self.is_contiguous();
  }
  return std::nullopt;
}

namespace {
PythonCalls g_python_calls;
}  // namespace

const PythonCalls& python_calls() { return g_python_calls; }

void install_python_calls() {
  g_python_calls.function = &python_function;
  g_python_calls.tensor_query = &tensor_query;
  g_python_calls.generator_function = &generator_function;
  g_python_calls.generator_method = &generator_method;
}

}  // namespace whence
