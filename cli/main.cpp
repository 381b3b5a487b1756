// `ggp`: one executable, one subcommand per job (see README.md).
#include <exception>
#include <iostream>

#include "cli/commands.h"

namespace ggp::cli {
int& exit_status() {
  static int status = 0;
  return status;
}
std::vector<CommandAdder>& command_adders() {
  static std::vector<CommandAdder> adders;
  return adders;
}
CommandRegistration::CommandRegistration(CommandAdder adder) {
  command_adders().push_back(std::move(adder));
}
}  // namespace ggp::cli

int main(int argc, char** argv) {
  CLI::App app{"ggp: a General Game Playing agent (GDL, propnet, MCTS, GGP HTTP protocol)"};
  app.require_subcommand(1);
  for (const auto& add : ggp::cli::command_adders()) add(app);
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
