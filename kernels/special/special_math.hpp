// special_math.hpp - the scalar math of the special family (kernels/special/special_ops.cpp), in
// double unless PyTorch's float kernel rounds a step that matters: the scaled Bessel functions
// of the first kind, the inverse of the normal CDF, Hurwitz's zeta (the Euler-Maclaurin
// summation PyTorch's Cephes port uses, so that its domain rules come out the same), trigamma
// and the regularized incomplete gamma functions. Free of core's classes.
#pragma once
#include <cmath>
#include <limits>

namespace whence::special {

constexpr double kPi = 3.14159265358979323846;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMachEp = 1.11022302462515654042e-16;  // Cephes' MACHEP, zeta's stopping rule

// e^-x · I_nu(x) for x >= 0 and nu 0 or 1: the power series Σ (x/2)^(2k+nu) / (k! (k+nu)!) up
// to 20 (positive terms: no cancellation), beyond it the asymptotic expansion
// 1/√(2πx) · Σ (-1)^k a_k / x^k, a_k = Π_{j≤k} (4nu² - (2j-1)²) / (k! 8^k), cut at its smallest term.
inline double scaled_bessel_i(int nu, double x) {
  if (std::isnan(x)) return x;
  if (x <= 20) {
    const double q = x * x / 4;
    double term = nu == 0 ? 1.0 : x / 2, sum = term;
    for (int k = 1; k < 200 && term > sum * 1e-18; ++k) {
      term *= q / (double(k) * double(k + nu));
      sum += term;
    }
    return sum * std::exp(-x);
  }
  const double mu = 4.0 * nu * nu;
  double term = 1, sum = 1;
  for (int k = 1; k < 200; ++k) {
    const double next = -term * (mu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k * x);
    if (std::fabs(next) >= std::fabs(term) || std::fabs(next) < 1e-18 * std::fabs(sum)) break;
    term = next;
    sum += term;
  }
  return sum / std::sqrt(2 * kPi * x);
}

inline double i0e(double x) { return scaled_bessel_i(0, std::fabs(x)); }

// I_0(x) as PyTorch's modified_bessel_i0: e^|x| in the input's precision first, so inf where
// that overflows (|x| > `overflow`) and NaN at ±inf.
inline double modified_bessel_i0(double x, double overflow) {
  if (std::isinf(x)) return kNaN;
  const double z = std::fabs(x);
  if (z > overflow) return kInf;
  if (z > 20) return scaled_bessel_i(0, z) * std::exp(z);
  const double q = z * z / 4;
  double term = 1, sum = 1;
  for (int k = 1; k < 200 && term > sum * 1e-18; ++k) {
    term *= q / (double(k) * double(k));
    sum += term;
  }
  return sum;
}

// K_0(x) and K_1(x) for x > 0, each times e^x when `scaled`: up to 2 their series around 0
// (K0 = -(ln(x/2) + g)·I0 + Σ (x²/4)^k/(k!)² H_k; K1 = 1/x + ln(x/2)·I1 - x/4 Σ (x²/4)^k/(k!(k+1)!)
// (H_k + H_{k+1} - 2g), g Euler's constant), beyond it Steed's continued fraction for K_1/K_0 with Temme's sum for
// the normalisation. NaN below 0, inf at 0, 0 at inf.
inline double bessel_k(int nu, double x, bool scaled) {
  if (std::isnan(x) || x < 0) return kNaN;
  if (x == 0) return kInf;
  if (std::isinf(x)) return 0.0;
  constexpr double euler = 0.57721566490153286061;
  if (x <= 2) {
    const double q = x * x / 4, l = std::log(x / 2);
    double v;
    if (nu == 0) {
      double term = 1, i0 = 1, sum = 0, h = 0;
      for (int k = 1; k < 100; ++k) {
        term *= q / (double(k) * double(k));
        h += 1.0 / k;
        i0 += term;
        sum += term * h;
        if (term < 1e-18 * i0) break;
      }
      v = -(l + euler) * i0 + sum;
    } else {
      double term = 1, h = 0, sum = 1 - 2 * euler, i1 = 1;  // k = 0: H_0 + H_1 - 2g
      for (int k = 1; k < 100; ++k) {
        term *= q / (double(k) * double(k + 1));
        h += 1.0 / k;
        i1 += term;
        sum += term * (2 * h + 1.0 / (k + 1) - 2 * euler);
        if (term < 1e-18 * i1) break;
      }
      v = 1 / x + l * (x / 2) * i1 - x / 4 * sum;
    }
    return scaled ? v * std::exp(x) : v;
  }
  double b = 2 * (1 + x), d = 1 / b, h = d, delh = d, q1 = 0, q2 = 1;
  const double a1 = 0.25;
  double q = a1, c = a1, a = -a1, s = 1 + q * delh;
  for (int i = 1; i < 10000; ++i) {
    a -= 2 * i;
    c = -a * c / (i + 1.0);
    const double qnew = (q1 - b * q2) / a;
    q1 = q2;
    q2 = qnew;
    q += c * qnew;
    b += 2;
    d = 1 / (b + a * d);
    delh = (b * d - 1) * delh;
    h += delh;
    const double dels = q * delh;
    s += dels;
    if (std::fabs(dels / s) < 1e-17) break;
  }
  h *= a1;
  const double k0 = std::sqrt(kPi / (2 * x)) / s * (scaled ? 1.0 : std::exp(-x));
  return nu == 0 ? k0 : k0 * (x + 0.5 - h) / x;
}

// PyTorch keeps the sign of x for x < 0 only: i1e(-0.0) is +0.
inline double i1e(double x) {
  const double v = scaled_bessel_i(1, std::fabs(x));
  return x < 0 ? -v : v;
}

// I_1(x). PyTorch's Cephes form multiplies by e^|x| in the input's precision first: it is inf
// where that overflows (|x| > ln of the dtype's largest value, `overflow`) and NaN at ±inf.
inline double i1(double x, double overflow) {
  if (std::isinf(x)) return kNaN;
  const double z = std::fabs(x);
  if (z > overflow) return x < 0 ? -kInf : kInf;
  double v;
  if (z <= 20) {
    const double q = z * z / 4;
    double term = z / 2, sum = term;
    for (int k = 1; k < 200 && term > sum * 1e-18; ++k) {
      term *= q / (double(k) * double(k + 1));
      sum += term;
    }
    v = sum;
  } else {
    v = scaled_bessel_i(1, z) * std::exp(z);
  }
  return x < 0 ? -v : v;
}

// The x with ndtr(x) = p: -inf at 0, inf at 1, NaN outside [0, 1]. Abramowitz and Stegun's
// 26.2.23 as the start (error below 4.5e-4), then Halley's steps on the tail below 1/2 (the
// upper half by symmetry: 1 - p is exact there), which triple the digits each.
inline double ndtri(double p) {
  if (std::isnan(p) || p < 0 || p > 1) return kNaN;
  if (p == 0) return -kInf;
  if (p == 1) return kInf;
  if (p == 0.5) return 0;
  const bool upper = p > 0.5;
  const double q = upper ? 1 - p : p;
  const double t = std::sqrt(-2 * std::log(q));
  double x = -(t - (2.515517 + t * (0.802853 + t * 0.010328)) / (1 + t * (1.432788 + t * (0.189269 + t * 0.001308))));
  for (int i = 0; i < 5; ++i) {
    const double f = 0.5 * std::erfc(-x * 0.70710678118654752440) - q;
    const double u = f * 2.50662827463100050242 * std::exp(x * x / 2);
    if (f == 0 || !std::isfinite(u)) break;
    x -= u / (1 + x * u / 2);
  }
  return upper ? -x : x;
}

// sin(x)/x in C's precision, by its Taylor polynomial below 1/2 (through x^12), 0 at ±inf.
template <class C>
C spherical_bessel_j0(C x) {
  if (std::isinf(x)) return C(0);
  if (std::fabs(x) < C(0.5)) {
    const C s = x * x;
    return C(1) + s * (C(-1) / C(6) +
                       s * (C(1) / C(120) +
                            s * (C(-1) / C(5040) +
                                 s * (C(1) / C(362880) + s * (C(-1) / C(39916800) + s * (C(1) / C(6227020800.0)))))));
  }
  return std::sin(x) / x;
}

// (2k)! / B_2k for k = 1..12 (B: the Bernoulli numbers), the Euler-Maclaurin tail's divisors.
constexpr double kZetaA[12] = {
    12.0,
    -720.0,
    30240.0,
    -1209600.0,
    47900160.0,
    479001600.0 * 2730 / -691,
    87178291200.0 * 6 / 7,
    20922789888000.0 * 510 / -3617,
    6402373705728000.0 * 798 / 43867,
    2432902008176640000.0 * 330 / -174611,
    1124000727777607680000.0 * 138 / 854513,
    620448401733239439360000.0 * 2730 / -236364091,
};

// Hurwitz's zeta Σ_k (k + q)^-x, as Cephes (and PyTorch, in double for every dtype) sums it:
// inf at x = 1 and at q a non-positive integer, NaN for x < 1 and for q < 0 with x not an
// integer; terms one by one until q + k > 9 (at least nine), then the Euler-Maclaurin tail.
inline double zeta(double x, double q) {
  if (x == 1) return kInf;
  if (x < 1) return kNaN;
  if (q <= 0) {
    if (q == std::floor(q)) return kInf;
    if (x != std::floor(x)) return kNaN;
  }
  double s = std::pow(q, -x), a = q, b = 0;
  int i = 0;
  while (i < 9 || a <= 9) {
    i += 1;
    a += 1;
    b = std::pow(a, -x);
    s += b;
    if (std::fabs(b / s) < kMachEp) return s;
    if (i > 100000000) return kNaN;  // q far below zero: PyTorch loops as long
  }
  const double w = a;
  s += b * w / (x - 1);
  s -= 0.5 * b;
  double f = 1, k = 0;
  for (int j = 0; j < 12; ++j) {
    f *= x + k;
    b /= w;
    const double t = f * b / kZetaA[j];
    s += t;
    if (std::fabs(t / s) < kMachEp) return s;
    k += 1;
    f *= x + k;
    b /= w;
    k += 1;
  }
  return s;
}

// trigamma in C's precision, as PyTorch's calc_trigamma: π²/sin²(πx) reflected below 1/2, six
// steps of the recurrence, then the asymptotic series.
template <class C>
C trigamma(C x) {
  const C pi = C(kPi);
  C sign = 1, result = 0;
  if (x < C(0.5)) {
    sign = -1;
    const C s = std::sin(pi * x);
    result -= (pi * pi) / (s * s);
    x = 1 - x;
  }
  for (int i = 0; i < 6; ++i) {
    result += 1 / (x * x);
    x += 1;
  }
  const C ixx = 1 / (x * x);
  result += (1 + 1 / (2 * x) + ixx * (C(1) / 6 - ixx * (C(1) / 30 - ixx * (C(1) / 42)))) / x;
  return sign * result;
}

// ln of x^a e^-x / Γ(a), the factor both incomplete gamma functions share.
inline double igamma_log_factor(double a, double x) { return a * std::log(x) - x - std::lgamma(a); }

// P(a, x) by its series, for x < a + 1.
inline double igamma_series(double a, double x) {
  double term = 1 / a, sum = term;
  for (int n = 1; n < 100000000; ++n) {
    term *= x / (a + n);
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * 1e-17) break;
  }
  return sum * std::exp(igamma_log_factor(a, x));
}

