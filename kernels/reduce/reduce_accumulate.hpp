// reduce_accumulate.hpp - the accumulators of the many-to-one family: what a reduction does
// with each element of its slice, in one pass. One accumulator type per storage kind (double
// for floating inputs, int64 for integer and bool ones) with the reduction chosen at run time,
// so the family compiles two reduction loops, not one per op and dtype.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "kernels/common/element.hpp"

namespace whence {

enum class ReduceKind {
  Sum,
  NanSum,
  Prod,
  Mean,
  NanMean,
  Max,
  Min,  // with the position of the winner (max(x, dim) and argmax)
  AMax,
  AMin,     // the value only: every tie is a source
  AMinMax,  // (min, max)
  Var,
  Std,
  VarMean,
  StdMean,
  LogSumExp,
  Norm,
  All,
  Any,
  CountNonzero,
};

struct ReduceParams {
  double p = 2;             // Norm's order (inf and -inf included)
  double correction = 1;    // Var and Std: divide by n - correction
  bool later_ties = false;  // cummax, cummin: an equal element (or a later NaN) takes over
};

template <class T>
struct Accumulator {
  ReduceKind kind = ReduceKind::Sum;
  ReduceParams params;
  std::int64_t n = 0;       // elements seen (NanMean: the non-NaN ones)
  T total = T(0);           // Sum, NanSum (integers wrap), Prod
  double mean = 0, m2 = 0;  // Welford: Var, Std
  double sum = 0;           // Mean, NanMean
  double lse_max = -INFINITY, lse_sum = 0;
  T best = T(0), best2 = T(0);  // Max/Min/AMax/AMin; AMinMax: best = min, best2 = max
  std::int64_t winner = -1;     // Max/Min: the slice position of the winner
  bool flag = false;            // All: any zero seen; Any: any nonzero seen
  std::int64_t nonzero = 0;

  WHENCE_HD explicit Accumulator(ReduceKind k = ReduceKind::Sum, ReduceParams p = {}) : kind(k), params(p) {
    if (kind == ReduceKind::Prod) total = T(1);
  }

  static WHENCE_HD bool is_nan(T v) {
    if constexpr (std::is_floating_point_v<T>)
      return std::isnan(v);
    else
      return false;
  }
  // a beats b for Max (greater) or Min (less); NaN beats everything and stays.
  static WHENCE_HD bool beats(T a, T b, bool greater) {
    if (is_nan(b)) return false;
    if (is_nan(a)) return true;
    return greater ? a > b : a < b;
  }

  WHENCE_HD void add(T v, std::int64_t i) {
    switch (kind) {
      case ReduceKind::Sum:
        if constexpr (std::is_integral_v<T>)
          total = T(std::uint64_t(total) + std::uint64_t(v));
        else
          total += v;
        break;
      case ReduceKind::NanSum:
        if (!is_nan(v)) total += v;
        break;
      case ReduceKind::Prod:
        if constexpr (std::is_integral_v<T>)
          total = T(std::uint64_t(total) * std::uint64_t(v));
        else
          total *= v;
        break;
      case ReduceKind::NanMean:
        if (is_nan(v)) return;
        [[fallthrough]];
      case ReduceKind::Mean:  // sum / n, as PyTorch (inf stays inf)
        sum += double(v);
        break;
      case ReduceKind::Var:
      case ReduceKind::Std:
      case ReduceKind::VarMean:
      case ReduceKind::StdMean: {  // Welford
        ++n;
        const double x = double(v), delta = x - mean;
        mean += delta / double(n);
        m2 += delta * (x - mean);
        return;
      }
      case ReduceKind::Max:
      case ReduceKind::AMax:
      case ReduceKind::Min:
      case ReduceKind::AMin: {
        const bool larger = kind == ReduceKind::Max || kind == ReduceKind::AMax;
        if (winner < 0 || beats(v, best, larger) ||
            (params.later_ties && (is_nan(v) || (!is_nan(best) && v == best)))) {
          best = v;
          winner = i;
        }
        break;
      }
      case ReduceKind::AMinMax:
        if (winner < 0 || beats(v, best, false)) best = v;
        if (winner < 0 || beats(v, best2, true)) best2 = v;
        winner = 0;
        break;
      case ReduceKind::LogSumExp: {  // online: rescale the sum when the maximum grows
        const double x = double(v);
        if (x > lse_max) {
          lse_sum = lse_sum * std::exp(lse_max - x) + 1;
          lse_max = x;
        } else if (x > -INFINITY) {  // (−inf adds nothing; −inf − −inf would be NaN)
          lse_sum += std::exp(x - lse_max);
        }
        if (std::isnan(x)) lse_max = x;
        break;
      }
      case ReduceKind::Norm: {
        const double a = std::fabs(double(v)), p = params.p;
        if (p == INFINITY) {
          if (a > mean || std::isnan(a)) mean = a;
        } else if (p == -INFINITY) {
          if (n == 0 || a < mean || std::isnan(a)) mean = a;
        } else if (p == 0)
          mean += a != 0;
        else if (p == 1)
          mean += a;
        else if (p == 2)
          mean += a * a;
        else
          mean += std::pow(a, p);
        break;
      }
      case ReduceKind::All:
        if (v == T(0)) flag = true;
        break;
      case ReduceKind::Any:
        if (v != T(0)) flag = true;
        break;
      case ReduceKind::CountNonzero: nonzero += v != T(0); break;
    }
    ++n;
  }

