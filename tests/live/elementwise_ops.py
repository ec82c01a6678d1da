"""The elementwise op family as data: one entry per op descriptor (aliases are names of the same
descriptor, not copies), read by scripts/gen_golden_elementwise.py.

Fields of an entry:
    primary    the qualified name the golden file is named after
    kind       unary | binary | ternary | activation | operator
    aliases    other base names of the same op (qualified as torch.X / torch.Tensor.X /
               torch.nn.functional.X / torch.special.X wherever PyTorch has them)
    extra      further qualified names (torch.special.expit for torch.sigmoid, ...)
    operands   [(parameter name, value domain), ...]: the tensor operands, in order
    params     [(name, [sample values as Python code], how)]: how is "kw" (keyword-only),
               "pos" (positional or keyword) or "req" (required, positional or keyword)
    base       keyword arguments every generic case passes (clamp: min and max)
    int_only   the op takes integer and bool tensors only: generic cases use integer dtypes
               (the dtype sweep still tries all ten)
    int_zero   integer division by zero raises (floor_divide, remainder, fmod, //, %)
    pairs      every ordered pair of the ten dtypes gets a case
    symbol     for operators: the Python operator; reflected: scalar on the left;
               mirror: a comparison whose scalar-on-the-left spelling is `s <mirror> t`

Value domains (element values the generator draws; a few out-of-domain values are always mixed
in so that NaN behaviour is tested): any, pos (log...), unit (-1, 1), ge1 (acosh), prob (0, 1),
small (exp, sinh...: mostly |x| <= 5), nonzero (divisors), exp (exponents), shift (shift counts).
"""

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64"]


def _u(primary, domain="any", aliases=(), extra=(), params=(), kind="unary", base=None):
    return {"primary": primary, "kind": kind, "aliases": list(aliases), "extra": list(extra),
            "operands": [("input", domain)], "params": list(params), "base": base}


def _b(primary, dom=("any", "any"), aliases=(), extra=(), params=(), names=("input", "other"),
       int_zero=False, pairs=False):
    return {"primary": primary, "kind": "binary", "aliases": list(aliases), "extra": list(extra),
            "operands": list(zip(names, dom)), "params": list(params), "int_zero": int_zero,
            "pairs": pairs}


def _a(name, domain="any", params=(), extra=()):
    return _u("torch.nn.functional." + name, domain, params=params, extra=extra, kind="activation")


UNARY = [
    _u("torch.abs", aliases=["absolute"]),
    _u("torch.neg", aliases=["negative"]),
    _u("torch.positive"),
    _u("torch.sign"),
    _u("torch.sgn"),
    _u("torch.signbit"),
    _u("torch.ceil"),
    _u("torch.floor"),
    _u("torch.round", params=[("decimals", ["0", "1", "2", "-1"], "kw")]),
    _u("torch.trunc", aliases=["fix"]),
    _u("torch.frac"),
    _u("torch.exp", "small"),
    _u("torch.exp2", "small"),
    _u("torch.expm1", "small"),
    _u("torch.log", "pos"),
    _u("torch.log2", "pos"),
    _u("torch.log10", "pos"),
    _u("torch.log1p", "pos"),
    _u("torch.sqrt", "pos"),
    _u("torch.rsqrt", "pos"),
    _u("torch.square"),
    _u("torch.reciprocal", "nonzero"),
    _u("torch.sin"),
    _u("torch.cos"),
    _u("torch.tan"),
    _u("torch.asin", "unit", aliases=["arcsin"]),
    _u("torch.acos", "unit", aliases=["arccos"]),
    _u("torch.atan", aliases=["arctan"]),
    _u("torch.sinh", "small"),
    _u("torch.cosh", "small"),
    _u("torch.tanh"),
    _u("torch.asinh", aliases=["arcsinh"]),
    _u("torch.acosh", "ge1", aliases=["arccosh"]),
    _u("torch.atanh", "unit", aliases=["arctanh"]),
    _u("torch.sigmoid", extra=["torch.special.expit"]),
    _u("torch.logit", "prob", params=[("eps", ["None", "1e-06", "0.25"], "pos")]),
    _u("torch.erf"),
    _u("torch.erfc"),
    _u("torch.erfinv", "unit"),
    _u("torch.deg2rad"),
    _u("torch.rad2deg"),
    _u("torch.nan_to_num", params=[("nan", ["0.0", "-1.5", "7"], "pos"),
                                   ("posinf", ["None", "100.0", "1e+30"], "pos"),
                                   ("neginf", ["None", "-100.0", "0.5"], "pos")]),
    _u("torch.isnan"),
    _u("torch.isinf"),
    _u("torch.isfinite"),
    _u("torch.isposinf"),
    _u("torch.isneginf"),
    _u("torch.isreal"),
    _u("torch.logical_not"),
    _u("torch.bitwise_not"),
    _u("torch.clamp", aliases=["clip"], base=[("min", "-1.5"), ("max", "3")], params=[("min", ["-1", "0.5", "None", "2"], "pos"),
                                                ("max", ["3", "1.5", "None", "-2"], "pos")]),
    _u("torch.clamp_min", params=[("min", ["0", "-1.5", "2"], "req")]),
    _u("torch.clamp_max", params=[("max", ["0", "2.5", "-3"], "req")]),
    _u("torch.i0", "small"),
    _u("torch.lgamma"),
    _u("torch.digamma", extra=["torch.special.psi"]),
    _u("torch.sinc"),
    # torch.special only
    _u("torch.special.entr"),
    _u("torch.special.ndtr"),
    _u("torch.special.log_ndtr"),
    _u("torch.special.erfcx"),
]
# torch.lgamma is also torch.special.gammaln
UNARY[[o["primary"] for o in UNARY].index("torch.lgamma")]["extra"] = ["torch.special.gammaln"]

