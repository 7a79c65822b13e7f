#!/usr/bin/env bash
# Decides a model's vectors on the emulated Cortex-M4F and compares every
# record with the host's: builds the decision firmware for the model header
# in DIR (demo_model.h, `codegen --name DemoModel`) and runs it in QEMU on
# DIR/demo_vectors.tfv, writing DIR/device_records.csv, then `tinyfair
# parity` against DIR/demo_records.csv (`simulate --out`, or Python's
# decision_records(...).attrs["log"]).
#   bash host_tools/scripts/decide_on_board.sh DIR TINYFAIR
set -euo pipefail
dir=$(cd "$1" && pwd)
tf=$2
source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

cmake -S "$source_dir" -B "$dir/firmware" -G Ninja \
  -DCMAKE_TOOLCHAIN_FILE="$source_dir/targets/cmake/arm-none-eabi-gcc.cmake" \
  -DTINYFAIR_BOARD=mps2_an386 -DCMAKE_BUILD_TYPE=MinSizeRel \
  -DTINYFAIR_MODEL_HEADER_DIR="$dir" \
  -DTINYFAIR_VECTORS_DIR="$dir" >/dev/null
cmake --build "$dir/firmware" --target decide_vectors >/dev/null
arm-none-eabi-size "$dir/firmware/tests/device/decide_vectors.elf"
cmake -DQEMU_COMMAND="qemu-system-arm|-M|mps2-an386|-nographic|-monitor|none|-serial|none|-semihosting-config|enable=on,target=native|-kernel|<ELF>" \
  -DELF="$dir/firmware/tests/device/decide_vectors.elf" -DGOLDEN_DIR="$dir" \
  -DOUTPUT="$dir/device_records.csv" -P "$source_dir/tests/device/run_parity.cmake"
"$tf" parity "$dir/demo_records.csv" "$dir/device_records.csv"
