// operator_protocol.hpp - what Python does when a tensor operator's method gives up. Tensor's
// dunder methods turn a TypeError into NotImplemented; Python then tries the other operand's
// reflected method and, failing that, raises its own TypeError or (== and !=) compares
// identities. Whence's protocol calls name the dunder directly, so this reproduces the
// operator's outcome for them.
#pragma once
#include "value.hpp"

namespace whence {

// For a dunder call whose binding raised TypeError: the Python value the operator gives
// (False for ==, True for !=), or throws the TypeError Python raises.
Value operator_not_implemented(const Call& call);

}  // namespace whence
