#pragma once
// The outside corpus: a folder holding games/ (with games/manifest.tsv), traces/ and protocol/,
// found at run time. GGP_CORPUS=DIR names it; unset, the project's ../shared is used when it holds
// a corpus. The project's own tests never need it: only test cases named "corpus: ..." read it,
// and ctest runs those as their own suites (<layer>_corpus), which exit with kCorpusSkipped, and
// are reported Skipped, when no corpus is found (tests/doctest_main.cpp). The shell scripts find
// the same folder through tests/support/corpus.sh; keep the two in step.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace ggp::testing {

// The exit status of a corpus suite run without a corpus (ctest's SKIP_RETURN_CODE).
inline constexpr int kCorpusSkipped = 77;

struct CorpusLocation {
  std::optional<std::filesystem::path> dir;  // set when a corpus was found
  bool asked = false;  // GGP_CORPUS was set: not finding it there is an error, not a skip
  std::string why;     // when not found: where it was looked for and what was missing
};

inline CorpusLocation locate_corpus() {
  namespace fs = std::filesystem;
  CorpusLocation where;
  fs::path dir;
  if (const char* env = std::getenv("GGP_CORPUS"); env != nullptr && *env != '\0') {
    where.asked = true;
    dir = env;
  } else {
    dir = (fs::path(GGP_SOURCE_ROOT) / "..").lexically_normal() / "shared";
  }
  std::error_code ec;
  std::string missing;
  for (const char* part : {"games/manifest.tsv", "traces", "protocol"})
    if (!fs::exists(dir / part, ec)) missing += missing.empty() ? part : std::string(", ") + part;
  if (missing.empty()) {
    where.dir = fs::absolute(dir, ec);
    return where;
  }
  where.why = where.asked ? "GGP_CORPUS=" + dir.string() : "GGP_CORPUS is not set and " + dir.string();
  where.why += fs::exists(dir, ec) ? " has no " + missing : " does not exist";
  return where;
}

// The corpus folder, for a "corpus: ..." test case: the test case fails with the reason when
// there is none (the suite runner skips corpus suites before that when none was asked for).
inline std::filesystem::path corpus_dir() {
  static const CorpusLocation where = locate_corpus();
  INFO("no corpus: " << where.why << " (GGP_CORPUS=DIR names a folder with games/, traces/, protocol/)");
  REQUIRE(where.dir.has_value());
  return *where.dir;
}

// A file or folder of the corpus, e.g. corpus_path("games/base/chess.kif"); the test case fails
// if it is not there.
inline std::string corpus_path(const std::string& relative) {
  std::filesystem::path path = corpus_dir() / relative;
  INFO("missing from the corpus: " << path.string());
  REQUIRE(std::filesystem::exists(path));
  return path.string();
}

// The folder of the games shipped with the project, games_kif/.
inline const std::filesystem::path kShippedGames = std::filesystem::path(GGP_SOURCE_ROOT) / "games_kif";

// A game shipped with the project: games_kif/<name>.kif.
inline std::string shipped_game_path(const std::string& name) {
  return (kShippedGames / (name + ".kif")).string();
}

}  // namespace ggp::testing
