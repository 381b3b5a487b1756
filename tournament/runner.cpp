#include "tournament/runner.h"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "manager/game_manager.h"
#include "manager/seat.h"
#include "reasoner/state_machine.h"
#include "tournament/serve_process.h"

namespace ggp::tournament {
namespace {

namespace fs = std::filesystem;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

int margin_ms(const Settings& s) { return s.margin_ms >= 0 ? s.margin_ms : s.over_http ? 800 : 300; }

// The local processes and busy flags of one player (--over-http), or the busy flag of a remote
// player; in-process players need no bookkeeping.
struct PlayerSlots {
  std::vector<std::unique_ptr<ServeProcess>> processes;  // one per slot, started on demand
  std::vector<bool> busy;
};

// A seat taken for one match.
struct Lease {
  size_t player = 0;
  int slot = -1;  // the player's slot (--over-http or remote), -1 in-process
};

class Run {
 public:
  Run(const Tournament& t, const fs::path& dir, const RunHooks& hooks)
      : t_(t), dir_(dir), hooks_(hooks), log_(dir / "matches.jsonl") {
    const Settings& s = t.spec().settings;
    slots_.resize(t.spec().players.size());
    for (size_t p = 0; p < slots_.size(); ++p) {
      const PlayerEntry& player = t.spec().players[p];
      const size_t n = is_remote(player) ? 1 : is_served(player, s) ? s.parallel : 0;
      slots_[p].processes.resize(n);
      slots_[p].busy.assign(n, false);
    }
    for (const ScheduledMatch& m : t.schedule())
      if (!log_.contains(m.id)) pending_.push_back(&m);
    progress_.total = t.schedule().size();
    progress_.done_before = progress_.done = t.schedule().size() - pending_.size();
  }

  std::vector<MatchResult> play() {
    report(nullptr);
    const int workers = std::max(1, std::min<int>(t_.spec().settings.parallel,
                                                   static_cast<int>(pending_.size())));
    std::vector<std::thread> threads;
    if (!pending_.empty())
      for (int i = 0; i < workers; ++i) threads.emplace_back([this] { work(); });
    for (std::thread& th : threads) th.join();
    if (failure_) std::rethrow_exception(failure_);
    return log_.results();
  }

 private:
  // True when every player of `m` can take a seat now.
  bool seats_free(const ScheduledMatch& m) const {
    for (size_t p : m.seats) {
      const PlayerSlots& s = slots_[p];
      if (!s.busy.empty() && std::find(s.busy.begin(), s.busy.end(), false) == s.busy.end())
        return false;
    }
    return true;
  }

  std::vector<Lease> take_seats(const ScheduledMatch& m) {
    std::vector<Lease> leases;
    for (size_t p : m.seats) {
      PlayerSlots& s = slots_[p];
      Lease l{p, -1};
      if (!s.busy.empty()) {
        l.slot = static_cast<int>(std::find(s.busy.begin(), s.busy.end(), false) - s.busy.begin());
        s.busy[l.slot] = true;
      }
      leases.push_back(l);
    }
    return leases;
  }

  // Workers stay until every match has ended (not only until none is left to start): a `ggp
  // serve` child dies with the thread that started it.
  void work() {
    std::unique_lock lock(mutex_);
    while (true) {
      auto next = pending_.end();
      if (!failure_)
        for (auto it = pending_.begin(); it != pending_.end(); ++it)
          if (seats_free(**it)) {
            next = it;
            break;
          }
      if (next == pending_.end()) {
        if ((pending_.empty() || failure_) && running_ == 0) {
          changed_.notify_all();
          return;
        }
        changed_.wait(lock);
        continue;
      }
      const ScheduledMatch& m = **next;
      pending_.erase(next);
      std::vector<Lease> leases = take_seats(m);
      ++running_;
      lock.unlock();
      try {
        play_match(m, leases);
      } catch (...) {
        std::lock_guard relock(mutex_);
        if (!failure_) failure_ = std::current_exception();
      }
      lock.lock();
      --running_;
      for (const Lease& l : leases)
        if (l.slot >= 0) slots_[l.player].busy[l.slot] = false;
      changed_.notify_all();
    }
  }

