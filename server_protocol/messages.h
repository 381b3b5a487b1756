#pragma once
// The GGP wire format: parse and print of the six messages a game server sends (INFO, PREVIEW,
// START, PLAY, STOP, ABORT), in the exact spelling of the GGP-Base server (see
// ../shared/protocol/README.md): keywords upper case when printed, matched case-insensitively when
// read; symbols keep their case; terms printed as `( f a b )`.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gdl/ast.h"
#include "gdl/sexpr.h"

namespace ggp::server_protocol {

// A message that is not a GGP message; what() is one line naming the problem.
class MessageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class MessageKind { Info, Preview, Start, Play, Stop, Abort };

// "INFO", "PREVIEW", ...
const char* kind_name(MessageKind kind);

// A rule sheet as read from a message or a .kif file: expressions over their own symbol table.
struct RuleSheet {
  gdl::SymbolTable symbols;
  std::vector<gdl::SExpr> rules;
};

// Reads a rule sheet from KIF text. Throws gdl::GdlError.
std::shared_ptr<const RuleSheet> read_rule_sheet(std::string_view text, const std::string& source);
// The validated game of a rule sheet, its warnings (GDL that GGP-Base reads but the specification
// forbids) in `*warnings` when given. Throws gdl::GdlError.
std::shared_ptr<const gdl::Game> load_rule_sheet(const RuleSheet& sheet, const std::string& source,
                                                 std::vector<gdl::Diagnostic>* warnings = nullptr);

struct Message {
  MessageKind kind = MessageKind::Info;
  std::string match_id;                    // START, PLAY, STOP, ABORT
  std::string role;                        // START
  std::shared_ptr<const RuleSheet> rules;  // PREVIEW, START
  int start_clock = 0;                     // START, seconds; PREVIEW's preview clock
  int play_clock = 0;                      // START, seconds
  // PLAY and STOP: the previous joint move in role order, each in compact form `(mark 2 2)`;
  // empty for NIL.
  std::vector<std::string> moves;
};

// Parses one message. Throws MessageError (one line) for anything else.
Message parse_message(std::string_view text);

// Prints a message exactly as the GGP-Base server spells it.
std::string print_message(const Message& message);

// A player's reply to INFO: `( ( name NAME ) ( status available ) )` (keys in any order and case;
// either may be missing), or just `available` / `busy` as older players answer.
struct InfoReply {
  std::string name;    // empty when the reply names none
  std::string status;  // lower case: "available", "busy", ...; empty when not given
};
// The reply read, or nullopt when it is none of those forms.
std::optional<InfoReply> parse_info_reply(std::string_view text);

// An expression as `(f a b)` (compact: the form machines read and print) or `( f a b )` (wire).
enum class TermStyle { Compact, Wire };
std::string print_sexpr(const gdl::SExpr& e, const gdl::SymbolTable& symbols, TermStyle style);

// Re-spells one term given as text (any whitespace) in `style`, or nullopt if the text is not
// exactly one expression. Used for PLAY replies and for moves between machines and the wire.
std::optional<std::string> respell_term(std::string_view text, TermStyle style);

}  // namespace ggp::server_protocol
