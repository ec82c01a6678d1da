"""torch.nn for Whence's programs: PyTorch 1.13's Module (its registries _parameters, _buffers
and _modules, __setattr__ / __getattr__ as PyTorch's, the traversals, state_dict and
load_state_dict, train / eval, zero_grad, repr), the containers, the layers and the losses, in
the Python subset that Whence's interpreter runs (core/program/README.md). Each layer draws its
initial values as PyTorch's does (the same torch.nn.init calls in the same order) and computes
its forward pass through torch / F, never re-deriving the math; errors carry PyTorch's types and
messages.

Whence embeds this file and runs it the first time a program names torch.nn; its globals are
torch, F, math, Parameter and init (torch_nn_init.py), and every top-level name is torch.nn.NAME.
CPython checks it against PyTorch: /usr/bin/python3 tests/live/check_prelude.py

Where the subset differs from PyTorch's Python: methods PyTorch writes as generators
(parameters(), children(), modules(), named_*) give lists; state_dict() is a dict (PyTorch's an
OrderedDict, which prints otherwise); ModuleDict's keys() / values() / items() are lists; sets
are dicts (keys compared by identity for tensors and modules, as Python's sets hash them);
warnings are not raised. Left out: hooks other than forward (pre-)hooks, buffers' and
parameters' .data replaced in place by to() / double() (they are replaced by new tensors),
Embedding.from_pretrained (a classmethod), lazy modules, 3d layers.
"""


def _addindent(s_, num_spaces):
    s = s_.split('\n')
    if len(s) == 1:
        return s_
    first = s.pop(0)
    s = [(num_spaces * ' ') + line for line in s]
    return first + '\n' + '\n'.join(s)


def _ntuple(x, n):
    # torch.nn.modules.utils._ntuple: an iterable as a tuple, else x repeated n times
    if isinstance(x, (list, tuple)):
        return tuple(x)
    out = []
    for _ in range(n):
        out.append(x)
    return tuple(out)


def _single(x):
    return _ntuple(x, 1)


def _pair(x):
    return _ntuple(x, 2)


def _reverse_repeat_tuple(t, n):
    out = []
    for x in reversed(t):
        for _ in range(n):
            out.append(x)
    return tuple(out)


def _all_equal(t, v):
    # PyTorch writes `t != (v,) * len(t)`; a str padding ('same') is never all zeros
    if isinstance(t, str):
        return False
    for x in t:
        if x != v:
            return False
    return True


_TENSOR_TYPES = [(torch.float32, 'torch.FloatTensor'), (torch.float64, 'torch.DoubleTensor'),
                 (torch.float16, 'torch.HalfTensor'), (torch.bfloat16, 'torch.BFloat16Tensor'),
                 (torch.int64, 'torch.LongTensor'), (torch.int32, 'torch.IntTensor'),
                 (torch.int16, 'torch.ShortTensor'), (torch.int8, 'torch.CharTensor'),
                 (torch.uint8, 'torch.ByteTensor'), (torch.bool, 'torch.BoolTensor')]


def _typename(o):
    """torch.typename: a tensor's type() ('torch.FloatTensor'); a torch.nn class or its instance
    by its module's path ('torch.nn.modules.activation.ReLU'), a program's by '__main__.'; else
    the builtin type's name ('int')."""
    if isinstance(o, torch.Tensor):
        for dtype, name in _TENSOR_TYPES:
            if o.dtype == dtype:
                return name
    if type(o).__name__ == 'type':
        cls = o
        if o in (int, float, str, bool, list, tuple, dict, object):
            return o.__name__
    else:
        cls = type(o)
        if o is None or isinstance(o, (bool, int, float, str, list, tuple, dict)):
            return type(o).__name__
    entry = _CLASS_PATHS.get(cls.__name__)
    if entry is not None and entry[0] is cls:
        return entry[1] + '.' + cls.__name__
    return '__main__.' + cls.__name__


def _index(idx):
    """operator.index: an int, else Python's TypeError."""
    if isinstance(idx, int):
        return int(idx)
    raise TypeError(f"'{type(idx).__name__}' object cannot be interpreted as an integer")


def _is_slice(idx):
    return type(idx).__name__ == 'slice'


def _is_iterable(x):
    return isinstance(x, (list, tuple, dict, str)) or hasattr(x, '__iter__')


def _legacy_get_string(size_average, reduce):
    # torch.nn._reduction.legacy_get_string, without its deprecation warning
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        return 'mean'
    elif reduce:
        return 'sum'
    return 'none'


# hook handles' ids, counted over the whole program as PyTorch's RemovableHandle.next_id
_hook_ids = {'next': 0}


class _RemovableHandle:
    """What register_forward_hook / register_forward_pre_hook give: remove() unregisters."""

    def __init__(self, hooks_dict):
        self.hooks_dict_ref = hooks_dict
        self.id = _hook_ids['next']
        _hook_ids['next'] += 1

    def remove(self):
        if self.id in self.hooks_dict_ref:
            self.hooks_dict_ref.pop(self.id)


class _IncompatibleKeys:
    """load_state_dict's answer: missing_keys and unexpected_keys (a namedtuple in PyTorch)."""

    def __init__(self, missing_keys, unexpected_keys):
        self.missing_keys = missing_keys
        self.unexpected_keys = unexpected_keys

    def __getitem__(self, idx):
        return [self.missing_keys, self.unexpected_keys][idx]

    def __len__(self):
        return 2

    def __iter__(self):
        return [self.missing_keys, self.unexpected_keys]

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return f'_IncompatibleKeys(missing_keys={self.missing_keys!r}, unexpected_keys={self.unexpected_keys!r})'

    def __str__(self):
        return self.__repr__()


# --- Module -------------------------------------------------------------------------------------

