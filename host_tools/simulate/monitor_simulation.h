// The fairness monitor over a host's decisions: the runtime's own
// FairnessMonitor, fed the decisions the runtime made, so the report is the
// one the device would send.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tinyfair_runtime/decision.h"
#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/model.h"
#include "tinyfair_runtime/monitor_report.h"

namespace tinyfair::host::simulate {

/// Starts a monitor on the model's own settings and feeds it `decisions` in
/// order; throws std::invalid_argument when the model sets no monitor
/// (export it with --monitor-alpha). With `every` > 0, `reports` receives
/// the encoded report after every `every`-th decision, as a device sending
/// one home every `every` decisions would; with a `device_id` they carry it
/// and are numbered 1, 2, ... The monitor is large, so it is returned on the
/// heap.
std::unique_ptr<runtime::FairnessMonitor> MonitorDecisions(
    const runtime::Model& model, const std::vector<runtime::Decision>& decisions, size_t every = 0,
    std::vector<std::string>* reports = nullptr, uint64_t device_id = 0);

/// The monitor's MonitorReport bytes, as the device encodes them, with the
/// device's id and the report's sequence number when `identity` gives them.
std::string EncodeReport(const runtime::FairnessMonitor& monitor,
                         const runtime::ReportIdentity& identity = {});

/// One line about the alarm, for notes.
std::string AlarmSummary(const runtime::FairnessMonitor& monitor);

}  // namespace tinyfair::host::simulate
