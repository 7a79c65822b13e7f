// What `tinyfair simulate` does between reading its files and writing them,
// for every front end: the runtime decides every row of a table, as the
// device would, giving the decision log, the vectors the firmware decides
// again and the fairness monitor's reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "host_tools/data/column_table.h"
#include "host_tools/fit/drift_request.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/decision.h"

namespace tinyfair::host::fit {

struct SimulateOptions {
  /// The runtime draws from Pcg32(seed, stream) in row order, after
  /// `draws_before` draws (those of the rows before this table's, when a
  /// data set is decided in parts; not with a drift).
  uint64_t seed = 1, stream = 0, draws_before = 0;
  /// Also encode the rows as the runtime saw them, with the seed (.tfv).
  bool vectors = false;
  DriftRequest drift;
  /// Also run the fairness monitor on the model's settings.
  bool monitor = false;
  /// With the monitor: a report after every N decisions too (0: none).
  size_t monitor_every = 0;
  /// With the monitor: the device id the reports carry, numbered 1, 2, ...
  /// in order (0: none, unnumbered).
  uint64_t device_id = 0;
};

/// The monitor's reports (MonitorReport bytes) as a device sends them.
struct MonitorReports {
  /// One after every monitor_every decisions, in order.
  std::vector<std::string> periodic;
  /// After the last decision; numbered after the periodic ones.
  std::string final_report;
  /// One line about the alarm, for notes.
  std::string alarm;
};

struct Simulation {
  /// One per decision made, in stream order.
  std::vector<runtime::Decision> decisions;
  /// The decision log (with a drift: the drifted and data_row columns).
  std::string log;
  /// The .tfv file; empty unless asked for.
  std::string vectors;
  std::optional<MonitorReports> monitor;
  /// The refused rows' summary ("" when the runtime decided every row).
  std::string refused;
  /// The first 16 hex digits of the SHA-256 of the sealed model the runtime loaded.
  uint64_t model_hash = 0;
};

/// The runtime's decisions of `model` on every row of `table`. Notes
/// ("simulate: ...") what the data holds that the model does not list.
/// @throws common::DataError for a missing column, an unknown group or a
/// drift the data cannot give; std::invalid_argument for a monitor the
/// model does not set.
Simulation Simulate(const tinyfair::Model& model, const data::ColumnTable& table,
                    const SimulateOptions& options);

}  // namespace tinyfair::host::fit
