#!/usr/bin/python3
"""Generate core/grad_fn_names.inc: PyTorch 1.13's grad_fn class name (type(out.grad_fn).__name__)
per Whence op and overload, learnt from the gradient goldens (tests/golden/grad/*.jsonl, written
by scripts/gen_golden_grad.py).

    /usr/bin/python3 scripts/gen_grad_fn_names.py [--check] [--conflicts]

The key is what a Bound tells at run time (core/grad_fn.cpp computes the same): the op's
primary name, and at a finer level which parameters were given and how. Per op the coarsest
level at which every golden case of the op agrees is kept:
  1  the op alone                                       (sin: SinBackward0)
  2  which parameters were given a tensor                (add: other given a tensor or not)
  3  which parameters were given, and which of them a tensor  (sum(x) vs sum(x, dim))
  4  as 3, with the parameters given None, and those given a list or tuple, told apart
  5  as 4, and the name the call used (torch.special.round(x) is round(x, decimals=0))
An op with a key whose cases still disagree at level 5 is left out (grad_fn_name answers "" for
it) and listed with --conflicts: PyTorch's choice there turns on values or shapes (x[i] is a
SelectBackward0, x[1:] a SliceBackward0; matmul's ranks; conv1d's unbatched input), and so is
an op that needs level 4 or 5 and has a key seen in one case only.

Which parameter a positional argument binds to is Whence's binder's answer (torch.max(a, b):
`other`), so this reads the responses' "arg_params" of the built CLI ($WHENCE, default
build/native/whence) and its op table (`whence ops`, for *tensors parameters).
"""
import collections
import glob
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generated_file import ROOT, write_or_check  # noqa: E402

WHENCE = os.environ.get("WHENCE", os.path.join(ROOT, "build", "native", "whence"))
OUT = os.path.join(ROOT, "core", "grad_fn_names.inc")


def kind(j):
    """A value as the key sees it: "T" a tensor, "-" None, "L" a list or tuple, "" anything else
    (core/grad_fn.cpp's kind)."""
    if isinstance(j, dict) and "data" in j and "dtype" in j:
        return "T"
    if isinstance(j, list) or isinstance(j, dict) and "tuple" in j:
        return "L"
    return "-" if j is None else ""


def cases():
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "grad", "*.jsonl"))):
        for line in open(path, encoding="utf-8"):
            g = json.loads(line)
            if "grads" in g["expect"]:
                out.append(g)
    return out


def whence_answers(requests):
    text = "".join(json.dumps(dict(r, id=i)) + "\n" for i, r in enumerate(requests))
    run = subprocess.run([WHENCE, "eval"], input=text, capture_output=True, text=True, check=True)
    answers = [json.loads(x) for x in run.stdout.splitlines()]
    return {a["id"]: a for a in answers}


def given_params(g, answer, op):
    """[(param index, name, kind)] of the parameters the request gave, in parameter order."""
    params = [p["name"] for p in op["params"]]
    spread = next((p["name"] for p in op["params"] if p.get("var_positional")), None)
    arg_params = answer.get("arg_params", [])
    given, name = {}, None
    for i, j in enumerate(g["request"]["args"]):
        # past arg_params: *tensors, or sizes packed into one int[] parameter (x.expand(-1, 4))
        name = arg_params[i] if i < len(arg_params) and arg_params[i] else spread or name
        if name is None:
            raise SystemExit("%s: positional argument %d binds to no parameter" % (g["name"], i))
        if name in given:
            continue
        given[name] = kind(j)
    for k, j in g["request"]["kwargs"].items():
        given[k] = kind(j)
    return sorted((params.index(n) if n in params else len(params), n, k) for n, k in given.items())


def key_of(level, given, called):
    if level == 5:
        return key_of(4, given, called) + "@" + called
    if level == 1:
        return ""
    if level == 2:
        return ",".join(n + ":T" for _, n, k in given if k == "T")
    if level == 3:
        return ",".join(n + (":T" if k == "T" else "") for _, n, k in given)
    return ",".join(n + (":" + k if k else "") for _, n, k in given)


def generate():
    golden = cases()
    ops = json.loads(subprocess.run([WHENCE, "ops"], capture_output=True, text=True, check=True).stdout)
    op_of = {n: o for o in ops for n in o["names"]}
    answers = whence_answers([g["request"] for g in golden])
    by_op = collections.defaultdict(list)
    for i, g in enumerate(golden):
        a = answers[i]
        if not a.get("ok"):
            continue  # Whence fails the call itself: the golden test reports it
        op = op_of[g["request"]["op"]]
        by_op[op["names"][0]].append((given_params(g, a, op), g["request"]["op"], g["expect"]["grad_fn"] or ""))
    rows, conflicts = [], []
    for primary in sorted(by_op):
        seen = by_op[primary]
        for level in (1, 2, 3, 4, 5):
            names = collections.defaultdict(collections.Counter)
            for given, called, fn in seen:
                names[key_of(level, given, called)][fn] += 1
            if all(len(c) == 1 for c in names.values()) or level == 5:
                break
        clash = ["[%s]: %s" % (key, ", ".join("%s %d" % (n or "None", k) for n, k in sorted(c.items())))
                 for key, c in sorted(names.items()) if len(c) > 1]
        if clash:  # the name turns on values or shapes the key does not see: the whole op is left out
            conflicts.append("%s: %s" % (primary, "; ".join(clash)))
            continue
        # A fine key seen once may be a coincidence (conv1d's unbatched input is a SqueezeBackward1
        # whatever the key): levels 4 and 5 stand only where each key has two cases.
        if level >= 4 and any(sum(c.values()) < 2 for c in names.values()):
            conflicts.append("%s: level %d keys seen once: %s" % (primary, level, "; ".join(
                "[%s] %s" % (key, next(iter(c)) or "None") for key, c in sorted(names.items()) if sum(c.values()) < 2)))
            continue
        for key, c in sorted(names.items()):
            if next(iter(c)):
                rows.append('{"%s", %d, "%s", "%s"},' % (primary, level, key, next(iter(c))))
    text = ("// Generated by scripts/gen_grad_fn_names.py from tests/golden/grad (PyTorch 1.13). Do not edit by hand.\n"
            "// {primary name, key level, key, grad_fn class name}: core/grad_fn.cpp reads the key.\n"
            + "\n".join(rows) + "\n")
    return text, rows, conflicts


def main():
    text, rows, conflicts = generate()
    if "--conflicts" in sys.argv or "--check" not in sys.argv:
        for c in conflicts:
            print("conflict:", c)
        print("%d keys for %d ops, %d ops left out" % (len(rows), len({r.split('"')[1] for r in rows}), len(conflicts)))
    write_or_check(OUT, text, "gen_grad_fn_names.py")


if __name__ == "__main__":
    main()