BINARY = [
    _b("torch.add", params=[("alpha", ["2", "-1", "0.5", "True"], "kw")], pairs=True),
    _b("torch.sub", aliases=["subtract"], params=[("alpha", ["2", "-1", "0.5"], "kw")]),
    _b("torch.mul", aliases=["multiply"], pairs=True),
    _b("torch.div", ("any", "nonzero"), aliases=["divide"], int_zero=True, pairs=True,
       params=[("rounding_mode", ["None", "'trunc'", "'floor'", "'round'"], "kw")]),
    _b("torch.true_divide", ("any", "nonzero")),
    _b("torch.floor_divide", ("any", "nonzero"), int_zero=True),
    _b("torch.remainder", ("any", "nonzero"), int_zero=True),
    _b("torch.fmod", ("any", "nonzero"), int_zero=True),
    _b("torch.pow", ("small", "exp"), names=("input", "exponent")),
    _b("torch.float_power", ("small", "exp"), names=("input", "exponent")),
    _b("torch.atan2", aliases=["arctan2"]),
    _b("torch.hypot"),
    _b("torch.logaddexp"),
    _b("torch.logaddexp2"),
    _b("torch.eq", pairs=True),
    _b("torch.ne", aliases=["not_equal"]),
    _b("torch.lt", aliases=["less"]),
    _b("torch.le", aliases=["less_equal"]),
    _b("torch.gt", aliases=["greater"]),
    _b("torch.ge", aliases=["greater_equal"]),
    _b("torch.maximum"),
    _b("torch.minimum"),
    _b("torch.fmax"),
    _b("torch.fmin"),
    _b("torch.copysign"),
    _b("torch.xlogy", ("any", "pos")),
    _b("torch.heaviside", names=("input", "values")),
    _b("torch.nextafter"),
    _b("torch.ldexp", ("any", "exp")),
    _b("torch.rsub", params=[("alpha", ["2", "0.5"], "kw")]),
    _b("torch.logical_and"),
    _b("torch.logical_or"),
    _b("torch.logical_xor"),
    _b("torch.bitwise_and"),
    _b("torch.bitwise_or"),
    _b("torch.bitwise_xor"),
    _b("torch.bitwise_left_shift", ("any", "shift")),
    _b("torch.bitwise_right_shift", ("any", "shift")),
    _b("torch.gcd"),
    _b("torch.lcm"),
    _b("torch.isclose", params=[("rtol", ["1e-05", "0.1", "0.0"], "pos"),
                                ("atol", ["1e-08", "0.5", "0.0"], "pos"),
                                ("equal_nan", ["False", "True"], "pos")]),
    _b("torch.special.xlog1py", ("any", "pos")),
]

TERNARY = [
    {"primary": "torch.where", "kind": "ternary", "aliases": [], "extra": [], "params": [],
     "operands": [("condition", "bool"), ("input", "any"), ("other", "any")], "pairs": True},
    {"primary": "torch.lerp", "kind": "ternary", "aliases": [], "extra": [], "params": [],
     "operands": [("input", "any"), ("end", "any"), ("weight", "prob")],
     "scalar_weight": ["0.5", "0", "1", "2.5", "-0.25"]},
    {"primary": "torch.addcmul", "kind": "ternary", "aliases": [], "extra": [],
     "operands": [("input", "any"), ("tensor1", "any"), ("tensor2", "any")],
     "params": [("value", ["2", "0.5", "-1", "True"], "kw")]},
    {"primary": "torch.addcdiv", "kind": "ternary", "aliases": [], "extra": [],
     "operands": [("input", "any"), ("tensor1", "any"), ("tensor2", "nonzero")],
     "params": [("value", ["2", "0.5", "-1"], "kw")]},
]

