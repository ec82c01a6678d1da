"""The window family as data (convolutions, pools, unfold/fold): one entry per op descriptor,
read by scripts/gen_golden_window.py.

Fields of an entry:
    primary   the qualified name the golden file is named after
    names     its other qualified names (PyTorch 1.13 has each of them)
    kind      conv | convt | max | avg | lp | adaptive_max | adaptive_avg | unfold | fold: which case generator and which relations (tests/golden/README.md,
              "Window family")
    dims      1 or 2 spatial dims
    simple    the teaching call's arguments (code): the dtype sweep and the names use it
    errors    [(name, args, kwargs)]: calls PyTorch refuses (T[...] templates as in join_ops.py)
    cases     [(name, args, kwargs)]: fixed calls with a point (empty batches and channels, ...)
"""

RANDOM_CASES = 24

F_ = "torch.nn.functional."


def _op(primary, names, kind, dims, simple, errors=(), cases=()):
    return {"primary": primary, "names": list(names), "kind": kind, "dims": dims, "simple": list(simple),
            "errors": [(n, list(a), [list(k) for k in kw]) for n, a, kw in errors],
            "cases": [(n, list(a), [list(k) for k in kw]) for n, a, kw in cases]}


CONV_CASES_2D = [
    ("empty_batch", ["T[0,2,3,3]", "T[3,2,2,2]", "T[3]"], []),
    ("empty_channels", ["T[2,0,3,3]", "T[3,0,2,2]"], []),
    ("empty_channels_unbatched", ["T[0,3,3]", "T[4,0,2,2]"], []),
    ("empty_batch_mixed_dtypes", ["T[0,2,3,3]:int64", "T[3,2,2,2]:float32"], []),
    ("empty_channels_mixed_dtypes", ["T[2,0,3,3]:float32", "T[3,0,2,2]:float64"], []),
    ("empty_batch_bool", ["T[0,2,3,3]:bool", "T[3,2,2,2]:bool"], []),
    ("same_even_kernel", ["T[1,2,4,5]", "T[3,2,2,4]"], [("padding", "'same'")]),
    ("same_dilated", ["T[1,2,4,5]", "T[3,2,2,3]"], [("padding", "'same'"), ("dilation", "(2, 1)")]),
    ("groups_three", ["T[1,6,3,3]", "T[3,2,2,2]", "T[3]"], [("groups", "3")]),
]
CONV_CASES_1D = [
    ("empty_batch", ["T[0,2,3]", "T[3,2,2]"], []),
    ("empty_channels", ["T[2,0,3]", "T[3,0,2]"], []),
    ("same_even_kernel", ["T[1,2,5]", "T[3,2,4]"], [("padding", "'same'")]),
    ("int8_wraps", ["T[1,3,5]:int8", "T[2,3,3]:int8"], []),
]


CONV_ERRORS_2D = [
    ("err_rank", ["T[2]", "T[1,1,1,1]"], []),
    ("err_rank_5d", ["T[1,1,1,2,2]", "T[1,1,1,1]"], []),
    ("err_kernel_too_large", ["T[1,2,2,2]", "T[3,2,3,3]"], []),
    ("err_groups_divide", ["T[1,2,2,2]", "T[3,1,1,1]"], [("groups", "2")]),
    ("err_groups_at_least", ["T[1,2,2,2]", "T[3,3,1,1]"], [("groups", "4")]),
    ("err_groups_zero", ["T[1,2,2,2]", "T[4,1,1,1]"], [("groups", "0")]),
    ("err_channels", ["T[1,2,3,3]", "T[3,3,2,2]"], []),
    ("err_same_strided", ["T[1,2,3,3]", "T[3,2,2,2]"], [("padding", "'same'"), ("stride", "2")]),
    ("err_padding_string", ["T[1,2,3,3]", "T[3,2,2,2]"], [("padding", "'foo'")]),
    ("err_negative_padding", ["T[1,2,3,3]", "T[3,2,2,2]"], [("padding", "-1")]),
    ("err_stride_zero", ["T[1,2,3,3]", "T[3,2,2,2]"], [("stride", "0")]),
    ("err_dilation_zero", ["T[1,2,3,3]", "T[3,2,2,2]"], [("dilation", "0")]),
    ("err_stride_length", ["T[1,2,3,3]", "T[3,2,2,2]"], [("stride", "(1, 1, 1)")]),
    ("err_bias_shape", ["T[1,2,3,3]", "T[3,2,2,2]", "T[2]"], []),
    ("err_weight_rank", ["T[1,2,3,3]", "T[3,2]"], []),
    ("err_weight_rank_3d", ["T[1,2,3,3]", "T[3,2,2]"], []),
    ("err_weight_dtype", ["T[1,2,3,3]:float32", "T[3,2,2,2]:float64"], []),
    ("err_bias_dtype", ["T[1,2,3,3]:float32", "T[3,2,2,2]:float32", "T[3]:float64"], []),
    ("err_input_long", ["T[1,2,3,3]:int64", "T[3,2,2,2]:float32"], []),
    ("err_bfloat16_mixed", ["T[1,2,3,3]:bfloat16", "T[3,2,2,2]:float32"], []),
    ("err_no_out_channels", ["T[1,2,3,3]", "T[0,2,2,2]"], []),
    ("err_kernel_zero", ["T[1,2,3,3]", "T[3,2,0,2]"], []),
    ("err_zero_height", ["T[1,2,0,3]", "T[3,2,1,1]"], []),
    ("err_same_weight_rank", ["T[1,2,3,3]", "T[3,2,2]"], [("padding", "'same'")]),
    ("err_stride_float", ["T[1,2,3,3]", "T[3,2,2,2]"], [("stride", "1.5")]),
    ("err_weight_str", ["T[1,2,3,3]", "'a'"], []),
    ("err_same_padded_channels", ["T[1,4,2,3]", "T[4,2,2,3]"], [("padding", "'same'")]),
]

