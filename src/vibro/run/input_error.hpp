#pragma once
// One error class for every kind of bad input (ARCHITECTURE.md "Errors"): it names the
// file, the key and what is allowed, and the CLI turns it into one line and exit code 2.

#include <stdexcept>
#include <string>

namespace vibro {

class InputError : public std::runtime_error {
 public:
  InputError(std::string file, std::string key, const std::string& message)
      : std::runtime_error(compose(file, key, message)), file_(std::move(file)), key_(std::move(key)) {}

  const std::string& file() const { return file_; }
  const std::string& key() const { return key_; }

 private:
  static std::string compose(const std::string& file, const std::string& key, const std::string& message) {
    std::string text = file.empty() ? std::string() : file + ": ";
    if (!key.empty()) text += "key '" + key + "': ";
    return text + message;
  }
  std::string file_, key_;
};

}  // namespace vibro
