#!/usr/bin/python3
"""Gradient goldens: PyTorch 1.13's backward for a sample of every family's golden cases.

    LD_PRELOAD=/tmp/nb.so /usr/bin/python3 scripts/gen_golden_grad.py          # write
    LD_PRELOAD=/tmp/nb.so /usr/bin/python3 scripts/gen_golden_grad.py --check  # exit 1 if stale

(/tmp/nb.so: cc -shared -fPIC -O2 -o /tmp/nb.so tests/live/no_backtrace.c; optional, faster.)

Reads tests/golden/gather.jsonl and tests/golden/<family>/*.jsonl. A case is a candidate when
PyTorch answered it (expect ok), its result holds a floating tensor and its request a floating
tensor argument (a list's item counts). Up to PER_OP candidates per op are kept, chosen
deterministically for variety (each float dtype, 0-d, size 0, broadcasting, list arguments,
keywords, non-finite values, ties, a non-contiguous argument in the call text), smaller cases
first. Each is run from its request (fresh contiguous tensors; a random op from PyTorch's
default seed, as Whence does) with requires_grad on every floating tensor argument but out=;
its result must reproduce the golden's. A seeded random upstream gradient per floating result
(round(uniform(-2, 2), 2), exact in every float dtype's range) goes to torch.autograd.backward.

A line of tests/golden/grad/<family>.jsonl:
  {"name": "<op file>/<case name>", "op": PRIMARY, "code", "request",
   "grad": [upstream tensor or null, one per result],
   "expect": {"grad_fn": "AddBackward0" or null,
              "grads": [{"arg": PATH, "grad": tensor or null, "refused": MESSAGE?, "exact": tensor?}, ...]}
          or {"error": {"type", "message"}}}
PATH as Whence writes it ([i], [i, j], ["name"], ["name", j]). "grad": null where PyTorch left
the argument's .grad None. "refused": PyTorch refuses that argument ("the derivative for 'X' is
not implemented.", REFUSED_ARG); it is then run without requires_grad. "exact": where the case
is not all float64 and PyTorch's .grad is further than the tests' tolerance from the same
gradient computed in float64 and rounded once (exact_grads). "error": the call with
requires_grad, or its backward, raised (an in-place op on a leaf, a result that does not require
grad, an op PyTorch does not differentiate). grad_fn: type(result.grad_fn).__name__ of the first
floating result, null where it has none (the op returned its input).

scripts/gen_golden.py runs this generator with the family generators.
"""
import collections
import glob
import json
import os
import random
import re
import sys
import time
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402

import golden_common  # noqa: E402
from golden_common import FLOATS, TORCH_DTYPE, resolve, tensor_json  # noqa: E402

SEED = 20261128
PER_OP = 12
DEFAULT_SEED = 67280421310721  # PyTorch's default generator seed: each request starts from it
GOLDEN = os.path.join(ROOT, "tests", "golden")
OUT_DIR = os.path.join(GOLDEN, "grad")
NONCONTIG = (".permute(", ".transpose(", ".t()", ".expand(", ".mT", ".T", "::")


# --------------------------------------------------------------------------------------------
# request JSON -> torch values


def value_of(j):
    if isinstance(j, list):
        return [value_of(x) for x in j]
    if isinstance(j, dict):
        if "data" in j and "dtype" in j:
            data = [float(x) if isinstance(x, str) else x for x in j["data"]]
            return torch.tensor(data, dtype=TORCH_DTYPE[j["dtype"]]).reshape(j["shape"])
        if "dtype" in j:
            return TORCH_DTYPE[j["dtype"]]
        if "tuple" in j:
            return tuple(value_of(x) for x in j["tuple"])
        if "float" in j:
            return float(j["float"])
        if "slice" in j:
            return slice(*j["slice"])
        if "ellipsis" in j:
            return Ellipsis
        if "generator" in j:
            return torch.Generator().manual_seed(j["generator"]["seed"])
        raise ValueError("unknown request value %r" % j)
    return j


def is_float_tensor(v):
    return isinstance(v, torch.Tensor) and v.is_floating_point()


def float_json(j):
    """Whether a request/result JSON value holds a floating tensor."""
    if isinstance(j, list):
        return any(float_json(x) for x in j)
    if isinstance(j, dict):
        if "data" in j:
            return j.get("dtype") in FLOATS
        if "tuple" in j:
            return any(float_json(x) for x in j["tuple"])
    return False


