#!/usr/bin/python3
"""Writes tests/golden/programs.jsonl: each program of tests/programs/corpus.py run by PyTorch
statement by statement (exec, as Whence runs it), one JSON line per program:

  {"program": TEXT,
   "lines": [{"line": L, "values": {NAME: VALUE}, "stdout"?: TEXT}...],  every name's value
                                                          after each statement run (L: its
                                                          first line), what print() wrote
   "values": {NAME: VALUE},                               the names' final values
   "error": {"type", "message", "line"} | null,           the first line that raised
   "perturb": [{"line": L, "name": N, "element": K, "changed": [[LINE, NAME, ELEMENT]...]}]}

A statement may continue over several lines (inside brackets, after a backslash); text pasted
from a Python prompt or a docstring (its first line starts with `>>>`) is run as doctest reads
it: the prompts stripped, the expected output lines skipped. Each program starts from a fresh
default dtype (float32) and PyTorch's default print options.

"perturb" is the provenance golden: for each element K of a float tensor literal bound to N
at line L, the program is run again with that element changed (right after its line), and
"changed" lists every element of every name, after every line, whose value then differs.
Whence's `reach` from (N, K at L) must include each one the step at that line shows (sound);
how many it lists beyond them is its imprecision.

    /usr/bin/python3 scripts/gen_golden_programs.py [--check]
"""
import ast
import contextlib
import io
import json
import math
import os
import re
import sys
import time
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))
sys.path.insert(0, os.path.join(ROOT, "tests", "programs"))

import torch  # noqa: E402
import golden_common  # noqa: E402
import corpus  # noqa: E402
import random_corpus  # noqa: E402

OUT = os.path.join(ROOT, "tests", "golden", "programs.jsonl")
SEED = 20261121


def source_lines(text):
    """The program's lines as Python reads them: a doctest paste's prompts stripped and its
    output lines blanked, so that line numbers stay those of the text."""
    lines = text.split("\n")
    if not text.lstrip().startswith(">>>"):
        return lines
    out = []
    for line in lines:
        body = line.lstrip()
        if body.startswith((">>> ", "... ")) or body in (">>>", "..."):
            out.append(body[4:])
        else:
            out.append("")
    return out


def flat_statements(body, source, contexts):
    """(node, source) per simple statement, as Whence steps through them: a `with` block's body
    statement by statement, each one run inside the block's context managers."""
    for node in body:
        if isinstance(node, ast.With):
            yield from flat_statements(node.body, source, contexts + [node.items])
            continue
        code = ast.get_source_segment(source, node)
        wrapped = node
        for items in reversed(contexts):
            wrapped = ast.copy_location(ast.With(items=items, body=[wrapped]), node)
        ast.fix_missing_locations(wrapped)
        yield wrapped, code


def statements(text):
    """(first line, statement source, code object) per statement, in order; a statement that
    does not parse ends them with (its first line, None, the SyntaxError)."""
    lines = source_lines(text)
    source = "\n".join(lines)
    try:
        tree = ast.parse(source)
        error = None
    except SyntaxError as e:
        error = e
        # the statements before the one that does not parse still run
        tree = None
        for k in range((e.lineno or 1) - 1, -1, -1):
            try:
                tree = ast.parse("\n".join(lines[:k]))
                break
            except SyntaxError:
                continue
    done = 0
    for node, code in flat_statements(tree.body if tree else [], source, []):
        yield node.lineno, code, compile(ast.Module([node], type_ignores=[]), "<program>", "exec")
        done = node.end_lineno
    if error:
        start = next(k for k in range(done, len(lines)) if lines[k].strip() and not lines[k].strip().startswith("#"))
        yield start + 1, None, error


def snapshot(env):
    out = {}
    for name, v in env.items():
        if name.startswith("__") or name in ("torch", "F", "math"):
            continue
        if isinstance(v, types.ModuleType):  # import torch.nn as nn: not a value a step shows
            continue
        out[name] = v.clone() if isinstance(v, torch.Tensor) else v
        if isinstance(v, torch.Generator):  # its state then, not the object later statements change
            out[name] = torch.Generator()
            out[name].set_state(v.get_state())
    return out


def run(text, perturb=None):
    """Runs text line by line; perturb=(line, name, element, new value) changes that literal
    element right after its line. Returns (snapshots [(line, {name: value})], error)."""
    torch.manual_seed(67280421310721)  # the fresh generator Whence starts each program from
    env = {"torch": torch}
    snaps = []
    torch.set_default_dtype(torch.float32)
    torch.set_printoptions(profile="default")  # and sci_mode None
    try:
        for number, code, compiled in statements(text):
            if code is None:
                return snaps, env, {"type": type(compiled).__name__, "message": compiled.msg, "line": number}
            out = io.StringIO()
            try:
                with contextlib.redirect_stdout(out):  # print(...) lines
                    exec(compiled, env)  # noqa: S102 - our own corpus
            except Exception as e:  # noqa: BLE001 - PyTorch's error is the golden
                return snaps, env, {"type": type(e).__name__, "message": str(e), "line": number}
            if perturb and perturb[0] == number:
                with torch.no_grad():  # a leaf that requires grad takes the change too
                    env[perturb[1]].view(-1)[perturb[2]] = perturb[3]
            # an object's address (print(y.grad_fn)) is not part of what Whence shows
            snaps.append((number, snapshot(env), re.sub(r" object at 0x[0-9a-f]+>", " object>", out.getvalue())))
        return snaps, env, None
    finally:
        torch.set_default_dtype(torch.float32)
        torch.set_printoptions(profile="default")


def json_of(v):
    # a model or an optimizer (the pitfalls' nn.Sequential): its type and repr, as Whence shows it
    if isinstance(v, (torch.nn.Module, torch.optim.Optimizer)):
        return {"object": type(v).__name__, "repr": repr(v)}
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
    literal_lines = {number: line.split("=")[0].strip() for number, line, _ in statements(text)
                     if line and "= torch.tensor(" in line and line.split("=")[0].strip().isidentifier()}
    base = {line: values for line, values, _ in snaps}
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
            for (line, values, _) in psnaps:
                for n, v in values.items():
                    ks = differs(base[line].get(n), v)
                    changed += [[line, n, e] for e in ks or []]
            out.append({"line": number, "name": name, "element": k, "changed": changed})
    return out


def golden_values(text, snaps_out=None):
    """A program's golden without its perturbations."""
    snaps, env, error = run(text)
    if snaps_out is not None:
        snaps_out.extend(snaps)
    return {"program": text,
            "lines": [dict({"line": n, "values": {k: json_of(v) for k, v in values.items()}},
                           **({"stdout": printed} if printed else {})) for n, values, printed in snaps],
            "values": {k: json_of(v) for k, v in snapshot(env).items()},
            "error": error}


def golden(text):
    snaps = []
    g = golden_values(text, snaps)
    g["perturb"] = perturbations(text, snaps)
    return g


def main():
    t0 = time.time()
    torch.manual_seed(0)
    programs = [p for _, _, p in corpus.PITFALLS] + corpus.PROGRAMS + random_corpus.PROGRAMS + corpus.random_programs(SEED, 40)
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
