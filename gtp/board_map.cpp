#include "gtp/board_map.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace ggp::gtp {
namespace {

namespace fs = std::filesystem;

std::string replace_all(std::string text, std::string_view key, const std::string& value) {
  for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size()))
    text.replace(at, key.size(), value);
  return text;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::optional<Vertex> BoardMap::parse_vertex(std::string_view text, int size) const {
  const std::string word = lower(text);
  if (word == "pass") return Vertex{0, 0, true};
  for (size_t i = 0; i < specials.size(); ++i)
    if (word == lower(specials[i].first)) return Vertex{0, 0, false, static_cast<int>(i)};
  if (word.size() < 2 || word.size() > 3) return std::nullopt;
  const size_t column = lower(columns).find(word[0]);
  if (column == std::string::npos) return std::nullopt;
  int row = 0;
  for (char c : word.substr(1)) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    row = row * 10 + (c - '0');
  }
  const int x = static_cast<int>(column) + 1;
  if (x > size || row < 1 || row > size) return std::nullopt;
  return Vertex{x, row, false};
}

std::string BoardMap::vertex_text(const Vertex& v) const {
  if (v.pass) return "pass";
  if (v.special >= 0) return specials[static_cast<size_t>(v.special)].first;
  std::string text(1, columns[static_cast<size_t>(v.x - 1)]);
  text += std::to_string(v.y);
  return text;
}

std::string BoardMap::move_text(const Vertex& v) const {
  if (v.pass) return pass_move;
  if (v.special >= 0) return specials[static_cast<size_t>(v.special)].second;
  return replace_all(replace_all(move_template, "{x}", std::to_string(v.x)), "{y}",
                     std::to_string(v.y));
}

std::string BoardMap::stone_text(int x, int y, const std::string& role) const {
  return replace_all(replace_all(replace_all(stone_template, "{x}", std::to_string(x)), "{y}",
                                 std::to_string(y)),
                     "{role}", role);
}

const Sheet* BoardMap::sheet(int size, std::optional<double> komi) const {
  const Sheet* first = nullptr;
  for (const Sheet& s : sheets) {
    if (s.size != size) continue;
    if (!komi || s.komi == *komi) return &s;
    if (!first) first = &s;
  }
  return first;
}

const Sheet* BoardMap::sheet_of_game(const std::string& game_path) const {
  std::error_code ec;
  const fs::path want = fs::weakly_canonical(game_path, ec);
  for (const Sheet& s : sheets)
    if (fs::weakly_canonical(s.game, ec) == want) return &s;
  return nullptr;
}

BoardMap read_board_map(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open the file");
  try {
    const nlohmann::json doc = nlohmann::json::parse(in);
    BoardMap map;
    map.black_role = doc.at("colours").at("black").get<std::string>();
    map.white_role = doc.at("colours").at("white").get<std::string>();
    map.columns = doc.value("columns", std::string(BoardMap::kGoColumns));
    const std::string letters = lower(map.columns);
    for (size_t i = 0; i < letters.size(); ++i)
      if (!std::isalpha(static_cast<unsigned char>(letters[i])) ||
          letters.find(letters[i], i + 1) != std::string::npos)
        throw std::runtime_error("columns must be distinct letters, not \"" + map.columns + "\"");
    const std::string rows = doc.value("rows", std::string("up"));
    if (rows != "up" && rows != "down")
      throw std::runtime_error("rows must be \"up\" or \"down\", not \"" + rows + "\"");
    map.rows_down = rows == "down";
    map.move_template = doc.at("move").get<std::string>();
    map.pass_move = doc.value("pass", std::string());
    const nlohmann::json specials = doc.value("specials", nlohmann::json::object());
    for (const auto& [word, move] : specials.items()) {
      if (lower(word) == "pass" || word.find_first_of(" \t") != std::string::npos)
        throw std::runtime_error("a special move's word must be one word other than pass, not \"" +
                                 word + "\"");
      map.specials.emplace_back(word, move.get<std::string>());
    }
    map.stone_template = doc.at("stone").get<std::string>();
    const std::string score = doc.value("score", std::string("none"));
    if (score != "area" && score != "none")
      throw std::runtime_error("score must be \"area\" or \"none\", not \"" + score + "\"");
    map.area_score = score == "area";
    const fs::path dir = fs::path(path).parent_path();
    for (const auto& s : doc.at("sheets")) {
      Sheet sheet;
      sheet.size = s.at("size").get<int>();
      sheet.komi = s.value("komi", 0.0);
      sheet.game = (dir / s.at("game").get<std::string>()).string();
      if (sheet.size < 1 || sheet.size > static_cast<int>(map.columns.size()))
        throw std::runtime_error("a sheet's size must be 1.." + std::to_string(map.columns.size()) +
                                 ", one column a letter");
      map.sheets.push_back(sheet);
    }
    if (map.sheets.empty()) throw std::runtime_error("no sheets");
    return map;
  } catch (const std::exception& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

std::string find_board_map(const std::string& game_path) {
  const fs::path game(game_path);
  const std::string stem = game.stem().string();
  for (const std::string& name : {stem, stem.substr(0, stem.find('_'))}) {
    const fs::path candidate = game.parent_path() / (name + ".gtp.json");
    if (fs::exists(candidate)) return candidate.string();
  }
  return "";
}

}  // namespace ggp::gtp
