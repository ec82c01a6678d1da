#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the many-to-one op family (reductions, scans, sorting,
softmax/normalization, losses):

    tests/golden/reduce/<primary name>.jsonl   one file per op (tests/live/reduce_ops.py)
    tests/golden/reduce.meta.json              seed, versions, counts per op and outcome
    tests/golden/reduce_ops.json               the op table: names, kind, signature, dtype
                                               behaviour probed from PyTorch

Lines have the gather/elementwise golden format (tests/golden/README.md); tuple results are a
list of tensors and relations name the result position ([0, k] values, [1, k] indices). How
the relations come from PyTorch: tests/golden/README.md, "Reduce family".

Run with Debian's /usr/bin/python3 (python3-torch 1.13). Deterministic: a fixed seed, and
regenerating gives identical bytes.

    /usr/bin/python3 scripts/gen_golden_reduce.py [--check]

--check regenerates in memory and exits 1 if the committed files differ (or extra files lie in
tests/golden/reduce/).
"""
import collections
import json
import math
import os
import re
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402
import torch.linalg  # noqa: E402,F401
import torch.nn.functional as F  # noqa: E402,F401
import torch.special  # noqa: E402,F401

import reduce_ops as RO  # noqa: E402
FAMILY = RO  # the op list tests/live/check_live_family.py samples from
from golden_common import case_arguments, check_reproduced  # noqa: E402
from golden_common import (  # noqa: E402
    DTYPES, FLOATS, INTS, NAME_OF_DTYPE, NOT_IMPL, TORCH_DTYPE,
    eval_code, fixed, literal_code, mk, outcome, overloads, prod, request_json, resolve,
    result_json, round_to, src_key, tensor_code, tensor_json, to_float32, unique_case_names, value_json,
    family_goldens, family_main, signature_text)

SEED = 20240615
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")
OUT_DIR = os.path.join(GOLDEN_DIR, "reduce")

warnings.simplefilter("ignore")

# --------------------------------------------------------------------------------------------
# values


def gen_vals(rng, dtype, domain="any", special=False):
    """domain: any | ties (small integers: ties on purpose) | int | pos | prob | cls:<n>."""
    def one():
        if dtype == "bool":
            return rng.random() < 0.5
        if domain.startswith("cls:"):
            return rng.randrange(int(domain[4:]))
        if dtype in FLOATS:
            if special and rng.random() < 0.4:
                return rng.choice([math.nan, math.inf, -math.inf, -0.0, 0.0])
            if domain == "ties":
                v = float(rng.randint(0, 3))
            elif domain == "int":
                v = float(rng.choice([1, 2, -1, 3, 0.5, -2]))
            elif domain == "pos":
                v = round(rng.uniform(0.1, 4), 2)
            elif domain == "prob":
                v = round(rng.uniform(0.05, 0.95), 2)
            else:
                v = float(rng.randint(-5, 5)) if rng.random() < 0.3 else round(rng.uniform(-5, 5), 2)
            return round_to(v, dtype)
        lo = 0 if dtype == "uint8" else -4
        if domain == "ties":
            return rng.randint(0, 3)
        if domain in ("int", "pos"):
            return rng.randint(1 if domain == "pos" else lo, 3)
        if domain == "prob":
            return rng.randint(0, 1)
        return rng.randint(lo, 7)
    return lambda n: [one() for _ in range(n)]


# --------------------------------------------------------------------------------------------
# cases


# --------------------------------------------------------------------------------------------
# binding a call to its parameters


INPUT_NAMES = ("input", "self", "x", "A")


def bind(op, case, args, kwargs):
    """{parameter name: value} with "input" for the first tensor; "_pos" maps name -> path."""
    names = ["input"] + [n for n in op["pos"]]
    b, path = {}, {}
    for i, a in enumerate(args):
        if i < len(names):
            nm = names[i]
            # std(x, True) is std(x, unbiased); std(x, 1) is std(x, dim)
            if op["primary"] in ("torch.std", "torch.var", "torch.std_mean", "torch.var_mean") \
                    and i == 1 and isinstance(a, bool):
                nm = "unbiased"
            b[nm], path[nm] = a, [i]
    for k, v in kwargs.items():
        nm = "input" if k in INPUT_NAMES else k
        b[nm], path[nm] = v, [k]
    b["_path"] = path
    return b


def norm_dims(dim, rank):
    """PyTorch's dim argument as the sorted list of reduced dims (None / () = all)."""
    if dim is None or (isinstance(dim, (tuple, list)) and len(dim) == 0):
        return list(range(rank))
    if isinstance(dim, int):
        dim = [dim]
    return sorted({(d % rank) if rank else 0 for d in dim}) if rank else []


def slice_rows(shape, dims):
    """One row per output element (in output order): the flat input indices of its slice."""
    shape = list(shape)
    r = len(shape)
    if r == 0:
        return [[0]]
    kept = [d for d in range(r) if d not in dims]
    idx = torch.arange(prod(shape)).reshape(shape).permute(kept + dims)
    nk = prod([shape[d] for d in kept])
    nr = prod([shape[d] for d in dims])
    return idx.reshape(nk, nr).tolist() if nk else []


def along_rows(shape, d, index):
    """For an op along dim d whose output (keepdim form) has index tensor `index` (or None for
    same-shape outputs): [(out_flat, slice_flat_list, position_in_slice_or_None, m)]."""
    shape = list(shape) or [1]
    r = len(shape)
    d %= r
    L = shape[d]
    idxm = torch.arange(prod(shape)).reshape(shape).movedim(d, -1).reshape(-1, L) if L else None
    if index is None:
        oshape = shape
        M = L
        im = None
    else:
        oshape = list(shape)
        M = index.numel() // max(1, prod(shape) // max(L, 1)) if L else 0
        oshape[d] = M
        im = index.reshape(oshape).movedim(d, -1).reshape(-1, M).tolist() if M else None
    if prod(oshape) == 0:
        return []
    opos = torch.arange(prod(oshape)).reshape(oshape).movedim(d, -1).reshape(-1, M).tolist()
    rows = idxm.tolist()
    out = []
    for p, orow in enumerate(opos):
        for m, o in enumerate(orow):
            out.append((o, rows[p], None if im is None else im[p][m], m))
    return out


def _rel(n_out_by_pos, per):
    """per: {(pos, k): [[path, flat, role], ...]} -> sorted relation list."""
    rel = []
    for pos, n in enumerate(n_out_by_pos):
        for k in range(n):
            rel.append({"out": [pos, k], "src": sorted(per.get((pos, k), []), key=src_key)})
    return rel


def _outs(out):
    return list(out) if isinstance(out, tuple) else [out]


def _grad_rows(fn_call, x, rows_of_pos):
    """Nonzero autograd gradient per output element, on a float64 copy of x (same values)."""
    xs = x.detach().to(torch.float64).requires_grad_(True)
    res = []
    outs = fn_call(xs)
    for pos, o in enumerate(outs):
        flat = o.reshape(-1)
        gl = []
        for k in range(flat.numel()):
            (g,) = torch.autograd.grad(flat[k], xs, retain_graph=True, allow_unused=True)
            if g is None:
                gl.append((set(), False))
                continue
            g = g.reshape(-1)
            fin = torch.isfinite(g)
            gl.append((set(((g != 0) & fin).nonzero().flatten().tolist()), not bool(fin.all())))
        res.append(gl)
    return res


def reduce_relations(op, case, args, kwargs, out):
    prim = op["primary"]
    b = bind(op, case, args, kwargs)
    path = b["_path"]
    x = b["input"]
    xpath = path["input"]
    outs = _outs(out)
    n_by_pos = [o.numel() for o in outs]
    per = collections.defaultdict(list)
    rule = op["rel"]
    dim = b.get("dim")
    shape = list(x.shape)
    rank = len(shape)

    if prim == "torch.dist":
        y = b["other"]
        for k in range(n_by_pos[0]):
            per[(0, k)] = [[xpath, f, "value"] for f in range(x.numel())] + \
                          [[path["other"], f, "value"] for f in range(y.numel())]
        return _rel(n_by_pos, per)

    if rule == "order_idx" and isinstance(out, tuple) or (rule == "order_idx" and prim in ("torch.argmax", "torch.argmin")):
        if prim in ("torch.argmax", "torch.argmin"):
            index = outs[0]
            if dim is None:
                shape, d = [x.numel()], 0
            else:
                d = dim
        else:
            index = outs[1]
            d = dim if dim is not None else -1
        for o, row, w, m in along_rows(shape, d, index):
            for pos in range(len(outs)):
                per[(pos, o)] = [[xpath, f, "value" if f == row[w] else "compare"] for f in row]
        return _rel(n_by_pos, per)

    if op["dim"] == "matrix":
        dims = norm_dims(dim if dim is not None else (-2, -1), rank)
    else:
        dims = norm_dims(dim, rank)
    rows = slice_rows(shape, dims)
    for o in outs:
        assert o.numel() == len(rows), (case["code"], o.shape, len(rows))

    if rule in ("order_grad", "order_idx"):
        others = {k: v for k, v in kwargs.items() if k not in INPUT_NAMES}
        if prim == "torch.aminmax":
            kw = {k: v for k, v in kwargs.items() if k in ("dim", "keepdim")}
            call = lambda xs: [torch.amin(xs, **kw), torch.amax(xs, **kw)]  # noqa: E731
        else:
            fn = resolve(case["op"])
            ipos = xpath[0] if isinstance(xpath[0], int) else None

            def call(xs):
                a = list(args)
                kw = dict(others)
                if ipos is None:
                    kw[xpath[0]] = xs
                else:
                    a[ipos] = xs
                return _outs(fn(*a, **kw))
        grads = _grad_rows(call, x, None)
        xflat = x.detach().to(torch.float64).reshape(-1)
        for pos, gl in enumerate(grads):
            oflat = outs[pos].detach().reshape(-1)
            for k, row in enumerate(rows):
                g, bad = gl[k]
                assert g <= set(row), (case["code"], g, row)
                if bad and oflat[k].is_floating_point() and bool(torch.isnan(oflat[k])):
                    # a NaN result: amax's backward divides by the count of elements equal to
                    # the result (none), so the gradient is NaN; the NaNs of the slice won
                    g = {f for f in row if bool(torch.isnan(xflat[f]))}
                per[(pos, k)] = [[xpath, f, "value" if f in g else "compare"] for f in row]
        return _rel(n_by_pos, per)

    # slice: every element of the reduced slice is a value source
    for pos in range(len(outs)):
        for k, row in enumerate(rows):
            per[(pos, k)] = [[xpath, f, "value"] for f in row]
    return _rel(n_by_pos, per)


