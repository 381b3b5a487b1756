#pragma once
// A decorator that checks a subject machine against a reference on every call (GGP-Base's
// StateMachineVerifier, but per call): legal move sets by text, next states by fact texts,
// terminal and goals. A mismatch throws std::logic_error naming the call, the state and both
// answers. The decorator answers with the subject's ids; it keeps the reference's twin of every
// state it has seen, so callers use it like any machine.
#include <memory>
#include <unordered_map>

#include "reasoner/state_machine.h"

namespace ggp::reasoner {

std::unique_ptr<StateMachine> make_verifying_machine(std::unique_ptr<StateMachine> subject,
                                                     std::unique_ptr<StateMachine> reference);

}  // namespace ggp::reasoner
