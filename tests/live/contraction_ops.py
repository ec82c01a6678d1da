"""The contraction family as data (matrix products, dot products, einsum...): one entry per op
descriptor, read by scripts/gen_golden_contraction.py.

Arguments are code templates in which T[2,3] stands for a tensor of shape [2, 3] with random
small values: T[] is 0-d, T[0] size-0; a suffix :int8 fixes its dtype (else the case's dtype),
and a suffix .t, .transpose, .permute, .expand or .reshape makes it that kind of view
(golden_common.tensor_code). Every T of a case without a dtype suffix has the case's dtype.

Fields of an entry:
    primary   the qualified name the golden file is named after
    names     every other qualified name of the same descriptor (aliases, the method)
    simple    the teaching call's arguments (the dtype sweep, the names, the method form)
    pairs     whether the mixed-dtype sweep runs (every ordered pair of the ten dtypes, the
              first tensor of `simple` in one, the others in the other)
    cases     [(name, args, kwargs)]
    errors    [(name, args, kwargs)]: calls PyTorch refuses
    random    a function (rng) -> (args, kwargs): shapes drawn from the seed; the generator
              makes RANDOM_CASES of them, then HALF_RANDOM_CASES in float16 (last, so that
              adding them left every other case of the seed as it was)
    code      for operators: a function (args) -> the Python text of the call ("a @ b")
"""

RANDOM_CASES = 6
RANDOM_CASES_OF = {"torch.einsum": 60}  # einsum: a generated set of equations
HALF_RANDOM_CASES = 3  # float16: most products have no Half kernel in PyTorch 1.13 (computed as newer PyTorch does)
HALF_RANDOM_CASES_OF = {"torch.einsum": 12}


def _op(primary, simple, cases=(), errors=(), names=(), random=None, pairs=True, code=None):
    return {"primary": primary, "names": list(names), "simple": list(simple), "cases": list(cases), "errors": list(errors),
            "random": random, "pairs": pairs, "code": code}


def C(name, args=(), kwargs=()):
    return (name, list(args), [list(k) for k in kwargs])


def T(shape, spec=""):
    return "T[%s]%s" % (",".join(map(str, shape)), spec)


def _style(rng, rank):
    return rng.choice(["", "", ".t" if rank == 2 else "", ".transpose" if rank >= 2 else "", ".expand" if rank >= 1 else "",
                       ".permute" if rank >= 3 else ""])


def _dims(rng, rank, lo=0, hi=3):
    return [rng.randint(lo, hi) for _ in range(rank)]


def _batch_pair(rng):
    """Two broadcastable batch shapes (either may be shorter)."""
    full = _dims(rng, rng.randint(0, 2), 1, 3)
    def one():
        keep = rng.randint(0, len(full))
        return [d if rng.random() < 0.6 else 1 for d in full[len(full) - keep:]]
    return one(), one()


def _batched(rank, batch, last2):
    """A shape of `rank` dims: a vector [k] for rank 1, else batch dims (cut or padded with
    ones to rank - 2) and the two matrix dims."""
    if rank == 1:
        return [last2[-1]]
    b = batch[len(batch) - (rank - 2):] if rank - 2 <= len(batch) else [1] * (rank - 2 - len(batch)) + batch
    return (b if rank > 2 else []) + list(last2)


def random_matmul(rng):
    r1, r2 = rng.randint(1, 4), rng.randint(1, 4)
    n, k, m = rng.randint(0, 3) if rng.random() < 0.1 else rng.randint(1, 3), rng.randint(0, 4), rng.randint(1, 3)
    b1, b2 = _batch_pair(rng)
    s1, s2 = _batched(r1, b1, [n, k]), _batched(r2, b2, [k, m])
    if r2 == 1:
        s2 = [k]
    return [T(s1, _style(rng, len(s1))), T(s2, _style(rng, len(s2)))], []


def random_mm(rng):
    n, k, m = rng.randint(1, 4), rng.randint(0, 4), rng.randint(1, 4)
    return [T([n, k], _style(rng, 2)), T([k, m], _style(rng, 2))], []


def random_bmm(rng):
    b, n, k, m = rng.randint(1, 3), rng.randint(1, 3), rng.randint(0, 3), rng.randint(1, 3)
    return [T([b, n, k], _style(rng, 3)), T([b, k, m], _style(rng, 3))], []


def random_mv(rng):
    n, k = rng.randint(1, 4), rng.randint(0, 4)
    return [T([n, k], _style(rng, 2)), T([k], _style(rng, 1))], []


def random_dot(rng):
    k = rng.randint(0, 5)
    return [T([k], _style(rng, 1)), T([k], _style(rng, 1))], []


def random_inner(rng):
    k = rng.randint(1, 3)
    a = _dims(rng, rng.randint(0, 2), 1, 3)
    b = _dims(rng, rng.randint(0, 2), 1, 3)
    sa = a + [k] if a or rng.random() < 0.7 else []
    sb = b + [k] if b or rng.random() < 0.7 else []
    return [T(sa, _style(rng, len(sa))), T(sb, _style(rng, len(sb)))], []


def random_outer(rng):
    return [T([rng.randint(0, 4)], _style(rng, 1)), T([rng.randint(1, 4)], _style(rng, 1))], []


def random_vecdot(rng):
    k = rng.randint(1, 3)
    b1, b2 = _batch_pair(rng)
    dim = rng.choice([-1, -1, len(b1)]) if b1 == b2 else -1
    kw = [("dim", str(dim))] if dim != -1 or rng.random() < 0.3 else []
    return [T(b1 + [k], _style(rng, len(b1) + 1)), T(b2 + [k], _style(rng, len(b2) + 1))], kw


def random_linear(rng):
    k, o = rng.randint(1, 3), rng.randint(1, 3)
    lead = _dims(rng, rng.randint(0, 2), 1, 3)
    args = [T(lead + [k], _style(rng, len(lead) + 1)), T([o, k], _style(rng, 2))]
    if rng.random() < 0.6:
        args.append(T([o] if rng.random() < 0.7 else [], ""))
    return args, []


def matmul_code(args):
    return "%s @ %s" % (args[0], args[1])


MATMUL_CASES = [
    C("vec_vec", [T([3]), T([3])]), C("mat_vec", [T([2, 3]), T([3])]), C("vec_mat", [T([3]), T([3, 2])]),
    C("mat_mat", [T([2, 3]), T([3, 4])]), C("batch_vec", [T([2, 2, 3]), T([3])]), C("batch_mat", [T([2, 2, 3]), T([3, 2])]),
    C("vec_batch", [T([3]), T([2, 3, 2])]), C("mat_batch", [T([2, 3]), T([2, 3, 2])]), C("batch_batch", [T([2, 2, 3]), T([2, 3, 2])]),
    C("broadcast_batch", [T([2, 1, 2, 3]), T([3, 3, 2])]), C("broadcast_one", [T([1, 2, 3]), T([4, 3, 2])]),
    C("rank4_vec", [T([2, 1, 2, 3]), T([3])]), C("vec_rank4", [T([3]), T([1, 2, 3, 2])]), C("rank4_rank4", [T([2, 2, 1, 3]), T([2, 2, 3, 2])]),
    C("rank3_rank4", [T([2, 2, 3]), T([3, 1, 3, 2])]), C("mat_rank4", [T([2, 3]), T([2, 1, 3, 2])]),
    C("transposed", [T([3, 2], ".t"), T([2, 3], ".t")]), C("permuted", [T([2, 3, 2], ".permute"), T([2, 2], ".t")]),
    C("expanded", [T([2, 3], ".expand"), T([3, 2], ".expand")]), C("sliced", ["%s[:, 1:]" % T([2, 4]), "%s[::2]" % T([6, 2])]),
    C("empty_inner", [T([2, 0]), T([0, 3])]), C("empty_outer", [T([0, 2]), T([2, 3])]), C("empty_batch", [T([0, 2, 2]), T([2, 2])]),
    C("empty_vec", [T([0]), T([0])]), C("size_one", [T([1, 1]), T([1, 1])]), C("size_one_batch", [T([1, 1, 1]), T([1, 1])]),
    C("int8_wraps", [T([2, 4], ":int8"), T([4, 2], ":int8")]), C("uint8_wraps", [T([3, 3], ":uint8"), T([3, 3], ":uint8")]),
    C("nan_inf", ["torch.tensor([[float('nan'), 1.0], [2.0, 3.0]])", "torch.tensor([[float('inf'), 0.0], [1.0, -1.0]])"]),
    C("bfloat16", [T([2, 3], ":bfloat16"), T([3, 2], ":bfloat16")]),
]
MATMUL_ERRORS = [
    C("err_inner", [T([2, 3]), T([2, 3])]), C("err_vec_vec", [T([3]), T([2])]), C("err_mat_vec", [T([2, 3]), T([2])]),
    C("err_vec_mat", [T([3]), T([2, 3])]), C("err_batch_mat", [T([2, 2, 3]), T([2, 2])]), C("err_batch_vec", [T([2, 2, 3]), T([2])]),
    C("err_vec_batch", [T([3]), T([2, 2, 3])]), C("err_mat_batch", [T([2, 3]), T([2, 2, 3])]),
    C("err_batch_broadcast", [T([2, 2, 3]), T([4, 3, 2])]), C("err_batch_inner", [T([2, 2, 3]), T([2, 2, 2])]),
    C("err_scalar_left", [T([]), T([2])]), C("err_scalar_right", [T([2]), T([])]), C("err_scalars", [T([]), T([])]),
    C("err_dtype_mm", [T([2, 2], ":float32"), T([2, 2], ":float64")]), C("err_dtype_dot", [T([2], ":float32"), T([2], ":float64")]),
    C("err_dtype_mv", [T([2, 2], ":float32"), T([2], ":int64")]), C("err_dtype_bmm", [T([2, 2, 2], ":float64"), T([2, 2, 2], ":float32")]),
    C("err_dtype_fold", [T([2, 2, 2], ":float32"), T([2, 2], ":float64")]), C("err_dtype_fold_t", [T([2], ":float32"), T([2, 2, 2], ":float64")]),
    C("err_half_bool", [T([2, 2], ":float16"), T([2, 2], ":bool")]), C("err_list", ["[[1.0]]", T([1, 1])]),
    C("err_number", [T([2]), "2"]), C("err_missing", [T([2])]), C("err_unknown_kw", [T([2]), T([2])], [("foo", "1")]),
]

