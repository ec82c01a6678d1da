#!/usr/bin/python3
"""Checks Whence's prelude (core/program/prelude/*.py: torch.nn, torch.nn.init and torch.optim
written in the Python subset Whence's interpreter runs) against PyTorch 1.13 in CPython, before
Whence runs it.

Each file is loaded with exec() into globals as Whence gives them (torch, F, math, Parameter,
and for torch_nn.py init, the namespace of torch_nn_init.py); its source is first checked to
stay inside the subset (no lambda, try, yield, del, import, nested def, set literal, ...; only
the builtins the interpreter has; raise only of the exceptions it knows). Then, for many
configurations and several seeds (torch.manual_seed(s) before constructing each), the
prelude's class against torch.nn's / torch.optim's: parameters and buffers bit for bit
(torch.equal), forward outputs, gradients after backward, running statistics after train-mode
forwards, repr(model), state_dict keys and order, named_parameters order, the error type and
message for bad arguments, and for the optimizers the parameters and state after each step of
a small training loop, bit for bit. Also: the running-statistics op sequence against
F.batch_norm's in-place update over 800 random inputs, and every program of
tests/programs/model_corpus.py run with the prelude in place of torch.nn / torch.optim, its
printed text, final values and error PyTorch's. PyTorch runs on one thread, as Whence's kernels
do (its batch_norm statistics of an (N, C) input depend on the thread count). Whence iterates
the list a class's __iter__ gives; CPython wants an iterator, so the loader wraps __iter__.

    /usr/bin/python3 tests/live/check_prelude.py [-v]

Ends with `N passed, M failed`; exit 1 on a failure.
"""
import ast
import math
import os
import re
import sys
import time
import types
import warnings
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PRELUDE = os.path.join(ROOT, "core", "program", "prelude")
VERBOSE = "-v" in sys.argv[1:]
SEEDS = (0, 1, 7)

# --- the subset ---------------------------------------------------------------------------------

BUILTINS = {"len", "range", "zip", "enumerate", "isinstance", "hasattr", "getattr", "setattr", "super", "type",
            "object", "str", "repr", "int", "float", "bool", "list", "tuple", "dict", "min", "max", "sum", "abs",
            "any", "all", "sorted", "reversed", "round", "print", "True", "False", "None"}
EXCEPTIONS = {"ValueError", "TypeError", "RuntimeError", "KeyError", "IndexError", "AttributeError",
              "NotImplementedError"}
REFUSED = (ast.Lambda, ast.Try, ast.Yield, ast.YieldFrom, ast.Global, ast.Nonlocal, ast.Delete, ast.Import,
           ast.ImportFrom, ast.AsyncFunctionDef, ast.Await, ast.Set, ast.SetComp, ast.NamedExpr, ast.AsyncFor,
           ast.AsyncWith, ast.Match)


def subset_problems(path, given):
    """Where a prelude file leaves the subset the interpreter runs: [(line, what)]."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    problems = []
    module_names = set(given) | BUILTINS | EXCEPTIONS
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            module_names.add(node.name)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                module_names |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            problems.append((node.lineno, "module-level statement other than def, class, assignment, docstring"))
    call_args = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            call_args |= {id(a) for a in node.args}
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, REFUSED):
            problems.append((line, type(node).__name__))
        if isinstance(node, ast.GeneratorExp) and id(node) not in call_args:
            problems.append((line, "generator expression outside a call's arguments"))
        if isinstance(node, (ast.ListComp, ast.DictComp, ast.GeneratorExp)) and len(node.generators) != 1:
            problems.append((line, "comprehension with several for clauses"))
        if isinstance(node, (ast.List, ast.Tuple)) and any(isinstance(e, ast.Starred) for e in node.elts) \
                and not isinstance(getattr(node, "ctx", None), ast.Store):
            problems.append((line, "starred item in a display"))
        if isinstance(node, (ast.For, ast.While)) and node.orelse:
            problems.append((line, "for/while ... else"))
        if isinstance(node, ast.FunctionDef):
            if node.decorator_list:
                problems.append((line, "decorator"))
            for inner in ast.walk(node):
                if inner is not node and isinstance(inner, (ast.FunctionDef, ast.ClassDef)):
                    problems.append((inner.lineno, "nested def or class"))
        if isinstance(node, ast.ClassDef) and (len(node.bases) > 1 or node.keywords or node.decorator_list):
            problems.append((line, "class with several bases, keywords or decorators"))
        if isinstance(node, ast.With):
            for item in node.items:
                code = ast.unparse(item.context_expr)
                if code not in ("torch.no_grad()", "torch.enable_grad()") or item.optional_vars is not None:
                    problems.append((line, "with " + code))
        if isinstance(node, (ast.Assign, ast.For)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Tuple) and any(not isinstance(e, ast.Name) for e in t.elts):
                    problems.append((line, "nested or starred unpacking"))
        if isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if not (isinstance(exc, ast.Name) and exc.id in EXCEPTIONS) or not isinstance(node.exc, ast.Call):
                problems.append((line, "raise of " + ast.unparse(node.exc)))
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in module_names:
            if not _local_name(tree, node):
                problems.append((line, "name " + node.id))
        if isinstance(node, ast.JoinedStr):
            for v in node.values:
                if isinstance(v, ast.FormattedValue) and v.conversion not in (-1, ord("r"), ord("s")):
                    problems.append((line, "f-string conversion"))
    return problems


def _local_name(tree, name_node):
    """Whether a name is bound in the function (or comprehension) around it."""
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef) and fn.lineno <= name_node.lineno <= fn.end_lineno:
            bound = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
            if fn.args.vararg:
                bound.add(fn.args.vararg.arg)
            if fn.args.kwarg:
                bound.add(fn.args.kwarg.arg)
            for n in ast.walk(fn):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                    bound.add(n.id)
            if name_node.id in bound:
                return True
    return False


# --- loading ------------------------------------------------------------------------------------

def load(filename, extra=None):
    """A prelude file run as Whence runs it: its globals, as a namespace of its names."""
    path = os.path.join(PRELUDE, filename)
    g = {"torch": torch, "F": F, "math": math, "Parameter": nn.Parameter}
    g.update(extra or {})
    exec(compile(open(path, encoding="utf-8").read(), path, "exec"), g)  # noqa: S102 - our own prelude
    for v in list(g.values()):
        # Whence iterates the list an __iter__ gives; CPython wants an iterator of it
        if isinstance(v, type) and "__iter__" in vars(v):
            v.__iter__ = _iterating(vars(v)["__iter__"])
    return types.SimpleNamespace(**{k: v for k, v in g.items() if not k.startswith("__")})


def _iterating(method):
    def __iter__(self):
        return iter(method(self))
    return __iter__


GIVEN = {"torch_nn_init.py": ["torch", "F", "math", "Parameter"],
         "torch_nn.py": ["torch", "F", "math", "Parameter", "init"],
         "torch_optim.py": ["torch", "F", "math", "Parameter"],
         "torch_nn_functional.py": ["torch", "F", "math", "Parameter"]}

torch.set_num_threads(1)
warnings.filterwarnings("ignore")  # PyTorch's UserWarnings (the prelude raises none)
I = load("torch_nn_init.py")  # noqa: E741 - torch.nn.init's usual name is `init`; I is the prelude's
P = load("torch_nn.py", {"init": I})
O = load("torch_optim.py")  # noqa: E741
FN = load("torch_nn_functional.py")

# --- tallies ------------------------------------------------------------------------------------

TALLY = {"passed": 0, "failed": 0}
FAILURES = []


def check(ok, what):
    if ok:
        TALLY["passed"] += 1
        if VERBOSE:
            print("ok  ", what)
    else:
        TALLY["failed"] += 1
        FAILURES.append(what)
        print("FAIL", what)
    return ok


def bits_equal(a, b):
    """Tensors equal bit for bit (NaN where NaN, the sign of zero included), or structures of
    them element by element."""
    if isinstance(a, (tuple, list)) or isinstance(b, (tuple, list)):
        return (isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)) and len(a) == len(b)
                and all(bits_equal(x, y) for x, y in zip(a, b)))
    if isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor):
        if not (isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor)):
            return False
        if a.dtype != b.dtype or a.shape != b.shape:
            return False
        a, b = a.detach(), b.detach()
        if a.is_floating_point():
            if not torch.equal(torch.isnan(a), torch.isnan(b)):
                return False
            ok = ~torch.isnan(a)
            return torch.equal(a[ok], b[ok]) and torch.equal(torch.signbit(a[ok]), torch.signbit(b[ok]))
        return torch.equal(a, b)
    return a == b


def norm_message(text):
    """An error message with Python sets' items sorted (their order varies from run to run)."""
    return re.sub(r"\{('[^'{}]*'(?:, '[^'{}]*')*)\}",
                  lambda m: "{" + ", ".join(sorted(m.group(1).split(", "))) + "}", text)


def outcome(fn):
    """('ok', value) or ('error', type name, message)."""
    try:
        return ("ok", fn())
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        return ("error", type(e).__name__, norm_message(str(e)))


# --- modules ------------------------------------------------------------------------------------

