#include "host_tools/simulate/stream_drift.h"

#include <stdexcept>

#include "host_tools/simulate/decision_runner.h"
#include "tinyfair_runtime/decide.h"
#include "tinyfair_runtime/pcg32.h"

namespace tinyfair::host::simulate {
namespace {

// The model's tables with every scorer bias raised by `shift`: the same
// decision code then sees the margin shifted by exactly `shift`.
class ShiftedTables {
 public:
  ShiftedTables(const runtime::DecisionTables& tables, float shift) : tables_(tables) {
    tables_.bias += shift;
    if (tables.rule != runtime::RuleKind::kMixture) return;
    const runtime::MixtureTables& mixture = tables.mixture_or_regression.mixture;
    member_bias_.assign(mixture.bias, mixture.bias + mixture.member_count);
    for (float& bias : member_bias_) bias += shift;
    tables_.mixture_or_regression.mixture.bias = member_bias_.data();
  }
  const runtime::DecisionTables& tables() const { return tables_; }

 private:
  runtime::DecisionTables tables_;
  std::vector<float> member_bias_;
};

runtime::DecisionInput InputOf(const std::vector<float>& row) {
  runtime::DecisionInput input;
  input.values = row.data();
  input.count = row.size();
  return input;
}

// One decision as Decide(tables, input, rng) makes it: the draw is taken
// only when the input is decided.
runtime::Decision DecideWith(const runtime::DecisionTables& tables,
                             const runtime::DecisionInput& input, runtime::Pcg32& rng) {
  runtime::Decision out;
  (void)runtime::Decide(tables, input, rng, out);
  return out;
}

void ShiftScores(const runtime::Model& model, const data::InputEncoder& encoder, uint64_t seed,
                 uint64_t stream, const StreamDrift& drift, DriftedStream& out,
                 std::vector<float>* inputs) {
  const ShiftedTables shifted(model.tables(), drift.score_shift);
  runtime::Pcg32 rng(seed, stream);
  std::vector<float> row;
  for (size_t r = 0; r < encoder.row_count(); ++r) {
    encoder.DeviceRow(r, row);
    const runtime::DecisionInput input = InputOf(row);
    runtime::Pcg32 plain_rng = rng;
    runtime::Decision decision = DecideWith(model.tables(), input, plain_rng);
    const bool drifted =
        r >= drift.from_row && runtime::IsOk(decision.status) && decision.group == drift.group;
    if (drifted) {
      decision = DecideWith(shifted.tables(), input, rng);
    } else {
      rng = plain_rng;
    }
    out.decisions.push_back(decision);
    out.data_row.push_back(r);
    out.drifted.push_back(drifted ? 1 : 0);
    if (inputs != nullptr) inputs->insert(inputs->end(), row.begin(), row.end());
  }
}

// The stream's rows: as they are before from_row, then drawn so that the
// group makes up `share` of the rest.
std::vector<size_t> ResampledRows(const runtime::Model& model, const data::InputEncoder& encoder,
                                  uint64_t seed, const StreamDrift& drift) {
  std::vector<size_t> group_rows, other_rows, order;
  std::vector<float> row;
  for (size_t r = 0; r < encoder.row_count(); ++r) {
    if (r < drift.from_row) {
      order.push_back(r);
      continue;
    }
    encoder.DeviceRow(r, row);
    runtime::Decision decision;
    // The group as the runtime forms it; the draw does not matter here.
    const bool in_group =
        runtime::IsOk(runtime::Decide(model.tables(), InputOf(row), 0, decision)) &&
        decision.group == drift.group;
    (in_group ? group_rows : other_rows).push_back(r);
  }
  if (group_rows.empty() || other_rows.empty()) {
    throw std::invalid_argument(group_rows.empty()
                                    ? "no row of the group from the first drifted row on"
                                    : "no row of the other groups from the first drifted row on");
  }
  runtime::Pcg32 pick(seed, kShareStream);
  const auto bound = static_cast<uint64_t>(drift.share * 4294967296.0);
  for (size_t r = drift.from_row; r < encoder.row_count(); ++r) {
    const std::vector<size_t>& pool = pick.Next() < bound ? group_rows : other_rows;
    // A uniform index by multiply and shift: no modulo bias worth the name
    // for pools far below 2^32.
    order.push_back(pool[(uint64_t{pick.Next()} * pool.size()) >> 32U]);
  }
  return order;
}

void ShiftShare(const runtime::Model& model, const data::InputEncoder& encoder, uint64_t seed,
                uint64_t stream, const StreamDrift& drift, DriftedStream& out,
                std::vector<float>* inputs) {
  const std::vector<size_t> order = ResampledRows(model, encoder, seed, drift);
  runtime::Pcg32 rng(seed, stream);
  std::vector<float> row;
  for (size_t position = 0; position < order.size(); ++position) {
    encoder.DeviceRow(order[position], row);
    runtime::Decision decision;
    (void)model.Decide(InputOf(row), rng, decision);
    out.decisions.push_back(decision);
    out.data_row.push_back(order[position]);
    out.drifted.push_back(position >= drift.from_row ? 1 : 0);
    if (inputs != nullptr) inputs->insert(inputs->end(), row.begin(), row.end());
  }
}

}  // namespace

DriftedStream DecideRowsWithDrift(const runtime::Model& model, const data::InputEncoder& encoder,
                                  uint64_t seed, uint64_t stream, const StreamDrift& drift,
                                  std::vector<float>* inputs) {
  if (drift.from_row >= encoder.row_count()) {
    throw std::invalid_argument("the first drifted row is beyond the data");
  }
  if (drift.group >= model.group_count()) throw std::invalid_argument("no such group");
  if (inputs != nullptr) inputs->clear();
  DriftedStream out;
  if (drift.kind == StreamDrift::Kind::kScoreShift) {
    ShiftScores(model, encoder, seed, stream, drift, out, inputs);
  } else {
    if (!(drift.share > 0.0 && drift.share < 1.0)) {
      throw std::invalid_argument("the share is outside (0, 1)");
    }
    ShiftShare(model, encoder, seed, stream, drift, out, inputs);
  }
  return out;
}

std::string DriftedDecisionLog(const DriftedStream& stream) {
  std::string log = runtime::kDecisionRecordHeader;
  log.insert(log.size() - 1, ",drifted,data_row");
  char line[runtime::kDecisionRecordLineSize];
  for (size_t i = 0; i < stream.decisions.size(); ++i) {
    size_t size = runtime::FormatDecisionRecord(stream.decisions[i], line, sizeof(line));
    log.append(line, size - 1);  // the record without its newline
    log += stream.drifted[i] ? ",1," : ",0,";
    log += std::to_string(stream.data_row[i]) + "\n";
  }
  return log;
}

}  // namespace tinyfair::host::simulate