  // The seat of one lease; starts or restarts the player's `ggp serve` process when needed.
  std::unique_ptr<manager::Seat> seat_for(const Lease& l, const std::string& match_id,
                                          size_t role, ServeProcess** process) {
    const PlayerEntry& player = t_.spec().players[l.player];
    const Settings& s = t_.spec().settings;
    *process = nullptr;
    if (is_remote(player)) return std::make_unique<manager::RemoteSeat>(player.spec);
    if (is_served(player, s)) {
      std::unique_ptr<ServeProcess>& proc = slots_[l.player].processes[l.slot];
      if (!proc || !proc->running()) {
        proc.reset();
        fs::create_directories(dir_ / "players");
        const std::string tag = sanitise_name(player.name) + '-' + std::to_string(l.slot + 1);
        proc = std::make_unique<ServeProcess>(
            player.binary.empty() ? hooks_.ggp_binary : player.binary,
            std::vector<std::string>{"--name", player.name, "--player", player.spec, "--margin-ms",
                                     std::to_string(margin_ms(s)), "--seed",
                                     std::to_string(s.seed + fnv1a(tag))},
            dir_ / "players" / (tag + ".log"));
      }
      *process = proc.get();
      return std::make_unique<manager::RemoteSeat>("127.0.0.1:" + std::to_string(proc->port()));
    }
    server_protocol::ServiceConfig config;
    config.name = player.name;
    config.margin = std::chrono::milliseconds(margin_ms(s));
    const uint64_t seed = s.seed + fnv1a(match_id + '#' + std::to_string(role));
    config.seed = seed;
    return std::make_unique<manager::LocalSeat>(
        player.name, config, [maker = hooks_.make_player, spec = player.spec, seed] {
          return maker(spec, seed);
        });
  }

  manager::GameManager& manager_for(size_t game) {
    std::lock_guard lock(managers_mutex_);
    auto& mine = managers_[std::this_thread::get_id()];
    auto it = mine.find(game);
    if (it == mine.end()) {
      const LoadedGame& g = t_.games()[game];
      it = mine.emplace(game, std::make_unique<manager::GameManager>(g.sheet, g.game)).first;
    }
    return *it->second;
  }

  void play_match(const ScheduledMatch& m, const std::vector<Lease>& leases) {
    const Settings& s = t_.spec().settings;
    const size_t n = leases.size();
    std::vector<std::unique_ptr<manager::Seat>> seats;
    std::vector<ServeProcess*> processes(n, nullptr);
    for (size_t r = 0; r < n; ++r) seats.push_back(seat_for(leases[r], m.id, r, &processes[r]));
    std::vector<manager::Seat*> table;
    for (auto& seat : seats) table.push_back(seat.get());

    manager::MatchSettings settings;
    settings.match_id = m.id;
    settings.start_clock = s.start_clock;
    settings.play_clock = s.play_clock;
    settings.seed = s.seed + fnv1a(m.id);
    settings.game_name = t_.spec().games[m.game].name;
    settings.max_turns = s.max_turns;

    std::vector<double> cpu_before(n, -1);
    for (size_t r = 0; r < n; ++r)
      if (processes[r]) cpu_before[r] = processes[r]->cpu_ms();
    const auto begin = std::chrono::steady_clock::now();
    manager::GameManager& gm = manager_for(m.game);
    manager::MatchRecord rec = gm.run(table, settings, [this](const manager::TurnReport&) {
      std::lock_guard lock(progress_mutex_);
      ++progress_.turns;
      if (hooks_.progress) hooks_.progress(progress_);
    });
    const double wall_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();

    MatchResult result;
    result.id = m.id;
    result.game = settings.game_name;
    result.round = m.round;
    for (const Lease& l : leases) result.players.push_back(t_.spec().players[l.player].name);
    result.roles = rec.role_names;
    result.goals = rec.goal_values;
    result.aborted = rec.is_aborted;
    result.abort_reason = rec.abort_reason;
    result.turns = rec.moves.size();
    result.timeouts.assign(n, 0);
    result.illegal.assign(n, 0);
    result.failed.assign(n, 0);
    for (const auto& turn : rec.errors)
      for (size_t r = 0; r < n && r < turn.size(); ++r) {
        result.timeouts[r] += turn[r] == "TO";
        result.illegal[r] += turn[r] == "IL";
        result.failed[r] += turn[r] == "CE";
      }
    bool measured = false;
    std::vector<double> cpu(n, -1);
    for (size_t r = 0; r < n; ++r)
      if (processes[r] && cpu_before[r] >= 0) {
        const double after = processes[r]->cpu_ms();
        if (after >= 0) cpu[r] = after - cpu_before[r];
        measured = true;
      }
    if (measured) result.cpu_ms = cpu;
    result.wall_ms = wall_ms;
    result.finished_ms = manager::epoch_ms();
    result.record = "records/" + m.id + ".json";

    fs::create_directories(dir_ / "records");
    write_file_durably(dir_ / result.record, rec.to_json().dump() + '\n');
    log_.append(result);
    std::lock_guard lock(progress_mutex_);
    ++progress_.done;
    report_locked(&result);
  }

  void report(const MatchResult* finished) {
    std::lock_guard lock(progress_mutex_);
    report_locked(finished);
  }
  void report_locked(const MatchResult* finished) {
    {
      std::lock_guard lock(mutex_);
      progress_.running = running_ - (finished && running_ > 0 ? 1 : 0);  // it is about to end
    }
    progress_.finished = finished;
    if (hooks_.progress) hooks_.progress(progress_);
    progress_.finished = nullptr;
  }

