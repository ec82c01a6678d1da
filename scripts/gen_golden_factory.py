#!/usr/bin/python3
"""Writes the PyTorch golden vectors of the factory op family (zeros, ones, full, the *_like ops,
arange, linspace, logspace, eye, tril_indices, triu_indices):

    tests/golden/factory/<primary name>.jsonl   one file per op (tests/live/factory_ops.py)
    tests/golden/factory.meta.json              seed, versions, counts per op and outcome
    tests/golden/factory_ops.json               the op table: names, kind, signature, overloads,
                                                dtype behaviour probed from PyTorch

Lines have the gather/elementwise golden format (tests/golden/README.md, "Factory family").
Factories read no input values, so every output element of an ok case has an empty source
list. Two kinds of line carry a note instead of plain PyTorch behaviour:

  "deviation"     logspace with dtype=float16 has no Half kernel in PyTorch 1.13: the
                  expectation is PyTorch's float32 result rounded to float16
  "whence_limit"  a call PyTorch answers (or fails on for reasons of its own machine) that
                  Whence refuses with its own Unsupported error: results above 65,536
                  elements, pin_memory=True, named tensors, out=, a device
                  other than the CPU. The expectation is Whence's error; the note says what
                  PyTorch did.

Run with Debian's /usr/bin/python3 (python3-torch 1.13). Deterministic: a fixed seed, and
regenerating gives identical bytes.

    /usr/bin/python3 scripts/gen_golden_factory.py [--check]

--check regenerates in memory and exits 1 if the committed files differ (or extra files lie in
tests/golden/factory/).
"""
import json
import os
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402

import factory_ops as FO  # noqa: E402
FAMILY = FO  # the op list tests/live/check_live_family.py samples from
from golden_common import case_arguments  # noqa: E402
from golden_common import (  # noqa: E402
    DTYPES, NAME_OF_DTYPE, NOT_IMPL, TORCH_DTYPE, eval_code, float_code, outcome,
    overloads, request_json, resolve, result_json, tensor_code, unique_case_names, family_goldens, family_main)

SEED = 20240701
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")
OUT_DIR = os.path.join(GOLDEN_DIR, "factory")
MAX_ELEMENTS = 65536  # Whence's limit (core/tensor.hpp kMaxElements)

warnings.simplefilter("ignore")

# Whence's own refusals (kernels/factory/factory_ops.cpp, core/bind.cpp, core/shape.cpp), word for word.
UNSUPPORTED = {
    "pin_memory": "Whence does not pin memory; pass pin_memory=False or leave it out",
    "device": "Whence computes on the CPU only; pass device=None or device='cpu'",
    "names": "Whence has no named tensors; pass names=None or leave it out",
    "out": "Whence does not show out= yet; pass out=None or leave it out",
}


def too_big(shape):
    return "Whence shows tensors of up to %d elements; shape [%s] has more" % (
        MAX_ELEMENTS, ", ".join(map(str, shape)))


# --------------------------------------------------------------------------------------------
# cases


def mk(name, qual, args, kwargs=(), limit=None):
    """A call of qual with argument codes; limit=(message, why) marks a Whence limit."""
    kw = [list(x) for x in kwargs]
    code = "%s(%s)" % (qual, ", ".join(list(args) + ["%s=%s" % (k, v) for k, v in kw]))
    c = {"name": name, "op": qual, "args": list(args), "kwargs": kw, "code": code}
    if limit:
        c["limit"] = limit
    return c


def tup(xs):
    xs = list(xs)
    return "(%s,)" % xs[0] if len(xs) == 1 else "(%s)" % ", ".join(map(str, xs))


def num(rng, lo, hi, digits=None):
    """A Python number literal: an int, or a float with a few decimals."""
    if digits is None:
        digits = rng.choice([0, 0, 1, 2, 3])
    if digits == 0 and rng.random() < 0.5:
        return str(rng.randint(int(lo), int(hi)))
    return float_code(round(rng.uniform(lo, hi), digits))


DEFAULT_KWARGS = [("out", "None"), ("layout", "None"), ("device", "None"), ("device", "'cpu'"),
                  ("pin_memory", "False"), ("requires_grad", "False"), ("pin_memory", "None"),
                  ("requires_grad", "None")]


