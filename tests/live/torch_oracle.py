"""Case generator and PyTorch oracle for torch.gather, shared by scripts/gen_golden.py (the
committed golden vectors) and tests/live/check_live.py (fresh random cases checked live).

Run with /usr/bin/python3 (Debian's python3-torch, PyTorch 1.13).

A case is a dict:
    {"name": str,
     "form": "func" | "method" | "unbound",    torch.gather(...) / T.gather(...) / torch.Tensor.gather(...)
     "args": [code, ...],                       Python code text of each positional argument
     "kwargs": [[name, code], ...]}             keyword arguments, in call order
Its call text (what the Whence parser reads and what runs unchanged in Python) and its protocol
request (DESIGN.md, "The evaluation protocol") are both derived from it; the expectation is
what PyTorch does, never a re-implementation of gather:
  - result / error: the call itself (type(e).__name__ and str(e) exactly);
  - "value" relations: autograd (float64 copy of the input with requires_grad, gradient of
    each output element, input elements with a nonzero gradient);
  - "index" relations: perturbation (each index element set to every other in-range value,
    torch.gather re-run, output elements that changed). The perturbation runs on a surrogate
    input of the same shape holding distinct values (torch.arange), padded to at least two
    entries along `dim` so that every index element has another in-range value; gather's
    validity rules do not constrain the size along `dim`, so the surrogate call is valid
    exactly when the original is.
"""
import json
import math
import random

import numpy as np
import torch

from golden_common import (_path_key, error_json, eval_code, list_expressible, prod, src_key,  # noqa: F401
                           tensor_json, tuple_code, value_json)

DTYPE_NAMES = ["float32", "float64", "int64", "int32", "bool"]
TORCH_DTYPE = {n: getattr(torch, n) for n in DTYPE_NAMES}
NAME_OF_DTYPE = {v: k for k, v in TORCH_DTYPE.items()}
FLOATS = ("float32", "float64")

# --------------------------------------------------------------------------------------------
# Python code text for values


def scalar_code(x, dtype):
    if dtype == "bool":
        return "True" if x else "False"
    if dtype in FLOATS:
        x = float(x)
        if math.isnan(x):
            return "float('nan')"
        if math.isinf(x):
            return "float('inf')" if x > 0 else "-float('inf')"
        return repr(x)
    return str(int(x))


def nested_code(flat, shape, dtype):
    if not shape:
        return scalar_code(flat[0], dtype)
    n = shape[0]
    step = prod(shape[1:])
    return "[" + ", ".join(nested_code(flat[i * step:(i + 1) * step], shape[1:], dtype)
                           for i in range(n)) + "]"


def literal_code(shape, dtype, flat):
    """torch.tensor(<nested list>[, dtype=...]) or, where lists cannot say the shape, torch.zeros."""
    shape = list(shape)
    if not list_expressible(shape):
        return "torch.zeros(%s, dtype=torch.%s)" % (tuple_code(shape), dtype)
    assert len(flat) == prod(shape)
    body = nested_code(flat, shape, dtype)
    if prod(shape) == 0:
        inferred = "float32"
    else:
        inferred = {"bool": "bool", "int32": "int64", "int64": "int64"}.get(dtype, "float32")
    if dtype == inferred:
        return "torch.tensor(%s)" % body
    return "torch.tensor(%s, dtype=torch.%s)" % (body, dtype)


STYLES = ["literal", "permute", "transpose", "t", "expand", "reshape"]


def tensor_code(rng, shape, dtype, gen, style="literal"):
    """Code for a tensor of logical shape `shape`, built in the given layout style (views make
    it non-contiguous); gen(n) yields n element values. Falls back to a literal where the style
    does not apply to this rank."""
    shape = list(shape)
    r = len(shape)
    if style == "permute" and r >= 2:
        p = list(range(r))
        while p == sorted(p):
            rng.shuffle(p)
        base = [0] * r
        for i in range(r):
            base[p[i]] = shape[i]
        return literal_code(base, dtype, gen(prod(base))) + ".permute(%s)" % ", ".join(map(str, p))
    if style == "transpose" and r >= 2:
        a, b = sorted(rng.sample(range(r), 2))
        base = list(shape)
        base[a], base[b] = base[b], base[a]
        sa = a - r if rng.random() < 0.3 else a
        sb = b - r if rng.random() < 0.3 else b
        return literal_code(base, dtype, gen(prod(base))) + ".transpose(%d, %d)" % (sa, sb)
    if style == "t" and r == 2:
        base = [shape[1], shape[0]]
        return literal_code(base, dtype, gen(prod(base))) + ".t()"
    if style == "expand" and r >= 1:
        lead = rng.randint(0, min(2, r - 1))
        base = []
        sizes = []
        for i, s in enumerate(shape):
            if i < lead:
                sizes.append(str(s))
                continue
            if s != 1 and rng.random() < 0.6:
                base.append(1)
                sizes.append(str(s))
            else:
                base.append(s)
                sizes.append("-1" if rng.random() < 0.3 else str(s))
        if lead == 0 and base == shape:  # make sure something is broadcast
            i = rng.randrange(r)
            base[i] = 1
            sizes[i] = str(shape[i])
        return literal_code(base, dtype, gen(prod(base))) + ".expand(%s)" % ", ".join(sizes)
    if style == "reshape" and r >= 1:
        n = prod(shape)
        return literal_code([n], dtype, gen(n)) + ".reshape(%s)" % ", ".join(map(str, shape))
    return literal_code(shape, dtype, gen(prod(shape)))


