#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the resample family (pad, pixel_shuffle,
pixel_unshuffle, interpolate, grid_sample, affine_grid):

    tests/golden/resample/<primary name>.jsonl   one file per op (tests/live/resample_ops.py)
    tests/golden/resample.meta.json              seed, versions, counts
    tests/golden/resample_ops.json               the op table: names, kind, signature, dtypes

Lines have the gather format (tests/golden/README.md, "Resample family"). Relations come from
PyTorch, never from Whence's code:

  - value sources by autograd on surrogates: every float tensor argument that is not an index
    (input, theta) is replaced by a tensor of the same shape holding distinct values in
    (0.2, 0.8) (float32 or float64 as the argument, float64 for other dtypes, so that the
    sampling coordinates are computed as in the real call); an element with a nonzero gradient
    of an output element is a value source. An interpolation weight that is exactly zero (a
    sample on a grid point) gives a zero gradient: that tap is no source.
  - uint8 inputs (interpolate's nearest modes take them) by perturbation of the real input:
    element j set to another value is a source of every output element that changes.
  - grid_sample's grid by perturbation: each grid element set to a spread of other values
    (-1.1 ... 1.1) on the surrogate input is a source of every output element that changes for
    one of them: an index source in nearest mode (it picks a tap), a value source in bilinear and
    bicubic modes (the taps' weights are functions of it: its gradient flows).

Where PyTorch 1.13 has no float16/bfloat16 kernel ("not implemented for 'Half'") and the same
call in float32 works, the expectation is the float32 result rounded to the dtype, with a
"deviation" note, as in the other families.

Run with Debian's /usr/bin/python3 (python3-torch 1.13); deterministic.

    /usr/bin/python3 scripts/gen_golden_resample.py [--check] [PRIMARY...]
"""
import collections
import json
import os
import re
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

import torch  # noqa: E402

import resample_ops as RS  # noqa: E402
from golden_common import (DTYPES, FLOATS, NAME_OF_DTYPE, NOT_IMPL, TORCH_DTYPE, case_arguments, check_reproduced,  # noqa: E402
                           eval_code, family_goldens, family_main, mk, outcome, overloads, layout_free_request, resolve,
                           result_json, round_to, signature_text, tensor_code, to_float32, unique_case_names)

warnings.filterwarnings("ignore")

FAMILY = RS  # the op list tests/live/check_live_family.py samples from
SEED = 20261201
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")

TEMPLATE = re.compile(r"([TG])\[([\d,]*)\](?::(\w+))?(?:\.(t|transpose|permute|expand|reshape)\b)?")


def gen_vals(rng, dtype):
    def one():
        if dtype == "bool":
            return rng.random() < 0.5
        if dtype in FLOATS:
            return round_to(float(rng.randint(-9, 9)) if rng.random() < 0.5 else round(rng.uniform(-9, 9), 2), dtype)
        return rng.randint(0 if dtype == "uint8" else -9, 9)
    return lambda n: [one() for _ in range(n)]


def grid_vals(rng):
    def one():
        r = rng.random()
        if r < 0.15:  # exactly on a pixel centre or corner for small sizes
            return rng.choice([-1.0, -0.5, 0.0, 0.5, 1.0])
        return round(rng.uniform(-1.2, 1.2), 3)
    return lambda n: [one() for _ in range(n)]


def fill(rng, text, dtype):
    """An argument template with each T[...] / G[...] replaced by the code of a random tensor."""
    def tensor(m):
        shape = [int(x) for x in m.group(2).split(",") if x]
        if m.group(1) == "G":
            dt = m.group(3) or "float32"
            return tensor_code(rng, shape, dt, grid_vals(rng), m.group(4) or "literal")
        dt = m.group(3) or dtype
        return tensor_code(rng, shape, dt, gen_vals(rng, dt), m.group(4) or "literal")
    return TEMPLATE.sub(tensor, text)


def op_cases(rng, op, names):
    p = op["primary"]

    def call(name, args, kwargs=(), qual=None, dtype="float32"):
        return mk(name, qual or p, [fill(rng, a, dtype) for a in args], [(k, fill(rng, v, dtype)) for k, v in kwargs])
    simple_args, simple_kw = op["simple"]
    cases = [call("dtype_" + dt, simple_args, simple_kw, dtype=dt) for dt in DTYPES]
    cases += [call("name_" + q, simple_args, simple_kw, qual=q) for q in names[1:]]
    for name, args, kwargs in op["cases"] + op["errors"]:
        cases.append(call(name, args, kwargs))
    for i in range(RS.RANDOM_CASES):
        args, kwargs = op["random"](rng)
        cases.append(call("random_%d" % (i + 1), args, kwargs, dtype=rng.choice(["float32", "float64", "float32", "int64"])))
    cases.append(mk("no_args", p, []))
    cases.append(call("err_string_input", ["'a'"] + simple_args[1:], simple_kw))
    cases.append(call("err_unknown_kw", simple_args, list(simple_kw) + [("foo", "1")]))
    return unique_case_names(cases)


# --------------------------------------------------------------------------------------------
# relations


def _outs(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


def _surrogate(t, salt, dtype):
    n = t.numel()
    vals = [0.2 + 0.6 * (((j + 1) * 0.6180339887 + salt * 0.3183) % 1.0) for j in range(n)]
    return torch.tensor(vals, dtype=dtype).reshape(t.shape)


def _same(a, b):
    return (a == b) | (torch.isnan(a) & torch.isnan(b))


def _slots(args, kwargs):
    """(path, where, key, tensor) of every tensor argument."""
    slots = [([i], "a", i, a) for i, a in enumerate(args) if isinstance(a, torch.Tensor)]
    slots += [([k], "k", k, v) for k, v in kwargs.items() if isinstance(v, torch.Tensor)]
    return slots


def _perturbed(t, j):
    """t with element j changed: floats by +1000, uint8 by +101 (mod 256), bool flipped, other ints by +1000."""
    t2 = t.clone().reshape(-1)
    if t.dtype == torch.bool:
        t2[j] = not bool(t2[j])
    elif t.dtype == torch.uint8:
        t2[j] = (int(t2[j]) + 101) % 256
    else:
        t2[j] = t2[j] + 1000
    return t2.reshape(t.shape)


def relations(op, case, args, kwargs, out):
    """Sources by perturbation of the forward call: every element of the sampled tensor (a
    float tensor replaced by a surrogate of its dtype with distinct values) changed on its own
    is a value source of every output element that changes; every index element (the grid) set
    to a spread of values is an index source of every output element that changes for one."""
    fn = resolve(case["op"])
    outs = _outs(out)
    per = collections.defaultdict(list)
    slots = _slots(args, kwargs)
    index = [sl for sl in slots if sl[0][0] in op["index"]]  # (positions and keyword names)
    values = [sl for sl in slots if sl[0][0] in (0, "input", "theta")]  # the sampled tensor (a 0-d value= is a number)
    slots = values + index
    surr = {}
    for i, sl in enumerate(values):
        t = sl[3]
        surr[tuple(sl[0])] = _surrogate(t, i, t.dtype) if t.is_floating_point() else t
    for sl in index:
        surr[tuple(sl[0])] = sl[3]

    # A second surrogate of the sampled tensor for the index perturbations: under one, the taps'
    # weighted differences can nearly cancel (a grid x whose change moved the output by 4e-5,
    # under the bicubic noise threshold), which hid a real source.
    alt = dict(surr)
    for i, sl in enumerate(values):
        if sl[3].is_floating_point():
            alt[tuple(sl[0])] = _surrogate(sl[3], i + 7, sl[3].dtype)

    def call(replace=None, using=surr):
        a2, k2 = list(args), dict(kwargs)
        for path, where, key, t in slots:
            v = replace[1] if replace is not None and tuple(path) == replace[0] else using[tuple(path)]
            if where == "a":
                a2[key] = v
            else:
                k2[key] = v
        return _outs(fn(*a2, **k2))
    with torch.no_grad():
        base = call()
        alt_base = call(using=alt) if index else base
        # bicubic: a change below 1e-3 for the +1000 perturbation (a weight below 1e-6) is the
        # rounding noise of PyTorch's float coordinates, not a dependence (README).
        noise = 1e-3 if "bicubic" in [v for v in list(args) + list(kwargs.values()) if isinstance(v, str)] else 0
        for sl in values:
            t = surr[tuple(sl[0])]
            for j in range(t.numel()):
                new = call(replace=(tuple(sl[0]), _perturbed(t, j)))
                for pos, (o0, o1) in enumerate(zip(base, new)):
                    moved = ~_same(o0.reshape(-1), o1.reshape(-1))
                    if noise and o0.is_floating_point():
                        moved &= (o1.reshape(-1).double() - o0.reshape(-1).double()).abs() > noise
                    for k in moved.nonzero().flatten().tolist():
                        per[(pos, k)].append([list(sl[0]), j, "value"])
        for sl in index:
            t = surr[tuple(sl[0])]
            changed = collections.defaultdict(set)
            for using, base_out in ((surr, base), (alt, alt_base)):
                for j in range(t.numel()):
                    for v in (-1.1, -0.77, -0.4, -0.13, 0.21, 0.5, 0.83, 1.1):
                        t2 = t.clone().reshape(-1)
                        t2[j] = v
                        new = call(replace=(tuple(sl[0]), t2.reshape(t.shape)), using=using)
                        for pos, (o0, o1) in enumerate(zip(base_out, new)):
                            moved = ~_same(o0.reshape(-1), o1.reshape(-1))
                            if noise:
                                moved &= (o1.reshape(-1).double() - o0.reshape(-1).double()).abs() > noise
                            for k in moved.nonzero().flatten().tolist():
                                changed[(pos, k)].add(j)
            # bilinear and bicubic weigh the taps by the coordinates (a gradient flows): value
            # sources; nearest only picks a tap: index sources
            mode = kwargs.get("mode", args[2] if len(args) > 2 else "bilinear")
            role = "index" if mode == "nearest" else "value"
            for key, js in changed.items():
                per[key] += [[list(sl[0]), j, role] for j in sorted(js)]
    rel = []
    for pos, o in enumerate(outs):
        for k in range(o.numel()):
            src = sorted(per.get((pos, k), []), key=lambda s: (isinstance(s[0][0], str), str(s[0][0]), s[1]))
            rel.append({"out": [pos, k], "src": src})
    return rel


# --------------------------------------------------------------------------------------------
# the oracle


def expect_of(op, case):
    args, kwargs = case_arguments(op, case)
    fn = resolve(case["op"])
    out, expect = outcome(lambda: fn(*args, **kwargs))
    _, by_code = outcome(lambda: eval_code(case["code"]))
    check_reproduced(case, expect, by_code)
    extra = {}
    if not expect["ok"]:
        m = NOT_IMPL.search(expect["error"]["message"])
        if m:
            a32 = [to_float32(a) for a in args]
            k32 = {k: to_float32(v) for k, v in kwargs.items()}
            o32, e32 = outcome(lambda: fn(*a32, **k32))
            if e32["ok"]:
                target = torch.float16 if m.group(1) == "Half" else torch.bfloat16
                out = o32.to(target) if o32.dtype == torch.float32 else o32
                expect = {"ok": True, "result": result_json(out)}
                extra["deviation"] = ("PyTorch 1.13 has no %s kernel for %s; expectation computed in float32 and rounded, "
                                      "as newer PyTorch does" % (m.group(1), op["primary"].rsplit(".", 1)[1]))
                args, kwargs = a32, k32
    if expect["ok"] and out.dtype == torch.bfloat16 and out.numel():
        # PyTorch 1.13's bfloat16 interpolation rounds its scale, weights and partial sums to
        # bfloat16; Whence computes in float and rounds once (as for float16). Where the two
        # differ by more than bfloat16's tolerance, the float32 result is the expectation.
        a32 = [to_float32(a) for a in args]
        k32 = {k: to_float32(v) for k, v in kwargs.items()}
        o32 = fn(*a32, **k32).to(torch.bfloat16)
        if not torch.allclose(out.float(), o32.float(), rtol=1.6e-2, atol=1e-5, equal_nan=True):
            out = o32
            expect = {"ok": True, "result": result_json(out)}
            extra["deviation"] = ("PyTorch 1.13's bfloat16 kernel of %s rounds its weights and partial sums to bfloat16; "
                                  "expectation computed in float32 and rounded once, as newer PyTorch does" % op["primary"].rsplit(".", 1)[1])
            args, kwargs = a32, k32
    if expect["ok"]:
        expect["relations"] = [] if out.numel() == 0 else relations(op, case, args, kwargs, out)
    return expect, extra


def golden_line(op, case):
    expect, extra = expect_of(op, case)
    g = {"name": case["name"], "code": case["code"], "expect": expect}
    request = layout_free_request(case, expect)
    if request:
        g["request"] = request
    g.update(extra)
    return g


# --------------------------------------------------------------------------------------------
# op table


def dtype_behaviour(op):
    import random
    beh, dev = {}, {}
    for dt in DTYPES:
        rng = random.Random(0)
        args = [eval_code(fill(rng, a, dt)) for a in op["simple"][0]]
        kwargs = {k: eval_code(fill(rng, v, dt)) for k, v in op["simple"][1]}
        try:
            out = resolve(op["primary"])(*args, **kwargs)
            beh[dt] = NAME_OF_DTYPE[out.dtype]
        except Exception as e:  # noqa: BLE001
            beh[dt] = "%s: %s" % (type(e).__name__, e)
            if NOT_IMPL.search(str(e)):
                dev[dt] = "computed in float32 and rounded to %s (no %s kernel in PyTorch 1.13)" % (
                    dt, "Half" if dt == "float16" else "BFloat16")
    return beh, dev


def op_table(names_of):
    table = []
    for op in RS.OPS:
        names = names_of[op["primary"]]
        beh, dev = dtype_behaviour(op)
        entry = {"primary": op["primary"], "names": names, "kind": "resample", "params": signature_text(names), "dtype_behaviour": beh}
        ov = overloads(names)
        if ov:
            entry["overloads"] = ov
        if dev:
            entry["deviations"] = dev
        table.append(entry)
    return json.dumps(table, indent=1, ensure_ascii=True) + "\n"


def generate(only=None):
    torch.manual_seed(0)
    names_of = {op["primary"]: RS.qualified_names(op) for op in RS.OPS}
    files, meta = family_goldens("resample", SEED, RS.OPS, names_of, op_cases, golden_line, only, {"deviations": "deviation"})
    files[os.path.join(GOLDEN_DIR, "resample_ops.json")] = op_table(names_of)
    return files, meta


def main():
    return family_main("resample", generate, lambda meta: ", %d deviations" % meta["deviations"])


if __name__ == "__main__":
    sys.exit(main())
