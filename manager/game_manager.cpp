#include "manager/game_manager.h"

#include <algorithm>
#include <future>
#include <stdexcept>

#include "propnet/machine_cache.h"

namespace ggp::manager {

using server_protocol::InfoReply;
using server_protocol::Message;
using server_protocol::MessageKind;
using server_protocol::parse_info_reply;
using server_protocol::print_message;
using server_protocol::print_sexpr;
using server_protocol::respell_term;
using server_protocol::RuleSheet;
using server_protocol::TermStyle;

namespace {

std::string random_token(reasoner::Random& rng) {
  static const char kChars[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::string token;
  for (int i = 0; i < 32; ++i) token += kChars[rng.below(62)];
  return token;
}

std::string rules_text(const RuleSheet& sheet) {
  std::string out;
  for (const gdl::SExpr& rule : sheet.rules) {
    out += print_sexpr(rule, sheet.symbols, TermStyle::Wire);
    out += '\n';
  }
  return out;
}

// The same message for every seat.
std::vector<std::string> to_all(size_t n, const Message& m) {
  return std::vector<std::string>(n, print_message(m));
}

}  // namespace

std::vector<SeatReply> broadcast(const std::vector<Seat*>& seats,
                                 const std::vector<std::string>& messages,
                                 std::chrono::milliseconds timeout) {
  std::vector<std::future<SeatReply>> pending;
  for (size_t i = 0; i < seats.size(); ++i)
    pending.push_back(std::async(std::launch::async, [seat = seats[i], &text = messages[i], timeout] {
      return seat->send(text, timeout);
    }));
  std::vector<SeatReply> replies;
  for (auto& f : pending) replies.push_back(f.get());
  return replies;
}

GameManager::GameManager(std::shared_ptr<const RuleSheet> sheet,
                         std::shared_ptr<const gdl::Game> game)
    : sheet_(std::move(sheet)), game_(std::move(game)) {
  referee_ = propnet::make_cached_machine(game_, propnet::MachineKind::Default).machine;
}

MatchRecord GameManager::run(const std::vector<Seat*>& seats, const MatchSettings& settings,
                             const TurnObserver& observer) {
  reasoner::StateMachine& ref = *referee_;
  const size_t n = ref.num_roles();
  if (seats.size() != n)
    throw std::invalid_argument("the game has " + std::to_string(n) + " roles but " +
                                std::to_string(seats.size()) + " players were given");
  reasoner::Random rng(settings.seed);

  MatchRecord rec;
  rec.match_id = settings.match_id;
  rec.random_token = random_token(rng);
  rec.start_time_ms = epoch_ms();
  rec.game_name = settings.game_name;
  rec.rulesheet = rules_text(*sheet_);
  rec.start_clock = settings.start_clock;
  rec.play_clock = settings.play_clock;
  rec.role_names = reasoner::role_names(ref);
  // As the GGP-Base server does, ask every player its name first (playerNamesFromHost); a seat
  // that gives none keeps the name it was registered under.
  std::vector<SeatReply> infos =
      broadcast(seats, std::vector<std::string>(n, "( INFO )"), std::chrono::seconds(1));
  for (size_t r = 0; r < n; ++r) {
    std::optional<InfoReply> info;
    if (infos[r].outcome == SeatReply::Outcome::Ok) info = parse_info_reply(infos[r].text);
    rec.player_names.push_back(info && !info->name.empty() ? info->name : seats[r]->name());
  }

  reasoner::State state = ref.initial_state();
  rec.states.push_back(render_state(reasoner::state_texts(ref, state)));
  rec.state_times_ms.push_back(epoch_ms());

  std::vector<std::string> starts;
  for (size_t r = 0; r < n; ++r) {
    Message m;
    m.kind = MessageKind::Start;
    m.match_id = settings.match_id;
    m.role = rec.role_names[r];
    m.rules = sheet_;
    m.start_clock = settings.start_clock;
    m.play_clock = settings.play_clock;
    starts.push_back(print_message(m));
  }
  broadcast(seats, starts, std::chrono::seconds(settings.start_clock));  // replies are not judged

  Message play;
  play.kind = MessageKind::Play;
  play.match_id = settings.match_id;
  const auto play_timeout = std::chrono::seconds(settings.play_clock + 1);
  try {
    reasoner::JointMove joint(n);
    reasoner::State next;
    for (size_t turn = 1; !ref.is_terminal(state); ++turn) {
      if (turn > settings.max_turns)
        throw std::runtime_error("no terminal state after " + std::to_string(settings.max_turns) +
                                 " turns");
      std::vector<SeatReply> replies = broadcast(seats, to_all(n, play), play_timeout);
      TurnReport report;
      report.turn = turn;
      for (reasoner::RoleIndex r = 0; r < n; ++r) {
        const SeatReply& reply = replies[r];
        std::span<const reasoner::MoveId> legal = ref.legal_moves(state, r);
        if (legal.empty()) throw std::runtime_error("role " + rec.role_names[r] + " has no legal move");
        std::string error, detail;
        std::optional<reasoner::MoveId> move;
        if (reply.outcome == SeatReply::Outcome::Timeout) {
          error = "TO";
          detail = reply.error;
        } else if (reply.outcome == SeatReply::Outcome::Error) {
          error = "CE";
          detail = reply.error;
        } else if (std::optional<std::string> term = respell_term(reply.text, TermStyle::Compact)) {
          move = ref.move_from_text(r, *term);
          if (move && std::find(legal.begin(), legal.end(), *move) == legal.end()) move.reset();
          if (!move) {
            error = "IL";
            detail = "illegal move '" + reply.text + "'";
          }
        } else {
          error = "CE";
          detail = "unreadable reply '" + reply.text.substr(0, 80) + "'";
        }
        if (!move) move = legal[rng.below(static_cast<uint32_t>(legal.size()))];
        joint[r] = *move;
        report.moves.push_back(ref.move_text(*move));
        report.errors.push_back(error);
        report.details.push_back(detail);
        report.reply_ms.push_back(reply.elapsed_ms);
      }
      ref.next_state(state, joint, next);
      std::swap(state, next);
      play.moves = report.moves;
      std::vector<std::string> wire_moves;
      for (const std::string& m : report.moves)
        wire_moves.push_back(respell_term(m, TermStyle::Wire).value_or(m));
      rec.moves.push_back(std::move(wire_moves));
      rec.errors.push_back(report.errors);
      rec.states.push_back(render_state(reasoner::state_texts(ref, state)));
      rec.state_times_ms.push_back(epoch_ms());
      report.state = &state;
      if (observer) observer(report);
    }
  } catch (const std::exception& e) {
    Message abort;
    abort.kind = MessageKind::Abort;
    abort.match_id = settings.match_id;
    broadcast(seats, to_all(n, abort), std::chrono::seconds(1));
    rec.is_aborted = true;
    rec.abort_reason = e.what();
    return rec;
  }

  rec.goal_values = reasoner::goals(ref, state);
  for (size_t r = 0; r < n; ++r) {
    const int value = rec.goal_values[r];
    if (value >= 0) continue;
    rec.goal_problem += (rec.goal_problem.empty() ? "" : "; ") + rec.role_names[r] +
                        (value == reasoner::kNoGoal ? " has no goal" : " has several goals") +
                        " in the final state, scored 0";
    rec.goal_values[r] = 0;
  }
  rec.is_completed = true;
  Message stop;
  stop.kind = MessageKind::Stop;
  stop.match_id = settings.match_id;
  stop.moves = play.moves;
  broadcast(seats, to_all(n, stop), std::chrono::seconds(settings.play_clock));
  return rec;
}

}  // namespace ggp::manager
