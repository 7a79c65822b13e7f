#!/usr/bin/env bash
# The max-entropy reproduction (docs/maxent.md):
#   bash bench/maxent/run.sh TINYFAIR [REPETITIONS]
# prepares COMPAS small, Adult and COMPAS large from ../shared/datasets, runs the Table 2
# protocol (table2.py; REPETITIONS samples per fold, default 100 as in the paper), the
# sweep over C of the six max-ent variants (sweep_c.py, 10 samples per fold), the
# large-domain instance under /usr/bin/time -v (large_domain.sh), and writes docs/maxent.md,
# docs/plots/maxent_tradeoff.png and docs/plots/maxent_sweep_c.png. PYTHON (default
# /usr/bin/python3: Debian's, which has python3-sklearn) runs the scripts.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tinyfair=$(realpath "${1:?usage: run.sh TINYFAIR [REPETITIONS]}")
repetitions=${2:-100}
python=${PYTHON:-/usr/bin/python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" "$here/prepare_data.py" "$root/../shared/datasets" "$work/data"
"$python" "$here/table2.py" "$tinyfair" "$work/data" "$work/table2" "$work/table2.json" \
  "$repetitions"
"$python" "$here/sweep_c.py" "$tinyfair" "$work/data" "$work/sweep" "$work/sweep.dat" 10
gnuplot -e "data='$work/sweep.dat'; out='$root/docs/plots/maxent_sweep_c.png'" "$here/sweep_c.gp"
bash "$here/large_domain.sh" "$tinyfair" "$work/data" "$work/large"
"$python" "$here/report.py" "$work/table2.json" "$work/large" "$here/maxent.md.in" \
  "$root/docs/maxent.md" "$work/plot.dat"
gnuplot -e "data='$work/plot.dat'; out='$root/docs/plots/maxent_tradeoff.png'" "$here/tradeoff.gp"
echo "maxent: wrote docs/maxent.md and docs/plots/maxent_tradeoff.png"