def sized_cases(rng, op, p):
    """zeros, ones, full: size as varargs (not full), tuple, list or size=."""
    full = op["fill"] is not None
    F = [op["fill"]] if full else []
    C = []

    def A(name, size_args, kw=(), fill=None, limit=None):
        args = list(size_args) + ([fill] if fill is not None else F)
        C.append(mk(name, p, args, kw, limit))

    def S(shape, style):
        if style == "varargs" and not full:
            return [str(s) for s in shape]
        if style == "list":
            return ["[%s]" % ", ".join(map(str, shape))]
        return [tup(shape) if shape else "()"]

    for shape, style in (([2, 3], "varargs"), ([4], "varargs"), ([2, 3], "tuple"), ([3, 2], "list"),
                         ([2, 1, 3, 1], "varargs"), ([], "tuple"), ([], "list"), ([0], "tuple"),
                         ([2, 0], "varargs"), ([0, 3], "list"), ([1], "tuple")):
        A("size_%s_%s" % (style, "x".join(map(str, shape)) or "rank0"), S(shape, style))
    for shape in ([2, 3], [5], []):
        C.append(mk("size_kw_%s" % ("x".join(map(str, shape)) or "rank0"), p, [],
                    [("size", tup(shape) if shape else "()")] + ([("fill_value", op["fill"])] if full else [])))
    C.append(mk("size_kw_list", p, [], [("size", "[2, 2]")] + ([("fill_value", op["fill"])] if full else [])))
    # random shapes
    for j in range(3):
        shape = [rng.randint(0 if j == 2 else 1, 4) for _ in range(rng.randint(1, 3))]
        A("size_random_%d" % j, S(shape, rng.choice(["varargs", "tuple", "list"])))
    # size elements PyTorch takes as ints: a bool, a 0-d integer tensor
    if not full:
        A("size_bool_element", ["2", "True"])
        A("size_tensor_element", ["torch.tensor(2)", "3"])
    A("size_tuple_bool_element", ["(2, True)"])
    A("size_tuple_tensor_element", ["(torch.tensor(3, dtype=torch.int32), 2)"])
    # every dtype
    for dt in DTYPES:
        A("dtype_" + dt, S([2, 3], "tuple"), [("dtype", "torch." + dt)])
    A("dtype_none", S([2], "tuple"), [("dtype", "None")])
    # PyTorch's defaults of the arguments Whence does not model
    for k, v in DEFAULT_KWARGS:
        A("kw_%s_%s" % (k, v.strip("'")), S([2], "tuple"), [(k, v)])
    A("kw_names_none", S([2, 2], "tuple"), [("names", "None")])
    A("kw_all_defaults", S([3], "tuple"), [("dtype", "torch.float64"), ("layout", "None"), ("device", "'cpu'"),
                                           ("pin_memory", "False"), ("requires_grad", "False")])
    if full:
        # the fill value decides the dtype (1.13: an int fill gives int64, a bool fill bool)
        for j, v in enumerate(["3", "3.5", "True", "False", "-0.0", "float('inf')", "float('nan')",
                               "-7", "2.5e-08", "9223372036854775807", "torch.tensor(3)",
                               "torch.tensor(2.5, dtype=torch.float64)", "torch.tensor(True)",
                               "torch.tensor(3, dtype=torch.int32)", "torch.tensor(1.5, dtype=torch.float16)"]):
            A("fill_%d" % j, S([2, 2], "tuple"), fill=v)
        # the fill value converted to dtype=, with PyTorch's overflow checks
        for j, (v, dt) in enumerate((("300", "uint8"), ("-1", "uint8"), ("-255", "uint8"), ("-256", "uint8"),
                                     ("3.7", "int32"), ("-3.7", "int8"), ("1e300", "float32"), ("1.5", "bool"),
                                     ("0.0", "bool"), ("1e10", "int32"), ("70000", "float16"), ("65504", "float16"),
                                     ("3.4e38", "bfloat16"), ("float('nan')", "int64"), ("float('inf')", "float16"),
                                     ("-129", "int8"), ("127", "int8"), ("2.5", "int64"), ("True", "float32"),
                                     ("-0.5", "uint8"), ("1e19", "int64"), ("9.2e18", "int64"),
                                     ("float('nan')", "bool"), ("2**40", "float16"), ("3", "float64"))):
            A("fill_dtype_%d_%s" % (j, dt), S([2], "tuple"), [("dtype", "torch." + dt)], fill=v)
        A("fill_overflow_empty", S([0], "tuple"), [("dtype", "torch.int8")], fill="1000")
        for j in range(3):
            v = num(rng, -100, 100)
            A("fill_random_%d" % j, S([2, rng.randint(1, 3)], "tuple"),
              [("dtype", "torch." + rng.choice(DTYPES))] if j else [], fill=v)
        C.append(mk("fill_value_kw", p, ["(2,)"], [("fill_value", "1")]))
        C.append(mk("kw_reversed", p, [], [("fill_value", "2.5"), ("size", "(2,)")]))
        C.append(mk("err_missing_fill", p, ["(2,)"]))
        C.append(mk("err_fill_str", p, ["(2,)", "'a'"]))
        C.append(mk("err_fill_none", p, ["(2,)", "None"]))
        C.append(mk("err_fill_list", p, ["(2,)", "[1]"]))
        C.append(mk("err_fill_tensor_1d", p, ["(2,)", "torch.tensor([3])"]))
        C.append(mk("err_int_size", p, ["2", "3"]))
        C.append(mk("err_three_ints", p, ["2", "3", "4"]))
        C.append(mk("err_extra_positional", p, ["(2, 3)", "1", "2"]))
        C.append(mk("err_fill_overflow_long", p, ["(2,)", "2**63"]))
    # invalid sizes
    A("err_negative", ["(-1,)"] if full else ["-1"])
    A("err_negative_second", ["(2, -3)"] if full else ["2", "-3"])
    A("err_float_size", ["(1.5,)"] if full else ["1.5"])
    A("err_float_element", ["(2, 1.5)"] if full else ["2", "1.5"])
    A("err_float_element_tuple", ["(2, 1.5)"])
    A("err_float_first_element", ["[1.5, 2]"])
    A("err_str_size", ["'a'"])
    A("err_none_size", ["None"])
    A("err_str_element", ["[2, 'a']"])
    A("err_float_tensor_element", ["(2, torch.tensor(3.0))"])
    A("err_bool_size", ["True"])
    A("err_bool_first_element", ["(True, 2)"])
    A("err_1d_tensor_size", ["torch.tensor([2, 3])"])
    C.append(mk("err_no_args", p, []))
    if not full:
        A("err_tuple_then_int", ["(2,)", "3"])
        A("err_int_then_tuple", ["2", "(3,)"])
        A("err_varargs_and_size_kw", ["2", "3"], [("size", "(2,)")])
        A("err_none_element", ["2", "None"])
        C.append(mk("err_size_kw_int", p, [], [("size", "2")]))
        C.append(mk("err_size_kw_float_element", p, [], [("size", "(2, 1.5)")]))
        A("err_names_float_element", ["2", "3.5"], [("names", "None")])
        A("err_out_and_names", ["2", "3"], [("out", "None"), ("names", "None")])
    A("err_unknown_kw", S([2], "tuple"), [("foo", "1")])
    A("err_dtype_str", S([2], "tuple"), [("dtype", "'float32'")])
    A("err_dtype_int", S([2], "tuple"), [("dtype", "1")])
    A("err_requires_grad_int", S([2], "tuple"), [("requires_grad", "1")])
    A("err_device_float", S([2], "tuple"), [("device", "1.5")])
    # Whence's limits
    A("limit_size", S([300, 300], "tuple"), limit=(too_big([300, 300]), "size"))
    A("limit_negative_beats_size", S([100000, -1], "tuple"))
    A("kw_requires_grad_True", S([2], "tuple"), [("requires_grad", "True")])
    A("limit_pin_memory", S([2], "tuple"), [("pin_memory", "True")], limit=(UNSUPPORTED["pin_memory"], "pin_memory"))
    A("limit_device_cuda", S([2], "tuple"), [("device", "'cuda'")], limit=(UNSUPPORTED["device"], "device"))
    A("limit_names", S([2], "tuple"), [("names", "('a',)")], limit=(UNSUPPORTED["names"], "names"))
    A("limit_out", S([2], "tuple"), [("out", "torch.zeros(2)")], limit=(UNSUPPORTED["out"], "out"))
    return C