  const Tournament& t_;
  fs::path dir_;
  const RunHooks& hooks_;
  ResultsLog log_;
  std::mutex mutex_;  // guards the scheduling fields below
  std::condition_variable changed_;
  std::vector<const ScheduledMatch*> pending_;
  std::vector<PlayerSlots> slots_;
  size_t running_ = 0;
  std::exception_ptr failure_;
  std::mutex progress_mutex_;
  Progress progress_;
  std::mutex managers_mutex_;
  std::map<std::thread::id, std::map<size_t, std::unique_ptr<manager::GameManager>>> managers_;
};

// The identity's fields that a later run must match.
nlohmann::json fixed_part(const nlohmann::json& identity) {
  nlohmann::json j = identity;
  j.erase("matches");
  j.erase("parallel");
  j.erase("gauntlet");  // a gauntlet's matches are a round robin's: one may extend the other
  for (auto& g : j["games"]) g.erase("path");
  return j;
}

}  // namespace

uint64_t fnv1a(const std::string& text) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

Tournament::Tournament(TournamentSpec spec) : spec_(std::move(spec)) {
  if (spec_.games.empty()) throw std::invalid_argument("no game: give --game GAME.kif");
  if (spec_.players.empty()) throw std::invalid_argument("no player: give --player SPEC");
  std::vector<size_t> roles;
  for (const GameEntry& entry : spec_.games) {
    LoadedGame g;
    const std::string text = read_text(entry.path);
    g.fingerprint = fnv1a(text);
    g.sheet = server_protocol::read_rule_sheet(text, entry.path);
    g.game = server_protocol::load_rule_sheet(*g.sheet, entry.path);
    for (const gdl::SymbolId role : g.game->roles) g.roles.push_back(g.game->symbols.name(role));
    roles.push_back(g.roles.size());
    games_.push_back(std::move(g));
  }
  schedule_ = make_schedule(spec_, roles);
}

std::optional<std::string> Tournament::parallel_warning(unsigned cores) const {
  int most = 0;
  for (const ScheduledMatch& m : schedule_) {
    int threads = 0;
    for (size_t p : m.seats) threads += player_threads(spec_.players[p]);
    most = std::max(most, threads);
  }
  const int parallel = std::max(1, spec_.settings.parallel);
  if (cores == 0 || static_cast<unsigned>(parallel * most) <= cores) return std::nullopt;
  return "warning: --parallel " + std::to_string(parallel) + " times up to " +
         std::to_string(most) + " search threads a match is " + std::to_string(parallel * most) +
         " threads on " + std::to_string(cores) +
         " cores: players will get less CPU than their clocks suggest";
}

nlohmann::json Tournament::identity() const {
  nlohmann::json j;
  for (size_t g = 0; g < games_.size(); ++g) {
    char fp[17];
    std::snprintf(fp, sizeof fp, "%016llx", static_cast<unsigned long long>(games_[g].fingerprint));
    j["games"].push_back({{"name", spec_.games[g].name},
                          {"path", spec_.games[g].path},
                          {"roles", games_[g].roles},
                          {"rules_fnv1a", fp}});
  }
  for (const PlayerEntry& p : spec_.players) {
    j["players"].push_back({{"name", p.name}, {"spec", p.spec}});
    if (!p.binary.empty()) j["players"].back()["binary"] = p.binary;
  }
  const Settings& s = spec_.settings;
  j["start_clock"] = s.start_clock;
  j["play_clock"] = s.play_clock;
  j["margin_ms"] = margin_ms(s);
  j["over_http"] = s.over_http;
  j["max_turns"] = s.max_turns;
  j["seed"] = s.seed;
  j["gauntlet"] = s.gauntlet;
  j["matches"] = s.matches;
  j["parallel"] = s.parallel;
  return j;
}

std::vector<MatchResult> Tournament::run(const std::filesystem::path& dir, const RunHooks& hooks) {
  fs::create_directories(dir);
  const fs::path file = dir / "tournament.json";
  const nlohmann::json mine = identity();
  if (fs::exists(file)) {
    nlohmann::json theirs;
    try {
      theirs = nlohmann::json::parse(read_text(file.string()));
    } catch (const nlohmann::json::exception& e) {
      throw std::runtime_error(file.string() + " is unreadable: " + e.what());
    }
    if (fixed_part(theirs) != fixed_part(mine))
      throw std::runtime_error(dir.string() +
                               " holds another tournament (other games, players, clocks or seed); "
                               "give another --out, or the same settings to resume it");
  }
  write_file_durably(file, mine.dump(2) + '\n');
  Run run(*this, dir, hooks);
  return run.play();
}

}  // namespace ggp::tournament
