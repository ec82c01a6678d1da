"""The selection and scatter op family as data: one entry per op descriptor, read by
scripts/gen_golden_select.py.

Fields of an entry:
    primary   the qualified name the golden file is named after
    kind      read    each output element reads one input element chosen by an index or a
                      mask (index_select, take, take_along_dim, masked_select, embedding,
                      one_hot)
              write   the output is a copy of `input` that some elements were written into
                      (masked_fill, masked_scatter, index_fill, index_copy, index_add, scatter, scatter_add,
                      scatter_reduce, index_reduce, index_put, put)
              search  the output says where elements are (nonzero, argwhere, searchsorted,
                      bucketize)
              member  whether each element is among the test elements (isin)
              diagonal  the input with its diagonal filled (fill_diagonal_)
              power   rows of powers of each element (vander)
    names     the base names it has under torch and torch.Tensor (checked with hasattr), or
    only      the exact qualified names (embedding: torch.embedding is another op with the
              weight first)
    dtypes    the dtypes of its value tensor for the dtype sweep (all ten unless said)
    note      why the relations are derived as they are (tests/golden/README.md, "Select family")
"""

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64"]


def _o(primary, kind, only=None, note=""):
    return {"primary": primary, "kind": kind, "only": list(only) if only else None, "note": note}


OPS = [
    _o("torch.index_select", "read"),
    _o("torch.take", "read"),
    _o("torch.take_along_dim", "read"),
    _o("torch.masked_select", "read"),
    _o("torch.masked_fill", "write"),
    _o("torch.masked_scatter", "write",
       note="a written element's mask sources are every mask element up to it: the Trues before it count the source elements used up"),
    _o("torch.index_fill", "write"),
    _o("torch.index_copy", "write"),
    _o("torch.index_add", "write"),
    _o("torch.scatter", "write"),
    _o("torch.scatter_add", "write"),
    _o("torch.scatter_reduce", "write"),
    _o("torch.index_reduce", "write"),
    _o("torch.index_put", "write"),
    _o("torch.put", "write"),
    _o("torch.nonzero", "search"),
    _o("torch.argwhere", "search"),
    _o("torch.searchsorted", "search"),
    _o("torch.bucketize", "search"),
    _o("torch.isin", "member",
       note="the element is a value source; an equal test element (the first) the winner, value; with none equal every "
            "test element compares; relations by perturbation, the tie rule (the first of several equal) added"),
    _o("torch.Tensor.fill_diagonal_", "diagonal", only=["torch.Tensor.fill_diagonal_"],
       note="in place in PyTorch: a copy with the diagonal filled (a program writes it back); value sources by "
            "perturbation of a contiguous float64 surrogate input (the diagonal is the same for any non-overlapping "
            "strides) and of a 0-d fill_value tensor"),
    _o("torch.vander", "power", note="x[i] is the value source of every power k >= 1 of row i, by perturbation of a "
       "float64 copy (autograd misses x = 0, whose powers above 1 have zero gradient)"),
    _o("torch.linalg.vander", "power", only=["torch.linalg.vander"]),
    _o("torch.nn.functional.one_hot", "read", only=["torch.nn.functional.one_hot"]),
    _o("torch.nn.functional.embedding", "read", only=["torch.nn.functional.embedding"],
       note="torch.embedding(weight, input, ...) takes its arguments in another order: a different op"),
]


def base_name(primary):
    return primary.rsplit(".", 1)[1]


def qualified_names(op):
    """Every qualified name PyTorch 1.13 has for this op: torch.X and torch.Tensor.X."""
    import torch
    if op["only"]:
        return list(op["only"])
    b = base_name(op["primary"])
    names = [op["primary"]]
    if hasattr(torch.Tensor, b):
        names.append("torch.Tensor." + b)
    return names
