"""The resample family as data (pad, pixel_shuffle/unshuffle, interpolate, grid_sample,
affine_grid): one entry per op descriptor, read by scripts/gen_golden_resample.py.

Arguments are code templates in which T[2,3] stands for a tensor of shape [2, 3] with random
values: a suffix :int8 fixes its dtype (else the case's dtype), and a suffix .t, .transpose,
.permute, .expand or .reshape makes it that kind of view (golden_common.tensor_code). G[1,2,2]
is a grid for grid_sample (shape [N, H, W, 2], values in [-1.2, 1.2], float32 unless :dtype).

Fields of an entry:
    primary   the qualified name the golden file is named after
    names     every qualified name PyTorch 1.13 has for it (the descriptor's names)
    simple    the teaching call's arguments [args, kwargs] (the dtype sweep, the names)
    cases     [(name, args, kwargs)]: run in float32 unless the template fixes a dtype
    errors    [(name, args, kwargs)]: calls PyTorch refuses
    random    a function (rng) -> (args, kwargs): shapes and options drawn from the seed; the
              generator makes RANDOM_CASES of them
    index     paths of arguments whose elements choose positions (grid_sample's grid): their
              sources come from perturbation, role "index"
    input_method  the method a Python function first calls on its input (interpolate:
              input.dim()), so a non-tensor input fails with AttributeError
"""

RANDOM_CASES = 8


def C(name, args=(), kwargs=()):
    return (name, list(args), [list(k) for k in kwargs])


def T(shape, spec=""):
    return "T[%s]%s" % (",".join(map(str, shape)), spec)


def tup(xs):
    xs = list(xs)
    return "(%s,)" % xs[0] if len(xs) == 1 else "(" + ", ".join(map(str, xs)) + ")"


def _op(primary, names, simple, cases=(), errors=(), random=None, index=(), input_method=None):
    return {"primary": primary, "names": list(names), "simple": simple, "cases": list(cases), "errors": list(errors),
            "random": random, "index": list(index), "input_method": input_method}


def qualified_names(op):
    return op["names"]


def _style(rng, rank):
    return rng.choice(["", "", "", ".transpose" if rank >= 2 else "", ".permute" if rank >= 3 else "", ".expand" if rank >= 1 else ""])


# --- pad -------------------------------------------------------------------------------------


