#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the random family (ops that draw from the CPU
generator: rand, randn, randint, randperm, the *_like ops, normal, bernoulli, the in-place
Tensor methods uniform_, normal_, random_, bernoulli_, exponential_, geometric_, cauchy_,
log_normal_, and F.dropout):

    tests/golden/random/<primary name>.jsonl   one file per op (tests/live/random_ops.py)
    tests/golden/random.meta.json              seed, versions, counts per op and outcome
    tests/golden/random_ops.json               the op table: names, kind, signature, overloads

Each case is run by PyTorch from a fresh generator: torch.manual_seed(67280421310721) first
(PyTorch's default_rng_seed_val, the seed Whence starts every request from; a fresh Python
process seeds from the operating system instead), or generator=torch.Generator().manual_seed(s)
in the call. Values are compared bit for bit (float32 as float, float64 exactly). The lines
carry no "relations": those are Whence's record of the draws (kernels/random/README.md),
which PyTorch has no way to report; the order and number of draws is checked by the values
of later draws (the program goldens carry the generator across statements, and every case
that ends in a partial randn block draws after the first pass).

Sizes lie on both sides of randn's 16-element threshold (1, 2, 3, 7, 15, 16, 17, 31, 32, 33,
48, 100, 257, 1000), every dtype each op takes, many seeds, the generator= argument, and
PyTorch's errors word for word.

Run with Debian's /usr/bin/python3 (python3-torch 1.13). Deterministic.

    /usr/bin/python3 scripts/gen_golden_random.py [--check]
