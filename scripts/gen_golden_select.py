#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the selection and scatter family:

    tests/golden/select/<primary name>.jsonl   one file per op (tests/live/select_ops.py)
    tests/golden/select.meta.json              seed, versions, counts per op and outcome
    tests/golden/select_ops.json               the op table: names, kind, signature, dtype
                                               behaviour probed from PyTorch

Lines have the gather golden format (tests/golden/README.md); a tuple result (nonzero with
as_tuple=True) is a list of tensors and its relations name the result position. How the
relations come from PyTorch: tests/golden/README.md, "Select family".

Run with Debian's /usr/bin/python3 (python3-torch 1.13). Deterministic: a fixed seed, and
regenerating gives identical bytes.

    /usr/bin/python3 scripts/gen_golden_select.py [--check] [primary names...]

--check regenerates in memory and exits 1 if the committed files differ (or extra files lie in
tests/golden/select/). Names after the flags regenerate only those ops, into
/tmp/select_golden_debug (for debugging; nothing in the tree is touched).
"""
import collections
import json
import math
import os
import random
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402,F401

import select_ops as SO  # noqa: E402
FAMILY = SO  # the op list tests/live/check_live_family.py samples from
from golden_common import case_arguments, check_reproduced  # noqa: E402
from golden_common import mk, NOT_IMPL  # noqa: E402
from golden_common import (  # noqa: E402
    DTYPES, FLOATS, NAME_OF_DTYPE, TORCH_DTYPE, eval_code, fixed, literal_code, outcome, overloads,
    prod, request_json, resolve, round_to, src_key, tensor_code, family_goldens, family_main, signature_text)

SEED = 20240620
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")
OUT_DIR = os.path.join(GOLDEN_DIR, "select")

warnings.simplefilter("ignore")

# Each op's parameters in PyTorch's order (binding a call to them names the tensors).
PARAMS = {
    "torch.index_select": ["input", "dim", "index"],
    "torch.take": ["input", "index"],
    "torch.take_along_dim": ["input", "indices", "dim"],
    "torch.masked_select": ["input", "mask"],
    "torch.masked_fill": ["input", "mask", "value"],
    "torch.masked_scatter": ["input", "mask", "source"],
    "torch.index_fill": ["input", "dim", "index", "value"],
    "torch.index_copy": ["input", "dim", "index", "source"],
    "torch.index_add": ["input", "dim", "index", "source"],
    "torch.scatter": ["input", "dim", "index", "src"],
    "torch.scatter_add": ["input", "dim", "index", "src"],
    "torch.scatter_reduce": ["input", "dim", "index", "src", "reduce"],
    "torch.index_reduce": ["input", "dim", "index", "source", "reduce"],
    "torch.index_put": ["input", "indices", "values", "accumulate"],
    "torch.put": ["input", "index", "source", "accumulate"],
    "torch.nonzero": ["input"],
    "torch.argwhere": ["input"],
    "torch.searchsorted": ["sorted_sequence", "input"],
    "torch.bucketize": ["input", "boundaries"],
    "torch.isin": ["elements", "test_elements"],
    "torch.Tensor.fill_diagonal_": ["input", "fill_value", "wrap"],
    "torch.vander": ["x", "N", "increasing"],
    "torch.linalg.vander": ["x"],
    "torch.nn.functional.one_hot": ["input", "num_classes"],
    "torch.nn.functional.embedding": ["input", "weight", "padding_idx", "max_norm", "norm_type",
                                      "scale_grad_by_freq", "sparse"],
}
KEYWORD_ALIASES = {"self": "input", "value": "value", "element": "elements", "test_element": "test_elements"}

# --------------------------------------------------------------------------------------------
# values


def gen_vals(rng, dtype, domain="any"):
    """domain: any | ties (small integers) | pos (positive) | idx:<n> (indices in [0, n))."""
    def one():
        if domain.startswith("idx:"):
            return rng.randrange(int(domain[4:]))
        if dtype == "bool":
            return rng.random() < 0.5
        if dtype in FLOATS:
            if domain == "ties":
                v = float(rng.randint(0, 3))
            elif domain == "pos":
                v = round(rng.uniform(0.5, 4), 2)
            else:
                v = float(rng.randint(-5, 9)) if rng.random() < 0.4 else round(rng.uniform(-5, 9), 2)
            return round_to(v, dtype)
        if domain == "ties":
            return rng.randint(0, 3)
        return rng.randint(0 if dtype == "uint8" or domain == "pos" else -4, 9)
    return lambda n: [one() for _ in range(n)]


# --------------------------------------------------------------------------------------------
# binding a call to its parameters


def bind(op, args, kwargs):
    """{parameter name: value} and {parameter name: path} of a call."""
    names = PARAMS[op["primary"]]
    b, path = {}, {}
    for i, a in enumerate(args):
        if i < len(names):
            b[names[i]], path[names[i]] = a, [i]
    for k, v in kwargs.items():
        nm = KEYWORD_ALIASES.get(k, k)
        if op["primary"] == "torch.searchsorted" and k == "self":
            nm = "input"
        b[nm], path[nm] = v, [k]
    return b, path


def _outs(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


def _flat_outs(out):
    return [o.detach().reshape(-1) for o in _outs(out)]


def _changed(base, new):
    """{(pos, k)} of the result elements that differ (compared at the same flat position; an
    element that is missing from a shorter result differs)."""
    ch = set()
    for pos, o0 in enumerate(base):
        o1 = new[pos] if pos < len(new) else torch.empty(0)
        for k in range(o0.numel()):
            if k >= o1.numel():
                ch.add((pos, k))
                continue
            a, b = o0[k].item(), o1[k].item()
            if not (a == b or (isinstance(a, float) and math.isnan(a) and isinstance(b, float) and math.isnan(b))):
                ch.add((pos, k))
    return ch


def surrogate(shape, salt=0, pad_dim=None):
    """float64 values in (0.2, 0.8), all distinct: no change is hidden by equal values. With
    pad_dim, that dim gets at least two entries (so every index along it has another value)."""
    shape = list(shape)
    if pad_dim is not None:
        shape[pad_dim] = max(shape[pad_dim], 2)
    n = prod(shape)
    # (a quadratic term: no three values in arithmetic progression, so no mean of some of
    # them equals another)
    vals = [0.2 + 0.6 * (((j + 1) * 0.6180339887 + (j + 1) ** 2 * 0.1414213562 + salt * 0.3183) % 1.0) for j in range(n)]
    return torch.tensor(vals, dtype=torch.float64).reshape(shape)


def _rel(outs, per):
    rel = []
    for pos, o in enumerate(outs):
        for k in range(o.numel()):
            rel.append({"out": [pos, k], "src": sorted(per.get((pos, k), []), key=src_key)})
    return rel


class Call:
    """A call with some arguments replaced (by parameter name), run again."""

    def __init__(self, op, case, args, kwargs):
        self.fn = resolve(case["op"])
        self.args, self.kwargs = list(args), dict(kwargs)
        self.b, self.path = bind(op, args, kwargs)
        self.op = op

    def __call__(self, **repl):
        a, k = list(self.args), dict(self.kwargs)
        for name, v in repl.items():
            p = self.path[name][0]
            if isinstance(p, int):
                a[p] = v
            else:
                k[p] = v
        return self.fn(*a, **k)


def grad_sources(call, name, x, per, pos_of=None, role="value", **repl):
    """Autograd: the elements of argument `name` (replaced by x, float64) with a nonzero
    gradient of each result element are sources."""
    x = x.detach().clone().requires_grad_(True)
    out = _outs(call(**{name: x}, **repl))
    for pos, o in enumerate(out):
        flat = o.reshape(-1)
        for k in range(flat.numel()):
            (g,) = torch.autograd.grad(flat[k], x, retain_graph=True, allow_unused=True)
            if g is None:
                continue
            for f in g.reshape(-1).nonzero().flatten().tolist():
                per[(pos, k)].append([call.path[name], f, role])


def index_perturb_sources(call, name, idx, alternatives, per, role="index", **repl):
    """Perturbation: each element of argument `name` set to each alternative value; it is a
    source of every result element that changes."""
    base = _flat_outs(call(**{name: idx}, **repl))
    flat = idx.reshape(-1)
    for j in range(flat.numel()):
        hit = set()
        for v in alternatives(j):
            p = flat.clone()
            p[j] = v
            hit |= _changed(base, _flat_outs(call(**{name: p.reshape(idx.shape)}, **repl)))
        for key in sorted(hit):
            per[key].append([call.path[name], j, role])


# --------------------------------------------------------------------------------------------
# relations of the read ops: each output element reads one value element (autograd on a
# float64 surrogate) chosen by index elements (perturbation on the same surrogate, the
# indexed dim padded to two entries so that every index element has another valid value)


def read_relations(op, case, args, kwargs, out):
    prim = op["primary"]
    call = Call(op, case, args, kwargs)
    b = call.b
    per = collections.defaultdict(list)
    x = b["input"]
    if prim == "torch.index_select":
        d = b["dim"] % max(x.dim(), 1)
        grad_sources(call, "input", surrogate(x.shape), per)
        idx = b["index"]
        if x.dim() == 0:  # a 0-d input has no other index value: PyTorch reads index[0]
            if idx.numel():
                per[(0, 0)].append([call.path["index"], 0, "index"])
        else:
            xs = surrogate(x.shape, pad_dim=d)
            m = xs.shape[d]
            index_perturb_sources(call, "index", idx, lambda j: [v for v in range(m) if v != int(idx.reshape(-1)[j])],
                                  per, input=xs)
    elif prim == "torch.take":
        grad_sources(call, "input", surrogate(x.shape), per)
        xs = surrogate(x.shape) if x.numel() >= 2 else surrogate([2])
        idx = b["index"]
        n = xs.numel()
        index_perturb_sources(call, "index", idx, lambda j: [v for v in range(n) if v != int(idx.reshape(-1)[j]) % n],
                              per, input=xs)
    elif prim == "torch.take_along_dim":
        grad_sources(call, "input", surrogate(x.shape), per)
        idx = b["indices"]
        d = b.get("dim")
        if d is None:
            xs = surrogate(x.shape) if x.numel() >= 2 else surrogate([2])
            n = xs.numel()
        else:
            d %= x.dim()
            xs = surrogate(x.shape, pad_dim=d)
            n = xs.shape[d]
        index_perturb_sources(call, "indices", idx, lambda j: [v for v in range(n) if v != int(idx.reshape(-1)[j])],
                              per, input=xs)
    elif prim == "torch.masked_select":
        grad_sources(call, "input", surrogate(x.shape), per)
        mask = b["mask"]
        index_perturb_sources(call, "mask", mask, lambda j: [1 - int(mask.reshape(-1)[j])], per, role="mask",
                              input=surrogate(x.shape))
    else:
        raise AssertionError(prim)
    return _rel(_outs(out), per)


# --------------------------------------------------------------------------------------------
# relations of the write ops, explained from the output: value sources by perturbation of
# float64 surrogates (autograd would credit every duplicate write, even those overwritten);
# index sources by moving one index element to each other valid position, on a surrogate input
# padded to three entries along the indexed dims (so that every index element has two other
# positions): an output element it is a source of changes wherever it goes, while the place it
# goes to changes for that one move only. amax/amin: the winners by autograd on the real
# values, the other elements that reach the output element compare.

VALUE_ARGS = {"torch.masked_fill": ["input", "value"], "torch.masked_scatter": ["input", "source"],
              "torch.index_fill": ["input", "value"],
              "torch.index_copy": ["input", "source"], "torch.index_add": ["input", "source"],
              "torch.scatter": ["input", "src"], "torch.scatter_add": ["input", "src"],
              "torch.scatter_reduce": ["input", "src"], "torch.index_reduce": ["input", "source"],
              "torch.index_put": ["input", "values"],
              "torch.put": ["input", "source"]}


def value_perturb_sources(call, names, base_repl, per, pos_map=None):
    """Each element of the tensors `names` (float64 surrogates in base_repl) times 1.5 plus
    0.25: a value source of every result element that changes."""
    base = _flat_outs(call(**base_repl))
    for name in names:
        t = base_repl.get(name)
        if not isinstance(t, torch.Tensor):
            continue
        for j in range(t.numel()):
            t2 = t.clone().reshape(-1)
            t2[j] = t2[j] * 1.5 + 0.25
            for key in sorted(_changed(base, _flat_outs(call(**dict(base_repl, **{name: t2.reshape(t.shape)}))))):
                per[key].append([call.path[name], j, "value"])


def padded(shape, dims, to=3):
    shape = list(shape)
    for d in dims:
        shape[d] = max(shape[d], to)
    return shape


def move_sources(call, name, idx, sizes_of, out_shape, pad_shape, per, repl, item=None):
    """Index element j of `name` (item `item` of a tensor list) is a source of the output
    elements that change for every other valid value it is moved to. sizes_of(j) is the number
    of valid positions of element j in the padded surrogate."""
    flat_pos = [int(x) for x in torch.arange(prod(pad_shape)).reshape(pad_shape)[
        tuple(slice(0, n) for n in out_shape)].reshape(-1)] if out_shape else [0]

    def outs(v):
        r = _flat_outs(call(**dict(repl, **{name: v})))
        return [r[0][flat_pos]]
    base = outs(idx if item is None else repl[name])
    flat = idx.reshape(-1)
    for j in range(flat.numel()):
        hit = None
        for v in range(sizes_of(j)):
            if v == int(flat[j]):
                continue
            p = flat.clone()
            p[j] = v
            moved = p.reshape(idx.shape)
            if item is not None:
                lst = list(repl[name])
                lst[item] = moved
                moved = tuple(lst)
            ch = _changed(base, outs(moved))
            hit = ch if hit is None else hit & ch
        for key in sorted(hit or ()):
            path = call.path[name] + ([item] if item is not None else [])
            per[key].append([path, j, "index"])


def write_relations(op, case, args, kwargs, out):
    prim = op["primary"]
    call = Call(op, case, args, kwargs)
    b = call.b
    per = collections.defaultdict(list)
    x = b["input"]
    reduce = b.get("reduce")
    # value sources
    names = [n for n in VALUE_ARGS[prim] if isinstance(b.get(n), torch.Tensor)]
    repl = {n: surrogate(b[n].shape, salt=i) for i, n in enumerate(names)}
    # numbers as the input's dtype sees them (alpha 0.5 is 0 for an integer input)
    for n in ("value", "alpha"):
        if n in b and isinstance(b[n], (bool, int, float)):
            repl[n] = float(torch.zeros((), dtype=x.dtype).fill_(b[n]).item())
    if prim in REDUCE_OPS and reduce in ("amax", "amin"):
        amax_sources(call, b, out, per)
    else:
        value_perturb_sources(call, names, repl, per)
    # mask sources (masked_fill, masked_scatter): flipping a mask element
    if prim in ("torch.masked_fill", "torch.masked_scatter"):
        mask = b["mask"]
        if prim == "torch.masked_scatter":
            # a flip may ask for more source elements than there are: a longer surrogate source
            # (the same values first: the source is read flat) answers every flip
            n = prod(torch.broadcast_shapes(mask.shape, x.shape))
            repl["source"] = surrogate([max(b["source"].numel(), n)], salt=names.index("source"))
        index_perturb_sources(call, "mask", mask, lambda j: [1 - int(mask.reshape(-1)[j])], per, role="mask", **repl)
        return _rel(_outs(out), per)
    # index sources: moves on a padded surrogate (amax/amin: the real values, padded)
    real = prim in REDUCE_OPS and reduce in ("amax", "amin")
    out_shape = list(out.shape)

    def pad_input(dims):
        shape = padded(x.shape, dims)
        if real:
            base = torch.full(shape, -7.25 if reduce == "amax" else 7.25, dtype=torch.float64)
            base[tuple(slice(0, n) for n in x.shape)] = x.to(torch.float64)
            return base
        return surrogate(shape, salt=5)
    vrepl = dict(repl)
    if real:
        vrepl = {n: b[n].to(torch.float64) for n in names}
    if prim == "torch.put":  # put reads its input as 1-D: padded at the end
        n = max(x.numel(), 3)
        xs = torch.cat([pad_input([]).reshape(-1), surrogate([n - x.numel()], salt=6)])
        idx = b["index"] % max(x.numel(), 1)
        move_sources(call, "index", idx, lambda j: n, [x.numel()], [n], per, dict(vrepl, input=xs))
    elif prim == "torch.index_put":
        lst = list(b["indices"])
        xs = pad_input(list(range(len(lst))))
        wrapped = tuple(t % x.shape[d] for d, t in enumerate(lst))
        for d in range(len(lst)):
            move_sources(call, "indices", wrapped[d], lambda j, d=d: xs.shape[d], out_shape, list(xs.shape), per,
                         dict(vrepl, input=xs, indices=wrapped), item=d)
    elif x.dim() == 0:  # a 0-d input is explained as element 0 of a 3-vector
        repl2 = dict(vrepl, input=torch.cat([pad_input([]).reshape(1), surrogate([2], salt=6)]))
        if isinstance(repl2.get("src"), torch.Tensor) and repl2["src"].dim() == 0:
            repl2["src"] = repl2["src"].reshape(1)
        move_sources(call, "index", (b["index"] % 1).reshape(-1), lambda j: 3, [1], [3], per, repl2)
    else:
        d = b["dim"] % x.dim()
        xs = pad_input([d])
        idx = b["index"] % x.shape[d] if prim == "torch.index_fill" else b["index"]
        move_sources(call, "index", idx, lambda j: xs.shape[d], out_shape, list(xs.shape), per, dict(vrepl, input=xs))
    return _rel(_outs(out), per)


# The ops that fold what is written by a named reduction: their value tensor, and a reduction
# that every member of an output element changes (to find the members of amax/amin).
REDUCE_OPS = {"torch.scatter_reduce": ("src", "sum"), "torch.index_reduce": ("source", "mean")}


def amax_sources(call, b, out, per):
    """scatter_reduce and index_reduce amax/amin: the members of output element o are the
    input element (with include_self, or when nothing reaches o) and the src (source) elements
    sent to o (found by perturbation of the same call with reduce='sum', or 'mean' where there
    is no 'sum'); the winners have a nonzero autograd gradient on the real values (NaN results:
    the NaN members); the other members compare."""
    sname, member_reduce = REDUCE_OPS[call.op["primary"]]
    x, src = b["input"], b[sname]
    xs, ss = surrogate(x.shape, salt=0), surrogate(src.shape, salt=1)
    members = collections.defaultdict(list)
    value_perturb_sources(call, ["input", sname], {"input": xs, sname: ss, "reduce": member_reduce}, members)
    # (scatter's backward needs src cut to index's shape: the elements beyond it are unused)
    index = b["index"]
    cut = sname == "src" and index.dim() > 0
    used = tuple(slice(0, n) for n in index.shape) if cut else ()
    xr = x.detach().to(torch.float64).requires_grad_(True)
    sr = src.detach().to(torch.float64)[used].clone().requires_grad_(True)
    res = call(**{"input": xr, sname: sr}).reshape(-1)
    xflat, sflat = x.to(torch.float64).reshape(-1), src.to(torch.float64).reshape(-1)
    small_of = {f: f for f in range(src.numel())}  # flat element of src -> flat element of the cut src
    if cut:
        pos = torch.arange(src.numel()).reshape(src.shape)[used].reshape(-1).tolist()
        small_of = {f: i for i, f in enumerate(pos)}
    for k in range(res.numel()):
        gx, gs = torch.autograd.grad(res[k], [xr, sr], retain_graph=True, allow_unused=True)
        isnan = bool(torch.isnan(res[k]))
        for path, f, _ in members[(0, k)]:
            name = "input" if path == call.path["input"] else sname
            g = (gx if name == "input" else gs)
            v = (xflat if name == "input" else sflat)[f]
            at = f if name == "input" else small_of[f]
            won = bool(torch.isnan(v)) if isnan else (g is not None and float(g.reshape(-1)[at]) != 0)
            per[(0, k)].append([path, f, "value" if won else "compare"])


# --------------------------------------------------------------------------------------------
# relations of the search ops (and one_hot/embedding, read ops with their own rules)


def search_relations(op, case, args, kwargs, out):
    """nonzero/argwhere: input element j is a mask source of every result element that changes
    when j becomes zero (or nonzero). searchsorted/bucketize: the value looked up is a value
    source when some value changes the answer (any, when there are boundaries); a boundary is
    a compare source when some value it may take while the sequence stays sorted (between its
    neighbours in sorted order) changes the answer; with a sorter, the sorter entry that named
    a compare source is an index source."""
    prim = op["primary"]
    call = Call(op, case, args, kwargs)
    b = call.b
    per = collections.defaultdict(list)
    if prim in ("torch.nonzero", "torch.argwhere"):
        x = b["input"]
        flip = lambda j: [0 if bool(x.reshape(-1)[j] != 0) else 1]  # noqa: E731
        index_perturb_sources(call, "input", x, flip, per, role="mask")
        return _rel(_outs(out), per)
    seq_name = "boundaries" if prim == "torch.bucketize" else "sorted_sequence"
    seq, val = b[seq_name], b["input"]
    common = torch.result_type(seq, val)
    seq64 = seq.to(common).to(torch.float64)
    val64 = val.to(common).to(torch.float64) if isinstance(val, torch.Tensor) else \
        torch.tensor(val, dtype=common).item()
    base = call(**{seq_name: seq64, "input": val64})
    assert torch.equal(base, out.to(base.dtype)), (case["code"], base, out)
    flat_out = base.reshape(-1)
    if isinstance(val, torch.Tensor):
        for i in range(val.numel()):
            for v in (-math.inf, math.inf):
                v2 = val64.clone().reshape(-1)
                v2[i] = v
                if call(**{seq_name: seq64, "input": v2.reshape(val.shape)}).reshape(-1)[i] != flat_out[i]:
                    per[(0, i)].append([call.path["input"], i, "value"])
                    break
    L = seq.shape[-1]
    rows = seq64.reshape(-1, L) if L else seq64.reshape(0, 0)
    sorter = b.get("sorter")
    order = sorter.reshape(-1, L) if isinstance(sorter, torch.Tensor) else None
    vals = val64.reshape(-1).tolist() if isinstance(val, torch.Tensor) else [val64]
    for r in range(rows.shape[0]):
        perm = order[r].tolist() if order is not None else list(range(L))
        for q in range(L):
            j = perm[q]
            lo = float(rows[r][perm[q - 1]]) if q > 0 else -math.inf
            hi = float(rows[r][perm[q + 1]]) if q + 1 < L else math.inf
            cands = {lo, hi}
            for v in vals:
                cands |= {v, math.nextafter(v, -math.inf), math.nextafter(v, math.inf)}
            hit = set()
            for c in sorted(x for x in cands if lo <= x <= hi and not math.isnan(x)):
                s2 = seq64.clone().reshape(-1)
                s2[r * L + j] = c
                hit |= _changed([flat_out], [call(**{seq_name: s2.reshape(seq.shape), "input": val64}).reshape(-1)])
            for key in sorted(hit):
                per[key].append([call.path[seq_name], r * L + j, "compare"])
                if order is not None:
                    per[key].append([call.path["sorter"], r * L + q, "index"])
    return _rel(_outs(out), per)


def one_hot_relations(op, case, args, kwargs, out):
    """Input element i is an index source of every result element that changes when it names
    another class, the number of classes held at the result's width."""
    call = Call(op, case, args, kwargs)
    x = call.b["input"]
    n = out.shape[-1]
    per = collections.defaultdict(list)
    fn = resolve(case["op"])
    base = [fn(x, n).reshape(-1)]
    flat = x.reshape(-1)
    for j in range(flat.numel()):
        hit = set()
        for c in range(n):
            if c != int(flat[j]):
                p = flat.clone()
                p[j] = c
                hit |= _changed(base, [fn(p.reshape(x.shape), n).reshape(-1)])
        for key in sorted(hit):
            per[key].append([call.path["input"], j, "index"])
    return _rel([out], per)


