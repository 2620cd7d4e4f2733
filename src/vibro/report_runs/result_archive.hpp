#pragma once
// A typed result as bytes and back, every field exactly (texts as they are, doubles bit for
// bit): how `vibro report`'s worker processes hand their runs to the report
// (report_runs/worker_processes.hpp). Not a file format: the bytes are written and read by the
// same executable within one report, so they carry no version and no byte order.
//
// Each struct's fields are listed once, for writing and reading alike: the findings sections
// by their declarations in results/declared_sections.hpp, the others through a structured binding. A
// field added to a result and not to its list does not compile.

#include "vibro/results/lyapunov_result.hpp"

#include <string>
#include <string_view>

namespace vibro {

struct RunResult;  // results/run_result.hpp

/// Results and numbers, one after another, as bytes.
class ResultArchiveWriter {
 public:
  ResultArchiveWriter& operator<<(const RunResult& result);
  ResultArchiveWriter& operator<<(const LyapunovResult& result);
  ResultArchiveWriter& operator<<(double x);
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

/// Reads what a ResultArchiveWriter wrote, in the same order; throws std::runtime_error
/// when the bytes end early.
class ResultArchiveReader {
 public:
  explicit ResultArchiveReader(std::string_view bytes) : rest_(bytes) {}
  ResultArchiveReader& operator>>(RunResult& result);
  ResultArchiveReader& operator>>(LyapunovResult& result);
  ResultArchiveReader& operator>>(double& x);
  /// Throws std::runtime_error when bytes are left: the reader and the writer disagree.
  void finish() const;

 private:
  std::string_view rest_;
};

}  // namespace vibro