def along_relations(op, case, args, kwargs, out):
    """Scans and sorts: output element m of a slice along dim reads the prefix [0, m] (scans) or
    the whole slice (sorts); the element at the index PyTorch returned is value, the rest compare."""
    prim = op["primary"]
    b = bind(op, case, args, kwargs)
    x, xpath = b["input"], b["_path"]["input"]
    outs = _outs(out)
    n_by_pos = [o.numel() for o in outs]
    per = collections.defaultdict(list)
    d = b.get("dim", -1)
    if d is None:
        d = -1
    scan = op["kind"] == "scan"
    if prim == "torch.msort":
        d, index = 0, torch.sort(x, dim=0).indices  # msort is sort(dim=0).values
    elif op["rel"] == "order_idx":
        index = outs[1] if isinstance(out, tuple) else outs[0]
    else:
        index = None
    for o, row, w, m in along_rows(list(x.shape), d, index):
        part = row[:m + 1] if scan else row
        for pos in range(len(outs)):
            per[(pos, o)] = [[xpath, f, "value" if w is None or f == row[w] else "compare"]
                             for f in part]
    return _rel(n_by_pos, per)


def sl_is_struct(path, index_paths):
    return list(path) in [list(p) for p in index_paths]


def _surrogate(t, salt):
    n = t.numel()
    vals = [0.2 + 0.6 * (((j + 1) * 0.6180339887 + salt * 0.3183) % 1.0) for j in range(n)]
    return torch.tensor(vals, dtype=torch.float64).reshape(t.shape)


def _same(a, b):
    return (a == b) | (torch.isnan(a) & torch.isnan(b))


def grad_relations(op, case, args, kwargs, out, index_paths=(), extra=None):
    """Autograd on float64 surrogates with distinct values (the read pattern of these ops does
    not depend on the values): each float tensor argument element with a nonzero gradient is a
    value source. Tensors PyTorch refuses a gradient for (running stats, loss weights) are
    perturbed instead: element j is a source of every output it changes. Tensors at
    index_paths (class targets) keep their values and get no sources here."""
    fn = resolve(case["op"])
    slots = []  # (path, where, key, tensor)
    for i, a in enumerate(args):
        if isinstance(a, torch.Tensor):
            slots.append(([i], "a", i, a))
    for k, v in kwargs.items():
        if isinstance(v, torch.Tensor):
            slots.append(([k], "k", k, v))
    floats = [sl for sl in slots if sl[0] not in [list(p) for p in index_paths]]
    args, kwargs = list(args), dict(kwargs)
    for path, where, key, t in slots:  # structural float tensors (loss weights): same values, float64
        if sl_is_struct(path, index_paths) and t.is_floating_point():
            if where == "a":
                args[key] = t.to(torch.float64)
            else:
                kwargs[key] = t.to(torch.float64)
    surr = {tuple(sl[0]): _surrogate(sl[3], i) for i, sl in enumerate(floats)}
    # An infinite p (pairwise_distance's max-norm) reads the element the real values make the
    # largest: those values, in float64, rather than surrogates.
    if any(isinstance(v, float) and math.isinf(v) for v in list(args) + list(kwargs.values())):
        surr = {tuple(sl[0]): sl[3].to(torch.float64) if sl[3].is_floating_point() else surr[tuple(sl[0])]
                for sl in floats}

    def call(grad_on=(), replace=None):
        a2, k2 = list(args), dict(kwargs)
        for path, where, key, t in floats:
            v = surr[tuple(path)]
            if replace is not None and tuple(path) == replace[0]:
                v = replace[1]
            elif tuple(path) in grad_on:
                v = v.clone().requires_grad_(True)
                grad_on[tuple(path)] = v
            if where == "a":
                a2[key] = v
            else:
                k2[key] = v
        return [o for o in _outs(fn(*a2, **k2))]
    diff, perturb = [], []
    for path, _, _, _ in floats:
        try:
            g = {tuple(path): None}
            os_ = call(g)
            ok = any(o.requires_grad for o in os_)
        except RuntimeError:
            ok = False
        (diff if ok else perturb).append(tuple(path))
    outs = _outs(out)
    n_by_pos = [o.numel() for o in outs]
    per = collections.defaultdict(list)
    if diff:
        leaves = {p: None for p in diff}
        os_ = call(leaves)
        for pos, o in enumerate(os_):
            if not o.requires_grad:
                continue
            flat = o.reshape(-1)
            for k in range(flat.numel()):
                gs = torch.autograd.grad(flat[k], [leaves[p] for p in diff], retain_graph=True,
                                         allow_unused=True)
                for p, g in zip(diff, gs):
                    if g is not None:
                        for f in g.reshape(-1).nonzero().flatten().tolist():
                            per[(pos, k)].append([list(p), f, "value"])
    if perturb:
        with torch.no_grad():
            base = call()
            for p in perturb:
                t = surr[p]
                for j in range(t.numel()):
                    t2 = t.clone().reshape(-1)
                    t2[j] = t2[j] * 1.5 + 0.25
                    new = call(replace=(p, t2.reshape(t.shape)))
                    for pos, (o0, o1) in enumerate(zip(base, new)):
                        for k in (~_same(o0.reshape(-1), o1.reshape(-1))).nonzero().flatten().tolist():
                            per[(pos, k)].append([list(p), j, "value"])
    if extra:
        extra(per)
    return _rel(n_by_pos, per)


def slice_dim_relations(op, case, args, kwargs, out):
    """softmax, log_softmax, softmin, normalize: the whole slice along dim is value. An absent
    dim is PyTorch's own choice: F.softmax's _get_softmax_dim, normalize's default 1."""
    b = bind(op, case, args, kwargs)
    x, xpath = b["input"], b["_path"]["input"]
    d = b.get("dim")
    if d is None:
        d = 1 if op["primary"].endswith("normalize") else \
            F._get_softmax_dim(op["primary"].rsplit(".", 1)[1], x.dim(), 3)
    per = {}
    for o, row, _, _ in along_rows(list(x.shape), d, None):
        per[(0, o)] = [[xpath, f, "value"] for f in row]
    return _rel([out.numel()], per)


def loss_relations(op, case, args, kwargs, out):
    """nll_loss / cross_entropy with class-index targets: input (and probability targets) by
    surrogate autograd; target elements are index sources of the outputs they belong to (all
    of them for 'mean'/'sum'); the weight element a target picked is a value source (every
    weight element where label smoothing or probability targets read them all)."""
    b = bind(op, case, args, kwargs)
    tgt = b.get("target")
    if not isinstance(tgt, torch.Tensor) or tgt.is_floating_point():
        return grad_relations(op, case, args, kwargs, out)
    path = b["_path"]
    ipaths = [path["target"]] + ([path["weight"]] if isinstance(b.get("weight"), torch.Tensor) else [])
    red = b.get("reduction", "mean")
    ign = b.get("ignore_index", -100)
    smooth = b.get("label_smoothing", 0.0) or 0.0
    w = b.get("weight")
    tflat = tgt.reshape(-1).tolist()
    n = len(tflat)

    def extra(per):
        for i, c in enumerate(tflat):
            outs_i = [i] if red == "none" else [0]
            for k in outs_i:
                per[(0, k)].append([path["target"], i, "index"])
                if isinstance(w, torch.Tensor) and c != ign:
                    picked = range(w.numel()) if smooth > 0 else [c]
                    for cc in picked:
                        src = [path["weight"], cc, "value"]
                        if src not in per[(0, k)]:
                            per[(0, k)].append(src)
    del n
    return grad_relations(op, case, args, kwargs, out, index_paths=ipaths, extra=extra)


def count_relations(op, case, args, kwargs, out):
    """histc / bincount: bin b reads the elements PyTorch counts in it (`value` for histc;
    bincount's input element is the `index` that chose the bin and its weight the `value`).
    Which bin an element falls in is PyTorch's own answer for that element alone, over the
    same range; histc's automatic range (min == max) is set by the smallest and largest
    elements, so they are `compare` sources of every bin they did not fall in."""
    x = args[0]
    flat = x.reshape(-1)
    rows = []
    if op["primary"] == "torch.histc":
        bins = kwargs.get("bins", args[1] if len(args) > 1 else 100)
        lo = float(kwargs.get("min", args[2] if len(args) > 2 else 0))
        hi = float(kwargs.get("max", args[3] if len(args) > 3 else 0))
        auto = lo == hi
        if auto and flat.numel():
            lo, hi = float(flat.min()), float(flat.max())
        if lo == hi:
            lo, hi = lo - 1, hi + 1
        edges = set()
        if auto:
            edges = {i for i in range(flat.numel()) if float(flat[i]) in (float(flat.min()), float(flat.max()))}
        home = {}
        for i in range(flat.numel()):
            h = torch.histc(flat[i:i + 1], bins, min=lo, max=hi)
            if float(h.sum()) == 1:
                home[i] = int(h.argmax())
        for b in range(out.numel()):
            src = [[[0], i, "value"] for i in range(flat.numel()) if home.get(i) == b]
            src += [[[0], i, "compare"] for i in sorted(edges) if home.get(i) != b]
            rows.append({"out": [0, b], "src": sorted(src, key=lambda e: e[1])})
        return rows
    w = kwargs.get("weights", args[1] if len(args) > 1 else None)
    wpath = ["weights"] if "weights" in kwargs else [1]
    for b in range(out.numel()):
        src = []
        for i in range(flat.numel()):
            if bool(flat[i] == b):
                src.append([[0], i, "index"])
                if w is not None:
                    src.append([wpath, i, "value"])
        rows.append({"out": [0, b], "src": src})
    return rows


def runs_flags(case, args, kwargs):
    """Which results torch.unique_consecutive returns: PyTorch's boolean dispatch reads
    return_inverse at positional index 2 and return_counts at index 1 (the Tensor method passes
    both by keyword)."""
    method = case["op"].startswith("torch.Tensor.")

    def flag(name, index):
        return bool(kwargs[name]) if name in kwargs else len(args) > index and bool(args[index])
    return (flag("return_inverse", 1), flag("return_counts", 2)) if method else \
        (flag("return_inverse", 2), flag("return_counts", 1))