def like_cases(rng, op, p):
    """zeros_like, ones_like, full_like: the input's shape and dtype."""
    full = op["fill"] is not None
    F = [op["fill"]] if full else []
    C = []

    def gen(dt):
        def one():
            if dt == "bool":
                return rng.random() < 0.5
            if dt in ("float16", "bfloat16", "float32", "float64"):
                return round(rng.uniform(-5, 5), 1)
            return rng.randint(0, 9)
        return lambda n: [one() for _ in range(n)]

    def X(shape, dt, style="literal"):
        return tensor_code(rng, shape, dt, gen(dt), style)

    def A(name, x, kw=(), fill=None, limit=None):
        C.append(mk(name, p, [x] + ([fill] if fill is not None else F), kw, limit))

    for dt in DTYPES:
        A("input_" + dt, X([2, 3], dt))
    for shape, dt, style in (([], "float32", "literal"), ([], "int64", "literal"), ([0], "float32", "literal"),
                             ([2, 0], "int32", "literal"), ([2, 1, 3], "float64", "literal"),
                             ([3, 2], "int64", "t"), ([2, 3], "float32", "expand"), ([2, 3, 2], "int16", "permute")):
        A("shape_%s_%s_%s" % ("x".join(map(str, shape)) or "rank0", dt, style), X(shape, dt, style))
    for src, dst in (("int64", "float64"), ("float32", "int32"), ("bool", "float16"), ("float64", "bool"),
                     ("uint8", "bfloat16"), ("int8", "int8"), ("float32", "None")):
        A("dtype_%s_to_%s" % (src, dst), X([2, 2], src), [("dtype", "torch." + dst if dst != "None" else "None")])
    C.append(mk("kw_input", p, [], [("input", X([2], "float32"))] + ([("fill_value", op["fill"])] if full else [])))
    for k, v in DEFAULT_KWARGS[1:] + [("memory_format", "None")]:
        A("kw_%s_%s" % (k, v.strip("'")), X([2], "int64"), [(k, v)])
    if full:
        for j, (v, dt) in enumerate((("3.7", "int64"), ("True", "float32"), ("-1", "uint8"), ("7", "bool"),
                                     ("float('nan')", "float16"), ("-2.5", "int32"), ("0.1", "float64"),
                                     ("2.5", "bfloat16"), ("torch.tensor(2)", "float32"),
                                     ("torch.tensor(0.5, dtype=torch.float64)", "int64"))):
            A("fill_%d_into_%s" % (j, dt), X([2, 2], dt), fill=v)
        for j, (v, dt) in enumerate((("1e300", "int64"), ("300", "uint8"), ("70000", "float16"), ("1e39", "float32"),
                                     ("float('nan')", "int32"), ("-129", "int8"))):
            A("err_fill_overflow_%d_%s" % (j, dt), X([2], dt), fill=v)
        A("fill_dtype_kw", X([2], "int64"), [("dtype", "torch.float32")], fill="2.5")
        A("err_fill_overflow_dtype_kw", X([2], "float32"), [("dtype", "torch.uint8")], fill="256")
        C.append(mk("fill_value_kw", p, [X([2], "float32")], [("fill_value", "1.5")]))
        C.append(mk("err_missing_fill", p, [X([2], "float32")]))
        C.append(mk("err_fill_str", p, [X([2], "float32"), "'a'"]))
        C.append(mk("err_fill_none", p, [X([2], "float32"), "None"]))
        C.append(mk("err_fill_1d_tensor", p, [X([2], "float32"), "torch.tensor([1.0])"]))
        for j in range(2):
            dt = rng.choice(DTYPES)
            A("fill_random_%d" % j, X([2, rng.randint(1, 3)], dt), fill=num(rng, 0, 9, 0) if dt != "bool" else "True")
    C.append(mk("err_no_args", p, []))
    A("err_int_input", "2")
    A("err_list_input", "[1, 2]")
    A("err_none_input", "None")
    C.append(mk("err_positional_dtype", p, [X([2], "float32")] + F + ["torch.float64"]))
    A("err_out_kw", X([2], "float32"), [("out", "None")])
    A("err_unknown_kw", X([2], "float32"), [("foo", "1")])
    A("err_dtype_str", X([2], "float32"), [("dtype", "'int64'")])
    A("kw_requires_grad_True", X([2], "float32"), [("requires_grad", "True")])
    A("limit_pin_memory", X([2], "float32"), [("pin_memory", "True")], limit=(UNSUPPORTED["pin_memory"], "pin_memory"))
    A("limit_device_cuda", X([2], "float32"), [("device", "'cuda'")], limit=(UNSUPPORTED["device"], "device"))
    return C


def range_number(rng, lo, hi):
    return num(rng, lo, hi)


