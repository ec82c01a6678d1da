"""Value and code-text helpers for goldens over all ten dtypes (the elementwise generator).

Shared with torch_oracle.py (gather), which imports the value helpers from here:
literal_code/tensor_code write any of the ten dtypes, tensor_json/value_json read them back
(non-finite floats as "nan" "inf" "-inf", a torch.dtype as {"dtype": name}).
"""
import collections
import inspect
import json
import math
import os
import random
import re
import sys
import time

import torch


REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64"]
TORCH_DTYPE = {n: getattr(torch, n) for n in DTYPES}
NAME_OF_DTYPE = {v: k for k, v in TORCH_DTYPE.items()}
FLOATS = ("float16", "bfloat16", "float32", "float64")
INTS = ("uint8", "int8", "int16", "int32", "int64")


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def tuple_code(xs):
    xs = list(xs)
    return "(" + str(xs[0]) + ",)" if len(xs) == 1 else "(" + ", ".join(map(str, xs)) + ")"


def list_expressible(shape):
    """A nested list gives this shape only when no dim before the last one is 0."""
    return all(s != 0 for s in shape[:-1])


def float_code(x):
    x = float(x)
    if math.isnan(x):
        return "float('nan')"
    if math.isinf(x):
        return "float('inf')" if x > 0 else "-float('inf')"
    return repr(x)


def scalar_code(x, dtype):
    if dtype == "bool":
        return "True" if x else "False"
    if dtype in FLOATS:
        return float_code(x)
    return str(int(x))


def nested_code(flat, shape, dtype):
    if not shape:
        return scalar_code(flat[0], dtype)
    step = prod(shape[1:])
    return "[" + ", ".join(nested_code(flat[i * step:(i + 1) * step], shape[1:], dtype)
                           for i in range(shape[0])) + "]"


def literal_code(shape, dtype, flat):
    """torch.tensor(<nested list>[, dtype=...]) or, where lists cannot say the shape, torch.zeros."""
    shape = list(shape)
    if not list_expressible(shape):
        return "torch.zeros(%s, dtype=torch.%s)" % (tuple_code(shape), dtype)
    assert len(flat) == prod(shape)
    body = nested_code(flat, shape, dtype)
    if prod(shape) == 0:
        inferred = "float32"
    else:
        inferred = {"bool": "bool", "int64": "int64"}.get(dtype, "float32")
    if dtype == inferred:
        return "torch.tensor(%s)" % body
    return "torch.tensor(%s, dtype=torch.%s)" % (body, dtype)


def tensor_code(rng, shape, dtype, gen, style="literal"):
    """As torch_oracle.tensor_code (same view styles), for any of the ten dtypes."""
    shape = list(shape)
    r = len(shape)
    if style == "permute" and r >= 2:
        p = list(range(r))
        while p == sorted(p):
            rng.shuffle(p)
        base = [0] * r
        for i in range(r):
            base[p[i]] = shape[i]
        return literal_code(base, dtype, gen(prod(base))) + ".permute(%s)" % ", ".join(map(str, p))
    if style == "transpose" and r >= 2:
        a, b = sorted(rng.sample(range(r), 2))
        base = list(shape)
        base[a], base[b] = base[b], base[a]
        sa = a - r if rng.random() < 0.3 else a
        return literal_code(base, dtype, gen(prod(base))) + ".transpose(%d, %d)" % (sa, b)
    if style == "t" and r == 2:
        return literal_code([shape[1], shape[0]], dtype, gen(prod(shape))) + ".t()"
    if style == "expand" and r >= 1:
        base = list(shape)
        sizes = [str(s) for s in shape]
        cand = [i for i, s in enumerate(shape) if s != 1]
        if cand:
            for i in rng.sample(cand, rng.randint(1, len(cand))):
                base[i] = 1
        if base == shape:
            return literal_code(shape, dtype, gen(prod(shape)))
        return literal_code(base, dtype, gen(prod(base))) + ".expand(%s)" % ", ".join(sizes)
    if style == "reshape" and r >= 1:
        n = prod(shape)
        return literal_code([n], dtype, gen(n)) + ".reshape(%s)" % ", ".join(map(str, shape))
    return literal_code(shape, dtype, gen(prod(shape)))


