#!/usr/bin/env bash
# Runtime benchmarks on every emulated board, written to docs/benchmarks.md:
# builds the host preset (which cross-builds each board in TINYFAIR_BOARDS),
# then, per board, the size report, the measurement image under
# `qemu -icount shift=0` and its instruction trace (`-singlestep -d exec`),
# and finally the document. Not part of the tests: the traces take a while.
#
#   bash bench/run_runtime_benchmarks.sh
#
# Environment: TINYFAIR_BUILD_DIR (default build/host), TINYFAIR_BOARDS
# (";"-separated; default: the build's own list).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/.." && pwd)
build_dir=${TINYFAIR_BUILD_DIR:-$source_dir/build/host}
build_dir=$(mkdir -p "$build_dir" && cd "$build_dir" && pwd)

# The command line as the document will quote it.
command="bash bench/run_runtime_benchmarks.sh"
if [ -n "${TINYFAIR_BOARDS:-}" ]; then
  command="TINYFAIR_BOARDS=\"$TINYFAIR_BOARDS\" $command"
fi
if [ -n "${TINYFAIR_BUILD_DIR:-}" ]; then
  command="TINYFAIR_BUILD_DIR=${build_dir#"$source_dir"/} $command"
fi

cd "$source_dir"
configure=(cmake --preset host -B "$build_dir")
if [ -n "${TINYFAIR_BOARDS:-}" ]; then
  configure+=("-DTINYFAIR_BOARDS=$TINYFAIR_BOARDS")
fi
"${configure[@]}" >/dev/null
cmake --build "$build_dir" --parallel

boards=$(sed -n 's/^TINYFAIR_BOARDS:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
IFS=';' read -r -a board_list <<< "$boards"
for board in "${board_list[@]}"; do
  echo "bench: $board"
  cmake --build "$build_dir/firmware/$board" \
    --target bench_size_report bench_runtime_costs_run bench_runtime_trace_run
done

joined=$(IFS=,; echo "${board_list[*]}")
python3 "$here/tools/write_benchmarks.py" --build "$build_dir" --boards "$joined" \
  --out "$source_dir/docs/benchmarks.md" --command "$command"
echo "bench: wrote docs/benchmarks.md"
