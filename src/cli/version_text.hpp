#pragma once
// What `vibro --version` prints: the version, the commit it was configured from, the compiler,
// and the versions of the libraries a number depends on (Boost.Multiprecision, MPFR, GMP) —
// what a bug report or a reproduced table has to name.

#include <string>

namespace vibro::cli {

std::string version_text();

}  // namespace vibro::cli
