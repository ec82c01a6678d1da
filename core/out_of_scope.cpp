#include "out_of_scope.hpp"

#include <cstring>

namespace whence {

const std::vector<ScopeGroup>& out_of_scope_groups() {
  static const std::vector<ScopeGroup> groups = {
      {"Linear-algebra decompositions and solvers",
       "its results come from a LAPACK factorisation or an iteration to convergence (pivoting, "
       "reflections, eigen-solvers), so every output element depends on every input element with no "
       "per-element formula to show",
       "torch.det torch.logdet torch.slogdet torch.inverse torch.pinverse torch.cholesky torch.cholesky_inverse "
       "torch.cholesky_solve torch.lu torch.lu_solve torch.lu_unpack torch.qr torch.svd torch.symeig "
       "torch.triangular_solve torch.geqrf torch.orgqr torch.ormqr torch.matrix_exp torch.lobpcg torch.pca_lowrank "
       "torch.svd_lowrank "
       "torch.Tensor.det torch.Tensor.logdet torch.Tensor.slogdet torch.Tensor.inverse torch.Tensor.pinverse "
       "torch.Tensor.cholesky torch.Tensor.cholesky_inverse torch.Tensor.cholesky_solve torch.Tensor.lu "
       "torch.Tensor.lu_solve torch.Tensor.qr torch.Tensor.svd torch.Tensor.symeig torch.Tensor.triangular_solve "
       "torch.Tensor.geqrf torch.Tensor.orgqr torch.Tensor.ormqr torch.Tensor.matrix_exp "
       "torch.linalg.cholesky torch.linalg.cholesky_ex torch.linalg.det torch.linalg.slogdet torch.linalg.inv "
       "torch.linalg.inv_ex torch.linalg.solve torch.linalg.solve_ex torch.linalg.solve_triangular "
       "torch.linalg.lstsq torch.linalg.lu torch.linalg.lu_factor torch.linalg.lu_factor_ex torch.linalg.lu_solve "
       "torch.linalg.ldl_factor torch.linalg.ldl_factor_ex torch.linalg.ldl_solve torch.linalg.qr torch.linalg.svd "
       "torch.linalg.svdvals torch.linalg.eig torch.linalg.eigh torch.linalg.eigvals torch.linalg.eigvalsh "
       "torch.linalg.pinv torch.linalg.matrix_rank torch.linalg.matrix_exp torch.linalg.cond torch.linalg.tensorinv "
       "torch.linalg.tensorsolve torch.linalg.householder_product"},
      {"Complex numbers", "complex dtypes are outside the ten real dtypes Whence computes (bool to float64)",
       "torch.complex torch.polar torch.view_as_complex torch.view_as_real torch.view_as_complex_copy "
       "torch.view_as_real_copy torch.real torch.imag torch.conj torch.conj_physical torch.resolve_conj "
       "torch.resolve_neg torch.is_conj torch.is_complex torch.stft torch.istft "
       "torch.Tensor.real torch.Tensor.imag torch.Tensor.conj torch.Tensor.conj_physical torch.Tensor.resolve_conj "
       "torch.Tensor.resolve_neg torch.Tensor.is_conj torch.Tensor.is_complex torch.Tensor.stft torch.Tensor.istft "
       "torch.fft."},
      {"Sparse layouts",
       "a sparse tensor stores only its nonzero elements as indices and values, and Whence draws dense, strided "
       "tensors",
       "torch.sparse_coo_tensor torch.sparse_csr_tensor torch.sparse_csc_tensor torch.sparse_bsr_tensor "
       "torch.sparse_bsc_tensor torch.sparse_compressed_tensor torch.hspmm torch.smm torch.sspaddmm "
       "torch.crow_indices_copy torch.col_indices_copy torch.indices_copy torch.values_copy "
       "torch.Tensor.to_sparse torch.Tensor.to_sparse_coo torch.Tensor.to_sparse_csr torch.Tensor.to_sparse_csc "
       "torch.Tensor.to_sparse_bsr torch.Tensor.to_sparse_bsc torch.Tensor.to_dense torch.Tensor.coalesce "
       "torch.Tensor.is_coalesced torch.Tensor.indices torch.Tensor.values torch.Tensor.crow_indices "
       "torch.Tensor.col_indices torch.Tensor.ccol_indices torch.Tensor.row_indices torch.Tensor.sparse_dim "
       "torch.Tensor.dense_dim torch.Tensor.sparse_mask torch.Tensor.smm torch.Tensor.sspaddmm torch.sparse."},
      {"Quantized dtypes",
       "a quantized tensor keeps a scale and a zero point beside integer storage (qint8, quint8, qint32), "
       "outside the ten real dtypes Whence computes",
       "torch.quantize_per_tensor torch.quantize_per_channel torch.quantize_per_tensor_dynamic torch.dequantize "
       "torch.quantized_batch_norm torch.quantized_max_pool1d torch.quantized_max_pool2d "
       "torch.Tensor.dequantize torch.Tensor.int_repr torch.Tensor.q_scale torch.Tensor.q_zero_point "
       "torch.Tensor.q_per_channel_scales torch.Tensor.q_per_channel_zero_points torch.Tensor.q_per_channel_axis "
       "torch.Tensor.qscheme torch.ao. torch.quantization."},
      {"The process, files and other libraries",
       "it reads or changes the process (threads, denormal flushing, determinism) or moves tensors through files "
       "and other libraries, not tensor elements",
       "torch.set_flush_denormal torch.set_num_threads torch.get_num_threads torch.set_num_interop_threads "
       "torch.get_num_interop_threads torch.use_deterministic_algorithms torch.save torch.load torch.from_numpy "
       "torch.from_dlpack torch.frombuffer torch.Tensor.numpy torch.utils.dlpack."},
  };
  return groups;
}

namespace {

// Whether `qualified` is one of the space-separated `names` (or starts with one that ends in '.').
bool lists(const char* names, const std::string& qualified) {
  for (const char* p = names; *p;) {
    while (*p == ' ') ++p;
    const char* end = std::strchr(p, ' ');
    const std::size_t n = end ? std::size_t(end - p) : std::strlen(p);
    if (n > 0) {
      const bool prefix = p[n - 1] == '.';
      if (prefix ? qualified.compare(0, n, p, n) == 0 && qualified.size() > n
                 : qualified.size() == n && qualified.compare(0, n, p, n) == 0)
        return true;
    }
    p += n;
  }
  return false;
}

}  // namespace

const ScopeGroup* out_of_scope(const std::string& qualified) {
  for (const ScopeGroup& g : out_of_scope_groups())
    if (lists(g.names, qualified)) return &g;
  return nullptr;
}

std::string removed_function_error(const std::string& qualified) {
  // PyTorch 1.13 keeps these names only to raise this (torch/_linalg_utils.py and ATen).
  static const char* const removed[][2] = {{"torch.eig", "linalg.eig"},
                                           {"torch.Tensor.eig", "linalg.eig"},
                                           {"torch.solve", "linalg.solve"},
                                           {"torch.Tensor.solve", "linalg.solve"}};
  for (const auto& r : removed)
    if (qualified == r[0])
      return std::string("This function was deprecated since version 1.9 and is now removed. Please use the `torch.") +
             r[1] + "` function instead.";
  // These two raise a tuple of two strings, which Python prints as the tuple.
  const char* tuple = qualified == "torch.matrix_rank"                                  ? "matrix_rank"
                      : qualified == "torch.lstsq" || qualified == "torch.Tensor.lstsq" ? "lstsq"
                                                                                        : nullptr;
  if (tuple)
    return std::string(
               "('This function was deprecated since version 1.9 and is now removed.', 'Please use the "
               "`torch.linalg.") +
           tuple + "` function instead.')";
  return "";
}

}  // namespace whence