def compare_module_state(label, real, mine):
    """Parameters, buffers, their names and order, state_dict, repr, flags."""
    rp, mp = list(real.named_parameters()), list(mine.named_parameters())
    check([n for n, _ in rp] == [n for n, _ in mp], "%s: named_parameters %s vs %s" % (label, [n for n, _ in rp],
                                                                                      [n for n, _ in mp]))
    check(all(bits_equal(a, b) for (_, a), (_, b) in zip(rp, mp)), label + ": parameters bit for bit")
    check(all(isinstance(b, nn.Parameter) and a.requires_grad == b.requires_grad for (_, a), (_, b) in zip(rp, mp)),
          label + ": parameters are Parameters, requires_grad as PyTorch")
    rb, mb = list(real.named_buffers()), list(mine.named_buffers())
    check([n for n, _ in rb] == [n for n, _ in mb], "%s: named_buffers %s vs %s" % (label, [n for n, _ in rb],
                                                                                   [n for n, _ in mb]))
    check(all(bits_equal(a, b) for (_, a), (_, b) in zip(rb, mb)), label + ": buffers bit for bit")
    rs, ms = real.state_dict(), mine.state_dict()
    check(list(rs.keys()) == list(ms.keys()), "%s: state_dict keys %s vs %s" % (label, list(rs), list(ms)))
    check(all(bits_equal(rs[k], ms[k]) and not ms[k].requires_grad for k in rs if k in ms),
          label + ": state_dict values, detached")
    check(repr(real) == repr(mine), "%s: repr\n%s\nvs\n%s" % (label, repr(real), repr(mine)))
    check([n for n, _ in real.named_modules()] == [n for n, _ in mine.named_modules()],
          label + ": named_modules names")
    check([type(m).__name__ for m in real.modules()] == [type(m).__name__ for m in mine.modules()],
          label + ": modules types")
    check([n for n, _ in real.named_children()] == [n for n, _ in mine.named_children()],
          label + ": named_children")
    check(real.training == mine.training, label + ": training flag")


def grads_of(module):
    return [p.grad for p in module.parameters()]


def run_forward(module, inputs, seed, grad_seed):
    """Output, the inputs' gradients and the parameters' after a backward of a random
    projection of the output (the RNG seeded before the forward, for dropout)."""
    xs = [x.clone().requires_grad_() if x.is_floating_point() else x.clone() for x in inputs]
    torch.manual_seed(seed)
    # non-leaf float inputs, so that in-place layers (ReLU(inplace=True)) may write them
    out = module(*[x * 1 if x.is_floating_point() else x for x in xs])
    first = out[0] if isinstance(out, tuple) else out
    g = None
    if first.is_floating_point() and first.requires_grad:
        gen = torch.Generator().manual_seed(grad_seed)
        g = torch.randn(first.shape, generator=gen, dtype=first.dtype)
        (first * g).sum().backward()
    return out, [x.grad for x in xs if x.is_floating_point()], grads_of(module)


def module_case(label, build, inputs_fn, forwards=2, modes=("train",)):
    """build(ns) with ns torch.nn or the prelude's, under each seed: the state compared, then
    forwards in each mode: outputs, gradients, buffers after each."""
    for s in SEEDS:
        lab = "%s [seed %d]" % (label, s)
        torch.manual_seed(s)
        r = outcome(lambda: build(nn))
        torch.manual_seed(s)
        m = outcome(lambda: build(P))
        if r[0] == "error" or m[0] == "error":
            check(r[0] == m[0] and r[1:] == m[1:], "%s: construction error %s vs %s" % (lab, r[1:], m[1:]))
            continue
        real, mine = r[1], m[1]
        compare_module_state(lab, real, mine)
        for mode in modes:
            real.train(mode == "train")
            mine.train(mode == "train")
            for k in range(forwards):
                gen = torch.Generator().manual_seed(1000 * s + k)
                inputs = inputs_fn(gen)
                r = outcome(lambda: run_forward(real, inputs, 77 + k, 99 + k))
                m = outcome(lambda: run_forward(mine, inputs, 77 + k, 99 + k))
                if r[0] == "error" or m[0] == "error":
                    check(r[0] == m[0] and r[1:] == m[1:], "%s %s forward %d: error %s vs %s" % (lab, mode, k, r[1:],
                                                                                                m[1:]))
                    continue
                (ro, rxg, rpg), (mo, mxg, mpg) = r[1], m[1]
                check(bits_equal(ro, mo), "%s %s forward %d: output" % (lab, mode, k))
                check(bits_equal(rxg, mxg), "%s %s forward %d: input gradients" % (lab, mode, k))
                check(all(bits_equal(a, b) for a, b in zip(rpg, mpg)) and len(rpg) == len(mpg),
                      "%s %s forward %d: parameter gradients" % (lab, mode, k))
                rb, mb = list(real.named_buffers()), list(mine.named_buffers())
                check(len(rb) == len(mb) and all(bits_equal(a, b) for (_, a), (_, b) in zip(rb, mb)),
                      "%s %s forward %d: buffers %s" % (lab, mode, k, [n for n, _ in rb]))
                real.zero_grad()
                mine.zero_grad()


def randn(*shape):
    return lambda gen: [torch.randn(*shape, generator=gen)]


def randn2(a, b):
    return lambda gen: [torch.randn(*a, generator=gen), torch.randn(*b, generator=gen)]


