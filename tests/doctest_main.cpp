// The test executables' main: doctest, plus the corpus rule (tests/support/corpus.h).
// - Run with --test-case=corpus:* (ctest's <layer>_corpus suites): with no corpus found and none
//   asked for (GGP_CORPUS unset), prints why and exits kCorpusSkipped, which ctest reports as
//   Skipped.
// - Run otherwise (a developer's plain run): with no corpus, the corpus: test cases are left out,
//   and one line on stderr says so.
// With GGP_CORPUS set to a folder that holds no corpus, the corpus test cases run and fail.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <iostream>
#include <string>

#include "support/corpus.h"

int main(int argc, char** argv) {
  bool corpus_only = false, corpus_excluded = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    corpus_only |= arg == "--test-case=corpus:*" || arg == "-tc=corpus:*";
    corpus_excluded |= arg == "--test-case-exclude=corpus:*" || arg == "-tce=corpus:*";
  }
  doctest::Context context(argc, argv);
  if (!corpus_excluded) {
    const ggp::testing::CorpusLocation where = ggp::testing::locate_corpus();
    if (!where.dir && !where.asked) {
      if (corpus_only) {
        std::cout << "skipped: no corpus (" << where.why
                  << "); GGP_CORPUS=DIR runs these tests on the corpus in DIR\n";
        return ggp::testing::kCorpusSkipped;
      }
      context.addFilter("test-case-exclude", "corpus:*");
      std::cerr << "no corpus (" << where.why
                << "): the corpus: test cases are left out; GGP_CORPUS=DIR runs them\n";
    }
  }
  return context.run();
}
