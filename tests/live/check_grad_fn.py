#!/usr/bin/python3
"""Live check of the grad_fn class names PyTorch 1.13 picks by shape (core/grad_fn_rules.cpp):
matmul, @ and __rmatmul__ over every pair of ranks 1-4 and over transposed and expanded batches,
F.linear with and without a bias over input ranks 1-4 and a non-contiguous input, unbatched and
batched convolutions, and x[index] over ints, slices (whole and partial), None, ..., lists, masks,
bools and tuples of them, dtype conversions, cdist's paths and corrcoef's single variable. One program holds every case PyTorch runs; Whence's CLI runs it, and
each printed grad_fn must be PyTorch's.

    /usr/bin/python3 tests/live/check_grad_fn.py build/native/whence

Ends with `N passed, M failed`; exit 1 on a failure.
"""
import re
import subprocess
import sys

import torch
import torch.nn.functional as F  # noqa: N812, F401 - the cases' F

SETUP = """import torch
import torch.nn.functional as F
a1 = torch.ones(4, requires_grad=True)
a2 = torch.ones(3, 4, requires_grad=True)
a3 = torch.ones(2, 3, 4, requires_grad=True)
a4 = torch.ones(2, 2, 3, 4, requires_grad=True)
b1 = torch.ones(4)
b2 = torch.ones(4, 5)
b3 = torch.ones(2, 4, 5)
b4 = torch.ones(2, 2, 4, 5)
bt3 = torch.ones(2, 5, 4).permute(0, 2, 1)
bx3 = torch.ones(4, 5).expand(2, 4, 5)
bq3 = torch.ones(4, 2, 5).transpose(0, 1)
r1 = torch.ones(3)
r2 = torch.ones(5, 3)
r3 = torch.ones(2, 5, 3)
r4 = torch.ones(2, 2, 5, 3)
rt3 = torch.ones(2, 3, 5).permute(0, 2, 1)
rx3 = torch.ones(5, 3).expand(2, 5, 3)
q2 = torch.ones(5, 4)
q3 = torch.ones(2, 5, 4)
qt3 = torch.ones(2, 4, 5).permute(0, 2, 1)
x1 = torch.ones(4)
x2 = torch.ones(3, 4)
x3 = torch.ones(2, 3, 4)
x4 = torch.ones(2, 2, 3, 4)
x3p = torch.ones(2, 4, 3).permute(0, 2, 1)
w = torch.ones(5, 4, requires_grad=True)
bias = torch.ones(5, requires_grad=True)
w1 = torch.ones(4, requires_grad=True)
c1 = torch.ones(3, 2, 3, requires_grad=True)
c2 = torch.ones(3, 2, 3, 3, requires_grad=True)
g = torch.ones(2, 3, 4, requires_grad=True)
"""

INDICES = ["0", "0:1", ":", "...", ":, 0", "0, 1", "0, 1, 2", "None", "0, None", "None, 0", ":, :, 1:", "-1",
           "[0, 1]", ":, [0, 1]", "0, [0, 1]", "g > 0.5", "torch.tensor([1])", "1:, [0]", "::2", "0:5", "..., 0",
           "..., None", "()", ":, None, 1:3", "1:2, 0", "0, ..., 1:", ":2, :3, :4", "-5:", ":, -2:", ":, :, ::1",
           "0:2:1, 1", "..., :", "None, ..., None", ":, 1:3, None", "True", "0, True", ":,", "0,", "1:,"]