def layer_cases():
    both = ("train", "eval")
    cases = [
        ("Linear(4, 3)", lambda ns: ns.Linear(4, 3), randn(5, 4)),
        ("Linear(4, 3, bias=False)", lambda ns: ns.Linear(4, 3, bias=False), randn(2, 4)),
        ("Linear(1, 1)", lambda ns: ns.Linear(1, 1), randn(3, 1)),
        ("Linear(6, 2) on 3d input", lambda ns: ns.Linear(6, 2), randn(2, 3, 6)),
        ("Linear(4, 3) wrong input", lambda ns: ns.Linear(4, 3), randn(2, 5)),
        ("Linear float64", lambda ns: ns.Linear(3, 2, dtype=torch.float64),
         lambda gen: [torch.randn(2, 3, generator=gen, dtype=torch.float64)]),
        ("Bilinear(3, 2, 4)", lambda ns: ns.Bilinear(3, 2, 4), randn2((5, 3), (5, 2))),
        ("Bilinear no bias", lambda ns: ns.Bilinear(2, 2, 3, bias=False), randn2((4, 2), (4, 2))),
        ("Identity", lambda ns: ns.Identity(3, foo=1), randn(2, 3)),
        ("Conv1d(2, 3, 3)", lambda ns: ns.Conv1d(2, 3, 3), randn(2, 2, 7)),
        ("Conv1d stride pad dil", lambda ns: ns.Conv1d(2, 4, 2, stride=2, padding=1, dilation=2), randn(1, 2, 9)),
        ("Conv1d groups", lambda ns: ns.Conv1d(4, 2, 3, groups=2, bias=False), randn(2, 4, 6)),
        ("Conv1d same", lambda ns: ns.Conv1d(2, 2, 4, padding='same'), randn(1, 2, 6)),
        ("Conv1d reflect", lambda ns: ns.Conv1d(2, 2, 3, padding=1, padding_mode='reflect'), randn(1, 2, 6)),
        ("Conv1d unbatched", lambda ns: ns.Conv1d(2, 3, 2), randn(2, 5)),
        ("Conv2d(3, 4, 3)", lambda ns: ns.Conv2d(3, 4, 3), randn(2, 3, 6, 6)),
        ("Conv2d tuple args", lambda ns: ns.Conv2d(2, 2, (2, 3), stride=(2, 1), padding=(1, 0)), randn(1, 2, 5, 5)),
        ("Conv2d same dilation", lambda ns: ns.Conv2d(1, 2, 3, padding='same', dilation=2), randn(1, 1, 6, 6)),
        ("Conv2d valid", lambda ns: ns.Conv2d(1, 2, 2, padding='valid'), randn(1, 1, 4, 4)),
        ("Conv2d circular", lambda ns: ns.Conv2d(2, 2, 3, padding=1, padding_mode='circular'), randn(1, 2, 5, 5)),
        ("Conv2d replicate", lambda ns: ns.Conv2d(2, 2, 3, padding=(1, 2), padding_mode='replicate'),
         randn(1, 2, 4, 4)),
        ("Conv2d groups no bias", lambda ns: ns.Conv2d(4, 4, 3, groups=4, bias=False), randn(1, 4, 5, 5)),
        ("Conv2d wrong channels", lambda ns: ns.Conv2d(3, 4, 3), randn(1, 2, 6, 6)),
        ("ConvTranspose1d", lambda ns: ns.ConvTranspose1d(2, 3, 3, stride=2), randn(1, 2, 4)),
        ("ConvTranspose1d out pad", lambda ns: ns.ConvTranspose1d(2, 2, 3, stride=2, padding=1, output_padding=1,
                                                                   dilation=1, groups=2), randn(2, 2, 4)),
        ("ConvTranspose2d", lambda ns: ns.ConvTranspose2d(3, 2, 2, stride=2), randn(1, 3, 3, 3)),
        ("ConvTranspose2d pad no bias", lambda ns: ns.ConvTranspose2d(2, 4, (3, 2), stride=(2, 1), padding=1,
                                                                       bias=False), randn(1, 2, 3, 4)),
        ("MaxPool1d", lambda ns: ns.MaxPool1d(2), randn(2, 3, 8)),
        ("MaxPool1d stride pad", lambda ns: ns.MaxPool1d(3, stride=2, padding=1, ceil_mode=True), randn(1, 2, 7)),
        ("MaxPool2d", lambda ns: ns.MaxPool2d(2), randn(1, 2, 6, 6)),
        ("MaxPool2d indices", lambda ns: ns.MaxPool2d((2, 3), stride=1, return_indices=True), randn(1, 1, 4, 5)),
        ("MaxPool2d dilation", lambda ns: ns.MaxPool2d(2, stride=2, dilation=2, padding=1), randn(1, 1, 7, 7)),
        ("AvgPool1d", lambda ns: ns.AvgPool1d(3, stride=2, padding=1, count_include_pad=False), randn(1, 2, 7)),
        ("AvgPool2d", lambda ns: ns.AvgPool2d(2), randn(2, 1, 4, 6)),
        ("AvgPool2d divisor", lambda ns: ns.AvgPool2d(3, stride=2, padding=1, ceil_mode=True, divisor_override=2),
         randn(1, 2, 5, 5)),
        ("AdaptiveAvgPool1d", lambda ns: ns.AdaptiveAvgPool1d(3), randn(1, 2, 7)),
        ("AdaptiveAvgPool2d", lambda ns: ns.AdaptiveAvgPool2d((2, 3)), randn(1, 2, 5, 7)),
        ("AdaptiveAvgPool2d None", lambda ns: ns.AdaptiveAvgPool2d((None, 2)), randn(1, 2, 3, 5)),
        ("AdaptiveMaxPool1d", lambda ns: ns.AdaptiveMaxPool1d(2, return_indices=True), randn(1, 2, 5)),
        ("AdaptiveMaxPool2d", lambda ns: ns.AdaptiveMaxPool2d(1), randn(2, 3, 4, 4)),
        ("Flatten", lambda ns: ns.Flatten(), randn(2, 3, 4)),
        ("Flatten dims", lambda ns: ns.Flatten(0, 1), randn(2, 3, 4)),
        ("Unflatten", lambda ns: ns.Unflatten(1, (2, 3)), randn(4, 6)),
        ("Unflatten list", lambda ns: ns.Unflatten(-1, [3, 2]), randn(2, 6)),
        ("PixelShuffle", lambda ns: ns.PixelShuffle(2), randn(1, 8, 2, 3)),
        ("Upsample nearest", lambda ns: ns.Upsample(scale_factor=2), randn(1, 1, 2, 3)),
        ("Upsample bilinear", lambda ns: ns.Upsample(size=(4, 5), mode='bilinear', align_corners=False),
         randn(1, 2, 2, 3)),
        ("Upsample tuple", lambda ns: ns.Upsample(scale_factor=(2, 1), mode='nearest'), randn(1, 1, 2, 2)),
        ("Upsample linear ac", lambda ns: ns.Upsample(scale_factor=3, mode='linear', align_corners=True),
         randn(1, 2, 3)),
        ("Embedding", lambda ns: ns.Embedding(10, 3), lambda gen: [torch.randint(0, 10, (2, 4), generator=gen)]),
        ("Embedding padding_idx", lambda ns: ns.Embedding(6, 4, padding_idx=2),
         lambda gen: [torch.tensor([[0, 2, 5], [2, 1, 3]])]),
        ("Embedding negative padding", lambda ns: ns.Embedding(6, 2, padding_idx=-1),
         lambda gen: [torch.tensor([5, 0, 1])]),
        ("Embedding max_norm", lambda ns: ns.Embedding(5, 3, max_norm=1.0, norm_type=1.0),
         lambda gen: [torch.tensor([1, 2, 1])]),
        ("Embedding _weight", lambda ns: ns.Embedding(3, 2, _weight=torch.arange(6.).reshape(3, 2)),
         lambda gen: [torch.tensor([2, 0])]),
        ("LayerNorm(4)", lambda ns: ns.LayerNorm(4), randn(3, 4)),
        ("LayerNorm([3, 4])", lambda ns: ns.LayerNorm([3, 4], eps=1e-3), randn(2, 3, 4)),
        ("LayerNorm no affine", lambda ns: ns.LayerNorm((4,), elementwise_affine=False), randn(2, 4)),
        ("GroupNorm", lambda ns: ns.GroupNorm(2, 4), randn(2, 4, 3)),
        ("GroupNorm no affine", lambda ns: ns.GroupNorm(1, 3, eps=0.01, affine=False), randn(2, 3, 2, 2)),
    ]
    acts = [
        ("ReLU", lambda ns: ns.ReLU()), ("ReLU inplace", lambda ns: ns.ReLU(inplace=True)),
        ("ReLU6", lambda ns: ns.ReLU6()), ("GELU", lambda ns: ns.GELU()),
        ("GELU tanh", lambda ns: ns.GELU(approximate='tanh')), ("SiLU", lambda ns: ns.SiLU()),
        ("Mish", lambda ns: ns.Mish()), ("Tanh", lambda ns: ns.Tanh()), ("Sigmoid", lambda ns: ns.Sigmoid()),
        ("Softmax(1)", lambda ns: ns.Softmax(dim=1)), ("Softmax()", lambda ns: ns.Softmax()),
        ("LogSoftmax(-1)", lambda ns: ns.LogSoftmax(-1)), ("LeakyReLU", lambda ns: ns.LeakyReLU()),
        ("LeakyReLU(0.2)", lambda ns: ns.LeakyReLU(0.2, True)), ("ELU", lambda ns: ns.ELU(alpha=0.5)),
        ("SELU", lambda ns: ns.SELU()), ("CELU", lambda ns: ns.CELU(2.0)),
        ("Hardtanh", lambda ns: ns.Hardtanh(-0.5, 2.0)), ("Hardtanh bad", lambda ns: ns.Hardtanh(1.0, 0.0)),
        ("Hardswish", lambda ns: ns.Hardswish()), ("Hardsigmoid", lambda ns: ns.Hardsigmoid()),
        ("Softplus", lambda ns: ns.Softplus(beta=2, threshold=1)), ("Softsign", lambda ns: ns.Softsign()),
        ("Tanhshrink", lambda ns: ns.Tanhshrink()), ("PReLU", lambda ns: ns.PReLU()),
        ("PReLU(3)", lambda ns: ns.PReLU(3, init=0.1)),
        ("Dropout", lambda ns: ns.Dropout()), ("Dropout(0.2)", lambda ns: ns.Dropout(0.2)),
        ("Dropout1d", lambda ns: ns.Dropout1d(0.5)), ("Dropout2d", lambda ns: ns.Dropout2d(p=0.3)),
        ("Dropout3d", lambda ns: ns.Dropout3d()), ("AlphaDropout", lambda ns: ns.AlphaDropout(0.4)),
        ("Dropout(1.5)", lambda ns: ns.Dropout(1.5)),
    ]
    for name, build in acts:
        shape = (2, 3, 4, 5) if name.startswith(("Dropout2d", "Dropout3d")) else (2, 3, 4)
        cases.append(("%s" % name, build, randn(*shape), 2, both))
    norms = [
        ("BatchNorm1d(3) 2d", lambda ns: ns.BatchNorm1d(3), randn(6, 3)),
        ("BatchNorm1d(3) 3d", lambda ns: ns.BatchNorm1d(3), randn(4, 3, 5)),
        ("BatchNorm1d(4) length 1", lambda ns: ns.BatchNorm1d(4), randn(5, 4, 1)),
        ("BatchNorm1d momentum None", lambda ns: ns.BatchNorm1d(2, momentum=None), randn(7, 2)),
        ("BatchNorm1d momentum 0.3", lambda ns: ns.BatchNorm1d(3, momentum=0.3, eps=1e-3), randn(3, 3, 2)),
        ("BatchNorm1d affine False", lambda ns: ns.BatchNorm1d(3, affine=False), randn(8, 3)),
        ("BatchNorm1d no running stats", lambda ns: ns.BatchNorm1d(3, track_running_stats=False), randn(4, 3)),
        ("BatchNorm1d batch 1", lambda ns: ns.BatchNorm1d(3), randn(1, 3)),
        ("BatchNorm1d 4d input", lambda ns: ns.BatchNorm1d(3), randn(2, 3, 2, 2)),
        ("BatchNorm1d non-contiguous", lambda ns: ns.BatchNorm1d(5),
         lambda gen: [torch.randn(5, 9, generator=gen).t()]),
        ("BatchNorm1d big batch", lambda ns: ns.BatchNorm1d(6), lambda gen: [torch.randn(40, 6, generator=gen) * 9 + 2]),
        ("BatchNorm2d(3)", lambda ns: ns.BatchNorm2d(3), randn(4, 3, 3, 3)),
        ("BatchNorm2d momentum None", lambda ns: ns.BatchNorm2d(2, momentum=None), randn(2, 2, 4, 4)),
        ("BatchNorm2d non-contiguous", lambda ns: ns.BatchNorm2d(3),
         lambda gen: [torch.randn(4, 4, 3, 2, generator=gen).permute(3, 2, 0, 1)]),
        ("BatchNorm2d 1x1", lambda ns: ns.BatchNorm2d(4), randn(6, 4, 1, 1)),
        ("BatchNorm2d wrong dims", lambda ns: ns.BatchNorm2d(3), randn(4, 3, 3)),
        ("InstanceNorm1d", lambda ns: ns.InstanceNorm1d(3), randn(2, 3, 5)),
        ("InstanceNorm1d affine tracked", lambda ns: ns.InstanceNorm1d(3, affine=True, track_running_stats=True),
         randn(2, 3, 5)),
        ("InstanceNorm1d unbatched tracked", lambda ns: ns.InstanceNorm1d(2, track_running_stats=True, momentum=0.5),
         randn(2, 6)),
        ("InstanceNorm2d", lambda ns: ns.InstanceNorm2d(2, affine=True), randn(3, 2, 3, 4)),
        ("InstanceNorm2d tracked", lambda ns: ns.InstanceNorm2d(2, track_running_stats=True), randn(3, 2, 3, 3)),
        ("InstanceNorm2d wrong dims", lambda ns: ns.InstanceNorm2d(2), randn(3, 2)),
    ]
    for name, build, inputs in norms:
        cases.append((name, build, inputs, 3, ("train", "eval", "train")))
    return cases


def layers():
    for case in layer_cases():
        label, build, inputs = case[:3]
        forwards = case[3] if len(case) > 3 else 2
        modes = case[4] if len(case) > 4 else ("train", "eval")
        module_case(label, build, inputs, forwards, modes)