def eval_code(code):
    return eval(code, {"torch": torch})  # noqa: S307 - our own generated literal code


def tensor_json(t):
    dtype = NAME_OF_DTYPE[t.dtype]
    data = t.detach().reshape(-1).tolist()
    if dtype in FLOATS:
        data = [("nan" if math.isnan(x) else "inf" if x > 0 else "-inf") if not math.isfinite(x)
                else float(x) for x in data]
    return {"dtype": dtype, "shape": list(t.shape), "data": data}


def value_json(v):
    """A Python value as the protocol writes it: a tuple as {"tuple": [...]} (a list is a JSON
    array), a non-finite float as {"float": "inf" | "-inf" | "nan"} (the strings stay strings)."""
    if isinstance(v, torch.Tensor):
        return tensor_json(v)
    if isinstance(v, torch.dtype):
        return {"dtype": NAME_OF_DTYPE[v]}
    if isinstance(v, tuple):
        return {"tuple": [value_json(x) for x in v]}
    if isinstance(v, list):
        return [value_json(x) for x in v]
    if isinstance(v, slice):
        return {"slice": [v.start, v.stop, v.step]}
    if v is Ellipsis:
        return {"ellipsis": True}
    if isinstance(v, torch.Generator):  # as its seed: Whence rebuilds it with Generator().manual_seed(seed)
        return {"generator": {"seed": v.initial_seed()}}
    if hasattr(v, "next_functions"):  # a grad_fn, by its class name
        return {"grad_fn": type(v).__name__}
    assert v is None or isinstance(v, (bool, int, float, str)), v
    if isinstance(v, float) and not math.isfinite(v):
        return {"float": "nan" if math.isnan(v) else "inf" if v > 0 else "-inf"}
    return v


def result_json(v):
    """An op's result as the protocol's response writes it: a tuple of tensors (values,
    indices) is a plain array."""
    if isinstance(v, tuple):
        return [value_json(x) for x in v]
    return value_json(v)


def error_json(e):
    return {"ok": False, "error": {"type": type(e).__name__, "message": str(e)}}



def outcome(fn):
    """(value, expectation) of calling fn: PyTorch's result, or its error as the golden."""
    try:
        v = fn()
    except Exception as e:  # noqa: BLE001 - PyTorch's error is the golden
        return None, error_json(e)
    if v is NotImplemented:
        return v, {"ok": True, "result": "NotImplemented"}
    return v, {"ok": True, "result": result_json(v)}

def _path_key(path):
    return tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in path)


def src_key(s):
    return (_path_key(s[0]), s[1], s[2])


# --------------------------------------------------------------------------------------------
# shared by the family generators (scripts/gen_golden_*.py)


NOT_IMPL = re.compile(r"not implemented for '(Half|BFloat16)'")


def round_to(x, dtype):
    """x as the nearest value of a 16-bit float dtype (so the literal is exact in that dtype)."""
    if dtype in ("float16", "bfloat16") and math.isfinite(x):
        return float(torch.tensor(x, dtype=TORCH_DTYPE[dtype]))
    return x


def fixed(vals):
    """A value source that hands out vals in order (a case that needs particular values)."""
    it = iter(vals)
    return lambda n: [next(it) for _ in range(n)]


def resolve(qual):
    """torch.nn.functional.relu -> the function object."""
    obj = torch
    for part in qual.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def overloads(names):
    """PyTorch's own list of overloads: the TypeError of a call with no arguments."""
    for q in names:
        if q.startswith("torch.Tensor."):
            continue
        try:
            resolve(q)()
        except TypeError as e:
            m = str(e)
            if "but expected one of:" in m:
                return [ln.strip()[2:] for ln in m.split("\n") if ln.strip().startswith("* (")]
            if "but expected (" in m:
                return [m.split("but expected ", 1)[1].strip()]
        except Exception:  # noqa: BLE001
            pass
    return None


