"""Programs that draw from PyTorch's CPU generator (kernels/random/README.md), run by
scripts/gen_golden_programs.py with the other corpora. PyTorch runs each from
torch.manual_seed(67280421310721), the fresh state Whence starts every program from; the state
then carries from statement to statement, so every later value checks the number and order of
the draws before it."""

PROGRAMS = [
    "torch.manual_seed(0)\na = torch.randn(3)\nb = torch.randn(3)\nc = torch.rand(2)\nd = torch.randn(17)\ne = torch.randn(1)\nf = torch.randn(1)\n",
    "a = torch.randn(5)\nb = torch.randn(1)\ns = torch.initial_seed()\nc = torch.rand(3, dtype=torch.float64)\n",
    "g = torch.Generator().manual_seed(42)\nx = torch.randn(4, generator=g)\ny = torch.randn(20, generator=g)\nz = torch.randint(0, 10, (5,), generator=g)\nw = torch.randperm(7, generator=g)\nd = torch.rand(3)\n",
    "torch.manual_seed(1)\nx = torch.zeros(20)\nx.uniform_(-1, 1)\nx.normal_()\nv = x[:5]\nv.normal_(5, 1)\nz = x * 2\n",
    "torch.manual_seed(3)\ns = torch.get_rng_state()\na = torch.rand(4)\ntorch.set_rng_state(s)\nb = torch.rand(4)\n",
    "torch.manual_seed(7)\nx = torch.ones(10)\ny = torch.nn.functional.dropout(x, 0.3)\nm = torch.bernoulli(torch.full((6,), 0.5))\nx.bernoulli_(0.5)\nx.exponential_()\n",
    "torch.manual_seed(0)\nx = torch.randn(3)\nst = torch.get_rng_state()\ny = torch.randn(1)\n",
    "torch.manual_seed(0)\nx = torch.randint(5, 5, (2,))\n",
    "g = torch.Generator()\ns = g.initial_seed()\ng.manual_seed(2**32 + 5)\na = torch.rand(2, generator=g)\nt = g.get_state()\nb = torch.rand(2)\n",
    "torch.manual_seed(5)\nx = torch.randn(4, 5).t()\nx.normal_()\ny = torch.randn_like(x)\n",
    "torch.manual_seed(11)\nx = torch.zeros(3)\nx.log_normal_()\nx.cauchy_()\nx.geometric_(0.5)\nx.random_(10)\ny = torch.normal(torch.arange(4.), 0.5)\nz = torch.normal(0.0, torch.ones(3))\n",
    "torch.manual_seed(2)\ny = torch.nn.functional.dropout(torch.ones(4), 0.0)\nz = torch.rand(2)\nw = torch.nn.functional.alpha_dropout(torch.ones(2, 3), 0.5, True)\nv = torch.nn.functional.feature_alpha_dropout(torch.ones(2, 3, 2), 0.5, True)\nu = torch.rand(2)\n",
    "torch.manual_seed(-1)\ng = torch.Generator().manual_seed(-2)\na = torch.randint(-100, 100, (6,), dtype=torch.int32)\nb = torch.rand(16, dtype=torch.float16)\nc = torch.randn(16, dtype=torch.bfloat16)\n",
    # the default dtype: later random factories follow it, as the other factories do
    "torch.set_default_dtype(torch.float64)\ntorch.manual_seed(0)\nx = torch.rand(2)\ny = torch.randn(17)\nw = torch.randint(0, 3, (2,))\n",
]
