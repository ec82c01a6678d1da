// select_ops.hpp - the selection and scatter family: ops whose output elements are chosen by
// index or mask tensors (index_select, take, masked_select, embedding, one_hot), ops that
// write chosen elements into a copy of their input (masked_fill, index_fill/copy/add/reduce,
// scatter, scatter_add, scatter_reduce, index_put, put), and ops that say where elements are
// (nonzero, argwhere, searchsorted, bucketize). Listed once in kernels/common/op_table.cpp.
#pragma once
#include <vector>

#include "core/registry.hpp"

namespace whence {

void add_select_ops(std::vector<const OpDescriptor*>& t);

}  // namespace whence
