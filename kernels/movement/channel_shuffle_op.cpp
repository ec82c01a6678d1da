// channel_shuffle_op.cpp - torch.nn.functional.channel_shuffle and native_channel_shuffle
// (movement family, kernels/movement/movement_family.hpp): the C channels (dim 1) read as a
// groups × C/groups grid and transposed, so out channel c is input channel (c % groups)·(C/groups)
// + c / groups; the other dims stay. A rearranging copy, explained by the family's proxies.
//
// channel_shuffle checks the rank, then groups, in PyTorch 1.13's words. native_channel_shuffle
// checks nothing in 1.13: a 2-D input is allowed, but groups ≤ 0 or one that does not divide C,
// or an empty input, divides by zero (the process dies) or reads past the input. Whence gives
// channel_shuffle's errors there and an empty result for an empty input (the op page says so).
#include "core/error.hpp"
#include "core/shape.hpp"
#include "kernels/common/composite.hpp"
#include "kernels/movement/movement_family.hpp"

namespace whence {

namespace {

std::string rank_text(const Tensor& x) { return shape_str(x.shape()); }

Tensor shuffled(const Tensor& x, std::int64_t groups) {
  const std::int64_t channels = x.shape()[1];
  if (groups <= 0)
    fail("RuntimeError",
         "Number of groups to divide channels in must be positive. Value of groups:" + std::to_string(groups),
         "groups");
  if (channels % groups != 0)
    fail("RuntimeError",
         "Number of channels must be divisible by groups. Got " + std::to_string(channels) + " channels and " +
             std::to_string(groups) + " groups.",
         "groups");
  // (PyTorch returns an empty input itself, as an alias)
  if (x.numel() == 0) return x.as_strided(x.shape(), x.strides(), x.offset());
  const std::int64_t per_group = channels / groups;
  return rearranged(x, x.shape(), [&](const std::vector<std::int64_t>& c, std::vector<std::int64_t>& s) {
    s = c;
    s[1] = (c[1] % groups) * per_group + c[1] / groups;
    return true;
  });
}

std::vector<Tensor> channel_shuffle_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  if (x.dim() <= 2)
    fail("RuntimeError", "channel_shuffle expects input with > 2 dims, but got input with sizes " + rank_text(x),
         "input");
  return single(shuffled(x, int_arg(b, "groups", 1)));
}

std::vector<Tensor> native_channel_shuffle_apply(const Bound& b) {
  const Tensor& x = input_tensor(b);
  if (x.dim() == 0) fail("IndexError", "Dimension specified as 0 but tensor has no dimensions", "input");
  if (x.dim() == 1)
    fail("IndexError", "Dimension out of range (expected to be in range of [-1, 0], but got 1)", "input");
  return single(shuffled(x, int_arg(b, "groups", 1)));
}

// "channel 3 of group 1": where the element's channel came from.
std::string shuffle_note(const Bound& b, const OpResult& r, int, std::int64_t flat, const std::vector<Source>&) {
  const Tensor& out = r.tensors[0];
  const std::int64_t groups = int_arg(b, "groups", 1), per_group = out.shape()[1] / groups;
  std::int64_t inner = 1;
  for (std::size_t d = 2; d < out.shape().size(); ++d) inner *= out.shape()[d];
  const std::int64_t c = (flat / inner) % out.shape()[1];
  return "out channel " + std::to_string(c) + " = input channel " +
         std::to_string((c % groups) * per_group + c / groups) + ": member " + std::to_string(c / groups) +
         " of group " + std::to_string(c % groups);
}

MovementSpec shuffle_spec(std::vector<Tensor> (*apply)(const Bound&)) {
  MovementSpec s;
  s.apply = apply;
  s.note = shuffle_note;
  return s;
}

}  // namespace

void add_channel_shuffle(std::vector<const OpDescriptor*>& t) {
  add_movement(t, "torch.nn.functional.channel_shuffle torch.channel_shuffle",
               "The channels (dim 1) split into groups, then interleaved: one channel of each group in turn.",
               "torch.nn.functional.channel_shuffle(torch.tensor([[[0], [1], [2], [3], [4], [5]]]), 2)",
               "input:Tensor groups:Int", shuffle_spec(channel_shuffle_apply));
  add_movement(t, "torch.nn.functional.native_channel_shuffle torch.native_channel_shuffle",
               "channel_shuffle's kernel called directly: the same interleaving of channel groups, 2-D inputs allowed.",
               "torch.nn.functional.native_channel_shuffle(torch.tensor([[0, 1, 2, 3, 4, 5]]), 3)",
               "input:Tensor groups:Int", shuffle_spec(native_channel_shuffle_apply));
}

}  // namespace whence
