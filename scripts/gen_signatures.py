#!/usr/bin/python3
"""Generate core/torch_signatures.inc: how PyTorch 1.13 binds the arguments
of every qualified name Whence covers.

Run with Debian's /usr/bin/python3 (which has PyTorch 1.13 installed):

    /usr/bin/python3 scripts/gen_signatures.py          # write the .inc
    /usr/bin/python3 scripts/gen_signatures.py --check  # exit 1 if stale

Names covered: every entry ("names") of each family's op table written by the golden
generators, tests/golden/*_ops.json, plus EXTRA_NAMES below.

Sources of truth, per kind:

  native  A C++ PythonArgParser function.  The visible overloads and their
          order come from PyTorch's own error message (calling it with 12
          object() arguments).  Defaults / allow-None / hidden (deprecated)
          overloads come from the .pyi stubs shipped with torch
          (_VariableFunctions.pyi, __init__.pyi class _TensorBase); for
          modules without usable stubs (torch._C._special, most of
          torch._C._nn) from the TorchScript operator schemas
          (torch._C._jit_get_schemas_for_operator).  Single-overload
          functions (no visible list) are verified by provoking one
          "argument 'NAME' (position N) must be TYPE" error per parameter.
  noargs  A Tensor method taking no arguments (METH_NOARGS).
  python  A Python-level function; signature from inspect.signature.  One with *tensors
          (block_diag, meshgrid, atleast_1d...) passes them to the native function of its
          name in torch._VF: calls reads "torch._VF.NAME|SINGLE", where SINGLE says what it
          passes when given one positional argument, probed from PyTorch: "tuple" (the tuple
          holding it), "itself", or "sequence" (itself when a list or tuple, else the tuple).
          The torch._VF row is generated too.
  dispatch  A Python function made by torch._jit_internal.boolean_dispatch (its result
          depends on a flag: unique_consecutive, max_pool2d's return_indices).  calls reads
          "FLAG@INDEX:IF_TRUE:IF_FALSE": the flag is the keyword FLAG if given, else
          positional argument INDEX (PyTorch's own index, even where it is not FLAG's
          position), and its truth picks the qualified name that then binds the call (a
          module attribute such as torch.functional._consecutive_return_output, itself a
          row: python or dispatch).
  dunder  torch.Tensor.__xxx__.  The calls field then reads
          "BINDING:TARGET" optionally followed by "|wraps_type_error", where
          BINDING is native (overloads are TARGET's parser overloads, message
          name is the parser's), noargs or python (overloads hold the Python
          signature), and wraps_type_error means a TypeError raised while
          binding/running is turned into NotImplemented.

Deterministic; Python stdlib + torch only.
"""

import argparse
import ast
import inspect
import glob
import json
import os
import re
import sys
import textwrap
import warnings

try:
    import torch
except ImportError:
    raise SystemExit("gen_signatures: needs PyTorch 1.13; run it with Debian's /usr/bin/python3")
from torch._jit_internal import boolean_dispatched  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN_TABLES = os.path.join(ROOT, "tests", "golden", "*_ops.json")
OUTPUT = os.path.join(ROOT, "core", "torch_signatures.inc")
TORCH_DIR = os.path.dirname(torch.__file__)
PYI_FUNCS = os.path.join(TORCH_DIR, "_C", "_VariableFunctions.pyi")
PYI_NN = os.path.join(TORCH_DIR, "_C", "_nn.pyi")
PYI_INIT = os.path.join(TORCH_DIR, "_C", "__init__.pyi")

# More names to cover, beyond the op tables in tests/golden/.
EXTRA_NAMES = [
    "torch.gather",
    "torch.Tensor.gather",
    # Native functions that Python ops of the catalogue forward to with arguments of their
    # own (torch.norm calls _VF.norm(input, p, _dim, keepdim=..., out=..., dtype=...)): the
    # binder checks the forwarded call against them (core/bind.hpp: check_native_call).
    "torch._VF.norm",
    "torch._VF.unique_consecutive",
    "torch._VF.cdist",  # torch.cdist(x1, x2, p, compute_mode) passes (x1, x2, p, None | 1 | 2)
    # torch.nn.functional.embedding forwards to torch.embedding(weight, input, ...), whose
    # argument errors it raises.
    "torch.embedding",
    # torch.split (Tensor.split) calls one of these by the type of split_size.
    "torch._VF.split",
    "torch._VF.split_with_sizes",
    # The native functions the window family's Python functions pass their arguments to
    # (F.max_pool2d_with_indices; F.adaptive_*_pool2d after _list_with_default, checked by the
    # op). F.unfold and F.fold pass _pair()s to im2col and col2im: the op checks those itself.
    "torch._C._nn.max_pool2d_with_indices",
    "torch._C._nn.adaptive_avg_pool2d",
    "torch._C._nn.adaptive_max_pool2d",
]

