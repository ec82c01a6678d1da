#include "registry.hpp"

#include "call_format.hpp"
#include "call_syntax.hpp"
#include "error.hpp"
#include "out_of_scope.hpp"
#include "signatures.hpp"

namespace whence {

const char* role_name(Role r) {
  switch (r) {
    case Role::Value: return "value";
    case Role::Index: return "index";
    case Role::Mask: return "mask";
    case Role::Random: return "random";
    case Role::Compare: break;
  }
  return "compare";
}

std::int64_t Bound::integer(std::size_t param) const {
  const Value& v = values[param];
  if (v.is<Tensor>()) return v.as<Tensor>().get(0).i;  // 0-d integer tensors pass for ints
  return v.as<std::int64_t>();
}

int OpDescriptor::param_index(const std::string& name) const {
  for (std::size_t i = 0; i < params.size(); ++i)
    if (params[i].name == name) return int(i);
  return -1;
}

std::string OpDescriptor::signature() const {
  std::string s = names.front() + "(";
  bool star = false;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const Param& p = params[i];
    if (p.type == ParamType::OutTensor) continue;
    if (i) s += ", ";
    if (p.var_positional) {
      s += "*" + p.name;
      star = true;
      continue;
    }
    if (p.keyword_only && !star) {
      s += "*, ";
      star = true;
    }
    s += p.name;
    if (p.has_default) s += "=" + format_value(p.default_value);
  }
  return s + ")";
}

namespace {
void (*g_add_catalogue)(OpList&) = nullptr;
}  // namespace

void set_catalogue(void (*add_catalogue)(OpList& table)) { g_add_catalogue = add_catalogue; }

const OpList& op_table() {
  static const OpList table = [] {
    OpList t;
    if (g_add_catalogue) g_add_catalogue(t);
    return t;
  }();
  return table;
}

const OpDescriptor* find_op(const std::string& name) {
  for (const OpDescriptor* op : op_table())
    for (const auto& n : op->names)
      if (n == name) return op;
  return nullptr;
}

void fail_if_out_of_scope(const std::string& qualified, const std::string& shown) {
  const std::string removed = removed_function_error(qualified);
  if (!removed.empty()) fail("RuntimeError", removed);
  if (const ScopeGroup* group = out_of_scope(qualified))
    fail("Unsupported", shown + " is outside what Whence shows: " + group->reason);
}

void fail_missing_op(const std::string& qualified, const std::string& shown) {
  fail_if_out_of_scope(qualified, shown);
  // x[i] and x.T are ops of the catalogue that Python syntax calls; PyTorch's signature table
  // does not list them.
  if (find_binding(qualified) || is_syntax_op(qualified))
    fail("Unsupported",
         shown + " is not in this page's module (Whence loads one family of ops per page): open the page of " +
             qualified);
  fail("Unsupported", shown + " is not supported by Whence yet");
}

bool is_method_name(const std::string& name) { return name.rfind("torch.Tensor.", 0) == 0; }

}  // namespace whence
