#include "propnet/machine_cache.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>

namespace ggp::propnet {
namespace {

constexpr int kBuilderNiceness = 10;

// The rules as text: equal texts make equal machines.
std::string rules_text(const gdl::Game& game) {
  std::string text;
  for (const gdl::Rule& rule : game.rules) {
    text += gdl::to_string(rule, game.symbols);
    text += '\n';
  }
  return text;
}

// The key of a machine of `kind` for the rules `rules_text`. A Default machine built in the
// background has a longer propnet budget than one waited for: another key.
std::string cache_key(const std::string& rules_text, MachineKind kind, bool background) {
  std::string key = std::to_string(static_cast<int>(kind));
  if (background && kind == MachineKind::Default) key += 'b';
  return key + '\n' + rules_text;
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

MachineCache::Future MachineCache::find_or_add(
    const std::string& key, std::optional<std::promise<std::shared_ptr<const Built>>>& promise) {
  std::lock_guard lock(mutex_);
  auto it = std::find_if(entries_.begin(), entries_.end(),
                         [&key](const Entry& e) { return e.key == key; });
  if (it != entries_.end()) {
    entries_.splice(entries_.begin(), entries_, it);
    return it->built;
  }
  promise.emplace();
  Future built = promise->get_future().share();
  entries_.push_front(Entry{key, built});
  if (entries_.size() > capacity_) entries_.pop_back();
  return built;
}

std::optional<MachineCache::Future> MachineCache::find_propnet(const std::string& key) const {
  std::lock_guard lock(mutex_);
  for (const Entry& e : entries_)
    if (e.key == key && e.bytes > 0) return e.built;
  return std::nullopt;
}

void MachineCache::build(std::shared_ptr<const gdl::Game> game, MachineKind kind,
                         const BuildOptions& options, const std::string& key,
                         std::promise<std::shared_ptr<const Built>> promise) {
  try {
    BuiltMachine fresh = make_machine(std::move(game), kind, options);
    auto kept = std::make_shared<Built>();
    kept->prototype = std::move(fresh.machine);
    kept->report = std::move(fresh.report);
    {
      std::lock_guard lock(mutex_);
      for (Entry& e : entries_)
        if (e.key == key) e.bytes = fresh.shared_bytes;
      trim_bytes(key);
    }
    promise.set_value(std::move(kept));
  } catch (...) {
    promise.set_exception(std::current_exception());
    std::lock_guard lock(mutex_);
    std::erase_if(entries_, [&key](const Entry& e) { return e.key == key; });
  }
}

BuiltMachine MachineCache::take(const Future& built, bool fresh) {
  const Built& b = *built.get();  // rethrows a failed build
  return BuiltMachine{b.prototype->clone(),
                      fresh ? b.report : b.report + std::string(kCachedSuffix)};
}

BuiltMachine MachineCache::get(std::shared_ptr<const gdl::Game> game, MachineKind kind) {
  std::string key = cache_key(rules_text(*game), kind, false);
  std::optional<std::promise<std::shared_ptr<const Built>>> promise;
  Future built = find_or_add(key, promise);
  if (promise) build(std::move(game), kind, BuildOptions{}, key, std::move(*promise));
  return take(built, promise.has_value());
}

std::optional<BuiltMachine> MachineCache::get_until(std::shared_ptr<const gdl::Game> game,
                                                    MachineKind kind, Clock::time_point until) {
  // A Default propnet built already for a caller that waited (the referee of a local match) is
  // as good: no second build.
  const std::string rules = rules_text(*game);
  if (kind == MachineKind::Default)
    if (std::optional<Future> waited = find_propnet(cache_key(rules, kind, false)))
      return take(*waited, false);
  std::string key = cache_key(rules, kind, true);
  std::optional<std::promise<std::shared_ptr<const Built>>> promise;
  Future built = find_or_add(key, promise);
  const bool ready_before = !promise && built.wait_for(std::chrono::seconds(0)) ==
                                            std::future_status::ready;
  if (promise) {
    BuildOptions options;
    options.default_seconds = kBackgroundBuildSeconds;
    options.cancel = &cancel_;
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::lock_guard lock(mutex_);
    std::erase_if(builders_, [](Builder& b) {
      if (!b.done->load()) return false;
      b.thread.join();
      return true;
    });
    builders_.push_back(Builder{
        std::thread([this, game = std::move(game), kind, options, key,
                     p = std::move(*promise), done]() mutable {
          // Below the search and the fallback: a long grounding (chess's runs its 60 s) must not
          // starve the machine the match is being played on. Linux niceness is per thread.
          setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kBuilderNiceness);
          build(std::move(game), kind, options, key, std::move(p));
          done->store(true);
        }),
        done});
  }
  if (built.wait_until(until) != std::future_status::ready) return std::nullopt;
  return take(built, !ready_before);
}

size_t MachineCache::building() const {
  std::lock_guard lock(mutex_);
  return static_cast<size_t>(std::count_if(builders_.begin(), builders_.end(),
                                            [](const Builder& b) { return !b.done->load(); }));
}

MachineCache::~MachineCache() {
  cancel_.store(true);
  std::vector<Builder> builders;
  {
    std::lock_guard lock(mutex_);
    builders.swap(builders_);
  }
  for (Builder& b : builders) b.thread.join();
}

MachineCache& shared_machine_cache() {
  static MachineCache cache(4, size_t{1} << 30);
  return cache;
}

BuiltMachine make_cached_machine(std::shared_ptr<const gdl::Game> game, MachineKind kind) {
  return shared_machine_cache().get(std::move(game), kind);
}

}  // namespace ggp::propnet
