// Copies of DecisionTables whose arrays are each exactly as long as the
// model's counts say, each in its own heap block, so that AddressSanitizer
// reports any read past them; arrays the rule does not read are null, so a
// read of one crashes. Host only.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "tinyfair_runtime/decision_tables.h"
#include "tinyfair_runtime/model.h"

namespace tinyfair::hardening {

class ExactTables {
 public:
  explicit ExactTables(const runtime::DecisionTables& tables);
  ExactTables(const ExactTables&) = delete;
  ExactTables& operator=(const ExactTables&) = delete;

  const runtime::DecisionTables& tables() const { return tables_; }

 private:
  template <typename T>
  const T* Copy(const T* from, std::size_t count);

  runtime::DecisionTables tables_;
  std::vector<std::shared_ptr<void>> blocks_;
};

/// Decides `*decisions` random inputs (16 when null) from exact copies of
/// the model's tables and from the model itself; nullptr when every pair is
/// the same bits. An AcceptedCheck (tests/hardening/corruption.h).
const char* DecideFromExactTables(const runtime::Model& model, runtime::Pcg32& rng,
                                  void* decisions);

}  // namespace tinyfair::hardening