def leaves(args, kwargs):
    """(path, container, key) of every floating tensor argument that gets requires_grad."""
    out = []

    def visit(path, holder, key):
        v = holder[key]
        if is_float_tensor(v):
            out.append((path, holder, key))
        elif isinstance(v, (list, tuple)):
            items = list(v)
            holder[key] = items
            for j in range(len(items)):
                if is_float_tensor(items[j]):
                    out.append((path + [j], items, j))
    for i in range(len(args)):
        visit([i], args, i)
    for k in list(kwargs):
        if k != "out":
            visit([k], kwargs, k)
    return out


def restore_tuples(request, args, kwargs):
    """leaves() turned tuples into lists to set items; give back tuples where the request had them."""
    for i, j in enumerate(request["args"]):
        if isinstance(j, dict) and "tuple" in j:
            args[i] = tuple(args[i])
    for k, j in request["kwargs"].items():
        if isinstance(j, dict) and "tuple" in j:
            kwargs[k] = tuple(kwargs[k])


def results_of(v):
    return list(v) if isinstance(v, (tuple, list)) else [v]


def close_json(a, b):
    """Results equal within a loose tolerance (the golden may come from another CPU)."""
    if isinstance(a, dict) and isinstance(b, dict):
        if "data" not in a or "data" not in b:
            return a == b
        if a["dtype"] != b["dtype"] or a["shape"] != b["shape"] or len(a["data"]) != len(b["data"]):
            return False
        for x, y in zip(a["data"], b["data"]):
            if isinstance(x, str) or isinstance(y, str) or isinstance(x, bool):
                if x != y:
                    return False
            elif abs(x - y) > 1e-3 + 2e-2 * abs(x):
                return False
        return True
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close_json(x, y) for x, y in zip(a, b))
    return a == b


def result_json(v):
    if isinstance(v, (tuple, list)):
        return [result_json(x) for x in v]
    if isinstance(v, torch.Tensor):
        return tensor_json(v)
    return v


# --------------------------------------------------------------------------------------------
# one case through PyTorch's autograd


def call(request, grad_on, refused, to64=False):
    """Runs the request with requires_grad on its floating arguments (but those `refused`):
    (result, leaves with grad). to64: every floating argument as float64 first."""
    args = [value_of(j) for j in request["args"]]
    kwargs = {k: value_of(j) for k, j in request["kwargs"].items()}
    chosen = []
    if grad_on:
        for path, holder, key in leaves(args, kwargs):
            if to64:
                holder[key] = holder[key].to(torch.float64)
            if path in refused:
                continue
            holder[key] = holder[key].detach().requires_grad_(True)
            chosen.append((path, holder[key]))
        restore_tuples(request, args, kwargs)
    torch.manual_seed(DEFAULT_SEED)
    fn = resolve(request["op"])
    if not callable(fn):  # a property: x.T, x.mH
        return getattr(args[0], request["op"].rsplit(".", 1)[1]), chosen
    return fn(*args, **kwargs), chosen


def upstream_of(rng, result):
    ups = []
    for r in results_of(result):
        if is_float_tensor(r):
            vals = [round(rng.uniform(-2, 2), 2) for _ in range(r.numel())]
            ups.append(torch.tensor(vals, dtype=r.dtype).reshape(r.shape))
        else:
            ups.append(None)
    return ups


def backward(request, ups, refused, to64=False):
    out, chosen = call(request, True, refused, to64)
    outs, grads = [], []
    for r, u in zip(results_of(out), ups):
        if u is not None and r.requires_grad:
            outs.append(r)
            grads.append(u)
    first = next((r for r, u in zip(results_of(out), ups) if u is not None), None)
    grad_fn = type(first.grad_fn).__name__ if first is not None and first.grad_fn is not None else None
    if not outs:  # PyTorch's own words for a result without a graph
        torch.autograd.backward([first], [ups[results_of(out).index(first)]])
    torch.autograd.backward(outs, grads)
    return grad_fn, chosen


