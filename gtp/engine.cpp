#include "gtp/engine.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "gdl/loader.h"

namespace ggp::gtp {
namespace {

using reasoner::MoveId;
using reasoner::RoleIndex;

const std::vector<std::string> kCommands = {
    "protocol_version", "name", "version", "known_command", "list_commands", "quit",
    "boardsize", "clear_board", "komi", "play", "genmove", "kgs-genmove_cleanup", "undo",
    "showboard", "final_score", "time_settings", "time_left", "ggp-over", "ggp-last_search"};

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// GTP's preprocessing of a line: control characters other than tab dropped, tabs become spaces,
// a comment (from '#') removed; then split into words.
std::vector<std::string> words(std::string_view line) {
  std::string clean;
  for (char c : line) {
    if (c == '#') break;
    if (c == '\t') c = ' ';
    if (static_cast<unsigned char>(c) < 32 || c == 127) continue;
    clean += c;
  }
  std::istringstream in(clean);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::optional<double> number(const std::string& text) {
  try {
    size_t used = 0;
    const double v = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<int> integer(const std::string& text) {
  const auto v = number(text);
  if (!v || *v != std::floor(*v) || std::fabs(*v) > 1e9) return std::nullopt;
  return static_cast<int>(*v);
}

}  // namespace

Engine::Engine(EngineConfig config, BoardMap map, const std::string& game_path)
    : config_(std::move(config)), map_(std::move(map)) {
  const Sheet* sheet = map_.sheet_of_game(game_path);
  komi_ = sheet ? sheet->komi : 0;
  // A sheet the map does not list: its size is the largest board the machine knows moves of.
  int size = sheet ? sheet->size : 0;
  if (!sheet) {
    auto game = gdl::load_game_file(game_path);
    auto machine = propnet::make_machine(game, propnet::MachineKind::Prover).machine;
    for (int n = 1; n <= 25; ++n)
      for (RoleIndex r = 0; r < machine->num_roles(); ++r)
        if (machine->move_from_text(r, map_.move_text(Vertex{n, n, false}))) size = n;
    if (size == 0) throw std::runtime_error(game_path + ": no move of the GTP map's form");
  }
  load(game_path, size);
}

Engine::~Engine() = default;

void Engine::load(const std::string& game_path, int size) {
  auto game = gdl::load_game_file(game_path);
  auto built = propnet::make_machine(game, config_.machine);
  auto& m = *built.machine;
  std::optional<RoleIndex> black, white;
  for (RoleIndex r = 0; r < m.num_roles(); ++r) {
    if (m.role_name(r) == map_.black_role) black = r;
    if (m.role_name(r) == map_.white_role) white = r;
  }
  if (!black || !white || m.num_roles() != 2)
    throw std::runtime_error(game_path + ": the GTP map's colours are not the game's two roles");
  game_ = game;
  machine_ = std::move(built.machine);
  game_path_ = game_path;
  size_ = size;
  black_ = *black;
  white_ = *white;
  for (int c = 0; c < 2; ++c) {
    const RoleIndex role = c == 0 ? black_ : white_;
    vertex_of_move_[c].clear();
    stone_fact_[c].assign(static_cast<size_t>(size * size), std::nullopt);
    for (int y = 1; y <= size; ++y)
      for (int x = 1; x <= size; ++x) {
        if (auto move = machine_->move_from_text(role, map_.move_text(Vertex{x, y, false})))
          vertex_of_move_[c][*move] = Vertex{x, y, false};
        stone_fact_[c][(y - 1) * size + (x - 1)] =
            machine_->fact_from_text(map_.stone_text(x, y, machine_->role_name(role)));
      }
    if (!map_.pass_move.empty())
      if (auto move = machine_->move_from_text(role, map_.pass_move))
        vertex_of_move_[c][*move] = Vertex{0, 0, true};
    for (size_t i = 0; i < map_.specials.size(); ++i)
      if (auto move = machine_->move_from_text(role, map_.specials[i].second))
        vertex_of_move_[c][*move] = Vertex{0, 0, false, static_cast<int>(i)};
  }
  search_machine_.reset();
  searcher_.reset();
  if (config_.log) *config_.log << "gtp: " << game_path << ": " << built.report << std::endl;
  clear();
}

void Engine::clear() {
  states_.assign(1, machine_->initial_state());
  joints_.clear();
  searcher_root_ = SIZE_MAX;
}

std::vector<std::vector<std::string>> Engine::history_texts() const {
  std::vector<std::vector<std::string>> out;
  for (const auto& joint : joints_) {
    std::vector<std::string> texts;
    for (MoveId m : joint) texts.push_back(machine_->move_text(m));
    out.push_back(texts);
  }
  return out;
}

bool Engine::replay(const std::vector<std::vector<std::string>>& moves) {
  for (const auto& texts : moves) {
    std::vector<MoveId> joint;
    for (RoleIndex r = 0; r < texts.size(); ++r) {
      auto move = machine_->move_from_text(r, texts[r]);
      auto legal = machine_->legal_moves(states_.back(), r);
      if (!move || std::find(legal.begin(), legal.end(), *move) == legal.end()) return false;
      joint.push_back(*move);
    }
    reasoner::State next;
    machine_->next_state(states_.back(), joint, next);
    states_.push_back(next);
    joints_.push_back(joint);
  }
  return true;
}

std::optional<RoleIndex> Engine::colour_role(const std::string& colour) const {
  const std::string c = lower(colour);
  if (c == "b" || c == "black") return black_;
  if (c == "w" || c == "white") return white_;
  return std::nullopt;
}

std::optional<RoleIndex> Engine::mover() {
  const reasoner::State& s = states_.back();
  if (machine_->is_terminal(s)) return std::nullopt;
  for (int c = 0; c < 2; ++c) {
    const RoleIndex role = c == 0 ? black_ : white_;
    for (MoveId m : machine_->legal_moves(s, role))
      if (vertex_of_move_[c].count(m)) return role;
  }
  return std::nullopt;
}

Engine::Reply Engine::play(RoleIndex role, MoveId move) {
  const reasoner::State& s = states_.back();
  std::vector<MoveId> joint(machine_->num_roles());
  for (RoleIndex r = 0; r < machine_->num_roles(); ++r) {
    auto legal = machine_->legal_moves(s, r);
    if (r == role) {
      if (std::find(legal.begin(), legal.end(), move) == legal.end()) return {false, "illegal move"};
      joint[r] = move;
    } else {
      if (legal.size() != 1) return {false, "illegal move"};
      joint[r] = legal[0];
    }
  }
  reasoner::State next;
  machine_->next_state(s, joint, next);
  states_.push_back(next);
  joints_.push_back(joint);
  return {true, ""};
}

Board Engine::board() {
  Board b;
  b.size = size_;
  b.points.assign(static_cast<size_t>(size_ * size_), Point::Empty);
  const reasoner::State& s = states_.back();
  for (size_t i = 0; i < b.points.size(); ++i) {
    if (stone_fact_[0][i] && s.test(*stone_fact_[0][i])) b.points[i] = Point::Black;
    if (stone_fact_[1][i] && s.test(*stone_fact_[1][i])) b.points[i] = Point::White;
  }
  return b;
}

std::string Engine::showboard() {
  const Board b = board();
  std::string columns = "  ";
  for (int x = 1; x <= size_; ++x) {
    columns += ' ';
    columns += map_.vertex_text(Vertex{x, 1, false})[0];
  }
  std::string out = "\n" + columns + "\n";
  for (int i = 0; i < size_; ++i) {
    const int y = map_.rows_down ? i + 1 : size_ - i;
    if (y < 10) out += ' ';
    out += std::to_string(y);
    for (int x = 1; x <= size_; ++x) {
      const Point p = b.at(x, y);
      out += p == Point::Black ? " X" : p == Point::White ? " O" : " .";
    }
    out += ' ' + std::to_string(y) + '\n';
  }
  return out + columns;
}

Engine::Reply Engine::final_score() {
  if (!map_.area_score) return {false, "cannot score"};
  const Area area = area_score(board());
  const double lead = area.black - area.white - komi_;
  if (lead == 0) return {true, "0"};
  std::ostringstream text;
  text << (lead > 0 ? "B+" : "W+") << std::fabs(lead);
  return {true, text.str()};
}

std::string Engine::handle(std::string_view line) {
  std::vector<std::string> w = words(line);
  if (w.empty()) return "";
  std::string id;
  if (std::all_of(w[0].begin(), w[0].end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
    id = w[0];
    w.erase(w.begin());
    if (w.empty()) return "?" + id + " no command\n\n";
  }
  Reply reply;
  try {
    reply = dispatch(w[0], Args(w.begin() + 1, w.end()));
  } catch (const std::exception& e) {
    reply = {false, std::string("internal error: ") + e.what()};
  }
  std::string out = (reply.ok ? "=" : "?") + id;
  if (!reply.text.empty()) out += " " + reply.text;
  return out + "\n\n";
}

Engine::Reply Engine::dispatch(const std::string& command, const Args& args) {
  auto wrong = [] { return Reply{false, "syntax error"}; };
  if (command == "protocol_version") return {true, "2"};
  if (command == "name") return {true, config_.name};
  if (command == "version") return {true, config_.version};
  if (command == "known_command") {
    if (args.size() != 1) return wrong();
    const bool known = std::find(kCommands.begin(), kCommands.end(), args[0]) != kCommands.end();
    return {true, known ? "true" : "false"};
  }
  if (command == "list_commands") {
    std::string out;
    for (const auto& c : kCommands) out += (out.empty() ? "" : "\n") + c;
    return {true, out};
  }
  if (command == "quit") {
    quit_ = true;
    return {true, ""};
  }
  if (command == "boardsize") {
    // "boardsize N", or "boardsize N N" as Hex programs send it (N columns, N rows).
    if (args.empty() || args.size() > 2) return wrong();
    const auto n = integer(args[0]), rows = integer(args.back());
    if (!n || !rows) return wrong();
    if (*rows != *n) return {false, "unacceptable size"};
    const Sheet* sheet = map_.sheet(*n, komi_);
    if (!sheet) return {false, "unacceptable size"};
    if (sheet->game != game_path_) load(sheet->game, sheet->size);
    clear();
    return {true, ""};
  }
  if (command == "clear_board") {
    clear();
    return {true, ""};
  }
  if (command == "komi") {
    const auto k = args.size() == 1 ? number(args[0]) : std::nullopt;
    if (!k) return wrong();
    komi_ = *k;
    const Sheet* sheet = map_.sheet(size_, komi_);
    if (sheet && sheet->komi == komi_ && sheet->game != game_path_) {
      const auto moves = history_texts();
      load(sheet->game, sheet->size);
      if (!replay(moves)) clear();
    } else if (config_.log && (!sheet || sheet->komi != komi_)) {
      *config_.log << "gtp: no sheet with komi " << komi_ << "; the search keeps "
                   << game_path_ << ", final_score counts komi " << komi_ << std::endl;
    }
    return {true, ""};
  }
  if (command == "play") {
    if (args.size() != 2) return wrong();
    const auto role = colour_role(args[0]);
    const auto vertex = map_.parse_vertex(args[1], size_);
    if (!role || !vertex) return {false, "invalid color or coordinate"};
    if (mover() != role) return {false, "illegal move"};
    const int c = *role == black_ ? 0 : 1;
    for (const auto& [move, v] : vertex_of_move_[c])
      if (v == *vertex) return play(*role, move);
    return {false, "illegal move"};
  }
  if (command == "genmove" || command == "kgs-genmove_cleanup") {
    if (args.size() != 1 || !colour_role(args[0])) return {false, "invalid color"};
    return genmove(args[0], command != "genmove");
  }
  if (command == "undo") {
    if (joints_.empty()) return {false, "cannot undo"};
    joints_.pop_back();
    states_.pop_back();
    if (searcher_root_ != SIZE_MAX && searcher_root_ >= states_.size()) searcher_root_ = SIZE_MAX;
    return {true, ""};
  }
  if (command == "showboard") return {true, showboard()};
  if (command == "final_score") return final_score();
  if (command == "time_settings") {
    if (args.size() != 3) return wrong();
    const auto m = number(args[0]), b = number(args[1]);
    const auto s = integer(args[2]);
    if (!m || !b || !s || *m < 0 || *b < 0 || *s < 0) return wrong();
    main_time_ = *m;
    byo_time_ = *b;
    byo_stones_ = *s;
    time_left_[0] = time_left_[1] = std::nullopt;
    return {true, ""};
  }
  if (command == "time_left") {
    if (args.size() != 3) return wrong();
    const auto role = colour_role(args[0]);
    const auto t = number(args[1]);
    const auto s = integer(args[2]);
    if (!role || !t || !s || *s < 0) return wrong();
    time_left_[*role == black_ ? 0 : 1] = std::make_pair(std::max(0.0, *t), *s);
    return {true, ""};
  }
  if (command == "ggp-over") return {true, mover() ? "false" : "true"};
  if (command == "ggp-last_search") {
    std::ostringstream text;
    text << "playouts " << last_search_.playouts << " nodes " << last_search_.nodes << " seconds "
         << last_search_.seconds;
    if (last_search_.value) text << " value " << *last_search_.value;
    return {true, text.str()};
  }
  return {false, "unknown command"};
}

}  // namespace ggp::gtp