MM_CASES = [
    C("square", [T([2, 2]), T([2, 2])]), C("rect", [T([2, 3]), T([3, 4])]), C("transposed", [T([3, 2], ".t"), T([4, 3], ".t")]),
    C("expanded", [T([2, 3], ".expand"), T([3, 2], ".expand")]), C("sliced", ["%s[1:, ::2]" % T([3, 4]), T([2, 2])]),
    C("empty_inner", [T([2, 0]), T([0, 2])]), C("empty_rows", [T([0, 2]), T([2, 3])]), C("size_one", [T([1, 1]), T([1, 3])]),
    C("int8_wraps", [T([2, 4], ":int8"), T([4, 2], ":int8")]), C("int64_large", ["torch.tensor([[2**40, 3]])", "torch.tensor([[2**30], [5]])"]),
    C("nan_inf", ["torch.tensor([[float('nan'), 1.0], [2.0, 3.0]])", "torch.tensor([[float('inf'), 0.0], [1.0, -1.0]])"]),
    C("keywords", [], [("input", T([2, 2])), ("mat2", T([2, 2]))]), C("out_none", [T([2, 2]), T([2, 2])], [("out", "None")]),
    C("empty_half", [T([2, 0], ":float16"), T([0, 2], ":float16")]), C("half", [T([2, 3], ":float16"), T([3, 2], ":float16")]),
]
MM_ERRORS = [
    C("err_inner", [T([2, 3]), T([2, 3])]), C("err_vector_left", [T([2]), T([2, 3])]), C("err_vector_right", [T([2, 3]), T([3])]),
    C("err_rank3", [T([1, 2, 2]), T([2, 2])]), C("err_dtype", [T([2, 2], ":float32"), T([2, 2], ":float64")]),
    C("err_dtype_shape", [T([2, 3], ":float32"), T([2, 3], ":float64")]), C("err_half_float", [T([2, 2], ":float16"), T([2, 2], ":float32")]),
    C("err_float_half", [T([2, 2], ":float32"), T([2, 2], ":float16")]), C("err_bool_shape", [T([2, 3], ":bool"), T([2, 3], ":bool")]),
    C("err_empty_dtype", [T([2, 0], ":float32"), T([0, 2], ":float64")]),
    C("err_number", [T([2, 2]), "1.5"]), C("err_missing", [T([2, 2])]), C("err_unknown_kw", [T([2, 2]), T([2, 2])], [("foo", "1")]),
]

BMM_CASES = [
    C("simple", [T([2, 2, 3]), T([2, 3, 2])]), C("one_batch", [T([1, 2, 2]), T([1, 2, 2])]), C("permuted", [T([2, 3, 2], ".permute"), T([3, 2, 2], ".permute")]),
    C("transposed", [T([2, 3, 2], ".transpose"), T([2, 2, 3], ".transpose")]), C("expanded", [T([2, 2, 2], ".expand"), T([2, 2, 2], ".expand")]),
    C("empty_batch", [T([0, 2, 2]), T([0, 2, 2])]), C("empty_inner", [T([2, 2, 0]), T([2, 0, 3])]), C("int8_wraps", [T([2, 2, 4], ":int8"), T([2, 4, 2], ":int8")]),
    C("keywords", [], [("input", T([1, 2, 2])), ("mat2", T([1, 2, 2]))]),
]
BMM_ERRORS = [
    C("err_rank2_left", [T([2, 2]), T([2, 2, 2])]), C("err_rank2_right", [T([2, 2, 2]), T([2, 2])]), C("err_batch", [T([2, 2, 3]), T([3, 3, 2])]),
    C("err_inner", [T([2, 2, 3]), T([2, 2, 3])]), C("err_dtype", [T([2, 2, 2], ":float32"), T([2, 2, 2], ":float64")]),
    C("err_half", [T([1, 2, 2], ":float16"), T([1, 2, 2], ":float32")]), C("err_rank4", [T([1, 1, 2, 2]), T([1, 2, 2])]),
    C("err_large_bool", [T([1, 8, 8], ":bool"), T([1, 8, 8], ":bool")]), C("err_large_dtype", [T([1, 8, 8], ":int32"), T([1, 8, 8], ":int64")]),
]

MV_CASES = [
    C("simple", [T([2, 3]), T([3])]), C("transposed", [T([3, 2], ".t"), T([3])]), C("expanded", [T([2, 3], ".expand"), T([3], ".expand")]),
    C("sliced", [T([2, 3]), "%s[::2]" % T([6])]), C("empty_inner", [T([2, 0]), T([0])]), C("empty_rows", [T([0, 2]), T([2])]),
    C("int8_wraps", [T([2, 4], ":int8"), T([4], ":int8")]), C("keywords", [], [("input", T([2, 2])), ("vec", T([2]))]),
    C("half", [T([2, 2], ":float16"), T([2], ":float16")]),
]
MV_ERRORS = [
    C("err_size", [T([2, 3]), T([2])]), C("err_vector", [T([2]), T([2])]), C("err_matrix", [T([2, 2]), T([2, 2])]),
    C("err_scalar", [T([2, 2]), T([])]), C("err_dtype", [T([2, 2], ":float32"), T([2], ":float64")]),
]

DOT_CASES = [
    C("simple", [T([3]), T([3])]), C("expanded", [T([3], ".expand"), T([3])]), C("sliced", ["%s[::2]" % T([6]), "%s[1:]" % T([4])]),
    C("empty", [T([0]), T([0])]), C("one", [T([1]), T([1])]), C("int8_wraps", [T([6], ":int8"), T([6], ":int8")]),
    C("keywords", [], [("input", T([2])), ("other", T([2]))]),
]
DOT_ERRORS = [
    C("err_size", [T([2]), T([3])]), C("err_matrix", [T([2, 2]), T([2])]), C("err_matrix_right", [T([2]), T([2, 2])]),
    C("err_scalar", [T([]), T([])]), C("err_dtype", [T([2], ":float32"), T([2], ":float64")]), C("err_dtype_size", [T([2], ":float32"), T([3], ":int64")]),
    C("err_bool", [T([2], ":bool"), T([2], ":bool")]),
]

INNER_CASES = [
    C("vectors", [T([3]), T([3])]), C("matrices", [T([2, 3]), T([4, 3])]), C("rank3", [T([2, 1, 2]), T([3, 2])]),
    C("scalar_left", [T([]), T([2, 3])]), C("scalar_right", [T([2]), T([])]), C("scalars", [T([]), T([])]),
    C("scalar_mixed_dtype", [T([], ":float32"), T([2], ":float64")]), C("transposed", [T([3, 2], ".t"), T([2, 3], ".t")]),
    C("empty", [T([0, 2]), T([2])]), C("empty_inner", [T([2, 0]), T([0])]), C("int64_size_one", [T([3, 1], ":int64"), T([1], ":int64")]),
]
INNER_ERRORS = [
    C("err_int32_size_one", [T([3, 1], ":int32"), T([1], ":int32")]), C("err_bool_size_one", [T([2, 1], ":bool"), T([1], ":bool")]),
    C("err_last", [T([2]), T([3])]), C("err_last_matrix", [T([2, 3]), T([4, 2])]), C("err_dtype", [T([2], ":float32"), T([2], ":float64")]),
]

OUTER_CASES = [
    C("simple", [T([2]), T([3])]), C("expanded", [T([3], ".expand"), T([2])]), C("empty", [T([0]), T([2])]),
    C("mixed_dtype", [T([2], ":int64"), T([2], ":float32")]), C("mixed_bool", [T([2], ":bool"), T([2], ":int8")]),
    C("int8_wraps", [T([2], ":int8"), T([2], ":int8")]), C("keywords", [], [("input", T([2])), ("vec2", T([2]))]),
]
OUTER_ERRORS = [
    C("err_matrix", [T([2]), T([3, 2])]), C("err_scalar", [T([]), T([3])]), C("err_matrix_left", [T([2, 2]), T([2])]),
]

VECDOT_CASES = [
    C("vectors", [T([3]), T([3])]), C("batch", [T([2, 3]), T([2, 3])]), C("broadcast", [T([2, 3]), T([3])]),
    C("dim0", [T([3, 2]), T([3, 2])], [("dim", "0")]), C("scalars", [T([]), T([])]), C("empty", [T([0, 2]), T([2])]),
    C("empty_dim", [T([2, 0]), T([2, 0])]), C("transposed", [T([3, 2], ".t"), T([2, 3])]),
    C("keywords", [], [("x", T([2])), ("y", T([2])), ("dim", "-1")]),
]
VECDOT_ERRORS = [
    C("err_size", [T([2, 3]), T([2])]), C("err_dim", [T([2, 3]), T([2, 3])], [("dim", "2")]), C("err_int", [T([2], ":int64"), T([2], ":int64")]),
    C("err_dtype", [T([2], ":float32"), T([2], ":float64")]), C("err_positional_dim", [T([2]), T([2]), "0"]),
]

