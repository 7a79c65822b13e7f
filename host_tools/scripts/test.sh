#!/usr/bin/env bash
# Runs every test: installs what is missing (Debian packages), builds the
# host tools, the runtime and the firmware for each emulated board, runs
# CTest (host unit tests, pipeline tests on ../shared/datasets, the QEMU
# tests of every board), then builds and runs the host tests again under
# AddressSanitizer and UndefinedBehaviorSanitizer, then runs each libFuzzer
# harness (clang-14) for a fixed number of executions. Safe to run twice.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
cd "$source_dir"

bash "$here/setup_debian.sh"
jobs=$(nproc)

echo "== build and test (host, runtime, firmware in QEMU)"
cmake --preset host >/dev/null
cmake --build --preset host --parallel "$jobs"
ctest --preset host --parallel "$jobs"

echo "== build and test under AddressSanitizer and UndefinedBehaviorSanitizer"
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize --parallel "$jobs"
ctest --preset sanitize --parallel "$jobs"
bash "$source_dir/tests/fuzz/run_fuzz_tests.sh"
