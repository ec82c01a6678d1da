#!/usr/bin/python3
"""Writes tests/golden/models.jsonl: each program of tests/programs/model_corpus.py run whole by
PyTorch (exec of its text, as one module, stdout captured), one JSON line per program:

  {"program": TEXT,
   "stdout": TEXT,                          what print() wrote
   "values": {NAME: VALUE},                 the final globals that are tensors, ints, floats,
                                            bools, strs, None, or lists and tuples of them
                                            (golden_common.value_json: a tensor as {"data",
                                            "dtype", "shape"}, NaN and infinities as strings)
   "error": {"type", "message", "line"} | null}   message: str() of the exception (a KeyError's
                                                  quoted, as Python prints it); line: the
                                                  program's innermost line in the traceback

Each program runs as Whence runs one: PyTorch's generator seeded as Whence seeds a fresh
program's, float32 the default dtype, PyTorch's default print options, and one thread (PyTorch's
batch_norm statistics of an (N, C) input sum per thread: with one thread they are the sums
Whence's kernels and its torch.nn prelude compute).

    /usr/bin/python3 scripts/gen_golden_models.py [--check]

--check regenerates in memory and fails when the committed file differs; where the difference
is only floats' last bits (a CPU other than the one the golden was written on: PyTorch picks its
kernels by vector width) it says so and passes.
"""
import contextlib
import io
import json
import math
import os
import re
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))
sys.path.insert(0, os.path.join(ROOT, "tests", "programs"))

import torch  # noqa: E402
import golden_common  # noqa: E402
import model_corpus  # noqa: E402

OUT = os.path.join(ROOT, "tests", "golden", "models.jsonl")
FRESH_SEED = 67280421310721  # the generator Whence starts each program from (gen_golden_programs.py)


def plain(v):
    """Whether a value is one the golden records."""
    if isinstance(v, torch.Tensor):
        return True
    if isinstance(v, (list, tuple)):
        return all(plain(x) for x in v)
    return v is None or isinstance(v, (bool, int, float, str))


def golden(text):
    env = {"__name__": "__main__"}
    out = io.StringIO()
    error = None
    torch.manual_seed(FRESH_SEED)
    torch.set_default_dtype(torch.float32)
    torch.set_printoptions(profile="default")
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(text, "<program>", "exec"), env)  # noqa: S102 - our own corpus
    except Exception as e:  # noqa: BLE001 - the program's error is the golden
        lines = [f.lineno for f in traceback.extract_tb(e.__traceback__) if f.filename == "<program>"]
        error = {"type": type(e).__name__, "message": str(e), "line": lines[-1] if lines else None}
    finally:
        torch.set_default_dtype(torch.float32)
        torch.set_printoptions(profile="default")
    values = {name: golden_common.value_json(v) for name, v in env.items()
              if not name.startswith("__") and plain(v)}
    # an object's address is not part of what Whence shows
    stdout = re.sub(r" object at 0x[0-9a-f]+>", " object>", out.getvalue())
    return {"program": text, "stdout": stdout, "values": values, "error": error}


NUMBER = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?")


def close(a, b):
    """Goldens equal but for floats' last bits: numbers within float32's rounding, printed text
    with each decimal number within a unit of its last printed digit."""
    if isinstance(a, float) and isinstance(b, float):
        return a == b or math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-6)
    if isinstance(a, str) and isinstance(b, str):
        na, nb = NUMBER.findall(a), NUMBER.findall(b)
        if NUMBER.sub("#", a) != NUMBER.sub("#", b) or len(na) != len(nb):
            return False
        for x, y in zip(na, nb):
            digits = len(x.split(".")[1].split("e")[0])
            if abs(float(x) - float(y)) > 1.01 * 10 ** -digits * max(1.0, abs(float(x))):
                return False
        return True
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    return a == b


def main():
    t0 = time.time()
    torch.set_num_threads(1)
    goldens = [golden(p) for p in model_corpus.PROGRAMS]
    text = "".join(json.dumps(g, sort_keys=True) + "\n" for g in goldens)
    if "--check" in sys.argv[1:]:
        committed = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if committed == text:
            print("models golden check: up to date (%.1f s)" % (time.time() - t0))
            return 0
        old = [json.loads(line) for line in committed.splitlines()]
        if len(old) == len(goldens) and all(close(a, b) for a, b in zip(old, goldens)):
            print("models golden check: up to date but for floats' last bits (%s here, %.1f s)"
                  % (golden_common.CPU_CAPABILITY, time.time() - t0))
            return 0
        print("models golden check: STALE (%.1f s)" % (time.time() - t0))
        print("differs from a fresh generation: tests/golden/models.jsonl")
        return 1
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    errors = sum(1 for g in goldens if g["error"])
    print("models: %d programs, %d ending in an error (%.1f s)" % (len(goldens), errors, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
