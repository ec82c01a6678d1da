#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the elementwise op family:

    tests/golden/elementwise/<primary name>.jsonl   one file per op (tests/live/elementwise_ops.py)
    tests/golden/elementwise.meta.json               seed, versions, counts per op and outcome
    tests/golden/elementwise_ops.json                the op table: names, kind, signature,
                                                     dtype behaviour probed from PyTorch
    tests/golden/promotion.jsonl                     torch.result_type / promote_types table

Each .jsonl line has the gather golden format (tests/golden/README.md):
{"name", "code", "request": {"op", "args", "kwargs"}, "expect": {...}} plus, where PyTorch 1.13
has no float16/bfloat16 kernel, "deviation" (the expectation is then PyTorch's own result in
float32, rounded once to the dtype, as newer PyTorch computes it).

Run with Debian's /usr/bin/python3 (python3-torch 1.13). Deterministic: a fixed seed, and
regenerating gives identical bytes.

    /usr/bin/python3 scripts/gen_golden_elementwise.py [--check]

--check regenerates in memory and exits 1 if the committed files differ (or extra files lie in
tests/golden/elementwise/).
"""
import collections
import json
import math
import os
import random
import sys
import time
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402,F401
import torch.special  # noqa: E402,F401

import elementwise_ops as EO  # noqa: E402
import golden_common  # noqa: E402
from golden_common import case_arguments, check_reproduced  # noqa: E402
from golden_common import (  # noqa: E402
    DTYPES, FLOATS, INTS, NAME_OF_DTYPE, NOT_IMPL, TORCH_DTYPE,
    eval_code, float_code, literal_code, outcome, overloads, request_json,
    resolve, round_to, scalar_code, src_key, tensor_code, tensor_json, to_float32,
    write_or_check)

SEED = 20240614
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")
OUT_DIR = os.path.join(GOLDEN_DIR, "elementwise")
QUIRKS = []  # (op, case, what) where a dunder called directly differs from the operator text

warnings.simplefilter("ignore")

# --------------------------------------------------------------------------------------------
# values

INT_RANGE = {"uint8": (0, 255), "int8": (-128, 127), "int16": (-32768, 32767),
             "int32": (-2 ** 31, 2 ** 31 - 1), "int64": (-2 ** 63, 2 ** 63 - 1)}


def _float(rng, domain):
    r = rng.random()
    if domain == "pos":
        return rng.choice([0.0, -1.5, -0.0, -2.0]) if r < 0.12 else round(rng.uniform(0.05, 10), 2)
    if domain == "unit":
        return rng.choice([1.0, -1.0, 1.5, -2.0]) if r < 0.12 else round(rng.uniform(-0.95, 0.95), 2)
    if domain == "ge1":
        return rng.choice([0.5, 1.0, -1.0, 0.0]) if r < 0.12 else round(rng.uniform(1, 10), 2)
    if domain == "prob":
        return rng.choice([0.0, 1.0, 1.25, -0.5]) if r < 0.12 else round(rng.uniform(0.02, 0.98), 2)
    if domain == "small":
        return rng.choice([12.0, -12.0, 100.0]) if r < 0.05 else round(rng.uniform(-5, 5), 2)
    if domain == "exp":
        return rng.randint(-12, 12) / 4
    if domain == "shift":
        return float(rng.randint(0, 7))
    while True:
        v = (float(rng.randint(-9, 9)) if r < 0.3 else rng.randint(-40, 40) / 4 if r < 0.65
             else round(rng.uniform(-10, 10), 2))
        if domain != "nonzero" or v != 0:
            return v
        r = rng.random()


def _int(rng, domain, dtype):
    lo = 0 if dtype == "uint8" else None
    r = rng.random()
    if domain == "pos":
        v = rng.choice([0, -3]) if r < 0.1 else rng.randint(1, 20)
    elif domain == "unit":
        v = rng.randint(-1, 1)
    elif domain == "ge1":
        v = 0 if r < 0.1 else rng.randint(1, 10)
    elif domain == "prob":
        v = rng.randint(0, 1)
    elif domain == "small":
        v = rng.randint(-4, 4)
    elif domain == "exp":
        v = rng.randint(0, 4)
    elif domain == "shift":
        v = rng.randint(0, 7)
    else:
        v = rng.randint(-9, 20)
        while domain == "nonzero" and v == 0:
            v = rng.randint(-9, 20)
    if lo is not None and v < 0:
        v = -v if v != 0 else 1
    return v


def gen_vals(rng, dtype, domain="any", special=False):
    def one():
        if dtype == "bool":
            return True if domain == "nonzero" else rng.random() < 0.5
        if dtype in FLOATS:
            if special and rng.random() < 0.4:
                return rng.choice([math.nan, math.inf, -math.inf, -0.0, 0.0])
            return round_to(_float(rng, domain), dtype)
        return _int(rng, domain, dtype)
    return lambda n: [one() for _ in range(n)]


# --------------------------------------------------------------------------------------------
# cases: call text and request


def mk(name, qual, args, kwargs=(), method=False):
    return dict(golden_common.mk(name, qual, args, kwargs, method), operator=False)


def mk_op(name, qual, sym, a, b=None, reflected=False, left_sym=None):
    """a: the tensor (request args[0]); b: the other operand. reflected: b is written on the left."""
    if b is None:
        code, args = sym + a, [a]
    elif reflected:
        code, args = "%s %s %s" % (b, left_sym or sym, a), [a, b]
    else:
        code, args = "%s %s %s" % (a, sym, b), [a, b]
    return {"name": name, "op": qual, "args": args, "kwargs": [], "code": code, "operator": True}


# --------------------------------------------------------------------------------------------
# relations


def _bcast_index(t, shape):
    n = t.numel()
    return torch.broadcast_to(torch.arange(n).reshape(t.shape), shape).reshape(-1).tolist()


def _bind(case, names_pos, args, kwargs):
    where = {}
    for i, a in enumerate(args):
        if i < len(names_pos):
            where[names_pos[i]] = ([i], a)
    for k, v in kwargs.items():
        where[k] = ([k], v)
    return where


def relations(op, case, args, kwargs, out, ctx):
    if not isinstance(out, torch.Tensor) or out.numel() == 0:
        return []
    n = out.numel()
    shape = out.shape
    tensors = [([i], a) for i, a in enumerate(args) if isinstance(a, torch.Tensor)]
    tensors += [([k], v) for k, v in kwargs.items() if isinstance(v, torch.Tensor)]
    prim = op["primary"]
    rel = [[] for _ in range(n)]
    if prim == "torch.nn.functional.glu":
        (path, x), = tensors
        dim = kwargs.get("dim", args[1] if len(args) > 1 else -1)
        # the read pattern does not depend on the values: autograd on a surrogate float64
        # input of the same shape holding 0.5 everywhere (every gradient of a read is nonzero)
        xs = torch.full(tuple(x.shape), 0.5, dtype=torch.float64, requires_grad=True)
        y = F.glu(xs, dim).reshape(-1)
        for k in range(n):
            (g,) = torch.autograd.grad(y[k], xs, retain_graph=True)
            rel[k] = [[list(path), f, "value"] for f in g.reshape(-1).nonzero().flatten().tolist()]
    elif prim == "torch.where":
        pos = ["input", "condition", "other"] if case["op"] == "torch.Tensor.where" else \
            ["condition", "input", "other"]
        b = _bind(case, pos, args, kwargs)
        cpath, cond = b["condition"]
        ci = _bcast_index(cond, shape)
        cflat = cond.reshape(-1).tolist()
        branch = {}
        for nm in ("input", "other"):
            p, v = b[nm]
            branch[nm] = (p, _bcast_index(v, shape)) if isinstance(v, torch.Tensor) else None
        for k in range(n):
            rel[k].append([list(cpath), ci[k], "mask"])
            chosen = branch["input" if cflat[ci[k]] else "other"]
            if chosen is not None:
                rel[k].append([list(chosen[0]), chosen[1][k], "value"])
    else:
        const = ctx.const.get(prim, ())
        if tensors and len(tensors) == 1 and NAME_OF_DTYPE[tensors[0][1].dtype] in const:
            tensors = []
        assert tuple(torch.broadcast_shapes(*[t.shape for _, t in tensors])) == tuple(shape) \
            if tensors else True, (case["code"], shape)
        for path, t in tensors:
            idx = _bcast_index(t, shape)
            for k in range(n):
                rel[k].append([list(path), idx[k], "value"])
    return [{"out": [0, k], "src": sorted(rel[k], key=src_key)} for k in range(n)]


# --------------------------------------------------------------------------------------------
# the oracle


def expect_of(op, case, ctx):
    args, kwargs = case_arguments(op, case)
    fn = resolve(case["op"])
    out_direct, direct = outcome(lambda: fn(*args, **kwargs))
    out_code, by_code = outcome(lambda: eval_code(case["code"]))
    if case["operator"]:
        out, expect = out_code, by_code
        if direct != by_code:
            QUIRKS.append((case["op"], case["code"], direct, by_code))
    else:
        check_reproduced(case, direct, by_code)
        out, expect = out_direct, direct
    extra = {}
    if not expect["ok"]:
        m = NOT_IMPL.search(expect["error"]["message"])
        if m:
            a32 = [to_float32(a) for a in args]
            k32 = {k: to_float32(v) for k, v in kwargs.items()}
            o32, e32 = outcome(lambda: fn(*a32, **k32))
            if e32["ok"] and isinstance(o32, torch.Tensor):
                target = torch.float16 if m.group(1) == "Half" else torch.bfloat16
                out = o32.to(target) if o32.dtype == torch.float32 else o32
                expect = {"ok": True, "result": tensor_json(out)}
                args, kwargs = a32, k32
                extra["deviation"] = ("PyTorch 1.13 has no %s kernel for %s; expectation computed in "
                                      "float32 and rounded, as newer PyTorch does"
                                      % (m.group(1), EO.base_name(op["primary"])))
    if expect["ok"]:
        if expect["result"] == "NotImplemented":
            raise AssertionError("NotImplemented result: %s" % case["code"])
        expect["relations"] = relations(op, case, args, kwargs, out, ctx)
    return expect, extra


def golden_line(op, case, ctx):
    expect, extra = expect_of(op, case, ctx)
    g = {"name": case["name"], "code": case["code"], "request": request_json(case), "expect": expect}
    g.update(extra)
    return g


# --------------------------------------------------------------------------------------------
# case generators

SHAPES = [[4], [2, 3], [5], [3, 2], [6], [2, 2]]
GLU_SHAPES = [[4], [2, 4], [3, 2], [2, 2, 4], [6]]
NONCONTIG = [([2, 3], "t"), ([2, 3, 2], "permute"), ([3, 2], "transpose"), ([2, 3], "expand"),
             ([2, 2, 3], "expand"), ([4, 3], "transpose")]


class Ctx:
    pass


def _forms(names):
    tn = [q for q in names if q.startswith("torch.Tensor.")]
    return tn[0] if tn else None


def _call(name, op, names, form, args, kwargs=()):
    """form: func | method | unbound | a qualified name."""
    tn = _forms(names)
    if form == "method" and tn and args and args[0].startswith("torch."):
        return mk(name, tn, args, kwargs, method=True)
    if form == "unbound" and tn:
        return mk(name, tn, args, kwargs)
    if form not in ("func", "method", "unbound"):
        return mk(name, form, args, kwargs, method=form.startswith("torch.Tensor.") and
                  bool(args) and args[0].startswith("torch."))
    return mk(name, op["primary"], args, kwargs)


def _req_kwargs(op):
    if op.get("base"):
        return list(op["base"])
    return [(n, vals[0]) for n, vals, how in op["params"] if how == "req"]


def _params_cases(rng, op, names, T):
    cases = []
    params = op["params"]
    req = _req_kwargs(op)
    for pi, (pn, vals, how) in enumerate(params):
        for j, v in enumerate(vals):
            kw = [kv for kv in req if kv[0] != pn] + [(pn, v)]
            cases.append(_call("param_%s_%d" % (pn, j), op, names, ["func", "method"][j % 2],
                               [T()], kw))
    # all parameters: positional where PyTorch allows it
    if params and all(how != "kw" for _, _, how in params):
        vals = [vs[-1] for _, vs, _ in params]
        cases.append(_call("param_all_positional", op, names, "func", [T()] + vals))
    if len(params) > 1:
        kw = [(pn, vs[1]) for pn, vs, _ in reversed(params)]
        cases.append(_call("param_all_keyword_reordered", op, names, "func", [T()], kw))
    return cases


def _error_cases(op, names, Tf, nargs):
    p = op["primary"]
    req = _req_kwargs(op)
    reqv = [v for _, v in req]
    ts = [Tf() for _ in range(nargs)]
    c = [mk("err_no_args", p, []),
         mk("err_extra_positional", p, ts + reqv + [Tf(), "1", "2", "3"][:4 - len(reqv) if len(op["params"]) else 1]),
         mk("err_unknown_kw", p, ts, req + [("foo", "1")]),
         mk("err_string_operand", p, ["'a'"] + ts[1:], req),
         mk("err_dtype_operand", p, ts[:-1] + ["torch.float32"], req),
         mk("err_list_operand", p, ["[1.0, 2.0]"] + ts[1:], req)]
    if nargs == 1:
        c.append(mk("scalar_int_operand", p, ["3"], req))
    return c


def unary_cases(rng, op, names, ctx):
    p = op["primary"]
    dom = op["operands"][0][1]
    shapes = GLU_SHAPES if p.endswith(".glu") else SHAPES
    req = _req_kwargs(op)

    def T(shape=None, dtype="float32", style="literal", special=False, domain=dom, exact=False):
        shape = rng.choice(shapes) if shape is None else shape
        dtype = _dt(op, dtype, exact)
        return tensor_code(rng, shape, dtype, gen_vals(rng, dtype, domain, special), style)
    cases = []
    forms = ["func", "method", "unbound"] if _forms(names) else ["func"]
    for i, dt in enumerate(DTYPES):
        cases.append(_call("dtype_" + dt, op, names, forms[i % len(forms)], [T(dtype=dt, exact=True)], req))
    for q in names[1:]:
        cases.append(_call("name_" + q, op, names, q, [T(dtype=rng.choice(["float32", "float64"]))], req))
    cases.append(mk("kw_input", p, [], [("input", T())] + req))
    for shape in ([], [0], [2, 0, 3], [2, 1, 3], [2, 1, 2, 2]):
        if p.endswith(".glu") and shape not in ([0],):
            shape = shape[:-1] + [2] if shape else shape
        dt = rng.choice(["float32", "float64", "int64", "int32"] if op["kind"] != "activation"
                        else ["float32", "float64"])
        cases.append(_call("rank%d_%s" % (len(shape), "x".join(map(str, shape)) or "scalar"), op,
                           names, rng.choice(forms), [T(shape, dt)], req))
    for j in rng.sample(range(len(NONCONTIG)), 3):
        shape, style = NONCONTIG[j]
        if p.endswith(".glu"):
            shape = shape[:-1] + [4]
        cases.append(_call("noncontig_%s" % style, op, names, rng.choice(forms),
                           [T(shape, rng.choice(["float32", "float64", "int64"]), style)], req))
    for dt in ("float32", "float64", "float16"):
        cases.append(_call("special_" + dt, op, names, "func", [T([6] if dt != "float64" else [2, 4], dt, special=True, exact=True)], req))
    ext = {"int8": [-128, 127, 0, -1], "int64": [9223372036854775807, -9223372036854775808, 0, -1]}
    for dt, vals in ext.items():
        cases.append(mk("intlimits_" + dt, p, [literal_code([4], dt, vals)], req))
    cases += _params_cases(rng, op, names, T)
    cases += _error_cases(op, names, T, 1)
    return cases


INT_MAP = {"float32": "int64", "float64": "int32", "float16": "int16", "bfloat16": "uint8"}


def _dt(op, dtype, exact):
    return INT_MAP.get(dtype, dtype) if op.get("int_only") and not exact else dtype


def _bin_tensor(rng, op, i, shape, dtype, style="literal", special=False, exact=False):
    dom = op["operands"][i][1]
    dtype = _dt(op, dtype, exact)
    return tensor_code(rng, shape, dtype, gen_vals(rng, dtype, dom, special), style)


BROADCASTS = [([2, 3], [3]), ([2, 1], [1, 3]), ([], [2, 2]), ([0, 3], [3]), ([2, 1, 3, 1], [1, 2, 1, 2])]


def pair_cases(rng, op, n_ops=2):
    """Every ordered pair of the ten dtypes (for where: the two value operands)."""
    cases = []
    for a in DTYPES:
        for b in DTYPES:
            if op["primary"] == "torch.where":
                cond = tensor_code(rng, [2, 2], "bool", gen_vals(rng, "bool"))
                args = [cond, _bin_tensor(rng, op, 1, [2, 2], a, exact=True), _bin_tensor(rng, op, 2, [2], b, exact=True)]
            else:
                args = [_bin_tensor(rng, op, 0, [2, 2], a, exact=True), _bin_tensor(rng, op, 1, [2], b, exact=True)]
            cases.append(mk("pair_%s_%s" % (a, b), op["primary"], args))
    return cases


def binary_cases(rng, op, names, ctx):
    p = op["primary"]
    o0, o1 = op["operands"][0][0], op["operands"][1][0]
    forms = ["func", "method", "unbound"] if _forms(names) else ["func"]

    def A(shape=None, dtype="float32", style="literal", special=False, exact=False):
        return _bin_tensor(rng, op, 0, rng.choice(SHAPES) if shape is None else shape, dtype, style,
                           special, exact)

    def B(shape=None, dtype="float32", style="literal", special=False, exact=False):
        return _bin_tensor(rng, op, 1, rng.choice(SHAPES) if shape is None else shape, dtype, style,
                           special, exact)
    cases = []
    if op.get("pairs"):
        cases += pair_cases(rng, op)
    else:
        for i, dt in enumerate(DTYPES):
            s = rng.choice(SHAPES)
            cases.append(_call("dtype_" + dt, op, names, forms[i % len(forms)], [A(s, dt, exact=True), B(s, dt, exact=True)]))
    for q in names[1:]:
        s = rng.choice(SHAPES)
        cases.append(_call("name_" + q, op, names, q, [A(s), B(s)]))
    s = rng.choice(SHAPES)
    cases.append(mk("kw_all", p, [], [(o1, B(s)), (o0, A(s))]))
    if _forms(names):
        cases.append(_call("kw_method", op, names, "method", [A(s, "float64")], [(o1, B(s, "float64"))]))
    for sa, sb in BROADCASTS:
        dt = rng.choice(["float32", "float64", "int64", "int32"])
        if rng.random() < 0.5:
            sa, sb = sb, sa
        cases.append(_call("bcast_%s_%s" % ("x".join(map(str, sa)) or "scalar", "x".join(map(str, sb)) or "scalar"),
                           op, names, rng.choice(forms), [A(sa, dt), B(sb, dt)]))
    for j in rng.sample(range(len(NONCONTIG)), 2):
        shape, style = NONCONTIG[j]
        dt = rng.choice(["float32", "int64"])
        cases.append(_call("noncontig_%s" % style, op, names, rng.choice(forms),
                           [A(shape, dt, style), B(shape[-1:], dt, rng.choice(["literal", "expand"]))]))
    sc = lambda i, dt, n=1: scalar_code(gen_vals(rng, dt, op["operands"][i][1])(n)[0], dt)  # noqa: E731
    cases += [
        _call("scalar_int_float32", op, names, "func", [A([4], "float32"), sc(1, "int64")]),
        _call("scalar_float_int64", op, names, "method", [A([4], "int64"), float_code(rng.choice([2.5, 0.5, 1.5]))]),
        _call("scalar_bool_int32", op, names, "func", [A([3], "int32"), "True"]),
        _call("scalar_int_bool", op, names, "func", [A([3], "bool"), sc(1, "int64")]),
        _call("scalar_float_float16", op, names, "func", [A([3], "float16"), "2.5"]),
        _call("scalar_int_uint8_300", op, names, "func", [A([3], "uint8"), "300"]),
        _call("scalar_left", op, names, "func", [sc(0, "int64"), B([3], "float32")]),
        _call("scalar_left_float_int", op, names, "func", ["1.5", B([3], "int64")]),
        _call("zerodim_float64_vs_float32", op, names, "func", [A([3], "float32"), B([], "float64")]),
        _call("zerodim_float64_vs_int32", op, names, "func", [A([], "float64"), B([3], "int32")]),
        _call("zerodim_int64_vs_uint8", op, names, "func", [A([3], "uint8"), B([], "int64")]),
    ]
    cases += _params_cases(rng, op, names, lambda: A([4]) + ", " + B([4]))
    # _params_cases passes "a, b" as one code: split it back into two arguments
    for c in cases:
        if c["name"].startswith("param_") and c["args"] and ", torch." in c["args"][0]:
            a, b = c["args"][0].split(", torch.", 1)
            c["args"][0:1] = [a, "torch." + b]
            c.update(mk(c["name"], c["op"], c["args"], c["kwargs"],
                        method=c["code"].startswith(a + ".")))
    for dt in ("float32", "float64"):
        cases.append(_call("special_" + dt, op, names, "func", [A([6], dt, special=True, exact=True),
                                                             B([6], dt, special=True, exact=True)]))
    cases.append(_call("special_bcast_float32", op, names, "func", [A([2, 3], "float32", special=True),
                                                                  literal_code([3], "float32", [math.nan, -0.0, math.inf])]))
    cases.append(_call("overflow_int8", op, names, "func", [literal_code([4], "int8", [100, 120, -100, 127]),
                                                            literal_code([4], "int8", [100, 20, -100, 2])]))
    if op.get("int_zero"):
        for dt in ("int64", "uint8", "int32"):
            cases.append(_call("int_zero_div_" + dt, op, names, "func",
                               [literal_code([3], dt, [7, 5, 0]), literal_code([3], dt, [2, 0, 0])]))
        cases.append(_call("int_zero_div_scalar", op, names, "func", [literal_code([3], "int64", [7, -5, 0]), "0"]))
        cases.append(_call("int_zero_div_bool", op, names, "func", [literal_code([2], "bool", [True, False]),
                                                                    literal_code([2], "bool", [False, False])]))
        if p == "torch.div":
            for rm in ("'trunc'", "'floor'", "None"):
                cases.append(mk("int_zero_div_rm_%s" % rm.strip("'"), p,
                                [literal_code([3], "int64", [7, -5, 0]), literal_code([3], "int64", [0, 2, 0])],
                                [("rounding_mode", rm)]))
    cases.append(mk("err_broadcast", p, [A([2, 3]), B([4])]))
    cases.append(mk("err_missing_" + o1, p, [A([3])]))
    cases.append(mk("err_extra_positional", p, [A([3]), B([3]), B([3])]))
    cases.append(mk("err_unknown_kw", p, [A([3]), B([3])], [("foo", "1")]))
    cases.append(mk("err_string_operand", p, [A([3]), "'a'"]))
    cases.append(mk("err_dtype_operand", p, [A([3]), "torch.float32"]))
    cases.append(mk("err_list_operand", p, [A([2]), "[1.0, 2.0]"]))
    cases.append(mk("err_none_operand", p, [A([2]), "None"]))
    return cases


def ternary_cases(rng, op, names, ctx):
    p = op["primary"]
    forms = ["func", "method", "unbound"]
    cases = []
    nm = [o for o, _ in op["operands"]]

    def X(i, shape, dtype="float32", style="literal", special=False):
        if nm[i] == "condition":
            dtype = "bool" if dtype not in ("bool", "uint8", "float32", "int64") else dtype
        return _bin_tensor(rng, op, i, shape, dtype, style, special)

    def three(shapes, dts=("float32",) * 3, styles=("literal",) * 3, special=False):
        return [X(i, shapes[i], dts[i], styles[i], special) for i in range(3)]
    if p == "torch.where":
        cases += pair_cases(rng, op)
        s = [[2, 3]] * 3
        cases.append(mk("kw_all", p, [], list(zip(["other", "condition", "input"],
                                                    [X(2, [2, 3]), X(0, [2, 3], "bool"), X(1, [2, 3])]))))
        c, x, y = three(s, ("bool", "int64", "int64"))
        cases.append(mk("method", "torch.Tensor.where", [x, c, y], method=True))
        cases.append(mk("unbound", "torch.Tensor.where", [x, c, y]))
        cases.append(mk("method_kw", "torch.Tensor.where", [x], [("condition", c), ("other", y)], method=True))
        cases.append(mk("scalar_other_float", p, [c, x, "0.0"]))
        cases.append(mk("scalar_input_int", p, [c, "2", X(2, [2, 3], "float32")]))
        cases.append(mk("scalar_both", p, [c, "2.5", "1"]))
        cases.append(mk("scalar_both_int", p, [c, "2", "-1"]))
        cases.append(mk("scalar_bool_int8", p, [c, "True", X(2, [3], "int8")]))
        cases.append(mk("cond_uint8", p, [X(0, [2, 3], "uint8"), x, y]))
        cases.append(mk("err_cond_float", p, [X(0, [2, 3], "float32"), x, y]))
        cases.append(mk("err_cond_int64", p, [X(0, [2, 3], "int64"), x, y]))
        cases.append(mk("err_missing_other", p, [c, x]))
        cases.append(mk("err_string_other", p, [c, x, "'a'"]))
        cases.append(mk("err_unknown_kw", p, [c, x, y], [("foo", "1")]))
        cases.append(mk("err_none_other", p, [c, x, "None"]))
        cases.append(mk("err_list_condition", p, ["[True, False, True]", X(1, [3]), X(2, [3])]))
        cases.append(mk("special_float32", p, three([[6]] * 3, ("bool", "float32", "float32"), special=True)))
        bc = [([2, 1], [1, 3], []), ([], [2, 2], [2, 1]), ([3], [2, 3], [2, 1]), ([2, 1, 2], [3, 1], [2]),
              ([0, 3], [3], [1]), ([2, 3], [2, 3], [4])]
        for sh in bc:
            dt = rng.choice(["float32", "int64", "float64"])
            cases.append(mk("bcast_%s" % "_".join("x".join(map(str, s)) or "scalar" for s in sh), p,
                            three(sh, ("bool", dt, dt))))
        for shape, style in rng.sample(NONCONTIG, 3):
            cases.append(mk("noncontig_%s" % style, p, three([shape] * 3, ("bool", "float32", "float32"),
                                                             (style, "literal", style))))
        return cases
    # lerp, addcmul, addcdiv
    for i, dt in enumerate(DTYPES):
        s = rng.choice(SHAPES)
        kw = [("value", op["params"][0][1][0])] if op["params"] else []
        cases.append(_call("dtype_" + dt, op, names, forms[i % 3], three([s] * 3, (dt,) * 3), kw))
    s = [[2, 3]] * 3
    cases.append(mk("kw_all", p, [], list(zip(reversed(nm), reversed(three(s))))))
    cases.append(_call("kw_method", op, names, "method", [X(0, [2, 3])], list(zip(nm[1:], three(s)[1:]))))
    bc = [([2, 1], [1, 3], []), ([], [2, 2], [2, 1]), ([3], [2, 3], [2, 1]), ([2, 1, 2], [3, 1], [2]),
          ([0, 3], [3], [1]), ([2, 3], [2, 3], [4])]
    for sh in bc:
        dt = rng.choice(["float32", "float64"])
        cases.append(_call("bcast_%s" % "_".join("x".join(map(str, s)) or "scalar" for s in sh), op, names,
                           rng.choice(forms), three(sh, (dt,) * 3)))
    for shape, style in rng.sample(NONCONTIG, 2):
        cases.append(_call("noncontig_%s" % style, op, names, "func",
                           three([shape] * 3, ("float32",) * 3, (style, "literal", "expand"))))
    cases.append(_call("special_float32", op, names, "func", three([[6]] * 3, special=True)))
    cases.append(_call("special_float16", op, names, "func", three([[6]] * 3, ("float16",) * 3, special=True)))
    cases.append(_call("mixed_float64_float32", op, names, "func", three([[3]] * 3, ("float64", "float32", "float32"))))
    cases.append(_call("mixed_int64_float32", op, names, "func", three([[3]] * 3, ("int64", "float32", "float32"))))
    cases.append(_call("mixed_zerodim_float64", op, names, "func", three([[3], [], [3]], ("float32", "float64", "float32"))))
    if p == "torch.lerp":
        for j, w in enumerate(op["scalar_weight"]):
            sh = rng.choice(SHAPES)
            dt = rng.choice(["float32", "float64"])
            cases.append(_call("weight_scalar_%d" % j, op, names, forms[j % 3], [X(0, sh, dt), X(1, sh, dt), w]))
        cases.append(mk("weight_scalar_kw", p, [X(0, [3]), X(1, [3])], [("weight", "0.75")]))
        cases.append(mk("weight_scalar_bcast", p, [X(0, [2, 1]), X(1, [3]), "0.5"]))
        cases.append(mk("weight_scalar_int_tensors", p, [X(0, [3], "int64"), X(1, [3], "int64"), "0.5"]))
        cases.append(mk("weight_scalar_float16", p, [X(0, [3], "float16"), X(1, [3], "float16"), "0.5"]))
        cases.append(mk("weight_scalar_special", p, [X(0, [6], special=True), X(1, [6], special=True), "0.5"]))
    else:
        for j, v in enumerate(op["params"][0][1]):
            cases.append(_call("param_value_%d" % j, op, names, forms[j % 3], three([[4]] * 3), [("value", v)]))
        cases.append(mk("int_tensors_value_int", p, three([[3]] * 3, ("int64",) * 3), [("value", "2")]))
        cases.append(mk("int_tensors_value_float", p, three([[3]] * 3, ("int64",) * 3), [("value", "0.5")]))
        cases.append(mk("err_value_positional", p, three([[3]] * 3) + ["2"]))
        if p == "torch.addcdiv":
            cases.append(mk("zero_divisor", p, [X(0, [3]), X(1, [3]), literal_code([3], "float32", [0.0, -0.0, 2.0])]))
    cases.append(mk("err_missing", p, three([[3]] * 3)[:2]))
    cases.append(mk("err_broadcast", p, three([[2, 3], [4], [3]])))
    cases.append(mk("err_unknown_kw", p, three([[3]] * 3), [("foo", "1")]))
    cases.append(mk("err_string_operand", p, three([[3]] * 3)[:2] + ["'a'"]))
    cases.append(mk("err_none_operand", p, [three([[3]] * 3)[0], "None", three([[3]] * 3)[2]]))
    return cases


def clamp_tensor_cases(rng, op):
    """torch.clamp / clip with tensor bounds (the ternary form)."""
    p = op["primary"]
    T = lambda shape, dt="float32": tensor_code(rng, shape, dt, gen_vals(rng, dt))  # noqa: E731
    return [
        mk("tensor_min_max", p, [T([2, 3]), T([2, 3]), T([2, 3])]),
        mk("tensor_min_bcast", p, [T([2, 3])], [("min", T([3]))]),
        mk("tensor_max_bcast", p, [T([2, 1])], [("max", T([1, 3]))]),
        mk("tensor_bounds_bcast_up", p, [T([3]), T([2, 1]), T([2, 3])]),
        mk("tensor_clip", "torch.clip", [T([4])], [("min", T([4])), ("max", T([]))]),
        mk("tensor_method", "torch.Tensor.clamp", [T([2, 2]), T([2]), T([2, 1])], method=True),
        mk("tensor_min_gt_max", p, [T([4]), literal_code([4], "float32", [3.0, 3.0, 3.0, 3.0]),
                                    literal_code([4], "float32", [1.0, 1.0, 1.0, 1.0])]),
        mk("tensor_int_with_float_bounds", p, [T([3], "int64"), T([3]), T([3])]),
        mk("tensor_float32_with_float64_bound", p, [T([3]), T([3], "float64")]),
        mk("tensor_special", p, [tensor_code(rng, [6], "float32", gen_vals(rng, "float32", special=True)),
                                 literal_code([6], "float32", [math.nan, 0.0, -1.0, math.nan, 1.0, -0.0]),
                                 literal_code([6], "float32", [2.0, math.nan, 1.0, math.nan, -1.0, 0.0])]),
        mk("err_tensor_min_scalar_max", p, [T([3]), T([3]), "2.0"]),
        mk("err_tensor_bounds_broadcast", p, [T([3]), T([2])]),
        mk("err_no_bounds", p, [T([3])]),
        mk("err_none_bounds", p, [T([3]), "None", "None"]),
    ]


def operator_cases(rng, op, names, ctx):
    p, sym = op["primary"], op["symbol"]

    def O(i, shape=None, dtype="float32", style="literal", special=False, exact=False):
        return _bin_tensor(rng, op, i, rng.choice(SHAPES) if shape is None else shape, dtype, style,
                           special, exact)
    cases = []
    if op["arity"] == 1:
        for dt in DTYPES:
            cases.append(mk_op("dtype_" + dt, p, sym, O(0, None, dt, exact=True)))
        for shape in ([], [0], [2, 1, 2, 2]):
            cases.append(mk_op("rank%d" % len(shape), p, sym, O(0, shape, rng.choice(["float32", "int64"]))))
        for shape, style in rng.sample(NONCONTIG, 2):
            cases.append(mk_op("noncontig_" + style, p, sym, O(0, shape, "int32", style)))
        cases.append(mk_op("special_float32", p, sym, O(0, [6], "float32", special=True)))
        cases.append(mk_op("special_float16", p, sym, O(0, [6], "float16", special=True)))
        for dt, vals in {"int8": [-128, 127, 0, -1], "uint8": [0, 255, 1, 128],
                         "int64": [9223372036854775807, -9223372036854775808, 0, -1]}.items():
            cases.append(mk_op("intlimits_" + dt, p, sym, literal_code([4], dt, vals)))
        return cases
    dom_left = op["operands"][1][1] if op["reflected"] else op["operands"][0][1]

    def S(dt, i=1):
        v = gen_vals(rng, dt, op["operands"][i][1])(1)[0]
        if op["reflected"] and sym == "**":
            v = abs(v)  # -4 ** t is -(4 ** t) in Python
        return scalar_code(v, dt)
    if op["reflected"]:
        # Python calls the reflected method when the scalar is on the left: s <sym> t
        for dt in DTYPES:
            cases.append(mk_op("scalar_int_" + dt, p, sym, O(0, None, dt, exact=True), S("int64"), reflected=True))
        for dt in ("int64", "float32", "float16", "uint8"):
            cases.append(mk_op("scalar_float_" + dt, p, sym, O(0, [4], dt), float_code(abs(_float(rng, dom_left)) or 1.5),
                               reflected=True))
        for dt in ("bool", "int64", "float32"):
            cases.append(mk_op("scalar_bool_" + dt, p, sym, O(0, [3], dt), "True", reflected=True))
        cases.append(mk_op("scalar_zerodim", p, sym, O(0, [], "int64"), S("int64"), reflected=True))
        cases.append(mk_op("scalar_empty", p, sym, O(0, [0], "float32"), "2", reflected=True))
        shape, style = rng.choice(NONCONTIG)
        cases.append(mk_op("scalar_noncontig_" + style, p, sym, O(0, shape, "float32", style), "3", reflected=True))
        cases.append(mk_op("scalar_special", p, sym, O(0, [6], "float32", special=True), "2", reflected=True))
        cases.append(mk_op("scalar_300_uint8", p, sym, O(0, [3], "uint8"), "300", reflected=True))
        if op.get("int_zero"):
            cases.append(mk_op("int_zero_div", p, sym, literal_code([3], "int64", [2, 0, -1]), "7", reflected=True))
            cases.append(mk_op("int_zero_div_uint8", p, sym, literal_code([2], "uint8", [0, 3]), "5", reflected=True))
        if sym != "%":  # 'a' % t is Python string formatting, not a tensor op
            cases.append(mk_op("err_string_left", p, sym, O(0, [3]), "'a'", reflected=True))
        cases.append(mk_op("err_list_left", p, sym, O(0, [2]), "[1.0, 2.0]", reflected=True))
        return cases
    for i, dt in enumerate(DTYPES):
        s = rng.choice(SHAPES)
        cases.append(mk_op("dtype_" + dt, p, sym, O(0, s, dt, exact=True), O(1, s, dt, exact=True)))
    for sa, sb in BROADCASTS[:4]:
        dt = rng.choice(["float32", "int64", "int32"])
        cases.append(mk_op("bcast_%s_%s" % ("x".join(map(str, sa)) or "scalar", "x".join(map(str, sb)) or "scalar"),
                           p, sym, O(0, sa, dt), O(1, sb, dt)))
    shape, style = rng.choice(NONCONTIG)
    cases.append(mk_op("noncontig_" + style, p, sym, O(0, shape, "int64", style), O(1, shape[-1:], "int64")))
    cases.append(mk_op("mixed_int8_uint8", p, sym, O(0, [3], "int8"), O(1, [3], "uint8")))
    cases.append(mk_op("mixed_float16_zerodim_float64", p, sym, O(0, [3], "float16"), O(1, [], "float64")))
    cases.append(mk_op("mixed_int32_bool", p, sym, O(0, [3], "int32"), O(1, [3], "bool")))
    cases.append(mk_op("scalar_int_float32", p, sym, O(0, [4]), S("int64")))
    cases.append(mk_op("scalar_int_int16", p, sym, O(0, [4], "int16"), S("int64")))
    cases.append(mk_op("scalar_float_int64", p, sym, O(0, [4], "int64"), float_code(_float(rng, op["operands"][1][1]) or 2.5)))
    cases.append(mk_op("scalar_float_bfloat16", p, sym, O(0, [4], "bfloat16"), "2.5"))
    cases.append(mk_op("scalar_bool_int64", p, sym, O(0, [3], "int64"), "True"))
    cases.append(mk_op("scalar_bool_bool", p, sym, O(0, [3], "bool"), "False"))
    cases.append(mk_op("scalar_300_uint8", p, sym, O(0, [3], "uint8"), "300"))
    cases.append(mk_op("scalar_negative_int8", p, sym, O(0, [3], "int8"), "-2"))
    if op["mirror"]:
        for dt, sc in (("int64", S("int64")), ("float32", "2.5"), ("bool", "True"), ("uint8", "-1")):
            cases.append(mk_op("scalar_left_%s" % dt, p, sym, O(0, [4], dt), sc, reflected=True,
                               left_sym=op["mirror"]))
    cases.append(mk_op("special_float32", p, sym, O(0, [6], "float32", special=True), O(1, [6], "float32", special=True)))
    cases.append(mk_op("special_float64_bcast", p, sym, O(0, [2, 3], "float64", special=True),
                       literal_code([3], "float64", [math.nan, -0.0, math.inf])))
    cases.append(mk_op("overflow_int8", p, sym, literal_code([4], "int8", [100, 120, -100, 127]),
                       literal_code([4], "int8", [100, 20, -100, 2])))
    if op.get("int_zero"):
        cases.append(mk_op("int_zero_div", p, sym, literal_code([3], "int64", [7, -5, 0]), literal_code([3], "int64", [2, 0, 0])))
        cases.append(mk_op("int_zero_div_scalar", p, sym, literal_code([2], "int32", [7, -5]), "0"))
        cases.append(mk_op("int_zero_div_bool", p, sym, literal_code([2], "bool", [True, False]), "False"))
    cases.append(mk_op("err_broadcast", p, sym, O(0, [2, 3]), O(1, [4])))
    cases.append(mk_op("err_string_operand", p, sym, O(0, [3]), "'a'"))
    cases.append(mk_op("err_none_operand", p, sym, O(0, [3]), "None"))
    cases.append(mk_op("err_list_operand", p, sym, O(0, [2]), "[1.0, 2.0]"))
    return cases


GENERATORS = {"unary": unary_cases, "activation": unary_cases, "binary": binary_cases,
              "ternary": ternary_cases, "operator": operator_cases}


def op_cases(rng, op, names, ctx):
    cases = GENERATORS[op["kind"]](rng, op, names, ctx)
    if op["primary"] == "torch.clamp":
        cases += clamp_tensor_cases(rng, op)
    seen = collections.Counter()
    for c in cases:  # unique names within the op's file
        seen[c["name"]] += 1
        if seen[c["name"]] > 1:
            c["name"] = "%s_%d" % (c["name"], seen[c["name"]])
    return cases


# --------------------------------------------------------------------------------------------
# probes: constant outputs, dtype behaviour, signatures, promotion


def probe_tensor(dtype):
    if dtype == "bool":
        return torch.tensor([False, True])
    if dtype in INTS:
        lo, hi = INT_RANGE[dtype]
        vals = list(range(max(lo, -300), min(hi, 300) + 1)) + [lo, hi, lo + 1, hi - 1]
        if hi > 2 ** 16:
            vals += [2 ** 20 + 3, -(2 ** 20) - 7, hi // 3, lo // 3]
        return torch.tensor([v for v in vals if lo <= v <= hi], dtype=TORCH_DTYPE[dtype])
    vals = [x / 8 for x in range(-200, 201)] + [math.nan, math.inf, -math.inf, -0.0, 1e-30, -1e-30,
                                                 60000.0, -60000.0, 1e30, -1e30]
    return torch.tensor(vals, dtype=torch.float64).to(TORCH_DTYPE[dtype])


def constant_outputs():
    """{primary: [dtypes]} for parameter-free unary ops whose result for that dtype PyTorch
    gives the same for every input value: such outputs have no sources."""
    const = {}
    for op in EO.UNARY + EO.ACTIVATION:
        if op["params"]:
            continue
        fn = resolve(op["primary"])
        for dt in DTYPES:
            x = probe_tensor(dt)
            try:
                y = fn(x)
            except Exception:  # noqa: BLE001
                continue
            flat = y.reshape(-1)
            first = flat[:1].expand_as(flat)
            same = flat == first
            if flat.is_floating_point():  # nan equals nan; -0.0 differs from 0.0
                same = (same & (torch.signbit(flat) == torch.signbit(first))) | \
                    (torch.isnan(flat) & torch.isnan(first))
            if bool(same.all()):
                const.setdefault(op["primary"], []).append(dt)
    return const


def _probe_call(op, dt):
    """The op on tensors of dtype dt (unary: a 1-d tensor; binary: both operands)."""
    vals = {"bool": [True, False, True, True]}.get(dt, [1, 2, 3, 4])
    if op.get("reflected") and dt == "bool":
        vals = [True] * 4  # 2 // False would be a division by zero
    if op["operands"][0][1] in ("unit", "prob") and dt != "bool":
        vals = [0, 0, 1, 0] if dt not in FLOATS else [0.5, -0.25, 0.0, 0.75]
    t = lambda: torch.tensor(vals, dtype=TORCH_DTYPE[dt])  # noqa: E731
    fn = resolve(op["primary"])
    req = {n: eval_code(v) for n, v in _req_kwargs(op)}
    if op["kind"] in ("unary", "activation"):
        return lambda: fn(t(), **req)
    if op["kind"] == "operator":
        if op["arity"] == 1:
            return lambda: fn(t())
        if op["reflected"]:
            return lambda: fn(t(), 2)
        return lambda: fn(t(), t())
    if op["primary"] == "torch.where":
        return lambda: fn(torch.tensor([True, False, True, False]), t(), t())
    if op["kind"] == "ternary":
        return lambda: fn(t(), t(), t())
    return lambda: fn(t(), t())


def dtype_behaviour(op):
    beh, dev = {}, {}
    for dt in DTYPES:
        call = _probe_call(op, dt)
        try:
            out = call()
            beh[dt] = NAME_OF_DTYPE[out.dtype] if isinstance(out, torch.Tensor) else type(out).__name__
        except Exception as e:  # noqa: BLE001
            beh[dt] = "%s: %s" % (type(e).__name__, e)
            if NOT_IMPL.search(str(e)):
                dev[dt] = "computed in float32 and rounded to %s (no %s kernel in PyTorch 1.13)" % (
                    dt, "Half" if dt == "float16" else "BFloat16")
    return beh, dev


def signature_text(op, names):
    """golden_common's signature line; a Python operator's dunder otherwise, else any doc line."""
    found = golden_common.signature_text(names)
    if found:
        return found
    if op["kind"] == "operator":
        return "%s(self%s)" % (EO.base_name(op["primary"]), ", other" if op["arity"] == 2 else "")
    for q in names:
        doc = (resolve(q).__doc__ or "").strip()
        if doc:
            return doc.splitlines()[0].strip()
    return ""


def op_table(names_of):
    table = []
    for op in EO.OPS:
        beh, dev = dtype_behaviour(op)
        entry = {"primary": op["primary"], "names": names_of[op["primary"]], "kind": op["kind"],
                 "params": signature_text(op, names_of[op["primary"]]), "dtype_behaviour": beh}
        ov = overloads(names_of[op["primary"]])
        if ov:
            entry["overloads"] = ov
            if not entry["params"]:
                entry["params"] = " | ".join("%s%s" % (EO.base_name(op["primary"]), o) for o in ov)
        if op["kind"] == "operator":
            entry["symbol"] = op["symbol"]
            entry["reflected"] = op["reflected"]
        if dev:
            entry["deviations"] = dev
        table.append(entry)
    return json.dumps(table, indent=1, ensure_ascii=True) + "\n"


def promotion_lines():
    lines = []

    def t(dt, zero=False):
        return torch.ones((), dtype=TORCH_DTYPE[dt]) if zero else torch.ones(2, dtype=TORCH_DTYPE[dt])

    def line(lhs, rhs, a, b, extra=None):
        d = {"lhs": lhs, "rhs": rhs, "result": NAME_OF_DTYPE[torch.result_type(a, b)]}
        d.update(extra or {})
        lines.append(json.dumps(d, ensure_ascii=True))
    for a in DTYPES:
        for b in DTYPES:
            line({"kind": "tensor", "dtype": a}, {"kind": "tensor", "dtype": b}, t(a), t(b),
                 {"promote_types": NAME_OF_DTYPE[torch.promote_types(TORCH_DTYPE[a], TORCH_DTYPE[b])]})
    for a in DTYPES:
        for s in (True, 3, 2.5):
            line({"kind": "tensor", "dtype": a}, {"kind": "scalar", "value": s}, t(a), s)
            line({"kind": "scalar", "value": s}, {"kind": "tensor", "dtype": a}, s, t(a))
    for a in DTYPES:
        for b in DTYPES:
            line({"kind": "zero_dim", "dtype": a}, {"kind": "tensor", "dtype": b}, t(a, True), t(b))
            line({"kind": "tensor", "dtype": a}, {"kind": "zero_dim", "dtype": b}, t(a), t(b, True))
    for a in DTYPES:
        for s in (True, 3, 2.5):
            line({"kind": "zero_dim", "dtype": a}, {"kind": "scalar", "value": s}, t(a, True), s)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------------------------


def generate():
    torch.manual_seed(0)
    ctx = Ctx()
    ctx.const = constant_outputs()
    names_of = {op["primary"]: EO.qualified_names(op) for op in EO.OPS}
    files = {}
    per_op = {}
    outcome = collections.Counter()
    deviations = 0
    for op in EO.OPS:
        rng = random.Random("%d:%s" % (SEED, op["primary"]))
        lines = []
        oc = collections.Counter()
        for case in op_cases(rng, op, names_of[op["primary"]], ctx):
            g = golden_line(op, case, ctx)
            lines.append(json.dumps(g, ensure_ascii=True))
            e = g["expect"]
            k = "ok" if e["ok"] else e["error"]["type"]
            oc[k] += 1
            outcome[k] += 1
            deviations += "deviation" in g
        per_op[op["primary"]] = dict(sorted(oc.items()))
        files[os.path.join(OUT_DIR, op["primary"] + ".jsonl")] = "\n".join(lines) + "\n"
    total = sum(outcome.values())
    meta = {"generator": "scripts/gen_golden_elementwise.py", "seed": SEED, "torch": torch.__version__,
            "python": sys.version.split()[0], "cases": total, "ops": len(EO.OPS),
            "outcomes": dict(sorted(outcome.items())), "deviations": deviations,
            "constant_outputs": {k: v for k, v in sorted(ctx.const.items())},
            "per_op": per_op}
    files[os.path.join(GOLDEN_DIR, "elementwise.meta.json")] = json.dumps(meta, indent=1, sort_keys=True) + "\n"
    files[os.path.join(GOLDEN_DIR, "elementwise_ops.json")] = op_table(names_of)
    files[os.path.join(GOLDEN_DIR, "promotion.jsonl")] = promotion_lines()
    return files, meta


def main():
    check = "--check" in sys.argv[1:]
    t0 = time.time()
    files, meta = generate()
    rc = write_or_check(files, OUT_DIR, "elementwise", check, t0)
    if check:
        return rc
    print("wrote %d cases for %d ops (%s, %d deviations) in %.1f s"
          % (meta["cases"], meta["ops"], meta["outcomes"], meta["deviations"], time.time() - t0))
    if QUIRKS:
        print("%d operator cases where the dunder called directly differs from the operator text"
              % len(QUIRKS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