def embedding_relations(op, case, args, kwargs, out):
    """Value sources by perturbation of a float64 copy of weight (element times 1 + 1e-6, plus
    1e-9): autograd would miss the rows max_norm rescaled in place under no_grad, and
    padding_idx's row, whose gradient PyTorch zeroes on purpose although the output reads it.
    Index sources: each index moved to every other row, on distinct surrogate rows (the real
    rows, in float64, when max_norm rescales them)."""
    call = Call(op, case, args, kwargs)
    b = call.b
    w, idx = b["weight"], b["input"]
    per = collections.defaultdict(list)
    w64 = w.detach().to(torch.float64)
    run = lambda **r: call(**dict({"weight": r.pop("weight").clone()}, **r))  # noqa: E731 - max_norm writes into weight
    base = [run(weight=w64).reshape(-1)]
    for j in range(w64.numel()):
        w2 = w64.clone().reshape(-1)
        w2[j] = w2[j] * (1 + 1e-6) + 1e-9
        for key in sorted(_changed(base, [run(weight=w2.reshape(w.shape)).reshape(-1)])):
            per[key].append([call.path["weight"], j, "value"])
    ws = w64 if b.get("max_norm") is not None else surrogate(w.shape)
    n = w.shape[0]
    base = [run(weight=ws).reshape(-1)]
    flat = idx.reshape(-1)
    for j in range(flat.numel()):
        hit = set()
        for v in range(n):
            if v != int(flat[j]):
                p = flat.clone()
                p[j] = v
                hit |= _changed(base, [run(weight=ws, input=p.reshape(idx.shape)).reshape(-1)])
        for key in sorted(hit):
            per[key].append([call.path["input"], j, "index"])
    return _rel([out], per)


def member_relations(op, case, args, kwargs, out):
    """isin: each tensor argument's elements in turn set to every value of the call (and one
    found nowhere); an element is a source of every result element that changes: `value` for
    the element itself and for a test element equal to it, `compare` for the others. Where
    several test elements equal the element none alone changes the result (a tie): the first of
    them is named the winner, as max/min name theirs."""
    call = Call(op, case, args, kwargs)
    b = call.b
    e, t = b["elements"], b["test_elements"]
    base = _flat_outs(call())
    per = collections.defaultdict(list)
    pool = set()
    for v in (e, t):
        if isinstance(v, torch.Tensor):
            pool |= set(v.reshape(-1).tolist())
        else:
            pool.add(v)
    pool = sorted(x for x in pool if x == x)
    fresh = 101 if all(isinstance(x, (int, bool)) for x in pool) else 100.5
    for name, x in (("elements", e), ("test_elements", t)):
        if not isinstance(x, torch.Tensor):
            continue
        flat = x.reshape(-1)
        for j in range(flat.numel()):
            hit = set()
            for v in pool + [fresh]:
                p = flat.clone()
                try:
                    p[j] = v
                except RuntimeError:  # (258 does not fit an int8 tensor)
                    continue
                if bool((p[j] == flat[j]).item()):
                    continue
                hit |= _changed(base, _flat_outs(call(**{name: p.reshape(x.shape)})))
            for key in sorted(hit):
                # value: the element itself, or one equal to it (the winner); compare: the rest
                common = torch.result_type(e, t)
                mine = e.reshape(-1)[key[1]] if isinstance(e, torch.Tensor) else torch.tensor(e)
                equal = (name == "elements" and j == key[1]) or bool(
                    (torch.tensor(flat[j].item()).to(common) == mine.to(common)).item())
                per[key].append([call.path[name], j, "value" if equal else "compare"])
    if isinstance(t, torch.Tensor) and t.numel():  # the tie rule: several equal, the first wins
        common = torch.result_type(e, t)
        tf = t.reshape(-1).to(common)
        ef = e.reshape(-1).to(common) if isinstance(e, torch.Tensor) else torch.tensor([e]).to(common)
        for k in range(ef.numel()):
            eq = (tf == ef[k]).nonzero().flatten().tolist()
            if len(eq) > 1:
                per[(0, k)].append([call.path["test_elements"], eq[0], "value"])
    for key in per:
        per[key].sort(key=src_key)
    return _rel(_outs(out), per)


def diagonal_relations(op, case, args, kwargs, out):
    """fill_diagonal_: each element of a float64 surrogate input (contiguous: for strides that do
    not overlap, the diagonal's coordinates are the same) and of a 0-d fill_value tensor
    perturbed; a value source of every result element that changes. (In place: each run writes
    into the tensor it is given, so each perturbation runs on its own copy.)"""
    call = Call(op, case, args, kwargs)
    b = call.b
    repl = {"input": surrogate(b["input"].shape)}
    names = ["input"]
    if isinstance(b.get("fill_value"), torch.Tensor):
        repl["fill_value"] = surrogate([], salt=3).reshape(())
        names.append("fill_value")
    per = collections.defaultdict(list)

    class Fresh:  # the call on a copy of its input
        path = call.path

        def __call__(self, **r):
            return call(**{k: v.clone() if k == "input" else v for k, v in r.items()})
    value_perturb_sources(Fresh(), names, repl, per)
    return _rel(_outs(out), per)


def power_relations(op, case, args, kwargs, out):
    """vander: each element of a float64 surrogate x times 1.5 plus 0.25; a value source of
    every result element that changes."""
    call = Call(op, case, args, kwargs)
    per = collections.defaultdict(list)
    value_perturb_sources(call, ["x"], {"x": surrogate(call.b["x"].shape)}, per)
    return _rel(_outs(out), per)


def relations(op, case, args, kwargs, out):
    if all(o.numel() == 0 for o in _outs(out)):
        return []
    if op["primary"] == "torch.nn.functional.one_hot":
        return one_hot_relations(op, case, args, kwargs, out)
    if op["primary"] == "torch.nn.functional.embedding":
        return embedding_relations(op, case, args, kwargs, out)
    return RELATIONS[op["kind"]](op, case, args, kwargs, out)


RELATIONS = {"read": read_relations, "write": write_relations, "search": search_relations, "member": member_relations,
             "diagonal": diagonal_relations, "power": power_relations}

# --------------------------------------------------------------------------------------------
# the oracle


def expect_of(op, case):
    args, kwargs = case_arguments(op, case)
    fn = resolve(case["op"])
    out, expect = outcome(lambda: fn(*args, **kwargs))
    _, by_code = outcome(lambda: eval_code(case["code"]))
    check_reproduced(case, expect, by_code)
    missing = None if expect["ok"] else NOT_IMPL.search(expect["error"]["message"])
    if missing and missing.group(1) == "Half" and op["primary"] in ("torch.isin", "torch.vander"):
        # (isin of float16 in 1.13: "isin_default_cpu"/"unique" not implemented): what newer
        # PyTorch gives, the comparison made on the float16 values held in float32
        up = lambda v: v.float() if isinstance(v, torch.Tensor) and v.dtype == torch.float16 else v  # noqa: E731
        half_out = op["primary"] == "torch.vander"  # (its powers, rounded once to float16)
        out, expect = outcome(lambda: (lambda o: o.to(torch.float16) if half_out else o)(
            fn(*[up(a) for a in args], **{k: up(v) for k, v in kwargs.items()})))
        expect["deviation"] = ("PyTorch 1.13 has no Half kernel for %s; computed on the float16 values, as newer "
                               "PyTorch does" % op["primary"])
        args = [up(eval_code(c)) for c in case["args"]]
        kwargs = {k: up(eval_code(c)) for k, c in case["kwargs"]}
        expect["relations"] = relations(op, case, args, kwargs, out)
        return expect
    if expect["ok"]:
        args = [eval_code(c) for c in case["args"]]  # fresh: embedding's max_norm renormalizes in place
        kwargs = {k: eval_code(c) for k, c in case["kwargs"]}
        expect["relations"] = relations(op, case, args, kwargs, out)
    return expect


