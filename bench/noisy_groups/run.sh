#!/usr/bin/env bash
# The noisy-groups reproduction (Wang et al. 2020, Tables 2-3, Figures 1-3):
# Adult (true groups: race White / Black / Other; equal opportunity,
# alpha 0.05) and credit default (true groups: education graduate /
# university / other; equalized odds, alpha 0.03), noise 0.1 ... 0.5,
# random 60/20/20 splits, 750 iterations, then docs/noisy_groups.md and
# docs/plots/noisy_groups_*.png. Every (dataset, noise, split) cell is one
# run of noisy_groups_bench written atomically into the cache, so the script
# resumes where it stopped and parallel runs never share a file.
#
#   bash bench/noisy_groups/run.sh [BUILD_DIR]
#   environment: SPLITS (10), GRID (reduced | full), JOBS (2), CACHE
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build/host}
bench=$build/bench/noisy_groups/noisy_groups_bench
tinyfair=$build/host_tools/tinyfair
data=$root/../shared/datasets
splits=${SPLITS:-10} grid=${GRID:-reduced} jobs=${JOBS:-2}
cache=${CACHE:-$build/noisy_groups_cache}/$grid
command="SPLITS=$splits GRID=$grid bash bench/noisy_groups/run.sh"
if [ ! -f "$data/adult/adult.data" ] || [ ! -f "$data/credit_default/UCI_Credit_Card.csv" ]; then
  echo "Adult or credit default not found in $data (see ../shared/datasets/README.md)" >&2
  exit 1
fi
mkdir -p "$cache"

# Split-major: whenever the run stops, every (dataset, noise) cell has the
# same number of splits (give or take one). The first part runs the five
# methods of the tables, the others DRO and soft groups with the released
# code's adversaries (their own file per cell).
cells=()
for part in main dro-reference soft-groups-reference; do
  suffix=""
  [ "$part" = main ] || suffix=".$part"
  for ((split = 0; split < splits; ++split)); do
    for dataset in adult credit; do
      for gamma in 0.1 0.2 0.3 0.4 0.5; do
        [ -f "$cache/${dataset}_${gamma}_${split}$suffix.tsv" ] ||
          cells+=("$dataset $gamma $split $part")
      done
    done
  done
done
total=${#cells[@]}
echo "noisy groups: $total cells to run ($grid grid, $splits splits, $jobs at a time)" >&2
export bench data cache grid total
printf '%s\n' "${cells[@]+"${cells[@]}"}" | { grep . || true; } | nl -w1 -s' ' |
  xargs -r -P "$jobs" -L 1 bash -c '
    methods=() suffix=""
    if [ "$4" != main ]; then methods=("$4") suffix=".$4"; fi
    out="$cache/${1}_${2}_${3}$suffix.tsv"
    start=$(date +%s)
    "$bench" "$data" "$1" "$2" "$3" "$grid" "$out" "${methods[@]}" 2> "$out.log"
    echo "[$0/$total] $1 gamma $2 split $3 $4 done in $(( $(date +%s) - start )) s" >&2'

# Why robustness costs accuracy: the unconstrained and naive models' true
# violation next to the exact worst cases DRO and soft groups must bound.
mkdir -p "$cache/gap"
for dataset in adult credit; do
  for gamma in 0.1 0.3 0.5; do
    out="$cache/gap/${dataset}_${gamma}.tsv"
    [ -f "$out" ] || "$bench" "$data" "$dataset" "$gamma" 0 gap "$out" 2> /dev/null
  done
done

# One full training run (750 iterations) per method through the CLI on the
# whole Adult training file (32,561 rows) with race flipped at 0.3.
timing=$cache/timing
mkdir -p "$timing"
"$tinyfair" noise --data "$data/adult/adult.data" --column race --rate 0.3 --seed 3 \
  --into observed_race --out "$timing/adult_noisy.csv" 2> /dev/null
: > "$timing/seconds.txt"
TIMEFORMAT=$'%R\t%U'
for method in naive dro soft-groups; do
  noise=()
  [ "$method" = naive ] || noise=(--noise-rate 0.3)
  { time "$tinyfair" train --method "$method" --constraint eopp --data "$timing/adult_noisy.csv" \
      --label Y --positive '>50K' --sensitive observed_race --ignore race,fnlwgt "${noise[@]}" \
      --out "$timing/$method.json" 2> "$timing/$method.log"; } 2> "$timing/$method.time"
  printf '%s\t%s\n' "$method" "$(cat "$timing/$method.time")" >> "$timing/seconds.txt"
done

python3 "$root/bench/noisy_groups/report.py" "$cache" "$root/docs" "$command" "$splits" "$grid"
for plot in "$root"/docs/plots/noisy_groups_*.gp; do
  (cd "$root/docs/plots" && gnuplot "$(basename "$plot")")
done
echo "noisy groups: wrote docs/noisy_groups.md and docs/plots/noisy_groups_*.png" >&2
