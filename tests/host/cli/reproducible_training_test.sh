#!/usr/bin/env bash
# Training is reproducible: every method, run twice on the same data with the
# same options, writes the same model, byte for byte (no timings, no
# unseeded randomness in what is exported).
#   reproducible_training_test.sh TINYFAIR GOLDEN_DIR WORK_DIR
set -euo pipefail
tinyfair=$1
data=$2/data
work=$3
rm -rf "$work" && mkdir -p "$work"

check() {
  local name=$1
  shift
  for run in 1 2; do
    "$tinyfair" train "$@" --out "$work/$name.$run.json" 2> /dev/null
  done
  if ! cmp -s "$work/$name.1.json" "$work/$name.2.json"; then
    echo "FAIL: $name: two runs wrote different models"
    diff "$work/$name.1.json" "$work/$name.2.json" | head -5
    exit 1
  fi
  echo "ok: $name"
}

common=(--data "$data/train.csv" --label hired --sensitive group)
check logistic "${common[@]}"
check reweigh "${common[@]}" --reweigh
check frll "${common[@]}" --method frll --constraint eodds --l2 0.01
check reduction "${common[@]}" --method reduction --constraint dp --epsilon 0.01
check fair_regression "${common[@]}" --use-sensitive --method fair-regression --constraint sp \
  --regression-loss logistic --regression-oracle lr --sp-slack 0.05 --iterations 10
check soft_groups --data "$data/train_noisy_group.csv" --label hired \
  --sensitive observed_group --ignore group --true-group group --method soft-groups \
  --iterations 100
check dro --data "$data/train_noisy_group.csv" --label hired --sensitive observed_group \
  --ignore group --true-group group --method dro --iterations 100