def mk(name, qual, args, kwargs=(), method=False):
    """A case: the call of qual with args and kwargs (code texts), as a function or, with
    method, as a method of args[0]."""
    kw = [list(x) for x in kwargs]
    kwtext = ["%s=%s" % (k, v) for k, v in kw]
    if method:
        assert qual.startswith("torch.Tensor.")
        code = "%s.%s(%s)" % (args[0], qual.rsplit(".", 1)[1], ", ".join(list(args[1:]) + kwtext))
    else:
        code = "%s(%s)" % (qual, ", ".join(list(args) + kwtext))
    return {"name": name, "op": qual, "args": list(args), "kwargs": kw, "code": code}


def unique_case_names(cases):
    """Numbers repeated case names within one op's file (name, name_2, name_3...)."""
    seen = collections.Counter()
    for c in cases:
        seen[c["name"]] += 1
        if seen[c["name"]] > 1:
            c["name"] = "%s_%d" % (c["name"], seen[c["name"]])
    return cases


def request_json(case):
    """The protocol request of a generated case (args/kwargs are code texts)."""
    return {"op": case["op"], "args": [value_json(eval_code(c)) for c in case["args"]],
            "kwargs": {k: value_json(eval_code(c)) for k, c in case["kwargs"]}}


def layout_free_request(case, expect):
    """request_json(case), or None where PyTorch's answer names a channels-last kernel: a
    request's tensors are plain row-major data, so only the code carries that layout."""
    if "_channels_last" in expect.get("error", {}).get("message", ""):
        return None
    return request_json(case)


def to_float32(v):
    """A 16-bit float tensor as float32 (for the 'not implemented for Half' fallback)."""
    if isinstance(v, torch.Tensor) and v.dtype in (torch.float16, torch.bfloat16):
        return v.to(torch.float32)
    return v


def _cpu_capability():
    for line in torch.__config__.show().splitlines():
        if "CPU capability usage:" in line:
            return line.split(":", 1)[1].strip()
    return "unknown"


CPU_CAPABILITY = _cpu_capability()
# The CPU the committed goldens were written on. PyTorch 1.13 picks its CPU kernels by vector
# width: on AVX2 its bfloat16 convolutions take another path (other rounding, other errors,
# conv_transpose not implemented), its float32 ones sum in another order (the last bits), and
# a reduced-precision gelu may give a zero the other sign.
GOLDEN_CPU = "AVX512"
# Families whose bfloat16 cases PyTorch computes differently on another CPU (see above).
CPU_DEPENDENT_BFLOAT16 = ("window",)
# Families whose goldens were written on another CPU than GOLDEN_CPU, and whose floating values
# PyTorch computes by the CPU in their last bits: the random family's were written on an AVX2
# machine, where float32 randn of 16 or more elements takes PyTorch's AVX2 Box-Muller kernel
# (another log and sincos than the scalar path an AVX512 build takes) and GCC fused the
# transforms' multiply-adds. Whence reproduces the AVX2 path (kernels/random/README.md). The
# special family's were written on an AVX2 machine too (their float16/bfloat16 cases hold at
# most 12 elements, under both CPUs' vector widths, but libm's last bits may differ).
GOLDEN_CPU_OF = {"random": "AVX2", "special": "AVX2"}


def _other_cpu_float(family):
    """Whether this CPU computes the family's floating goldens in other last bits."""
    return family in GOLDEN_CPU_OF and not CPU_CAPABILITY.startswith(GOLDEN_CPU_OF[family])


def cpu_dependent(family, text):
    """Whether a golden case (its code or JSON line) is one PyTorch computes differently on this
    CPU than on the goldens' (GOLDEN_CPU)."""
    return (not CPU_CAPABILITY.startswith(GOLDEN_CPU) and family in CPU_DEPENDENT_BFLOAT16
            and "bfloat16" in text)