def arange_cases(rng, p):
    C = []

    def A(name, args, kw=(), limit=None):
        C.append(mk(name, p, args, kw, limit))

    for args in (["5"], ["0"], ["1", "4"], ["0.5", "3"], ["1", "4", "0.5"], ["10", "0", "-3"], ["0", "-5", "-1.5"],
                 ["0", "1", "0.1"], ["1", "2.5", "0.5"], ["True"], ["-3", "3"], ["1", "1"], ["0", "5", "float('inf')"],
                 ["0", "10", "3.0"], ["0", "9007199254740994", "4503599627370496"], ["-1.0", "1.0", "0.25"],
                 ["0", "1.5e308", "1e307"], ["0.1", "0.9", "0.1"], ["torch.tensor(3)"], ["torch.tensor(3.5)"],
                 ["torch.tensor(1, dtype=torch.int32)", "torch.tensor(True)"], ["False", "True"]):
        A("args_" + "_".join(a.replace(" ", "") for a in args), args)
    A("kw_start_end", [], [("start", "1"), ("end", "4")])
    A("kw_end", [], [("end", "4")])
    A("kw_step", ["1", "4"], [("step", "2")])
    A("kw_end_after_start", ["1"], [("end", "4")])
    A("kw_all", [], [("start", "0.5"), ("end", "2"), ("step", "0.5")])
    # long float ranges: PyTorch computes them eight (float32) or four (float64) at a time
    for j in range(8):
        start = range_number(rng, -10, 10)
        step = rng.choice(["0.1", "0.3", "0.7", "0.37", "0.0123", "1.1", "-0.1", "-0.7", "0.05", "2.5", "0.333"])
        n = rng.randint(10, 120)
        end = float_code(round(float(eval(start)) + float(eval(step)) * n, 3))
        dt = rng.choice(["", "float32", "float64", "float16", "bfloat16", "float32"])
        A("random_%d" % j, [start, end, step], [("dtype", "torch." + dt)] if dt else [])
    for j in range(3):
        a = rng.randint(-20, 20)
        b = a + rng.randint(0, 60) * rng.choice([1, -1])
        s = rng.choice([1, 2, 3, 7]) * (1 if b >= a else -1)
        A("random_int_%d" % j, [str(a), str(b), str(s)], [("dtype", "torch." + rng.choice(["int64", "int32", "int16", "int8", "uint8"]))] if j else [])
    for dt in DTYPES:
        A("dtype_" + dt, ["0", "5"], [("dtype", "torch." + dt)])
        if dt in ("float16", "bfloat16", "float32", "float64"):
            A("dtype_fractional_" + dt, ["-1", "2", "0.1"], [("dtype", "torch." + dt)])
    A("int_dtype_float_bounds_int32", ["0.5", "5.5"], [("dtype", "torch.int32")])
    A("int_dtype_float_bounds_int64", ["0.5", "5.5"], [("dtype", "torch.int64")])
    A("int_dtype_negative_start_int64", ["-0.5", "3"], [("dtype", "torch.int64")])
    A("int_dtype_negative_start_int32", ["-0.5", "3"], [("dtype", "torch.int32")])
    A("uint8_wraps", ["-3", "3"], [("dtype", "torch.uint8")])
    A("uint8_wraps_top", ["250", "260"], [("dtype", "torch.uint8")])
    A("int8_wraps", ["120", "136", "2"], [("dtype", "torch.int8")])
    A("float_dtype_from_ints", ["0", "5"], [("dtype", "torch.float64")])
    A("float32_inf_values", ["0", "1.5e308", "1e307"], [("dtype", "torch.float32")])
    for k, v in DEFAULT_KWARGS:
        A("kw_%s_%s" % (k, v.strip("'")), ["1", "3"] if k != "out" else ["0.5", "3"], [(k, v)])
    A("kw_out_end_only", ["3"], [("out", "None")])
    A("err_step_zero", ["0", "5", "0"])
    A("err_step_zero_float", ["0", "5", "0.0"])
    A("err_step_truncates_to_zero_int64", ["0", "5", "0.5"], [("dtype", "torch.int64")])
    A("err_step_truncates_to_zero_int32", ["0", "5", "0.5"], [("dtype", "torch.int32")])
    A("err_wrong_sign", ["5", "0"])
    A("err_wrong_sign_negative_step", ["0", "5", "-1"])
    A("err_negative_end", ["-5"])
    A("err_inf_end", ["0", "float('inf')"])
    A("err_nan_end", ["0.5", "float('nan')"])
    A("err_neg_inf_start", ["-float('inf')", "0.5"])
    A("err_nan_step", ["0", "5", "float('nan')"])
    A("err_bool_dtype", ["5"], [("dtype", "torch.bool")])
    A("err_bool_dtype_step_zero", ["0", "5", "0"], [("dtype", "torch.bool")])
    A("err_overflow_int64", ["0", "1e300", "1e299"], [("dtype", "torch.int64")])
    A("err_overflow_half_acc", ["0", "1e300", "1e299"], [("dtype", "torch.float16")])
    A("err_invalid_size", ["-1e308", "1e308", "1e307"])
    A("err_no_args", [])
    A("err_four_args", ["1", "2", "3", "4"])
    A("err_str", ["'a'"])
    A("err_none", ["None"])
    A("err_list", ["[1, 2]"])
    A("err_start_only_kw", [], [("start", "1")])
    A("err_out_with_two", ["1", "3"], [("step", "1"), ("foo", "2")])
    A("err_dtype_str", ["3"], [("dtype", "'int64'")])
    A("err_tensor_1d", ["torch.tensor([3])"])
    A("limit_size", ["70000"], limit=(too_big([70000]), "size"))
    A("limit_huge", ["0", "1e30", "1e20"], limit=(too_big([10000000000]), "size"))
    A("kw_requires_grad_True", ["0.5", "3"], [("requires_grad", "True")])
    A("limit_device_cuda", ["3"], [("device", "'cuda'")], limit=(UNSUPPORTED["device"], "device"))
    A("limit_out", ["3"], [("out", "torch.zeros(3, dtype=torch.int64)")], limit=(UNSUPPORTED["out"], "out"))
    return C


