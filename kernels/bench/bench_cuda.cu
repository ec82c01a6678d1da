// bench_cuda - Whence's CUDA launchers (kernels/cuda) on issue 10's cases, llm.c style: each
// case at each size first runs on the CPU through the registry (the path the tests hold to
// PyTorch) and on the GPU through the family's launcher, the results compared (exact for
// gathers and max, a tolerance for float math), and only then is the launcher timed: warm-up,
// L2 flushed before each run, CUDA events, the least of the repeats. A copy kernel moving the
// same number of bytes is timed alongside, so each case reports GB/s and the fraction of the
// device's copy bandwidth measured in this run. scripts/bench --cuda runs it and puts PyTorch
// on CUDA beside it (scripts/bench_cuda_torch.py, the same case names and sizes).
//   build/native/kernels/cuda/whence_bench_cuda [--json PATH] [--filter REGEX] [--max-size ELEMENTS]
//                                               [--quick] [--host-check]
// --host-check needs no GPU: every case's launcher arguments are built over host memory and the
// launchers' per-element code runs on the host (the *_host functions), checked against the CPU
// path as on the GPU; nothing is timed. It tests what a GPU run would check but for the device
// itself (its compiled code, the launch configuration, the copies).
// Exits 0 when every result matched (or there is no GPU), 1 when one differed.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "kernels/bench/bench_tensors.hpp"
#include "kernels/cpu/launch.hpp"
#include "kernels/cuda/cuda_grid.hpp"
#include "kernels/cuda/elementwise_cuda.hpp"
#include "kernels/cuda/index_cuda.hpp"
#include "kernels/cuda/reduce_cuda.hpp"

using namespace whence;
using namespace whence::bench;

#define CUDA_CHECK(call)                                                                 \
  do {                                                                                   \
    const cudaError_t err_ = (call);                                                     \
    if (err_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      std::exit(2);                                                                      \
    }                                                                                    \
  } while (0)