LINEAR_CASES = [
    C("simple", [T([2, 3]), T([4, 3])]), C("bias", [T([2, 3]), T([4, 3]), T([4])]), C("vector_input", [T([3]), T([2, 3]), T([2])]),
    C("vector_weight", [T([2, 3]), T([3])]), C("vectors", [T([3]), T([3])]), C("vectors_bias", [T([3]), T([3]), T([])]),
    C("rank3", [T([2, 2, 3]), T([4, 3]), T([4])]), C("bias_scalar", [T([2, 3]), T([4, 3]), T([])]),
    C("bias_full", [T([2, 3]), T([4, 3]), T([2, 4])]), C("bias_one", [T([2, 3]), T([4, 3]), T([1])]),
    C("transposed", [T([3, 2], ".t"), T([3, 4], ".t"), T([4], ".expand")]), C("empty_batch", [T([0, 3]), T([2, 3]), T([2])]),
    C("empty_inner", [T([2, 0]), T([2, 0]), T([2])]), C("bias_none", [T([2, 3]), T([4, 3])], [("bias", "None")]),
    C("keywords", [], [("input", T([2, 2])), ("weight", T([2, 2])), ("bias", T([2]))]),
]
LINEAR_ERRORS = [
    C("err_inner", [T([2, 3]), T([4, 2])]), C("err_bias", [T([2, 3]), T([4, 3]), T([3])]), C("err_dtype", [T([2, 3], ":float32"), T([4, 3], ":float64")]),
    C("err_bias_dtype", [T([2, 3], ":float32"), T([4, 3], ":float32"), T([4], ":float64")]), C("err_scalar", [T([]), T([3, 3])]),
    C("err_bias_rank", [T([2, 3]), T([4, 3]), T([3, 2, 4])]), C("err_vector_weight_bias", [T([2, 3]), T([3]), T([2])]),
    # a contiguous 3-D input with a bias runs addmm on the input flattened to [B·S, K]
    C("err_rank3_bias_dtype", [T([2, 2, 3], ":float32"), T([4, 3], ":float32"), T([4], ":float64")]),
    C("err_rank3_bias_rows", [T([2, 2, 3]), T([4, 3]), T([2, 4])]),
    C("rank3_transposed_bias_dtype", [T([2, 2, 3], ":float32.transpose"), T([4, 3], ":float32"), T([4], ":float64")]),
    C("rank4_bias_dtype", [T([2, 2, 2, 3], ":float32"), T([4, 3], ":float32"), T([4], ":float64")]),
    C("rank3_half_bias", [T([2, 2, 3], ":float16"), T([4, 3], ":float16"), T([4], ":float16")]),
]

def random_addmm(rng):
    n, k, m = rng.randint(1, 3), rng.randint(0, 3), rng.randint(1, 3)
    inp = rng.choice([[n, m], [m], [1, m], [n, 1], [], [1]])
    kw = []
    if rng.random() < 0.5:
        kw.append(("beta", rng.choice(["0", "2", "0.5", "-1"])))
    if rng.random() < 0.5:
        kw.append(("alpha", rng.choice(["0", "2", "0.5", "-1"])))
    return [T(inp, _style(rng, len(inp))), T([n, k], _style(rng, 2)), T([k, m], _style(rng, 2))], kw


ADDMM_CASES = [
    C("beta_alpha", [T([2, 2]), T([2, 3]), T([3, 2])], [("beta", "0.5"), ("alpha", "2")]),
    C("beta_zero_nan", ["torch.tensor([[float('nan'), 1.0], [float('inf'), 2.0]])", T([2, 2]), T([2, 2])], [("beta", "0")]),
    C("alpha_zero_nan", [T([2, 2]), "torch.tensor([[float('nan'), 1.0], [2.0, 3.0]])", T([2, 2])], [("alpha", "0")]),
    C("int_alpha_half", [T([2, 2], ":int64"), T([2, 2], ":int64"), T([2, 2], ":int64")], [("alpha", "0.5")]),
    C("int_beta_half", [T([2, 2], ":int64"), T([2, 2], ":int64"), T([2, 2], ":int64")], [("beta", "1.5")]),
    C("int_alpha_bool", [T([2, 2], ":int32"), T([2, 2], ":int32"), T([2, 2], ":int32")], [("alpha", "True")]),
    C("negative", [T([2, 2]), T([2, 2]), T([2, 2])], [("beta", "-1"), ("alpha", "-2")]),
    C("broadcast_row", [T([3]), T([2, 2]), T([2, 3])]), C("broadcast_scalar", [T([]), T([2, 2]), T([2, 2])]),
    C("broadcast_col", [T([2, 1]), T([2, 2]), T([2, 2])]), C("transposed", [T([2, 2], ".t"), T([3, 2], ".t"), T([2, 3], ".t")]),
    C("empty_inner", [T([2, 2]), T([2, 0]), T([0, 2])], [("beta", "2")]), C("empty_inner_beta0", [T([2, 2]), T([2, 0]), T([0, 2])], [("beta", "0")]),
    C("empty_rows", [T([0, 2]), T([0, 2]), T([2, 2])]), C("int8_wraps", [T([2, 2], ":int8"), T([2, 4], ":int8"), T([4, 2], ":int8")], [("alpha", "3")]),
    C("tensor_alpha", [T([2, 2]), T([2, 2]), T([2, 2])], [("alpha", "torch.tensor(2.0)")]),
    C("method_kw", [T([2, 2]), T([2, 2]), T([2, 2])], [("beta", "2")]),
    C("keywords", [], [("input", T([2])), ("mat1", T([2, 2])), ("mat2", T([2, 2])), ("alpha", "1"), ("beta", "1")]),
]
ADDMM_ERRORS = [
    C("err_input", [T([3]), T([2, 2]), T([2, 2])]), C("err_input_rank", [T([1, 2, 2]), T([2, 2]), T([2, 2])]),
    C("err_inner", [T([2, 2]), T([2, 3]), T([2, 2])]), C("err_vector", [T([2, 2]), T([2]), T([2, 2])]), C("err_vector_mat2", [T([2, 2]), T([2, 2]), T([2])]),
    C("err_inner_input", [T([3]), T([2, 3]), T([2, 2])]), C("err_self_dtype", [T([2, 2], ":float64"), T([2, 2], ":float32"), T([2, 2], ":float32")]),
    C("err_mat1_dtype", [T([2, 2], ":float32"), T([2, 2], ":float64"), T([2, 2], ":float32")]),
    C("err_mat2_dtype", [T([2, 2], ":float32"), T([2, 2], ":float32"), T([2, 2], ":float64")]),
    C("err_empty_inner_int_beta", [T([2, 2], ":int64"), T([2, 0], ":int64"), T([0, 2], ":int64")], [("beta", "0.5")]),
    C("err_positional_beta", [T([2, 2]), T([2, 2]), T([2, 2]), "2"]), C("err_beta_string", [T([2, 2]), T([2, 2]), T([2, 2])], [("beta", "'a'")]),
]

def _scalars(rng):
    kw = []
    if rng.random() < 0.5:
        kw.append(("beta", rng.choice(["0", "2", "0.5", "-1"])))
    if rng.random() < 0.5:
        kw.append(("alpha", rng.choice(["0", "2", "0.5", "-1"])))
    return kw


def random_addmv(rng):
    n, k = rng.randint(1, 3), rng.randint(0, 3)
    inp = rng.choice([[n], [1], []])
    # (beta=0.5 of an integer addmv with an empty matrix scales input by 0 in input's shape:
    # the surrogate call with beta=0 takes another path, so relations cannot be compared)
    kw = [(k_, v) for k_, v in _scalars(rng) if not (k_ == "beta" and v == "0.5")]
    return [T(inp), T([n, k], _style(rng, 2)), T([k], _style(rng, 1))], kw


def random_addr(rng):
    n, m = rng.randint(0, 3), rng.randint(1, 3)
    inp = rng.choice([[n, m], [m], [1, m], [n, 1], []])
    kw = [(k, v) for k, v in _scalars(rng) if v != "0.5"]
    return [T(inp, _style(rng, len(inp))), T([n], _style(rng, 1)), T([m], _style(rng, 1))], kw


def random_addbmm(rng):
    bb, n, k, m = rng.randint(0, 3), rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3)
    inp = rng.choice([[n, m], [m], [1, m], []])
    return [T(inp), T([bb, n, k], _style(rng, 3)), T([bb, k, m], _style(rng, 3))], _scalars(rng)


def random_baddbmm(rng):
    bb, n, k, m = rng.randint(1, 3), rng.randint(1, 3), rng.randint(0, 3), rng.randint(1, 3)
    inp = rng.choice([[bb, n, m], [n, m], [m], [1, 1, m], []])
    return [T(inp), T([bb, n, k], _style(rng, 3)), T([bb, k, m], _style(rng, 3))], _scalars(rng)


def random_trace(rng):
    s = [rng.randint(0, 4), rng.randint(1, 4)]
    return [T(s, _style(rng, 2))], []


def random_kron(rng):
    a = _dims(rng, rng.randint(0, 3), 0 if rng.random() < 0.1 else 1, 3)
    b = _dims(rng, rng.randint(0, 3), 1, 3)
    return [T(a), T(b)], []  # (a transposed input makes 1.13's kron fail in a view: strides decide)


def random_tensordot(rng):
    n = rng.randint(0, 2)
    c = _dims(rng, n, 1, 3)
    a = _dims(rng, rng.randint(0, 2), 1, 3)
    b = _dims(rng, rng.randint(0, 2), 1, 3)
    if rng.random() < 0.5 or n == 0:
        return [T(a + c, _style(rng, len(a + c))), T(c + b, _style(rng, len(c + b))), str(n)], []
    # explicit lists: the contracted dims of a in a random order and place
    ra = len(a) + n
    pa = rng.sample(range(ra), n)
    sa = [0] * ra
    rest = iter(a)
    for i in range(ra):
        sa[i] = c[pa.index(i)] if i in pa else next(rest)
    da = [p - ra if rng.random() < 0.3 else p for p in pa]
    return [T(sa), T(c + b), "([%s], [%s])" % (", ".join(map(str, da)), ", ".join(map(str, range(n))))], []


