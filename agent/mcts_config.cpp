#include "agent/mcts_config.h"

namespace ggp::agent {
namespace {

MctsPreset preset(std::string name, std::string summary, auto&& adjust) {
  MctsPreset p{std::move(name), std::move(summary), MctsConfig{}};
  adjust(p.config);
  return p;
}

}  // namespace

const std::vector<MctsPreset>& mcts_presets() {
  static const std::vector<MctsPreset> presets = {
      preset("uct", "UCT: UCB1 on goals in [0,1], random playouts, MCTS-Solver",
             [](MctsConfig&) {}),
      preset("rave", "UCT + RAVE, beta = sqrt(k/(3n+k))",
             [](MctsConfig& c) { c.amaf = AmafMode::Rave; }),
      preset("amaf", "UCT + alpha-AMAF", [](MctsConfig& c) { c.amaf = AmafMode::Alpha; }),
      preset("decisive", "UCT + decisive moves in tree and playouts (Teytaud & Teytaud 2010)",
             [](MctsConfig& c) {
               c.decisive_in_tree = c.decisive_in_playout = true;  // anti-decisive: a flag
             }),
      preset("mast", "UCT + MAST playouts", [](MctsConfig& c) { c.playout = PlayoutMode::Mast; }),
      preset("ppa", "UCT + PPA playouts (Cazenave 2015)",
             [](MctsConfig& c) { c.playout = PlayoutMode::Ppa; }),
      preset("spmcts", "SP-MCTS: UCT + variance term (C=0.5, D=10000) + best line",
             [](MctsConfig& c) {
               c.exploration = 0.5;
               c.sp_d = 10000.0 / (100.0 * 100.0);  // D = 10000 on 0..100 goals, in [0,1] units
             }),
  };
  return presets;
}

const MctsPreset* find_mcts_preset(const std::string& name) {
  for (const MctsPreset& p : mcts_presets())
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace ggp::agent
