"""torch.optim for Whence's programs: PyTorch 1.13's Optimizer (param_groups as a list of dicts,
state as a dict keyed by the parameter tensor, zero_grad, add_param_group, state_dict, repr), SGD,
Adam and AdamW, in the Python subset that Whence's interpreter runs (core/program/README.md).
Each step is 1.13's default single-tensor path (foreach defaults to None, which 1.13 reads as
False) with the same ops in the same order and the same Python floats (Adam's step counter a
float32 tensor read back with .item(), the bias corrections Python floats), so that a training
loop's parameters are PyTorch's bit for bit. step() updates under torch.no_grad(), a closure runs
under torch.enable_grad(), as PyTorch's.

Whence embeds this file and runs it the first time a program names torch.optim; its globals are
torch, F, math and Parameter, and every top-level name is torch.optim.NAME. CPython checks it
against PyTorch: /usr/bin/python3 tests/live/check_prelude.py

Left out: load_state_dict, lr_scheduler, the other optimizers, PyTorch's warning for a group with
a parameter twice; foreach=True runs the single-tensor path (the same arithmetic; PyTorch's
foreach SGD with nesterov also adds the momentum into p.grad in place); differentiable=True is
refused.
"""


class _RequiredParameter:
    """The default of a hyperparameter every group must give (SGD's lr)."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


def _typename(o):
    """torch.typename: a tensor's type() ('torch.FloatTensor'), else its class's name."""
    if isinstance(o, torch.Tensor):
        names = {'torch.float32': 'torch.FloatTensor', 'torch.float64': 'torch.DoubleTensor',
                 'torch.float16': 'torch.HalfTensor', 'torch.bfloat16': 'torch.BFloat16Tensor',
                 'torch.int64': 'torch.LongTensor', 'torch.int32': 'torch.IntTensor',
                 'torch.int16': 'torch.ShortTensor', 'torch.int8': 'torch.CharTensor',
                 'torch.uint8': 'torch.ByteTensor', 'torch.bool': 'torch.BoolTensor'}
        return names.get(str(o.dtype), 'torch.Tensor')
    return type(o).__name__


class Optimizer:
    """Base class for all optimizers (torch.optim.Optimizer)."""

    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, torch.Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, "
                            "but got " + _typename(params))
        # a dict per parameter, keyed by the tensor object (PyTorch's defaultdict(dict))
        self.state = {}
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{'params': param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def __repr__(self):
        format_string = type(self).__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            format_string += '\n'
            format_string += f'Parameter Group {i}\n'
            for key in sorted(group.keys()):
                if key != 'params':
                    format_string += f'    {key}: {group[key]}\n'
        format_string += ')'
        return format_string

    def _state_of(self, p):
        # PyTorch's self.state[p] on its defaultdict: reading makes the entry
        if p not in self.state:
            self.state[p] = {}
        return self.state[p]

    def state_dict(self):
        """{'state': {index: ...}, 'param_groups': [...]}: parameters by their order index."""
        param_mappings = {}
        start_index = 0
        param_groups = []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != 'params'}
            index = start_index
            for p in group['params']:
                if p not in param_mappings:
                    param_mappings[p] = index
                index += 1
            packed['params'] = [param_mappings[p] for p in group['params']]
            start_index += len(packed['params'])
            param_groups.append(packed)
        packed_state = {}
        for k, v in self.state.items():
            packed_state[param_mappings[k] if isinstance(k, torch.Tensor) else k] = v
        return {'state': packed_state, 'param_groups': param_groups}

    def zero_grad(self, set_to_none=False):
        """Zeroes every parameter's .grad (1.13's default), or sets it to None."""
        for group in self.param_groups:
            for p in group['params']:
                if p.grad is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        if p.grad.grad_fn is not None:
                            p.grad.detach_()
                        else:
                            p.grad.requires_grad_(False)
                        p.grad.zero_()

    def step(self, closure=None):
        raise NotImplementedError()

    def add_param_group(self, param_group):
        """Adds a group: its params as a list, every default it does not set."""
        assert isinstance(param_group, dict), "param group must be a dict"
        params = param_group['params']
        if isinstance(params, torch.Tensor):
            param_group['params'] = [params]
        else:
            param_group['params'] = list(params)
        for param in param_group['params']:
            if not isinstance(param, torch.Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is " + _typename(param))
            if not self.defaults.get('differentiable', None) and not (param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError("parameter group didn't specify a value of required optimization parameter " +
                                 name)
            else:
                param_group.setdefault(name, default)
        param_set = {}
        for group in self.param_groups:
            for p in group['params']:
                param_set[p] = True
        for p in param_group['params']:
            if p in param_set:
                raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)


# --- SGD ----------------------------------------------------------------------------------------

def _single_tensor_sgd(params, d_p_list, momentum_buffer_list, weight_decay, momentum, lr, dampening,
                       nesterov, maximize):
    # gives the momentum buffers (lists are values here: the caller stores what comes back)
    for i in range(len(params)):
        param = params[i]
        d_p = d_p_list[i] if not maximize else -d_p_list[i]
        if weight_decay != 0:
            d_p = d_p.add(param, alpha=weight_decay)
        if momentum != 0:
            buf = momentum_buffer_list[i]
            if buf is None:
                buf = torch.clone(d_p).detach()
                momentum_buffer_list[i] = buf
            else:
                buf.mul_(momentum).add_(d_p, alpha=1 - dampening)
            if nesterov:
                d_p = d_p.add(buf, alpha=momentum)
            else:
                d_p = buf
        param.add_(d_p, alpha=-lr)
    return momentum_buffer_list


class SGD(Optimizer):
    """Stochastic gradient descent, with momentum, dampening, Nesterov momentum, weight decay."""

    def __init__(self, params, lr=required, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False):
        if lr is not required and lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {'lr': lr, 'momentum': momentum, 'dampening': dampening, 'weight_decay': weight_decay,
                    'nesterov': nesterov, 'maximize': maximize, 'foreach': foreach,
                    'differentiable': differentiable}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    def step(self, closure=None):
        if self.defaults['differentiable']:
            raise NotImplementedError("differentiable=True is not supported by Whence yet")
        loss = None
        with torch.no_grad():
            if closure is not None:
                with torch.enable_grad():
                    loss = closure()
            for group in self.param_groups:
                params_with_grad = []
                d_p_list = []
                momentum_buffer_list = []
                for p in group['params']:
                    if p.grad is not None:
                        params_with_grad.append(p)
                        d_p_list.append(p.grad)
                        state = self._state_of(p)
                        if 'momentum_buffer' not in state:
                            momentum_buffer_list.append(None)
                        else:
                            momentum_buffer_list.append(state['momentum_buffer'])
                momentum_buffer_list = _single_tensor_sgd(
                    params_with_grad, d_p_list, momentum_buffer_list, group['weight_decay'], group['momentum'],
                    group['lr'], group['dampening'], group['nesterov'], group['maximize'])
                for p, momentum_buffer in zip(params_with_grad, momentum_buffer_list):
                    state = self._state_of(p)
                    state['momentum_buffer'] = momentum_buffer
        return loss


# --- Adam, AdamW --------------------------------------------------------------------------------

def _adam_update(param, grad, exp_avg, exp_avg_sq, max_exp_avg_sq, step_t, amsgrad, beta1, beta2, lr, eps):
    # the moments, the bias corrections as Python floats from the float32 step counter, the update
    exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
    exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    step = step_t.item()
    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step
    step_size = lr / bias_correction1
    bias_correction2_sqrt = math.sqrt(bias_correction2)
    if amsgrad:
        # PyTorch: torch.maximum(max_exp_avg_sq, exp_avg_sq, out=max_exp_avg_sq)
        max_exp_avg_sq.copy_(torch.maximum(max_exp_avg_sq, exp_avg_sq))
        denom = (max_exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
    else:
        denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
    param.addcdiv_(exp_avg, denom, value=-step_size)


class Adam(Optimizer):
    """Adam (Kingma and Ba), with amsgrad, L2 weight decay added to the gradient, maximize."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=False):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {'lr': lr, 'betas': betas, 'eps': eps, 'weight_decay': weight_decay, 'amsgrad': amsgrad,
                    'maximize': maximize, 'foreach': foreach, 'capturable': capturable,
                    'differentiable': differentiable, 'fused': fused}
        super().__init__(params, defaults)
        if fused:
            if differentiable:
                raise RuntimeError("`fused` cannot be `differentiable`")
            # a CPU program's parameters are never CUDA tensors
            raise RuntimeError("FusedAdam requires all the params to be CUDA, floating point")

    def step(self, closure=None):
        if self.defaults['differentiable']:
            raise NotImplementedError("differentiable=True is not supported by Whence yet")
        loss = None
        with torch.no_grad():
            if closure is not None:
                with torch.enable_grad():
                    loss = closure()
            for group in self.param_groups:
                beta1, beta2 = group['betas']
                params_with_grad = []
                states = []
                for p in group['params']:
                    if p.grad is not None:
                        params_with_grad.append(p)
                        state = self._state_of(p)
                        if len(state) == 0:
                            if self.defaults['capturable'] or self.defaults['fused']:
                                state['step'] = torch.zeros((1,), dtype=torch.float)
                            else:
                                state['step'] = torch.tensor(0.)
                            state['exp_avg'] = torch.zeros_like(p)
                            state['exp_avg_sq'] = torch.zeros_like(p)
                            if group['amsgrad']:
                                state['max_exp_avg_sq'] = torch.zeros_like(p)
                        states.append(state)
                for i in range(len(params_with_grad)):
                    param = params_with_grad[i]
                    state = states[i]
                    grad = param.grad if not group['maximize'] else -param.grad
                    step_t = state['step']
                    # a CPU program's tensors are never CUDA tensors
                    assert not group['capturable'], "If capturable=True, params and state_steps must be CUDA tensors."
                    step_t += 1
                    if group['weight_decay'] != 0:
                        grad = grad.add(param, alpha=group['weight_decay'])
                    _adam_update(param, grad, state['exp_avg'], state['exp_avg_sq'],
                                 state['max_exp_avg_sq'] if group['amsgrad'] else None, step_t, group['amsgrad'],
                                 beta1, beta2, group['lr'], group['eps'])
        return loss