ADDMV_CASES = [
    C("beta_alpha", [T([2]), T([2, 3]), T([3])], [("beta", "0.5"), ("alpha", "2")]),
    C("beta_zero_nan", ["torch.tensor([float('nan'), 1.0])", T([2, 2]), T([2])], [("beta", "0")]),
    C("alpha_zero_nan", [T([2]), "torch.tensor([[float('nan'), 1.0], [2.0, 3.0]])", T([2])], [("alpha", "0")]),
    C("int_alpha_half", [T([2], ":int64"), T([2, 2], ":int64"), T([2], ":int64")], [("alpha", "0.5")]),
    C("broadcast_one", [T([1]), T([2, 2]), T([2])]), C("broadcast_scalar", [T([]), T([3, 2]), T([2])]),
    C("transposed", [T([2]), T([3, 2], ".t"), T([3])]), C("empty_inner", [T([2]), T([2, 0]), T([0])], [("beta", "2")]),
    C("empty_inner_int_beta", [T([2], ":int64"), T([2, 0], ":int64"), T([0], ":int64")], [("beta", "0.5")]),
    C("input_other_dtype", [T([2], ":float64"), T([2, 2], ":float32"), T([2], ":float32")]),
    C("keywords", [], [("input", T([2])), ("mat", T([2, 2])), ("vec", T([2])), ("beta", "2")]),
]
ADDMV_ERRORS = [
    C("err_input_size", [T([3]), T([2, 2]), T([2])]), C("err_size", [T([2]), T([2, 3]), T([2])]), C("err_input_matrix", [T([2, 2]), T([2, 2]), T([2])]),
    C("err_vec_dtype", [T([2], ":float32"), T([2, 2], ":float32"), T([2], ":float64")]), C("err_bool", [T([2], ":bool"), T([2, 2], ":bool"), T([2], ":bool")]),
]

ADDR_CASES = [
    C("beta_alpha", [T([2, 3]), T([2]), T([3])], [("beta", "0.5"), ("alpha", "2")]),
    C("beta_zero_nan", ["torch.tensor([[float('nan'), 1.0], [2.0, float('inf')]])", T([2]), T([2])], [("beta", "0")]),
    C("alpha_zero_nan", [T([2, 2]), "torch.tensor([float('nan'), 1.0])", T([2])], [("alpha", "0")]),
    C("broadcast_row", [T([3]), T([2]), T([3])]), C("broadcast_scalar", [T([]), T([2]), T([3])]),
    C("mixed_dtypes", [T([2, 2], ":int64"), T([2], ":float32"), T([2], ":int32")]), C("bool", [T([2, 2], ":bool"), T([2], ":bool"), T([2], ":bool")]),
    C("bool_scalars", [T([2, 2], ":bool"), T([2], ":bool"), T([2], ":bool")], [("beta", "False"), ("alpha", "True")]),
    C("int_scalars", [T([2, 2], ":int32"), T([2], ":int32"), T([2], ":int32")], [("beta", "2"), ("alpha", "-1")]),
    C("empty", [T([0, 2]), T([0]), T([2])]), C("expanded", [T([2, 2], ".expand"), T([2], ".expand"), T([2])]),
    C("keywords", [], [("input", T([2, 2])), ("vec1", T([2])), ("vec2", T([2]))]),
]
ADDR_ERRORS = [
    C("err_vec1_matrix", [T([2, 3]), T([2, 1]), T([3])]), C("err_vec2_scalar", [T([2, 3]), T([2]), T([])]), C("err_input", [T([2, 2]), T([2]), T([3])]),
    C("err_int_alpha_float", [T([2, 2], ":int64"), T([2], ":int64"), T([2], ":int64")], [("alpha", "0.5")]),
    C("err_bool_beta_float_result", [T([2, 2], ":float32"), T([2], ":float32"), T([2], ":float32")], [("beta", "True")]),
]

ADDBMM_CASES = [
    C("beta_alpha", [T([2, 2]), T([3, 2, 3]), T([3, 3, 2])], [("beta", "0.5"), ("alpha", "2")]),
    C("beta_zero_nan", ["torch.tensor([[float('nan'), 1.0]])", T([2, 1, 2]), T([2, 2, 2])], [("beta", "0")]),
    C("broadcast", [T([2]), T([2, 2, 2]), T([2, 2, 2])]), C("empty_batch", [T([2, 2]), T([0, 2, 2]), T([0, 2, 2])], [("beta", "2")]),
    C("empty_batch_beta0", [T([2, 2]), T([0, 2, 2]), T([0, 2, 2])], [("beta", "0")]), C("permuted", [T([2, 2]), T([2, 3, 2], ".permute"), T([2, 3, 2], ".transpose")]),
    C("int_alpha_half", [T([2, 2], ":int64"), T([1, 2, 2], ":int64"), T([1, 2, 2], ":int64")], [("alpha", "0.5")]),
]
ADDBMM_ERRORS = [
    C("err_batches", [T([2, 2]), T([3, 2, 2]), T([2, 2, 2])]), C("err_inner", [T([2, 2]), T([3, 2, 3]), T([3, 2, 2])]),
    C("err_input", [T([3, 2]), T([3, 2, 2]), T([3, 2, 2])]), C("err_rank", [T([2, 2]), T([2, 2]), T([3, 2, 2])]),
    C("err_vector", [T([2, 2]), T([2]), T([3, 2, 2])]), C("err_dtype", [T([2, 2], ":float64"), T([3, 2, 2], ":float32"), T([3, 2, 2], ":float32")]),
    C("err_empty_int_beta", [T([2, 2], ":int64"), T([0, 2, 2], ":int64"), T([0, 2, 2], ":int64")], [("beta", "0.5")]),
]

BADDBMM_CASES = [
    C("beta_alpha", [T([2, 2, 2]), T([2, 2, 3]), T([2, 3, 2])], [("beta", "0.5"), ("alpha", "2")]),
    C("beta_zero_nan", ["torch.tensor([[[float('nan')]], [[float('inf')]]])", T([2, 1, 2]), T([2, 2, 1])], [("beta", "0")]),
    C("broadcast", [T([2]), T([3, 2, 2]), T([3, 2, 2])]), C("input_other_dtype", [T([2, 2, 2], ":float64"), T([2, 2, 2], ":float32"), T([2, 2, 2], ":float32")]),
    C("input_float_int", [T([1, 2, 2], ":float32"), T([1, 2, 2], ":int64"), T([1, 2, 2], ":int64")]),
    C("empty_inner", [T([2, 2, 2]), T([2, 2, 0]), T([2, 0, 2])], [("beta", "2")]),
    C("int_alpha_half", [T([1, 2, 2], ":int64"), T([1, 2, 2], ":int64"), T([1, 2, 2], ":int64")], [("alpha", "0.5")]),
]
BADDBMM_ERRORS = [
    C("err_input", [T([4, 2, 2]), T([3, 2, 2]), T([3, 2, 2])]), C("err_rank", [T([2]), T([2, 2]), T([3, 2, 2])]),
    C("err_vector", [T([2]), T([2]), T([3, 2, 2])]), C("err_inner", [T([3, 2, 2]), T([3, 2, 3]), T([3, 2, 2])]),
    C("err_dtype", [T([3, 2, 2], ":float32"), T([3, 2, 2], ":float32"), T([3, 2, 2], ":float64")]),
]

TRACE_CASES = [
    C("square", [T([3, 3])]), C("wide", [T([2, 4])]), C("tall", [T([4, 2])]), C("empty", [T([0, 3])]), C("one", [T([1, 1])]),
    C("transposed", [T([2, 3], ".t")]), C("int8", [T([3, 3], ":int8")]), C("uint8", [T([2, 2], ":uint8")]),
]
TRACE_ERRORS = [C("err_vector", [T([3])]), C("err_rank3", [T([2, 2, 2])]), C("err_scalar", [T([])]), C("err_bool_vector", [T([2], ":bool")])]

KRON_CASES = [
    C("matrices", [T([2, 2]), T([2, 3])]), C("vectors", [T([2]), T([3])]), C("ranks", [T([2, 1]), T([3])]), C("scalar", [T([]), T([2])]),
    C("scalars", [T([]), T([])]), C("rank3", [T([2, 1, 2]), T([1, 2, 1])]), C("mixed_dtypes", [T([2], ":int64"), T([2], ":float32")]),
    C("bool", [T([2], ":bool"), T([2], ":bool")]), C("empty", [T([0, 2]), T([2, 2])]), C("expanded", [T([2], ".expand"), T([2, 1], ".expand")]),
    C("keywords", [], [("input", T([2])), ("other", T([2]))]),
]

TENSORDOT_CASES = [
    C("dims0", [T([2]), T([3]), "0"]), C("dims1", [T([2, 3]), T([3, 2]), "1"]), C("default", [T([2, 3]), T([2, 3])]),
    C("lists", [T([2, 3, 4]), T([4, 3]), "([1, 2], [1, 0])"]), C("list_of_lists", [T([2, 3]), T([3, 2]), "[[1], [0]]"]),
    C("negative_dims", [T([2, 3]), T([3, 2]), "([-1], [0])"]), C("tensor_dims", [T([2, 3]), T([3, 2]), "torch.tensor(1)"]),
    C("bool_dims", [T([2, 3]), T([3, 2]), "True"]), C("broadcast_dim", [T([2, 3]), T([1, 2]), "([1], [0])"]),
    C("broadcast_dim_float", [T([2, 3], ":float32"), T([1, 2], ":float32"), "([1], [0])"]),
    C("size_one_both", [T([2, 1], ":int64"), T([1, 2], ":int64"), "1"]), C("transposed", [T([3, 2], ".t"), T([2, 3], ".t"), "1"]),
    C("empty", [T([0, 3]), T([3, 2]), "1"]), C("empty_contracted", [T([2, 0]), T([0, 2]), "1"]),
    C("keywords", [], [("a", T([2, 2])), ("b", T([2, 2])), ("dims", "1")]),
]
TENSORDOT_ERRORS = [
    C("err_negative", [T([2, 3]), T([3, 2]), "-1"]), C("err_three_lists", [T([2, 3]), T([3, 2]), "([1], [0], [1])"]),
    C("err_string", [T([2, 3]), T([3, 2]), "'a'"]), C("err_float", [T([2, 3]), T([3, 2]), "1.5"]), C("err_none", [T([2, 3]), T([3, 2]), "None"]),
    C("err_int_pair", [T([2, 3]), T([3, 2]), "[1, 0]"]), C("err_repeated", [T([2, 3]), T([3, 2]), "[[1, 1], [0, 0]]"]),
    C("err_lengths", [T([2, 3]), T([3, 2]), "[[1], [0, 1]]"]), C("err_range", [T([2, 3]), T([3, 2]), "[[2], [0]]"]),
    C("err_sizes", [T([2, 3]), T([2, 2]), "[[1], [0]]"]), C("err_too_many", [T([2, 3]), T([3, 2]), "3"]),
    C("err_dtype", [T([2, 3], ":float32"), T([3, 2], ":float64"), "1"]), C("err_int32_broadcast", [T([2, 3], ":int32"), T([1, 2], ":int32"), "([1], [0])"]),
]

