#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the contraction family (matrix and dot products,
einsum, tensordot...):

    tests/golden/contraction/<primary name>.jsonl   one file per op (tests/live/contraction_ops.py)
    tests/golden/contraction.meta.json              seed, versions, counts
    tests/golden/contraction_ops.json               the op table: names, kind, signature, dtypes

Lines have the gather format (tests/golden/README.md, "Contraction family"). Relations come
from autograd on float64 surrogates: every tensor argument (list items too) replaced by a
float64 tensor of its shape with distinct values in (0.2, 0.8), so no product and no sum of
products is zero by accident; an element with a nonzero gradient of an output element is a
`value` source of it. A Python number the op converts to an integer dtype (alpha=0.5 of an
int64 addmm is 0) is converted the same way first, so a term PyTorch drops is no source.

float16 (and bfloat16 trace), which PyTorch 1.13's CPU kernels refuse for lack of a kernel
(`"addmm_impl_cpu_" not implemented for 'Half'`), is computed as newer PyTorch does: the
expectation is the same call with those tensors converted to float32, its result rounded to
the result dtype, with a "deviation" note; the result dtype and any error a later check raises
(a float16 operand with a float32 one) come from the same call with a stand-in dtype that has
kernels (bfloat16 for float16), its name read back as the refused one's. Relations then come
from the float32 call.

Run with Debian's /usr/bin/python3 (python3-torch 1.13); deterministic.

    /usr/bin/python3 scripts/gen_golden_contraction.py [--check] [PRIMARY...]
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

import contraction_ops as CO  # noqa: E402
import gen_golden_movement as GM  # noqa: E402
from golden_common import (DTYPES, TORCH_DTYPE, case_arguments, check_reproduced, eval_code, family_goldens,  # noqa: E402
                           family_main, family_op_table, mk, outcome, request_json, resolve, result_json, tensor_code,
                           unique_case_names)

warnings.simplefilter("ignore")  # chain_matmul's and cross's deprecation warnings

FAMILY = CO  # the op list tests/live/check_live_family.py samples from
SEED = 20261201
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")

NOT_IMPL = re.compile(r"not implemented for '(Half|BFloat16)'$")
REFUSED = {"Half": torch.float16, "BFloat16": torch.bfloat16}
SCALAR_NAME = {torch.float16: "Half", torch.bfloat16: "BFloat16", torch.float32: "Float"}
TOLERANCE = {torch.float16: (1e-3, 1e-5), torch.bfloat16: (1.6e-2, 1e-5), torch.float32: (1.3e-6, 1e-5)}
TEMPLATE = re.compile(r"T\[([\d,]*)\](?::(\w+))?(?:\.(t|transpose|permute|expand|reshape)\b)?")


def fill(rng, text, dtypes):
    """An argument template with each T[...] replaced by the code of a random tensor; a T
    without a dtype suffix takes the next of `dtypes` (the last one repeats)."""
    count = [0]

    def tensor(m):
        shape = [int(x) for x in m.group(1).split(",") if x]
        dt = m.group(2)
        if not dt:
            dt = dtypes[min(count[0], len(dtypes) - 1)]
            count[0] += 1
        return tensor_code(rng, shape, dt, GM.gen_vals(rng, dt), m.group(3) or "literal")
    return TEMPLATE.sub(tensor, text)


