"""The join family as data (ops that join tensors or split one): one entry per op descriptor,
read by scripts/gen_golden_join.py.

Arguments are code templates in which T[2,3] stands for a tensor of shape [2, 3] with random
values: T[] is 0-d, T[0] size-0; a suffix :int8 fixes its dtype (else the case's dtype), and
a suffix .t, .transpose, .permute, .expand or .reshape makes it that kind of view
(golden_common.tensor_code). Every T of a case without a dtype suffix has the same dtype.

Fields of an entry:
    primary   the qualified name the golden file is named after
    aliases   other base names of the same op (torch.concat)
    simple    the teaching call's arguments (the dtype sweep, the names, the method form)
    cases     [(name, args, kwargs)]
    errors    [(name, args, kwargs)]: calls PyTorch refuses
    random    a function (rng) -> (args, kwargs): shapes and dims drawn from the seed; the
              generator makes RANDOM_CASES of them
    moved     which tensor arguments the op moves (their elements are sources): "first" (the
              input, or the list of tensors) or "all" (*tensors functions: every positional)
    string    whether the call with a string for its first argument is a case (torch.split
              then calls str.split: a Python quirk Whence does not reproduce)
"""

RANDOM_CASES = 4


def _op(primary, simple, cases=(), errors=(), aliases=(), random=None, moved="first", string=True):
    return {"primary": primary, "aliases": list(aliases), "simple": list(simple), "cases": list(cases), "errors": list(errors),
            "random": random, "moved": moved, "string": string}


def C(name, args=(), kwargs=()):
    return (name, list(args), [list(k) for k in kwargs])


def T(shape, spec=""):
    """The template text of a tensor of `shape` (spec: ":dtype" and/or ".style")."""
    return "T[%s]%s" % (",".join(map(str, shape)), spec)


def tensors(items):
    return "[" + ", ".join(items) + "]"


# --- random cases ----------------------------------------------------------------------------


def _shape(rng, rank, lo=0, hi=3):
    return [rng.randint(lo, hi) for _ in range(rank)]


def _style(rng, rank):
    return rng.choice(["", "", ".t" if rank == 2 else "", ".transpose" if rank >= 2 else "", ".expand" if rank >= 1 else ""])


def random_cat(rng):
    rank = rng.randint(1, 3)
    dim = rng.randrange(rank)
    base = _shape(rng, rank, 1)
    items = []
    for _ in range(rng.randint(1, 4)):
        s = list(base)
        s[dim] = rng.randint(0, 3)
        items.append(T(s, _style(rng, rank)))
    return [tensors(items), str(dim - rank if rng.random() < 0.3 else dim)], []


def random_stack(rng):
    rank = rng.randint(0, 2)
    shape = _shape(rng, rank, 1)
    items = [T(shape, _style(rng, rank)) for _ in range(rng.randint(1, 4))]
    dim = rng.randint(-rank - 1, rank)
    return [tensors(items), str(dim)], []


def random_stack_like(rng):
    """hstack, vstack, dstack, column_stack: tensors of one rank that fit together."""
    rank = rng.randint(0, 3)
    shape = _shape(rng, rank, 1)
    return [tensors(T(shape, _style(rng, rank)) for _ in range(rng.randint(1, 3)))], []


def random_vectors(rng, lo=0):
    return [T([rng.randint(lo, 3)], rng.choice(["", ".expand"])) for _ in range(rng.randint(1, 3))], []


def random_block_diag(rng):
    items = []
    for _ in range(rng.randint(1, 3)):
        rank = rng.randint(0, 2)
        items.append(T(_shape(rng, rank, 0), _style(rng, rank)))
    return items, []


def random_meshgrid(rng):
    items = [T([rng.randint(1, 3)] if rng.random() < 0.8 else []) for _ in range(rng.randint(1, 3))]
    return items, [["indexing", rng.choice(["'ij'", "'xy'"])]]


def random_broadcast(rng):
    full = _shape(rng, rng.randint(1, 3), 1)
    items = []
    for _ in range(rng.randint(1, 3)):
        keep = rng.randint(0, len(full))
        s = [d if rng.random() < 0.6 else 1 for d in full[len(full) - keep:]]
        items.append(T(s))
    return items, []


