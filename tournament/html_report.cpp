#include "tournament/html_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "manager/board_view.h"
#include "server_protocol/messages.h"
#include "tournament/report_assets.h"

namespace ggp::tournament {
namespace {

std::string fmt(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// Red (0) through a pale grey (0.5) to green (1).
std::string heat_colour(double score) {
  const double t = std::clamp(score, 0.0, 1.0);
  const double lo[3] = {215, 48, 39}, mid[3] = {240, 240, 240}, hi[3] = {26, 152, 80};
  char text[16];
  double c[3];
  for (int i = 0; i < 3; ++i)
    c[i] = t < 0.5 ? lo[i] + (mid[i] - lo[i]) * t * 2 : mid[i] + (hi[i] - mid[i]) * (t - 0.5) * 2;
  std::snprintf(text, sizeof text, "#%02x%02x%02x", static_cast<int>(c[0]),
                static_cast<int>(c[1]), static_cast<int>(c[2]));
  return text;
}

std::string svg_text(double x, double y, const std::string& text, const std::string& extra = "") {
  return "<text x=\"" + fmt("%.1f", x) + "\" y=\"" + fmt("%.1f", y) + "\"" + extra + ">" +
         html_escape(text) + "</text>";
}

// Horizontal bars from the anchor's 0 to each rating, with the 95% interval as an error bar.
std::string rating_chart(const Summary& s) {
  std::vector<size_t> order;
  for (size_t p = 0; p < s.players.size(); ++p)
    if (s.per_player[p].rating.rated) order.push_back(p);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return s.per_player[a].rating.elo > s.per_player[b].rating.elo;
  });
  if (order.empty()) return "<p>No ratings: no two players met in a completed match.</p>";
  double lo = 0, hi = 0;
  for (size_t p : order) {
    lo = std::min(lo, s.per_player[p].rating.low);
    hi = std::max(hi, s.per_player[p].rating.high);
  }
  const double span = std::max(hi - lo, 100.0);
  lo -= 0.05 * span;
  hi += 0.05 * span;
  const double label = 190, plot = 560, row = 30, top = 24;
  const double height = top + row * static_cast<double>(order.size()) + 28;
  auto x = [&](double elo) { return label + (elo - lo) / (hi - lo) * plot; };
  std::string svg = "<svg class=\"rating-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    fmt("%.0f", label + plot + 120) + "\" height=\"" + fmt("%.0f", height) +
                    "\" role=\"img\" aria-label=\"ratings\">";
  // Grid lines every 100 Elo (every 200 or 500 when wide).
  const double step = span > 3000 ? 500 : span > 1200 ? 200 : 100;
  for (double g = std::ceil(lo / step) * step; g <= hi; g += step) {
    svg += "<line class=\"grid\" x1=\"" + fmt("%.1f", x(g)) + "\" x2=\"" + fmt("%.1f", x(g)) +
           "\" y1=\"" + fmt("%.0f", top - 6) + "\" y2=\"" + fmt("%.0f", height - 22) + "\"/>";
    svg += svg_text(x(g), height - 8, fmt("%+.0f", g), " class=\"axis\" text-anchor=\"middle\"");
  }
  double y = top;
  for (size_t p : order) {
    const Rating& r = s.per_player[p].rating;
    const double x0 = x(std::min(0.0, r.elo)), x1 = x(std::max(0.0, r.elo));
    svg += svg_text(label - 8, y + 15, s.players[p], " class=\"name\" text-anchor=\"end\"");
    svg += "<rect class=\"bar\" data-player=\"" + html_escape(s.players[p]) + "\" x=\"" +
           fmt("%.1f", x0) + "\" y=\"" + fmt("%.1f", y + 4) + "\" width=\"" +
           fmt("%.1f", std::max(1.0, x1 - x0)) + "\" height=\"" + fmt("%.0f", row - 10) +
           "\"><title>" + html_escape(s.players[p]) + fmt(": %+.0f", r.elo) +
           fmt(" [%+.0f", r.low) + fmt(", %+.0f]", r.high) + "</title></rect>";
    const double mid = y + row / 2 - 1;
    svg += "<g class=\"err\"><line x1=\"" + fmt("%.1f", x(r.low)) + "\" x2=\"" +
           fmt("%.1f", x(r.high)) + "\" y1=\"" + fmt("%.1f", mid) + "\" y2=\"" + fmt("%.1f", mid) +
           "\"/><line x1=\"" + fmt("%.1f", x(r.low)) + "\" x2=\"" + fmt("%.1f", x(r.low)) +
           "\" y1=\"" + fmt("%.1f", mid - 6) + "\" y2=\"" + fmt("%.1f", mid + 6) +
           "\"/><line x1=\"" + fmt("%.1f", x(r.high)) + "\" x2=\"" + fmt("%.1f", x(r.high)) +
           "\" y1=\"" + fmt("%.1f", mid - 6) + "\" y2=\"" + fmt("%.1f", mid + 6) + "\"/></g>";
    svg += svg_text(label + plot + 8, y + 15,
                    fmt("%+.0f", r.elo) + (p == s.anchor ? " (anchor)" : ""), " class=\"value\"");
    y += row;
  }
  svg += "<line class=\"zero\" x1=\"" + fmt("%.1f", x(0)) + "\" x2=\"" + fmt("%.1f", x(0)) +
         "\" y1=\"" + fmt("%.0f", top - 6) + "\" y2=\"" + fmt("%.0f", height - 22) + "\"/>";
  return svg + "</svg>";
}

// A square grid of coloured cells: rows and columns labelled, each cell a score (or none).
struct HeatCell {
  bool present = false;
  double score = 0;
  std::string text, tip;
};
std::string heat_map(const std::string& label, const std::vector<std::string>& rows,
                     const std::vector<std::string>& cols,
                     const std::vector<std::vector<HeatCell>>& cells) {
  const double left = 170, top = 90, w = 74, h = 30;
  std::string svg = "<svg class=\"heat-map\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    fmt("%.0f", left + w * static_cast<double>(cols.size()) + 110) +
                    "\" height=\"" + fmt("%.0f", top + h * static_cast<double>(rows.size()) + 10) +
                    "\" role=\"img\" aria-label=\"" + html_escape(label) + "\">";
  for (size_t c = 0; c < cols.size(); ++c) {
    const double cx = left + w * static_cast<double>(c) + w / 2;
    svg += svg_text(cx, top - 8, cols[c],
                    " class=\"col\" text-anchor=\"start\" transform=\"rotate(-35 " +
                        fmt("%.1f", cx) + " " + fmt("%.1f", top - 8) + ")\"");
  }
  for (size_t r = 0; r < rows.size(); ++r) {
    const double y = top + h * static_cast<double>(r);
    svg += svg_text(left - 8, y + h / 2 + 5, rows[r], " class=\"row\" text-anchor=\"end\"");
    for (size_t c = 0; c < cols.size(); ++c) {
      const HeatCell& cell = cells[r][c];
      const double x = left + w * static_cast<double>(c);
      svg += "<rect class=\"heat" + std::string(cell.present ? "" : " none") + "\" x=\"" +
             fmt("%.1f", x) + "\" y=\"" + fmt("%.1f", y) + "\" width=\"" + fmt("%.0f", w - 2) +
             "\" height=\"" + fmt("%.0f", h - 2) + "\" fill=\"" +
             (cell.present ? heat_colour(cell.score) : std::string("#ffffff")) + "\">" +
             (cell.tip.empty() ? "" : "<title>" + html_escape(cell.tip) + "</title>") + "</rect>";
      if (!cell.text.empty())
        svg += svg_text(x + w / 2 - 1, y + h / 2 + 4, cell.text, " text-anchor=\"middle\"");
    }
  }
  return svg + "</svg>";
}

std::string pairing_heat_map(const Summary& s, size_t g) {
  std::vector<size_t> in;
  for (size_t p = 0; p < s.players.size(); ++p)
    if (s.per_game[g][p].matches > 0) in.push_back(p);
  std::vector<std::string> names;
  for (size_t p : in) names.push_back(s.players[p]);
  std::vector<std::vector<HeatCell>> cells(in.size(), std::vector<HeatCell>(in.size()));
  for (size_t r = 0; r < in.size(); ++r)
    for (size_t c = 0; c < in.size(); ++c) {
      const PairingScore* p = s.pairing(g, in[r], in[c]);
      if (r == c || !p || p->matches() == 0) continue;
      const double score = in[r] == p->a ? p->score() : 1 - p->score();
      auto [low, high] = p->interval();
      if (in[r] != p->a) std::tie(low, high) = std::make_pair(1 - high, 1 - low);
      cells[r][c] = {true, score, fmt("%.0f%%", 100 * score),
                     names[r] + " vs " + names[c] + ": " + fmt("%.1f%%", 100 * score) +
                         fmt(" [%.1f, ", 100 * low) + fmt("%.1f] over ", 100 * high) +
                         std::to_string(p->matches()) + " matches"};
    }
  return heat_map(s.games[g], names, names, cells);
}

std::string overview_heat_map(const Summary& s) {
  std::vector<std::vector<HeatCell>> cells(s.players.size(),
                                           std::vector<HeatCell>(s.games.size()));
  for (size_t p = 0; p < s.players.size(); ++p)
    for (size_t g = 0; g < s.games.size(); ++g) {
      const PlayerGameScore& c = s.per_game[g][p];
      if (c.matches == 0) continue;
      std::string tip = s.players[p] + " on " + s.games[g] + ": score " +
                        fmt("%.1f%%", 100 * c.score()) + fmt(", mean goal %.1f over ", c.mean_goal()) +
                        std::to_string(c.matches) + " matches";
      for (size_t r = 0; r < c.role_matches.size() && r < s.roles[g].size(); ++r)
        if (c.role_matches[r])
          tip += "; as " + s.roles[g][r] + fmt(" %.1f%%", 100 * c.role_score(r)) + " (" +
                 std::to_string(c.role_matches[r]) + ")";
      cells[p][g] = {true, c.score(), fmt("%.0f%%", 100 * c.score()), tip};
    }
  return heat_map("players by game", s.players, s.games, cells);
}

std::string players_table(const Summary& s) {
  std::string t =
      "<table class=\"players\"><thead><tr><th>player</th><th>rating</th><th>95% interval</th>"
      "<th>score</th><th>matches</th><th>replies</th><th>late (TO)</th><th>illegal (IL)</th>"
      "<th>failed (CE)</th><th>CPU per move</th></tr></thead><tbody>";
  for (size_t p = 0; p < s.players.size(); ++p) {
    const PlayerStats& ps = s.per_player[p];
    t += "<tr><td>" + html_escape(s.players[p]) + "</td>";
    t += ps.rating.rated ? "<td>" + fmt("%+.0f", ps.rating.elo) + "</td><td>" +
                               fmt("[%+.0f, ", ps.rating.low) + fmt("%+.0f]", ps.rating.high) +
                               "</td>"
                         : std::string("<td>n/a</td><td></td>");
    t += "<td>" + fmt("%.1f%%", 100 * ps.score()) + "</td><td>" + std::to_string(ps.matches) +
         "</td><td>" + std::to_string(ps.replies) + "</td><td>" + std::to_string(ps.timeouts) +
         "</td><td>" + std::to_string(ps.illegal) + "</td><td>" + std::to_string(ps.failed) +
         "</td><td>" + (ps.cpu_moves ? fmt("%.0f ms", ps.cpu_ms_per_move()) : std::string("-")) +
         "</td></tr>";
  }
  return t + "</tbody></table>";
}

std::string pairings_table(const Summary& s) {
  std::string t =
      "<table class=\"pairings\"><thead><tr><th>game</th><th>pairing</th><th>score of the "
      "first</th><th>95% interval</th><th>won-drawn-lost</th></tr></thead><tbody>";
  for (const PairingScore& p : s.pairings) {
    const auto [low, high] = p.interval();
    t += "<tr><td>" + html_escape(s.games[p.game]) + "</td><td>" + html_escape(s.players[p.a]) +
         " vs " + html_escape(s.players[p.b]) + "</td><td>" + fmt("%.1f%%", 100 * p.score()) +
         "</td><td>" + fmt("[%.1f, ", 100 * low) + fmt("%.1f]", 100 * high) + "</td><td>" +
         std::to_string(p.wins) + "-" + std::to_string(p.draws) + "-" + std::to_string(p.losses) +
         "</td></tr>";
  }
  return t + "</tbody></table>";
}

// Interns terms (facts and moves) so each is written once in the page.
struct Terms {
  std::map<std::string, int> ids;
  nlohmann::json list = nlohmann::json::array();
  int operator()(const std::string& term) {
    auto [it, fresh] = ids.emplace(term, static_cast<int>(ids.size()));
    if (fresh) list.push_back(term);
    return it->second;
  }
};

std::string compact(const std::string& wire) {
  return server_protocol::respell_term(wire, server_protocol::TermStyle::Compact).value_or(wire);
}

nlohmann::json read_json(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return nullptr;
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception&) {
    return nullptr;
  }
}

}  // namespace

