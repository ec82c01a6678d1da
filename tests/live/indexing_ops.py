"""The indexing family's op list: Python's x[index] (torch.Tensor.__getitem__) and the
transposing properties. Cases per op are made by scripts/gen_golden_indexing.py; the live
check (tests/live/check_live_family.py ... indexing) replays them with fresh seeds."""

OPS = [
    {"primary": "torch.Tensor.__getitem__"},
    {"primary": "torch.Tensor.T"},
    {"primary": "torch.Tensor.mT"},
    {"primary": "torch.Tensor.H"},
    {"primary": "torch.Tensor.mH"},
]


def qualified_names(op):
    return [op["primary"]]
