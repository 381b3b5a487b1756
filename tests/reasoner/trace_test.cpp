// The prover replays every reference trace of the corpus (traces/, GGP-Base's prover) with a time
// budget per game; the output lists games cut short, games the prover cannot build, and every
// disagreement. Only the differences and construction failures listed below, each with its cause,
// are tolerated.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>

#include "gdl/loader.h"
#include "reasoner/prover.h"
#include "reasoner/trace.h"
#include "support/corpus.h"

namespace ggp::reasoner {
namespace {

namespace fs = std::filesystem;

// Disagreements with GGP-Base that are understood. Empty: the prover agrees on every trace it
// replays.
const std::map<std::string, std::string> kKnownDifferences = {};

// Games the prover cannot build, with the cause. Empty: unsafe rules (test_case_3e, 3f) are
// rewritten at load as GGP-Base reads them (gdl/unsafe_rules.h).
const std::map<std::string, std::string> kKnownBuildFailures = {};

constexpr double kSecondsPerGame = 0.5;

std::string key_of(const fs::path& trace) {
  return trace.parent_path().filename().string() + "/" + trace.stem().string();
}

TEST_CASE("corpus: the prover agrees with every reference trace") {
  fs::path traces = ggp::testing::corpus_path("traces");
  fs::path games = ggp::testing::corpus_path("games");
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(traces))
    if (entry.path().extension() == ".jsonl") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  CHECK(files.size() > 300);

  size_t ok = 0, cut = 0, differing = 0, failed = 0;
  std::string cut_list, failed_list;
  for (const fs::path& trace : files) {
    std::string key = key_of(trace);
    fs::path kif = games / (key + ".kif");
    std::unique_ptr<StateMachine> machine;
    try {
      machine = make_prover(gdl::load_game_file(kif.string()));
    } catch (const std::exception& e) {
      ++failed;
      failed_list += "  " + key + ": " + std::string(e.what()).substr(0, 200) + "\n";
      CHECK_MESSAGE(kKnownBuildFailures.count(key) > 0, key << " does not build: " << e.what());
      continue;
    }
    CHECK_MESSAGE(kKnownBuildFailures.count(key) == 0, key << " builds now: drop it from the list");
    TraceCheck check = check_trace(*machine, trace.string(), kSecondsPerGame);
    if (check.cut_short) {
      ++cut;
      cut_list += " " + key;
    }
    if (check.ok) {
      ++ok;
      CHECK_MESSAGE(kKnownDifferences.count(key) == 0, key << " agrees now: drop it from the list");
      continue;
    }
    ++differing;
    MESSAGE(key << " differs: " << check.difference);
    CHECK_MESSAGE(kKnownDifferences.count(key) > 0, key << ": " << check.difference);
  }
  MESSAGE(files.size() << " traces: " << ok << " agree (" << cut << " cut short after "
                       << kSecondsPerGame << " s), " << differing << " differ, " << failed
                       << " do not build");
  if (!cut_list.empty()) MESSAGE("cut short:" << cut_list);
  if (!failed_list.empty()) MESSAGE("not built:\n" << failed_list);
}

}  // namespace
}  // namespace ggp::reasoner
