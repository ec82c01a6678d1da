#!/usr/bin/python3
"""Writes the PyTorch golden vectors of torch.gather: tests/golden/gather.jsonl, one case per
line: {"name", "code", "request", "expect"} (see tests/live/torch_oracle.py for how the
expectations come from PyTorch), and tests/golden/gather.meta.json (provenance and counts).

Run with Debian's /usr/bin/python3 (python3-torch 1.13). Deterministic: a fixed seed, and
regenerating gives identical bytes.

    /usr/bin/python3 scripts/gen_golden.py [--check]

--check regenerates in memory and exits 1 if the committed files differ.

It then runs every scripts/gen_golden_<family>.py (elementwise, reduce, ...) with the same
flag (the elementwise family's goldens, op table and promotion table; the reduce family's
goldens and op table), so one command writes or checks all goldens; one generator per core at a
time.
"""
import collections
import concurrent.futures
import glob
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402
import torch_oracle  # noqa: E402

SEED = 20240613
GOLDEN_DIR = os.path.join(ROOT, "tests", "golden")


def category(case_name, fixed_names):
    if case_name in fixed_names:
        return "fixed_" + case_name.split("_")[0]
    return case_name.rsplit("_", 1)[0]


def main():
    check = "--check" in sys.argv[1:]
    t0 = time.time()
    torch.manual_seed(0)
    cases = torch_oracle.golden_cases(SEED)
    fixed = {c["name"] for c in torch_oracle.fixed_cases()}
    lines = []
    counts = collections.Counter()
    outcome = collections.Counter()
    for case in cases:
        g = torch_oracle.golden_line(case)
        lines.append(json.dumps(g, ensure_ascii=True))
        counts[category(case["name"], fixed)] += 1
        e = g["expect"]
        outcome["ok" if e["ok"] else e["error"]["type"]] += 1
    body = "\n".join(lines) + "\n"
    meta = {"generator": "scripts/gen_golden.py", "seed": SEED, "torch": torch.__version__,
            "python": sys.version.split()[0], "cases": len(cases),
            "outcomes": dict(sorted(outcome.items())), "categories": dict(sorted(counts.items()))}
    meta_text = json.dumps(meta, indent=1, sort_keys=True) + "\n"
    files = {os.path.join(GOLDEN_DIR, "gather.jsonl"): body,
             os.path.join(GOLDEN_DIR, "gather.meta.json"): meta_text}
    if check:
        stale = [p for p, text in files.items()
                 if not os.path.exists(p) or open(p, encoding="utf-8").read() != text]
        for p in stale:
            print("differs from a fresh generation:", os.path.relpath(p, ROOT))
        print("golden check: %s (%.1f s)" % ("STALE" if stale else "up to date", time.time() - t0))
        return 1 if stale else 0
    os.makedirs(GOLDEN_DIR, exist_ok=True)
    for p, text in files.items():
        with open(p, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    print("wrote %d cases (%s) in %.1f s" % (len(cases), dict(sorted(outcome.items())), time.time() - t0))
    return 0


def main_all():
    """gather's goldens, then every family's generator (scripts/gen_golden_<family>.py), as many
    at a time as there are cores (each is one process); their outputs in name order; then the
    gradient goldens (scripts/gen_golden_grad.py), which read the families'."""
    rc = main()
    gens = sorted(glob.glob(os.path.join(ROOT, "scripts", "gen_golden_*.py")))
    # The gradient goldens are drawn from the families' goldens: written after them.
    grad = os.path.join(ROOT, "scripts", "gen_golden_grad.py")
    gens = [g for g in gens if g != grad]

    def run(gen):
        return subprocess.run([sys.executable, gen] + sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        for done in pool.map(run, gens):
            sys.stdout.write(done.stdout)
            rc = done.returncode or rc
    done = run(grad)
    sys.stdout.write(done.stdout)
    return done.returncode or rc


if __name__ == "__main__":
    sys.exit(main_all())