def random_einsum(rng):
    """A random valid equation over 1-3 operands (repeated letters for diagonals, implicit or
    explicit output, sometimes an ellipsis, size-1 dims that broadcast) and its operands."""
    pool = "ijkl" if rng.random() < 0.8 else "abAB"
    size = {c: rng.randint(1, 3) for c in pool}
    n_ops = rng.choice([1, 2, 2, 2, 3])
    ell = rng.random() < 0.15
    ell_shape = [rng.randint(1, 3) for _ in range(rng.randint(0, 2))]
    subs, shapes = [], []
    for _ in range(n_ops):
        k = rng.randint(0, 3)
        letters = [rng.choice(pool) for _ in range(k)]
        shape = [size[c] if rng.random() < 0.85 else 1 for c in letters]
        for a in range(len(letters)):  # a repeated letter needs equal sizes (the diagonal)
            for b_ in range(a):
                if letters[a] == letters[b_]:
                    shape[a] = shape[b_]
        text = "".join(letters)
        if ell and rng.random() < 0.7:
            cut = rng.randint(0, len(letters))
            e_dims = ell_shape[rng.randint(0, len(ell_shape)):] if ell_shape else []
            text = "".join(letters[:cut]) + "..." + "".join(letters[cut:])
            shape = shape[:cut] + e_dims + shape[cut:]
        subs.append(text)
        shapes.append(shape)
    seen = sorted(set(c for t in subs for c in t if c.isalpha()))
    if rng.random() < 0.3:
        eq = ",".join(subs)
    else:
        out = [c for c in seen if rng.random() < 0.5]
        rng.shuffle(out)
        o = "".join(out)
        if "..." in "".join(subs) and rng.random() < 0.7:
            cut = rng.randint(0, len(o))
            o = o[:cut] + "..." + o[cut:]
        eq = ",".join(subs) + "->" + o
    return ["'%s'" % eq] + [T(sh, _style(rng, len(sh)) if rng.random() < 0.3 else "") for sh in shapes], []


EINSUM_CASES = [
    C("matmul", ["'ij,jk->ik'", T([2, 3]), T([3, 2])]), C("implicit", ["'ij,jk'", T([2, 3]), T([3, 2])]),
    C("diagonal", ["'ii->i'", T([3, 3])]), C("trace", ["'ii'", T([3, 3])]), C("transpose", ["'ij->ji'", T([2, 3])]),
    C("sum_all", ["'ij->'", T([2, 3])]), C("sum_rows", ["'ij->i'", T([2, 3])]), C("dot", ["'i,i->'", T([3]), T([3])]),
    C("outer", ["'i,j->ij'", T([2]), T([3])]), C("hadamard", ["'ij,ij->ij'", T([2, 2]), T([2, 2])]),
    C("batch", ["'bij,bjk->bik'", T([2, 2, 3]), T([2, 3, 2])]), C("ellipsis", ["'...ij,...jk->...ik'", T([2, 2, 3]), T([3, 2])]),
    C("ellipsis_implicit", ["'...ij,...jk'", T([2, 1, 2]), T([3, 2, 2])]), C("ellipsis_sum", ["'i...->i'", T([2, 3, 2])]),
    C("three", ["'ij,jk,kl->il'", T([2, 2]), T([2, 3]), T([3, 2])]), C("three_dot", ["'i,i,i->'", T([3]), T([3]), T([3])]),
    C("bilinear", ["'bi,oij,bj->bo'", T([2, 2]), T([3, 2, 2]), T([2, 2])]), C("uppercase", ["'Ab,bC->AC'", T([2, 2]), T([2, 3])]),
    C("spaces", ["' i j , j k -> i k '", T([2, 2]), T([2, 2])]), C("broadcast_one", ["'ij,jk->ik'", T([2, 1]), T([3, 2])]),
    C("scalar", ["'ij,->ij'", T([2, 2]), T([])]), C("scalars", ["',->'", T([]), T([])]), C("scalar_only", ["'->'", T([])]),
    C("repeated_three", ["'iii->i'", T([2, 2, 2])]), C("diag_other", ["'ii,i->i'", T([2, 2]), T([2])]),
    C("empty", ["'ij,jk->ik'", T([0, 2]), T([2, 2])]), C("empty_contracted", ["'ij,jk->ik'", T([2, 0]), T([0, 2])]),
    C("transposed", ["'ij,jk->ik'", T([3, 2], ".t"), T([2, 3], ".t")]), C("mixed_mul", ["'i,j->ij'", T([2], ":int64"), T([2], ":float32")]),
    C("int_sum", ["'ij->i'", T([2, 3], ":int32")]), C("int8_wraps", ["'ij,jk->ik'", T([2, 4], ":int8"), T([4, 2], ":int8")]),
    C("half", ["'ij,jk->ik'", T([2, 2], ":float16"), T([2, 2], ":float16")]),
    C("half_mul", ["'i,j->ij'", T([2], ":float16"), T([3], ":float16")]),
    C("half_three", ["'i,ij,j->'", T([2], ":float16"), T([2, 3], ":float16"), T([3], ":float16")]),
    # the sublist format: operand, its subscripts (ints in [0, 52), Ellipsis), ..., the output's
    C("sublist", [T([2, 3]), "[0, 1]", T([3, 2]), "[1, 2]", "[0, 2]"]),
    C("sublist_implicit", [T([2, 3]), "[0, 1]", T([3, 2]), "[1, 2]"]),
    C("sublist_ellipsis", [T([2, 2, 3]), "[..., 0, 1]", T([3, 2]), "[1, 2]", "[..., 0, 2]"]),
    C("sublist_ellipsis_implicit", [T([2, 3]), "[Ellipsis, 1]", T([3, 2]), "[1, Ellipsis]"]),
    C("sublist_lowercase", [T([2, 3]), "[26, 51]", "[51]"]), C("sublist_tuples", [T([2, 3]), "(0, 1)", "(1,)"]),
    C("sublist_trace", [T([3, 3]), "[0, 0]"]), C("sublist_bools", [T([2, 3]), "[False, True]", "[True]"]),
    C("sublist_sum_all", [T([2, 3]), "[0, 1]", "[]"]),
    C("sublist_three", [T([2, 2]), "[0, 1]", T([2, 3]), "[1, 2]", T([3, 2]), "[2, 3]", "[0, 3]"]),
    C("sublist_scalar", [T([]), "[]", T([2]), "[0]", "[0]"]),
    C("sublist_transposed", [T([3, 2], ".t"), "[7, 30]", T([2]), "[30]"]),
]
EINSUM_ERRORS = [
    C("err_subscript", ["'i1,1j'", T([2, 2]), T([2, 2])]), C("err_more_operands", ["'ij'", T([2, 2]), T([2, 2])]),
    C("err_fewer_operands", ["'ij,jk,kl'", T([2, 2]), T([2, 2])]), C("err_count", ["'ijk'", T([2, 2])]), C("err_count_ellipsis", ["'ijk...'", T([2, 2])]),
    C("err_dot", ["'i.j'", T([2, 2])]), C("err_two_ellipses", ["'......'", T([2, 2])]), C("err_output_repeat", ["'ij->ii'", T([2, 2])]),
    C("err_output_unknown", ["'ij->k'", T([2, 2])]), C("err_output_subscript", ["'ij->i1'", T([2, 2])]), C("err_output_dot", ["'i...->.i'", T([2, 2])]),
    C("err_output_two_ellipses", ["'i...->......'", T([2, 2])]), C("err_sizes", ["'ij,jk->ik'", T([2, 3]), T([2, 2])]),
    C("err_diag", ["'ii->i'", T([2, 3])]), C("err_ellipsis_broadcast", ["'...i,...i->i'", T([2, 2]), T([3, 2])]),
    C("err_dtype", ["'ij,jk->ik'", T([2, 2], ":float32"), T([2, 2], ":float64")]), C("err_int_sum_bmm", ["'ij,jk->i'", T([2, 2], ":int32"), T([2, 2], ":int32")]),
    C("err_bool", ["'ij,jk->ik'", T([2, 2], ":bool"), T([2, 2], ":bool")]),
    C("err_half_float", ["'ij,jk->ik'", T([2, 2], ":float16"), T([2, 2], ":float32")]),
    C("err_one_arg", ["'ij'"]), C("err_equation_int", ["1", T([2, 2])]), C("err_operand_int", ["'i,i'", T([2]), "2"]),
    C("err_sublist_range", [T([2, 3]), "[0, 52]"]), C("err_sublist_negative", [T([2, 3]), "[0, -1]"]),
    C("err_sublist_float", [T([2, 3]), "[0, 1.5]"]), C("err_sublist_str", [T([2, 3]), "[0, 'a']"]),
    C("err_sublist_none", [T([2, 3]), "[0, None]"]), C("err_sublist_int", [T([2, 3]), "1"]),
    C("err_sublist_operand", [T([2, 3]), "[0, 1]", "2", "[1]", "[0]"]),
    C("err_sublist_missing", [T([2, 3]), "[0, 1]", T([3, 2])]),
    C("err_sublist_output_range", [T([2, 3]), "[0, 1]", "[60]"]),
    C("err_sublist_output_repeat", [T([2, 3]), "[0, 1]", T([3, 2]), "[1, 2]", "[0, 0]"]),
    C("err_sublist_count", [T([2, 3]), "[0]"]), C("err_sublist_sizes", [T([2, 3]), "[0, 1]", T([2, 2]), "[1, 2]"]),
]

def random_cross(rng):
    batch = _dims(rng, rng.randint(0, 2), 1, 3)
    d = rng.randint(0, len(batch))
    sa = batch[:d] + [3] + batch[d:]
    sb = [x if rng.random() < 0.7 else 1 for x in sa]
    sb[d] = 3
    kw = [("dim", str(d if rng.random() < 0.5 else d - len(sa)))] if rng.random() < 0.7 else []
    return [T(sa, _style(rng, len(sa))), T(sb, _style(rng, len(sb)))], kw


