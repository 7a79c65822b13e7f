#!/usr/bin/env bash
# The demo: train a scorer, make its decisions fair with the randomized
# threshold optimizer, export the model, compile it into Cortex-M4F firmware,
# run that firmware in QEMU, and check that the device decided exactly what
# the host predicted. Installs what is missing; safe to run twice.
#
#   bash host_tools/scripts/demo.sh                 # seeded synthetic data
#   bash host_tools/scripts/demo.sh --data my.csv --label hired --sensitive group [--positive yes]
#   bash host_tools/scripts/demo.sh --help
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
build=$source_dir/build/host
out=$source_dir/build/demo
usage() {
  cat <<'USAGE'
Usage: bash host_tools/scripts/demo.sh [options]

Trains a scorer, makes its decisions fair (randomized threshold optimizer),
exports the model, runs it on an emulated Cortex-M4F and checks that the
device decided exactly what the host predicted. Without --data it uses
seeded synthetic data. Outputs go to build/demo (or --out-dir).

  --data FILE          your CSV (header row; split 50/20/10/20 with seed 7,
                       stratified by the sensitive columns and the label so
                       that a small group reaches every part)
  --label COL          the label column (default: hired)
  --positive VALUE     the label's positive value(s), comma-separated
  --sensitive COL      the sensitive column (repeat for intersectional groups)
  --ignore COLS        columns the scorer leaves out (comma-separated)
  --features COLS      the only columns the scorer uses (comma-separated; the
                       label and the sensitive columns are kept)
  --numeric COLS       columns read as numbers
  --categorical COLS   columns read as categories
  --min-category-count N  fold the categories of fewer training rows into
                       '(other)', which also decides values first seen later
  --min-group-size N   groups with fewer fitting rows get no rule of their own
  --small-groups refuse|pooled|merge  what such a group gets
  --merge-groups 'GROUP,GROUP:TARGET'  with --small-groups merge
  --out-dir DIR        where the outputs go (default: build/demo)
  --tinyfair PATH      use this tinyfair command instead of building one
                       (and skip the setup step)
  -h, --help           this text

The data options are the CLI's own: `build/host/host_tools/tinyfair train
--help` describes them.
USAGE
}

data="" label=hired positive="" tf=""
sensitive_options=() sensitive_columns="" column_options=() group_options=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --data|--label|--sensitive|--positive|--ignore|--features|--numeric|--categorical|--out-dir|--tinyfair|\
    --min-category-count|--min-group-size|--small-groups|--merge-groups)
      if [ $# -lt 2 ]; then echo "demo: $1 needs a value (see --help)" >&2; exit 2; fi ;;&
    --data) data=$(realpath "$2"); shift 2 ;;
    --label) label=$2; shift 2 ;;
    --sensitive) sensitive_options+=(--sensitive "$2"); sensitive_columns+="$2,"; shift 2 ;;
    --positive) positive=$2; shift 2 ;;
    --out-dir) mkdir -p "$2" && out=$(realpath "$2"); shift 2 ;;
    --tinyfair) tf=$(realpath "$2"); shift 2 ;;
    --ignore|--features|--numeric|--categorical|--min-category-count)
      column_options+=("$1" "$2"); shift 2 ;;
    --min-group-size|--small-groups|--merge-groups) group_options+=("$1" "$2"); shift 2 ;;
    *) echo "demo: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ ${#sensitive_options[@]} -eq 0 ] && sensitive_options=(--sensitive group)
positive_option=()
[ -n "$positive" ] && positive_option=(--positive "$positive")

step() { printf '\n== %s\n' "$*"; }

if [ -z "$tf" ]; then
  step "setup and build (the tinyfair command only)"
  bash "$here/setup_debian.sh"
  # The host preset, as the README's builds and `pip install .` configure it:
  # the same options, so that building the Python package later recompiles
  # nothing the demo compiled.
  (cd "$source_dir" && cmake --preset host >/dev/null)
  cmake --build "$build" --parallel --target tinyfair >/dev/null
  tf=$build/host_tools/tinyfair
fi
mkdir -p "$out"

step "data"
parts=train=0.5,fit=0.2,validation=0.1,test=0.2
if [ -n "$data" ]; then
  "$tf" demo --data "$data" --parts "$parts" --seed 7 --stratify "${sensitive_columns:-group,}$label" \
    --out-dir "$out/data"
else
  "$tf" demo --rows 20000 --seed 7 --parts "$parts" --out-dir "$out/data"
fi

step "train: logistic regression"
"$tf" train --data "$out/data/train.csv" --label "$label" "${positive_option[@]}" \
  "${sensitive_options[@]}" "${column_options[@]}" --id demo --out "$out/logistic.json"

step "postprocess: randomized threshold optimizer (gamma, rho chosen on validation)"
"$tf" postprocess --model "$out/logistic.json" --data "$out/data/fit.csv" --label "$label" \
  "${positive_option[@]}" --validation "$out/data/validation.csv" "${group_options[@]}" \
  --out "$out/fair.json"

step "evaluate on test data, before post-processing"
"$tf" evaluate --model "$out/logistic.json" --data "$out/data/test.csv" --label "$label" "${positive_option[@]}"
step "evaluate on test data, after post-processing"
"$tf" evaluate --model "$out/fair.json" --data "$out/data/test.csv" --label "$label" "${positive_option[@]}"

step "export, codegen, simulate on the host"
"$tf" export --model "$out/fair.json" --out "$out/demo_model.pb"
"$tf" codegen --model "$out/demo_model.pb" --name DemoModel --out "$out/demo_model.h"
"$tf" simulate --model "$out/demo_model.pb" --data "$out/data/test.csv" --seed 2024 \
  --out "$out/demo_records.csv" --vectors "$out/demo_vectors.tfv"

step "firmware for the emulated Cortex-M4F (qemu-system-arm -M mps2-an386): this model only; run it and compare with the host"
bash "$source_dir/host_tools/scripts/decide_on_board.sh" "$out" "$tf"
echo
echo "demo: device and host agree. Files in $out: fair.json, demo_model.pb, demo_model.h,"
echo "      demo_records.csv (host), device_records.csv (device)."