def _same_on_this_cpu(a, b, family):
    """Whether two golden files (JSON lines, or one JSON document) are equal once every -0.0
    reads 0.0 and, on a CPU other than the goldens' (GOLDEN_CPU), the cases PyTorch computes by
    the CPU (cpu_dependent) are set aside. The goldens were written on one CPU; the check runs on
    any."""
    other_cpu = not CPU_CAPABILITY.startswith(GOLDEN_CPU) and family in CPU_DEPENDENT_BFLOAT16
    other_float = _other_cpu_float(family)

    def unsigned(v):
        if isinstance(v, float) and v == 0.0:
            return 0.0
        if isinstance(v, list):
            return [unsigned(x) for x in v]
        if isinstance(v, dict):
            return {k: unsigned(x) for k, x in v.items() if not (other_cpu and k == "bfloat16")}
        return v

    def cases(text):
        lines = text.splitlines()
        if len(lines) > 1 and all(l.startswith("{") for l in lines):  # JSON lines: a case a line
            return [unsigned(json.loads(l)) for l in lines if not cpu_dependent(family, l)]
        return [unsigned(json.loads(text))]
    def close(x, y):  # on another CPU, oneDNN's float32 convolutions sum in another order
        if isinstance(x, float) and isinstance(y, float) and (other_cpu or other_float):
            return x == y or math.isclose(x, y, rel_tol=1e-5, abs_tol=1e-6)
        if isinstance(x, list) and isinstance(y, list):
            return len(x) == len(y) and all(close(u, v) for u, v in zip(x, y))
        if isinstance(x, dict) and isinstance(y, dict):
            return x.keys() == y.keys() and all(close(x[k], y[k]) for k in x)
        return x == y
    try:
        return close(cases(a), cases(b))
    except ValueError:
        return False


