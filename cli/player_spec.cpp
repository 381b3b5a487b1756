#include "cli/player_spec.h"

#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "agent/factored_search.h"
#include "agent/mcts.h"
#include "agent/metagame.h"
#include "agent/mm_mcs.h"
#include "agent/nested_search.h"
#include "agent/random_player.h"
#include "agent/root_parallel.h"
#include "agent/search_player.h"

namespace ggp::cli {
namespace {

using Setter = std::function<void(const std::string&)>;
using Settings = std::map<std::string, Setter>;

double to_double(const std::string& key, const std::string& text) {
  try {
    size_t used = 0;
    double v = std::stod(text, &used);
    if (used == text.size()) return v;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument("setting '" + key + "' needs a number, got '" + text + "'");
}

uint64_t to_count(const std::string& key, const std::string& text) {
  double v = to_double(key, text);
  if (v < 0 || v != static_cast<double>(static_cast<uint64_t>(v)))
    throw std::invalid_argument("setting '" + key + "' needs a whole number >= 0, got '" + text +
                                "'");
  return static_cast<uint64_t>(v);
}

bool to_bool(const std::string& key, const std::string& text) {
  if (text == "1" || text == "true" || text == "on") return true;
  if (text == "0" || text == "false" || text == "off") return false;
  throw std::invalid_argument("setting '" + key + "' needs 0 or 1, got '" + text + "'");
}

template <typename T>
Setter number(const std::string& key, T& field) {
  return [&field, key](const std::string& v) {
    if constexpr (std::is_same_v<T, double>)
      field = to_double(key, v);
    else if constexpr (std::is_same_v<T, bool>)
      field = to_bool(key, v);
    else
      field = static_cast<T>(to_count(key, v));
  };
}

template <typename E>
Setter choice(const std::string& key, E& field, std::map<std::string, E> names) {
  return [&field, key, names](const std::string& v) {
    auto it = names.find(v);
    if (it == names.end()) {
      std::string known;
      for (const auto& [n, e] : names) known += (known.empty() ? "" : "|") + n;
      throw std::invalid_argument("setting '" + key + "' takes " + known + ", got '" + v + "'");
    }
    field = it->second;
  };
}

void add_mcts_settings(Settings& s, agent::MctsConfig& c) {
  s["c"] = number("c", c.exploration);
  s["k"] = number("k", c.rave_k);
  s["amaf"] = choice<agent::AmafMode>("amaf", c.amaf,
                                      {{"off", agent::AmafMode::Off},
                                       {"alpha", agent::AmafMode::Alpha},
                                       {"rave", agent::AmafMode::Rave}});
  s["amaf_alpha"] = number("amaf_alpha", c.amaf_alpha);
  s["amaf_untried"] = number("amaf_untried", c.amaf_untried);
  s["amaf_fixed"] = number("amaf_fixed", c.amaf_min_fixed);
  auto playout = choice<agent::PlayoutMode>("playout", c.playout,
                                           {{"random", agent::PlayoutMode::Random},
                                            {"mast", agent::PlayoutMode::Mast},
                                            {"mast_eg", agent::PlayoutMode::MastGreedy},
                                            {"mast_eg_auto", agent::PlayoutMode::MastGreedy},
                                            {"ppa", agent::PlayoutMode::Ppa},
                                            {"ppa_eg", agent::PlayoutMode::PpaGreedy}});
  s["playout"] = [&c, playout](const std::string& v) {
    playout(v);
    c.mast_unless_greedy = v == "mast_eg_auto";
  };
  s["mast_tau"] = number("mast_tau", c.mast_temperature);
  s["mast_eps"] = number("mast_eps", c.mast_epsilon);
  s["mast_share"] = number("mast_share", c.mast_max_share);
  s["captures"] = number("captures", c.capture_share);
  s["mvv"] = number("mvv", c.capture_ranks);
  s["capture_order"] = choice<agent::CaptureOrder>("capture_order", c.capture_order,
                                                  {{"0", agent::CaptureOrder::Off},
                                                   {"1", agent::CaptureOrder::Tree},
                                                   {"root", agent::CaptureOrder::Root}});
  s["private"] = number("private", c.avoid_private);
  s["private_captures"] = number("private_captures", c.private_captures);
  s["pass_last"] = number("pass_last", c.pass_last);
  s["lgrf"] = number("lgrf", c.last_good_replies);
  s["ppa_alpha"] = number("ppa_alpha", c.ppa_alpha);
  s["ppa_replays"] = number("ppa_replays", c.ppa_replays);
  s["threshold"] = number("threshold", c.expand_threshold);
  s["nodes"] = number("nodes", c.max_nodes);
  s["depth"] = number("depth", c.max_playout_depth);
  s["temp"] = number("temp", c.temperature);
  s["solver"] = number("solver", c.solver);
  s["decisive"] = [&c](const std::string& v) {
    c.decisive_in_tree = c.decisive_in_playout = to_bool("decisive", v);
  };
  s["decisive_tree"] = number("decisive_tree", c.decisive_in_tree);  // the tree only: cheap
  s["antidecisive"] = number("antidecisive", c.anti_decisive);
  s["greedy"] = [&c](const std::string& v) {
    c.greedy_auto = v == "auto";
    c.greedy_playouts = !c.greedy_auto && to_bool("greedy", v);
  };
  s["heuristic"] = number("heuristic", c.heuristic_weight);
  s["heuristic_lines"] = number("heuristic_lines", c.heuristic_lines);
  s["implicit"] = number("implicit", c.implicit_alpha);
  s["implicit_corr"] = number("implicit_corr", c.implicit_min_correlation);
  s["prove"] = number("prove", c.proof_plies);
  s["prove_nice"] = number("prove_nice", c.proof_nice);
  s["prove_local"] = number("prove_local", c.proof_local);
  s["prove_nodes"] = number("prove_nodes", c.node_proof_plies);
  s["prove_nodes_visits"] = number("prove_nodes_visits", c.node_proof_visits);
  s["prove_nodes_states"] = number("prove_nodes_states", c.node_proof_states);
  s["prove_nodes_deepest"] = number("prove_nodes_deepest", c.node_proof_deepest);
  s["prove_nodes_defend"] = number("prove_nodes_defend", c.node_proof_defend);
  s["guard"] = number("guard", c.guard_plies);
  s["guard_share"] = number("guard_share", c.guard_share);
  s["prove_root"] = number("prove_root", c.root_proof_plies);
  s["prove_root_share"] = number("prove_root_share", c.root_proof_share);
  s["prove_root_probe"] = number("prove_root_probe", c.root_proof_probe);
  s["prove_root_states"] = number("prove_root_states", c.root_proof_states);
  s["guard_states"] = number("guard_states", c.guard_states);
  s["tuned"] = number("tuned", c.ucb_tuned);
  s["reuse"] = number("reuse", c.reuse_tree);
  s["sp_d"] = number("sp_d", c.sp_d);
  s["sp_restart"] = number("sp_restart", c.sp_restart_playouts);
  s["mb"] = number("mb", c.max_tree_mb);
  s["recycle"] = number("recycle", c.recycle);
  s["prune_rd"] = number("prune_rd", c.prune_rd);
  s["prune_visits"] = number("prune_visits", c.prune_min_visits);
  s["prune_sigma"] = number("prune_sigma", c.prune_sigma_e);
  s["transpositions"] = number("transpositions", c.transpositions);
  s["dag_means"] = number("dag_means", c.dag_means);
  s["bounds"] = number("bounds", c.score_bounds);
  s["batch"] = number("batch", c.leaf_batch);
  s["batch_amaf"] = number("batch_amaf", c.batch_amaf);
  s["leaf_playouts"] = number("leaf_playouts", c.leaf_playouts);
  s["cutoff"] = number("cutoff", c.goal_cutoff);
  s["cutoff_depth"] = number("cutoff_depth", c.cutoff_depth);
  s["cutoff_probes"] = number("cutoff_probes", c.cutoff_probes);
  s["cutoff_corr"] = number("cutoff_corr", c.cutoff_correlation);
}

struct Spec {
  agent::SearchPlayerConfig player;
  agent::MctsConfig mcts;
  agent::MmMcsConfig mm_mcs;
  agent::NestedConfig nested;
  uint64_t seed = 0;
  size_t threads = 1;          // searching threads
  bool tree_parallel = false;  // threads share one MCTS tree (else root parallelism: voting)
  std::optional<agent::FactoredUse> factored;  // a search per sub-game where the game is a sum
  agent::MetagameConfig meta;  // candidates filled in by searcher_factory
  std::vector<std::string> meta_candidates = {"uct", "rave", "mast", "ppa"};
  std::vector<std::pair<std::string, std::string>> mcts_overrides;  // meta: for every candidate
  std::string kind;  // "mcts", "mmmcs", "nmcs", "nrpa", "meta"
  std::string name;  // the spec's searcher name, e.g. "uct" or "random"
};

// The searcher names besides the MCTS presets, with their summaries.
const std::vector<std::pair<std::string, std::string>>& other_searchers() {
  static const std::vector<std::pair<std::string, std::string>> names = {
      {"mmmcs",
       "MM-MCS: minimax over Monte-Carlo probes at a fixed depth (settings: depth, nodes)"},
      {"nmcs", "NMCS for one-player games, uct otherwise (settings: level)"},
      {"nrpa", "NRPA for one-player games, uct otherwise (settings: level, iterations, alpha)"},
      {"meta",
       "metagame: self-play trials at the first search choose among MCTS presets, then search\n"
       "        with the winner (settings: candidates=uct+rave+mast+ppa (the first is the\n"
       "        baseline), trial_playouts=0 (0: the playouts= budget, else 100), rounds=0 (0: as\n"
       "        many as fit under a clock alone, else 4), fraction=0.5 (of the first\n"
       "        search's time), switch_z=1 (standard errors by which the best must beat the\n"
       "        baseline), trial_moves=200; MCTS settings apply to every candidate;\n"
       "        parallel=tree threads the trials and the chosen search)"},
  };
  return names;
}

// The metagame's candidates: the named presets with the spec's MCTS settings applied to each.
std::vector<agent::MetagameCandidate> meta_candidates(const Spec& spec) {
  std::vector<agent::MetagameCandidate> out;
  for (const std::string& name : spec.meta_candidates) {
    const agent::MctsPreset* preset = agent::find_mcts_preset(name);
    if (preset == nullptr)
      throw std::invalid_argument("meta: unknown candidate '" + name + "' (MCTS presets only)");
    agent::MetagameCandidate c{name, preset->config};
    Settings settings;
    add_mcts_settings(settings, c.config);
    for (const auto& [key, value] : spec.mcts_overrides) settings.at(key)(value);
    c.config.tree_threads = spec.mcts.tree_threads;
    out.push_back(std::move(c));
  }
  return out;
}

agent::SearcherFactory searcher_factory(const Spec& spec) {
  agent::MctsConfig mcts = spec.mcts;
  if (spec.kind == "meta") {
    agent::MetagameConfig config = spec.meta;
    config.candidates = meta_candidates(spec);
    config.trial_threads = spec.mcts.tree_threads;  // parallel=tree: trial games run at once
    return [config](reasoner::StateMachine& m, uint64_t seed) -> std::unique_ptr<agent::Searcher> {
      return std::make_unique<agent::MetagameSearcher>(config, m, seed);
    };
  }
  auto uct = [mcts](reasoner::StateMachine& m, uint64_t seed) -> std::unique_ptr<agent::Searcher> {
    return std::make_unique<agent::MctsSearcher>(mcts, m, seed);
  };
  if (spec.kind == "mmmcs") {
    agent::MmMcsConfig config = spec.mm_mcs;
    return [config](reasoner::StateMachine& m, uint64_t seed) -> std::unique_ptr<agent::Searcher> {
      return std::make_unique<agent::MmMcsSearcher>(config, m, seed);
    };
  }
  if (spec.kind == "nmcs" || spec.kind == "nrpa") {
    agent::NestedConfig config = spec.nested;
    bool nrpa = spec.kind == "nrpa";
    return [config, nrpa, uct](reasoner::StateMachine& m,
                               uint64_t seed) -> std::unique_ptr<agent::Searcher> {
      if (m.num_roles() != 1) return uct(m, seed);
      if (nrpa) return std::make_unique<agent::NrpaSearcher>(config, m, seed);
      return std::make_unique<agent::NmcsSearcher>(config, m, seed);
    };
  }
  return uct;
}

// Parses `spec_text` (throws std::invalid_argument as make_player_from_spec documents).
Spec parse_spec(const std::string& spec_text, uint64_t seed) {
  size_t colon = spec_text.find(':');
  std::string name = spec_text.substr(0, colon);
  std::string settings_text = colon == std::string::npos ? "" : spec_text.substr(colon + 1);

  Spec spec;
  spec.name = name;
  spec.seed = seed;
  spec.player.name = spec_text;
  Settings settings;
  settings["playouts"] = number("playouts", spec.player.playouts_per_move);
  settings["seed"] = number("seed", spec.seed);
  settings["ponder"] = number("ponder", spec.player.ponder);
  settings["slice"] = [&spec](const std::string& v) {
    spec.player.slice = std::chrono::milliseconds(std::max<uint64_t>(to_count("slice", v), 1));
  };
  settings["metagame"] = number("metagame", spec.player.think_at_start);
  settings["threads"] = number("threads", spec.threads);
  settings["factors"] = [&spec](const std::string& v) {
    if (v != "0" && v != "1" && v != "auto")
      throw std::invalid_argument("setting 'factors' takes 0|1|auto, got '" + v + "'");
    spec.factored.reset();
    if (v == "1") spec.factored = agent::FactoredUse::Everywhere;
    if (v == "auto") spec.factored = agent::FactoredUse::WhereMeasured;
  };
  settings["parallel"] = [&spec](const std::string& v) {
    if (v != "tree" && v != "root")
      throw std::invalid_argument("setting 'parallel' takes tree|root, got '" + v + "'");
    spec.tree_parallel = v == "tree";
  };

  if (name == "random") {
    settings.clear();
    settings["seed"] = number("seed", spec.seed);
  } else if (const agent::MctsPreset* preset = agent::find_mcts_preset(name)) {
    spec.kind = "mcts";
    spec.mcts = preset->config;
    add_mcts_settings(settings, spec.mcts);
  } else if (name == "meta") {
    spec.kind = name;
    Settings mcts;
    add_mcts_settings(mcts, spec.mcts);  // checks the values; each candidate applies them again
    for (auto& [key, setter] : mcts)
      settings[key] = [&spec, key = key, setter = setter](const std::string& v) {
        setter(v);
        spec.mcts_overrides.emplace_back(key, v);
      };
    settings["candidates"] = [&spec](const std::string& v) {
      spec.meta_candidates.clear();
      std::stringstream names(v);
      for (std::string n; std::getline(names, n, '+');)
        if (!agent::find_mcts_preset(n))
          throw std::invalid_argument("meta: unknown candidate '" + n + "' (MCTS presets only)");
        else
          spec.meta_candidates.push_back(n);
      if (spec.meta_candidates.empty())
        throw std::invalid_argument("meta: candidates needs at least one preset");
    };
    settings["trial_playouts"] = number("trial_playouts", spec.meta.trial_playouts);
    settings["rounds"] = number("rounds", spec.meta.rounds);
    settings["switch_z"] = number("switch_z", spec.meta.switch_z);
    settings["fraction"] = number("fraction", spec.meta.time_fraction);
    settings["trial_moves"] = number("trial_moves", spec.meta.max_trial_moves);
  } else if (name == "mmmcs") {
    spec.kind = name;
    settings["depth"] = number("depth", spec.mm_mcs.depth);
    settings["nodes"] = number("nodes", spec.mm_mcs.max_nodes);
  } else if (name == "nmcs" || name == "nrpa") {
    spec.kind = name;
    // A nested search starts over at each call: longer slices lose less of its work.
    spec.player.slice = std::chrono::milliseconds(1000);
    add_mcts_settings(settings, spec.mcts);  // for the uct fallback in games with several roles
    settings["level"] = number("level", spec.nested.level);
    if (name == "nrpa") {
      settings["iterations"] = number("iterations", spec.nested.iterations);
      settings["alpha"] = number("alpha", spec.nested.alpha);
    }
  } else {
    throw std::invalid_argument("unknown player '" + name + "'; known:\n" + player_spec_help());
  }

  std::stringstream items(settings_text);
  for (std::string item; std::getline(items, item, ',');) {
    if (item.empty()) continue;
    size_t eq = item.find('=');
    std::string key = item.substr(0, eq);
    auto it = settings.find(key);
    if (eq == std::string::npos || it == settings.end()) {
      std::string known;
      for (const auto& [k, setter] : settings) known += (known.empty() ? "" : ", ") + k;
      throw std::invalid_argument("player '" + name + "': unknown setting '" + item +
                                  "'; accepted (key=value): " + known);
    }
    it->second(item.substr(eq + 1));
  }
  if (spec.tree_parallel && spec.threads > 1 && spec.mcts.leaf_batch > 1 &&
      (spec.kind == "mcts" || spec.kind == "meta"))
    throw std::invalid_argument("player '" + name +
                                "': batch=N does not combine with parallel=tree (a batched search "
                                "fills one thread's bit-parallel lanes); use parallel=root for "
                                "several batched searchers");
  return spec;
}

// The spec's searcher, with tree or root parallelism when it asks for several threads. Tree
// parallelism applies to the MCTS engine (with meta: its chosen search, and its trial games run
// side by side); the other searchers take root parallelism.
agent::SearcherFactory full_searcher_factory(Spec spec) {
  auto one_thread_factory = [&spec] {
    agent::SearcherFactory factory = searcher_factory(spec);
    return spec.factored ? agent::factored_searcher_factory(std::move(factory), *spec.factored)
                         : factory;
  };
  if (spec.tree_parallel && spec.threads > 1 && (spec.kind == "mcts" || spec.kind == "meta")) {
    spec.mcts.tree_threads = spec.threads;
    return one_thread_factory();
  }
  agent::SearcherFactory factory = one_thread_factory();
  if (spec.threads > 1)
    factory = [factory, threads = spec.threads](reasoner::StateMachine& m,
                                                uint64_t seed) -> std::unique_ptr<agent::Searcher> {
      return std::make_unique<agent::RootParallelSearcher>(factory, threads, m, seed);
    };
  return factory;
}

}  // namespace

std::unique_ptr<agent::Player> make_player_from_spec(const std::string& spec_text, uint64_t seed) {
  Spec spec = parse_spec(spec_text, seed);
  if (spec.name == "random") return agent::make_random_player(spec.seed);
  return std::make_unique<agent::SearchPlayer>(spec.player, full_searcher_factory(spec), spec.seed);
}

std::unique_ptr<agent::Searcher> make_searcher_from_spec(const std::string& spec_text,
                                                         reasoner::StateMachine& machine,
                                                         uint64_t seed) {
  Spec spec = parse_spec(spec_text, seed);
  if (spec.name == "random")
    throw std::invalid_argument("'random' is a player, not a searcher; known:\n" +
                                player_spec_help());
  return full_searcher_factory(spec)(machine, spec.seed);
}

std::string player_spec_help() {
  std::string help = "random  uniformly random legal moves (settings: seed)\n";
  for (const agent::MctsPreset& p : agent::mcts_presets())
    help += p.name + std::string(p.name.size() < 8 ? 8 - p.name.size() : 1, ' ') + p.summary + "\n";
  help +=
      "        MCTS settings: c, k, amaf=off|alpha|rave, amaf_alpha, amaf_untried=0|1 (untried\n"
      "        moves ranked by their AMAF value instead of all tried first), amaf_fixed=S (AMAF\n"
      "        off where less than share S of the moves have a fixed effect; 0: not measured),\n"
      "        playout=random|mast|mast_eg|mast_eg_auto|ppa|ppa_eg (mast_eg: epsilon-greedy MAST,\n"
      "        in the bit-parallel lanes too; mast_eg_auto: mast_eg where greedy playouts are off,\n"
      "        as greedy=auto decides, random where they are on; ppa_eg: epsilon-greedy PPA, in\n"
      "        the lanes too, learning from ppa_replays lanes a batch, 4), mast_share (mast_eg_auto:\n"
      "        MAST only where a role's legal moves are at most this share of its moves; 0.25),\n"
      "        mast_tau, mast_eps (epsilon of mast_eg and ppa_eg), captures=P (moves found at\n"
      "        the first search to remove a piece of a kind are played first in playouts, each\n"
      "        time with probability P; 0: off), mvv=0|1 (with captures: the scarcest kind of\n"
      "        victim first), capture_order=0|1|root (untried captures first: 1 in the whole tree,\n"
      "        with captures, from the first search's table; root at the root alone, read off each\n"
      "        root; and first among moves of equal visits and sums at the root),\n"
      "        private=0|1 (batched playouts skip a move the opponent could not make there on its\n"
      "        turn, in Go one's own eye, where they have another; two-role games),\n"
      "        private_captures=0|1 (with private=1: a private move that takes pieces is played\n"
      "        all the same, in Go a capture), pass_last=0|1 (batched playouts play a move legal\n"
      "        on every turn of its role, a pass, only where nothing else is left), lgrf=0|1\n"
      "        (batched playouts of two-role games answer a move with the last good reply to it,\n"
      "        forgotten when it loses: LGRF-1),\n"
      "        ppa_alpha, threshold, nodes, depth, temp, solver, decisive, "
      "decisive_tree, antidecisive,\n"
      "        tuned=0|1 (UCB1-Tuned: the exploration term scaled by the move's variance),\n"
      "        greedy=0|1|auto (playouts take a win at once and avoid a move that lets the next\n"
      "        mover win at once: in the bit-parallel lanes too; auto: where probes at the first\n"
      "        search show a tactical game and an affordable cost), heuristic=N (an evaluation learned at\n"
      "        the first search from piece counts, where it predicts results, gives each new node\n"
      "        N pseudo-visits of its value; 0: none), heuristic_lines=0|1 (its features include\n"
      "        the pieces of a kind on each row and column), implicit=A (with that evaluation: the\n"
      "        mover scores a move by (1 - A) * its mean + A * the minimax value of the evaluations\n"
      "        below it, implicit minimax backups; 0: off), implicit_corr (only where the evaluation's\n"
      "        held-out correlation with results is at least this; 0.5), prove=N (two-role\n"
      "        turn-taking games: a thread beside the search proves root moves lost after which the\n"
      "        opponent forces a win within N turns, and plays a forced win within N+2; odd N;\n"
      "        0: off), prove_nice=N (that thread's niceness, above the search's: a smaller share\n"
      "        where the cores are busy), prove_local=0|1 (that thread's attacker tries only the\n"
      "        moves the last two touched, below its first: deeper, but quiet attacks are missed),\n"
      "        prove_nodes=N (two-role turn-taking games, one thread: a tree node visited\n"
      "        prove_nodes_visits times, 16, is searched once for a forced win of either role\n"
      "        within N moves, in at most prove_nodes_states states, 2000; 0: off),\n"
      "        prove_nodes_deepest=M (an unsolved node searched again two moves deeper at 16\n"
      "        times the visits, with 4 times the states, up to M moves; default N: once),\n"
      "        prove_nodes_defend=0|1 (in play, below the root only the opponent's wins are\n"
      "        searched for: the proofs guard our moves, the opponent's are left to the search),\n"
      "        guard=N (two-role turn-taking games, one thread, in play: after each search call the\n"
      "        move to be played is checked for a forced win of the opponent within N turns, odd\n"
      "        N, and one so proven lost is replaced; 0: off), guard_share (of each call's time,\n"
      "        0.25), guard_states (a call's most states, 1000000),\n"
      "        prove_root=N (two-role turn-taking games, one thread: before each search call,\n"
      "        prove_root_probe of its time, 0.1, and once a move of the root is proven up to\n"
      "        prove_root_share, 0.5, proves every root move lost (the opponent forces a win\n"
      "        within 1, 3, .. N turns) or won, on the search's thread; at most\n"
      "        prove_root_states states a call, 4000000; 0: off),\n"
      "        reuse, sp_d, sp_restart, mb (tree memory cap), recycle=0|1 (one thread: at the\n"
      "        cap the nodes visited no more than the median are dropped instead of the tree\n"
      "        stopping growth), prune_rd, prune_visits, prune_sigma (progressive\n"
      "        pruning, off at prune_rd=0), transpositions=0|1 (equal states share a node),\n"
      "        dag_means=0|1 (with transpositions: a move's mean is its child's over all its\n"
      "        parents once the child has more visits than the move),\n"
      "        bounds=0|1 (with the solver, two-role games of one goal sum: score bounds, so\n"
      "        that a move is proven best, a draw too, once no other can exceed it),\n"
      "        batch=N (N leaves selected with virtual loss, then played out at once: bit-parallel\n"
      "        on the propnet; random, greedy or mast_eg playouts; with threads, parallel=root\n"
      "        only),\n"
      "        batch_amaf=0|1 (the batched playouts' moves count for AMAF too),\n"
      "        leaf_playouts=N (playouts from each leaf of a batch, 1; 0: fill the 64 lanes),\n"
      "        cutoff=0|1 (goal-scored playouts of cutoff_depth moves where probes show goals\n"
      "        predict results: cutoff_depth=16, cutoff_probes=64, cutoff_corr=0.3)\n";
  for (const auto& [name, summary] : other_searchers())
    help += name + std::string(8 - name.size(), ' ') + summary + "\n";
  help +=
      "every searcher: playouts=N (budget per move instead of the clock), seed,\n"
      "        metagame=0|1 (search during the start clock), ponder=0|1 (search between a\n"
      "        reply and the next PLAY, 1), slice=MS (the longest search between two published\n"
      "        moves, 200; nmcs/nrpa 1000), threads=N, parallel=root|tree\n"
      "        (root: independent searchers vote; tree: one shared tree, virtual loss),\n"
      "        factors=0|1|auto (a game that is a sum of independent sub-games, as the\n"
      "        propnet finds them: one search per sub-game an outcome reads, 0; auto: in\n"
      "        one-role games and where one sub-game is read, the others moves elsewhere);\n"
      "        e.g. uct:c=0.4,playouts=1000";
  return help;
}

}  // namespace ggp::cli