class Module:
    """Base class for all neural network modules (torch.nn.Module)."""
    _version = 1

    def __init__(self):
        # object.__setattr__ as PyTorch's super().__setattr__: these are no parameters
        object.__setattr__(self, 'training', True)
        object.__setattr__(self, '_parameters', {})
        object.__setattr__(self, '_buffers', {})
        object.__setattr__(self, '_non_persistent_buffers_set', {})
        object.__setattr__(self, '_forward_hooks', {})
        object.__setattr__(self, '_forward_pre_hooks', {})
        object.__setattr__(self, '_modules', {})

    def forward(self, *input):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def __call__(self, *input, **kwargs):
        for hook in list(self._forward_pre_hooks.values()):
            result = hook(self, input)
            if result is not None:
                if not isinstance(result, tuple):
                    result = (result,)
                input = result
        result = self.forward(*input, **kwargs)
        for hook in list(self._forward_hooks.values()):
            hook_result = hook(self, input, result)
            if hook_result is not None:
                result = hook_result
        return result

    def register_forward_pre_hook(self, hook):
        handle = _RemovableHandle(self._forward_pre_hooks)
        self._forward_pre_hooks[handle.id] = hook
        return handle

    def register_forward_hook(self, hook):
        handle = _RemovableHandle(self._forward_hooks)
        self._forward_hooks[handle.id] = hook
        return handle

    def register_buffer(self, name, tensor, persistent=True):
        if '_buffers' not in self.__dict__:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        elif not isinstance(name, str):
            raise TypeError(f"buffer name should be a string. Got {_typename(name)}")
        elif '.' in name:
            raise KeyError("buffer name can't contain \".\"")
        elif name == '':
            raise KeyError("buffer name can't be empty string \"\"")
        elif hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists")
        elif tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError(f"cannot assign '{_typename(tensor)}' object to buffer '{name}' "
                            "(torch Tensor or None required)")
        else:
            self._buffers[name] = tensor
            if persistent:
                self._non_persistent_buffers_set.pop(name, None)
            else:
                self._non_persistent_buffers_set[name] = True

    def register_parameter(self, name, param):
        if '_parameters' not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        elif not isinstance(name, str):
            raise TypeError(f"parameter name should be a string. Got {_typename(name)}")
        elif '.' in name:
            raise KeyError("parameter name can't contain \".\"")
        elif name == '':
            raise KeyError("parameter name can't be empty string \"\"")
        elif hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"attribute '{name}' already exists")
        if param is None:
            self._parameters[name] = None
        elif not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{_typename(param)}' object to parameter '{name}' "
                            "(torch.nn.Parameter or None required)")
        elif param.grad_fn:
            raise ValueError(f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be "
                             f"created explicitly. To express '{name}' as a function of another Tensor, compute "
                             "the value in the forward() method.")
        else:
            self._parameters[name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f"{_typename(module)} is not a Module subclass")
        elif not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {_typename(name)}")
        elif hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        elif '.' in name:
            raise KeyError(f"module name can't contain \".\", got: {name}")
        elif name == '':
            raise KeyError("module name can't be empty string \"\"")
        self._modules[name] = module

    def register_module(self, name, module):
        self.add_module(name, module)

    def get_submodule(self, target):
        if target == '':
            return self
        mod = self
        for item in target.split('.'):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return mod

    def __getattr__(self, name):
        if '_parameters' in self.__dict__:
            _parameters = self.__dict__['_parameters']
            if name in _parameters:
                return _parameters[name]
        if '_buffers' in self.__dict__:
            _buffers = self.__dict__['_buffers']
            if name in _buffers:
                return _buffers[name]
        if '_modules' in self.__dict__:
            modules = self.__dict__['_modules']
            if name in modules:
                return modules[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        params = self.__dict__.get('_parameters')
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            self.__dict__.pop(name, None)
            self._buffers.pop(name, None)
            self._modules.pop(name, None)
            self._non_persistent_buffers_set.pop(name, None)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as parameter '{name}' "
                                "(torch.nn.Parameter or None expected)")
            self.register_parameter(name, value)
        else:
            modules = self.__dict__.get('_modules')
            if isinstance(value, Module):
                if modules is None:
                    raise AttributeError("cannot assign module before Module.__init__() call")
                self.__dict__.pop(name, None)
                self._parameters.pop(name, None)
                self._buffers.pop(name, None)
                self._non_persistent_buffers_set.pop(name, None)
                modules[name] = value
            elif modules is not None and name in modules:
                if value is not None:
                    raise TypeError(f"cannot assign '{_typename(value)}' as child module '{name}' "
                                    "(torch.nn.Module or None expected)")
                modules[name] = value
            else:
                buffers = self.__dict__.get('_buffers')
                if buffers is not None and name in buffers:
                    if value is not None and not isinstance(value, torch.Tensor):
                        raise TypeError(f"cannot assign '{_typename(value)}' as buffer '{name}' "
                                        "(torch.Tensor or None expected)")
                    buffers[name] = value
                else:
                    object.__setattr__(self, name, value)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()

    def state_dict(self, *args, destination=None, prefix='', keep_vars=False):
        """The parameters and persistent buffers by name (detached unless keep_vars)."""
        if len(args) > 0:
            if destination is None:
                destination = args[0]
            if len(args) > 1 and prefix == '':
                prefix = args[1]
            if len(args) > 2 and keep_vars is False:
                keep_vars = args[2]
        if destination is None:
            destination = {}
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + '.', keep_vars=keep_vars)
        return destination

    def _load_from_state_dict(self, state_dict, prefix, found):
        # found: {'missing': [...], 'unexpected': [...], 'errors': [...]}, a dict so that the
        # lists grow where the caller sees them
        local_state = {}
        for name, param in self._parameters.items():
            if param is not None:
                local_state[name] = param
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                local_state[name] = buf
        for name, param in local_state.items():
            key = prefix + name
            if key in state_dict:
                input_param = state_dict[key]
                if not isinstance(input_param, torch.Tensor):
                    found['errors'].append(f'While copying the parameter named "{key}", expected torch.Tensor or '
                                           f"Tensor-like object from checkpoint but received <class "
                                           f"'{type(input_param).__name__}'>")
                    continue
                if len(param.shape) == 0 and len(input_param.shape) == 1:
                    input_param = input_param[0]
                if input_param.shape != param.shape:
                    found['errors'].append(f'size mismatch for {key}: copying a param with shape {input_param.shape} '
                                           f'from checkpoint, the shape in current model is {param.shape}.')
                    continue
                with torch.no_grad():
                    param.copy_(input_param)
            else:
                found['missing'].append(key)
        for key in state_dict.keys():
            if key.startswith(prefix) and key != prefix + '_extra_state':
                input_name = key[len(prefix):].split('.', 1)[0]
                if input_name not in self._modules and input_name not in local_state:
                    found['unexpected'].append(key)

    def _load(self, state_dict, prefix, found):
        self._load_from_state_dict(state_dict, prefix, found)
        for name, child in self._modules.items():
            if child is not None:
                child_prefix = prefix + name + '.'
                child_state_dict = {k: v for k, v in state_dict.items() if k.startswith(child_prefix)}
                child._load(child_state_dict, child_prefix, found)

    def load_state_dict(self, state_dict, strict=True):
        """Copies parameters and buffers from state_dict (PyTorch's key checks and errors)."""
        if not isinstance(state_dict, dict):
            raise TypeError(f"Expected state_dict to be dict-like, got <class '{type(state_dict).__name__}'>.")
        found = {'missing': [], 'unexpected': [], 'errors': []}
        self._load(dict(state_dict), '', found)
        error_msgs = found['errors']
        if strict:
            if len(found['unexpected']) > 0:
                keys = ', '.join([f'"{k}"' for k in found['unexpected']])
                error_msgs.insert(0, f'Unexpected key(s) in state_dict: {keys}. ')
            if len(found['missing']) > 0:
                keys = ', '.join([f'"{k}"' for k in found['missing']])
                error_msgs.insert(0, f'Missing key(s) in state_dict: {keys}. ')
        if len(error_msgs) > 0:
            joined = '\n\t'.join(error_msgs)
            raise RuntimeError(f'Error(s) in loading state_dict for {type(self).__name__}:\n\t{joined}')
        return _IncompatibleKeys(found['missing'], found['unexpected'])

    def _named_members(self, registry, prefix='', recurse=True):
        memo = {}
        out = []
        modules = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for k, v in module.__dict__[registry].items():
                if v is None or v in memo:
                    continue
                memo[v] = True
                name = module_prefix + ('.' if module_prefix else '') + k
                out.append((name, v))
        return out

    def parameters(self, recurse=True):
        return [param for _, param in self.named_parameters(recurse=recurse)]

    def named_parameters(self, prefix='', recurse=True):
        return self._named_members('_parameters', prefix=prefix, recurse=recurse)

    def buffers(self, recurse=True):
        return [buf for _, buf in self.named_buffers(recurse=recurse)]

    def named_buffers(self, prefix='', recurse=True):
        return self._named_members('_buffers', prefix=prefix, recurse=recurse)

    def children(self):
        return [module for _, module in self.named_children()]

    def named_children(self):
        memo = {}
        out = []
        for name, module in self._modules.items():
            if module is not None and module not in memo:
                memo[module] = True
                out.append((name, module))
        return out

    def modules(self):
        return [module for _, module in self.named_modules()]

    def named_modules(self, memo=None, prefix='', remove_duplicate=True):
        if memo is None:
            memo = {}
        out = []
        if self not in memo:
            if remove_duplicate:
                memo[self] = True
            out.append((prefix, self))
            for name, module in self._modules.items():
                if module is None:
                    continue
                submodule_prefix = prefix + ('.' if prefix else '') + name
                out.extend(module.named_modules(memo, submodule_prefix, remove_duplicate))
        return out

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=False):
        """Zeroes every parameter's .grad (1.13's default), or sets it to None."""
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    if p.grad.grad_fn is not None:
                        p.grad.detach_()
                    else:
                        p.grad.requires_grad_(False)
                    p.grad.zero_()

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def _apply_dtype(self, dtype):
        # PyTorch's _apply sets param.data; here each floating parameter, its grad and each
        # floating buffer is replaced by a converted tensor (a new leaf for a parameter)
        for module in self.children():
            module._apply_dtype(dtype)
        for key, param in self._parameters.items():
            if param is None or not param.is_floating_point() or param.dtype == dtype:
                continue
            with torch.no_grad():
                new = Parameter(param.to(dtype), param.requires_grad)
                if param.grad is not None:
                    new.grad = param.grad.to(dtype)
            self._parameters[key] = new
        for key, buf in self._buffers.items():
            if buf is not None and buf.is_floating_point() and buf.dtype != dtype:
                self._buffers[key] = buf.to(dtype)
        return self

    def to(self, *args, **kwargs):
        """Module.to(device) (a CPU program's devices are all one), to(dtype), to(tensor)."""
        dtype = kwargs.get('dtype', None)
        for a in args:
            if isinstance(a, torch.Tensor):
                dtype = a.dtype
            elif not isinstance(a, str) and str(a).startswith('torch.'):
                dtype = a
        if 'tensor' in kwargs:
            dtype = kwargs['tensor'].dtype
        if dtype is None:
            return self
        if dtype not in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
            raise TypeError(f'nn.Module.to only accepts floating point or complex dtypes, but got desired '
                            f'dtype={dtype}')
        return self._apply_dtype(dtype)

    def cpu(self):
        return self

    def float(self):
        return self._apply_dtype(torch.float32)

    def double(self):
        return self._apply_dtype(torch.float64)

    def half(self):
        return self._apply_dtype(torch.float16)

    def bfloat16(self):
        return self._apply_dtype(torch.bfloat16)

    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        return ''

    def __repr__(self):
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split('\n')
        child_lines = []
        for key, module in self._modules.items():
            mod_str = repr(module)
            mod_str = _addindent(mod_str, 2)
            child_lines.append('(' + key + '): ' + mod_str)
        lines = extra_lines + child_lines
        main_str = self._get_name() + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += '\n  ' + '\n  '.join(lines) + '\n'
        main_str += ')'
        return main_str


