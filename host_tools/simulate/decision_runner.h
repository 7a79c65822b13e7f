// Runs the device runtime itself over a table: what the host reports is what
// the device decides.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "host_tools/data/input_encoder.h"
#include "tinyfair/model.pb.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::host::simulate {

/// Loads a model into the runtime: from its own bytes when it carries a
/// valid seal, else sealed first (SealModel).
/// @throws std::runtime_error naming the runtime status when it refuses.
std::unique_ptr<runtime::Model> LoadIntoRuntime(const tinyfair::Model& model);

/// The decisions for every row of the encoder's table, drawing from
/// Pcg32(seed, stream) in row order, after `draws_before` draws (those of
/// the rows before this table's, when a data set is decided in parts).
/// `inputs`, when given, receives the rows as the runtime saw them
/// (row-major, input_count floats per row).
std::vector<runtime::Decision> DecideRows(const runtime::Model& model,
                                          const data::InputEncoder& encoder, uint64_t seed,
                                          uint64_t stream, std::vector<float>* inputs = nullptr,
                                          uint64_t draws_before = 0);

/// Where DecideIntoColumns writes each row's decision: each array, when not
/// null, holds the encoder's row_count() values; a null one is not wanted.
struct DecisionColumns {
  uint8_t* positive = nullptr;  // 1 positive, 0 negative or refused
  float* probability = nullptr;
  float* score = nullptr;
  uint32_t* group = nullptr;
  uint32_t* draw = nullptr;
  float* value = nullptr;  // a regression rule's output
};

/// The rows a batch had refused, in row order, each with the runtime's status.
struct RefusedRows {
  std::vector<size_t> rows;
  std::vector<runtime::Status> statuses;
};

/// DecideRows without a record per row: the same draws and the same bits,
/// written into `columns` (what predict needs), the refused rows returned.
RefusedRows DecideIntoColumns(const runtime::Model& model, const data::InputEncoder& encoder,
                              uint64_t seed, uint64_t stream, const DecisionColumns& columns,
                              uint64_t draws_before = 0);

/// "FILE: K of N rows refused by the model (STATUS: k, ...; lines L, ...)"
/// for the rows of `table` the runtime refused, listing the first lines;
/// "" when it decided every row. `data_row`, when given, is the row each
/// decision was made for (decision i: row i without it).
std::string RefusedRowsSummary(const std::vector<runtime::Decision>& decisions,
                               const data::CsvTable& table,
                               const std::vector<size_t>* data_row = nullptr);

/// The same summary of the refused rows of a batch of `decided` rows.
std::string RefusedRowsSummary(const RefusedRows& refused, size_t decided,
                               const data::CsvTable& table,
                               const std::vector<size_t>* data_row = nullptr);

/// The same summaries for rows of a typed table (located as it says).
std::string RefusedRowsSummary(const std::vector<runtime::Decision>& decisions,
                               const data::ColumnTable& table,
                               const std::vector<size_t>* data_row = nullptr);
std::string RefusedRowsSummary(const RefusedRows& refused, size_t decided,
                               const data::ColumnTable& table,
                               const std::vector<size_t>* data_row = nullptr);

/// The decision log: header line, then one record line per decision.
std::string DecisionLog(const std::vector<runtime::Decision>& decisions);

}  // namespace tinyfair::host::simulate