def golden_line(op, case):
    expect = expect_of(op, case)
    g = {"name": case["name"], "code": case["code"], "request": request_json(case), "expect": expect}
    if op["primary"] == "torch.isin" and any(isinstance(a, torch.Tensor) and not a.is_contiguous()
                                             for a in [eval_code(c) for c in case["args"]]):
        del g["request"]  # (a request's tensors are contiguous: isin refuses some strides, only the code says them)
    if "deviation" in expect:
        g["deviation"] = expect.pop("deviation")
    return g


# --------------------------------------------------------------------------------------------
# case generators


class Cases:
    """Case builder for one op: names, tensor code, and the standard sweeps."""

    def __init__(self, rng, op, names):
        self.rng, self.op, self.names = rng, op, names
        self.p = op["primary"]
        self.tn = next((q for q in names if q.startswith("torch.Tensor.")), None)
        self.cases = []

    def T(self, shape, dtype="float32", style="literal", domain="any", vals=None):
        gen = fixed(vals) if vals is not None else gen_vals(self.rng, dtype, domain)
        return tensor_code(self.rng, shape, dtype, gen, style)

    def I(self, shape, n, vals=None, style="literal", dtype="int64"):  # noqa: E743 - an index tensor
        return self.T(shape, dtype, style, "idx:%d" % max(n, 1), vals)

    def add(self, name, args, kw=(), form=None):
        form = form or self.p
        method = form == "method"
        if method:
            form = self.tn
        self.cases.append(mk(name, form, args, kw, method=method and args[0].startswith("torch.")))

    def names_sweep(self, args, kw=()):
        for q in self.names:
            self.add("name_" + q, args, kw, form=q)
        if self.tn:
            self.add("method_form", args, kw, form="method")

    def dtype_sweep(self, make, dtypes=DTYPES):
        for dt in dtypes:
            args, kw = make(dt)
            self.add("dtype_" + dt, args, kw)

    def errors(self, sample, kw=()):
        self.add("err_no_args", [])
        self.add("err_unknown_kw", sample, list(kw) + [("foo", "1")])
        self.add("err_string_input", ["'a'"] + sample[1:], kw)
        self.add("err_extra_positional", sample + ["1"] * 5, kw)


def index_select_cases(C):
    T, I = C.T, C.I
    C.add("dim0", [T([3, 4]), "0", I([2], 3)])
    C.add("dim1_dups", [T([3, 4]), "1", I([5], 4)])
    C.add("dim_neg1", [T([2, 3]), "-1", I([3], 3)])
    C.add("dim_neg2", [T([3, 2]), "-2", I([4], 3)])
    C.add("rank3_dim1", [T([2, 3, 2]), "1", I([2], 3)])
    C.add("rank3_dim2", [T([2, 2, 3], "int64"), "2", I([4], 3)])
    C.add("rank1", [T([5], "int32"), "0", I([3], 5)])
    C.add("index_int32", [T([3, 3]), "0", I([2], 3, dtype="int32")])
    C.add("index_0d", [T([2, 3]), "1", "torch.tensor(2)"])
    C.add("input_0d", [T([]), "0", "torch.tensor([0])"])
    C.add("input_0d_index_0d", [T([]), "-1", "torch.tensor(0)"])
    C.add("empty_index", [T([2, 3]), "1", "torch.tensor([], dtype=torch.int64)"])
    C.add("empty_input_other_dim", [T([0, 3]), "1", I([2], 3)])
    C.add("noncontig_t", [T([3, 2], style="t"), "1", I([3], 3)])
    C.add("noncontig_permute", [T([2, 3, 2], style="permute"), "1", I([2], 3)])
    C.add("noncontig_expand", [T([3, 4], style="expand"), "0", I([2], 3)])
    C.add("noncontig_index_expand", [T([3, 4]), "1", "torch.tensor([2]).expand(3)"])
    C.add("kw_all", [], [("input", T([2, 3])), ("dim", "1"), ("index", I([2], 3))])
    C.add("kw_index", [T([3, 2]), "0"], [("index", I([2], 3))])
    C.dtype_sweep(lambda dt: ([T([2, 3], dt), "1", I([3], 3)], []))
    C.names_sweep([T([3, 3]), "0", I([2], 3)])
    C.add("err_oob_dim0", [T([3, 4]), "0", "torch.tensor([1, 5])"])
    C.add("err_oob_dim1", [T([3, 4]), "1", "torch.tensor([0, 4])"])
    C.add("err_negative_dim1", [T([3, 4]), "1", "torch.tensor([-1])"])
    C.add("err_negative_rank1", [T([4]), "0", "torch.tensor([-1, 2])"])
    C.add("err_oob_rank3_dim2", [T([2, 2, 3]), "2", "torch.tensor([3])"])
    C.add("err_oob_empty_input", [T([2, 0, 3]), "2", "torch.tensor([5])"])
    C.add("err_empty_axis", [T([2, 0]), "1", "torch.tensor([0])"])
    C.add("err_float_index", [T([3, 4]), "0", "torch.tensor([1.0])"])
    C.add("err_int16_index", [T([3, 4]), "0", "torch.tensor([1], dtype=torch.int16)"])
    C.add("err_index_2d", [T([3, 4]), "0", "torch.tensor([[1]])"])
    C.add("err_dim_range", [T([3, 4]), "2", "torch.tensor([1])"])
    C.add("err_dim_name", [T([3, 4]), "'a'", "torch.tensor([1])"])
    C.add("err_list_index", [T([3, 4]), "0", "[1, 2]"])
    C.add("err_float_dim", [T([3, 4]), "1.0", "torch.tensor([1])"])
    C.errors([T([3, 4]), "0", I([2], 3)])


def take_cases(C):
    T, I = C.T, C.I
    C.add("basic_2d_index", [T([2, 3]), I([2, 2], 6)])
    C.add("negative", [T([2, 3]), "torch.tensor([-1, -6, 0, 5])"])
    C.add("index_0d", [T([3, 2]), "torch.tensor(4)"])
    C.add("input_0d", [T([]), "torch.tensor([0, -1, 0])"])
    C.add("rank3_dups", [T([2, 2, 2], "int64"), I([5], 8)])
    C.add("empty_index", [T([2, 3]), "torch.tensor([], dtype=torch.int64)"])
    C.add("empty_both", [T([0, 3]), "torch.zeros(0, dtype=torch.int64)"])
    C.add("noncontig_t", [T([3, 2], style="t"), I([4], 6)])
    C.add("noncontig_expand", [T([2, 3], style="expand"), I([3], 6)])
    C.add("noncontig_index_t", [T([2, 3]), I([2, 3], 6, style="t")])
    C.add("kw", [], [("input", T([2, 3])), ("index", I([2], 6))])
    C.dtype_sweep(lambda dt: ([T([2, 3], dt), I([4], 6)], []))
    C.names_sweep([T([2, 3]), I([3], 6)])
    C.add("err_oob", [T([2, 3]), "torch.tensor([1, 6])"])
    C.add("err_oob_negative", [T([2, 3]), "torch.tensor([-7])"])
    C.add("err_oob_first_of_two", [T([2, 3]), "torch.tensor([[0, 9], [7, 1]])"])
    C.add("err_int32_index", [T([2, 3]), "torch.tensor([1], dtype=torch.int32)"])
    C.add("err_int32_empty_index", [T([2, 3]), "torch.tensor([], dtype=torch.int32)"])
    C.add("err_float_index", [T([2, 3]), "torch.tensor([1.0])"])
    C.add("err_empty_input", [T([0, 3]), "torch.tensor([0])"])
    C.add("err_list_index", [T([2, 3]), "[1]"])
    C.errors([T([2, 3]), I([2], 6)])


def take_along_dim_cases(C):
    T, I = C.T, C.I
    C.add("dim1", [T([2, 3]), I([2, 2], 3), "1"])
    C.add("dim0", [T([3, 2]), I([2, 2], 3), "0"])
    C.add("dim_neg1_kw", [T([2, 4])], [("indices", I([2, 1], 4)), ("dim", "-1")])
    C.add("broadcast_input", [T([3, 1]), I([1, 4], 3), "0"])
    C.add("broadcast_indices", [T([2, 3]), I([1, 2], 3), "1"])
    C.add("broadcast_both", [T([1, 3]), I([2, 1], 3), "1"])
    C.add("rank3", [T([2, 3, 2], "int64"), I([2, 1, 2], 3), "1"])
    C.add("dim_none", [T([2, 3]), I([2, 2], 6)])
    C.add("dim_none_kw", [T([2, 3])], [("indices", I([4], 6)), ("dim", "None")])
    C.add("dim_none_0d", [T([]), "torch.tensor(0)"])
    C.add("empty_indices", [T([2, 3]), "torch.zeros(2, 0, dtype=torch.int64)", "1"])
    C.add("dim_none_empty_int32", [T([2, 3]), "torch.tensor([], dtype=torch.int32)"])
    C.add("noncontig_input", [T([3, 2], style="t"), I([3, 2], 2), "1"])
    C.add("noncontig_indices", [T([2, 3]), I([2, 3], 3, style="t"), "1"])
    C.add("noncontig_expand", [T([2, 3], style="expand"), I([2, 3], 2), "0"])
    C.dtype_sweep(lambda dt: ([T([2, 3], dt), I([2, 2], 3), "1"], []))
    C.names_sweep([T([2, 3]), I([2, 1], 3), "1"])
    C.add("err_rank", [T([2, 3]), I([3], 3), "1"])
    C.add("err_int32", [T([2, 3]), I([2, 1], 3, dtype="int32"), "1"])
    C.add("err_float", [T([2, 3]), "torch.tensor([[1.0]])", "1"])
    C.add("err_oob", [T([2, 3]), "torch.tensor([[1], [3]])", "1"])
    C.add("err_negative", [T([2, 3]), "torch.tensor([[-1]])", "1"])
    C.add("err_oob_dim_none", [T([2, 3]), "torch.tensor([6])"])
    C.add("err_int32_dim_none", [T([2, 3]), I([2], 6, dtype="int32")])
    C.add("err_broadcast", [T([2, 3]), I([1, 4], 2), "0"])
    C.add("err_dim_range", [T([2, 3]), I([2, 1], 3), "2"])
    # (view(-1)'s refusal of a transposed input with dim=None depends on strides, which a
    # protocol request does not carry: not a golden)
    C.add("err_0d_dim", [T([]), "torch.tensor(0)", "0"])
    C.errors([T([2, 3]), I([2, 1], 3), "1"])


def masked_select_cases(C):
    T = C.T

    def M(shape, style="literal", vals=None, dtype="bool"):
        return C.T(shape, dtype, style, vals=vals)
    C.add("same_shape", [T([2, 3]), M([2, 3])])
    C.add("row_mask", [T([3, 4]), M([4])])
    C.add("column_mask", [T([3, 2]), M([3, 1], vals=[True, False, True])])
    C.add("mask_0d_true", [T([2, 2]), "torch.tensor(True)"])
    C.add("mask_0d_false", [T([2, 2]), "torch.tensor(False)"])
    C.add("broadcast_input", [T([2, 1]), M([2, 3])])
    C.add("broadcast_both", [T([1, 3]), M([2, 1], vals=[True, True])])
    C.add("input_0d", [T([]), "torch.tensor([True, False, True])"])
    C.add("mask_rank3", [T([2, 2]), M([1, 2, 2])])
    C.add("uint8_mask", [T([2, 3]), M([2, 3], dtype="uint8", vals=[1, 0, 1, 1, 0, 0])])
    C.add("all_false", [T([2, 3]), M([2, 3], vals=[False] * 6)])
    C.add("empty", [T([0, 3]), M([3])])
    C.add("noncontig_input", [T([3, 2], style="t"), M([2, 3])])
    C.add("noncontig_mask", [T([2, 3]), M([2, 3], style="t")])
    C.add("noncontig_expand", [T([3, 2], style="expand"), M([3, 2])])
    C.add("kw", [], [("input", T([2, 2])), ("mask", M([2, 2]))])
    C.dtype_sweep(lambda dt: ([T([2, 3], dt), M([2, 3])], []))
    C.names_sweep([T([2, 3]), M([3])])
    C.add("err_int_mask", [T([2, 3]), "torch.tensor([1, 0, 1])"])
    C.add("err_float_mask", [T([2, 3]), "torch.tensor([1.0, 0.0, 1.0])"])
    C.add("err_shape", [T([2, 3]), M([2])])
    C.add("err_shape_rows", [T([2, 3]), M([3, 1])])
    C.add("err_list_mask", [T([2, 3]), "[True, False, True]"])
    C.errors([T([2, 3]), M([3])])


def masked_fill_cases(C):
    T = C.T

    def M(shape, style="literal", vals=None, dtype="bool"):
        return C.T(shape, dtype, style, vals=vals)
    C.add("scalar", [T([2, 3]), M([2, 3]), "-1.5"])
    C.add("row_mask", [T([3, 4]), M([4]), "0.0"])
    C.add("column_mask_int", [T([3, 2], "int64"), M([3, 1], vals=[True, False, True]), "7"])
    C.add("tensor_value", [T([2, 3]), M([2, 3]), "torch.tensor(2.5)"])
    C.add("tensor_value_other_dtype", [T([2, 3]), M([3]), "torch.tensor(4)"])
    C.add("bool_value_into_int", [T([2, 2], "int32"), M([2, 2]), "True"])
    C.add("float_into_int_truncates", [T([2, 2], "int16"), M([2, 2]), "-2.7"])
    C.add("uint8_wraps_minus_one", [T([2, 2], "uint8"), M([2, 2]), "-1"])
    C.add("mask_0d", [T([2, 2]), "torch.tensor(True)", "9.0"])
    C.add("broadcast_input", [T([2, 1]), M([2, 3]), "1.0"])
    C.add("input_0d", [T([]), M([3]), "5.0"])
    C.add("uint8_mask", [T([2, 3]), M([2, 3], dtype="uint8", vals=[1, 0, 1, 1, 0, 0]), "3.0"])
    C.add("int64_mask", [T([2, 3]), "torch.tensor([1, 0, 1])", "3.0"])
    C.add("nan_value", [T([2, 2]), M([2, 2]), "float('nan')"])
    C.add("inf_value", [T([2, 2]), M([2, 2]), "-float('inf')"])
    C.add("empty", [T([0, 3]), M([3]), "1.0"])
    C.add("err_empty_still_converts", [T([0, 2], "uint8"), M([2]), "300"])
    C.add("noncontig_input", [T([3, 2], style="t"), M([2, 3]), "0.5"])
    C.add("noncontig_mask", [T([2, 3]), M([2, 3], style="t"), "0.5"])
    C.add("noncontig_expand", [T([3, 2], style="expand"), M([3, 2]), "0.5"])
    C.add("kw", [], [("input", T([2, 2])), ("mask", M([2, 2])), ("value", "6.0")])
    C.dtype_sweep(lambda dt: ([T([2, 3], dt), M([2, 3]), "1"], []))
    C.names_sweep([T([2, 3]), M([3]), "-1.0"])
    C.add("err_value_1d", [T([2, 3]), M([3]), "torch.tensor([1.0])"])
    C.add("err_shape", [T([2, 3]), M([2]), "1.0"])
    C.add("err_uint8_overflow", [T([2, 2], "uint8"), M([2, 2]), "300"])
    C.add("err_uint8_negative_float", [T([2, 2], "uint8"), M([2, 2]), "-1.5"])
    C.add("err_int_nan", [T([2, 2], "int64"), M([2, 2]), "float('nan')"])
    C.add("err_half_overflow", [T([2, 2], "float16"), M([2, 2]), "100000.0"])
    C.add("err_int8_tensor_overflow", [T([2, 2], "int8"), M([2, 2]), "torch.tensor(200)"])
    C.add("err_mask_value_2", [T([2, 2]), "torch.tensor([2, 0], dtype=torch.int8)", "1.0"])
    C.add("err_bfloat16_mask", [T([2]), "torch.tensor([1.0, 0.0], dtype=torch.bfloat16)", "1.0"])
    C.add("err_string_value", [T([2, 2]), M([2, 2]), "'a'"])
    C.add("err_none_value", [T([2, 2]), M([2, 2]), "None"])
    C.errors([T([2, 3]), M([3]), "1.0"])