def random_pad(rng):
    mode = rng.choice(["constant", "constant", "reflect", "replicate", "circular"])
    if mode == "constant":
        rank = rng.randint(1, 4)
        shape = [rng.randint(1, 4) for _ in range(rank)]
        k = rng.randint(1, rank)
        pads = []
        for j in range(k):
            n = shape[rank - 1 - j]
            pads += [rng.randint(-(n // 2), 2), rng.randint(-(n // 2), 2)]
        kw = [["value", rng.choice(["1.5", "-2", "0"])]] if rng.random() < 0.5 else []
        return [T(shape, _style(rng, rank)), tup(pads)], kw
    k = rng.randint(1, 3)
    batch = rng.random() < 0.6 or mode == "circular"
    shape = ([rng.randint(1, 2)] if batch else []) + [rng.randint(1, 3)] + [rng.randint(2, 4) for _ in range(k)]
    pads = []
    for j in range(k):
        n = shape[-1 - j]
        hi = n - 1 if mode == "reflect" else n if mode == "circular" else 3
        pads += [rng.randint(0, hi), rng.randint(0, hi)]
    dtype = rng.choice([":float32", ":float64"])
    return [T(shape, dtype + _style(rng, len(shape))), tup(pads)], [["mode", "'%s'" % mode]]


PAD = _op(
    "torch.nn.functional.pad", ["torch.nn.functional.pad"],
    [[T([2, 3]), "(1, 2)"], []],
    cases=[
        C("constant_value", [T([2, 3]), "(1, 1, 2, 0)"], [["value", "2.5"]]),
        C("constant_value_int", [T([2, 3], ":int64"), "(1, 1)"], [["value", "2.5"]]),
        C("constant_value_bool", [T([2, 3], ":bool"), "(1, 1)"], [["value", "2"]]),
        C("constant_value_true", [T([2, 3], ":int32"), "(1, 0)"], [["value", "True"]]),
        C("constant_value_nan", [T([2, 2]), "(1, 0)"], [["value", "float('nan')"]]),
        C("constant_value_tensor", [T([2, 2]), "(1, 0)"], [["value", "torch.tensor(3.0)"]]),
        C("constant_positional", [T([2, 3]), "(1, 1)", "'constant'", "3"]),
        C("constant_list", [T([2, 3]), "[1, 1]"]),
        C("constant_keywords", [], [["input", T([2, 3])], ["pad", "(0, 1)"], ["mode", "'constant'"], ["value", "-1"]]),
        C("constant_3d_pads", [T([2, 2, 2]), "(1, 0, 0, 1, 1, 1)"]),
        C("constant_rank1", [T([4]), "(2, 3)"]),
        C("constant_rank4", [T([1, 2, 2, 2]), "(1, 1, 0, 0, 1, 0)"]),
        C("constant_crop", [T([3, 4]), "(-1, -2)"]),
        C("constant_crop_all", [T([2, 3]), "(-3, 0)"]),
        C("constant_crop_and_pad", [T([3, 4]), "(-1, 2, 1, -2)"]),
        C("constant_empty_pad", [T([2, 3]), "()"]),
        C("constant_0d_empty_pad", [T([]), "()"]),
        C("constant_zero_pads", [T([2, 3]), "(0, 0)"]),
        C("constant_size0_row", [T([0, 3]), "(1, 1)"]),
        C("constant_size0_padded", [T([2, 0]), "(1, 1)"]),
        C("constant_transposed", [T([3, 2], ".t"), "(1, 1, 1, 0)"]),
        C("constant_expanded", [T([3, 4], ".expand"), "(1, 1)"]),
        C("constant_float16", [T([2, 3], ":float16"), "(1, 1)"], [["value", "0.5"]]),
        C("reflect_2d_input", [T([2, 3]), "(2, 1)"], [["mode", "'reflect'"]]),
        C("reflect_3d_input", [T([1, 2, 4]), "(3, 2)"], [["mode", "'reflect'"]]),
        C("reflect_2d", [T([2, 3, 4]), "(1, 2, 2, 1)"], [["mode", "'reflect'"]]),
        C("reflect_2d_batch", [T([1, 2, 3, 3]), "(2, 2, 1, 1)"], [["mode", "'reflect'"]]),
        C("reflect_3d", [T([2, 2, 3, 3]), "(1, 1, 1, 2, 1, 0)"], [["mode", "'reflect'"]]),
        C("reflect_3d_batch", [T([1, 1, 2, 2, 3]), "(2, 1, 1, 1, 1, 1)"], [["mode", "'reflect'"]]),
        C("reflect_negative", [T([2, 3]), "(-1, 1)"], [["mode", "'reflect'"]]),
        C("reflect_value_zero", [T([2, 3]), "(1, 1)"], [["mode", "'reflect'"], ["value", "0"]]),
        C("reflect_batch0", [T([0, 2, 3]), "(1, 1)"], [["mode", "'reflect'"]]),
        C("reflect_permuted", [T([2, 3, 4], ".permute"), "(1, 1, 1, 1)"], [["mode", "'reflect'"]]),
        C("reflect_3d_float16", [T([1, 2, 2, 3], ":float16"), "(1, 1, 1, 1, 1, 0)"], [["mode", "'reflect'"]]),
        C("reflect_empty_h", [T([2, 3, 4]), "(0, 0, -1, -2)"], [["mode", "'reflect'"]]),
        C("replicate_2d_input", [T([2, 3]), "(3, 4)"], [["mode", "'replicate'"]]),
        C("replicate_2d", [T([1, 2, 3]), "(2, 1, 3, 0)"], [["mode", "'replicate'"]]),
        C("replicate_2d_batch", [T([2, 1, 2, 2]), "(1, 1, 1, 1)"], [["mode", "'replicate'"]]),
        C("replicate_3d", [T([1, 2, 2, 2]), "(1, 0, 0, 1, 1, 1)"], [["mode", "'replicate'"]]),
        C("replicate_3d_batch", [T([1, 1, 2, 2, 2]), "(1, 1, 1, 1, 1, 1)"], [["mode", "'replicate'"]]),
        C("replicate_negative", [T([2, 4]), "(-1, -2)"], [["mode", "'replicate'"]]),
        C("replicate_crop_and_pad", [T([1, 2, 3, 4]), "(-4, 1, 1, 1)"], [["mode", "'replicate'"]]),
        C("replicate_transposed", [T([3, 2], ".t"), "(1, 1)"], [["mode", "'replicate'"]]),
        C("circular_1d", [T([1, 2, 3]), "(1, 2)"], [["mode", "'circular'"]]),
        C("circular_full", [T([1, 1, 3]), "(3, 3)"], [["mode", "'circular'"]]),
        C("circular_2d", [T([1, 2, 3, 4]), "(1, 1, 3, 1)"], [["mode", "'circular'"]]),
        C("circular_3d", [T([1, 1, 2, 2, 2]), "(1, 0, 1, 1, 0, 2)"], [["mode", "'circular'"]]),
        C("circular_negative", [T([1, 2, 3]), "(-1, -1)"], [["mode", "'circular'"]]),
        C("circular_negative_left", [T([1, 2, 3]), "(-1, 2)"], [["mode", "'circular'"]]),
        C("circular_crop", [T([1, 2, 4, 4]), "(-1, -1, -1, -1)"], [["mode", "'circular'"]]),
        C("circular_int", [T([1, 2, 3], ":int64"), "(2, 1)"], [["mode", "'circular'"]]),
        C("circular_bool", [T([1, 2, 3], ":bool"), "(1, 1)"], [["mode", "'circular'"]]),
        C("circular_empty_channels", [T([1, 0, 2]), "(1, 1)"], [["mode", "'circular'"]]),
    ],
    errors=[
        C("err_odd_length", [T([3]), "(1,)"]),
        C("err_too_long", [T([3]), "(1, 1, 1, 1)"]),
        C("err_0d", [T([]), "(1, 1)"]),
        C("err_mode", [T([2, 3]), "(1, 1)"], [["mode", "'foo'"]]),
        C("err_mode_type", [T([2, 3]), "(1, 1)"], [["mode", "3"]]),
        C("err_mode_none", [T([2, 3]), "(1, 1)", "None"]),
        C("err_pad_int", [T([2, 3]), "1"]),
        C("err_pad_float", [T([2, 3]), "(1.5, 1)"]),
        C("err_value_str", [T([2, 3]), "(1, 1)"], [["value", "'a'"]]),
        C("err_value_uint8", [T([2, 2], ":uint8"), "(1, 0)"], [["value", "-1"]]),
        C("err_value_int8_nan", [T([2, 2], ":int8"), "(1, 0)"], [["value", "float('nan')"]]),
        C("err_value_half", [T([2, 2], ":float16"), "(1, 0)"], [["value", "1e6"]]),
        C("err_value_float", [T([2, 2]), "(1, 0)"], [["value", "1e300"]]),
        C("err_value_empty", [T([0, 2], ":uint8"), "(1, 0)"], [["value", "300"]]),
        C("err_crop_past", [T([2, 3]), "(-4, 0)"]),
        C("err_crop_twice", [T([2, 3]), "(-2, -2)"]),
        C("err_crop_empty_dim", [T([0]), "(-1, 0)"]),
        C("err_crop_negative", [T([2, 2]), "(-2, 0, 1, 0)"]),
        C("err_zero_size_padded", [T([2, 0]), "(0, 0, 1, 1)"]),
        C("err_reflect_value", [T([2, 3]), "(1, 1)"], [["mode", "'reflect'"], ["value", "1"]]),
        C("err_circular_value", [T([1, 2, 3]), "(1, 1)"], [["mode", "'circular'"], ["value", "1.5"]]),
        C("err_reflect_rank1", [T([3]), "(1, 1)"], [["mode", "'reflect'"]]),
        C("err_reflect_rank4_1d", [T([2, 2, 2, 2]), "(1, 1)"], [["mode", "'reflect'"]]),
        C("err_reflect_no_pads", [T([2, 3]), "()"], [["mode", "'reflect'"]]),
        C("err_reflect_too_big", [T([2, 3]), "(3, 0)"], [["mode", "'reflect'"]]),
        C("err_reflect_too_big_right", [T([2, 3, 4]), "(0, 4)"], [["mode", "'reflect'"]]),
        C("err_reflect_2d_too_big_w", [T([2, 3, 4]), "(4, 4, 3, 3)"], [["mode", "'reflect'"]]),
        C("err_reflect_2d_too_big_h", [T([2, 3, 4]), "(0, 0, 3, 0)"], [["mode", "'reflect'"]]),
        C("err_reflect_3d_too_big", [T([1, 2, 3, 4]), "(0, 0, 0, 0, 2, 0)"], [["mode", "'reflect'"]]),
        C("err_reflect_3d_too_big_h", [T([1, 1, 2, 3, 4]), "(0, 0, 0, 4, 0, 0)"], [["mode", "'reflect'"]]),
        C("err_reflect_small", [T([2, 3]), "(-1, -2)"], [["mode", "'reflect'"]]),
        C("err_reflect_2d_small", [T([2, 3, 4]), "(-2, -2, -2, -1)"], [["mode", "'reflect'"]]),
        C("err_reflect_2d_negative", [T([2, 3, 4]), "(-4, -1, 0, 0)"], [["mode", "'reflect'"]]),
        C("err_reflect_3d_small", [T([1, 2, 3, 4]), "(-2, -2, -2, -1, -1, -1)"], [["mode", "'reflect'"]]),
        C("err_reflect_3d_negative", [T([1, 2, 3, 4]), "(-5, 0, 0, 0, 0, 0)"], [["mode", "'reflect'"]]),
        C("err_reflect_empty", [T([2, 0]), "(1, 1)"], [["mode", "'reflect'"]]),
        C("err_reflect_empty_int", [T([2, 2, 0], ":int64"), "(1, 1)"], [["mode", "'reflect'"]]),
        C("err_reflect_2d_empty", [T([2, 0, 2]), "(1, 1, 1, 1)"], [["mode", "'reflect'"]]),
        C("err_reflect_3d_empty", [T([0, 2, 2, 2]), "(1, 1, 1, 1, 1, 1)"], [["mode", "'reflect'"]]),
        C("err_reflect_int", [T([2, 3], ":int64"), "(1, 1)"], [["mode", "'reflect'"]]),
        C("err_reflect_2d_bool", [T([1, 2, 3], ":bool"), "(1, 1, 1, 1)"], [["mode", "'reflect'"]]),
        C("err_reflect_3d_uint8", [T([1, 2, 3, 4], ":uint8"), "(1, 1, 1, 1, 1, 1)"], [["mode", "'reflect'"]]),
        C("err_replicate_rank1", [T([3]), "(1, 1)"], [["mode", "'replicate'"]]),
        C("err_replicate_2d_on_2d", [T([2, 3]), "(1, 1, 1, 1)"], [["mode", "'replicate'"]]),
        C("err_replicate_small", [T([2, 3]), "(-3, 0)"], [["mode", "'replicate'"]]),
        C("err_replicate_2d_small", [T([2, 3, 4]), "(-2, -2, -2, -1)"], [["mode", "'replicate'"]]),
        C("err_replicate_2d_negative", [T([2, 3, 4]), "(0, 0, -4, 0)"], [["mode", "'replicate'"]]),
        C("err_replicate_3d_small", [T([1, 2, 3, 4]), "(-2, -2, -2, -1, -1, -2)"], [["mode", "'replicate'"]]),
        C("err_replicate_empty", [T([0, 2]), "(1, 1)"], [["mode", "'replicate'"]]),
        C("err_replicate_2d_empty", [T([0, 2, 2]), "(1, 1, 1, 1)"], [["mode", "'replicate'"]]),
        C("err_replicate_3d_empty", [T([1, 0, 2, 2]), "(1, 1, 1, 1, 1, 1)"], [["mode", "'replicate'"]]),
        C("err_replicate_int", [T([2, 3], ":int32"), "(1, 1)"], [["mode", "'replicate'"]]),
        C("err_replicate_3d_float16", [T([1, 2, 3, 4], ":int16"), "(1, 1, 1, 1, 1, 1)"], [["mode", "'replicate'"]]),
        C("err_circular_no_batch", [T([2, 3]), "(1, 1)"], [["mode", "'circular'"]]),
        C("err_circular_2d_on_3d", [T([1, 2, 3]), "(1, 1, 1, 1)"], [["mode", "'circular'"]]),
        C("err_circular_wrap", [T([1, 2, 3]), "(4, 0)"], [["mode", "'circular'"]]),
        C("err_circular_3d_wrap", [T([1, 1, 2, 2, 2]), "(1, 1, 1, 1, 3, 1)"], [["mode", "'circular'"]]),
        C("err_circular_negative", [T([1, 2, 3]), "(-3, -1)"], [["mode", "'circular'"]]),
        C("err_input_int", ["3", "(1, 1)"]),
        C("err_missing_pad", [T([2, 3])]),
    ],
    random=random_pad,
)


# --- pixel_shuffle / pixel_unshuffle -----------------------------------------------------------


def random_shuffle(rng):
    r = rng.randint(1, 3)
    lead = [rng.randint(1, 2) for _ in range(rng.randint(0, 2))]
    shape = lead + [rng.randint(1, 2) * r * r, rng.randint(1, 3), rng.randint(1, 3)]
    return [T(shape, _style(rng, len(shape))), str(r)], []


def random_unshuffle(rng):
    r = rng.randint(1, 3)
    lead = [rng.randint(1, 2) for _ in range(rng.randint(0, 2))]
    shape = lead + [rng.randint(1, 2), rng.randint(1, 2) * r, rng.randint(1, 2) * r]
    return [T(shape, _style(rng, len(shape))), str(r)], []


SHUFFLE = _op(
    "torch.nn.functional.pixel_shuffle", ["torch.nn.functional.pixel_shuffle", "torch.pixel_shuffle"],
    [[T([1, 4, 2, 3]), "2"], []],
    cases=[
        C("rank3", [T([8, 1, 2]), "2"]),
        C("rank5", [T([2, 1, 9, 1, 2]), "3"]),
        C("factor1", [T([2, 3, 2]), "1"]),
        C("keywords", [], [["input", T([1, 4, 1, 2])], ["upscale_factor", "2"]]),
        C("keyword_factor", [T([1, 4, 1, 2])], [["upscale_factor", "2"]]),
        C("empty_batch", [T([0, 4, 1, 2]), "2"]),
        C("empty_channels", [T([1, 0, 2, 2]), "2"]),
        C("empty_height", [T([1, 4, 0, 2]), "2"]),
        C("permuted", [T([1, 4, 2, 3], ".permute"), "2"]),
        C("expanded", [T([2, 4, 2, 2], ".expand"), "2"]),
        C("bool", [T([1, 4, 1, 1], ":bool"), "2"]),
        C("factor_tensor", [T([1, 4, 1, 1]), "torch.tensor(2)"]),
    ],
    errors=[
        C("err_rank2", [T([4, 2]), "2"]),
        C("err_rank2_factor0", [T([4, 2]), "0"]),
        C("err_factor0", [T([1, 4, 1, 2]), "0"]),
        C("err_factor_negative", [T([1, 4, 1, 2]), "-2"]),
        C("err_not_divisible", [T([1, 2, 3, 4]), "2"]),
        C("err_not_divisible_9", [T([1, 8, 2, 3]), "3"]),
        C("err_factor_float", [T([1, 4, 1, 2]), "2.0"]),
        C("err_factor_bool", [T([1, 4, 1, 2]), "True"]),
        C("err_factor_str", [T([1, 4, 1, 2]), "'a'"]),
        C("err_extra", [T([1, 4, 1, 2]), "2", "3"]),
        C("err_missing", [T([1, 4, 1, 2])]),
        C("err_input_list", ["[1.0, 2.0]", "2"]),
    ],
    random=random_shuffle,
)

UNSHUFFLE = _op(
    "torch.nn.functional.pixel_unshuffle", ["torch.nn.functional.pixel_unshuffle", "torch.pixel_unshuffle"],
    [[T([1, 1, 2, 4]), "2"], []],
    cases=[
        C("rank3", [T([2, 4, 2]), "2"]),
        C("rank5", [T([2, 1, 1, 3, 6]), "3"]),
        C("factor1", [T([2, 3, 2]), "1"]),
        C("keywords", [], [["input", T([1, 1, 2, 2])], ["downscale_factor", "2"]]),
        C("empty_batch", [T([0, 2, 4, 6]), "2"]),
        C("empty_channels", [T([1, 0, 4, 2]), "2"]),
        C("empty_height", [T([1, 2, 0, 6]), "2"]),
        C("transposed", [T([1, 2, 4, 2], ".transpose"), "2"]),
        C("expanded", [T([2, 2, 2, 2], ".expand"), "2"]),
        C("int8", [T([1, 1, 2, 2], ":int8"), "2"]),
    ],
    errors=[
        C("err_rank2", [T([4, 2]), "2"]),
        C("err_factor0", [T([1, 2, 4, 6]), "0"]),
        C("err_factor_negative", [T([1, 2, 4, 6]), "-1"]),
        C("err_height", [T([1, 2, 3, 6]), "2"]),
        C("err_width", [T([1, 2, 4, 3]), "2"]),
        C("err_height_factor0", [T([1, 2, 3, 3]), "0"]),
        C("err_factor_float", [T([1, 1, 2, 2]), "2.5"]),
        C("err_missing", [T([1, 1, 2, 2])]),
    ],
    random=random_unshuffle,
)


# --- interpolate and the deprecated upsample names ------------------------------------------------

MODES_BY_RANK = {3: ["nearest", "nearest-exact", "linear", "area"], 4: ["nearest", "nearest-exact", "bilinear", "bicubic", "area"],
                 5: ["nearest", "nearest-exact", "trilinear", "area"]}
SCALES = ["0.5", "1.5", "2.0", "2.5", "1.3", "0.7", "3.0", "1.75", "2"]


def random_interpolate(rng, modes=None, corners=True, recompute=True):
    rank = rng.choice([3, 3, 4, 4, 4, 5])
    mode = rng.choice(modes or MODES_BY_RANK[rank]) if not modes else rng.choice(modes)
    if mode in ("bilinear", "bicubic"):
        rank = 4
    elif mode == "linear":
        rank = 3
    elif mode == "trilinear":
        rank = 5
    spatial = [rng.randint(1, 4) for _ in range(rank - 2)]
    style = rng.choice(["", "", ".transpose", ".expand"])
    shape = [rng.randint(1, 2), rng.randint(2, 3) if style else rng.randint(1, 3)] + ([max(s, 2) for s in spatial] if style else spatial)
    kw = []
    if rng.random() < 0.5:
        outs = [rng.randint(1, 6) for _ in range(rank - 2)]
        kw.append(["size", str(outs[0]) if rng.random() < 0.3 else tup(outs)])
    else:
        sc = [rng.choice(SCALES) for _ in range(rank - 2)]
        if any(int(float(v) * n) < 1 for v, n in zip(sc, shape[2:])):
            sc = ["2.0"] * (rank - 2)
        kw.append(["scale_factor", sc[0] if rng.random() < 0.4 else tup(sc)])
        if recompute and rng.random() < 0.3:
            kw.append(["recompute_scale_factor", "True"])
    if modes is None or len(modes) > 1:
        kw.append(["mode", "'%s'" % mode])
    if corners and mode in ("linear", "bilinear", "bicubic", "trilinear") and rng.random() < 0.6:
        kw.append(["align_corners", rng.choice(["True", "False"])])
    return [T(shape, style)], kw


INTERP_CASES = [
    C("nearest_1d_up", [T([1, 2, 3])], [["size", "7"]]),
    C("nearest_1d_down", [T([1, 1, 7])], [["size", "3"]]),
    C("nearest_1d_scale", [T([2, 1, 3])], [["scale_factor", "2.5"]]),
    C("nearest_1d_scale_int", [T([1, 1, 3])], [["scale_factor", "2"]]),
    C("nearest_1d_scale_third", [T([1, 1, 5])], [["scale_factor", "0.34"]]),
    C("nearest_2d", [T([1, 2, 2, 3])], [["size", "(3, 5)"]]),
    C("nearest_2d_c1_double", [T([1, 1, 3, 3])], [["scale_factor", "2.1"]]),
    C("nearest_2d_c2_double", [T([1, 2, 3, 3])], [["scale_factor", "2.1"]]),
    C("nearest_2d_c1_same", [T([1, 1, 3, 3])], [["scale_factor", "1.2"]]),
    C("nearest_2d_c2_same", [T([1, 2, 3, 3])], [["scale_factor", "1.2"]]),
    C("nearest_3d", [T([1, 2, 2, 2, 3])], [["size", "(3, 1, 4)"]]),
    C("nearest_3d_c1", [T([1, 1, 2, 2, 2])], [["scale_factor", "(1.5, 2.0, 0.5)"]]),
    C("nearest_uint8", [T([1, 2, 3], ":uint8")], [["size", "5"]]),
    C("nearest_uint8_2d", [T([1, 1, 2, 2], ":uint8")], [["scale_factor", "1.5"]]),
    C("nearest_bfloat16", [T([1, 2, 3], ":bfloat16")], [["size", "4"]]),
    C("nearest_float64", [T([1, 2, 3], ":float64")], [["scale_factor", "1.7"]]),
    C("nearest_recompute", [T([1, 1, 3])], [["scale_factor", "1.7"], ["recompute_scale_factor", "True"]]),
    C("nearest_recompute_false", [T([1, 1, 3])], [["scale_factor", "1.7"], ["recompute_scale_factor", "False"]]),
    C("nearest_size_list", [T([1, 1, 2, 2])], [["size", "[3, 2]"]]),
    C("nearest_scale_list", [T([1, 1, 2, 2])], [["scale_factor", "[1.5, 2.0]"]]),
    C("nearest_scale_true", [T([1, 1, 3])], [["scale_factor", "True"]]),
    C("nearest_size_tensor", [T([1, 1, 3])], [["size", "torch.tensor(5)"]]),
    C("nearest_batch0", [T([0, 2, 3])], [["size", "4"]]),
    C("nearest_2d_batch0", [T([0, 2, 2, 2])], [["size", "3"]]),
    C("nearest_exact_1d", [T([1, 2, 3])], [["size", "7"], ["mode", "'nearest-exact'"]]),
    C("nearest_exact_down", [T([1, 1, 8])], [["size", "3"], ["mode", "'nearest-exact'"]]),
    C("nearest_exact_scale", [T([1, 1, 3])], [["scale_factor", "1.2"], ["mode", "'nearest-exact'"]]),
    C("nearest_exact_2d_c1", [T([1, 1, 3, 3])], [["scale_factor", "2.1"], ["mode", "'nearest-exact'"]]),
    C("nearest_exact_3d", [T([1, 2, 2, 2, 2])], [["size", "3"], ["mode", "'nearest-exact'"]]),
    C("nearest_exact_uint8", [T([1, 2, 4], ":uint8")], [["size", "3"], ["mode", "'nearest-exact'"]]),
    C("linear_up", [T([1, 2, 3])], [["size", "7"], ["mode", "'linear'"]]),
    C("linear_down", [T([1, 1, 7])], [["size", "3"], ["mode", "'linear'"]]),
    C("linear_same", [T([1, 1, 4])], [["size", "4"], ["mode", "'linear'"]]),
    C("linear_same_by_scale", [T([1, 1, 3])], [["scale_factor", "1.2"], ["mode", "'linear'"]]),
    C("linear_align", [T([1, 2, 3])], [["size", "5"], ["mode", "'linear'"], ["align_corners", "True"]]),
    C("linear_align_false", [T([1, 2, 3])], [["size", "5"], ["mode", "'linear'"], ["align_corners", "False"]]),
    C("linear_align_to_one", [T([1, 1, 3])], [["size", "1"], ["mode", "'linear'"], ["align_corners", "True"]]),
    C("linear_from_one", [T([1, 1, 1])], [["size", "3"], ["mode", "'linear'"]]),
    C("linear_scale", [T([2, 1, 4])], [["scale_factor", "1.5"], ["mode", "'linear'"]]),
    C("linear_scale_align", [T([1, 1, 4])], [["scale_factor", "2.5"], ["mode", "'linear'"], ["align_corners", "True"]]),
    C("linear_float64", [T([1, 2, 3], ":float64")], [["size", "8"], ["mode", "'linear'"]]),
    C("linear_bfloat16", [T([1, 2, 3], ":bfloat16")], [["size", "5"], ["mode", "'linear'"]]),
    C("bilinear", [T([1, 2, 2, 3])], [["size", "(4, 5)"], ["mode", "'bilinear'"]]),
    C("bilinear_c1", [T([1, 1, 3, 3])], [["size", "(4, 2)"], ["mode", "'bilinear'"]]),
    C("bilinear_align", [T([2, 1, 2, 2])], [["size", "3"], ["mode", "'bilinear'"], ["align_corners", "True"]]),
    C("bilinear_scale", [T([1, 2, 3, 2])], [["scale_factor", "(1.5, 2.5)"], ["mode", "'bilinear'"]]),
    C("bilinear_down", [T([1, 1, 5, 6])], [["scale_factor", "0.5"], ["mode", "'bilinear'"]]),
    C("bilinear_float64", [T([1, 2, 2, 2], ":float64")], [["size", "3"], ["mode", "'bilinear'"]]),
    C("bilinear_transposed", [T([1, 3, 2, 4], ".transpose")], [["size", "(3, 3)"], ["mode", "'bilinear'"]]),
    C("bilinear_expanded", [T([2, 2, 3, 3], ".expand")], [["size", "4"], ["mode", "'bilinear'"]]),
    C("bilinear_bfloat16", [T([1, 2, 2, 2], ":bfloat16")], [["size", "3"], ["mode", "'bilinear'"]]),
    C("bilinear_antialias_down", [T([1, 1, 4, 4])], [["size", "2"], ["mode", "'bilinear'"], ["antialias", "False"]]),
    C("trilinear", [T([1, 2, 2, 2, 3])], [["size", "(3, 3, 2)"], ["mode", "'trilinear'"]]),
    C("trilinear_c1_align", [T([1, 1, 2, 2, 2])], [["size", "3"], ["mode", "'trilinear'"], ["align_corners", "True"]]),
    C("trilinear_scale", [T([1, 2, 2, 1, 2])], [["scale_factor", "1.5"], ["mode", "'trilinear'"]]),
    C("bicubic", [T([1, 2, 3, 3])], [["size", "(4, 5)"], ["mode", "'bicubic'"]]),
    C("bicubic_align", [T([1, 1, 3, 4])], [["size", "5"], ["mode", "'bicubic'"], ["align_corners", "True"]]),
    C("bicubic_down", [T([1, 1, 5, 5])], [["size", "2"], ["mode", "'bicubic'"]]),
    C("bicubic_scale", [T([1, 2, 2, 3])], [["scale_factor", "1.2"], ["mode", "'bicubic'"]]),
    C("bicubic_same", [T([1, 1, 3, 3])], [["size", "3"], ["mode", "'bicubic'"]]),
    C("bicubic_float64", [T([1, 1, 2, 2], ":float64")], [["size", "3"], ["mode", "'bicubic'"]]),
    C("area_1d", [T([1, 2, 7])], [["size", "3"], ["mode", "'area'"]]),
    C("area_1d_up", [T([1, 1, 3])], [["size", "5"], ["mode", "'area'"]]),
    C("area_2d", [T([1, 2, 4, 5])], [["size", "(2, 3)"], ["mode", "'area'"]]),
    C("area_2d_scale", [T([1, 1, 4, 4])], [["scale_factor", "0.5"], ["mode", "'area'"]]),
    C("area_3d", [T([1, 1, 3, 4, 2])], [["size", "(2, 2, 1)"], ["mode", "'area'"]]),
    C("area_zero_size", [T([1, 2, 3, 3])], [["size", "0"], ["mode", "'area'"]]),
    C("area_scale_to_zero", [T([1, 2, 3])], [["scale_factor", "0.2"], ["mode", "'area'"]]),
    C("area_empty_channels", [T([1, 0, 3])], [["size", "4"], ["mode", "'area'"]]),
    C("area_float16_3d", [T([1, 1, 2, 2, 2], ":float16")], [["size", "1"], ["mode", "'area'"]]),
    C("area_bfloat16", [T([1, 1, 4], ":bfloat16")], [["size", "2"], ["mode", "'area'"]]),
    C("area_mean", [T([1, 2, 3, 4])], [["size", "1"], ["mode", "'area'"]]),
    C("area_mean_empty", [T([1, 2, 0])], [["size", "1"], ["mode", "'area'"]]),
    C("area_mean_float16", [T([1, 1, 2, 3], ":float16")], [["size", "(1, 1)"], ["mode", "'area'"]]),
    C("positional", [T([1, 1, 3]), "5", "None", "'linear'", "True"]),
    C("positional_scale", [T([1, 1, 3]), "None", "2.0"]),
    C("keywords", [], [["input", T([1, 1, 2])], ["size", "3"], ["mode", "'nearest'"]]),
    C("align_none_linear", [T([1, 1, 3])], [["size", "4"], ["mode", "'linear'"], ["align_corners", "None"]]),
]

INTERP_ERRORS = [
    C("err_no_size", [T([1, 1, 3])]),
    C("err_both", [T([1, 1, 3])], [["size", "2"], ["scale_factor", "2.0"]]),
    C("err_size_length", [T([1, 1, 3])], [["size", "(2, 3)"]]),
    C("err_size_list_length", [T([1, 1, 3, 3])], [["size", "[2]"]]),
    C("err_scale_length", [T([1, 1, 3])], [["scale_factor", "(2.0, 3.0)"]]),
    C("err_recompute_with_size", [T([1, 1, 3])], [["size", "2"], ["recompute_scale_factor", "True"]]),
    C("err_align_nearest", [T([1, 1, 3])], [["size", "2"], ["align_corners", "True"]]),
    C("err_align_area", [T([1, 1, 3])], [["size", "2"], ["mode", "'area'"], ["align_corners", "False"]]),
    C("err_mode", [T([1, 1, 3])], [["size", "2"], ["mode", "'foo'"]]),
    # PyTorch's adaptive pooling kernel reads a channels-last input with its own (error) name
    C("err_area_long_channels_last_1d", [T([1, 3, 2], ":int64.movedim(2, 1)")], [["size", "2"], ["mode", "'area'"]]),
    C("err_area_int_channels_last_2d", [T([1, 3, 2, 2], ":int32.movedim(3, 1)")], [["size", "1"], ["mode", "'area'"]]),
    C("err_area_int_contiguous_2d", [T([1, 2, 3, 3], ":int32")], [["size", "2"], ["mode", "'area'"]]),
    C("err_mode_int", [T([1, 1, 3])], [["size", "2"], ["mode", "3"]]),
    C("err_bilinear_3d", [T([1, 1, 3])], [["size", "2"], ["mode", "'bilinear'"]]),
    C("err_trilinear_3d", [T([1, 1, 3])], [["size", "2"], ["mode", "'trilinear'"]]),
    C("err_linear_4d", [T([1, 1, 3, 3])], [["size", "2"], ["mode", "'linear'"]]),
    C("err_trilinear_4d", [T([1, 1, 3, 3])], [["size", "2"], ["mode", "'trilinear'"]]),
    C("err_linear_5d", [T([1, 1, 2, 2, 2])], [["size", "2"], ["mode", "'linear'"]]),
    C("err_bilinear_5d", [T([1, 1, 2, 2, 2])], [["size", "2"], ["mode", "'bilinear'"]]),
    C("err_bicubic_5d", [T([1, 1, 2, 2, 2])], [["size", "2"], ["mode", "'bicubic'"]]),
    C("err_bicubic_3d", [T([1, 1, 3])], [["size", "2"], ["mode", "'bicubic'"]]),
    C("err_rank2", [T([2, 3])], [["size", "2"]]),
    C("err_rank6", [T([1, 1, 1, 1, 1, 2])], [["size", "2"]]),
    C("err_antialias_nearest", [T([1, 1, 3, 3])], [["size", "2"], ["antialias", "True"]]),
    C("err_antialias_linear", [T([1, 1, 3])], [["size", "2"], ["mode", "'linear'"], ["antialias", "True"]]),
    C("err_size_zero", [T([1, 1, 3])], [["size", "0"]]),
    C("err_size_negative", [T([1, 1, 3])], [["size", "-1"], ["mode", "'linear'"]]),
    C("err_size_zero_2d", [T([1, 1, 3, 4])], [["size", "(0, 2)"]]),
    C("err_size_zero_3d", [T([1, 1, 2, 3, 4])], [["size", "0"], ["mode", "'trilinear'"]]),
    C("err_scale_to_zero", [T([1, 1, 3])], [["scale_factor", "0.1"]]),
    C("err_scale_negative", [T([1, 1, 3])], [["scale_factor", "-2.0"]]),
    C("err_scale_to_zero_bicubic", [T([1, 1, 3, 4])], [["scale_factor", "0.2"], ["mode", "'bicubic'"]]),
    C("err_recompute_to_zero", [T([1, 1, 3])], [["scale_factor", "0.2"], ["recompute_scale_factor", "True"]]),
    C("err_empty_channels", [T([1, 0, 3])], [["size", "4"]]),
    C("err_empty_channels_2d", [T([1, 0, 3, 3])], [["size", "4"], ["mode", "'bicubic'"]]),
    C("err_empty_spatial", [T([1, 2, 0])], [["size", "4"], ["mode", "'linear'"]]),
    C("err_empty_spatial_2d", [T([1, 2, 0, 3])], [["size", "4"]]),
    C("err_area_empty", [T([1, 2, 0])], [["size", "4"], ["mode", "'area'"]]),
    C("err_area_empty_2d", [T([1, 2, 0, 3])], [["size", "4"], ["mode", "'area'"]]),
    C("err_area_empty_3d", [T([1, 2, 0, 3, 3])], [["size", "2"], ["mode", "'area'"]]),
    C("err_area_negative", [T([1, 2, 3])], [["size", "-1"], ["mode", "'area'"]]),
    C("err_linear_int", [T([1, 2, 3], ":int64")], [["size", "4"], ["mode", "'linear'"]]),
    C("err_bilinear_uint8", [T([1, 2, 3, 3], ":uint8")], [["size", "4"], ["mode", "'bilinear'"]]),
    C("err_bilinear_c1_int", [T([1, 1, 3, 3], ":int32")], [["size", "4"], ["mode", "'bilinear'"]]),
    C("err_trilinear_c1_bool", [T([1, 1, 2, 2, 2], ":bool")], [["size", "3"], ["mode", "'trilinear'"]]),
    C("err_trilinear_int", [T([1, 2, 2, 2, 2], ":int16")], [["size", "3"], ["mode", "'trilinear'"]]),
    C("err_bicubic_int", [T([1, 1, 2, 2], ":int8")], [["size", "3"], ["mode", "'bicubic'"]]),
    C("err_nearest_int", [T([1, 2, 3], ":int64")], [["size", "4"]]),
    C("err_nearest_2d_c1_int", [T([1, 1, 2, 2], ":int64")], [["size", "4"]]),
    C("err_nearest_3d_c1_bool", [T([1, 1, 2, 2, 2], ":bool")], [["size", "4"]]),
    C("err_nearest_exact_c1_int", [T([1, 1, 2, 2], ":int8")], [["size", "4"], ["mode", "'nearest-exact'"]]),
    C("err_area_int", [T([1, 2, 3], ":int32")], [["size", "2"], ["mode", "'area'"]]),
    C("err_area_mean_int", [T([1, 2, 3], ":int64")], [["size", "1"], ["mode", "'area'"]]),
    C("err_area_3d_uint8", [T([1, 2, 2, 2, 2], ":uint8")], [["size", "1"], ["mode", "'area'"]]),
    C("err_input_int", ["3"], [["size", "2"]]),
]

INTERPOLATE = _op(
    "torch.nn.functional.interpolate", ["torch.nn.functional.interpolate"],
    [[T([1, 2, 3])], [["size", "5"]]],
    cases=INTERP_CASES, errors=INTERP_ERRORS, random=random_interpolate, input_method="dim")

UPSAMPLE = _op(
    "torch.nn.functional.upsample", ["torch.nn.functional.upsample"],
    [[T([1, 2, 3])], [["size", "5"]]],
    cases=[C("linear", [T([1, 2, 3])], [["size", "5"], ["mode", "'linear'"]]),
           C("bilinear_align", [T([1, 1, 2, 2]), "3", "None", "'bilinear'", "True"]),
           C("bicubic", [T([1, 1, 2, 3])], [["scale_factor", "1.5"], ["mode", "'bicubic'"]]),
           C("area", [T([1, 1, 4])], [["size", "2"], ["mode", "'area'"]]),
           C("nearest_exact", [T([1, 1, 4])], [["size", "3"], ["mode", "'nearest-exact'"]])],
    errors=[C("err_no_size", [T([1, 1, 3])]), C("err_align_nearest", [T([1, 1, 3])], [["size", "2"], ["align_corners", "True"]]),
            C("err_recompute", [T([1, 1, 3])], [["size", "2"], ["recompute_scale_factor", "True"]]),
            C("err_bilinear_3d", [T([1, 1, 3])], [["size", "2"], ["mode", "'bilinear'"]]), C("err_input_int", ["3"], [["size", "2"]])],
    random=lambda rng: random_interpolate(rng, recompute=False), input_method="dim")

UPSAMPLE_NEAREST = _op(
    "torch.nn.functional.upsample_nearest", ["torch.nn.functional.upsample_nearest"],
    [[T([1, 2, 3])], [["scale_factor", "2"]]],
    cases=[C("size", [T([1, 1, 2, 3]), "(3, 4)"]), C("scale_2d", [T([1, 2, 2, 2])], [["scale_factor", "1.5"]]),
           C("3d", [T([1, 1, 2, 2, 2])], [["size", "3"]]), C("uint8", [T([1, 2, 3], ":uint8")], [["size", "4"]])],
    errors=[C("err_no_size", [T([1, 1, 3])]), C("err_mode", [T([1, 1, 3])], [["mode", "'linear'"]]),
            C("err_int", [T([1, 2, 3], ":int32")], [["size", "4"]]), C("err_input_int", ["3"], [["size", "2"]])],
    random=lambda rng: random_interpolate(rng, modes=["nearest"], corners=False, recompute=False), input_method="dim")

UPSAMPLE_BILINEAR = _op(
    "torch.nn.functional.upsample_bilinear", ["torch.nn.functional.upsample_bilinear"],
    [[T([1, 2, 2, 2])], [["size", "3"]]],
    cases=[C("scale", [T([1, 1, 2, 3])], [["scale_factor", "1.5"]]), C("size_tuple", [T([2, 1, 3, 3]), "(2, 5)"]),
           C("to_one", [T([1, 1, 3, 3])], [["size", "1"]])],
    errors=[C("err_3d", [T([1, 1, 3])], [["size", "2"]]), C("err_no_size", [T([1, 1, 3, 3])]),
            C("err_int", [T([1, 2, 3, 3], ":int64")], [["size", "4"]]), C("err_input_int", ["3"], [["size", "2"]])],
    random=lambda rng: random_interpolate(rng, modes=["bilinear"], corners=False, recompute=False), input_method="dim")


# --- grid_sample and affine_grid ---------------------------------------------------------------------


def random_grid_sample(rng):
    three = rng.random() < 0.25
    mode = rng.choice(["bilinear", "nearest"] + ([] if three else ["bicubic"]))
    n, c = rng.randint(1, 2), rng.randint(1, 2)
    spatial = [rng.randint(1, 4) for _ in range(3 if three else 2)]
    out = [rng.randint(1, 3) for _ in range(3 if three else 2)]
    style = rng.choice(["", "", ".transpose"]) if min(spatial) > 1 else ""
    dtype = rng.choice([":float32", ":float32", ":float64"])
    kw = [["mode", "'%s'" % mode], ["padding_mode", "'%s'" % rng.choice(["zeros", "border", "reflection"])]]
    if rng.random() < 0.8:
        kw.append(["align_corners", rng.choice(["True", "False"])])
    return [T([n, c] + spatial, dtype + style), "G[%s]%s" % (",".join(map(str, [n] + out + [3 if three else 2])), dtype)], kw


def gs(mode, padding, align="False", shape=(1, 2, 3, 4), out=(2, 3), dtype=""):
    dims = len(shape) - 2
    return [T(list(shape), dtype), "G[%s]%s" % (",".join(map(str, [shape[0]] + list(out) + [dims])), dtype)], \
        [["mode", "'%s'" % mode], ["padding_mode", "'%s'" % padding], ["align_corners", align]]


GS_CASES = [C("%s_%s_%s" % (m, p, a.lower()), *gs(m, p, a)) for m in ("bilinear", "nearest", "bicubic")
            for p in ("zeros", "border", "reflection") for a in ("False", "True")]
GS_CASES += [
    C("bilinear_3d", *gs("bilinear", "zeros", shape=(1, 1, 2, 3, 2), out=(2, 1, 2))),
    C("bilinear_3d_border", *gs("bilinear", "border", "True", shape=(1, 2, 2, 2, 2), out=(1, 2, 2))),
    C("nearest_3d_reflection", *gs("nearest", "reflection", shape=(1, 1, 3, 2, 2), out=(2, 2, 1))),
    C("float64", *gs("bilinear", "zeros", dtype=":float64")),
    C("bicubic_float64", *gs("bicubic", "border", dtype=":float64")),
    C("batch2", *gs("bilinear", "zeros", shape=(2, 1, 2, 3), out=(2, 2))),
    C("single_row", *gs("bilinear", "zeros", shape=(1, 1, 1, 4), out=(1, 3))),
    C("single_row_border", *gs("bilinear", "border", shape=(1, 1, 1, 4), out=(1, 3))),
    C("single_row_align", *gs("nearest", "zeros", "True", shape=(1, 1, 1, 4), out=(1, 3))),
    C("single_pixel", *gs("bicubic", "reflection", shape=(1, 1, 1, 1), out=(1, 2))),
    C("pixel_centres", [T([1, 1, 2, 2]), "torch.tensor([[[[-0.5, -0.5], [0.5, -0.5]], [[-0.5, 0.5], [0.5, 0.5]]]])"], [["align_corners", "False"]]),
    C("corners_align", [T([1, 1, 2, 3]), "torch.tensor([[[[-1.0, -1.0], [1.0, -1.0], [0.0, 0.0]]]])"], [["align_corners", "True"]]),
    C("outside", [T([1, 1, 2, 2]), "torch.tensor([[[[1.5, 0.0], [-3.0, 2.0]]]])"], [["align_corners", "False"]]),
    C("outside_reflection", [T([1, 1, 2, 3]), "torch.tensor([[[[1.7, -2.4], [-3.1, 0.6]]]])"], [["padding_mode", "'reflection'"], ["align_corners", "True"]]),
    C("nearest_ties", [T([1, 1, 2, 2]), "torch.tensor([[[[0.0, 0.0], [-0.5, 0.5]]]])"], [["mode", "'nearest'"], ["align_corners", "False"]]),
    C("default_align", [T([1, 1, 2, 2]), "torch.tensor([[[[0.25, -0.25]]]])"]),
    C("positional", [T([1, 1, 2, 2]), "torch.tensor([[[[0.25, -0.25]]]])", "'nearest'", "'border'", "True"]),
    C("keywords", [], [["input", T([1, 1, 2, 2])], ["grid", "torch.tensor([[[[0.1, 0.3]]]])"], ["align_corners", "False"]]),
    C("empty_grid", [T([1, 1, 2, 2]), "torch.zeros(1, 0, 2, 2)"], [["align_corners", "False"]]),
    C("empty_batch", [T([0, 1, 2, 2]), "torch.zeros(0, 1, 1, 2)"], [["align_corners", "False"]]),
    C("transposed", [T([1, 2, 3, 3], ".transpose"), "G[1,2,2,2]"], [["align_corners", "False"]]),
    C("expanded_grid", [T([2, 1, 2, 2]), "torch.tensor([[[[0.3, -0.6]]]]).expand(2, 1, 1, 2)"], [["align_corners", "True"]]),
    # Coordinates a fuzzer wrote (a bicubic -inf once converted to an integer: undefined): the
    # padding clips a NaN to 0 as PyTorch's vectorized clip does; huge ones clip or reflect.
    C("non_finite_border", [T([1, 1, 3, 4]), "torch.tensor([[[[float('nan'), 0.3], [float('-inf'), 0.3], [float('inf'), -0.2], [1e30, 0.5], [-1e30, 0.1]]]])"], [["padding_mode", "'border'"], ["align_corners", "False"]]),
    C("non_finite_nearest_reflection", [T([1, 1, 3, 4]), "torch.tensor([[[[float('nan'), 0.3], [float('-inf'), 0.3], [float('inf'), -0.2], [1e30, 0.5]]]])"], [["mode", "'nearest'"], ["padding_mode", "'reflection'"], ["align_corners", "False"]]),
    C("non_finite_bicubic_border", [T([1, 1, 3, 4]), "torch.tensor([[[[float('-inf'), 0.3], [1e30, 0.5], [-1e30, 0.1], [float('nan'), 0.2]]]])"], [["mode", "'bicubic'"], ["padding_mode", "'border'"], ["align_corners", "False"]]),
]
GS_ERRORS = [
    C("err_mode", [T([1, 1, 2, 2]), "G[1,1,1,2]"], [["mode", "'linear'"]]),
    C("err_padding", [T([1, 1, 2, 2]), "G[1,1,1,2]"], [["padding_mode", "'constant'"]]),
    C("err_grid_dtype", [T([1, 1, 2, 2]), "G[1,1,1,2]:float64"], [["align_corners", "False"]]),
    C("err_input_dtype", [T([1, 1, 2, 2], ":float64"), "G[1,1,1,2]"], [["align_corners", "False"]]),
    C("err_int", [T([1, 1, 2, 2], ":int64"), "G[1,1,1,2]"], [["align_corners", "False"]]),
    C("err_half", [T([1, 1, 2, 2], ":float16"), "G[1,1,1,2]:float16"], [["align_corners", "False"]]),
    C("err_3d_int", [T([1, 1, 2, 2, 2], ":int32"), "G[1,1,1,1,3]"], [["align_corners", "False"]]),
    C("err_last_dim", [T([1, 1, 2, 2]), "G[1,1,1,3]"], [["align_corners", "False"]]),
    C("err_batch", [T([1, 1, 2, 2]), "G[2,1,1,2]"], [["align_corners", "False"]]),
    C("err_grid_rank", [T([1, 1, 2, 2]), "G[1,1,2]"], [["align_corners", "False"]]),
    C("err_grid_rank_5d", [T([1, 1, 2, 2]), "G[1,1,1,1,2]"], [["align_corners", "False"]]),
    C("err_input_rank3", [T([1, 1, 3]), "G[1,2,1]"], [["align_corners", "False"]]),
    C("err_empty_spatial", [T([1, 1, 0, 2]), "G[1,1,1,2]"], [["align_corners", "False"]]),
    C("err_bicubic_3d", [T([1, 1, 2, 2, 2]), "G[1,1,1,1,3]"], [["mode", "'bicubic'"], ["align_corners", "False"]]),
    C("err_align_int", [T([1, 1, 2, 2]), "G[1,1,1,2]"], [["align_corners", "1"]]),
    C("err_grid_int", [T([1, 1, 2, 2]), "3"], [["align_corners", "False"]]),
    C("err_input_int", ["3", "G[1,1,1,2]"], [["align_corners", "False"]]),
]

GRID_SAMPLE = _op(
    "torch.nn.functional.grid_sample", ["torch.nn.functional.grid_sample"],
    [[T([1, 2, 2, 3]), "G[1,2,2,2]:float32"], [["align_corners", "False"]]],
    cases=GS_CASES, errors=GS_ERRORS, random=random_grid_sample, index=[1, "grid"])


def theta_code(rng, rows, n, dtype=""):
    return T([n, rows, rows + 1], dtype)


def random_affine_grid(rng):
    three = rng.random() < 0.3
    n = rng.randint(1, 2)
    size = [n, rng.randint(1, 3)] + [rng.randint(1, 4) for _ in range(3 if three else 2)]
    kw = [["align_corners", rng.choice(["True", "False"])]] if rng.random() < 0.8 else []
    return [T([n, 3 if three else 2, 4 if three else 3], rng.choice([":float32", ":float64"])), rng.choice([tup(size), str(size)])], kw


AFFINE_GRID = _op(
    "torch.nn.functional.affine_grid", ["torch.nn.functional.affine_grid"],
    [[T([1, 2, 3]), "(1, 1, 2, 3)"], [["align_corners", "False"]]],
    cases=[
        C("align", [T([1, 2, 3]), "(1, 1, 3, 3)"], [["align_corners", "True"]]),
        C("odd_sizes", [T([2, 2, 3]), "[2, 3, 3, 5]"], [["align_corners", "False"]]),
        C("identity", ["torch.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])", "(1, 1, 2, 2)"], [["align_corners", "False"]]),
        C("unit_width_align", [T([1, 2, 3]), "(1, 1, 3, 1)"], [["align_corners", "True"]]),
        C("unit_width", [T([1, 2, 3]), "(1, 1, 2, 1)"], [["align_corners", "False"]]),
        C("3d", [T([1, 3, 4]), "(1, 1, 2, 2, 3)"], [["align_corners", "False"]]),
        C("3d_align", [T([1, 3, 4], ":float64"), "(1, 2, 2, 1, 2)"], [["align_corners", "True"]]),
        C("default_align", [T([1, 2, 3]), "(1, 1, 2, 2)"]),
        C("positional", [T([1, 2, 3]), "(1, 1, 2, 2)", "True"]),
        C("keywords", [], [["theta", T([1, 2, 3])], ["size", "[1, 1, 2, 2]"], ["align_corners", "False"]]),
        C("float64", [T([1, 2, 3], ":float64"), "(1, 1, 2, 4)"], [["align_corners", "False"]]),
        C("transposed", [T([1, 3, 2], ".transpose"), "(1, 1, 2, 2)"], [["align_corners", "True"]]),
        C("expanded", [T([2, 2, 3], ".expand"), "(2, 1, 2, 2)"], [["align_corners", "True"]]),
        C("size_tensor", [T([1, 2, 3]), "(1, 1, torch.tensor(2), 2)"], [["align_corners", "True"]]),
    ],
    errors=[
        C("err_int_theta", [T([1, 2, 3], ":int64"), "(1, 1, 2, 3)"], [["align_corners", "False"]]),
        C("err_theta_shape", [T([2, 3]), "(1, 1, 2, 3)"], [["align_corners", "False"]]),
        C("err_theta_3d_shape", [T([1, 2, 3]), "(1, 1, 2, 3, 4)"], [["align_corners", "False"]]),
        C("err_size_length", [T([1, 2, 3]), "(1, 1, 2)"], [["align_corners", "False"]]),
        C("err_size_zero", [T([1, 2, 3]), "(1, 1, 0, 3)"], [["align_corners", "False"]]),
        C("err_size_negative", [T([1, 2, 3]), "[-1, 1, 2, 3]"], [["align_corners", "False"]]),
        C("err_batch", [T([1, 2, 3]), "(2, 1, 2, 3)"], [["align_corners", "False"]]),
        C("err_size_float", [T([1, 2, 3]), "(1, 1, 2, 3.0)"], [["align_corners", "False"]]),
        C("err_size_int", [T([1, 2, 3]), "3"], [["align_corners", "False"]]),
        C("err_theta_int", ["3", "(1, 1, 2, 3)"], [["align_corners", "False"]]),
    ],
    random=random_affine_grid, input_method="is_floating_point")

OPS = [PAD, SHUFFLE, UNSHUFFLE, INTERPOLATE, UPSAMPLE, UPSAMPLE_NEAREST, UPSAMPLE_BILINEAR, GRID_SAMPLE, AFFINE_GRID]
