// `ggp check GAME.kif`: parse and validate a rule sheet; print roles and counts and "valid", or
// every error as file:line:col and exit 1.
#include <iostream>
#include <set>

#include "cli/commands.h"
#include "gdl/loader.h"

namespace ggp::cli {
namespace {

int run_check(const std::string& path) {
  try {
    std::shared_ptr<const gdl::Game> loaded = gdl::load_game_file(path);
    const gdl::Game& game = *loaded;
    size_t facts = 0;
    std::set<gdl::SymbolId> relations;
    for (const gdl::Rule& r : game.rules) {
      facts += r.is_fact();
      relations.insert(gdl::relation_of(r.head));
    }
    std::cout << "roles:";
    for (gdl::SymbolId role : game.roles) std::cout << ' ' << game.symbols.name(role);
    std::cout << "\nrules: " << game.rules.size() - facts << "\nfacts: " << facts
              << "\nrelations: " << relations.size() << "\nvalid\n";
    return 0;
  } catch (const gdl::GdlError& e) {
    std::cerr << e.what() << '\n';
    return 1;
  }
}

void add_check_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("check", "Parse and validate a GDL rule sheet");
  static std::string path;
  cmd->add_option("game", path, "the .kif file")->required();
  cmd->callback([] { exit_status() = run_check(path); });
}

const CommandRegistration registration(add_check_command);

}  // namespace

}  // namespace ggp::cli