  // add() for x[0], x[stride], ... (len of them, slice positions i0, i0 + 1, ...): Sum and Mean,
  // the common ones, in one loop without the switch per element, adding in the same order.
  WHENCE_HD void add_run(const T* x, std::int64_t stride, std::int64_t len, std::int64_t i0) {
    if (kind == ReduceKind::Sum) {
      if constexpr (std::is_integral_v<T>) {
        std::uint64_t t = std::uint64_t(total);
        for (std::int64_t j = 0; j < len; ++j) t += std::uint64_t(x[j * stride]);
        total = T(t);
      } else {
        T t = total;
        for (std::int64_t j = 0; j < len; ++j) t += x[j * stride];
        total = t;
      }
      n += len;
      return;
    }
    if (kind == ReduceKind::Mean) {
      double t = sum;
      for (std::int64_t j = 0; j < len; ++j) t += double(x[j * stride]);
      sum = t;
      n += len;
      return;
    }
    for (std::int64_t j = 0; j < len; ++j) add(x[j * stride], i0 + j);
  }

  // Result k as a double (floating results) or through `integer` (integer ones).
  WHENCE_HD double value(int k) const {
    switch (kind) {
      case ReduceKind::Sum:
      case ReduceKind::NanSum:
      case ReduceKind::Prod: return double(total);
      case ReduceKind::Mean:
      case ReduceKind::NanMean: return sum / double(n);
      case ReduceKind::Var:
      case ReduceKind::Std:
      case ReduceKind::VarMean:
      case ReduceKind::StdMean: {
        if (k == 1) return n ? mean : NAN;
        const double dof = double(n) - params.correction;
        const double var = dof > 0 ? m2 / dof : (n ? (m2 > 0 ? INFINITY : NAN) : NAN);
        return kind == ReduceKind::Std || kind == ReduceKind::StdMean ? std::sqrt(var) : var;
      }
      case ReduceKind::Max:
      case ReduceKind::Min:
      case ReduceKind::AMax:
      case ReduceKind::AMin: return k == 1 ? double(winner) : double(best);
      case ReduceKind::AMinMax: return double(k == 0 ? best : best2);
      case ReduceKind::LogSumExp:
        if (n == 0) return -INFINITY;
        if (std::isinf(lse_max)) return lse_max;
        return lse_max + std::log(lse_sum);
      case ReduceKind::Norm: {
        const double p = params.p;
        if (p == INFINITY || p == -INFINITY || p == 0 || p == 1) return mean;
        if (p == 2) return std::sqrt(mean);
        return std::pow(mean, 1 / p);
      }
      case ReduceKind::All: return !flag;
      case ReduceKind::Any: return flag;
      case ReduceKind::CountNonzero: return double(nonzero);
    }
    return 0;
  }
  WHENCE_HD std::int64_t integer(int k) const {
    switch (kind) {
      case ReduceKind::Sum:
      case ReduceKind::NanSum:
      case ReduceKind::Prod: return std::int64_t(total);
      case ReduceKind::Max:
      case ReduceKind::Min:
      case ReduceKind::AMax:
      case ReduceKind::AMin: return k == 1 ? winner : std::int64_t(best);
      case ReduceKind::AMinMax: return std::int64_t(k == 0 ? best : best2);
      case ReduceKind::All: return !flag;
      case ReduceKind::Any: return flag;
      case ReduceKind::CountNonzero: return nonzero;
      default: return std::int64_t(value(k));
    }
  }
  // Whether the i-th slice element (of value v) decided result k: "value", else "compare".
  // Only the order statistics compare.
  WHENCE_HD bool decided(std::int64_t i, T v, int k) const {
    switch (kind) {
      case ReduceKind::Max:
      case ReduceKind::Min: return i == winner;
      case ReduceKind::AMax:
      case ReduceKind::AMin: return v == best || (is_nan(v) && is_nan(best));
      case ReduceKind::AMinMax: {
        const T r = k == 0 ? best : best2;
        return v == r || (is_nan(v) && is_nan(r));
      }
      default: return true;
    }
  }
};

}  // namespace whence