# --------------------------------------------------------------------------------------------
# random values


def rand_float(rng):
    k = rng.random()
    if k < 0.35:
        return float(rng.randint(-9, 9))
    if k < 0.65:
        return rng.randint(-40, 40) / 4
    if k < 0.95:
        return round(rng.uniform(-10, 10), 2)
    return rng.choice([1e-07, -2.5e-05, 12345.678, 0.1, -0.0, 3.0e38, 1e-40])


def value_gen(rng, dtype, special=0.0, big=0.0):
    """gen(n) -> n random values of dtype. `special`: chance of nan/inf/-inf (floats);
    `big`: chance of an extreme integer."""
    def one():
        if dtype == "bool":
            return rng.random() < 0.5
        if dtype in FLOATS:
            if rng.random() < special:
                return rng.choice([math.nan, math.inf, -math.inf])
            return rand_float(rng)
        if dtype == "int32":
            if rng.random() < big:
                return rng.choice([2147483647, -2147483648, 65536, -123456789])
            return rng.randint(-1000, 1000)
        if rng.random() < big:
            return rng.choice([9223372036854775807, -9223372036854775808, 2 ** 40 + 3, -(2 ** 53) - 1])
        return rng.randint(-20, 99)
    return lambda n: [one() for _ in range(n)]


def index_gen(rng, size):
    return lambda n: [rng.randrange(size) for _ in range(n)]


# --------------------------------------------------------------------------------------------
# calls: form, positional/keyword split, code text, request


def make_call(rng, name, inp, dim, idx, form=None, npos=None, sparse=None):
    """A case for gather(input, dim, index) with a random (or given) form and a random split
    between positional and keyword arguments. dim is code text (or an int)."""
    if form is None:
        form = rng.choice(["func"] * 5 + ["method"] * 3 + ["unbound"])
    names = ["input", "dim", "index"]
    vals = [inp, str(dim), idx]
    lo = 1 if form != "func" else 0
    if npos is None:
        npos = 3 if rng.random() < 0.6 else rng.randint(lo, 2)
    args = vals[:npos]
    kwargs = [[names[i], vals[i]] for i in range(npos, 3)]
    rng.shuffle(kwargs)
    if sparse is None:
        sparse = rng.random() < 0.1
    if sparse:
        kwargs.insert(rng.randint(0, len(kwargs)), ["sparse_grad", "False"])
    return {"name": name, "form": form, "args": args, "kwargs": kwargs}


def call_code(case):
    kw = ["%s=%s" % (k, c) for k, c in case["kwargs"]]
    if case["form"] == "method":
        return "%s.gather(%s)" % (case["args"][0], ", ".join(case["args"][1:] + kw))
    fn = "torch.gather" if case["form"] == "func" else "torch.Tensor.gather"
    return "%s(%s)" % (fn, ", ".join(case["args"] + kw))


def request_json(case):
    op = "torch.gather" if case["form"] == "func" else "torch.Tensor.gather"
    return {"op": op,
            "args": [value_json(eval_code(c)) for c in case["args"]],
            "kwargs": {k: value_json(eval_code(c)) for k, c in case["kwargs"]}}


# --------------------------------------------------------------------------------------------
# the oracle


def _call(case, args, kwargs):
    if case["form"] == "func":
        return torch.gather(*args, **kwargs)
    if case["form"] == "method":
        return args[0].gather(*args[1:], **kwargs)
    return torch.Tensor.gather(*args, **kwargs)


def relations(inp, dim, index, out, in_path, idx_path):
    """Relations of every output element, from autograd (value) and perturbation (index)."""
    n = out.numel()
    rel = [[] for _ in range(n)]
    if n == 0:
        return []
    # value sources: autograd
    x = inp.detach().to(torch.float64).contiguous().requires_grad_(True)
    y = torch.gather(x, dim, index).reshape(-1)
    for k in range(n):
        (g,) = torch.autograd.grad(y[k], x, retain_graph=True)
        for f in g.reshape(-1).nonzero().flatten().tolist():
            rel[k].append([list(in_path), f, "value"])
    # index sources: perturbation on a surrogate input holding distinct values
    if inp.dim() == 0:
        xs, ds, base_idx = torch.arange(2, dtype=torch.float64), 0, index.reshape(-1)
    else:
        d = dim % inp.dim()
        shape = list(inp.shape)
        shape[d] = max(shape[d], 2)
        xs = torch.arange(prod(shape), dtype=torch.float64).reshape(shape)
        ds, base_idx = dim, index.contiguous()
    m = xs.shape[ds]
    base = torch.gather(xs, ds, base_idx).reshape(-1)
    flat_idx = base_idx.reshape(-1)
    for j in range(flat_idx.numel()):
        changed = set()
        for v in range(m):
            if v == int(flat_idx[j]):
                continue
            p = flat_idx.clone()
            p[j] = v
            o = torch.gather(xs, ds, p.reshape(base_idx.shape)).reshape(-1)
            changed |= set((o != base).nonzero().flatten().tolist())
        for k in changed:
            rel[k].append([list(idx_path), j, "index"])
    return [{"out": [0, k], "src": sorted(rel[k], key=src_key)} for k in range(n)]