def random_linalg_cross(rng):
    args, kw = random_cross(rng)
    return args, kw if kw else []


def random_chain(rng):
    n = rng.randint(2, 5)
    dims = [rng.randint(1, 3) for _ in range(n + 1)]
    items = [T([dims[i], dims[i + 1]], _style(rng, 2)) for i in range(n)]
    if rng.random() < 0.3:
        items[0] = T([dims[1]])
    if rng.random() < 0.3:
        items[-1] = T([dims[-2]])
    return ["[%s]" % ", ".join(items)], []


def random_chain_matmul(rng):
    n = rng.randint(1, 4)
    dims = [rng.randint(1, 3) for _ in range(n + 1)]
    return [T([dims[i], dims[i + 1]], _style(rng, 2)) for i in range(n)], []


def random_bilinear(rng):
    batch = _dims(rng, rng.randint(0, 2), 1, 3)
    i, j, o = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 3)
    args = [T(batch + [i]), T(batch + [j]), T([o, i, j], _style(rng, 3))]
    if rng.random() < 0.5:
        args.append(T([o]))
    return args, []


CROSS_CASES = [
    C("vectors", [T([3]), T([3])]), C("rows", [T([2, 3]), T([2, 3])], [("dim", "1")]), C("columns", [T([3, 2]), T([3, 2])], [("dim", "0")]),
    C("default_dim_first", [T([3, 3]), T([3, 3])]), C("default_dim_second", [T([2, 3]), T([2, 3])]), C("negative_dim", [T([2, 3]), T([2, 3])], [("dim", "-1")]),
    C("broadcast", [T([2, 3]), T([1, 3])], [("dim", "1")]), C("transposed", [T([3, 2], ".t"), T([2, 3])], [("dim", "1")]),
    C("empty", [T([0, 3]), T([0, 3])], [("dim", "1")]), C("int8_wraps", [T([3], ":int8"), T([3], ":int8")]), C("positional_dim", [T([3, 2]), T([3, 2]), "0"]),
]
CROSS_ERRORS = [
    C("err_no_three", [T([2, 2]), T([2, 2])]), C("err_ranks", [T([2, 3]), T([3])]), C("err_dim_size", [T([2, 3]), T([2, 3])], [("dim", "0")]),
    C("err_dim_range", [T([2, 3]), T([2, 3])], [("dim", "2")]), C("err_sizes", [T([3]), T([4])], [("dim", "0")]), C("err_scalar", [T([]), T([])]),
    C("err_dtype", [T([3], ":float32"), T([3], ":float64")]), C("err_broadcast", [T([2, 3]), T([4, 3])], [("dim", "1")]),
]
LINALG_CROSS_CASES = [
    C("vectors", [T([3]), T([3])]), C("rows", [T([2, 3]), T([2, 3])]), C("dim0", [T([3, 2]), T([3, 2])], [("dim", "0")]),
    C("broadcast", [T([2, 3]), T([1, 3])]), C("transposed", [T([3, 2], ".t"), T([2, 3])]), C("empty", [T([0, 3]), T([0, 3])]),
    C("int8_wraps", [T([3], ":int8"), T([3], ":int8")]),
]
LINALG_CROSS_ERRORS = [
    C("err_last", [T([3, 2]), T([3, 2])]), C("err_ranks", [T([2, 3]), T([3])]), C("err_dim_range", [T([2, 3]), T([2, 3])], [("dim", "2")]),
    C("err_scalar", [T([]), T([])]), C("err_dtype", [T([3], ":float32"), T([3], ":float64")]), C("err_broadcast", [T([2, 3]), T([4, 3])]),
    C("err_positional_dim", [T([3]), T([3]), "0"]),
]
MULTI_DOT_CASES = [
    C("two", ["[%s, %s]" % (T([2, 3]), T([3, 2]))]), C("three", ["[%s, %s, %s]" % (T([1, 2]), T([2, 2]), T([2, 3]))]),
    C("three_right_first", ["[%s, %s, %s]" % (T([3, 1]), T([1, 3]), T([3, 1]))]), C("four", ["[%s, %s, %s, %s]" % (T([2, 3]), T([3, 1]), T([1, 2]), T([2, 2]))]),
    C("vector_ends", ["[%s, %s, %s]" % (T([2]), T([2, 3]), T([3]))]), C("vector_first", ["[%s, %s]" % (T([2]), T([2, 3]))]),
    C("vector_last", ["[%s, %s]" % (T([2, 3]), T([3]))]), C("two_vectors", ["[%s, %s]" % (T([3]), T([3]))]),
    C("tuple", ["(%s, %s)" % (T([2, 2]), T([2, 2]))]), C("transposed", ["[%s, %s]" % (T([3, 2], ".t"), T([3, 2]))]),
    C("empty_inner", ["[%s, %s]" % (T([2, 0]), T([0, 2]))]), C("int8_wraps", ["[%s, %s]" % (T([2, 4], ":int8"), T([4, 2], ":int8"))]),
    C("keyword", [], [("tensors", "[%s, %s]" % (T([2, 2]), T([2, 2])))]),
]
MULTI_DOT_ERRORS = [
    C("err_one", ["[%s]" % T([2, 2])]), C("err_none", ["[]"]), C("err_shapes", ["[%s, %s]" % (T([2, 2]), T([3, 2]))]),
    C("err_dtype", ["[%s, %s]" % (T([2, 2], ":float32"), T([2, 2], ":float64"))]), C("err_dtype_int", ["[%s, %s]" % (T([2, 2], ":int64"), T([2, 2], ":int8"))]),
    C("err_last_rank", ["[%s, %s]" % (T([2, 2]), T([2, 2, 2]))]), C("err_first_rank", ["[%s, %s]" % (T([]), T([2, 2]))]),
    C("err_middle", ["[%s, %s, %s]" % (T([2, 2]), T([2]), T([2, 2]))]), C("err_not_list", [T([2, 2])]),
]
CHAIN_CASES = [
    C("one", [T([2, 3])]), C("one_bool", [T([2, 2], ":bool")]), C("two", [T([2, 3]), T([3, 2])]), C("three", [T([1, 2]), T([2, 2]), T([2, 3])]),
    C("four", [T([2, 3]), T([3, 1]), T([1, 2]), T([2, 2])]), C("empty_inner", [T([2, 0]), T([0, 2])]),
]
CHAIN_ERRORS = [
    C("err_vector", [T([2]), T([2, 2])]), C("err_none", []), C("err_shapes", [T([2, 2]), T([3, 2])]), C("err_dtype", [T([2, 2], ":float32"), T([2, 2], ":float64")]),
    C("err_list", ["[%s, %s]" % (T([2, 2]), T([2, 2]))]),
]
BILINEAR_CASES = [
    C("simple", [T([2, 3]), T([2, 4]), T([5, 3, 4])]), C("bias", [T([2, 3]), T([2, 4]), T([5, 3, 4]), T([5])]),
    C("vectors", [T([3]), T([4]), T([2, 3, 4])]), C("batch_dims", [T([2, 2, 3]), T([2, 2, 2]), T([2, 3, 2])]),
    C("transposed", [T([3, 2], ".t"), T([2, 2]), T([1, 3, 2])]), C("bias_keyword", [T([2, 2]), T([2, 2]), T([2, 2, 2])], [("bias", T([2]))]),
    C("bias_dtype", [T([2, 2], ":float64"), T([2, 2], ":float64"), T([1, 2, 2], ":float64"), T([1], ":float32")]),
    C("bias_int", [T([2, 2], ":float32"), T([2, 2], ":float32"), T([1, 2, 2], ":float32"), T([1], ":int64")]),
    C("empty_batch", [T([0, 2]), T([0, 2]), T([2, 2, 2])]),
]
BILINEAR_ERRORS = [
    C("err_ranks", [T([2, 3]), T([4]), T([5, 3, 4])]), C("err_batch", [T([2, 3]), T([1, 4]), T([5, 3, 4])]),
    C("err_input1", [T([2, 3]), T([2, 4]), T([5, 4, 4])]), C("err_input2", [T([2, 3]), T([2, 4]), T([5, 3, 3])]),
    C("err_bias", [T([2, 3]), T([2, 4]), T([5, 3, 4]), T([4])]), C("err_dtype", [T([2, 3], ":float32"), T([2, 4], ":float64"), T([5, 3, 4], ":float32")]),
    C("err_weight_2d", [T([2, 3]), T([2, 4]), T([3, 4])]),
]


def _fweights(rng, n):
    w = [rng.randint(0, 3) for _ in range(n)]
    if n and not any(w):
        w[0] = 1
    return "torch.tensor([%s])" % ", ".join(map(str, w))


def _aweights(rng, n):
    return "torch.tensor([%s], dtype=torch.%s)" % (", ".join("%.2f" % rng.uniform(0.1, 2.0) for _ in range(n)),
                                                   rng.choice(["float32", "float64"]))


def random_cov(rng):
    v, n = rng.randint(1, 3), rng.randint(0, 4) if rng.random() < 0.1 else rng.randint(1, 5)
    shape = [n] if rng.random() < 0.2 else [v, n]
    kw = []
    if rng.random() < 0.4:
        kw.append(("correction", str(rng.randint(0, 2))))
    if rng.random() < 0.4:
        kw.append(("fweights", _fweights(rng, n)))
    if rng.random() < 0.4:
        kw.append(("aweights", _aweights(rng, n)))
    return [T(shape, _style(rng, len(shape)))], kw


def random_corrcoef(rng):
    v, n = rng.randint(1, 4), rng.randint(0, 4) if rng.random() < 0.1 else rng.randint(2, 5)
    shape = [n] if rng.random() < 0.2 else [v, n]
    return [T(shape, _style(rng, len(shape)))], []


