"""The program corpus: short PyTorch programs that Whence runs line by line, as the
goldens (scripts/gen_golden_programs.py) and the site's pitfalls page use them.

PITFALLS: the classic mistakes (site/pitfalls.json, which the pitfalls page shows with their fixes).
PROGRAMS: programs that exercise the statement forms, views, in-place writes and errors.
random_programs(): chains of ops over literal tensors, for breadth.
"""
import json
import os
import random

# The pitfalls page's programs (site/pitfalls.json: title, why, program, fix).
with open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "site", "pitfalls.json"),
          encoding="utf-8") as _f:
    PITFALLS = [(p["title"], p["why"], p["program"]) for p in json.load(_f)]

PROGRAMS = [
    # statement forms
    "x = torch.arange(6.).reshape(2, 3)\ny = x.softmax(-1)\nv, i = x.max(0)\nz = y[:, 1] * 2\n",
    "a = torch.tensor([[1, 2], [3, 4]])\nr0, r1 = a\nb = r0 + r1\nn, m = a.shape\nc = a.sum() * n\n",
    "x = torch.tensor([[1.0, -2.0], [3.0, -4.0]])\nx[x < 0] = 0\ns = x.sum(1)\n",
    "x = torch.zeros(5)\nidx = torch.tensor([4, 0, 2])\nx[idx] = torch.tensor([1.0, 2.0, 3.0])\ny = x * 10\n",
    "x = torch.zeros(2, 3)\nx[:, 1] = torch.tensor([7.0, 8.0])\nx[1] = 2\nx[0, 2] = 2.5\ny = x.cumsum(1)\n",
    "x = torch.arange(6).reshape(2, 3)\nx[0] += 10\nx[:, 1] *= 2\nx -= 1\ny = x.max()\n",
    "x = torch.tensor([1.0, 2.0, 3.0])\nb = x\nx.mul_(2)\nc = b + 1\n",
    "x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])\nw = torch.tensor([[0.5, -1.0], [2.0, 0.0]])\ny = x @ w\ny += 1\nz = y.relu()\n",
    "a = torch.tensor([1.0, 2.0])\nb = torch.tensor([3.0, 4.0])\nc = torch.cat([a, b])\ns = torch.stack([a, b], 1)\nt = s.T.contiguous()\n",
    "y = torch.arange(12.).reshape(3, 4).T.contiguous().view(2, 6).sum(0)\nz = y / y.sum()\n",
    "import torch.nn.functional as F\nx = torch.tensor([[-1.0, 0.5, 2.0]])\ny = F.relu(x - 1)\nz = F.pad(y, (1, 1))\nw = F.softmax(z, dim=-1)\n",
    "from torch.nn import functional as F\nx = torch.tensor([0.2, -0.3, 0.9])\ny = F.gelu(x)\n",
    "x = torch.tensor([3.0, 1.0, 2.0])\nvalues, order = x.sort()\ntop, where = x.topk(2)\nback = x[order]\n",
    "x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])\nm = torch.tensor([[True, False, True], [False, True, False]])\nx.masked_fill_(m, -1)\nx.clamp_(0, 4)\ny = x.mean(0)\n",
    "x = torch.zeros(3, 2)\ni = torch.tensor([[0, 1], [2, 0]])\nsrc = torch.tensor([[1.0, 2.0], [3.0, 4.0]])\nx.scatter_(0, i, src)\ny = x.sum(0)\n",
    "x = torch.ones(2, 3)\ny = torch.tensor([1.0, 2.0, 3.0])\nx.copy_(y)\nz = torch.zeros(3)\nz.fill_(4)\nx.zero_()\n",
    "x = torch.tensor([1.0, 2.0, 3.0, 4.0])\nx = x + 1\nx = x * x\ny = x.view(2, 2)\ny[0, 0] = -1\nz = x.sum()\n",
    "x = torch.tensor([[1, 2], [3, 4]])\ny = x.float().mean()\nz = x.to(torch.float64) / 3\n",
    "x = torch.tensor([0.5, -0.5])\ny = torch.where(x > 0, x, x * 0.1)\nz = torch.exp(y).log1p()\n",
    "x = torch.arange(4.)\ny = x.unsqueeze(0) - x.unsqueeze(1)\nd = y.abs().argmin(1)\n",
    "x = torch.tensor([1.0, 2.0])\nprint(x * 2)\ny = x.neg()\n",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])\nv = a.diagonal()\nv.mul_(10)\ns = a.sum()\n",
    "a = torch.arange(6.).reshape(2, 3)\nb = a[:, ::2]\nb.sub_(100)\nc = a.flip(1)\n",
    "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])\nx = a[0]\na[0] = torch.tensor([9.0, 8.0])\ny = x * 1\n",
    # named tuples: torch.return_types.max and friends answer .values/.indices by name
    "x = torch.tensor([[1.0, 5.0, 2.0], [3.0, 0.5, 4.0]])\nv = x.max(1).values\nr = x.sort(0)\ni = r.indices\nj = r[1]\nlo = torch.aminmax(x).min\nk = x.topk(2, 1).indices + v.long()\n",
    "x = torch.tensor([4.0, 1.0, 3.0])\nm = torch.median(x, 0)\ny = x - m.values\nc = x.cummax(0).indices\n",
    # errors, at some line after steps that ran
    "x = torch.tensor([1.0, 2.0])\ny = x.sum(3)\n",
    "x = torch.tensor([1.0, 2.0])\ny = x + z\n",
    "x = torch.tensor([1, 2, 3])\nx[5] = 1\n",
    "x = torch.tensor([1, 2, 3])\nx.add_(1.5)\n",
    "x = torch.tensor([1.0, 2.0])\nx.add_(torch.ones(2, 2))\n",
    "x = torch.zeros(2, 3)\nx[0] = torch.ones(5)\n",
    "x = torch.zeros(4)\nx[x == 0] = torch.tensor([1.0, 2.0])\n",
    "x = torch.zeros(3, dtype=torch.int64)\nx[torch.tensor([0, 1])] = torch.tensor([1.5])\n",
    "x = torch.tensor([1, 2])\nx[0] = 'a'\n",
    "x = torch.tensor([1.0, 2.0])\nx.matmul_(x)\n",
    "x = torch.tensor([[1.0, 2.0]])\na, b = x\n",
    "x = torch.tensor(3.0)\na, b = x\n",
    "n = 3\na, b = n\n",
    "x = torch.tensor([1.0, 2.0])\nx.fill_(torch.tensor([1.0]))\n",
    "x = torch.tensor([1.0, 2.0])\ny = x.T\ny = y.exp()\nw = x.view(3)\n",
    "x = torch.tensor([[1.0, 2.0]])\nr = x.max(1)\nz = r.value\n",
    "x = torch.tensor([[1.0, 2.0]])\nr = x.max(1)\nz = r + 1\n",
]


