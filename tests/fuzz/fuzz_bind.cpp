// fuzz_bind.cpp - every op of the catalogue with generated argument values: the fuzzer's bytes
// pick an op and one of its names, then positional and keyword arguments shaped by the op's
// parameters most of the time (so that binding gets past its first check) and of any Python
// type otherwise: tensors of every dtype and rank 0 to 4, some of them views (transposed,
// expanded, sliced) or the same tensor twice, sizes and dims from the edges (0, -1, 2**31,
// 2**62, INT64_MIN), floats from nan to 1e308. Each call is run and every output element
// explained, as the widget explains a small result.
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <string>

#include "core/api.hpp"
#include "core/registry.hpp"
#include "core/views.hpp"
#include "fuzz_limits.hpp"

namespace {

using namespace whence;

constexpr std::int64_t kEdgeInts[] = {
    0,       1,         -1,           2,         -2,           3,         4,        7, 64, 65536, 65537,
    1 << 20, 1LL << 31, -(1LL << 31), 1LL << 62, -(1LL << 62), INT64_MAX, INT64_MIN};
constexpr double kEdgeFloats[] = {0.0, -0.0, 0.5, -1.5, 2.0, 1e-40, 1e308, -1e308, 65504.0, 3.4e38, 1e39};
const char* const kStrings[] = {"mean",     "sum", "none", "linear", "nearest", "bilinear", "floor", "trunc", "reflect",
                                "constant", "fro", "nuc",  "left",   "right",   "tanh",     "a",     ""};

struct Generator {
  FuzzedDataProvider& in;
  Tensor last;  // the tensor made last: reused to alias arguments

  std::int64_t integer() {
    if (in.ConsumeBool()) return in.ConsumeIntegralInRange<std::int64_t>(-4, 6);
    return in.PickValueInArray(kEdgeInts);
  }
  double floating() {
    switch (in.ConsumeIntegralInRange(0, 3)) {
      case 0: return double(in.ConsumeIntegralInRange(-8, 8)) / 2;
      case 1: return in.PickValueInArray(kEdgeFloats);
      case 2: return std::numeric_limits<double>::quiet_NaN();
      default: return in.ConsumeBool() ? INFINITY : -INFINITY;
    }
  }
  DType dtype() { return kAllDTypes[in.ConsumeIntegralInRange(0, kDTypeCount - 1)]; }

