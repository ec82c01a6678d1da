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
    # Python as people paste it: statements over several lines, doctest prompts, print's text,
    # a tensor's metadata, math, the default dtype, torch's predicates, assert
    "x = torch.tensor([[1.0, 2.0],\n               [3.0, 4.0]])  # a comment\ny = (x\n     + 1)\nz = x.sum() + \\\n    y.sum()\nprint(x)\nprint(y, z, sep='\\n', end='!\\n')\n",
    ">>> import torch\n>>> t = torch.tensor([[1, 2],\n...                   [3, 4]])\n>>> torch.gather(t, 1, torch.tensor([[0, 0],\n...                                  [1, 0]]))\ntensor([[ 1,  1],\n        [ 4,  3]])\n>>> s = t.sum(0)\n>>> print(s)\ntensor([4, 6])\n",
    "x = torch.arange(6.).reshape(2, 3)\nn = x.size(0) * x.size(-1) + len(x) + x.dim() + x.ndimension()\ns = x.size()\nk = x.numel() + x.nelement() + x.element_size() + x.shape[0] + x.shape[-1]\nv = x[1, 2].item()\nl = x.tolist()\nst = x.t().stride()\nc = x.t().is_contiguous()\no = x[1].storage_offset()\nf = x.is_floating_point()\nd = x.dtype\nprint(s, n, k, v, l, st, c, o, f, d)\nw = x.stride(1)\nq = x.size()[1:]\nprint(q, x.shape[:1])\n",
    "x = torch.tensor([[-1.5, 2.0], [3.0, -4.0]])\na = int(x[0, 0]) + float(x[1, 1])\nb = abs(x)\nr0, r1 = list(x)\nt = tuple(x.shape)\nc = round(2.5) + round(3.5) + round(-0.5)\nd = round(2.675, 2) + round(1234, -2) + round(1250, -2)\ne = min(3, 1.5, 2) + max([1, 7, 3]) + sum([1, 2, 3]) + sum([0.5, 1], 1)\nf = str(x.shape) + repr('a') + str(1.5)\ng = bool(torch.tensor([0.0])) + bool([]) + len('abc') + len([1, 2])\nprint(a, b, r0, t, c, d, e, f, g)\nz = round(x)\n",
    "x = torch.tensor([1.0, 2.0])\nz = float(x)\n",
    "x = torch.tensor(float('nan'))\nz = int(x)\n",
    "x = torch.tensor([1.0, 2.0])\nv = x.item()\n",
    "x = torch.tensor(3.0)\nn = len(x)\n",
    "x = torch.tensor(3.0)\nn = x.size(0)\n",
    "x = torch.ones(2, 3)\nn = x.size(2)\n",
    "import math\na = math.sqrt(2) + math.pi - math.e + math.tau\nb = math.log(8, 2) + math.log(math.e) + math.exp(1) + math.log2(8) + math.log10(1000)\nc = math.floor(2.5) + math.ceil(2.1) + math.trunc(-2.7) + math.factorial(5) + math.gcd(12, 18)\nd = math.isnan(math.nan)\nd2 = math.isinf(math.inf)\ne = math.isclose(1.0, 1.0 + 1e-10)\nf = math.fabs(-3) + math.pow(2, 0.5) + math.sin(1) + math.cos(1) + math.tan(1) + math.atan2(1, 2)\ng = math.prod([1, 2, 3, 4]) + math.comb(5, 2) + math.perm(5, 2) + math.isqrt(17) + math.lcm(4, 6)\nx = torch.tensor([math.pi, -math.inf, math.nan, torch.pi, torch.e, torch.inf, torch.nan])\nh = math.sqrt(torch.tensor(4.0)) + math.floor(torch.tensor(2.5))\nprint(a, b, c, d, e, f, g, h)\nz = math.log(0)\n",
    "import math\nz = math.sqrt(-1)\n",
    "import math\nz = math.exp(1000)\n",
    "import math\nz = math.floor(math.inf)\n",
    "import math\nz = math.factorial(-1)\n",
    "import math\nz = math.sqrt(torch.ones(2))\n",
    "x = math.pi\n",
    "d = torch.get_default_dtype()\ntorch.set_default_dtype(torch.float64)\na = torch.tensor([1.0, 2.0])\nb = torch.arange(3.)\nc = torch.ones(2) + torch.zeros(2) + torch.full((2,), 1.5)\ne = torch.linspace(0, 1, 3)\nf = torch.tensor([1, 2]) / 2\ng = torch.tensor([1, 2]) * 1.5\nh = torch.tensor([4, 9]).sqrt()\ni = torch.eye(2)\nk = torch.get_default_dtype()\nprint(a, torch.ones(2, dtype=torch.float32))\ntorch.set_default_dtype(torch.float32)\nm = torch.tensor([1.0])\ntorch.set_default_dtype(torch.int64)\n",
    "a = torch.tensor([1.0, 2.0, 3.0])\nb = a + 1e-6\nc = torch.allclose(a, b)\nc2 = torch.equal(a, a.clone())\nd = torch.allclose(a, b, rtol=0, atol=1e-9)\ne = torch.equal(a, torch.tensor([1, 2, 3]))\nf = torch.equal(a, a[:2])\ng = torch.allclose(torch.tensor([float('nan')]), torch.tensor([float('nan')]), equal_nan=True)\nh = torch.is_tensor(a)\nh2 = torch.is_tensor(1)\ni = torch.is_floating_point(a)\ni2 = torch.is_nonzero(torch.tensor([2]))\nj = torch.can_cast(torch.float32, torch.int32)\nk = torch.promote_types(torch.int32, torch.float16)\nl = torch.result_type(torch.tensor([1, 2]), 1.5)\nm = torch.broadcast_shapes((2, 1), (3,), 1)\nn = torch.numel(a)\nprint(c, d, e, f, g, i, j, k, l, m, n)\nz = torch.allclose(a, a.double())\n",
    "z = torch.is_nonzero(torch.tensor([1, 2]))\n",
    "z = torch.is_nonzero(torch.tensor([]))\n",
    "z = torch.broadcast_shapes((2, 2), (3,))\n",
    "z = torch.equal(torch.ones(2), 1)\n",
    "print(torch.arange(6.).reshape(2, 3))\nprint(torch.tensor([1e10, 1.5]), torch.tensor([1e-5, 1.0]), torch.tensor([0.001, 100.0]))\nprint(torch.tensor([1, -20, 300]), torch.tensor([True, False]), torch.tensor(2.5), torch.tensor(7))\nprint(torch.tensor([0.0, float('nan'), float('inf'), -float('inf')]))\nprint(torch.tensor([1.0, 2.0], dtype=torch.float64), torch.tensor([1, 2], dtype=torch.int32))\nprint(torch.tensor([1.5, -2.25], dtype=torch.float16), torch.tensor([0.1], dtype=torch.bfloat16))\nprint(torch.arange(1200.))\nprint(torch.arange(2400).reshape(40, 60))\nprint(torch.arange(60.).reshape(3, 4, 5) / 7)\nprint(torch.zeros(0, 3), torch.tensor([], dtype=torch.int64), torch.zeros(0))\nprint(torch.arange(30.) * 1000.5)\nprint(torch.tensor([[1.0, 5.0], [3.0, 0.5]]).max(1))\nprint((1,), [1, 'a', \"it's\"], None, 1e16, 1e-05, 0.1, torch.float32, torch.Size([2, 3]), 2 ** 40, -0.0)\nprint()\nprint('a', 'b', sep='')\n",
    "x = torch.tensor([1.0, 2.0])\nassert x.shape == (2,)\nassert torch.equal(x, x), 'same'\nassert x.sum() > 5, 'sum is ' + str(x.sum().item())\n",
    "x = torch.tensor([1.0, 2.0])\na = not x.sum() > 5\nb = x.numel() == 2 and x.dim() == 1\nc = 0 or [] or \"z\"\nd = (x > 1).any() and 3\nassert not torch.equal(x, x + 1)\nassert x.numel() == 2 and not x.is_contiguous() or True\nprint(a, b, c, d, not 0, 1 and 0)\ne = x and 1\n",
    "w = torch.arange(6.).reshape(3, 2)\nw[0, :].zero_()\nw[1].add_(1)\ny = w.sum()\n",
    "torch.set_printoptions(precision=2)\nprint(torch.tensor([1.12345]))\ntorch.set_printoptions(threshold=5)\nprint(torch.arange(10), torch.arange(12.).reshape(4, 3) / 3)\ntorch.set_printoptions(profile='default')\nprint(torch.tensor([1.12345]), torch.arange(10))\ntorch.set_printoptions(sci_mode=True)\nprint(torch.tensor([1.5, 2.25]), torch.tensor([0., 0.]), torch.tensor([1., 2.]))\ntorch.set_printoptions(sci_mode=False, linewidth=40)\nprint(torch.tensor([1e-6, 1e6]), torch.arange(20.), torch.ones(2, dtype=torch.float64))\ntorch.set_printoptions(profile='short', edgeitems=1, threshold=3)\nprint(torch.arange(24.).reshape(2, 3, 4))\n",
    "x = torch.tensor([1.0, 2.0])\nassert x.numel() == 3\n",
    "x = torch.tensor([1.0, 2.0])\nassert x\n",
    "x = torch.tensor([1.0,\n                  2.0])\ny = x.view(\n    3)\n",
    "x = 1\ny = torch.tensor([1,\n  2\n",
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
    "x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = x * x + 2 * x\nz = y.sum()\nz.backward()\ng = x.grad\nprint(x.is_leaf, y.is_leaf, x.requires_grad, y.requires_grad, z.grad_fn, y.grad_fn.next_functions)\nprint(g)\n",
    "x = torch.tensor([[1.0, -2.0], [3.0, 0.0]], requires_grad=True)\nw = torch.tensor([[0.5, 1.5], [-1.0, 2.0]], requires_grad=True)\nh = (x @ w).relu()\nh.retain_grad()\nloss = h.mean()\nloss.backward()\ngx = x.grad\ngw = w.grad\ngh = h.grad\nprint(h.retains_grad, loss.item())\n",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\n(x * 3).sum().backward()\na = x.grad.clone()\n(x * x).sum().backward()\nb = x.grad.clone()\nx.grad.zero_()\n(x ** 3).sum().backward()\nc = x.grad\nx.grad = None\nprint(x.grad)\n",
    "w = torch.tensor([0.5, -0.3], requires_grad=True)\nx = torch.tensor([[1.0, 2.0], [3.0, 4.0], [-1.0, 0.5]])\nt = torch.tensor([1.0, 2.0, 0.0])\nloss = ((x @ w - t) ** 2).mean()\nloss.backward()\nwith torch.no_grad():\n    w -= 0.1 * w.grad\n    w.grad.zero_()\nloss2 = ((x @ w - t) ** 2).mean()\nloss2.backward()\nwith torch.no_grad():\n    w -= 0.1 * w.grad\nprint(w, w.requires_grad, w.is_leaf)\n",
    "x = torch.tensor([1.0, 4.0], requires_grad=True)\nwith torch.no_grad():\n    y = x * 2\nz = x.detach()\nprint(y.requires_grad, z.requires_grad, torch.is_grad_enabled())\ntorch.set_grad_enabled(False)\nu = x + 1\ntorch.set_grad_enabled(True)\nv = x + 1\nprint(u.requires_grad, v.requires_grad)\n",
    # dtype conversions are differentiable (ToCopyBackward0); to an integer dtype or by torch.tensor(t) they are not
    "x = torch.tensor([1.5, -2.5], requires_grad=True)\ny = x.double()\ny.mul_(2)\nb = x.to(torch.float64).to(torch.float32)\nh = x.half()\ni = x.int()\nc = torch.tensor(x)\nw = torch.tensor([3.0, 4.0], dtype=torch.float64, requires_grad=True)\nloss = (y * w).sum() + b.sum() + h.float().sum()\nloss.backward()\ngx = x.grad\ngw = w.grad\nprint(y.grad_fn, b.grad_fn.next_functions, i.requires_grad, c.requires_grad, gx)\n",
    "a = torch.tensor([2.0, 3.0], requires_grad=True)\nb = torch.tensor([1.0, -1.0], requires_grad=True)\nc = torch.tensor(5.0, requires_grad=True)\nout = (a * b).sum() * c\nga, gc = torch.autograd.grad(out, [a, c], retain_graph=True)\nprint(a.grad)\nout.backward()\nprint(a.grad, b.grad, c.grad)\n",
    "x = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)\nb = torch.tensor([[10.0], [20.0]], requires_grad=True)\ny = x + b\ny.backward(torch.tensor([[1.0, 0.5, 0.25], [2.0, 1.0, -1.0]]))\nprint(x.grad, b.grad)\n",
    "x = torch.tensor([-1.0, 0.0, 2.0, 2.0], requires_grad=True)\nr = x.relu()\nm = x.max()\na = x.abs()\n(r.sum() + m + a.sum()).backward()\nprint(x.grad)\n",
    "x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)\ny = x.t()\nz = y[0] * torch.tensor([2.0, 3.0])\nq = torch.gather(x, 1, torch.tensor([[1, 1], [0, 1]]))\n(z.sum() + q.sum()).backward()\nprint(x.grad, y.grad_fn, q.grad_fn)\n",
    "x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\np = x.softmax(0)\nl = -(p[0].log())\nl.backward()\nprint(x.grad)\n",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 2\ny.backward()\n",
    "x = torch.tensor([1.0, 2.0])\ny = (x * 2).sum()\ny.backward()\n",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = (x * x).sum()\ny.backward()\ny.backward()\n",
    "x = torch.tensor([1, 2], requires_grad=True)\n",
    "x = torch.ones(2, dtype=torch.int64, requires_grad=True)\n",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nx.add_(1)\n",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x.exp()\nz = y.sum()\ny.add_(1)\nz.backward()\n",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\nu = torch.tensor([1.0], requires_grad=True)\ng = torch.autograd.grad((x * 3).sum(), [x, u])\n",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 2\ny.requires_grad_(False)\n",
    "x = torch.ones(2)\nx.retain_grad()\n",
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 2\ng = y.grad\nprint(g)\n",
    # in-place writes before backward: only what PyTorch saved is checked (mul by a number and
    # sub save no tensor; a tensor product saves both; relu_ of a temporary is fine)
    "x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)\ny = x * 2\nz = (x - 1).relu_()\nx.detach().add_(1)\n(y.sum() + z.sum()).backward()\ng = x.grad\nprint(z.grad_fn)\n",
    "x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)\ny = x * 2\nz = y * y\ny.add_(1)\nz.sum().backward()\n",
    # torch.tensor of a tensor: a copy out of the graph (PyTorch warns); as_tensor: the tensor itself
    "x = torch.tensor([1.5, 2.7])\ny = torch.tensor(x)\nz = torch.tensor(x, dtype=torch.int64)\nw = x.new_tensor(x)\na = torch.as_tensor(x)\nprint(a is x, y is x, w is x)\ny[0] = 9.0\nprint(x)\n",
    # a tensor's new_* methods: self's dtype, the size or data given
    "x = torch.tensor([1.5])\na = x.new_tensor([1, 2])\nb = torch.tensor([1]).new_tensor([1.5, 2.5])\nc = x.new_tensor([1], dtype=torch.int32)\nd = x.new_zeros(2, 3)\ne = c.new_full((2,), 7)\nf = b.new_ones(3, requires_grad=False)\ng = x.new_tensor([[1.0]], requires_grad=True)\nh = x.new_tensor()\n",
    "x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)\ny = torch.nn.functional.leaky_relu(x * 1, 0.1, inplace=True)\nw = torch.nn.functional.threshold_(x * 1, 0.5, -1.0)\nprint(y.grad_fn, w.grad_fn)\n(y.sum() + w.sum()).backward()\ng = x.grad\n",
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