def space_cases(rng, p, log):
    C = []

    def A(name, args, kw=(), limit=None):
        C.append(mk(name, p, args, kw, limit))

    for args in (["0", "1", "5"], ["0", "1", "1"], ["0", "1", "0"], ["-1", "1", "4"], ["0", "2", "3"], ["5", "5", "3"],
                 ["1.5", "-2.5", "6"], ["True", "False", "3"], ["torch.tensor(0.5)", "1", "3"], ["0", "1", "torch.tensor(3)"],
                 ["2.7", "1", "1"], ["0", "float('inf')", "3"], ["0", "float('nan')", "3"], ["-float('inf')", "0", "1"],
                 ["0", "3", "2"], ["0.1", "0.7", "7"], ["1", "0", "33"]):
        A("args_" + "_".join(a.replace(" ", "") for a in args), args)
    A("kw_steps", ["0", "1"], [("steps", "3")])
    A("kw_all", [], [("start", "0"), ("end", "1"), ("steps", "3")])
    # long ranges: PyTorch's kernels compute chunks and the second half from the end
    for j in range(10):
        a, b = range_number(rng, -10, 10), range_number(rng, -10, 10)
        n = rng.randint(2, 100 if not log else 40)
        dt = rng.choice(["", "float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8", "float32"])
        if log:
            a, b = range_number(rng, -3, 3), range_number(rng, -3, 3)
            dt = rng.choice(["", "float32", "float64", "bfloat16", "int64", "int32", "float32"])
            if dt.startswith("int"):
                a, b = str(rng.randint(0, 4)), str(rng.randint(0, 4))
        elif dt.startswith("int"):
            lo = -100 if dt != "int8" else -50
            a, b = str(rng.randint(lo, -lo)), str(rng.randint(lo, -lo))
        kw = [("dtype", "torch." + dt)] if dt else []
        if log and rng.random() < 0.5:
            kw.append(("base", rng.choice(["2", "2.5", "0.5", "3.0", "1.7"])))
        A("random_%d" % j, [a, b, str(n)], kw)
    for dt in DTYPES:
        A("dtype_" + dt, ["0", "3" if log else "10", "4"], [("dtype", "torch." + dt)])
    A("dtype_bool_steps0", ["0", "1", "0"], [("dtype", "torch.bool")])
    A("dtype_bool_steps1", ["2", "1", "1"], [("dtype", "torch.bool")])
    A("dtype_int_steps1", ["2.7", "1", "1"], [("dtype", "torch.int32")])
    A("dtype_float16_steps1", ["1", "2", "1"], [("dtype", "torch.float16")])
    A("dtype_float16_long", ["-1", "1.5", "40"], [("dtype", "torch.float16")])
    if not log:
        A("uint8_negative_start_wraps", ["-5", "5", "4"], [("dtype", "torch.uint8")])
        A("int64_truncates", ["0", "10", "4"], [("dtype", "torch.int64")])
        A("int64_long", ["0", "10", "40"], [("dtype", "torch.int64")])
        A("int8_long", ["-20", "30", "70"], [("dtype", "torch.int8")])
        A("int32_float_bounds", ["0.5", "3.7", "4"], [("dtype", "torch.int32")])
        A("float64_huge_start", ["1e300", "1", "3"], [("dtype", "torch.float64")])
        A("float32_long", ["-4.0", "6.47", "62"])
        A("float32_long_2", ["-2.44", "1.02", "66"])
        # infinite steps: lane 0 of a float32 or bfloat16 vector is its base, float16's (no
        # vector type of its own in 1.13) computes base + 0·step = nan
        A("inf_end_vector_float32", ["1", "float('inf')", "64"])
        A("inf_start_vector_float16", ["float('inf')", "-1", "33"], [("dtype", "torch.float16")])
        A("inf_start_vector_bfloat16", ["-float('inf')", "1", "100"], [("dtype", "torch.bfloat16")])
        A("err_float32_overflow", ["1e300", "1", "3"])
        A("err_uint8_overflow", ["0", "300", "4"], [("dtype", "torch.uint8")])
        A("err_int_overflow_steps1", ["1e300", "1", "1"], [("dtype", "torch.int32")])
        A("overflow_ignored_steps0", ["1e300", "1", "0"], [("dtype", "torch.int32")])
    else:
        for j, b in enumerate(["2", "2.5", "True", "torch.tensor(2.0)", "-2", "0", "1e300", "0.5"]):
            A("base_%d" % j, ["-2", "2", "5"], [("base", b)] if j % 2 else [])
            if not j % 2:
                C[-1] = mk("base_%d" % j, p, ["-2", "2", "5", b])
        A("int64_powers", ["0", "3", "4"], [("dtype", "torch.int64")])
        A("uint8_wraps", ["0", "3", "4"], [("dtype", "torch.uint8")])
        A("int8_wraps", ["0", "3", "4"], [("dtype", "torch.int8")])
        A("float32_overflow_inf", ["0", "40", "3"])
        A("int64_overflow_min", ["0", "40", "3"], [("dtype", "torch.int64")])
        A("int32_overflow_min", ["0", "40", "3"], [("dtype", "torch.int32")])
        A("negative_base_int", ["-1", "1", "3"], [("base", "-10"), ("dtype", "torch.int64")])
        A("base_zero", ["0", "1", "3"], [("base", "0")])
        A("int_steps1_fraction", ["2.5", "1", "1"], [("dtype", "torch.int64")])
        A("float32_steps1_inf", ["400", "1", "1"])
        A("float32_long", ["-1.3", "2.1", "37"])
        A("float64_long", ["-1.3", "2.1", "37"], [("dtype", "torch.float64")])
        A("uint8_out_of_range_power", ["-128", "2.5", "33", "255"], [("dtype", "torch.uint8")])
        A("int64_huge_base", ["0", "1", "33", "3.4e38"], [("dtype", "torch.int64")])
        A("err_int_steps1_overflow", ["400", "1", "1"], [("dtype", "torch.int64")])
        A("err_float32_start_overflow", ["1e300", "1", "2"])
        A("err_base_str", ["0", "2", "3"], [("base", "'a'")])
        A("err_base_none", ["0", "2", "3"], [("base", "None")])
        A("err_five_positional", ["0", "2", "3", "10", "1"])
    for k, v in DEFAULT_KWARGS:
        A("kw_%s_%s" % (k, v.strip("'")), ["0", "1", "3"], [(k, v)])
    A("err_steps_negative", ["0", "1", "-1"])
    A("err_steps_negative_bool", ["0", "1", "-2"], [("dtype", "torch.bool")])
    A("err_steps_missing", ["0", "1"])
    A("err_steps_float", ["0", "1", "2.5"])
    A("err_steps_bool", ["0", "1", "True"])
    A("err_steps_none", ["0", "1", "None"])
    A("err_start_1d_tensor", ["torch.tensor([0.5])", "1", "3"])
    A("err_start_str", ["'a'", "1", "3"])
    A("err_end_list", ["0", "[1]", "3"])
    A("err_bool_dtype", ["0", "1", "3"], [("dtype", "torch.bool")])
    A("err_no_args", [])
    A("err_unknown_kw", ["0", "1", "3"], [("foo", "1")])
    A("err_dtype_str", ["0", "1", "3"], [("dtype", "'float32'")])
    A("limit_size", ["0", "1", "70000"], limit=(too_big([70000]), "size"))
    A("kw_requires_grad_True", ["0", "1", "3"], [("requires_grad", "True")])
    A("limit_pin_memory", ["0", "1", "3"], [("pin_memory", "True")], limit=(UNSUPPORTED["pin_memory"], "pin_memory"))
    A("limit_out", ["0", "1", "3"], [("out", "torch.zeros(3)")], limit=(UNSUPPORTED["out"], "out"))
    return C


