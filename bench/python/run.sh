#!/usr/bin/env bash
# The Python package's overhead against the CLI on Adult (docs/python.md):
# split Adult as the README does, train the logistic scorer, then time the
# post-processing and the decisions both ways in one run, then the CPU of
# Python's predict alone (predict_cpu.py) and of Python's train of the
# logistic scorer (train_cpu.py).
#   bash bench/python/run.sh [BUILD_DIR]   (default build/host; needs the
#   tinyfair and tinyfair_python targets built). FAIRLEARN_SRC: a directory
#   holding fairlearn 0.9.0's package, for its ThresholdOptimizer side by side
#   (overhead.py; unset: skipped)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
build=${1:-$source_dir/build/host}
tf=$build/host_tools/tinyfair
data=$source_dir/../shared/datasets/adult/adult.data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tf" split --data "$data" --parts train=0.5,fit=0.2,validation=0.1,test=0.2 --out-dir "$work" 2>/dev/null
"$tf" train --data "$work/train.csv" --label Y --positive '>50K' --sensitive sex \
  --out "$work/model.json" 2>/dev/null
PYTHONPATH=$build/python /usr/bin/python3 "$here/overhead.py" "$tf" "$work"
PYTHONPATH=$build/python /usr/bin/python3 "$here/predict_cpu.py" "$work"
PYTHONPATH=$build/python /usr/bin/python3 "$here/train_cpu.py" "$work"
