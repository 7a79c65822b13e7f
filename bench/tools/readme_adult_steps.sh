#!/usr/bin/env bash
# The README's step-by-step commands on Adult (split, train, postprocess,
# export; split seed 11, with which no category of the later parts is new),
# for comparing two builds of tinyfair: prints the sha256 of the
# exported model.pb and of every intermediate file.
#   bash bench/tools/readme_adult_steps.sh TINYFAIR OUT_DIR [DATA_DIR]
# DATA_DIR defaults to ../shared/datasets/adult beside the checkout.
set -euo pipefail
tf=$1 out=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
data=${3:-$here/../shared/datasets/adult}
positive='>50K,>50K.'
# Relative paths from OUT_DIR: the provenance names the files as given.
tf=$(realpath "$tf") data=$(realpath "$data")
mkdir -p "$out" && cd "$out"
"$tf" split --data "$data/adult.data" --parts train=0.5,fit=0.2,validation=0.1,test=0.2 \
  --seed 11 --out-dir work 2>/dev/null
"$tf" train --data "work/train.csv" --label Y --positive "$positive" --sensitive sex \
  --out "work/model.json" 2>/dev/null
"$tf" postprocess --model "work/model.json" --data "work/fit.csv" --label Y \
  --positive "$positive" --validation "work/validation.csv" --out "work/fair.json" 2>/dev/null
"$tf" export --model "work/fair.json" --out "work/model.pb" 2>/dev/null
(cd work && sha256sum train.csv fit.csv validation.csv test.csv model.json fair.json model.pb)