# --- containers ---------------------------------------------------------------------------------

class Sequential(Module):
    """Modules called in the order given (positional, or an OrderedDict of names)."""

    def __init__(self, *args):
        super().__init__()
        # PyTorch takes an OrderedDict only (a plain dict is a module it refuses)
        if len(args) == 1 and isinstance(args[0], dict) and type(args[0]).__name__ == 'OrderedDict':
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def _get_item_by_idx(self, items, idx):
        size = len(self)
        idx = _index(idx)
        if not -size <= idx < size:
            raise IndexError(f'index {idx} is out of range')
        idx %= size
        return items[idx]

    def __getitem__(self, idx):
        if _is_slice(idx):
            out = Sequential()
            for key, module in list(self._modules.items())[idx]:
                out.add_module(key, module)
            return out
        return self._get_item_by_idx(list(self._modules.values()), idx)

    def __setitem__(self, idx, module):
        key = self._get_item_by_idx(list(self._modules.keys()), idx)
        setattr(self, key, module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return list(self._modules.values())

    def forward(self, input):
        for module in self:
            input = module(input)
        return input

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def insert(self, index, module):
        assert isinstance(module, Module), "module should be of type: <class 'torch.nn.modules.module.Module'>"
        n = len(self._modules)
        if not -n <= index <= n:
            raise IndexError(f'Index out of range: {index}')
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self

    def extend(self, sequential):
        for layer in sequential:
            self.append(layer)
        return self

    def pop(self, key):
        v = self[key]
        del_key = self._get_item_by_idx(list(self._modules.keys()), key)
        self._modules.pop(del_key)
        values = list(self._modules.values())
        self._modules = {str(i): values[i] for i in range(len(values))}
        return v


class ModuleList(Module):
    """Submodules in a list, indexed as a list."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def _get_abs_string_index(self, idx):
        idx = _index(idx)
        if not -len(self) <= idx < len(self):
            raise IndexError(f'index {idx} is out of range')
        if idx < 0:
            idx += len(self)
        return str(idx)

    def __getitem__(self, idx):
        if _is_slice(idx):
            return ModuleList(list(self._modules.values())[idx])
        return self._modules[self._get_abs_string_index(idx)]

    def __setitem__(self, idx, module):
        idx = self._get_abs_string_index(idx)
        setattr(self, str(idx), module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return list(self._modules.values())

    def insert(self, index, module):
        for i in range(len(self._modules), index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def pop(self, key):
        v = self[key]
        self._modules.pop(self._get_abs_string_index(key))
        values = list(self._modules.values())
        self._modules = {str(i): values[i] for i in range(len(values))}
        return v

    def extend(self, modules):
        if not _is_iterable(modules):
            raise TypeError("ModuleList.extend should be called with an iterable, but got " + type(modules).__name__)
        offset = len(self)
        for i, module in enumerate(modules):
            self.add_module(str(offset + i), module)
        return self


class ModuleDict(Module):
    """Submodules by name, in insertion order."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return list(self._modules.keys())

    def __contains__(self, key):
        return key in self._modules

    def clear(self):
        for key in list(self._modules.keys()):
            self._modules.pop(key)

    def pop(self, key):
        v = self[key]
        self._modules.pop(key)
        return v

    def keys(self):
        return list(self._modules.keys())

    def items(self):
        return list(self._modules.items())

    def values(self):
        return list(self._modules.values())

    def update(self, modules):
        if not _is_iterable(modules):
            raise TypeError("ModuleDict.update should be called with an iterable of key/value pairs, but got " +
                            type(modules).__name__)
        if isinstance(modules, (dict, ModuleDict)):
            for key, module in modules.items():
                self[key] = module
        else:
            for j, m in enumerate(modules):
                if not _is_iterable(m):
                    raise TypeError("ModuleDict update sequence element #" + str(j) + " should be Iterable; is" +
                                    type(m).__name__)
                if not len(m) == 2:
                    raise ValueError("ModuleDict update sequence element #" + str(j) + " has length " +
                                     str(len(m)) + "; 2 is required")
                self[m[0]] = m[1]


# --- linear -------------------------------------------------------------------------------------

class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    """y = x A^T + b; A and b from kaiming_uniform_(a=sqrt(5)) and U(-1/sqrt(in), 1/sqrt(in))."""

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty((out_features, in_features), dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_features, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f'in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}'


class Bilinear(Module):
    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in1_features = in1_features
        self.in2_features = in2_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty((out_features, in1_features, in2_features), dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_features, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        bound = 1 / math.sqrt(self.weight.size(1))
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input1, input2):
        return F.bilinear(input1, input2, self.weight, self.bias)

    def extra_repr(self):
        return (f'in1_features={self.in1_features}, in2_features={self.in2_features}, '
                f'out_features={self.out_features}, bias={self.bias is not None}')


# --- convolutions -------------------------------------------------------------------------------

class _ConvNd(Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, transposed,
                 output_padding, groups, bias, padding_mode, device=None, dtype=None):
        super().__init__()
        if groups <= 0:
            raise ValueError('groups must be a positive integer')
        if in_channels % groups != 0:
            raise ValueError('in_channels must be divisible by groups')
        if out_channels % groups != 0:
            raise ValueError('out_channels must be divisible by groups')
        # PyTorch prints Python sets here, whose order varies from run to run; sorted here
        if isinstance(padding, str):
            if padding not in ['same', 'valid']:
                raise ValueError(f"Invalid padding string {padding!r}, should be one of {{'same', 'valid'}}")
            if padding == 'same' and any([s != 1 for s in stride]):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in ['zeros', 'reflect', 'replicate', 'circular']:
            raise ValueError("padding_mode must be one of {'circular', 'reflect', 'replicate', 'zeros'}, "
                             f"but got padding_mode='{padding_mode}'")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = transposed
        self.output_padding = output_padding
        self.groups = groups
        self.padding_mode = padding_mode
        if isinstance(self.padding, str):
            pads = [0 for _ in range(2 * len(kernel_size))]
            if padding == 'same':
                for d, k, i in zip(dilation, kernel_size, range(len(kernel_size) - 1, -1, -1)):
                    total_padding = d * (k - 1)
                    left_pad = total_padding // 2
                    pads[2 * i] = left_pad
                    pads[2 * i + 1] = total_padding - left_pad
            self._reversed_padding_repeated_twice = pads
        else:
            self._reversed_padding_repeated_twice = _reverse_repeat_tuple(self.padding, 2)
        if transposed:
            shape = [in_channels, out_channels // groups]
        else:
            shape = [out_channels, in_channels // groups]
        shape.extend(kernel_size)
        self.weight = Parameter(torch.empty(tuple(shape), dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_channels, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def extra_repr(self):
        s = f'{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, stride={self.stride}'
        if not _all_equal(self.padding, 0):
            s += f', padding={self.padding}'
        if not _all_equal(self.dilation, 1):
            s += f', dilation={self.dilation}'
        if not _all_equal(self.output_padding, 0):
            s += f', output_padding={self.output_padding}'
        if self.groups != 1:
            s += f', groups={self.groups}'
        if self.bias is None:
            s += ', bias=False'
        if self.padding_mode != 'zeros':
            s += f', padding_mode={self.padding_mode}'
        return s


class Conv1d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode='zeros', device=None, dtype=None):
        kernel_size_ = _single(kernel_size)
        stride_ = _single(stride)
        padding_ = padding if isinstance(padding, str) else _single(padding)
        dilation_ = _single(dilation)
        super().__init__(in_channels, out_channels, kernel_size_, stride_, padding_, dilation_, False,
                         _single(0), groups, bias, padding_mode, device, dtype)

    def _conv_forward(self, input, weight, bias):
        if self.padding_mode != 'zeros':
            return F.conv1d(F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode),
                            weight, bias, self.stride, _single(0), self.dilation, self.groups)
        return F.conv1d(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)

    def forward(self, input):
        return self._conv_forward(input, self.weight, self.bias)


class Conv2d(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode='zeros', device=None, dtype=None):
        kernel_size_ = _pair(kernel_size)
        stride_ = _pair(stride)
        padding_ = padding if isinstance(padding, str) else _pair(padding)
        dilation_ = _pair(dilation)
        super().__init__(in_channels, out_channels, kernel_size_, stride_, padding_, dilation_, False,
                         _pair(0), groups, bias, padding_mode, device, dtype)

    def _conv_forward(self, input, weight, bias):
        if self.padding_mode != 'zeros':
            return F.conv2d(F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode),
                            weight, bias, self.stride, _pair(0), self.dilation, self.groups)
        return F.conv2d(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)

    def forward(self, input):
        return self._conv_forward(input, self.weight, self.bias)


class _ConvTransposeNd(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, transposed,
                 output_padding, groups, bias, padding_mode, device=None, dtype=None):
        if padding_mode != 'zeros':
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, transposed,
                         output_padding, groups, bias, padding_mode, device, dtype)

    def _output_padding(self, input, output_size, stride, padding, kernel_size, num_spatial_dims, dilation=None):
        if output_size is None:
            return _single(self.output_padding)
        has_batch_dim = input.dim() == num_spatial_dims + 2
        num_non_spatial_dims = 2 if has_batch_dim else 1
        if len(output_size) == num_non_spatial_dims + num_spatial_dims:
            output_size = output_size[num_non_spatial_dims:]
        if len(output_size) != num_spatial_dims:
            raise ValueError(f'ConvTranspose{num_spatial_dims}D: for {input.dim()}D input, output_size must have '
                             f'{num_spatial_dims} or {num_non_spatial_dims + num_spatial_dims} elements '
                             f'(got {len(output_size)})')
        min_sizes = []
        max_sizes = []
        for d in range(num_spatial_dims):
            dim_size = ((input.size(d + num_non_spatial_dims) - 1) * stride[d] - 2 * padding[d] +
                        (dilation[d] if dilation is not None else 1) * (kernel_size[d] - 1) + 1)
            min_sizes.append(dim_size)
            max_sizes.append(min_sizes[d] + stride[d] - 1)
        for i in range(len(output_size)):
            size = output_size[i]
            min_size = min_sizes[i]
            max_size = max_sizes[i]
            if size < min_size or size > max_size:
                raise ValueError(f'requested an output size of {output_size}, but valid sizes range from '
                                 f'{min_sizes} to {max_sizes} (for an input of {input.size()[2:]})')
        res = []
        for d in range(num_spatial_dims):
            res.append(output_size[d] - min_sizes[d])
        return res


class ConvTranspose1d(_ConvTransposeNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None):
        super().__init__(in_channels, out_channels, _single(kernel_size), _single(stride), _single(padding),
                         _single(dilation), True, _single(output_padding), groups, bias, padding_mode,
                         device, dtype)

    def forward(self, input, output_size=None):
        if self.padding_mode != 'zeros':
            raise ValueError('Only `zeros` padding mode is supported for ConvTranspose1d')
        output_padding = self._output_padding(input, output_size, self.stride, self.padding, self.kernel_size, 1,
                                              self.dilation)
        return F.conv_transpose1d(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                  self.groups, self.dilation)


class ConvTranspose2d(_ConvTransposeNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None):
        super().__init__(in_channels, out_channels, _pair(kernel_size), _pair(stride), _pair(padding),
                         _pair(dilation), True, _pair(output_padding), groups, bias, padding_mode,
                         device, dtype)

    def forward(self, input, output_size=None):
        if self.padding_mode != 'zeros':
            raise ValueError('Only `zeros` padding mode is supported for ConvTranspose2d')
        output_padding = self._output_padding(input, output_size, self.stride, self.padding, self.kernel_size, 2,
                                              self.dilation)
        return F.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                  self.groups, self.dilation)


# --- pooling ------------------------------------------------------------------------------------

class _MaxPoolNd(Module):
    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return (f'kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, '
                f'dilation={self.dilation}, ceil_mode={self.ceil_mode}')


class MaxPool1d(_MaxPoolNd):
    def forward(self, input):
        return F.max_pool1d(input, self.kernel_size, self.stride, self.padding, self.dilation,
                            ceil_mode=self.ceil_mode, return_indices=self.return_indices)


class MaxPool2d(_MaxPoolNd):
    def forward(self, input):
        return F.max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation,
                            ceil_mode=self.ceil_mode, return_indices=self.return_indices)