namespace {

bool g_host = false;  // --host-check: host memory and the launchers' host emulations

// --- device memory -------------------------------------------------------------------------

// The device allocations of one case, freed together.
struct DeviceArena {
  std::vector<void*> blocks;
  DeviceArena() = default;
  DeviceArena(const DeviceArena&) = delete;
  DeviceArena& operator=(const DeviceArena&) = delete;
  ~DeviceArena() {
    for (void* p : blocks) g_host ? std::free(p) : (void)cudaFree(p);
  }
  void* alloc(std::size_t bytes) {
    void* p = nullptr;
    if (g_host) {
      p = std::calloc(std::max<std::size_t>(bytes, 16), 1);
      if (!p) throw std::bad_alloc();
    } else {
      CUDA_CHECK(cudaMalloc(&p, std::max<std::size_t>(bytes, 16)));
    }
    blocks.push_back(p);
    return p;
  }
  static void copy(void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
    if (g_host)
      std::memcpy(dst, src, bytes);
    else
      CUDA_CHECK(cudaMemcpy(dst, src, bytes, kind));
  }
  // A device copy of t (made contiguous), as a KTensor of parameter `param`.
  KTensor upload(const Tensor& t, int param) {
    const Tensor c = t.contiguous();
    const std::size_t bytes = std::size_t(c.numel()) * dtype_size(c.dtype());
    void* p = alloc(bytes);
    copy(p, c.data_ptr(), bytes, cudaMemcpyHostToDevice);
    KTensor k = to_ktensor(c, param);
    k.data = p;
    return k;
  }
};

// A result on the device, compared with the CPU's `expected` (contiguous, the same dtype).
struct DeviceResult {
  const void* data = nullptr;
  Tensor expected;
  double tolerance = 0;  // 0: bit for bit; else |gpu - cpu| <= tolerance * (1 + |cpu|)
};

// --- cases ---------------------------------------------------------------------------------

struct Prepared {
  std::vector<DeviceResult> results;
  std::function<cudaError_t()> launch;
  double bytes = 0;  // the least memory traffic of one call: every input read, every output written once
  double cpu_ms = 0;
};

struct CudaCase {
  std::string name;  // as in kernels/bench/cases_*.cpp, and as bench_cuda_torch.py names it
  std::string family;
  std::function<Prepared(std::int64_t numel, DeviceArena& arena)> prepare;
};

// Runs `code` on `inputs` on the CPU through the registry: the results, contiguous, and the time.
std::vector<Tensor> cpu_run(const std::string& code, const std::vector<Tensor>& inputs, double& ms) {
  const BoundOp op = bind_op(code, inputs);
  const auto start = std::chrono::steady_clock::now();
  std::vector<Tensor> out = op.run();
  ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  for (Tensor& t : out) t = t.contiguous();
  return out;
}

float* alloc_floats(DeviceArena& arena, std::int64_t n) {
  return static_cast<float*>(arena.alloc(std::size_t(n) * sizeof(float)));
}

// An elementwise case: `inputs` bound into `code` on the CPU; on the GPU each operand aligned to
// the output's rank (aligned_to_rank, as the CPU's elementwise_args does).
CudaCase elementwise(const std::string& name, const std::string& code, EwCudaOp op, double tolerance,
                     std::function<std::vector<Tensor>(std::int64_t n)> make, std::function<EwParams()> params,
                     std::function<std::vector<Tensor>(const std::vector<Tensor>&)> operands = nullptr) {
  return {name, "elementwise", [=](std::int64_t numel, DeviceArena& arena) {
            const std::int64_t n = side(numel);
            const std::vector<Tensor> inputs = make(n);
            Prepared p;
            std::vector<Tensor> expected = cpu_run(code, inputs, p.cpu_ms);
            const Tensor& out = expected[0];
            ElementwiseArgs a;
            a.out.rank = out.dim();
            for (int d = 0; d < out.dim(); ++d) a.out.shape[d] = out.shape()[d];
            const std::vector<Tensor> ops = operands ? operands(inputs) : inputs;
            a.count = int(ops.size());
            for (int k = 0; k < a.count; ++k) {
              a.in[k] = aligned_to_rank(arena.upload(ops[k], k), a.out.rank);
              p.bytes += double(ops[k].numel()) * double(dtype_size(ops[k].dtype()));
            }
            float* d_out = alloc_floats(arena, out.numel());
            p.bytes += 4.0 * double(out.numel());
            const EwParams ew = params();
            const std::int64_t count = out.numel();
            p.launch = [=] {
              return cudaError_t(g_host ? elementwise_host_f32(op, a, ew, d_out, count)
                                        : elementwise_cuda_f32(op, a, ew, d_out, count, nullptr));
            };
            p.results.push_back({d_out, out, tolerance});
            return p;
          }};
}

Tensor scalar_tensor(float v) {
  Tensor t = Tensor::empty(DType::Float32, {});
  t.data<float>()[0] = v;
  return t;
}

EwParams alpha_one() {
  EwParams p;
  p.f[0] = 1;
  p.i[0] = 1;
  return p;
}

// A reduction over the last dim (-1) or dim 0 of a float32 [n, n].
enum class LineOp { Reduce, Softmax, Scan };
CudaCase over_dim(const std::string& name, const std::string& code, std::int64_t dim, LineOp line, ReduceKind kind,
                  double tolerance, bool indices = false) {
  return {
      name + (dim < 0 ? " over the last dim" : " over dim 0"), "reduce", [=](std::int64_t numel, DeviceArena& arena) {
        const std::int64_t n = side(numel);
        const Tensor x = random_floats({n, n});
        Prepared p;
        std::vector<Tensor> expected = cpu_run(code + std::to_string(dim) + ")", {x}, p.cpu_ms);
        const ReduceArgs a = reduce_args_over(arena.upload(x, 0), dim < 0 ? 1 : 0);
        const std::int64_t lines = n;  // both dims are n long
        float* d_out = alloc_floats(arena, expected[0].numel());
        p.bytes = 4.0 * double(x.numel()) + 4.0 * double(expected[0].numel());
        if (line == LineOp::Reduce) {
          std::int64_t* d_index = nullptr;
          if (indices) {
            d_index = static_cast<std::int64_t*>(arena.alloc(std::size_t(n) * 8));
            p.bytes += 8.0 * double(n);
          }
          p.launch = [=] {
            return cudaError_t(g_host ? reduce_host_f32(kind, ReduceParams{}, a, d_out, d_index, lines)
                                      : reduce_cuda_f32(kind, ReduceParams{}, a, d_out, d_index, lines, nullptr));
          };
          p.results.push_back({d_out, expected[0], tolerance});
          if (indices) p.results.push_back({d_index, expected[1], 0});
        } else if (line == LineOp::Softmax) {
          p.launch = [=] {
            return cudaError_t(g_host ? softmax_host_f32(a, d_out, lines) : softmax_cuda_f32(a, d_out, lines, nullptr));
          };
          p.results.push_back({d_out, expected[0], tolerance});
        } else {
          p.launch = [=] {
            return cudaError_t(g_host ? scan_host_f32(kind, a, d_out, lines)
                                      : scan_cuda_f32(kind, a, d_out, lines, nullptr));
          };
          p.results.push_back({d_out, expected[0], tolerance});
        }
        return p;
      }};
}

std::vector<CudaCase> all_cases() {
  std::vector<CudaCase> cases;
  // Elementwise (kernels/bench/cases_elementwise.cpp).
  cases.push_back(elementwise(
      "add [n,n] + [n]", "torch.add(torch.zeros(1), torch.zeros(1))", EwCudaOp::Add, 0,
      [](std::int64_t n) {
        return std::vector<Tensor>{random_floats({n, n}, -2, 2, 1), random_floats({n}, -2, 2, 5)};
      },
      alpha_one));
  // mul by a Python float: PyTorch wraps 2.5 as a 0-d float64 tensor; the launcher reads a
  // 0-d float32 one (2.5 is exact in both), broadcast.
  cases.push_back(elementwise(
      "mul [n,n] * 2.5", "torch.mul(torch.zeros(1), 2.5)", EwCudaOp::Mul, 0,
      [](std::int64_t n) {
        return std::vector<Tensor>{random_floats({n, n})};
      },
      [] { return EwParams{}; },
      [](const std::vector<Tensor>& in) {
        return std::vector<Tensor>{in[0], scalar_tensor(2.5f)};
      }));
  // exp_poly_f and erf_poly are straight float arithmetic, the same bits on both (nvcc does
  // not contract them: -fmad is on by default, hence a tolerance of a few ulp).
  cases.push_back(elementwise(
      "exp", "torch.exp(torch.zeros(1))", EwCudaOp::Exp, 1e-6,
      [](std::int64_t n) {
        return std::vector<Tensor>{random_floats({n, n})};
      },
      [] { return EwParams{}; }));
  cases.push_back(elementwise(
      "sigmoid", "torch.sigmoid(torch.zeros(1))", EwCudaOp::Sigmoid, 1e-6,
      [](std::int64_t n) {
        return std::vector<Tensor>{random_floats({n, n})};
      },
      [] { return EwParams{}; }));
  cases.push_back(elementwise(
      "gelu", "torch.nn.functional.gelu(torch.zeros(1))", EwCudaOp::Gelu, 1e-6,
      [](std::int64_t n) {
        return std::vector<Tensor>{random_floats({n, n})};
      },
      [] { return EwParams{}; }));
  cases.push_back(elementwise(
      "where(mask, x, y)", "torch.where(torch.zeros(1, dtype=torch.bool), torch.zeros(1), torch.zeros(1))",
      EwCudaOp::Where, 0,
      [](std::int64_t n) {
        return std::vector<Tensor>{random_mask({n, n}), random_floats({n, n}, -2, 2, 1),
                                   random_floats({n, n}, -2, 2, 5)};
      },
      [] { return EwParams{}; }));
  // Reductions and scans (kernels/bench/cases_reduce.cpp). The GPU folds each slice in double
  // in slice order (Accumulator); the CPU's float32 sums along the last dim go in PyTorch's
  // cascade order in float (2e-5 apart for a line of 4096 summing near 0): a tolerance. max
  // is exact (values and indices); so is cumsum on the host (in double in line order on both).
  for (const std::int64_t dim : {std::int64_t(-1), std::int64_t(0)}) {
    cases.push_back(over_dim("sum", "torch.sum(torch.zeros(1, 1), dim=", dim, LineOp::Reduce, ReduceKind::Sum, 1e-4));
    cases.push_back(
        over_dim("max", "torch.max(torch.zeros(1, 1), dim=", dim, LineOp::Reduce, ReduceKind::Max, 0, true));
    cases.push_back(over_dim("softmax", "torch.softmax(torch.zeros(1, 1), dim=", dim, LineOp::Softmax,
                             ReduceKind::LogSumExp, 1e-5));
    cases.push_back(over_dim("logsumexp", "torch.logsumexp(torch.zeros(1, 1), dim=", dim, LineOp::Reduce,
                             ReduceKind::LogSumExp, 1e-5));
    cases.push_back(
        over_dim("cumsum", "torch.cumsum(torch.zeros(1, 1), dim=", dim, LineOp::Scan, ReduceKind::Sum, 1e-5));
  }
  // Selection (kernels/bench/cases_select.cpp): copies, exact.
  cases.push_back({"gather dim=1", "select", [](std::int64_t numel, DeviceArena& arena) {
                     const std::int64_t n = side(numel);
                     const Tensor x = random_floats({n, n}), index = random_indices({n, n}, n);
                     Prepared p;
                     std::vector<Tensor> expected =
                         cpu_run("torch.gather(torch.zeros(1, 1), 1, torch.zeros(1, 1, dtype=torch.int64))", {x, index},
                                 p.cpu_ms);
                     GatherArgs a;
                     a.input = arena.upload(x, 0);
                     a.index = arena.upload(index, 2);
                     a.dim = 1;
                     float* d_out = alloc_floats(arena, index.numel());
                     const std::int64_t count = index.numel();
                     p.launch = [=] {
                       return cudaError_t(g_host ? gather_host<float>(a, d_out, count)
                                                 : gather_cuda<float>(a, d_out, count, nullptr));
                     };
                     p.results.push_back({d_out, expected[0], 0});
                     p.bytes = 16.0 * double(count);
                     return p;
                   }});
  // scatter_add: atomic adds on the GPU, in an order of their own: a tolerance there (on the
  // host, row-major as the CPU: exact).
  cases.push_back(
      {"scatter_add dim=1", "select", [](std::int64_t numel, DeviceArena& arena) {
         const std::int64_t n = side(numel);
         const Tensor x = random_floats({n, n}), index = random_indices({n, n}, n),
                      src = random_floats({n, n}, -2, 2, 7);
         Prepared p;
         std::vector<Tensor> expected =
             cpu_run("torch.scatter_add(torch.zeros(1, 1), 1, torch.zeros(1, 1, dtype=torch.int64), torch.zeros(1, 1))",
                     {x, index, src}, p.cpu_ms);
         ScatterArgs a;
         const KTensor input = arena.upload(x, 0);
         a.out = input;  // contiguous, x's shape: the result's layout
         a.index = arena.upload(index, 2);
         a.src = arena.upload(src, 3);
         a.dim = 1;
         float* d_out = alloc_floats(arena, x.numel());
         const auto* d_in = static_cast<const float*>(input.data);
         const std::int64_t count = x.numel(), writes = index.numel();
         p.launch = [=] {
           return cudaError_t(g_host ? scatter_add_host_f32(a, d_in, d_out, count, writes)
                                     : scatter_add_cuda_f32(a, d_in, d_out, count, writes, nullptr));
         };
         p.results.push_back({d_out, expected[0], 1e-5});
         p.bytes = 20.0 * double(count);  // input 4 (copied), index 8, src 4, output 4
         return p;
       }});
  for (const int dim : {0, 1}) {
    cases.push_back({dim == 0 ? "index_select dim=0 (rows permuted)" : "index_select dim=1 (columns permuted)",
                     "select", [dim](std::int64_t numel, DeviceArena& arena) {
                       const std::int64_t n = side(numel);
                       const Tensor x = random_floats({n, n}), index = permutation(n);
                       Prepared p;
                       std::vector<Tensor> expected =
                           cpu_run("torch.index_select(torch.zeros(1, 1), " + std::to_string(dim) +
                                       ", torch.zeros(1, dtype=torch.int64))",
                                   {x, index}, p.cpu_ms);
                       IndexSelectArgs a;
                       a.input = arena.upload(x, 0);
                       a.index = arena.upload(index, 2);
                       a.out = to_ktensor(expected[0], -1);
                       a.out.data = nullptr;  // shape only
                       a.dim = dim;
                       float* d_out = alloc_floats(arena, expected[0].numel());
                       const std::int64_t count = expected[0].numel();
                       p.launch = [=] {
                         return cudaError_t(g_host ? index_select_host<float>(a, d_out, count)
                                                   : index_select_cuda<float>(a, d_out, count, nullptr));
                       };
                       p.results.push_back({d_out, expected[0], 0});
                       p.bytes = 8.0 * double(count) + 8.0 * double(n);
                       return p;
                     }});
  }
  return cases;
}

// --- checking and timing -------------------------------------------------------------------

// Mismatches of one result (printing the first few) and the largest relative difference.
std::int64_t compare(const DeviceResult& r, double& worst) {
  const Tensor& e = r.expected;
  const std::int64_t n = e.numel();
  const std::size_t size = dtype_size(e.dtype());
  std::vector<unsigned char> got(std::size_t(n) * size);
  DeviceArena::copy(got.data(), r.data, got.size(), cudaMemcpyDeviceToHost);
  const auto* want = static_cast<const unsigned char*>(e.data_ptr());
  std::int64_t bad = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const unsigned char* g = got.data() + std::size_t(i) * size;
    const unsigned char* w = want + std::size_t(i) * size;
    if (std::memcmp(g, w, size) == 0) continue;
    bool ok = false;
    double gv = 0, wv = 0;
    if (e.dtype() == DType::Float32) {
      float gf, wf;
      std::memcpy(&gf, g, 4);
      std::memcpy(&wf, w, 4);
      gv = gf, wv = wf;
      const double diff = std::fabs(gv - wv) / (1 + std::fabs(wv));
      if (std::isnan(gv) && std::isnan(wv)) continue;
      worst = std::max(worst, std::isnan(diff) ? INFINITY : diff);
      ok = r.tolerance > 0 && diff <= r.tolerance;
    } else if (e.dtype() == DType::Int64) {
      std::int64_t gi, wi;
      std::memcpy(&gi, g, 8);
      std::memcpy(&wi, w, 8);
      gv = double(gi), wv = double(wi);
    }
    if (!ok && bad++ < 5) std::printf("    element %lld: cuda %.9g, cpu %.9g\n", (long long)i, gv, wv);
  }
  return bad;
}