CONV_ERRORS_1D = [
    ("err_rank", ["T[2]", "T[1,1,1]"], []),
    ("err_rank_4d", ["T[1,1,2,2]", "T[1,1,1]"], []),
    ("err_kernel_too_large", ["T[1,2,2]", "T[3,2,3]"], []),
    ("err_groups_divide", ["T[1,2,2]", "T[3,1,1]"], [("groups", "2")]),
    ("err_channels", ["T[1,2,3]", "T[3,3,2]"], []),
    ("err_same_strided", ["T[1,2,3]", "T[3,2,2]"], [("padding", "'same'"), ("stride", "2")]),
    ("err_padding_string", ["T[1,2,3]", "T[3,2,2]"], [("padding", "'full'")]),
    ("err_negative_padding", ["T[1,2,3]", "T[3,2,2]"], [("padding", "-2")]),
    ("err_stride_zero", ["T[1,2,3]", "T[3,2,2]"], [("stride", "0")]),
    ("err_dilation_zero", ["T[1,2,3]", "T[3,2,2]"], [("dilation", "0")]),
    ("err_bias_shape", ["T[1,2,3]", "T[3,2,2]", "T[3,1]"], []),
    ("err_weight_4d", ["T[1,2,3]", "T[3,2,2,2]"], []),
    ("err_weight_dtype", ["T[1,2,3]:float64", "T[3,2,2]:float32"], []),
    ("err_kernel_zero", ["T[1,2,3]", "T[3,2,0]"], []),
    ("err_same_padded_channels", ["T[2,4]", "T[4,1,2]"], [("padding", "'same'")]),
]

CONVT_ERRORS_2D = [
    ("err_rank", ["T[3,3]", "T[2,3,2,2]"], []),
    ("err_output_padding", ["T[1,2,3,3]", "T[2,3,2,2]"], [("output_padding", "1")]),
    ("err_output_too_small", ["T[1,2,3,3]", "T[2,3,2,2]"], [("stride", "2"), ("padding", "3")]),
    ("err_output_negative", ["T[1,2,3,3]", "T[2,3,2,2]"], [("padding", "5")]),
    ("err_channels", ["T[1,2,3,3]", "T[3,3,2,2]"], []),
    ("err_bias_shape", ["T[1,2,3,3]", "T[2,3,2,2]", "T[2]"], []),
    ("err_weight_dtype", ["T[1,2,3,3]:float32", "T[2,3,2,2]:float64"], []),
    ("err_bias_dtype", ["T[1,2,3,3]:float32", "T[2,3,2,2]:float32", "T[3]:float64"], []),
    ("err_groups_divide", ["T[1,3,3,3]", "T[3,1,2,2]"], [("groups", "2")]),
    ("err_groups_zero", ["T[1,2,3,3]", "T[2,3,2,2]"], [("groups", "0")]),
    ("err_dilation_zero", ["T[1,2,3,3]", "T[2,3,2,2]"], [("dilation", "0")]),
    ("err_stride_zero", ["T[1,2,3,3]", "T[2,3,2,2]"], [("stride", "0")]),
    ("err_negative_padding", ["T[1,2,3,3]", "T[2,3,2,2]"], [("padding", "-1")]),
    ("err_padding_string", ["T[1,2,3,3]", "T[2,3,2,2]"], [("padding", "'same'")]),
    ("err_kernel_zero", ["T[1,2,3,3]", "T[2,3,0,2]"], []),
    ("err_weight_rank", ["T[1,2,3,3]", "T[2,3,2]"], []),
    ("err_int32", ["T[1,2,3,3]:int32", "T[2,3,2,2]:int32"], []),
]

