#include "kernels/elementwise_builder.hpp"

#include <cctype>

#include "core/call_syntax.hpp"

namespace whence {

namespace {

// x, y, z as whole words -> the operand placeholders {@input} / {#input}.
std::string substitute(const std::string& text, const std::vector<std::string>& operands, char kind) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool word_before = i > 0 && (std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_');
    const bool word_after = i + 1 < text.size() && (std::isalnum(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == '_');
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
  if (operands == 2) return name + "(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([10.0, 20.0, 30.0]))";
  return name + "(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), torch.tensor([0.5, 2.0]), torch.tensor([[10.0], [20.0]]))";
}

}  // namespace

std::string formula_equation(const std::string& formula, const std::vector<std::string>& operands) {
  const auto eq = formula.find(" = ");
  const std::string named = eq == std::string::npos ? formula : formula.substr(0, eq);
  const std::string defined = eq == std::string::npos ? formula : formula.substr(eq + 3);
  return "out{out} = " + substitute(named, operands, '@') + " = " + substitute(defined, operands, '#') + " = {value}";
}

std::vector<std::string> split_names(const char* names) {
  std::vector<std::string> out;
  for (const char* p = names; *p;) {
    while (*p == ' ') ++p;
    const char* end = p;
    while (*end && *end != ' ') ++end;
    if (end != p) out.emplace_back(p, end);
    p = end;
  }
  return out;
}

std::string docs_url(const std::string& name) {
  const std::string base = "https://pytorch.org/docs/stable/";
  if (name.rfind("torch.special.", 0) == 0) return base + "special.html#" + name;
  if (name.rfind("torch.Tensor.__", 0) == 0) return base + "tensors.html";
  if (is_property_op(name)) return base + "tensors.html#" + name;  // x.T: an attribute, no page of its own
  return base + "generated/" + name + ".html";
}

EwBuilder::EwBuilder(std::vector<const OpDescriptor*>& table, const char* names, const char* summary,
                     const char* formula)
    : table_(table), names_(split_names(names)), summary_(summary), formula_(formula) {}

EwBuilder::~EwBuilder() {
  OpDescriptor op;
  op.names = names_;
  op.family = "elementwise";
  op.python_input_method = python_method_;
  op.summary = summary_;
  op.docs = docs_url(names_.front());
  op.equation = equation_.empty() ? formula_equation(formula_, operand_names_) : equation_;
  op.example = example_.empty() ? default_example(names_.front(), operand_names_.size()) : example_;
  for (std::size_t k = 0; k < operand_names_.size(); ++k) {
    const ParamType type = k < operand_types_.size() ? operand_types_[k]
                           : k == 0                 ? ParamType::Tensor
                                                    : ParamType::TensorOrNumber;
    op.params.push_back(Param{operand_names_[k], type});
    spec_.operands.push_back(int(k));
  }
  for (auto& p : extra_) op.params.push_back(std::move(p));
  if (!no_out_) op.params.push_back(Param{"out", ParamType::OutTensor, true, true, Value(None{})});
  table_.push_back(&register_elementwise(std::move(op), std::move(spec_)));
}

}  // namespace whence
