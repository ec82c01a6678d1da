// promotion.hpp - PyTorch's type promotion, in one place (torch.result_type,
// torch.promote_types). Categories order bool < integer < floating; within an argument list,
// dimensioned tensors outrank 0-d tensors, which outrank Python scalars, unless a weaker
// operand is of a higher category (int tensor + 1.5 -> float32; int8 tensor + 1000 -> int8).
#pragma once
#include <vector>

#include "dtype.hpp"
#include "value.hpp"

namespace whence {

// torch.promote_types(a, b): the smallest dtype both convert to without losing their kind.
DType promote_types(DType a, DType b);

// How an operand takes part in promotion.
enum class OperandRank { Dimensioned, ZeroDim, Scalar };
struct PromotionOperand {
  DType dtype;
  OperandRank rank;
};

// The operand of a Value: a tensor by its dim, a Python bool/int/float as a weak scalar
// (float scalars count as the default dtype, float32). nullopt for any other value.
std::optional<PromotionOperand> promotion_operand(const Value& v);

// torch.result_type over operands.
DType result_type(const std::vector<PromotionOperand>& operands);

// PyTorch's canCast(from, to): no floating -> integral, no non-bool -> bool.
bool can_cast(DType from, DType to);

}  // namespace whence