__global__ void copy_kernel(const float4* src, float4* dst, std::int64_t n) {
  grid_stride(n, [&](std::int64_t i) { dst[i] = src[i]; });
}

struct Timer {
  void* flush = nullptr;
  std::size_t flush_bytes = std::size_t(256) << 20;  // more than any L2 (H100/H200: 50 MB)
  cudaEvent_t start{}, stop{};
  int warmup = 3, runs = 20;

  Timer() {
    CUDA_CHECK(cudaMalloc(&flush, flush_bytes));
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
  }
  ~Timer() {
    cudaFree(flush);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
  }
  // The least time of `launch` in ms, the L2 flushed before each run.
  float least_ms(const std::function<cudaError_t()>& launch) {
    float best = INFINITY;
    for (int r = 0; r < warmup + runs; ++r) {
      CUDA_CHECK(cudaMemsetAsync(flush, r & 0xff, flush_bytes));
      CUDA_CHECK(cudaEventRecord(start));
      CUDA_CHECK(launch());
      CUDA_CHECK(cudaEventRecord(stop));
      CUDA_CHECK(cudaEventSynchronize(stop));
      CUDA_CHECK(cudaGetLastError());
      float ms = 0;
      CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
      if (r >= warmup) best = std::min(best, ms);
    }
    return best;
  }
  // The copy bandwidth in GB/s for `bytes` of traffic (half read, half written).
  double copy_gbps(double bytes) {
    const std::int64_t n4 = std::max<std::int64_t>(1, std::int64_t(bytes / 2 / 16));
    DeviceArena arena;
    auto* src = static_cast<float4*>(arena.alloc(std::size_t(n4) * 16));
    auto* dst = static_cast<float4*>(arena.alloc(std::size_t(n4) * 16));
    CUDA_CHECK(cudaMemset(src, 0, std::size_t(n4) * 16));
    const float ms = least_ms([&] {
      copy_kernel<<<cuda_blocks(n4), kCudaThreads>>>(src, dst, n4);
      return cudaGetLastError();
    });
    return 2.0 * 16.0 * double(n4) / (double(ms) * 1e6);
  }
};

