#pragma once
// A match record of GGP-Base's form holding only its "moves" (one list of move texts in role order
// a turn), in a file of its own under the temp folder, removed with the object: for the tests of
// the commands that start from a record's position (`--record MATCH.json --turn N`).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

namespace ggp::testing {

class TempRecord {
 public:
  explicit TempRecord(const std::string& stem)
      : path_(std::filesystem::temp_directory_path() /
              (stem + "_" + std::to_string(getpid()) + ".json")) {}
  ~TempRecord() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  TempRecord(const TempRecord&) = delete;
  TempRecord& operator=(const TempRecord&) = delete;

  // Replaces the file's moves.
  void write(const std::vector<std::vector<std::string>>& moves) const {
    std::ofstream(path_) << nlohmann::json{{"moves", moves}}.dump();
  }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace ggp::testing
