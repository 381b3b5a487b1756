#pragma once
// Files for the tests: a fresh folder of the temp folder, and a whole file as text.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ggp::testing {

// <temp folder>/<stem>_<pid>, removed with what it held (not created again).
inline std::filesystem::path fresh_folder(const std::string& stem) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / (stem + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

// The file's bytes (empty when it cannot be read).
inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace ggp::testing