def eye_cases(rng, p):
    C = []

    def A(name, args, kw=(), limit=None):
        C.append(mk(name, p, args, kw, limit))

    for args in (["3"], ["2", "3"], ["3", "2"], ["1"], ["0"], ["2", "0"], ["0", "3"], ["torch.tensor(2)"],
                 ["4", "torch.tensor(2, dtype=torch.int16)"]):
        A("args_" + "_".join(a.replace(" ", "") for a in args), args)
    A("kw_n_m", [], [("n", "2"), ("m", "3")])
    A("kw_n", [], [("n", "2")])
    A("kw_m", ["2"], [("m", "3")])
    for j in range(3):
        A("random_%d" % j, [str(rng.randint(1, 6)), str(rng.randint(1, 6))])
    for dt in DTYPES:
        A("dtype_" + dt, ["2", "3"], [("dtype", "torch." + dt)])
    for k, v in DEFAULT_KWARGS:
        A("kw_%s_%s" % (k, v.strip("'")), ["2"], [(k, v)])
    A("err_negative_n", ["-1"])
    A("err_negative_m", ["2", "-1"])
    A("err_both_negative", ["-2", "-1"])
    A("err_float_n", ["2.5"])
    A("err_bool_n", ["True"])
    A("err_tuple_n", ["(2, 3)"])
    A("err_three_args", ["2", "3", "4"])
    A("err_m_only", [], [("m", "3")])
    A("err_no_args", [])
    A("err_str_m", ["1", "'a'"])
    A("err_none_m", ["2", "None"])
    A("err_unknown_kw", ["2"], [("foo", "1")])
    A("limit_size", ["300"], limit=(too_big([300, 300]), "size"))
    A("kw_requires_grad_True", ["2"], [("requires_grad", "True")])
    A("limit_out", ["2"], [("out", "torch.zeros(2, 2)")], limit=(UNSUPPORTED["out"], "out"))
    return C


def tri_cases(rng, p):
    C = []

    def A(name, args, kw=(), limit=None):
        C.append(mk(name, p, args, kw, limit))

    for args in (["3", "3"], ["3", "3", "1"], ["3", "3", "-1"], ["4", "3", "5"], ["4", "3", "-10"], ["0", "3"],
                 ["3", "0"], ["1", "1"], ["0", "0"], ["5", "4", "2"], ["2", "5", "-1"], ["3", "4", "10"],
                 ["torch.tensor(3)", "2"]):
        A("args_" + "_".join(a.replace(" ", "") for a in args), args)
    A("kw_offset", ["3", "4"], [("offset", "-2")])
    A("kw_row_col", [], [("row", "2"), ("col", "2")])
    for j in range(4):
        A("random_%d" % j, [str(rng.randint(1, 7)), str(rng.randint(1, 7)), str(rng.randint(-4, 4))])
    for dt in DTYPES:
        A("dtype_" + dt, ["3", "3"], [("dtype", "torch." + dt)])
    A("dtype_none", ["3", "3"], [("dtype", "None")])
    for k, v in DEFAULT_KWARGS[1:]:
        A("kw_%s_%s" % (k, v.strip("'")), ["2", "3"], [(k, v)])
    A("err_negative_row", ["-1", "3"])
    A("err_negative_col", ["3", "-1"])
    A("err_negative_row_float_dtype", ["-1", "3"], [("dtype", "torch.float32")])
    A("err_missing_col", ["3"])
    A("err_float_col", ["3", "3.5"])
    A("err_str_row", ["'a'", "3"])
    A("err_bool_offset", ["3", "3", "True"])
    A("err_four_args", ["3", "3", "0", "1"])
    A("err_out_kw", ["3", "3"], [("out", "None")])
    A("err_no_args", [])
    A("limit_size", ["300", "300"], limit=(too_big([2, 45150]), "size"))
    A("kw_requires_grad_True", ["2", "2"], [("requires_grad", "True")])
    return C


