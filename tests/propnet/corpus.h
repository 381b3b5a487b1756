#pragma once
// The in-scope corpus games (the corpus's games/manifest.tsv without gdl2_out_of_scope rows), for
// the propnet's corpus sweeps (support/corpus.h finds the corpus).
#include <string>
#include <vector>

namespace ggp::propnet::testing {

struct CorpusGame {
  std::string source, key;
  std::string kif_path() const;    // <corpus>/games/<source>/<key>.kif
  std::string trace_path() const;  // <corpus>/traces/<source>/<key>.jsonl (may not exist)
  bool has_trace() const;
};

// Fails the test case when there is no corpus or its manifest lists no game.
std::vector<CorpusGame> corpus_games();

// Every `step`-th game of `games`, starting at `offset`: a deterministic sample.
std::vector<CorpusGame> sample(const std::vector<CorpusGame>& games, size_t step, size_t offset = 0);

}  // namespace ggp::propnet::testing
