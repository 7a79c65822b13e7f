/* The runtime's status codes, defined once for both APIs: the C++ enum
 * tinyfair::runtime::Status (status.h), the C enum tinyfair_status
 * (tinyfair.h) and their names for logs (status.cc) are each expanded from
 * this list, so that they cannot drift apart. Values are stable: they appear
 * in decision records and in the C API. C and C++. */
#ifndef TINYFAIR_RUNTIME_STATUS_CODES_H_
#define TINYFAIR_RUNTIME_STATUS_CODES_H_

/* X(CamelName, UPPER_NAME, lower_name, value) for each code. */
#define TINYFAIR_STATUS_CODES(X)                                                 \
  X(Ok, OK, ok, 0)                                                               \
  /* Decide() was called on a model that has not been loaded successfully. */    \
  X(NotLoaded, NOT_LOADED, not_loaded, 1)                                        \
  /* Load() got zero bytes. */                                                   \
  X(EmptyModel, EMPTY_MODEL, empty_model, 2)                                     \
  /* The bytes do not start with the CRC field, so they are not a model file. */ \
  X(MissingCrc, MISSING_CRC, missing_crc, 3)                                     \
  /* The CRC does not match: the bytes were corrupted or truncated. */           \
  X(CrcMismatch, CRC_MISMATCH, crc_mismatch, 4)                                  \
  /* The bytes are not a valid encoding of the model message. */                 \
  X(Malformed, MALFORMED, malformed, 5)                                          \
  /* The model's schema major version is not the one this runtime reads. */      \
  X(UnsupportedVersion, UNSUPPORTED_VERSION, unsupported_version, 6)             \
  /* The model needs more inputs, groups or categories than this runtime was     \
   * built for (capacities are set in proto/tinyfair/model.options). */          \
  X(CapacityExceeded, CAPACITY_EXCEEDED, capacity_exceeded, 7)                   \
  /* The model decoded but is inconsistent: a count, an index or a number is     \
   * out of its range. */                                                        \
  X(InvalidModel, INVALID_MODEL, invalid_model, 8)                               \
  /* The model's decision rule is not one this runtime knows. */                 \
  X(UnsupportedRule, UNSUPPORTED_RULE, unsupported_rule, 9)                      \
  /* Decide() got a different number of inputs than the model has. */            \
  X(InputCountMismatch, INPUT_COUNT_MISMATCH, input_count_mismatch, 10)          \
  /* A numeric input is NaN or infinite. */                                      \
  X(NonFiniteInput, NON_FINITE_INPUT, non_finite_input, 11)                      \
  /* Finite inputs drove the score out of the float range. */                    \
  X(ScoreOverflow, SCORE_OVERFLOW, score_overflow, 12)                           \
  /* A categorical input is not one of the model's category indices. */          \
  X(UnknownCategory, UNKNOWN_CATEGORY, unknown_category, 13)                     \
  /* The group could not be formed and the model refuses unknown groups. */      \
  X(UnknownGroup, UNKNOWN_GROUP, unknown_group, 14)                              \
  /* The model requires a feature (Model.required_features) this runtime does    \
   * not have: deciding without it would decide otherwise. */                    \
  X(MissingFeature, MISSING_FEATURE, missing_feature, 15)                        \
  /* Load() was given a public key and the file is a bare sealed model, not a    \
   * signed one. */                                                              \
  X(UnsignedModel, UNSIGNED_MODEL, unsigned_model, 16)                           \
  /* Load() was given a public key and the signed file's signature does not      \
   * verify under it, or names another key (its key id). */                      \
  X(BadSignature, BAD_SIGNATURE, bad_signature, 17)                              \
  /* The model's model_version is below the minimum Load() was given: an older   \
   * model than the firmware accepts (anti-rollback). */                         \
  X(RolledBack, ROLLED_BACK, rolled_back, 18)                                    \
  /* Load() was given the input layout the firmware was compiled for, and the    \
   * model's inputs differ from it in order, kind or categories. */              \
  X(InputLayoutMismatch, INPUT_LAYOUT_MISMATCH, input_layout_mismatch, 20)       \
  /* RunSelfTest(): this build decides a built-in vector differently from the    \
   * host (floating-point flags, FMA contraction, flushed subnormals). */        \
  X(SelfTestFailed, SELF_TEST_FAILED, self_test_failed, 21)                      \
  /* The fairness monitor has no valid settings: the model sets none (its        \
   * monitor_alpha is 0) and the firmware gave none, or they are out of range,   \
   * or the model is not loaded. */                                              \
  X(MonitorNotConfigured, MONITOR_NOT_CONFIGURED, monitor_not_configured, 22)    \
  /* The fairness monitor got a decision of another model than the one it        \
   * watches, or a group outside that model, or a saved state of another         \
   * model. */                                                                   \
  X(MonitorModelMismatch, MONITOR_MODEL_MISMATCH, monitor_model_mismatch, 23)    \
  /* The fairness monitor's drift alarm is up: the decision was counted (and     \
   * not changed); the alarm stays up until the monitor is restarted. */         \
  X(DriftAlarm, DRIFT_ALARM, drift_alarm, 24)                                    \
  /* The buffer for the monitor's report, or for its saved state, is too         \
   * small. */                                                                   \
  X(ReportBufferTooSmall, REPORT_BUFFER_TOO_SMALL, report_buffer_too_small, 25)  \
  /* A saved monitor state has fewer bytes than its header says it holds. */     \
  X(MonitorStateShort, MONITOR_STATE_SHORT, monitor_state_short, 26)             \
  /* A saved monitor state is not one this runtime writes: its check (CRC-32),   \
   * its format or its counters are wrong. */                                    \
  X(MonitorStateCorrupt, MONITOR_STATE_CORRUPT, monitor_state_corrupt, 27)       \
  /* A saved monitor state of a monitor with other settings, groups or           \
   * reference rates (or another build's test interval) than the one that        \
   * restores it. */                                                             \
  X(MonitorStateMismatch, MONITOR_STATE_MISMATCH, monitor_state_mismatch, 28)    \
  /* The storage a Model was given is too small for the arrays this model        \
   * keeps beyond its bytes (Model::storage_needed() says how many bytes). */    \
  X(StorageTooSmall, STORAGE_TOO_SMALL, storage_too_small, 29)

#endif /* TINYFAIR_RUNTIME_STATUS_CODES_H_ */
