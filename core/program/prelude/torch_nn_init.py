"""torch.nn.init for Whence's programs: PyTorch 1.13's initialisers, in the Python subset that
Whence's interpreter runs (core/program/README.md), drawing the same numbers in the same order
(each one fills its tensor through tensor.uniform_ / normal_ under no_grad, as PyTorch's do).

Whence embeds this file and runs it the first time a program names torch.nn.init; its globals
are torch, F, math and Parameter, and every top-level name is torch.nn.init.NAME. CPython checks
it against PyTorch: /usr/bin/python3 tests/live/check_prelude.py

Left out: orthogonal_ and sparse_, the deprecated names without the trailing underscore, and
PyTorch's warnings (trunc_normal_'s mean far outside [a, b], a zero-element tensor in kaiming_*).
"""


def calculate_gain(nonlinearity, param=None):
    """The recommended gain for a nonlinearity (its torch.nn.functional name)."""
    linear_fns = ['linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d',
                  'conv_transpose3d']
    if nonlinearity in linear_fns or nonlinearity == 'sigmoid':
        return 1
    elif nonlinearity == 'tanh':
        return 5.0 / 3
    elif nonlinearity == 'relu':
        return math.sqrt(2.0)
    elif nonlinearity == 'leaky_relu':
        if param is None:
            negative_slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, int) or isinstance(param, float):
            negative_slope = param
        else:
            raise ValueError(f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + negative_slope ** 2))
    elif nonlinearity == 'selu':
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def uniform_(tensor, a=0., b=1.):
    """Fills tensor from U(a, b)."""
    with torch.no_grad():
        tensor.uniform_(a, b)
    return tensor


def normal_(tensor, mean=0., std=1.):
    """Fills tensor from N(mean, std^2)."""
    with torch.no_grad():
        tensor.normal_(mean, std)
    return tensor


def _norm_cdf(x):
    return (1. + math.erf(x / math.sqrt(2.))) / 2.


def trunc_normal_(tensor, mean=0., std=1., a=-2., b=2.):
    """Fills tensor from N(mean, std^2) truncated to [a, b], by inverting the CDF of a uniform
    draw (PyTorch's method, op for op)."""
    with torch.no_grad():
        l = _norm_cdf((a - mean) / std)
        u = _norm_cdf((b - mean) / std)
        tensor.uniform_(2 * l - 1, 2 * u - 1)
        tensor.erfinv_()
        tensor.mul_(std * math.sqrt(2.))
        tensor.add_(mean)
        tensor.clamp_(min=a, max=b)
    return tensor


def constant_(tensor, val):
    """Fills tensor with val."""
    with torch.no_grad():
        tensor.fill_(val)
    return tensor


def ones_(tensor):
    """Fills tensor with 1."""
    with torch.no_grad():
        tensor.fill_(1.)
    return tensor


def zeros_(tensor):
    """Fills tensor with 0."""
    with torch.no_grad():
        tensor.zero_()
    return tensor


def eye_(tensor):
    """Fills a 2-dimensional tensor with the identity matrix."""
    if tensor.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    # PyTorch writes torch.eye(rows, cols, out=tensor); the copy gives the same 0s and 1s
    with torch.no_grad():
        tensor.copy_(torch.eye(tensor.shape[0], tensor.shape[1]))
    return tensor


def dirac_(tensor, groups=1):
    """Fills a 3, 4 or 5-dimensional tensor with the Dirac delta (identity convolutions)."""
    dimensions = tensor.dim()
    if dimensions not in [3, 4, 5]:
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    sizes = tensor.size()
    if sizes[0] % groups != 0:
        raise ValueError('dim 0 must be divisible by groups')
    out_chans_per_grp = sizes[0] // groups
    min_dim = min(out_chans_per_grp, sizes[1])
    with torch.no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min_dim):
                if dimensions == 3:
                    tensor[g * out_chans_per_grp + d, d, tensor.size(2) // 2] = 1
                elif dimensions == 4:
                    tensor[g * out_chans_per_grp + d, d, tensor.size(2) // 2, tensor.size(3) // 2] = 1
                else:
                    tensor[g * out_chans_per_grp + d, d, tensor.size(2) // 2, tensor.size(3) // 2,
                           tensor.size(4) // 2] = 1
    return tensor


def _calculate_fan_in_and_fan_out(tensor):
    dimensions = tensor.dim()
    if dimensions < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
    num_input_fmaps = tensor.size(1)
    num_output_fmaps = tensor.size(0)
    receptive_field_size = 1
    if tensor.dim() > 2:
        for s in tensor.shape[2:]:
            receptive_field_size *= s
    fan_in = num_input_fmaps * receptive_field_size
    fan_out = num_output_fmaps * receptive_field_size
    return fan_in, fan_out


def xavier_uniform_(tensor, gain=1.):
    """Glorot initialisation, uniform: U(-a, a), a = gain * sqrt(6 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return uniform_(tensor, -a, a)


def xavier_normal_(tensor, gain=1.):
    """Glorot initialisation, normal: N(0, std^2), std = gain * sqrt(2 / (fan_in + fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0., std)


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    valid_modes = ['fan_in', 'fan_out']
    if mode not in valid_modes:
        raise ValueError(f"Mode {mode} not supported, please use one of {valid_modes}")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == 'fan_in' else fan_out


def kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu'):
    """He initialisation, uniform: U(-bound, bound), bound = gain * sqrt(3 / fan_mode)."""
    if 0 in tensor.shape:
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    gain = calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    bound = math.sqrt(3.0) * std
    with torch.no_grad():
        tensor.uniform_(-bound, bound)
    return tensor


def kaiming_normal_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu'):
    """He initialisation, normal: N(0, std^2), std = gain / sqrt(fan_mode)."""
    if 0 in tensor.shape:
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    gain = calculate_gain(nonlinearity, a)
    std = gain / math.sqrt(fan)
    with torch.no_grad():
        tensor.normal_(0, std)
    return tensor
