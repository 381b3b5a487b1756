#include "gdl/game_header.h"

#include <fstream>
#include <sstream>
#include <vector>

namespace ggp::gdl {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split_commas(std::string_view s) {
  std::vector<std::string_view> parts;
  for (size_t comma; (comma = s.find(',')) != std::string_view::npos; s.remove_prefix(comma + 1))
    parts.push_back(trim(s.substr(0, comma)));
  parts.push_back(trim(s));
  return parts;
}

}  // namespace

std::optional<GameKind> parse_game_kind(std::string_view text) {
  const std::vector<std::string_view> parts = split_commas(trim(text));
  if (parts.size() != 3) return std::nullopt;
  GameKind kind;
  const std::string_view count = parts[0];
  const size_t space = count.find(' ');
  if (space == std::string_view::npos || space == 0 || space > 3) return std::nullopt;
  for (char c : count.substr(0, space)) {
    if (c < '0' || c > '9') return std::nullopt;
    kind.players = kind.players * 10 + (c - '0');
  }
  if (count.substr(space + 1) != (kind.players == 1 ? "player" : "players") || kind.players < 1)
    return std::nullopt;
  kind.turns = parts[1];
  kind.sum = parts[2];
  if (kind.turns != "alternating" && kind.turns != "simultaneous" && kind.turns != "puzzle")
    return std::nullopt;
  if (kind.sum != "zero-sum" && kind.sum != "general-sum") return std::nullopt;
  if ((kind.turns == "puzzle") != (kind.players == 1)) return std::nullopt;
  return kind;
}

GameHeader read_game_header(std::string_view text) {
  GameHeader header;
  header.problem = "no Kind line";
  bool first_comment = true;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    const std::string_view line = trim(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (line.empty()) continue;
    if (line.front() != ';') break;  // the first rule ends the header
    std::string_view comment = line;
    while (!comment.empty() && comment.front() == ';') comment.remove_prefix(1);
    comment = trim(comment);
    if (first_comment) {
      first_comment = false;
      const size_t colon = comment.find(':');
      if (colon != std::string_view::npos) header.title = std::string(comment.substr(0, colon));
    }
    if (comment.substr(0, 5) != "Kind:") continue;
    header.kind = parse_game_kind(comment.substr(5));
    header.problem = header.kind ? "" : "malformed Kind line: " + std::string(comment);
    break;
  }
  return header;
}

GameHeader read_game_header_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return GameHeader{"", std::nullopt, path + ": cannot open the file"};
  std::ostringstream text;
  text << in.rdbuf();
  return read_game_header(text.str());
}

}  // namespace ggp::gdl
