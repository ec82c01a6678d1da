// select_common.hpp - what the files of the selection and scatter family share: errors that
// name the element at fault, row-major coordinates, c10's checked conversion of a fill value,
// one step of a reduction in a dtype's own arithmetic, and how equations refer to elements.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/common/composite.hpp"

namespace whence {

// Throws PyTorch's error, naming the argument and its flat element at fault.
[[noreturn]] void fail_at(const char* type, const std::string& message, const std::string& arg, std::int64_t element);

// Row-major coordinates of `flat` in `shape`, and back.
std::vector<std::int64_t> unravel_index(const Shape& shape, std::int64_t flat);
std::int64_t ravel_index(const Shape& shape, const std::vector<std::int64_t>& coord);
// "[1][2]" from coordinates.
std::string coord_text(const std::vector<std::int64_t>& coord);

// A Python number or a 0-d tensor as the Scalar PyTorch converts it to for a tensor of dtype
// d (Scalar::to<scalar_t>), with c10's overflow refusal: "value cannot be converted to type
// uint8_t without overflow". A float becomes an integer by truncation, -1 becomes 255 in uint8.
Scalar checked_scalar(const Value& v, DType d);

// One step of a scatter or index reduction in dtype d, as PyTorch's CPU kernels compute it:
// integers wrap, bool is logical, float16/bfloat16/float32 compute in float and round once.
enum class Step { Add, Mul, Max, Min };
Scalar step_in(DType d, Step op, const Scalar& a, const Scalar& b);
// a + alpha·b in dtype d (index_add).
Scalar add_scaled_in(DType d, const Scalar& a, const Scalar& b, const Scalar& alpha);
// sum / count in dtype d: true division for floats, floor division for integers (scatter_reduce
// 'mean').
Scalar mean_in(DType d, const Scalar& sum, std::int64_t count);
// The lowest byte of an element as stored (x86 and WebAssembly are little-endian): what
// masked_fill's kernel reads of a mask, whatever its dtype.
int low_byte(const Tensor& t, std::int64_t flat);
// Equal as a result element (NaN equals NaN).
bool same_value(const Scalar& a, const Scalar& b);

// "index[1][0]" for a tensor argument, or "indices[1][0]" for item `item` of a tensor list
// argument (indices[item] is written "indices[0]" then the element: "indices[0][2]").
std::string element_ref(const Bound& b, int param, std::int64_t flat, int item = -1);
std::string element_value(const Bound& b, int param, std::int64_t flat, int item = -1);
const Tensor& list_tensor(const Bound& b, int param, int item);
// The value text of an output element.
std::string out_value(const OpResult& r, int position, std::int64_t flat);

// The files of the family (kernels/select/select_*.cpp).
void add_select_read_ops(std::vector<const OpDescriptor*>& t);       // select_read.cpp
void add_select_write_ops(std::vector<const OpDescriptor*>& t);      // select_write_ops.cpp
void add_select_search_ops(std::vector<const OpDescriptor*>& t);     // select_search.cpp
void add_select_nn_ops(std::vector<const OpDescriptor*>& t);         // select_nn.cpp
void add_select_isin_ops(std::vector<const OpDescriptor*>& t);       // select_isin.cpp
void add_select_fill_diagonal(std::vector<const OpDescriptor*>& t);  // select_fill_diagonal.cpp
void add_select_vander(std::vector<const OpDescriptor*>& t);         // select_vander.cpp

}  // namespace whence