def random_atleast(rng):
    items = [T(_shape(rng, rank, 1), _style(rng, rank)) for rank in [rng.randint(0, 4) for _ in range(rng.randint(1, 3))]]
    return (items if rng.random() < 0.7 else [tensors(items)]), []


def random_split(rng):
    rank = rng.randint(1, 3)
    shape = _shape(rng, rank, 1, 5)
    dim = rng.randrange(rank)
    if rng.random() < 0.5:
        how = str(rng.randint(1, 4))
    else:
        left, sizes = shape[dim], []
        while left > 0:
            sizes.append(rng.randint(1, left))
            left -= sizes[-1]
        how = "[" + ", ".join(map(str, sizes)) + "]"
    return [T(shape, _style(rng, rank)), how, str(dim)], []


def random_chunk(rng):
    rank = rng.randint(1, 3)
    shape = _shape(rng, rank, 0, 6)
    return [T(shape, _style(rng, rank)), str(rng.randint(1, 5))], [["dim", str(rng.randrange(rank))]]


def random_tensor_split(rng):
    rank = rng.randint(1, 3)
    shape = _shape(rng, rank, 0, 6)
    if rng.random() < 0.5:
        how = str(rng.randint(1, 5))
    else:
        how = "[" + ", ".join(str(rng.randint(-2, 7)) for _ in range(rng.randint(0, 3))) + "]"
    return [T(shape, _style(rng, rank)), how], [["dim", str(rng.randrange(rank))]]


def random_fixed_split(least, dim):
    def make(rng):
        rank = rng.randint(least, 3)
        shape = _shape(rng, rank, 1, 3)
        d = 0 if least == 1 and rank == 1 else dim
        shape[d] = rng.choice([2, 4, 6])
        how = rng.choice(["2", "1", "[1]", "[1, 3]"])
        return [T(shape, _style(rng, rank)), how], []
    return make


def random_unbind(rng):
    rank = rng.randint(1, 3)
    return [T(_shape(rng, rank, 0), _style(rng, rank)), str(rng.randint(-rank, rank - 1))], []


# --- the ops ----------------------------------------------------------------------------------

