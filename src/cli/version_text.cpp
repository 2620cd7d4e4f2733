#include "version_text.hpp"

#include <boost/version.hpp>
#include <fmt/format.h>
#include <gmp.h>
#include <mpfr.h>

namespace vibro::cli {

std::string version_text() {
#ifdef __clang__
  const char* compiler = "clang " __clang_version__;
#else
  const char* compiler = "gcc " __VERSION__;
#endif
  return fmt::format("vibro {} (git {})\ncompiler {}, C++ {}\nBoost {}.{}.{}, MPFR {}, GMP {}, fmt {}.{}.{}", VIBRO_VERSION,
                     VIBRO_GIT_HASH, compiler, __cplusplus, BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000,
                     BOOST_VERSION % 100, mpfr_get_version(), gmp_version, FMT_VERSION / 10000, FMT_VERSION / 100 % 100,
                     FMT_VERSION % 100);
}

}  // namespace vibro::cli