def write_or_check(files, out_dir, family, check, t0, same=None):
    """Writes files ({path: text}) and removes stale files from out_dir; or, with check, writes
    nothing and says which committed files differ from this fresh generation. Returns the exit
    status (1: stale). same(committed, fresh, path): whether a difference is only this CPU's
    (default: what PyTorch computes by CPU for the family)."""
    if check:
        stale, zero_signs = [], []
        for p, text in files.items():
            committed = open(p, encoding="utf-8").read() if os.path.exists(p) else None
            if committed == text:
                continue
            if committed is not None and (same(committed, text, p) if same else _same_on_this_cpu(committed, text, family)):
                zero_signs.append(p)
                continue
            stale.append(p)
        for p in zero_signs:
            if same:
                print("same but for floats' last bits (this CPU):", os.path.relpath(p, REPO_ROOT))
                continue
            print("same but for what PyTorch computes by CPU (%s here, the goldens' %s: zero signs, %s bfloat16, "
                  "%s floats' last bits):" % (CPU_CAPABILITY, GOLDEN_CPU, "/".join(CPU_DEPENDENT_BFLOAT16),
                                              "/".join(GOLDEN_CPU_OF)), os.path.relpath(p, REPO_ROOT))
        if os.path.isdir(out_dir):
            stale += [os.path.join(out_dir, f) for f in sorted(os.listdir(out_dir))
                      if os.path.join(out_dir, f) not in files]
        for p in stale:
            print("differs from a fresh generation:", os.path.relpath(p, REPO_ROOT))
        print("%s golden check: %s (%.1f s)" % (family, "STALE" if stale else "up to date", time.time() - t0))
        return 1 if stale else 0
    os.makedirs(out_dir, exist_ok=True)
    for f in os.listdir(out_dir):
        if os.path.join(out_dir, f) not in files:
            os.remove(os.path.join(out_dir, f))
    for p, text in files.items():
        with open(p, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    return 0


def case_arguments(op, case):
    """A case's positional and keyword arguments, evaluated from their code."""
    try:
        return [eval_code(c) for c in case["args"]], {k: eval_code(c) for k, c in case["kwargs"]}
    except Exception as e:
        raise AssertionError("argument code fails: %s %s: %s" % (op["primary"], case["name"], e))


def check_reproduced(case, expect, by_code):
    """The call text must give what the direct call gave (results or error alike)."""
    if expect != by_code:
        raise AssertionError("call text does not reproduce the case %s %s:\n%s\n%s"
                             % (case["code"], case.get("name", ""), expect, by_code))


def family_goldens(family, seed, ops, names_of, op_cases, golden_line, only=None, tallies=None):
    """Every op's cases through golden_line, each op with its own rng seeded by (seed, primary
    name): ({path: text} of tests/golden/<family>/<primary>.jsonl and <family>.meta.json, meta).
    tallies: meta key -> golden key whose lines are counted ({"deviations": "deviation"})."""
    golden_dir = os.path.join(REPO_ROOT, "tests", "golden")
    files, per_op, outcomes = {}, {}, collections.Counter()
    counts = collections.Counter()
    for op in ops:
        if only and op["primary"] not in only:
            continue
        rng = random.Random("%d:%s" % (seed, op["primary"]))
        lines, oc = [], collections.Counter()
        for case in op_cases(rng, op, names_of[op["primary"]]):
            g = golden_line(op, case)
            lines.append(json.dumps(g, ensure_ascii=True))
            k = "ok" if g["expect"]["ok"] else g["expect"]["error"]["type"]
            oc[k] += 1
            outcomes[k] += 1
            for meta_key, golden_key in (tallies or {}).items():
                counts[meta_key] += golden_key in g
        per_op[op["primary"]] = dict(sorted(oc.items()))
        files[os.path.join(golden_dir, family, op["primary"] + ".jsonl")] = "\n".join(lines) + "\n"
    meta = {"generator": "scripts/gen_golden_%s.py" % family, "seed": seed, "torch": torch.__version__,
            "python": sys.version.split()[0], "cases": sum(outcomes.values()), "ops": len(per_op),
            "outcomes": dict(sorted(outcomes.items())), "per_op": per_op}
    meta.update({k: counts[k] for k in (tallies or {})})
    files[os.path.join(golden_dir, family + ".meta.json")] = json.dumps(meta, indent=1, sort_keys=True) + "\n"
    return files, meta


def family_main(family, generate, summary=lambda meta: ""):
    """A family generator's command line: [--check] [PRIMARY...]. With primary names, a
    debugging run: their counts, and the files under /tmp/<family>_golden_debug."""
    argv = sys.argv[1:]
    check = "--check" in argv
    only = [a for a in argv if not a.startswith("--")]
    t0 = time.time()
    files, meta = generate(only)
    if only:
        print(json.dumps(meta["per_op"], indent=1))
        debug = "/tmp/%s_golden_debug" % family
        os.makedirs(debug, exist_ok=True)
        for p, text in files.items():
            with open(os.path.join(debug, os.path.basename(p)), "w") as f:
                f.write(text)
        return 0
    rc = write_or_check(files, os.path.join(REPO_ROOT, "tests", "golden", family), family, check, t0)
    if not check:
        print("wrote %d cases for %d ops (%s%s) in %.1f s" % (meta["cases"], meta["ops"], meta["outcomes"], summary(meta),
                                                            time.time() - t0))
    return rc


def signature_text(names):
    """The signature line of an op's docs (its function's first docstring line, else its Python
    signature), for the op tables."""
    for q in names:
        obj = resolve(q)
        doc = (getattr(obj, "__doc__", None) or "").strip()
        first = doc.splitlines()[0].strip() if doc else ""
        b = q.rsplit(".", 1)[1]
        if first.startswith(b + "(") and not q.startswith("torch.Tensor."):
            return first
    for q in names:
        obj = resolve(q)
        if inspect.isfunction(obj) and not q.startswith("torch.Tensor."):
            try:
                return q.rsplit(".", 1)[1] + str(inspect.signature(obj))
            except ValueError:
                pass
    return ""



def family_op_table(ops, names_of, kind, signature=signature_text):
    """tests/golden/<family>_ops.json: each op's names, kind, signature line and overloads."""
    table = []
    for op in ops:
        names = names_of[op["primary"]]
        entry = {"primary": op["primary"], "names": names, "kind": kind, "params": signature(names)}
        ov = overloads(names)
        if ov:
            entry["overloads"] = ov
        table.append(entry)
    return json.dumps(table, indent=1, ensure_ascii=True) + "\n"


# A case of a call written from its text pieces: args are Python expressions (strings), kwargs
# (name, expression) pairs; method=True writes args[0].name(...) (the select and random
# generators).
def mk(name, qual, args, kwargs=(), method=False):
    kw = [list(x) for x in kwargs]
    kwtext = ["%s=%s" % (k, v) for k, v in kw]
    if method:
        code = "%s.%s(%s)" % (args[0], qual.rsplit(".", 1)[1], ", ".join(list(args[1:]) + kwtext))
    else:
        code = "%s(%s)" % (qual, ", ".join(list(args) + kwtext))
    return {"name": name, "op": qual, "args": list(args), "kwargs": kw, "code": code}
