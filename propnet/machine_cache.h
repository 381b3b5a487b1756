#pragma once
// Machines already built, kept by the text of their rules, so that a game seen again is not
// ground again: PREVIEW then START, the referee and the in-process players of a local match,
// match after match. A cached machine is never queried; callers get clones of it, which share
// its immutable program (propnet) or rules (prover) and are as good as a fresh build.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <future>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "propnet/machine_factory.h"

namespace ggp::propnet {

// The end of the report of a machine the cache had built before the call that got it.
inline constexpr std::string_view kCachedSuffix = ", cached";

class MachineCache {
 public:
  using Clock = std::chrono::steady_clock;

  // Keeps the machines of the `capacity` games used last, and drops the least recently used ones
  // while the machines kept share more than `max_bytes` (BuiltMachine::shared_bytes; the machine
  // just built is always kept). Clones still in use keep their machine's memory until they go.
  explicit MachineCache(size_t capacity, size_t max_bytes = SIZE_MAX);
  // Cancels the background builds under way and waits for them to stop.
  ~MachineCache();
  MachineCache(const MachineCache&) = delete;
  MachineCache& operator=(const MachineCache&) = delete;

  // A machine of `kind` for `game`, built by make_machine on first use (the report says so) and
  // cloned afterwards ("... , cached"). Concurrent calls for the same rules wait for one build.
  // Throws what make_machine throws; a failed build is not kept.
  BuiltMachine get(std::shared_ptr<const gdl::Game> game, MachineKind kind);

  // The same, built in the background: on a thread of the cache's, for a caller that has
  // something to play with meanwhile, so a Default build gets kBackgroundBuildSeconds before it
  // falls back to the prover. Starts the build unless it is built or under way, then waits for
  // it until `until`: nullopt if it is not ready by then (ask again later; the build goes on).
  // Throws what make_machine threw.
  std::optional<BuiltMachine> get_until(std::shared_ptr<const gdl::Game> game, MachineKind kind,
                                        Clock::time_point until);

  size_t size() const;
  // The shared bytes of the machines kept.
  size_t bytes() const;
  // Background builds under way.
  size_t building() const;

 private:
  struct Built {
    std::unique_ptr<reasoner::StateMachine> prototype;
    std::string report;
  };
  using Future = std::shared_future<std::shared_ptr<const Built>>;
  struct Entry {
    std::string key;
    Future built;
    size_t bytes = 0;  // its machine's shared_bytes, set just before its future is ready
  };
  struct Builder {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };
  // The entry of `key`, made the most recently used; a new one (`promise` is then the caller's
  // to fulfil through build()) when there is none.
  Future find_or_add(const std::string& key, std::optional<std::promise<std::shared_ptr<const Built>>>& promise);
  // The entry of `key` if it holds a propnet (its bytes are known before its future is ready).
  std::optional<Future> find_propnet(const std::string& key) const;
  // Runs make_machine and fulfils `promise`; keeps the machine's bytes, or drops a failed entry.
  void build(std::shared_ptr<const gdl::Game> game, MachineKind kind, const BuildOptions& options,
             const std::string& key, std::promise<std::shared_ptr<const Built>> promise);
  // A clone of the machine `built` holds (rethrows a failed build).
  static BuiltMachine take(const Future& built, bool fresh);
  // The entries' bytes. Holds mutex_.
  size_t kept_bytes() const;
  // Drops least recently used built entries other than `keep` while over max_bytes_. Holds mutex_.
  void trim_bytes(const std::string& keep);

  size_t capacity_;
  size_t max_bytes_;
  mutable std::mutex mutex_;
  std::list<Entry> entries_;  // most recently used first
  std::vector<Builder> builders_;
  std::atomic<bool> cancel_{false};
};

// The process's cache (4 games, 1 GiB of shared machines), used by the players, the referee and
// PREVIEW.
MachineCache& shared_machine_cache();

// make_machine through shared_machine_cache().
BuiltMachine make_cached_machine(std::shared_ptr<const gdl::Game> game, MachineKind kind);

}  // namespace ggp::propnet
