"""The "More examples" of an op page, picked from the committed PyTorch goldens.

tests/golden/<family>/<name>.jsonl (and tests/golden/gather.jsonl) hold calls that PyTorch ran,
one per line, with PyTorch's result or error. An op page offers a few of them to load into its
widget: short ones, of different kinds (the case name's first word: dtype_, random_, special_,
broadcast_, ...), none equal to the page's own example, none that the goldens mark as a
deviation from PyTorch; and one call that PyTorch refuses, where the goldens have one, because
the error is worth seeing too. Python standard library only.
"""
import glob
import json
import os

MAX_CHARS = 110       # a call longer than this does not fit the examples list, nor a reader's eye
LONG_CHARS = 200      # ... unless the op has nothing shorter (convolutions)
IDEAL_CHARS = 70      # short, but long enough to hold a grid worth pointing at
MAX_EXAMPLES = 4      # calls that run, besides the page's own example
HALF = ("float16", "bfloat16")  # exact but hard to read values (5.8984375): only when nothing else


def load(golden_dir, ops):
    """{canonical name: [case, ...]} for every golden line that is a single call with an expectation."""
    canonical = {n: op["names"][0] for op in ops for n in op["names"]}
    files = glob.glob(os.path.join(golden_dir, "*", "*.jsonl")) + [os.path.join(golden_dir, "gather.jsonl")]
    cases, deviating = {}, {}
    for path in files:
        stem = os.path.basename(path)[:-len(".jsonl")]
        name = canonical.get(stem) or canonical.get("torch." + stem)
        if not name or not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            for line in f:
                case = json.loads(line)
                if "code" in case and "expect" in case and "\n" not in case["code"]:
                    (deviating if "deviation" in case else cases).setdefault(name, []).append(case)
    # An op whose every case deviates from PyTorch by design (torch.empty's zeros for uninitialised
    # memory: the shape and dtype are still PyTorch's) shows those.
    for name, those in deviating.items():
        if not any(c["expect"].get("ok") for c in cases.get(name, [])):
            cases[name] = cases.get(name, []) + those
    return cases


def kind(case):
    return case.get("name", "").split("_")[0]


def order(case):
    """Readable first: no float16 digits, no empty tensors, then nearest IDEAL_CHARS in length."""
    code = case["code"]
    empty = "[]" in code or "zeros((0" in code or "zeros((" in code and ", 0" in code
    return (len(code) > MAX_CHARS, any(h in code for h in HALF), empty,
            abs(len(code) - IDEAL_CHARS), code)


def pick(cases, own_example):
    """[(code, error)]: up to MAX_EXAMPLES short calls of different kinds (error None), then one
    that PyTorch refuses (error: the exception's type, "RuntimeError")."""
    seen = {own_example}
    good = sorted((c for c in cases if c["expect"].get("ok") and len(c["code"]) <= LONG_CHARS), key=order)
    if len(good) < 2:  # every call of the op is long (a 4-D input and weight): the shortest, then
        good = sorted((c for c in cases if c["expect"].get("ok")), key=lambda c: (len(c["code"]), c["code"]))
    chosen, kinds = [], set()
    for pass_ in (0, 1):  # first one per kind, then fill up with the shortest left
        for c in good:
            if len(chosen) >= MAX_EXAMPLES:
                break
            if c["code"] in seen or (pass_ == 0 and kind(c) in kinds):
                continue
            chosen.append((c["code"], None))
            seen.add(c["code"])
            kinds.add(kind(c))
    # An error about the tensors' values or shapes teaches; one about a missing argument does not.
    errors = sorted((c for c in cases if c["expect"].get("ok") is False and len(c["code"]) <= LONG_CHARS
                     and "tensor(" in c["code"] and c["expect"].get("error", {}).get("type") != "TypeError"),
                    key=order)
    if errors:
        chosen.append((errors[0]["code"], errors[0]["expect"]["error"].get("type") or "an error"))
    return chosen