def runs_members(x, dim):
    """The members compared with their neighbours: the elements (dim None) or the slices along
    dim, each as its row-major flat elements."""
    if dim is None:
        return [[f] for f in range(x.numel())]
    idx = torch.arange(x.numel()).reshape(x.shape).movedim(dim, 0)
    return idx.reshape(idx.shape[0], -1).tolist()


def _same_place(k, shape, other):
    """Row-major element k of `shape` at the same coordinates in `other`, or None."""
    if len(shape) != len(other):
        return None
    coord = []
    for d in reversed(shape):
        coord.append(k % d)
        k //= d
    coord.reverse()
    m = 0
    for c, d in zip(coord, other):
        if c >= d:
            return None
        m = m * d + c
    return m


def runs_relations(op, case, args, kwargs, out):
    """unique_consecutive, by perturbation: input element f is a source of every result element
    that some change of f alone (to any value the input holds, or one it does not) changes or
    removes, as PyTorch computes it. Roles: output k's value is the first member of run k it
    copies (the earlier elements decided where run k starts: compare); a count's run is value
    and the rest compare; the inverse only compares."""
    x = args[0]
    if x.numel() == 0:
        return []
    inv, cnt = runs_flags(case, args, kwargs)
    dim = kwargs.get("dim", args[3] if len(args) > 3 else None)
    if dim is not None:
        dim %= x.dim()
    full = torch.functional._unique_consecutive_impl(x, True, True, dim)
    members = runs_members(x, dim)
    starts = [0] + torch.cumsum(full[2], 0).tolist()
    outs = _outs(out)
    kinds = ["output"] + (["inverse"] if inv else []) + (["counts"] if cnt else [])
    assert len(kinds) == len(outs), (case["code"], kinds)
    flat = x.reshape(-1)
    present = set(flat.tolist())
    if x.dtype == torch.bool:
        cands = [False, True]
    else:
        cands = sorted({v for v in present if v == v} | {next(i for i in range(1000) if i not in present)})
    hits = collections.defaultdict(set)
    for f in range(flat.numel()):
        for c in cands:
            y = flat.clone()
            y[f] = c
            new = torch.functional._unique_consecutive_impl(y.reshape(x.shape), True, True, dim)
            for pos, kind in enumerate(kinds):
                o = outs[pos].reshape(-1) if outs[pos].numel() else outs[pos].reshape(0)
                n = new[["output", "inverse", "counts"].index(kind)]
                for k in range(o.numel()):
                    m = _same_place(k, list(outs[pos].shape), list(n.shape))
                    if m is None or not bool(_same(o[k:k + 1].double(), n.reshape(-1)[m:m + 1].double())):
                        hits[(pos, k)].add(f)
    per = {}
    for pos, kind in enumerate(kinds):
        o = outs[pos]
        oidx = torch.arange(o.numel()).reshape(o.shape)
        for k in range(o.numel()):
            if kind == "output":
                if dim is None:
                    run, p = k, 0
                else:
                    rows = oidx.movedim(dim, 0).reshape(o.shape[dim], -1).tolist()
                    run, p = next((r, row.index(k)) for r, row in enumerate(rows) if k in row)
                value = {members[starts[run]][p]}
            elif kind == "counts":
                value = {e for j in range(starts[k], starts[k + 1]) for e in members[j]}
            else:
                value = set()
            per[(pos, k)] = [[[0], f, "value" if f in value else "compare"] for f in sorted(hits[(pos, k)])]
    return _rel([o.numel() for o in outs], per)


def relations(op, case, args, kwargs, out):
    if isinstance(out, torch.Tensor) and out.numel() == 0:
        return []
    if op["rel"] == "runs":
        return runs_relations(op, case, args, kwargs, out)
    if op["rel"] == "count":
        return count_relations(op, case, args, kwargs, out)
    if op["rel"] == "grad":
        if op.get("index_args"):
            return loss_relations(op, case, args, kwargs, out)
        return grad_relations(op, case, args, kwargs, out)
    if op["rel"] == "slice_dim":
        return slice_dim_relations(op, case, args, kwargs, out)
    if op["kind"] == "reduce":
        return reduce_relations(op, case, args, kwargs, out)
    if op["kind"] in ("scan", "sort"):
        return along_relations(op, case, args, kwargs, out)
    raise AssertionError(op["kind"])


# --------------------------------------------------------------------------------------------
# the oracle


def _close(a, b):
    """Equal within torch.testing's tolerances (a float summed in another order is not news)."""
    try:
        torch.testing.assert_close(a, b, equal_nan=True)
        return True
    except (AssertionError, TypeError, ValueError):
        return False


def expect_of(op, case):
    args, kwargs = case_arguments(op, case)
    fn = resolve(case["op"])
    out, expect = outcome(lambda: fn(*args, **kwargs))
    _, by_code = outcome(lambda: eval_code(case["code"]))
    extra = {}
    # PyTorch 1.13's CPU median/nanmedian along a dim misread an expanded (stride-0) view, even
    # reading memory it never wrote: where a contiguous copy of the same values answers
    # otherwise, that answer is the expectation, with a note.
    contig = lambda v: v.contiguous() if isinstance(v, torch.Tensor) else v  # noqa: E731
    if expect["ok"] and any(isinstance(v, torch.Tensor) and not v.is_contiguous() for v in list(args) + list(kwargs.values())):
        oc, ec = outcome(lambda: fn(*[contig(a) for a in args], **{k: contig(v) for k, v in kwargs.items()}))
        if ec["ok"] and (not _close(out, oc) or expect != by_code):
            out, expect = oc, ec
            by_code = ec
            extra["deviation"] = ("PyTorch 1.13 computes %s wrongly on this non-contiguous view; expectation "
                                  "from a contiguous copy of the same values" % RO.base_name(op["primary"]))
    check_reproduced(case, expect, by_code)
    if not expect["ok"]:
        m = NOT_IMPL.search(expect["error"]["message"])
        if m:
            a32 = [to_float32(a) for a in args]
            k32 = {k: to_float32(v) for k, v in kwargs.items()}
            o32, e32 = outcome(lambda: fn(*a32, **k32))
            if e32["ok"]:
                target = torch.float16 if m.group(1) == "Half" else torch.bfloat16
                conv = lambda t: t.to(target) if t.dtype == torch.float32 else t  # noqa: E731
                out = tuple(conv(t) for t in o32) if isinstance(o32, tuple) else conv(o32)
                expect = {"ok": True, "result": result_json(out)}
                extra["deviation"] = ("PyTorch 1.13 has no %s kernel for %s; expectation computed in "
                                      "float32 and rounded, as newer PyTorch does"
                                      % (m.group(1), RO.base_name(op["primary"])))
                args, kwargs = a32, k32
    if expect["ok"]:
        expect["relations"] = relations(op, case, args, kwargs, out)
    return expect, extra


def golden_line(op, case):
    expect, extra = expect_of(op, case)
    g = {"name": case["name"], "code": case["code"], "request": request_json(case), "expect": expect}
    g.update(extra)
    return g


# --------------------------------------------------------------------------------------------
# case generators

NONCONTIG = [([2, 3], "t"), ([2, 3, 2], "permute"), ([3, 2], "transpose"), ([2, 3], "expand"),
             ([2, 2, 3], "expand"), ([4, 3], "transpose"), ([2, 3, 2], "reshape")]


def _tn(names):
    tn = [q for q in names if q.startswith("torch.Tensor.")]
    return tn[0] if tn else None


class Builder:
    """Call builder for one op: the input first, then its other operands, then positional
    values, then the op's base keywords (unless given), then keywords."""

    def __init__(self, rng, op, names):
        self.rng, self.op, self.names = rng, op, names
        self.cases = []

    def T(self, shape, dtype=None, style="literal", domain=None, special=False, vals=None):
        dtype = dtype or self.rng.choice(self.op["dtypes"])
        gen = fixed(vals) if vals is not None else gen_vals(self.rng, dtype, domain or self.op["domain"], special)
        return tensor_code(self.rng, shape, dtype, gen, style)

    def add(self, name, x, pos=(), kw=(), form="func", operands=None, base=True):
        op = self.op
        if operands is None:
            operands = []
            xs = eval_code(x) if x.startswith("torch.") else None
            for on, dom in op["operands"]:
                shp = list(xs.shape) if xs is not None else [3]
                dt = NAME_OF_DTYPE[xs.dtype] if xs is not None else "float32"
                operands.append(self.T(shp, dt, domain=dom))
        kwnames = {k for k, _ in kw}
        given_pos = set(op["pos"][len(operands):len(operands) + len(pos)])
        bkw = [(k, v) for k, v in op["base"] if base and k not in kwnames and k not in given_pos]
        # base values that come positionally before dim (k, q) must be positional when pos is
        if pos and op["base"] and op["pos"] and op["pos"][0] == op["base"][0][0] and \
                op["base"][0][0] not in given_pos:
            pos = [v for k, v in op["base"]] + list(pos)
            bkw = []
        args = [x] + list(operands) + list(pos)
        kwargs = bkw + list(kw)
        tn = _tn(self.names)
        if form == "method" and tn and x.startswith("torch."):
            c = mk(name, tn, args, kwargs, method=True)
        elif form == "unbound" and tn:
            c = mk(name, tn, args, kwargs)
        elif form not in ("func", "method", "unbound"):
            c = mk(name, form, args, kwargs, method=form.startswith("torch.Tensor.") and x.startswith("torch."))
        else:
            c = mk(name, op["primary"], args, kwargs)
        self.cases.append(c)
        return c


