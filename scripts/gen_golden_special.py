#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the special op family (kernels/special/):

    tests/golden/special/<primary name>.jsonl   one file per op (tests/live/special_ops.py)
    tests/golden/special.meta.json               seed, versions, counts per op and outcome
    tests/golden/special_ops.json                the op table: names, kind, signature,
                                                 dtype behaviour probed from PyTorch

The family's ops are elementwise ops (one element of each operand per output element), so the
cases, the oracle and the relations are scripts/gen_golden_elementwise.py's, run over this
family's op list; polygamma, whose integer n comes before the tensor, has its own cases here.
Lines, deviations (float16/bfloat16 where PyTorch 1.13 has no kernel) and the check as there.

    /usr/bin/python3 scripts/gen_golden_special.py [--check]
"""
import collections
import importlib.util
import json
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402

import special_ops as FAMILY  # noqa: E402
from golden_common import DTYPES, NAME_OF_DTYPE, NOT_IMPL, overloads, unique_case_names, write_or_check  # noqa: E402

_spec = importlib.util.spec_from_file_location("gen_golden_elementwise", os.path.join(ROOT, "scripts", "gen_golden_elementwise.py"))
EW = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(EW)
EW.EO = FAMILY  # the elementwise generator's functions over this family's ops

SEED = 20261129
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")
OUT_DIR = os.path.join(GOLDEN_DIR, "special")


class _Ctx:
    const = {}


CTX = _Ctx()


def polygamma_cases(rng, op, names, ctx):
    """polygamma(n, input), special.polygamma(n, input), input.polygamma(n)."""
    p = op["primary"]
    dom = op["operands"][0][1]

    def T(shape=None, dtype="float32", style="literal", special=False, domain=dom):
        shape = rng.choice(EW.SHAPES) if shape is None else shape
        return EW.tensor_code(rng, shape, dtype, EW.gen_vals(rng, dtype, domain, special), style)

    def n():
        return str(rng.randint(0, 4))

    def call(name, form, t, nn, kw=False):
        if form == "method":
            return EW.mk(name, "torch.Tensor.polygamma", [t, nn] if not kw else [t], [("n", nn)] if kw else [], method=True)
        return EW.mk(name, form, [nn, t] if not kw else [], [("n", nn), ("input", t)] if kw else [])
    forms = [q for q in names if q != "torch.Tensor.polygamma"] + ["method"]
    cases = []
    for i, dt in enumerate(DTYPES):
        cases.append(call("dtype_" + dt, forms[i % len(forms)], T(dtype=dt), n()))
    for k in range(5):
        for dt in ("float32", "float64"):
            cases.append(call("n%d_%s" % (k, dt), rng.choice(forms), T([8], dt), str(k)))
    for nn in ("5", "7", "12"):
        cases.append(call("n" + nn, p, T([6], "float64"), nn))
    cases.append(call("poles_float32", p, EW.literal_code([6], "float32", [-2.0, -1.0, 0.0, -0.5, -2.5, 1e-3]), "2"))
    cases.append(call("kw", p, T(), n(), kw=True))
    cases.append(call("kw_method", "method", T(), n(), kw=True))
    cases.append(EW.mk("unbound", "torch.Tensor.polygamma", [T(), n()]))
    for shape in ([], [0], [2, 1, 3]):
        cases.append(call("rank%d_%s" % (len(shape), "x".join(map(str, shape)) or "scalar"), rng.choice(forms),
                          T(shape, rng.choice(["float32", "float64", "int64"])), n()))
    for j in rng.sample(range(len(EW.NONCONTIG)), 2):
        shape, style = EW.NONCONTIG[j]
        cases.append(call("noncontig_" + style, rng.choice(forms), T(shape, "float32", style), n()))
    for dt in ("float32", "float64", "float16", "bfloat16"):
        cases.append(call("special_" + dt, p, T([6], dt, special=True), n()))
    cases += [EW.mk("err_negative_n", p, ["-1", T()]),
              EW.mk("err_negative_n_method", "torch.Tensor.polygamma", [T(), "-2"], method=True),
              EW.mk("err_float_n", p, ["1.5", T()]),
              EW.mk("err_swapped", p, [T(), "1"]),
              EW.mk("err_no_args", p, []),
              EW.mk("err_number_input", p, ["1", "2.0"]),
              EW.mk("err_unknown_kw", p, ["1", T()], [("foo", "1")])]
    return cases


def igamma_int_cases(rng, op):
    """An integer a with a floating x: the one form whose gradient (by x) PyTorch gives."""
    def T(shape, dtype, i):
        return EW._bin_tensor(rng, op, i, shape, dtype)
    return [EW.mk("int_input_%s" % dt, op["primary"], [EW.literal_code([4], "int64", [rng.randint(1, 9) for _ in range(4)]),
                                                       T([4], dt, 1)]) for dt in ("float32", "float64")]


def op_cases(rng, op, names, ctx=CTX):
    if op["kind"] == "polygamma":
        return unique_case_names(polygamma_cases(rng, op, names, ctx))
    cases = EW.op_cases(rng, op, names, ctx)
    if op["primary"] in ("torch.igamma", "torch.igammac"):
        cases += igamma_int_cases(rng, op)
    return cases


# PyTorch 1.13's scalar loop (a tensor under 16 elements, and a vectorized loop's tail) runs
# these ops' Cephes series in float16/bfloat16 arithmetic, every step rounded; its vectorized loop
# computes in float. Whence computes in float and rounds once: where the two differ beyond the
# tolerance, the expectation is the float32 result rounded, marked as a deviation.
STEP_ROUNDED = {"torch.special.i0e", "torch.igamma", "torch.igammac"}
TOLERANCE = {"float16": (1e-3, 1e-5), "bfloat16": (1.6e-2, 1e-5)}


def _close(want, got, dtype):
    rtol, atol = TOLERANCE[dtype]
    w, g = want.double().reshape(-1), got.double().reshape(-1)
    same = (w == g) | (w.isnan() & g.isnan()) | ((w - g).abs() <= atol + rtol * w.abs())
    return bool(same.all())


def golden_line(op, case, ctx=CTX):
    g = EW.golden_line(op, case, ctx)
    e = g["expect"]
    if op["primary"] not in STEP_ROUNDED or not e["ok"] or "deviation" in g:
        return g
    dtype = e["result"]["dtype"]
    if dtype not in TOLERANCE:
        return g
    args, kwargs = EW.case_arguments(op, case)
    fn = EW.resolve(case["op"])
    out = fn(*args, **kwargs)
    ref = fn(*[EW.to_float32(a) for a in args], **{k: EW.to_float32(v) for k, v in kwargs.items()}).to(out.dtype)
    if _close(out, ref, dtype):
        return g
    e["result"] = EW.tensor_json(ref)
    g["deviation"] = ("PyTorch 1.13's scalar loop computes %s in %s arithmetic, each step rounded (its vectorized "
                      "loop in float); expectation computed in float32 and rounded once, as Whence does"
                      % (op["primary"], dtype))
    return g


def dtype_behaviour(op):
    if op["kind"] != "polygamma":
        return EW.dtype_behaviour(op)
    beh, dev = {}, {}
    for dt in DTYPES:
        vals = [True, False, True, True] if dt == "bool" else [1, 2, 3, 4]
        try:
            out = torch.polygamma(2, torch.tensor(vals, dtype=EW.TORCH_DTYPE[dt]))
            beh[dt] = NAME_OF_DTYPE[out.dtype]
        except Exception as e:  # noqa: BLE001
            beh[dt] = "%s: %s" % (type(e).__name__, e)
            if NOT_IMPL.search(str(e)):
                dev[dt] = "computed in float32 and rounded to %s (no %s kernel in PyTorch 1.13)" % (
                    dt, "Half" if dt == "float16" else "BFloat16")
    return beh, dev


def op_table(names_of):
    table = []
    for op in FAMILY.OPS:
        beh, dev = dtype_behaviour(op)
        names = names_of[op["primary"]]
        entry = {"primary": op["primary"], "names": names, "kind": op["kind"],
                 "params": EW.signature_text(op, names), "dtype_behaviour": beh}
        ov = overloads(names)
        if ov:
            entry["overloads"] = ov
        if dev:
            entry["deviations"] = dev
        table.append(entry)
    return json.dumps(table, indent=1, ensure_ascii=True) + "\n"


def generate():
    torch.manual_seed(0)
    names_of = {op["primary"]: FAMILY.qualified_names(op) for op in FAMILY.OPS}
    files, per_op = {}, {}
    outcome = collections.Counter()
    deviations = 0
    for op in FAMILY.OPS:
        rng = random.Random("%d:%s" % (SEED, op["primary"]))
        lines = []
        oc = collections.Counter()
        for case in op_cases(rng, op, names_of[op["primary"]]):
            g = golden_line(op, case)
            lines.append(json.dumps(g, ensure_ascii=True))
            k = "ok" if g["expect"]["ok"] else g["expect"]["error"]["type"]
            oc[k] += 1
            outcome[k] += 1
            deviations += "deviation" in g
        per_op[op["primary"]] = dict(sorted(oc.items()))
        files[os.path.join(OUT_DIR, op["primary"] + ".jsonl")] = "\n".join(lines) + "\n"
    meta = {"generator": "scripts/gen_golden_special.py", "seed": SEED, "torch": torch.__version__,
            "python": sys.version.split()[0], "cases": sum(outcome.values()), "ops": len(FAMILY.OPS),
            "outcomes": dict(sorted(outcome.items())), "deviations": deviations, "per_op": per_op}
    files[os.path.join(GOLDEN_DIR, "special.meta.json")] = json.dumps(meta, indent=1, sort_keys=True) + "\n"
    files[os.path.join(GOLDEN_DIR, "special_ops.json")] = op_table(names_of)
    return files, meta


def main():
    check = "--check" in sys.argv[1:]
    t0 = time.time()
    files, meta = generate()
    rc = write_or_check(files, OUT_DIR, "special", check, t0)
    if check:
        return rc
    print("wrote %d cases for %d ops (%s, %d deviations) in %.1f s"
          % (meta["cases"], meta["ops"], meta["outcomes"], meta["deviations"], time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
