// generator_calls.cpp - torch.manual_seed and the other generator functions (generator_calls.hpp).
#include "generator_calls.hpp"

#include <cstring>

#include "error.hpp"
#include "factories.hpp"

namespace whence {

namespace {

// The one argument a function takes, positional or by keyword.
const Value* only_arg(const std::string& fn, const char* keyword, const List& args, const Kwargs& kwargs,
                      bool required) {
  if (args.size() + kwargs.size() > 1)
    fail("TypeError", fn + "() takes " + (required ? "1 positional argument" : "0 positional arguments") + " but " +
                          std::to_string(args.size() + kwargs.size()) + " were given");
  if (!args.empty()) return &args[0];
  if (!kwargs.empty()) {
    if (kwargs[0].first != keyword)
      fail("TypeError", fn + "() got an unexpected keyword argument '" + kwargs[0].first + "'");
    return &kwargs[0].second;
  }
  if (required) fail("TypeError", fn + "() missing 1 required positional argument: '" + keyword + "'");
  return nullptr;
}

void no_args(const std::string& fn, const List& args, const Kwargs& kwargs) {
  if (!args.empty() || !kwargs.empty())
    fail("TypeError",
         fn + "() takes 0 positional arguments but " + std::to_string(args.size() + kwargs.size()) + " were given");
}

// Python's int(seed), as the uint64 PyTorch keeps (a negative seed wraps around).
std::uint64_t seed_of(const Value& v) {
  if (v.is<bool>()) return v.as<bool>() ? 1 : 0;
  if (v.is<std::int64_t>()) return std::uint64_t(v.as<std::int64_t>());
  if (v.is<double>()) return std::uint64_t(std::int64_t(v.as<double>()));
  if (v.is<Tensor>() && v.as<Tensor>().numel() == 1) {
    const Scalar s = v.as<Tensor>().get(0);
    return std::uint64_t(is_floating(s.dtype) ? std::int64_t(s.f) : s.i);
  }
  fail("TypeError", "manual_seed expected a long, but got " + python_type_name(v));
}

Value state_tensor(const CpuGenerator& g) {
  const std::vector<std::uint8_t> bytes = g.get_state();
  Tensor t = Tensor::empty(DType::UInt8, Shape{std::int64_t(bytes.size())});
  std::memcpy(t.data_ptr(), bytes.data(), bytes.size());
  return t;
}

void set_state(CpuGenerator& g, const Value& v) {
  if (!v.is<Tensor>() || v.as<Tensor>().dtype() != DType::UInt8)
    fail("TypeError", "RNG state must be a torch.ByteTensor");
  const Tensor t = v.as<Tensor>().contiguous();
  std::vector<std::uint8_t> bytes(std::size_t(t.numel()));
  if (!bytes.empty()) std::memcpy(bytes.data(), t.data_ptr(), bytes.size());
  g.set_state(bytes);
}

Value seed_value(std::uint64_t seed) { return std::int64_t(seed); }  // (above 2^63 − 1: shown wrapped)

[[noreturn]] void refuse_seed() {
  fail("Unsupported",
       "torch.seed() seeds the generator from the operating system's randomness, which no one can reproduce; "
       "Whence refuses it: call torch.manual_seed(s) with a seed of your own");
}

}  // namespace

bool is_generator_function(const std::string& name) {
  return name == "torch.manual_seed" || name == "torch.initial_seed" || name == "torch.seed" ||
         name == "torch.get_rng_state" || name == "torch.set_rng_state" || name == "torch.Generator" ||
         name == "torch.random.manual_seed" || name == "torch.random.initial_seed" || name == "torch.random.seed" ||
         name == "torch.random.get_rng_state" || name == "torch.random.set_rng_state";
}

Value generator_function(const std::string& qualified, const List& args, const Kwargs& kwargs) {
  std::string name = qualified;
  if (name.rfind("torch.random.", 0) == 0) name = "torch." + name.substr(13);
  const GeneratorRef g = default_generator();
  if (name == "torch.manual_seed") {
    g.gen->manual_seed(seed_of(*only_arg("manual_seed", "seed", args, kwargs, true)));
    return g;
  }
  if (name == "torch.initial_seed") {
    no_args("initial_seed", args, kwargs);
    return seed_value(g.gen->initial_seed());
  }
  if (name == "torch.seed") refuse_seed();
  if (name == "torch.get_rng_state") {
    no_args("get_rng_state", args, kwargs);
    return state_tensor(*g.gen);
  }
  if (name == "torch.set_rng_state") {
    set_state(*g.gen, *only_arg("set_rng_state", "new_state", args, kwargs, true));
    return None{};
  }
  // torch.Generator(device='cpu')
  if (const Value* device = only_arg("Generator", "device", args, kwargs, false))
    if (!(device->is<std::string>() && device->as<std::string>() == "cpu"))
      fail("Unsupported", "Whence has the CPU generator only; pass device='cpu' or leave it out", "device");
  return GeneratorRef{std::make_shared<CpuGenerator>()};
}

Value generator_method(const GeneratorRef& g, const std::string& method, const List& args, const Kwargs& kwargs) {
  if (method == "manual_seed") {
    g.gen->manual_seed(seed_of(*only_arg("manual_seed", "seed", args, kwargs, true)));
    return g;
  }
  if (method == "initial_seed") {
    no_args("initial_seed", args, kwargs);
    return seed_value(g.gen->initial_seed());
  }
  if (method == "seed") refuse_seed();
  if (method == "get_state") {
    no_args("get_state", args, kwargs);
    return state_tensor(*g.gen);
  }
  if (method == "set_state") {
    set_state(*g.gen, *only_arg("set_state", "new_state", args, kwargs, true));
    return g;
  }
  fail("AttributeError", "'torch._C.Generator' object has no attribute '" + method + "'");
}

}  // namespace whence
