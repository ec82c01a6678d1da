#include "budget.hpp"

#include <chrono>
#include <string>

#include "error.hpp"

namespace whence {
namespace {

using Clock = std::chrono::steady_clock;

RequestLimits g_limits;

struct Count {
  int depth = 0;
  std::int64_t work = 0, relation_bytes = 0, kept_bytes = 0;
  std::int64_t work_at_clock = 0;  // work done when the clock was last read
  int charges_at_clock = 0;        // charges since
  Clock::time_point deadline;
};
thread_local Count g_count;

// 1234567 -> "1,234,567"
std::string grouped(std::int64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

const RequestLimits& request_limits() { return g_limits; }
void set_request_limits(const RequestLimits& limits) { g_limits = limits; }

RequestScope::RequestScope() {
  if (g_count.depth++ > 0) return;
  renew_request_budget();
}

void renew_request_budget() {
  const int depth = g_count.depth;
  g_count = Count{};
  g_count.depth = depth;
  g_count.deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(g_limits.seconds));
}

RequestScope::~RequestScope() { --g_count.depth; }

namespace {

// Adds `n` to one of the open request's counts (nothing outside a scope); past `limit`, fails
// with the words `refusal` writes.
template <class Refusal>
void add(std::int64_t& count, std::int64_t n, std::int64_t limit, Refusal refusal) {
  if (g_count.depth == 0) return;
  count += n;
  if (count > limit) fail("Unsupported", refusal());
}

}  // namespace

void charge_work(std::int64_t steps) {
  if (g_count.depth == 0) return;
  add(g_count.work, steps, g_limits.work, [] {
    return "this request needs more than " + grouped(g_limits.work) +
           " steps of work (Whence's limit per request); ask for fewer elements or smaller tensors";
  });
  // The clock is read every 4,096 steps or 16 charges, whichever comes first: a charge can stand
  // for a costly step (an element explained by preparing its whole op again).
  if (g_count.work - g_count.work_at_clock >= (1 << 12) || ++g_count.charges_at_clock >= 16) {
    g_count.work_at_clock = g_count.work;
    g_count.charges_at_clock = 0;
    if (Clock::now() > g_count.deadline)
      fail("Unsupported", "this request ran longer than " + grouped(std::int64_t(g_limits.seconds)) +
                              " s (Whence's limit per request); ask for fewer elements or smaller tensors");
  }
}

void charge_relation_bytes(std::int64_t bytes) {
  add(g_count.relation_bytes, bytes, g_limits.relation_bytes, [] {
    return "the relations of this result take more than " + grouped(g_limits.relation_bytes >> 20) +
           " MiB (Whence's limit per response); ask for chosen elements instead: \"explain\": [[RESULT, ELEMENT], ...]";
  });
}

void charge_kept_bytes(std::int64_t bytes) {
  add(g_count.kept_bytes, bytes, g_limits.kept_bytes, [] {
    return "the relations this request keeps take more than " + grouped(g_limits.kept_bytes >> 20) +
           " MiB of memory (Whence's limit per request); ask for fewer elements or smaller tensors";
  });
}

}  // namespace whence