CONVT_ERRORS_1D = [
    ("err_rank", ["T[3]", "T[2,3,2]"], []),
    ("err_output_padding", ["T[1,2,3]", "T[2,3,2]"], [("output_padding", "2"), ("stride", "2")]),
    ("err_output_too_small", ["T[1,2,3]", "T[2,3,2]"], [("padding", "3")]),
    ("err_channels", ["T[1,2,3]", "T[3,3,2]"], []),
    ("err_dilation_zero", ["T[1,2,3]", "T[2,3,2]"], [("dilation", "0")]),
    ("err_weight_dtype", ["T[1,2,3]:float64", "T[2,3,2]:float32"], []),
    ("err_kernel_zero", ["T[1,2,3]", "T[2,3,0]"], []),
]

POOL_ERRORS_2D = [
    ("err_output_too_small", ["T[1,2,2,2]", "3"], []),
    ("err_pad_half", ["T[1,2,2,2]", "2"], [("padding", "2")]),
    ("err_kernel_zero", ["T[1,2,2,2]", "0"], []),
    ("err_stride_zero", ["T[1,2,2,2]", "2"], [("stride", "0")]),
    ("err_kernel_three", ["T[1,2,2,2]", "(2, 2, 2)"], []),
    ("err_rank", ["T[2]", "2"], []),
    ("err_zero_channels", ["T[1,0,2,2]", "2"], []),
    ("err_negative_padding", ["T[1,2,4,4]", "2"], [("padding", "-1")]),
    ("err_kernel_str", ["T[1,2,4,4]", "'a'"], []),
    ("err_kernel_item_float", ["T[1,2,4,4]", "[2.5]"], []),
]

POOL_ERRORS_1D = [
    ("err_output_too_small", ["T[1,2,2]", "3"], []),
    ("err_pad_half", ["T[1,2,2]", "2"], [("padding", "2")]),
    ("err_kernel_zero", ["T[1,2,2]", "0"], []),
    ("err_stride_zero", ["T[1,2,4]", "2"], [("stride", "0")]),
    ("err_kernel_two", ["T[1,2,4]", "(2, 2)"], []),
    ("err_rank", ["T[2]", "2"], []),
    ("err_rank_4d", ["T[1,1,2,2]", "2"], []),
    ("err_zero_channels", ["T[1,0,2]", "2"], []),
    ("err_negative_padding", ["T[1,2,4]", "2"], [("padding", "-1")]),
    ("err_int32_channels_last", ["T[1,4,2]:int32.movedim(2, 1)", "2"], []),
]

# A channels-last input (suggest_memory_format) runs PyTorch's "_channels_last" CPU kernels, whose
# dtype errors carry that name.
CHANNELS_LAST_2D = [("err_int_channels_last", ["T[1,3,4,2]:int32.movedim(3, 1)", "2"], [])]
CHANNELS_LAST_1D = [("err_long_channels_last", ["T[1,4,2]:int64.movedim(2, 1)", "2"], [])]
MAX_ERRORS_2D = POOL_ERRORS_2D + CHANNELS_LAST_2D + [("err_dilation_zero", ["T[1,2,4,4]", "2"], [("dilation", "0")])]
MAX_ERRORS_1D = POOL_ERRORS_1D + [("err_dilation_zero", ["T[1,2,4]", "2"], [("dilation", "0")]),
                                  ("err_long_channels_last_indices", ["T[1,4,2]:int64.movedim(2, 1)", "2"], [("return_indices", "True")])]
AVG_ERRORS_2D = POOL_ERRORS_2D + CHANNELS_LAST_2D + [("err_divisor_zero", ["T[1,2,4,4]", "2"], [("divisor_override", "0")])]