"""
import os
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402,F401

import random_ops as RO  # noqa: E402
FAMILY = RO  # the op list tests/live/check_live_family.py samples from
from golden_common import mk  # noqa: E402
from golden_common import (  # noqa: E402
    family_goldens, family_main, family_op_table, outcome, request_json, unique_case_names)

SEED = 20261128
DEFAULT_SEED = 67280421310721
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")
SIZES = [1, 2, 3, 7, 15, 16, 17, 31, 32, 33, 48, 100, 257, 1000]
SEEDS = [0, 1, 2, 42, 1234, 2**31 - 1, 2**32 + 5, 67280421310721, -3]

warnings.simplefilter("ignore")


def gen(seed):
    return "torch.Generator().manual_seed(%d)" % seed


def tup(shape):
    return "(%d,)" % shape[0] if len(shape) == 1 else "(%s)" % ", ".join(map(str, shape))


def sized_cases(rng, p):
    C = []
    for n in SIZES:
        C.append(mk("n%d" % n, p, [str(n)]))
        for dt in RO.FLOATS:
            if dt != "float32" or n in (15, 16, 17, 33):
                C.append(mk("n%d_%s" % (n, dt), p, [str(n)], [("dtype", "torch." + dt)]))
    for s in SEEDS:
        for n in (5, 16, 17, 40):
            C.append(mk("seed%d_n%d" % (s, n), p, [str(n)], [("generator", gen(s))]))
        C.append(mk("seed%d_n24_f64" % s, p, ["24"], [("generator", gen(s)), ("dtype", "torch.float64")]))
    for shape in ([2, 3], [4, 5], [3, 1, 6], [2, 8], [0], [0, 3], []):
        C.append(mk("shape_%s" % ("x".join(map(str, shape)) or "rank0"), p, [tup(shape) if shape else "()"]))
    C.append(mk("size_list", p, ["[3, 7]"]))
    C.append(mk("size_kw", p, [], [("size", "(2, 9)")]))
    for j in range(4):
        n = rng.randint(1, 300)
        C.append(mk("random_%d" % j, p, [str(n)], [("generator", gen(rng.randint(0, 10**6)))]))
    for dt in ("int64", "int32", "bool", "uint8"):
        C.append(mk("err_dtype_" + dt, p, ["3"], [("dtype", "torch." + dt)]))
    C.append(mk("err_negative", p, ["-1"]))
    C.append(mk("err_generator_type", p, ["3"], [("generator", "5")]))
    C.append(mk("kw_requires_grad_false", p, ["3"], [("requires_grad", "False")]))
    return C


def randint_cases(rng, p):
    C = []
    for n in (1, 5, 16, 33):
        C.append(mk("high_n%d" % n, p, ["10", tup([n])]))
        C.append(mk("low_high_n%d" % n, p, ["-5", "5", tup([n])]))
    for dt in RO.DTYPES:
        hi = "2" if dt == "bool" else "100"
        C.append(mk("dtype_" + dt, p, ["0", hi, "(6,)"], [("dtype", "torch." + dt)]))
    for s in SEEDS:
        C.append(mk("seed%d" % s, p, ["0", "1000", "(2, 5)"], [("generator", gen(s))]))
    for lo, hi in ((0, 2**32), (0, 2**32 - 1), (-2**40, 2**40), (0, 2**62), (5, 6), (-(2**31), 2**31)):
        C.append(mk("range_%d_%d" % (lo, hi), p, [str(lo), str(hi), "(5,)"]))
    C.append(mk("wide_float64", p, ["0", "2**33", "(4,)"], [("dtype", "torch.float64")]))
    C.append(mk("wide_float32", p, ["0", "2**33", "(4,)"], [("dtype", "torch.float32")]))
    C.append(mk("wide_int32_narrow", p, ["0", "2**31 - 1", "(4,)"], [("dtype", "torch.int32")]))
    C.append(mk("size_kw", p, ["3"], [("size", "(4,)")]))
    C.append(mk("low_kw", p, [], [("low", "2"), ("high", "9"), ("size", "(4,)")]))
    C.append(mk("err_equal", p, ["5", "5", "(2,)"]))
    C.append(mk("err_reversed", p, ["9", "2", "(2,)"]))
    C.append(mk("err_int8_low", p, ["-200", "5", "(2,)"], [("dtype", "torch.int8")]))
    C.append(mk("err_uint8_high", p, ["0", "300", "(2,)"], [("dtype", "torch.uint8")]))
    C.append(mk("err_bool_high", p, ["3", "(2,)"], [("dtype", "torch.bool")]))
    C.append(mk("err_no_size", p, ["3"]))
    return C


def perm_cases(rng, p):
    C = []
    for n in (0, 1, 2, 3, 5, 16, 17, 100, 1000):
        C.append(mk("n%d" % n, p, [str(n)]))
    for s in SEEDS:
        C.append(mk("seed%d" % s, p, ["10"], [("generator", gen(s))]))
    for dt in ("int32", "int16", "int8", "uint8", "float32", "float64", "float16", "bfloat16"):
        C.append(mk("dtype_" + dt, p, ["8"], [("dtype", "torch." + dt)]))
    C.append(mk("err_negative", p, ["-1"]))
    C.append(mk("err_bool", p, ["3"], [("dtype", "torch.bool")]))
    C.append(mk("err_half_too_big", p, ["3000"], [("dtype", "torch.float16")]))
    C.append(mk("half_at_limit", p, ["2049"], [("dtype", "torch.float16")]))
    return C


def like_cases(rng, p):
    C = []
    integral = p == "torch.randint_like"
    extra = ["10"] if integral else []
    for n in (1, 3, 15, 16, 17, 33):
        C.append(mk("n%d" % n, p, ["torch.zeros(%d)" % n] + extra))
    for dt in (RO.DTYPES if integral else RO.FLOATS):
        C.append(mk("input_" + dt, p, ["torch.zeros(4, 5, dtype=torch.%s)" % dt] + (["2"] if dt == "bool" else extra)))
    C.append(mk("dtype_kw", p, ["torch.zeros(3, 6)"] + extra, [("dtype", "torch.float64")]))
    C.append(mk("transposed_20", p, ["torch.zeros(4, 5).t()"] + extra))
    C.append(mk("transposed_6", p, ["torch.zeros(2, 3).t()"] + extra))
    C.append(mk("sliced_16", p, ["torch.zeros(4, 8)[:, ::2]"] + extra))
    if integral:
        C.append(mk("low_high", p, ["torch.zeros(6)", "-3", "3"]))
        C.append(mk("err_equal", p, ["torch.zeros(6)", "3", "3"]))
    else:
        C.append(mk("err_int_input", p, ["torch.zeros(3, dtype=torch.int64)"]))
    return C


def normal_cases(rng, p):
    C = []
    for n in (1, 3, 15, 16, 17, 40):
        C.append(mk("floats_n%d" % n, p, ["2.0", "3.0", tup([n])]))
        C.append(mk("mean_tensor_n%d" % n, p, ["torch.arange(%d.)" % n, "0.5"]))
        C.append(mk("std_tensor_n%d" % n, p, ["1.5", "torch.linspace(0.1, 2, %d)" % n]))
        C.append(mk("both_tensors_n%d" % n, p, ["torch.arange(%d.)" % n, "torch.linspace(0.1, 2, %d)" % n]))
    for s in SEEDS:
        C.append(mk("seed%d" % s, p, ["0.0", "1.0", "(20,)"], [("generator", gen(s))]))
    C.append(mk("mean_f64", p, ["torch.arange(20, dtype=torch.float64)", "2.0"]))
    C.append(mk("broadcast", p, ["torch.zeros(3, 1)", "torch.ones(4)"]))
    C.append(mk("dtype_f64", p, ["0.0", "1.0", "(5,)"], [("dtype", "torch.float64")]))
    C.append(mk("err_std_negative", p, ["0.0", "-1.0", "(2,)"]))
    C.append(mk("err_std_negative_tensor_mean", p, ["torch.zeros(2)", "-1.0"]))
    C.append(mk("err_std_tensor_negative", p, ["torch.zeros(2)", "torch.tensor([-1.0, 1.0])"]))
    return C


def bern_cases(rng, p):
    C = []
    meth = "torch.Tensor.bernoulli"
    for n in (1, 5, 17):
        C.append(mk("p_tensor_n%d" % n, p, ["torch.linspace(0, 1, %d)" % n]))
    for dt in ("float64", "float16", "bfloat16"):
        C.append(mk("p_" + dt, p, ["torch.linspace(0, 1, 9, dtype=torch.%s)" % dt]))
    for s in SEEDS:
        C.append(mk("seed%d" % s, p, ["torch.full((12,), 0.5)"], [("generator", gen(s))]))
    C.append(mk("p_scalar", p, ["torch.zeros(10)", "0.3"]))
    C.append(mk("p_scalar_f64", p, ["torch.zeros(10, dtype=torch.float64)"], [("p", "0.7")]))
    C.append(mk("method", meth, ["torch.full((8,), 0.25)"], method=True))
    C.append(mk("method_p", meth, ["torch.zeros(8)", "0.5"], method=True))
    C.append(mk("err_p_tensor_range", p, ["torch.tensor([2.0])"]))
    C.append(mk("err_p_scalar_range", p, ["torch.tensor([0.5])", "2.0"]))
    C.append(mk("err_p_int", p, ["torch.tensor([1, 0])"]))
    return C


def fill_cases(rng, op):
    p = op["primary"]
    C = []
    floats_only = p != "torch.Tensor.random_"
    dts = RO.FLOATS if floats_only else RO.DTYPES
    for j, a in enumerate(op["args"]):
        for n in (1, 3, 16, 17, 33):
            C.append(mk("args%d_n%d" % (j, n), p, ["torch.zeros(%d)" % n] + a, method=True))
        if floats_only:  # float64 below 16: the pair path without float32's rounding after it
            C.append(mk("args%d_n7_float64" % j, p, ["torch.zeros(7, dtype=torch.float64)"] + a, method=True))
        for dt in dts:
            if p == "torch.Tensor.random_" and dt in ("int8", "uint8", "bool") and a in (["0", "2**40"], ["-5", "5"]):
                continue
            C.append(mk("args%d_%s" % (j, dt), p, ["torch.zeros(20, dtype=torch.%s)" % dt] + a, method=True))
    for s in SEEDS[:5]:
        C.append(mk("seed%d" % s, p, ["torch.zeros(18)"] + op["args"][0], [("generator", gen(s))], method=True))
    C.append(mk("transposed", p, ["torch.zeros(4, 5).t()"] + op["args"][0], method=True))
    C.append(mk("sliced", p, ["torch.zeros(4, 8)[:, ::2]"] + op["args"][0], method=True))
    if floats_only:
        C.append(mk("err_int", p, ["torch.zeros(3, dtype=torch.int64)"] + op["args"][0], method=True))
    extra = {"torch.Tensor.uniform_": [["3", "1"]], "torch.Tensor.normal_": [["0", "-1"]],
             "torch.Tensor.random_": [["5", "5"], ["9", "2"]], "torch.Tensor.bernoulli_": [["1.5"], ["-0.5"]],
             "torch.Tensor.exponential_": [["-1"]], "torch.Tensor.geometric_": [["0"], ["1"], ["2"]],
             "torch.Tensor.log_normal_": [["1", "0"]]}.get(p, [])
    for j, a in enumerate(extra):
        C.append(mk("err_args%d" % j, p, ["torch.zeros(3)"] + a, method=True))
    return C


def dropout_cases(rng, p):
    C = []
    train = [] if p == "torch.nn.functional.dropout" else [("training", "True")]
    x = "torch.arange(1., 13.).reshape(3, 4)" if "feature" not in p else "torch.arange(1., 25.).reshape(2, 3, 4)"
    for n in (1, 5, 16, 40):
        C.append(mk("n%d" % n, p, ["torch.ones(2, %d)" % n], train))
    for pr in ("0.1", "0.25", "0.5", "0.9", "0.0", "1.0"):
        C.append(mk("p" + pr, p, [x, pr], train))
    for dt in ("float64", "float16", "bfloat16"):
        C.append(mk("dtype_" + dt, p, ["torch.ones(2, 10, dtype=torch.%s)" % dt, "0.3"], train))
    C.append(mk("not_training", p, ["torch.ones(2, 6)", "0.5"], [("training", "False")]))
    if "feature" in p:
        C.append(mk("err_1d", p, ["torch.ones(6)", "0.5"], train))
    C.append(mk("p_kw", p, ["torch.ones(2, 6)"], [("p", "0.2")] + train))
    C.append(mk("default_training", p, ["torch.ones(2, 6)", "0.5"]))
    C.append(mk("then_draw", p, ["torch.ones(2, 3)", "0.0"], train))
    C.append(mk("err_p", p, ["torch.ones(3)", "1.5"]))
    C.append(mk("err_p_negative", p, ["torch.ones(3)", "-0.1"]))
    return C


def multinomial_cases(rng, p):
    C = []
    probs = ["torch.tensor([0.1, 0.2, 0.3, 0.4])", "torch.tensor([1.0, 0.0, 3.0])", "torch.arange(1., 21.)",
             "torch.tensor([[0.5, 0.5, 0.0], [0.2, 0.3, 0.5]])", "torch.rand(3, 5, generator=torch.Generator().manual_seed(9))"]
    for j, pr in enumerate(probs):
        for n in ("1", "2", "3"):
            C.append(mk("p%d_n%s" % (j, n), p, [pr, n]))
            C.append(mk("p%d_n%s_replacement" % (j, n), p, [pr, n, "True"]))
        C.append(mk("p%d_n10_replacement" % j, p, [pr, "10"], [("replacement", "True")]))
    for dt in ("float64", "float16", "bfloat16"):
        C.append(mk("dtype_%s" % dt, p, ["torch.tensor([0.1, 0.2, 0.3, 0.4], dtype=torch.%s)" % dt, "2"]))
        C.append(mk("dtype_%s_replacement" % dt, p, ["torch.tensor([0.1, 0.2, 0.3, 0.4], dtype=torch.%s)" % dt, "5", "True"]))
    for s in SEEDS[:5]:
        C.append(mk("seed%d" % s, p, ["torch.tensor([1.0, 2.0, 3.0, 4.0])", "3"], [("generator", gen(s))]))
        C.append(mk("seed%d_replacement" % s, p, ["torch.tensor([1.0, 2.0, 3.0, 4.0])", "6", "True"], [("generator", gen(s))]))
    C.append(mk("method", "torch.Tensor.multinomial", ["torch.tensor([0.3, 0.7])", "1"], method=True))
    C.append(mk("err_too_many", p, ["torch.tensor([1.0, 2.0])", "3"]))
    C.append(mk("err_negative", p, ["torch.tensor([1.0, -2.0])", "1"]))
    C.append(mk("err_negative_replacement", p, ["torch.tensor([1.0, -2.0])", "2", "True"]))
    C.append(mk("err_zero_sum", p, ["torch.tensor([0.0, 0.0])", "1"]))
    C.append(mk("err_zero_sum_replacement", p, ["torch.tensor([0.0, 0.0])", "2", "True"]))
    C.append(mk("err_int", p, ["torch.tensor([1, 2])", "1"]))
    C.append(mk("err_zero_samples", p, ["torch.tensor([1.0, 2.0])", "0"]))
    C.append(mk("err_3d", p, ["torch.ones(2, 2, 2)", "1"]))
    return C


def poisson_cases(rng, p):
    C = []
    for j, rates in enumerate(("[0.5, 2.0, 12.0]", "[0.0, 1.0, 5.0, 9.9, 10.0, 30.0, 100.0]", "[0.01, 0.1]",
                               "[1000.0, 15.5]")):
        C.append(mk("rates%d" % j, p, ["torch.tensor(%s)" % rates]))
    for dt in ("float64", "float16", "bfloat16"):
        C.append(mk("dtype_" + dt, p, ["torch.tensor([0.5, 3.0, 20.0], dtype=torch.%s)" % dt]))
    for s in SEEDS:
        C.append(mk("seed%d" % s, p, ["torch.full((6,), 4.0)"], [("generator", gen(s))]))
        C.append(mk("seed%d_large" % s, p, ["torch.full((6,), 40.0)"], [("generator", gen(s))]))
    C.append(mk("grid", p, ["torch.arange(12.).reshape(3, 4) * 3"]))
    C.append(mk("err_negative", p, ["torch.tensor([-1.0])"]))
    C.append(mk("err_int", p, ["torch.tensor([1, 2])"]))
    return C


def empty_cases(rng, p):
    C = []
    if p == "torch.empty":
        for a in (["2", "3"], ["(4,)"], ["[2, 0]"], ["()"], ["0"]):
            C.append(mk("size_" + "_".join(a).strip("()[]").replace(", ", "x") or "rank0", p, a))
        for dt in RO.DTYPES:
            C.append(mk("dtype_" + dt, p, ["2", "2"], [("dtype", "torch." + dt)]))
        C.append(mk("err_negative", p, ["-1"]))
        C.append(mk("err_float", p, ["1.5"]))
    elif p == "torch.empty_like":
        for dt in RO.DTYPES:
            C.append(mk("input_" + dt, p, ["torch.ones(2, 3, dtype=torch.%s)" % dt]))
        C.append(mk("dtype_kw", p, ["torch.ones(3)"], [("dtype", "torch.int32")]))
        C.append(mk("err_not_tensor", p, ["3"]))
    elif p == "torch.empty_strided":
        for size, stride in (("(2, 3)", "(3, 1)"), ("(2, 3)", "(1, 2)"), ("(4,)", "(2,)"), ("(0, 2)", "(2, 1)"),
                             ("()", "()")):
            C.append(mk("size_%s_stride_%s" % (size, stride), p, [size, stride]))
        for dt in RO.DTYPES:
            C.append(mk("dtype_" + dt, p, ["(2,)", "(1,)"], [("dtype", "torch." + dt)]))
        C.append(mk("err_lengths", p, ["(2, 3)", "(1,)"]))
    elif p == "torch.Tensor.new_empty_strided":
        for size, stride in (("(2, 3)", "(3, 1)"), ("(2, 3)", "(1, 2)"), ("(4,)", "(2,)"), ("(0, 2)", "(2, 1)"),
                             ("()", "()"), ("[2, 2]", "[1, 2]")):
            C.append(mk("size_%s_stride_%s" % (size, stride), p, ["torch.ones(2)", size, stride], method=True))
        for dt in RO.DTYPES:
            C.append(mk("self_" + dt, p, ["torch.ones(2, dtype=torch.%s)" % dt, "(3, 2)", "(2, 1)"], method=True))
        C.append(mk("dtype_kw", p, ["torch.ones(2)", "(2,)", "(1,)"], [("dtype", "torch.int64")], method=True))
        C.append(mk("kw_size_stride", p, ["torch.ones(2)"], [("size", "(2, 3)"), ("stride", "(3, 1)")], method=True))
        C.append(mk("err_lengths", p, ["torch.ones(2)", "(2, 3)", "(1,)"], method=True))
        C.append(mk("err_negative", p, ["torch.ones(2)", "(2, -1)", "(1, 2)"], method=True))
        C.append(mk("err_missing_stride", p, ["torch.ones(2)", "(2, 3)"], method=True))
        C.append(mk("err_int_size", p, ["torch.ones(2)", "2", "1"], method=True))
    else:
        for dt in RO.DTYPES:
            C.append(mk("self_" + dt, p, ["torch.ones(2, dtype=torch.%s)" % dt, "(3, 2)"], method=True))
        C.append(mk("dtype_kw", p, ["torch.ones(2)", "(2,)"], [("dtype", "torch.int64")], method=True))
        C.append(mk("size_list", p, ["torch.ones(2)", "[1, 4]"], method=True))
        C.append(mk("err_negative", p, ["torch.ones(2)", "(-1,)"], method=True))
    return C


def op_cases(rng, op, names):
    kind = op["kind"]
    p = op["primary"]
    if kind == "sized":
        C = sized_cases(rng, p)
    elif kind == "randint":
        C = randint_cases(rng, p)
    elif kind == "perm":
        C = perm_cases(rng, p)
    elif kind == "like":
        C = like_cases(rng, p)
    elif kind == "normal":
        C = normal_cases(rng, p)
    elif kind == "bern":
        C = bern_cases(rng, p)
    elif kind == "fill":
        C = fill_cases(rng, op)
    elif kind == "empty":
        C = empty_cases(rng, p)
    elif kind == "multinomial":
        C = multinomial_cases(rng, p)
    elif kind == "poisson":
        C = poisson_cases(rng, p)
    else:
        C = dropout_cases(rng, p)
    return unique_case_names(C)


def evaluate(code):
    torch.manual_seed(DEFAULT_SEED)
    return eval(code, {"torch": torch, "F": F})  # noqa: S307 - our own generated code


def golden_line(op, case):
    if op["kind"] == "empty":  # PyTorch's shape, dtype and errors; its values are unset memory: zeros
        _, expect = outcome(lambda: torch.zeros_like(evaluate(case["code"]), memory_format=torch.contiguous_format))
    else:
        _, expect = outcome(lambda: evaluate(case["code"]))
    line = {"name": case["name"], "code": case["code"]}
    if op["kind"] == "empty" and expect["ok"]:
        line["deviation"] = "uninitialised memory in PyTorch: Whence shows zeros (the expectation is zeros_like of PyTorch's result)"
    # A request carries row-major tensors only: a non-contiguous argument keeps its case code-only.
    if not any(".t()" in a or "::" in a for a in case["args"]):
        try:
            torch.manual_seed(DEFAULT_SEED)
            line["request"] = request_json(case)
        except Exception:  # noqa: BLE001 - an argument PyTorch itself rejects: code only
            pass
    line["expect"] = expect
    return line


def generate(only=None):
    names_of = {op["primary"]: RO.qualified_names(op) for op in RO.OPS}
    files, meta = family_goldens("random", SEED, RO.OPS, names_of, op_cases, golden_line, only)
    files[os.path.join(GOLDEN_DIR, "random_ops.json")] = family_op_table(RO.OPS, names_of, "random")
    return files, meta


def main():
    return family_main("random", generate)


if __name__ == "__main__":
    sys.exit(main())
