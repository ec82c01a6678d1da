#include "kernels/elementwise/elementwise_builder.hpp"

#include <cctype>

#include "core/call_syntax.hpp"
#include "kernels/common/composite.hpp"

namespace whence {

namespace {

// x, y, z as whole words -> the operand placeholders {@input} / {#input}.
std::string substitute(const std::string& text, const std::vector<std::string>& operands, char kind) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool word_before = i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_');
    const bool word_after =
        i + 1 < text.size() && (std::isalnum(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '_');
    const int k = c == 'x' ? 0 : c == 'y' ? 1 : c == 'z' ? 2 : -1;
    if (k >= 0 && !word_before && !word_after && std::size_t(k) < operands.size()) {
      out += std::string("{") + kind + operands[std::size_t(k)] + "}";
    } else {
      out += c;
    }
  }
  return out;
}

std::string default_example(const std::string& name, std::size_t operands) {
  if (operands == 1) return name + "(torch.tensor([[-2.0, -0.5, 0.0], [0.5, 1.0, 2.0]]))";
  if (operands == 2)
    return name + "(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([10.0, 20.0, 30.0]))";
  return name + "(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([0.5, 2.0]), torch.tensor([[10.0], [20.0]]))";
}

}  // namespace

std::string formula_equation(const std::string& formula, const std::vector<std::string>& operands) {
  const auto eq = formula.find(" = ");
  const std::string named = eq == std::string::npos ? formula : formula.substr(0, eq);
  const std::string defined = eq == std::string::npos ? formula : formula.substr(eq + 3);
  return "out{out} = " + substitute(named, operands, '@') + " = " + substitute(defined, operands, '#') + " = {value}";
}

const OpDescriptor& EwOp::add() const {
  OpDescriptor op;
  op.names = split_names(names_);
  op.family = family_;
  op.python_input_method = python_method_;
  op.summary = summary_;
  op.docs = docs_url(op.names.front());
  op.params = param_list(operands_);
  ElementwiseSpec spec;
  std::vector<std::string> operand_names;
  for (const Param& p : op.params) {
    spec.operands.push_back(int(operand_names.size()));
    operand_names.push_back(p.name);
  }
  op.equation = *equation_ ? equation_ : formula_equation(formula_, operand_names);
  op.example = *example_ ? example_ : default_example(op.names.front(), operand_names.size());
  for (int k = 0; k < extra_count_; ++k) {
    for (Param& p : param_list(extra_[k])) op.params.push_back(std::move(p));
  }
  if (!no_out_) op.params.push_back(Param{"out", ParamType::OutTensor, true, true, Value(None{})});
  spec.promote = promote_;
  spec.bool_result = bool_result_;
  spec.kernels = kernels_();
  spec.kernel_name = kernel_name_;
  spec.refuse = refuse_;
  spec.check = check_;
  spec.params = params_;
  spec.compute = compute_;
  spec.select = select_;
  spec.constant = constant_;
  spec.constant_bits = constant_bits_;
  spec.none_operands = none_operands_;
  spec.reverse_broadcast = reverse_broadcast_;
  spec.half_kernel = half_kernel_;
  spec.result = result_;
  return register_elementwise(std::move(op), std::move(spec));
}

}  // namespace whence