ADAPTIVE_ERRORS_2D = [
    ("err_rank", ["T[5]", "2"], []),
    ("err_empty_height", ["T[1,1,0,2]", "2"], []),
    ("err_three_sizes", ["T[1,2,5,5]", "(2, 2, 2)"], []),
    ("err_tuple_rank", ["T[2,2]", "(1, 1)"], []),
    ("err_long", ["T[1,2,4,4]:int64", "2"], []),
    ("err_size_float", ["T[1,2,5,5]", "2.5"], []),
] + CHANNELS_LAST_2D
ADAPTIVE_ERRORS_1D = [
    ("err_rank", ["T[5]", "2"], []),
    ("err_two_sizes", ["T[1,2,5]", "(3, 3)"], []),
    ("err_long", ["T[1,2,4]:int64", "3"], []),
    ("err_size_float", ["T[1,2,5]", "2.5"], []),
] + CHANNELS_LAST_1D
ADAPTIVE_AVG_ERRORS_2D = ADAPTIVE_ERRORS_2D + [
    ("err_negative_size", ["T[1,2,5,5]", "-1"], []),
    ("err_mean_long", ["T[1,2,4,4]:int64", "1"], []),
    ("err_mean_rank", ["T[5]", "1"], []),
    ("err_size_str", ["T[1,2,5,5]", "'a'"], []),
    ("err_size_none", ["T[1,2,5,5]", "None"], []),
    ("err_size_item_float", ["T[1,2,5,5]", "(1, 2.5)"], []),
]
ADAPTIVE_AVG_ERRORS_1D = ADAPTIVE_ERRORS_1D + [("err_mean_long", ["T[1,2,4]:int64", "1"], [])]
ADAPTIVE_MAX_ERRORS_1D = ADAPTIVE_ERRORS_1D + [("err_empty", ["T[1,2,0]", "1"], [])]

LP_ERRORS_1D = [
    ("err_norm_zero", ["T[1,2,4]", "0", "2"], []),
    ("err_negative_int_power", ["T[1,2,4]:int64", "-1", "2"], []),
    ("err_int32", ["T[1,2,4]:int32", "2", "2"], []),
    ("err_output_too_small", ["T[1,2,2]", "2", "3"], []),
    ("err_kernel_tuple", ["T[1,2,4]", "2", "(2,)"], []),
    ("err_kernel_two", ["T[1,2,4]", "2", "(2, 2)"], []),
    ("err_rank", ["T[4]", "2", "2"], []),
    ("err_norm_str", ["T[1,2,4]", "'a'", "2"], []),
    ("err_kernel_float", ["T[1,2,4]", "2", "2.5"], []),
    ("err_int32_channels_last", ["T[1,4,2]:int32.movedim(2, 1)", "2", "2"], []),
]
LP_ERRORS_2D = [
    ("err_norm_zero", ["T[1,2,4,4]", "0", "2"], []),
    ("err_negative_int_power", ["T[1,2,4,4]:int64", "-2", "2"], []),
    ("err_uint8", ["T[1,2,4,4]:uint8", "2", "2"], []),
    ("err_output_too_small", ["T[1,2,2,2]", "2", "3"], []),
    ("err_rank", ["T[4]", "2", "2"], []),
    ("err_stride_zero", ["T[1,2,4,4]", "2", "2"], [("stride", "0")]),
    ("err_kernel_one", ["T[1,2,4,4]", "2", "(2,)"], []),
    ("err_kernel_float", ["T[1,2,4,4]", "2", "2.5"], []),
    ("err_int32_channels_last", ["T[1,3,4,2]:int32.movedim(3, 1)", "2", "2"], []),
]

UNFOLD_ERRORS = [
    ("err_blocks", ["T[1,2,4,4]", "5"], []),
    ("err_blocks_wide", ["T[1,2,3,5]", "(4, 2)"], []),
    ("err_kernel_zero", ["T[1,2,4,4]", "0"], []),
    ("err_stride_zero", ["T[1,2,4,4]", "2"], [("stride", "0")]),
    ("err_dilation_zero", ["T[1,2,4,4]", "2"], [("dilation", "0")]),
    ("err_negative_padding", ["T[1,2,4,4]", "2"], [("padding", "-1")]),
    ("err_rank_2d", ["T[4,4]", "2"], []),
    ("err_rank_5d", ["T[1,1,1,4,4]", "2"], []),
    ("err_zero_channels", ["T[1,0,4,4]", "2"], []),
    ("err_kernel_three", ["T[1,2,4,4]", "(2, 2, 2)"], []),
    ("err_kernel_one", ["T[1,2,4,4]", "[2]"], []),
    ("err_long", ["T[1,2,4,4]:int64", "2"], []),
    ("err_kernel_str", ["T[1,2,4,4]", "'a'"], []),
    ("err_kernel_float", ["T[1,2,4,4]", "2.5"], []),
    ("err_kernel_item_float", ["T[1,2,4,4]", "[1, 2.5]"], []),
    ("err_output_size_str", ["T[1,8,4]", "'ab'", "2"], []),
    ("err_kernel_float", ["T[1,8,4]", "(3, 3)", "2.0"], []),
]
FOLD_ERRORS = [
    ("err_blocks_mismatch", ["T[1,8,5]", "(3, 3)", "2"], []),
    ("err_not_divisible", ["T[1,7,4]", "(3, 3)", "2"], []),
    ("err_stride_zero", ["T[1,8,4]", "(3, 3)", "2"], [("stride", "0")]),
    ("err_kernel_zero", ["T[1,8,4]", "(3, 3)", "0"], []),
    ("err_dilation_zero", ["T[1,8,4]", "(3, 3)", "2"], [("dilation", "0")]),
    ("err_negative_padding", ["T[1,8,4]", "(3, 3)", "2"], [("padding", "-1")]),
    ("err_rank", ["T[8]", "(3, 3)", "2"], []),
    ("err_rank_4d", ["T[1,1,8,4]", "(3, 3)", "2"], []),
    ("err_no_blocks", ["T[1,8,4]", "(1, 1)", "2"], []),
    ("err_output_three", ["T[1,8,4]", "(3, 3, 3)", "2"], []),
    ("err_long", ["T[1,8,4]:int64", "(3, 3)", "2"], []),
    ("err_zero_planes", ["T[1,0,4]", "3", "2"], []),
]

