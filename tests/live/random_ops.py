"""The random op family as data: ops that draw from PyTorch's CPU generator, read by
scripts/gen_golden_random.py.

Fields of an entry:
    primary   the qualified name the golden file is named after
    names     every qualified name Whence gives the op
    kind      sized    size as varargs / tuple (rand, randn)
              randint  low/high/size (randint)
              perm     n (randperm)
              like     the shape and dtype of an input (rand_like, randn_like, randint_like)
              normal   torch.normal's four overloads
              bern     torch.bernoulli / Tensor.bernoulli
              fill     an in-place Tensor method (uniform_, normal_, ...), its arguments in "args"
              dropout  F.dropout
              multinomial, poisson  their own cases
              empty    torch.empty and friends: the expectation is zeros in PyTorch's shape and dtype
    args      fill: argument lists (code) the cases pass

Every case starts from a fresh generator: the default one at PyTorch's default seed
67280421310721 (what Whence starts each request from), or generator=torch.Generator().manual_seed(s).
Relations are Whence's own record of draws (kernels/random/README.md), not compared here; the
values are compared bit for bit.
"""

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64"]
FLOATS = ["float16", "bfloat16", "float32", "float64"]


def _f(primary, kind, names=None, args=None):
    return {"primary": primary, "kind": kind, "names": names or [primary], "args": args or []}


OPS = [
    _f("torch.rand", "sized"),
    _f("torch.randn", "sized"),
    _f("torch.randint", "randint"),
    _f("torch.randperm", "perm"),
    _f("torch.rand_like", "like"),
    _f("torch.randn_like", "like"),
    _f("torch.randint_like", "like"),
    _f("torch.normal", "normal"),
    _f("torch.bernoulli", "bern", ["torch.bernoulli", "torch.Tensor.bernoulli"]),
    _f("torch.Tensor.uniform_", "fill", args=[[], ["-1", "1"], ["2.5", "3.5"], ["-1000", "7.25"], ["0", "0"], ["-0.3", "2.9"],
                                              ["-3.3", "to=7.7"]]),
    _f("torch.Tensor.normal_", "fill", args=[[], ["10", "2"], ["-3.5", "0.125"], ["mean=1", "std=0"], ["1.3", "0.7"], ["-2.9", "3.3"],
                                             ["0", "1e-3"]]),
    _f("torch.Tensor.random_", "fill", args=[[], ["10"], ["-5", "5"], ["0", "2**40"], ["3", "None"],
                                             ["to=7"], ["2", "to=9"]]),
    _f("torch.Tensor.bernoulli_", "fill", args=[[], ["0.3"], ["p=0.9"], ["0"], ["1"]]),
    _f("torch.Tensor.exponential_", "fill", args=[[], ["2"], ["lambd=0.5"], ["1e-3"]]),
    _f("torch.Tensor.geometric_", "fill", args=[["0.3"], ["p=0.9"], ["0.01"]]),
    _f("torch.Tensor.cauchy_", "fill", args=[[], ["1", "2"], ["median=-3", "sigma=0.5"], ["0.3", "1.7"]]),
    _f("torch.Tensor.log_normal_", "fill", args=[[], ["0", "0.5"], ["mean=-1", "std=0.25"], ["0.3", "0.7"]]),
    _f("torch.nn.functional.dropout", "dropout"),
    _f("torch.nn.functional.alpha_dropout", "dropout"),
    _f("torch.nn.functional.feature_alpha_dropout", "dropout"),
    _f("torch.multinomial", "multinomial", ["torch.multinomial", "torch.Tensor.multinomial"]),
    _f("torch.poisson", "poisson"),
    # Uninitialised memory (kernels/random/empty_ops.cpp): PyTorch's shape, dtype and errors,
    # and zeros where PyTorch's values are whatever the memory held.
    _f("torch.empty", "empty"),
    _f("torch.empty_like", "empty"),
    _f("torch.empty_strided", "empty"),
    _f("torch.Tensor.new_empty", "empty"),
    _f("torch.Tensor.new_empty_strided", "empty"),
]


def qualified_names(op):
    return list(op["names"])
