"""The factory op family as data: ops that make a tensor from sizes and numbers rather than from
the values of an input (zeros, arange, linspace, eye, ...), read by scripts/gen_golden_factory.py.

Fields of an entry:
    primary   the qualified name the golden file is named after (torch.X, or torch.Tensor.new_X
              for the methods)
    kind      sized   size as varargs / tuple / list / size= (zeros, ones, full)
              like    the shape and dtype of an input tensor (zeros_like, ones_like, full_like)
              new     a size and self's dtype (x.new_zeros, new_ones, new_full: methods)
              range   Python numbers start/end/step or steps (arange, linspace, logspace, range)
              eye     n and m
              tri     row, col, offset (tril_indices, triu_indices)
    fill      the Python code of the fill value the generic cases pass (full, full_like), or None

Relations: none of these ops reads an input value. Every output element has an empty source
list ({"out": [0, k], "src": []}), the *_like ops included: they read only their input's shape
and dtype (OPS.md section 4).
"""

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64"]


def _f(primary, kind, fill=None):
    return {"primary": primary, "kind": kind, "fill": fill}


OPS = [
    _f("torch.zeros", "sized"),
    _f("torch.ones", "sized"),
    _f("torch.full", "sized", fill="7"),
    _f("torch.zeros_like", "like"),
    _f("torch.ones_like", "like"),
    _f("torch.full_like", "like", fill="7"),
    _f("torch.Tensor.new_zeros", "new"),
    _f("torch.Tensor.new_ones", "new"),
    _f("torch.Tensor.new_full", "new", fill="7"),
    _f("torch.arange", "range"),
    _f("torch.linspace", "range"),
    _f("torch.logspace", "range"),
    _f("torch.eye", "eye"),
    _f("torch.tril_indices", "tri"),
    _f("torch.triu_indices", "tri"),
    _f("torch.range", "range"),
]


def base_name(primary):
    return primary.rsplit(".", 1)[1]


def qualified_names(op):
    """Every qualified name PyTorch 1.13 has for this op (checked with hasattr)."""
    import torch
    import torch.nn.functional as F
    import torch.special
    import torch.linalg
    mods = {"torch": torch, "torch.Tensor": torch.Tensor, "torch.nn.functional": F,
            "torch.special": torch.special, "torch.linalg": torch.linalg}
    b = base_name(op["primary"])
    names = [p + "." + b for p in ("torch", "torch.Tensor", "torch.nn.functional", "torch.special",
                                   "torch.linalg") if hasattr(mods[p], b)]
    return [op["primary"]] + [n for n in names if n != op["primary"]]
