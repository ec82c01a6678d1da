#!/usr/bin/python3
"""Writes tests/golden/models.jsonl: each program of tests/programs/model_corpus.py run whole by
PyTorch (exec of its text, stdout captured), one JSON line per program:

  {"program": TEXT, "stdout": TEXT,
   "values": {NAME: VALUE},                 the final globals that are tensors, numbers, strs,
                                            bools, or lists and tuples of them
   "error": {"type", "message", "line"} | null}   line: the program's innermost line in the
                                                  traceback

    /usr/bin/python3 scripts/gen_golden_models.py [--check]
"""
import contextlib
import io
import json
import os
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


def plain(v):
    """Whether a value is one the golden records (tensors, numbers, strs and lists of them)."""
    if isinstance(v, torch.Tensor):
        return True
    if isinstance(v, (list, tuple)):
        return all(plain(x) for x in v)
    return v is None or isinstance(v, (bool, int, float, str))


def golden(text):
    env = {"__name__": "__main__"}
    out = io.StringIO()
    error = None
    torch.set_default_dtype(torch.float32)
    with contextlib.redirect_stdout(out):
        try:
            exec(compile(text, "<program>", "exec"), env)
        except Exception as e:  # noqa: BLE001 - the program's error is the golden
            line = [f.lineno for f in traceback.extract_tb(e.__traceback__) if f.filename == "<program>"][-1]
            error = {"type": type(e).__name__, "message": str(e).strip("'") if isinstance(e, KeyError) else str(e),
                     "line": line}
    values = {name: golden_common.value_json(v) for name, v in env.items()
              if not name.startswith("__") and plain(v) and not isinstance(v, type(torch))}
    return {"program": text, "stdout": out.getvalue(), "values": values, "error": error}


def main():
    t0 = time.time()
    text = "".join(json.dumps(golden(p), sort_keys=True) + "\n" for p in model_corpus.PROGRAMS)
    if "--check" in sys.argv[1:]:
        fresh = os.path.exists(OUT) and open(OUT, encoding="utf-8").read() == text
        print("models golden check: %s (%.1f s)" % ("up to date" if fresh else "STALE", time.time() - t0))
        return 0 if fresh else 1
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("models: %d programs (%.1f s)" % (len(model_corpus.PROGRAMS), time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
