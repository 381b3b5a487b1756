// Hostile inputs: the loader answers with a result or a GdlError, never a crash or a hang.
// Timings are printed, never asserted.
#include <doctest/doctest.h>
#include <sys/resource.h>

#include <chrono>
#include <string>

#include "gdl/loader.h"
#include "gdl/parser.h"
#include "gdl/validator.h"

using namespace ggp::gdl;

namespace {

#ifdef NDEBUG
constexpr size_t kBigFile = 50u << 20;
#else
constexpr size_t kBigFile = 5u << 20;  // sanitizer and debug builds are ~10x slower
#endif

const std::string kHeader =
    "(role r)\n(init p)\n(<= (legal r a) (true p))\n(<= (next p) (does r a))\n"
    "(<= terminal (not (true p)))\n(goal r 100)\n";

long peak_rss_mb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A rule sheet of about `size` bytes: many ordinary rules over 997 relations.
std::string many_rules(size_t size) {
  std::string text = kHeader;
  text.reserve(size + 200);
  for (size_t i = 0; text.size() < size; ++i)
    text += "(<= (rel" + std::to_string(i % 997) +
            " ?x ?y) (q ?x ?z) (q ?z ?y) (not (r ?x)) (distinct ?x ?y))\n";
  return text + "(q 1 2)\n(r 1)\n(<= (legal r b) (rel5 1 2))\n";
}

}  // namespace

TEST_CASE("stress: a big rule sheet loads and validates") {
  std::string text = many_rules(kBigFile);
  auto start = std::chrono::steady_clock::now();
  std::shared_ptr<const Game> game = load_game_text(text, "big.kif");
  const size_t megabytes = text.size() >> 20;
  MESSAGE(megabytes << " MB, " << game->rules.size() << " rules: loaded and valid in "
                    << seconds_since(start) << " s; peak RSS of this process " << peak_rss_mb()
                    << " MB");
  CHECK(game->rules.size() > kBigFile / 100);
}

TEST_CASE("stress: a big rule sheet with an error at its end gives the error") {
  std::string text = many_rules(kBigFile / 10) + "(<= (legal r c) (true p)\n";
  auto start = std::chrono::steady_clock::now();
  try {
    load_game_text(text, "big.kif");
    FAIL("expected a GdlError");
  } catch (const GdlError& e) {
    CHECK(std::string(e.what()).find("unbalanced '('") != std::string::npos);
  }
  MESSAGE("error found in " << seconds_since(start) << " s");
}

TEST_CASE("stress: one giant recursive rule gives capped warnings") {
  std::string text = kHeader + "(<= (big ?x0)";
  for (size_t i = 0; text.size() < kBigFile / 10; ++i)
    text += " (big ?x" + std::to_string(i) + " )";
  text += ")\n(<= (legal r b) (big 1))\n";
  auto start = std::chrono::steady_clock::now();
  ValidationReport report = check_game(parse_game(text, "giant.kif"));
  const size_t kilobytes = text.size() >> 10;
  MESSAGE(kilobytes << " KB rule checked in " << seconds_since(start) << " s");
  REQUIRE(!report.warnings.empty());  // the recursion restriction, violated 10,000 times
  CHECK(report.warnings.size() <= 101);
  CHECK(report.warnings.front().to_string().find("giant.kif:7:") == 0);
  CHECK(report.warnings.front().message.size() < 2000);  // the rule is printed shortened
}

TEST_CASE("stress: 100,000 nested parentheses through the loader give an error") {
  std::string deep = kHeader + std::string(100000, '(') + std::string(100000, ')');
  CHECK_THROWS_AS(load_game_text(deep), GdlError);
  // Deep but within the reader's limit: terms nested 900 levels are fine.
  std::string nested = kHeader + "(<= (legal r b) (true p) (deep ";
  for (int i = 0; i < 900; ++i) nested += "(f ";
  nested += "x" + std::string(900, ')') + "))\n(deep x)\n";
  ValidationReport report = check_game(parse_game(nested));
  CHECK(report.ok());
}