// " (within 3.1e-07)": the largest relative difference of a match that is not bit for bit.
std::string within(double worst) {
  if (worst <= 0) return "";
  char text[48];
  std::snprintf(text, sizeof text, " (within %.2g)", worst);
  return text;
}

struct Row {
  std::string name, family;
  std::int64_t numel = 0;
  double ms = 0, gbps = 0, copy_gbps = 0, cpu_ms = 0, worst = 0;
  bool match = false;
};

void write_json(const std::string& path, const std::string& device, const std::vector<Row>& rows) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) {
    std::fprintf(stderr, "bench_cuda: cannot write %s\n", path.c_str());
    return;
  }
  std::fprintf(f, "{\"device\": \"%s\", \"results\": [\n", device.c_str());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    std::fprintf(f,
                 "  {\"case\": \"%s\", \"family\": \"%s\", \"numel\": %lld, \"match\": %s, \"max_rel_diff\": %.3g, "
                 "\"ms\": %.6f, \"gbps\": %.2f, \"copy_gbps\": %.2f, \"cpu_ms\": %.3f}%s\n",
                 r.name.c_str(), r.family.c_str(), (long long)r.numel, r.match ? "true" : "false", r.worst, r.ms,
                 r.gbps, r.copy_gbps, r.cpu_ms, i + 1 < rows.size() ? "," : "");
  }
  std::fprintf(f, "]}\n");
  std::fclose(f);
}

}  // namespace

