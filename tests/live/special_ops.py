"""The special op family as data (kernels/special/): one entry per op descriptor, in the
elementwise family's format (tests/live/elementwise_ops.py describes the fields and the value
domains), read by scripts/gen_golden_special.py. Kind "polygamma": a unary op whose integer
argument n comes first (polygamma(n, input); input.polygamma(n)).
"""
import elementwise_ops as EO

_u, _b = EO._u, EO._b

UNARY = [
    _u("torch.special.i0e"),
    _u("torch.special.i1"),
    _u("torch.special.i1e"),
    _u("torch.special.ndtri", "prob"),
    _u("torch.special.modified_bessel_i0"),
    _u("torch.special.modified_bessel_i1"),
    _u("torch.special.spherical_bessel_j0"),
    _u("torch.special.modified_bessel_k0", "pos"),
    _u("torch.special.modified_bessel_k1", "pos"),
    _u("torch.special.scaled_modified_bessel_k0", "pos"),
    _u("torch.special.scaled_modified_bessel_k1", "pos"),
    _u("torch.polygamma", "any", kind="polygamma", params=[("n", ["0", "1", "2", "3", "4"], "req")]),
    _u("torch.mvlgamma", "pos", aliases=["multigammaln"], params=[("p", ["1", "2", "3", "5"], "req")]),
]
BINARY = [
    _b("torch.special.chebyshev_polynomial_t", ("unit", "shift"), names=("input", "n")),
    _b("torch.special.chebyshev_polynomial_u", ("unit", "shift"), names=("input", "n")),
    _b("torch.special.chebyshev_polynomial_v", ("unit", "shift"), names=("input", "n")),
    _b("torch.special.chebyshev_polynomial_w", ("unit", "shift"), names=("input", "n")),
    _b("torch.special.shifted_chebyshev_polynomial_t", ("prob", "shift"), names=("input", "n")),
    _b("torch.special.shifted_chebyshev_polynomial_u", ("prob", "shift"), names=("input", "n")),
    _b("torch.special.shifted_chebyshev_polynomial_v", ("prob", "shift"), names=("input", "n")),
    _b("torch.special.shifted_chebyshev_polynomial_w", ("prob", "shift"), names=("input", "n")),
    _b("torch.special.hermite_polynomial_h", ("small", "shift"), names=("input", "n")),
    _b("torch.special.hermite_polynomial_he", ("small", "shift"), names=("input", "n")),
    _b("torch.special.laguerre_polynomial_l", ("pos", "shift"), names=("input", "n")),
    _b("torch.special.legendre_polynomial_p", ("unit", "shift"), names=("input", "n")),
    _b("torch.special.zeta", ("ge1", "pos")),
    _b("torch.igamma", ("pos", "pos"), aliases=["gammainc"]),
    _b("torch.igammac", ("pos", "pos"), aliases=["gammaincc"]),
]
ACTIVATION = []
OPS = UNARY + BINARY
for _o in OPS:
    _o["int_only"] = False

base_name = EO.base_name
qualified_names = EO.qualified_names
