"""torch.nn.functional's functions that PyTorch 1.13 writes in Python over its ops and that
Whence's catalogue does not hold as ops: the same code path, in the Python subset Whence's
interpreter runs (core/program/README.md), so that the draws, values and grad_fn are PyTorch's.

Whence embeds this file and runs it the first time a program calls one of its functions (any
other torch.nn.functional name is the catalogue's op); its globals are torch, F, math and
Parameter. CPython checks it against PyTorch: /usr/bin/python3 tests/live/check_prelude.py

Left out: PyTorch's warnings (dropout2d of a 3-D input, dropout2d/3d of other ranks), and the
input that dropout1d/3d(inplace=True) leave unsqueezed when they fail on an unbatched input.
"""


def _feature_dropout(input, p, training, inplace, batched):
    """ATen's _dropout_impl with feature_dropout: one mask draw per channel (per sample and channel
    when batched) broadcast over the rest, input * noise. An unbatched input is one sample: PyTorch
    unsqueezes it, which gives the same draws as a noise of one dim less."""
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        zero = torch.zeros((), dtype=input.dtype)
        return input.mul_(zero) if inplace else input * zero
    kept = 2 if batched else 1
    if input.dim() + 2 - kept < 2:
        raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
    noise = torch.empty(list(input.shape)[:kept] + [1] * (input.dim() - kept), dtype=input.dtype)
    noise.bernoulli_(1 - p)
    noise.div_(1 - p)
    return input.mul_(noise) if inplace else input * noise


def _check_probability(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def dropout1d(input, p=0.5, training=True, inplace=False):
    _check_probability(p)
    inp_dim = input.dim()
    if inp_dim not in (2, 3):
        raise RuntimeError(f"dropout1d: Expected 2D or 3D input, but received a {inp_dim}D input. "
                           "Note that dropout1d exists to provide channel-wise dropout on inputs with 1 "
                           "spatial dimension, a channel dimension, and an optional batch dimension "
                           "(i.e. 2D or 3D inputs).")
    is_batched = inp_dim == 3
    if inplace or is_batched:
        return _feature_dropout(input, p, training, inplace, is_batched)
    return _feature_dropout(input.unsqueeze(0), p, training, False, True).squeeze(0)


def dropout2d(input, p=0.5, training=True, inplace=False):
    # A 3-D input is (N, C, L) here, as in PyTorch 1.13 (which warns that this will change).
    _check_probability(p)
    return _feature_dropout(input, p, training, inplace, True)


def dropout3d(input, p=0.5, training=True, inplace=False):
    _check_probability(p)
    is_batched = input.dim() == 5
    if inplace or is_batched:
        return _feature_dropout(input, p, training, inplace, is_batched)
    return _feature_dropout(input.unsqueeze(0), p, training, False, True).squeeze(0)
