#include "vibro/io/why_measured.hpp"

#include "vibro/io/toml_reader.hpp"

namespace vibro {

std::string why_measured(const std::filesystem::path& file) {
  const TomlReader r(file.string(), read_input_file(file, "case file"));
  const toml::table root = r.parse();
  return r.string(r.table(root, "convergence", false), "convergence", "why_measured", false).value_or("");
}

}  // namespace vibro
