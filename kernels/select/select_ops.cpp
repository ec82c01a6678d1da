// select_ops.cpp - the selection and scatter family, file by file (kernels/select/select_ops.hpp).
#include "kernels/select/select_ops.hpp"

#include "kernels/select/select_common.hpp"

namespace whence {

void add_select_ops(std::vector<const OpDescriptor*>& t) {
  add_select_read_ops(t);       // index_select take take_along_dim masked_select
  add_select_write_ops(t);      // masked_fill index_fill index_copy index_add scatter scatter_add scatter_reduce
                                // index_reduce index_put put
  add_select_search_ops(t);     // nonzero argwhere searchsorted bucketize
  add_select_isin_ops(t);       // isin
  add_select_fill_diagonal(t);  // fill_diagonal_
  add_select_vander(t);         // vander linalg.vander
  add_select_nn_ops(t);         // one_hot embedding
}

}  // namespace whence