def op_cases(rng, op, names):
    p = op["primary"]
    meth = next((q for q in names if q.startswith("torch.Tensor.") and "__" not in q), None)

    def call(name, args, kwargs=(), qual=None, dtypes=None, method=None):
        dts = dtypes or [rng.choice(["float32", "int64", "float64", "int32"])]
        q = qual or p
        state = [0]

        def f(text):  # one dtype sequence across the whole call
            sub = dts[state[0]:] or dts[-1:]
            before = len(TEMPLATE.findall(text))
            out = fill(rng, text, sub)
            state[0] += sum(1 for m in TEMPLATE.finditer(text) if not m.group(2))
            return out if before else text
        a = [f(x) for x in args]
        k = [(kk, f(v)) for kk, v in kwargs]
        c = mk(name, q, a, k, method=q.startswith("torch.Tensor.") and "__" not in q if method is None else method)
        if op["code"]:
            c["code"] = op["code"](a)
        elif "__" in q:  # a reflected dunder called as a function (no operator text reaches it)
            c["code"] = "%s(%s)" % (q, ", ".join(a + ["%s=%s" % kv for kv in k]))
        return c
    cases = [call("dtype_" + dt, op["simple"], dtypes=[dt]) for dt in DTYPES]
    if op["pairs"]:
        for d1 in DTYPES:
            for d2 in DTYPES:
                if d1 != d2:
                    cases.append(call("dtypes_%s_%s" % (d1, d2), op["simple"], dtypes=[d1, d2]))
    cases += [call("name_" + q, op["simple"], qual=q) for q in names[1:]]
    if meth:
        cases.append(call("unbound_method", op["simple"], qual=meth, method=False))
    for name, args, kwargs in op["cases"] + op["errors"]:
        cases.append(call(name, args, kwargs))
    for i in range(CO.RANDOM_CASES_OF.get(p, CO.RANDOM_CASES)):
        args, kwargs = op["random"](rng)
        cases.append(call("random_%d" % (i + 1), args, kwargs))
    if "__" not in p:
        cases.append(mk("no_args", p, []))
        cases.append(call("err_string_input", ["'a'"] + op["simple"][1:]))
    for i in range(CO.HALF_RANDOM_CASES_OF.get(p, CO.HALF_RANDOM_CASES)):
        args, kwargs = op["random"](rng)
        cases.append(call("random_half_%d" % (i + 1), args, kwargs, dtypes=["float16"]))
    return unique_case_names(cases)


def _surrogate(shape, salt):
    n = 1
    for s in shape:
        n *= s
    vals = [0.2 + 0.6 * (((j + 1) * 0.6180339887 + salt * 0.3183) % 1.0) for j in range(n)]
    return torch.tensor(vals, dtype=torch.float64).reshape(shape)


def _scattered(shape, salt):
    """A surrogate whose rows are not linear in one another: _surrogate's rows are the same
    sequence shifted, which corrcoef finds perfectly correlated (clipped at 1: no gradient)."""
    rng = __import__("random").Random(salt)
    return torch.tensor([rng.uniform(0.2, 0.8) for _ in range(max(1, int(torch.tensor(shape).prod())))],
                        dtype=torch.float64)[:int(torch.tensor(shape).prod())].reshape(shape)


COV_OPS = ("torch.cov", "torch.Tensor.cov", "torch.corrcoef", "torch.Tensor.corrcoef")