# PyTorch's refusal of one argument's derivative: "the derivative for 'weight' is not
# implemented.", "The function 'native_batch_norm' is not differentiable with respect to
# argument 'running_mean'. ...", or of a tensor that requires grad where it takes a number:
# "pad(): argument 'value' must be float, not Tensor".
REFUSED_ARG = re.compile(r"(?:the derivative for '(\w+)' is not implemented\.$|"
                         r"The function '\w+' is not differentiable with respect to argument '(\w+)'|"
                         r"\w+\(\): argument '(\w+)'(?: \(position \d+\))? must be \w+, not Tensor$)")


def refused_name(message):
    m = REFUSED_ARG.match(message)
    return m and (m.group(1) or m.group(2) or m.group(3))


def refused_arg(request, message, refused):
    """The argument a refusal (REFUSED_ARG) names: its keyword, else the floating argument whose
    removal (with those already `refused`) lets backward run."""
    name = refused_name(message)
    if name in request["kwargs"]:
        return [name]
    args = [value_of(j) for j in request["args"]]
    kwargs = {k: value_of(j) for k, j in request["kwargs"].items()}
    ups = upstream_of(random.Random(0), call(request, False, [])[0])
    for path, _, _ in reversed(leaves(args, kwargs)):
        if path in refused:
            continue
        try:
            backward(request, ups, refused + [path])
            return path
        except (RuntimeError, TypeError) as e:
            if refused_name(str(e)) not in (None, name):  # the next argument's refusal: this one is gone
                return path
    return None


def loosest(dtypes):
    order = ["float64", "float32", "float16", "bfloat16"]
    return max(dtypes, key=order.index)


def grad_close(want, got, dtype):
    """tests/unit/autograd/grad_golden.hpp's grad_element_equal over a tensor's data."""
    scale = max([abs(x) for x in want if not isinstance(x, str)] + [0.0])
    rtol, atol = {"float64": (1e-7, 1e-10 + 1e-12 * scale), "float32": (1e-4, 1e-5 + 1e-6 * scale),
                  "float16": (5e-3, 1e-5 + 1e-3 * scale), "bfloat16": (3e-2, 1e-5 + 1e-2 * scale)}[dtype]
    for a, b in zip(want, got):
        if isinstance(a, str) or isinstance(b, str):
            if a != b:
                return False
        elif abs(a - b) > atol + rtol * abs(a):
            return False
    return True


def exact_grads(request, ups, refused, chosen):
    """{path: gradient} computed in float64 from the same float64 values and rounded once to the
    argument's dtype, for each argument whose PyTorch gradient is further from it than the tests'
    tolerance: PyTorch's backward in a 16-bit or float32 dtype rounds at each step of its formula
    (sinc's in bfloat16 cancels), Whence rounds once, and either answer is accepted there."""
    dtypes = {u.dtype for u in ups if u is not None} | {t.dtype for _, t in chosen}
    if dtypes <= {torch.float64}:
        return {}
    ups64 = [u.to(torch.float64) if u is not None else None for u in ups]
    try:
        _, chosen64 = backward(request, ups64, refused, to64=True)
    except Exception:  # noqa: BLE001 - no float64 reference (the op takes one dtype only)
        return {}
    out = {}
    result_dtypes = [tensor_json(u)["dtype"] for u in ups if u is not None]
    for (path, t), (_, t64) in zip(chosen, chosen64):
        if t.grad is None or t64.grad is None or t64.grad.shape != t.grad.shape:
            continue
        mine = grad_json(t.grad)
        ref = grad_json(t64.grad.to(t.dtype))
        if not grad_close(mine["data"], ref["data"], loosest(result_dtypes + [mine["dtype"]])):
            out[json.dumps(path)] = ref
    return out


TRACE_DEVIATION = ("PyTorch 1.13's trace_backward fills every (columns + 1)-th element of the flat gradient, so a "
                   "matrix with more rows than columns gets gradient off its diagonal (trace(zeros(4, 2)) at [3][0]); "
                   "Whence gives the diagonal its gradient, as trace's definition and later PyTorch do")


def trace_deviation(request, ups, chosen, grads):
    """torch.trace of a tall matrix: the true gradient beside PyTorch's (a bug of 1.13), as "exact"
    with a "deviation" note."""
    if request["op"] not in ("torch.trace", "torch.Tensor.trace") or not chosen:
        return
    path, t = chosen[0]
    if t.grad is None or t.dim() != 2 or t.shape[0] <= t.shape[1]:
        return
    right = torch.zeros(t.shape, dtype=t.dtype)
    right.diagonal().fill_(float(ups[0]))
    offer_exact(grads, path, grad_json(right), TRACE_DEVIATION)  # the first deviation asked


