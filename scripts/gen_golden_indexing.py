#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the indexing family: Python's x[index] and the
properties x.T, x.mT, x.H, x.mH.

    tests/golden/indexing/<primary name>.jsonl   one file per op (tests/live/indexing_ops.py)
    tests/golden/indexing.meta.json              seed, versions, counts
    tests/golden/indexing_ops.json               the op table

Lines have the movement format (with "views"). Relations (tests/golden/README.md, "Indexing
family"): the element read, by autograd on a float64 copy of x; the index and mask elements,
by perturbation: each int index element moved to every other position of its dim, each mask
element flipped, on a float64 surrogate of x with distinct values whose int-indexed dims are
padded to two entries at least (so every index element has somewhere else to point); an index
element is a source of every output element that changes or disappears. A mask beside other
tensor indices is not flipped (a flip changes its True count, so the broadcast): its sources
are the elements up to the True at the read element's coordinates.

Run with Debian's /usr/bin/python3 (python3-torch 1.13); deterministic.

    /usr/bin/python3 scripts/gen_golden_indexing.py [--check]
"""
import collections
import itertools
import json
import os
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

import torch  # noqa: E402

import gen_golden_movement as MG  # noqa: E402
import indexing_ops as IO  # noqa: E402
from golden_common import DTYPES, check_reproduced, outcome, src_key, tensor_code, unique_case_names, value_json, family_goldens, family_main  # noqa: E402

FAMILY = IO  # the op list tests/live/check_live_family.py samples from
SEED = 20261121
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")
OUT_DIR = os.path.join(GOLDEN_DIR, "indexing")

warnings.simplefilter("ignore")


class _Subscript:
    """I[1:, [0, 2]] is the index value Python passes to __getitem__."""
    def __getitem__(self, key):
        return key


def index_value(text):
    return eval("I[%s]" % text, {"torch": torch, "I": _Subscript()})  # noqa: S307 - our own case text


def case(name, op, x, text=None):
    code = "%s[%s]" % (x, text) if text is not None else "%s.%s" % (x, op.rsplit(".", 1)[1])
    return {"name": name, "op": op, "x": x, "text": text, "code": code}


# --- cases ------------------------------------------------------------------------------------

BASIC = ["1", "-1", "1:3", "::2", ":, 0", "..., 1", "None", "None, ..., None", "1:, None, ::2", "-10:2", "10:20",
         "0:0", "-2:", ":", "...", "1, 2"]
ADVANCED = ["[0, 2]", "[[0, 1], [1, 2]]", "torch.tensor([0, 2])", "torch.tensor([[0, 1], [2, 0]])", "[0, 1], [1, 2]",
            ":, [0, 2]", "..., [0, -1]", "1:, [0, 2]", "[-3]", "torch.tensor(1)", "[]", "[2, 2, 0]",
            "torch.tensor([[2], [0]]), torch.tensor([1, 3])", "0, [1, 3]"]
MASKS = ["torch.tensor([True, False, True])", ":, torch.tensor([True, False, True, True])",
         "torch.tensor([[True, False, True, False], [False, False, True, True], [True, True, False, False]])",
         "[True, False, True]", "torch.tensor([False, False, False])", "1:, torch.tensor([False, True, True, False])"]
ERRORS = ["5", "1, 2, 3", "1.5", "::0", "::-1", "..., ...", "[0, 5]", ":, [0, 9]", "[0, 3], [9, 0]",
          "torch.tensor([True, False])", ":, torch.tensor([True, False])", "torch.tensor([1.0])",
          "torch.tensor([0, 1], dtype=torch.int32)", "[0, 1], [0, 1, 2]", "'a'", "-4"]
THREE_D = ["[0, 1], :, [0, 1]", "0, [0, 1], [1, 2]", "[0, 1], None, [0, 2]", ":, 1:, ::2", "..., [0, -1]",
           "torch.tensor([[True, False, True], [False, True, True]])", "[1], :, torch.tensor([[0, 1], [2, 3]])"]

# True and False, and 0-d masks: a new dim of size 1, indexed by [0] or [].
BOOLS = ["True", "False", "True, 1", ":, False", ":, True", "1, True", "True, True", "None, True", "..., True", "True, ...",
         "torch.tensor(True)", "torch.tensor(False)", ":, torch.tensor(True)", "torch.tensor(True), 1",
         "torch.tensor(1, dtype=torch.uint8)", "True, False", "torch.tensor(True), torch.tensor(False)", "True, 1, 9",
         "[0, 2], None, True", "5, 'a'", "1.5, 5", "5, 1.5"]
# Masks with other tensor indices: the mask's nonzero coordinates broadcast with them.
MIXED = ["torch.tensor([True, False, True]), torch.tensor([0, 2])", "torch.tensor([True, False, True]), torch.tensor([[0], [2]])",
         "torch.tensor([True, True, True]), torch.tensor([0, 2])", "[0, 2], torch.tensor([True, False, True, False])",
         "torch.tensor(True), [0, 2]", "True, [0, 2]", "[0, 2], True", "[0, 2], False", "[0, 2], :, True",
         "True, torch.tensor([True, False, True])", "False, torch.tensor([True, False, True])",
         "torch.tensor([True, True, True]), [[0], [1]]", "torch.tensor(True), [[0], [1]]",
         "[[1, 2]], torch.tensor([True, False, True, True])", "torch.tensor([False, True, True]), [3]",
         "[[True, True, True, True], [True, True, True, True], [True, True, True, True]], [0]"]
MIXED3 = ["torch.tensor([[True, False, True], [False, True, False]]), [0, 1, 2]",
          "torch.tensor([[True, False, True], [False, True, False]]), [0, 1]",
          "[0, 1], torch.tensor([[True, False, True, True], [False, True, False, True], [True, True, True, True]])",
          "[1, 0], :, torch.tensor([True, False, False, True])", "torch.tensor([True, False]), 9",
          "torch.tensor([True, False]), torch.tensor([0, 1], dtype=torch.int32)",
          "torch.tensor([[True, False, True], [False, True, True]]), [0]",
          "torch.tensor([[True, False, True], [False, True, True]]), 0",
          "[[True, False, True], [False, True, True]], :, [0]", "[[True, False, True], [False, True, True]], :, [[0], [1]]",
          "[[True, False, True], [False, True, True]], [0]", "0, 9", "..., 9", "None, 0, 9"]
# Lists: PyTorch's sequenceToVariable (floats truncate, a str makes a tuple, nested lists).
LISTS = ["[1.5]", "[1, 1.5]", "[-1.5, 2]", "[True, 1]", "[1e-300]", "[float('nan')]", "[1e30]", "[9223372036854775808.0]",
         "['a']", "[1, 'a']", "[1.5, 'a']", "[torch.float32]", "0, [[0, 1], [0, 2]]", "0, [[0, 1], [2]]", "0, [0, [1]]",
         "0, [[0, 1], 2]", "0, [[1e30], [1, 2]]", "0, [None, 1]", "0, [[], []]", "0, [1.5, True]", "0, [torch.tensor(1.5)]",
         "0, [torch.tensor(2), 0]", "0, [[True, False], [True, True]]",
         "[%s]" % ", ".join("[%d]" % (k % 3) for k in range(32))]
# Items after a second ...: each ... adds the dims no item names, so they index past the last
# dim, where PyTorch reads sizes it never set (0 in practice, or a stride).
ELLIPSES = ["..., ..., 1", "..., ..., None", "..., ..., :", "..., ..., :0", "..., ..., True", "..., ..., [0]",
            "..., ..., torch.tensor(0)", "..., ..., ..., None", "..., 1, ...", "1, ..., ...", "..., ..., ..."]
ELLIPSES3 = ["..., ..., 0, 0", "..., None, ..., True", "..., ..., torch.tensor([[True, True], [True, True]])",
             "..., ..., torch.tensor([[True, True], [True, True], [True, True], [True, True]])",
             "..., ..., torch.tensor([True, True, True, True])"]
ELLIPSES4 = ["..., ..., :4", "..., ..., 1", "..., ..., 4"]
RANK0 = ["1", "-1", ":", "True", "False", "torch.tensor(True)", "True, None", "[0]", "torch.tensor(0)"]
MORE = [("bool", [3, 4], BOOLS), ("mixed", [3, 4], MIXED), ("mixed3", [2, 3, 4], MIXED3), ("list", [3, 4], LISTS),
        ("ellipses", [3, 4], ELLIPSES), ("ellipses3", [2, 3, 4], ELLIPSES3), ("ellipses4", [2, 2, 2, 2], ELLIPSES4),
        ("rank0", [], RANK0), ("misplaced", [2, 3, 3], ["torch.tensor([[True, False, True], [False, True, True]]), 0"])]


def random_index(rng, shape):
    """An index of random items for `shape`: ints, slices, None, ..., int lists."""
    items, d = [], 0
    ellipsis = False
    while d < len(shape) and rng.random() < 0.85:
        size = shape[d]
        r = rng.random()
        if r < 0.2:
            items.append(str(rng.randint(-size, size - 1)))
        elif r < 0.5:
            a, b = rng.randint(-size - 1, size), rng.randint(-size - 1, size + 1)
            step = rng.choice(["", ":2", ":3"])
            items.append("%d:%d%s" % (a, b, step))
        elif r < 0.6:
            items.append("None")
            continue
        elif r < 0.65 and not ellipsis:
            items.append("...")
            ellipsis = True
            d = len(shape)
            continue
        else:
            n = rng.randint(1, 3)
            items.append("[%s]" % ", ".join(str(rng.randint(-size, size - 1)) for _ in range(n)))
        d += 1
    return ", ".join(items) or ":"


def getitem_cases(rng):
    def X(shape, dtype=None, style="literal"):
        dtype = dtype or rng.choice(["float32", "int64", "float64", "int32"])
        return tensor_code(rng, shape, dtype, MG.gen_vals(rng, dtype), style)
    op = "torch.Tensor.__getitem__"
    cases = [case("dtype_" + dt, op, X([3, 4], dt), "1:, [0, 2]") for dt in DTYPES]
    for k, text in enumerate(BASIC + ADVANCED + MASKS + ERRORS):
        cases.append(case("case_%d" % k, op, X([3, 4]), text))
    for k, text in enumerate(THREE_D):
        cases.append(case("rank3_%d" % k, op, X([2, 3, 4]), text))
    cases += [case("transposed", op, X([3, 4], style="t"), "1"), case("transposed_adv", op, X([3, 4], style="t"), "[0, 2], 1:"),
              case("expanded", op, X([3, 4], style="expand"), ":, 1"), case("rank0_none", op, X([]), "None"),
              case("rank0_ellipsis", op, X([]), "..."), case("err_rank0_int", op, X([]), "0"),
              case("rank1_mask", op, X([4]), "torch.tensor([True, False, True, True])"), case("empty", op, X([0, 3]), ":, [0, 2]")]
    for k in range(24):
        shape = [rng.randint(1, 4) for _ in range(rng.randint(1, 3))]
        cases.append(case("random_%d" % k, op, X(shape), random_index(rng, shape)))
    for group, shape, texts in MORE:
        cases += [case("%s_%d" % (group, k), op, X(shape), text) for k, text in enumerate(texts)]
    return cases


def property_cases(rng, op):
    def X(shape, dtype=None, style="literal"):
        dtype = dtype or rng.choice(["float32", "int64", "float64", "int32"])
        return tensor_code(rng, shape, dtype, MG.gen_vals(rng, dtype), style)
    cases = [case("dtype_" + dt, op, X([2, 3], dt)) for dt in DTYPES]
    cases += [case("rank3", op, X([2, 3, 2])), case("rank1", op, X([3])), case("rank0", op, X([])), case("empty", op, X([0, 2])),
              case("transposed", op, X([2, 3], style="t")), case("rank4", op, X([1, 2, 2, 3]))]
    return cases


def op_cases(rng, op, names):
    p = op["primary"]
    return unique_case_names(getitem_cases(rng) if p.endswith("__getitem__") else property_cases(rng, p))


# --- relations --------------------------------------------------------------------------------

def index_items(idx):
    """(items, as_tuple) as PyTorch reads an index (a list shorter than 32 holding sequences is a tuple)."""
    if isinstance(idx, tuple):
        return list(idx), True
    if isinstance(idx, list) and len(idx) < 32 and \
            any(isinstance(v, (list, str, slice, type(None), type(Ellipsis), torch.Tensor)) for v in idx):
        return list(idx), True
    return [idx], False


def item_tensor(v):
    """An index item as the tensor PyTorch makes of it, or None for ints, slices, None, ..."""
    if isinstance(v, torch.Tensor):
        return v
    if isinstance(v, list):
        return torch.tensor(v) if v else torch.tensor([], dtype=torch.long)
    return None


def input_dims(x, items):
    """x's first dim each item takes."""
    def taken(v):
        if v is None or v is Ellipsis or isinstance(v, bool):
            return 0
        t = item_tensor(v)
        return t.dim() if t is not None and t.dtype in (torch.bool, torch.uint8) else 1
    total = sum(taken(v) for v in items)
    dims, d = [], 0
    for v in items:
        dims.append(d)
        d += x.dim() - total if v is Ellipsis else taken(v)
    return dims


def with_element(idx, j, flat, value):
    """idx with element `flat` of item j (or of the index itself, j = -1) set to value."""
    items, as_tuple = index_items(idx)
    k = max(j, 0)
    t = item_tensor(items[k]).clone()
    t.reshape(-1)[flat] = value
    items[k] = t.tolist() if isinstance(items[k], list) else t
    return tuple(items) if as_tuple else items[0]


def changed(base, other):
    """Flat positions of base whose element differs in other or is missing from it."""
    out = set()
    for f, pos in enumerate(itertools.product(*[range(n) for n in base.shape])):
        if other is None or other.dim() != base.dim() or any(p >= n for p, n in zip(pos, other.shape)) \
                or other[pos].item() != base[pos].item():
            out.add(f)
    return out


def mixed(items, j):
    """Whether item j shares the index with other tensor indices (True and False are [0] and [])."""
    return any(k != j and (item_tensor(v) is not None or isinstance(v, bool)) for k, v in enumerate(items))


def mask_prefix(read, x_shape, mask_shape, d):
    """The mask elements up to the True at the read element's coordinates along the mask's dims."""
    coords = []
    for n in reversed(x_shape):
        coords.append(read % n)
        read //= n
    f = 0
    for c, n in zip(coords[::-1][d:d + len(mask_shape)], mask_shape):
        f = f * n + c
    return range(f + 1)


def index_relations(x, idx, reads):
    """{output flat: [[path, flat, role], ...]} of the index and mask elements, by perturbation.
    reads[k]: the element of x that output element k reads."""
    items, as_tuple = index_items(idx)
    dims = input_dims(x, items)
    shape = list(x.shape)
    for v, d in zip(items, dims):
        t = item_tensor(v)
        if t is not None and t.dtype not in (torch.bool, torch.uint8) and d < len(shape) and shape[d] < 2:
            shape[d] = 2
    n = 1
    for s in shape:
        n *= s
    surrogate = torch.arange(1, n + 1, dtype=torch.float64).reshape(shape)  # distinct values
    base = surrogate[idx]
    rel = collections.defaultdict(list)
    for j, (v, d) in enumerate(zip(items, dims)):
        t = item_tensor(v)
        if t is None:
            continue
        path = [1, j] if as_tuple else [1]
        if t.dtype in (torch.bool, torch.uint8) and mixed(items, j):
            # A flip changes how many Trues there are, which breaks or changes the broadcast
            # with the other indices: it says nothing about which element landed. The True
            # that chose an output element sits at the read element's coordinates.
            for k, read in enumerate(reads):
                rel[k] += [[path, f, "mask"] for f in mask_prefix(read, list(x.shape), list(t.shape), d)]
            continue
        size = shape[d] if d < len(shape) else 2  # past the last dim: an index PyTorch drops
        for f in range(t.numel()):
            hit = set()
            if t.dtype in (torch.bool, torch.uint8):
                alternatives = [not bool(t.reshape(-1)[f])]
                role = "mask"
            else:
                cur = int(t.reshape(-1)[f]) % size
                alternatives = [a for a in range(size) if a != cur]
                role = "index"
            for a in alternatives:
                try:
                    other = surrogate[with_element(idx, j if as_tuple else -1, f, a)]
                except (IndexError, RuntimeError):
                    other = None
                hit |= changed(base, other)
            for o in hit:
                rel[o].append([path, f, role])
    return rel


def relations(c, x, idx):
    leaf = torch.arange(1, x.numel() + 1, dtype=torch.float64).reshape(x.shape).requires_grad_(True)
    out = leaf[idx] if c["text"] is not None else getattr(leaf, c["op"].rsplit(".", 1)[1])
    flat = out.reshape(-1)
    values = []
    for k in range(flat.numel()):
        (grad,) = torch.autograd.grad(flat[k], [leaf], retain_graph=True)
        values.append(grad.reshape(-1).nonzero().flatten().tolist())
    more = index_relations(x, idx, [v[0] for v in values]) if c["text"] is not None else {}
    rel = []
    for k, read in enumerate(values):
        src = [[[0], f, "value"] for f in read] + more.get(k, [])
        rel.append({"out": [0, k], "src": sorted(src, key=src_key)})
    return rel


def golden_line(op, c):
    x = MG.eval_code(c["x"])
    idx = index_value(c["text"]) if c["text"] is not None else None
    args = [x] if c["text"] is None else [x, idx]
    fn = (lambda: x[idx]) if c["text"] is not None else (lambda: getattr(x, c["op"].rsplit(".", 1)[1]))
    out, expect = outcome(fn)
    _, by_code = outcome(lambda: MG.eval_code(c["code"]))
    check_reproduced(c, expect, by_code)
    if expect["ok"]:
        expect["views"] = MG.views_json(args, {}, out)
        expect["relations"] = relations(c, x, idx)
    g = {"name": c["name"], "code": c["code"], "expect": expect}
    if x._base is None:
        g["request"] = {"op": c["op"], "args": [value_json(a) for a in args], "kwargs": {}}
    return g


def generate(only=None):
    names_of = {op["primary"]: IO.qualified_names(op) for op in IO.OPS}
    files, meta = family_goldens("indexing", SEED, IO.OPS, names_of, op_cases, golden_line, only)
    table = [{"primary": op["primary"], "names": names_of[op["primary"]], "kind": "indexing", "syntax": True} for op in IO.OPS]
    files[os.path.join(GOLDEN_DIR, "indexing_ops.json")] = json.dumps(table, indent=1, ensure_ascii=True) + "\n"
    return files, meta


def main():
    return family_main("indexing", generate)


if __name__ == "__main__":
    sys.exit(main())
