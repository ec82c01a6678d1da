#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the window family (convolutions, pools):

    tests/golden/window/<primary name>.jsonl   one file per op (tests/live/window_ops.py)
    tests/golden/window.meta.json              seed, versions, counts
    tests/golden/window_ops.json               the op table: names, kind, signature, dtypes

Lines have the gather format (tests/golden/README.md, "Window family"). Relations come from
PyTorch: value sources by autograd on float64 surrogates holding distinct values in (0.2, 0.8)
(convolutions, average pools: the read pattern does not depend on the values); for max pools
the winner by autograd on a float64 copy of the real values, and the compare sources by
perturbation: an input element is a compare source of every output element that changes when
it alone is raised above every value of the input (and is not that element's winner). A tuple
result (values, indices) has the same sources for both.

Run with Debian's /usr/bin/python3 (python3-torch 1.13); deterministic.

    /usr/bin/python3 scripts/gen_golden_window.py [--check]
"""
import collections
import json
import os
import re
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402,F401

import window_ops as WO  # noqa: E402
from golden_common import (  # noqa: E402
    DTYPES, FLOATS, NAME_OF_DTYPE, NOT_IMPL, TORCH_DTYPE, case_arguments, check_reproduced, eval_code, family_goldens,
    family_main, mk, outcome, overloads, layout_free_request, resolve, result_json, round_to, signature_text, src_key,
    tensor_code, to_float32, unique_case_names)

FAMILY = WO  # the op list tests/live/check_live_family.py samples from
SEED = 20261208
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")

warnings.simplefilter("ignore")

TEMPLATE = re.compile(r"T\[([\d,]*)\](?::(\w+))?(?:\.(t|transpose|permute|expand|reshape)\b)?")


def gen_vals(rng, dtype, domain):
    def one():
        if dtype == "bool":
            return rng.random() < 0.5
        if dtype in FLOATS:
            v = float(rng.randint(0, 5)) if domain == "ties" else round(rng.uniform(-3, 3), 2)
            return round_to(v, dtype)
        return rng.randint(0 if dtype == "uint8" else -3, 5)
    return lambda n: [one() for _ in range(n)]


def fill(rng, text, dtype, domain, style=None):
    def tensor(m):
        shape = [int(x) for x in m.group(1).split(",") if x]
        dt = m.group(2) or dtype
        return tensor_code(rng, shape, dt, gen_vals(rng, dt, domain), m.group(3) or style or "literal")
    return TEMPLATE.sub(tensor, text)


def T(shape):
    return "T[%s]" % ",".join(map(str, shape))


def ints_code(vals, rng):
    """An int parameter as code: a bare int when all equal (sometimes a tuple anyway)."""
    if len(set(vals)) == 1 and rng.random() < 0.7:
        return str(vals[0])
    return "(" + ", ".join(map(str, vals)) + ("," if len(vals) == 1 else "") + ")"


# --------------------------------------------------------------------------------------------
# cases


def random_conv(rng, op):
    d = op["dims"]
    groups = rng.choice([1, 1, 2])
    cin, cout = groups * rng.randint(1, 2), groups * rng.randint(1, 2)
    k = [rng.randint(1, 3) for _ in range(d)]
    stride = [rng.randint(1, 2) for _ in range(d)]
    dil = [rng.choice([1, 1, 2]) for _ in range(d)]
    spatial = [rng.randint(max(1, (k[i] - 1) * dil[i] + 1 - 2), 5) for i in range(d)]
    shape = ([rng.randint(1, 2)] if rng.random() < 0.7 else []) + [cin] + spatial
    r = rng.random()
    if r < 0.15 and all(s == 1 for s in stride):
        pad = "'same'"
    elif r < 0.25:
        pad = "'valid'"
    else:
        pad = ints_code([rng.randint(0, 2) for _ in range(d)], rng)
    args = [T(shape), T([cout, cin // groups] + k)]
    opts = [("bias", T([cout]) if rng.random() < 0.6 else "None"), ("stride", ints_code(stride, rng)), ("padding", pad),
            ("dilation", ints_code(dil, rng)), ("groups", str(groups))]
    return args, opts


def random_convt(rng, op):
    d = op["dims"]
    groups = rng.choice([1, 1, 2])
    cin, cout_g = groups * rng.randint(1, 2), rng.randint(1, 2)
    k = [rng.randint(1, 3) for _ in range(d)]
    stride = [rng.randint(1, 3) for _ in range(d)]
    dil = [rng.choice([1, 1, 2]) for _ in range(d)]
    out_pad = [rng.randint(0, max(stride[i], dil[i]) - 1) if rng.random() < 0.4 else 0 for i in range(d)]
    spatial = [rng.randint(1, 4) for _ in range(d)]
    shape = ([rng.randint(1, 2)] if rng.random() < 0.7 else []) + [cin] + spatial
    args = [T(shape), T([cin, cout_g] + k)]
    opts = [("bias", T([cout_g * groups]) if rng.random() < 0.6 else "None"), ("stride", ints_code(stride, rng)),
            ("padding", ints_code([rng.randint(0, 1) for _ in range(d)], rng)), ("output_padding", ints_code(out_pad, rng)),
            ("groups", str(groups)), ("dilation", ints_code(dil, rng))]
    return args, opts


def random_pool(rng, op):
    d = op["dims"]
    kind = op["kind"]
    k = [rng.randint(1, 3) for _ in range(d)]
    dil = [rng.choice([1, 1, 2]) for _ in range(d)] if kind == "max" else [1] * d
    spatial = [rng.randint((k[i] - 1) * dil[i] + 1, 6) for i in range(d)]
    shape = ([rng.randint(1, 2)] if rng.random() < 0.7 else []) + [rng.randint(1, 3)] + spatial
    args = [T(shape), ints_code(k, rng)]
    stride = "None" if rng.random() < 0.3 else ints_code([rng.randint(1, 3) for _ in range(d)], rng)
    opts = [("stride", stride), ("padding", ints_code([rng.randint(0, k[i] // 2) for i in range(d)], rng))]
    if kind == "max":
        opts += [("dilation", ints_code(dil, rng)), ("ceil_mode", rng.choice(["False", "True"]))]
    else:
        opts += [("ceil_mode", rng.choice(["False", "True"])), ("count_include_pad", rng.choice(["True", "False"]))]
        if d == 2 and rng.random() < 0.3:
            opts.append(("divisor_override", str(rng.choice([1, 3, -2]))))
    if op["primary"].endswith("avg_pool1d") and stride == "None":
        opts[0] = ("stride", rng.choice(["()", "None"]))
    return args, opts


def random_adaptive(rng, op):
    d = op["dims"]
    spatial = [rng.randint(1, 6) for _ in range(d)]
    shape = ([rng.randint(1, 2)] if rng.random() < 0.7 else []) + [rng.randint(1, 3)] + spatial
    out = [rng.randint(1, 7) if rng.random() < 0.85 else rng.choice([1, 0]) for _ in range(d)]
    if d == 2 and rng.random() < 0.25 and "avg" in op["kind"]:
        code = "(None, %d)" % out[1] if rng.random() < 0.5 else "(%d, None)" % out[0]
    elif rng.random() < 0.15:
        code = ints_code([1] * d, rng)
    else:
        code = ints_code(out, rng)
    return [T(shape), code], []


def random_lp(rng, op):
    d = op["dims"]
    k = [rng.randint(1, 3) for _ in range(d)]
    spatial = [rng.randint(k[i], 6) for i in range(d)]
    shape = ([rng.randint(1, 2)] if rng.random() < 0.7 else []) + [rng.randint(1, 3)] + spatial
    norm = rng.choice(["2", "1", "3", "2.0", "1.5", "-1.0"])
    kcode = str(k[0]) if d == 1 else ints_code(k, rng)
    stride = "None" if rng.random() < 0.4 else (str(rng.randint(1, 3)) if d == 1 else ints_code([rng.randint(1, 3) for _ in range(d)], rng))
    return [T(shape), norm, kcode], [("stride", stride), ("ceil_mode", rng.choice(["False", "True"]))]


def random_unfold(rng, op):
    k = [rng.randint(1, 3) for _ in range(2)]
    dil = [rng.choice([1, 1, 2]) for _ in range(2)]
    pad = [rng.randint(0, 1) for _ in range(2)]
    stride = [rng.randint(1, 2) for _ in range(2)]
    spatial = [rng.randint(max(1, dil[i] * (k[i] - 1) + 1 - 2 * pad[i]), 5) for i in range(2)]
    shape = ([rng.randint(1, 2)] if rng.random() < 0.7 else []) + [rng.randint(1, 2)] + spatial
    opts = [("dilation", ints_code(dil, rng)), ("padding", ints_code(pad, rng)), ("stride", ints_code(stride, rng))]
    return [T(shape), ints_code(k, rng)], opts


def random_fold(rng, op):
    k = [rng.randint(1, 3) for _ in range(2)]
    dil = [rng.choice([1, 1, 2]) for _ in range(2)]
    pad = [rng.randint(0, 1) for _ in range(2)]
    stride = [rng.randint(1, 2) for _ in range(2)]
    out = [rng.randint(max(1, dil[i] * (k[i] - 1) + 1 - 2 * pad[i]), 5) for i in range(2)]
    blocks = [(out[i] + 2 * pad[i] - dil[i] * (k[i] - 1) - 1) // stride[i] + 1 for i in range(2)]
    c = rng.randint(1, 2)
    shape = ([rng.randint(1, 2)] if rng.random() < 0.7 else []) + [c * k[0] * k[1], blocks[0] * blocks[1]]
    opts = [("dilation", ints_code(dil, rng)), ("padding", ints_code(pad, rng)), ("stride", ints_code(stride, rng))]
    return [T(shape), ints_code(out, rng), ints_code(k, rng)], opts


def positional_order(op):
    if op["kind"] in ("unfold", "fold"):
        return ["dilation", "padding", "stride"]
    if op["kind"] == "lp":
        return ["stride", "ceil_mode"]
    if op["kind"].startswith("adaptive"):
        return ["return_indices"]
    if op["kind"] == "conv":
        return ["bias", "stride", "padding", "dilation", "groups"]
    if op["kind"] == "convt":
        return ["bias", "stride", "padding", "output_padding", "groups", "dilation"]
    if op["kind"] == "max":
        return ["stride", "padding", "dilation", "ceil_mode", "return_indices"]
    return ["stride", "padding", "ceil_mode", "count_include_pad", "divisor_override"]


def op_cases(rng, op, names):
    p = op["primary"]
    domain = "ties" if "max" in op["kind"] else "any"

    def call(name, args, kwargs=(), qual=None, dtype=None, style=None):
        if op["kind"] in ("unfold", "fold"):  # (float16 has kernels here)
            choices = ["float32", "float64", "float16"]
        else:
            choices = ["float32", "float32", "float64", "bfloat16"] + (["int64"] if op["kind"] in ("conv", "convt", "avg", "lp") else [])
        dt = dtype or rng.choice(choices)
        return mk(name, qual or p, [fill(rng, a, dt, domain, style) for a in args], [(k, fill(rng, v, dt, domain, style)) for k, v in kwargs])

    cases = [call("dtype_" + dt, op["simple"], dtype=dt) for dt in DTYPES]
    cases += [call("name_" + q, op["simple"], qual=q) for q in names[1:]]
    order = positional_order(op)
    for i in range(WO.RANDOM_CASES):
        args, opts = {"conv": random_conv, "convt": random_convt, "adaptive_max": random_adaptive,
                      "adaptive_avg": random_adaptive, "lp": random_lp, "unfold": random_unfold, "fold": random_fold}.get(op["kind"], random_pool)(rng, op)
        qual = rng.choice(names)
        native_max = op["kind"] in ("max", "adaptive_max") and qual.startswith("torch.") and not qual.startswith("torch.nn.")
        if op["kind"] in ("max", "adaptive_max") and not native_max and "with_indices" not in qual and rng.random() < 0.4:
            opts.append(("return_indices", "True"))
        # a prefix of the options positionally, the rest by keyword (defaults left out at random)
        npos = rng.randint(0, len(opts))
        if any(k == "return_indices" for k, _ in opts[:npos]) or (native_max and npos > 4):
            npos = min(npos, 4)
        pos = [v for _, v in opts[:npos]]
        if [k for k, _ in opts[:npos]] != order[:npos]:
            pos, npos = [], 0
        kw = [(k, v) for k, v in opts[npos:] if rng.random() < 0.8 or k == "return_indices"]
        if native_max and any(k == "stride" and v == "None" for k, v in kw):
            kw = [(k, v) for k, v in kw if k != "stride"]
        style = rng.choice([None, None, "transpose", "permute"])
        cases.append(call("random_%d" % (i + 1), args + pos, kw, qual=qual, style=style))
    for name, args, kwargs in op["cases"] + op["errors"]:
        cases.append(call(name, args, kwargs, dtype="float32"))
    cases.append(mk("no_args", p, []))
    cases.append(call("err_string_input", ["'a'"] + op["simple"][1:]))
    cases.append(call("err_unknown_kw", op["simple"], [("foo", "1")]))
    return unique_case_names(cases)


# --------------------------------------------------------------------------------------------
# relations


def _outs(out):
    return list(out) if isinstance(out, tuple) else [out]


def _surrogate(t, salt):
    n = t.numel()
    vals = [0.2 + 0.6 * (((j + 1) * 0.6180339887 + salt * 0.3183) % 1.0) for j in range(n)]
    return torch.tensor(vals, dtype=torch.float64).reshape(t.shape)


def tensor_slots(args, kwargs):
    slots = [([i], a) for i, a in enumerate(args) if isinstance(a, torch.Tensor)]
    slots += [([k], v) for k, v in kwargs.items() if isinstance(v, torch.Tensor)]
    return slots


def call_with(case, args, kwargs, values):
    """The op called with the tensors at the given paths replaced."""
    a2, k2 = list(args), dict(kwargs)
    for path, v in values.items():
        if isinstance(path[0], int):
            a2[path[0]] = v
        else:
            k2[path[0]] = v
    return resolve(case["op"])(*a2, **k2)


def grad_relations(case, args, kwargs, out):
    """Every tensor argument element with a nonzero gradient (float64 surrogates) is a value source."""
    slots = tensor_slots(args, kwargs)
    leaves = {tuple(p): _surrogate(t, i).requires_grad_(True) for i, (p, t) in enumerate(slots)}
    res = _outs(call_with(case, args, kwargs, leaves))[0]
    flat = res.reshape(-1)
    rel = []
    for k in range(flat.numel()):
        gs = torch.autograd.grad(flat[k], list(leaves.values()), retain_graph=True, allow_unused=True)
        src = []
        for p, g in zip(leaves, gs):
            if g is not None:
                src += [[list(p), f, "value"] for f in g.reshape(-1).nonzero().flatten().tolist()]
        rel.append(src)
    return rel


def max_relations(case, args, kwargs, out):
    """The winner by autograd on a float64 copy of the real values; compare sources by raising
    each other element above every value."""
    (path, x), = [(p, t) for p, t in tensor_slots(args, kwargs)]
    x64 = x.detach().to(torch.float64).requires_grad_(True)
    res = _outs(call_with(case, args, kwargs, {tuple(path): x64}))[0]
    flat = res.reshape(-1)
    winners = []
    for k in range(flat.numel()):
        g, = torch.autograd.grad(flat[k], [x64], retain_graph=True)
        winners.append(g.reshape(-1).nonzero().flatten().tolist())
    base = x.detach().to(torch.float64)
    top = float(base[torch.isfinite(base)].max()) + 10 if torch.isfinite(base).any() else 10.0
    compare = collections.defaultdict(set)
    with torch.no_grad():
        ref = _outs(call_with(case, args, kwargs, {tuple(path): base}))[0].reshape(-1)
        for j in range(base.numel()):
            t = base.clone().reshape(-1)
            t[j] = top
            new = _outs(call_with(case, args, kwargs, {tuple(path): t.reshape(base.shape)}))[0].reshape(-1)
            for k in (new != ref).nonzero().flatten().tolist():
                compare[k].add(j)
    rel = []
    for k in range(flat.numel()):
        src = [[list(path), f, "value"] for f in winners[k]]
        src += [[list(path), f, "compare"] for f in sorted(compare[k]) if f not in winners[k]]
        rel.append(src)
    return rel


def relations(op, case, args, kwargs, out):
    outs = _outs(out)
    if outs[0].numel() == 0:
        return []
    per = max_relations(case, args, kwargs, out) if "max" in op["kind"] else grad_relations(case, args, kwargs, out)
    rel = []
    for pos in range(len(outs)):
        for k, src in enumerate(per):
            rel.append({"out": [pos, k], "src": sorted(src, key=src_key)})
    return rel


# --------------------------------------------------------------------------------------------
# the oracle


def _close(a, b):
    """Equal within torch.testing's tolerances for the dtype."""
    try:
        torch.testing.assert_close(a, b, equal_nan=True)
        return True
    except (AssertionError, TypeError, ValueError):
        return False


def golden_line(op, case):
    args, kwargs = case_arguments(op, case)
    fn = resolve(case["op"])
    out, expect = outcome(lambda: fn(*args, **kwargs))
    _, by_code = outcome(lambda: eval_code(case["code"]))
    check_reproduced(case, expect, by_code)
    extra = {}
    # Results must not depend on strides: where PyTorch 1.13's answer on a non-contiguous view is
    # not close to its answer on a contiguous copy of the same values (its bfloat16 sums round
    # in an order that follows the layout), the contiguous copy's answer is the expectation.
    contig = lambda v: v.contiguous() if isinstance(v, torch.Tensor) else v  # noqa: E731
    if expect["ok"] and any(isinstance(v, torch.Tensor) and not v.is_contiguous() for v in list(args) + list(kwargs.values())):
        oc, ec = outcome(lambda: fn(*[contig(a) for a in args], **{k: contig(v) for k, v in kwargs.items()}))
        if ec["ok"] and not _close(out, oc):
            out, expect = oc, ec
            extra["deviation"] = ("PyTorch 1.13 rounds %s differently on this non-contiguous view; expectation from a "
                                  "contiguous copy of the same values" % op["primary"].rsplit(".", 1)[1])
    if not expect["ok"]:
        m = NOT_IMPL.search(expect["error"]["message"])
        if m and m.group(1) == "Half":
            a32 = [to_float32(a) for a in args]
            k32 = {k: to_float32(v) for k, v in kwargs.items()}
            o32, e32 = outcome(lambda: fn(*a32, **k32))
            if e32["ok"]:
                conv = lambda t: t.to(torch.float16) if t.dtype == torch.float32 else t  # noqa: E731
                out = tuple(conv(t) for t in o32) if isinstance(o32, tuple) else conv(o32)
                expect = {"ok": True, "result": result_json(out)}
                extra["deviation"] = ("PyTorch 1.13 has no Half kernel for %s; expectation computed in float32 and "
                                      "rounded, as newer PyTorch does" % op["primary"].rsplit(".", 1)[1])
                args, kwargs = a32, k32
    if op["kind"] == "convt" and any(isinstance(a, torch.Tensor) and a.dtype == torch.bfloat16 for a in args):
        # PyTorch 1.13 runs a bfloat16 conv_transpose as an ordinary convolution (its mkldnn path drops
        # `transposed`): the expectation is the float32 result rounded, as newer PyTorch computes it.
        a32 = [to_float32(a) for a in args]
        k32 = {k: to_float32(v) for k, v in kwargs.items()}
        o32, e32 = outcome(lambda: fn(*a32, **k32))
        if e32["ok"]:
            out = o32.to(torch.bfloat16)
            e32 = {"ok": True, "result": result_json(out)}
            args, kwargs = a32, k32
        if e32 != expect:
            expect = e32
            extra["deviation"] = ("PyTorch 1.13 computes a bfloat16 %s as an ordinary convolution; expectation computed in "
                                  "float32 (rounded), as newer PyTorch does" % op["primary"].rsplit(".", 1)[1])
    if expect["ok"]:
        expect["relations"] = relations(op, case, args, kwargs, out)
    g = {"name": case["name"], "code": case["code"], "expect": expect}
    request = layout_free_request(case, expect)
    if request:
        g["request"] = request
    g.update(extra)
    return g


# --------------------------------------------------------------------------------------------
# op table


def dtype_behaviour(op):
    beh = {}
    rng = __import__("random").Random(0)
    for dt in DTYPES:
        args = [eval_code(fill(rng, a, dt, "any")) for a in op["simple"]]
        try:
            out = resolve(op["primary"])(*args)
            beh[dt] = ", ".join(NAME_OF_DTYPE[o.dtype] for o in _outs(out))
        except Exception as e:  # noqa: BLE001
            beh[dt] = "%s: %s" % (type(e).__name__, e)
    return beh


def op_table(names_of):
    table = []
    for op in WO.OPS:
        names = names_of[op["primary"]]
        entry = {"primary": op["primary"], "names": names, "kind": op["kind"], "params": signature_text(names),
                 "dtype_behaviour": dtype_behaviour(op)}
        ov = overloads(names)
        if ov:
            entry["overloads"] = ov
        table.append(entry)
    return json.dumps(table, indent=1, ensure_ascii=True) + "\n"


def generate(only=None):
    torch.manual_seed(0)
    names_of = {op["primary"]: WO.qualified_names(op) for op in WO.OPS}
    files, meta = family_goldens("window", SEED, WO.OPS, names_of, op_cases, golden_line, only, {"deviations": "deviation"})
    files[os.path.join(GOLDEN_DIR, "window_ops.json")] = op_table(names_of)
    return files, meta


def main():
    return family_main("window", generate, lambda meta: ", %d deviations" % meta["deviations"])


if __name__ == "__main__":
    sys.exit(main())