def grad_relations(case, args, kwargs, out):
    """Autograd on float64 surrogates of every tensor argument (list items as [i, j])."""
    fn = resolve(case["op"])
    integral = not out.is_floating_point()
    leaves = []  # (path, leaf)

    def swap(v, path):
        if integral and isinstance(v, float):  # alpha=0.5 of an integer op is 0, as PyTorch converts it
            return int(v) if out.dtype != torch.bool else bool(v)
        if path in (["dims"], [2]) and case["op"] == "torch.tensordot":  # an argument, not an operand
            return v
        if path == ["fweights"] and case["op"] in ("torch.cov", "torch.Tensor.cov"):  # integers: perturbed below
            return v
        if path in (["p"], [2]) and case["op"] == "torch.cdist" and isinstance(v, (int, float)) and v in (0, float("inf")):
            # the 0 and infinity norms read both rows whole, as vector_norm's do (tests/golden/README.md);
            # their gradients do not show it (0 everywhere, or the largest difference only)
            return 1.0
        if path in (["alpha"], ["beta"], ["dx"]):  # a Number, even as a 0-d tensor: never a source
            return int(v) if isinstance(v, bool) else v  # (the surrogates are float64: addr refuses bool scalars there)
        if isinstance(v, torch.Tensor):
            leaf = (_scattered if case["op"] in COV_OPS else _surrogate)(list(v.shape), len(leaves)).requires_grad_(True)
            leaves.append((path, leaf))
            return leaf
        if isinstance(v, (list, tuple)) and any(isinstance(x, torch.Tensor) for x in v):
            return type(v)(swap(x, path + [j]) for j, x in enumerate(v))
        return v
    a2 = [swap(a, [i]) for i, a in enumerate(args)]
    k2 = {k: swap(v, [k]) for k, v in kwargs.items()}
    if case["op"] in ("torch.cov", "torch.Tensor.cov"):
        # a divisor PyTorch zeroes (correction past the observations) makes its backward spread
        # nan over every row, and 2 observations make aweights cancel out: correction=-1 reads
        # the same elements without either
        k2["correction"] = -1
    o = fn(*a2, **k2)
    flat = o.reshape(-1)
    per = [[] for _ in range(flat.numel())]
    try:
        if case["op"] in ("torch.trace", "torch.Tensor.trace"):
            # 1.13's trace backward fills every (cols + 1)-th element up to numel, which for a
            # tall matrix includes elements below the diagonal the forward never reads
            raise RuntimeError("perturb")
        for k in range(flat.numel()):
            if flat.requires_grad:
                gs = torch.autograd.grad(flat[k], [leaf for _, leaf in leaves], retain_graph=True, allow_unused=True)
                for (path, _), g in zip(leaves, gs):
                    if g is not None:
                        if case["op"] in COV_OPS:  # rounding noise of a derivative that is 0 (corrcoef's diagonal)
                            g = g.abs() > 1e-9
                        per[k] += [[path, f, "value"] for f in g.reshape(-1).nonzero().flatten().tolist()]
    except RuntimeError:
        # PyTorch 1.13's backward of kron with a 0-d operand fails (it calls outer), and trace's
        # is wrong for tall matrices: perturb each surrogate element instead (times 1.5 plus
        # 0.25), a source of every output element that changes
        per = [[] for _ in range(flat.numel())]
        with torch.no_grad():
            for path, leaf in leaves:
                for j in range(leaf.numel()):
                    saved = leaf.reshape(-1)[j].item()
                    leaf.view(-1)[j] = saved * 1.5 + 0.25
                    new = fn(*a2, **k2).reshape(-1)
                    leaf.view(-1)[j] = saved
                    for k in (new != flat).nonzero().flatten().tolist():
                        per[k].append([path, j, "value"])
    fw = k2.get("fweights")
    if isinstance(fw, torch.Tensor) and case["op"] in ("torch.cov", "torch.Tensor.cov"):
        # cov's fweights are integers, which autograd skips: each raised by one, then by two (a
        # single step can land on the same value: [2, 2] and [3, 2] give the same variance at
        # correction=-1), a source of every output element that changes
        with torch.no_grad():
            for j in range(fw.numel()):
                changed = torch.zeros(flat.shape, dtype=torch.bool)
                for step in (1, 2):
                    more = fw.clone()
                    more.view(-1)[j] += step
                    new = fn(*a2, **dict(k2, fweights=more)).reshape(-1)
                    # beyond rounding noise: one observation's deviations are 0 whatever the
                    # weights, but its mean moves by an ulp when they change
                    changed |= ~torch.isclose(new, flat, rtol=0, atol=1e-9, equal_nan=True)
                for k in changed.nonzero().flatten().tolist():
                    per[k].append([["fweights"], j, "value"])
    rel = []
    for k, src in enumerate(per):
        src.sort(key=lambda s: (tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in s[0]), s[1]))
        rel.append({"out": [0, k], "src": src})
    return rel