def losses():
    gen = torch.Generator().manual_seed(5)
    x = torch.randn(4, 3, generator=gen)
    y = torch.randn(4, 3, generator=gen)
    probs = torch.rand(4, 3, generator=gen) * 0.98 + 0.01
    target01 = (torch.rand(4, 3, generator=gen) > 0.5).float()
    cls = torch.tensor([0, 2, 1, 2])
    logp = F.log_softmax(x, 1)
    w = torch.tensor([0.2, 1.0, 3.0])
    cases = []
    for red in ("mean", "sum", "none"):
        cases += [
            ("MSELoss " + red, lambda ns, r=red: ns.MSELoss(reduction=r), [x, y]),
            ("L1Loss " + red, lambda ns, r=red: ns.L1Loss(reduction=r), [x, y]),
            ("SmoothL1Loss " + red, lambda ns, r=red: ns.SmoothL1Loss(reduction=r, beta=0.5), [x, y]),
            ("HuberLoss " + red, lambda ns, r=red: ns.HuberLoss(reduction=r, delta=0.7), [x, y]),
            ("CrossEntropyLoss " + red, lambda ns, r=red: ns.CrossEntropyLoss(reduction=r), [x, cls]),
            ("CrossEntropyLoss weight " + red, lambda ns, r=red: ns.CrossEntropyLoss(weight=w, reduction=r,
                                                                                    ignore_index=1), [x, cls]),
            ("CrossEntropyLoss smoothing " + red, lambda ns, r=red: ns.CrossEntropyLoss(reduction=r,
                                                                                       label_smoothing=0.1), [x, cls]),
            ("CrossEntropyLoss probs " + red, lambda ns, r=red: ns.CrossEntropyLoss(reduction=r),
             [x, F.softmax(y, 1)]),
            ("NLLLoss " + red, lambda ns, r=red: ns.NLLLoss(reduction=r), [logp, cls]),
            ("NLLLoss weight " + red, lambda ns, r=red: ns.NLLLoss(weight=w, reduction=r), [logp, cls]),
            ("BCELoss " + red, lambda ns, r=red: ns.BCELoss(reduction=r), [probs, target01]),
            ("BCELoss weight " + red, lambda ns, r=red: ns.BCELoss(weight=w, reduction=r), [probs, target01]),
            ("BCEWithLogitsLoss " + red, lambda ns, r=red: ns.BCEWithLogitsLoss(reduction=r), [x, target01]),
            ("BCEWithLogitsLoss pos_weight " + red, lambda ns, r=red: ns.BCEWithLogitsLoss(pos_weight=w, reduction=r),
             [x, target01]),
            ("KLDivLoss " + red, lambda ns, r=red: ns.KLDivLoss(reduction=r), [logp, F.softmax(y, 1)]),
            ("KLDivLoss log_target " + red, lambda ns, r=red: ns.KLDivLoss(reduction=r, log_target=True),
             [logp, F.log_softmax(y, 1)]),
        ]
    cases += [
        ("MSELoss legacy size_average", lambda ns: ns.MSELoss(size_average=False), [x, y]),
        ("L1Loss legacy reduce", lambda ns: ns.L1Loss(reduce=False), [x, y]),
        ("KLDivLoss batchmean", lambda ns: ns.KLDivLoss(reduction='batchmean'), [logp, F.softmax(y, 1)]),
        ("CrossEntropyLoss bad target", lambda ns: ns.CrossEntropyLoss(), [x, torch.tensor([0, 3, 1, 2])]),
        ("MSELoss shape mismatch", lambda ns: ns.MSELoss(), [x, y[:, :2]]),
        ("BCELoss out of range", lambda ns: ns.BCELoss(), [x, target01]),
        ("CrossEntropyLoss bad reduction", lambda ns: ns.CrossEntropyLoss(reduction='avg'), [x, cls]),
    ]
    for label, build, args in cases:
        real, mine = build(nn), build(P)
        check(repr(real) == repr(mine), "%s: repr %r vs %r" % (label, repr(real), repr(mine)))
        check(list(real.state_dict().keys()) == list(mine.state_dict().keys()), label + ": state_dict keys")
        r = outcome(lambda: run_forward(real, args, 1, 2))
        m = outcome(lambda: run_forward(mine, args, 1, 2))
        if r[0] == "error" or m[0] == "error":
            check(r[0] == m[0] and r[1:] == m[1:], "%s: error %s vs %s" % (label, r[1:], m[1:]))
            continue
        check(bits_equal(r[1][0], m[1][0]), label + ": value")
        check(bits_equal(r[1][1], m[1][1]), label + ": gradients")


