#pragma once
// The Lyapunov section of `vibro report` (issue 5): every case of cases/lyapunov/ in
// double, next to the published value of the same method (reference/published/, with its
// status), the verdicts of the relations of MATH.md §4, and a plot of λ1,k against k.

#include <filesystem>
#include <string>

namespace vibro {

/// Markdown of the section; writes lyapunov.svg into `out` when gnuplot is available.
std::string lyapunov_section(const std::filesystem::path& cases_dir, const std::filesystem::path& published_dir,
                             const std::filesystem::path& out);

}  // namespace vibro