# Parsers written by hand in PyTorch (python_torch_functions_manual.cpp) whose stubs spell a
# flag as Literal[True] / Literal[False]: their one overload, as the parser declares it.
MANUAL_OVERLOADS = {
    "torch.nonzero": ["(Tensor input, *, bool as_tuple=False, Tensor? out=None)"],
}

# Python functions whose *args they read themselves (einsum's equation comes first): nothing
# is forwarded as one tuple, the op checks its arguments.
OWN_VARARGS = {"einsum"}

NPROBE = 12

WARNINGS = []
NOTES = []  # informational, shown with --verbose


def warn(msg):
    WARNINGS.append(msg)


# ---------------------------------------------------------------------------
# Parameters and overloads

class Param:
    __slots__ = ("type", "name", "kwonly", "default", "allow_none", "unsized")

    def __init__(self, type_, name, kwonly=False, default=None, allow_none=False, unsized=False):
        self.type = type_        # printed type word, e.g. "Tensor", "tuple of ints"
        self.name = name
        self.kwonly = kwonly
        self.default = default   # Python literal text, or None for "no default"
        self.allow_none = allow_none
        # An int list without a size (int[] in the schema, _size in the stubs): the parser
        # refuses a bare int for it, as it takes one only for int[N]. Written "[]" after the
        # type in the full form; PyTorch's printed form never shows it.
        self.unsized = unsized

    def full(self):
        s = self.type + ("[]" if self.unsized else "") + ("?" if self.allow_none else "") + " " + self.name
        if self.default is not None:
            s += "=" + self.default
        return s

    def printed(self):
        return self.type + " " + self.name


def join_params(params, render):
    parts = []
    star = False
    for p in params:
        if p.kwonly and not star:
            parts.append("*")
            star = True
        parts.append(render(p))
    return "(" + ", ".join(parts) + ")"


def render_full(params):
    return join_params(params, Param.full)


def render_printed(params):
    return join_params(params, Param.printed)


def parse_printed(sig):
    """'(Tensor input, *, Tensor out)' -> [Param] (no defaults)."""
    inner = sig.strip()[1:-1].strip()
    params = []
    kwonly = False
    if not inner:
        return params
    for part in inner.split(", "):
        if part == "*":
            kwonly = True
            continue
        type_, _, name = part.rpartition(" ")
        params.append(Param(type_, name, kwonly))
    return params


# ---------------------------------------------------------------------------
# .pyi stubs

PYI_TYPES = {
    "Tensor": "Tensor",
    "Union[Tensor, Number]": "Tensor",
    "Union[Tensor, Number, torch.SymIntNode, torch.SymFloatNode]": "Tensor",
    "Number": "Number",
    "Union[Number, _complex]": "Number",
    "_int": "int",
    "int": "int",
    "SymInt": "int",
    "Union[_int, SymInt]": "int",
    "_float": "float",
    "float": "float",
    "_bool": "bool",
    "bool": "bool",
    "str": "str",
    "_dtype": "torch.dtype",
    "_layout": "torch.layout",
    "_device": "torch.device",
    "Device": "torch.device",
    "Union[_device, str, None]": "torch.device",
    "_memory_format": "torch.memory_format",
    "memory_format": "torch.memory_format",
    "Generator": "torch.Generator",
    "_size": "tuple of ints",
    "Union[_int, _size]": "tuple of ints",
    "Sequence[Union[_int, SymInt]]": "tuple of ints",
    "Sequence[SymInt]": "tuple of ints",
    "Union[Tuple[Tensor, ...], List[Tensor]]": "tuple of Tensors",
    "Union[Tensor, Tuple[Tensor, ...], List[Tensor]]": "tuple of Tensors",  # out= of (values, indices)
    "Sequence[Tensor]": "tuple of Tensors",
    "Union[str, ellipsis, None]": "name",
    "Sequence[Union[str, ellipsis, None]]": "tuple of names",
    "List[Union[str, None]]": "tuple of names",
    "Union[str, None]": "str",
}


def pyi_type(ann, where):
    """annotation text -> (printed type word, optional?) or None if unusable."""
    optional = False
    if ann.startswith("Optional[") and ann.endswith("]"):
        ann = ann[len("Optional["):-1]
        optional = True
    if ann == "Any" or "Any" in re.findall(r"\w+", ann):
        return None
    if ann not in PYI_TYPES:
        warn("%s: unknown pyi annotation %r" % (where, ann))
        return (ann, optional)
    return (PYI_TYPES[ann], optional)


