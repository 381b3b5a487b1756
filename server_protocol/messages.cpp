#include "server_protocol/messages.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "gdl/loader.h"
#include "gdl/parser.h"

namespace ggp::server_protocol {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// The first problem of a GdlError, on one line.
std::string first_problem(const gdl::GdlError& e) {
  if (e.diagnostics().empty()) return e.what();
  const gdl::Diagnostic& d = e.diagnostics().front();
  return "line " + std::to_string(d.where.line) + " col " + std::to_string(d.where.column) + ": " +
         d.message;
}

void append_sexpr(const gdl::SExpr& e, const gdl::SymbolTable& symbols, TermStyle style,
                  std::string& out) {
  if (!e.is_list) {
    out += symbols.name(e.atom);
    return;
  }
  out += style == TermStyle::Wire ? "( " : "(";
  for (size_t i = 0; i < e.items.size(); ++i) {
    if (i > 0) out += ' ';
    append_sexpr(e.items[i], symbols, style, out);
  }
  out += style == TermStyle::Wire ? (e.items.empty() ? ")" : " )") : ")";
}

class Reader {
 public:
  Reader(const gdl::SExpr& message, const gdl::SymbolTable& symbols, std::string kind)
      : items_(message.items), symbols_(symbols), kind_(std::move(kind)) {}

  void expect_size(size_t min, size_t max) const {
    if (items_.size() < min || items_.size() > max)
      fail("expects " + std::to_string(min - 1) +
           (min == max ? "" : " to " + std::to_string(max - 1)) + " arguments, got " +
           std::to_string(items_.size() - 1));
  }
  std::string atom(size_t i, const char* what) const {
    if (items_[i].is_list) fail(std::string(what) + " must be a symbol, got a list");
    return symbols_.name(items_[i].atom);
  }
  int clock(size_t i, const char* what) const {
    std::string text = atom(i, what);
    int value = -1;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0)
      fail(std::string(what) + " must be a whole number of seconds, got '" + text + "'");
    return value;
  }
  const gdl::SExpr& list(size_t i, const char* what) const {
    if (!items_[i].is_list) fail(std::string(what) + " must be a list");
    return items_[i];
  }
  // NIL or a list of moves, each in compact form.
  std::vector<std::string> moves(size_t i) const {
    const gdl::SExpr& e = items_[i];
    if (!e.is_list) {
      if (lower(symbols_.name(e.atom)) == "nil") return {};
      fail("the joint move must be NIL or a list, got '" + symbols_.name(e.atom) + "'");
    }
    if (e.items.empty()) fail("the joint move is an empty list");
    std::vector<std::string> out;
    for (const gdl::SExpr& move : e.items)
      out.push_back(print_sexpr(move, symbols_, TermStyle::Compact));
    return out;
  }
  [[noreturn]] void fail(const std::string& why) const { throw MessageError(kind_ + " " + why); }

 private:
  const std::vector<gdl::SExpr>& items_;
  const gdl::SymbolTable& symbols_;
  std::string kind_;
};

std::shared_ptr<RuleSheet> take_rules(gdl::SExpr& list, const gdl::SymbolTable& symbols) {
  auto sheet = std::make_shared<RuleSheet>();
  sheet->symbols = symbols;
  sheet->rules = std::move(list.items);
  return sheet;
}

void append_rules(const RuleSheet& sheet, std::string& out) {
  out += '(';
  for (const gdl::SExpr& rule : sheet.rules) {
    append_sexpr(rule, sheet.symbols, TermStyle::Wire, out);
    out += ' ';
  }
  out += ')';
}

void append_moves(const std::vector<std::string>& moves, std::string& out) {
  if (moves.empty()) {
    out += "NIL";
    return;
  }
  out += '(';
  for (const std::string& move : moves) {
    out += respell_term(move, TermStyle::Wire).value_or(move);
    out += ' ';
  }
  out += ')';
}

}  // namespace

const char* kind_name(MessageKind kind) {
  switch (kind) {
    case MessageKind::Info: return "INFO";
    case MessageKind::Preview: return "PREVIEW";
    case MessageKind::Start: return "START";
    case MessageKind::Play: return "PLAY";
    case MessageKind::Stop: return "STOP";
    case MessageKind::Abort: return "ABORT";
  }
  return "?";
}

std::shared_ptr<const RuleSheet> read_rule_sheet(std::string_view text, const std::string& source) {
  auto sheet = std::make_shared<RuleSheet>();
  sheet->rules = gdl::read_sexprs(text, source, sheet->symbols);
  return sheet;
}

std::shared_ptr<const gdl::Game> load_rule_sheet(const RuleSheet& sheet, const std::string& source,
                                                 std::vector<gdl::Diagnostic>* warnings) {
  return gdl::load_game(gdl::game_from_sexprs(sheet.rules, sheet.symbols, source), warnings);
}

