"""The many-to-one op family as data (reductions, scans, sorting, softmax/normalization,
losses): one entry per op descriptor, read by scripts/gen_golden_reduce.py.

Fields of an entry:
    primary   the qualified name the golden file is named after
    kind      reduce | scan | sort | softmax | norm | loss | count | runs
    aliases   other base names of the same op (qualified wherever PyTorch has them)
    extra     further qualified names (torch.linalg.X, torch.special.X, ...)
    pos       the positional parameters after the input, in PyTorch's order (binding the call
              to find dim/keepdim/k/q...): names as PyTorch spells them
    dim       how the op takes its dim: opt_tuple (None, int or tuple; may be absent),
              opt_int (int or absent), opt_int_none (int, None or absent), req_int, req_tuple
              (int or tuple, required), kw_int (keyword-only int, may be absent), fixed (no dim),
              matrix (a pair of dims, default (-2, -1))
    keepdim   the op takes keepdim
    dtype_kw  the op takes dtype= (a torch.dtype the input is cast to first)
    base      [(name, code)] arguments every generic case passes (kthvalue's k, quantile's q)
    params    [(name, [sample values as Python code], how)]: how is "kw" (keyword-only), "pos"
              (positional or keyword), "req" (required)
    domain    element values: any | ties | pos | prob | int (integer-valued floats)
    dtypes    which of the ten dtypes a generic case may use (the dtype sweep tries all ten)
    rel       how relations are derived (tests/golden/README.md, "Reduce family"):
              slice       every element of the reduced slice is a value source
              order_idx   PyTorch's returned index is the value source, the rest of the slice
                          (prefix for scans) compare
              order_grad  nonzero autograd gradient (float64 copy) is value, rest compare
              prefix      the prefix along dim is value
              slice_dim   the whole slice along dim is value (softmax, normalize)
              grad        autograd on float64 surrogates (distinct values), perturbation where
                          PyTorch refuses a gradient, index targets structurally
    tuple_out the op returns a tuple (values, indices) or (a, b)
    operands  tensor operands beyond the input, as (name, domain) (dist: other)
    min_rank  the smallest input rank generic cases use
"""

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64"]
FLOAT_DT = ["float32", "float64"]
ALL_NUM = ["float32", "float64", "int64", "int32", "float16"]


def _r(primary, rel="slice", pos=("dim", "keepdim"), dim="opt_tuple", keepdim=True, dtype_kw=False,
       base=(), params=(), domain="any", dtypes=ALL_NUM, aliases=(), extra=(), tuple_out=False,
       operands=(), min_rank=0, kind="reduce", nodim_ok=True):
    return {"primary": primary, "kind": kind, "rel": rel, "pos": list(pos), "dim": dim,
            "keepdim": keepdim, "dtype_kw": dtype_kw, "base": list(base), "params": list(params),
            "domain": domain, "dtypes": list(dtypes), "aliases": list(aliases), "extra": list(extra),
            "tuple_out": tuple_out, "operands": list(operands), "min_rank": min_rank,
            "nodim_ok": nodim_ok}


INTERP = ["'linear'", "'lower'", "'higher'", "'midpoint'", "'nearest'"]

