#pragma once
// The two kinds of error a user sees, each one line naming what went wrong: bad input (the
// file, the key, the value and what is allowed; exit code 2) and a run that cannot go on
// (where and why; exit code 1). Values echoed from the input, and numbers longer than 60
// characters anywhere in the message, are cut to a readable length (shown_input and
// cut_long_numbers, vibro/scalar/shown_input.hpp).

#include "vibro/scalar/shown_input.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

namespace vibro {

class InputError : public std::runtime_error {
 public:
  /// The message is kept on one line (its control characters escaped: it may quote the input).
  InputError(std::string file, std::string key, const std::string& message)
      : std::runtime_error(compose(file, key, message)), file_(std::move(file)), key_(std::move(key)),
        message_(escaped_controls(cut_long_numbers(message))) {}

  const std::string& file() const { return file_; }
  const std::string& key() const { return key_; }
  /// The message without the file and the key.
  const std::string& message() const { return message_; }

 private:
  static std::string compose(const std::string& file, const std::string& key, const std::string& message) {
    std::string text = file.empty() ? std::string() : escaped_controls(file) + ": ";
    if (!key.empty()) text += "key '" + shown_input(key) + "': ";  // a key of the file may hold any character
    return text + escaped_controls(cut_long_numbers(message));
  }
  std::string file_, key_, message_;
};

/// A run that cannot go on: a state that is no longer finite, a step that does not advance
/// time, a file that cannot be written. The message says where (file, step, time) and the
/// likely cause.
class RunFailure : public std::runtime_error {
 public:
  explicit RunFailure(const std::string& message) : std::runtime_error(cut_long_numbers(message)) {}
};

}  // namespace vibro