def golden_line(op, case):
    args, kwargs = case_arguments(op, case)
    fn = resolve(case["op"])
    out, expect = outcome(lambda: repeatable(lambda: fn(*args, **kwargs)))
    _, by_code = outcome(lambda: repeatable(lambda: eval_code(case["code"])))
    if op["code"] and expect != by_code:
        # the dunder called directly returns NotImplemented where the operator raises
        # Python's TypeError: the operator text decides
        expect, out = by_code, None
    check_reproduced(case, expect, by_code)
    line = {"name": case["name"], "code": case["code"], "request": request_json(case), "expect": expect}
    # A request's tensors are plain row-major data: where the layout decides whether PyTorch
    # refuses (linear's 3-D fast path takes only a contiguous input), only the code says it.
    values = list(args) + list(kwargs.values())
    if any(isinstance(v, torch.Tensor) and not v.is_contiguous() for v in values):
        contig = lambda v: v.contiguous() if isinstance(v, torch.Tensor) else v  # noqa: E731
        _, on_copies = outcome(lambda: fn(*[contig(a) for a in args], **{k: contig(v) for k, v in kwargs.items()}))
        if on_copies["ok"] != expect["ok"]:
            del line["request"]
    m = None if expect["ok"] else NOT_IMPL.search(expect["error"]["message"])
    fallback = m and no_kernel(op, fn, args, kwargs, REFUSED[m.group(1)])
    if fallback:
        out, expect, args, kwargs, line["deviation"] = fallback
        line["expect"] = expect
        if expect["ok"]:
            expect["relations"] = [] if out.numel() == 0 else grad_relations(case, args, kwargs, out)
    elif expect["ok"]:
        relations = [] if out.numel() == 0 else grad_relations(case, args, kwargs, out)
        exact = float32_exact(fn, args, kwargs, out)
        if exact is not None:  # Whence sums in double and rounds once: the float64 answer, rounded
            _, expect = outcome(lambda: exact)
            line["expect"] = expect
            line["deviation"] = ("PyTorch 1.13's float32 accumulation loses digits to cancellation here; expectation: "
                                 "the float64 answer rounded to float32, as Whence computes it")
        expect["relations"] = relations
    return line


def _map(v, f):
    """Arguments with f applied to every tensor (list items too)."""
    if isinstance(v, torch.Tensor):
        return f(v)
    if isinstance(v, (list, tuple)):
        return type(v)(_map(x, f) for x in v)
    return v


def _dtypes(v):
    if isinstance(v, torch.Tensor):
        return {v.dtype}
    if isinstance(v, (list, tuple)):
        return set().union(*[_dtypes(x) for x in v]) if v else set()
    return set()


def _close(a, b):
    rtol, atol = TOLERANCE.get(a.dtype, (1e-7, 1e-7))
    return torch.allclose(a.double(), b.double(), rtol=rtol, atol=atol, equal_nan=True)


def repeatable(call, runs=3):
    """call()'s tensor, with the NaNs that only some runs produce replaced by the value the
    other runs agree on. PyTorch 1.13's baddbmm with beta=0 sometimes reads its uninitialised
    output buffer (0 * NaN garbage), so that one run in a few has a NaN no input explains."""
    merged = call()
    if not isinstance(merged, torch.Tensor) or not merged.is_floating_point() or not merged.isnan().any():
        return merged
    for _ in range(runs - 1):
        other = call()
        merged = torch.where(merged.isnan() & ~other.isnan(), other, merged)
    return merged


