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

// Broken rule sheets and a part of the error that shows why. The reader reads what GGP-Base reads
// (names in several shapes, a stray ')': gdl/parser.h), so what is left are rules GGP-Base cannot
// play either: its prover throws on the first legal moves of the catch-me games and thief_police
// (a head variable nothing binds).
const std::map<std::string, std::string> kBroken = {
    {"dresden/catch_me_if_u_can.kif", "unsafe rule: the variable ?y1"},
    {"dresden/catch_me_if_u_can_1.kif", "unsafe rule: the variable ?y1"},
    {"dresden/CatchMeIfYouCan.kif", "unsafe rule: the variable ?y1"},
    {"dresden/thief_police.kif", "unsafe rule: the variable ?y1"},
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

  // No structured bindings here: INFO captures its names, which clang 14 can't do for bindings.
  for (const auto& entry : rejected) {
    INFO(entry.first << ": " << entry.second);
    CHECK(kBroken.count(entry.first) == 1);
  }
  for (const auto& entry : kBroken) {
    INFO(entry.first << " should fail with: " << entry.second);
    auto it = rejected.find(entry.first);
    REQUIRE(it != rejected.end());
    CHECK(it->second.find(entry.second) != std::string::npos);
  }
}
