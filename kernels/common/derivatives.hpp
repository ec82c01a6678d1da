// derivatives.hpp - what the families' `derivatives` (OpDescriptor, core/autograd.hpp) share.
#pragma once
#include "core/registry.hpp"

namespace whence {

// Every source is a copy: ∂out/∂source = 1 (an op that moves elements: gather, views, cat).
// core/autograd.cpp gives index, mask, compare and random sources no gradient whatever d says.
void unit_derivatives(const Bound&, const OpResult&, int position, std::int64_t flat,
                      const std::vector<Source>& sources, double* d);

// The value of the argument element a source names, as a double.
double source_number(const Bound& bound, const Source& s);

}  // namespace whence

#include "core/autograd.hpp"

namespace whence {

// Each family's gradient rules (kernels/<family>/<family>_gradients.cpp), and add_gradients
// (catalogue.cpp), which calls them: only builds that compute gradients link them (the CLI,
// the tests, the program page's module), so the single-call pages stay within their weight.
void add_gather_gradients(GradRules& r);
void add_elementwise_gradients(GradRules& r);
void add_reduce_gradients(GradRules& r);
void add_movement_gradients(GradRules& r);
void add_indexing_gradients(GradRules& r);
void add_select_gradients(GradRules& r);
void add_factory_gradients(GradRules& r);
void add_join_gradients(GradRules& r);
void add_resample_gradients(GradRules& r);
void add_contraction_gradients(GradRules& r);
void add_window_gradients(GradRules& r);
void add_random_gradients(GradRules& r);
void add_special_gradients(GradRules& r);
void add_gradients(GradRules& r);
struct GradientsInstaller {
  GradientsInstaller() { set_grad_rules(&add_gradients); }
};

// The rule of every op of `family` that has none yet: `rule`.
void set_family_rule(GradRules& r, const std::string& family, const GradRule& rule);
// The rule of the op called `name` (any of its names); the op must be in the table.
void set_rule(GradRules& r, const std::string& name, const GradRule& rule);

}  // namespace whence