def batch_norm_statistics():
    """The running statistics of the prelude's op sequence against F.batch_norm's in-place
    update, over many random inputs: 2d, 3d and 4d, contiguous or not, spatial size 1 or more,
    several momenta."""
    momenta = [0.1, 0.01, 0.3, 0.5, 1.0 / 3, 0.7, 1.0, 0.0, 0.9, 0.25]
    bad = {}
    trials = 0
    for trial in range(800):
        gen = torch.Generator().manual_seed(trial)
        nd = 2 + trial % 3
        n = int(torch.randint(2, 33, (1,), generator=gen))
        c = int(torch.randint(1, 17, (1,), generator=gen))
        shape = [n, c] + [int(torch.randint(1, 5, (1,), generator=gen)) for _ in range(nd - 2)]
        scale = float(torch.rand(1, generator=gen)) * 20
        shift = float(torch.randn(1, generator=gen)) * 5
        if trial % 4 == 3:  # a non-contiguous input
            x = (torch.randn(*reversed(shape), generator=gen) * scale + shift).permute(*reversed(range(nd)))
        else:
            x = torch.randn(*shape, generator=gen) * scale + shift
        rm = torch.randn(c, generator=gen)
        rv = torch.rand(c, generator=gen) + 0.5
        m = momenta[trial % len(momenta)]
        a, b = rm.clone(), rv.clone()
        F.batch_norm(x, a, b, None, None, True, m, 1e-5)
        mean, var = P._running_stats(x, rm, rv, m)
        kind = "%dd %s%s" % (nd, "contiguous" if x.is_contiguous() else "non-contiguous",
                             " spatial 1" if x.numel() // (n * c) == 1 else "")
        trials += 1
        if not (bits_equal(a, mean) and bits_equal(b, var)):
            bad[kind] = bad.get(kind, 0) + 1
    check(not bad, "batch_norm running statistics over %d random inputs: mismatches %s" % (trials, bad))


# --- models written by users ------------------------------------------------------------------

NET_SOURCE = '''
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(4)
        self.pool = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(4, 6, 3)
        self.drop = nn.Dropout(0.25)
        self.fc1 = nn.Linear(6 * 1 * 1, 10)
        self.fc2 = nn.Linear(10, 3)
        self.register_buffer('steps', torch.zeros(1))
        self.scale = nn.Parameter(torch.ones(1))
        self.blocks = nn.ModuleList([nn.Linear(3, 3) for _ in range(2)])
        self.heads = nn.ModuleDict({'a': nn.Linear(3, 2), 'b': nn.Identity()})
        self.name = 'net'

    def forward(self, x):
        self.steps.add_(1)
        x = self.pool(F.relu(self.bn1(self.conv1(x))))
        x = self.pool(F.relu(self.conv2(x)))
        x = torch.flatten(x, 1)
        x = self.drop(F.relu(self.fc1(x)))
        x = self.fc2(x) * self.scale
        for block in self.blocks:
            x = x + block(x)
        return self.heads['a'](self.heads['b'](x))

class Residual(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.LayerNorm(dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.body(x)

class Tower(nn.Module):
    def __init__(self):
        super().__init__()
        shared = nn.Linear(4, 4)
        self.a = shared
        self.b = shared
        self.seq = nn.Sequential(Residual(4), nn.Tanh(), Residual(4))
        self.emb = nn.Embedding(7, 4, padding_idx=0)
        self.out = nn.Linear(4, 2, bias=False)
        self.out2 = self.out

    def forward(self, idx):
        h = self.emb(idx).mean(1)
        return self.out(self.seq(self.b(self.a(h))))

class Plain(nn.Module):
    pass

class Thing:
    pass
'''


def user_classes(ns):
    g = {"nn": ns, "torch": torch, "F": F, "__name__": "__main__"}  # a program's classes are __main__'s
    exec(NET_SOURCE, g)  # noqa: S102 - our own test source
    return types.SimpleNamespace(**g)


def models():
    R, M = user_classes(nn), user_classes(P)
    module_case("Net (CNN)", lambda ns: (R if ns is nn else M).Net(), randn(2, 1, 8, 8), 3, ("train", "eval"))
    module_case("Tower (shared modules)", lambda ns: (R if ns is nn else M).Tower(),
                lambda gen: [torch.randint(0, 7, (3, 5), generator=gen)], 2, ("train", "eval"))
    module_case("Sequential MLP", lambda ns: ns.Sequential(ns.Linear(5, 8), ns.ReLU(), ns.Dropout(0.3),
                                                           ns.Linear(8, 8), ns.BatchNorm1d(8), ns.Tanh(),
                                                           ns.Linear(8, 2), ns.LogSoftmax(dim=1)),
                randn(6, 5), 3, ("train", "eval"))
    module_case("Sequential OrderedDict", lambda ns: ns.Sequential(OrderedDict([
        ('conv', ns.Conv1d(2, 3, 3)), ('act', ns.SiLU()), ('flat', ns.Flatten()), ('fc', ns.Linear(12, 2))])),
        randn(2, 2, 6), 2, ("train",))
    module_case("Sequential nested", lambda ns: ns.Sequential(ns.Sequential(ns.Linear(2, 3), ns.ReLU()),
                                                              ns.Sequential(ns.Linear(3, 1))), randn(4, 2), 1,
                ("train",))
    module_case("Plain module", lambda ns: (R if ns is nn else M).Plain(), randn(2, 2), 1, ("train",))


# --- Module's API -------------------------------------------------------------------------------

def api():
    R, M = user_classes(nn), user_classes(P)

    def both(label, fn):
        """fn(ns, classes) in each world; the results or errors compared."""
        torch.manual_seed(3)
        r = outcome(lambda: fn(nn, R))
        torch.manual_seed(3)
        m = outcome(lambda: fn(P, M))
        if r[0] == "ok" and m[0] == "ok":
            check(bits_equal(r[1], m[1]) if isinstance(r[1], (torch.Tensor, list, tuple)) else r[1] == m[1],
                  "%s: %r vs %r" % (label, r[1], m[1]))
        else:
            check(r[0] == m[0] and r[1:] == m[1:], "%s: %s vs %s" % (label, r[1:], m[1:]))

    def setattr_before_init(ns, c):
        class Bad(ns.Module):
            def __init__(self):
                self.fc = ns.Linear(2, 2)
        return Bad()

    def param_before_init(ns, c):
        class Bad(ns.Module):
            def __init__(self):
                self.w = nn.Parameter(torch.ones(2))
        return Bad()

    def no_forward(ns, c):
        return c.Plain()(torch.ones(1))

    both("module assigned before Module.__init__()", setattr_before_init)
    both("parameter assigned before Module.__init__()", param_before_init)
    both("missing forward", no_forward)
    both("missing attribute", lambda ns, c: ns.Linear(2, 2).weights)
    both("missing attribute on user class", lambda ns, c: c.Net().fc3)
    both("tensor over a parameter", lambda ns, c: setattr(ns.Linear(2, 2), 'weight', torch.ones(2, 2)))
    both("int over a module", lambda ns, c: setattr(c.Net(), 'fc1', 3))
    both("string over a buffer", lambda ns, c: setattr(ns.BatchNorm1d(2), 'running_mean', 'x'))
    both("None over a parameter", lambda ns, c: [n for n, _ in _with(ns.Linear(2, 2), 'bias', None).named_parameters()])
    both("None over a module", lambda ns, c: [n for n, _ in _with(c.Net(), 'fc1', None).named_modules()])
    both("tensor buffer assignment", lambda ns, c: _with(ns.BatchNorm1d(2), 'running_mean', torch.ones(2)).running_mean)
    both("parameter replaces a plain attribute", lambda ns, c: [n for n, _ in _with(_with(
        ns.Linear(2, 2), 'extra', 3), 'extra', nn.Parameter(torch.zeros(1))).named_parameters()])
    both("module replaces a parameter", lambda ns, c: ([n for n, _ in _with(
        ns.Linear(2, 2), 'bias', ns.ReLU()).named_parameters()], repr(_with(ns.Linear(2, 2), 'bias', ns.ReLU()))))
    both("register_buffer name with dot", lambda ns, c: ns.Linear(2, 2).register_buffer('a.b', torch.ones(1)))
    both("register_buffer empty name", lambda ns, c: ns.Linear(2, 2).register_buffer('', torch.ones(1)))
    both("register_buffer existing attribute", lambda ns, c: ns.Linear(2, 2).register_buffer('weight', torch.ones(1)))
    both("register_buffer method name", lambda ns, c: ns.Linear(2, 2).register_buffer('forward', torch.ones(1)))
    both("register_buffer not a tensor", lambda ns, c: ns.Linear(2, 2).register_buffer('b', [1, 2]))
    both("register_buffer name not str", lambda ns, c: ns.Linear(2, 2).register_buffer(3, torch.ones(1)))
    both("register_parameter not a Parameter", lambda ns, c: ns.Linear(2, 2).register_parameter('p', torch.ones(1)))
    both("register_parameter non-leaf", lambda ns, c: ns.Linear(2, 2).register_parameter('p', _nonleaf_parameter()))
    both("register_parameter existing attribute", lambda ns, c: ns.Linear(2, 2).register_parameter(
        'in_features', nn.Parameter(torch.ones(1))))
    both("add_module not a module", lambda ns, c: ns.Linear(2, 2).add_module('m', torch.ones(1)))
    both("add_module dotted name", lambda ns, c: ns.Linear(2, 2).add_module('a.b', ns.ReLU()))
    both("add_module empty name", lambda ns, c: ns.Linear(2, 2).add_module('', ns.ReLU()))
    both("add_module existing attribute", lambda ns, c: ns.Linear(2, 2).add_module('weight', ns.ReLU()))
    both("non-persistent buffer", lambda ns, c: list(_buffer(ns.Linear(2, 2), 'tmp', False).state_dict().keys()))
    both("non-persistent buffer listed", lambda ns, c: [n for n, _ in _buffer(ns.Linear(2, 2), 'tmp', False)
                                                         .named_buffers()])
    both("None buffer", lambda ns, c: (list(_buffer(ns.Linear(2, 2), 'nothing', True, None).state_dict().keys()),
                                       _buffer(ns.Linear(2, 2), 'nothing', True, None).nothing))
    both("train('yes')", lambda ns, c: c.Net().train('yes'))
    both("train/eval flags", lambda ns, c: [m.training for m in c.Net().train().eval().modules()] +
         [m.training for m in c.Net().eval().train().modules()])
    both("train returns self", lambda ns, c: type(c.Net().train(False)).__name__)
    both("named_parameters prefix, no recurse", lambda ns, c: [n for n, _ in c.Net().named_parameters(prefix='m')] +
         [n for n, _ in c.Net().named_parameters(recurse=False)])
    both("named_buffers", lambda ns, c: [n for n, _ in c.Net().named_buffers()])
    both("named_modules no dedup", lambda ns, c: [n for n, _ in c.Tower().named_modules(remove_duplicate=False)])
    both("named_modules prefix", lambda ns, c: [n for n, _ in c.Tower().named_modules(prefix='t')])
    both("children", lambda ns, c: [type(m).__name__ for m in c.Tower().children()])
    both("parameter count", lambda ns, c: sum(p.numel() for p in c.Net().parameters()))
    both("state_dict prefix keep_vars", lambda ns, c: [(k, v.requires_grad) for k, v in
                                                        c.Net().state_dict(prefix='p.', keep_vars=True).items()])
    both("get_submodule", lambda ns, c: repr(c.Tower().get_submodule('seq.0.body.1')))
    both("get_submodule missing", lambda ns, c: c.Tower().get_submodule('seq.9'))
    both("get_submodule not a module", lambda ns, c: c.Tower().get_submodule('out.weight'))
    both("apply order", lambda ns, c: _apply_names(c.Tower()))
    both("requires_grad_(False)", lambda ns, c: [p.requires_grad for p in c.Net().requires_grad_(False).parameters()])
    both("zero_grad keeps zeros", lambda ns, c: _grads_after(c, ns, False))
    both("zero_grad set_to_none", lambda ns, c: _grads_after(c, ns, True))
    both("double()", lambda ns, c: [(n, p.dtype, p.double()) for n, p in ns.Linear(2, 3).double().named_parameters()])
    both("to(torch.float64) buffers", lambda ns, c: [(n, b.dtype) for n, b in
                                                      ns.BatchNorm1d(2).to(torch.float64).named_buffers()])
    both("to('cpu') keeps the parameters", lambda ns, c: _same_objects(ns.Linear(2, 2), lambda m: m.to('cpu')))
    both("to(int) refused", lambda ns, c: ns.Linear(2, 2).to(torch.int64))
    both("float() keeps float32", lambda ns, c: _same_objects(ns.Linear(2, 2), lambda m: m.float()))
    both("load_state_dict", lambda ns, c: _load(ns, c, lambda sd: sd))
    both("load_state_dict missing key", lambda ns, c: _load(ns, c, lambda sd: _drop(sd, 'fc1.bias')))
    both("load_state_dict unexpected key", lambda ns, c: _load(ns, c, lambda sd: _add(sd, 'fc9.weight')))
    both("load_state_dict size mismatch", lambda ns, c: _load(ns, c, lambda sd: _add(sd, 'fc2.bias', torch.ones(5))))
    both("load_state_dict not strict", lambda ns, c: _load(ns, c, lambda sd: _add(_drop(sd, 'fc1.bias'), 'zz'),
                                                           strict=False))
    both("load_state_dict not a tensor", lambda ns, c: _load(ns, c, lambda sd: _add(sd, 'fc2.bias', 3)))
    both("load_state_dict not a dict", lambda ns, c: ns.Linear(2, 2).load_state_dict([1]))
    both("forward hooks", lambda ns, c: _hooks(ns))
    both("Sequential indexing", lambda ns, c: _seq_ops(ns))
    both("Sequential index out of range", lambda ns, c: ns.Sequential(ns.ReLU())[1])
    both("Sequential index -2 out of range", lambda ns, c: ns.Sequential(ns.ReLU())[-2])
    both("Sequential index not int", lambda ns, c: ns.Sequential(ns.ReLU())['0'])
    both("Sequential of a non-module", lambda ns, c: ns.Sequential(ns.ReLU(), 3))
    both("Sequential of a plain dict", lambda ns, c: ns.Sequential({'a': ns.ReLU()}))
    both("Sequential of a class", lambda ns, c: ns.Sequential(ns.Linear(2, 2), ns.ReLU))
    both("Sequential of a program's class", lambda ns, c: ns.Sequential(c.Net))
    both("add_module of a program's object", lambda ns, c: ns.Linear(2, 2).add_module('t', c.Thing()))
    both("parameter over a program's object", lambda ns, c: setattr(ns.Linear(2, 2), 'weight', c.Thing()))
    both("Sequential insert out of range", lambda ns, c: ns.Sequential(ns.ReLU()).insert(3, ns.Tanh()))
    both("Sequential insert non-module", lambda ns, c: ns.Sequential(ns.ReLU()).insert(0, 3))
    both("ModuleList ops", lambda ns, c: _list_ops(ns))
    both("ModuleList index out of range", lambda ns, c: ns.ModuleList([ns.ReLU()])[3])
    both("ModuleList extend non-iterable", lambda ns, c: ns.ModuleList().extend(ns.ReLU()))
    both("ModuleList call", lambda ns, c: ns.ModuleList([ns.ReLU()])(torch.ones(1)))
    both("ModuleDict ops", lambda ns, c: _dict_ops(ns))
    both("ModuleDict missing key", lambda ns, c: ns.ModuleDict({'a': ns.ReLU()})['b'])
    both("ModuleDict update pairs", lambda ns, c: repr(ns.ModuleDict([('x', ns.ReLU()), ['y', ns.Tanh()]])))
    both("ModuleDict update bad element", lambda ns, c: ns.ModuleDict([('x', ns.ReLU(), 3)]))
    both("ModuleDict update not iterable", lambda ns, c: ns.ModuleDict().update(3))
    both("repr of user model", lambda ns, c: repr(c.Net()) + repr(c.Tower()) + repr(c.Plain()))
    both("extra_repr multi-line", lambda ns, c: repr(_multiline(ns)))


def _with(module, name, value):
    setattr(module, name, value)
    return module


def _buffer(module, name, persistent, value=0):
    module.register_buffer(name, torch.ones(2) if value == 0 else value, persistent=persistent)
    return module


def _nonleaf_parameter():
    p = nn.Parameter(torch.ones(2))
    q = p * 2
    q.__class__ = nn.Parameter  # a Parameter with a grad_fn, as a view of one would be
    return q


def _apply_names(model):
    seen = []
    model.apply(lambda m: seen.append(type(m).__name__))
    return seen


def _grads_after(c, ns, set_to_none):
    model = c.Net()
    model(torch.randn(2, 1, 8, 8)).sum().backward()
    if set_to_none:
        model.zero_grad(set_to_none=True)
    else:
        model.zero_grad()  # 1.13's default: zeros
    return [None if p.grad is None else p.grad for p in model.parameters()]


def _same_objects(model, fn):
    before = list(model.parameters())
    after = list(fn(model).parameters())
    return [a is b for a, b in zip(before, after)]


def _drop(sd, key):
    sd.pop(key)
    return sd


def _add(sd, key, value=None):
    sd[key] = torch.zeros(3) if value is None else value
    return sd


def _load(ns, c, edit, strict=True):
    src, dst = c.Net(), c.Net()
    sd = edit(dict(src.state_dict()))
    result = dst.load_state_dict(sd, strict=strict)
    return (repr(result), list(result.missing_keys), list(result.unexpected_keys),
            [bits_equal(a, b) for a, b in zip(src.state_dict().values(), dst.state_dict().values())])


def _hooks(ns):
    lin = ns.Linear(3, 2)
    calls = []

    def pre(module, inputs):
        calls.append(("pre", type(module).__name__, len(inputs)))
        return inputs[0] * 2

    def post(module, inputs, output):
        calls.append(("post", tuple(output.shape)))
        return output + 1

    h1 = lin.register_forward_pre_hook(pre)
    h2 = lin.register_forward_hook(post)
    x = torch.ones(1, 3)
    a = lin(x)
    h1.remove()
    b = lin(x)
    h2.remove()
    c = lin(x)
    return [a, b, c, calls]


def _seq_ops(ns):
    s = ns.Sequential(ns.Linear(2, 3), ns.ReLU(), ns.Linear(3, 1))
    out = [len(s), type(s[0]).__name__, type(s[-1]).__name__, [type(m).__name__ for m in s]]
    s.append(ns.Sigmoid())
    s.insert(1, ns.Tanh())
    s.insert(-1, ns.Identity())
    s.extend([ns.ReLU(), ns.ReLU6()])
    popped = s.pop(2)
    s[0] = ns.Linear(2, 3, bias=False)
    out += [repr(s), type(popped).__name__, [n for n, _ in s.named_parameters()], repr(s[1:3]), repr(s[::2])]
    return out


def _list_ops(ns):
    layers = ns.ModuleList([ns.Linear(2, 2) for _ in range(3)])
    layers.append(ns.ReLU())
    layers.extend([ns.Tanh(), ns.Sigmoid()])
    layers.insert(1, ns.Identity())
    layers[0] = ns.Linear(2, 4)
    popped = layers.pop(-2)
    return [len(layers), repr(layers), type(popped).__name__, [type(m).__name__ for m in layers],
            repr(layers[1:3]), [n for n, _ in layers.named_parameters()], type(layers[-1]).__name__]


def _dict_ops(ns):
    d = ns.ModuleDict({'enc': ns.Linear(2, 3), 'act': ns.ReLU()})
    d['dec'] = ns.Linear(3, 2)
    d.update({'out': ns.Sigmoid(), 'enc': ns.Linear(2, 4)})
    popped = d.pop('act')
    keys = list(d.keys())
    values = [type(v).__name__ for v in d.values()]
    items = [(k, type(v).__name__) for k, v in d.items()]
    out = [len(d), keys, values, items, list(d), 'dec' in d, 'act' in d, type(popped).__name__, repr(d)]
    d.clear()
    return out + [len(d), repr(d)]


def _multiline(ns):
    class Multi(ns.Module):
        def __init__(self):
            super().__init__()
            self.fc = ns.Linear(1, 1)

        def extra_repr(self):
            return 'first\nsecond'
    return Multi()


def constructor_errors():
    cases = [
        ("Conv2d groups 0", lambda ns: ns.Conv2d(2, 2, 3, groups=0)),
        ("Conv2d in_channels % groups", lambda ns: ns.Conv2d(3, 2, 3, groups=2)),
        ("Conv2d out_channels % groups", lambda ns: ns.Conv2d(2, 3, 3, groups=2)),
        ("Conv2d padding string", lambda ns: ns.Conv2d(2, 2, 3, padding='full')),
        ("Conv2d same strided", lambda ns: ns.Conv2d(2, 2, 3, stride=2, padding='same')),
        ("Conv1d padding_mode", lambda ns: ns.Conv1d(2, 2, 3, padding_mode='wrap')),
        ("ConvTranspose2d padding_mode", lambda ns: ns.ConvTranspose2d(2, 2, 3, padding_mode='reflect')),
        ("Dropout p", lambda ns: ns.Dropout(-0.1)),
        ("Embedding padding_idx", lambda ns: ns.Embedding(3, 2, padding_idx=3)),
        ("Embedding padding_idx negative", lambda ns: ns.Embedding(3, 2, padding_idx=-4)),
        ("Embedding _weight shape", lambda ns: ns.Embedding(3, 2, _weight=torch.ones(2, 2))),
        ("GroupNorm divisibility", lambda ns: ns.GroupNorm(3, 4)),
        ("Unflatten bad size", lambda ns: ns.Unflatten(1, 6)),
        ("Unflatten bad element", lambda ns: ns.Unflatten(1, (2, 3.0))),
        ("Unflatten str dim", lambda ns: ns.Unflatten('a', (2, 3))),
        ("Unflatten bad dim", lambda ns: ns.Unflatten(1.5, (2, 3))),
        ("Hardtanh order", lambda ns: ns.Hardtanh(2.0, 1.0)),
        ("Linear negative", lambda ns: ns.Linear(-1, 2)),
    ]
    for label, build in cases:
        for s in SEEDS[:1]:
            torch.manual_seed(s)
            r = outcome(lambda: repr(build(nn)))
            torch.manual_seed(s)
            m = outcome(lambda: repr(build(P)))
            check(r == m, "%s: %s vs %s" % (label, r, m))
    # ConvTranspose with output_size
    for output_size in ([7], [1, 2, 8], [9], [3, 4], torch.Size([1, 2, 8])):
        torch.manual_seed(0)
        real = nn.ConvTranspose1d(2, 2, 3, stride=2)
        torch.manual_seed(0)
        mine = P.ConvTranspose1d(2, 2, 3, stride=2)
        x = torch.randn(1, 2, 3)
        r = outcome(lambda: real(x, output_size=output_size))
        m = outcome(lambda: mine(x, output_size=output_size))
        check(r[0] == m[0] and (bits_equal(r[1], m[1]) if r[0] == "ok" else r[1:] == m[1:]),
              "ConvTranspose1d output_size %s: %s vs %s" % (output_size, r[0:1] + r[2:], m[0:1] + m[2:]))
    torch.manual_seed(0)
    real, mine = nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1), None
    torch.manual_seed(0)
    mine = P.ConvTranspose2d(2, 3, 3, stride=2, padding=1)
    x = torch.randn(1, 2, 4, 4)
    check(bits_equal(real(x, output_size=[8, 8]), mine(x, output_size=[8, 8])), "ConvTranspose2d output_size")