def new_cases(rng, op, p):
    """x.new_zeros, new_ones, new_full: a size (varargs but for new_full, a tuple or a list) and
    self's dtype; self's values and shape are never read."""
    full = op["fill"] is not None
    F = [op["fill"]] if full else []
    base = FO.base_name(p)
    C = []

    def X(shape, dt, style="literal"):
        return tensor_code(rng, shape, dt, lambda n: [rng.randint(0, 1) if dt == "bool" else rng.randint(0, 9)
                                                      for _ in range(n)], style)

    def A(name, x, size, kw=(), fill=None, limit=None):
        args = [x] + list(size) + ([fill] if fill is not None else F)
        c = mk(name, p, args, kw, limit)
        c["code"] = "%s.%s(%s)" % (x, base, ", ".join(args[1:] + ["%s=%s" % (k, v) for k, v in c["kwargs"]]))
        C.append(c)

    for dt in DTYPES:
        A("self_" + dt, X([2], dt), ["(2, 3)"])
    sizes = [["(3,)"], ["[2, 0]"], ["()"], ["(0,)"], ["(2, 1, 3)"]] + ([] if full else [["2", "3"], ["4"]])
    for size in sizes:
        A("size_" + "_".join(size).strip("()[]").replace(", ", "x").replace(",", "") or "size_rank0", X([3, 2], "float64"),
          size)
    A("self_rank0", X([], "int32"), ["(2,)"])
    A("self_transposed", X([3, 2], "float32", "t"), ["(2,)"])
    for dst in ("float64", "int32", "bool", "float16", "None"):
        A("dtype_" + dst, X([2], "int64"), ["(2, 2)"], [("dtype", "torch." + dst if dst != "None" else "None")])
    for k, v in (("layout", "None"), ("device", "None"), ("device", "'cpu'"), ("pin_memory", "False"),
                 ("requires_grad", "False"), ("requires_grad", "True")):
        A("kw_%s_%s" % (k, v.strip("'")), X([2], "float32"), ["(2,)"], [(k, v)])
    x = X([2], "float32")  # every argument by keyword
    kw = [("size", "(2, 2)")] + ([("fill_value", op["fill"])] if full else [])
    C.append(dict(mk("kw_size", p, [x], kw), code="%s.%s(%s)" % (x, base, ", ".join("%s=%s" % a for a in kw))))
    if full:
        for j, (v, dt) in enumerate((("3.7", "int64"), ("True", "float32"), ("-1", "uint8"), ("7", "bool"),
                                     ("float('nan')", "float16"), ("2.5", "bfloat16"), ("torch.tensor(2)", "float32"))):
            A("fill_%d_into_%s" % (j, dt), X([2], dt), ["(2, 2)"], fill=v)
        for j, (v, dt) in enumerate((("300", "uint8"), ("1e39", "float32"), ("float('nan')", "int32"))):
            A("err_fill_overflow_%d_%s" % (j, dt), X([2], dt), ["(2,)"], fill=v)
    A("err_negative", X([2], "float32"), ["(-1,)"])
    A("err_float_size", X([2], "float32"), ["(1.5,)"])
    A("limit_pin_memory", X([2], "float32"), ["(2,)"], [("pin_memory", "True")], limit=(UNSUPPORTED["pin_memory"], "pin_memory"))
    A("limit_device_cuda", X([2], "float32"), ["(2,)"], [("device", "'cuda'")], limit=(UNSUPPORTED["device"], "device"))
    A("limit_size", X([2], "float32"), ["(300, 300)"], limit=(too_big([300, 300]), "size"))
    return C


def range_cases(rng, p):
    """torch.range (deprecated; end included): its dtype is the default float dtype unless given."""
    C = []

    def A(name, args, kw=()):
        C.append(mk(name, p, args, kw))

    for args in (["1", "4"], ["1", "4", "0.5"], ["0", "1", "0.3"], ["4", "1", "-1"], ["1", "1"], ["1.5", "4"],
                 ["0", "0.99", "0.33"], ["0", "1", "0.1"], ["-1.0", "1.0", "0.25"], ["0", "10", "3"],
                 ["torch.tensor(1)", "torch.tensor(3)"], ["False", "True"], ["0.1", "0.9", "0.1"]):
        A("args_" + "_".join(a.replace(" ", "") for a in args), args)
    A("kw_start_end", [], [("start", "1"), ("end", "4")])
    A("kw_step", ["1", "4"], [("step", "2")])
    A("kw_all", [], [("start", "0.5"), ("end", "2"), ("step", "0.5")])
    for j in range(6):  # long float ranges: the accumulator's rounding shows
        start = range_number(rng, -10, 10)
        step = rng.choice(["0.1", "0.3", "0.7", "0.37", "0.0123", "1.1", "-0.1", "-0.7", "0.05", "2.5", "0.333"])
        n = rng.randint(10, 120)
        end = float_code(round(float(eval(start)) + float(eval(step)) * n, 3))
        dt = rng.choice(["", "float32", "float64", "bfloat16", "float32"])
        A("random_%d" % j, [start, end, step], [("dtype", "torch." + dt)] if dt else [])
    for dt in DTYPES:
        A("dtype_" + dt, ["0", "5"], [("dtype", "torch." + dt)])
    A("int64_step2", ["1", "4", "2"], [("dtype", "torch.int64")])
    A("int32_float_bounds", ["0.5", "5.5"], [("dtype", "torch.int32")])
    A("int64_negative_step", ["5", "-4", "-3"], [("dtype", "torch.int64")])
    A("uint8_wraps", ["-1", "4"], [("dtype", "torch.uint8")])
    A("int8_wraps", ["120", "136", "4"], [("dtype", "torch.int8")])
    A("bfloat16_fractional", ["-1", "2", "0.1"], [("dtype", "torch.bfloat16")])
    A("float64", ["0", "1", "0.1"], [("dtype", "torch.float64")])
    # (layout: the parser takes a torch.layout, not None, but the stubs the signature table is
    # read from leave layout out, so layout=None would get another TypeError's words)
    for k, v in DEFAULT_KWARGS:
        if k != "layout":
            A("kw_%s_%s" % (k, v.strip("'")), ["1", "3"], [(k, v)])
    A("err_step_zero", ["0", "5", "0"])
    A("err_step_truncates_to_zero", ["0", "5", "0.5"], [("dtype", "torch.int64")])
    A("err_wrong_sign", ["1", "4", "-1"])
    A("err_wrong_sign_positive", ["4", "1"])
    A("err_inf_end", ["1", "float('inf')"])
    A("err_nan_end", ["0.5", "float('nan')"])
    A("err_neg_inf_start", ["-float('inf')", "0.5"])
    A("err_int_dtype_inf", ["1", "float('inf')"], [("dtype", "torch.int64")])
    A("err_bool_dtype", ["0", "5"], [("dtype", "torch.bool")])
    A("err_end_missing", ["4"])
    A("err_string", ["1", "'a'"])
    return C


def op_cases(rng, op, names):
    p = op["primary"]
    k = op["kind"]
    if k == "sized":
        cases = sized_cases(rng, op, p)
    elif k == "like":
        cases = like_cases(rng, op, p)
    elif k == "new":
        cases = new_cases(rng, op, p)
    elif p == "torch.arange":
        cases = arange_cases(rng, p)
    elif p == "torch.range":
        cases = range_cases(rng, p)
    elif k == "range":
        cases = space_cases(rng, p, p == "torch.logspace")
    elif k == "eye":
        cases = eye_cases(rng, p)
    else:
        cases = tri_cases(rng, p)
    # every qualified name (PyTorch 1.13 has each of these as torch.X only)
    for q in names[1:]:
        c = dict(cases[0])
        c.update(mk("name_" + q, q, cases[0]["args"], cases[0]["kwargs"]))
        cases.append(c)
    return unique_case_names(cases)


