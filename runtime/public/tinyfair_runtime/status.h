// Status codes of the tinyfair runtime: every failure has its own name.
#pragma once

#include <stdint.h>

#include "tinyfair_runtime/internal/config.h"
#include "tinyfair_runtime/status_codes.h"

namespace tinyfair::runtime {

/// The result of Load() and Decide(), one code per failure: the list and
/// each code's meaning are in status_codes.h, which the C API's
/// tinyfair_status is expanded from too.
enum class [[nodiscard]] Status : uint8_t{
#define TINYFAIR_STATUS_ENUMERATOR(camel, upper, lower, value) k##camel = value,
    TINYFAIR_STATUS_CODES(TINYFAIR_STATUS_ENUMERATOR)
#undef TINYFAIR_STATUS_ENUMERATOR
};

inline constexpr bool IsOk(Status status) { return status == Status::kOk; }

/// A short, stable name for logs ("ok", "crc_mismatch", ...). Returns "" when
/// the names are compiled out (TINYFAIR_RUNTIME_CFG_STATUS_NAMES == 0).
const char* StatusName(Status status);

}  // namespace tinyfair::runtime
