#include "propnet/corpus.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/corpus.h"

namespace ggp::propnet::testing {

std::string CorpusGame::kif_path() const {
  return (ggp::testing::corpus_dir() / "games" / source / (key + ".kif")).string();
}
std::string CorpusGame::trace_path() const {
  return (ggp::testing::corpus_dir() / "traces" / source / (key + ".jsonl")).string();
}
bool CorpusGame::has_trace() const { return std::filesystem::exists(trace_path()); }

std::vector<CorpusGame> corpus_games() {
  std::ifstream in(ggp::testing::corpus_path("games/manifest.tsv"));
  std::string line;
  std::vector<std::string> header;
  std::vector<CorpusGame> games;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, '\t');) cells.push_back(cell);
    if (header.empty()) {
      header = cells;
      continue;
    }
    auto column = [&](const std::string& name) -> std::string {
      for (size_t i = 0; i < header.size() && i < cells.size(); ++i)
        if (header[i] == name) return cells[i];
      return "";
    };
    if (column("gdl2_out_of_scope") == "true" || column("parse_ok") == "false") continue;
    games.push_back({column("source"), column("gamekey")});
  }
  REQUIRE(games.size() > 100);
  return games;
}

std::vector<CorpusGame> sample(const std::vector<CorpusGame>& games, size_t step, size_t offset) {
  std::vector<CorpusGame> out;
  for (size_t i = offset; i < games.size(); i += step) out.push_back(games[i]);
  return out;
}

}  // namespace ggp::propnet::testing
