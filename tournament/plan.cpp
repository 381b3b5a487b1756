#include "tournament/plan.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "manager/http_client.h"

namespace ggp::tournament {
namespace {

// Every increasing sequence of `n` indices below `k`, in lexicographic order.
std::vector<std::vector<size_t>> combinations(size_t k, size_t n) {
  std::vector<std::vector<size_t>> out;
  std::vector<size_t> pick(n);
  for (size_t i = 0; i < n; ++i) pick[i] = i;
  while (true) {
    out.push_back(pick);
    size_t i = n;
    while (i > 0 && pick[i - 1] == k - n + i - 1) --i;
    if (i == 0) return out;
    ++pick[i - 1];
    for (size_t j = i; j < n; ++j) pick[j] = pick[j - 1] + 1;
  }
}

}  // namespace

int matches_per_group(int matches, size_t roles) {
  const int n = static_cast<int>(std::max<size_t>(roles, 1));
  return (std::max(matches, 1) + n - 1) / n * n;
}

std::string sanitise_name(const std::string& name) {
  std::string out;
  for (char c : name) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '_';
    out += keep ? c : '_';
  }
  return out.empty() ? "_" : out;
}

std::vector<ScheduledMatch> make_schedule(const TournamentSpec& spec,
                                          const std::vector<size_t>& roles) {
  const size_t k = spec.players.size();
  std::map<std::string, std::string> sanitised;
  for (const PlayerEntry& p : spec.players) {
    auto [it, fresh] = sanitised.emplace(sanitise_name(p.name), p.name);
    if (!fresh)
      throw std::invalid_argument("players '" + it->second + "' and '" + p.name +
                                  "' need distinct names: give one as NAME=SPEC");
  }
  size_t gauntlet = k;
  if (!spec.settings.gauntlet.empty()) {
    for (size_t p = 0; p < k; ++p)
      if (spec.players[p].name == spec.settings.gauntlet) gauntlet = p;
    if (gauntlet == k)
      throw std::invalid_argument("the gauntlet '" + spec.settings.gauntlet +
                                  "' is none of the players");
  }
  // Per game: its groups and the rounds it needs.
  std::vector<std::vector<std::vector<size_t>>> groups(spec.games.size());
  int rounds = 0;
  for (size_t g = 0; g < spec.games.size(); ++g) {
    const size_t n = roles.at(g);
    if (n == 0 || n > k)
      throw std::invalid_argument("game " + spec.games[g].name + " has " + std::to_string(n) +
                                  " roles but the tournament has " + std::to_string(k) +
                                  " players");
    for (std::vector<size_t>& group : combinations(k, n))
      if (gauntlet == k || std::find(group.begin(), group.end(), gauntlet) != group.end())
        groups[g].push_back(std::move(group));
    rounds = std::max(rounds, matches_per_group(spec.settings.matches, n) / static_cast<int>(n));
  }
  std::vector<ScheduledMatch> out;
  for (int r = 1; r <= rounds; ++r)
    for (size_t g = 0; g < spec.games.size(); ++g) {
      const size_t n = roles[g];
      if (r > matches_per_group(spec.settings.matches, n) / static_cast<int>(n)) continue;
      for (const std::vector<size_t>& group : groups[g])
        for (size_t rotation = 0; rotation < n; ++rotation) {
          ScheduledMatch m;
          m.game = g;
          m.round = r;
          m.id = sanitise_name(spec.games[g].name) + '.' + std::to_string(r);
          for (size_t seat = 0; seat < n; ++seat) {
            m.seats.push_back(group[(seat + rotation) % n]);
            m.id += '.' + sanitise_name(spec.players[m.seats.back()].name);
          }
          out.push_back(std::move(m));
        }
    }
  return out;
}

PlayerEntry parse_player_argument(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq != std::string::npos && eq > 0 && text.find_first_of(":,") > eq)
    return {text.substr(0, eq), text.substr(eq + 1), ""};
  return {text, text, ""};
}

bool is_remote(const PlayerEntry& player) { return manager::is_endpoint(player.spec); }

bool is_served(const PlayerEntry& player, const Settings& settings) {
  return !is_remote(player) && (settings.over_http || !player.binary.empty());
}

int player_threads(const PlayerEntry& player) {
  if (is_remote(player)) return 0;
  const std::string& s = player.spec;
  for (size_t at = s.find("threads="); at != std::string::npos; at = s.find("threads=", at + 1)) {
    if (at > 0 && s[at - 1] != ':' && s[at - 1] != ',') continue;
    try {
      return std::max(1, std::stoi(s.substr(at + 8)));
    } catch (const std::exception&) {
      return 1;
    }
  }
  return 1;
}

}  // namespace ggp::tournament
