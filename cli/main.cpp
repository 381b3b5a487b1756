// `ggp`: one executable, one subcommand per job (see README.md).
#include <algorithm>
#include <exception>
#include <iostream>

#include "cli/commands.h"

namespace ggp::cli {
int& exit_status() {
  static int status = 0;
  return status;
}
std::vector<NamedAdder>& command_adders() {
  static std::vector<NamedAdder> adders;
  return adders;
}
CommandRegistration::CommandRegistration(std::string name, CommandAdder adder) {
  command_adders().push_back({std::move(name), std::move(adder)});
}
}  // namespace ggp::cli

int main(int argc, char** argv) {
  CLI::App app{"ggp: a General Game Playing agent (GDL, propnet, MCTS, GGP HTTP protocol)"};
  app.require_subcommand(1);
  std::vector<ggp::cli::NamedAdder>& adders = ggp::cli::command_adders();
  std::sort(adders.begin(), adders.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  for (const auto& adder : adders) adder.add(app);
  try {
    for (const auto& adder : adders) app.get_subcommand(adder.name);  // throws if it names none
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "ggp: " << e.what() << '\n';
    return 1;
  }
  return ggp::cli::exit_status();
}
