// Compiled, never linked or run, at configure time for the build's target
// (cmake/c_storage_bytes.cmake): its strings carry sizeof(Model) and
// sizeof(FairnessMonitor) with this build's capacities, read back from the
// object the way CMake's CheckTypeSize reads sizes when cross-compiling.
#include "tinyfair_runtime/fairness_monitor.h"
#include "tinyfair_runtime/model.h"

#define TINYFAIR_PROBE_DIGITS(n)                                                         \
  static_cast<char>('0' + (n) / 100000 % 10), static_cast<char>('0' + (n) / 10000 % 10), \
      static_cast<char>('0' + (n) / 1000 % 10), static_cast<char>('0' + (n) / 100 % 10), \
      static_cast<char>('0' + (n) / 10 % 10), static_cast<char>('0' + (n) % 10)

static_assert(sizeof(tinyfair::runtime::ModelWithStorage<>) < 1000000, "six digits");
static_assert(sizeof(tinyfair::runtime::FairnessMonitor) < 1000000, "six digits");

extern const char tinyfair_probe_model[] = {
    'I', 'N', 'F', 'O', ':', 'm',
    'o', 'd', 'e', 'l', '[', TINYFAIR_PROBE_DIGITS(sizeof(tinyfair::runtime::ModelWithStorage<>)),
    ']', '\0'};
extern const char tinyfair_probe_monitor[] = {
    'I', 'N', 'F', 'O', ':', 'm', 'o',
    'n', 'i', 't', 'o', 'r', '[', TINYFAIR_PROBE_DIGITS(sizeof(tinyfair::runtime::FairnessMonitor)),
    ']', '\0'};