def load_pyi(path, class_name=None):
    """-> {name: [FunctionDef]} in file order (converted lazily, see pyi_overloads)."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    body = tree.body
    if class_name is not None:
        body = next(n.body for n in tree.body
                    if isinstance(n, ast.ClassDef) and n.name == class_name)
    out = {}
    for node in body:
        if isinstance(node, ast.FunctionDef):
            out.setdefault(node.name, []).append(node)
    return (os.path.basename(path), class_name is not None, out)


def pyi_overloads(stub, name):
    """Param lists of the stub overloads of `name`; methods lose `self`
    (the receiver) and `out` (out= variants are never methods)."""
    fname, method, table = stub
    result = []
    for node in table.get(name, []):
        params = pyi_params(node, method, "%s:%s" % (fname, name))
        if params is None:
            continue
        if method:
            params = [p for p in params if not (p.kwonly and p.name == "out")]
        result.append(params)
    return result


def pyi_params(node, method, where):
    a = node.args
    if a.vararg or a.kwarg or a.posonlyargs:
        return None
    defaults = [None] * (len(a.args) - len(a.defaults)) + list(a.defaults)
    items = list(zip(a.args, defaults))
    if method:
        items = items[1:]  # the receiver
    items = [(arg, d, False) for arg, d in items]
    items += [(arg, d, True) for arg, d in zip(a.kwonlyargs, a.kw_defaults)]
    params = []
    for arg, d, kwonly in items:
        if arg.annotation is None:
            return None
        t = pyi_type(ast.unparse(arg.annotation), where)
        if t is None:
            return None
        type_, optional = t
        default = ast.unparse(d) if d is not None else None
        # The stubs mark some parameters Optional that the parser does not let
        # be None (alpha: Optional[Number]=1); the parser allows None exactly
        # when the type is optional with no default or a None default.
        allow_none = (optional and default in (None, "None")) or default == "None"
        bare = re.sub(r"^Optional\[(.*)\]$", r"\1", ast.unparse(arg.annotation))
        unsized = type_ == "tuple of ints" and (bare == "_size" or bare.startswith("Sequence["))
        params.append(Param(type_, arg.arg, kwonly, default, allow_none, unsized))
    return params


# ---------------------------------------------------------------------------
# TorchScript operator schemas (fallback for modules without usable stubs)

def schema_type(t):
    s = str(t)
    optional = False
    if s.startswith("Optional[") and s.endswith("]"):
        s = s[len("Optional["):-1]
        optional = True
    word = {
        "Tensor": "Tensor", "number": "Number", "int": "int", "float": "float",
        "bool": "bool", "str": "str", "List[int]": "tuple of ints",
        "Generator": "torch.Generator", "List[Tensor]": "tuple of Tensors",
        "Device": "torch.device",
    }.get(s)
    if word is None:
        return None
    return word, optional


def schema_overloads(opname, method):
    schemas = torch._C._jit_get_schemas_for_operator("aten::" + opname)
    functional, outs = [], []
    for s in schemas:
        params = []
        ok = True
        has_out = False
        for a in s.arguments:
            if a.is_out:
                has_out = True
                params.append(Param("Tensor", a.name, True))
                continue
            t = schema_type(a.type)
            if t is None:
                ok = False
                break
            type_, optional = t
            if type_ == "int" and a.name == "dtype":  # TorchScript spells ScalarType as int
                type_ = "torch.dtype"
            default = None
            if a.has_default_value():
                default = repr(a.default_value)
            name = a.name
            params.append(Param(type_, name, a.kwarg_only, default, optional,
                                type_ == "tuple of ints" and a.N is None))
        if not ok:
            continue
        (outs if has_out else functional).append(params)
    result = []
    for params in functional:
        variants = [params]
        if not method:
            # The parser merges an out= variant into the functional overload,
            # but not every schema out variant is bound (autogen ones are not):
            # offer both, the probe or the verification decides.
            key = [(p.type, p.name, p.kwonly) for p in params]
            for o in outs:
                if len(o) == len(params) + 1 and \
                        [(p.type, p.name, p.kwonly) for p in o if p.name != "out"] == key:
                    variants.insert(0, params + [Param("Tensor", "out", True, "None", True)])
                    break
        for v in variants:
            if v and v[0].name == "self" and v[0].type == "Tensor" and not v[0].kwonly:
                v = v[1:] if method else [Param("Tensor", "input")] + v[1:]
            elif method:
                continue
            else:  # special_polygamma(int n, Tensor self): the parser names a later `self` `input` too
                v = [Param("Tensor", "input", p.kwonly, p.default, p.allow_none)
                     if p.name == "self" and p.type == "Tensor" and not p.kwonly else p for p in v]
            result.append(v)
    return result


# ---------------------------------------------------------------------------
# Probing PyTorch's own messages

RE_COMBO = re.compile(r"^([\w.]+)\(\) received an invalid combination of arguments - "
                      r"got \(.*?\), but expected (one of:\n(?: \* \(.*\)\n?)+|\(.*\))\s*$",
                      re.S)
RE_TAKES = re.compile(r"^([\w.]+)\(\) takes (?:(\d+)|from (\d+) to (\d+)) "
                      r"positional arguments? but %d were given$" % NPROBE)
RE_NOARGS = re.compile(r"^([\w.]+)\(\) takes no arguments \(%d given\)$" % NPROBE)
# A single int-list parameter takes var-args (expand(2, 3)), so the probe's objects fail its
# type check instead of the count: one positional parameter.
RE_VARARGS = re.compile(r"^([\w.]+)\(\): argument '\w+' \(position 1\) must be (tuple of (?:Sym)?[iI]nts), not object$")


def probe(fn):
    """-> ("combo", msgname, [printed sigs]) | ("takes", msgname, (lo, hi))
          | ("noargs", msgname, None) | ("returned", repr, None)"""
    try:
        r = fn(*[object() for _ in range(NPROBE)])
    except TypeError as e:
        msg = str(e)
    else:
        return ("returned", repr(r), None)
    m = RE_COMBO.match(msg)
    if m:
        body = m.group(2)
        if body.startswith("one of:"):
            sigs = [l[3:] for l in body.split("\n")[1:] if l.startswith(" * ")]
        else:
            sigs = [body]
        return ("combo", m.group(1), sigs)
    m = RE_TAKES.match(msg)
    if m:
        if m.group(2) is not None:
            return ("takes", m.group(1), (None, int(m.group(2))))
        return ("takes", m.group(1), (int(m.group(3)), int(m.group(4))))
    m = RE_NOARGS.match(msg)
    if m:
        return ("noargs", m.group(1), None)
    m = RE_VARARGS.match(msg)
    if m:
        return ("takes", m.group(1), (None, 1, m.group(2)))
    raise RuntimeError("unrecognised probe message: %r" % msg)


def sample_value(type_):
    return {
        "Tensor": torch.tensor([1.0]), "Number": 1, "int": 0, "float": 1.0,
        "bool": False, "str": "floor", "torch.dtype": torch.float32,
        "tuple of ints": (0,), "tuple of SymInts": (0,), "tuple of Tensors": (torch.tensor([1.0]),), "SymInt": 0, "name": "N", "torch.layout": torch.strided,
        "torch.device": torch.device("cpu"), "torch.memory_format": torch.preserve_format,
    }.get(type_)


def verify_single(fn, msgname, params):
    """Provoke one type error per parameter; -> list of problems."""
    problems, absent = [], []
    # (a tuple out= of (values, indices) stays unverified: Whence does not take out= tuples)
    values = [None if p.name == "out" and p.type == "tuple of Tensors" else sample_value(p.type) for p in params]
    if any(v is None for v in values):
        return ["no sample value for a parameter type"]
    npos = sum(1 for p in params if not p.kwonly)
    for i, p in enumerate(params):
        if p.kwonly:
            args = values[:npos]
            kwargs = {q.name: v for q, v in zip(params[npos:i], values[npos:i])}
            kwargs[p.name] = object()
            want = "%s(): argument '%s' must be %s, not object" % (msgname, p.name, p.type)
        else:
            args = values[:i] + [object()]
            kwargs = {}
            want = "%s(): argument '%s' (position %d) must be %s, not object" % (
                msgname, p.name, i + 1, p.type)
        try:
            fn(*args, **kwargs)
            got = "<no error>"
        except TypeError as e:
            got = str(e)
        except Exception as e:  # noqa: BLE001 - any other error is a mismatch
            got = "%s: %s" % (type(e).__name__, e)
        if got != want and got == want.replace("tuple of ints", "tuple of SymInts"):
            p.type = "tuple of SymInts"  # the stubs and schemas say int[]; the parser says SymInt[]
            p.unsized = True
        elif got != want and p.type == "int" and got == want.replace("must be int,", "must be SymInt,"):
            p.type = "SymInt"  # (slice_scatter's start: the parser's messages say SymInt)
        elif p.name == "out" and p.kwonly and "got an unexpected keyword argument 'out'" in got:
            absent.append(p)  # the stubs and schemas list an out= the parser does not take
        elif got != want:
            problems.append("expected %r, got %r" % (want, got))
    params[:] = [p for p in params if all(p is not q for q in absent)]
    return problems


# ---------------------------------------------------------------------------
# Native functions

PYI = {}


def pyi_candidates(obj, method):
    """Stub overloads for a builtin ([] when no stub source applies)."""
    name = obj.__name__
    if method:
        return pyi_overloads(PYI["tensor"], name)
    mod = getattr(obj, "__module__", None)
    if mod in ("torch", "torch._C._VariableFunctions"):
        return pyi_overloads(PYI["funcs"], name)
    if mod == "torch._C._nn":
        return pyi_overloads(PYI["nn"], name)
    return []


def binds_hidden_overload(fn, params, visible):
    """Does calling fn with sample values for params' required arguments,
    a call no visible overload can take, bind (no TypeError)?  Then params is
    a hidden (deprecated) parser overload."""
    args, kwargs = [], {}
    for p in params:
        if p.default is not None:
            continue
        v = torch.empty(1) if p.name == "out" else sample_value(p.type)
        if v is None:
            return False
        if p.kwonly:
            kwargs[p.name] = v
        else:
            args.append(v)
    for vp in visible:
        pos = [p for p in vp if not p.kwonly]
        names = set(p.name for p in vp)
        given = set(p.name for p in pos[:len(args)]) | set(kwargs)
        required = set(p.name for p in vp if p.default is None)
        if len(args) <= len(pos) and set(kwargs) <= names and required <= given:
            return False  # a visible overload could take it: not provable
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            fn(*args, **kwargs)
        except TypeError:
            return False
        except Exception:  # noqa: BLE001 - failed after binding
            pass
    return True


def pick(qual, printed, pyi_c, sch_c):
    """The full overload for a visible printed form: schema first (its
    defaults / allow-None are the parser's own), else the stubs."""
    p = next((c for c in pyi_c if render_printed(c) == printed), None)
    s = next((c for c in sch_c if render_printed(c) == printed), None)
    if p is not None and s is not None and render_full(p) != render_full(s):
        NOTES.append("%s: pyi %s vs schema %s; using the schema"
                     % (qual, render_full(p), render_full(s)))
    if s is not None:
        return s
    if p is not None:
        return p
    if "tuple of SymInts" in printed:
        # The parser's SymInt list (torch.zeros's out= overload) is an int list in the
        # stubs and schemas: match it as one, and keep the parser's type word, which its
        # messages print ("argument 'size' must be tuple of SymInts").
        c = pick(qual, printed.replace("tuple of SymInts", "tuple of ints"), pyi_c, sch_c)
        if c is not None:
            return [Param("tuple of SymInts", q.name, q.kwonly, q.default, q.allow_none, q.unsized)
                    if q.type == "tuple of ints" and "tuple of SymInts " + q.name in printed else q
                    for q in c]
    return None


def none_allowed(fn, params, name):
    """Does the parser take None for this bool parameter (PyTorch's factory functions declare
    "bool? pin_memory=False", "bool? requires_grad=False"; the stubs say plain bool)? Calls fn
    with sample values for the required arguments and name=None."""
    args, kwargs = [], {name: None}
    for p in params:
        if p.default is not None or p.name == name:
            continue
        v = None if p.allow_none else sample_value(p.type)
        if v is None and not p.allow_none:
            return False
        if p.kwonly:
            kwargs[p.name] = v
        else:
            args.append(v)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            fn(*args, **kwargs)
        except TypeError as e:
            return "'%s'" % name not in str(e) and "argument" not in str(e)
        except Exception:  # noqa: BLE001 - failed after binding
            pass
    return True


def with_bool_nones(fn, params):
    """params with allow_none set where the parser takes None for a bool parameter."""
    out = []
    for p in params:
        if p.type == "bool" and not p.allow_none and p.name in ("pin_memory", "requires_grad") \
                and none_allowed(fn, params, p.name):
            p = Param(p.type, p.name, p.kwonly, p.default, True, p.unsized)
        out.append(p)
    return out


def native_overloads(qual, fn, obj, method, pr):
    """pr: a "combo" or "takes" probe result.  -> list of overload strings."""
    kind, msgname, info = pr
    pyi_c = pyi_candidates(obj, method)
    sch_c = schema_overloads(msgname, method)
    if not pyi_c:
        NOTES.append("%s: no stubs for %s, schema only" % (qual, msgname))
    out = []
    if kind == "combo":
        for v in info:
            c = pick(qual, v, pyi_c, sch_c)
            if c is None:
                warn("%s: visible overload %s matches no pyi or schema overload"
                     % (qual, v))
                c = parse_printed(v)
                for p in c:
                    if p.name == "out" and p.kwonly:
                        p.default, p.allow_none = "None", True
            out.append(c)
    else:
        lo, hi = info[:2]
        fits = []
        for c in sch_c + pyi_c:
            npos = sum(1 for p in c if not p.kwonly)
            nreq = sum(1 for p in c if not p.kwonly and p.default is None)
            if npos == hi and (lo is None or nreq == lo):
                fits.append(c)
        # Every verified candidate takes the arguments it names; the parser's own overload
        # is the one that names the most (the stubs also keep deprecated, shorter forms).
        good = sorted((c for c in fits if not verify_single(fn, msgname, c)), key=lambda c: -len(c))
        if not good:
            detail = "; ".join(verify_single(fn, msgname, fits[0])) if fits else "no candidate"
            warn("%s: no overload verified for single-overload %s (%s)"
                 % (qual, msgname, detail))
            good = fits
        if not good:
            return []
        chosen = pick(qual, render_printed(good[0]), pyi_c, sch_c)
        if len(info) > 2:  # the var-args probe's own word for the list's type
            chosen[0].type = info[2]
        out.append(chosen)
    out = [with_bool_nones(fn, c) for c in out]
    result = [render_full(c) for c in out]
    seen = set(render_printed(c) for c in out)
    for c in pyi_c:
        if render_printed(c) in seen:
            continue
        if binds_hidden_overload(fn, c, out):
            if not method and c and c[0].name == "self" and c[0].type == "Tensor":
                # The stubs keep the schema's `self`; the parser (see its
                # deprecation warning) names it `input`.
                c = [Param("Tensor", "input", c[0].kwonly, c[0].default,
                           c[0].allow_none)] + c[1:]
            result.append(render_full(c) + "|hidden")
            seen.add(render_printed(c))
        else:
            NOTES.append("%s: pyi overload %s is not a parser overload; dropped"
                         % (qual, render_full(c)))
    return result


# ---------------------------------------------------------------------------
# Python functions

SKIP_CALLS = re.compile(r"(^|\.)(handle_torch_function|has_torch_function\w*|warn|"
                        r"_get_tracing_state|_no_grad\w*|result_type|tensor|"
                        r"is_scripting|_add_docstr)$")


def python_signature(fn):
    sig = inspect.signature(fn)
    parts = []
    star = False
    for p in sig.parameters.values():
        if p.kind == p.VAR_POSITIONAL:
            parts.append("*" + p.name)
            star = True
            continue
        if p.kind == p.VAR_KEYWORD:
            parts.append("**" + p.name)
            continue
        if p.kind == p.KEYWORD_ONLY and not star:
            parts.append("*")
            star = True
        s = p.name
        if p.default is not p.empty:
            s += "=" + repr(p.default)
        parts.append(s)
    return "(" + ", ".join(parts) + ")"


def dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def resolve_call(name, first_param):
    head, _, rest = name.partition(".")
    if not rest:
        return None
    if head == first_param and "." not in rest:
        return "torch.Tensor." + rest
    for prefix in ("torch._C._VariableFunctions.", "_C._VariableFunctions.", "_VF.",
                   "torch._VF."):
        if name.startswith(prefix):
            return "torch." + name[len(prefix):]
    if name.startswith("torch._C._nn.") or name.startswith("torch."):
        return name
    return None


def python_calls(fn):
    """The torch callable fn directly returns the result of, or ""."""
    try:
        src = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        return ""
    tree = ast.parse(src)
    fdef = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))
    first = fdef.args.args[0].arg if fdef.args.args else None
    assigns = {}
    for n in ast.walk(fdef):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 \
                and isinstance(n.targets[0], ast.Name) and isinstance(n.value, ast.Call):
            assigns.setdefault(n.targets[0].id, []).append(n.value)
    found = []
    for n in ast.walk(fdef):
        if not isinstance(n, ast.Return) or n.value is None:
            continue
        calls = []
        if isinstance(n.value, ast.Call):
            calls = [n.value]
        elif isinstance(n.value, ast.Name):
            calls = assigns.get(n.value.id, [])
        for c in calls:
            name = dotted(c.func)
            if name is None or SKIP_CALLS.search(name):
                continue
            r = resolve_call(name, first)
            if r:
                found.append(r)
    plain = [f for f in found if not f.endswith("_")]
    return (plain or found or [""])[0]


