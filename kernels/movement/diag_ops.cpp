// diag_ops.cpp - the copies that put a vector on a diagonal or read one off (movement family,
// kernels/movement/movement_family.hpp): diag (a vector becomes a matrix, a matrix gives a vector),
// diag_embed (the last dim becomes a diagonal, batched) and diagflat (the flattened input on a
// diagonal). Each result is a new tensor in PyTorch 1.13, never a view. Checks and messages
// follow PyTorch 1.13's ATen functions.
#include <algorithm>
#include <cstdlib>

#include "core/error.hpp"
#include "core/shape.hpp"
#include "core/views.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/movement/movement_family.hpp"

namespace whence {

namespace {

// "the diagonal", "diagonal +1", "diagonal −2"
std::string diagonal_name(std::int64_t offset) {
  return offset == 0 ? "the diagonal"
                     : "diagonal " + std::string(offset > 0 ? "+" : "−") + std::to_string(std::llabs(offset));
}

// A vector on diagonal `offset` of a square matrix n + |offset| wide: out[i][j] = x[min(i, j)]
// where j − i = offset.
Tensor vector_on_diagonal(const Tensor& x, std::int64_t offset) {
  // PyTorch resizes to (n, n), n = size + |offset| in int64 arithmetic that wraps; the resize's
  // element count is checked (a huge offset: its numel error, never an overflow here).
  const std::uint64_t span = offset < 0 ? 0 - std::uint64_t(offset) : std::uint64_t(offset);
  const std::uint64_t side = std::uint64_t(x.shape()[0]) + span;
  std::uint64_t cells = 0;
  if (__builtin_mul_overflow(side, side, &cells) || cells > std::uint64_t(INT64_MAX))
    fail("RuntimeError", "numel: integer multiplication overflow");
  const std::int64_t n = std::int64_t(side);
  check_limits({n, n});
  return rearranged(x, {n, n}, [&](const std::vector<std::int64_t>& c, std::vector<std::int64_t>& s) {
    s[0] = std::min(c[0], c[1]);
    return c[1] - c[0] == offset;
  });
}

std::vector<Tensor> diag_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  const std::int64_t offset = int_arg(b, "diagonal", 0);
  if (x.dim() == 1) return single(vector_on_diagonal(x, offset));
  if (x.dim() != 2) fail("RuntimeError", "matrix or a vector expected", "input");
  const std::int64_t rows = x.shape()[0], cols = x.shape()[1];
  const std::int64_t n = offset >= 0 ? std::min(rows, cols - offset) : std::min(rows + offset, cols);
  // PyTorch sizes the result without clamping: past the edge by more than one, a negative size
  if (n < 0) fail("RuntimeError", "numel: integer multiplication overflow", "diagonal");
  return single(rearranged(x, {n}, [&](const std::vector<std::int64_t>& c, std::vector<std::int64_t>& s) {
    s[0] = c[0] + std::max<std::int64_t>(-offset, 0);
    s[1] = c[0] + std::max<std::int64_t>(offset, 0);
    return true;
  }));
}

std::vector<Tensor> diagflat_apply(const Bound& b) {
  return single(vector_on_diagonal(reshape(input_tensor(b), {-1}), int_arg(b, "offset", 0)));
}

// The last dim of the input becomes diagonal `offset` of dims dim1 and dim2, two new dims
// inserted into the result; the other dims keep their order.
std::vector<Tensor> diag_embed_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  const std::int64_t offset = int_arg(b, "offset", 0), given1 = int_arg(b, "dim1", -2), given2 = int_arg(b, "dim2", -1);
  const std::int64_t rank = x.dim() + 1;
  const std::int64_t d1 = wrap_dim(given1, rank, "dim1"), d2 = wrap_dim(given2, rank, "dim2");
  if (d1 == d2)
    fail("RuntimeError",
         "diagonal dimensions cannot be identical " + std::to_string(given1) + ", " + std::to_string(given2), "dim2");
  const std::int64_t n = x.shape().back() + std::llabs(offset);
  Shape shape;
  for (std::int64_t d = 0, k = 0; d < rank; ++d) shape.push_back(d == d1 || d == d2 ? n : x.shape()[std::size_t(k++)]);
  check_limits(shape);
  return single(rearranged(x, shape, [&](const std::vector<std::int64_t>& c, std::vector<std::int64_t>& s) {
    const std::int64_t i = c[std::size_t(d1)], j = c[std::size_t(d2)];
    if (j - i != offset) return false;
    std::size_t k = 0;
    for (std::size_t d = 0; d < c.size(); ++d)
      if (std::int64_t(d) != d1 && std::int64_t(d) != d2) s[k++] = c[d];
    s[k] = std::min(i, j);
    return true;
  }));
}

// The notes: which diagonal an element sits on, or which one a vector was read from.
std::string on_diagonal(std::int64_t offset) { return "on " + diagonal_name(offset); }
std::string diag_note(const Bound& b, const OpResult&, int, std::int64_t, const std::vector<Source>&) {
  const std::int64_t k = int_arg(b, "diagonal", 0);
  if (input_tensor(b).dim() == 1) return on_diagonal(k);
  auto plus = [](const char* v, std::int64_t k) { return std::string(v) + (k > 0 ? " + " + std::to_string(k) : ""); };
  return diagonal_name(k) + " of the matrix: out[i] = input" + "[" + plus("i", -k) + "][" + plus("i", k) + "]";
}
std::string diagflat_note(const Bound& b, const OpResult&, int, std::int64_t, const std::vector<Source>&) {
  return on_diagonal(int_arg(b, "offset", 0));
}
std::string diag_embed_note(const Bound& b, const OpResult& r, int, std::int64_t, const std::vector<Source>&) {
  const std::int64_t rank = r.tensors[0].dim();
  return on_diagonal(int_arg(b, "offset", 0)) + " of dims " + std::to_string(wrap_dim(int_arg(b, "dim1", -2), rank)) +
         " and " + std::to_string(wrap_dim(int_arg(b, "dim2", -1), rank));
}

MovementSpec spec(std::vector<Tensor> (*apply)(const Bound&),
                  std::string (*note)(const Bound&, const OpResult&, int, std::int64_t, const std::vector<Source>&)) {
  MovementSpec s;
  s.apply = apply;
  s.note = note;
  s.fill = "off the diagonal, filled with zero";
  return s;
}

}  // namespace

void add_diag_ops(std::vector<const OpDescriptor*>& t) {
  add_movement(t, "torch.diag torch.Tensor.diag",
               "Two ops by rank: a vector becomes a square matrix with it on a diagonal, a matrix gives its diagonal "
               "as a vector (a copy).",
               "torch.diag(torch.tensor([1, 2, 3]))", "input:Tensor diagonal:Int=0 * out:Out?=None",
               spec(diag_apply, diag_note));
  add_movement(t, "torch.diag_embed torch.Tensor.diag_embed",
               "Each vector along the last dim becomes the diagonal of a matrix in dims dim1 and dim2, zeros "
               "elsewhere: the inverse of diagonal.",
               "torch.diag_embed(torch.tensor([[1, 2], [3, 4]]))", "input:Tensor offset:Int=0 dim1:Int=-2 dim2:Int=-1",
               spec(diag_embed_apply, diag_embed_note));
  add_movement(t, "torch.diagflat torch.Tensor.diagflat",
               "The input flattened, then put on a diagonal of a square matrix, whatever the input's rank.",
               "torch.diagflat(torch.tensor([[1, 2], [3, 4]]))", "input:Tensor offset:Int=0",
               spec(diagflat_apply, diagflat_note));
}

}  // namespace whence
