#!/usr/bin/env bash
# The paper's Figure 3 on the spec's synthetic data (docs/frll.md):
#   bash bench/frll/figure3.sh TINYFAIR [OUT.png]
# trains the fair robust log-loss classifier (demographic parity) and plain
# logistic regression with `tinyfair train`, decides a grid over the plane
# with the runtime (`tinyfair simulate`) and plots it with gnuplot, by
# default to docs/frll_figure3.png.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tinyfair=${1:?usage: figure3.sh TINYFAIR [OUT.png]}
out=${2:-$here/../../docs/frll_figure3.png}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$here/figure3.py" data "$work"
# C = 0.01 as in the spec's prototype; a is the protected attribute and a feature.
common=(--data "$work/train.csv" --label y --sensitive a --numeric x1,x2 --l2 0.01)
"$tinyfair" train --method frll --constraint dp "${common[@]}" --out "$work/frll.json"
"$tinyfair" train "${common[@]}" --use-sensitive --out "$work/logistic.json"
"$tinyfair" simulate --model "$work/frll.json" --data "$work/grid.csv" --out "$work/frll_grid.csv"
"$tinyfair" simulate --model "$work/logistic.json" --data "$work/grid.csv" --out "$work/logistic_grid.csv"
"$tinyfair" simulate --model "$work/frll.json" --data "$work/train.csv" --out "$work/frll_train.csv"
python3 "$here/figure3.py" tables "$work"
gnuplot -e "work='$work'; out='$out'" "$here/figure3.gp"
echo "figure3: wrote $out"
