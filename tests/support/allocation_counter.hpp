#pragma once
// The number of calls of the global operator new so far in this program, for tests that
// assert that a stretch of code allocates nothing. Only programs that link
// support/allocation_counter.cpp (which replaces operator new) have it.

#include <cstdint>

namespace vibro::testing {

std::int64_t allocation_count();

}  // namespace vibro::testing
