#pragma once
// The Lyapunov section of `vibro report` (issue 5): every case of cases/lyapunov/ in
// double with the measured spread from its computed golden, next to the published value of
// the same method (reference/published/, with its status); the verdicts of the relations
// of MATH.md §4; plots of λ1,k and λ2,k against k.

#include <filesystem>
#include <string>

namespace vibro {

/// Markdown of the section; writes lyapunov1.svg and lyapunov2.svg (λ1,k and λ2,k against k)
/// into `out` when gnuplot is available. `golden_dir` holds the computed goldens
/// (tests/golden/lyapunov/) whose measured spreads the table shows.
std::string lyapunov_section(const std::filesystem::path& cases_dir, const std::filesystem::path& published_dir,
                             const std::filesystem::path& golden_dir, const std::filesystem::path& out);

}  // namespace vibro
