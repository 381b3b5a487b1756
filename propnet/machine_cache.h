#pragma once
// Machines already built, kept by the text of their rules, so that a game seen again is not
// ground again: PREVIEW then START, the referee and the in-process players of a local match,
// match after match. A cached machine is never queried; callers get clones of it, which share
// its immutable program (propnet) or rules (prover) and are as good as a fresh build.
#include <cstddef>
#include <cstdint>
#include <future>
#include <list>
#include <memory>
#include <mutex>
#include <string>

#include "propnet/machine_factory.h"

namespace ggp::propnet {

class MachineCache {
 public:
  // Keeps the machines of the `capacity` games used last, and drops the least recently used ones
  // while the machines kept share more than `max_bytes` (BuiltMachine::shared_bytes; the machine
  // just built is always kept). Clones still in use keep their machine's memory until they go.
  explicit MachineCache(size_t capacity, size_t max_bytes = SIZE_MAX);

  // A machine of `kind` for `game`, built by make_machine on first use (the report says so) and
  // cloned afterwards ("... , cached"). Concurrent calls for the same rules wait for one build.
  // Throws what make_machine throws; a failed build is not kept.
  BuiltMachine get(std::shared_ptr<const gdl::Game> game, MachineKind kind);

  size_t size() const;
  // The shared bytes of the machines kept.
  size_t bytes() const;

 private:
  struct Built {
    std::unique_ptr<reasoner::StateMachine> prototype;
    std::string report;
  };
  struct Entry {
    std::string key;
    std::shared_future<std::shared_ptr<const Built>> built;
    size_t bytes = 0;  // its machine's shared_bytes, once built
  };
  // The entries' bytes. Holds mutex_.
  size_t kept_bytes() const;
  // Drops least recently used built entries other than `keep` while over max_bytes_. Holds mutex_.
  void trim_bytes(const std::string& keep);

  size_t capacity_;
  size_t max_bytes_;
  mutable std::mutex mutex_;
  std::list<Entry> entries_;  // most recently used first
};

// The process's cache (4 games, 1 GiB of shared machines), used by the players, the referee and
// PREVIEW.
MachineCache& shared_machine_cache();

// make_machine through shared_machine_cache().
BuiltMachine make_cached_machine(std::shared_ptr<const gdl::Game> game, MachineKind kind);

}  // namespace ggp::propnet