def expect_of(case):
    """What PyTorch does for this case: {"ok": true, "result", "relations"} or an error.
    Also checks that the case's call text, run as Python, does exactly the same."""
    try:
        args = [eval_code(c) for c in case["args"]]
        kwargs = {k: eval_code(c) for k, c in case["kwargs"]}
    except Exception as e:  # a generator bug, not a gather case
        raise AssertionError("argument code fails: %s: %s" % (case["name"], e))
    try:
        out = _call(case, args, kwargs)
    except Exception as e:
        expect = error_json(e)
    else:
        names = ["input", "dim", "index"]
        where = {}
        for i, _ in enumerate(args):
            where[names[i]] = ([i], args[i])
        for k, v in kwargs.items():
            where[k] = ([k], v)
        (in_path, inp), (_, dim), (idx_path, index) = where["input"], where["dim"], where["index"]
        expect = {"ok": True, "result": tensor_json(out),
                  "relations": relations(inp, dim, index, out, in_path, idx_path)}
    # the call text must run unchanged in Python and do the same
    code = call_code(case)
    try:
        again = {"ok": True, "result": tensor_json(eval_code(code))}
    except Exception as e:
        again = error_json(e)
    mine = {k: v for k, v in expect.items() if k != "relations"}
    if again != mine:
        raise AssertionError("call text does not reproduce the case %s: %s\n%s\n%s"
                             % (case["name"], code, again, mine))
    return expect


def golden_line(case):
    return {"name": case["name"], "code": call_code(case), "request": request_json(case),
            "expect": expect_of(case)}


# --------------------------------------------------------------------------------------------
# comparison of a Whence response with an expectation (the live check; the C++ golden test
# applies the same rules)


def _num_eq(a, b, dtype):
    def f(x):
        if isinstance(x, str):
            return {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}.get(x)
        if isinstance(x, bool) or not isinstance(x, (int, float)):
            return None
        return float(x)
    fa, fb = f(a), f(b)
    if fa is None or fb is None:
        return False
    if dtype == "float32":
        with np.errstate(over="ignore"):
            fa, fb = float(np.float32(fa)), float(np.float32(fb))
    return (math.isnan(fa) and math.isnan(fb)) or fa == fb


def _data_eq(a, b, dtype):
    if dtype in FLOATS:
        return _num_eq(a, b, dtype)
    if dtype == "bool":
        return isinstance(b, bool) and a == b
    return isinstance(b, int) and not isinstance(b, bool) and a == b


def _rel_set(rels):
    out = set()
    for r in rels:
        out.add((json.dumps(r["out"]),
                 frozenset(json.dumps([s[0], s[1], s[2]]) for s in r["src"])))
    return out


def compare(expect, got):
    """[] when `got` (a response) matches `expect`, else a list of differences."""
    if not isinstance(got, dict):
        return ["response is not a JSON object: %r" % (got,)]
    if got.get("ok") is not expect["ok"]:
        return ["ok: expected %s, got %s (%s)" % (expect["ok"], got.get("ok"),
                                                 json.dumps(got.get("error", got.get("result"))))]
    if not expect["ok"]:
        e, g = expect["error"], got.get("error") or {}
        probs = []
        if g.get("type") != e["type"]:
            probs.append("error type: expected %r, got %r" % (e["type"], g.get("type")))
        if g.get("message") != e["message"]:
            probs.append("error message: expected %r, got %r" % (e["message"], g.get("message")))
        return probs
    probs = []
    e, g = expect["result"], got.get("result")
    if not isinstance(g, dict):
        return ["result: expected a tensor, got %s" % json.dumps(g)]
    if g.get("dtype") != e["dtype"]:
        probs.append("dtype: expected %s, got %s" % (e["dtype"], g.get("dtype")))
    if g.get("shape") != e["shape"]:
        probs.append("shape: expected %s, got %s" % (e["shape"], g.get("shape")))
    gd = g.get("data")
    if not isinstance(gd, list) or len(gd) != len(e["data"]):
        probs.append("data: expected %s, got %s" % (json.dumps(e["data"]), json.dumps(gd)))
    else:
        for i, (a, b) in enumerate(zip(e["data"], gd)):
            if not _data_eq(a, b, e["dtype"]):
                probs.append("data[%d]: expected %s, got %s" % (i, json.dumps(a), json.dumps(b)))
                break
    if "relations" not in got or not isinstance(got["relations"], list):
        probs.append("relations: missing")
    else:
        try:
            want, have = _rel_set(expect["relations"]), _rel_set(got["relations"])
        except (KeyError, TypeError, IndexError) as ex:
            probs.append("relations: malformed (%s): %s" % (ex, json.dumps(got["relations"])[:400]))
        else:
            if want != have:
                missing = sorted(want - have)[:3]
                extra = sorted(have - want)[:3]
                probs.append("relations differ: %d expected entries missing, e.g. %s; %d unexpected, e.g. %s"
                             % (len(want - have), [(o, sorted(s)) for o, s in missing],
                                len(have - want), [(o, sorted(s)) for o, s in extra]))
    return probs


