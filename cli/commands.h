#pragma once
// Each subcommand of `ggp` lives in its own cli/*_command.cpp and registers itself with a static
// CommandRegistration, so adding one touches no other file. Flags are parsed here in cli/ only.
#include <CLI/CLI.hpp>
#include <functional>

namespace ggp::cli {

// Exit status of the subcommand that ran, set by its callback and returned by main.
int& exit_status();

using CommandAdder = std::function<void(CLI::App&)>;

// `static CommandRegistration reg(add_my_command);` in a command's file adds it to `ggp`.
struct CommandRegistration {
  explicit CommandRegistration(CommandAdder adder);
};

// Every registered adder, in registration order.
std::vector<CommandAdder>& command_adders();

}  // namespace ggp::cli
