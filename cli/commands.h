#pragma once
// Each subcommand of `ggp` lives in its own cli/*_command.cpp and registers itself with a static
// CommandRegistration, so adding one touches no other file. Flags are parsed here in cli/ only.
#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace ggp::cli {

// Exit status of the subcommand that ran, set by its callback and returned by main.
int& exit_status();

// Adds a subcommand's options and callback to it.
using CommandConfigurer = std::function<void(CLI::App* command)>;

struct Command {
  std::string name, description;  // `ggp --help` lists the subcommands sorted by name
  CommandConfigurer configure;
};

// `const CommandRegistration my_registration("my-command", "what it does", configure_my_command);`
// in a command's file adds it to `ggp`. The names of file-local objects must differ across cli/,
// which is compiled as a unity build (CMakeLists.txt).
struct CommandRegistration {
  CommandRegistration(std::string name, std::string description, CommandConfigurer configure);
};

// Every registered command, in the order of static initialisation (which the build decides).
std::vector<Command>& registered_commands();

}  // namespace ggp::cli