SCALAR_LOOP_DEVIATION = ("PyTorch's vectorized backward loop and its per-element loop disagree at this input's "
                         "non-finite or boundary values, and which one an element gets depends on its place in "
                         "the tensor and the CPU's vector width; Whence follows the per-element loop, given here")


# Cases where PyTorch's gradient has NaN at elements the forward never read (so Whence's
# relations have no source there and it gives 0): the case name and why. The alternative kept
# as "exact" is PyTorch's gradient with those NaNs as 0.
UNREAD_NAN_DEVIATIONS = {
    "torch.addmm/alpha_zero_nan": "with alpha=0 the forward reads no element of mat1 and mat2, but PyTorch's "
                                  "backward multiplies their gradient by 0, so a NaN in the other factor gives NaN",
    "torch.nn.functional.lp_pool2d/random_4": "elements outside every window are read by no output, but PyTorch's "
                                              "backward computes NaN there for a NaN or infinite input",
}


def offer_exact(grads, path, exact, reason):
    """Keeps `exact` (JSON) beside PyTorch's gradient of argument `path` as the answer the tests
    also accept, with the reason; the first deviation that applies wins."""
    for g in grads:
        if g["arg"] == path and "exact" not in g:
            g["exact"] = exact
            g["deviation"] = reason


def unread_nan_deviation(name, request, ups, chosen, grads):
    """The elements read are those with a gradient when every floating argument is ones; the
    NaN of the others becomes 0."""
    if name not in UNREAD_NAN_DEVIATIONS:
        return
    ones = json.loads(json.dumps(request))
    for j in ones["args"] + list(ones["kwargs"].values()):
        if isinstance(j, dict) and j.get("dtype") in ("float16", "bfloat16", "float32", "float64") and "shape" in j:
            j["data"] = [1.0] * len(j["data"])
    _, at_ones = backward(ones, ups, [])
    read = {json.dumps(p): t.grad != 0 for p, t in at_ones if t.grad is not None}
    for path, t in chosen:
        if t.grad is None or not bool(torch.isnan(t.grad).any()) or json.dumps(path) not in read:
            continue
        exact = torch.where(read[json.dumps(path)], t.grad, torch.nan_to_num(t.grad, nan=0.0))
        offer_exact(grads, path, grad_json(exact), UNREAD_NAN_DEVIATIONS[name])


COMPARE_NAN_DEVIATION = ("amax and amin name the elements equal to a slice's result as its value sources and the "
                         "rest as compare sources, which carry no gradient; PyTorch 1.13's backward divides the "
                         "gradient by the count of elements equal to the result, none when the result is NaN, so "
                         "every element of such a slice gets NaN. Whence gives NaN to the slice's NaN elements (its "
                         "value sources) and 0 to the others, given here")
COMPARE_NAN_OPS = ("torch.amax", "torch.amin", "torch.Tensor.amax", "torch.Tensor.amin")


# Ops whose relation keeps only what the result depends on where PyTorch's backward also sends
# gradient elsewhere: a write overwritten by a later one with the same index (PyTorch gives every
# write the gradient at its place; its documentation calls the result undefined), a row
# embedding's max_norm=0 zeroes (no element of it is read), the members of a NaN scatter_reduce
# or index_reduce amax/amin (compare sources). The alternative kept is PyTorch's gradient at the elements the
# forward golden's relations name as value sources, 0 elsewhere.
SOURCE_MASK_DEVIATION = ("PyTorch's backward also sends gradient to elements the result does not depend on "
                         "(overwritten writes, rows zeroed by max_norm=0, the members of a NaN amax/amin); Whence "
                         "gives it to the value sources of the forward's relations only")
SOURCE_MASK_OPS = {"torch.scatter", "torch.Tensor.scatter", "torch.index_put", "torch.Tensor.index_put",
                   "torch.index_copy", "torch.Tensor.index_copy", "torch.put", "torch.Tensor.put",
                   "torch.nn.functional.embedding", "torch.scatter_reduce", "torch.Tensor.scatter_reduce",
                   "torch.index_reduce", "torch.Tensor.index_reduce"}


