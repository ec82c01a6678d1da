// resample_sample.cpp - the sampling half of the resample family (kernels/resample_family.hpp).
#include "kernels/resample_family.hpp"

namespace whence {

void add_sample_ops(std::vector<const OpDescriptor*>&) {}

}  // namespace whence
