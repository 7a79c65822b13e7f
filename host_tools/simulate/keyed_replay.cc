#include "host_tools/simulate/keyed_replay.h"

#include <string.h>

#include <stdexcept>

#include "tinyfair_runtime/keyed_draws.h"

namespace tinyfair::host::simulate {
namespace {

runtime::DecisionInput Row(const std::vector<float>& rows, size_t input_count, size_t r) {
  runtime::DecisionInput input;
  input.values = rows.data() + r * input_count;
  input.count = input_count;
  return input;
}

void CheckRows(const std::vector<float>& rows, size_t input_count) {
  if (input_count == 0 || rows.size() % input_count != 0) {
    throw std::invalid_argument("keyed replay: the rows are not whole rows of the model's inputs");
  }
}

bool SameBits(float a, float b) { return memcmp(&a, &b, sizeof(a)) == 0; }

bool SameDecision(const runtime::Decision& a, const runtime::Decision& b) {
  return a.status == b.status && a.draw == b.draw && a.positive == b.positive &&
         a.member == b.member && SameBits(a.probability, b.probability) &&
         SameBits(a.value, b.value);
}

}  // namespace

std::vector<runtime::Decision> DecideKeyed(const runtime::Model& model,
                                           const std::vector<float>& rows, size_t input_count,
                                           const DeviceKey& key, uint64_t first_counter) {
  CheckRows(rows, input_count);
  runtime::KeyedDraws draws(key.data(), first_counter);
  std::vector<runtime::Decision> decisions(rows.size() / input_count);
  for (size_t r = 0; r < decisions.size(); ++r) {
    // The status is in the record; a refused row is reported, not fatal.
    (void)model.Decide(Row(rows, input_count, r), draws, decisions[r]);
  }
  return decisions;
}

std::vector<size_t> KeyedReplayMismatches(const runtime::Model& model,
                                          const std::vector<float>& rows, size_t input_count,
                                          const std::vector<runtime::Decision>& records,
                                          const DeviceKey& key) {
  CheckRows(rows, input_count);
  if (records.size() != rows.size() / input_count) {
    throw std::invalid_argument("keyed replay: one record per row is needed");
  }
  std::vector<size_t> mismatches;
  for (size_t r = 0; r < records.size(); ++r) {
    runtime::Decision replay;
    if (runtime::IsOk(records[r].status)) {
      const uint32_t draw = runtime::DrawAt(key.data(), records[r].counter);
      (void)model.DecideWithDraw(Row(rows, input_count, r), draw, replay);
    } else {
      // A refused row took no draw: replaying it must refuse it again.
      runtime::KeyedDraws unused(key.data(), 0);
      (void)model.Decide(Row(rows, input_count, r), unused, replay);
    }
    if (!SameDecision(records[r], replay)) mismatches.push_back(r);
  }
  return mismatches;
}

}  // namespace tinyfair::host::simulate