# cov and corrcoef elements that are the same whatever the values (one observation's 0 or nan,
# corrcoef's diagonal and its ±1 of two observations) have no sources; PyTorch's backward
# still computes 0 times an infinity there when the divisor is 0.
CONSTANT_DEVIATION = ("the cov or corrcoef element is the same whatever the values (one observation, corrcoef's "
                      "diagonal, two observations), so Whence names no sources; PyTorch 1.13's backward gives NaN "
                      "there (0 times the infinity of dividing by a zero spread)")
CONSTANT_OPS = {"torch.cov", "torch.Tensor.cov", "torch.corrcoef", "torch.Tensor.corrcoef"}


COPY_WRITE_OPS = {"torch.scatter", "torch.Tensor.scatter", "torch.index_put", "torch.Tensor.index_put",
                  "torch.index_copy", "torch.Tensor.index_copy", "torch.put", "torch.Tensor.put"}


def source_mask_deviation(request, relations, ups, chosen, grads):
    """For the copying writes, the alternative is the sum of the upstream gradient over the
    output elements each element is a value source of (a broadcast value written to a row twice,
    once overwritten, counts once); for the others PyTorch's gradient at value sources only."""
    if request["op"] not in SOURCE_MASK_OPS | CONSTANT_OPS or relations is None:
        return
    reason = CONSTANT_DEVIATION if request["op"] in CONSTANT_OPS else SOURCE_MASK_DEVIATION
    kwargs = request["kwargs"]
    copying = request["op"] in COPY_WRITE_OPS and not kwargs.get("accumulate") and kwargs.get("reduce") is None
    sources = collections.defaultdict(set)
    summed = collections.defaultdict(lambda: collections.defaultdict(float))
    for rel in relations:
        pos, out = rel["out"]
        for path, flat, role in rel["src"]:
            if role == "value":
                sources[json.dumps(path)].add(flat)
                if ups[pos] is not None:
                    summed[json.dumps(path)][flat] += float(ups[pos].reshape(-1)[out])
    for path, t in chosen:
        if t.grad is None:
            continue
        if copying:
            flat_exact = torch.zeros(t.grad.numel(), dtype=torch.float64)
            for flat, v in summed.get(json.dumps(path), {}).items():
                flat_exact[flat] = v
            exact = flat_exact.reshape(t.grad.shape).to(t.grad.dtype)
        else:
            mask = torch.zeros(t.grad.numel(), dtype=torch.bool)
            for flat in sources.get(json.dumps(path), ()):
                mask[flat] = True
            exact = torch.where(mask.reshape(t.grad.shape), t.grad, torch.zeros_like(t.grad))
        if grad_json(exact) == grad_json(t.grad):
            continue
        offer_exact(grads, path, grad_json(exact), reason)


AS_STRIDED_SCATTER_OPS = ("torch.as_strided_scatter", "torch.Tensor.as_strided_scatter")
AS_STRIDED_SCATTER_DEVIATION = (
    "PyTorch 1.13's as_strided_scatter backward gives the input the upstream gradient inside the view, where its "
    "elements were overwritten, and leaves the rest of the input's gradient unset (whatever its memory held: "
    "written here as NaN); where view positions share memory it also gives the overwritten src elements the "
    "gradient. Whence gives each element the sum of the upstream gradient over the output elements it is a value "
    "source of, given here")


def as_strided_scatter_deviation(request, relations, ups, grads):
    """as_strided_scatter: PyTorch's input gradient with its unset elements (those kept from the
    input: value sources) as NaN, so that the golden does not hold uninitialised memory, and the
    sum of the upstream over each element's output elements as "exact"."""
    if request["op"] not in AS_STRIDED_SCATTER_OPS or relations is None:
        return
    summed = collections.defaultdict(lambda: collections.defaultdict(float))
    for rel in relations:
        pos, out = rel["out"]
        for path, flat, role in rel["src"]:
            if role == "value" and ups[pos] is not None:
                summed[json.dumps(path)][flat] += float(ups[pos].reshape(-1)[out])
    for g in grads:
        if g["grad"] is None:
            continue
        got = value_of(g["grad"]).to(torch.float64).reshape(-1)
        exact = torch.zeros(got.numel(), dtype=torch.float64)
        for flat, v in summed[json.dumps(g["arg"])].items():
            exact[flat] = v
        if g["arg"] in ([0], ["input"]):
            for flat in summed[json.dumps(g["arg"])]:
                got[flat] = float("nan")
        dtype = TORCH_DTYPE[g["grad"]["dtype"]]
        g["grad"] = grad_json(got.reshape(g["grad"]["shape"]).to(dtype))
        exact_json = grad_json(exact.reshape(g["grad"]["shape"]).to(dtype))
        g.pop("exact", None)
        if exact_json != g["grad"]:
            g["exact"] = exact_json
            g["deviation"] = AS_STRIDED_SCATTER_DEVIATION


