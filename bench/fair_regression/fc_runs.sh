#!/usr/bin/env bash
# The fair-classification reduction baseline (Agarwal et al. 2018,
# `tinyfair train --method reduction --constraint dp`, weighted logistic
# regression) on the Adult tasks of the fair-regression reproduction, over a
# grid of epsilon; its scores measured by fc_scores.py. Called by run.sh.
# Usage: fc_runs.sh TINYFAIR WORK PYTHON
set -euo pipefail
tf=$1 work=$2 python=$3
here=$(dirname "$0")
for name in adult2k adult; do
  for eps in 0.002 0.005 0.01 0.02 0.03 0.05 0.08 0.12 0.2 1; do
    run="$work/runs/${name}_fc_${eps}"
    "$tf" train --method reduction --constraint dp --epsilon "$eps" --use-sensitive \
      --data "$work/data/${name}_train.csv" --label Y --sensitive sex \
      --categorical marital_status,relationship,race --out "$run.model.json" 2> "$run.fclog"
    for part in train test; do
      "$python" "$here/fc_scores.py" "$run.model.json" "$work/data/${name}_$part.csv" Y sex \
        > "$run.$part.fc.json"
    done
    echo "$name fc eps=$eps: $(cat "$run.train.fc.json")" >&2
  done
done
