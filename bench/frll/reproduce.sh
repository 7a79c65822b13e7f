#!/usr/bin/env bash
# Reproduces the experiments of "Fairness for Robust Log Loss Classification"
# (Sec. 5 of ../shared/specs/fair_robust_log_loss.md): Adult (sex), COMPAS
# (race, white or not) and law school (race, white or black), 20 random
# 70/30 splits, l2 chosen per split on a validation part of the training part
# by log loss; logistic regression, FRLL (dp, eodds), the exponentiated-
# gradient reduction (epsilon .001, .01, .1), reweighing (dp) and Hardt et
# al. post-processing (eodds). Not part of the tests.
#
#   bash bench/frll/reproduce.sh            # then see build/frll_reproduction
#
# Resumable: each finished split keeps its results.json and is skipped on the
# next run while tinyfair and these scripts are unchanged. Parallel-safe: a
# split runs in its own folder and appears only when complete.
# Environment: FRLL_SPLITS (default 20), FRLL_JOBS (default 2), FRLL_DATASETS
# (default "adult compas law").
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/../.."

splits=${FRLL_SPLITS:-20}
jobs=${FRLL_JOBS:-2}
datasets=${FRLL_DATASETS:-adult compas law}
work=build/frll_reproduction
tf=build/host/host_tools/tinyfair

cmake --preset host >/dev/null
cmake --build --preset host --target tinyfair >/dev/null
mkdir -p "$work"
# The report part of reproduce.py (from mean_sd on) does not change results.
stamp=$( (cat "$tf" bench/frll/prepare_data.py; sed '/^def mean_sd/,$d' bench/frll/reproduce.py) |
  sha256sum | cut -c1-16)
if [ "$(cat "$work/stamp" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$work/adult" "$work/compas" "$work/law" "$work/data"
  python3 bench/frll/prepare_data.py ../shared/datasets "$work/data"
  echo "$stamp" > "$work/stamp"
fi

todo=()
# Seed-major, so that a partial run covers every dataset.
for seed in $(seq 1 "$splits"); do
  for dataset in $datasets; do
    [ -f "$work/$dataset/split$seed/results.json" ] || todo+=("$dataset $seed")
  done
done
total=${#todo[@]}
echo "frll reproduction: $total dataset splits to run, $jobs at a time" >&2
start=$(date +%s)
if [ "$total" -gt 0 ]; then
  # xargs appends "dataset seed": $3 and $4. Each prints one line when done.
  printf '%s\n' "${todo[@]}" | xargs -P "$jobs" -L 1 sh -c '
    if python3 bench/frll/reproduce.py split "$1" "$2/data" "$2" "$3" "$4"; then
      echo "frll reproduction: $3 split $4 done" >&2
    else
      echo "frll reproduction: $3 split $4 FAILED (see $2/$3/split$4.running/log.txt)" >&2
    fi
  ' sh "$tf" "$work"
fi
echo "frll reproduction: $(( $(date +%s) - start )) s" >&2

python3 bench/frll/reproduce.py report "$work" docs "$splits"
gnuplot -e "data='$work/figure4.dat'; out='docs/frll_figure4.png'" bench/frll/figure4.gp
cat "$work/table.md"
echo "training + testing time per Adult split (s, mean ± sd):"
cat "$work/timing.md"
