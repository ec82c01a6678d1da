// grad_fn.hpp - the class name PyTorch 1.13 gives a call's grad_fn (type(out.grad_fn).__name__),
// learnt from the gradient goldens (core/grad_fn_names.inc, scripts/gen_grad_fn_names.py), and
// by rule where the choice turns on shapes (grad_fn_rules.cpp).
#pragma once
#include <string>

#include "evaluate.hpp"

namespace whence {

// "AddBackward0" for torch.add(x, y), "AddBackward1" for torch.add(x, 2), "SumBackward1" for
// torch.sum(x, 0); "" where neither the rules nor the table know the call.
std::string grad_fn_name(const Evaluation& e);

// The rules for calls where PyTorch's choice turns on ranks, strides or an index's items (x[i]
// or x[1:], matmul's and linear's ranks, an unbatched conv1d): grad_fn_rules.cpp. "" for others.
std::string grad_fn_by_rule(const Evaluation& e);

// The table's row that names `e`'s grad_fn (-1: none), and its number of rows: the tests check
// that every row is reached by a golden case, as the generator learnt it.
int grad_fn_row(const Evaluation& e);
int grad_fn_rows();

}  // namespace whence