  Tensor tensor() {
    if (!last.shape().empty() && in.ConsumeIntegralInRange(0, 7) == 0) return last;  // the same tensor twice
    const DType d = in.ConsumeIntegralInRange(0, 3) == 0 ? dtype() : (in.ConsumeBool() ? DType::Float32 : DType::Int64);
    Shape shape;
    const int rank = in.ConsumeIntegralInRange(0, 4);
    for (int i = 0; i < rank; ++i) shape.push_back(in.ConsumeIntegralInRange(0, 5));
    Tensor t = Tensor::empty(d, shape);
    for (std::int64_t i = 0; i < t.numel(); ++i)
      t.set(i, is_floating(d) && in.ConsumeBool() ? Scalar::from_float(floating())
                                                  : Scalar::from_int(in.ConsumeIntegralInRange(-3, 5)));
    switch (in.ConsumeIntegralInRange(0, 5)) {  // a view now and then
      case 0:
        if (t.dim() >= 2) t = transpose(t, 0, t.dim() - 1);
        break;
      case 1:
        if (t.dim() >= 1 && t.shape()[0] == 1) {
          Shape sizes = t.shape();
          sizes[0] = 3;
          t = expand(t, std::vector<std::int64_t>(sizes.begin(), sizes.end()));
        }
        break;
      case 2:
        if (t.dim() >= 1 && t.shape()[0] >= 2) t = select(t, 0, 1);
        break;
      default: break;
    }
    last = t;
    return t;
  }
  List int_list() {
    List items;
    const int n = in.ConsumeIntegralInRange(0, 4);
    for (int i = 0; i < n; ++i) items.push_back(Value(integer()));
    return items;
  }
  Value any(int depth = 0) {
    switch (in.ConsumeIntegralInRange(0, 11)) {
      case 0: return Value(None{});
      case 1: return Value(in.ConsumeBool());
      case 2: return Value(integer());
      case 3: return Value(floating());
      case 4: return Value(std::string(in.PickValueInArray(kStrings)));
      case 5: return Value(dtype());
      case 6: return Value(int_list());
      case 7: {
        if (depth > 1) return Value(None{});
        List items;
        const int n = in.ConsumeIntegralInRange(0, 3);
        for (int i = 0; i < n; ++i) items.push_back(any(depth + 1));
        Value v(items);
        v.is_tuple = in.ConsumeBool();
        return v;
      }
      case 8: {
        Slice s;
        if (in.ConsumeBool()) s.start = integer();
        if (in.ConsumeBool()) s.stop = integer();
        if (in.ConsumeBool()) s.step = integer();
        return Value(s);
      }
      case 9: return Value(Ellipsis{});
      default: return Value(tensor());
    }
  }
  // A value of the parameter's type, most of the time.
  Value of(const Param& p) {
    if (in.ConsumeIntegralInRange(0, 5) == 0) return any();
    switch (p.type) {
      case ParamType::Tensor:
      case ParamType::OutTensor: return Value(tensor());
      case ParamType::Int: return Value(integer());
      case ParamType::Bool: return Value(in.ConsumeBool());
      case ParamType::Float: return Value(floating());
      case ParamType::DType: return Value(dtype());
      case ParamType::IntList: return in.ConsumeBool() ? Value(int_list()) : Value(integer());
      case ParamType::Number: return in.ConsumeBool() ? Value(integer()) : Value(floating());
      case ParamType::TensorOrNumber: return in.ConsumeBool() ? Value(tensor()) : Value(floating());
      case ParamType::String: return Value(std::string(in.PickValueInArray(kStrings)));
      case ParamType::TensorList: {
        List items;
        const int n = in.ConsumeIntegralInRange(0, 3);
        for (int i = 0; i < n; ++i) items.push_back(Value(tensor()));
        return Value(items);
      }
      case ParamType::Index: return any();
      case ParamType::Generator:  // a torch.Generator seeded from the input
        return Value(whence::GeneratorRef{std::make_shared<whence::CpuGenerator>(in.ConsumeIntegral<std::uint64_t>())});
    }
    return any();
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const OpList& ops = op_table();
  if (ops.empty()) return 0;
  const OpDescriptor& op = *ops[in.ConsumeIntegralInRange<std::size_t>(0, ops.size() - 1)];
  Call call;
  call.op = op.names[in.ConsumeIntegralInRange<std::size_t>(0, op.names.size() - 1)];
  Generator gen{in, {}};
  const bool method = call.op.rfind("torch.Tensor.", 0) == 0;
  std::size_t positional = in.ConsumeIntegralInRange<std::size_t>(0, 4);
  std::size_t p = 0;
  if (method) {
    call.args.push_back(Value(gen.tensor()));  // self
    if (!op.params.empty() && op.params[0].type == ParamType::Tensor) ++p;
  }
  for (; positional > 0; --positional, ++p)
    call.args.push_back(p < op.params.size() ? gen.of(op.params[p]) : gen.any());
  const int keywords = in.ConsumeIntegralInRange(0, 2);
  for (int k = 0; k < keywords && !op.params.empty(); ++k) {
    const Param& param = op.params[in.ConsumeIntegralInRange<std::size_t>(0, op.params.size() - 1)];
    call.kwargs.emplace_back(param.name, gen.of(param));
  }
  // WHENCE_FUZZ_PRINT=1 fuzz_bind FILE: the call a finding made, as text to replay with the CLI.
  static const bool print = std::getenv("WHENCE_FUZZ_PRINT") != nullptr;
  if (print) std::fprintf(stderr, "call: %s\n", format_call(call).c_str());
  const Explainer explainer(call);
  explainer.response(true);
  return 0;
}