def masked_scatter_cases(C):
    T = C.T

    def M(shape, style="literal", vals=None, dtype="bool"):
        return C.T(shape, dtype, style, vals=vals)

    def S(n, dtype="float32", style="literal", shape=None):  # a source of n elements
        return T(shape or [n], dtype, style)
    C.add("same_shape", [T([2, 3]), M([2, 3]), S(6)])
    C.add("source_2d", [T([2, 3]), M([2, 3]), S(0, shape=[2, 4])])
    C.add("source_longer", [T([3]), M([3]), S(7)])
    C.add("source_exact", [T([2, 2]), M([2, 2], vals=[True, False, True, True]), S(3)])
    C.add("row_mask", [T([3, 4]), M([4]), S(12)])
    C.add("column_mask", [T([3, 2]), M([3, 1], vals=[True, False, True]), S(4)])
    C.add("mask_0d_true", [T([2, 2]), "torch.tensor(True)", S(4)])
    C.add("mask_0d_false", [T([2, 2]), "torch.tensor(False)", S(0, shape=[0])])
    C.add("broadcast_input", [T([2, 1]), M([2, 3]), S(6)])
    C.add("broadcast_both", [T([1, 3]), M([2, 1], vals=[True, True]), S(6)])
    C.add("input_0d", [T([]), "torch.tensor([True, False, True])", S(2)])
    C.add("input_0d_mask_0d", [T([]), "torch.tensor(True)", S(1)])
    C.add("mask_rank3", [T([2, 2]), M([1, 2, 2]), S(4)])
    C.add("uint8_mask", [T([2, 3]), M([2, 3], dtype="uint8", vals=[1, 0, 1, 1, 0, 0]), S(3)])
    C.add("int64_mask", [T([2, 3]), "torch.tensor([1, 0, 1])", S(4)])
    C.add("int32_mask_reads_low_byte", [T([3]), "torch.tensor([256, 1, 0], dtype=torch.int32)", S(3)])
    C.add("all_false", [T([2, 3]), M([2, 3], vals=[False] * 6), S(1)])
    C.add("empty", [T([0, 3]), M([3]), S(2)])
    C.add("empty_unchecked_mask", [T([0, 3]), "torch.tensor([5, 1, 1])", S(0, shape=[0])])
    C.add("noncontig_input", [T([2, 3], style="t"), M([2, 3]), S(6)])
    C.add("noncontig_mask", [T([2, 3]), M([2, 3], style="t"), S(6)])
    C.add("noncontig_source", [T([2, 3]), M([2, 3]), S(0, style="t", shape=[2, 3])])
    C.add("expanded_source", [T([1, 3]), "torch.tensor([True, True, True])", S(0, style="expand", shape=[2, 3])])
    C.add("kw", [], [("input", T([2, 2])), ("mask", M([2, 2])), ("source", S(4))])
    C.dtype_sweep(lambda dt: ([T([2, 3], dt), M([2, 3]), T([6], dt)], []))
    C.names_sweep([T([2, 3]), M([3]), S(6)])
    C.add("err_source_short", [T([2, 3]), M([2, 3], vals=[True, True, False, True, False, True]), S(3)])
    C.add("err_source_empty", [T([2]), M([2], vals=[False, True]), S(0, shape=[0])])
    C.add("err_dtype", [T([2, 3]), M([2, 3]), S(6, "float64")])
    C.add("err_dtype_int", [T([2, 3], "int64"), M([2, 3]), S(6)])
    C.add("err_dtype_before_empty", [T([0, 3]), M([3]), S(2, "int64")])
    C.add("err_shape", [T([2, 3]), M([2]), S(6)])
    C.add("err_shape_rows", [T([2, 3]), M([3, 1]), S(6)])
    C.add("err_mask_value_2", [T([2]), "torch.tensor([2, 0], dtype=torch.uint8)", S(2)])
    C.add("err_mask_value_before_count", [T([3]), "torch.tensor([1, 1, 2], dtype=torch.uint8)", S(2)])
    C.add("err_count_before_mask_value", [T([4]), "torch.tensor([1, 1, 1, 2], dtype=torch.uint8)", S(2)])
    C.add("err_bfloat16_mask", [T([2]), "torch.tensor([1.0, 0.0], dtype=torch.bfloat16)", S(2)])
    C.add("err_minus_one_mask", [T([2]), "torch.tensor([-1, 0])", S(2)])
    C.add("err_number_source", [T([2, 3]), M([2, 3]), "3.0"])
    C.add("err_list_mask", [T([2, 3]), "[True, False, True]", S(6)])
    C.errors([T([2, 3]), M([3]), S(6)])


def dup_index(C, shape, n, dups=True):
    """An index tensor with values in [0, n) (some repeated when dups)."""
    if dups:
        return C.I(shape, n)
    vals = list(range(n))
    C.rng.shuffle(vals)
    return C.I(shape, n, vals=vals[:prod(shape)])


def index_fill_cases(C):
    T, I = C.T, C.I
    C.add("dim0", [T([3, 2]), "0", I([2], 3), "-1.0"])
    C.add("dim1_dups", [T([2, 4]), "1", "torch.tensor([1, 3, 1])", "7.0"])
    C.add("negative_index", [T([2, 3]), "-1", "torch.tensor([-1, 0])", "2.5"])
    C.add("tensor_value", [T([3, 3]), "1", I([2], 3), "torch.tensor(4.0)"])
    C.add("tensor_value_int", [T([3, 2], "int64"), "0", I([1], 3), "torch.tensor(9)"])
    C.add("index_0d", [T([2, 3]), "1", "torch.tensor(2)", "0.0"])
    C.add("input_0d", [T([]), "0", "torch.tensor([0])", "3.0"])
    C.add("input_0d_negative", [T([]), "-1", "torch.tensor(-1)", "3.0"])
    C.add("rank3", [T([2, 3, 2], "int32"), "2", I([3], 2), "5"])
    C.add("empty_index", [T([2, 3]), "0", "torch.tensor([], dtype=torch.int64)", "1.0"])
    C.add("float_into_int", [T([2, 2], "int8"), "0", I([1], 2), "-3.9"])
    C.add("noncontig_input", [T([3, 2], style="t"), "0", I([2], 2), "8.0"])
    C.add("noncontig_expand", [T([2, 3], style="expand"), "1", I([2], 3), "8.0"])
    C.add("kw", [], [("input", T([2, 3])), ("dim", "1"), ("index", I([2], 3)), ("value", "0.5")])
    C.dtype_sweep(lambda dt: ([T([2, 3], dt), "1", I([2], 3), "1"], []))
    C.names_sweep([T([3, 2]), "0", I([2], 3), "-2.0"])
    C.add("err_oob", [T([2, 3]), "1", "torch.tensor([0, 3, 5])", "1.0"])
    C.add("err_oob_negative", [T([2, 3]), "0", "torch.tensor([-3])", "1.0"])
    C.add("err_int32_index", [T([2, 3]), "1", "torch.tensor([0], dtype=torch.int32)", "1.0"])
    C.add("err_index_2d", [T([2, 3]), "1", "torch.tensor([[0]])", "1.0"])
    C.add("err_value_1d", [T([2, 3]), "1", "torch.tensor([0])", "torch.tensor([1.0])"])
    C.add("err_dim", [T([2, 3]), "2", "torch.tensor([0])", "1.0"])
    C.add("err_overflow", [T([2, 3], "uint8"), "1", "torch.tensor([0])", "256"])
    C.add("err_empty_input", [T([0, 2]), "0", "torch.tensor([0])", "1.0"])
    C.errors([T([2, 3]), "1", I([1], 3), "1.0"])


def index_copy_cases(C, add=False):
    T, I = C.T, C.I
    C.add("dim0", [T([3, 2]), "0", dup_index(C, [2], 3, False), T([2, 2])])
    C.add("dim1", [T([2, 4]), "1", dup_index(C, [3], 4, False), T([2, 3])])
    C.add("dups", [T([3, 2]), "0", "torch.tensor([2, 0, 2])", T([3, 2])])
    C.add("dim_neg1", [T([2, 3], "int64"), "-1", dup_index(C, [2], 3, False), T([2, 2], "int64")])
    C.add("rank3", [T([2, 3, 2]), "1", dup_index(C, [2], 3, False), T([2, 2, 2])])
    C.add("index_0d", [T([3, 2]), "0", "torch.tensor(1)", T([1, 2])])
    C.add("rank1", [T([4], "int32"), "0", "torch.tensor([3, 0])", T([2], "int32")])
    C.add("source_0d", [T([4]), "0", "torch.tensor([2])", T([])])
    C.add("input_0d", [T([]), "0", "torch.tensor([0])", T([])])
    C.add("empty_index", [T([2, 3]), "0", "torch.tensor([], dtype=torch.int64)", T([0, 3])])
    C.add("noncontig_input", [T([3, 2], style="t"), "1", "torch.tensor([2, 0])", T([2, 2])])
    C.add("noncontig_source", [T([3, 3]), "0", "torch.tensor([1, 2])", T([2, 3], style="expand")])
    C.add("kw", [], [("input", T([2, 3])), ("dim", "1"), ("index", "torch.tensor([2])"), ("source", T([2, 1]))])
    if add:
        C.add("alpha_2", [T([3, 2]), "0", "torch.tensor([2, 2])", T([2, 2])], [("alpha", "2")])
        C.add("alpha_float", [T([3, 2]), "1", "torch.tensor([0])", T([3, 1])], [("alpha", "-0.5")])
        C.add("alpha_0", [T([2, 3]), "1", "torch.tensor([1, 1])", T([2, 2])], [("alpha", "0")])
        C.add("alpha_int_truncates", [T([2, 3], "int64"), "1", "torch.tensor([1, 1])", T([2, 2], "int64")], [("alpha", "2.5")])
        C.add("alpha_rank1", [T([4]), "0", "torch.tensor([1, 1, 3])", T([3])], [("alpha", "3")])
        C.add("index_int32", [T([3, 2]), "0", "torch.tensor([1, 0], dtype=torch.int32)", T([2, 2])])
        C.add("broadcast_source", [T([3, 2]), "0", "torch.tensor([1, 0])", T([2, 1])])
        C.add("int8_wraps", [T([2], "int8", vals=[100, 1]), "0", "torch.tensor([0, 0])", T([2], "int8", vals=[100, 50])])
    C.dtype_sweep(lambda dt: ([T([3, 2], dt), "0", "torch.tensor([2, 0])", T([2, 2], dt)], []))
    C.names_sweep([T([3, 2]), "0", "torch.tensor([1, 2])", T([2, 2])])
    C.add("err_oob", [T([3, 2]), "0", "torch.tensor([0, 3])", T([2, 2])])
    C.add("err_negative", [T([3, 2]), "0", "torch.tensor([-1, 0])", T([2, 2])])
    C.add("err_count", [T([3, 2]), "0", "torch.tensor([0, 1, 2])", T([2, 2])])
    C.add("err_dtype", [T([3, 2]), "0", "torch.tensor([0, 1])", T([2, 2], "float64")])
    C.add("err_index_2d", [T([3, 2]), "0", "torch.tensor([[0, 1]])", T([2, 2])])
    C.add("err_index_float", [T([3, 2]), "0", "torch.tensor([0.0, 1.0])", T([2, 2])])
    C.add("err_index_int16", [T([3, 2]), "0", "torch.tensor([0, 1], dtype=torch.int16)", T([2, 2])])
    C.add("err_slice_shape", [T([3, 2]), "0", "torch.tensor([0, 1])", T([2, 3])])
    C.add("err_rank", [T([3, 2]), "0", "torch.tensor([0, 1])", T([4])])
    C.add("err_dim", [T([3, 2]), "2", "torch.tensor([0, 1])", T([2, 2])])
    C.add("err_source_0d_two_indices", [T([3]), "0", "torch.tensor([0, 1])", T([])])
    if add:
        C.add("err_int32_dtype_mix", [T([3, 2]), "1", "torch.tensor([0])", T([3, 1], "int64")])
        C.add("err_broadcast", [T([2, 3]), "0", "torch.tensor([1])", T([1, 4])])
        C.add("err_source_bigger", [T([2, 3]), "0", "torch.tensor([1])", T([1, 2, 3])])
        C.add("err_source_rank_for_1d", [T([3]), "0", "torch.tensor([1])", T([1, 1])])
        C.add("err_alpha_overflow", [T([3], "uint8"), "0", "torch.tensor([1])", T([1], "uint8")], [("alpha", "300")])
        C.add("err_alpha_string", [T([3]), "0", "torch.tensor([1])", T([1])], [("alpha", "'a'")])
    C.errors([T([3, 2]), "0", "torch.tensor([1, 2])", T([2, 2])])


def index_add_cases(C):
    index_copy_cases(C, add=True)


def scatter_index(C, self_shape, src_shape, dim, shape=None, dups=True):
    """An index tensor valid for scatter along dim: no bigger than self (except along dim) and
    src, values in [0, self.shape[dim])."""
    r = len(self_shape)
    if shape is None:
        shape = [C.rng.randint(1, min(self_shape[d] if d != dim else src_shape[d], src_shape[d])) for d in range(r)]
    return C.I(shape, self_shape[dim]) if dups else dup_index(C, shape, self_shape[dim], False)