# --------------------------------------------------------------------------------------------
# case generators, one per category; each takes a random.Random and a name


def _rand_shape(rng, rank, zero=0.0, one=0.15, hi=4):
    return [0 if rng.random() < zero else 1 if rng.random() < one else rng.randint(2, hi)
            for _ in range(rank)]


def _index_shape(rng, in_shape, d, zero=0.0, hi=4):
    shp = []
    for i, s in enumerate(in_shape):
        if i == d:
            shp.append(0 if rng.random() < zero else rng.randint(1, hi))
        elif s == 0:
            shp.append(0)
        else:
            shp.append(0 if rng.random() < zero else rng.randint(1, s))
    return shp


def _shrink(shape, limit):
    shape = list(shape)
    while prod(shape) > limit:
        i = max(range(len(shape)), key=lambda j: shape[j])
        shape[i] -= 1
    return shape


def _spell_dim(rng, d, rank, neg=0.3):
    r = max(rank, 1)
    return d - r if rng.random() < neg else d


def _valid(rng, name, rank, dtype, zero=0.0, one=0.15, in_style="literal", idx_style="literal",
           special=0.0, big=0.0, form=None):
    in_shape = _shrink(_rand_shape(rng, rank, zero, one), 96)
    if rank == 0:
        d = 0
        idx_shape = [] if rng.random() < 0.5 else [rng.randint(0 if zero else 1, 4)]
        size = 1
    else:
        d = rng.randrange(rank)
        idx_shape = _shrink(_index_shape(rng, in_shape, d, zero), 48)
        size = in_shape[d]
        if size == 0 and prod(idx_shape) != 0:
            idx_shape[d] = 0
        if rank == 1 and rng.random() < 0.1 and size > 0:
            idx_shape = []  # a 1-d input takes a 0-dim index
    inp = tensor_code(rng, in_shape, dtype, value_gen(rng, dtype, special, big), in_style)
    idx = tensor_code(rng, idx_shape, "int64", index_gen(rng, max(size, 1)), idx_style)
    return make_call(rng, name, inp, _spell_dim(rng, d, rank), idx, form=form)


def _args_of(case):
    """(input, index) tensors of a valid-call case, wherever they are passed."""
    vals = dict(zip(["input", "dim", "index"], case["args"]))
    vals.update(dict((k, c) for k, c in case["kwargs"]))
    return eval_code(vals["input"]), eval_code(vals["index"])


def _until(make, pred, tries=50):
    """Draws cases until one has the category's feature (deterministic: same rng stream)."""
    for _ in range(tries):
        case = make()
        if pred(*_args_of(case)):
            return case
    raise AssertionError("generator could not produce a case with its feature")


def gen_basic(rng, name):
    return _valid(rng, name, rng.randint(1, 4), rng.choice(DTYPE_NAMES))


def gen_rank0(rng, name):
    if rng.random() < 0.5:
        return _valid(rng, name, 0, rng.choice(DTYPE_NAMES))
    # 1-d input, 0-dim index
    dtype = rng.choice(DTYPE_NAMES)
    n = rng.randint(1, 5)
    inp = literal_code([n], dtype, value_gen(rng, dtype)(n))
    idx = literal_code([], "int64", [rng.randrange(n)])
    return make_call(rng, name, inp, rng.choice([0, -1]), idx)


def gen_size1(rng, name):
    return _valid(rng, name, rng.randint(1, 4), rng.choice(DTYPE_NAMES), one=0.6)


def gen_empty(rng, name):
    return _until(lambda: _valid(rng, name, rng.randint(1, 4), rng.choice(DTYPE_NAMES), zero=0.3),
                  lambda x, i: x.numel() == 0 or i.numel() == 0)


def gen_noncontig(rng, name):
    def make():
        rank = rng.randint(1, 4)
        styles = ["expand", "reshape"] + (["permute", "transpose"] if rank >= 2 else []) + (["t"] if rank == 2 else [])
        return _valid(rng, name, rank, rng.choice(DTYPE_NAMES), in_style=rng.choice(styles),
                      idx_style=rng.choice(styles + ["literal"] * 2))
    return _until(make, lambda x, i: not x.is_contiguous() or not i.is_contiguous())


