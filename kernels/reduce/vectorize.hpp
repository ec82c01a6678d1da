// vectorize.hpp - WHENCE_VECTORIZE_LOOP before a loop asks clang to vectorize it where its cost
// model declines: LLVM 14 prices WebAssembly vector selects too high, so a compare-and-select
// loop (max with NaN propagation and the winner's position) stayed scalar in the SIMD build
// and ran 2.4× slower than vectorized. GCC vectorizes these loops by itself. Not asked in a
// WebAssembly build without SIMD (the site's modules), where it cannot be done and clang warns.
#pragma once

#if defined(__clang__) && (!defined(__wasm__) || defined(__wasm_simd128__))
#define WHENCE_VECTORIZE_LOOP _Pragma("clang loop vectorize(enable)")
#else
#define WHENCE_VECTORIZE_LOOP
#endif
