#include "agent/search_player_match.h"

#include <algorithm>

#include "agent/match_state.h"

namespace ggp::agent {

using reasoner::MoveId;
using std::chrono::milliseconds;

struct MatchThread::Machines {
  std::unique_ptr<reasoner::StateMachine> machine;         // follows the match
  std::unique_ptr<reasoner::StateMachine> search_machine;  // the searcher's clone
  std::unique_ptr<Searcher> searcher;
  std::string report;
  reasoner::RoleIndex role = 0;
  reasoner::State state;
  bool terminal = false;
};

MatchThread::MatchThread(const SearchPlayerConfig& config, const SearcherFactory& factory,
                         uint64_t seed, const std::atomic<bool>& stop)
    : config_(config), factory_(factory), seed_(seed), stop_(stop) {}

MatchThread::~MatchThread() = default;

void MatchThread::start_searcher(Machines& m, uint64_t seed) const {
  m.searcher = factory_(*m.search_machine, seed);
  m.searcher->set_own_role(m.role);
  m.searcher->set_root(m.state);
}

std::unique_ptr<MatchThread::Machines> MatchThread::install(OfferedMachine offer) const {
  auto m = std::make_unique<Machines>();
  m->machine = std::move(offer.machine);
  m->report = std::move(offer.report);
  m->role = find_role(*m->machine, role_name_);
  m->state = m->machine->initial_state();
  for (const std::vector<std::string>& joint : history_)
    apply_joint_move_texts(*m->machine, m->state, joint);
  m->terminal = m->machine->is_terminal(m->state);
  m->search_machine = m->machine->clone();
  start_searcher(*m, seed_);
  return m;
}

std::string MatchThread::take_machine(std::shared_ptr<MachineSource> machines,
                                      const std::string& role, Clock::time_point stop_at) {
  source_ = std::move(machines);
  role_name_ = role;
  stop_at_ = stop_at;
  // The preferred machine may take most of the start clock; the rest is for the start search.
  const Clock::time_point now = Clock::now();
  const Clock::time_point wait_until = stop_at > now ? now + (stop_at - now) * 3 / 4 : now;
  try {
    m_ = install(source_->first(wait_until));
  } catch (const std::exception& e) {
    return std::string("no machine: ") + e.what();
  }
  std::string line = "machine " + m_->report;
  if (config_.think_at_start) {
    SearchLimits limits;
    limits.deadline = stop_at;
    limits.stop = &stop_;
    if (config_.playouts_per_move > 0) limits.max_playouts = config_.playouts_per_move;
    search(limits);
  }
  if (m_) add_note(m_->searcher->note());
  if (!note_.empty()) line += "; " + std::exchange(note_, {});
  return line;
}

void MatchThread::follow(const std::vector<std::vector<std::string>>& joints,
                         Clock::time_point stop_at) {
  if (joints.empty()) return;
  for (const std::vector<std::string>& texts : joints) {
    const bool answered_previous = answered_ == turn_;
    ++turn_;
    if (!texts.empty()) history_.push_back(texts);
    if (!m_) continue;
    try {
      reasoner::JointMove joint = parse_joint_move(*m_->machine, texts);
      const uint64_t before = m_->searcher->stats().playouts;
      // Turn 1: the start clock's search; later turns: the search after our previous reply.
      ponder_playouts_ = turn_ == 1 ? before : answered_previous ? before - at_final_ : 0;
      if (!joint.empty()) {
        reasoner::State next;
        m_->machine->next_state(m_->state, joint, next);
        m_->state = std::move(next);
        m_->terminal = m_->machine->is_terminal(m_->state);
        m_->searcher->advance(joint, m_->state);
      }
      turn_base_ = m_->searcher->stats().playouts;
    } catch (const std::exception& e) {  // a joint move our machine cannot read or apply
      add_note(std::string("lost track of the match: ") + e.what());
      m_.reset();
    }
  }
  stop_at_ = stop_at;
  slices_ = 0;
  quiet_ = 0;
}

bool MatchThread::has_work() const {
  if (turn_ > answered_) return true;
  if (!m_ || m_->terminal || idle_turn_ == turn_ || config_.playouts_per_move > 0) return false;
  if (turn_ == 0 && !config_.think_at_start) return false;  // no search before the first PLAY
  if (m_->searcher->stats().root_solved) return false;
  return config_.ponder || Clock::now() < stop_at_;
}

std::optional<Answer> MatchThread::step() {
  if (turn_ > answered_) return decide();
  maybe_switch_machine();
  if (has_work()) ponder();
  return std::nullopt;
}

std::optional<Answer> MatchThread::decide() {
  if (slices_ == 0) maybe_switch_machine();  // a fresh turn: nothing of its search is lost
  if (!m_) {
    add_note("no machine to search with");
    return answer_with({}, true);
  }
  std::span<const MoveId> legal_span = m_->machine->legal_moves(m_->state, m_->role);
  const std::vector<MoveId> legal(legal_span.begin(), legal_span.end());
  if (legal.empty()) {
    add_note("no legal move in this state");
    return answer_with({}, true);
  }
  // A forced move goes out at once; under a clock the search goes on (pondering).
  if (legal.size() == 1) return answer_with(m_->machine->move_text(legal.front()), true);

  const bool budget = config_.playouts_per_move > 0;
  SearchLimits limits;
  limits.stop = &stop_;
  const Clock::time_point now = Clock::now();
  if (budget) {
    limits.max_playouts = config_.playouts_per_move;
    limits.deadline = stop_at_;
  } else {
    limits.deadline = std::min(stop_at_, now + slice_length());
    limits.playout_deadline = stop_at_;
  }
  ++slices_;
  const uint64_t before = m_->searcher->stats().playouts;
  if (!search(limits)) return answer_with({}, true);
  const Clock::time_point after = Clock::now();
  const SearchStats stats = m_->searcher->stats();
  // Final: the budget is spent, the clock says stop, the root is proven, or the searcher gives
  // back early with nothing done even from the longest slice (it has nothing more to search).
  const bool final = budget || after >= stop_at_ || stats.root_solved ||
                     (returned_early(limits, before) && slice_length() == config_.slice);
  MoveId best = m_->searcher->best_move(m_->role);
  if (std::find(legal.begin(), legal.end(), best) == legal.end()) {
    add_note("the searcher proposed an illegal move");
    if (!final) return std::nullopt;
    return answer_with({}, true);
  }
  return answer_with(m_->machine->move_text(best), final);
}

Clock::duration MatchThread::slice_length() const {
  // Short slices first, so that a searched move is published early in the turn; a searcher that
  // needs longer (e.g. a batch of playouts it will not begin unless it can finish) gets it soon.
  return std::min<Clock::duration>(config_.slice, milliseconds(10) * (1 << std::min(slices_, size_t{10})));
}

bool MatchThread::returned_early(const SearchLimits& limits, uint64_t playouts_before) const {
  return Clock::now() < limits.deadline && !stop_ && m_ &&
         m_->searcher->stats().playouts == playouts_before;
}

void MatchThread::ponder() {
  SearchLimits limits;
  limits.stop = &stop_;
  const Clock::time_point now = Clock::now();
  limits.deadline = now + config_.slice * (1 << std::min(quiet_, size_t{3}));
  if (!config_.ponder) limits.deadline = std::min(limits.deadline, stop_at_);
  const uint64_t before = m_->searcher->stats().playouts;
  if (!search(limits)) return;
  // A searcher that gives back early with nothing done, even from a slice 8 times as long, has
  // nothing to search until new orders.
  if (!returned_early(limits, before)) {
    quiet_ = 0;
  } else if (++quiet_ > 3) {
    idle_turn_ = turn_;
  }
}

bool MatchThread::search(SearchLimits limits) {
  try {
    m_->searcher->search(limits);
    return true;
  } catch (const std::exception& e) {
    add_note(std::string("search failed: ") + e.what());
  }
  idle_turn_ = turn_;  // no pondering after a failure until the next turn
  try {                // a fresh searcher for the next turn
    start_searcher(*m_, seed_ + turn_);
    turn_base_ = at_final_ = 0;
  } catch (const std::exception& e) {
    add_note(std::string("no searcher: ") + e.what());
    m_.reset();
  }
  return false;
}

void MatchThread::maybe_switch_machine() {
  if (!source_) return;
  std::optional<OfferedMachine> offer = source_->upgrade();
  if (!offer) return;
  const std::string current = m_ ? m_->machine->name() : "no machine";
  if (!offer->machine) {
    add_note("kept the " + current + ": " + offer->report);
    return;
  }
  const std::string report = offer->report;
  try {
    m_ = install(std::move(*offer));
    turn_base_ = at_final_ = 0;
    idle_turn_ = static_cast<size_t>(-1);
    add_note("switched to the " + report + " at turn " + std::to_string(turn_));
  } catch (const std::exception& e) {
    add_note("kept the " + current + ": the " + report + " cannot follow the match: " + e.what());
  }
}

Answer MatchThread::answer_with(std::string move, bool final) {
  Answer a;
  a.move = std::move(move);
  a.final = final;
  a.stats.ponder_playouts = ponder_playouts_;
  if (m_) {
    const SearchStats s = m_->searcher->stats();
    a.stats.playouts = s.playouts >= turn_base_ ? s.playouts - turn_base_ : s.playouts;
    a.stats.nodes = s.nodes;
    a.stats.machine = m_->machine->name();
    if (final) {
      at_final_ = s.playouts;
      add_note(m_->searcher->note());
    }
  }
  if (final) {
    answered_ = turn_;
    a.stats.note = std::exchange(note_, {});
  }
  return a;
}

void MatchThread::add_note(const std::string& text) {
  if (!text.empty()) note_ += (note_.empty() ? "" : "; ") + text;
}

}  // namespace ggp::agent