class _AvgPoolNd(Module):
    def extra_repr(self):
        return f'kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}'


class AvgPool1d(_AvgPoolNd):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size = _single(kernel_size)
        self.stride = _single(stride if stride is not None else kernel_size)
        self.padding = _single(padding)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad)


class AvgPool2d(_AvgPoolNd):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input):
        return F.avg_pool2d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


class _AdaptiveMaxPoolNd(Module):
    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def extra_repr(self):
        return f'output_size={self.output_size}'


class AdaptiveMaxPool1d(_AdaptiveMaxPoolNd):
    def forward(self, input):
        return F.adaptive_max_pool1d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool2d(_AdaptiveMaxPoolNd):
    def forward(self, input):
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)


class _AdaptiveAvgPoolNd(Module):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def extra_repr(self):
        return f'output_size={self.output_size}'


class AdaptiveAvgPool1d(_AdaptiveAvgPoolNd):
    def forward(self, input):
        return F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(_AdaptiveAvgPoolNd):
    def forward(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)


# --- activations --------------------------------------------------------------------------------

class ReLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Hardtanh(Module):
    def __init__(self, min_val=-1., max_val=1., inplace=False, min_value=None, max_value=None):
        super().__init__()
        if min_value is not None:
            min_val = min_value
        if max_value is not None:
            max_val = max_value
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace
        assert self.max_val > self.min_val

    def forward(self, input):
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self):
        inplace_str = ', inplace=True' if self.inplace else ''
        return f'min_val={self.min_val}, max_val={self.max_val}{inplace_str}'