COV_CASES = [
    C("vector", [T([5])]), C("scalar", [T([])]), C("one_row", [T([1, 4])]), C("transposed", [T([4, 3], ".t")]),
    C("empty_obs", [T([2, 0])]), C("empty_vars", [T([0, 3])]), C("empty_vector", [T([0])]),
    C("correction_0", [T([2, 4])], [("correction", "0")]), C("correction_2", [T([2, 4])], [("correction", "2")]),
    C("correction_past", [T([2, 3])], [("correction", "5")]), C("correction_negative", [T([2, 3])], [("correction", "-1")]),
    C("one_obs", [T([3, 1])]), C("fweights", [T([2, 3])], [("fweights", "torch.tensor([1, 0, 2])")]),
    C("fweights_uint8", [T([2, 3])], [("fweights", "torch.tensor([1, 3, 2], dtype=torch.uint8)")]),
    C("aweights", [T([2, 3])], [("aweights", "torch.tensor([0.5, 1.0, 2.0])")]),
    C("aweights_float64", [T([2, 3], ":float32")], [("aweights", "torch.tensor([0.5, 1.0, 2.0], dtype=torch.float64)")]),
    C("aweights_int_input", [T([2, 3], ":int64")], [("aweights", "torch.tensor([0.5, 1.0, 2.0], dtype=torch.float64)")]),
    C("both", [T([3, 3])], [("fweights", "torch.tensor([1, 2, 3])"), ("aweights", "torch.tensor([1.0, 0.5, 2.0])"),
                            ("correction", "2")]),
    C("both_past", [T([2, 2])], [("fweights", "torch.tensor([1, 1])"), ("aweights", "torch.tensor([1.0, 1.0])"),
                                 ("correction", "3")]),
    C("aweights_0d", [T([1])], [("aweights", "torch.tensor(2.0)")]),
    C("constant_rows", ["torch.tensor([[1.0, 1.0, 1.0], [2.0, 3.0, 4.0]])"]),
    C("fweights_one_counted", [T([2, 3])], [("fweights", "torch.tensor([0, 2, 0])")]),
    C("aweights_zero", [T([2, 3])], [("aweights", "torch.tensor([0.0, 1.0, 2.0])")]),
    C("both_zero_aweight", [T([2, 3])], [("fweights", "torch.tensor([1, 0, 3])"), ("aweights", "torch.tensor([0.0, 1.0, 2.0])")]),
    C("both_one_counted", [T([2, 3])], [("fweights", "torch.tensor([1, 0, 3])"), ("aweights", "torch.tensor([0.0, 1.0, 2.0])"),
                                        ("correction", "0")]),
]
COV_ERRORS = [
    C("err_3d", [T([2, 2, 2])]), C("err_bool", [T([2, 3], ":bool")]),
    C("err_fweights_float", [T([2, 3])], [("fweights", "torch.tensor([1.0, 2.0, 3.0])")]),
    C("err_fweights_2d", [T([2, 3])], [("fweights", "torch.tensor([[1, 2, 3]])")]),
    C("err_fweights_numel", [T([2, 3])], [("fweights", "torch.tensor([1, 2])")]),
    C("err_fweights_negative", [T([2, 3])], [("fweights", "torch.tensor([1, -2, 3])")]),
    C("err_fweights_zero", [T([2, 3])], [("fweights", "torch.tensor([0, 0, 0])")]),
    C("err_fweights_bool", [T([2, 3])], [("fweights", "torch.tensor([True, False, True])")]),
    C("err_aweights_int", [T([2, 3])], [("aweights", "torch.tensor([1, 2, 3])")]),
    C("err_aweights_negative", [T([2, 3])], [("aweights", "torch.tensor([1.0, -2.0, 3.0])")]),
    C("err_aweights_nan", [T([2, 3])], [("aweights", "torch.tensor([1.0, float('nan'), 3.0])")]),
    C("err_aweights_2d", [T([2, 3])], [("aweights", "torch.tensor([[1.0, 2.0, 3.0]])")]),
    C("err_aweights_numel", [T([2, 3])], [("aweights", "torch.tensor([1.0])")]),
    C("err_aweights_zero", [T([2, 3])], [("aweights", "torch.tensor([0.0, 0.0, 0.0])")]),
    C("err_correction_float", [T([2, 3])], [("correction", "1.5")]), C("err_positional", [T([2, 3]), "1"]),
    C("err_empty_weights", [T([2, 0])], [("fweights", "torch.tensor([], dtype=torch.int64)")]),
]
CORRCOEF_CASES = [
    C("vector", [T([5])]), C("scalar", [T([])]), C("one_row", [T([1, 4])]), C("transposed", [T([4, 3], ".t")]),
    C("empty_obs", [T([2, 0])]), C("empty_vars", [T([0, 3])]), C("one_obs", [T([3, 1])]),
    C("constant_row", ["torch.tensor([[1.0, 1.0, 1.0], [2.0, 3.0, 4.0]])"]),
    C("perfect", ["torch.tensor([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [3.0, 2.0, 1.0]])"]),
]
CORRCOEF_ERRORS = [C("err_3d", [T([2, 2, 2])]), C("err_bool", [T([2, 3], ":bool")]), C("err_kw", [T([2, 3])], [("correction", "0")])]


def random_cdist(rng):
    b1, b2 = _batch_pair(rng)
    r1, r2 = rng.randint(1, 4) if rng.random() < 0.9 else 0, rng.randint(1, 4)
    m = rng.randint(1, 3) if rng.random() < 0.9 else 0
    s1, s2 = b1 + [r1, m], b2 + [r2, m]
    kw = []
    p = rng.choice(["2.0", "2.0", "1.0", "0.0", "float('inf')", "3.0", "0.5", "1.5"])
    if p != "2.0" or rng.random() < 0.3:
        kw.append(("p", p))
    if p == "2.0" and rng.random() < 0.3:
        kw.append(("compute_mode", rng.choice(["'use_mm_for_euclid_dist'", "'donot_use_mm_for_euclid_dist'"])))
    return [T(s1, _style(rng, len(s1))), T(s2, _style(rng, len(s2)))], kw


CDIST_NONFINITE = ["torch.tensor([[float('nan'), 1.0], [float('inf'), 0.0]])", "torch.tensor([[0.0, 0.0], [float('inf'), 1.0]])"]
CDIST_SAME = ["torch.tensor([[0.0, 0.0], [1.0, 2.0], [1.0, 5.0]])", "torch.tensor([[1.0, 2.0], [0.0, 0.0]])"]
CDIST_CASES = [
    C("p0", [T([3, 2]), T([2, 2])], [("p", "0.0")]), C("p1", [T([3, 2]), T([2, 2])], [("p", "1.0")]),
    C("p3", [T([3, 2]), T([2, 2])], [("p", "3.0")]), C("p_half", [T([3, 2]), T([2, 2])], [("p", "0.5")]),
    C("p_1_5", [T([3, 2]), T([2, 2])], [("p", "1.5")]), C("p_inf", [T([3, 2]), T([2, 2])], [("p", "float('inf')")]),
    C("p_positional", [T([3, 2]), T([2, 2]), "1.0"]), C("p_int", [T([3, 2]), T([2, 2])], [("p", "1")]),
    C("batched", [T([2, 3, 2]), T([2, 2, 2])]), C("broadcast", [T([1, 3, 2]), T([2, 2, 2])]),
    C("broadcast_rank", [T([2, 1, 3, 2]), T([3, 2, 2])]), C("transposed", [T([2, 3], ".t"), T([2, 2])]),
    C("expanded", [T([3, 2], ".expand"), T([2, 2])]), C("empty_rows", [T([0, 2]), T([3, 2])]),
    C("empty_cols", [T([3, 0]), T([2, 0])]), C("empty_batch", [T([0, 2, 2]), T([1, 2, 2])]),
    C("one_column", [T([3, 1]), T([2, 1])]),
    C("mm_rows", [T([27, 3], ":float64"), T([2, 3], ":float64")]),
    C("mm_forced", [T([3, 2]), T([2, 2])], [("compute_mode", "'use_mm_for_euclid_dist'")]),
    C("mm_never", [T([27, 2], ":float64"), T([2, 2], ":float64")], [("compute_mode", "'donot_use_mm_for_euclid_dist'")]),
    C("keywords", [], [("x1", T([3, 2])), ("x2", T([2, 2]))]),
    C("same_rows", CDIST_SAME), C("same_rows_p1", CDIST_SAME, [("p", "1.0")]), C("same_rows_p_half", CDIST_SAME, [("p", "0.5")]),
    C("same_rows_p3", CDIST_SAME, [("p", "3.0")]), C("same_rows_inf", CDIST_SAME, [("p", "float('inf')")]),
    C("same_rows_mm", CDIST_SAME, [("compute_mode", "'use_mm_for_euclid_dist'")]),
    C("nonfinite", CDIST_NONFINITE), C("nonfinite_p0", CDIST_NONFINITE, [("p", "0.0")]),
    C("nonfinite_inf", CDIST_NONFINITE, [("p", "float('inf')")]),
    C("nonfinite_mm", CDIST_NONFINITE, [("compute_mode", "'use_mm_for_euclid_dist'")]),
]
CDIST_ERRORS = [
    C("err_x1_1d", [T([2]), T([2, 2])]), C("err_x2_1d", [T([2, 2]), T([2])]), C("err_columns", [T([3, 2]), T([2, 3])]),
    C("err_int_x1", [T([3, 2], ":int64"), T([2, 2], ":float32")]), C("err_int_x2", [T([3, 2], ":float32"), T([2, 2], ":int32")]),
    C("err_negative_p", [T([3, 2]), T([2, 2])], [("p", "-1.0")]), C("err_batch", [T([2, 3, 2]), T([3, 2, 2])]),
    C("err_mode", [T([3, 2]), T([2, 2])], [("compute_mode", "'foo'")]),
    C("err_dtypes", [T([3, 2], ":float32"), T([2, 2], ":float64")]),
    C("err_dtypes_mm", [T([3, 2], ":float64"), T([2, 2], ":float32")], [("compute_mode", "'use_mm_for_euclid_dist'")]),
    C("err_half_float", [T([3, 2], ":float16"), T([2, 2], ":float32")], [("p", "1.0")]),
    C("err_list", [T([3, 2]), "[1.0, 2.0]"]), C("err_p_string", [T([3, 2]), T([2, 2])], [("p", "'a'")]),
]


