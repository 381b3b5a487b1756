#pragma once
// The in-scope corpus games (../shared/games/manifest.tsv without gdl2_out_of_scope rows), for the
// propnet's generic tests.
#include <string>
#include <vector>

namespace ggp::propnet::testing {

struct CorpusGame {
  std::string source, key;
  std::string kif_path() const;    // ../shared/games/<source>/<key>.kif
  std::string trace_path() const;  // ../shared/traces/<source>/<key>.jsonl (may not exist)
  bool has_trace() const;
};

std::vector<CorpusGame> corpus_games();

// Every `step`-th game of `games`, starting at `offset`: a deterministic sample.
std::vector<CorpusGame> sample(const std::vector<CorpusGame>& games, size_t step, size_t offset = 0);

}  // namespace ggp::propnet::testing
