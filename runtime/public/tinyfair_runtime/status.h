// Status codes of the tinyfair runtime: every failure has its own name.
#pragma once

#include <stdint.h>

#include "tinyfair_runtime/internal/config.h"

namespace tinyfair::runtime {

/// The result of Load() and Decide(). Values are stable: they appear in
/// decision records and in the C API.
enum class [[nodiscard]] Status : uint8_t{
    kOk = 0,
    /// Decide() was called on a model that has not been loaded successfully.
    kNotLoaded = 1,
    /// Load() got zero bytes.
    kEmptyModel = 2,
    /// The bytes do not start with the CRC field, so they are not a model file.
    kMissingCrc = 3,
    /// The CRC does not match: the bytes were corrupted or truncated.
    kCrcMismatch = 4,
    /// The bytes are not a valid encoding of the model message.
    kMalformed = 5,
    /// The model's schema major version is not the one this runtime reads.
    kUnsupportedVersion = 6,
    /// The model needs more inputs, groups or categories than this runtime
    /// was built for (capacities are set in proto/tinyfair/model.options).
    kCapacityExceeded = 7,
    /// The model decoded but is inconsistent: a count, an index or a number
    /// is out of its range.
    kInvalidModel = 8,
    /// The model's decision rule is not one this runtime knows.
    kUnsupportedRule = 9,
    /// Decide() got a different number of inputs than the model has.
    kInputCountMismatch = 10,
    /// A numeric input is NaN or infinite.
    kNonFiniteInput = 11,
    /// Finite inputs drove the score out of the float range.
    kScoreOverflow = 12,
    /// A categorical input is not one of the model's category indices.
    kUnknownCategory = 13,
    /// The group could not be formed and the model refuses unknown groups.
    kUnknownGroup = 14,
    /// The model requires a feature (Model.required_features) this runtime
    /// does not have: deciding without it would decide otherwise.
    kMissingFeature = 15,
    /// Load() was given a public key and the file is a bare sealed model,
    /// not a signed one.
    kUnsignedModel = 16,
    /// Load() was given a public key and the signed file's signature does
    /// not verify under it, or names another key (its key id).
    kBadSignature = 17,
    /// The model's model_version is below the minimum Load() was given: an
    /// older model than the firmware accepts (anti-rollback).
    kRolledBack = 18,
    /// The fairness monitor has no valid settings: the model sets none (its
    /// monitor_alpha is 0) and the firmware gave none, or they are out of
    /// range, or the model is not loaded.
    kMonitorNotConfigured = 22,
    /// The fairness monitor got a decision of another model than the one it
    /// watches, or a group outside that model.
    kMonitorModelMismatch = 23,
    /// The fairness monitor's drift alarm is up: the decision was counted
    /// (and not changed); the alarm stays up until the monitor is restarted.
    kDriftAlarm = 24,
    /// The buffer for the monitor's report is too small.
    kReportBufferTooSmall = 25,
    /// Load() was given the input layout the firmware was compiled for, and
    /// the model's inputs differ from it in order, kind or categories.
    kInputLayoutMismatch = 20,
    /// RunSelfTest(): this build decides a built-in vector differently from
    /// the host (floating-point flags, FMA contraction, flushed subnormals).
    kSelfTestFailed = 21,
};

inline constexpr bool IsOk(Status status) { return status == Status::kOk; }

/// A short, stable name for logs ("ok", "crc_mismatch", ...). Returns "" when
/// the names are compiled out (TINYFAIR_RUNTIME_CFG_STATUS_NAMES == 0).
const char* StatusName(Status status);

}  // namespace tinyfair::runtime