def gen_nonfinite(rng, name):
    return _until(lambda: _valid(rng, name, rng.randint(0, 3), rng.choice(FLOATS), special=0.4,
                                 in_style=rng.choice(["literal", "literal", "permute", "expand"])),
                  lambda x, i: not bool(torch.isfinite(x).all()))


def gen_bigint(rng, name):
    return _until(lambda: _valid(rng, name, rng.randint(1, 3), rng.choice(["int64", "int32"]), big=0.4),
                  lambda x, i: x.numel() > 0 and int(x.abs().max()) >= 65536)


def _some_input(rng, rank=None, dtype=None):
    rank = rng.randint(1, 3) if rank is None else rank
    dtype = dtype or rng.choice(DTYPE_NAMES)
    shape = _shrink([rng.randint(1, 4) for _ in range(rank)], 48)
    return shape, dtype, tensor_code(rng, shape, dtype, value_gen(rng, dtype))


def gen_err_dim(rng, name):
    rank = rng.randint(0, 4)
    shape, dtype, inp = _some_input(rng, rank)
    r = max(rank, 1)
    dim = rng.choice([r + rng.randint(0, 3), -r - 1 - rng.randint(0, 3)])
    if rank == 0:
        idx = literal_code([], "int64", [0])
    else:
        d = rng.randrange(rank)
        ishape = _index_shape(rng, shape, d)
        idx = tensor_code(rng, ishape, "int64", index_gen(rng, shape[d]))
    return make_call(rng, name, inp, dim, idx)


def gen_err_index_dtype(rng, name):
    rank = rng.randint(1, 3)
    shape, dtype, inp = _some_input(rng, rank)
    d = rng.randrange(rank)
    ishape = _index_shape(rng, shape, d)
    idt = rng.choice(["int32", "float32", "float64", "bool"])
    if idt == "bool":
        gen = value_gen(rng, "bool")
    elif idt == "int32":
        gen = index_gen(rng, shape[d])
    else:
        g = index_gen(rng, shape[d])
        gen = lambda n: [float(v) for v in g(n)]  # noqa: E731
    idx = tensor_code(rng, ishape, idt, gen, rng.choice(["literal", "literal", "expand"]))
    return make_call(rng, name, inp, _spell_dim(rng, d, rank), idx)


def gen_err_rank(rng, name):
    rank = rng.randint(1, 4)
    shape, dtype, inp = _some_input(rng, rank)
    d = rng.randrange(rank)
    irank = rng.choice([r for r in range(0, 5) if r != rank and not (rank == 1 and r == 0)])
    ishape = [rng.randint(1, 3) for _ in range(irank)]
    idx = tensor_code(rng, ishape, "int64", index_gen(rng, shape[d]))
    return make_call(rng, name, inp, _spell_dim(rng, d, rank), idx)


def gen_err_size(rng, name):
    rank = rng.randint(2, 4)
    shape, dtype, inp = _some_input(rng, rank)
    d = rng.randrange(rank)
    ishape = _index_shape(rng, shape, d)
    for o in rng.sample([i for i in range(rank) if i != d], rng.randint(1, rank - 1)):
        ishape[o] = shape[o] + rng.randint(1, 2)
    idx = tensor_code(rng, ishape, "int64", index_gen(rng, shape[d]))
    return make_call(rng, name, inp, _spell_dim(rng, d, rank), idx)


def gen_err_oob(rng, name, negative=None):
    rank = rng.randint(1, 4)
    shape, dtype, inp = _some_input(rng, rank)
    d = rng.randrange(rank)
    ishape = _index_shape(rng, shape, d)
    n = prod(ishape)
    vals = index_gen(rng, shape[d])(n)
    if negative is None:
        negative = rng.random() < 0.5
    bad = -rng.randint(1, shape[d] + 1) if negative else shape[d] + rng.choice([0, 0, 1, 7, 1000])
    for j in rng.sample(range(n), rng.randint(1, min(n, 2))):
        vals[j] = bad  # one distinct bad value: PyTorch's message names it whatever its order
    it = iter(vals)
    idx = tensor_code(rng, ishape, "int64", lambda k: [next(it) for _ in range(k)])
    return make_call(rng, name, inp, _spell_dim(rng, d, rank), idx)


