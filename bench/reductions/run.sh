#!/usr/bin/env bash
# Adult DP: tinyfair's exponentiated-gradient reduction against fairlearn's
# ExponentiatedGradient with LogisticRegression on the same 63 encoded
# columns (bench/reductions/adult_dp.py says how). Prints a Markdown table;
# docs/reductions.md holds its last run.
#
# Usage: bench/reductions/run.sh   (from the repository root, after
#        cmake --build --preset host --target tinyfair)
# Environment: TINYFAIR (default build/host/host_tools/tinyfair), WORK
# (default build/reductions_bench), DATASETS (default ../shared/datasets),
# PYTHON (default /usr/bin/python3: Debian's, with numpy, pandas and
# sklearn), FAIRLEARN_SRC (a directory holding fairlearn's package; unset:
# fairlearn's half is skipped).
set -euo pipefail
cd "$(dirname "$0")/../.."
tf=${TINYFAIR:-build/host/host_tools/tinyfair}
work=${WORK:-build/reductions_bench}
datasets=${DATASETS:-../shared/datasets}
python=${PYTHON:-/usr/bin/python3}
"$python" bench/reductions/adult_dp.py "$tf" "$datasets/adult" "$work"
