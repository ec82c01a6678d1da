// bench_case.cpp - the table of cases and their preparation (bench_case.hpp). No ATen.
#include "kernels/bench/bench_case.hpp"

#include <new>

#include "core/error.hpp"

namespace whence::bench {

Prepared prepared(const std::string& code, std::vector<Tensor> inputs, double bytes, double flops) {
  Prepared p;
  p.op = bind_op(code, inputs);
  p.inputs = std::move(inputs);
  p.bytes = bytes;
  p.flops = flops;
  return p;
}

std::vector<Case> all_cases() {
  std::vector<Case> all;
  for (auto family :
       {elementwise_cases, reduce_cases, order_cases, select_cases, movement_cases, products_cases, factory_cases})
    for (Case& c : family()) all.push_back(std::move(c));
  return all;
}

std::string prepare_case(const Case& c, std::int64_t numel, Prepared& p, std::vector<Tensor>* first) {
  try {
    p = c.prepare(numel);
    std::vector<Tensor> got = p.op.run();
    if (first) *first = std::move(got);
  } catch (const Skip& s) {
    return s.what();
  } catch (const Error& e) {
    const std::string what = e.what();
    return "Whence refuses it (" + e.type + "): " + what;
  } catch (const std::bad_alloc&) {
    p = Prepared();
    return "out of memory at this size";
  }
  return "";
}

}  // namespace whence::bench
