/* no_backtrace.c - preloaded (LD_PRELOAD) into the Python processes that run PyTorch for the
 * golden generators and the live checks, by scripts/test.
 *
 * PyTorch 1.13 (Debian's python3-torch) captures and symbolizes a C++ backtrace for every error
 * it raises: about 7.5 ms a raise, where the call itself takes microseconds. The checks make
 * PyTorch refuse thousands of calls on purpose (wrong shapes, dtypes, dims), so most of their time
 * went there. With glibc's backtrace() answering "no frames" a raise takes about 25 us. What
 * Python sees is unchanged: 1.13 puts the C++ frames in an error's message only when
 * TORCH_SHOW_CPP_STACKTRACES=1, and the goldens regenerate byte for byte either way. */
int backtrace(void **buffer, int size) {
  (void)buffer;
  (void)size;
  return 0;
}
