"""The movement family as data (views and rearranging copies of one tensor): one entry per op
descriptor, read by scripts/gen_golden_movement.py.

Fields of an entry:
    primary   the qualified name the golden file is named after
    names     every qualified name PyTorch 1.13 has for it (checked with hasattr)
    simple    the teaching call's arguments after the input, as code (the dtype sweep, the names)
    cases     [(name, input shape, input style, args after the input, kwargs)]: style is a
              tensor_code view style (literal, t, transpose, permute, expand, reshape); the
              shape may instead be the first argument's code (repeat_interleave(repeats))
    errors    [(name, input shape, args, kwargs)]: calls PyTorch refuses
    decided_by  the tensor argument whose elements decide where the input's elements land
              (repeat_interleave's repeats): `index` sources by perturbation
    method    the primary is a Tensor method only (torch.Tensor.view)
    also_moved  the argument (position after the input counted from 0 as the input, and keyword) whose
              elements land in the result besides the input's (the scatter views' src: [1, "src"])
"""


def _op(primary, aliases=(), simple=(), cases=(), errors=(), min_rank=0, decided_by=None, also_moved=()):
    return {"primary": primary, "aliases": list(aliases), "simple": list(simple), "cases": list(cases),
            "errors": list(errors), "min_rank": min_rank, "decided_by": decided_by, "also_moved": list(also_moved)}


def _shape(shape):
    return shape if isinstance(shape, str) else list(shape)


def C(name, shape, args=(), kwargs=(), style="literal"):
    return (name, _shape(shape), style, list(args), list(kwargs))


def E(name, shape, args=(), kwargs=()):
    return (name, _shape(shape), list(args), list(kwargs))