class AdamW(Optimizer):
    """AdamW (Loshchilov and Hutter): Adam with the weight decay applied to the parameter."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False):
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {'lr': lr, 'betas': betas, 'eps': eps, 'weight_decay': weight_decay, 'amsgrad': amsgrad,
                    'foreach': foreach, 'maximize': maximize, 'capturable': capturable}
        super().__init__(params, defaults)

    def step(self, closure=None):
        loss = None
        with torch.no_grad():
            if closure is not None:
                with torch.enable_grad():
                    loss = closure()
            for group in self.param_groups:
                amsgrad = group['amsgrad']
                beta1, beta2 = group['betas']
                params_with_grad = []
                states = []
                for p in group['params']:
                    if p.grad is None:
                        continue
                    params_with_grad.append(p)
                    state = self._state_of(p)
                    if len(state) == 0:
                        if self.defaults['capturable']:
                            state['step'] = torch.zeros((1,), dtype=torch.float)
                        else:
                            state['step'] = torch.tensor(0.)
                        state['exp_avg'] = torch.zeros_like(p)
                        state['exp_avg_sq'] = torch.zeros_like(p)
                        if amsgrad:
                            state['max_exp_avg_sq'] = torch.zeros_like(p)
                    states.append(state)
                for i in range(len(params_with_grad)):
                    param = params_with_grad[i]
                    state = states[i]
                    grad = param.grad if not group['maximize'] else -param.grad
                    step_t = state['step']
                    # a CPU program's tensors are never CUDA tensors
                    assert not group['capturable'], "If capturable=True, params and state_steps must be CUDA tensors."
                    step_t += 1
                    param.mul_(1 - group['lr'] * group['weight_decay'])
                    _adam_update(param, grad, state['exp_avg'], state['exp_avg_sq'],
                                 state['max_exp_avg_sq'] if amsgrad else None, step_t, amsgrad, beta1, beta2,
                                 group['lr'], group['eps'])
        return loss
