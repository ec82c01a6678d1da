#!/usr/bin/python3
"""PyTorch's own documentation examples, run by Whence: every `>>>` example in the docstrings
of torch, torch.Tensor, torch.nn.functional, torch.linalg and torch.special (PyTorch 1.13, as
installed), pasted as a whole into a Whence program (doctest prompts and all) and run by
PyTorch statement by statement the same way (scripts/gen_golden_programs.py's run: the same
fresh default generator, so torch.randn examples draw the same numbers).

Each example is one of:
  agrees    Whence ran it to the end, and every value each step shows and every printed line
            is PyTorch's (tensors within the family checks' tolerance)
  partly    Whence stopped at a line PyTorch ran (an op or statement Whence does not support
            yet, Unsupported or SyntaxError), and everything before that line agrees
  outside   the same, at a function out of Whence's scope by decision (README.md, "Out of
            scope": linear-algebra decompositions, complex numbers, ...) or a complex literal
  errors    both raised the same error at the same line
  differs   a value, a printed line or an error is not PyTorch's
  (skipped: examples PyTorch itself cannot run here: CUDA, files, the network, ...)

Fails on every "differs" but those listed in KNOWN (with the reason). Prints the counts and
the first lines of every refusal, which is the list of what programs still lack.

    /usr/bin/python3 tests/live/check_docstrings.py build/native/whence [--list]
"""
import inspect
import json
import os
import re
import subprocess
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "tests", "live"))

import torch  # noqa: E402
import torch.nn.functional  # noqa: E402
import check_live_family  # noqa: E402
import gen_golden_programs as gen  # noqa: E402

# Examples whose difference is by design: the pattern in the example, and why.
KNOWN = [
    (re.compile(r"torch\.empty\(|empty_like\(|new_empty\(|empty_strided\("),
     "uninitialised memory (torch.empty): Whence shows zeros, and its note says so"),
    (re.compile(r"slice_scatter\("),
     "PyTorch 1.13 reads slice_scatter's default step as garbage (a SymInt default): Whence takes the documented 1, "
     "and its note says so"),
]


def known(text):
    return next((why for pattern, why in KNOWN if pattern.search(text)), None)


# What PyTorch cannot run on this machine (or only with side effects): not Whence's business.
SKIP = re.compile(r"cuda|\.to\('cuda|device=|open\(|torch\.save|torch\.load|import |from |pickle|requests|"
                  r"sparse|quantiz|torch\.jit|torch\.fx|tensorboard|named|refine_names|align_to|\.storage\(|"
                  r"torch\.distributed|torch\.hub|datetime|numpy|np\.|profiler|torch\.backends")


def examples():
    """(qualified name, program text) for each documented function with a `>>>` example."""
    modules = [("torch", torch), ("torch.Tensor", torch.Tensor), ("torch.nn.functional", torch.nn.functional),
               ("torch.linalg", torch.linalg), ("torch.special", torch.special)]
    seen = set()
    for prefix, module in modules:
        for name in sorted(dir(module)):
            if name.startswith("_"):
                continue
            try:
                obj = getattr(module, name)
            except Exception:  # noqa: BLE001 - a lazy attribute that cannot load here
                continue
            doc = getattr(obj, "__doc__", None)
            if not isinstance(doc, str) or ">>>" not in doc or doc in seen:
                continue
            seen.add(doc)
            lines = []
            for line in inspect.cleandoc(doc).split("\n"):
                body = line.strip()
                if body.startswith(">>>") or body.startswith("..."):
                    lines.append(body)
                elif lines and body and not lines[-1].startswith("#"):
                    lines.append(body)  # expected output: doctest skips it, Whence too
            text = "\n".join(lines) + "\n"
            if not SKIP.search(text):
                yield prefix + "." + name, text


def close(want, got):
    if isinstance(want, dict) and "data" in want:
        return isinstance(got, dict) and not check_live_family.tensor_differences(want, got)
    return want == got


def classify(golden, response):
    """(kind, detail) of one example."""
    values_at = {l["line"]: l["values"] for l in golden["lines"]}
    printed_at = {l["line"]: l.get("stdout", "") for l in golden["lines"]}
    for step in response.get("steps", []):
        line = step["line"]
        if line not in values_at:
            return "differs", "line %d ran in Whence only" % line
        if step.get("stdout", "") != printed_at[line]:
            return "differs", "line %d printed %r, PyTorch %r" % (line, step.get("stdout", ""), printed_at[line])
        for name, value in zip(step["names"], step["results"]):
            if name is not None and not close(values_at[line].get(name), value):
                return "differs", "line %d: %s = %s, PyTorch %s" % (line, name, json.dumps(value)[:200],
                                                                    json.dumps(values_at[line].get(name))[:200])
    error = response.get("error")
    if response.get("ok"):
        if golden["error"]:
            return "differs", "PyTorch raised at line %d: %s" % (golden["error"]["line"], golden["error"]["message"])
        return "agrees", ""
    if golden["error"] and {k: error.get(k) for k in ("type", "message", "line")} == golden["error"]:
        return "errors", ""
    if error["type"] in ("Unsupported", "SyntaxError", "NotImplementedError") and (
            not golden["error"] or error["line"] <= golden["error"]["line"]):
        if "outside what Whence shows" in error["message"]:
            return "outside", "line %d: %s" % (error["line"], error["message"][:150])
        return "partly", "line %d: %s: %s" % (error["line"], error["type"], error["message"][:150])
    return "differs", "line %d: %s: %s; PyTorch %s" % (error["line"], error["type"], error["message"][:150],
                                                         golden["error"])


def main():
    whence = sys.argv[1]
    listing = "--list" in sys.argv
    warnings.simplefilter("ignore")
    cases = []
    for name, text in examples():
        try:
            golden = gen.golden_values(text)
        except Exception as e:  # noqa: BLE001 - PyTorch's own example fails outside a doctest
            print("skipped %s: %s" % (name, e))
            continue
        cases.append((name, text, golden))
    requests = "".join(json.dumps({"id": i, "program": text}) + "\n" for i, (_, text, _) in enumerate(cases))
    out = subprocess.run([whence, "eval"], input=requests, capture_output=True, text=True, check=True).stdout
    responses = [json.loads(l) for l in out.splitlines()]
    counts = {"agrees": 0, "partly": 0, "outside": 0, "errors": 0, "differs": 0}
    failed = 0
    for (name, text, golden), response in zip(cases, responses):
        kind, detail = classify(golden, response)
        counts[kind] += 1
        if kind == "differs" and not known(text):
            failed += 1
            print("DIFFERS %s: %s" % (name, detail))
        elif listing and kind != "agrees":
            print("%s %s: %s" % (kind, name, detail or known(text) or ""))
    total = len(cases)
    print("docstring examples: %d; agree %d, partly %d (Whence stops at a line it does not support yet), "
          "outside %d (Whence stops at a line out of its scope: README.md, \"Out of scope\"), same error %d, "
          "differ %d (%d known)" % (total, counts["agrees"], counts["partly"], counts["outside"], counts["errors"],
                                    counts["differs"], counts["differs"] - failed))
    print("%d passed, %d failed" % (total - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