# --- init ---------------------------------------------------------------------------------------

def init_checks():
    shapes = [(3, 5), (4, 2, 3), (2, 3, 2, 2), (6, 1), (1, 1, 4)]
    calls = [
        ("uniform_", lambda m, t: m.uniform_(t)), ("uniform_(-2, 3)", lambda m, t: m.uniform_(t, -2., 3.)),
        ("normal_", lambda m, t: m.normal_(t)), ("normal_(1, 0.1)", lambda m, t: m.normal_(t, mean=1., std=0.1)),
        ("constant_", lambda m, t: m.constant_(t, 0.3)), ("ones_", lambda m, t: m.ones_(t)),
        ("zeros_", lambda m, t: m.zeros_(t)),
        ("xavier_uniform_", lambda m, t: m.xavier_uniform_(t)),
        ("xavier_uniform_ gain", lambda m, t: m.xavier_uniform_(t, gain=m.calculate_gain('relu'))),
        ("xavier_normal_", lambda m, t: m.xavier_normal_(t, 0.5)),
        ("kaiming_uniform_", lambda m, t: m.kaiming_uniform_(t)),
        ("kaiming_uniform_ relu fan_out", lambda m, t: m.kaiming_uniform_(t, mode='fan_out', nonlinearity='relu')),
        ("kaiming_uniform_ a=sqrt(5)", lambda m, t: m.kaiming_uniform_(t, a=math.sqrt(5))),
        ("kaiming_normal_", lambda m, t: m.kaiming_normal_(t)),
        ("kaiming_normal_ FAN_OUT tanh", lambda m, t: m.kaiming_normal_(t, mode='FAN_OUT', nonlinearity='tanh')),
        ("trunc_normal_", lambda m, t: m.trunc_normal_(t)),
        ("trunc_normal_(0.5, 2, -1, 1)", lambda m, t: m.trunc_normal_(t, 0.5, 2., -1., 1.)),
        ("eye_", lambda m, t: m.eye_(t)),
        ("dirac_", lambda m, t: m.dirac_(t)), ("dirac_ groups 2", lambda m, t: m.dirac_(t, 2)),
        ("kaiming_uniform_ bad mode", lambda m, t: m.kaiming_uniform_(t, mode='fan_avg')),
        ("kaiming_normal_ bad nonlinearity", lambda m, t: m.kaiming_normal_(t, nonlinearity='swish')),
    ]
    for label, call in calls:
        for shape in shapes:
            for s in SEEDS[:2]:
                for as_param in (False, True):
                    def make():
                        t = torch.empty(shape)
                        return nn.Parameter(t) if as_param else t
                    tr, tm = make(), make()
                    torch.manual_seed(s)
                    r = outcome(lambda: call(nn.init, tr))
                    torch.manual_seed(s)
                    m = outcome(lambda: call(I, tm))
                    what = "init.%s %s seed %d%s" % (label, shape, s, " Parameter" if as_param else "")
                    if r[0] == "ok" and m[0] == "ok":
                        check(bits_equal(tr, tm) and tr.requires_grad == tm.requires_grad, what)
                        check(r[1] is tr and m[1] is tm, what + ": returns the tensor")
                    else:
                        check(r[0] == m[0] and r[1:] == m[1:], "%s: %s vs %s" % (what, r[1:], m[1:]))
    # the draws leave the generator where PyTorch's do
    for label, call in calls[:17]:
        torch.manual_seed(11)
        call(nn.init, torch.empty(4, 3))
        after_real = torch.rand(4)
        torch.manual_seed(11)
        call(I, torch.empty(4, 3))
        after_mine = torch.rand(4)
        check(bits_equal(after_real, after_mine), "init.%s: the generator after it" % label)
    gains = [("linear",), ("conv1d",), ("conv_transpose2d",), ("sigmoid",), ("tanh",), ("relu",), ("leaky_relu",),
             ("leaky_relu", 0.2), ("leaky_relu", 3), ("selu",), ("leaky_relu", True), ("leaky_relu", "x"),
             ("softmax",), ("gelu", 1.0)]
    for args in gains:
        r = outcome(lambda: nn.init.calculate_gain(*args))
        m = outcome(lambda: I.calculate_gain(*args))
        check(r == m and type(r[1]) is type(m[1]), "calculate_gain%s: %s vs %s" % (args, r, m))
    for shape in [(3,), (), (2, 3), (2, 3, 4, 5), (0, 3)]:
        t = torch.empty(shape)
        r = outcome(lambda: nn.init._calculate_fan_in_and_fan_out(t))
        m = outcome(lambda: I._calculate_fan_in_and_fan_out(t))
        check(r == m, "_calculate_fan_in_and_fan_out %s: %s vs %s" % (shape, r, m))
        for mode in ("fan_in", "fan_out", "Fan_In", "fan"):
            r = outcome(lambda: nn.init._calculate_correct_fan(t, mode))
            m = outcome(lambda: I._calculate_correct_fan(t, mode))
            check(r == m, "_calculate_correct_fan %s %s: %s vs %s" % (shape, mode, r, m))
    for shape in [(3,), (2, 3, 4), (3, 3, 3, 3, 3, 3)]:
        for fn in ("eye_", "dirac_", "xavier_uniform_"):
            t = torch.empty(shape)
            r = outcome(lambda: getattr(nn.init, fn)(t))
            m = outcome(lambda: getattr(I, fn)(t))
            check(r[0] == m[0] and (r[1:] == m[1:] if r[0] == "error" else True), "init.%s %s: %s vs %s"
                  % (fn, shape, r[:1] + r[2:], m[:1] + m[2:]))
    t = torch.empty(3, 2, 3)
    check(outcome(lambda: nn.init.dirac_(t, 2)) == outcome(lambda: I.dirac_(t, 2)), "init.dirac_ groups not dividing")
    t0r, t0m = torch.empty(0, 3), torch.empty(0, 3)
    check(nn.init.kaiming_uniform_(t0r) is t0r and I.kaiming_uniform_(t0m) is t0m, "kaiming on zero elements: no-op")
    t = torch.empty(2, 2, dtype=torch.int64)
    check(bits_equal(nn.init.eye_(t.clone()), I.eye_(t.clone())), "init.eye_ int64")


