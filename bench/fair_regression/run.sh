#!/usr/bin/env bash
# Reproduces the experiments of "Fair Regression: Quantitative Definitions
# and Reduction-based Algorithms" (Agarwal, Dudik & Wu 2019; spec
# ../shared/specs/fair_regression_reductions.md §6): statistical-parity fair
# regression on law school, communities and crime and Adult (and 2,000-row
# subsamples of law school and Adult), 50/50 splits, N = 40, a grid of
# slacks per dataset; Pareto fronts of (loss, KS disparity) selected on
# train and applied to test, against unconstrained regression, SEO and (on
# Adult) the fair-classification reduction; the time per oracle call (the paper's Table 1). Writes docs/fair_regression.md
# and docs/plots/fair_regression_*.png.
#
# Usage: bench/fair_regression/run.sh   (from the repository root, after
#        cmake --build --preset host --target tinyfair)
# Environment: TINYFAIR (default build/host/host_tools/tinyfair), WORK
# (default build/fair_regression), DATASETS (default ../shared/datasets),
# PYTHON (default /usr/bin/python3: Debian's, with numpy and sklearn).
set -euo pipefail
cd "$(dirname "$0")/../.."
tf=${TINYFAIR:-build/host/host_tools/tinyfair}
work=${WORK:-build/fair_regression}
datasets=${DATASETS:-../shared/datasets}
python=${PYTHON:-/usr/bin/python3}
mkdir -p "$work/data" "$work/runs" docs/plots

"$python" bench/fair_regression/prepare_data.py "$datasets" "$work/data"

# name | label options | sensitive | categorical | loss | oracles | slacks
cat > "$work/datasets.txt" <<'LIST'
law|--label y|race|sex,region_first,first_pf|squared|ls|0.01 0.02 0.03 0.04 0.05 0.06 0.08 0.1 0.15 0.2 0.25 0.3 0.35 0.4 1
law2k|--label y|race|sex,region_first,first_pf|squared|ls cs|0.01 0.02 0.03 0.04 0.05 0.06 0.08 0.1 0.15 0.2 0.25 0.3 0.35 0.4 1
communities|--label y|race||squared|ls cs|0.01 0.02 0.04 0.06 0.08 0.1 0.12 0.15 0.2 0.25 0.4 0.6 1
adult|--label Y --positive 1|sex|marital_status,relationship,race|logistic|lr ls|0.01 0.02 0.03 0.04 0.06 0.08 0.1 0.12 0.15 0.18 0.2 0.25 0.31 1
adult2k|--label Y --positive 1|sex|marital_status,relationship,race|logistic|lr ls cs|0.01 0.02 0.03 0.04 0.06 0.08 0.1 0.12 0.15 0.18 0.2 0.25 0.31 1
LIST

while IFS='|' read -r name label sensitive categorical loss oracles slacks; do
  train="$work/data/${name}_train.csv"
  test="$work/data/${name}_test.csv"
  labelcol=$(echo "$label" | awk '{print $2}')
  "$python" bench/fair_regression/baselines.py "$train" "$test" "$labelcol" "$sensitive" \
    "$loss" "$categorical" > "$work/runs/${name}_baselines.json"
  cat_opt=()
  [ -n "$categorical" ] && cat_opt=(--categorical "$categorical")
  for oracle in $oracles; do
    iterations=100
    [ "$oracle" = cs ] && iterations=25
    for eps in $slacks; do
      run="$work/runs/${name}_${oracle}_${eps}"
      start=$(date +%s.%N)
      # shellcheck disable=SC2086
      "$tf" train --data "$train" $label --sensitive "$sensitive" "${cat_opt[@]}" --use-sensitive \
        --method fair-regression --constraint sp --regression-loss "$loss" \
        --regression-oracle "$oracle" --grid-size 40 --sp-slack "$eps" \
        --eg-max-iterations "$iterations" --out "$run.json" 2> "$run.log"
      end=$(date +%s.%N)
      echo "seconds $(echo "$end - $start" | bc)" >> "$run.log"
      # shellcheck disable=SC2086
      "$tf" evaluate --model "$run.json" --data "$train" $label --json > "$run.train.json"
      # shellcheck disable=SC2086
      "$tf" evaluate --model "$run.json" --data "$test" $label --json > "$run.test.json"
      echo "$name $oracle eps=$eps: $(grep -o 'KS disparity [0-9.]*' "$run.log" | head -1)" >&2
    done
  done
done < "$work/datasets.txt"

# Table 1: one best response on 1,000 law-school rows with N = 20, per oracle.
head -n 1001 "$work/data/law_train.csv" > "$work/data/law1k.csv"
for setting in "ls squared" "lr logistic" "cs squared"; do
  set -- $setting
  "$tf" train --data "$work/data/law1k.csv" --label y --sensitive race \
    --categorical sex,region_first,first_pf --use-sensitive --method fair-regression \
    --constraint sp --regression-loss "$2" --regression-oracle "$1" --grid-size 20 \
    --sp-slack 0.05 --eg-max-iterations 10 --out "$work/runs/table1_$1.json" \
    2> "$work/runs/table1_$1.log"
done

# The fair-classification reduction on the Adult tasks.
bash bench/fair_regression/fc_runs.sh "$tf" "$work" "$python"

"$python" bench/fair_regression/report.py "$work" docs/fair_regression.md docs/plots
echo "wrote docs/fair_regression.md" >&2
