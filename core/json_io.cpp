#include "json_io.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "error.hpp"
#include "factories.hpp"
#include "number_format.hpp"
#include "shape.hpp"

namespace whence {

namespace {

Value number_from_json(const Json& j) {
  if (j.is_number_unsigned() && j.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
    fail("RuntimeError", "Overflow when unpacking long");
  if (j.is_number_integer()) return j.get<std::int64_t>();
  return j.get<double>();
}

// A data leaf: number, bool, or the strings "nan", "inf", "-inf".
Value leaf_from_json(const Json& j) {
  if (j.is_boolean()) return j.get<bool>();
  if (j.is_number()) return number_from_json(j);
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
  }
  if (j.is_array()) {
    List items;
    for (const auto& item : j) items.push_back(leaf_from_json(item));
    return items;
  }
  fail("ValueError", "tensor data must hold numbers, booleans or \"nan\"/\"inf\"/\"-inf\", not " + j.dump());
}

Tensor tensor_from_json(const Json& j) {
  std::optional<DType> dtype;
  if (j.contains("dtype")) {
    if (!j["dtype"].is_string() || !dtype_from_name(j["dtype"].get<std::string>()))
      fail("ValueError", "unknown dtype " + j["dtype"].dump() +
                             "; use bool, uint8, int8, int16, int32, int64, float16, bfloat16, float32 or float64");
    dtype = dtype_from_name(j["dtype"].get<std::string>());
  }
  const Value data = leaf_from_json(j["data"]);
  if (!j.contains("shape")) return tensor_from_data(data, dtype);  // nested lists carry the shape

  if (!j["shape"].is_array()) fail("ValueError", "tensor shape must be an array of ints");
  Shape shape;
  for (const auto& s : j["shape"]) {
    if (!s.is_number_integer()) fail("ValueError", "tensor shape must be an array of ints, got " + j["shape"].dump());
    shape.push_back(s.get<std::int64_t>());
  }
  check_limits(shape);
  if (!data.is<List>()) fail("ValueError", "tensor data must be a flat array when shape is given");
  const auto& flat = data.as<List>();
  if (std::int64_t(flat.size()) != shape_numel(shape))
    fail("ValueError", "tensor data has " + std::to_string(flat.size()) + " elements but shape " + shape_str(shape) +
                           " needs " + std::to_string(shape_numel(shape)));
  const Tensor values = tensor_from_data(data, dtype);  // dtype inference and checks of torch.tensor
  return values.as_strided(shape, contiguous_strides(shape), 0);
}

}  // namespace

Value value_from_json(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null: return None{};
    case Json::value_t::boolean: return j.get<bool>();
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return number_from_json(j);
    case Json::value_t::string: return j.get<std::string>();
    case Json::value_t::array: {
      List items;
      for (const auto& item : j) items.push_back(value_from_json(item));
      return items;
    }
    case Json::value_t::object:
      if (j.contains("data")) return tensor_from_json(j);
      if (j.size() == 1 && j.contains("tuple") && j["tuple"].is_array()) {  // a Python tuple (an array is a list)
        Value v = value_from_json(j["tuple"]);
        v.is_tuple = true;
        return v;
      }
      if (j.size() == 1 && j.contains("float") && j["float"].is_string()) {  // a non-finite Python float
        const Value v = leaf_from_json(j["float"]);
        if (v.is<double>()) return v;
      }
      if (j.size() == 1 && j.contains("slice") && j["slice"].is_array() && j["slice"].size() == 3) {
        Slice s;
        std::optional<std::int64_t>* parts[] = {&s.start, &s.stop, &s.step};
        for (int k = 0; k < 3; ++k) {
          const Json& part = j["slice"][std::size_t(k)];
          if (part.is_number_integer())
            *parts[k] = part.get<std::int64_t>();
          else if (!part.is_null())
            fail("TypeError", "slice indices must be integers or None or have an __index__ method");
        }
        return s;
      }
      if (j.size() == 1 && j.contains("ellipsis")) return Ellipsis{};
      // A torch.Generator seeded with "seed": torch.Generator().manual_seed(seed).
      if (j.size() == 1 && j.contains("generator") && j["generator"].is_object() && j["generator"].contains("seed") &&
          j["generator"]["seed"].is_number_integer()) {
        const Json& seed = j["generator"]["seed"];
        return GeneratorRef{std::make_shared<CpuGenerator>(
            seed.is_number_unsigned() ? seed.get<std::uint64_t>() : std::uint64_t(seed.get<std::int64_t>()))};
      }
      // A program's grad_fn as a step shows it (its class name); no op takes one.
      if (j.size() == 1 && j.contains("grad_fn") && j["grad_fn"].is_string())
        return GradFnRef{nullptr, j["grad_fn"].get<std::string>()};
      if (j.size() == 2 && j.contains("object") && j.contains("repr") && j["repr"].is_string())
        return j["repr"].get<std::string>();  // shown only: no op takes a program's object
      if (j.size() == 1 && j.contains("dtype") && j["dtype"].is_string())
        if (auto d = dtype_from_name(j["dtype"].get<std::string>())) return *d;
      fail("ValueError",
           "an object value must be a tensor {\"dtype\", \"shape\", \"data\"}, a dtype {\"dtype\"}, a tuple "
           "{\"tuple\"}, a float {\"float\"}, a slice {\"slice\": [start, stop, step]} or {\"ellipsis\": true}, got " +
               j.dump());
    default: break;
  }
  fail("ValueError", "unsupported JSON value " + j.dump());
}

