#pragma once
// Each subcommand of `ggp` registers itself on the app; flags are parsed here in cli/ only.
#include <CLI/CLI.hpp>

namespace ggp::cli {

// Exit status of a subcommand, set by its callback and returned by main.
int& exit_status();

void add_check_command(CLI::App& app);

}  // namespace ggp::cli