OPS = [
    _op("torch.Tensor.view", simple=["3, 2"], min_rank=1, cases=[
        C("tuple", [2, 3], ["(3, 2)"]), C("infer", [2, 3], ["-1"]), C("infer_2d", [2, 3], ["3, -1"]),
        C("noncontig_ok", [2, 3, 2], ["2, 6"], style="transpose"), C("noncontig_split_last", [4, 3], ["3, 2, 2"], style="t"),
        C("expanded_ok", [2, 3], ["2, 3, 1"], style="expand"), C("rank0", [], ["1"]), C("to_rank0", [1], ["()"]),
        C("empty", [0, 3], ["3, 0"]), C("keyword", [2, 3], [], [("size", "(6,)")])],
        errors=[E("err_size", [2, 3], ["4"]), E("err_two_infer", [2, 3], ["-1, -1"]), E("err_noncontig", [2, 3], ["6"]),
                E("err_negative", [2, 3], ["-2, 3"]), E("err_float", [2, 3], ["2, 3.0"]), E("err_empty_infer", [0, 3], ["-1, 0"])]),
    _op("torch.Tensor.view_as", simple=["torch.zeros(3, 2)"], min_rank=1, cases=[
        C("same_numel", [6], ["torch.zeros(2, 3)"]), C("rank0", [1], ["torch.tensor(1.0)"])],
        errors=[E("err_numel", [6], ["torch.zeros(4)"])]),
    _op("torch.reshape", simple=["(3, 2)"], min_rank=1, cases=[
        C("infer", [2, 3], ["(-1,)"]), C("copy_of_transposed", [2, 3], ["(6,)"], style="t"),
        C("view_of_transposed", [2, 3, 2], ["(2, 6)"], style="transpose"), C("rank0", [], ["(1, 1)"]),
        C("list", [2, 3], ["[3, 2]"]), C("keyword", [2, 3], [], [("shape", "(6,)")]), C("empty", [0, 2], ["(2, 0)"]),
        C("expanded", [2, 3], ["(6,)"], style="expand")],
        errors=[E("err_size", [2, 3], ["(4,)"]), E("err_int", [2, 3], ["6"]), E("err_two_infer", [2, 3], ["(-1, -1)"])]),
    _op("torch.Tensor.reshape_as", simple=["torch.zeros(3, 2)"], min_rank=1, cases=[
        C("transposed", [2, 3], ["torch.zeros(6)"], style="t")], errors=[E("err_numel", [6], ["torch.zeros(4)"])]),
    _op("torch.flatten", simple=[], cases=[
        C("start1", [2, 3, 2], ["1"]), C("range", [2, 3, 2, 2], ["1", "2"]), C("negative", [2, 3, 2], [], [("start_dim", "-2")]),
        C("same_dim", [2, 3], ["1", "1"]), C("rank0", []), C("transposed", [2, 3], [], style="t"), C("rank1", [4])],
        errors=[E("err_order", [2, 3, 2], ["2", "1"]), E("err_dim", [2, 3], ["2"])]),
    _op("torch.ravel", cases=[C("transposed", [2, 3], style="t"), C("rank0", []), C("rank3", [2, 1, 3]),
                              C("expanded", [2, 3], style="expand")]),
    _op("torch.unflatten", simple=["0", "(2, 3)"], min_rank=1, cases=[
        C("infer", [6, 2], ["0", "(3, -1)"]), C("last", [2, 6], ["-1", "(2, 3)"]), C("one", [2, 3], ["1", "(3,)"])],
        errors=[E("err_product", [6], ["0", "(4, 2)"]), E("err_empty_sizes", [6], ["0", "()"]),
                E("err_dim", [6], ["1", "(2, 3)"])]),
    _op("torch.squeeze", cases=[
        C("dim", [1, 3, 1], ["0"]), C("dim_not_one", [2, 3], ["1"]), C("negative", [2, 1], ["-1"]), C("rank0", []),
        C("all_ones", [1, 1]), C("transposed", [1, 3], style="t")], errors=[E("err_dim", [2, 1], ["2"])]),
    _op("torch.unsqueeze", simple=["0"], cases=[
        C("last", [2, 3], ["2"]), C("negative", [2, 3], ["-1"]), C("rank0", [], ["0"]), C("middle_transposed", [2, 3], ["1"], style="t")],
        errors=[E("err_dim", [2, 3], ["3"])]),
    _op("torch.transpose", aliases=["swapaxes", "swapdims"], simple=["0", "1"], min_rank=2, cases=[
        C("rank3", [2, 3, 2], ["0", "2"]), C("negative", [2, 3], ["-1", "-2"]), C("same", [2, 3], ["1", "1"]),
        C("rank0", [], ["0", "-1"]), C("expanded", [2, 3], ["0", "1"], style="expand")],
        errors=[E("err_dim", [2, 3], ["0", "2"])]),
    _op("torch.t", min_rank=2, cases=[C("rank1", [3]), C("rank0", []), C("transposed", [2, 3], style="t")],
        errors=[E("err_rank3", [2, 2, 2])]),
    _op("torch.permute", simple=["(1, 0)"], min_rank=2, cases=[
        C("rank3", [2, 3, 2], ["(2, 0, 1)"]), C("negative", [2, 3, 2], ["(-1, 0, 1)"]), C("identity", [2, 3], ["(0, 1)"]),
        C("rank0", [], ["()"]), C("list", [2, 3], ["[1, 0]"])],
        errors=[E("err_length", [2, 3], ["(0,)"]), E("err_repeat", [2, 3], ["(0, 0)"])]),
    _op("torch.movedim", aliases=["moveaxis"], simple=["0", "1"], min_rank=2, cases=[
        C("rank3", [2, 3, 4], ["0", "2"]), C("tuple", [2, 3, 4], ["(0, 1)", "(2, 0)"]), C("negative", [2, 3, 4], ["-1", "0"]),
        C("rank1", [3], ["0", "0"])],
        errors=[E("err_count", [2, 3, 4], ["(0, 1)", "(2,)"]), E("err_repeat", [2, 3, 4], ["(0, 0)", "(1, 2)"]),
                E("err_dim", [2, 3], ["2", "0"])]),
    _op("torch.Tensor.expand", simple=["2, 3"], min_rank=1, cases=[
        C("new_dim", [3], ["2, 3"]), C("minus_one", [2, 1], ["-1, 4"]), C("tuple", [1], ["(3,)"]), C("rank0", [], ["2"]),
        C("same", [2, 3], ["2, 3"])],
        errors=[E("err_size", [2, 3], ["3, 3"]), E("err_fewer", [2, 3], ["3"])]),
    _op("torch.Tensor.expand_as", simple=["torch.zeros(2, 3)"], min_rank=1, cases=[C("new_dim", [3], ["torch.zeros(2, 3)"])],
        errors=[E("err_size", [2, 3], ["torch.zeros(3, 3)"])]),
    _op("torch.broadcast_to", simple=["(2, 3)"], min_rank=1, cases=[C("new_dims", [3], ["(2, 2, 3)"]), C("rank0", [], ["(2,)"])],
        errors=[E("err_size", [2, 3], ["(3, 3)"])]),
    _op("torch.narrow", simple=["0", "0", "1"], min_rank=1, cases=[
        C("dim1", [2, 4], ["1", "1", "2"]), C("negative_start", [2, 4], ["1", "-2", "2"]), C("to_end", [4], ["0", "4", "0"]),
        C("tensor_start", [4], ["0", "torch.tensor(1)", "2"]), C("transposed", [2, 3], ["0", "1", "2"], style="t")],
        errors=[E("err_length", [4], ["0", "2", "3"]), E("err_rank0", [], ["0", "0", "1"]), E("err_start", [4], ["0", "5", "0"])]),
    _op("torch.select", simple=["0", "1"], min_rank=1, cases=[
        C("dim1", [2, 3], ["1", "2"]), C("negative_index", [2, 3], ["1", "-1"]), C("transposed", [2, 3], ["0", "1"], style="t")],
        errors=[E("err_index", [2, 3], ["1", "3"]), E("err_rank0", [], ["0", "0"]), E("err_dim", [2, 3], ["2", "0"])]),
    _op("torch.Tensor.unfold", simple=["0", "2", "1"], min_rank=1, cases=[
        C("step2", [7], ["0", "3", "2"]), C("rank2", [3, 4], ["1", "2", "2"]), C("whole", [3], ["0", "3", "1"]),
        C("rank0", [], ["0", "1", "1"])],
        errors=[E("err_size", [3], ["0", "4", "1"]), E("err_step", [3], ["0", "2", "0"])]),
    _op("torch.diagonal", min_rank=2, cases=[
        C("offset", [3, 4], ["1"]), C("negative_offset", [3, 4], ["-1"]), C("dims", [2, 3, 3], [], [("dim1", "1"), ("dim2", "2")]),
        C("far_offset", [2, 2], ["5"]), C("transposed", [2, 3], [], style="t")],
        errors=[E("err_same", [3, 3], ["0", "1", "1"]), E("err_rank1", [3])]),
    _op("torch.as_strided", simple=["(2, 2)", "(1, 2)"], min_rank=1, cases=[
        C("offset", [9], ["(2, 2)", "(3, 1)", "1"]), C("overlap", [6], ["(3, 2)", "(1, 1)"]), C("zero_stride", [3], ["(2, 3)", "(0, 1)"])],
        errors=[E("err_bounds", [4], ["(3,)", "(2,)"]), E("err_length", [4], ["(2, 2)", "(1,)"]), E("err_negative", [4], ["(2,)", "(-1,)"])]),
    _op("torch.Tensor.contiguous", cases=[C("transposed", [2, 3], style="t"), C("already", [2, 3]), C("expanded", [2, 3], style="expand")]),
    _op("torch.clone", cases=[C("transposed", [2, 3], style="t"), C("rank0", [])]),
    _op("torch.flip", simple=["(0,)"], min_rank=1, cases=[
        C("two", [2, 3], ["(0, 1)"]), C("negative", [2, 3], ["[-1]"]), C("none", [2, 3], ["()"]), C("transposed", [2, 3], ["(1,)"], style="t")],
        errors=[E("err_repeat", [2, 3], ["(0, 0)"]), E("err_dim", [2, 3], ["(2,)"])]),
    _op("torch.fliplr", min_rank=2, cases=[C("rank3", [2, 3, 2])], errors=[E("err_rank1", [3])]),
    _op("torch.flipud", min_rank=1, cases=[C("rank2", [3, 2])], errors=[E("err_rank0", [])]),
    _op("torch.roll", simple=["1"], cases=[
        C("dim", [2, 3], ["1", "1"]), C("negative", [2, 3], ["-1", "0"]), C("two_dims", [2, 3], ["(1, 2)", "(0, 1)"]),
        C("flattened", [2, 3], ["4"]), C("large", [4], ["9"]), C("same_dim_twice", [4], ["(1, 1)", "(0, 0)"])],
        errors=[E("err_align", [2, 3], ["(1, 2)", "(0,)"])]),
    _op("torch.rot90", min_rank=2, cases=[
        C("k2", [2, 3], ["2"]), C("k3", [2, 3], ["3"]), C("k_negative", [2, 3], ["-1"]), C("k0", [2, 3], ["0"]),
        C("dims", [2, 3, 2], ["1", "(1, 2)"])],
        errors=[E("err_dims", [2, 3], ["1", "(0,)"]), E("err_rank1", [3]), E("err_same", [2, 3], ["1", "(0, 0)"])]),
    _op("torch.Tensor.repeat", simple=["2, 1"], min_rank=1, cases=[
        C("more_dims", [3], ["2, 2"]), C("tuple", [2], ["(3,)"]), C("zero", [2], ["0"]), C("transposed", [2, 3], ["1, 2"], style="t"),
        C("negative_of_empty", [0, 2], ["-1, 1"])],
        errors=[E("err_fewer", [2, 3], ["2"]), E("err_negative", [2, 2], ["-1, 2"])]),
    _op("torch.tile", simple=["(2,)"], cases=[
        C("pad", [2, 3], ["(2,)"]), C("more", [3], ["(2, 2)"]), C("rank0", [], ["(3,)"])]),
    _op("torch.tril", min_rank=2, cases=[
        C("diagonal", [3, 4], ["1"]), C("negative", [3, 3], ["-1"]), C("batched", [2, 2, 3]), C("bool", [3, 3])],
        errors=[E("err_rank1", [3])]),
    _op("torch.triu", min_rank=2, cases=[
        C("diagonal", [3, 4], ["1"]), C("negative", [3, 3], ["-1"]), C("batched", [2, 2, 3])], errors=[E("err_rank1", [3])]),
    _op("torch.repeat_interleave", simple=["2"], decided_by="repeats", cases=[
        C("dim0", [2, 3], ["2", "0"]), C("dim1_tensor", [2, 3], ["torch.tensor([1, 0, 2])", "1"]),
        C("flattened_tensor", [2, 2], ["torch.tensor([1, 2, 0, 3])"]), C("negative_dim", [2, 3], ["torch.tensor([2, 1])", "-2"]),
        C("one_element_tensor", [3], ["torch.tensor([2])"]), C("rank0_repeats", [2, 2], ["torch.tensor(3)", "1"]),
        C("int32_repeats", [3], ["torch.tensor([1, 2, 1], dtype=torch.int32)", "0"]),
        C("output_size", [3], ["torch.tensor([1, 2, 1])", "0"], [("output_size", "4")]), C("zero", [3], ["0"]),
        C("keyword", [2, 3], [], [("repeats", "2"), ("dim", "1")]), C("rank0", [], ["3"]), C("empty", [0, 2], ["2", "0"]),
        C("empty_repeats", [0, 2], ["torch.tensor([], dtype=torch.int64)", "0"]),
        C("transposed", [2, 3], ["torch.tensor([1, 2])", "0"], style="t"), C("expanded", [2, 3], ["2", "1"], style="expand"),
        C("positions", "torch.tensor([2, 0, 1, 3])"), C("positions_int32", "torch.tensor([1, 2], dtype=torch.int32)"),
        C("positions_output_size", "torch.tensor([1, 2, 1])", [], [("output_size", "4")]),
        C("positions_one", "torch.tensor([3])"), C("positions_empty", "torch.tensor([], dtype=torch.int64)")],
        errors=[E("err_negative", [3], ["-1"]), E("err_negative_tensor", [3], ["torch.tensor([1, -1, 2])"]),
                E("err_size", [3], ["torch.tensor([1, 2])", "0"]), E("err_2d_repeats", [3], ["torch.tensor([[1, 2, 3]])", "0"]),
                E("err_float_repeats", [3], ["torch.tensor([1.0, 2.0, 1.0])", "0"]),
                E("err_uint8_repeats", [3], ["torch.tensor([1, 2, 1], dtype=torch.uint8)", "0"]),
                E("err_output_size", [3], ["2", "0"], [("output_size", "5")]),
                E("err_negative_output_size", [3], ["2", "0"], [("output_size", "-1")]),
                E("err_dim", [3], ["2", "1"]), E("err_rank0_dim", [], ["2", "0"]), E("err_bool_repeats", [3], ["True"]),
                E("err_list_repeats", [3], ["[1, 2, 1]", "0"]), E("err_float_count", [3], ["2.0"]),
                E("err_positions_float", "torch.tensor([1.5, 2.0])"), E("err_positions_2d", "torch.tensor([[1, 2]])"),
                E("err_positions_rank0", "torch.tensor(2)"), E("err_positions_negative", "torch.tensor([1, -2])"),
                E("err_positions_uint8", "torch.tensor([1, 2], dtype=torch.uint8)"),
                E("err_positions_output_size", "torch.tensor([1, 2])", [], [("output_size", "2")]),
                E("err_positions_negative_sum_fits", "torch.tensor([2, -1, 3])", [], [("output_size", "4")])]),
    _op("torch.diag", min_rank=1, cases=[
        C("vector", [3]), C("vector_offset", [3], ["1"]), C("vector_negative", [3], ["-2"]), C("matrix_offset", [3, 4], ["1"]),
        C("matrix_negative", [3, 4], ["-2"]), C("keyword", [3], [], [("diagonal", "1")]), C("at_edge", [2, 3], ["3"]),
        C("empty_vector", [0]), C("empty_vector_offset", [0], ["2"]), C("empty_matrix", [0, 3], ["1"]),
        C("transposed", [2, 3], style="t"), C("expanded_vector", [4], style="expand"), C("wide", [2, 4], ["-1"])],
        errors=[E("err_rank3", [2, 2, 2]), E("err_rank0", []), E("err_past_edge", [2, 3], ["4"]),
                E("err_past_edge_negative", [2, 3], ["-3"]), E("err_empty_past_edge", [0, 3], ["-1"]),
                E("err_float_offset", [3], ["1.0"]), E("err_offset_name", [3], [], [("offset", "1")])]),
    _op("torch.diag_embed", cases=[
        C("vector", [3]), C("offset", [3], ["1"]), C("negative_offset", [2, 2], ["-1"]), C("dims", [2, 3], ["0", "0", "2"]),
        C("dims_swapped", [2, 3], ["0", "2", "0"]), C("negative_dims", [2, 3], [], [("dim1", "-1"), ("dim2", "0")]),
        C("offset_dims", [2, 2], ["1", "0", "1"]), C("rank3", [2, 1, 2]), C("empty", [0]), C("empty_offset", [0], ["2"]),
        C("transposed", [2, 3], style="t"), C("keyword", [2], [], [("offset", "-1")])],
        errors=[E("err_same", [2, 3], ["0", "1", "1"]), E("err_same_wrapped", [2, 3], ["0", "-1", "2"]),
                E("err_dim", [2, 3], ["0", "3", "0"]), E("err_rank0", [])]),
    _op("torch.diagflat", cases=[
        C("vector", [3]), C("offset", [2, 2], ["1"]), C("negative", [2, 3], ["-1"]), C("keyword", [3], [], [("offset", "2")]),
        C("rank0", []), C("rank3", [2, 1, 2]), C("empty", [2, 0], ["1"]), C("transposed", [2, 3], style="t")],
        errors=[E("err_float_offset", [3], ["0.5"])]),
    # The scatter views: src lands where the view reads. slice_scatter's calls all give step:
    # PyTorch 1.13 reads its default step as garbage (a SymInt default; "slice step must be
    # positive" or a one-row slice, varying by process), so no golden leans on it.
    _op("torch.select_scatter", simple=["torch.tensor([7., 8., 9.])", "0", "1"], min_rank=1, also_moved=[1, "src"], cases=[
        C("dim1", [2, 3], ["torch.tensor([7., 8.])", "1", "2"]), C("negative_index", [2, 3], ["torch.tensor([7., 8., 9.])", "0", "-1"]),
        C("negative_dim", [2, 3, 2], ["torch.tensor([[7., 8.], [9., 10.]])", "-2", "0"]),
        C("keyword", [2, 3], [], [("src", "torch.tensor([7., 8.])"), ("dim", "1"), ("index", "0")]),
        C("transposed", [2, 3], ["torch.tensor([7., 8., 9.])", "0", "1"], style="t"),
        C("src_transposed", [3, 2, 2], ["torch.tensor([[1., 2.], [3., 4.]]).t()", "0", "1"]),
        C("int_src", [2, 3], ["torch.tensor([7, 8, 9])", "0", "0"]), C("rank1", [4], ["torch.tensor(5.)", "0", "2"]),
        C("empty", [2, 0], ["torch.zeros(0)", "0", "1"]), C("expanded", [2, 3], ["torch.tensor([7., 8.])", "1", "1"], style="expand")],
        errors=[E("err_src_shape", [2, 3], ["torch.tensor([1., 2.])", "0", "0"]), E("err_index", [2, 3], ["torch.ones(3)", "0", "2"]),
                E("err_negative_index", [2, 3], ["torch.ones(2)", "1", "-4"]), E("err_dim", [2, 3], ["torch.ones(3)", "2", "0"]),
                E("err_rank0", [], ["torch.tensor(1.)", "0", "0"]), E("err_src_float", [2, 3], ["1.0", "0", "0"]),
                E("err_src_rank0", [2, 3], ["torch.tensor(2.)", "0", "0"]), E("err_missing_index", [2, 3], ["torch.ones(3)", "0"]),
                E("err_float_index", [2, 3], ["torch.ones(3)", "0", "0.5"])]),
    _op("torch.slice_scatter", simple=["torch.tensor([[7., 8., 9.]])", "0", "1", "2", "1"], min_rank=1, also_moved=[1, "src"], cases=[
        C("step2", [2, 4], ["torch.tensor([[7., 8.], [9., 10.]])", "1", "0", "4", "2"]),
        C("keyword", [2, 3], ["torch.tensor([[7., 8., 9.]])"], [("start", "-1"), ("step", "1")]),
        C("none_bounds", [2, 3], ["torch.ones(2, 3)", "0", "None", "None", "1"]),
        C("clamped", [2, 3], ["torch.ones(2, 2)", "1", "-5", "2", "1"]), C("past_end", [2, 3], ["torch.ones(2, 1)", "1", "2", "10", "1"]),
        C("empty_slice", [2, 3], ["torch.ones(2, 0)", "1", "2", "1", "1"]),
        C("transposed", [2, 3], ["torch.ones(1, 3)", "0", "0", "1", "1"], style="t"),
        C("src_transposed", [3, 2], ["torch.tensor([[1., 2.], [3., 4.]]).t()", "0", "1", "3", "1"]),
        C("big_step", [4, 2], ["torch.ones(1, 2)", "0", "1", "None", "10"]), C("rank1", [5], ["torch.tensor([7, 8])", "0", "1", "4", "2"]),
        C("negative_dim", [2, 3, 2], ["torch.zeros(2, 3, 1)", "-1", "1", "2", "1"]), C("empty", [0, 3], ["torch.ones(0, 3)", "0", "0", "5", "1"]),
        C("expanded", [2, 3], ["torch.tensor([[7.], [8.]])", "1", "1", "2", "1"], style="expand")],
        errors=[E("err_step0", [2, 3], ["torch.ones(2, 3)", "0", "0", "2", "0"]),
                E("err_negative_step", [2, 3], ["torch.ones(2, 2)", "1", "0", "3", "-1"]),
                E("err_src_shape", [2, 3], ["torch.ones(2, 2)", "1", "0", "3", "1"]), E("err_dim", [2, 3], ["torch.ones(2, 3)", "2", "0", "3", "1"]),
                E("err_rank0", [], ["torch.tensor(1.)", "0", "0", "1", "1"]), E("err_float_start", [2, 3], ["torch.ones(2, 3)", "0", "0.5", "2", "1"]),
                E("err_src_float", [2, 3], ["1.0", "0", "0", "2", "1"])]),
    _op("torch.diagonal_scatter", simple=["torch.tensor([7., 8.])"], min_rank=2, also_moved=[1, "src"], cases=[
        C("offset1", [2, 3], ["torch.tensor([7., 8.])", "1"]), C("offset2", [2, 3], ["torch.tensor([7.])", "2"]),
        C("past_edge", [2, 3], ["torch.zeros(0)", "4"]), C("negative", [2, 3], ["torch.tensor([7.])", "-1"]),
        C("dims", [2, 2, 3], ["torch.ones(3, 2)", "0", "0", "1"]),
        C("negative_dims", [2, 3], [], [("src", "torch.tensor([7., 8.])"), ("dim1", "-1"), ("dim2", "-2")]),
        C("transposed", [2, 3], ["torch.tensor([7., 8.])"], style="t"),
        C("src_transposed", [2, 2, 2], ["torch.tensor([[1., 2.], [3., 4.]]).t()", "0", "1", "2"]),
        C("int_src", [3, 3], ["torch.tensor([7, 8, 9])"]), C("keyword", [3, 3], ["torch.tensor([7., 8.])"], [("offset", "-1")]),
        C("empty", [0, 3], ["torch.zeros(0)"]), C("expanded", [3, 3], ["torch.tensor([7., 8., 9.])"], style="expand")],
        errors=[E("err_same", [2, 3], ["torch.ones(2)", "0", "0", "0"]), E("err_dim", [2, 3], ["torch.ones(2)", "0", "0", "2"]),
                E("err_rank1", [3], ["torch.ones(2)"]), E("err_src_shape", [2, 3], ["torch.ones(3)"]),
                E("err_src_missing", [2, 3], []), E("err_src_float", [2, 3], ["1.0"])]),
    # as_strided_scatter: PyTorch clones the input keeping its layout, so a transposed or sliced
    # input changes what the view reaches. Where view positions share memory the copy's walk
    # order decides the value (PyTorch's TensorIterator order: by the view's strides, then src's).
    _op("torch.as_strided_scatter", simple=["torch.tensor([[7., 8.], [9., 10.]])", "(2, 2)", "(1, 2)"], min_rank=1,
        also_moved=[1, "src"], cases=[
        C("offset", [3, 3], ["torch.tensor([7., 8.])", "(2,)", "(4,)", "1"]),
        C("transposed", [3, 4], ["torch.tensor([[7., 8.], [9., 10.]])", "(2, 2)", "(1, 2)"], style="t"),
        C("permuted", [2, 3, 2], ["torch.ones(2, 3)", "(2, 3)", "(3, 1)", "1"], style="permute"),
        C("sliced", "torch.arange(12.).reshape(3, 4)[:, 1:]", ["torch.tensor([7., 8., 9.])", "(3,)", "(3,)", "1"]),
        C("docstring", "torch.zeros(3, 3)", ["torch.tensor([[1, 2], [3, 4]])", "(2, 2)", "(1, 2)"]),
        C("overlap", "torch.tensor([0., 0., 0., 0., 0., 0.])", ["torch.tensor([[1., 2.], [3., 4.], [5., 6.]])", "(3, 2)", "(1, 1)"]),
        C("overlap_src_transposed", "torch.tensor([0, 0, 0, 0, 0, 0])",
          ["torch.tensor([[1., 2.], [3., 4.], [5., 6.]]).t()", "(2, 3)", "(1, 1)"]),
        C("overlap_rows", "torch.zeros(12, dtype=torch.int32)", ["torch.arange(1., 13.).reshape(3, 4)", "(3, 4)", "(2, 1)"]),
        C("overlap_ties", "torch.zeros(3, 4, dtype=torch.int64)",
          ["torch.arange(1., 25.).reshape(2, 3, 4)", "(2, 3, 4)", "(1, 2, 1)"]),
        C("overlap_src_permuted", "torch.zeros(12, dtype=torch.int64)",
          ["torch.arange(1., 25.).reshape(4, 3, 2).permute(2, 1, 0)", "(2, 3, 4)", "(1, 1, 1)"]),
        C("rank0", [], ["torch.tensor(5.)", "()", "()"]), C("empty", [2, 3], ["torch.zeros(0, 2)", "(0, 2)", "(1, 1)"]),
        C("keyword", [2, 3], [], [("src", "torch.tensor([7., 8.])"), ("size", "(2,)"), ("stride", "(3,)"),
                                  ("storage_offset", "2")]),
        C("int_src", [2, 3], ["torch.tensor([7, 8, 9])", "(3,)", "(2,)"]),
        C("size1_zero_stride", [2, 3], ["torch.tensor([[7., 8.]])", "(1, 2)", "(0, 1)"]),
        C("whole", [2, 3], ["torch.ones(6)", "(6,)", "(1,)"]), C("lists", [2, 3], ["torch.tensor([7., 8.])", "[2]", "[2]"])],
        errors=[E("err_length", [2, 3], ["torch.ones(2, 2)", "(2, 2)", "(1,)"]),
                E("err_negative_stride", [2, 3], ["torch.ones(2)", "(2,)", "(-1,)"]),
                E("err_negative_size", [2, 3], ["torch.ones(2)", "(-1, 2)", "(1, 1)"]),
                E("err_bounds", [2, 3], ["torch.ones(3)", "(3,)", "(3,)"]),
                E("err_offset", [2, 3], ["torch.ones(2)", "(2,)", "(1,)", "-1"]),
                E("err_src_shape", [2, 3], ["torch.ones(3)", "(2, 2)", "(1, 2)"]),
                E("err_zero_stride", [2, 3], ["torch.ones(2, 2)", "(2, 2)", "(0, 1)"]),
                E("err_float_stride", [2, 3], ["torch.ones(2, 2)", "(2, 2)", "(1, 1.5)"]),
                E("err_int_size", [2, 3], ["torch.ones(2)", "2", "(1,)"]), E("err_src_float", [2, 3], ["1.0", "(1,)", "(1,)"]),
                E("err_missing_stride", [2, 3], ["torch.ones(2)", "(2,)"])]),
    # channel_shuffle: PyTorch 1.13 has no backward for either (relations by perturbation).
    # native_channel_shuffle checks nothing in 1.13: groups <= 0, groups not dividing C and empty
    # inputs crash the process or read past the input, so no golden calls it so.
    _op("torch.nn.functional.channel_shuffle", simple=["3"], min_rank=3, cases=[
        C("groups2", [1, 6, 2], ["2"]), C("rank4", [2, 4, 2, 1], ["2"]), C("one_group", [1, 4, 2], ["1"]),
        C("all_groups", [1, 4, 1], ["4"]), C("keyword", [1, 4, 2], [], [("groups", "2")]),
        C("transposed", [2, 4, 3], ["2"], style="transpose"), C("permuted", [2, 4, 2, 2], ["2"], style="permute"),
        C("expanded", [2, 4, 3], ["2"], style="expand"), C("rank5", [1, 4, 1, 2, 1], ["2"]),
        C("empty_batch", [0, 4, 2], ["2"]), C("empty_channels", [2, 0, 2], ["2"]), C("empty_inner", [2, 4, 0], ["2"])],
        errors=[E("err_rank2", [2, 4], ["2"]), E("err_rank1", [4], ["2"]), E("err_rank0", [], ["1"]),
                E("err_groups0", [1, 4, 2], ["0"]), E("err_negative", [1, 4, 2], ["-1"]), E("err_divisible", [1, 6, 2], ["4"]),
                E("err_float_groups", [1, 4, 2], ["2.0"]), E("err_bool_groups", [1, 4, 2], ["True"]),
                E("err_missing_groups", [1, 4, 2], []), E("err_rank2_groups0", [2, 4], ["0"])]),
    _op("torch.nn.functional.native_channel_shuffle", simple=["3"], min_rank=3, cases=[
        C("rank2", [2, 6], ["3"]), C("groups2", [1, 6, 2], ["2"]), C("rank4", [2, 4, 2, 1], ["2"]),
        C("one_group", [1, 4, 2], ["1"]), C("all_groups", [1, 4, 1], ["4"]), C("keyword", [1, 4, 2], [], [("groups", "2")]),
        C("transposed", [2, 4, 3], ["2"], style="transpose"), C("permuted", [2, 4, 2, 2], ["2"], style="permute"),
        C("expanded", [2, 4, 3], ["2"], style="expand")],
        errors=[E("err_rank1", [4], ["2"]), E("err_rank0", [], ["1"]), E("err_float_groups", [1, 4, 2], ["2.0"]),
                E("err_missing_groups", [1, 4, 2], [])]),
]


def base_name(primary):
    return primary.rsplit(".", 1)[1]


def qualified_names(op):
    """Every qualified name PyTorch 1.13 has for this op (checked with hasattr)."""
    import torch
    names = []
    for b in [base_name(op["primary"])] + op["aliases"]:
        for prefix, mod in (("torch", torch), ("torch.Tensor", torch.Tensor)):
            if hasattr(mod, b):
                names.append(prefix + "." + b)
    out = [op["primary"]] + [n for n in names if n != op["primary"]]
    seen = set()
    return [n for n in out if not (n in seen or seen.add(n))]