def no_kernel(op, fn, args, kwargs, dt):
    """PyTorch 1.13 refuses dtype dt for lack of a CPU kernel: what newer PyTorch does, as
    (out, expect, args, kwargs, deviation) with the arguments the relations come from; None
    when no stand-in dtype can tell. The result dtype, or the error a later check raises (a
    float16 operand with a float32 one), comes from the call with dt's tensors in a stand-in
    dtype that has kernels and is absent from the call (bfloat16 for float16, else float32),
    its scalar type name read back as dt's; the values from the call with dt's tensors in
    float32, rounded to the result dtype (where float32's accumulation cancels past the
    tolerance, the float64 call's, as Whence sums in double)."""
    present = _dtypes(list(args) + list(kwargs.values()))
    name = op["primary"].rsplit(".", 1)[1]
    swap = lambda new: lambda t: t.to(new) if t.dtype == dt else t  # noqa: E731
    for stand_in in (torch.bfloat16, torch.float16, torch.float32):
        if stand_in == dt or stand_in in present:
            continue
        o_s, e_s = outcome(lambda: fn(*_map(list(args), swap(stand_in)), **{k: _map(v, swap(stand_in)) for k, v in kwargs.items()}))
        if e_s["ok"] or not NOT_IMPL.search(e_s["error"]["message"]):
            break
    else:
        return None
    refused = "PyTorch 1.13 has no %s kernel for %s" % (SCALAR_NAME[dt], name)
    if not e_s["ok"]:
        e_s["error"]["message"] = re.sub(r"\b%s\b" % SCALAR_NAME[stand_in], SCALAR_NAME[dt], e_s["error"]["message"])
        return None, e_s, args, kwargs, refused + "; expectation: the error its next check raises (seen with %s for %s)" % (
            str(stand_in)[6:], str(dt)[6:])
    rdt = dt if o_s.dtype == stand_in else o_s.dtype
    a32, k32 = _map(list(args), swap(torch.float32)), {k: _map(v, swap(torch.float32)) for k, v in kwargs.items()}
    o32 = repeatable(lambda: fn(*a32, **k32))  # (raises if float32 refuses what the stand-in computes)
    out = o32.to(rdt)
    deviation = refused + "; expectation computed in float32 and rounded, as newer PyTorch does"
    wide = lambda t: t.double() if t.dtype in (dt, torch.float32) else t  # noqa: E731
    try:
        exact = repeatable(lambda: fn(*_map(list(args), wide), **{k: _map(v, wide) for k, v in kwargs.items()})).to(rdt)
    except Exception:  # (noqa) a call float64 refuses differently: keep the float32 answer
        exact = out
    if out.is_floating_point() and not _close(out, exact):
        out = exact
        deviation = refused + ("; expectation computed in float64 and rounded, as Whence sums (float32's accumulation "
                               "cancels here)")
    return out, {"ok": True, "result": result_json(out)}, a32, k32, deviation


def float32_exact(fn, args, kwargs, out):
    """For a float32 result further from the exact answer than float32's tolerance (a sum of
    products that cancels), the float64 answer rounded to float32; else None."""
    if not isinstance(out, torch.Tensor) or out.dtype != torch.float32 or out.numel() == 0:
        return None
    def wide(v):
        if isinstance(v, torch.Tensor):
            return v.double() if v.dtype == torch.float32 else v
        if isinstance(v, (list, tuple)):
            return type(v)(wide(x) for x in v)
        return v
    try:
        exact = fn(*wide(list(args)), **{k: wide(v) for k, v in kwargs.items()})
    except Exception:  # (noqa) a call float64 refuses differently: keep PyTorch's float32 answer
        return None
    if not isinstance(exact, torch.Tensor) or exact.shape != out.shape:
        return None
    exact = exact.float()
    return None if torch.allclose(out, exact, rtol=1.3e-6, atol=1e-5, equal_nan=True) else exact


def dtype_behaviour(op, names):
    """What the op's teaching call does in each dtype: the result dtype or "<Type>: <message>"."""
    rng = __import__("random").Random(0)
    out = {}
    for dt in DTYPES:
        args = [eval_code(fill(rng, a, [dt])) for a in op["simple"]]
        fn = resolve(op["primary"])
        _, e = outcome(lambda: fn(*args))
        out[dt] = e["result"]["dtype"] if e["ok"] else "%s: %s" % (e["error"]["type"], e["error"]["message"])
    return out


def generate(only=None):
    names_of = {op["primary"]: CO.qualified_names(op) for op in CO.OPS}
    files, meta = family_goldens("contraction", SEED, CO.OPS, names_of, op_cases, golden_line, only, {"deviations": "deviation"})
    table = json.loads(family_op_table(CO.OPS, names_of, "contraction"))
    for entry, op in zip(table, CO.OPS):
        entry["dtype_behaviour"] = dtype_behaviour(op, names_of[op["primary"]])
        dev = {dt: "computed in float32 and rounded to %s (no %s kernel in PyTorch 1.13)" % (dt, m.group(1))
               for dt, m in ((dt, NOT_IMPL.search(b)) for dt, b in entry["dtype_behaviour"].items()) if m}
        if dev:
            entry["deviations"] = dev
    files[os.path.join(GOLDEN_DIR, "contraction_ops.json")] = json.dumps(table, indent=1) + "\n"
    return files, meta


def main():
    return family_main("contraction", generate, lambda meta: ", %d deviations" % meta["deviations"])


if __name__ == "__main__":
    sys.exit(main())
