// `ggp check GAME.kif [--strict]`: parse and validate a rule sheet; print the roles, the counts
// and "valid" (warnings go to stderr), or every error as file:line:col with the rule, and exit 1.
// --strict also fails on warnings (GDL that GGP-Base plays but the specification forbids).
#include <iostream>
#include <set>

#include "cli/commands.h"
#include "gdl/parser.h"
#include "gdl/validator.h"

namespace ggp::cli {
namespace {

void print_summary(const gdl::Game& game) {
  size_t facts = 0;
  std::set<gdl::SymbolId> relations;
  for (const gdl::Rule& r : game.rules) {
    facts += r.is_fact();
    relations.insert(gdl::relation_of(r.head));
  }
  std::cout << "roles:";
  for (gdl::SymbolId role : game.roles) std::cout << ' ' << game.symbols.name(role);
  std::cout << "\nrules: " << game.rules.size() - facts << "\nfacts: " << facts
            << "\nrelations: " << relations.size() << '\n';
}

int run_check(const std::string& path, bool strict) {
  try {
    gdl::Game game = gdl::parse_game_file(path);
    gdl::ValidationReport report = gdl::check_game(game);
    for (const gdl::Diagnostic& w : report.warnings) std::cerr << w.to_string() << '\n';
    if (!report.ok()) throw gdl::GdlError(std::move(report.errors));
    print_summary(game);
    std::cout << "warnings: " << report.warnings.size() << '\n';
    if (strict && !report.warnings.empty()) {
      std::cout << "invalid (--strict): warnings\n";
      return 1;
    }
    std::cout << "valid\n";
    return 0;
  } catch (const gdl::GdlError& e) {
    std::cerr << e.what() << '\n';
    std::cout << "invalid: " << e.diagnostics().size()
              << (e.diagnostics().size() == 1 ? " error\n" : " errors\n");
    return 1;
  }
}

void configure_check_command(CLI::App* cmd) {
  static std::string path;
  static bool strict = false;
  cmd->add_option("game", path, "the .kif file")->required();
  cmd->add_flag("--strict", strict, "fail on warnings too");
  cmd->callback([] { exit_status() = run_check(path, strict); });
}

const CommandRegistration check_registration(
    "check", "Parse and validate a GDL rule sheet", configure_check_command);

}  // namespace

}  // namespace ggp::cli