# --- optimizers ---------------------------------------------------------------------------------

def make_params(seed, with_unused=False):
    gen = torch.Generator().manual_seed(seed)
    shapes = [(4, 3), (4,), (2, 4), (2,)] + ([(3,)] if with_unused else [])
    return [torch.randn(*s, generator=gen) for s in shapes]


def loss_of(params, x, y, extra=0.0):
    w1, b1, w2, b2 = params[:4]
    h = torch.tanh(x @ w1.t() + b1)
    out = h @ w2.t() + b2
    return ((out - y) ** 2).mean() + extra * (w1 ** 2).sum()


def optimizer_run(make_opt, ns, seed, steps=6, groups=None, closure=False, zero_set_to_none=False, unused=False):
    """Parameters, states and losses over a short training loop with optimizer class from ns."""
    base = make_params(seed, unused)
    params = [nn.Parameter(t.clone()) for t in base]
    gen = torch.Generator().manual_seed(seed + 100)
    x = torch.randn(8, 3, generator=gen)
    y = torch.randn(8, 2, generator=gen)
    if groups:
        opt = make_opt(ns, groups(params))
    else:
        opt = make_opt(ns, params)
    history = []
    for step in range(steps):
        if closure:
            def closure_fn():
                opt.zero_grad()
                loss = loss_of(params, x, y, 0.01)
                loss.backward()
                return loss
            loss = opt.step(closure_fn)
        else:
            if zero_set_to_none:
                opt.zero_grad(set_to_none=True)
            else:
                opt.zero_grad()  # 1.13's default: zeros
            loss = loss_of(params, x[step % 2::2], y[step % 2::2], 0.01)
            loss.backward()
            ret = opt.step()
            history.append(ret)
        history.append([p.detach().clone() for p in params])
        history.append(loss.detach())
    sd = opt.state_dict()
    state = {k: sorted(v.items()) for k, v in sd["state"].items()}
    groups_out = [{k: v for k, v in g.items()} for g in sd["param_groups"]]
    return history, state, groups_out, repr(opt), [p.grad for p in params], len(opt.state)


