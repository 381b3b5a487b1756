// Arbitrary text to the GGP message parser, and the rules of a PREVIEW or START to the validator,
// as the player reads every message it is sent.
// Contract: parse_message returns a message or throws MessageError; load_rule_sheet returns a game
// or throws gdl::GdlError; a parsed message prints and parses back to the same message.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gdl/source_location.h"
#include "server_protocol/messages.h"

namespace sp = ggp::server_protocol;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  sp::Message m;
  try {
    m = sp::parse_message(text);
  } catch (const sp::MessageError&) {
    return 0;
  }
  const std::string printed = sp::print_message(m);
  const sp::Message again = sp::parse_message(printed);  // must not throw
  if (again.kind != m.kind || again.match_id != m.match_id || again.role != m.role ||
      again.moves != m.moves || again.start_clock != m.start_clock ||
      again.play_clock != m.play_clock || sp::print_message(again) != printed)
    std::abort();  // print_message and parse_message disagree
  if (m.rules) {
    try {
      sp::load_rule_sheet(*m.rules, "fuzz");
    } catch (const ggp::gdl::GdlError&) {
    }
  }
  return 0;
}