def cases():
    out = []
    left = ["a1", "a2", "a3", "a4"]
    right = ["b1", "b2", "b3", "b4", "bt3", "bx3", "bq3"]
    for a in left:
        for b in right:
            out += [f"{a} @ {b}", f"torch.matmul({a}, {b})"]
        # the tensor on the right requires grad: b @ a, and a.__rmatmul__(b) as Python calls it
        for b in (["b1", "q2", "q3", "qt3"] if a == "a1" else ["r1", "r2", "r3", "r4", "rt3", "rx3"]):
            out += [f"{b} @ {a}", f"{a}.__rmatmul__({b})"]
    for x in ["x1", "x2", "x3", "x4", "x3p", "x3.transpose(0, 1)"]:
        out += [f"F.linear({x}, w, bias)", f"F.linear({x}, w)", f"F.linear({x}, w1)"]
    out += ["F.conv1d(torch.ones(2, 5), c1)", "F.conv1d(torch.ones(1, 2, 5), c1)",
            "F.conv1d(torch.ones(2, 5), c1, torch.ones(3))", "F.conv2d(torch.ones(2, 5, 5), c2)",
            "F.conv2d(torch.ones(1, 2, 5, 5), c2, torch.ones(3))", "F.conv_transpose1d(torch.ones(3, 5), c1)",
            "F.conv_transpose1d(torch.ones(1, 3, 5), c1)", "F.conv_transpose2d(torch.ones(3, 5, 5), c2)",
            "F.conv_transpose2d(torch.ones(2, 3, 5, 5), c2)"]
    out += [f"g[{i}]" for i in INDICES] + ["g[0][1]", "g[1:][0]", "g.T[0]", "g[:, 0][None]"]
    # dtype conversions: ToCopyBackward0 to a floating dtype, nothing to an integer one or to the same dtype
    out += [f"g.{m}()" for m in ["double", "half", "bfloat16", "float", "int", "long", "bool"]]
    out += [f"g.to(torch.{d})" for d in ["float64", "float16", "float32", "int32"]]
    out += ["torch.as_tensor(g, dtype=torch.float64)", "g.double().float()", "torch.tensor(g)", "g.new_tensor(g)"]
    # cdist: the matrix-product path (p=2, more than 25 rows or asked for, non-empty) is a view
    d30, d3 = "torch.ones(30, 2, requires_grad=True)", "torch.ones(3, 2, requires_grad=True)"
    out += [f"torch.cdist({d30}, {d3})", f"torch.cdist({d3}, {d30})", f"torch.cdist({d30}, {d3}, p=1.0)",
            f"torch.cdist({d3}, {d3})", f"torch.cdist({d3}, {d3}, compute_mode='use_mm_for_euclid_dist')",
            f"torch.cdist({d30}, {d3}, compute_mode='donot_use_mm_for_euclid_dist')",
            f"torch.cdist({d30}, torch.ones(0, 2))", f"torch.cdist(g, {d3}, compute_mode='use_mm_for_euclid_dist')"]
    # corrcoef: one variable is c / c, more are clipped
    out += ["torch.corrcoef(g[0])", "torch.corrcoef(g[0][0])", "torch.corrcoef(g[0][:1])", "torch.corrcoef(g[0][:0])"]
    return out


def grad_fn_text(value):
    return re.sub(r" at 0x[0-9a-f]+>", ">", str(value.grad_fn))


def main():
    whence = sys.argv[1]
    env = {}
    exec(SETUP, env)  # noqa: S102 - our own setup
    program, want = [SETUP], {}
    for k, code in enumerate(cases()):
        try:
            want[k] = grad_fn_text(eval(code, env))  # noqa: S307 - our own cases
        except Exception:  # noqa: BLE001 - a case PyTorch refuses is not a grad_fn case
            continue
        program.append(f"print({k}, ({code}).grad_fn)\n")
    run = subprocess.run([whence, "run", "-"], input="".join(program), capture_output=True, text=True, timeout=300)
    got = dict((int(m.group(1)), m.group(2)) for m in re.finditer(r"^(\d+) (<\w+ object>|None)$", run.stdout, re.M))
    passed = failed = 0
    all_cases = cases()
    for k, name in want.items():
        if got.get(k) == name:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {all_cases[k]}: PyTorch {name}, Whence {got.get(k, 'nothing')}")
    if len(got) < len(want):
        print(run.stdout[-2000:], run.stderr[-2000:])
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