def gen_err_type(rng, name):
    """Wrong argument types, extra or missing arguments: PyTorch's TypeError and friends."""
    rank = rng.randint(1, 3)
    shape, dtype, inp = _some_input(rng, rank)
    d = rng.randrange(rank)
    idx = tensor_code(rng, _index_shape(rng, shape, d), "int64", index_gen(rng, shape[d]))
    kind = rng.choice(["dim_float", "dim_bool", "dim_none", "dim_str", "index_list", "index_int",
                       "input_list", "input_none", "sparse_int", "sparse_none", "extra_pos",
                       "unknown_kw", "dup_kw", "missing_index", "missing_dim", "no_args"])
    form = rng.choice(["func", "func", "method", "unbound"])
    if kind.startswith("input_") and form == "method":
        form = "func"
    case = make_call(rng, name, inp, d, idx, form=form, sparse=False)
    names = ["input", "dim", "index"]

    def put(argname, code):
        i = names.index(argname)
        if i < len(case["args"]):
            case["args"][i] = code
        else:
            for kv in case["kwargs"]:
                if kv[0] == argname:
                    kv[1] = code
    if kind == "dim_float":
        put("dim", repr(d + 0.5))
    elif kind == "dim_bool":
        put("dim", "True")
    elif kind == "dim_none":
        put("dim", "None")
    elif kind == "dim_str":
        put("dim", rng.choice(["'1'", "'x'"]))
    elif kind == "index_list":
        put("index", "[[0]]" if rank != 1 else "[0]")
    elif kind == "index_int":
        put("index", "0")
    elif kind == "input_list":
        put("input", nested_code(value_gen(rng, "float64")(prod(shape)), shape, "float64"))
    elif kind == "input_none":
        put("input", "None")
    elif kind == "sparse_int":
        case["kwargs"].append(["sparse_grad", "1"])
    elif kind == "sparse_none":
        case["kwargs"].append(["sparse_grad", "None"])
    elif kind == "extra_pos":
        case["args"] = case["args"] + [c for _, c in sorted(case["kwargs"], key=lambda kv: names.index(kv[0]))]
        case["kwargs"] = []
        case["args"].append(rng.choice(["True", "False", "0"]))
    elif kind == "unknown_kw":
        case["kwargs"].insert(rng.randint(0, len(case["kwargs"])), [rng.choice(["foo", "axis", "out_dim"]), "1"])
    elif kind == "dup_kw":
        # an argument given both positionally and by keyword
        case["args"] = [inp, str(d)] + ([idx] if rng.random() < 0.5 else [])
        case["kwargs"] = [] if len(case["args"]) == 3 else [["index", idx]]
        case["kwargs"].insert(rng.randint(0, len(case["kwargs"])), ["dim", str(d)])
    elif kind == "missing_index":
        case["args"] = case["args"][:2]
        case["kwargs"] = [kv for kv in case["kwargs"] if kv[0] != "index"]
    elif kind == "missing_dim":
        case["args"] = case["args"][:1]
        case["kwargs"] = [kv for kv in case["kwargs"] if kv[0] != "dim"]
    elif kind == "no_args":
        case["args"] = case["args"][:1] if form != "func" else []
        case["kwargs"] = []
    return case


def gen_err_combo(rng, name):
    """Two faults at once: which one PyTorch reports first."""
    rank = rng.randint(1, 3)
    shape, dtype, inp = _some_input(rng, rank)
    d = rng.randrange(rank)
    kind = rng.choice(["dim+dtype", "rank+dtype", "size+oob", "rank+oob", "dim+rank"])
    ishape = _index_shape(rng, shape, d)
    idt = "int64"
    dim = _spell_dim(rng, d, rank)
    vals = index_gen(rng, shape[d])(prod(ishape))
    if "dim" in kind:
        dim = rank + rng.randint(0, 2)
    if "dtype" in kind:
        idt = rng.choice(["int32", "float64"])
    if "rank" in kind:
        ishape = ishape + [1] if rng.random() < 0.5 or rank == 1 else ishape[:-1]
        vals = index_gen(rng, shape[d])(prod(ishape))
    if "size" in kind and rank >= 2:
        o = rng.choice([i for i in range(rank) if i != d])
        ishape[o] = shape[o] + 1
        vals = index_gen(rng, shape[d])(prod(ishape))
    if "oob" in kind and vals:
        vals[rng.randrange(len(vals))] = shape[d] + 2
    if idt == "float64":
        vals = [float(v) for v in vals]
    it = iter(vals)
    idx = tensor_code(rng, ishape, idt, lambda k: [next(it) for _ in range(k)])
    return make_call(rng, name, inp, dim, idx)


VALID_CATEGORIES = {
    "basic": gen_basic, "rank0": gen_rank0, "size1": gen_size1, "empty": gen_empty,
    "noncontig": gen_noncontig, "nonfinite": gen_nonfinite, "bigint": gen_bigint,
}
ERROR_CATEGORIES = {
    "err_dim": gen_err_dim, "err_index_dtype": gen_err_index_dtype, "err_rank": gen_err_rank,
    "err_size": gen_err_size, "err_oob": gen_err_oob, "err_type": gen_err_type,
    "err_combo": gen_err_combo,
}
CATEGORIES = dict(VALID_CATEGORIES, **ERROR_CATEGORIES)

# weights for the live check's random mix
LIVE_WEIGHTS = {"basic": 30, "rank0": 6, "size1": 8, "empty": 10, "noncontig": 20, "nonfinite": 6,
                "bigint": 4, "err_dim": 3, "err_index_dtype": 3, "err_rank": 3, "err_size": 3,
                "err_oob": 5, "err_type": 6, "err_combo": 3}


def random_cases(rng, n):
    cats = list(LIVE_WEIGHTS)
    weights = [LIVE_WEIGHTS[c] for c in cats]
    cases = []
    for i in range(n):
        cat = rng.choices(cats, weights)[0]
        cases.append(CATEGORIES[cat](rng, "%s_%03d" % (cat, i)))
    return cases