Message parse_message(std::string_view text) {
  gdl::SymbolTable symbols;
  std::vector<gdl::SExpr> top;
  try {
    top = gdl::read_sexprs(text, "<message>", symbols);
  } catch (const gdl::GdlError& e) {
    throw MessageError("malformed message: " + first_problem(e));
  }
  if (top.empty()) throw MessageError("empty message");
  if (top.size() > 1) throw MessageError("more than one expression in the message");
  gdl::SExpr& root = top.front();
  if (!root.is_list || root.items.empty() || root.items.front().is_list)
    throw MessageError("a message is a list that starts with its name, e.g. ( INFO )");

  const std::string keyword = lower(symbols.name(root.items.front().atom));
  Message m;
  Reader r(root, symbols, symbols.name(root.items.front().atom));
  if (keyword == "info") {
    m.kind = MessageKind::Info;
    r.expect_size(1, 1);
  } else if (keyword == "preview") {
    m.kind = MessageKind::Preview;
    r.expect_size(3, 3);
    r.list(1, "the rules");
    m.start_clock = r.clock(2, "the preview clock");
    m.rules = take_rules(root.items[1], symbols);
  } else if (keyword == "start") {
    m.kind = MessageKind::Start;
    r.expect_size(6, 6);
    m.match_id = r.atom(1, "the match id");
    m.role = r.atom(2, "the role");
    r.list(3, "the rules");
    m.start_clock = r.clock(4, "the start clock");
    m.play_clock = r.clock(5, "the play clock");
    m.rules = take_rules(root.items[3], symbols);
  } else if (keyword == "play" || keyword == "stop") {
    m.kind = keyword == "play" ? MessageKind::Play : MessageKind::Stop;
    // Old servers sent STOP without the last joint move.
    r.expect_size(m.kind == MessageKind::Play ? 3 : 2, 3);
    m.match_id = r.atom(1, "the match id");
    if (root.items.size() == 3) m.moves = r.moves(2);
  } else if (keyword == "abort") {
    m.kind = MessageKind::Abort;
    r.expect_size(2, 2);
    m.match_id = r.atom(1, "the match id");
  } else {
    throw MessageError("unknown message '" + symbols.name(root.items.front().atom) +
                       "' (INFO, PREVIEW, START, PLAY, STOP, ABORT)");
  }
  return m;
}

std::optional<InfoReply> parse_info_reply(std::string_view text) {
  gdl::SymbolTable symbols;
  std::vector<gdl::SExpr> top;
  try {
    top = gdl::read_sexprs(text, "<info reply>", symbols);
  } catch (const gdl::GdlError&) {
    return std::nullopt;
  }
  if (top.size() != 1) return std::nullopt;
  const gdl::SExpr& root = top.front();
  InfoReply info;
  if (!root.is_list) {
    info.status = lower(symbols.name(root.atom));
    return info;
  }
  for (const gdl::SExpr& pair : root.items) {
    if (!pair.is_list || pair.items.size() != 2 || pair.items[0].is_list) return std::nullopt;
    const std::string key = lower(symbols.name(pair.items[0].atom));
    const std::string value = print_sexpr(pair.items[1], symbols, TermStyle::Compact);
    if (key == "name") info.name = value;
    if (key == "status") info.status = lower(value);
  }
  return info;
}

std::string print_message(const Message& m) {
  std::string out = "( ";
  out += kind_name(m.kind);
  switch (m.kind) {
    case MessageKind::Info:
      out += " )";
      break;
    case MessageKind::Preview:
      out += ' ';
      append_rules(*m.rules, out);
      out += ' ' + std::to_string(m.start_clock) + " )";
      break;
    case MessageKind::Start:
      out += ' ' + m.match_id + ' ' + m.role + ' ';
      append_rules(*m.rules, out);
      out += ' ' + std::to_string(m.start_clock) + ' ' + std::to_string(m.play_clock) + ')';
      break;
    case MessageKind::Play:
    case MessageKind::Stop:
      out += ' ' + m.match_id + ' ';
      append_moves(m.moves, out);
      out += " )";
      break;
    case MessageKind::Abort:
      out += ' ' + m.match_id + " )";
      break;
  }
  return out;
}

std::string print_sexpr(const gdl::SExpr& e, const gdl::SymbolTable& symbols, TermStyle style) {
  std::string out;
  append_sexpr(e, symbols, style, out);
  return out;
}

std::optional<std::string> respell_term(std::string_view text, TermStyle style) {
  gdl::SymbolTable symbols;
  try {
    std::vector<gdl::SExpr> top = gdl::read_sexprs(text, "<term>", symbols);
    if (top.size() != 1) return std::nullopt;
    return print_sexpr(top.front(), symbols, style);
  } catch (const gdl::GdlError&) {
    return std::nullopt;
  }
}

}  // namespace ggp::server_protocol
