#!/usr/bin/env bash
# Runs every test: installs what is missing (Debian packages), builds the
# host tools, the runtime and the firmware for each emulated board, runs
# CTest on every tier (dev, boards, full: cmake/test_tiers.cmake), then builds
# the dev tier under AddressSanitizer and UndefinedBehaviorSanitizer (clang-14)
# and runs it there, then runs each libFuzzer harness (clang-14) for a fixed number of
# executions. Prints each stage's wall time at the end, passed or not. Safe to
# run twice.
#
# The loop while working is one tier: `cmake --preset dev && cmake --build
# --preset dev && ctest --preset dev [-L <module>]` (README, "Tests").
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
cd "$source_dir"
jobs=$(nproc)

stage_names=()
stage_seconds=()
run_started=$(date +%s)

print_stage_times() {
  local status=$?
  echo "== stage times (wall, seconds)"
  local i
  for i in "${!stage_names[@]}"; do
    printf '%6d  %s\n' "${stage_seconds[$i]}" "${stage_names[$i]}"
  done
  printf '%6d  %s\n' "$(($(date +%s) - run_started))" "all"
  [ "$status" -eq 0 ] || echo "== the stage after the last one listed failed (status $status)"
}
trap print_stage_times EXIT

# stage NAME COMMAND...: runs COMMAND and records its wall time under NAME.
stage() {
  local name=$1
  shift
  echo "== $name"
  local started
  started=$(date +%s)
  "$@"
  stage_names+=("$name")
  stage_seconds+=("$(($(date +%s) - started))")
}

stage "packages" bash "$here/setup_debian.sh"

configure_host() { cmake --preset host >/dev/null; }
stage "host: configure" configure_host
stage "host: build (host tools, runtime, firmware of every board)" \
  cmake --build --preset host --parallel "$jobs"
stage "host: test every tier (dev, boards, full)" ctest --preset host --parallel "$jobs"

# A sanitizer tree configured with another compiler (GCC, before the preset
# named clang-14) is configured afresh: CMake would otherwise drop the
# preset's settings along with the cache it deletes for the new compiler.
configure_sanitize() {
  local cache=build/sanitize/CMakeCache.txt
  if [ -f "$cache" ] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++-14$' "$cache"; then
    rm -rf build/sanitize/CMakeCache.txt build/sanitize/CMakeFiles
  fi
  # The golden files are the host build's (tests/golden/CMakeLists.txt).
  cmake --preset sanitize -DTINYFAIR_GOLDEN_FROM="$source_dir/build/host/tests/golden" >/dev/null
}
stage "sanitizers: configure" configure_sanitize
stage "sanitizers: build" cmake --build --preset sanitize --parallel "$jobs"
stage "sanitizers: test the dev tier" ctest --preset sanitize --parallel "$jobs"

stage "fuzz: build and run each harness" bash "$source_dir/tests/fuzz/run_fuzz_tests.sh"
