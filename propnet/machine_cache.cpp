#include "propnet/machine_cache.h"

#include <algorithm>

namespace ggp::propnet {
namespace {

// The rules as text with the kind asked for: equal texts make equal machines.
std::string cache_key(const gdl::Game& game, MachineKind kind) {
  std::string key = std::to_string(static_cast<int>(kind)) + '\n';
  for (const gdl::Rule& rule : game.rules) {
    key += gdl::to_string(rule, game.symbols);
    key += '\n';
  }
  return key;
}

}  // namespace

MachineCache::MachineCache(size_t capacity, size_t max_bytes)
    : capacity_(capacity == 0 ? 1 : capacity), max_bytes_(max_bytes) {}

size_t MachineCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

size_t MachineCache::bytes() const {
  std::lock_guard lock(mutex_);
  return kept_bytes();
}

size_t MachineCache::kept_bytes() const {
  size_t total = 0;
  for (const Entry& e : entries_) total += e.bytes;
  return total;
}

void MachineCache::trim_bytes(const std::string& keep) {
  size_t total = kept_bytes();
  for (auto it = entries_.end(); total > max_bytes_ && it != entries_.begin();) {
    --it;
    if (it->key == keep || it->bytes == 0) continue;  // the new one, a prover, or one building
    total -= it->bytes;
    it = entries_.erase(it);
  }
}

BuiltMachine MachineCache::get(std::shared_ptr<const gdl::Game> game, MachineKind kind) {
  std::string key = cache_key(*game, kind);
  std::promise<std::shared_ptr<const Built>> promise;
  std::shared_future<std::shared_ptr<const Built>> built;
  bool builder = false;
  {
    std::lock_guard lock(mutex_);
    auto it = std::find_if(entries_.begin(), entries_.end(),
                           [&key](const Entry& e) { return e.key == key; });
    if (it != entries_.end()) {
      entries_.splice(entries_.begin(), entries_, it);
      built = it->built;
    } else {
      builder = true;
      built = promise.get_future().share();
      entries_.push_front(Entry{key, built});
      if (entries_.size() > capacity_) entries_.pop_back();
    }
  }
  if (builder) {
    try {
      BuiltMachine fresh = make_machine(std::move(game), kind);
      auto kept = std::make_shared<Built>();
      kept->prototype = std::move(fresh.machine);
      kept->report = std::move(fresh.report);
      promise.set_value(std::move(kept));
      std::lock_guard lock(mutex_);
      for (Entry& e : entries_)
        if (e.key == key) e.bytes = fresh.shared_bytes;
      trim_bytes(key);
    } catch (...) {
      promise.set_exception(std::current_exception());
      std::lock_guard lock(mutex_);
      std::erase_if(entries_, [&key](const Entry& e) { return e.key == key; });
    }
    const Built& b = *built.get();  // rethrows a failed build
    return BuiltMachine{b.prototype->clone(), b.report};
  }
  const Built& b = *built.get();
  return BuiltMachine{b.prototype->clone(), b.report + ", cached"};
}

MachineCache& shared_machine_cache() {
  static MachineCache cache(4, size_t{1} << 30);
  return cache;
}

BuiltMachine make_cached_machine(std::shared_ptr<const gdl::Game> game, MachineKind kind) {
  return shared_machine_cache().get(std::move(game), kind);
}

}  // namespace ggp::propnet
