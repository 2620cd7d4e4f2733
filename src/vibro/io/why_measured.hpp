#pragma once
// Why a case's convergence orders are only measured (convergence.why_measured, with
// orders = "measured"; docs/case_files.md). No run needs it, so CaseSpec leaves it out: the
// report's summary of verdicts reads it from the case file here, to list the study it gives no
// order verdict with its reason.

#include <filesystem>
#include <string>

namespace vibro {

/// convergence.why_measured of the case file `file`, or empty when the file gives none. The
/// file was read as a case before (io/case_file.hpp, which checks the key): an InputError
/// only if it changed or went away since.
std::string why_measured(const std::filesystem::path& file);

}  // namespace vibro