REDUCE = [
    _r("torch.sum", dtype_kw=True),
    _r("torch.nansum", dtype_kw=True, domain="any"),
    _r("torch.prod", dim="opt_int", dtype_kw=True, domain="int"),
    _r("torch.mean", dtype_kw=True, dtypes=FLOAT_DT),
    _r("torch.nanmean", dtype_kw=True, dtypes=FLOAT_DT),
    _r("torch.amax", rel="order_grad", domain="ties"),
    _r("torch.amin", rel="order_grad", domain="ties"),
    _r("torch.aminmax", rel="order_grad", pos=(), dim="kw_int", domain="ties", tuple_out=True),
    _r("torch.max", rel="order_idx", dim="opt_int", domain="ties", tuple_out=True),
    _r("torch.min", rel="order_idx", dim="opt_int", domain="ties", tuple_out=True),
    _r("torch.argmax", rel="order_idx", dim="opt_int_none", domain="ties"),
    _r("torch.argmin", rel="order_idx", dim="opt_int_none", domain="ties"),
    _r("torch.all", dim="opt_int", dtypes=["bool", "uint8", "float32", "int64"]),
    _r("torch.any", dim="opt_int", dtypes=["bool", "uint8", "float32", "int64"]),
    _r("torch.std", pos=("dim", "unbiased", "keepdim"), dtypes=FLOAT_DT,
       params=[("unbiased", ["False", "True"], "pos"), ("correction", ["0", "2", "1"], "kw")]),
    _r("torch.var", pos=("dim", "unbiased", "keepdim"), dtypes=FLOAT_DT,
       params=[("unbiased", ["False", "True"], "pos"), ("correction", ["0", "2", "1"], "kw")]),
    _r("torch.std_mean", pos=("dim", "unbiased", "keepdim"), dtypes=FLOAT_DT, tuple_out=True,
       params=[("unbiased", ["False", "True"], "pos"), ("correction", ["0", "2"], "kw")]),
    _r("torch.var_mean", pos=("dim", "unbiased", "keepdim"), dtypes=FLOAT_DT, tuple_out=True,
       params=[("unbiased", ["False", "True"], "pos"), ("correction", ["0", "2"], "kw")]),
    _r("torch.logsumexp", dim="req_tuple", dtypes=FLOAT_DT, extra=["torch.special.logsumexp"]),
    _r("torch.norm", pos=("p", "dim", "keepdim"), dtype_kw=True, dtypes=FLOAT_DT,
       params=[("p", ["2", "1", "3.5", "float('inf')", "-float('inf')", "0", "'fro'", "'nuc'"], "pos")]),
    _r("torch.count_nonzero", pos=("dim",), keepdim=False, dtypes=ALL_NUM + ["bool"]),
    _r("torch.median", rel="order_idx", dim="opt_int", domain="ties", tuple_out=True),
    _r("torch.nanmedian", rel="order_idx", dim="opt_int", domain="ties", tuple_out=True),
    _r("torch.mode", rel="order_idx", dim="opt_int", domain="ties", tuple_out=True),
    _r("torch.kthvalue", rel="order_idx", pos=("k", "dim", "keepdim"), dim="opt_int", domain="ties",
       tuple_out=True, base=[("k", "1")], params=[("k", ["2", "3", "1"], "req")]),
    _r("torch.quantile", rel="order_grad", pos=("q", "dim", "keepdim"), dim="opt_int_none",
       domain="ties", dtypes=FLOAT_DT, base=[("q", "0.5")],
       params=[("q", ["0.25", "0.0", "1.0", "0.4"], "req"), ("interpolation", INTERP, "kw")]),
    _r("torch.nanquantile", rel="order_grad", pos=("q", "dim", "keepdim"), dim="opt_int_none",
       domain="ties", dtypes=FLOAT_DT, base=[("q", "0.5")],
       params=[("q", ["0.25", "0.0", "1.0", "0.4"], "req"), ("interpolation", INTERP, "kw")]),
    _r("torch.dist", pos=("other", "p"), dim="fixed", keepdim=False, dtypes=FLOAT_DT,
       operands=[("other", "any")], params=[("p", ["2", "1", "0", "3.5", "float('inf')"], "pos")]),
    _r("torch.linalg.vector_norm", pos=("ord", "dim", "keepdim"), dtype_kw=True, dtypes=FLOAT_DT,
       params=[("ord", ["2", "1", "0", "3.5", "float('inf')", "-float('inf')", "-1"], "pos")]),
    _r("torch.linalg.matrix_norm", pos=("ord", "dim", "keepdim"), dim="matrix", dtype_kw=True,
       dtypes=FLOAT_DT, min_rank=2,
       params=[("ord", ["'fro'", "'nuc'", "1", "-1", "2", "-2", "float('inf')", "-float('inf')"], "pos")]),
    _r("torch.linalg.norm", pos=("ord", "dim", "keepdim"), dtype_kw=True, dtypes=FLOAT_DT,
       params=[("ord", ["None", "'fro'", "2", "1", "float('inf')"], "pos")]),
]

SCAN = [
    _r("torch.cumsum", kind="scan", rel="prefix", pos=("dim",), dim="req_int", keepdim=False,
       dtype_kw=True),
    _r("torch.cumprod", kind="scan", rel="prefix", pos=("dim",), dim="req_int", keepdim=False,
       dtype_kw=True, domain="int"),
    _r("torch.cummax", kind="scan", rel="order_idx", pos=("dim",), dim="req_int", keepdim=False,
       domain="ties", tuple_out=True),
    _r("torch.cummin", kind="scan", rel="order_idx", pos=("dim",), dim="req_int", keepdim=False,
       domain="ties", tuple_out=True),
    _r("torch.logcumsumexp", kind="scan", rel="prefix", pos=("dim",), dim="req_int", keepdim=False,
       dtypes=FLOAT_DT),
    _r("torch.diff", kind="scan", rel="grad", pos=("n", "dim", "prepend", "append"), dim="opt_int",
       keepdim=False, params=[("n", ["2", "0", "3", "5"], "pos")]),
]