# --------------------------------------------------------------------------------------------
# hand-written cases: documented examples and PyTorch's corner cases


def _case(name, form, args, kwargs=()):
    return {"name": name, "form": form, "args": list(args), "kwargs": [list(kv) for kv in kwargs]}


T23 = "torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])"
I22 = "torch.tensor([[0, 2], [1, 0]])"


def fixed_cases():
    c = []
    add = c.append
    # the docs example and the call forms
    add(_case("form_docs_example", "func", ["torch.tensor([[1, 2], [3, 4]])", "1", "torch.tensor([[0, 0], [1, 0]])"]))
    add(_case("form_kw_all", "func", [], [("input", T23), ("dim", "1"), ("index", I22)]))
    add(_case("form_kw_reordered", "func", [], [("index", I22), ("input", T23), ("dim", "-1")]))
    add(_case("form_kw_index_dim", "func", [T23], [("index", I22), ("dim", "1")]))
    add(_case("form_kw_sparse_false", "func", [T23, "0", "torch.tensor([[1, 0, 1]])"], [("sparse_grad", "False")]))
    add(_case("form_method", "method", [T23, "1", I22]))
    add(_case("form_method_kw", "method", [T23], [("dim", "1"), ("index", I22)]))
    add(_case("form_method_sparse", "method", [T23, "1", I22], [("sparse_grad", "False")]))
    add(_case("form_unbound", "unbound", [T23, "1", I22]))
    add(_case("form_unbound_kw", "unbound", [T23], [("index", I22), ("dim", "1")]))
    # torch.arange and chains of views
    add(_case("arange_input", "func", ["torch.arange(6).reshape(2, 3)", "1", I22]))
    add(_case("arange_index_expand", "func", [T23, "1", "torch.arange(3).reshape(1, 3).expand(2, 3)"]))
    add(_case("arange_index_t", "func", ["torch.arange(12).reshape(3, 4)", "0", "torch.arange(3).expand(4, 3).t()"]))
    add(_case("arange_1d", "func", ["torch.arange(5)", "0", "torch.tensor([4, 0, 4, 2])"]))
    add(_case("view_permute_chain", "method", ["torch.arange(24).reshape(2, 3, 4).permute(2, 0, 1)", "-1",
                                                "torch.tensor([[[0, 1, 2]], [[2, 2, 2]]])"]))
    add(_case("view_expand_new_dims", "func", ["torch.tensor([1.5, -2.0, 0.25]).expand(2, 2, 3)", "2",
                                                "torch.tensor([[[2, 0]], [[1, 1]]])"]))
    add(_case("view_transpose_neg", "func", ["torch.tensor([[True, False, True], [False, False, True]]).transpose(0, -1)",
                                              "0", "torch.tensor([[1, 0], [0, 1], [1, 1]])"]))
    # rank 0: treated as rank 1 of size 1, and rank-0 / rank-1 mixes
    add(_case("rank0_both", "func", ["torch.tensor(5.0)", "0", "torch.tensor(0)"]))
    add(_case("rank0_dim_neg", "func", ["torch.tensor(7, dtype=torch.int32)", "-1", "torch.tensor(0)"]))
    add(_case("rank0_input_1d_index", "func", ["torch.tensor(True)", "0", "torch.tensor([0, 0, 0])"]))
    add(_case("rank0_1d_input_0d_index", "method", ["torch.tensor([5.0, 6.0, 7.0])", "0", "torch.tensor(2)"]))
    add(_case("rank0_empty_index", "func", ["torch.tensor(5.0, dtype=torch.float64)", "0", "torch.tensor([], dtype=torch.int64)"]))
    add(_case("rank0_empty_2d_index", "func", ["torch.tensor(5.0)", "0", "torch.tensor([[]], dtype=torch.int64)"]))
    add(_case("rank0_err_dim", "func", ["torch.tensor(5.0)", "1", "torch.tensor(0)"]))
    add(_case("rank0_err_oob", "func", ["torch.tensor(5.0)", "0", "torch.tensor(1)"]))
    add(_case("rank0_err_neg", "func", ["torch.tensor(5.0)", "0", "torch.tensor(-1)"]))
    add(_case("rank0_err_rank", "func", ["torch.tensor(5.0)", "0", "torch.tensor([[0]])"]))
    add(_case("rank0_err_2d_input", "func", [T23, "1", "torch.tensor(0)"]))
    # empty tensors: PyTorch skips the rank, size and dtype checks for an empty index
    add(_case("empty_index_1d_vs_2d", "func", [T23, "1", "torch.tensor([], dtype=torch.int64)"]))
    add(_case("empty_index_size_beyond", "func", [T23, "1", "torch.zeros((0, 5), dtype=torch.int64)"]))
    add(_case("empty_index_int32", "func", [T23, "1", "torch.zeros((0, 3), dtype=torch.int32)"]))
    add(_case("empty_index_float", "func", ["torch.tensor([[1.0]])", "0", "torch.zeros((0,), dtype=torch.float32)"]))
    add(_case("empty_index_rank3", "func", ["torch.tensor([1.0])", "0", "torch.zeros((2, 0, 3), dtype=torch.int64)"]))
    add(_case("empty_input_dim_size0", "func", ["torch.zeros((2, 0))", "0", "torch.tensor([[], []], dtype=torch.int64)"]))
    add(_case("empty_input_rows", "func", ["torch.zeros((0, 3), dtype=torch.int64)", "1", "torch.zeros((0, 3), dtype=torch.int64)"]))
    add(_case("empty_err_oob_size0", "func", ["torch.zeros((2, 0))", "1", "torch.tensor([[0, 0, 0], [0, 0, 0]])"]))
    add(_case("empty_err_oob_1d", "func", ["torch.tensor([])", "0", "torch.tensor([0])"]))
    add(_case("empty_index_dim_oob", "func", [T23, "5", "torch.zeros((0,), dtype=torch.int64)"]))
    # out of bounds: the message names the first bad value in row-major order
    add(_case("oob_two_values", "func", [T23, "1", "torch.tensor([[0, 5], [7, 5]])"]))
    add(_case("oob_neg_then_pos", "func", [T23, "1", "torch.tensor([[0, -1], [2, 3]])"]))
    add(_case("oob_huge", "func", [T23, "1", "torch.tensor([[4611686018427387904]])"]))
    add(_case("oob_int64_min", "func", [T23, "0", "torch.tensor([[-9223372036854775808]])"]))
    add(_case("index_bool_dtype", "func", [T23, "1", "torch.tensor([[True, False]])"]))
    # argument errors
    add(_case("type_dim_float", "func", [T23, "1.5", I22]))
    add(_case("type_dim_float_kw", "func", [T23], [("dim", "1.5"), ("index", I22)]))
    add(_case("type_dim_float_method", "method", [T23, "1.5", I22]))
    add(_case("type_dim_float_unbound", "unbound", [T23, "1.5", I22]))
    add(_case("type_dim_bool", "func", [T23, "True", I22]))
    add(_case("type_dim_none", "func", [T23, "None", I22]))
    add(_case("type_dim_str", "func", [T23, "'1'", I22]))
    add(_case("type_dim_overflow", "func", [T23, "9223372036854775808", I22]))
    add(_case("type_dim_int64_min", "func", [T23, "-9223372036854775808", I22]))
    add(_case("type_index_list", "func", [T23, "1", "[[0]]"]))
    add(_case("type_index_none", "func", [T23, "1", "None"]))
    add(_case("type_input_list", "func", ["[[1.0]]", "1", I22]))
    add(_case("type_sparse_int", "func", [T23, "1", I22], [("sparse_grad", "1")]))
    add(_case("type_sparse_none_method", "method", [T23, "1", I22], [("sparse_grad", "None")]))
    add(_case("type_extra_positional", "func", [T23, "1", I22, "True"]))
    add(_case("type_unknown_kw", "func", [T23, "1", I22], [("foo", "1")]))
    add(_case("type_input_twice", "func", [T23, "1", I22], [("input", T23)]))
    add(_case("type_dim_twice", "func", [T23, "1"], [("index", I22), ("dim", "1")]))
    add(_case("type_kw_order_3", "func", [T23], [("dim", "1.5"), ("index", I22), ("sparse_grad", "False")]))
    add(_case("type_kw_only_trailing_comma", "func", [], [("input", T23), ("index", I22), ("dim", "1.5")]))
    add(_case("type_method_kw_only", "method", [T23], [("index", I22), ("dim", "1.5")]))
    add(_case("missing_all", "func", []))
    add(_case("missing_dim_index", "func", [T23]))
    add(_case("missing_index", "func", [T23, "1"]))
    add(_case("missing_index_kw_input", "func", [], [("input", T23), ("dim", "1")]))
    add(_case("missing_method_all", "method", [T23]))
    add(_case("missing_method_index", "method", [T23, "1"]))
    add(_case("missing_method_dim", "method", [T23], [("index", I22)]))
    add(_case("missing_unbound_self", "unbound", []))
    add(_case("missing_unbound_index", "unbound", [T23, "1"]))
    return c


# golden: the fixed cases and this many random ones per category
GOLDEN_COUNTS = {"basic": 24, "rank0": 4, "size1": 8, "empty": 8, "noncontig": 20, "nonfinite": 6,
                 "bigint": 4, "err_dim": 4, "err_index_dtype": 4, "err_rank": 4, "err_size": 4,
                 "err_oob": 6, "err_type": 10, "err_combo": 5}


def golden_cases(seed):
    rng = random.Random(seed)
    cases = fixed_cases()
    for cat, n in GOLDEN_COUNTS.items():
        for i in range(n):
            cases.append(CATEGORIES[cat](rng, "%s_%02d" % (cat, i)))
    names = [c["name"] for c in cases]
    assert len(names) == len(set(names)), "duplicate case names"
    return cases
