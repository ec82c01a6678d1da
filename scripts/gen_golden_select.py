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
import inspect
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

import select_ops as SO  # noqa: E402
FAMILY = SO  # the op list tests/live/check_live_family.py samples from
from golden_common import (  # noqa: E402
    DTYPES, FLOATS, NAME_OF_DTYPE, TORCH_DTYPE, eval_code, fixed, literal_code, outcome, overloads,
    prod, request_json, resolve, round_to, src_key, tensor_code, write_or_check)

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
    "torch.index_fill": ["input", "dim", "index", "value"],
    "torch.index_copy": ["input", "dim", "index", "source"],
    "torch.index_add": ["input", "dim", "index", "source"],
    "torch.scatter": ["input", "dim", "index", "src"],
    "torch.scatter_add": ["input", "dim", "index", "src"],
    "torch.scatter_reduce": ["input", "dim", "index", "src", "reduce"],
    "torch.index_put": ["input", "indices", "values", "accumulate"],
    "torch.put": ["input", "index", "source", "accumulate"],
    "torch.nonzero": ["input"],
    "torch.argwhere": ["input"],
    "torch.searchsorted": ["sorted_sequence", "input"],
    "torch.bucketize": ["input", "boundaries"],
    "torch.nn.functional.one_hot": ["input", "num_classes"],
    "torch.nn.functional.embedding": ["input", "weight", "padding_idx", "max_norm", "norm_type",
                                      "scale_grad_by_freq", "sparse"],
}
KEYWORD_ALIASES = {"self": "input", "value": "value"}

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


def mk(name, qual, args, kwargs=(), method=False):
    kw = [list(x) for x in kwargs]
    kwtext = ["%s=%s" % (k, v) for k, v in kw]
    if method:
        code = "%s.%s(%s)" % (args[0], qual.rsplit(".", 1)[1], ", ".join(list(args[1:]) + kwtext))
    else:
        code = "%s(%s)" % (qual, ", ".join(list(args) + kwtext))
    return {"name": name, "op": qual, "args": list(args), "kwargs": kw, "code": code}


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
    vals = [0.2 + 0.6 * (((j + 1) * 0.6180339887 + salt * 0.3183) % 1.0) for j in range(n)]
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


def relations(op, case, args, kwargs, out):
    if all(o.numel() == 0 for o in _outs(out)):
        return []
    return RELATIONS[op["kind"]](op, case, args, kwargs, out)


RELATIONS = {"read": read_relations}

# --------------------------------------------------------------------------------------------
# the oracle


def expect_of(op, case):
    try:
        args = [eval_code(c) for c in case["args"]]
        kwargs = {k: eval_code(c) for k, c in case["kwargs"]}
    except Exception as e:
        raise AssertionError("argument code fails: %s %s: %s" % (op["primary"], case["name"], e))
    fn = resolve(case["op"])
    out, expect = outcome(lambda: fn(*args, **kwargs))
    _, by_code = outcome(lambda: eval_code(case["code"]))
    if expect != by_code:
        raise AssertionError("call text does not reproduce the case %s %s:\n%s\n%s"
                             % (case["code"], case["name"], expect, by_code))
    if expect["ok"]:
        args = [eval_code(c) for c in case["args"]]  # fresh: embedding's max_norm renormalizes in place
        kwargs = {k: eval_code(c) for k, c in case["kwargs"]}
        expect["relations"] = relations(op, case, args, kwargs, out)
    return expect


def golden_line(op, case):
    return {"name": case["name"], "code": case["code"], "request": request_json(case), "expect": expect_of(op, case)}


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


CASES = {
    "torch.index_select": index_select_cases,
    "torch.take": take_cases,
    "torch.take_along_dim": take_along_dim_cases,
    "torch.masked_select": masked_select_cases,
}


def op_cases(rng, op, names):
    C = Cases(rng, op, names)
    CASES[op["primary"]](C)
    seen = collections.Counter()
    for c in C.cases:
        seen[c["name"]] += 1
        if seen[c["name"]] > 1:
            c["name"] = "%s_%d" % (c["name"], seen[c["name"]])
    return C.cases


# --------------------------------------------------------------------------------------------
# op table


def signature_text(names):
    for q in names:
        obj = resolve(q)
        doc = (getattr(obj, "__doc__", None) or "").strip()
        first = doc.splitlines()[0].strip() if doc else ""
        b = q.rsplit(".", 1)[1]
        if first.startswith(b + "(") and not q.startswith("torch.Tensor."):
            return first
    for q in names:
        obj = resolve(q)
        if inspect.isfunction(obj) and not q.startswith("torch.Tensor."):
            return q.rsplit(".", 1)[1] + str(inspect.signature(obj))
    return ""


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
    files, per_op = {}, {}
    outcomes = collections.Counter()
    for op in ops:
        if only and op["primary"] not in only:
            continue
        rng = random.Random("%d:%s" % (SEED, op["primary"]))
        lines = []
        oc = collections.Counter()
        for case in op_cases(rng, op, names_of[op["primary"]]):
            g = golden_line(op, case)
            lines.append(json.dumps(g, ensure_ascii=True))
            e = g["expect"]
            k = "ok" if e["ok"] else e["error"]["type"]
            oc[k] += 1
            outcomes[k] += 1
        per_op[op["primary"]] = dict(sorted(oc.items()))
        files[os.path.join(OUT_DIR, op["primary"] + ".jsonl")] = "\n".join(lines) + "\n"
    meta = {"generator": "scripts/gen_golden_select.py", "seed": SEED, "torch": torch.__version__,
            "python": sys.version.split()[0], "cases": sum(outcomes.values()), "ops": len(per_op),
            "outcomes": dict(sorted(outcomes.items())), "per_op": per_op}
    files[os.path.join(GOLDEN_DIR, "select.meta.json")] = json.dumps(meta, indent=1, sort_keys=True) + "\n"
    files[os.path.join(GOLDEN_DIR, "select_ops.json")] = op_table(names_of, ops)
    return files, meta


def main():
    argv = sys.argv[1:]
    check = "--check" in argv
    only = [a for a in argv if not a.startswith("--")]
    t0 = time.time()
    files, meta = generate(only)
    if only:  # a debugging run: counts, and the files under /tmp/select_golden_debug
        print(json.dumps(meta["per_op"], indent=1))
        os.makedirs("/tmp/select_golden_debug", exist_ok=True)
        for p, text in files.items():
            with open(os.path.join("/tmp/select_golden_debug", os.path.basename(p)), "w") as f:
                f.write(text)
        return 0
    rc = write_or_check(files, OUT_DIR, "select", check, t0)
    if check:
        return rc
    print("wrote %d cases for %d ops (%s) in %.1f s"
          % (meta["cases"], meta["ops"], meta["outcomes"], time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