def scatter_cases(C, kind="scatter"):
    T = C.T
    S = lambda *a, **k: scatter_index(C, *a, **k)  # noqa: E731
    reduce = kind == "scatter_reduce"
    red = [("reduce", "'sum'")] if reduce else []
    pos_red = ["'sum'"] if reduce else []
    C.add("dim0", [T([3, 4]), "0", S([3, 4], [2, 4], 0), T([2, 4])] + pos_red)
    C.add("dim1", [T([2, 5]), "1", S([2, 5], [2, 3], 1), T([2, 3])] + pos_red)
    C.add("dups_dim0", [T([2, 3]), "0", "torch.tensor([[1, 1, 0], [1, 0, 0], [1, 1, 1]])", T([3, 3])] + pos_red)
    C.add("dups_dim1", [T([2, 3]), "1", "torch.tensor([[2, 2, 2], [0, 1, 0]])", T([2, 4])] + pos_red)
    C.add("dim_neg1", [T([2, 3], "int64"), "-1", S([2, 3], [2, 3], 1), T([2, 3], "int64")] + pos_red)
    C.add("rank3", [T([2, 3, 2]), "1", S([2, 3, 2], [2, 2, 2], 1), T([2, 2, 2])] + pos_red)
    C.add("rank1", [T([5]), "0", S([5], [3], 0), T([3])] + pos_red)
    C.add("index_smaller_than_src", [T([3, 3]), "0", "torch.tensor([[2], [0]])", T([3, 2])] + pos_red)
    C.add("input_0d", [T([]), "0", "torch.tensor(0)", T([])] + pos_red)
    C.add("empty_index", [T([2, 3]), "0", "torch.zeros(0, 3, dtype=torch.int64)", T([2, 3])] + pos_red)
    C.add("empty_index_int32", [T([2, 3]), "0", "torch.tensor([], dtype=torch.int32)", T([2, 3])] + pos_red)
    C.add("noncontig_input", [T([4, 3], style="t"), "1", S([3, 4], [2, 2], 1), T([2, 2])] + pos_red)
    C.add("noncontig_index", [T([3, 3]), "0", C.I([2, 3], 3, style="t"), T([3, 3])] + pos_red)
    C.add("noncontig_src", [T([3, 3]), "1", S([3, 3], [3, 3], 1), T([3, 3], style="expand")] + pos_red)
    C.add("kw", [], [("input", T([2, 3])), ("dim", "0"), ("index", S([2, 3], [2, 3], 0)), ("src", T([2, 3]))] + red)
    if kind == "scatter":
        C.add("value_form", [T([3, 4]), "0", S([3, 4], [3, 4], 0), "-2.5"])
        C.add("value_kw", [T([3, 4]), "1", S([3, 4], [3, 4], 1)], [("value", "7.0")])
        C.add("value_into_int", [T([2, 3], "int64"), "1", S([2, 3], [2, 3], 1), "2.7"])
        C.add("value_dups", [T([2, 3]), "1", "torch.tensor([[1, 1], [0, 2]])", "9.0"])
        C.add("reduce_add", [T([3, 2]), "0", "torch.tensor([[0, 1], [0, 1], [2, 1]])", T([3, 2])], [("reduce", "'add'")])
        C.add("reduce_multiply", [T([3, 2]), "0", "torch.tensor([[0, 1], [0, 1], [2, 1]])", T([3, 2])], [("reduce", "'multiply'")])
        C.add("reduce_add_value", [T([2, 3]), "1", "torch.tensor([[0, 0], [2, 1]])", "1.5"], [("reduce", "'add'")])
        C.add("reduce_multiply_value", [T([2, 3]), "1", "torch.tensor([[0, 0], [2, 1]])", "-2.0"], [("reduce", "'multiply'")])
        C.add("reduce_multiply_value_0", [T([2, 3]), "1", "torch.tensor([[0, 0], [2, 1]])", "0.0"], [("reduce", "'multiply'")])
        C.add("reduce_multiply_value_1", [T([2, 3]), "1", "torch.tensor([[0, 0], [2, 1]])", "1"], [("reduce", "'multiply'")])
        C.add("reduce_multiply_int8_wraps", [T([2], "int8", vals=[3, 1]), "0", "torch.tensor([0, 0])", "100"], [("reduce", "'multiply'")])
        C.add("err_reduce_name", [T([2, 3]), "0", S([2, 3], [2, 3], 0), T([2, 3])], [("reduce", "'mean'")])
        C.add("err_value_overflow", [T([2, 3], "uint8"), "0", S([2, 3], [2, 3], 0), "256"])
        C.add("err_src_and_value", [T([2, 3]), "0", S([2, 3], [2, 3], 0), T([2, 3])], [("value", "1.0")])
    if reduce:
        for rd in ("'sum'", "'prod'", "'mean'", "'amax'", "'amin'"):
            for inc in ("True", "False"):
                C.add("reduce_%s_self_%s" % (rd.strip("'"), inc), [T([3, 2], domain="ties" if "am" in rd else "any"), "0",
                                                                    "torch.tensor([[0, 1], [0, 1], [0, 0]])", T([3, 2], domain="ties" if "am" in rd else "any")],
                      [("reduce", rd), ("include_self", inc)])
        C.add("mean_int_floor", [T([3], "int64", vals=[5, -7, 2]), "0", "torch.tensor([0, 0, 1, 1])", T([4], "int64", vals=[-3, -4, 6, 1])], [("reduce", "'mean'")])
        C.add("mean_int_floor_no_self", [T([3], "int32", vals=[5, -7, 2]), "0", "torch.tensor([0, 0, 1, 1])", T([4], "int32", vals=[-3, -4, 6, 1])],
              [("reduce", "'mean'"), ("include_self", "False")])
        C.add("amax_nan", [T([3], vals=[1.0, math.nan, 3.0]), "0", "torch.tensor([0, 1, 2, 2])", T([4], vals=[math.nan, 2.0, 1.0, 0.5])], [("reduce", "'amax'")])
        C.add("amin_ties_with_self", [T([3], vals=[1.0, 2.0, 3.0]), "0", "torch.tensor([0, 1, 2, 0])", T([4], vals=[1.0, 0.5, 3.0, 1.0])], [("reduce", "'amin'")])
        C.add("sum_negative_zero", [T([2], vals=[-0.0, 1.0]), "0", "torch.tensor([0])", T([1], vals=[-0.0])], [("reduce", "'sum'"), ("include_self", "False")])
        C.add("prod_int8_wraps", [T([2], "int8", vals=[3, 1]), "0", "torch.tensor([0, 0])", T([2], "int8", vals=[100, 2])], [("reduce", "'prod'")])
        for dt in DTYPES:
            C.add("dtype_mean_" + dt, [T([2, 3], dt), "1", "torch.tensor([[0, 0, 2], [1, 1, 1]])", T([2, 3], dt)], [("reduce", "'mean'")])
            C.add("dtype_amax_" + dt, [T([2, 3], dt), "1", "torch.tensor([[0, 0, 2], [1, 1, 1]])", T([2, 3], dt)], [("reduce", "'amax'"), ("include_self", "False")])
        C.add("err_reduce_name", [T([2, 3]), "0", S([2, 3], [2, 3], 0), T([2, 3])], [("reduce", "'max'")])
        C.add("err_reduce_missing", [T([2, 3]), "0", S([2, 3], [2, 3], 0), T([2, 3])])
        C.add("err_include_self_positional", [T([2, 3]), "0", S([2, 3], [2, 3], 0), T([2, 3]), "'sum'", "True"])
    C.dtype_sweep(lambda dt: ([T([2, 3], dt), "1", "torch.tensor([[2, 0], [1, 1]])", T([2, 2], dt)] + pos_red, []))
    C.names_sweep([T([3, 2]), "0", "torch.tensor([[2, 0], [1, 2]])", T([2, 2])] + pos_red)
    C.add("err_oob", [T([2, 3]), "0", "torch.tensor([[0, 2, 1]])", T([2, 3])] + pos_red)
    C.add("err_negative", [T([2, 3]), "1", "torch.tensor([[0], [-1]])", T([2, 3])] + pos_red)
    C.add("err_index_int32", [T([2, 3]), "0", "torch.tensor([[0, 1]], dtype=torch.int32)", T([2, 3])] + pos_red)
    C.add("err_src_dtype", [T([2, 3]), "0", "torch.tensor([[0, 1]])", T([2, 3], "float64")] + pos_red)
    C.add("err_index_rank", [T([2, 3]), "0", "torch.tensor([0, 1])", T([2, 3])] + pos_red)
    C.add("err_index_bigger_than_self", [T([2, 3]), "0", "torch.tensor([[0, 1, 0, 1]])", T([2, 4])] + pos_red)
    C.add("err_index_bigger_than_src", [T([3, 3]), "0", "torch.tensor([[0, 1, 0]])", T([1, 2])] + pos_red)
    C.add("err_src_rank", [T([3]), "0", "torch.tensor([0, 1])", T([2, 2])] + pos_red)
    C.add("err_src_rank_lower", [T([3, 2]), "0", "torch.tensor([[0]])", T([2])] + pos_red)
    C.add("err_dim", [T([2, 3]), "2", "torch.tensor([[0]])", T([2, 3])] + pos_red)
    C.add("err_list_index", [T([2, 3]), "0", "[[0, 1]]", T([2, 3])] + pos_red)
    C.errors([T([2, 3]), "0", "torch.tensor([[1, 0]])", T([2, 3])] + pos_red)


def scatter_add_cases(C):
    scatter_cases(C, "scatter_add")
    C.add("err_value_form", [C.T([2, 3]), "0", "torch.tensor([[1, 0]])", "1.0"])
    C.add("int8_wraps", [C.T([2], "int8", vals=[100, 1]), "0", "torch.tensor([0, 0])", C.T([2], "int8", vals=[100, 50])])


def scatter_reduce_cases(C):
    scatter_cases(C, "scatter_reduce")


def index_reduce_cases(C):
    T, I = C.T, C.I
    nan = math.nan
    C.add("dim0", [T([3, 2]), "0", dup_index(C, [2], 3, False), T([2, 2]), "'prod'"])
    C.add("dim1", [T([2, 4]), "1", "torch.tensor([3, 0, 3])", T([2, 3]), "'mean'"])
    C.add("dim_neg1", [T([2, 3], "int64"), "-1", "torch.tensor([2, 2])", T([2, 2], "int64"), "'amax'"])
    C.add("rank3", [T([2, 3, 2]), "1", "torch.tensor([1, 0, 1])", T([2, 3, 2]), "'amin'"])
    C.add("index_0d", [T([3, 2]), "0", "torch.tensor(1)", T([1, 2]), "'prod'"])
    C.add("index_int32", [T([3, 2]), "0", "torch.tensor([1, 0, 1], dtype=torch.int32)", T([3, 2]), "'mean'"],
          [("include_self", "False")])
    C.add("rank1", [T([4], "int32"), "0", "torch.tensor([3, 0, 3])", T([3], "int32"), "'mean'"])
    C.add("source_0d", [T([4]), "0", "torch.tensor([2])", T([]), "'amax'"])
    C.add("input_0d", [T([]), "0", "torch.tensor([0, 0])", T([2]), "'amin'"], [("include_self", "False")])
    C.add("empty_index", [T([2, 3]), "0", "torch.tensor([], dtype=torch.int64)", T([0, 3]), "'mean'"])
    C.add("empty_index_no_self", [T([2, 3]), "0", "torch.tensor([], dtype=torch.int64)", T([0, 3]), "'amax'"],
          [("include_self", "False")])
    C.add("noncontig_input", [T([3, 2], style="t"), "1", "torch.tensor([2, 0, 2])", T([2, 3]), "'prod'"])
    C.add("noncontig_source", [T([3, 3]), "0", "torch.tensor([1, 1])", T([2, 3], style="expand"), "'amax'"])
    C.add("broadcast_source", [T([3, 2]), "0", "torch.tensor([1, 0, 1])", T([3, 1]), "'mean'"])
    C.add("kw", [], [("input", T([2, 3])), ("dim", "1"), ("index", "torch.tensor([2, 2])"), ("source", T([2, 2])),
                     ("reduce", "'amin'"), ("include_self", "False")])
    for rd in ("prod", "mean", "amax", "amin"):
        dom = "ties" if rd.startswith("am") else "any"
        for inc in ("True", "False"):
            C.add("reduce_%s_self_%s" % (rd, inc), [T([3, 2], domain=dom), "0", "torch.tensor([0, 2, 0, 0])",
                                                    T([4, 2], domain=dom), "'%s'" % rd], [("include_self", inc)])
            C.add("reduce_%s_self_%s_1d" % (rd, inc), [T([3], domain=dom), "0", "torch.tensor([2, 2, 0])",
                                                       T([3], domain=dom), "'%s'" % rd], [("include_self", inc)])
    C.add("prod_zeros", [T([3], vals=[2.0, 0.0, 3.0]), "0", "torch.tensor([0, 0, 1, 2, 2])",
                         T([5], vals=[0.0, 4.0, 5.0, 0.0, 0.0]), "'prod'"])
    C.add("mean_int_floor", [T([3], "int64", vals=[5, -7, 2]), "0", "torch.tensor([0, 0, 1, 1])",
                             T([4], "int64", vals=[-3, -4, 6, 1]), "'mean'"])
    C.add("mean_int_floor_no_self", [T([2, 1], "int32", vals=[5, -7]), "0", "torch.tensor([0, 0, 1, 1])",
                                     T([4, 1], "int32", vals=[-3, -4, 6, 1]), "'mean'"], [("include_self", "False")])
    C.add("amax_nan", [T([3], vals=[1.0, nan, 3.0]), "0", "torch.tensor([0, 1, 2, 2])",
                       T([4], vals=[nan, 2.0, 1.0, 0.5]), "'amax'"])
    C.add("amax_nan_2d", [T([2, 2], vals=[1.0, nan, 3.0, 4.0]), "0", "torch.tensor([0, 1, 1])",
                          T([3, 2], vals=[nan, 2.0, 1.0, 0.5, 7.0, nan]), "'amax'"])
    C.add("amin_nan_no_self", [T([2, 2], vals=[1.0, nan, 3.0, 4.0]), "0", "torch.tensor([0, 0, 1])",
                               T([3, 2], vals=[nan, 2.0, 1.0, 0.5, 7.0, nan]), "'amin'"], [("include_self", "False")])
    C.add("amin_ties_with_self", [T([3], vals=[1.0, 2.0, 3.0]), "0", "torch.tensor([0, 1, 2, 0])",
                                  T([4], vals=[1.0, 0.5, 3.0, 1.0]), "'amin'"])
    C.add("prod_int8_wraps", [T([2], "int8", vals=[3, 1]), "0", "torch.tensor([0, 0])", T([2], "int8", vals=[100, 2]),
                              "'prod'"])
    for dt in DTYPES:
        C.add("dtype_mean_" + dt, [T([3, 2], dt), "0", "torch.tensor([2, 0, 2])", T([3, 2], dt), "'mean'"])
        C.add("dtype_amax_" + dt, [T([3, 2], dt), "0", "torch.tensor([2, 0, 2])", T([3, 2], dt), "'amax'"],
              [("include_self", "False")])
        C.add("dtype_amin_1d_" + dt, [T([3], dt), "0", "torch.tensor([2, 0, 2])", T([3], dt), "'amin'"])
    C.dtype_sweep(lambda dt: ([T([3, 2], dt), "0", "torch.tensor([2, 0])", T([2, 2], dt), "'prod'"], []))
    C.names_sweep([T([3, 2]), "0", "torch.tensor([1, 2])", T([2, 2]), "'amax'"])
    C.add("err_oob", [T([3, 2]), "0", "torch.tensor([0, 3])", T([2, 2]), "'prod'"])
    C.add("err_negative", [T([3, 2]), "0", "torch.tensor([-1, 0])", T([2, 2]), "'mean'"])
    C.add("err_negative_no_self", [T([3, 2]), "0", "torch.tensor([0, -1])", T([2, 2]), "'amax'"], [("include_self", "False")])
    C.add("err_oob_no_self", [T([3]), "0", "torch.tensor([0, 5])", T([2]), "'amin'"], [("include_self", "False")])
    C.add("err_count", [T([3, 2]), "0", "torch.tensor([0, 1, 2])", T([2, 2]), "'prod'"])
    C.add("err_dtype", [T([3, 2]), "0", "torch.tensor([0, 1])", T([2, 2], "float64"), "'prod'"])
    C.add("err_index_2d", [T([3, 2]), "0", "torch.tensor([[0, 1]])", T([2, 2]), "'prod'"])
    C.add("err_index_float", [T([3, 2]), "0", "torch.tensor([0.0, 1.0])", T([2, 2]), "'prod'"])
    C.add("err_index_int16", [T([3, 2]), "0", "torch.tensor([0, 1], dtype=torch.int16)", T([2, 2]), "'prod'"])
    C.add("err_broadcast", [T([3, 2]), "0", "torch.tensor([0, 1])", T([2, 3]), "'prod'"])
    C.add("err_source_bigger", [T([2, 3]), "0", "torch.tensor([1])", T([1, 2, 3]), "'mean'"])
    C.add("err_source_rank_for_1d", [T([3]), "0", "torch.tensor([1])", T([1, 1]), "'mean'"])
    C.add("err_dim", [T([3, 2]), "2", "torch.tensor([0, 1])", T([2, 2]), "'prod'"])
    C.add("err_source_dim", [T([3, 2]), "1", "torch.tensor([0, 1, 2])", T([3]), "'prod'"])
    C.add("err_empty_input", [T([0, 3]), "0", "torch.tensor([0])", T([1, 3]), "'prod'"])
    C.add("err_empty_input_no_self", [T([0, 3]), "0", "torch.tensor([0])", T([1, 3]), "'prod'"], [("include_self", "False")])
    C.add("err_bool_mean", [T([3, 2], "bool"), "0", "torch.tensor([1])", T([1, 2], "bool"), "'mean'"])
    C.add("err_bool_1d", [T([3], "bool"), "0", "torch.tensor([], dtype=torch.int64)", T([0], "bool"), "'amax'"])
    C.add("err_reduce_sum", [T([3, 2]), "0", "torch.tensor([0, 1])", T([2, 2]), "'sum'"])
    C.add("err_reduce_before_dim", [T([3, 2]), "5", "torch.tensor([0, 1])", T([2, 2]), "'max'"])
    C.add("err_reduce_missing", [T([3, 2]), "0", "torch.tensor([0, 1])", T([2, 2])])
    C.add("err_include_self_positional", [T([3, 2]), "0", "torch.tensor([0, 1])", T([2, 2]), "'prod'", "True"])
    C.add("err_include_self_int", [T([3, 2]), "0", "torch.tensor([0, 1])", T([2, 2]), "'prod'"], [("include_self", "1")])
    C.errors([T([3, 2]), "0", "torch.tensor([1, 2])", T([2, 2]), "'prod'"])


