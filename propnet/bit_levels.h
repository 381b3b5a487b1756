#pragma once
// Regroups a BitProgram's acyclic ops by level (longest path from the segment's inputs) and, within
// a level, by form (how many operands and whether the result are negated, an OR being a NAND of
// its negated operands), so that evaluation runs one branch-free loop per (level, form) with no
// negation masks per op, and the ops of one loop never read each other (no store-to-load waits).
// Slots are renumbered with their ops; every literal of the BitProgram follows. Cyclic segments
// keep the generic form.
#include "propnet/bit_program.h"

namespace ggp::propnet {

void group_by_level(BitProgram& bits);

}  // namespace ggp::propnet