std::string html_escape(const std::string& text) {
  std::string out;
  for (char c : text) switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  return out;
}

std::vector<std::string> record_state_facts(const std::string& state) {
  std::vector<std::string> facts;
  const size_t open = state.find('('), close = state.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close <= open) return facts;
  int depth = 0;
  std::string current;
  for (size_t i = open + 1; i < close; ++i) {
    const char c = state[i];
    if (depth == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
      if (!current.empty()) facts.push_back(compact(current));
      current.clear();
      continue;
    }
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    current += c;
  }
  if (!current.empty()) facts.push_back(compact(current));
  return facts;
}

std::string html_report(const ReportInput& in) {
  const Summary& s = in.summary;
  Terms terms;
  nlohmann::json games = nlohmann::json::array();
  std::vector<std::vector<std::string>> all_facts(s.games.size());
  nlohmann::json matches = nlohmann::json::array();
  std::set<std::string> replayable;
  for (const MatchResult& r : in.results) {
    const size_t g = static_cast<size_t>(
        std::find(s.games.begin(), s.games.end(), r.game) - s.games.begin());
    if (g == s.games.size()) continue;
    const nlohmann::json record = read_json(in.dir / r.record);
    if (!record.is_object() || !record.contains("states")) continue;
    nlohmann::json m = {{"id", r.id}, {"game", g}, {"players", r.players}, {"goals", r.goals},
                        {"aborted", r.aborted}};
    if (r.aborted) m["reason"] = r.abort_reason;
    nlohmann::json states = nlohmann::json::array();
    std::set<int> previous;
    for (const auto& text : record["states"]) {
      const std::vector<std::string> facts = record_state_facts(text.get<std::string>());
      std::set<int> now;
      for (const std::string& f : facts) now.insert(terms(f));
      if (all_facts[g].size() < 20000) all_facts[g].insert(all_facts[g].end(), facts.begin(), facts.end());
      nlohmann::json entry = nlohmann::json::array();
      if (states.empty()) {
        for (int id : now) entry.push_back(id);
      } else {  // +(id + 1) added, -(id + 1) removed
        for (int id : previous)
          if (!now.count(id)) entry.push_back(-(id + 1));
        for (int id : now)
          if (!previous.count(id)) entry.push_back(id + 1);
      }
      states.push_back(std::move(entry));
      previous = std::move(now);
    }
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& joint : record.value("moves", nlohmann::json::array())) {
      nlohmann::json ids = nlohmann::json::array();
      for (const auto& move : joint) ids.push_back(terms(compact(move.get<std::string>())));
      moves.push_back(std::move(ids));
    }
    nlohmann::json errors = nlohmann::json::array();  // [turn, role, code]
    const nlohmann::json record_errors = record.value("errors", nlohmann::json::array());
    for (size_t t = 0; t < record_errors.size(); ++t)
      for (size_t role = 0; role < record_errors[t].size(); ++role)
        if (!record_errors[t][role].get<std::string>().empty())
          errors.push_back({t, role, record_errors[t][role]});
    m["states"] = std::move(states);
    m["moves"] = std::move(moves);
    m["errors"] = std::move(errors);
    replayable.insert(r.id);
    matches.push_back(std::move(m));
  }
  for (size_t g = 0; g < s.games.size(); ++g) {
    nlohmann::json game = {{"name", s.games[g]}};
    if (const auto board = manager::find_board(all_facts[g])) {
      const BoardView view = g < in.views.size() ? in.views[g] : BoardView{};
      game["board"] = {{"relation", board->relation},
                       {"first", board->rows},  // the values of the first argument
                       {"second", board->cols},
                       {"first_is_row", view.first_is_row},
                       {"top_down", view.top_down}};
    }
    games.push_back(std::move(game));
  }
  nlohmann::json data = {{"terms", terms.list}, {"games", games}, {"matches", matches}};
  std::string data_text = data.dump();
  for (size_t at = data_text.find("</"); at != std::string::npos; at = data_text.find("</", at))
    data_text.replace(at, 2, "<\\/");

  std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" +
                     html_escape(in.title) + "</title>\n<style>" + std::string(kReportCss) +
                     "</style></head>\n<body>\n<h1>" + html_escape(in.title) + "</h1>\n";
  for (const std::string& note : in.notes) html += "<p class=\"note\">" + html_escape(note) + "</p>\n";
  html += "<p class=\"note\">" + std::to_string(s.matches) + " matches completed, " +
          std::to_string(s.aborted) + " aborted; games: ";
  for (size_t g = 0; g < s.games.size(); ++g) html += (g ? ", " : "") + html_escape(s.games[g]);
  html += ".</p>\n<section id=\"replay\" hidden></section>\n";
  html += "<section id=\"ratings\"><h2>Ratings</h2><p class=\"explain\">Bradley-Terry strengths "
          "from every match on the Elo scale, " +
          html_escape(s.players.empty() ? "" : s.players[s.anchor]) +
          " fixed at 0; bars with their 95% intervals. Draws count half a win; in games of more "
          "than two roles every pair of players is compared by their goals.</p>\n" +
          rating_chart(s) + "\n" + players_table(s) + "</section>\n";
  html += "<section id=\"scores\"><h2>Scores per game</h2><p class=\"explain\">Each player's "
          "score (wins + draws/2, against the others of its matches) by game:</p>\n" +
          overview_heat_map(s) +
          "\n<p class=\"explain\">Per game, the row player's score against the column "
          "player:</p>\n<div class=\"maps\">";
  for (size_t g = 0; g < s.games.size(); ++g)
    html += "<figure><figcaption>" + html_escape(s.games[g]) + "</figcaption>" +
            pairing_heat_map(s, g) + "</figure>";
  html += "</div>\n" + pairings_table(s) + "</section>\n";

  html += "<section id=\"matches\"><h2>Matches</h2><table class=\"matches\"><thead><tr><th>#</th>"
          "<th>match</th><th>game</th><th>players (role order)</th><th>goals</th><th>turns</th>"
          "<th>TO/IL/CE</th><th>seconds</th><th></th></tr></thead><tbody>\n";
  int number = 0;
  for (const MatchResult& r : in.results) {
    std::string seats, goals;
    for (size_t i = 0; i < r.players.size(); ++i) {
      seats += (i ? ", " : "") + (i < r.roles.size() ? r.roles[i] + "=" : "") + r.players[i];
      if (i < r.goals.size()) goals += (i ? " " : "") + std::to_string(r.goals[i]);
    }
    int to = 0, il = 0, ce = 0;
    for (int v : r.timeouts) to += v;
    for (int v : r.illegal) il += v;
    for (int v : r.failed) ce += v;
    html += "<tr><td>" + std::to_string(++number) + "</td><td>" + html_escape(r.id) + "</td><td>" +
            html_escape(r.game) + "</td><td>" + html_escape(seats) + "</td><td>" +
            (r.aborted ? "aborted" : html_escape(goals)) + "</td><td>" + std::to_string(r.turns) +
            "</td><td>" + std::to_string(to) + "/" + std::to_string(il) + "/" +
            std::to_string(ce) + "</td><td>" + fmt("%.1f", r.wall_ms / 1000) + "</td><td>" +
            (replayable.count(r.id) ? "<a class=\"open\" href=\"#replay=" + html_escape(r.id) +
                                          "\">replay</a>"
                                    : std::string("no record")) +
            "</td></tr>\n";
  }
  html += "</tbody></table></section>\n<script type=\"application/json\" id=\"report-data\">" +
          data_text + "</script>\n<script>" + std::string(kReportScript) +
          "</script>\n</body></html>\n";
  return html;
}

}  // namespace ggp::tournament