def put_cases(C):
    T, I = C.T, C.I
    for acc in ("False", "True"):
        kw = [("accumulate", acc)]
        C.add("basic_acc_" + acc, [T([2, 3]), I([3], 6), T([3])], kw)
        C.add("negative_acc_" + acc, [T([2, 3]), "torch.tensor([-1, 0, -6])", T([3])], kw)
        C.add("dups_acc_" + acc, [T([2, 2]), "torch.tensor([1, 1, 3, 1])", T([4])], kw)
        C.add("shapes_differ_acc_" + acc, [T([3, 2]), I([2, 2], 6), T([4])], kw)
        C.add("noncontig_index_acc_" + acc, [T([2, 3]), "torch.tensor([[1, 1, 4], [2, 1, 0]]).t()", T([3, 2])], kw)
    C.add("accumulate_positional", [T([2, 3]), "torch.tensor([0, 0])", T([2]), "True"])
    C.add("default_accumulate", [T([2, 3]), "torch.tensor([4, 0])", T([2])])
    C.add("input_0d", [T([]), "torch.tensor(0)", T([])])
    C.add("input_0d_negative", [T([]), "torch.tensor([-1])", T([1])], [("accumulate", "True")])
    C.add("empty_index", [T([2, 3]), "torch.tensor([], dtype=torch.int64)", T([0])])
    C.add("empty_both", [T([0]), "torch.tensor([], dtype=torch.int64)", T([0])])
    C.add("noncontig_input", [T([3, 2], style="t"), "torch.tensor([5, 1])", T([2])])
    C.add("noncontig_source", [T([2, 3]), "torch.tensor([[5, 1], [0, 2]])", T([2, 2], style="expand")])
    C.add("int8_wraps", [T([2], "int8", vals=[100, 1]), "torch.tensor([0, 0])", T([2], "int8", vals=[100, 50])], [("accumulate", "True")])
    C.add("kw", [], [("input", T([2, 2])), ("index", "torch.tensor([3])"), ("source", T([1])), ("accumulate", "True")])
    C.dtype_sweep(lambda dt: ([T([2, 3], dt), "torch.tensor([5, 0, 5])", T([3], dt), "True"], []))
    C.names_sweep([T([2, 3]), "torch.tensor([4, 1])", T([2])])
    C.add("err_oob", [T([2, 3]), "torch.tensor([1, 6])", T([2])])
    C.add("err_oob_negative_acc", [T([2, 3]), "torch.tensor([-7])", T([1])], [("accumulate", "True")])
    C.add("err_int32_index", [T([2, 3]), "torch.tensor([1], dtype=torch.int32)", T([1])])
    C.add("err_source_dtype", [T([2, 3]), "torch.tensor([1])", T([1], "float64")])
    C.add("err_count", [T([2, 3]), "torch.tensor([1, 2])", T([1])])
    C.add("err_empty_input", [T([0]), "torch.tensor([0])", T([1])])
    C.add("err_accumulate_int", [T([2, 3]), "torch.tensor([1])", T([1]), "1"])
    C.errors([T([2, 3]), "torch.tensor([1])", T([1])])


def index_put_cases(C):
    T, I = C.T, C.I
    for acc in ("False", "True"):
        kw = [("accumulate", acc)]
        C.add("one_index_rows_acc_" + acc, [T([3, 2]), "(%s,)" % I([2], 3), T([2, 2])], kw)
        C.add("two_indices_acc_" + acc, [T([3, 3]), "(%s, %s)" % (I([4], 3), I([4], 3)), T([4])], kw)
        C.add("dups_acc_" + acc, [T([2, 3]), "(torch.tensor([1, 1, 0, 1]), torch.tensor([2, 2, 0, 2]))", T([4])], kw)
        C.add("broadcast_indices_acc_" + acc, [T([3, 3]), "(torch.tensor([[0], [2]]), torch.tensor([1, 0, 1]))", T([2, 3])], kw)
        C.add("scalar_value_acc_" + acc, [T([2, 3]), "(torch.tensor([1, 1]), torch.tensor([0, 0]))", "torch.tensor(5.0)"], kw)
        C.add("row_broadcast_value_acc_" + acc, [T([3, 2]), "(torch.tensor([2, 0, 2]),)", T([2])], kw)
    C.add("negative_index", [T([2, 3]), "(torch.tensor([-1, 0]), torch.tensor([-3, 2]))", T([2])])
    C.add("index_0d", [T([2, 3]), "(torch.tensor(1), torch.tensor(2))", "torch.tensor(9.0)"])
    C.add("list_of_indices", [T([2, 3]), "[torch.tensor([0, 1])]", "torch.tensor(1.0)"])
    C.add("rank3_one_index", [T([2, 2, 2], "int64"), "(torch.tensor([1]),)", T([1, 2, 2], "int64")])
    C.add("empty_index", [T([2, 3]), "(torch.tensor([], dtype=torch.int64),)", "torch.tensor(1.0)"])
    C.add("noncontig_input", [T([3, 2], style="t"), "(torch.tensor([1, 0]), torch.tensor([2, 2]))", T([2])])
    C.add("noncontig_values", [T([3, 3]), "(torch.tensor([0, 2]),)", T([2, 3], style="expand")])
    C.add("kw", [], [("input", T([2, 2])), ("indices", "(torch.tensor([1]),)"), ("values", T([2])), ("accumulate", "True")])
    C.add("accumulate_positional", [T([2, 2]), "(torch.tensor([1, 1]),)", T([2]), "True"])
    C.dtype_sweep(lambda dt: ([T([2, 3], dt), "(torch.tensor([1, 0, 1]), torch.tensor([2, 2, 2]))", T([3], dt)], []))
    C.names_sweep([T([2, 3]), "(torch.tensor([0, 1]), torch.tensor([1, 1]))", T([2])])
    C.add("err_oob", [T([2, 3]), "(torch.tensor([0, 1]), torch.tensor([1, 3]))", T([2])])
    C.add("err_oob_first_position", [T([2, 3]), "(torch.tensor([0, 7]), torch.tensor([5, 1]))", T([2])])
    C.add("err_oob_negative_acc", [T([2, 3]), "(torch.tensor([-3]),)", "torch.tensor(1.0)", "True"])
    C.add("err_too_many", [T([2, 3]), "(torch.tensor([0]), torch.tensor([0]), torch.tensor([0]))", "torch.tensor(1.0)"])
    C.add("err_float_index", [T([2, 3]), "(torch.tensor([0.0]),)", "torch.tensor(1.0)"])
    C.add("err_int32_index", [T([2, 3]), "(torch.tensor([0], dtype=torch.int32),)", "torch.tensor(1.0)"])
    C.add("err_broadcast_indices", [T([3, 3]), "(torch.tensor([0, 1]), torch.tensor([0, 1, 2]))", "torch.tensor(1.0)"])
    C.add("err_values_shape", [T([2, 3]), "(torch.tensor([0, 1]),)", T([2])])
    C.add("err_values_dtype", [T([2, 3]), "(torch.tensor([0, 1]),)", "torch.tensor(1.0, dtype=torch.float64)"])
    C.add("err_values_number", [T([2, 3]), "(torch.tensor([0, 1]),)", "1.0"])
    C.add("err_index_tensor_not_tuple", [T([2, 3]), "torch.tensor([0, 1])", "torch.tensor(1.0)"])
    C.add("err_empty_dim", [T([0, 3]), "(torch.tensor([0]),)", "torch.tensor(1.0)"])
    C.add("err_accumulate_int", [T([2, 3]), "(torch.tensor([0]),)", "torch.tensor(1.0)", "1"])
    C.errors([T([2, 3]), "(torch.tensor([0, 1]),)", "torch.tensor(1.0)"])


def nonzero_cases(C):
    T = C.T
    tuple_kw = [("as_tuple", "True")] if C.p == "torch.nonzero" else []
    C.add("rank2", [T([3, 4], "int64", domain="ties")])
    C.add("rank1", [T([6], domain="ties")])
    C.add("rank3", [T([2, 2, 3], "bool")])
    C.add("input_0d_nonzero", ["torch.tensor(5)"])
    C.add("input_0d_zero", ["torch.tensor(0.0)"])
    C.add("all_zero", [T([2, 3], vals=[0.0] * 6)])
    C.add("empty", [T([0, 3])])
    C.add("nan_and_negative_zero", [T([4], vals=[math.nan, -0.0, 0.0, 2.0])])
    C.add("noncontig_t", [T([3, 4], "int32", style="t", domain="ties")])
    C.add("noncontig_expand", [T([2, 3], "int64", style="expand", domain="ties")])
    C.add("kw_input", [], [("input", T([2, 3], domain="ties"))])
    if tuple_kw:
        C.add("as_tuple_rank2", [T([3, 3], domain="ties")], tuple_kw)
        C.add("as_tuple_rank3", [T([2, 2, 2], "bool")], tuple_kw)
        C.add("as_tuple_0d", ["torch.tensor(3)"], tuple_kw)
        C.add("as_tuple_0d_zero", ["torch.tensor(0)"], tuple_kw)
        C.add("as_tuple_false", [T([2, 3], domain="ties")], [("as_tuple", "False")])
        C.add("as_tuple_empty", [T([0, 2])], tuple_kw)
        C.add("method_as_tuple", [T([2, 3], domain="ties")], tuple_kw, form="method")
        C.add("err_as_tuple_positional", [T([2, 3]), "True"])
        C.add("err_as_tuple_int", [T([2, 3])], [("as_tuple", "1")])
        C.add("err_method_positional", [T([2, 3]), "True"], form="method")
    else:
        C.add("err_as_tuple", [T([2, 3])], [("as_tuple", "True")])
        # (x.argwhere(1)'s message names _TensorBase or Tensor depending on how CPython
        # calls the method: not a golden)
    C.dtype_sweep(lambda dt: ([T([2, 3], dt, domain="ties")], []))
    C.names_sweep([T([2, 3], domain="ties")])
    C.add("err_no_args", [])
    C.add("err_string_input", ["'a'"])
    C.add("err_list_input", ["[1, 0]"])
    C.add("err_extra", [T([2, 3]), T([2, 3])])


def sorted_vals(C, n, lo=-5, hi=9, dtype="float32", dups=False):
    vals = sorted(C.rng.randint(lo, hi) if dtype not in FLOATS or C.rng.random() < 0.5 else round(C.rng.uniform(lo, hi), 1)
                  for _ in range(n))
    if dups and n >= 3:
        vals[1] = vals[2] = vals[1]
    return vals


def search_cases(C):
    T = C.T
    bucket = C.p == "torch.bucketize"

    def S(n, dtype="float32", dups=False, rows=None):
        if rows:
            return T([rows, n], dtype, vals=sum((sorted_vals(C, n, dtype=dtype, dups=dups) for _ in range(rows)), []))
        return T([n], dtype, vals=sorted_vals(C, n, dtype=dtype, dups=dups))

    def A(name, seq, vals, kw=(), form=None):  # (boundaries, values) in the op's own order
        C.add(name, [vals, seq] if bucket else [seq, vals], kw, form)
    A("basic", S(5), T([4]))
    A("right", S(5, dups=True), T([3], vals=[-1.0, 2.0, 9.0]), [("right", "True")])
    A("ties_left", "torch.tensor([1.0, 2.0, 2.0, 2.0, 3.0])", "torch.tensor([2.0, 0.5, 3.5])")
    A("ties_right", "torch.tensor([1.0, 2.0, 2.0, 2.0, 3.0])", "torch.tensor([2.0, 0.5, 3.5])", [("right", "True")])
    A("out_int32", S(4, "int64"), T([2, 2], "int64"), [("out_int32", "True")])
    A("values_2d", S(4), T([2, 3]))
    A("value_0d", S(4), "torch.tensor(2.5)")
    A("python_int", S(5, "int64"), "4")
    A("python_float", S(5, "int64"), "4.5")
    A("mixed_dtypes", S(4, "int64"), T([3]))
    A("nan_value", "torch.tensor([1.0, 2.0, 3.0])", "torch.tensor([float('nan'), 2.0])")
    A("inf_values", "torch.tensor([1.0, 2.0, 3.0])", "torch.tensor([float('inf'), -float('inf')])")
    A("empty_boundaries", "torch.tensor([], dtype=torch.float32)", T([2]))
    A("empty_values", S(3), "torch.tensor([], dtype=torch.float32)")
    A("one_boundary", "torch.tensor([2])", "torch.tensor([1, 2, 3])")
    A("noncontig_values", S(4), T([3, 2], style="t"))
    A("noncontig_boundaries", "torch.tensor([2.0]).expand(3)", "torch.tensor([1.0, 2.0, 3.0])")
    if not bucket:
        A("side_right", S(5, dups=True), T([3]), [("side", "'right'")])
        A("side_left_right_false", S(5), T([3]), [("side", "'left'"), ("right", "False")])
        A("side_right_right_true", S(4), T([2]), [("side", "'right'"), ("right", "True")])
        A("nd_rows", S(4, rows=2), T([2, 3]))
        A("nd_rows_right", S(3, "int64", rows=3), T([3, 2], "int64"), [("right", "True")])
        A("nd_noncontig", T([3, 2], vals=[1.0, 2.0, 5.0, 3.0, 7.0, 4.0], style="t"), T([2, 2]))
        A("sorter", "torch.tensor([3.0, 1.0, 2.0, 5.0])", "torch.tensor([2.5, 0.0, 6.0])", [("sorter", "torch.tensor([1, 2, 0, 3])")])
        A("sorter_right", "torch.tensor([3, 1, 2, 1])", "torch.tensor([1, 2, 3])", [("sorter", "torch.tensor([1, 3, 2, 0])"), ("right", "True")])
        A("sorter_rows", "torch.tensor([[3, 1, 2], [0, 9, 4]])", "torch.tensor([[2], [5]])", [("sorter", "torch.tensor([[1, 2, 0], [0, 2, 1]])")])
        C.add("kw_self_number", [], [("sorted_sequence", S(4)), ("self", "2.0")])
        C.add("kw_all", [], [("sorted_sequence", S(4)), ("input", T([2])), ("right", "True"), ("out_int32", "True")])
        A("err_side", S(3), T([2]), [("side", "'middle'")])
        A("err_side_opposite", S(3), T([2]), [("side", "'left'"), ("right", "True")])
        A("err_sorter_size", S(3), T([2]), [("sorter", "torch.tensor([0, 1])")])
        A("err_sorter_dtype", S(3), T([2]), [("sorter", "torch.tensor([0, 1, 2], dtype=torch.int32)")])
        A("err_rows_mismatch", S(2, rows=2), T([3]))
        A("err_scalar_with_rows", S(2, rows=2), "torch.tensor(1.0)")
        A("err_boundaries_0d", "torch.tensor(1.0)", T([2]))
        A("err_bool", "torch.tensor([False, True])", "torch.tensor([True])")
    else:
        A("values_rank3", S(3, "int64"), T([2, 1, 2], "int64"))
        C.add("kw_all", [], [("input", T([3])), ("boundaries", S(4)), ("right", "True")])
        A("err_boundaries_2d", "torch.tensor([[1.0, 2.0]])", T([2]))
        A("err_boundaries_0d", "torch.tensor(1.0)", T([2]))
        A("err_side", S(3), T([2]), [("side", "'right'")])
        A("err_bool", "torch.tensor([False, True])", "torch.tensor([True])")
    for dt in DTYPES:
        if dt == "bool":
            A("dtype_bool", "torch.tensor([False, True])", "torch.tensor([True, False])")
        else:
            A("dtype_" + dt, T([4], dt, vals=[round_to(v, dt) for v in sorted_vals(C, 4, 0 if dt == "uint8" else -5, 9, dt)]), T([3], dt))
    for q in C.names:
        A("name_" + q, S(4), T([2]), form=q)
    A("err_list_values", S(3), "[1.0, 2.0]")
    A("err_string_values", S(3), "'a'")
    C.add("err_no_args", [])
    A("err_unknown_kw", S(3), T([2]), [("foo", "1")])


