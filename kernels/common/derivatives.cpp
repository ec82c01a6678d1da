// derivatives.cpp - see derivatives.hpp.
#include "kernels/common/derivatives.hpp"

#include <stdexcept>

namespace whence {

void unit_derivatives(const Bound&, const OpResult&, int, std::int64_t, const std::vector<Source>& sources, double* d) {
  for (std::size_t i = 0; i < sources.size(); ++i) d[i] = 1.0;
}

double source_number(const Bound& bound, const Source& s) {
  const Value& v = bound.values[std::size_t(s.param)];
  const Tensor& t = s.item >= 0 ? v.as<List>()[std::size_t(s.item)].as<Tensor>() : v.as<Tensor>();
  return t.get(s.flat).as_double();
}

}  // namespace whence

namespace whence {

namespace {
GradRule with_saves(GradRule rule) {
  if (rule.derivatives == unit_derivatives) rule.saves_values = false;
  return rule;
}
}  // namespace

void set_family_rule(GradRules& r, const std::string& family, const GradRule& rule) {
  for (const OpDescriptor* op : op_table())
    if (op->family == family && !r.count(op)) r[op] = with_saves(rule);
}

void set_rule(GradRules& r, const std::string& name, const GradRule& rule) {
  const OpDescriptor* op = find_op(name);
  if (!op) throw std::logic_error("set_rule: no op " + name);
  r[op] = with_saves(rule);
}

}  // namespace whence
