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

using CommandAdder = std::function<void(CLI::App&)>;

struct NamedAdder {
  std::string name;  // the subcommand's name: `ggp --help` lists them in its order
  CommandAdder add;
};

// `const CommandRegistration my_registration("my-command", add_my_command);` in a command's file
// adds it to `ggp`. The names of the file-local objects must differ across cli/, which is
// compiled as a unity build (CMakeLists.txt).
struct CommandRegistration {
  CommandRegistration(std::string name, CommandAdder adder);
};

// Every registered adder, in the order of static initialisation (which the build decides).
std::vector<NamedAdder>& command_adders();

}  // namespace ggp::cli
