#!/usr/bin/python3
"""The functions Whence leaves out by decision (core/out_of_scope.cpp, `whence scope`):

- README.md's "Out of scope" section lists exactly the same groups, reasons and names;
- every name is PyTorch 1.13's (a prefix such as `torch.fft.` is a module PyTorch has), and
  none is in the catalogue (`whence ops`);
- a call to each name is refused with its group's reason, and each function PyTorch 1.13 has
  removed raises PyTorch's own RuntimeError.

    /usr/bin/python3 tests/live/check_out_of_scope.py build/native/whence
"""
import importlib
import json
import os
import re
import subprocess
import sys

import torch  # noqa: F401  (the names are resolved against it)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)


def resolve(name):
    """The object PyTorch has under a qualified name (a prefix names a module), or None."""
    parts = name.rstrip(".").split(".")
    try:
        obj = importlib.import_module(parts[0])
        for p in parts[1:]:
            obj = getattr(obj, p, None) or importlib.import_module(".".join(parts[:parts.index(p) + 1]))
        return obj
    except (ImportError, AttributeError):
        return None


def readme_groups():
    text = open(os.path.join(ROOT, "README.md")).read()
    section = text.split("### Out of scope", 1)[1].split("\n#", 1)[0]
    groups = []
    for item in re.findall(r"^- \*\*(.+?)\*\* \(\d+ names?\): (.+?)(?=^- |\Z)", section, re.S | re.M):
        title, body = item[0], " ".join(item[1].split())
        reason, names = body.split(": `", 1) if ": `" in body else (body, "")
        groups.append({"title": title, "reason": " ".join(reason.split()),
                       "names": re.findall(r"`([^`]+)`", "`" + names)})
    return groups


def call_of(name):
    """A call text that reaches `name`'s lookup: methods on a tensor, the rest with one."""
    if name.startswith("torch.Tensor."):
        return "torch.ones(2, 2)." + name[len("torch.Tensor."):] + "()"
    if name.endswith("."):
        name += "fft" if name == "torch.fft." else "x"
    return name + "(torch.ones(2, 2))"


def main():
    binary = sys.argv[1]
    scope = json.loads(subprocess.run([binary, "scope"], capture_output=True, text=True, check=True).stdout)
    catalogue = {n for op in json.loads(subprocess.run([binary, "ops"], capture_output=True, text=True,
                                                       check=True).stdout) for n in op["names"]}
    listed = readme_groups()
    check([g["title"] for g in listed] == [g["title"] for g in scope], "README's groups are `whence scope`'s")
    for mine, readme in zip(scope, listed):
        check(readme["reason"] == mine["reason"], f"README's reason for {mine['title']}")
        check(readme["names"] == mine["names"], f"README's names for {mine['title']}: "
              f"{sorted(set(readme['names']) ^ set(mine['names']))}")
    lines, expected = [], []
    for g in scope:
        for name in g["names"]:
            check(resolve(name) is not None, f"{name} is not PyTorch 1.13's")
            check(name not in catalogue, f"{name} is in the catalogue and out of scope")
            lines.append(json.dumps({"id": len(lines), "code": call_of(name)}))
            expected.append(("Unsupported", "is outside what Whence shows: " + g["reason"]))
    removed = {"torch.eig": "torch.eig(torch.ones(2, 2))", "torch.solve": "torch.solve(torch.ones(2, 2), torch.ones(2, 2))",
               "torch.lstsq": "torch.lstsq(torch.ones(2, 2), torch.ones(2, 2))",
               "torch.matrix_rank": "torch.matrix_rank(torch.ones(2, 2))",
               "torch.Tensor.eig": "torch.ones(2, 2).eig()", "torch.Tensor.solve": "torch.ones(2, 2).solve(torch.ones(2, 2))",
               "torch.Tensor.lstsq": "torch.ones(2, 2).lstsq(torch.ones(2, 2))"}
    for name, call in removed.items():
        try:
            eval(call)
            check(False, f"{call} ran in PyTorch")
            continue
        except RuntimeError as e:
            lines.append(json.dumps({"id": len(lines), "code": call}))
            expected.append(("RuntimeError", str(e)))
    out = subprocess.run([binary, "eval"], input="\n".join(lines) + "\n", capture_output=True, text=True).stdout
    answers = [json.loads(a) for a in out.splitlines()]
    check(len(answers) == len(lines), "one answer per call")
    for line, answer, (kind, message) in zip(lines, answers, expected):
        err = answer.get("error") or {}
        ok = err.get("type") == kind and (message in err.get("message", "") if kind == "Unsupported"
                                          else err.get("message") == message)
        check(ok, f"{json.loads(line)['code']}: {err}")
    names = sum(len(g["names"]) for g in scope)
    for f in failures[:20]:
        print("FAIL", f)
    print(f"out of scope: {names} names in {len(scope)} groups, and {len(removed)} functions PyTorch removed")
    print(f"{len(lines) + 1 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