Json tensor_to_json(const Tensor& t) {
  Json data = Json::array();
  for (std::int64_t i = 0; i < t.numel(); ++i) {
    const Scalar s = t.get(i);
    if (s.dtype == DType::Bool) {
      data.push_back(s.i != 0);
    } else if (!is_floating(s.dtype)) {
      data.push_back(s.i);
    } else if (std::isnan(s.f)) {
      data.push_back("nan");
    } else if (std::isinf(s.f)) {
      data.push_back(s.f < 0 ? "-inf" : "inf");
    } else {
      data.push_back(json_double(s));
    }
  }
  Json shape = Json::array();
  for (auto s : t.shape()) shape.push_back(s);
  return Json{{"dtype", dtype_name(t.dtype())}, {"shape", shape}, {"data", data}};
}

Json value_to_json(const Value& v) {
  struct Visitor {
    Json operator()(const None&) const { return nullptr; }
    Json operator()(bool b) const { return b; }
    Json operator()(std::int64_t i) const { return i; }
    Json operator()(double f) const {  // a Python float: non-finite ones as {"float": "inf"}
      if (std::isnan(f)) return Json{{"float", "nan"}};
      if (std::isinf(f)) return Json{{"float", f < 0 ? "-inf" : "inf"}};
      return f;
    }
    Json operator()(const std::string& s) const { return s; }
    Json operator()(DType d) const { return Json{{"dtype", dtype_name(d)}}; }
    Json operator()(const Tensor& t) const { return tensor_to_json(t); }
    Json operator()(const List& items) const {
      Json a = Json::array();
      for (const auto& item : items) a.push_back(value_to_json(item));
      return tuple ? Json{{"tuple", a}} : a;
    }
    Json operator()(const Slice& s) const {  // x[1:] as {"slice": [1, null, null]}
      Json a = Json::array();
      for (const auto& part : {s.start, s.stop, s.step}) a.push_back(part ? Json(*part) : Json(nullptr));
      return Json{{"slice", a}};
    }
    Json operator()(const Ellipsis&) const { return Json{{"ellipsis", true}}; }
    // A torch.Generator as its initial seed: {"generator": {"seed": 5}} (its state is not written).
    Json operator()(const GeneratorRef& g) const { return Json{{"generator", Json{{"seed", g.gen->initial_seed()}}}}; }
    Json operator()(const GradFnRef& g) const { return Json{{"grad_fn", g.name}}; }
    // A program's object (a module, a dict, a function) as its type and repr: {"object", "repr"}.
    Json operator()(const ObjectRef& o) const {
      return Json{{"object", o.object->type_name()}, {"repr", o.object->repr()}};
    }
    bool tuple;
  };
  return std::visit(Visitor{v.is_tuple}, v.v);
}

// How deeply `j` nests arrays and objects, counted without recursion (a line of 10,000 ['s is
// valid JSON; reading it into Values recursively would exhaust the stack).
std::size_t json_nesting(const Json& j) {
  std::size_t deepest = 0;
  std::vector<std::pair<const Json*, std::size_t>> stack{{&j, 1}};
  while (!stack.empty()) {
    const auto [at, depth] = stack.back();
    stack.pop_back();
    if (!at->is_array() && !at->is_object()) continue;
    deepest = std::max(deepest, depth);
    for (const auto& item : *at) stack.push_back({&item, depth + 1});
  }
  return deepest;
}

Call call_from_json(const Json& request) {
  if (!request.is_object()) fail("ValueError", "a request must be a JSON object");
  // A tensor's data nests by its rank (8 at most), an argument's lists a few levels more.
  constexpr std::size_t kMaxNesting = 64;
  if (json_nesting(request) > kMaxNesting)
    fail("ValueError", "the request nests arrays and objects more than " + std::to_string(kMaxNesting) + " deep");
  if (!request.contains("op") || !request["op"].is_string())
    fail("ValueError", "a request needs \"op\": a qualified PyTorch name such as \"torch.gather\"");
  Call call;
  call.op = request["op"].get<std::string>();
  if (request.contains("args")) {
    if (!request["args"].is_array()) fail("ValueError", "\"args\" must be an array");
    for (const auto& a : request["args"]) call.args.push_back(value_from_json(a));
  }
  if (request.contains("kwargs")) {
    if (!request["kwargs"].is_object()) fail("ValueError", "\"kwargs\" must be an object");
    for (const auto& [k, v] : request["kwargs"].items()) call.kwargs.emplace_back(k, value_from_json(v));
  }
  return call;
}

Json call_to_json(const Call& call) {
  Json args = Json::array();
  for (const auto& a : call.args) args.push_back(value_to_json(a));
  Json kwargs = Json::object();
  for (const auto& [k, v] : call.kwargs) kwargs[k] = value_to_json(v);
  return Json{{"op", call.op}, {"args", args}, {"kwargs", kwargs}};
}

}  // namespace whence
