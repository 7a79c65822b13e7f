// What a fit says about its data that the user may not expect: values the
// model does not list, and label values counted as negative.
#pragma once

#include <cstdint>
#include <string>

#include "host_tools/data/column_table.h"
#include "host_tools/fit/label_options.h"
#include "tinyfair/model.pb.h"

namespace tinyfair::host::fit {

/// Per column of `table`, the rows whose value `model` does not list and
/// what the device does with them ("COMMAND: FILE: column ...").
void NoteUnlistedValues(const std::string& command, const tinyfair::Model& model,
                        const data::ColumnTable& table);

/// What every command that decides a table checks and says first: the
/// table's groups are ones the model knows (else throws, as
/// data::CheckGroupsKnown), then NoteUnlistedValues.
void CheckTableForModel(const std::string& command, const tinyfair::Model& model,
                        const data::ColumnTable& table);

/// With --positive, every other label value counts as negative: says so
/// ("COMMAND: label column ...") when that is more than one value (a third
/// class, or "Yes" next to "yes"), naming each with its count.
void NoteNegativeLabelValues(const std::string& command, const data::ColumnTable& table,
                             const LabelOptions& label);

/// Training imputes a missing number with the column's mean (a zero in the
/// design) and the device refuses such rows: says how many a numeric input
/// has ("train: column ..."), nothing when it has none.
void NoteImputedMissingValues(const tinyfair::Input& input, uint64_t missing);

}  // namespace tinyfair::host::fit