BLOCK_DIAG_DEVIATION = ("PyTorch 1.13's block_diag backward skips an empty 1-D block without moving past its row, so "
                        "the blocks after it read the wrong rows; the true gradient is the same call's with that "
                        "block as a (1, 0) matrix, which PyTorch gets right")


def block_diag_deviation(request, ups, chosen, grads):
    if request["op"] != "torch.block_diag":
        return
    fixed = json.loads(json.dumps(request))
    changed = False
    for j in fixed["args"]:
        if isinstance(j, dict) and j.get("shape") == [0]:
            j["shape"] = [1, 0]
            changed = True
    if not changed:
        return
    _, right = backward(fixed, ups, [])
    by_path = {json.dumps(p): t for p, t in right}
    for path, t in chosen:
        r = by_path.get(json.dumps(path))
        if t.grad is None or r is None or r.grad is None:
            continue
        want = r.grad.reshape(t.grad.shape)
        if grad_json(want) == grad_json(t.grad):
            continue
        offer_exact(grads, path, grad_json(want), BLOCK_DIAG_DEVIATION)


def compare_nan_deviation(request, chosen, grads):
    """amax/amin over a slice holding NaN: PyTorch's gradient with the NaN of the slice's non-NaN
    elements (compare sources in Whence) as 0, as "exact" with a "deviation" note."""
    if request["op"] not in COMPARE_NAN_OPS:
        return
    for path, t in chosen:
        if t.grad is None or not bool(torch.isnan(t.detach()).any()):
            continue
        for g in grads:
            if g["arg"] != path:
                continue
            base = value_of(g["exact"]) if "exact" in g else t.grad
            exact = torch.where(torch.isnan(t.grad) & ~torch.isnan(t.detach()), torch.zeros_like(base), base)
            if grad_json(exact) != grad_json(t.grad):
                g["exact"] = grad_json(exact)
                g["deviation"] = COMPARE_NAN_DEVIATION


def elementwise_names():
    """Every name of an op the elementwise launcher runs (tests/golden/elementwise_ops.json and
    special_ops.json)."""
    if not hasattr(elementwise_names, "names"):
        elementwise_names.names = set()
        for table in ("elementwise_ops.json", "special_ops.json"):
            with open(os.path.join(ROOT, "tests", "golden", table), encoding="utf-8") as f:
                elementwise_names.names |= {n for op in json.load(f) for n in op["names"]}
    return elementwise_names.names


def scalar_loop_deviation(request, ups, chosen, grads):
    """A unary elementwise op (one tensor argument, one result) over non-finite values: PyTorch's
    gradient one element at a time (its scalar loop), as "exact", where it differs."""
    if request["op"] not in elementwise_names() or len(chosen) != 1 or len(ups) != 1 or ups[0] is None:
        return
    path, t = chosen[0]
    if t.grad is None or t.numel() < 2 or t.grad.shape != t.shape or ups[0].shape != t.shape:
        return
    if bool(torch.isfinite(t.detach()).all()) or len(request["args"]) + len(request["kwargs"]) > 4:
        return
    if sum(1 for j in request["args"] if isinstance(j, dict) and "dtype" in j and "shape" in j) != 1:
        return
    flat, up = t.detach().reshape(-1), ups[0].reshape(-1)
    one = []
    for k in range(flat.numel()):
        req = json.loads(json.dumps(request))
        for i, j in enumerate(req["args"]):
            if isinstance(j, dict) and "dtype" in j and "shape" in j:
                req["args"][i] = tensor_json(flat[k:k + 1].clone())
        try:
            _, c = backward(req, [up[k:k + 1].clone()], [])
        except Exception:  # noqa: BLE001 - not an op that runs one element at a time
            return
        if len(c) != 1 or c[0][1].grad is None or c[0][1].grad.numel() != 1:
            return
        one.append(c[0][1].grad.reshape(()))
    scalar = torch.stack(one).reshape(t.shape).to(t.dtype)
    ref = grad_json(scalar)
    if ref == grad_json(t.grad):
        return
    offer_exact(grads, path, ref, SCALAR_LOOP_DEVIATION)