# --------------------------------------------------------------------------------------------
# expectations


def no_sources(v):
    """Factories read no input value: every output element has an empty source list."""
    outs = v if isinstance(v, tuple) else (v,)
    return [{"out": [pos, k], "src": []} for pos, o in enumerate(outs) for k in range(o.numel())]


def unnamed(v):
    """A named tensor (names=('a',)) without its names, so that it can be written down."""
    return v.rename(None) if isinstance(v, torch.Tensor) and v.has_names() else v


def expect_of(op, case):
    args, kwargs = case_arguments(op, case)
    fn = resolve(case["op"])
    out, expect = outcome(lambda: unnamed(fn(*args, **kwargs)))
    _, by_code = outcome(lambda: unnamed(eval_code(case["code"])))
    if expect != by_code and not (not expect["ok"] and not by_code["ok"] and "limit" in case):
        raise AssertionError("call text does not reproduce the case %s %s:\n%s\n%s"
                             % (case["code"], case["name"], expect, by_code))
    extra = {}
    if "limit" in case:
        message, arg = case["limit"]
        if expect["ok"]:
            did = "returns %s of shape %s" % (NAME_OF_DTYPE.get(out.dtype, str(out.dtype)), list(out.shape))
        else:
            did = "raises %s (%s)" % (expect["error"]["type"], expect["error"]["message"].split("\n")[0][:120])
        extra["whence_limit"] = "PyTorch %s; Whence refuses the %s" % (did, arg)
        return {"ok": False, "error": {"type": "Unsupported", "message": message}}, extra
    if not expect["ok"] and NOT_IMPL.search(expect["error"]["message"]) and "dtype" in kwargs:
        m = NOT_IMPL.search(expect["error"]["message"])
        k32 = dict(kwargs, dtype=torch.float32)
        o32, e32 = outcome(lambda: fn(*args, **k32))
        if e32["ok"]:
            target = torch.float16 if m.group(1) == "Half" else torch.bfloat16
            out = o32.to(target)
            expect = {"ok": True, "result": result_json(out)}
            extra["deviation"] = ("PyTorch 1.13 has no %s kernel for %s; expectation computed in float32 and "
                                  "rounded, as newer PyTorch does" % (m.group(1), FO.base_name(op["primary"])))
    if expect["ok"]:
        expect["relations"] = no_sources(out)
    return expect, extra


def golden_line(op, case):
    expect, extra = expect_of(op, case)
    g = {"name": case["name"], "code": case["code"], "request": request_json(case), "expect": expect}
    g.update(extra)
    return g


# --------------------------------------------------------------------------------------------
# op table


def _probe(op, dt):
    p = op["primary"]
    d = TORCH_DTYPE[dt]
    calls = {
        "torch.zeros": lambda: torch.zeros(2, 3, dtype=d), "torch.ones": lambda: torch.ones(2, 3, dtype=d),
        "torch.full": lambda: torch.full((2, 3), 7, dtype=d),
        "torch.zeros_like": lambda: torch.zeros_like(torch.zeros(2, 3, dtype=d)),
        "torch.ones_like": lambda: torch.ones_like(torch.zeros(2, 3, dtype=d)),
        "torch.full_like": lambda: torch.full_like(torch.zeros(2, 3, dtype=d), 7),
        "torch.Tensor.new_zeros": lambda: torch.zeros(2, dtype=d).new_zeros(2, 3),
        "torch.Tensor.new_ones": lambda: torch.zeros(2, dtype=d).new_ones(2, 3),
        "torch.Tensor.new_full": lambda: torch.zeros(2, dtype=d).new_full((2, 3), 7),
        "torch.arange": lambda: torch.arange(0, 5, dtype=d), "torch.range": lambda: torch.range(0, 5, dtype=d), "torch.linspace": lambda: torch.linspace(0, 10, 4, dtype=d),
        "torch.logspace": lambda: torch.logspace(0, 3, 4, dtype=d), "torch.eye": lambda: torch.eye(2, 3, dtype=d),
        "torch.tril_indices": lambda: torch.tril_indices(3, 3, dtype=d),
        "torch.triu_indices": lambda: torch.triu_indices(3, 3, dtype=d),
    }
    return calls[p]


def dtype_behaviour(op):
    beh, dev = {}, {}
    for dt in DTYPES:
        try:
            beh[dt] = NAME_OF_DTYPE[_probe(op, dt)().dtype]
        except Exception as e:  # noqa: BLE001
            beh[dt] = "%s: %s" % (type(e).__name__, e)
            if NOT_IMPL.search(str(e)):
                dev[dt] = "computed in float32 and rounded to %s (no %s kernel in PyTorch 1.13)" % (
                    dt, "Half" if dt == "float16" else "BFloat16")
    return beh, dev


def signature_text(q):
    doc = (getattr(resolve(q), "__doc__", None) or "").strip()
    first = doc.splitlines()[0].strip() if doc else ""
    return first if first.startswith(FO.base_name(q) + "(") else ""


def op_table(names_of):
    table = []
    for op in FO.OPS:
        beh, dev = dtype_behaviour(op)
        entry = {"primary": op["primary"], "names": names_of[op["primary"]], "kind": op["kind"],
                 "params": signature_text(op["primary"]), "dtype_behaviour": beh}
        ov = overloads(names_of[op["primary"]])
        if ov:
            entry["overloads"] = ov
        if dev:
            entry["deviations"] = dev
        table.append(entry)
    return json.dumps(table, indent=1, ensure_ascii=True) + "\n"


# --------------------------------------------------------------------------------------------


def generate(only=None):
    torch.manual_seed(0)
    names_of = {op["primary"]: FO.qualified_names(op) for op in FO.OPS}
    files, meta = family_goldens("factory", SEED, FO.OPS, names_of, op_cases, golden_line, only,
                                 {"deviations": "deviation", "whence_limits": "whence_limit"})
    files[os.path.join(GOLDEN_DIR, "factory_ops.json")] = op_table(names_of)
    return files, meta


def main():
    return family_main("factory", generate,
                       lambda meta: ", %d deviations, %d Whence limits" % (meta["deviations"], meta["whence_limits"]))


if __name__ == "__main__":
    sys.exit(main())
