// call_format.hpp - values written back as Python source that PyTorch runs unchanged.
#pragma once
#include <string>

#include "value.hpp"

namespace whence {

std::string format_value(const Value& v);
std::string format_index_item(
    const Value&
        v);  // an item inside x[...]: 1:, ::2, ..., else format_value    // 1, 2.5, True, None, 'a', torch.int32, [..], (..,)
std::string format_tensor(const Tensor& t);  // torch.tensor([[1, 2]]), torch.zeros((0, 3), ...)

}  // namespace whence
