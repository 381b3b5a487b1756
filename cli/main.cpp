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
std::vector<Command>& registered_commands() {
  static std::vector<Command> commands;
  return commands;
}
CommandRegistration::CommandRegistration(std::string name, std::string description,
                                         CommandConfigurer configure) {
  registered_commands().push_back({std::move(name), std::move(description), std::move(configure)});
}
}  // namespace ggp::cli

int main(int argc, char** argv) {
  CLI::App app{"ggp: a General Game Playing agent (GDL, propnet, MCTS, GGP HTTP protocol)"};
  app.require_subcommand(1);
  std::vector<ggp::cli::Command>& commands = ggp::cli::registered_commands();
  std::sort(commands.begin(), commands.end(),
            [](const auto& a, const auto& b) { return a.name < b.name; });
  for (const auto& c : commands) c.configure(app.add_subcommand(c.name, c.description));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::cerr << "ggp: " << e.what() << '\n';
    return 1;
  }
  return ggp::cli::exit_status();
}
