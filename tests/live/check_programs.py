#!/usr/bin/python3
"""Live check of programs against PyTorch: fresh random programs (tests/programs/corpus.py's
random_programs, seeded per run unless a seed is given), each run by PyTorch line by line and
by Whence's CLI, compared value by value (every step's names, the final values, the error and
its line); then provenance against perturbation, for these programs and the committed
goldens' corpus: `reach` from each perturbed literal element must hold every element the
perturbation changed (sound), and the report says how many of the elements it holds did
change (precision: the rest are elements that can change, only not under this perturbation,
or cancellations such as x - x).

    /usr/bin/python3 tests/live/check_programs.py build/native/whence [SEED] [COUNT]

Ends with `N passed, M failed`; exit 1 on a failure.
"""
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))
sys.path.insert(0, os.path.join(ROOT, "tests", "programs"))

import check_live_family  # noqa: E402
import gen_golden_programs as gen  # noqa: E402
import corpus  # noqa: E402


def close(want, got):
    """A shown value against PyTorch's: tensors as the family checks compare them."""
    if isinstance(want, dict) and "data" in want:
        return isinstance(got, dict) and not check_live_family.tensor_differences(want, got)
    return want == got


def main():
    whence = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] else random.randrange(1 << 30)
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    print("seed", seed)
    fresh = corpus.random_programs(seed, count)
    fixed = [p for _, _, p in corpus.PITFALLS] + corpus.PROGRAMS
    goldens = [gen.golden(p) for p in fixed + fresh]

    requests = []
    for i, g in enumerate(goldens):
        requests.append({"id": [i, -1], "program": g["program"]})
        for k, p in enumerate(g["perturb"]):
            requests.append({"id": [i, k], "program": g["program"],
                             "reach": {"name": p["name"], "element": p["element"], "line": p["line"]}})
    out = subprocess.run([whence, "eval"], input="\n".join(json.dumps(r) for r in requests) + "\n",
                         capture_output=True, text=True, check=True).stdout
    responses = {tuple(r["id"]): r for r in map(json.loads, out.splitlines())}

    passed = failed = 0
    reach_total = reach_changed = 0

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL", what)

    for i, g in enumerate(goldens):
        r = responses[(i, -1)]
        label = g["program"].replace("\n", " | ")
        if g["error"]:
            check(not r["ok"] and {k: r["error"].get(k) for k in ("type", "message", "line")} == g["error"],
                  "error of %s: want %s, got %s" % (label, g["error"], r.get("error")))
        else:
            check(r["ok"], "%s: %s" % (label, r.get("error")))
        values_at = {l["line"]: l["values"] for l in g["lines"]}
        printed_at = {l["line"]: l.get("stdout", "") for l in g["lines"]}
        shown = set()
        for step in r["steps"]:
            check(step.get("stdout", "") == printed_at.get(step["line"], ""),
                  "%s line %d printed %r, want %r" % (label, step["line"], step.get("stdout", ""), printed_at.get(step["line"])))
            for name, value in zip(step["names"], step["results"]):
                if name is None:
                    continue
                shown.add((step["line"], name))
                want = values_at.get(step["line"], {}).get(name)
                check(close(want, value), "%s line %d %s: want %s, got %s" % (label, step["line"], name, want, value))
        for name, want in g["values"].items():
            check(close(want, r["values"].get(name)), "%s final %s" % (label, name))
        for k, p in enumerate(g["perturb"]):
            rr = responses[(i, k)]
            reached = {(c["line"], c["name"], c["element"]) for c in rr.get("reach", []) if c.get("name")}
            changed = {tuple(c) for c in p["changed"]
                       if (c[0], c[1]) in shown and not (c[0] == p["line"] and c[1] == p["name"])}
            missing = changed - reached
            check(not missing, "%s: reach from %s[%d] at line %d misses %s" % (label, p["name"], p["element"], p["line"], sorted(missing)[:5]))
            in_shown = {c for c in reached if (c[0], c[1]) in shown}
            reach_total += len(in_shown)
            reach_changed += len(in_shown & changed)
    print("programs: %d (%d fixed, %d random), perturbations: %d" % (
        len(goldens), len(fixed), len(fresh), sum(len(g["perturb"]) for g in goldens)))
    print("reach precision: %d of %d reached elements changed under perturbation (%.1f%%)" % (
        reach_changed, reach_total, 100.0 * reach_changed / max(reach_total, 1)))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
