#!/usr/bin/env bash
# Runs every test: installs what is missing (Debian packages), builds the
# host tools, the runtime and the firmware for each emulated board, then runs
# CTest (host unit tests, pipeline tests on ../shared/datasets, and the QEMU
# tests of every board). Safe to run twice.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
build_dir=${TINYFAIR_BUILD_DIR:-$source_dir/build/host}

bash "$here/setup_debian.sh"
cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build_dir" --parallel
ctest --test-dir "$build_dir" --output-on-failure --parallel "$(nproc)"