def grad_json(g):
    """A .grad as JSON (an empty one may have no storage: tolist() refuses it)."""
    return tensor_json(torch.empty(g.shape, dtype=g.dtype).copy_(g) if g.numel() else torch.empty(g.shape, dtype=g.dtype))


def grad_case(rng, request, name="", relations=None):
    """The expectation of one request: (upstream JSON list, expect)."""
    result, _ = call(request, False, [])
    ups = upstream_of(rng, result)
    up_json = [tensor_json(u) if u is not None else None for u in ups]
    refused = {}
    while True:
        try:
            grad_fn, chosen = backward(request, ups, [json.loads(p) for p in refused])
            break
        except (RuntimeError, TypeError) as e:
            m = str(e)
            path = refused_arg(request, m, [json.loads(p) for p in refused]) if REFUSED_ARG.match(m) else None
            if path is None or json.dumps(path) in refused:
                return up_json, {"error": {"type": type(e).__name__, "message": m}}
            refused[json.dumps(path)] = m
        except Exception as e:  # noqa: BLE001 - PyTorch's error is the golden
            return up_json, {"error": {"type": type(e).__name__, "message": str(e)}}
    grads = []
    exact = exact_grads(request, ups, list(refused), chosen)
    for path, t in chosen:
        grads.append({"arg": path, "grad": grad_json(t.grad) if t.grad is not None else None})
        if json.dumps(path) in exact:
            grads[-1]["exact"] = exact[json.dumps(path)]
    as_strided_scatter_deviation(request, relations, ups, grads)
    trace_deviation(request, ups, chosen, grads)
    scalar_loop_deviation(request, ups, chosen, grads)
    unread_nan_deviation(name, request, ups, chosen, grads)
    compare_nan_deviation(request, chosen, grads)
    source_mask_deviation(request, relations, ups, chosen, grads)
    block_diag_deviation(request, ups, chosen, grads)
    for p, m in refused.items():
        grads.append({"arg": json.loads(p), "grad": None, "refused": m})
    grads.sort(key=lambda g: [(0, x, "") if isinstance(x, int) else (1, 0, x) for x in g["arg"]])
    return up_json, {"grad_fn": grad_fn, "grads": grads}


# --------------------------------------------------------------------------------------------
# choosing the cases


def features(g):
    """What a case shows: float dtypes, 0-d, size 0, broadcasting, lists, keywords, ..."""
    f = set()
    req = g["request"]
    shapes = []

    def visit(j, in_list):
        if isinstance(j, list):
            for x in j:
                visit(x, True)
        elif isinstance(j, dict) and "tuple" in j:
            for x in j["tuple"]:
                visit(x, True)
        elif isinstance(j, dict) and "data" in j:
            if j["dtype"] in FLOATS:
                f.add(j["dtype"])
                shapes.append(tuple(j["shape"]))
                if in_list:
                    f.add("list")
                if any(isinstance(x, str) for x in j["data"]):
                    f.add("nonfinite")
                nums = [x for x in j["data"] if not isinstance(x, str)]
                if len(set(nums)) < len(nums):
                    f.add("ties")
            if not j["shape"]:
                f.add("0d")
            if 0 in j["shape"]:
                f.add("empty")
    for j in req["args"]:
        visit(j, False)
    for j in req["kwargs"].values():
        visit(j, False)
    if len(set(shapes)) > 1:
        f.add("broadcast")
    if req["kwargs"]:
        f.add("kwargs")
    if any(s in g["code"] for s in NONCONTIG):
        f.add("noncontig")
    return f


def candidates(lines):
    out = []
    for g in lines:
        if g.get("request") is None or not g["expect"]["ok"] or "deviation" in g:
            continue
        if not float_json(g["expect"].get("result")):
            continue
        if not (float_json(g["request"]["args"]) or float_json(list(g["request"]["kwargs"].values()))):
            continue
        out.append(g)
    return out