ACTIVATION = [
    _a("relu"),
    _a("relu6"),
    _a("gelu", params=[("approximate", ["'none'", "'tanh'", "'exact'"], "kw")]),
    _a("silu"),
    _a("softplus", params=[("beta", ["1", "2", "0.5"], "pos"), ("threshold", ["20", "1", "5"], "pos")]),
    _a("elu", params=[("alpha", ["1.0", "0.5", "2"], "pos")]),
    _a("selu"),
    _a("celu", params=[("alpha", ["1.0", "0.5", "0.0"], "pos")]),
    _a("leaky_relu", params=[("negative_slope", ["0.01", "0.2", "-1.0"], "pos")]),
    _a("hardtanh", params=[("min_val", ["-1.0", "-0.5", "0"], "pos"), ("max_val", ["1.0", "2.5", "3"], "pos")]),
    _a("hardsigmoid"),
    _a("hardswish"),
    _a("mish"),
    _a("logsigmoid"),
    _a("tanhshrink"),
    _a("softsign"),
    _a("hardshrink", params=[("lambd", ["0.5", "1.0", "0"], "pos")]),
    _a("softshrink", params=[("lambd", ["0.5", "1.0", "0"], "pos")]),
    _a("threshold", params=[("threshold", ["0.5", "-1", "2.0"], "req"), ("value", ["0.0", "-5", "9.5"], "req")]),
    _a("glu", params=[("dim", ["-1", "0", "1"], "pos")]),
]


def _op(dunder, symbol, kind="binary", reflected=False, mirror=None, dom=("any", "any"),
        int_zero=False):
    return {"primary": "torch.Tensor." + dunder, "kind": "operator", "aliases": [], "extra": [],
            "params": [], "symbol": symbol, "arity": 1 if kind == "unary" else 2,
            "reflected": reflected, "mirror": mirror, "int_zero": int_zero,
            "operands": [("self", dom[0])] if kind == "unary" else [("self", dom[0]), ("other", dom[1])]}


OPERATORS = [
    _op("__add__", "+"), _op("__radd__", "+", reflected=True),
    _op("__sub__", "-"), _op("__rsub__", "-", reflected=True),
    _op("__mul__", "*"), _op("__rmul__", "*", reflected=True),
    _op("__truediv__", "/", dom=("any", "nonzero")), _op("__rtruediv__", "/", reflected=True, dom=("nonzero", "any")),
    _op("__floordiv__", "//", dom=("any", "nonzero"), int_zero=True),
    _op("__rfloordiv__", "//", reflected=True, dom=("nonzero", "any"), int_zero=True),
    _op("__mod__", "%", dom=("any", "nonzero"), int_zero=True),
    _op("__rmod__", "%", reflected=True, dom=("nonzero", "any"), int_zero=True),
    _op("__pow__", "**", dom=("small", "exp")), _op("__rpow__", "**", reflected=True, dom=("exp", "small")),
    _op("__neg__", "-", kind="unary"), _op("__pos__", "+", kind="unary"), _op("__invert__", "~", kind="unary"),
    _op("__eq__", "==", mirror="=="), _op("__ne__", "!=", mirror="!="),
    _op("__lt__", "<", mirror=">"), _op("__le__", "<=", mirror=">="),
    _op("__gt__", ">", mirror="<"), _op("__ge__", ">=", mirror="<="),
    _op("__and__", "&"), _op("__rand__", "&", reflected=True),
    _op("__or__", "|"), _op("__ror__", "|", reflected=True),
    _op("__xor__", "^"), _op("__rxor__", "^", reflected=True),
    _op("__lshift__", "<<", dom=("any", "shift")), _op("__rlshift__", "<<", reflected=True, dom=("shift", "any")),
    _op("__rshift__", ">>", dom=("any", "shift")), _op("__rrshift__", ">>", reflected=True, dom=("shift", "any")),
]

OPS = UNARY + BINARY + TERNARY + ACTIVATION + OPERATORS

INT_ONLY = {"torch.bitwise_not", "torch.bitwise_and", "torch.bitwise_or", "torch.bitwise_xor",
            "torch.bitwise_left_shift", "torch.bitwise_right_shift", "torch.gcd", "torch.lcm"}
for _o in OPS:
    _o["int_only"] = _o["primary"] in INT_ONLY or _o.get("symbol") in ("&", "|", "^", "<<", ">>", "~")


def base_name(primary):
    return primary.rsplit(".", 1)[1]


def qualified_names(op):
    """Every qualified name PyTorch 1.13 has for this op (checked with hasattr)."""
    import torch
    import torch.nn.functional as F
    import torch.special
    if op["kind"] == "operator":
        return [op["primary"]] if hasattr(torch.Tensor, base_name(op["primary"])) else []
    names = []
    for b in [base_name(op["primary"])] + op["aliases"]:
        for prefix, mod in (("torch.", torch), ("torch.Tensor.", torch.Tensor),
                            ("torch.nn.functional.", F), ("torch.special.", torch.special)):
            if hasattr(mod, b) and not b.startswith("_"):
                names.append(prefix + b)
    for q in op["extra"]:
        mod, b = q.rsplit(".", 1)
        if hasattr({"torch.special": torch.special, "torch.nn.functional": F, "torch": torch,
                    "torch.Tensor": torch.Tensor}[mod], b):
            names.append(q)
    out = [op["primary"]] + [n for n in names if n != op["primary"]]
    seen = set()
    return [n for n in out if not (n in seen or seen.add(n))]