def isin_cases(C):
    T = C.T

    def V(shape, dt="int64", style="literal"):  # small integers: many elements are found
        return T(shape, dt, style, domain="ties")
    C.add("basic", [V([2, 3]), V([3])])
    C.add("invert", [V([2, 3]), V([2])], [("invert", "True")])
    C.add("assume_unique", ["torch.tensor([3, 1, 4, 0])", "torch.tensor([4, 2, 0])"], [("assume_unique", "True")])
    C.add("assume_unique_invert", ["torch.tensor([3, 1, 4, 0])", "torch.tensor([4, 2, 0])"],
          [("assume_unique", "True"), ("invert", "True")])
    C.add("sort_path", [V([4]), "torch.arange(-6, 10)"])
    C.add("sort_path_unique", ["torch.tensor([3, 6, 9, 0])", "torch.arange(13) * 2"], [("assume_unique", "True")])
    C.add("sort_path_unique_invert", ["torch.tensor([3, 6, 9, 0])", "torch.arange(13) * 2"],
          [("assume_unique", "True"), ("invert", "True")])
    C.add("ties", ["torch.tensor([1, 2])", "torch.tensor([2, 2, 5])"])
    C.add("nan_and_zero", ["torch.tensor([float('nan'), 1.0, -0.0])", "torch.tensor([float('nan'), 0.0])"])
    C.add("python_test", [V([2, 3]), "2"])
    C.add("python_test_invert", [V([2, 3]), "2"], [("invert", "True")])
    C.add("python_elements", ["2", V([4])])
    C.add("python_float_test", [V([3]), "2.5"])
    C.add("python_float_equal", [V([3]), "2.0"])
    C.add("python_float_elements", ["1.0", V([3])])
    C.add("int8_wraps_scalar", ["torch.tensor([1, 2, 3, -2], dtype=torch.int8)", "258"])
    C.add("uint8_wraps_scalar", ["torch.tensor([1, 2, 254], dtype=torch.uint8)", "-2"])
    C.add("scalar_elements_wrap", ["258", "torch.tensor([1, 2, 3], dtype=torch.int8)"])
    C.add("int8_promotes", ["torch.tensor([1, 2, 3, 4], dtype=torch.int8)", "torch.tensor([258, 2])"])
    C.add("mixed_dtypes", [V([4]), V([3], "float32")])
    C.add("float32_0d_test", ["torch.tensor([16777217, 3])", "torch.tensor(16777216.0)"])
    C.add("test_0d", [V([2, 2]), "torch.tensor(2)"])
    C.add("elements_0d", ["torch.tensor(2)", V([3])])
    C.add("test_2d", [V([3]), V([2, 2])])
    C.add("empty_test", [T([3]), "torch.tensor([], dtype=torch.float32)"])
    C.add("empty_test_invert", [T([3]), "torch.tensor([], dtype=torch.float32)"], [("invert", "True")])
    C.add("empty_elements", ["torch.zeros(0, 2)", T([3])])
    C.add("noncontig", [V([3, 2], style="t"), V([2, 2], style="expand")])
    C.add("noncontig_permute", [V([2, 3, 2], style="permute"), V([3])])
    C.add("noncontig_test_refused", [V([2, 3]), "torch.tensor([[2, 0], [1, 3]]).t()"])
    C.add("noncontig_test_sort_path", [V([2, 3]), "torch.arange(40).reshape(20, 2).t()"])
    C.add("noncontig_test_sliced", [V([2, 3]), "torch.tensor([2, 0, 5, 1, 3, 6])[::2]"])
    C.add("kw_all", [], [("elements", V([3])), ("test_elements", V([2])), ("invert", "True")])
    C.add("kw_test_element", [V([3])], [("test_element", "1")])
    C.add("kw_element", [], [("element", "1"), ("test_elements", V([3]))])
    for dt in DTYPES:
        C.add("dtype_" + dt, [V([2, 3], dt), V([3], dt)])
        C.add("dtype_scalar_" + dt, [V([3], dt), "1"])
        C.add("dtype_scalar_elements_" + dt, ["1", V([3], dt)])
    C.add("bool_test_scalar", [V([3]), "True"])
    C.add("bool_elements_scalar", ["True", V([3])])
    C.add("bfloat16_test", [V([3]), V([2], "bfloat16")])
    C.add("float16_sort_path", [V([4], "float16"), "torch.arange(13, dtype=torch.float16)"])
    C.names_sweep([V([3]), V([2])])
    C.add("err_both_scalars", ["2", "3"])
    C.add("err_list_test", [V([3]), "[1, 2]"])
    C.add("err_none_test", [V([3]), "None"])
    C.add("err_positional_flag", [V([3]), V([2]), "True"])
    C.add("err_int_flag", [V([3]), V([2])], [("invert", "1")])
    C.add("err_string", [V([3]), "'a'"])
    C.add("err_missing_test", [V([3])])
    C.add("err_no_args", [])
    C.add("err_unknown_kw", [V([3]), V([2])], [("foo", "1")])


def fill_diagonal_cases(C):
    T = C.T

    def A(name, args, kw=()):
        C.add(name, args, kw, form="method")
    A("square", [T([3, 3]), "5"])
    A("tall", [T([7, 3]), "5"])
    A("tall_wrap", [T([7, 3]), "5"], [("wrap", "True")])
    A("tall_wrap_positional", [T([9, 2]), "-1", "True"])
    A("wide_wrap", [T([3, 7]), "5"], [("wrap", "True")])
    A("just_taller_wrap", [T([4, 3]), "5"], [("wrap", "True")])
    A("column_wrap", [T([5, 1]), "2"], [("wrap", "True")])
    A("cube", [T([2, 2, 2]), "5"])
    A("cube_wrap", [T([3, 3, 3]), "1"], [("wrap", "True")])
    A("rank4", [T([2, 2, 2, 2], "int64"), "7"])
    A("empty", [T([0, 3]), "5"])
    A("empty_square", [T([0, 0]), "5"])
    A("one", [T([1, 1]), "5"], [("wrap", "True")])
    A("transposed", [T([3, 4], style="t"), "5"])
    A("transposed_wrap", [T([5, 2], style="t"), "5"], [("wrap", "True")])
    A("sliced", ["torch.zeros(4, 6)[:, ::2]", "1"])
    A("permuted", [T([3, 3, 3], style="permute"), "5"])
    A("float_into_int", [T([3, 3], "int64"), "2.7"])
    A("negative_into_uint8", [T([3, 3], "uint8"), "-1"])
    A("into_bool", [T([2, 2], "bool"), "2"])
    A("into_bfloat16", [T([2, 2], "bfloat16"), "1.1"])
    A("nan", [T([2, 2]), "float('nan')"])
    A("bool_value", [T([2, 2]), "True"])
    A("tensor_value", [T([3, 3]), "torch.tensor(2.5)"])
    A("int_tensor_value", [T([3, 3], "int64"), "torch.tensor(2.5)"])
    A("keyword", [T([4, 2])], [("fill_value", "3"), ("wrap", "True")])
    for dt in DTYPES:
        A("dtype_" + dt, [T([3, 3], dt), "1"])
    A("err_rank1", [T([3]), "5"])
    A("err_rank0", [T([]), "5"])
    A("err_unequal", [T([2, 3, 2]), "5"])
    A("err_overflow_uint8", [T([3, 3], "uint8"), "300"])
    A("err_overflow_empty", [T([0, 3], "uint8"), "300"])
    A("err_overflow_half", [T([2, 2], "float16"), "1e6"])
    A("err_tensor_1d", [T([3, 3]), "torch.tensor([2.0])"])
    A("err_string", [T([3, 3]), "'a'"])
    A("err_none", [T([3, 3]), "None"])
    A("err_int_wrap", [T([3, 3]), "2", "1"])
    A("err_missing", [T([3, 3])])
    A("err_unknown_kw", [T([3, 3]), "1"], [("foo", "1")])


def vander_cases(C):
    T = C.T
    C.add("basic", [T([4], "int64")])
    C.add("N", [T([3]), "5"])
    C.add("N0", [T([3]), "0"])
    C.add("N1", [T([3]), "1"])
    C.add("increasing", [T([3], "int64")], [("increasing", "True")])
    C.add("positional_all", [T([3]), "4", "True"])
    C.add("kw_N", [T([2])], [("N", "3")])
    C.add("kw_all", [], [("x", T([3])), ("N", "2"), ("increasing", "True")])
    C.add("empty", ["torch.tensor([], dtype=torch.float32)"])
    C.add("empty_N", ["torch.zeros(0)", "2"])
    C.add("zeros_and_signs", ["torch.tensor([0.0, -0.0, -2.0, 0.5])", "4", "True"])
    C.add("nonfinite", ["torch.tensor([float('nan'), float('inf'), -float('inf')])", "3"])
    C.add("int_wraps", ["torch.tensor([100, -3], dtype=torch.int8)", "12"])
    C.add("float32_overflow", ["torch.tensor([1e20, 3.0])", "3"])
    C.add("float32_rounding", ["torch.tensor([1.1, 0.3, 7.7])", "9"])
    C.add("bfloat16_rounding", ["torch.tensor([1.1, 0.3, 7.7], dtype=torch.bfloat16)", "6"])
    C.add("sliced", ["torch.tensor([1.0, 2.0, 3.0, 4.0])[::2]", "3"])
    C.add("expanded", ["torch.tensor([2.0]).expand(3)"])
    for dt in DTYPES:
        C.add("dtype_" + dt, [T([3], dt), "4"])
    C.add("err_2d", [T([2, 2])])
    C.add("err_0d", ["torch.tensor(2.0)"])
    C.add("err_negative_N", [T([3]), "-1"])
    C.add("err_float_N", [T([3]), "2.0"])
    C.add("err_list", ["[1, 2]"])
    C.add("err_no_args", [])
    C.add("err_unknown_kw", [T([3])], [("foo", "1")])


def linalg_vander_cases(C):
    T = C.T
    C.add("basic", [T([3])])
    C.add("N", [T([3], "int64")], [("N", "4")])
    C.add("batched", [T([2, 3])])
    C.add("rank3", [T([2, 1, 3])], [("N", "2")])
    C.add("zero_d", ["torch.tensor(2.0)"], [("N", "3")])
    C.add("empty_rows", ["torch.zeros(2, 0)"], [("N", "3")])
    C.add("int8_to_int64", ["torch.tensor([100, -3], dtype=torch.int8)"], [("N", "12")])
    C.add("transposed", [T([3, 2], style="t")])
    C.add("expanded", [T([2, 3], style="expand")])
    C.add("float32_rounding", ["torch.tensor([1.1, 0.3, 7.7])"], [("N", "9")])
    for dt in DTYPES:
        C.add("dtype_" + dt, [T([3], dt)], [("N", "3")])
    C.add("err_N1", [T([3])], [("N", "1")])
    C.add("err_N0", [T([3])], [("N", "0")])
    C.add("err_zero_d_default", ["torch.tensor(2.0)"])
    C.add("err_empty", ["torch.zeros(0)"])
    C.add("err_N_positional", [T([3]), "3"])
    C.add("err_list", ["[1.0, 2.0]"])
    C.add("err_no_args", [])
    C.add("err_unknown_kw", [T([3])], [("foo", "1")])


def one_hot_cases(C):
    I = C.I  # noqa: E741
    C.add("inferred", [I([4], 3)])
    C.add("num_classes", [I([3], 3), "5"])
    C.add("num_classes_kw", [I([2, 2], 2)], [("num_classes", "3")])
    C.add("rank2", [I([2, 3], 4)])
    C.add("input_0d", ["torch.tensor(2)"])
    C.add("input_0d_classes", ["torch.tensor(0)", "3"])
    C.add("single_class", ["torch.tensor([0, 0])"])
    C.add("single_class_explicit", ["torch.tensor([0])", "1"])
    C.add("empty_with_classes", ["torch.tensor([], dtype=torch.int64)", "3"])
    C.add("noncontig", [I([3, 2], 3, style="t")])
    C.add("noncontig_expand", [I([2, 3], 4, style="expand")])
    C.add("num_classes_minus_one", [I([3], 3), "-1"])
    C.add("kw_input", [], [("input", I([3], 4))])
    C.names_sweep([I([3], 3)])
    for dt in ("int32", "float32", "bool", "uint8"):
        C.add("err_dtype_" + dt, [C.T([2], dt, vals=[0, 1] if dt != "bool" else [False, True])])
    C.add("err_negative", ["torch.tensor([0, -1])"])
    C.add("err_too_big", ["torch.tensor([0, 5])", "3"])
    C.add("err_zero_classes", ["torch.tensor([0, 1])", "0"])
    C.add("err_negative_classes", ["torch.tensor([0, 1])", "-2"])
    C.add("err_empty_infer", ["torch.tensor([], dtype=torch.int64)"])
    C.add("err_float_classes", ["torch.tensor([0, 1])", "2.0"])
    C.add("err_list_input", ["[0, 1]"])
    C.add("err_no_args", [])
    C.add("err_unknown_kw", ["torch.tensor([0, 1])"], [("foo", "1")])