def choose(rng, cands):
    """Up to PER_OP cases: greedily those that add a feature not yet shown, then the smallest."""
    order = sorted(cands, key=lambda g: len(json.dumps(g["request"])))
    order = [g for _, g in sorted(enumerate(order), key=lambda p: (p[0] // 8, rng.random()))]
    chosen, seen = [], set()
    for g in order:
        if len(chosen) < PER_OP and features(g) - seen and len(json.dumps(g["request"])) < 4000:
            chosen.append(g)
            seen |= features(g)
    for g in order:
        if len(chosen) < PER_OP and g not in chosen:
            chosen.append(g)
    return chosen


def golden_files():
    """(family, op file name, lines) of every golden file."""
    yield "gather", "torch.gather", [json.loads(x) for x in open(os.path.join(GOLDEN, "gather.jsonl"))]
    for path in sorted(glob.glob(os.path.join(GOLDEN, "*", "*.jsonl"))):
        family = os.path.basename(os.path.dirname(path))
        if family == "grad":
            continue
        yield family, os.path.basename(path)[:-len(".jsonl")], [json.loads(x) for x in open(path)]


def generate():
    per_family = collections.defaultdict(list)
    meta = {"generator": "scripts/gen_golden_grad.py", "seed": SEED, "per_op": PER_OP, "torch": torch.__version__,
            "python": sys.version.split()[0]}
    counts = collections.Counter()
    not_reproduced = []
    for family, primary, lines in golden_files():
        rng = random.Random("%d:%s" % (SEED, primary))
        cands = candidates(lines)
        counts["candidates"] += len(cands)
        for g in choose(rng, cands):
            try:
                got = result_json(call(g["request"], False, [])[0])
            except Exception as e:  # noqa: BLE001
                got = {"error": str(e)}
            if not close_json(g["expect"]["result"], got):
                not_reproduced.append(primary + "/" + g["name"])
                continue
            up, expect = grad_case(rng, g["request"], primary + "/" + g["name"], g["expect"].get("relations"))
            counts["error" if "error" in expect else "grads"] += 1
            per_family[family].append({"name": primary + "/" + g["name"], "op": primary, "code": g["code"],
                                       "request": g["request"], "grad": up, "expect": expect})
    files = {}
    fam_meta = {}
    for family, cases in sorted(per_family.items()):
        files[os.path.join(OUT_DIR, family + ".jsonl")] = "".join(json.dumps(c, ensure_ascii=True) + "\n"
                                                                  for c in cases)
        errors = collections.Counter(c["expect"]["error"]["message"].split("\n")[0][:80]
                                     for c in cases if "error" in c["expect"])
        fam_meta[family] = {"cases": len(cases), "ops": len({c["op"] for c in cases}),
                            "grads": sum("grads" in c["expect"] for c in cases),
                            "errors": dict(sorted(errors.items()))}
    meta.update({"candidates": counts["candidates"], "cases": counts["grads"] + counts["error"],
                 "grads": counts["grads"], "errors": counts["error"], "families": fam_meta,
                 "not_reproduced": sorted(not_reproduced)})
    files[os.path.join(GOLDEN, "grad.meta.json")] = json.dumps(meta, indent=1, sort_keys=True) + "\n"
    return files, meta


# --------------------------------------------------------------------------------------------
# --check: the committed files against a fresh generation, floats within a CPU's last bits


def near(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(near(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(near(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):
        return a == b or abs(a - b) <= 1e-12 + 1e-5 * abs(a)
    return a == b


def same_but_last_bits(committed, fresh):
    a, b = committed.splitlines(), fresh.splitlines()
    return len(a) == len(b) and all(x == y or near(json.loads(x), json.loads(y)) for x, y in zip(a, b))


def main():
    warnings.simplefilter("ignore")  # PyTorch's deprecation warnings for the ops it still runs
    check = "--check" in sys.argv
    t0 = time.time()
    files, meta = generate()
    same = lambda committed, fresh, path: path.endswith(".jsonl") and same_but_last_bits(committed, fresh)  # noqa: E731
    rc = golden_common.write_or_check(files, OUT_DIR, "grad", check, t0, same)
    if check:
        return rc
    print("wrote %d cases (%d with grads, %d PyTorch refuses) from %d candidates; %d not reproduced; %.1f s"
          % (meta["cases"], meta["grads"], meta["errors"], meta["candidates"], len(meta["not_reproduced"]),
             time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
