#include "propnet/fact_table.h"

namespace ggp::propnet {

const FactTable::Index& FactTable::ensure_index(const TermPool& pool,
                                                const std::vector<uint32_t>& positions) {
  Index& found = index[positions];
  for (; found.indexed < facts.size(); ++found.indexed) {
    uint64_t h = 0;
    bool present = true;
    for (uint32_t position : positions) {
      const TermId v = value_at(pool, found.indexed, position);
      present &= v != kNoTerm;
      h = mix_key(h, v);
    }
    if (present) found.facts.add(h, found.indexed);
  }
  return found;
}

}  // namespace ggp::propnet