// Q(a, x) by its continued fraction (modified Lentz), for x >= a + 1.
inline double igammac_fraction(double a, double x) {
  const double tiny = 1e-300;
  double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
  for (int i = 1; i < 100000000; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < 1e-16) break;
  }
  return std::exp(igamma_log_factor(a, x)) * h;
}

// The regularized lower (P) and upper (Q = 1 - P) incomplete gamma functions, with PyTorch's
// values at the edges: NaN for a negative argument, at a = x = 0 and at a = x = inf.
inline double igamma(double a, double x) {
  if (x < 0 || a < 0) return kNaN;
  if (a == 0) return x > 0 ? 1.0 : kNaN;
  if (x == 0) return 0.0;
  if (std::isinf(a)) return std::isinf(x) ? kNaN : 0.0;
  if (std::isinf(x)) return 1.0;
  if (std::isnan(a) || std::isnan(x)) return kNaN;  // in this order: igamma(NaN, 0) is 0
  return x < a + 1 ? igamma_series(a, x) : 1 - igammac_fraction(a, x);
}
inline double igammac(double a, double x) {
  if (x < 0 || a < 0) return kNaN;
  if (a == 0) return x > 0 ? 0.0 : kNaN;
  if (x == 0) return 1.0;
  if (std::isinf(a)) return std::isinf(x) ? kNaN : 1.0;
  if (std::isinf(x)) return 0.0;
  if (std::isnan(a) || std::isnan(x)) return kNaN;  // in this order: igamma(NaN, 0) is 0
  return x < a + 1 ? 1 - igamma_series(a, x) : igammac_fraction(a, x);
}

}  // namespace whence::special