def random_trapezoid(rng):
    rank = rng.randint(1, 3)
    shape = [rng.randint(1, 4) for _ in range(rank)]
    d = rng.randint(-rank, rank - 1)
    args, kw = [T(shape, _style(rng, rank))], []
    pick = rng.random()
    if pick < 0.4:
        args.append(T([shape[d]], ":float64" if rng.random() < 0.3 else ""))
    elif pick < 0.55:
        args.append(T([rng.choice([1, shape[j]]) for j in range(rank)]))
    elif pick < 0.8:
        kw.append(("dx", rng.choice(["2", "0.5", "-1.5"])))
    if rng.random() < 0.7:
        kw.append(("dim", str(d)))
    elif d not in (-1, rank - 1):
        args, kw = [T(shape, _style(rng, rank))], [("dx", "2")] if pick >= 0.55 else []
    return args, kw


TRAP_CASES = [
    C("x_vector", [T([2, 3]), T([3])]), C("x_same_shape", [T([2, 3]), T([2, 3])]), C("x_dim0", [T([3, 2]), T([3])], [("dim", "0")]),
    C("x_broadcast", [T([2, 3]), T([1, 3])]), C("x_lower_rank", [T([2, 2, 3]), T([2, 3])]),
    C("x_higher_rank", [T([2, 3]), T([4, 2, 3])], [("dim", "0")]),
    C("x_float64", [T([2, 3], ":float32"), T([3], ":float64")]), C("x_int8_wraps", [T([4], ":int8"), T([4], ":int8")]),
    C("dx", [T([2, 3])], [("dx", "2")]), C("dx_float", [T([2, 3])], [("dx", "0.5")]), C("dx_negative", [T([4])], [("dx", "-1.5")]),
    C("dx_tensor", [T([4])], [("dx", "torch.tensor(2.0)")]), C("dim0", [T([3, 2])], [("dim", "0")]),
    C("negative_dim", [T([2, 3, 2])], [("dim", "-2")]), C("transposed", [T([3, 2], ".t")]), C("one_sample", [T([2, 1])]),
    C("one_sample_x", [T([2, 1]), T([1])]), C("no_samples", [T([2, 0])]), C("no_samples_int", [T([2, 0], ":int64")]),
    C("no_samples_dim0", [T([0, 3])], [("dim", "0")]), C("vector", [T([5])]), C("int8_wraps", [T([4], ":int8")]),
    C("keywords", [], [("y", T([3])), ("x", T([3]))]),
    C("nonfinite", ["torch.tensor([1.0, float('inf'), 2.0, float('nan')])"]),
]
TRAP_ERRORS = [
    C("err_scalar", [T([])]), C("err_dim", [T([2, 3])], [("dim", "2")]), C("err_bool", [T([2, 3], ":bool")]),
    C("err_bool_x", [T([3]), T([3], ":bool")]), C("err_x_size", [T([2, 3]), T([2])]),
    C("err_broadcast", [T([2, 3]), T([3, 3])]), C("err_x_and_dx", [T([3]), T([3])], [("dx", "1")]),
    C("err_dx_none", [T([3])], [("dx", "None")]), C("err_x_number", [T([3]), "2"]), C("err_dx_bool", [T([3])], [("dx", "True")]),
]
CUMTRAP_CASES = [c for c in TRAP_CASES if c[0] not in ("no_samples_int",)] + [C("one_sample_dx", [T([2, 1])], [("dx", "2")])]
CUMTRAP_ERRORS = [c for c in TRAP_ERRORS if c[0] != "err_scalar"] + [C("err_scalar_x", [T([]), T([1])]), C("err_scalar_dx", [T([])], [("dx", "2")])]

OPS = [
    _op("torch.matmul", [T([2, 3]), T([3, 2])], MATMUL_CASES + [C("keywords", [], [("input", T([2])), ("other", T([2]))])],
        MATMUL_ERRORS, names=["torch.Tensor.matmul", "torch.linalg.matmul"], random=random_matmul),
    _op("torch.Tensor.__matmul__", [T([2, 3]), T([3, 2])], MATMUL_CASES,
        [e for e in MATMUL_ERRORS if e[0] not in ("err_missing", "err_unknown_kw")] + [C("err_string", [T([2]), "'a'"])],
        random=random_matmul, code=matmul_code),
    _op("torch.Tensor.__rmatmul__", [T([3, 2]), T([2, 3])], [C(n, [b, a], kw) for n, (a, b), kw in [(c[0], c[1], c[2]) for c in MATMUL_CASES]],
        [C(n, [b, a], kw) for n, (a, b), kw in [(c[0], c[1], c[2]) for c in MATMUL_ERRORS if len(c[1]) == 2 and c[0] not in (
            "err_unknown_kw", "err_list", "err_number")]],
        random=lambda rng: (lambda a: (a[0][::-1], a[1]))(random_matmul(rng))),
    _op("torch.mm", [T([2, 3]), T([3, 2])], MM_CASES, MM_ERRORS, names=["torch.Tensor.mm"], random=random_mm),
    _op("torch.bmm", [T([2, 2, 3]), T([2, 3, 2])], BMM_CASES, BMM_ERRORS, names=["torch.Tensor.bmm"], random=random_bmm),
    _op("torch.mv", [T([2, 3]), T([3])], MV_CASES, MV_ERRORS, names=["torch.Tensor.mv"], random=random_mv),
    _op("torch.dot", [T([3]), T([3])], DOT_CASES, DOT_ERRORS, names=["torch.Tensor.dot"], random=random_dot),
    _op("torch.vdot", [T([3]), T([3])], DOT_CASES, DOT_ERRORS, names=["torch.Tensor.vdot"], random=random_dot),
    _op("torch.inner", [T([2, 3]), T([2, 3])], INNER_CASES, INNER_ERRORS, names=["torch.Tensor.inner"], random=random_inner),
    _op("torch.outer", [T([2]), T([3])], OUTER_CASES, OUTER_ERRORS, names=["torch.Tensor.outer", "torch.ger", "torch.Tensor.ger"],
        random=random_outer),
    _op("torch.linalg.vecdot", [T([2, 3]), T([2, 3])], VECDOT_CASES, VECDOT_ERRORS, random=random_vecdot),
    _op("torch.addmm", [T([2, 2]), T([2, 3]), T([3, 2])], ADDMM_CASES, ADDMM_ERRORS, names=["torch.Tensor.addmm"], random=random_addmm),
    _op("torch.addmv", [T([2]), T([2, 3]), T([3])], ADDMV_CASES, ADDMV_ERRORS, names=["torch.Tensor.addmv"], random=random_addmv),
    _op("torch.addr", [T([2, 3]), T([2]), T([3])], ADDR_CASES, ADDR_ERRORS, names=["torch.Tensor.addr"], random=random_addr),
    _op("torch.addbmm", [T([2, 2]), T([2, 2, 3]), T([2, 3, 2])], ADDBMM_CASES, ADDBMM_ERRORS, names=["torch.Tensor.addbmm"], random=random_addbmm),
    _op("torch.baddbmm", [T([2, 2, 2]), T([2, 2, 3]), T([2, 3, 2])], BADDBMM_CASES, BADDBMM_ERRORS, names=["torch.Tensor.baddbmm"], random=random_baddbmm),
    _op("torch.trace", [T([3, 3])], TRACE_CASES, TRACE_ERRORS, names=["torch.Tensor.trace"], random=random_trace, pairs=False),
    _op("torch.kron", [T([2, 2]), T([2, 3])], KRON_CASES, [], names=["torch.Tensor.kron"], random=random_kron),
    _op("torch.einsum", ["'ij,jk->ik'", T([2, 3]), T([3, 2])], EINSUM_CASES, EINSUM_ERRORS, random=random_einsum),
    _op("torch.cross", [T([2, 3]), T([2, 3])], CROSS_CASES, CROSS_ERRORS, names=["torch.Tensor.cross"], random=random_cross),
    _op("torch.linalg.cross", [T([2, 3]), T([2, 3])], LINALG_CROSS_CASES, LINALG_CROSS_ERRORS, random=random_linalg_cross),
    _op("torch.linalg.multi_dot", ["[%s, %s, %s]" % (T([2, 3]), T([3, 2]), T([2, 2]))], MULTI_DOT_CASES, MULTI_DOT_ERRORS, random=random_chain),
    _op("torch.chain_matmul", [T([2, 3]), T([3, 2]), T([2, 2])], CHAIN_CASES, CHAIN_ERRORS, random=random_chain_matmul),
    _op("torch.nn.functional.bilinear", [T([2, 3]), T([2, 4]), T([5, 3, 4])], BILINEAR_CASES, BILINEAR_ERRORS, names=["torch.bilinear"],
        random=random_bilinear),
    _op("torch.tensordot", [T([2, 3]), T([3, 2]), "1"], TENSORDOT_CASES, TENSORDOT_ERRORS, random=random_tensordot),
    _op("torch.nn.functional.linear", [T([2, 3]), T([4, 3]), T([4])], LINEAR_CASES, LINEAR_ERRORS, random=random_linear),
    _op("torch.cov", [T([3, 4])], COV_CASES, COV_ERRORS, names=["torch.Tensor.cov"], random=random_cov, pairs=False),
    _op("torch.corrcoef", [T([3, 4])], CORRCOEF_CASES, CORRCOEF_ERRORS, names=["torch.Tensor.corrcoef"], random=random_corrcoef,
        pairs=False),
    _op("torch.cdist", [T([3, 2]), T([2, 2])], CDIST_CASES, CDIST_ERRORS, random=random_cdist),
    _op("torch.trapezoid", [T([2, 3]), T([3])], TRAP_CASES, TRAP_ERRORS,
        names=["torch.trapz"], random=random_trapezoid),
    _op("torch.cumulative_trapezoid", [T([2, 3]), T([3])], CUMTRAP_CASES, CUMTRAP_ERRORS, random=random_trapezoid),
]


def base_name(primary):
    return primary.rsplit(".", 1)[1]


def qualified_names(op):
    return [op["primary"]] + op["names"]
