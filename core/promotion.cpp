#include "promotion.hpp"

namespace whence {

namespace {
int float_rank(DType d) { return d == DType::Float64 ? 2 : d == DType::Float32 ? 1 : 0; }

// at::native's combine_categories: the stronger class wins unless the weaker one is of a
// higher category.
std::optional<DType> combine(std::optional<DType> higher, std::optional<DType> lower) {
  if (!higher) return lower;
  if (is_floating(*higher)) return higher;
  if (*higher == DType::Bool || (lower && is_floating(*lower))) return lower ? promote_types(*higher, *lower) : higher;
  return higher;
}

void accumulate(std::optional<DType>& state, DType d) { state = state ? promote_types(*state, d) : d; }
}  // namespace

DType promote_types(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  const bool fa = is_floating(a), fb = is_floating(b);
  if (fa && fb) {
    if (is_reduced_float(a) && is_reduced_float(b)) return DType::Float32;  // float16 with bfloat16
    return float_rank(a) >= float_rank(b) ? a : b;
  }
  if (fa) return a;
  if (fb) return b;
  // Two different integer types: uint8 with int8 needs int16; otherwise the wider signed one.
  if ((a == DType::UInt8 && b == DType::Int8) || (a == DType::Int8 && b == DType::UInt8)) return DType::Int16;
  if (a == DType::UInt8) return b;
  if (b == DType::UInt8) return a;
  return a > b ? a : b;
}

std::optional<PromotionOperand> promotion_operand(const Value& v) {
  if (v.is<Tensor>()) {
    const Tensor& t = v.as<Tensor>();
    return PromotionOperand{t.dtype(), t.dim() > 0 ? OperandRank::Dimensioned : OperandRank::ZeroDim};
  }
  if (v.is<bool>()) return PromotionOperand{DType::Bool, OperandRank::Scalar};
  if (v.is<std::int64_t>()) return PromotionOperand{DType::Int64, OperandRank::Scalar};
  if (v.is<double>()) return PromotionOperand{default_float_dtype(), OperandRank::Scalar};
  return std::nullopt;
}

DType result_type(const std::vector<PromotionOperand>& operands) {
  std::optional<DType> dimensioned, zero_dim, scalar;
  for (const auto& o : operands) {
    switch (o.rank) {
      case OperandRank::Dimensioned: accumulate(dimensioned, o.dtype); break;
      case OperandRank::ZeroDim: accumulate(zero_dim, o.dtype); break;
      case OperandRank::Scalar: accumulate(scalar, o.dtype); break;
    }
  }
  return combine(dimensioned, combine(zero_dim, scalar)).value_or(default_float_dtype());
}

bool can_cast(DType from, DType to) {
  if (is_floating(from) && is_integral(to, true)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

}  // namespace whence