class ReLU6(Hardtanh):
    def __init__(self, inplace=False):
        super().__init__(0., 6., inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Sigmoid(Module):
    def forward(self, input):
        return torch.sigmoid(input)


class Hardsigmoid(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.hardsigmoid(input, self.inplace)


class Tanh(Module):
    def forward(self, input):
        return torch.tanh(input)


class SiLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.silu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Mish(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.mish(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Hardswish(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.hardswish(input, self.inplace)


class ELU(Module):
    def __init__(self, alpha=1., inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return F.elu(input, self.alpha, self.inplace)

    def extra_repr(self):
        inplace_str = ', inplace=True' if self.inplace else ''
        return f'alpha={self.alpha}{inplace_str}'


class CELU(Module):
    def __init__(self, alpha=1., inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return F.celu(input, self.alpha, self.inplace)

    def extra_repr(self):
        inplace_str = ', inplace=True' if self.inplace else ''
        return f'alpha={self.alpha}{inplace_str}'


class SELU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return F.selu(input, self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class GELU(Module):
    def __init__(self, approximate='none'):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return f'approximate={self.approximate!r}'


class LeakyReLU(Module):
    def __init__(self, negative_slope=1e-2, inplace=False):
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        inplace_str = ', inplace=True' if self.inplace else ''
        return f'negative_slope={self.negative_slope}{inplace_str}'


class Softplus(Module):
    def __init__(self, beta=1, threshold=20):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return F.softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return f'beta={self.beta}, threshold={self.threshold}'


class PReLU(Module):
    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        # PyTorch sets num_parameters before Module.__init__ (a plain attribute either way)
        self.num_parameters = num_parameters
        super().__init__()
        self.weight = Parameter(torch.empty(num_parameters, dtype=dtype).fill_(init))

    def forward(self, input):
        return F.prelu(input, self.weight)

    def extra_repr(self):
        return f'num_parameters={self.num_parameters}'


class Softsign(Module):
    def forward(self, input):
        return F.softsign(input)


class Tanhshrink(Module):
    def forward(self, input):
        return F.tanhshrink(input)


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmax(input, self.dim)

    def extra_repr(self):
        return f'dim={self.dim}'


class LogSoftmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.log_softmax(input, self.dim)

    def extra_repr(self):
        return f'dim={self.dim}'


# --- dropout ------------------------------------------------------------------------------------

class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def extra_repr(self):
        return f'p={self.p}, inplace={self.inplace}'


class Dropout(_DropoutNd):
    def forward(self, input):
        return F.dropout(input, self.p, self.training, self.inplace)


class Dropout1d(_DropoutNd):
    def forward(self, input):
        return F.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    def forward(self, input):
        return F.dropout2d(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    def forward(self, input):
        return F.dropout3d(input, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    def forward(self, input):
        return F.alpha_dropout(input, self.p, self.training)


# --- reshaping ----------------------------------------------------------------------------------

class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return f'start_dim={self.start_dim}, end_dim={self.end_dim}'


class Unflatten(Module):
    def __init__(self, dim, unflattened_size):
        super().__init__()
        if isinstance(dim, int):
            self._require_tuple_int(unflattened_size)
        elif isinstance(dim, str):
            self._require_tuple_tuple(unflattened_size)
        else:
            raise TypeError("invalid argument type for dim parameter")
        self.dim = dim
        self.unflattened_size = unflattened_size

    def _require_tuple_tuple(self, input):
        if isinstance(input, tuple):
            for idx, elem in enumerate(input):
                if not isinstance(elem, tuple):
                    raise TypeError("unflattened_size must be tuple of tuples, " +
                                    f"but found element of type {type(elem).__name__} at pos {idx}")
            return
        raise TypeError("unflattened_size must be a tuple of tuples, " +
                        f"but found type {type(input).__name__}")

    def _require_tuple_int(self, input):
        if isinstance(input, (tuple, list)):
            for idx, elem in enumerate(input):
                if not isinstance(elem, int):
                    raise TypeError("unflattened_size must be tuple of ints, " +
                                    f"but found element of type {type(elem).__name__} at pos {idx}")
            return
        raise TypeError(f"unflattened_size must be a tuple of ints, but found type {type(input).__name__}")

    def forward(self, input):
        return input.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self):
        return f'dim={self.dim}, unflattened_size={self.unflattened_size}'


class PixelShuffle(Module):
    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return f'upscale_factor={self.upscale_factor}'


class Upsample(Module):
    def __init__(self, size=None, scale_factor=None, mode='nearest', align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        self.name = type(self).__name__
        self.size = size
        if isinstance(scale_factor, tuple):
            self.scale_factor = tuple([float(factor) for factor in scale_factor])
        else:
            self.scale_factor = float(scale_factor) if scale_factor else None
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return F.interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                             recompute_scale_factor=self.recompute_scale_factor)

    def extra_repr(self):
        if self.scale_factor is not None:
            info = 'scale_factor=' + str(self.scale_factor)
        else:
            info = 'size=' + str(self.size)
        info += ', mode=' + self.mode
        return info


# --- embedding ----------------------------------------------------------------------------------

class Embedding(Module):
    """A lookup table; weight from N(0, 1), the padding_idx row zeroed."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.,
                 scale_grad_by_freq=False, sparse=False, _weight=None, device=None, dtype=None):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < self.num_embeddings, 'Padding_idx must be within num_embeddings'
            elif padding_idx < 0:
                assert padding_idx >= -self.num_embeddings, 'Padding_idx must be within num_embeddings'
                padding_idx = self.num_embeddings + padding_idx
        self.padding_idx = padding_idx
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if _weight is None:
            self.weight = Parameter(torch.empty((num_embeddings, embedding_dim), dtype=dtype))
            self.reset_parameters()
        else:
            assert list(_weight.shape) == [num_embeddings, embedding_dim], \
                'Shape of weight does not match num_embeddings and embedding_dim'
            self.weight = Parameter(_weight)
        self.sparse = sparse

    def reset_parameters(self):
        init.normal_(self.weight)
        self._fill_padding_idx_with_zero()

    def _fill_padding_idx_with_zero(self):
        if self.padding_idx is not None:
            with torch.no_grad():
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input):
        return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                           self.scale_grad_by_freq, self.sparse)

    def extra_repr(self):
        s = f'{self.num_embeddings}, {self.embedding_dim}'
        if self.padding_idx is not None:
            s += f', padding_idx={self.padding_idx}'
        if self.max_norm is not None:
            s += f', max_norm={self.max_norm}'
        if self.norm_type != 2:
            s += f', norm_type={self.norm_type}'
        if self.scale_grad_by_freq is not False:
            s += f', scale_grad_by_freq={self.scale_grad_by_freq}'
        if self.sparse is not False:
            s += ', sparse=True'
        return s


# --- normalization ------------------------------------------------------------------------------

class LayerNorm(Module):
    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if self.elementwise_affine:
            self.weight = Parameter(torch.empty(self.normalized_shape, dtype=dtype))
            self.bias = Parameter(torch.empty(self.normalized_shape, dtype=dtype))
        else:
            self.register_parameter('weight', None)
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        if self.elementwise_affine:
            init.ones_(self.weight)
            init.zeros_(self.bias)

    def forward(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return f'{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}'


class GroupNorm(Module):
    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, device=None, dtype=None):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError('num_channels must be divisible by num_groups')
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        if self.affine:
            self.weight = Parameter(torch.empty(num_channels, dtype=dtype))
            self.bias = Parameter(torch.empty(num_channels, dtype=dtype))
        else:
            self.register_parameter('weight', None)
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        if self.affine:
            init.ones_(self.weight)
            init.zeros_(self.bias)

    def forward(self, input):
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return f'{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}'


def _running_stats(input, running_mean, running_var, momentum):
    """The running statistics PyTorch 1.13's CPU batch_norm kernel writes in training mode, as
    new tensors (Whence's F.batch_norm leaves its running_mean / running_var arguments as they
    were). The op sequence reproduces the kernel's bits (checked on thousands of random inputs
    by tests/live/check_prelude.py), for PyTorch running on one thread:
      - per channel, over the n = numel / C values: mean and the sum of squared deviations;
        with spatial elements (contiguous kernel) the mean is the double sum / n rounded to
        float and the squares (float32) are summed in double; without (an (N, C) input, the
        channels-last kernel) the sum runs row by row in float32 and each square is added to a
        float32 sum in one fused multiply-add (a double product and sum, rounded once);
      - running_mean = m * mean + (1 - m) * running_mean in float32 (m the momentum as float);
      - running_var = m * (var_sum / (n - 1)) in double + float32 (1 - m) * running_var,
        rounded once to float32.
    A non-contiguous input takes PyTorch's other path: the float32 mean, the squared deviations
    and both updates in double (momentum a double), each statistic rounded once.
    With more threads PyTorch's channels-last kernel sums per thread first: other last bits."""
    c = input.shape[1]
    batch = input.shape[0]
    n = input.numel() // c
    with torch.no_grad():
        if not input.is_contiguous():
            dims = [0] + list(range(2, input.dim()))
            shape = [1, c] + [1 for _ in range(input.dim() - 2)]
            mean = input.mean(dims)
            d = input.double() - mean.double().view(shape)
            unbiased = (d * d).sum(dims) / (n - 1)
            new_mean = (mean.double() * momentum + running_mean.double() * (1 - momentum)).float()
            new_var = (unbiased * momentum + running_var.double() * (1 - momentum)).float()
        else:
            new_mean, new_var = _contiguous_running_stats(input, running_mean, running_var, momentum, c, batch, n)
    return new_mean, new_var


def _contiguous_running_stats(input, running_mean, running_var, momentum, c, batch, n):
    # the contiguous kernels' sums (see _running_stats)
    if n // batch == 1:
        rows = input.reshape(batch, c)
        s = rows[0]
        for i in range(1, batch):
            s = s + rows[i]
        mean = (s.double() / n).float()
        d = rows - mean
        var_sum = d[0] * d[0]
        for i in range(1, batch):
            var_sum = (d[i].double() * d[i].double() + var_sum.double()).float()
    else:
        dims = [0] + list(range(2, input.dim()))
        shape = [1, c] + [1 for _ in range(input.dim() - 2)]
        mean = (input.double().sum(dims) / n).float()
        d = input - mean.view(shape)
        var_sum = (d * d).double().sum(dims).float()
    unbiased = var_sum / (n - 1)
    m = torch.tensor(momentum, dtype=torch.float32).item()
    new_mean = mean * m + running_mean * (1 - m)
    new_var = (unbiased.double() * m + (running_var * (1 - m)).double()).float()
    return new_mean, new_var


class _NormBase(Module):
    _version = 2

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 device=None, dtype=None):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        if self.affine:
            self.weight = Parameter(torch.empty(num_features, dtype=dtype))
            self.bias = Parameter(torch.empty(num_features, dtype=dtype))
        else:
            self.register_parameter('weight', None)
            self.register_parameter('bias', None)
        if self.track_running_stats:
            self.register_buffer('running_mean', torch.zeros(num_features, dtype=dtype))
            self.register_buffer('running_var', torch.ones(num_features, dtype=dtype))
            self.register_buffer('num_batches_tracked', torch.tensor(0, dtype=torch.long))
        else:
            self.register_buffer('running_mean', None)
            self.register_buffer('running_var', None)
            self.register_buffer('num_batches_tracked', None)
        self.reset_parameters()

    def reset_running_stats(self):
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self):
        self.reset_running_stats()
        if self.affine:
            init.ones_(self.weight)
            init.zeros_(self.bias)

    def _check_input_dim(self, input):
        raise NotImplementedError()

    def extra_repr(self):
        return (f'{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, '
                f'track_running_stats={self.track_running_stats}')


class _BatchNorm(_NormBase):
    def forward(self, input):
        self._check_input_dim(input)
        if self.momentum is None:
            exponential_average_factor = 0.0
        else:
            exponential_average_factor = self.momentum
        if self.training and self.track_running_stats:
            if self.num_batches_tracked is not None:
                self.num_batches_tracked.add_(1)
                if self.momentum is None:
                    exponential_average_factor = 1.0 / float(self.num_batches_tracked)
                else:
                    exponential_average_factor = self.momentum
        if self.training:
            bn_training = True
        else:
            bn_training = self.running_mean is None and self.running_var is None
        # PyTorch's F.batch_norm updates the running statistics when it gets them in training
        if not (self.training and self.track_running_stats and self.running_mean is not None):
            return F.batch_norm(input,
                                self.running_mean if not self.training or self.track_running_stats else None,
                                self.running_var if not self.training or self.track_running_stats else None,
                                self.weight, self.bias, bn_training, exponential_average_factor, self.eps)
        # the output from the batch's statistics alone (the same bits as PyTorch's call, which
        # also updates the running statistics: done here after it, as PyTorch's kernel does)
        out = F.batch_norm(input, None, None, self.weight, self.bias, True, exponential_average_factor, self.eps)
        new_mean, new_var = _running_stats(input, self.running_mean, self.running_var, exponential_average_factor)
        with torch.no_grad():
            self.running_mean.copy_(new_mean)
            self.running_var.copy_(new_var)
        return out


class BatchNorm1d(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 2 and input.dim() != 3:
            raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")


class BatchNorm2d(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 4:
            raise ValueError(f"expected 4D input (got {input.dim()}D input)")


class _InstanceNorm(_NormBase):
    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False, track_running_stats=False,
                 device=None, dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype)

    def _check_input_dim(self, input):
        raise NotImplementedError()

    def _get_no_batch_dim(self):
        raise NotImplementedError()

    def _handle_no_batch_input(self, input):
        return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)

    def _apply_instance_norm(self, input):
        use_input_stats = self.training or not self.track_running_stats
        if not (use_input_stats and self.running_mean is not None):
            return F.instance_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                                   use_input_stats, self.momentum, self.eps)
        # PyTorch's instance_norm: batch_norm over the (1, B * C, ...) reshape with the running
        # statistics repeated B times, then each running statistic the mean over B of its copies
        out = F.instance_norm(input, None, None, self.weight, self.bias, True, self.momentum, self.eps)
        b = input.shape[0]
        c = input.shape[1]
        shape = [1, b * c] + list(input.shape[2:])
        new_mean, new_var = _running_stats(input.reshape(shape), self.running_mean.repeat(b),
                                           self.running_var.repeat(b), self.momentum)
        with torch.no_grad():
            self.running_mean.copy_(new_mean.view(b, c).mean(0))
            self.running_var.copy_(new_var.view(b, c).mean(0))
        return out

    def forward(self, input):
        self._check_input_dim(input)
        if input.dim() == self._get_no_batch_dim():
            return self._handle_no_batch_input(input)
        return self._apply_instance_norm(input)


class InstanceNorm1d(_InstanceNorm):
    def _get_no_batch_dim(self):
        return 2

    def _check_input_dim(self, input):
        if input.dim() not in (2, 3):
            raise ValueError(f'expected 2D or 3D input (got {input.dim()}D input)')


class InstanceNorm2d(_InstanceNorm):
    def _get_no_batch_dim(self):
        return 3

    def _check_input_dim(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f'expected 3D or 4D input (got {input.dim()}D input)')


# --- losses -------------------------------------------------------------------------------------

class _Loss(Module):
    def __init__(self, size_average=None, reduce=None, reduction='mean'):
        super().__init__()
        if size_average is not None or reduce is not None:
            self.reduction = _legacy_get_string(size_average, reduce)
        else:
            self.reduction = reduction


class _WeightedLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction='mean'):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer('weight', weight)


class L1Loss(_Loss):
    def forward(self, input, target):
        return F.l1_loss(input, target, reduction=self.reduction)


class MSELoss(_Loss):
    def forward(self, input, target):
        return F.mse_loss(input, target, reduction=self.reduction)


class NLLLoss(_WeightedLoss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return F.nll_loss(input, target, weight=self.weight, ignore_index=self.ignore_index,
                          reduction=self.reduction)


class CrossEntropyLoss(_WeightedLoss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean',
                 label_smoothing=0.0):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return F.cross_entropy(input, target, weight=self.weight, ignore_index=self.ignore_index,
                               reduction=self.reduction, label_smoothing=self.label_smoothing)


class KLDivLoss(_Loss):
    def __init__(self, size_average=None, reduce=None, reduction='mean', log_target=False):
        super().__init__(size_average, reduce, reduction)
        self.log_target = log_target

    def forward(self, input, target):
        return F.kl_div(input, target, reduction=self.reduction, log_target=self.log_target)


class BCELoss(_WeightedLoss):
    def forward(self, input, target):
        return F.binary_cross_entropy(input, target, weight=self.weight, reduction=self.reduction)


class BCEWithLogitsLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer('weight', weight)
        self.register_buffer('pos_weight', pos_weight)

    def forward(self, input, target):
        return F.binary_cross_entropy_with_logits(input, target, self.weight, pos_weight=self.pos_weight,
                                                  reduction=self.reduction)


class SmoothL1Loss(_Loss):
    def __init__(self, size_average=None, reduce=None, reduction='mean', beta=1.0):
        super().__init__(size_average, reduce, reduction)
        self.beta = beta

    def forward(self, input, target):
        return F.smooth_l1_loss(input, target, reduction=self.reduction, beta=self.beta)


class HuberLoss(_Loss):
    def __init__(self, reduction='mean', delta=1.0):
        super().__init__(reduction=reduction)
        self.delta = delta

    def forward(self, input, target):
        return F.huber_loss(input, target, reduction=self.reduction, delta=self.delta)


def _class_paths(groups):
    paths = {}
    for path, classes in groups:
        for cls in classes:
            paths[cls.__name__] = (cls, path)
    return paths


# where PyTorch defines each class, for torch.typename in error messages
_CLASS_PATHS = _class_paths([
    ('torch.nn.modules.module', [Module]),
    ('torch.nn.modules.container', [Sequential, ModuleList, ModuleDict]),
    ('torch.nn.modules.linear', [Identity, Linear, Bilinear]),
    ('torch.nn.modules.conv', [Conv1d, Conv2d, ConvTranspose1d, ConvTranspose2d]),
    ('torch.nn.modules.pooling', [MaxPool1d, MaxPool2d, AvgPool1d, AvgPool2d, AdaptiveMaxPool1d, AdaptiveMaxPool2d,
                                  AdaptiveAvgPool1d, AdaptiveAvgPool2d]),
    ('torch.nn.modules.activation', [ReLU, Hardtanh, ReLU6, Sigmoid, Hardsigmoid, Tanh, SiLU, Mish, Hardswish, ELU,
                                     CELU, SELU, GELU, LeakyReLU, Softplus, PReLU, Softsign, Tanhshrink, Softmax,
                                     LogSoftmax]),
    ('torch.nn.modules.dropout', [Dropout, Dropout1d, Dropout2d, Dropout3d, AlphaDropout]),
    ('torch.nn.modules.flatten', [Flatten, Unflatten]),
    ('torch.nn.modules.pixelshuffle', [PixelShuffle]),
    ('torch.nn.modules.upsampling', [Upsample]),
    ('torch.nn.modules.sparse', [Embedding]),
    ('torch.nn.modules.normalization', [LayerNorm, GroupNorm]),
    ('torch.nn.modules.batchnorm', [BatchNorm1d, BatchNorm2d]),
    ('torch.nn.modules.instancenorm', [InstanceNorm1d, InstanceNorm2d]),
    ('torch.nn.modules.loss', [L1Loss, MSELoss, NLLLoss, CrossEntropyLoss, KLDivLoss, BCELoss, BCEWithLogitsLoss,
                               SmoothL1Loss, HuberLoss]),
])