def _literal(rng, shape):
    n = 1
    for s in shape:
        n *= s
    vals = [round(rng.uniform(-3, 3), 2) for _ in range(n)]
    if len(shape) == 1:
        return "torch.tensor([%s])" % ", ".join(repr(v) for v in vals)
    rows = [vals[r * shape[1]:(r + 1) * shape[1]] for r in range(shape[0])]
    return "torch.tensor([%s])" % ", ".join("[%s]" % ", ".join(repr(v) for v in row) for row in rows)


# One step of a random program: (template, what it makes). {a} {b}: same-shape [R, C] names,
# {r}: a [C] name (a row), {c}: a [R] name; the result is of the kind given.
_STEPS = [
    ("{n} = {a} + {b}", "m"), ("{n} = {a} * {r}", "m"), ("{n} = {a} - {c}.unsqueeze(1)", "m"),
    ("{n} = {a}.exp()", "m"), ("{n} = {a}.sigmoid()", "m"), ("{n} = torch.where({a} > 0, {a}, {b})", "m"),
    ("{n} = {a}.softmax(-1)", "m"), ("{n} = {a}.cumsum(0)", "m"), ("{n} = {a}.flip(1)", "m"),
    ("{n} = {a}.sum(0)", "r"), ("{n} = {a}.amax(0)", "r"), ("{n} = {a}.mean(1)", "c"), ("{n} = {a}.max(1)[0]", "c"),
    ("{n} = {a}.logsumexp(1)", "c"), ("{n} = {a}[0]", "r"), ("{n} = {a}[:, 1]", "c"), ("{n} = {a} @ {a}.T.sum(1)", "c"),
    ("{a}.mul_(2)", None), ("{a}[0, 1] = {r}[0]", None), ("{a}[{a} > 1] = 0", None), ("{a}[:, 0] += {c}", None),
    ("{n} = {a}.clamp(-1, 1)", "m"), ("{n} = ({a} * {b}).sum()", "s"), ("{n} = {a}.T.reshape({R}, {C})", "m"),
]


def random_programs(seed, count):
    rng = random.Random(seed)
    programs = []
    for p in range(count):
        R, C = rng.choice([(2, 3), (3, 2), (3, 4)])
        lines = ["a = " + _literal(rng, (R, C)), "b = " + _literal(rng, (R, C)),
                 "r = " + _literal(rng, (C,)), "c = " + _literal(rng, (R,))]
        kinds = {"m": ["a", "b"], "r": ["r"], "c": ["c"], "s": []}
        for k in range(rng.randint(3, 6)):
            template, kind = rng.choice(_STEPS)
            name = "t%d" % k
            text = template.format(n=name, a=rng.choice(kinds["m"]), b=rng.choice(kinds["m"]),
                                   r=rng.choice(kinds["r"]), c=rng.choice(kinds["c"]), R=R, C=C)
            lines.append(text)
            if kind:
                kinds[kind].append(name)
        programs.append("\n".join(lines) + "\n")
    return programs
