// Every in-scope game of the corpus (its games/manifest.tsv, gdl2_out_of_scope false) goes through
// the loader in-process: all must load except the broken ones listed here, which must fail with a
// GdlError whose diagnostics contain the given reason.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "gdl/loader.h"
#include "support/corpus.h"

using namespace ggp::gdl;

namespace {

// Broken rule sheets and a part of the error that shows why. The first four are named by the
// issue; the others were found by this validator and checked by hand.
const std::map<std::string, std::string> kBroken = {
    {"stanford/hitori.kif", "unbalanced ')'"},
    {"stanford/mnk.kif", "unbalanced ')'"},
    {"ggp-base_test/test_invalid_function_arities_differ.kif", "the function 'a' is used here"},
    {"ggp-base_test/test_invalid_sentence_arities_differ.kif", "the relation 'foo' is used here"},
    {"dresden/catch_me_if_u_can.kif", "'does' cannot be the head"},
    {"dresden/catch_me_if_u_can_1.kif", "'true' cannot be the head"},
    {"dresden/CatchMeIfYouCan.kif", "'does' cannot be the head"},
    {"dresden/thief_police.kif", "'does' cannot be the head"},
    {"dresden/Checkers_grounded.kif", "the relation 'canJump' is used here"},
    {"dresden/Connect4_grounded.kif", "the relation 'open' is used here"},
    {"dresden/DotsAndBoxesExperimental.kif", "the keyword 'role' is used as a function symbol"},
    {"dresden/DoubleAuctionDJ.kif", "unsafe rule: the variables ?a, ?a2, ?q"},
    {"dresden/gameofsquares.kif", "'next' takes 1 argument, here 3"},
    {"dresden/Nine_Mens_Morris_0.11_2p.kif", "the relation 'closingMill' is used here"},
    {"dresden/Qyshinsu.kif", "'base' takes 1 argument, here 2"},
    {"dresden/sudoku_simple.kif", "the function 'cell' is used here"},
    {"dresden/themathematician_easy.kif", "the variable ?n of a fact"},
    {"dresden/themathematician_medium.kif", "the variable ?n of a fact"},
    {"stanford/jointsukoshi.kif", "'legal' takes 2 arguments, here 4"},
};

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, '\t')) fields.push_back(field);
  return fields;
}

// The `path` column of every in-scope row of the manifest.
std::vector<std::string> in_scope_games(const std::string& manifest) {
  std::ifstream in(manifest);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> header = split(line);
  size_t path_col = header.size(), scope_col = header.size();
  for (size_t i = 0; i < header.size(); ++i) {
    if (header[i] == "path") path_col = i;
    if (header[i] == "gdl2_out_of_scope") scope_col = i;
  }
  REQUIRE(path_col < header.size());
  REQUIRE(scope_col < header.size());
  std::vector<std::string> games;
  while (std::getline(in, line)) {
    std::vector<std::string> f = split(line);
    if (f.size() > std::max(path_col, scope_col) && f[scope_col] != "true")
      games.push_back(f[path_col]);
  }
  return games;
}

}  // namespace

TEST_CASE("corpus: every in-scope game loads, except the known broken ones") {
  const std::string dir = ggp::testing::corpus_path("games") + "/";
  std::vector<std::string> games = in_scope_games(dir + "manifest.tsv");
  REQUIRE(games.size() > 700);

  auto start = std::chrono::steady_clock::now();
  std::map<std::string, std::string> rejected;  // path -> every error
  for (const std::string& path : games) {
    try {
      load_game_file(dir + path);
    } catch (const GdlError& e) {
      rejected[path] = e.what();
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::string listing;
  for (const auto& [path, errors] : rejected) {
    std::string first = errors.substr(0, errors.find('\n'));
    if (first.rfind(dir + path, 0) == 0) first = first.substr(dir.size());
    listing += "  " + first + "\n";
  }
  MESSAGE(games.size() << " in-scope games, " << games.size() - rejected.size() << " valid, "
                       << rejected.size() << " rejected in " << seconds << " s:\n"
                       << listing);

  for (const auto& [path, errors] : rejected) {
    INFO(path << ": " << errors);
    CHECK(kBroken.count(path) == 1);
  }
  for (const auto& [path, reason] : kBroken) {
    INFO(path << " should fail with: " << reason);
    auto it = rejected.find(path);
    REQUIRE(it != rejected.end());
    CHECK(it->second.find(reason) != std::string::npos);
  }
}
