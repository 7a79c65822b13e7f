#!/usr/bin/env bash
# The rto fit of tinyfair.dask on synthetic rows generated in the workers of a
# LocalCluster (2 worker processes, 1 thread each, a memory limit each), at
# two sizes, against `tinyfair postprocess --stream` on a CSV of the same rows
# in one process. Prints one JSON line per run; docs/dask.md holds the figures.
#
# Usage: bench/dask/run.sh   (from the repository root, after
#        cmake --build --preset host --target tinyfair tinyfair_python)
# Environment: TINYFAIR (default build/host/host_tools/tinyfair), WORK
# (default build/dask), SIZES (default "1000000 10000000"), CSV_ROWS (rows of
# the single-process comparison, default 1000000), PYTHON (default
# /usr/bin/python3: Debian's, with dask and distributed).
set -euo pipefail
cd "$(dirname "$0")/../.."
tf=${TINYFAIR:-build/host/host_tools/tinyfair}
work=${WORK:-build/dask}
sizes=${SIZES:-"1000000 10000000"}
csv_rows=${CSV_ROWS:-1000000}
python=${PYTHON:-/usr/bin/python3}
export PYTHONPATH=build/host/python
mkdir -p "$work"

# The scorer: logistic regression on 200,000 rows of the same generator.
"$python" bench/dask/fit_on_cluster.py --scorer none --rows 200000 --csv "$work/train.csv"
"$tf" train --data "$work/train.csv" --label y --sensitive sex --out "$work/scorer.json" 2>/dev/null

for rows in $sizes; do
  "$python" bench/dask/fit_on_cluster.py --scorer "$work/scorer.json" --rows "$rows"
done

# One process: postprocess --stream on a CSV of the first CSV_ROWS rows.
"$python" bench/dask/fit_on_cluster.py --scorer none --rows "$csv_rows" --csv "$work/rows.csv"
/usr/bin/time -f '{"single_process_rows": '"$csv_rows"', "seconds": %e, "user_seconds": %U, "system_seconds": %S, "peak_rss_kb": %M}' \
  "$tf" postprocess --stream --model "$work/scorer.json" --data "$work/rows.csv" --label y \
  --out "$work/streamed.json" 2>&1 | grep single_process_rows
