// grad_fn.hpp - the class name PyTorch 1.13 gives a call's grad_fn (type(out.grad_fn).__name__),
// learnt from the gradient goldens (core/grad_fn_names.inc, scripts/gen_grad_fn_names.py).
#pragma once
#include <string>

#include "evaluate.hpp"

namespace whence {

// "AddBackward0" for torch.add(x, y), "AddBackward1" for torch.add(x, 2), "SumBackward1" for
// torch.sum(x, 0); "" where the table does not know the call (its op, or PyTorch's choice turns
// on values or shapes: x[i] or x[1:], matmul's ranks).
std::string grad_fn_name(const Evaluation& e);

// The table's row that names `e`'s grad_fn (-1: none), and its number of rows: the tests check
// that every row is reached by a golden case, as the generator learnt it.
int grad_fn_row(const Evaluation& e);
int grad_fn_rows();

}  // namespace whence
