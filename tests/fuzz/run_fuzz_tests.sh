#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang-14 in their own build (default
# build/fuzz; TINYFAIR_FUZZ_BUILD_DIR overrides), seeded from the host
# build's golden files when they exist, and runs each one for a fixed number
# of executions through CTest (label "fuzz"). With --build-only it stops
# after the build. Skips, saying so, when clang++-14 is not installed.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
build_dir=${TINYFAIR_FUZZ_BUILD_DIR:-$source_dir/build/fuzz}

echo "== fuzz harnesses (clang-14, libFuzzer, ASan and UBSan): a fixed number of runs each"
if ! command -v clang++-14 >/dev/null || ! command -v clang-14 >/dev/null; then
  echo "fuzz: clang++-14 not found (Debian: clang-14 libclang-rt-14-dev): skipped"
  exit 0
fi
configure=(cmake -S "$source_dir" -B "$build_dir" -G Ninja
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTINYFAIR_FIRMWARE=OFF -DTINYFAIR_FUZZ=ON
  # A build that only tests: each target's sources compiled in batches.
  -DTINYFAIR_UNITY_BUILD=ON
  # Line tables only, as the host presets: enough for a crash's stack.
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")
golden=$source_dir/build/host/tests/golden
if [ -f "$golden/test_models.h" ] && [ -d "$golden/data" ]; then
  configure+=("-DTINYFAIR_FUZZ_GOLDEN_DIR=$golden")
fi
"${configure[@]}" >/dev/null
cmake --build "$build_dir" --target fuzz_harnesses --parallel "$(nproc)"
if [ "${1:-}" = "--build-only" ]; then
  exit 0
fi
ctest --test-dir "$build_dir" -L fuzz --output-on-failure --parallel "$(nproc)"
