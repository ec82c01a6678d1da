#!/usr/bin/env python3
"""PyTorch on CUDA for scripts/bench --cuda: the cases of whence_bench_cuda
(kernels/bench/bench_cuda.cu), by the same names, at the same sizes, timed the same way (warm-up,
L2 flushed before each run, CUDA events, the least of the repeats), written as JSON; and, given
whence_bench_cuda's JSON, the table of both with the ratio PyTorch ms / Whence ms (above 1:
Whence is faster).

  python3 scripts/bench_cuda_torch.py --json OUT.json [--whence WHENCE.json] [--filter REGEX]
                                      [--max-size ELEMENTS] [--quick]

Exits 0 without timing anything when torch is missing or sees no CUDA device (it says so).
"""
import argparse
import json
import math
import re
import sys

SIZES = [1 << 12, 1 << 16, 1 << 20, 1 << 24]


def cases(torch):
    """name -> function(numel) returning a zero-argument call on CUDA tensors (inputs made once)."""
    dev = "cuda"

    def side(numel):
        return int(round(math.sqrt(numel)))

    def rand(*shape, lo=-2.0, hi=2.0, seed=1):
        g = torch.Generator(device="cpu").manual_seed(seed)
        return (torch.rand(*shape, generator=g) * (hi - lo) + lo).to(dev)

    def unary(fn):
        def make(numel):
            x = rand(side(numel), side(numel))
            return lambda: fn(x)
        return make

    def add(numel):
        n = side(numel)
        x, y = rand(n, n, seed=1), rand(n, seed=5)
        return lambda: torch.add(x, y)

    def mul(numel):
        n = side(numel)
        x = rand(n, n)
        return lambda: torch.mul(x, 2.5)

    def where(numel):
        n = side(numel)
        g = torch.Generator(device="cpu").manual_seed(4)
        mask = (torch.rand(n, n, generator=g) < 0.5).to(dev)
        x, y = rand(n, n, seed=1), rand(n, n, seed=5)
        return lambda: torch.where(mask, x, y)

    def over(fn, dim):
        def make(numel):
            x = rand(side(numel), side(numel))
            return lambda: fn(x, dim)
        return make

    def gather(numel):
        n = side(numel)
        x = rand(n, n)
        g = torch.Generator(device="cpu").manual_seed(2)
        index = torch.randint(0, n, (n, n), generator=g).to(dev)
        return lambda: torch.gather(x, 1, index)

    def scatter_add(numel):
        n = side(numel)
        x, src = rand(n, n), rand(n, n, seed=7)
        g = torch.Generator(device="cpu").manual_seed(2)
        index = torch.randint(0, n, (n, n), generator=g).to(dev)
        return lambda: torch.scatter_add(x, 1, index, src)

    def index_select(dim):
        def make(numel):
            n = side(numel)
            x = rand(n, n)
            g = torch.Generator(device="cpu").manual_seed(3)
            index = torch.randperm(n, generator=g).to(dev)
            return lambda: torch.index_select(x, dim, index)
        return make

    table = {
        "add [n,n] + [n]": add,
        "mul [n,n] * 2.5": mul,
        "exp": unary(torch.exp),
        "sigmoid": unary(torch.sigmoid),
        "gelu": unary(torch.nn.functional.gelu),
        "where(mask, x, y)": where,
    }
    for dim, words in ((-1, "over the last dim"), (0, "over dim 0")):
        table[f"sum {words}"] = over(lambda x, d: torch.sum(x, dim=d), dim)
        table[f"max {words}"] = over(lambda x, d: torch.max(x, dim=d), dim)
        table[f"softmax {words}"] = over(lambda x, d: torch.softmax(x, dim=d), dim)
        table[f"logsumexp {words}"] = over(lambda x, d: torch.logsumexp(x, dim=d), dim)
        table[f"cumsum {words}"] = over(lambda x, d: torch.cumsum(x, dim=d), dim)
    table["gather dim=1"] = gather
    table["scatter_add dim=1"] = scatter_add
    table["index_select dim=0 (rows permuted)"] = index_select(0)
    table["index_select dim=1 (columns permuted)"] = index_select(1)
    return table


def least_ms(torch, call, flush, warmup=3, runs=20):
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    best = math.inf
    for r in range(warmup + runs):
        flush.fill_(r & 0xFF)  # evict the inputs from L2
        start.record()
        call()
        stop.record()
        stop.synchronize()
        if r >= warmup:
            best = min(best, start.elapsed_time(stop))
    return best


def print_table(whence_path, torch_rows):
    with open(whence_path) as f:
        whence = json.load(f)
    torch_ms = {(r["case"], r["numel"]): r["ms"] for r in torch_rows}
    print()
    print(f"{'case':38} {'elements':>10} {'Whence ms':>10} {'PyTorch ms':>11} {'ratio':>7} {'GB/s':>8} {'% copy':>7}")
    for r in whence["results"]:
        t = torch_ms.get((r["case"], r["numel"]))
        if not r["match"]:
            print(f"{r['case']:38} {r['numel']:>10}  differs from the CPU: not timed")
            continue
        ratio = f"{t / r['ms']:7.2f}" if t and r["ms"] > 0 else f"{'-':>7}"
        pct = 100 * r["gbps"] / r["copy_gbps"] if r["copy_gbps"] > 0 else 0
        tms = f"{t:11.4f}" if t else f"{'-':>11}"
        print(f"{r['case']:38} {r['numel']:>10} {r['ms']:10.4f} {tms} {ratio} {r['gbps']:8.1f} {pct:6.0f}%")
    print("ratio: PyTorch ms / Whence ms (above 1: Whence is faster); % copy: of the copy kernel's GB/s on the same bytes")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", required=True)
    parser.add_argument("--whence")
    parser.add_argument("--filter", default="")
    parser.add_argument("--max-size", type=int, default=1 << 24)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    try:
        import torch
    except ImportError:
        print("bench_cuda_torch: no torch for this python3; PyTorch on CUDA not timed")
        return 0
    if not torch.cuda.is_available():
        print("bench_cuda_torch: torch sees no CUDA device; PyTorch on CUDA not timed")
        return 0
    sizes = [s for s in SIZES if s <= args.max_size and (not args.quick or s in (1 << 12, 1 << 20))]
    flush = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    rows = []
    print(f"PyTorch {torch.__version__} on {torch.cuda.get_device_name(0)}")
    for name, make in cases(torch).items():
        if args.filter and not re.search(args.filter, name):
            continue
        for numel in sizes:
            call = make(numel)
            ms = least_ms(torch, call, flush)
            rows.append({"case": name, "numel": numel, "ms": ms})
            print(f"{name:38} {numel:>10} {ms:10.4f} ms")
    with open(args.json, "w") as f:
        json.dump({"torch": torch.__version__, "device": torch.cuda.get_device_name(0), "results": rows}, f, indent=1)
    if args.whence:
        print_table(args.whence, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
