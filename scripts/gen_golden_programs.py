#!/usr/bin/python3
"""Writes tests/golden/programs.jsonl: each program of tests/programs/corpus.py run by PyTorch
line by line (exec, as Whence runs it), one JSON line per program:

  {"program": TEXT,
   "lines": [{"line": L, "values": {NAME: VALUE}}...],  every name's value after each line run
   "values": {NAME: VALUE},                               the names' final values
   "error": {"type", "message", "line"} | null,           the first line that raised
   "perturb": [{"line": L, "name": N, "element": K, "changed": [[LINE, NAME, ELEMENT]...]}]}

"perturb" is the provenance golden: for each element K of a float tensor literal bound to N
at line L, the program is run again with that element changed (right after its line), and
"changed" lists every element of every name, after every line, whose value then differs.
Whence's `reach` from (N, K at L) must include each one the step at that line shows (sound);
how many it lists beyond them is its imprecision.

    /usr/bin/python3 scripts/gen_golden_programs.py [--check]
"""
import contextlib
import io
import json
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))
sys.path.insert(0, os.path.join(ROOT, "tests", "programs"))

import torch  # noqa: E402
import golden_common  # noqa: E402
import corpus  # noqa: E402

OUT = os.path.join(ROOT, "tests", "golden", "programs.jsonl")
SEED = 20261121


def statements(text):
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip() and not line.strip().startswith("#"):
            yield number, line


def snapshot(env):
    out = {}
    for name, v in env.items():
        if name.startswith("__") or name in ("torch", "F", "math"):
            continue
        out[name] = v.clone() if isinstance(v, torch.Tensor) else v
    return out


def run(text, perturb=None):
    """Runs text line by line; perturb=(line, name, element, new value) changes that literal
    element right after its line. Returns (snapshots [(line, {name: value})], error)."""
    env = {"torch": torch}
    snaps = []
    for number, line in statements(text):
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # print(...) lines
                exec(line, env)  # noqa: S102 - our own corpus
        except Exception as e:  # noqa: BLE001 - PyTorch's error is the golden
            return snaps, env, {"type": type(e).__name__, "message": str(e), "line": number}
        if perturb and perturb[0] == number:
            env[perturb[1]].view(-1)[perturb[2]] = perturb[3]
        snaps.append((number, snapshot(env)))
    return snaps, env, None


def json_of(v):
    return golden_common.value_json(v)


def differs(a, b):
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        if a.shape != b.shape:
            return None
        x, y = a.reshape(-1).double(), b.reshape(-1).double()
        return [k for k in range(x.numel()) if not (x[k] == y[k] or (math.isnan(x[k]) and math.isnan(y[k])))]
    return None


def perturbations(text, snaps):
    out = []
    literal_lines = {number: line.split("=")[0].strip() for number, line in statements(text)
                     if "= torch.tensor(" in line and line.split("=")[0].strip().isidentifier()}
    base = dict(snaps)
    for number, name in literal_lines.items():
        t = base.get(number, {}).get(name)
        if not isinstance(t, torch.Tensor) or not t.is_floating_point():
            continue
        for k in range(t.numel()):
            new = float(t.view(-1)[k]) * 1.25 + 0.37
            psnaps, _, perr = run(text, (number, name, k, new))
            if perr:
                continue
            changed = []
            for (line, values) in psnaps:
                for n, v in values.items():
                    ks = differs(base[line].get(n), v)
                    changed += [[line, n, e] for e in ks or []]
            out.append({"line": number, "name": name, "element": k, "changed": changed})
    return out


def golden(text):
    snaps, env, error = run(text)
    return {"program": text,
            "lines": [{"line": n, "values": {k: json_of(v) for k, v in values.items()}} for n, values in snaps],
            "values": {k: json_of(v) for k, v in snapshot(env).items()},
            "error": error,
            "perturb": perturbations(text, snaps)}


def main():
    t0 = time.time()
    torch.manual_seed(0)
    programs = [p for _, _, p in corpus.PITFALLS] + corpus.PROGRAMS + corpus.random_programs(SEED, 40)
    text = "".join(json.dumps(golden(p), sort_keys=True) + "\n" for p in programs)
    if "--check" in sys.argv[1:]:
        fresh = os.path.exists(OUT) and open(OUT, encoding="utf-8").read() == text
        print("programs golden check: %s (%.1f s)" % ("up to date" if fresh else "STALE", time.time() - t0))
        if not fresh:
            print("differs from a fresh generation: tests/golden/programs.jsonl")
        return 0 if fresh else 1
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("programs: %d programs, %d perturbations (%.1f s)" % (
        len(programs), sum(len(json.loads(l)["perturb"]) for l in text.splitlines()), time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
