#!/usr/bin/python3
"""Live oracle: fresh random torch.gather cases, sent as JSON Lines to one `whence eval`
process, each response compared with what PyTorch does for the same call (values, dtype,
shape, error type and message, relations by autograd and perturbation; see torch_oracle.py).

    /usr/bin/python3 tests/live/check_live.py [WHENCE] [SEED] [N]

WHENCE defaults to build/native/whence, SEED to the clock (printed, so a failure can be
replayed), N to 200. Ends with one line `N passed, M failed`; exits 1 on any failure, 2 when
the CLI cannot be run, and 77 (skipped) when torch is not importable.
"""
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main(argv):
    try:
        import torch  # noqa: F401
    except Exception:  # ImportError, or a broken install
        print("live PyTorch check: SKIPPED (torch not importable)")
        return 77
    sys.path.insert(0, HERE)
    import random

    import torch_oracle

    whence = argv[1] if len(argv) > 1 else os.path.join(ROOT, "build", "native", "whence")
    seed = int(argv[2]) if len(argv) > 2 else int(time.time() * 1000) % 1000000007
    n = int(argv[3]) if len(argv) > 3 else 200
    print("live PyTorch check: %d cases, seed %d (replay: %s %s %d %d)"
          % (n, seed, os.path.relpath(__file__), whence, seed, n), flush=True)

    t0 = time.time()
    rng = random.Random(seed)
    cases = torch_oracle.random_cases(rng, n)
    expects, requests = [], []
    for i, case in enumerate(cases):
        expects.append(torch_oracle.expect_of(case))
        req = torch_oracle.request_json(case)
        req = dict({"id": i}, **req, explain=True)
        requests.append(json.dumps(req, ensure_ascii=True))
    t1 = time.time()

    if not os.access(whence, os.X_OK):
        print("cannot run %s: not an executable file" % whence)
        return 2
    try:
        proc = subprocess.run([whence, "eval"], input="\n".join(requests) + "\n",
                              capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        print("cannot run %s eval: %s" % (whence, e))
        return 2
    t2 = time.time()
    lines = proc.stdout.splitlines()
    if proc.returncode != 0:
        print("note: `%s eval` exited with status %d; stderr: %s"
              % (whence, proc.returncode, proc.stderr.strip()[-2000:]))
    if len(lines) != len(requests):
        print("note: %d requests, %d response lines" % (len(requests), len(lines)))

    passed = failed = 0
    for i, case in enumerate(cases):
        if i < len(lines):
            try:
                got = json.loads(lines[i])
                problems = []
                if isinstance(got, dict) and got.get("id") != i:
                    problems.append("id: expected %d, got %r" % (i, got.get("id")))
                problems += torch_oracle.compare(expects[i], got)
            except ValueError as e:
                problems = ["response is not JSON (%s): %s" % (e, lines[i][:400])]
        else:
            problems = ["no response line"]
        if problems:
            failed += 1
            print("FAIL %s\n  code:    %s\n  request: %s" % (case["name"], torch_oracle.call_code(case),
                                                           requests[i]))
            for p in problems:
                print("  " + p)
        else:
            passed += 1
    print("timing: PyTorch oracle %.1f s, whence eval %.2f s" % (t1 - t0, t2 - t1))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
