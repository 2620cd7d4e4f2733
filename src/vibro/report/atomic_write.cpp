#include "vibro/report/atomic_write.hpp"

#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace vibro {

void write_file_atomically(const std::filesystem::path& target, std::string_view content) {
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path());
  std::filesystem::path temporary = target;
  temporary += ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      throw std::runtime_error("cannot write " + temporary.string());
    }
  }
  std::filesystem::rename(temporary, target);
}

}  // namespace vibro