OPS = [
    _op(F_ + "conv1d", ["torch.conv1d"], "conv", 1, ["T[1,2,5]", "T[3,2,2]"], CONV_ERRORS_1D, CONV_CASES_1D),
    _op(F_ + "conv2d", ["torch.conv2d"], "conv", 2, ["T[1,2,4,4]", "T[3,2,2,2]"], CONV_ERRORS_2D, CONV_CASES_2D),
    _op(F_ + "conv_transpose1d", ["torch.conv_transpose1d"], "convt", 1, ["T[1,2,4]", "T[2,3,2]"], CONVT_ERRORS_1D),
    _op(F_ + "conv_transpose2d", ["torch.conv_transpose2d"], "convt", 2, ["T[1,2,3,3]", "T[2,3,2,2]"], CONVT_ERRORS_2D,
        [("empty_batch", ["T[0,2,3,3]", "T[2,3,2,2]"], [])]),
    _op(F_ + "max_pool1d", ["torch.max_pool1d", F_ + "max_pool1d_with_indices", "torch.max_pool1d_with_indices"], "max", 1,
        ["T[1,2,5]", "2"], MAX_ERRORS_1D),
    _op(F_ + "max_pool2d", ["torch.max_pool2d", F_ + "max_pool2d_with_indices"], "max", 2, ["T[1,2,4,4]", "2"], MAX_ERRORS_2D),
    _op(F_ + "adaptive_max_pool1d", ["torch.adaptive_max_pool1d", F_ + "adaptive_max_pool1d_with_indices"], "adaptive_max", 1,
        ["T[1,2,7]", "3"], ADAPTIVE_MAX_ERRORS_1D),
    _op(F_ + "adaptive_max_pool2d", [F_ + "adaptive_max_pool2d_with_indices"], "adaptive_max", 2, ["T[1,2,5,5]", "2"], ADAPTIVE_ERRORS_2D),
    _op(F_ + "adaptive_avg_pool1d", ["torch.adaptive_avg_pool1d"], "adaptive_avg", 1, ["T[1,2,7]", "3"], ADAPTIVE_AVG_ERRORS_1D),
    _op(F_ + "adaptive_avg_pool2d", [], "adaptive_avg", 2, ["T[1,2,5,5]", "2"], ADAPTIVE_AVG_ERRORS_2D),
    _op(F_ + "lp_pool1d", [], "lp", 1, ["T[1,2,6]", "2", "2"], LP_ERRORS_1D),
    _op(F_ + "lp_pool2d", [], "lp", 2, ["T[1,2,4,4]", "2", "2"], LP_ERRORS_2D),
    _op(F_ + "unfold", [], "unfold", 2, ["T[1,2,3,4]", "2"], UNFOLD_ERRORS),
    _op(F_ + "fold", [], "fold", 2, ["T[1,8,6]", "(3, 4)", "2"], FOLD_ERRORS),
    _op(F_ + "avg_pool1d", ["torch.avg_pool1d"], "avg", 1, ["T[1,2,5]", "2"], POOL_ERRORS_1D),
    _op(F_ + "avg_pool2d", [], "avg", 2, ["T[1,2,4,4]", "2"], AVG_ERRORS_2D),
]


def qualified_names(op):
    return [op["primary"]] + op["names"]
