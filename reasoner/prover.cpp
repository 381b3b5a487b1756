#include "reasoner/prover.h"

#include <stdexcept>

namespace ggp::reasoner {

std::unique_ptr<StateMachine> make_prover(std::shared_ptr<const gdl::Game>) {
  throw std::runtime_error("the prover is not implemented yet");
}

}  // namespace ggp::reasoner
