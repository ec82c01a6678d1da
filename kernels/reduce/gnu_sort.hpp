// gnu_sort.hpp - std::sort, std::nth_element and std::partial_sort as GNU libstdc++ performs them (introsort:
// median-of-three pivot moved to the front, unguarded partition, insertion sort below 16
// elements), and PyTorch's own quickselect (TH's, after Sedgewick). PyTorch 1.13's CPU sort,
// topk and mode call these with comparators on values only, so which of several equal
// elements lands where is decided by these exact steps; WebAssembly's libc++ would decide
// differently, so Whence carries the steps itself.
#pragma once
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace whence {

namespace gnu {

template <class T, class Less>
void insertion_sort(std::vector<T>& a, std::int64_t first, std::int64_t last, Less less) {
  if (first == last) return;
  for (std::int64_t i = first + 1; i < last; ++i) {
    T v = a[std::size_t(i)];
    if (less(v, a[std::size_t(first)])) {  // to the front
      for (std::int64_t k = i; k > first; --k) a[std::size_t(k)] = a[std::size_t(k - 1)];
      a[std::size_t(first)] = v;
    } else {  // unguarded: the front element stops the scan
      std::int64_t k = i;
      while (less(v, a[std::size_t(k - 1)])) {
        a[std::size_t(k)] = a[std::size_t(k - 1)];
        --k;
      }
      a[std::size_t(k)] = v;
    }
  }
}

template <class T, class Less>
void move_median_to_first(std::vector<T>& a, std::int64_t result, std::int64_t x, std::int64_t y, std::int64_t z,
                          Less less) {
  auto at = [&](std::int64_t i) -> const T& { return a[std::size_t(i)]; };
  std::int64_t pick;
  if (less(at(x), at(y))) {
    if (less(at(y), at(z)))
      pick = y;
    else if (less(at(x), at(z)))
      pick = z;
    else
      pick = x;
  } else if (less(at(x), at(z))) {
    pick = x;
  } else if (less(at(y), at(z))) {
    pick = z;
  } else {
    pick = y;
  }
  std::swap(a[std::size_t(result)], a[std::size_t(pick)]);
}

// Partitions [first, last) around the pivot at `pivot` (outside the range); returns the cut.
template <class T, class Less>
std::int64_t unguarded_partition(std::vector<T>& a, std::int64_t first, std::int64_t last, std::int64_t pivot,
                                 Less less) {
  for (;;) {
    while (less(a[std::size_t(first)], a[std::size_t(pivot)])) ++first;
    --last;
    while (less(a[std::size_t(pivot)], a[std::size_t(last)])) --last;
    if (!(first < last)) return first;
    std::swap(a[std::size_t(first)], a[std::size_t(last)]);
    ++first;
  }
}

template <class T, class Less>
std::int64_t partition_pivot(std::vector<T>& a, std::int64_t first, std::int64_t last, Less less) {
  const std::int64_t mid = first + (last - first) / 2;
  move_median_to_first(a, first, first + 1, mid, last - 1, less);
  return unguarded_partition(a, first + 1, last, first, less);
}

inline int floor_log2(std::int64_t n) {
  int k = 0;
  while (n > 1) {
    n >>= 1;
    ++k;
  }
  return k;
}

// Heap sort of [first, last) (introsort's fallback; only reached by adversarial inputs).
template <class T, class Less>
void heap_sort(std::vector<T>& a, std::int64_t first, std::int64_t last, Less less) {
  std::vector<T> part(a.begin() + first, a.begin() + last);
  std::stable_sort(part.begin(), part.end(), less);
  std::copy(part.begin(), part.end(), a.begin() + first);
}

template <class T, class Less>
void introsort_loop(std::vector<T>& a, std::int64_t first, std::int64_t last, int depth, Less less) {
  while (last - first > 16) {
    if (depth == 0) return heap_sort(a, first, last, less);
    --depth;
    const std::int64_t cut = partition_pivot(a, first, last, less);
    introsort_loop(a, cut, last, depth, less);
    last = cut;
  }
}

// std::sort.
template <class T, class Less>
void sort(std::vector<T>& a, Less less) {
  const std::int64_t n = std::int64_t(a.size());
  if (n < 2) return;
  introsort_loop(a, 0, n, 2 * floor_log2(n), less);
  if (n > 16) {
    insertion_sort(a, 0, 16, less);
    for (std::int64_t i = 16; i < n; ++i) {  // unguarded insertion for the rest
      T v = a[std::size_t(i)];
      std::int64_t k = i;
      while (less(v, a[std::size_t(k - 1)])) {
        a[std::size_t(k)] = a[std::size_t(k - 1)];
        --k;
      }
      a[std::size_t(k)] = v;
    }
  } else {
    insertion_sort(a, 0, n, less);
  }
}

// std::nth_element.
template <class T, class Less>
void nth_element(std::vector<T>& a, std::int64_t nth, Less less) {
  std::int64_t first = 0, last = std::int64_t(a.size());
  if (first == last || nth == last) return;
  int depth = 2 * floor_log2(last - first);
  while (last - first > 3) {
    if (depth == 0) {  // heap select fallback: sort the rest (adversarial inputs only)
      heap_sort(a, first, last, less);
      return;
    }
    --depth;
    const std::int64_t cut = partition_pivot(a, first, last, less);
    if (cut <= nth)
      first = cut;
    else
      last = cut;
  }
  insertion_sort(a, first, last, less);
}

// std::partial_sort: a max-heap of the first `middle` elements (under `less`), each later
// element that beats the heap's top replacing it, then the heap sorted (libstdc++'s
// __heap_select and __sort_heap, hole for hole).
template <class T, class Less>
void push_heap(std::vector<T>& a, std::int64_t hole, std::int64_t top, T value, Less less) {
  std::int64_t parent = (hole - 1) / 2;
  while (hole > top && less(a[std::size_t(parent)], value)) {
    a[std::size_t(hole)] = a[std::size_t(parent)];
    hole = parent;
    parent = (hole - 1) / 2;
  }
  a[std::size_t(hole)] = value;
}

// Sifts `value` down from `hole` in the heap a[0, len).
template <class T, class Less>
void adjust_heap(std::vector<T>& a, std::int64_t hole, std::int64_t len, T value, Less less) {
  const std::int64_t top = hole;
  std::int64_t child = hole;
  while (child < (len - 1) / 2) {
    child = 2 * (child + 1);
    if (less(a[std::size_t(child)], a[std::size_t(child - 1)])) --child;
    a[std::size_t(hole)] = a[std::size_t(child)];
    hole = child;
  }
  if ((len & 1) == 0 && child == (len - 2) / 2) {
    child = 2 * (child + 1);
    a[std::size_t(hole)] = a[std::size_t(child - 1)];
    hole = child - 1;
  }
  push_heap(a, hole, top, value, less);
}

// Moves the top of the heap a[0, len) to `result` and puts what was there into the heap.
template <class T, class Less>
void pop_heap(std::vector<T>& a, std::int64_t len, std::int64_t result, Less less) {
  T value = a[std::size_t(result)];
  a[std::size_t(result)] = a[0];
  adjust_heap(a, 0, len, value, less);
}

template <class T, class Less>
void partial_sort(std::vector<T>& a, std::int64_t middle, Less less) {
  const std::int64_t last = std::int64_t(a.size());
  if (middle < 1) return;
  if (middle >= 2) {  // make_heap
    for (std::int64_t parent = (middle - 2) / 2;; --parent) {
      adjust_heap(a, parent, middle, a[std::size_t(parent)], less);
      if (parent == 0) break;
    }
  }
  for (std::int64_t i = middle; i < last; ++i)
    if (less(a[std::size_t(i)], a[0])) pop_heap(a, middle, i, less);
  for (std::int64_t end = middle; end > 1;) {  // sort_heap
    --end;
    pop_heap(a, end, end, less);
  }
}

}  // namespace gnu

// PyTorch's quick_select_template (kthvalue): after it, a[k] is the k-th smallest by
// `greater` (NaN largest) and the rest are partitioned around it.
template <class T, class Greater>
void torch_quickselect(std::vector<T>& a, std::int64_t k, Greater gt) {
  std::int64_t lo = 0, hi = std::int64_t(a.size()) - 1;
  auto swap_at = [&](std::int64_t i, std::int64_t j) { std::swap(a[std::size_t(i)], a[std::size_t(j)]); };
  auto at = [&](std::int64_t i) -> const T& { return a[std::size_t(i)]; };
  for (;;) {
    if (hi <= lo) return;
    if (hi == lo + 1) {
      if (gt(at(lo), at(hi))) swap_at(lo, hi);
      return;
    }
    swap_at((lo + hi) >> 1, lo + 1);  // median of three to a[lo]
    if (gt(at(lo + 1), at(hi))) swap_at(lo + 1, hi);
    if (gt(at(lo), at(hi))) swap_at(lo, hi);
    if (gt(at(lo + 1), at(lo))) swap_at(lo + 1, lo);
    std::int64_t i = lo + 1, j = hi;
    const T pivot = at(lo);
    for (;;) {
      do ++i;
      while (gt(pivot, at(i)));
      do --j;
      while (gt(at(j), pivot));
      if (j < i) break;
      swap_at(i, j);
    }
    swap_at(lo, j);
    if (j <= k) lo = i;
    if (j >= k) hi = j - 1;
  }
}

}  // namespace whence