# ---------------------------------------------------------------------------
# Classification

def has_var_positional(fn):
    return any(p.kind == p.VAR_POSITIONAL for p in inspect.signature(fn).parameters.values())


def vararg_calls(fn):
    """calls of a Python function with *tensors: "torch._VF.NAME|SINGLE" (see the docstring)."""
    if not hasattr(torch._VF, fn.__name__):
        raise RuntimeError("%s: *args function without a torch._VF function of its name" % fn.__name__)
    t = torch.tensor([1.0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            fn([t, t])
            single = "itself" if isinstance(fn(t), torch.Tensor) else "sequence"
        except TypeError:
            single = "tuple"
    return "torch._VF.%s|%s" % (fn.__name__, single)


def resolve(qual):
    obj = torch
    parts = qual.split(".")
    assert parts[0] == "torch", qual
    for p in parts[1:]:
        obj = getattr(obj, p)
    return obj


def module_name_of(fn):
    """The qualified name a module gives fn (torch.functional._consecutive_return_output)."""
    mod = sys.modules[fn.__module__]
    for k, v in sorted(vars(mod).items()):
        if v is fn and k.startswith("_"):
            return fn.__module__ + "." + k
    for k, v in sorted(vars(mod).items()):
        if v is fn:
            return fn.__module__ + "." + k
    raise RuntimeError("no module name for %r" % fn)


def dispatch_calls(fn):
    d = boolean_dispatched[fn]
    return "%s@%d:%s:%s" % (d["arg_name"], d["index"], module_name_of(d["if_true"]),
                             module_name_of(d["if_false"]))


def dispatch_targets(names):
    """The rows a boolean dispatch reaches, transitively."""
    out, todo = [], list(names)
    while todo:
        q = todo.pop()
        obj = resolve(q)
        if obj in boolean_dispatched:
            for f in ("if_true", "if_false"):
                t = module_name_of(boolean_dispatched[obj][f])
                if t not in out:
                    out.append(t)
                    todo.append(t)
    return out


def static_tensor_attr(name):
    for cls in torch.Tensor.__mro__:
        if name in cls.__dict__:
            return cls, cls.__dict__[name]
    raise AttributeError(name)


def is_type_error_wrapper(fn):
    """True for functions made by torch._tensor's
    _handle_torch_function_and_wrap_type_error_to_not_implemented."""
    code = getattr(fn, "__code__", None)
    if code is None or code.co_name != "wrapped":
        return False
    qualname = getattr(code, "co_qualname", "")
    if qualname:
        return qualname.startswith(
            "_handle_torch_function_and_wrap_type_error_to_not_implemented.")
    return code.co_filename.endswith("_tensor.py")


class _Caught(Exception):
    pass


class _Spy(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        raise _Caught(func)


def spy_parser_name(dunder):
    """Name of the Tensor method whose parser a C++ dunder shares."""
    s = torch.tensor([1]).as_subclass(_Spy)
    for args in ((s,), (1,), ()):
        try:
            getattr(s, dunder)(*args)
        except _Caught as c:
            return c.args[0].__name__
        except Exception:  # noqa: BLE001 - try the next argument shape
            pass
    return None


def entry_native_or_noargs(qual, obj, fn, method):
    pr = probe(fn)
    if pr[0] == "noargs":
        return (pr[1], "noargs", "", [])
    if pr[0] == "returned":
        raise RuntimeError("%s: probe returned %s" % (qual, pr[1]))
    return (pr[1], "native", "", native_overloads(qual, fn, obj, method, pr))


def entry_dunder(qual, name):
    t = torch.tensor([1.0])
    owner, attr = static_tensor_attr(name)
    if inspect.isfunction(attr):
        wraps = is_type_error_wrapper(attr)
        inner = getattr(attr, "__wrapped__", attr) if wraps else attr
        flag = "|wraps_type_error" if wraps else ""
        if inspect.isfunction(inner):
            return (inner.__name__, "dunder", "python:" + python_calls(inner) + flag,
                    [python_signature(inner)])
        # a Python wrapper forwarding *args/**kwargs to a C++ method
        mname = inner.__name__
        msg, kind, _, ovs = entry_native_or_noargs(qual, inner, getattr(t, mname), True)
        return (msg, "dunder", "%s:torch.Tensor.%s%s" % (kind, mname, flag), ovs)
    # a C++ method descriptor, possibly aliasing another method (__neg__ = neg)
    pr = probe(getattr(t, name))
    if pr[0] == "returned":
        # C++ TypeError_to_NotImplemented_: find the parser it shares
        pname = spy_parser_name(name)
        if pname is None:
            raise RuntimeError("%s: cannot find the parser behind %s" % (qual, name))
        target = getattr(torch._C._TensorBase, pname)
        pr2 = probe(getattr(t, pname))
        if pr2[0] == "returned":
            # the parser's own method is wrapped too (__and__, __lshift__...):
            # take the stub overloads in stub order.
            cands = pyi_overloads(PYI["tensor"], pname)
            ovs = [render_full(c) for c in cands]
            NOTES.append("%s: parser %s not probeable; %d overloads in stub order"
                 % (qual, pname, len(ovs)))
            return (pname, "dunder", "native:torch.Tensor.%s|wraps_type_error" % pname, ovs)
        if pr2[0] == "noargs":
            return (pr2[1], "dunder", "noargs:torch.Tensor.%s|wraps_type_error" % pname, [])
        ovs = native_overloads(qual, getattr(t, pname), target, True, pr2)
        return (pr2[1], "dunder", "native:torch.Tensor.%s|wraps_type_error" % pname, ovs)
    target_name = attr.__name__ if hasattr(attr, "__name__") else name
    if pr[0] == "noargs":
        return (pr[1], "dunder", "noargs:torch.Tensor." + target_name, [])
    ovs = native_overloads(qual, getattr(t, name), attr, True, pr)
    return (pr[1], "dunder", "native:torch.Tensor." + target_name, ovs)


def entry(qual):
    if qual in MANUAL_OVERLOADS:
        return (qual.rsplit(".", 1)[1], "native", "", list(MANUAL_OVERLOADS[qual]))
    if qual.startswith("torch.Tensor."):
        name = qual[len("torch.Tensor."):]
        if name.startswith("__") and name.endswith("__"):
            return entry_dunder(qual, name)
        _, attr = static_tensor_attr(name)
        if inspect.isfunction(attr):  # Python 3.11 names a method by its qualified name
            return (attr.__qualname__, "python", python_calls(attr), [python_signature(attr)])
        t = torch.tensor([1.0])
        return entry_native_or_noargs(qual, attr, getattr(t, name), True)
    obj = resolve(qual)
    if obj in boolean_dispatched:
        return (obj.__name__, "dispatch", dispatch_calls(obj), [])
    if inspect.isfunction(obj):
        if obj.__name__ in OWN_VARARGS:
            return (obj.__name__, "python", "", [python_signature(obj)])
        calls = vararg_calls(obj) if has_var_positional(obj) else python_calls(obj)
        return (obj.__name__, "python", calls, [python_signature(obj)])
    if not inspect.isbuiltin(obj):
        raise RuntimeError("%s: unsupported object %r" % (qual, obj))
    return entry_native_or_noargs(qual, obj, obj, False)


# ---------------------------------------------------------------------------
# Output

def cstr(s):
    out = ['"']
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20 or ord(ch) > 0x7e:
            out.append("\\x%02x" % ord(ch) if ord(ch) < 0x100 else ch)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def all_names():
    names = set(EXTRA_NAMES)
    for path in sorted(glob.glob(GOLDEN_TABLES)):
        with open(path) as f:
            for e in json.load(f):
                if not e.get("syntax"):  # x[index], x.T: written as syntax, no argument parser
                    names.update(e["names"])
    vf = set()
    for q in names:  # the native functions that *tensors functions pass them to
        if not q.startswith("torch.Tensor."):
            obj = resolve(q)
            if inspect.isfunction(obj) and obj not in boolean_dispatched and has_var_positional(obj):
                vf.add("torch._VF." + obj.__name__)
    return sorted(names | vf | set(dispatch_targets(sorted(names))))


def generate():
    if not torch.__version__.startswith("1.13."):
        raise SystemExit("gen_signatures: needs PyTorch 1.13 (Debian's /usr/bin/python3), "
                         "found %s" % torch.__version__)
    PYI["funcs"] = load_pyi(PYI_FUNCS)
    PYI["nn"] = load_pyi(PYI_NN)
    PYI["tensor"] = load_pyi(PYI_INIT, "_TensorBase")
    lines = [
        "// Generated by scripts/gen_signatures.py from PyTorch 1.13. "
        "Do not edit by hand.",
        "// {qualified name, message name, kind, calls, {overloads}}; "
        "see the script's docstring for the syntax.",
    ]
    counts = {}
    for qual in all_names():
        msg, kind, calls, ovs = entry(qual)
        counts[kind] = counts.get(kind, 0) + 1
        lines.append("{%s, %s, %s, %s, {%s}}," % (
            cstr(qual), cstr(msg), cstr(kind), cstr(calls),
            ", ".join(cstr(o) for o in ovs)))
    return "\n".join(lines) + "\n", counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if %s is not up to date" % os.path.relpath(OUTPUT, ROOT))
    ap.add_argument("--verbose", action="store_true",
                    help="also list where the stubs and schemas were overridden")
    args = ap.parse_args()
    text, counts = generate()
    if args.verbose:
        for n in NOTES:
            print("note: " + n, file=sys.stderr)
    for w in WARNINGS:
        print("warning: " + w, file=sys.stderr)
    rel = os.path.relpath(OUTPUT, ROOT)
    if args.check:
        try:
            with open(OUTPUT) as f:
                old = f.read()
        except FileNotFoundError:
            print("signatures: %s is missing; run scripts/gen_signatures.py" % rel)
            return 1
        if old != text:
            old_l, new_l = set(old.splitlines()), set(text.splitlines())
            print("signatures: %s is out of date; run scripts/gen_signatures.py" % rel)
            for l in sorted(old_l - new_l):
                print("  - " + l)
            for l in sorted(new_l - old_l):
                print("  + " + l)
            return 1
        print("signatures: up to date")
        return 0
    with open(OUTPUT, "w") as f:
        f.write(text)
    print("signatures: wrote %s (%s)" % (rel, ", ".join(
        "%d %s" % (counts[k], k) for k in sorted(counts))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