def embedding_cases(C):
    T, I = C.T, C.I

    def W(n, d, dtype="float32", style="literal"):
        return T([n, d], dtype, style, domain="pos")
    C.add("basic", [I([3], 4), W(4, 3)])
    C.add("rank2_indices", [I([2, 3], 3), W(3, 2)])
    C.add("index_0d", ["torch.tensor(1)", W(3, 2)])
    C.add("index_int32", [I([3], 3, dtype="int32"), W(3, 2)])
    C.add("padding_idx", ["torch.tensor([1, 0, 2])", W(3, 2)], [("padding_idx", "0")])
    C.add("padding_idx_negative", ["torch.tensor([1, 2])", W(3, 2)], [("padding_idx", "-1")])
    C.add("max_norm", ["torch.tensor([[0, 2], [2, 1]])", T([3, 2], vals=[0.5, 0.25, 3.0, 4.0, 1.5, -2.0])], [("max_norm", "1.0")])
    C.add("max_norm_int", ["torch.tensor([1, 1, 0])", T([2, 2], vals=[3.0, -4.0, 0.5, 0.5])], [("max_norm", "2")])
    C.add("max_norm_p1", ["torch.tensor([0, 1])", T([2, 3], vals=[1.0, -2.0, 0.5, 0.25, 0.5, 0.125])], [("max_norm", "1.5"), ("norm_type", "1")])
    C.add("max_norm_pinf", ["torch.tensor([0, 1])", T([2, 3], vals=[1.0, -3.0, 0.5, 0.25, 0.5, 0.125])], [("max_norm", "2.0"), ("norm_type", "float('inf')")])
    C.add("max_norm_zero", ["torch.tensor([1])", T([2, 2], vals=[1.0, 2.0, 3.0, 4.0])], [("max_norm", "0.0")])
    C.add("max_norm_negative", ["torch.tensor([1])", T([2, 2], vals=[1.0, 2.0, 3.0, 4.0])], [("max_norm", "-1.0")])
    C.add("max_norm_half", ["torch.tensor([1, 0])", T([2, 2], "float16", vals=[1.0, 2.0, 3.0, 4.0])], [("max_norm", "2.0")])
    C.add("max_norm_noncontig_weight", ["torch.tensor([1, 0])", T([2, 2], vals=[1.0, 2.0, 3.0, 4.0], style="t")], [("max_norm", "2.0")])
    C.add("single_row", ["torch.tensor([0, 0])", W(1, 3)])
    C.add("empty_indices", ["torch.tensor([], dtype=torch.int64)", W(2, 2)])
    C.add("empty_rows", ["torch.tensor([0])", "torch.zeros(1, 0)"])
    C.add("noncontig_weight", [I([3], 3), W(3, 2, style="t")])
    C.add("noncontig_indices", [I([2, 2], 3, style="t"), W(3, 2)])
    C.add("flags", [I([2], 3), W(3, 2)], [("scale_grad_by_freq", "True"), ("sparse", "True")])
    C.add("positional_all", [I([2], 3), W(3, 2), "None", "None", "2.0", "False", "False"])
    C.dtype_sweep(lambda dt: (["torch.tensor([2, 0])", T([3, 2], dt, domain="pos")], []))
    C.names_sweep([I([3], 3), W(3, 2)])
    C.add("err_oob", ["torch.tensor([0, 3])", W(3, 2)])
    C.add("err_negative", ["torch.tensor([-1])", W(3, 2)])
    C.add("err_int16_indices", ["torch.tensor([0], dtype=torch.int16)", W(3, 2)])
    C.add("err_float_indices", ["torch.tensor([0.0])", W(3, 2)])
    C.add("err_weight_1d", ["torch.tensor([0])", T([3])])
    C.add("err_weight_3d", ["torch.tensor([0])", T([2, 1, 2])])
    C.add("err_padding_idx_big", ["torch.tensor([0])", W(3, 2)], [("padding_idx", "3")])
    C.add("err_padding_idx_negative", ["torch.tensor([0])", W(3, 2)], [("padding_idx", "-4")])
    C.add("err_padding_idx_float", ["torch.tensor([0])", W(3, 2)], [("padding_idx", "1.0")])
    C.add("err_max_norm_oob", ["torch.tensor([5])", W(2, 2)], [("max_norm", "1.0")])
    C.add("err_max_norm_int_weight", ["torch.tensor([0])", T([2, 2], "int64")], [("max_norm", "1.0")])
    C.add("err_max_norm_float_indices", ["torch.tensor([0.0])", W(2, 2)], [("max_norm", "1.0")])
    C.add("err_max_norm_weight_1d", ["torch.tensor([0])", T([3])], [("max_norm", "1.0")])
    C.add("err_list_indices", ["[0, 1]", W(2, 2)])
    C.add("err_list_weight", ["torch.tensor([0])", "[[1.0, 2.0]]"])
    C.add("err_missing_weight", ["torch.tensor([0])"])
    C.add("err_no_args", [])
    C.add("err_unknown_kw", ["torch.tensor([0])", W(2, 2)], [("foo", "1")])


# --------------------------------------------------------------------------------------------
# random cases: shapes, dims, index values and dtypes drawn fresh (the live check replays
# them with new seeds)

STYLES = ["literal", "literal", "t", "transpose", "permute", "expand"]


def rshape(rng, rank, lo=1, hi=4):
    return [rng.randint(lo, hi) for _ in range(rank)]


def random_cases(C, n=6):
    rng, p, T, I = C.rng, C.p, C.T, C.I
    for k in range(n):
        dt = rng.choice(DTYPES)
        style = rng.choice(STYLES)
        rank = rng.randint(1, 3)
        shape = rshape(rng, rank)
        d = rng.randrange(rank)
        sd = str(d - rank if rng.random() < 0.3 else d)
        name = "random_%d" % k
        x = T(shape, dt, style)
        if p == "torch.index_select":
            C.add(name, [x, sd, I([rng.randint(0, 4)], shape[d])])
        elif p == "torch.take":
            C.add(name, [x, I(rshape(rng, rng.randint(0, 2)), prod(shape))])
        elif p == "torch.take_along_dim":
            ishape = list(shape)
            ishape[d] = rng.randint(1, 4)
            C.add(name, [x, I(ishape, shape[d], style=rng.choice(STYLES)), sd])
        elif p in ("torch.masked_select", "torch.masked_fill", "torch.masked_scatter"):
            mshape = [s if rng.random() < 0.7 else 1 for s in shape[rng.randrange(rank):]]
            args = [x, T(mshape, "bool", rng.choice(STYLES))]
            if p == "torch.masked_fill":
                args.append(rng.choice(["0", "1.5", "-2", "True", "torch.tensor(3)"]))
            elif p == "torch.masked_scatter":  # enough source elements for any mask, in some shape
                n = prod(shape) + rng.randint(0, 2)
                args.append(T(rng.choice([[n], [1, n]]), dt, rng.choice(STYLES)))
            C.add(name, args)
        elif p == "torch.index_fill":
            C.add(name, [x, sd, I([rng.randint(0, 3)], shape[d]), rng.choice(["0", "-1.5", "2", "torch.tensor(1)"])])
        elif p in ("torch.index_copy", "torch.index_add", "torch.index_reduce"):
            m = rng.randint(0, 4)
            sshape = list(shape)
            sshape[d] = m
            idx = dup_index(C, [m], shape[d], dups=p != "torch.index_copy" or m > shape[d])
            kw = [("alpha", rng.choice(["2", "-1", "0.5"]))] if p == "torch.index_add" and rng.random() < 0.5 and dt not in ("bool", "uint8") else []
            args = [x, sd, idx, T(sshape, dt, rng.choice(STYLES))]
            if p == "torch.index_reduce":
                args.append(rng.choice(["'prod'", "'amax'", "'amin'"] + (["'mean'"] if dt != "bool" else [])))
                kw = [("include_self", rng.choice(["True", "False"] if dt != "bool" else ["True"]))]
            C.add(name, args, kw)
        elif p in ("torch.scatter", "torch.scatter_add", "torch.scatter_reduce"):
            ishape = [rng.randint(1, shape[e]) if e != d else rng.randint(1, 4) for e in range(rank)]
            src = T([i + rng.randint(0, 1) for i in ishape], dt, rng.choice(STYLES))
            args = [x, sd, I(ishape, shape[d], style=rng.choice(STYLES)), src]
            kw = []
            if p == "torch.scatter_reduce":
                args.append(rng.choice(["'sum'", "'prod'", "'amax'", "'amin'"] + (["'mean'"] if dt != "bool" else [])))
                kw = [("include_self", rng.choice(["True", "False"]))]
            elif p == "torch.scatter" and rng.random() < 0.4:
                args[3] = rng.choice(["2", "-1.5", "True"])
            C.add(name, args, kw)
        elif p == "torch.put":
            m = rng.randint(0, 5)
            C.add(name, [x, I([m], prod(shape)), T([m], dt)], [("accumulate", rng.choice(["True", "False"]))])
        elif p == "torch.index_put":
            k = rng.randint(1, rank)
            bshape = rshape(rng, rng.randint(1, 2), 1, 3)
            idx = [I([b if rng.random() < 0.7 else 1 for b in bshape], shape[j]) for j in range(k)]
            rest = shape[k:]
            vshape = (bshape + rest)[rng.randint(0, len(bshape + rest)):]
            C.add(name, [x, "(%s,)" % ", ".join(idx), T(vshape, dt)], [("accumulate", rng.choice(["True", "False"]))])
        elif p in ("torch.nonzero", "torch.argwhere"):
            C.add(name, [T(shape, dt, style, domain="ties")],
                  [("as_tuple", rng.choice(["True", "False"]))] if p == "torch.nonzero" and rng.random() < 0.5 else [])
        elif p in ("torch.searchsorted", "torch.bucketize"):
            sdt = rng.choice([t for t in DTYPES if t != "bool"])
            L = rng.randint(0, 5)
            bounds = T([L], sdt, vals=[round_to(v, sdt) for v in sorted_vals(C, L, 0 if sdt == "uint8" else -5, 9, sdt)])
            vals = T(rshape(rng, rng.randint(1, 2)), sdt if rng.random() < 0.7 else "float32", rng.choice(STYLES))
            kw = [(f, "True") for f in ("right", "out_int32") if rng.random() < 0.4]
            C.add(name, [vals, bounds] if p == "torch.bucketize" else [bounds, vals], kw)
        elif p == "torch.Tensor.fill_diagonal_":
            n = rng.randint(0, 3)
            shape = [n] * rng.randint(2, 3) if rng.random() < 0.5 else [rng.randint(0, 6), rng.randint(0, 3)]
            C.add(name, [T(shape, dt, rng.choice(["literal", "t", "transpose", "permute"])), "1"],
                  [("wrap", "True")] if rng.random() < 0.5 else [], form="method")
        elif p in ("torch.vander", "torch.linalg.vander"):
            xs = T(rshape(rng, 1 if p == "torch.vander" else rng.randint(1, 2)), dt, style)
            C.add(name, [xs], [("N", str(rng.randint(2, 5)))] if rng.random() < 0.6 else [])
        elif p == "torch.isin":
            tdt = dt if rng.random() < 0.7 else rng.choice(DTYPES)
            kw = [("invert", "True")] if rng.random() < 0.4 else []
            C.add(name, [T(shape, dt, style, domain="ties"), T(rshape(rng, rng.randint(1, 2)), tdt, rng.choice(STYLES), domain="ties")], kw)
        elif p == "torch.nn.functional.one_hot":
            c = rng.randint(1, 4)
            C.add(name, [I(rshape(rng, rng.randint(0, 2)), c, style=style)] + ([str(c + rng.randint(0, 2))] if rng.random() < 0.5 else []))
        elif p == "torch.nn.functional.embedding":
            rows, width = rng.randint(1, 4), rng.randint(1, 3)
            kw = [("padding_idx", str(rng.randrange(rows)))] if rng.random() < 0.3 else []
            C.add(name, [I(rshape(rng, rng.randint(0, 2)), rows, style=style), T([rows, width], rng.choice(FLOATS), domain="pos")], kw)


CASES = {
    "torch.index_select": index_select_cases,
    "torch.take": take_cases,
    "torch.take_along_dim": take_along_dim_cases,
    "torch.masked_select": masked_select_cases,
    "torch.masked_fill": masked_fill_cases,
    "torch.masked_scatter": masked_scatter_cases,
    "torch.index_fill": index_fill_cases,
    "torch.index_copy": index_copy_cases,
    "torch.index_add": index_add_cases,
    "torch.scatter": scatter_cases,
    "torch.scatter_add": scatter_add_cases,
    "torch.scatter_reduce": scatter_reduce_cases,
    "torch.index_reduce": index_reduce_cases,
    "torch.index_put": index_put_cases,
    "torch.put": put_cases,
    "torch.nonzero": nonzero_cases,
    "torch.argwhere": nonzero_cases,
    "torch.searchsorted": search_cases,
    "torch.bucketize": search_cases,
    "torch.isin": isin_cases,
    "torch.Tensor.fill_diagonal_": fill_diagonal_cases,
    "torch.vander": vander_cases,
    "torch.linalg.vander": linalg_vander_cases,
    "torch.nn.functional.one_hot": one_hot_cases,
    "torch.nn.functional.embedding": embedding_cases,
}


def op_cases(rng, op, names):
    C = Cases(rng, op, names)
    CASES[op["primary"]](C)
    random_cases(C)
    seen = collections.Counter()
    for c in C.cases:
        seen[c["name"]] += 1
        if seen[c["name"]] > 1:
            c["name"] = "%s_%d" % (c["name"], seen[c["name"]])
    return C.cases


# --------------------------------------------------------------------------------------------
# op table


def dtype_behaviour(op, rng):
    """What the op's first generic case does with its value tensor in each dtype."""
    beh = {}
    cases = [c for c in op_cases(rng, op, SO.qualified_names(op)) if c["name"].startswith("dtype_")]
    for c in cases:
        dt = c["name"][len("dtype_"):]
        try:
            out = eval_code(c["code"])
            beh[dt] = ", ".join(NAME_OF_DTYPE[o.dtype] for o in _outs(out))
        except Exception as e:  # noqa: BLE001
            beh[dt] = "%s: %s" % (type(e).__name__, e)
    return beh


def op_table(names_of, ops):
    table = []
    for op in ops:
        names = names_of[op["primary"]]
        entry = {"primary": op["primary"], "names": names, "kind": op["kind"],
                 "params": signature_text(names),
                 "dtype_behaviour": dtype_behaviour(op, random.Random("%d:table:%s" % (SEED, op["primary"])))}
        ov = overloads(names)
        if ov:
            entry["overloads"] = ov
        if op["note"]:
            entry["note"] = op["note"]
        table.append(entry)
    return json.dumps(table, indent=1, ensure_ascii=True) + "\n"


# --------------------------------------------------------------------------------------------


def generate(only=None):
    torch.manual_seed(0)
    ops = [op for op in SO.OPS if op["primary"] in CASES]
    names_of = {op["primary"]: SO.qualified_names(op) for op in ops}
    files, meta = family_goldens("select", SEED, ops, names_of, op_cases, golden_line, only)
    files[os.path.join(GOLDEN_DIR, "select_ops.json")] = op_table(names_of, ops)
    return files, meta


def main():
    return family_main("select", generate)


if __name__ == "__main__":
    sys.exit(main())
