// The search settings of player specs (cli/player_spec.cpp) end to end through `ggp bench-search`:
// tree parallelism, transpositions and the metagame are accepted and run, bad values are refused,
// and the serial searches keep their seeded behaviour.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "support/run_command.h"

namespace {

ggp::testing::CommandRun bench(const std::string& spec, int playouts = 2000) {
  std::string game = std::string(GGP_SOURCE_ROOT) + "/games_kif/ticTacToe.kif";
  return ggp::testing::run_command(std::string(GGP_BINARY) + " bench-search '" + game +
                                   "' --searcher '" + spec + "' --playouts " +
                                   std::to_string(playouts) + " --seed 3 2>&1");
}

// The value of the output line "key: value", or "" if there is none.
std::string field(const std::string& output, const std::string& key) {
  size_t at = output.find("\n" + key + ": ");
  if (at == std::string::npos) return "";
  size_t begin = at + key.size() + 3;
  return output.substr(begin, output.find('\n', begin) - begin);
}

}  // namespace

TEST_CASE("search specs: tree parallelism, transpositions and metagame run from the CLI") {
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  for (const char* spec : {"uct:threads=2,parallel=tree", "rave:threads=3,parallel=tree",
                           "uct:threads=2,parallel=root", "uct:transpositions=1",
                           "uct:transpositions=1,dag_means=1",
                           "meta:candidates=uct+rave,trial_playouts=50,rounds=1,c=0.5"}) {
    CAPTURE(spec);
    auto run = bench(spec);
    CHECK(run.status == 0);
    CHECK(field(run.output, "playouts") == "2000");
  }
  auto meta = bench("meta:candidates=uct+mast,trial_playouts=50,rounds=1");
  bool named = meta.output.find("(meta:uct)") != std::string::npos ||
               meta.output.find("(meta:mast)") != std::string::npos;
  CHECK(named);  // the searcher's name reports the choice
  // The metagame is deterministic under playout budgets.
  CHECK(field(meta.output, "signature") ==
        field(bench("meta:candidates=uct+mast,trial_playouts=50,rounds=1").output, "signature"));
}

TEST_CASE("search specs: decisive moves in the tree only are a search of their own") {
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  auto tree_only = bench("uct:decisive_tree=1");
  CHECK(tree_only.status == 0);
  CHECK(field(tree_only.output, "playouts") == "2000");
  const std::string signature = field(tree_only.output, "signature");
  CHECK(signature != field(bench("uct").output, "signature"));       // the tree sees wins
  CHECK(signature != field(bench("decisive").output, "signature"));  // playouts stay random
}

TEST_CASE("search specs: bad values are refused with the accepted ones") {
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  auto bad_parallel = bench("uct:threads=2,parallel=leaf");
  CHECK(bad_parallel.status != 0);
  CHECK(bad_parallel.output.find("tree|root") != std::string::npos);
  auto bad_candidate = bench("meta:candidates=uct+nrpa");
  CHECK(bad_candidate.status != 0);
  CHECK(bad_candidate.output.find("nrpa") != std::string::npos);
  CHECK(bench("meta:rounds=x").status != 0);
}

TEST_CASE("search specs: epsilon-greedy MAST and the goal cutoff are settings of their own") {
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  auto greedy = bench("amaf:playout=mast_eg,mast_eps=0.2");
  CHECK(greedy.status == 0);
  const std::string signature = field(greedy.output, "signature");
  CHECK(signature != field(bench("amaf:playout=mast").output, "signature"));
  CHECK(signature != field(bench("amaf:playout=mast_eg,mast_eps=0.9").output, "signature"));
  // ticTacToe's goals are 0 until the end: the probe keeps full playouts and says why.
  auto cutoff = bench("amaf:cutoff=1,cutoff_depth=2,cutoff_probes=20");
  CHECK(cutoff.status == 0);
  CHECK(field(cutoff.output, "note").find("no goal cutoff") == 0);
  CHECK(field(cutoff.output, "signature") == field(bench("amaf").output, "signature"));
  auto bad = bench("amaf:playout=greedy");
  CHECK(bad.status != 0);
  CHECK(bad.output.find("mast_eg") != std::string::npos);
}

TEST_CASE("search specs: batched searches run several at once by root parallelism, not tree") {
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  auto root = bench("amaf:batch=16,leaf_playouts=4,threads=2,parallel=root");
  CHECK(root.status == 0);
  CHECK(field(root.output, "playouts") == "2000");
  auto tree = bench("amaf:batch=16,threads=2,parallel=tree");
  CHECK(tree.status != 0);
  CHECK(tree.output.find("does not combine with parallel=tree") != std::string::npos);
}

TEST_CASE("search specs: recycle trims a full tree instead of stopping its growth") {
  REQUIRE_MESSAGE(std::filesystem::exists(GGP_BINARY), GGP_BINARY << " is not built");
  for (const char* spec :
       {"uct:nodes=300,recycle=1", "amaf:batch=16,leaf_playouts=4,nodes=300,recycle=1",
        "uct:nodes=300,recycle=1,transpositions=1,dag_means=1"}) {
    CAPTURE(spec);
    auto run = bench(spec, 20000);
    CHECK(run.status == 0);
    CHECK(field(run.output, "playouts") == "20000");
    CHECK(std::stoul(field(run.output, "nodes")) <= 300);
    CHECK(field(run.output, "note").find("tree recycled: ") == 0);
  }
  // Without recycle the full tree stops growing and says nothing.
  CHECK(field(bench("uct:nodes=300", 20000).output, "note").empty());
}