def reduce_cases(rng, op, names):
    B = Builder(rng, op, names)
    T = B.T
    p = op["primary"]
    dk = op["dim"]
    forms = ["func", "method", "unbound"] if _tn(names) else ["func"]
    dim_pos = bool(op["pos"]) and op["pos"][len(op["operands"])] == "dim" if len(op["pos"]) > len(op["operands"]) else False
    gdt = lambda: rng.choice(op["dtypes"])  # noqa: E731
    matrix = dk == "matrix"

    def D(d, keep=None, positional=False):
        """dim (and keepdim) arguments: (pos, kw)."""
        if d is None and keep is None:
            return [], []
        if positional and dim_pos and not matrix:
            pos = [str(d)] + ([str(keep)] if keep is not None and op["pos"][1:2] == ["keepdim"] else [])
            kw = [("keepdim", str(keep))] if keep is not None and op["pos"][1:2] != ["keepdim"] else []
            return pos, kw
        kw = [] if d is None else [("dim", str(d) if not isinstance(d, tuple) else
                                    "(%s)" % (", ".join(map(str, d)) + ("," if len(d) == 1 else "")))]
        if keep is not None:
            kw.append(("keepdim", str(keep)))
        return [], kw

    def C(name, shape, d=None, keep=None, dtype=None, style="literal", form="func", kw=(),
          positional=False, **tk):
        pos, dkw = D(d, keep, positional)
        return B.add(name, T(shape, dtype, style, **tk), pos, dkw + list(kw), form)

    sweep_dim = None if dk in ("fixed", "matrix") else (1 if dk != "kw_int" else 1)
    # 1. every dtype
    for i, dt in enumerate(DTYPES):
        C("dtype_" + dt, [2, 3], sweep_dim, dtype=dt, form=forms[i % len(forms)],
          positional=bool(i % 2))
    if dk not in ("req_int", "req_tuple", "fixed", "matrix") and op["nodim_ok"]:
        for dt in ("int32", "bool", "float16", "bfloat16"):
            C("dtype_full_" + dt, [2, 2], dtype=dt)
    # 2. every qualified name
    for q in names[1:]:
        C("name_" + q, [2, 3], sweep_dim, form=q, dtype=gdt())
    if _tn(names):
        x = T([3, 2], gdt())
        B.add("unbound_dim0", x, kw=[] if sweep_dim is None else [("dim", "0")], form="unbound")
    x = T([2, 3], gdt())
    inp = "x" if p == "torch.linalg.vector_norm" else "input"
    B.cases.append(mk("kw_input", p, [], [(inp, x)] + list(op["base"]) +
                      ([("dim", "1")] if sweep_dim is not None else [])))
    if op["operands"]:
        B.cases[-1] = mk("kw_input", p, [], [(inp, x), ("other", T([2, 3], NAME_OF_DTYPE[eval_code(x).dtype]))])
    if matrix:
        for shape, d, keep in (([2, 3], None, None), ([3, 2, 2], None, True), ([2, 3, 2], (0, 2), None),
                               ([2, 2, 3], (-1, -3), True), ([2, 1, 3, 2], (1, 3), False),
                               ([3, 2], (1, 0), None), ([2, 0], None, None), ([0, 2, 3], None, None),
                               ([3], None, None), ([2, 2], (0, 0), None), ([2, 2], (0, 2), None),
                               ([2, 2], (0,), None), ([2, 2], 0, None)):
            C("dims_%s_%s_%s" % ("x".join(map(str, shape)), str(d).replace(" ", ""), keep), shape, d, keep)
    elif dk != "fixed":
        # 3. full reductions
        if op["nodim_ok"] and dk not in ("req_int", "req_tuple"):
            for shape in ([5], [2, 3], [2, 2, 2]):
                C("full_%s" % "x".join(map(str, shape)), shape, form=rng.choice(forms))
        if dk in ("opt_tuple", "opt_int_none", "req_tuple", "opt_int", "kw_int"):
            C("dim_none", [2, 3], "None")
        # 4. int dims, keepdim, positional
        for d, keep in ((1, None), (-1, None), (-3, None), (0, True), (2, False), (-2, True)):
            C("dim_%d_keep_%s" % (d, keep), [2, 3, 2], d, keep if op["keepdim"] else None,
              form=rng.choice(forms))
        C("dim_positional", [3, 4], 0, True if op["keepdim"] else None, positional=True)
        if not op["keepdim"]:
            C("err_keepdim", [3, 2], 0, True)
        # 5. tuples of dims
        for d in ((0, 2), (-1, 0), (), (1,), (1, 1), (0, -3), (0, 5), (0, 1, 2)):
            C("dims_%s" % str(d).replace(" ", ""), [2, 3, 2], d, True if op["keepdim"] and d == (0, 2) else None)
        # 6. out of range
        C("err_dim_out_of_range", [2, 3], 2)
        C("err_dim_out_of_range_neg", [2, 3], -3)
        # 7. rank 0
        if op["nodim_ok"] and dk not in ("req_int", "req_tuple"):
            C("rank0", [])
        C("rank0_dim0", [], 0)
        C("rank0_dim_neg1", [], -1, True if op["keepdim"] else None)
        C("err_rank0_dim1", [], 1)
        # 8. rank 4
        C("rank4_dim2", [2, 1, 3, 2], 2)
        C("rank4_dims13", [2, 1, 3, 2], (1, 3), True if op["keepdim"] else None)
        # 9. size 0
        if op["nodim_ok"] and dk not in ("req_int", "req_tuple"):
            C("empty_full", [0])
        C("empty_slices_dim1", [2, 0], 1)
        C("empty_dim0_of_2x0", [2, 0], 0)
        C("empty_0x3_dim1_keep", [0, 3], 1, True if op["keepdim"] else None)
        C("empty_0_dim0", [0], 0)
    else:  # dist
        x = T([2, 3], "float32")
        B.add("bcast_row", x, operands=[T([3], "float32")])
        B.add("bcast_scalar", T([2, 2], "float64"), operands=[T([], "float64")])
        B.add("bcast_col_row", T([2, 1], "float32"), operands=[T([1, 3], "float32")])
        B.add("err_bcast", T([2, 3], "float32"), operands=[T([4], "float32")])
        B.add("mixed_float32_float64", T([3], "float32"), operands=[T([3], "float64")])
        B.add("mixed_float32_int64", T([3], "float32"), operands=[T([3], "int64")])
        B.add("rank0", T([], "float32"))
        B.add("empty", T([0], "float32"))
        B.add("empty_2x0", T([2, 0], "float64"))
    # 10. non-contiguous
    for j, (shape, style) in enumerate(NONCONTIG):
        if j % 2 == 0 or j == len(NONCONTIG) - 1:
            d = None if dk in ("fixed", "matrix") else (j % len(shape)) - (1 if j % 3 == 0 else 0)
            C("noncontig_%s_%d" % (style, j), shape, d, dtype=gdt(), style=style)
    # 11. NaN and inf
    for dt in ("float32", "float64", "float16"):
        shape = [2, 3] if dt != "float16" else [4]
        C("special_%s" % dt, shape, None if dk in ("fixed", "matrix") or dt == "float64" else -1,
          dtype=dt, special=True)
    C("nan_only_row", [2, 3], None if dk in ("fixed", "matrix") else 1, dtype="float32",
      vals=[math.nan, 1.0, 2.0, 0.0, 3.0, 3.0])
    # 12. ties on purpose
    C("ties_float32", [2, 4], None if dk in ("fixed", "matrix") else 1, dtype="float32",
      vals=[2.0, 1.0, 2.0, 0.0, 3.0, 3.0, 1.0, 3.0])
    C("ties_int64_dim0", [3, 2], None if dk in ("fixed", "matrix") else 0, dtype="int64",
      vals=[1, 2, 1, 2, 0, 2])
    C("all_equal", [2, 3], None if dk in ("fixed", "matrix") else 1, dtype="float32", vals=[1.0] * 6)
    # 13. dtype=
    if op["dtype_kw"]:
        d = None if dk in ("fixed", "matrix") else 1
        for src, dst in (("int32", "float64"), ("float32", "float16"), ("float32", "int32"),
                         ("int64", "bool"), ("float64", "float32"), ("bool", "int64")):
            C("dtype_kw_%s_to_%s" % (src, dst), [2, 3], d, dtype=src, kw=[("dtype", "torch." + dst)])
    # 14. parameters
    for pn, vals, how in op["params"]:
        for j, v in enumerate(vals):
            shape = [2, 3] if not matrix else [2, 2, 3]
            d = None if dk in ("fixed", "matrix") or j % 2 == 0 else 1
            if pn in ("p", "ord") and v in ("'fro'", "'nuc'") and p == "torch.norm":
                d = None
            if p == "torch.linalg.norm":
                d = None if v != "None" else 1
            if pn == "k":
                C("param_k_%d" % j, [2, 3], 1 if j != 2 else None, form=forms[j % len(forms)],
                  kw=[("k", v)])
                continue
            C("param_%s_%d" % (pn, j), shape, d, form=forms[j % len(forms)], kw=[(pn, v)],
              domain="ties" if op["rel"] != "slice" else None)
    if p in ("torch.std", "torch.var", "torch.std_mean", "torch.var_mean"):
        B.add("positional_unbiased", T([2, 3], "float32"), ["False"])
        B.add("positional_dim_unbiased_keepdim", T([2, 3], "float32"), ["1", "False", "True"])
        B.add("err_unbiased_and_correction", T([4], "float32"), kw=[("unbiased", "True"), ("correction", "0")])
        B.add("single_element_unbiased", T([1], "float64"))
        B.add("single_element_dim", T([2, 1], "float64"), kw=[("dim", "1")])
        B.add("correction_too_big", T([3], "float64"), kw=[("correction", "5")])
    if p in ("torch.kthvalue",):
        B.add("err_k_too_big", T([2, 3], "float32"), kw=[("k", "4")])
        B.add("err_k_zero", T([2, 3], "float32"), kw=[("k", "0")])
        B.add("k_positional", T([2, 3], "float32"), ["2", "1"], base=False)
        B.add("err_k_positional_too_big", T([2, 3], "float32"), ["3", "0"], base=False)
        B.add("err_k_missing", T([2, 3], "float32"), base=False)
        # a 0-d input is copied out before the kernel is chosen: bool too
        B.add("rank0_bool", T([], "bool", vals=[True]), kw=[("k", "1")])
        B.add("rank0_float16", T([], "float16", vals=[-0.63]), kw=[("k", "1"), ("dim", "0")])
        B.add("err_rank0_k0", T([], "float32", vals=[-0.63]), kw=[("k", "0")])
        B.add("err_rank0_k2", T([], "float32", vals=[-0.63]), kw=[("k", "2")])
        B.add("err_bool_k_too_big", T([2], "bool", vals=[True, False]), kw=[("k", "5")])
        B.add("err_bool_empty_line", T([2, 0], "bool", vals=[]), kw=[("k", "1")])
        B.add("err_bool", T([2], "bool", vals=[True, False]), kw=[("k", "1")])
    if p in ("torch.quantile", "torch.nanquantile"):
        for v in ("1.5", "-0.25"):
            B.add("err_q_%s" % v, T([4], "float32"), kw=[("q", v)])
        B.add("q_positional_dim", T([2, 4], "float64"), ["0.75", "1", "True"], base=False)
        for j, it in enumerate(INTERP_TIES):
            B.add("interp_ties_%d" % j, T([2, 4], "float32", vals=[1.0, 2.0, 2.0, 4.0, 3.0, 1.0, 3.0, 1.0]),
                  kw=[("q", "0.4"), ("dim", "1"), ("interpolation", it)])
        B.add("err_interpolation", T([4], "float32"), kw=[("interpolation", "'cubic'")])
        B.add("nan_full", T([5], "float64", vals=[1.0, math.nan, 3.0, 2.0, 0.0]), kw=[("q", "0.3")])
    if p in ("torch.max", "torch.min"):
        B.add("err_dim_and_other", T([3], "float32"), ["0", T([3], "float32")])
        B.add("err_empty_full", T([0], "float32"))
        B.add("empty_dim_nonempty_slices", T([0, 3], "float32"), kw=[("dim", "1")])
    if p in ("torch.mode", "torch.median", "torch.nanmedian"):
        B.add("many_ties_dim0", T([4, 2], "float32", vals=[1.0, 2.0, 1.0, 2.0, 3.0, 2.0, 3.0, 1.0]), ["0"])
        B.add("nan_half", T([2, 3], "float64", vals=[math.nan, 1.0, math.nan, 2.0, 2.0, math.nan]), ["1"])
    if p in ("torch.median", "torch.nanmedian"):
        # lines of NaN alone: nanmedian's std::nth_element (libstdc++'s steps) decides which NaN
        # is picked (index 2 of 5, 0 of 3); median takes the first NaN
        nan = math.nan
        for n in range(1, 10):
            B.add("all_nan_len%d" % n, T([n], "float32" if n % 2 else "float64", vals=[nan] * n), ["0"])
        B.add("all_nan_len40", T([40], "float32", vals=[nan] * 40), ["0"])
        B.add("all_nan_rows_dim1", T([3, 5], "float32", vals=[nan] * 15), ["1"])
        B.add("all_nan_cols_dim0_keepdim", T([5, 3], "bfloat16", vals=[nan] * 15), ["0", "True"])
        B.add("all_nan_full", T([2, 5], "float32", vals=[nan] * 10))
        mixed = [nan, nan, nan, nan, nan, nan, 1.0,
                 nan, 2.0, nan, 2.0, nan, nan, nan,
                 3.0, nan, 1.0, nan, 1.0, 2.0, nan,
                 nan, nan, nan, nan, nan, nan, nan,
                 0.0, -0.0, nan, 0.0, nan, nan, -1.0,
                 nan, nan, 5.0, nan, nan, 4.0, nan]
        B.add("mixed_nan_rows", T([6, 7], "float32", vals=mixed), ["1"])
        B.add("mixed_nan_cols", T([7, 6], "float64", vals=[mixed[(i % 6) * 7 + i // 6] for i in range(42)]), ["0"])
    # 15. errors
    xx = T([2, 3], "float32")
    B.cases += [mk("err_no_args", p, []),
                mk("err_unknown_kw", p, [xx], list(op["base"]) + [("foo", "1")]),
                mk("err_string_operand", p, ["'a'"] + (["'b'"] if op["operands"] else []), list(op["base"])),
                mk("err_list_operand", p, ["[1.0, 2.0]"] + (["[1.0, 2.0]"] if op["operands"] else []), list(op["base"])),
                mk("err_extra_positional", p, [xx] + (["1"] * (len(op["pos"]) + 2)))]
    if dk != "fixed":
        B.cases.append(mk("err_dim_string", p, [xx], list(op["base"]) + [("dim", "'a'")]))
        B.cases.append(mk("err_dim_float", p, [xx], list(op["base"]) + [("dim", "1.5")]))
    return B.cases


INTERP_TIES = RO.INTERP


def along_cases(rng, op, names):
    """Scans and sorts: one dim (default -1 or required), same-shape outputs (topk: k)."""
    B = Builder(rng, op, names)
    T = B.T
    p = op["primary"]
    forms = ["func", "method", "unbound"] if _tn(names) else ["func"]
    gdt = lambda: rng.choice(op["dtypes"])  # noqa: E731
    fixed_dim = op["dim"] == "fixed"
    dim_pos = op["pos"][:1] == ["dim"]

    def C(name, shape, d=None, dtype=None, style="literal", form="func", kw=(), positional=False, **tk):
        pos, dkw = [], []
        if d is not None:
            if positional and dim_pos:
                pos = [str(d)]
            else:
                dkw = [("dim", str(d))]
        return B.add(name, T(shape, dtype, style, **tk), pos, dkw + list(kw), form)
    sd = None if fixed_dim else 1
    for i, dt in enumerate(DTYPES):
        C("dtype_" + dt, [2, 3], sd, dtype=dt, form=forms[i % len(forms)], positional=bool(i % 2))
    for q in names[1:]:
        C("name_" + q, [2, 3], sd, form=q, dtype=gdt())
    B.cases.append(mk("kw_input", p, [], [("input", T([2, 3], gdt()))] + list(op["base"]) +
                      ([("dim", "0")] if not fixed_dim else [])))
    if not fixed_dim:
        for d in (0, -1, 2, -3):
            C("dim_%d" % d, [2, 3, 2], d, form=rng.choice(forms))
        C("dim_positional", [3, 2], 0, positional=True)
        if op["dim"] == "req_int":
            C("err_no_dim", [3])
        else:
            C("default_dim", [2, 3])
        C("dim_none", [3], "None")
        C("err_dim_tuple", [2, 3], "(0, 1)")
        C("err_dim_out_of_range", [2, 3], 2)
        C("err_dim_out_of_range_neg", [2, 3], -3)
        C("rank0_dim0", [], 0)
        C("rank0_dim_neg1", [], -1)
        C("err_rank0_dim1", [], 1)
        C("rank4_dim2", [2, 1, 3, 2], 2)
        C("rank1", [5], 0)
        C("empty_0", [0], 0)
        C("empty_2x0_dim1", [2, 0], 1)
        C("empty_2x0_dim0", [2, 0], 0)
    else:
        for shape in ([4, 2], [3], [2, 1, 3], [], [0], [0, 3]):
            C("shape_%s" % ("x".join(map(str, shape)) or "scalar"), shape, form=rng.choice(forms))
    for j, (shape, style) in enumerate(NONCONTIG):
        if j % 2 == 0 or j == len(NONCONTIG) - 1:
            d = None if fixed_dim else (j % len(shape)) - (1 if j % 3 == 0 else 0)
            C("noncontig_%s_%d" % (style, j), shape, d, dtype=gdt(), style=style)
    for dt in ("float32", "float64", "float16"):
        C("special_%s" % dt, [2, 3] if dt != "float16" else [4], None if fixed_dim else -1, dtype=dt, special=True)
    C("nan_ties", [2, 4], None if fixed_dim else 1, dtype="float32",
      vals=[math.nan, 1.0, 2.0, math.nan, 3.0, 3.0, 1.0, 3.0])
    C("ties_float32", [2, 4], None if fixed_dim else 1, dtype="float32",
      vals=[2.0, 1.0, 2.0, 0.0, 3.0, 3.0, 1.0, 3.0])
    C("ties_int64_dim0", [3, 2], None if fixed_dim else 0, dtype="int64", vals=[1, 2, 1, 2, 0, 2])
    C("all_equal", [6], None if fixed_dim else 0, dtype="float32", vals=[1.0] * 6)
    C("long_ties", [12], None if fixed_dim else 0, dtype="float64",
      vals=[1.0, 0.0, 1.0, 1.0, 2.0, 0.0, 2.0, 1.0, 0.0, 2.0, 2.0, 1.0])
    if op["dtype_kw"]:
        for src, dst in (("int32", "float64"), ("float32", "float16"), ("float32", "int32"),
                         ("int64", "bool"), ("bool", "int64"), ("int8", "int8")):
            C("dtype_kw_%s_to_%s" % (src, dst), [2, 3], 1, dtype=src, kw=[("dtype", "torch." + dst)])
    if p in ("torch.cumsum", "torch.cumprod"):
        C("overflow_int8_dtype", [4], 0, dtype="int8", vals=[100, 100, 100, -128], kw=[("dtype", "torch.int8")])
        C("overflow_uint8_to_int64", [4], 0, dtype="uint8", vals=[200, 200, 200, 200])
    for pn, vals, how in op["params"]:
        for j, v in enumerate(vals):
            C("param_%s_%d" % (pn, j), [2, 4] if pn != "n" else [2, 4], None if fixed_dim or j % 2 else 1,
              form=forms[j % len(forms)], kw=[(pn, v)], domain="ties" if p != "torch.diff" else None)
    if p == "torch.sort":
        B.add("stable_positional_error", T([4], "float32"), ["0", "False", "True"])
        B.add("stable_kw_all", T([2, 4], "float32", vals=[1.0, 0.0, 1.0, 0.0, 2.0, 2.0, 1.0, 2.0]),
              kw=[("stable", "True"), ("dim", "1"), ("descending", "True")])
        B.add("stable_none", T([5], "float32"), kw=[("stable", "None")])
    if p == "torch.topk":
        B.add("err_k_too_big", T([2, 3], "float32"), kw=[("k", "4")])
        B.add("err_k_negative", T([2, 3], "float32"), kw=[("k", "-1")])
        B.add("err_k_missing", T([2, 3], "float32"), base=False)
        B.add("positional_all", T([2, 4], "float32"), ["3", "1", "False", "True"], base=False)
        B.add("k_dim0", T([3, 2], "float64"), kw=[("k", "3"), ("dim", "0")])
        B.add("unsorted_ties", T([8], "float32", vals=[2.0, 1.0, 2.0, 3.0, 2.0, 3.0, 1.0, 2.0]),
              kw=[("k", "4"), ("sorted", "False")])
        # k·64 ≤ the line's length: PyTorch takes a heap select (std::partial_sort), whose
        # positions among equal values differ from nth_element's
        B.add("heap_select_ties", T([2, 130], "float32", vals=[float((i * 7 + i // 5) % 3) for i in range(260)]),
              kw=[("k", "2")])
        B.add("heap_select_ties_smallest", T([3, 64], "float32", vals=[float((i * 5 + i // 3) % 4) for i in range(192)]),
              kw=[("k", "1"), ("largest", "False"), ("sorted", "False")])
        # a 0-d input is copied out before any kernel: k may be 0 (its element all the same),
        # and no dtype is refused, bool included
        B.add("rank0_k0", T([], "float32", vals=[-0.63]), kw=[("k", "0")])
        B.add("rank0_k0_positional_dim", T([], "float64", vals=[2.5]), ["0", "0"], base=False)
        B.add("rank0_k0_smallest_unsorted", T([], "float32", vals=[1.5]),
              kw=[("k", "0"), ("largest", "False"), ("sorted", "False")])
        B.add("rank0_k1", T([], "float16", vals=[-0.63]), kw=[("k", "1")])
        B.add("rank0_k0_nan", T([], "float32", vals=[math.nan]), kw=[("k", "0")])
        B.add("rank0_k0_int8", T([], "int8", vals=[3]), kw=[("k", "0")])
        B.add("rank0_k0_bool", T([], "bool", vals=[True]), kw=[("k", "0")])
        B.add("rank0_k1_bool", T([], "bool", vals=[False]), kw=[("k", "1")])
        B.add("err_rank0_k2", T([], "float32", vals=[-0.63]), kw=[("k", "2")])
        B.add("err_rank0_k_negative", T([], "float32", vals=[-0.63]), kw=[("k", "-1")])
        B.add("err_bool_k_too_big", T([2], "bool", vals=[True, False]), kw=[("k", "5")])
        B.add("err_bool_k0", T([2], "bool", vals=[True, False]), kw=[("k", "0")])
    if p == "torch.diff":
        B.add("prepend_append", T([2, 3], "float32"), kw=[("prepend", T([2, 1], "float32")),
                                                         ("append", T([2, 2], "float32"))])
        B.add("prepend_dim0", T([2, 3], "int64"), kw=[("dim", "0"), ("prepend", T([1, 3], "int64"))])
        B.add("append_n2", T([5], "float64"), kw=[("n", "2"), ("append", T([2], "float64"))])
        B.add("prepend_positional", T([4], "float32"), ["1", "0", T([1], "float32"), T([1], "float32")])
        B.add("err_prepend_shape", T([2, 3], "float32"), kw=[("prepend", T([3, 1], "float32"))])
        B.add("err_n_negative", T([4], "float32"), kw=[("n", "-1")])
        B.add("bool_xor", T([5], "bool"))
        B.add("uint8_wrap", T([4], "uint8", vals=[0, 5, 2, 255]))
        B.add("err_rank0", T([], "float32"))
        B.add("prepend_mixed_dtype", T([3], "float32"), kw=[("prepend", T([1], "int64"))])
    if p in ("torch.cummax", "torch.cummin"):
        B.add("nan_middle", T([5], "float32", vals=[1.0, 3.0, math.nan, 2.0, 5.0]), ["0"])
    xx = T([2, 3], "float32")
    B.cases += [mk("err_no_args", p, []),
                mk("err_unknown_kw", p, [xx], list(op["base"]) + ([("dim", "0")] if op["dim"] == "req_int" else []) + [("foo", "1")]),
                mk("err_string_operand", p, ["'a'"], list(op["base"]) + ([("dim", "0")] if op["dim"] == "req_int" else [])),
                mk("err_list_operand", p, ["[1.0, 2.0]"], list(op["base"]) + ([("dim", "0")] if op["dim"] == "req_int" else [])),
                mk("err_extra_positional", p, [xx] + (["1"] * (len(op["pos"]) + 2)))]
    return B.cases


def fn_cases(rng, op, names):
    """softmax / normalization / losses: hand-picked calls per op, plus the dtype sweep, every
    qualified name and invalid calls."""
    B = Builder(rng, op, names)
    p = op["primary"]
    b = p.rsplit(".", 1)[1]

    def T(shape, dtype="float32", domain="any", style="literal", special=False, vals=None):
        return B.T(shape, dtype, style, domain=domain, special=special, vals=vals)

    def A(name, args, kw=(), form=None):
        B.cases.append(mk(name, form or p, args, kw, method=(form or "").startswith("torch.Tensor.")))

    def cls(shape, n, vals=None):
        return tensor_code(rng, shape, "int64", fixed(vals) if vals else gen_vals(rng, "int64", "cls:%d" % n))
    R = ["'none'", "'mean'", "'sum'"]
    # the simple call for the dtype sweep and the names: (args builder by dtype, kwargs)
    if b in ("softmax", "log_softmax", "softmin"):
        simple = (lambda dt: [T([2, 3], dt)], [("dim", "1")])
        for d in ("0", "-1", "2"):
            A("dim_" + d, [T([2, 3, 2])], [("dim", d)])
        A("dim_positional", [T([3, 2], "float64"), "0"])
        A("rank0", [T([])], [("dim", "0")])
        A("rank4", [T([2, 1, 3, 2])], [("dim", "2")])
        A("empty", [T([0, 3])], [("dim", "1")])
        A("empty_slice", [T([2, 0])], [("dim", "1")])
        A("special", [T([2, 3], special=True)], [("dim", "1")])
        A("inf_row", [T([2, 3], vals=[math.inf, 1.0, 2.0, -math.inf, -math.inf, 0.0])], [("dim", "1")])
        A("large", [T([3], vals=[1000.0, 1000.0, -1000.0])], [("dim", "0")])
        A("noncontig_t", [tensor_code(rng, [2, 3], "float32", gen_vals(rng, "float32"), "t")], [("dim", "1")])
        A("noncontig_expand", [tensor_code(rng, [2, 3], "float32", gen_vals(rng, "float32"), "expand")], [("dim", "0")])
        A("dtype_kw_float64", [T([2, 3])], [("dim", "1"), ("dtype", "torch.float64")])
        A("dtype_kw_int_input", [T([2, 3], "int64")], [("dim", "1"), ("dtype", "torch.float32")])
        A("err_dim_out_of_range", [T([2, 3])], [("dim", "2")])
        if p.startswith("torch.nn"):
            A("implicit_dim_rank1", [T([4])])
            A("implicit_dim_rank2", [T([2, 3])])
            A("implicit_dim_rank3", [T([2, 2, 3])])
        else:
            A("err_no_dim", [T([4])])
            for q in names:
                if q.startswith("torch.nn.functional."):
                    A("functional_implicit_dim", [T([2, 3])], form=q)
    elif b == "normalize":
        simple = (lambda dt: [T([2, 3], dt)], [])
        for pv in ("1", "2.0", "3", "float('inf')", "0.5"):
            A("p_" + pv, [T([2, 3])], [("p", pv)])
        A("dim_0", [T([2, 3])], [("dim", "0")])
        A("dim_neg1_rank3", [T([2, 2, 3], "float64")], [("dim", "-1")])
        A("zero_row_eps", [T([2, 3], vals=[0.0, 0.0, 0.0, 1.0, 2.0, 2.0])], [("eps", "0.5")])
        A("rank1_dim0", [T([4])], [("dim", "0")])
        A("err_rank1_default_dim", [T([4])])
        A("empty", [T([0, 3])])
        A("special", [T([2, 3], special=True)])
        A("positional", [T([2, 3], "float64"), "1.0", "0", "1e-06"])
        A("noncontig_t", [tensor_code(rng, [3, 2], "float32", gen_vals(rng, "float32"), "t")])
    elif b == "layer_norm":
        simple = (lambda dt: [T([2, 3], dt), "(3,)"], [])
        A("weight_bias", [T([2, 3]), "[3]", T([3]), T([3])])
        A("two_dims", [T([2, 2, 3], "float64"), "(2, 3)", T([2, 3], "float64"), T([2, 3], "float64")])
        A("eps", [T([2, 4])], [("normalized_shape", "[4]"), ("eps", "0.1")])
        A("single_element_group", [T([3, 1]), "(1,)"])
        A("weight_only", [T([2, 3]), "(3,)"], [("weight", T([3]))])
        A("bias_only", [T([2, 3]), "(3,)"], [("bias", T([3]))])
        A("rank1", [T([4]), "(4,)"])
        A("err_shape", [T([2, 3]), "(2,)"])
        A("err_weight_shape", [T([2, 3]), "(3,)", T([2])])
        A("special", [T([2, 3], special=True), "(3,)"])
        A("noncontig_t", [tensor_code(rng, [2, 3], "float32", gen_vals(rng, "float32"), "t"), "(2,)"])
        A("empty_batch", [T([0, 3]), "(3,)"])
        A("ties_constant_row", [T([2, 3], vals=[1.0, 1.0, 1.0, 1.0, 2.0, 3.0]), "(3,)"])
    elif b in ("group_norm",):
        simple = (lambda dt: [T([2, 4], dt), "2"], [])
        A("weight_bias", [T([2, 4, 2]), "2", T([4]), T([4])])
        A("groups_1", [T([2, 3, 2], "float64"), "1"])
        A("groups_per_channel", [T([1, 4, 3]), "4", T([4]), T([4])])
        A("eps", [T([2, 4])], [("num_groups", "4"), ("eps", "0.5")])
        A("err_not_divisible", [T([2, 3]), "2"])
        A("rank4", [T([1, 4, 2, 2]), "2"])
        A("special", [T([2, 4], special=True), "2"])
        A("err_rank1", [T([4]), "2"])
    elif b in ("batch_norm", "instance_norm"):
        stats = lambda c: [T([c], "float32", "pos"), T([c], "float32", "pos")]  # noqa: E731
        if b == "batch_norm":
            simple = (lambda dt: [T([3, 2], dt)] + [T([2], dt, "pos"), T([2], dt, "pos")], [])
            A("eval_weight_bias", [T([3, 2])] + stats(2) + [T([2]), T([2])])
            A("training", [T([3, 2])] + stats(2), [("training", "True")])
            A("training_weight_bias", [T([2, 2, 3], "float64")] + [T([2], "float64", "pos"), T([2], "float64", "pos"),
                                                                   T([2], "float64"), T([2], "float64")], [("training", "True"), ("momentum", "0.5")])
            A("training_no_stats", [T([4, 2]), "None", "None"], [("training", "True")])
            A("err_training_one_value", [T([1, 2])] + stats(2), [("training", "True")])
            A("eval_rank4", [T([1, 2, 2, 2])] + stats(2), [("eps", "0.1")])
            A("err_eval_no_stats", [T([3, 2]), "None", "None"])
            A("err_stats_shape", [T([3, 2])] + stats(3))
            A("special_eval", [T([3, 2], special=True)] + stats(2))
        else:
            simple = (lambda dt: [T([2, 2, 3], dt)], [])
            A("weight_bias", [T([2, 2, 3])], [("weight", T([2])), ("bias", T([2]))])
            A("running_stats_input_stats", [T([2, 2, 3], "float64")] + [T([2], "float64", "pos"), T([2], "float64", "pos")])
            A("running_stats_eval", [T([2, 2, 3])] + stats(2), [("use_input_stats", "False")])
            A("rank4", [T([1, 2, 2, 2])], [("eps", "0.1")])
            A("err_one_spatial", [T([2, 2, 1])])
            A("special", [T([1, 2, 3], special=True)])
    elif b == "local_response_norm":
        simple = (lambda dt: [T([1, 4, 2], dt), "2"], [])
        A("size_3_params", [T([2, 5, 2]), "3"], [("alpha", "0.5"), ("beta", "0.75"), ("k", "2.0")])
        A("size_1", [T([1, 3, 2], "float64"), "1"])
        A("rank4", [T([1, 4, 2, 2]), "2"])
        A("size_big", [T([1, 3, 2]), "5"])
        A("err_rank2", [T([2, 3]), "2"])
        A("positional", [T([1, 4, 3]), "2", "0.001", "0.5", "1.5"])
    elif b == "histc":
        simple = (lambda dt: [T([6], dt)], [("bins", "4")])
        A("default_bins", [T([5])])
        A("bins_positional", [T([2, 3]), "3"])
        A("range", [T([6])], [("bins", "5"), ("min", "-2"), ("max", "2")])
        A("range_positional", [T([4], vals=[0.0, 1.0, 2.0, 3.0]), "3", "0", "3"])
        A("out_of_range", [T([5], vals=[-3.0, 0.5, 1.0, 2.5, 9.0])], [("bins", "2"), ("min", "0"), ("max", "2")])
        A("edges", [T([5], vals=[0.0, 1.0, 2.0, 3.0, 4.0])], [("bins", "4")])
        A("all_equal", [T([3], vals=[3.0, 3.0, 3.0])], [("bins", "4")])
        A("rank2_float64", [T([2, 3], "float64")], [("bins", "3")])
        A("rank0", [T([])], [("bins", "2")])
        A("empty", [T([0])], [("bins", "3")])
        A("noncontig", [tensor_code(rng, [2, 3], "float32", gen_vals(rng, "float32", "any"), "t")], [("bins", "3")])
        A("nan_with_range", [T([3], vals=[1.0, float("nan"), 2.0])], [("bins", "2"), ("min", "0"), ("max", "4")])
        A("err_nan_auto_range", [T([3], vals=[1.0, float("inf"), 2.0])], [("bins", "2")])
        A("err_bins_zero", [T([3])], [("bins", "0")])
        A("err_min_above_max", [T([3])], [("bins", "2"), ("min", "3"), ("max", "1")])
        # Ranges at the dtype's limits: a range wider than the dtype holds makes the first and last
        # edges NaN and every element lands in bin 0; ends the dtype cannot hold are refused.
        A("range_overflows", [T([5], vals=[-3.4e38, 0.0, 1.0, 3e38, float("inf")])], [("bins", "4"), ("min", "-2e38"), ("max", "2e38")])
        A("range_overflows_float64", [T([4], "float64", vals=[-1.7e308, 0.0, 1.0, 1e308])], [("bins", "3")])
        A("near_largest", [T([4], vals=[-1.5e38, -1e38, -2.5e38, 0.0])], [("bins", "3"), ("min", "-3e38"), ("max", "0")])
        A("err_min_beyond_float32", [T([3])], [("bins", "3"), ("min", "-3.5e38"), ("max", "0")])
        A("many_bins_bfloat16", ["torch.linspace(-1, 1, 101).to(torch.bfloat16)"], [("bins", "300"), ("min", "-0.3"), ("max", "0.9")])
        A("float16_range", [T([5], "float16")], [("bins", "3"), ("min", "-1"), ("max", "1")])
    elif b == "bincount":
        simple = (lambda dt: [T([5], dt, "int")], [])
        A("basic", [T([6], "int64", vals=[0, 1, 1, 3, 1, 0])])
        A("minlength", [T([3], "int64", vals=[2, 0, 2])], [("minlength", "5")])
        A("minlength_short", [T([3], "int64", vals=[4, 0, 2])], [("minlength", "2")])
        A("weights", [T([4], "int64", vals=[1, 3, 1, 0])], [("weights", T([4], "float32", "pos"))])
        A("weights_positional", [T([3], "int64", vals=[2, 2, 0]), T([3], "float64", "pos")])
        A("weights_int", [T([3], "int64", vals=[0, 2, 2]), T([3], "int64", "int")])
        A("uint8", [T([4], "uint8", vals=[3, 1, 1, 0])])
        A("empty", [T([0], "int64")])
        A("empty_minlength", [T([0], "int64")], [("minlength", "3")])
        A("noncontig_expand", ["torch.tensor([2]).expand(3)"])
        A("err_negative", [T([3], "int64", vals=[1, -1, 2])])
        A("err_rank2", [T([2, 2], "int64", vals=[1, 0, 2, 1])])
        A("err_minlength_negative", [T([3], "int64", vals=[1, 0, 2])], [("minlength", "-1")])
        A("err_weights_length", [T([3], "int64", vals=[1, 0, 2]), T([2], "float32", "pos")])
    elif b == "unique_consecutive":
        simple = (lambda dt: [T([6], dt, "ties")], [("return_counts", "True")])
        x8 = lambda dt="int64": T([8], dt, vals=[1, 1, 2, 2, 3, 1, 1, 2])  # noqa: E731
        A("output_only", [x8()])
        A("return_inverse", [x8()], [("return_inverse", "True")])
        A("return_counts", [x8()], [("return_counts", "True")])
        A("both", [x8()], [("return_inverse", "True"), ("return_counts", "True")])
        # PyTorch's dispatch reads positional flags at swapped indices
        A("positional_true", [x8(), "True"])
        A("positional_false_true", [x8(), "False", "True"])
        A("positional_both", [x8(), "True", "True"])
        A("positional_dim", [T([3, 2], "int64", vals=[1, 2, 1, 2, 0, 2]), "True", "True", "0"])
        A("rank2_flattened", [T([2, 3], "int64", "ties")], [("return_inverse", "True"), ("return_counts", "True")])
        A("float_ties", [T([7], "float32", "ties")], [("return_inverse", "True"), ("return_counts", "True")])
        A("all_equal", [T([4], "int64", vals=[5, 5, 5, 5])], [("return_inverse", "True"), ("return_counts", "True")])
        A("all_different", [T([4], "float64", vals=[1.0, 2.0, 1.0, 2.0])], [("return_inverse", "True"), ("return_counts", "True")])
        A("nan_never_equal", [T([5], vals=[math.nan, math.nan, 1.0, 1.0, math.nan])], [("return_inverse", "True"), ("return_counts", "True")])
        A("bool", [T([5], "bool", vals=[True, True, False, True, True])], [("return_inverse", "True"), ("return_counts", "True")])
        A("dim0_rows", [T([4, 2], "int64", vals=[1, 2, 1, 2, 3, 4, 1, 2])], [("dim", "0"), ("return_inverse", "True"), ("return_counts", "True")])
        A("dim1_columns", [T([2, 4], "int64", vals=[1, 1, 2, 2, 3, 3, 4, 5])], [("dim", "1"), ("return_inverse", "True"), ("return_counts", "True")])
        A("dim_neg1_rank3", [T([2, 2, 3], "int64", "ties")], [("dim", "-1"), ("return_counts", "True")])
        A("dim1_rank3", [T([2, 3, 2], "float32", "ties")], [("dim", "1"), ("return_inverse", "True")])
        A("nan_rows_dim0", [T([2, 1], vals=[math.nan, math.nan])], [("dim", "0"), ("return_counts", "True")])
        A("rank0", [T([])], [("return_inverse", "True"), ("return_counts", "True")])
        A("empty", [T([0])], [("return_inverse", "True"), ("return_counts", "True")])
        A("empty_2d", [T([0, 3])], [("return_inverse", "True"), ("return_counts", "True")])
        A("empty_selected_dim", [T([0, 3])], [("dim", "0"), ("return_inverse", "True"), ("return_counts", "True")])
        A("noncontig_t", [tensor_code(rng, [3, 2], "int64", fixed([1, 1, 2, 2, 2, 3]), "t")], [("return_inverse", "True"), ("return_counts", "True")])
        A("noncontig_dim", [tensor_code(rng, [3, 2], "int64", fixed([1, 1, 1, 1, 2, 3]), "t")], [("dim", "1"), ("return_counts", "True")])
        A("method_positional", [x8(), "True"], form="torch.Tensor.unique_consecutive")
        A("method_dim", [T([3, 2], "int64", vals=[1, 2, 1, 2, 0, 2])], [("dim", "0"), ("return_counts", "True")],
          form="torch.Tensor.unique_consecutive")
        A("err_rank0_dim", [T([])], [("dim", "0")])
        A("err_dim_out_of_range", [T([2, 3])], [("dim", "2")])
        A("err_unselected_zero_dim", [T([0, 3])], [("dim", "1")])
        A("err_two_zero_dims", [T([0, 0])], [("dim", "0")])
        A("err_flag_string", [x8()], [("return_inverse", "'a'")])
        A("err_flag_int", [x8()], [("return_counts", "2")])
        A("err_dim_float", [x8()], [("dim", "1.5")])
        A("err_unknown_kw_inverse", [x8()], [("return_inverse", "True"), ("foo", "1")])
        A("err_too_many_positional", [x8(), "True", "True", "0", "1"])
        A("err_method_too_many", [x8(), "True", "True", "0", "1"], form="torch.Tensor.unique_consecutive")
        A("err_tensor_flag_ambiguous", [x8()], [("return_inverse", T([2], "bool"))])
    elif b in ("cosine_similarity", "pairwise_distance"):
        simple = (lambda dt: [T([2, 3], dt), T([2, 3], dt)], [])
        A("bcast", [T([2, 3]), T([3])])
        A("rank1", [T([4], "float64"), T([4], "float64")], [("dim", "0")] if b == "cosine_similarity" else [])
        A("eps", [T([2, 3]), T([2, 3])], [("eps", "0.5")])
        A("zero_vector", [T([2, 3], vals=[0.0] * 3 + [1.0, 2.0, 3.0]), T([2, 3])])
        A("err_shape", [T([2, 3]), T([2, 4])])
        A("special", [T([2, 3], special=True), T([2, 3])])
        A("noncontig", [tensor_code(rng, [2, 3], "float32", gen_vals(rng, "float32"), "t"), T([2, 3])])
        if b == "cosine_similarity":
            A("dim_0", [T([2, 3]), T([2, 3])], [("dim", "0")])
            A("rank3_dim_neg1", [T([2, 2, 3]), T([2, 2, 3])], [("dim", "-1")])
            A("err_dim", [T([2, 3]), T([2, 3])], [("dim", "2")])
        else:
            for pv in ("1.0", "3", "float('inf')", "0"):
                A("p_" + pv, [T([2, 3]), T([2, 3])], [("p", pv)])
            A("keepdim", [T([2, 3]), T([2, 3])], [("keepdim", "True")])
            A("rank3", [T([2, 2, 3]), T([2, 2, 3])])
    else:  # losses
        cidx = b in ("nll_loss", "cross_entropy")
        dom = "prob" if b == "binary_cross_entropy" else "any"
        tdom = "prob" if b in ("binary_cross_entropy", "binary_cross_entropy_with_logits", "kl_div") else "any"
        if cidx:
            simple = (lambda dt: [T([3, 4], dt), cls([3], 4)], [])
            for r in R:
                A("reduction_" + r.strip("'"), [T([3, 4]), cls([3], 4)], [("reduction", r)])
                A("weight_" + r.strip("'"), [T([3, 4]), cls([3], 4)], [("weight", T([4], "float32", "pos")), ("reduction", r)])
                A("ignore_index_" + r.strip("'"), [T([4, 3]), cls([4], 3, [0, 2, 2, 1])], [("ignore_index", "2"), ("reduction", r)])
            A("all_ignored_mean", [T([2, 3]), cls([2], 3, [1, 1])], [("ignore_index", "1")])
            A("spatial", [T([2, 3, 2]), cls([2, 2], 3)], [("reduction", "'none'")])
            A("unbatched", [T([4], "float64"), cls([], 4)])
            A("err_target_range", [T([2, 3]), cls([2], 3, [0, 3])])
            A("err_target_float", [T([2, 3]), T([2])])
            A("weight_same_class_mean", [T([3, 3]), cls([3], 3, [1, 1, 1])], [("weight", T([3], "float32", "pos"))])
            A("err_weight_shape", [T([2, 3]), cls([2], 3)], [("weight", T([2]))])
            A("int32_target", [T([2, 3]), tensor_code(rng, [2], "int32", fixed([0, 2]))])
            if b == "cross_entropy":
                for r in R:
                    A("label_smoothing_" + r.strip("'"), [T([3, 4]), cls([3], 4)], [("label_smoothing", "0.2"), ("reduction", r)])
                A("label_smoothing_weight_ignore", [T([3, 4]), cls([3], 4, [0, 3, 1])],
                  [("weight", T([4], "float32", "pos")), ("ignore_index", "3"), ("label_smoothing", "0.1")])
                for r in R:
                    A("prob_target_" + r.strip("'"), [T([2, 3]), T([2, 3], "float32", "prob")], [("reduction", r)])
                A("prob_target_weight_smoothing", [T([2, 3]), T([2, 3], "float32", "prob")],
                  [("weight", T([3], "float32", "pos")), ("label_smoothing", "0.3")])
                A("err_label_smoothing", [T([2, 3]), cls([2], 3)], [("label_smoothing", "1.5")])
        else:
            simple = (lambda dt: [T([2, 3], dt, dom), T([2, 3], dt, tdom)], [])
            for r in R + (["'batchmean'"] if b == "kl_div" else []):
                A("reduction_" + r.strip("'"), [T([2, 3], domain=dom), T([2, 3], domain=tdom)], [("reduction", r)])
            A("bcast_target", [T([2, 3], domain=dom), T([3], domain=tdom)], [("reduction", "'none'")])
            A("err_bcast", [T([2, 3], domain=dom), T([4], domain=tdom)])
            A("rank0", [T([], domain=dom), T([], domain=tdom)])
            A("empty_mean", [T([0], domain=dom), T([0], domain=tdom)])
            A("empty_sum", [T([0], domain=dom), T([0], domain=tdom)], [("reduction", "'sum'")])
            A("float64", [T([4], "float64", dom), T([4], "float64", tdom)])
            A("mixed_target_float64", [T([3], domain=dom), T([3], "float64", tdom)])
            A("target_int", [T([3], domain=dom), T([3], "int64", "prob")])
            A("equal_inputs", [T([3], vals=[0.5, 0.25, 0.75]), T([3], vals=[0.5, 0.25, 0.75])], [("reduction", "'none'")])
            A("special", [T([4], special=True), T([4], domain=tdom)], [("reduction", "'none'")])
            A("err_reduction", [T([3], domain=dom), T([3], domain=tdom)], [("reduction", "'avg'")])
            A("noncontig", [tensor_code(rng, [2, 3], "float32", gen_vals(rng, "float32", dom), "t"), T([2, 3], domain=tdom)])
            if b == "smooth_l1_loss":
                for bv in ("0.5", "0.0", "2.0"):
                    A("beta_" + bv, [T([4]), T([4])], [("beta", bv), ("reduction", "'none'")])
                A("err_beta_negative", [T([4]), T([4])], [("beta", "-1.0")])
            if b == "huber_loss":
                for dv in ("0.5", "2.0"):
                    A("delta_" + dv, [T([4]), T([4])], [("delta", dv), ("reduction", "'none'")])
                A("err_delta_zero", [T([4]), T([4])], [("delta", "0.0")])
            if b in ("binary_cross_entropy", "binary_cross_entropy_with_logits"):
                A("weight_none", [T([2, 3], domain=dom), T([2, 3], domain=tdom)], [("weight", T([3], "float32", "pos")), ("reduction", "'none'")])
                A("weight_mean", [T([2, 3], domain=dom), T([2, 3], domain=tdom)], [("weight", T([2, 3], "float32", "pos"))])
                A("input_out_of_range", [T([3], vals=[0.0, 1.0, 1.5]), T([3], domain="prob")], [("reduction", "'none'")])
            if b == "binary_cross_entropy_with_logits":
                A("pos_weight", [T([2, 3]), T([2, 3], domain="prob")], [("pos_weight", T([3], "float32", "pos")), ("reduction", "'none'")])
            if b == "kl_div":
                A("log_target", [T([2, 3]), T([2, 3])], [("log_target", "True"), ("reduction", "'none'")])
                A("zero_target", [T([3]), T([3], vals=[0.0, 0.5, 0.5])], [("reduction", "'none'")])
    sweep = []
    for i, dt in enumerate(DTYPES):
        args, kw = simple
        sweep.append(mk("dtype_" + dt, p, args(dt), kw))
    for q in names[1:]:
        args, kw = simple
        sweep.append(mk("name_" + q, q, args("float32"), kw, method=q.startswith("torch.Tensor.")))
    args, kw = simple
    sample = args("float32")
    errs = [mk("err_no_args", p, []), mk("err_unknown_kw", p, sample, list(kw) + [("foo", "1")]),
            mk("err_string_operand", p, ["'a'"] + sample[1:], kw),
            mk("err_list_operand", p, ["[1.0, 2.0]"] + sample[1:], kw)]
    return sweep + B.cases + errs


GENERATORS = {"reduce": reduce_cases, "scan": along_cases, "sort": along_cases,
              "softmax": fn_cases, "norm": fn_cases, "loss": fn_cases, "count": fn_cases, "runs": fn_cases}


def op_cases(rng, op, names):
    return unique_case_names(GENERATORS[op["kind"]](rng, op, names))


# --------------------------------------------------------------------------------------------
# op table


def _probe_call(op, dt):
    x = torch.tensor([[1, 2, 3], [3, 0, 1]], dtype=TORCH_DTYPE[dt]) if dt != "bool" else \
        torch.tensor([[True, False, True], [True, True, False]])
    fn = resolve(op["primary"])
    base = {k: eval_code(v) for k, v in op["base"]}
    extra = [x.clone() for _ in op["operands"]]
    if op["dim"] in ("req_int", "req_tuple"):
        base["dim"] = 1
    return lambda: fn(x, *extra, **base)


def dtype_behaviour(op):
    beh, dev = {}, {}
    for dt in DTYPES:
        try:
            out = _probe_call(op, dt)()
            outs = _outs(out)
            beh[dt] = ", ".join(NAME_OF_DTYPE[o.dtype] for o in outs)
        except Exception as e:  # noqa: BLE001
            beh[dt] = "%s: %s" % (type(e).__name__, e)
            if NOT_IMPL.search(str(e)):
                dev[dt] = "computed in float32 and rounded to %s (no %s kernel in PyTorch 1.13)" % (
                    dt, "Half" if dt == "float16" else "BFloat16")
    return beh, dev


def op_table(names_of):
    table = []
    for op in RO.OPS:
        beh, dev = dtype_behaviour(op)
        entry = {"primary": op["primary"], "names": names_of[op["primary"]], "kind": op["kind"],
                 "params": signature_text(names_of[op["primary"]]), "dtype_behaviour": beh}
        ov = overloads(names_of[op["primary"]])
        if ov:
            entry["overloads"] = ov
            if not entry["params"]:
                entry["params"] = " | ".join("%s%s" % (RO.base_name(op["primary"]), o) for o in ov)
        if dev:
            entry["deviations"] = dev
        table.append(entry)
    return json.dumps(table, indent=1, ensure_ascii=True) + "\n"


# --------------------------------------------------------------------------------------------


def generate(only=None):
    torch.manual_seed(0)
    names_of = {op["primary"]: RO.qualified_names(op) for op in RO.OPS}
    files, meta = family_goldens("reduce", SEED, RO.OPS, names_of, op_cases, golden_line, only, {"deviations": "deviation"})
    files[os.path.join(GOLDEN_DIR, "reduce_ops.json")] = op_table(names_of)
    return files, meta


def main():
    return family_main("reduce", generate, lambda meta: ", %d deviations" % meta["deviations"])


if __name__ == "__main__":
    sys.exit(main())
