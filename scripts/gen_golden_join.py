#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the join family (ops that join tensors or split one):

    tests/golden/join/<primary name>.jsonl   one file per op (tests/live/join_ops.py)
    tests/golden/join.meta.json              seed, versions, counts
    tests/golden/join_ops.json               the op table: names, kind, signature

Lines have the movement format (tests/golden/README.md, "Join family"): the expectation's
"views" says which results are an argument or a view of one, with PyTorch's strides and
storage offset; relations come from autograd on float64 copies of the moved tensors. The
machinery is the movement generator's (scripts/gen_golden_movement.py); this file adds the
op list's argument templates and which tensors an op moves.

Run with Debian's /usr/bin/python3 (python3-torch 1.13); deterministic.

    /usr/bin/python3 scripts/gen_golden_join.py [--check]
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

import torch  # noqa: E402

import gen_golden_movement as GM  # noqa: E402
import join_ops as JO  # noqa: E402
from golden_common import DTYPES, eval_code, family_goldens, family_main, family_op_table, resolve, tensor_code, unique_case_names  # noqa: E402

FAMILY = JO  # the op list tests/live/check_live_family.py samples from
SEED = 20261122
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")
OUT_DIR = os.path.join(GOLDEN_DIR, "join")

TEMPLATE = re.compile(r"T\[([\d,]*)\](?::(\w+))?(?:\.(t|transpose|permute|expand|reshape)\b)?")


def fill(rng, text, dtype):
    """An argument template with each T[...] replaced by the code of a random tensor."""
    def tensor(m):
        shape = [int(x) for x in m.group(1).split(",") if x]
        dt = m.group(2) or dtype
        return tensor_code(rng, shape, dt, GM.gen_vals(rng, dt), m.group(3) or "literal")
    return TEMPLATE.sub(tensor, text)


def moved_paths(op):
    """Which tensor arguments an op moves (its sources), by their path."""
    names = ("input", "tensors", "tensor")
    if op["moved"] == "all":  # *tensors: every positional argument
        return lambda path: isinstance(path[0], int) or path[0] in names
    return lambda path: path[0] == 0 or path[0] in names


def op_cases(rng, op, names):
    p = op["primary"]
    meth = next((q for q in names if q.startswith("torch.Tensor.")), None)

    def call(name, args, kwargs=(), qual=None, dtype=None, method=None):
        dt = dtype or rng.choice(["float32", "int64", "float64", "int32"])
        q = qual or p
        return GM.mk(name, q, [fill(rng, a, dt) for a in args], [(k, fill(rng, v, dt)) for k, v in kwargs],
                     method=q.startswith("torch.Tensor.") if method is None else method)
    cases = [call("dtype_" + dt, op["simple"], dtype=dt) for dt in DTYPES]
    cases += [call("name_" + q, op["simple"], qual=q) for q in names[1:]]
    if meth:
        cases.append(call("unbound_method", op["simple"], qual=meth, method=False))
    for name, args, kwargs in op["cases"] + op["errors"]:
        cases.append(call(name, args, kwargs))
    for i in range(JO.RANDOM_CASES):
        args, kwargs = op["random"](rng)
        cases.append(call("random_%d" % (i + 1), args, kwargs))
    cases.append(GM.mk("no_args", p, []))
    if op["string"]:
        cases.append(call("err_string_input", ["'a'"] + op["simple"][1:]))
    cases.append(call("err_unknown_kw", op["simple"], [("foo", "1")]))
    return unique_case_names(cases)


def traced_relations(op, case):
    """The relations read off the forward values: every moved tensor replaced by a float64
    copy holding 1, 2, 3... (unique across them), each output element names the element whose
    value it holds (0: none). Join ops only move values, so this is their provenance too."""
    args = [eval_code(c) for c in case["args"]]
    kwargs = {k: eval_code(c) for k, c in case["kwargs"]}
    moved = moved_paths(op)
    ids, next_id = {}, 1
    for path, t in GM.tensor_paths(args, kwargs):
        if moved(path):
            ids[tuple(path)] = (torch.arange(next_id, next_id + t.numel(), dtype=torch.float64).reshape(t.shape), next_id)
            next_id += t.numel()

    def swap(v, key):
        if isinstance(v, (list, tuple)):
            return type(v)(ids[(key, j)][0] if (key, j) in ids else t for j, t in enumerate(v))
        return ids[(key,)][0] if (key,) in ids else v
    out = resolve(case["op"])(*[swap(a, i) for i, a in enumerate(args)], **{k: swap(v, k) for k, v in kwargs.items()})
    rel = []
    for pos, o in enumerate(GM._outs(out)):
        for k, v in enumerate(o.reshape(-1).tolist()):
            src = [[list(p), int(v) - base, "value"] for p, (t, base) in ids.items() if base <= v < base + t.numel()]
            rel.append({"out": [pos, k], "src": src})
    return rel


def golden_line(op, case):
    g = GM.golden_line(op, case, moved_paths(op))
    if g["expect"]["ok"]:
        traced = traced_relations(op, case)
        if traced != g["expect"]["relations"]:
            # PyTorch 1.13's block_diag backward does not count an empty 1-D block's row
            # (its forward does), so autograd names the wrong elements after one: the forward
            # values, which are the result, decide; the line says so.
            g["expect"]["relations"] = traced
            g["relations_from"] = "forward values (autograd differs)"
    return g


def generate(only=None):
    names_of = {op["primary"]: JO.qualified_names(op) for op in JO.OPS}
    files, meta = family_goldens("join", SEED, JO.OPS, names_of, op_cases, golden_line, only)
    files[os.path.join(GOLDEN_DIR, "join_ops.json")] = family_op_table(JO.OPS, names_of, "join", GM.signature_text)
    return files, meta


def main():
    return family_main("join", generate)


if __name__ == "__main__":
    sys.exit(main())