A, B = T([2, 3]), T([1, 3])
OPS = [
    _op("torch.cat", [tensors([A, B])], aliases=["concat", "concatenate"], random=random_cat, cases=[
        C("dim1", [tensors([T([2, 3]), T([2, 1])]), "1"]), C("negative", [tensors([T([2, 3]), T([2, 2])]), "-1"]),
        C("keyword", [tensors([A, B])], [("dim", "0")]), C("axis", [tensors([A, B])], [("axis", "-2")]),
        C("three", [tensors([T([2]), T([3]), T([1])])]), C("tuple", ["(" + T([2]) + ", " + T([3]) + ")"]), C("one", [tensors([A])]),
        C("transposed", [tensors([T([2, 3], ".t"), T([1, 3])])]), C("expanded", [tensors([T([2, 3], ".expand"), T([2, 2], ".permute")]), "1"]),
        C("rank3", [tensors([T([2, 1, 2]), T([2, 3, 2])]), "1"]),
        C("promote_int", [tensors([T([2], ":int8"), T([2], ":uint8")])]), C("promote_bool", [tensors([T([2], ":bool"), T([1], ":float16")])]),
        C("promote_float", [tensors([T([2], ":int32"), T([1], ":float64"), T([1], ":bfloat16")])]),
        C("promote_half", [tensors([T([1], ":float16"), T([1], ":bfloat16")])]),
        C("legacy_empty", [tensors([T([0]), T([2, 3])])]), C("legacy_empty_dim", [tensors([T([0]), T([2, 3])]), "1"]),
        C("legacy_empty_dtype", [tensors([T([0], ":float64"), T([2], ":float32")])]), C("all_empty", [tensors([T([0]), T([0], ":int8")])]),
        C("size0_2d", [tensors([T([2, 0]), T([2, 3])]), "1"]), C("keyword_tensors", [], [("tensors", tensors([A, B])), ("dim", "0")]),
        C("out_none", [tensors([A, B])], [("out", "None")])],
        errors=[C("err_rank", [tensors([T([2]), T([2, 2])])]), C("err_size", [tensors([T([2, 3]), T([3, 2])])]),
                C("err_size_dim1", [tensors([T([2, 3]), T([3, 3])]), "1"]), C("err_zero_dim", [tensors([T([2]), T([])])]),
                C("err_empty_list", ["[]"]), C("err_dim", [tensors([T([2]), T([3])]), "1"]), C("err_dim_negative", [tensors([T([2, 2])]), "-3"]),
                C("err_item", [tensors([T([2]), "1"])]), C("err_none_item", [tensors(["None"])]), C("err_tensor", [T([2])]),
                C("err_float_dim", [tensors([T([2])]), "0.5"]), C("err_name_dim", [tensors([T([2, 2])]), "'a'"]),
                C("err_dim_none", [tensors([T([2])])], [("dim", "None")]), C("err_empty_legacy", [tensors([T([0]), T([3, 0])])]),
                C("err_three_args", [tensors([T([2])]), "0", "1"]), C("err_name_keyword", [], [("tensors", tensors([T([2, 2])])), ("dim", "'x'")]),
                C("err_name_empty", ["[]", "'x'"]), C("err_list_of_lists", [tensors([tensors([T([2])])])])]),
    _op("torch.stack", [tensors([T([3]), T([3])])], random=random_stack, cases=[
        C("dim1", [tensors([T([2, 3]), T([2, 3])]), "1"]), C("last", [tensors([T([2, 3]), T([2, 3])]), "-1"]),
        C("zero_dim", [tensors([T([]), T([]), T([])])]), C("one", [tensors([T([2])])]), C("empty", [tensors([T([0]), T([0])]), "1"]),
        C("transposed", [tensors([T([2, 3], ".t"), T([2, 3])]), "2"]), C("promote", [tensors([T([2], ":bool"), T([2], ":int16")])]),
        C("keyword", [], [("tensors", tensors([T([2]), T([2])])), ("dim", "-2")])],
        errors=[C("err_shape", [tensors([T([2]), T([3])])]), C("err_shape_rank", [tensors([T([2]), T([1, 2])]), "1"]),
                C("err_empty", ["[]"]), C("err_dim", [tensors([T([2]), T([2])]), "2"]), C("err_dim_negative", [tensors([T([2])]), "-3"]),
                C("err_zero_and_vector", [tensors([T([]), T([2])])]), C("err_item", [tensors([T([2]), "'x'"])]),
                C("err_name", [tensors([T([2])]), "'a'"])]),
    _op("torch.hstack", [tensors([T([2, 1]), T([2, 2])])], random=random_stack_like, cases=[
        C("vectors", [tensors([T([2]), T([3])])]), C("scalars", [tensors([T([]), T([])])]), C("scalar_vector", [tensors([T([]), T([2])])]),
        C("rank3", [tensors([T([2, 1, 2]), T([2, 2, 2])])]), C("one", [tensors([T([2, 2])])]), C("transposed", [tensors([T([2, 3], ".t")])]),
        C("promote", [tensors([T([2], ":uint8"), T([1], ":int8")])]), C("empty_vector", [tensors([T([0]), T([2, 2])])])],
        errors=[C("err_empty", ["[]"]), C("err_rank", [tensors([T([2]), T([2, 2])])]), C("err_rank_2", [tensors([T([2, 2]), T([2])])]),
                C("err_rows", [tensors([T([2, 2]), T([3, 2])])])]),
    _op("torch.vstack", [tensors([T([3]), T([3])])], random=random_stack_like, cases=[
        C("matrices", [tensors([T([1, 3]), T([2, 3])])]), C("scalars", [tensors([T([]), T([])])]), C("mixed", [tensors([T([2, 3]), T([3])])]),
        C("rank3", [tensors([T([1, 2, 2]), T([2, 2, 2])])]), C("transposed", [tensors([T([2, 3], ".t"), T([2])])]),
        C("promote", [tensors([T([2], ":bool"), T([2], ":float16")])])],
        errors=[C("err_empty", ["[]"]), C("err_columns", [tensors([T([2]), T([3])])]), C("err_mixed", [tensors([T([2, 3]), T([2])])])]),
    _op("torch.row_stack", [tensors([T([2]), T([2, 2])])], random=random_stack_like, cases=[
        C("vectors", [tensors([T([3]), T([3])])]), C("scalars", [tensors([T([]), T([])])])],
        errors=[C("err_empty", ["[]"]), C("err_columns", [tensors([T([2]), T([3])])])]),
    _op("torch.dstack", [tensors([T([2, 2]), T([2, 2])])], random=random_stack_like, cases=[
        C("vectors", [tensors([T([3]), T([3])])]), C("scalars", [tensors([T([]), T([])])]), C("rank3", [tensors([T([2, 2, 1]), T([2, 2, 3])])]),
        C("mixed", [tensors([T([1, 2, 1]), T([2])])]), C("transposed", [tensors([T([2, 3], ".t")])]),
        C("promote", [tensors([T([2], ":int16"), T([2], ":float32")])])],
        errors=[C("err_empty", ["[]"]), C("err_sizes", [tensors([T([2]), T([3])])]), C("err_rank4", [tensors([T([2, 2, 2]), T([1, 2, 2, 2])])])]),
    _op("torch.column_stack", [tensors([T([3]), T([3])])], random=random_stack_like, cases=[
        C("matrix_vector", [tensors([T([2, 2]), T([2])])]), C("scalars", [tensors([T([]), T([])])]), C("one_vector", [tensors([T([3])])]),
        C("rank3", [tensors([T([2, 1, 2]), T([2, 3, 2])])]), C("transposed", [tensors([T([2, 3], ".t"), T([3])])]),
        C("promote", [tensors([T([2], ":int8"), T([2], ":int64")])])],
        errors=[C("err_empty", ["[]"]), C("err_rows", [tensors([T([2, 2]), T([3])])])]),
    _op("torch.block_diag", [T([2, 2]), T([1, 3])], moved="all", random=random_block_diag, cases=[
        C("vector_scalar", [T([2, 2]), T([3]), T([])]), C("one", [T([2, 3])]), C("none"), C("transposed", [T([2, 3], ".t"), T([1])]),
        C("empty_blocks", [T([0]), T([2, 0]), T([0, 2]), T([1])]), C("promote", [T([2], ":int8"), T([2], ":uint8")]),
        C("promote_zero_dim", [T([2], ":int64"), T([], ":float64")]), C("promote_bool", [T([1], ":bool"), T([1], ":bool")]),
        C("expanded", [T([2, 2], ".expand")])],
        errors=[C("err_rank3", [T([2]), T([1, 1, 2])]), C("err_list", [tensors([T([2]), T([2])])]), C("err_item", [T([2]), "1"]),
                C("err_keyword", [T([2])], [("tensors", T([2]))])]),
    _op("torch.cartesian_prod", [T([3]), T([2])], moved="all", random=random_vectors, cases=[
        C("three", [T([2]), T([2]), T([3])]), C("one", [T([3])]), C("empty", [T([2]), T([0])]), C("expanded", [T([3], ".expand"), T([2])])],
        errors=[C("err_none"), C("err_matrix", [T([2]), T([2, 2])]), C("err_scalar", [T([2]), T([])]),
                C("err_dtype", [T([2], ":int64"), T([2], ":float32")]), C("err_list", [tensors([T([2]), T([2])])])]),
    _op("torch.meshgrid", [T([3]), T([2])], moved="all", random=random_meshgrid, cases=[
        C("ij", [T([3]), T([2])], [("indexing", "'ij'")]), C("xy", [T([3]), T([2])], [("indexing", "'xy'")]),
        C("xy_three", [T([2]), T([3]), T([2])], [("indexing", "'xy'")]), C("one_xy", [T([3])], [("indexing", "'xy'")]),
        C("scalar", [T([3]), T([])], [("indexing", "'ij'")]), C("list", [tensors([T([2]), T([3])])], [("indexing", "'xy'")]),
        C("tuple", ["(" + T([2]) + ", " + T([2]) + ")"]), C("list_one", [tensors([T([2])])]), C("empty", [T([0]), T([2])]),
        C("indexing_none", [T([2]), T([2])], [("indexing", "None")]), C("expanded", [T([3], ".expand"), T([2])], [("indexing", "'ij'")])],
        errors=[C("err_none"), C("err_empty_list", ["[]"]), C("err_indexing", [T([2]), T([2])], [("indexing", "'ji'")]),
                C("err_indexing_type", [T([2])], [("indexing", "1")]), C("err_dtype", [T([2], ":int64"), T([2], ":int32")]),
                C("err_matrix", [T([2]), T([2, 3], ":int64")]), C("err_matrix_float", [T([2, 2], ":float32")]),
                C("err_matrix_scale", [T([3, 2], ":float64")]), C("err_rank3", [T([2, 2, 3], ":int16")]),
                C("err_list_and_tensor", [tensors([T([2])]), T([2])]), C("err_item", [T([2]), "1"]), C("err_keyword", [], [("tensors", T([2]))]),
                C("err_two_lists", [tensors([T([2])]), tensors([T([2])])]), C("err_indexing_positional", [T([2]), "'ij'"]),
                C("err_dtype_and_indexing", [T([2], ":int64"), T([2], ":float32")], [("indexing", "'foo'")]),
                C("err_matrix_and_indexing", [T([2], ":int64"), T([2, 1], ":int64")], [("indexing", "'foo'")]),
                C("err_matrix_bool", [T([1, 2], ":bool")]), C("err_matrix_bfloat16", [T([2, 2], ":bfloat16")])]),
    _op("torch.broadcast_tensors", [T([2, 1]), T([3])], moved="all", random=random_broadcast, cases=[
        C("same", [T([2, 3]), T([2, 3])]), C("one", [T([2])]), C("none"), C("scalar", [T([]), T([2, 2])]),
        C("dtypes", [T([2, 1], ":int8"), T([1, 2], ":float32")]), C("rank3", [T([2, 1, 3]), T([2, 1]), T([3])]),
        C("transposed", [T([2, 3], ".t"), T([1, 2])]), C("empty", [T([0, 1]), T([3])])],
        errors=[C("err_shape", [T([2]), T([3])]), C("err_list", [tensors([T([2]), T([2])])]), C("err_item", [T([2]), "None"])]),
    _op("torch.atleast_1d", [T([])], moved="all", random=random_atleast, cases=[
        C("vector", [T([3])]), C("matrix", [T([2, 2])]), C("several", [T([]), T([2]), T([2, 2])]), C("list", [tensors([T([]), T([2])])]),
        C("tuple_one", ["(" + T([]) + ",)"]), C("none"), C("empty_list", ["[]"]), C("transposed", [T([2, 3], ".t")])],
        errors=[C("err_number", ["1"]), C("err_item", [T([2]), "1"]), C("err_keyword", [], [("tensors", T([2]))]),
                C("err_list_and_tensor", [tensors([T([2])]), T([2])])]),
    _op("torch.atleast_2d", [T([3])], moved="all", random=random_atleast, cases=[
        C("scalar", [T([])]), C("matrix", [T([2, 2])]), C("rank3", [T([2, 1, 2])]), C("several", [T([]), T([2]), T([2, 2])]),
        C("list", [tensors([T([3]), T([2, 2])])]), C("transposed", [T([2, 3], ".t")]), C("expanded", [T([3], ".expand")])],
        errors=[C("err_number", ["1.5"]), C("err_item", [T([2]), "'a'"])]),
    _op("torch.atleast_3d", [T([2, 2])], moved="all", random=random_atleast, cases=[
        C("scalar", [T([])]), C("vector", [T([3])]), C("rank3", [T([2, 1, 2])]), C("rank4", [T([1, 2, 1, 2])]),
        C("several", [T([]), T([2]), T([2, 2])]), C("tuple", ["(" + T([3]) + ", " + T([2, 2]) + ")"]), C("transposed", [T([2, 3], ".t")]),
        C("vector_expanded", [T([3], ".expand")])],
        errors=[C("err_none_value", ["None"])]),
    _op("torch.split", [T([5, 2]), "2"], random=random_split, string=False, cases=[
        C("sizes", [T([5, 2]), "[1, 4]"]), C("sizes_tuple", [T([5, 2]), "(2, 3)"]), C("dim1", [T([2, 5]), "2", "1"]),
        C("negative_dim", [T([2, 5]), "[3, 2]"], [("dim", "-1")]), C("larger", [T([3]), "5"]), C("exact", [T([4]), "2"]),
        C("zero_size", [T([0, 2]), "0"]), C("empty_dim", [T([0, 2]), "2"]), C("empty_sizes", [T([0]), "[0, 0]"]),
        C("tensor_size", [T([5]), "torch.tensor(2)"]), C("float_tensor_size", [T([5]), "torch.tensor(2.7)"]),
        C("one_element_tensor", [T([5]), "torch.tensor([3])"]), C("size_tensor_items", [T([5]), "[torch.tensor(2), 3]"]),
        C("transposed", [T([2, 3], ".t"), "2"]), C("expanded", [T([2, 3], ".expand"), "[1, 2]", "1"]),
        C("keywords", [], [("tensor", T([4])), ("split_size_or_sections", "3"), ("dim", "0")])],
        errors=[C("err_sum", [T([3, 2]), "[1, 1]"]), C("err_sum_negative_dim", [T([3, 2]), "[1, 2]", "-1"]),
                C("err_negative_size", [T([3]), "-1"]), C("err_negative_entry", [T([3]), "[4, -1]"]), C("err_zero", [T([3]), "0"]),
                C("err_scalar", [T([]), "1"]), C("err_scalar_sizes", [T([]), "[1]"]), C("err_dim", [T([3]), "1", "1"]),
                C("err_float", [T([3]), "1.5"]), C("err_float_item", [T([3]), "[1, 2.0]"]), C("err_bool", [T([3]), "True"]),
                C("err_string_size", [T([3]), "'a'"]), C("err_none_size", [T([3]), "None"]), C("err_tensor_sizes", [T([3]), "torch.tensor([1, 2])"]),
                C("err_missing", [T([3])]), C("err_input_int", ["1", "2"]), C("err_name_dim", [T([3, 2]), "2", "'a'"]),
                C("err_float_tensor_item", [T([3]), "[torch.tensor(1.0), 2]"]), C("err_four_args", [T([3]), "1", "0", "1"])]),
    _op("torch.chunk", [T([6]), "4"], random=random_chunk, cases=[
        C("even", [T([6]), "3"]), C("more_than_size", [T([3, 2]), "5"]), C("dim1", [T([2, 5]), "2", "1"]),
        C("negative_dim", [T([2, 5]), "3"], [("dim", "-1")]), C("empty_dim", [T([0, 2]), "3"]), C("one", [T([4]), "1"]),
        C("transposed", [T([2, 3], ".t"), "2"])],
        errors=[C("err_zero", [T([3]), "0"]), C("err_negative", [T([3]), "-2"]), C("err_scalar", [T([]), "1"]),
                C("err_dim", [T([3]), "2", "1"]), C("err_float", [T([3]), "2.0"]), C("err_bool", [T([3]), "True"])]),
    _op("torch.tensor_split", [T([7]), "3"], random=random_tensor_split, cases=[
        C("indices", [T([7]), "[2, 5]"]), C("indices_tuple", [T([7]), "(1, 6)"]), C("past_end", [T([3, 2]), "[1, 5]"]),
        C("decreasing", [T([4]), "[3, 1]"]), C("negative_index", [T([4]), "[-1]"]), C("no_indices", [T([3]), "[]"]),
        C("more_sections", [T([3]), "5"]), C("dim1", [T([2, 5]), "2", "1"]), C("negative_dim", [T([2, 5]), "[1]"], [("dim", "-1")]),
        C("tensor_sections", [T([5]), "torch.tensor(2)"]), C("tensor_indices", [T([5]), "torch.tensor([1, 3])"]),
        C("tensor_indices_strided", [T([6]), "torch.tensor([[1, 2], [4, 5]]).t().select(0, 0)"]),
        C("keyword_sections", [T([5])], [("sections", "2")]), C("keyword_indices", [T([5])], [("indices", "[2]")]),
        C("keyword_tensor", [T([5])], [("tensor_indices_or_sections", "torch.tensor([2])")]),
        C("empty_dim", [T([0, 2]), "2"]), C("transposed", [T([2, 3], ".t"), "2"])],
        errors=[C("err_zero", [T([3]), "0"]), C("err_negative", [T([3]), "-1"]), C("err_scalar", [T([]), "2"]),
                C("err_scalar_indices", [T([]), "[1]"]), C("err_dim", [T([3]), "2", "1"]), C("err_float", [T([3]), "2.0"]),
                C("err_tensor_float", [T([3]), "torch.tensor([1.0])"]), C("err_tensor_bool", [T([3]), "torch.tensor(True)"]),
                C("err_tensor_rank2", [T([3]), "torch.tensor([[1]])"]), C("err_scalar_tensor", [T([]), "torch.tensor([1.0])"]),
                C("err_keyword", [T([3])], [("indices_or_sections", "2")]), C("err_float_index", [T([3]), "[1, 1.5]"]),
                C("err_tensor_int32", [T([3]), "torch.tensor([1], dtype=torch.int32)"])]),
    _op("torch.hsplit", [T([2, 4]), "2"], random=random_fixed_split(1, 1), cases=[
        C("vector", [T([4]), "2"]), C("indices", [T([2, 4]), "[1, 3]"]), C("vector_indices", [T([5]), "(2,)"]),
        C("rank3", [T([2, 4, 1]), "[3]"]), C("transposed", [T([3, 2], ".t"), "3"]), C("keyword_sections", [T([2, 4])], [("sections", "2")]),
        C("keyword_indices", [T([2, 4])], [("indices", "[1]")]), C("empty_dim", [T([3, 0]), "2"]), C("no_indices", [T([3, 2]), "[]"])],
        errors=[C("err_uneven", [T([2, 4]), "3"]), C("err_zero", [T([2, 4]), "0"]), C("err_negative", [T([2, 4]), "-2"]),
                C("err_scalar", [T([]), "1"]), C("err_scalar_indices", [T([]), "[1]"]), C("err_tensor", [T([2, 4]), "torch.tensor([1])"]),
                C("err_float", [T([2, 4]), "2.0"])]),
    _op("torch.vsplit", [T([4, 2]), "2"], random=random_fixed_split(2, 0), cases=[
        C("indices", [T([4, 2]), "[1, 3]"]), C("rank3", [T([4, 2, 1]), "4"]), C("transposed", [T([2, 4], ".t"), "[2]"])],
        errors=[C("err_uneven", [T([3, 2]), "2"]), C("err_vector", [T([4]), "2"]), C("err_vector_indices", [T([4]), "[1]"])]),
    _op("torch.dsplit", [T([1, 2, 4]), "2"], random=random_fixed_split(3, 2), cases=[
        C("indices", [T([1, 2, 4]), "[1, 3]"]), C("rank4", [T([1, 2, 3, 2]), "3"]), C("permuted", [T([2, 1, 4], ".permute"), "[3]"])],
        errors=[C("err_uneven", [T([1, 2, 3]), "2"]), C("err_matrix", [T([2, 2]), "2"])]),
    _op("torch.unbind", [T([2, 3])], random=random_unbind, cases=[
        C("dim1", [T([2, 3]), "1"]), C("negative", [T([2, 3]), "-1"]), C("vector", [T([3])]), C("empty", [T([0, 2])]),
        C("rank3", [T([2, 1, 2]), "2"]), C("transposed", [T([2, 3], ".t")]), C("keyword", [T([2, 2])], [("dim", "0")])],
        errors=[C("err_scalar", [T([])]), C("err_dim", [T([2]), "1"]), C("err_name", [T([2, 2]), "'a'"]),
                C("err_scalar_negative", [T([]), "-1"]), C("err_dim_none", [T([2])], [("dim", "None")])]),
]


from movement_ops import base_name, qualified_names  # noqa: E402,F401  (the same naming rules)
