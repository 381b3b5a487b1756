// Arbitrary text to the KIF reader and validator, as `ggp check` and START read rules.
// Contract: gdl::load_game_text returns a game or throws gdl::GdlError; nothing else escapes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gdl/loader.h"
#include "gdl/source_location.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    ggp::gdl::load_game_text(text, "fuzz");
  } catch (const ggp::gdl::GdlError&) {
  }
  return 0;
}
