// elementwise_gradients.cpp - how the elementwise family's ops differentiate (core/autograd.hpp's
// GradRule): each output element reads one element of each tensor operand, and its local
// derivatives are the op's formula (elementwise_derivatives.cpp) at those operands' values.
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/number_format.hpp"
#include "kernels/common/derivatives.hpp"
#include "kernels/elementwise/elementwise_derivatives.hpp"
#include "kernels/elementwise/elementwise_family.hpp"

namespace whence {

namespace {
namespace ewgrad_rules {  // a name of its own: the unity build joins anonymous namespaces

// Each op's formula, in the order add_elementwise_gradients set them (a list, not a hash map: one
// instantiation less in the page's module; about a hundred ops, each found by a scan).
std::vector<std::pair<const OpDescriptor*, EwDerivative>>& derivatives() {
  static std::vector<std::pair<const OpDescriptor*, EwDerivative>> table;
  return table;
}
// The formula set last for `op` (as a map's assignment would keep); a walk asks for one op's
// every element, so the last answer is kept.
EwDerivative derivative_of(const OpDescriptor* op) {
  static thread_local std::pair<const OpDescriptor*, EwDerivative> last{nullptr, nullptr};
  if (last.first == op) return last.second;
  const auto& table = derivatives();
  for (std::size_t i = table.size(); i-- > 0;)
    if (table[i].first == op) return (last = table[i]).second;
  throw std::out_of_range("elementwise_gradients: no formula for the op");
}

// The operands' values at this element (functor order), read from the sources explain gave
// (a Python number is no source: its value comes from the call), then the op's formula, each
// operand's derivative given to its source.
void elementwise_derivatives(const Bound& b, const OpResult& result, int position, std::int64_t flat,
                             const std::vector<Source>& sources, double* d) {
  const ElementwiseSpec& spec = *static_cast<const ElementwiseSpec*>(b.op->family_data);
  const Tensor& out = result.tensors[std::size_t(position)];
  EwPoint p{b, {0, 0, 0}, {false, false, false}, out.get(flat).as_double(), out.dtype()};
  int source_of[3] = {-1, -1, -1};
  for (std::size_t k = 0; k < spec.operands.size() && k < 3; ++k) {
    const int param = spec.operands[k];
    for (std::size_t i = 0; i < sources.size(); ++i)
      if (sources[i].param == param && sources[i].item < 0) source_of[k] = int(i);
    const Value& v = b[std::size_t(param)];
    p.given[k] = !v.is<None>();
    if (source_of[k] >= 0)
      p.x[k] = source_number(b, sources[std::size_t(source_of[k])]);
    else if (v.is<Tensor>())
      p.x[k] = std::numeric_limits<double>::quiet_NaN();  // where's branch not taken: not read
    else if (p.given[k])                                  // a Python number takes part in the result's dtype
      p.x[k] = round_to_dtype(number_arg(b, param).as_double(), p.dtype);
  }
  double dk[3] = {0, 0, 0};
  derivative_of(b.op)(p, dk);
  for (int k = 0; k < 3; ++k)
    if (source_of[k] >= 0) d[source_of[k]] = dk[k];
}

// PyTorch's refusals turn on dtypes and on which operands are numbers, not on values: the
// formula run once at ones raises them for the whole call, an empty one included.
void elementwise_check(const Bound& b, const OpResult& result) {
  const ElementwiseSpec& spec = *static_cast<const ElementwiseSpec*>(b.op->family_data);
  const DType dtype = result.tensors.empty() ? DType::Float32 : result.tensors[0].dtype();
  EwPoint p{b, {1, 1, 1}, {false, false, false}, 1, dtype};
  for (std::size_t k = 0; k < spec.operands.size() && k < 3; ++k)
    p.given[k] = !b[std::size_t(spec.operands[k])].is<None>();
  double dk[3] = {0, 0, 0};
  derivative_of(b.op)(p, dk);
}

// glu's two sources are input's elements in the first and the second half.
void glu_derivatives(const Bound& b, const OpResult&, int, std::int64_t, const std::vector<Source>& sources,
                     double* d) {
  ew_glu_derivatives(source_number(b, sources[0]), source_number(b, sources[1]), d);
}

}  // namespace ewgrad_rules
}  // namespace

void add_elementwise_rules(GradRules& r, const std::vector<EwGradEntry>& formulas,
                           const std::vector<EwNoGradEntry>& none, const std::string& family) {
  using namespace ewgrad_rules;
  for (const EwGradEntry& e : formulas) {
    GradRule rule{elementwise_derivatives};
    rule.check = elementwise_check;
    set_rule(r, e.name, rule);
    derivatives().emplace_back(find_op(e.name), e.derivative);
  }
  for (const EwNoGradEntry& e : none) set_rule(r, e.name, GradRule{nullptr, e.why});
  set_family_rule(r, family, GradRule{nullptr, "Whence does not differentiate this op yet"});
  // A number parameter (alpha, value, negative_slope, ...) given as a 0-d tensor is a Scalar to
  // PyTorch: it gets no gradient.
  for (const OpDescriptor* op : op_table()) {
    if (op->family != family) continue;
    GradRule& rule = r[op];
    for (const Param& param : op->params)
      if (param.type == ParamType::Number || param.type == ParamType::Float)
        rule.no_grad_params += (rule.no_grad_params.empty() ? "" : ",") + param.name;
  }
}

void add_elementwise_gradients(GradRules& r) {
  using namespace ewgrad_rules;
  add_elementwise_rules(r, ew_derivative_table(), ew_no_grad_table(), "elementwise");
  set_rule(r, "torch.nn.functional.glu", GradRule{glu_derivatives});
  r[find_op("torch.Tensor.__rpow__")].no_grad_params = "other";  // PyTorch copies it with torch.tensor
}

}  // namespace whence
