#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the movement family (views and rearranging copies):

    tests/golden/movement/<primary name>.jsonl   one file per op (tests/live/movement_ops.py)
    tests/golden/movement.meta.json              seed, versions, counts
    tests/golden/movement_ops.json               the op table: names, kind, signature

Lines have the gather format, plus "views" in the expectation: for each result that shares
storage with a tensor argument, {"result", "of" (the argument's path), "strides",
"storage_offset"}, read from PyTorch (tests/golden/README.md, "Movement family").

Run with Debian's /usr/bin/python3 (python3-torch 1.13); deterministic.

    /usr/bin/python3 scripts/gen_golden_movement.py [--check]
"""
import os
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402

import golden_common  # noqa: E402
import movement_ops as MO  # noqa: E402
from golden_common import check_reproduced  # noqa: E402
from golden_common import (  # noqa: E402
    DTYPES, FLOATS, NOT_IMPL, eval_code, outcome, unique_case_names, request_json, resolve, round_to, src_key, tensor_code,
    family_goldens, family_main)

FAMILY = MO  # the op list tests/live/check_live_family.py samples from
SEED = 20261121
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")
OUT_DIR = os.path.join(GOLDEN_DIR, "movement")

warnings.simplefilter("ignore")


def gen_vals(rng, dtype):
    def one():
        if dtype == "bool":
            return rng.random() < 0.5
        if dtype in FLOATS:
            return round_to(float(rng.randint(-9, 9)) if rng.random() < 0.5 else round(rng.uniform(-9, 9), 1), dtype)
        return rng.randint(0 if dtype == "uint8" else -9, 9)
    return lambda n: [one() for _ in range(n)]


def split_top(code):
    """"3, 2" -> ["3", "2"]: var-args written as one text in movement_ops.py."""
    parts, depth, cur = [], 0, ""
    for ch in code:
        depth += ch in "([" and 1 or ch in ")]" and -1 or 0
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return parts + ([cur.strip()] if cur.strip() else [])


def mk(name, qual, args, kwargs=(), method=False):
    return golden_common.mk(name, qual, [piece for a in args for piece in split_top(a)], kwargs, method)


def op_cases(rng, op, names):
    p = op["primary"]
    method = p.startswith("torch.Tensor.")
    func = next((q for q in names if not q.startswith("torch.Tensor.")), None)
    meth = next((q for q in names if q.startswith("torch.Tensor.")), None)

    def T(shape, dtype=None, style="literal"):
        dtype = dtype or rng.choice(["float32", "int64", "float64", "int32"])
        return tensor_code(rng, shape, dtype, gen_vals(rng, dtype), style)

    def call(name, x, args, kwargs=(), qual=None):
        q = qual or p
        return mk(name, q, [x] + list(args), kwargs, method=q.startswith("torch.Tensor."))
    simple_shape = [2, 3] if op["min_rank"] <= 2 else [2, 3, 2]
    if op["primary"] in ("torch.Tensor.view_as", "torch.Tensor.reshape_as"):
        simple_shape = [6]
    cases = []
    for dt in DTYPES:
        cases.append(call("dtype_" + dt, T(simple_shape, dt), op["simple"]))
    for q in names[1:]:
        cases.append(call("name_" + q, T(simple_shape), op["simple"], qual=q))
    if func and meth and method is False:
        cases.append(call("method", T(simple_shape), op["simple"], qual=meth))
    def first(shape, style="literal"):  # a shape, or the first argument's own code
        return shape if isinstance(shape, str) else T(shape, style=style)
    for name, shape, style, args, kwargs in op["cases"]:
        cases.append(call(name, first(shape, style), args, kwargs))
    for name, shape, args, kwargs in op["errors"]:
        cases.append(call(name, first(shape), args, kwargs))
    if func:
        cases.append(mk("err_no_args", func, []))
        cases.append(mk("err_string_input", func, ["'a'"] + op["simple"]))
    cases.append(call("err_unknown_kw", T(simple_shape), op["simple"], [("foo", "1")]))
    return unique_case_names(cases)


def _outs(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


def tensor_paths(args, kwargs):
    """(path, tensor) of every tensor argument, list items as [i, j] (["tensors", j] by keyword)."""
    out = []
    for key, a in list(enumerate(args)) + list(kwargs.items()):
        if isinstance(a, torch.Tensor):
            out.append(([key], a))
        elif isinstance(a, (list, tuple)):
            out += [([key, j], t) for j, t in enumerate(a) if isinstance(t, torch.Tensor)]
    return out


def root(t):
    return t._base if t._base is not None else t


def views_json(args, kwargs, out):
    """Each result that is an argument or a view of one's storage, with PyTorch's geometry."""
    views = []
    for pos, o in enumerate(_outs(out)):
        for path, a in tensor_paths(args, kwargs):
            if o is a or root(o) is root(a):
                views.append({"result": pos, "of": path, "strides": list(o.stride()), "storage_offset": o.storage_offset()})
                break
    return views


def decider(op, case, args, kwargs):
    """(path, tensor, positions form) of the argument op["decided_by"] names when it is a
    tensor, else None. repeat_interleave(repeats) (the positions form) takes it first."""
    name = op.get("decided_by")
    if not name:
        return None
    positions = not case["op"].startswith("torch.Tensor.") and "input" not in kwargs and \
        (len(args) == 0 or (len(args) == 1 and name not in kwargs))
    if name in kwargs:
        path, t = [name], kwargs[name]
    elif positions:
        path, t = [0], args[0]
    elif len(args) > 1:
        path, t = [1], args[1]
    else:
        return None
    return (path, t, positions) if isinstance(t, torch.Tensor) else None


def changed_at_same_coordinates(base, new):
    """The flat elements of base whose coordinates hold another value in new, or lie outside it."""
    changed = []
    for k in range(base.numel()):
        c, rest = [], k
        for s in reversed(base.shape):
            c.insert(0, rest % s)
            rest //= s
        if new.dim() != base.dim() or any(x >= s for x, s in zip(c, new.shape)) or new[tuple(c)].item() != base[tuple(c)].item():
            changed.append(k)
    return changed


def decider_sources(fn, args, kwargs, path, t, rel):
    """Each element of the deciding tensor set to every other count from 0 to the sum of all
    of them plus one (enough to move any slice past any position): an `index` source of every
    output element that changes (compared at the same coordinates; missing counts as changed).
    output_size is left out: it only checks the total that a moved count changes."""
    kwargs = {k: v for k, v in kwargs.items() if k != "output_size"}

    def run(v):
        a, k = list(args), dict(kwargs)
        if isinstance(path[0], int):
            a[path[0]] = v
        else:
            k[path[0]] = v
        return fn(*a, **k).detach()
    base = run(t)
    flat = t.reshape(-1)
    top = int(flat.clamp(min=0).sum()) + 1
    for j in range(flat.numel()):
        hit = set()
        for v in range(top + 1):
            if v != int(flat[j]):
                p = flat.clone()
                p[j] = v
                hit.update(changed_at_same_coordinates(base, run(p.reshape(t.shape))))
        for k in sorted(hit):
            rel[k]["src"].append([path, j, "index"])
    for r in rel:
        r["src"].sort(key=src_key)


def moves_input(path):
    """The moved tensor(s): the input (narrow's tensor start and view_as's other are not moved)."""
    return path[0] in (0, "input")


def perturbed_relations(fn, args, kwargs, outs, leaves):
    """Where PyTorch 1.13 has no backward (channel_shuffle): each leaf element in turn raised by
    its own amount; a source of every output element that changes (`value`)."""
    with torch.no_grad():
        base = [o.detach().reshape(-1) for o in outs]
        rel = [{"out": [pos, k], "src": []} for pos, o in enumerate(base) for k in range(o.numel())]
        for path, leaf in leaves:
            for f in range(leaf.numel()):
                bumped = leaf.detach().clone().reshape(-1)
                bumped[f] += 1000 + f
                swapped = {path: bumped.reshape(leaf.shape)}

                def swap(v, key):
                    if isinstance(v, (list, tuple)) and any(isinstance(t, torch.Tensor) for t in v):
                        return type(v)(swapped.get((key, j), t) for j, t in enumerate(v))
                    return swapped.get((key,), v)
                new = _outs(fn(*[swap(a, i) for i, a in enumerate(args)], **{k: swap(v, k) for k, v in kwargs.items()}))
                n = 0
                for b, o in zip(base, new):
                    changed = (o.detach().reshape(-1) != b).nonzero().flatten().tolist()
                    for k in changed:
                        rel[n + k]["src"].append([list(path), f, "value"])
                    n += b.numel()
    for r in rel:
        r["src"].sort(key=src_key)
    return rel


def same_layout(t, values):
    """A float64 stand-in for t: its shape, strides and offset in a storage of its size, holding values."""
    buf = torch.zeros(max(t.storage().size(), 1), dtype=torch.float64)
    v = buf.as_strided(t.shape, t.stride(), t.storage_offset())
    v.copy_(values)
    return v


def layout_relations(fn, args, kwargs, paths):
    """as_strided_scatter: the input's layout decides what the view reaches and src's the order
    of overlapping writes, so the float64 stand-ins keep both (autograd would see contiguous
    leaves, and PyTorch 1.13 refuses a non-contiguous input that requires grad). Each element
    raised in turn is a `value` source of every output element that changes."""
    def run(raised=None, f=None):
        a, k, base = list(args), dict(kwargs), 1
        for path, t in paths:
            vals = torch.arange(base, base + t.numel(), dtype=torch.float64)
            base += t.numel()
            if path == raised:
                vals[f] += 1000
            v = same_layout(t, vals.reshape(t.shape))
            if isinstance(path[0], int):
                a[path[0]] = v
            else:
                k[path[0]] = v
        return fn(*a, **k).reshape(-1)
    base_out = run()
    rel = [{"out": [0, j], "src": []} for j in range(base_out.numel())]
    for path, t in paths:
        for f in range(t.numel()):
            for j in (run(path, f) != base_out).nonzero().flatten().tolist():
                rel[j]["src"].append([list(path), f, "value"])
    for r in rel:
        r["src"].sort(key=src_key)
    return rel


def relations(op, case, args, kwargs, out, moved=moves_input):
    """Autograd on float64 copies of every tensor argument with distinct values: each output
    element's sources are the argument elements with a nonzero gradient (`value`). Moving ops
    read the same positions whatever the values, so the copies stand for the real ones. A
    deciding tensor (repeat_interleave's repeats) adds its `index` sources by perturbation."""
    fn = resolve(case["op"])
    decided = decider(op, case, args, kwargs)
    # the moved tensor(s), moved(path); repeat_interleave(repeats) moves nothing: its output counts
    paths = [(p, t) for p, t in tensor_paths(args, kwargs) if moved(p) and not (decided and decided[2])]
    if case["op"].endswith("as_strided_scatter"):
        return layout_relations(fn, args, kwargs, paths)
    leaves, base = {}, 1
    for path, t in paths:
        leaves[tuple(path)] = (torch.arange(base, base + t.numel(), dtype=torch.float64).reshape(t.shape)
                               .requires_grad_(True))
        base += t.numel()

    def swap(v, key):
        if isinstance(v, (list, tuple)) and any(isinstance(t, torch.Tensor) for t in v):
            return type(v)(leaves.get((key, j), t) for j, t in enumerate(v))
        return leaves.get((key,), v)
    a2 = [swap(a, i) for i, a in enumerate(args)]
    # a view input keeps its layout for as_strided: the same view of the float64 copy's base
    if case["op"].endswith("as_strided") and isinstance(args[0], torch.Tensor) and args[0]._base is not None:
        return None
    k2 = {k: swap(v, k) for k, v in kwargs.items()}
    outs = _outs(fn(*a2, **k2))
    order = [tuple(p) for p, _ in paths]
    if any(o.grad_fn is not None and type(o.grad_fn).__name__ == "NotImplemented" for o in outs):
        return perturbed_relations(fn, a2, k2, outs, [(p, leaves[p]) for p in order])
    rel = []
    for pos, o in enumerate(outs):
        flat = o.reshape(-1)
        for k in range(flat.numel()):
            src = []
            if flat.requires_grad:
                gs = torch.autograd.grad(flat[k], [leaves[p] for p in order], retain_graph=True, allow_unused=True)
                for p, g in zip(order, gs):
                    if g is not None:
                        src += [[list(p), f, "value"] for f in g.reshape(-1).nonzero().flatten().tolist()]
            rel.append({"out": [pos, k], "src": sorted(src, key=src_key)})
    if decided:
        detached = [t.detach() if isinstance(t, torch.Tensor) else t for t in a2]
        decider_sources(fn, detached, {k: v.detach() if isinstance(v, torch.Tensor) else v for k, v in k2.items()},
                        decided[0], decided[1], rel)
    return rel


def as_float32(v, dtype):
    return v.to(torch.float32) if isinstance(v, torch.Tensor) and v.dtype == dtype else v


def golden_line(op, case, moved=moves_input):
    if op.get("also_moved"):  # the scatter views' src lands in the result too
        moved = lambda path, also=tuple(op["also_moved"]): moves_input(path) or path[0] in also  # noqa: E731
    args = [eval_code(c) for c in case["args"]]
    kwargs = {k: eval_code(c) for k, c in case["kwargs"]}
    fn = resolve(case["op"])
    out, expect = outcome(lambda: fn(*args, **kwargs))
    _, by_code = outcome(lambda: eval_code(case["code"]))
    check_reproduced(case, expect, by_code)
    deviation = None
    missing = None if expect["ok"] else NOT_IMPL.search(expect["error"]["message"])
    if missing:  # (diag of float16 in 1.13): what newer PyTorch gives, the float32 result rounded
        dtype = torch.float16 if missing.group(1) == "Half" else torch.bfloat16
        a32, k32 = [as_float32(a, dtype) for a in args], {k: as_float32(v, dtype) for k, v in kwargs.items()}
        o32, e32 = outcome(lambda: fn(*a32, **k32))
        if e32["ok"]:
            out = o32.to(dtype)
            _, expect = outcome(lambda: out)
            deviation = ("PyTorch 1.13 has no %s kernel for %s; expectation computed in float32 and rounded, as newer "
                         "PyTorch does" % (missing.group(1), MO.base_name(op["primary"])))
    if expect["ok"]:
        expect["views"] = views_json(args, kwargs, out)
        rel = relations(op, case, args, kwargs, out, moved)
        if rel is None:
            raise AssertionError("no relations for " + case["code"])
        expect["relations"] = rel
    g = {"name": case["name"], "code": case["code"], "expect": expect}
    if deviation:
        g["deviation"] = deviation
    # A request's tensors are plain row-major data: where an argument is a view (its strides
    # decide what view() may do and what the result's strides are), only the code says it.
    if not any(t._base is not None for _, t in tensor_paths(args, kwargs)):
        g["request"] = request_json(case)
    return g


def signature_text(names):
    """The first docstring line that starts with the op's own name (Tensor methods too)."""
    for q in names:
        doc = (getattr(resolve(q), "__doc__", None) or "").strip()
        first = doc.splitlines()[0].strip() if doc else ""
        if first.startswith(MO.base_name(q) + "("):
            return first
    return ""


def generate(only=None):
    names_of = {op["primary"]: MO.qualified_names(op) for op in MO.OPS}
    files, meta = family_goldens("movement", SEED, MO.OPS, names_of, op_cases, golden_line, only)
    files[os.path.join(GOLDEN_DIR, "movement_ops.json")] = golden_common.family_op_table(MO.OPS, names_of, "movement", signature_text)
    return files, meta


def main():
    return family_main("movement", generate)


if __name__ == "__main__":
    sys.exit(main())
