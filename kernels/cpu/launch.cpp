#include "kernels/cpu/launch.hpp"

namespace whence {

KTensor to_ktensor(const Tensor& t, int param) {
  KTensor k;
  k.data = t.data_ptr();
  k.rank = t.dim();
  for (int d = 0; d < t.dim(); ++d) {
    k.shape[d] = t.shape()[d];
    k.strides[d] = t.strides()[d];
  }
  k.param = param;
  k.dtype = int(t.dtype());
  return k;
}

}  // namespace whence