def optimizers():
    configs = [
        ("SGD lr", lambda ns, p: ns.SGD(p, lr=0.1)),
        ("SGD positional lr", lambda ns, p: ns.SGD(p, 0.05)),
        ("SGD momentum", lambda ns, p: ns.SGD(p, lr=0.1, momentum=0.9)),
        ("SGD momentum dampening", lambda ns, p: ns.SGD(p, lr=0.1, momentum=0.8, dampening=0.3)),
        ("SGD nesterov", lambda ns, p: ns.SGD(p, lr=0.05, momentum=0.9, nesterov=True)),
        ("SGD weight_decay", lambda ns, p: ns.SGD(p, lr=0.1, weight_decay=0.01)),
        ("SGD momentum wd maximize", lambda ns, p: ns.SGD(p, lr=0.01, momentum=0.5, weight_decay=0.1,
                                                          maximize=True)),
        ("SGD foreach False", lambda ns, p: ns.SGD(p, lr=0.1, momentum=0.9, foreach=False)),
        ("Adam default", lambda ns, p: ns.Adam(p)),
        ("Adam lr", lambda ns, p: ns.Adam(p, lr=0.01)),
        ("Adam betas eps", lambda ns, p: ns.Adam(p, lr=0.02, betas=(0.8, 0.99), eps=1e-6)),
        ("Adam weight_decay", lambda ns, p: ns.Adam(p, lr=0.01, weight_decay=0.1)),
        ("Adam amsgrad", lambda ns, p: ns.Adam(p, lr=0.05, amsgrad=True)),
        ("Adam amsgrad wd maximize", lambda ns, p: ns.Adam(p, lr=0.01, weight_decay=0.05, amsgrad=True,
                                                           maximize=True)),
        ("AdamW default", lambda ns, p: ns.AdamW(p)),
        ("AdamW lr wd", lambda ns, p: ns.AdamW(p, lr=0.05, weight_decay=0.1)),
        ("AdamW amsgrad", lambda ns, p: ns.AdamW(p, lr=0.01, amsgrad=True, betas=(0.5, 0.9))),
        ("AdamW maximize no wd", lambda ns, p: ns.AdamW(p, lr=0.01, weight_decay=0, maximize=True)),
    ]
    for label, make in configs:
        for s in SEEDS:
            for variant in ("plain", "closure", "set_to_none", "groups", "unused"):
                kwargs = {}
                if variant == "closure":
                    kwargs["closure"] = True
                elif variant == "set_to_none":
                    kwargs["zero_set_to_none"] = True
                elif variant == "unused":
                    kwargs["unused"] = True
                elif variant == "groups":
                    kwargs["groups"] = lambda p: [{"params": p[:2]}, {"params": p[2:], "lr": 0.003}]
                r = outcome(lambda: optimizer_run(make, optim, s, **kwargs))
                m = outcome(lambda: optimizer_run(make, O, s, **kwargs))
                what = "%s [seed %d, %s]" % (label, s, variant)
                if r[0] != "ok" or m[0] != "ok":
                    check(r == m, "%s: %s vs %s" % (what, r[1:], m[1:]))
                    continue
                (rh, rs, rg, rr, rgr, rn), (mh, ms, mg, mr, mgr, mn) = r[1], m[1]
                check(bits_equal(rh, mh), what + ": parameters and losses after each step")
                check(list(rs.keys()) == list(ms.keys()) and all(
                    [k for k, _ in rs[i]] == [k for k, _ in ms[i]] and
                    all(bits_equal(a, b) for (_, a), (_, b) in zip(rs[i], ms[i])) for i in rs),
                    what + ": state (buffers, moments, step) bit for bit")
                check(rn == mn, what + ": state entries")
                check(str(rg) == str(mg), "%s: param_groups %s vs %s" % (what, rg, mg))
                check(rr == mr, "%s: repr\n%s\nvs\n%s" % (what, rr, mr))
                check(bits_equal(rgr, mgr), what + ": grads left by zero_grad/backward")
    errors = [
        ("SGD no lr", lambda ns, p: ns.SGD(p)),
        ("SGD negative lr", lambda ns, p: ns.SGD(p, lr=-0.1)),
        ("SGD negative momentum", lambda ns, p: ns.SGD(p, lr=0.1, momentum=-1)),
        ("SGD negative weight_decay", lambda ns, p: ns.SGD(p, lr=0.1, weight_decay=-1e-3)),
        ("SGD nesterov without momentum", lambda ns, p: ns.SGD(p, lr=0.1, nesterov=True)),
        ("SGD nesterov with dampening", lambda ns, p: ns.SGD(p, lr=0.1, momentum=0.9, dampening=0.1, nesterov=True)),
        ("Adam negative lr", lambda ns, p: ns.Adam(p, lr=-1)),
        ("Adam negative eps", lambda ns, p: ns.Adam(p, eps=-1e-8)),
        ("Adam beta0", lambda ns, p: ns.Adam(p, betas=(1.0, 0.9))),
        ("Adam beta1", lambda ns, p: ns.Adam(p, betas=(0.9, -0.1))),
        ("Adam weight decay", lambda ns, p: ns.Adam(p, weight_decay=-1)),
        ("AdamW beta1", lambda ns, p: ns.AdamW(p, betas=(0.9, 1.5))),
        ("AdamW negative lr", lambda ns, p: ns.AdamW(p, lr=-1)),
        ("empty params", lambda ns, p: ns.SGD([], lr=0.1)),
        ("a tensor as params", lambda ns, p: ns.SGD(p[0], lr=0.1)),
        ("a non-tensor param", lambda ns, p: ns.SGD([p[0], 3], lr=0.1)),
        ("a non-leaf param", lambda ns, p: ns.Adam([p[0] * 2])),
        ("a param in two groups", lambda ns, p: ns.SGD([{"params": p[:2]}, {"params": p[1:]}], lr=0.1)),
        ("group without lr", lambda ns, p: ns.SGD([{"params": p[:2], "lr": 0.1}, {"params": p[2:]}])),
        ("group not a dict", lambda ns, p: ns.SGD(p, lr=0.1).add_param_group([p[0]])),
        ("group without params", lambda ns, p: ns.SGD(p, lr=0.1).add_param_group({"lr": 0.1})),
        ("Adam fused", lambda ns, p: ns.Adam(p, fused=True)),
        ("add_param_group", lambda ns, p: repr(_added(ns.SGD(p[:2], lr=0.1, momentum=0.5), p[2:]))),
        ("add_param_group tensor", lambda ns, p: repr(_added(ns.Adam(p[:2]), p[2], lr=0.5))),
        ("param_groups", lambda ns, p: str([{k: v for k, v in g.items() if k != 'params'}
                                            for g in ns.AdamW(p, lr=0.1).param_groups])),
        ("state before a step", lambda ns, p: str(ns.Adam(p).state_dict())),
    ]
    for label, make in errors:
        base = make_params(0)
        r = outcome(lambda: make(optim, [nn.Parameter(t.clone()) for t in base]))
        m = outcome(lambda: make(O, [nn.Parameter(t.clone()) for t in base]))
        if r[0] == "ok" and m[0] == "ok":
            check(not isinstance(r[1], str) or r[1] == m[1], "%s: %r vs %r" % (label, r[1], m[1]))
        else:
            check(r == m, "%s: %s vs %s" % (label, r[1:], m[1:]))
    # a model trained by each optimizer: parameters bit for bit (the prelude's nn with its optim,
    # against PyTorch's nn with its optim)
    R, M = user_classes(nn), user_classes(P)
    for label, make in configs[::3]:
        results = []
        for ns, classes, opt_ns in ((nn, R, optim), (P, M, O)):
            torch.manual_seed(5)
            model = classes.Net()
            opt = make(opt_ns, model.parameters())
            gen = torch.Generator().manual_seed(9)
            x = torch.randn(4, 1, 8, 8, generator=gen)
            y = torch.tensor([0, 1, 1, 0])
            losses = []
            for step in range(4):
                torch.manual_seed(step)
                opt.zero_grad()
                loss = F.cross_entropy(model(x), y)
                loss.backward()
                opt.step()
                losses.append(loss.detach())
            results.append((losses, [p.detach().clone() for p in model.parameters()],
                            [b.clone() for b in model.buffers()]))
        check(bits_equal(results[0], results[1]), "%s training the CNN: losses, parameters, buffers" % label)


def _added(opt, params, **kw):
    group = {"params": params}
    group.update(kw)
    opt.add_param_group(group)
    return opt


# --- the model corpus ---------------------------------------------------------------------------

def corpus_through_prelude():
    """Each program of tests/programs/model_corpus.py run whole twice (scripts/gen_golden_models.py's
    golden): with PyTorch's torch.nn and torch.optim, and with the prelude's in their place
    (torch.nn, torch.optim swapped on the torch module for the run): what it printed, its final
    values and its error the same."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    sys.path.insert(0, os.path.join(ROOT, "tests", "programs"))
    import gen_golden_models  # noqa: E402
    import model_corpus  # noqa: E402
    nn_shim = types.SimpleNamespace(**vars(P))
    nn_shim.init, nn_shim.functional, nn_shim.Parameter = I, F, nn.Parameter
    real_nn, real_optim = torch.nn, torch.optim
    for k, program in enumerate(model_corpus.PROGRAMS):
        want = gen_golden_models.golden(program)
        try:
            torch.nn, torch.optim = nn_shim, O
            got = gen_golden_models.golden(program)
        finally:
            torch.nn, torch.optim = real_nn, real_optim
        for key in ("stdout", "values", "error"):
            check(want[key] == got[key], "corpus program %d through the prelude: %s\n%s\nvs\n%s"
                  % (k + 1, key, want[key], got[key]))


# --- main ---------------------------------------------------------------------------------------

def subset():
    for filename, given in GIVEN.items():
        problems = subset_problems(os.path.join(PRELUDE, filename), given)
        for line, what in problems:
            check(False, "%s line %d: outside the interpreter's subset: %s" % (filename, line, what))
        check(not problems, "%s stays inside the subset" % filename)


def functional():
    """torch_nn_functional.py's functions against torch.nn.functional's, bit for bit: the value,
    the input after (inplace), the generator after (the same draws), grad_fn, or the error."""
    shapes = [(), (5,), (3, 4), (2, 3, 4), (2, 3, 2, 2), (2, 2, 2, 2, 2), (0, 3, 2)]
    for name in ("dropout1d", "dropout2d", "dropout3d"):
        for shape in shapes:
            for p in (0.0, 0.3, 0.5, 1.0, -0.1, 1.5):
                for training in (True, False):
                    for inplace in (False, True):
                        for dtype in (torch.float32, torch.float64):
                            for grad in ((False, True) if not inplace else (False,)):
                                def run(fn):
                                    torch.manual_seed(5)
                                    x = (torch.arange(math.prod(shape), dtype=dtype) + 1).reshape(shape)
                                    if grad:
                                        x.requires_grad_()
                                    r = outcome(lambda: fn(x, p, training, inplace))
                                    grad_fn = type(r[1].grad_fn).__name__ if r[0] == "ok" else None
                                    return r, x.detach().clone(), grad_fn, torch.rand(2)
                                real, mine = run(getattr(F, name)), run(getattr(FN, name))
                                # (after an error, PyTorch's dropout3d(inplace=True) leaves an unbatched
                                # input unsqueezed: Whence's in-place ops keep shapes; not compared)
                                if real[0][0] == "error":
                                    real, mine = real[:1] + real[2:], mine[:1] + mine[2:]
                                check(bits_equal(list(real[1:]), list(mine[1:])) and real[0][0] == mine[0][0] and
                                      (bits_equal(real[0][1], mine[0][1]) if real[0][0] == "ok" else real[0] == mine[0]),
                                      "F.%s(%s %s, p=%s, training=%s, inplace=%s, requires_grad=%s): %s vs %s" %
                                      (name, dtype, list(shape), p, training, inplace, grad, real, mine))


def main():
    t0 = time.time()
    subset()
    functional()
    init_checks()
    batch_norm_statistics()
    layers()
    losses()
    models()
    api()
    constructor_errors()
    optimizers()
    corpus_through_prelude()
    print("prelude check: %.1f s" % (time.time() - t0))
    print("%d passed, %d failed" % (TALLY["passed"], TALLY["failed"]))
    return 1 if TALLY["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