int main(int argc, char** argv) {
  std::string json, filter;
  std::int64_t max_size = std::int64_t(1) << 24;
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--json" && i + 1 < argc)
      json = argv[++i];
    else if (a == "--filter" && i + 1 < argc)
      filter = argv[++i];
    else if (a == "--max-size" && i + 1 < argc)
      max_size = std::atoll(argv[++i]);
    else if (a == "--quick")
      quick = true;
    else if (a == "--host-check")
      g_host = true;
    else {
      std::fprintf(
          stderr,
          "usage: whence_bench_cuda [--json PATH] [--filter REGEX] [--max-size ELEMENTS] [--quick] [--host-check]\n");
      return 2;
    }
  }
  // The cases' tensors are far above what a page shows (kMaxElements), as in bench_main.cpp.
  set_element_limit(std::int64_t(1) << 26);
  std::regex pattern;
  try {
    pattern = std::regex(filter);
  } catch (const std::regex_error&) {
    std::fprintf(stderr, "whence_bench_cuda: --filter %s is no regular expression\n", filter.c_str());
    return 2;
  }
  std::string device = "host (--host-check)";
  if (!g_host) {
    int devices = 0;
    const cudaError_t err = cudaGetDeviceCount(&devices);
    if (err != cudaSuccess || devices == 0) {
      std::printf("no CUDA device (%s): nothing to benchmark (--host-check runs the launchers' code on the host)\n",
                  err != cudaSuccess ? cudaGetErrorString(err) : "0 devices");
      return 0;
    }
    cudaDeviceProp prop{};
    CUDA_CHECK(cudaGetDeviceProperties(&prop, 0));
    std::printf("%s, %d SMs, L2 %d MB\n", prop.name, prop.multiProcessorCount, prop.l2CacheSize >> 20);
    device = prop.name;
  }

  std::vector<std::int64_t> sizes;
  for (const std::int64_t s :
       {std::int64_t(1) << 12, std::int64_t(1) << 16, std::int64_t(1) << 20, std::int64_t(1) << 24})
    if (s <= max_size && (!quick || s == (std::int64_t(1) << 12) || s == (std::int64_t(1) << 20))) sizes.push_back(s);

  std::unique_ptr<Timer> timer;
  if (!g_host) timer = std::make_unique<Timer>();
  std::vector<Row> rows;
  bool all_match = true;
  std::printf("%-38s %10s %10s %9s %9s %7s %9s  %s\n", "case", "elements", "cuda ms", "GB/s", "copy GB/s", "% copy",
              "cpu ms", "check");
  for (const CudaCase& c : all_cases()) {
    if (!filter.empty() && !std::regex_search(c.name, pattern)) continue;
    for (const std::int64_t numel : sizes) {
      DeviceArena arena;
      Row row;
      row.name = c.name;
      row.family = c.family;
      row.numel = numel;
      Prepared p;
      try {
        p = c.prepare(numel, arena);
      } catch (const std::exception& e) {
        std::printf("%-38s %10lld  skipped: %s\n", c.name.c_str(), (long long)numel, e.what());
        continue;
      }
      row.cpu_ms = p.cpu_ms;
      // Check first: one launch, then every result against the CPU's.
      CUDA_CHECK(p.launch());
      if (!g_host) CUDA_CHECK(cudaDeviceSynchronize());
      std::int64_t bad = 0;
      for (const DeviceResult& r : p.results) bad += compare(r, row.worst);
      row.match = bad == 0;
      if (!row.match) {
        all_match = false;
        std::printf("%-38s %10lld  FAIL: %lld elements differ from the CPU (largest relative difference %.3g)\n",
                    c.name.c_str(), (long long)numel, (long long)bad, row.worst);
        rows.push_back(row);
        continue;
      }
      if (g_host) {
        std::printf("%-38s %10lld  matches CPU on the host%s\n", c.name.c_str(), (long long)numel,
                    within(row.worst).c_str());
        rows.push_back(row);
        continue;
      }
      row.ms = timer->least_ms(p.launch);
      row.gbps = p.bytes / (row.ms * 1e6);
      row.copy_gbps = timer->copy_gbps(p.bytes);
      std::printf("%-38s %10lld %10.4f %9.1f %9.1f %6.0f%% %9.3f  matches CPU%s\n", c.name.c_str(), (long long)numel,
                  row.ms, row.gbps, row.copy_gbps, 100 * row.gbps / row.copy_gbps, row.cpu_ms,
                  within(row.worst).c_str());
      rows.push_back(row);
    }
  }
  if (!json.empty()) write_json(json, device, rows);
  return all_match ? 0 : 1;
}
