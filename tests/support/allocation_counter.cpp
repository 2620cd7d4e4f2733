// Replaces the global operator new and delete of the test program that links this file by
// malloc and free with a counter (support/allocation_counter.hpp). A translation unit of its
// own, so that no call site sees malloc behind a new-expression. Single-threaded use: the
// counter is a plain atomic so that it stays correct anyway.

#include "support/allocation_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::int64_t> allocations{0};
}  // namespace

std::int64_t vibro::testing::allocation_count() { return allocations.load(); }

void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