SORT = [
    _r("torch.sort", kind="sort", rel="order_idx", pos=("dim", "descending"), dim="opt_int",
       keepdim=False, domain="ties", tuple_out=True,
       params=[("descending", ["True", "False"], "pos"), ("stable", ["True", "False"], "kw")]),
    _r("torch.argsort", kind="sort", rel="order_idx", pos=("dim", "descending"), dim="opt_int",
       keepdim=False, domain="ties",
       params=[("descending", ["True", "False"], "pos"), ("stable", ["True"], "kw")]),
    _r("torch.msort", kind="sort", rel="order_idx", pos=(), dim="fixed", keepdim=False,
       domain="ties"),
    _r("torch.topk", kind="sort", rel="order_idx", pos=("k", "dim", "largest", "sorted"),
       dim="opt_int", keepdim=False, domain="ties", tuple_out=True, base=[("k", "2")],
       params=[("k", ["1", "3", "0"], "req"), ("largest", ["False", "True"], "pos"),
               ("sorted", ["False", "True"], "pos")]),
]

def _f(primary, kind, rel="grad", pos=(), dim="fixed", aliases=(), extra=(), dtypes=FLOAT_DT,
       index_args=()):
    e = _r(primary, kind=kind, rel=rel, pos=pos, dim=dim, keepdim=False, dtypes=dtypes,
           aliases=aliases, extra=extra)
    e["index_args"] = list(index_args)  # parameter names holding class indices (role index)
    return e


F_ = "torch.nn.functional."
SOFTMAX = [
    _f("torch.softmax", "softmax", rel="slice_dim", pos=("dim",), dim="req_int"),
    _f("torch.log_softmax", "softmax", rel="slice_dim", pos=("dim",), dim="req_int"),
    _f(F_ + "softmin", "softmax", rel="slice_dim", pos=("dim",), dim="opt_int"),
    _f(F_ + "normalize", "norm", rel="slice_dim", pos=("p", "dim", "eps"), dim="opt_int"),
    _f(F_ + "layer_norm", "norm", pos=("normalized_shape", "weight", "bias", "eps")),
    _f(F_ + "group_norm", "norm", pos=("num_groups", "weight", "bias", "eps")),
    _f(F_ + "batch_norm", "norm", pos=("running_mean", "running_var", "weight", "bias", "training",
                                       "momentum", "eps")),
    _f(F_ + "instance_norm", "norm", pos=("running_mean", "running_var", "weight", "bias",
                                          "use_input_stats", "momentum", "eps")),
    _f(F_ + "local_response_norm", "norm", pos=("size", "alpha", "beta", "k")),
    _f(F_ + "cosine_similarity", "norm", pos=("x2", "dim", "eps")),
    _f(F_ + "pairwise_distance", "norm", pos=("x2", "p", "eps", "keepdim")),
]

LOSS = [
    _f(F_ + "mse_loss", "loss", pos=("target",)),
    _f(F_ + "l1_loss", "loss", pos=("target",)),
    _f(F_ + "smooth_l1_loss", "loss", pos=("target",)),
    _f(F_ + "huber_loss", "loss", pos=("target",)),
    _f(F_ + "nll_loss", "loss", pos=("target", "weight"), index_args=["target"]),
    _f(F_ + "cross_entropy", "loss", pos=("target", "weight"), index_args=["target"]),
    _f(F_ + "binary_cross_entropy", "loss", pos=("target", "weight")),
    _f(F_ + "binary_cross_entropy_with_logits", "loss", pos=("target", "weight")),
    _f(F_ + "kl_div", "loss", pos=("target",)),
]

# Histograms: bin b counts the elements that fall in it (rel "count").
COUNT = [
    _f("torch.histc", "count", rel="count", pos=("bins", "min", "max"), dtypes=FLOAT_DT),
    _f("torch.bincount", "count", rel="count", pos=("weights", "minlength"), dtypes=["int64"]),
]

# Runs of equal neighbours (rel "runs"): output k is the first element of run k; which run an
# element falls in is decided by comparing it with its neighbours (tests/golden/README.md).
RUNS = [
    _f("torch.unique_consecutive", "runs", rel="runs", pos=("return_inverse", "return_counts", "dim"),
       dtypes=["int64", "float32", "bool"]),
]

OPS = REDUCE + SCAN + SORT + SOFTMAX + LOSS + COUNT + RUNS


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
    names = []
    if op["primary"].startswith("torch.linalg."):
        names = [op["primary"]]
    else:
        for b in [base_name(op["primary"])] + op["aliases"]:
            for prefix in ("torch", "torch.Tensor", "torch.nn.functional", "torch.special"):
                if hasattr(mods[prefix], b) and not b.startswith("_"):
                    names.append(prefix + "." + b)
    for q in op["extra"]:
        mod, b = q.rsplit(".", 1)
        if hasattr(mods[mod], b):
            names.append(q)
    out = [op["primary"]] + [n for n in names if n != op["primary"]]
    seen = set()
    return [n for n in out if not (n in seen or seen.add(n))]
