#!/usr/bin/env bash
# Parameters outside their ranges, in every command that takes them: each is
# refused with exit 2 and a message naming the parameter (and its range),
# before anything is written; never clamped or saturated into another fit.
# parity reads decision logs by CSV records.
set -euo pipefail
tinyfair=$1 work=$2 suite=hostile.parameters
marker=$work/PWNED
source "$(dirname "$0")/hostile_lib.sh"

d=$work/demo
demo_model "$d"

train() {  # train CASE TEXT FLAGS...
  local name=$1 text=$2
  shift 2
  refused "train $name" 2 "$text" "$tinyfair" train --data "$d/train.csv" --label hired \
    --sensitive group --out "$work/x.json" "$@"
}
for l2 in -1 nan inf; do train "--l2 $l2" "l2: " --l2 "$l2"; done
train "--iterations 0" "--iterations" --iterations 0
train "dro --noise-rate 2" "--noise-rate" --method dro --noise-rate 2
train "dro --noise-rate nan" "--noise-rate" --method dro --noise-rate nan
train "naive --alpha -0.1" "--alpha" --method naive --alpha -0.1
train "naive --alpha nan" "--alpha" --method naive --alpha nan
train "naive --hinge-slack nan" "--hinge-slack" --method naive --hinge-slack nan
train "naive --learning-rate 0" "--learning-rate" --method naive --learning-rate 0
train "naive --lambda-radius -1" "--lambda-radius" --method naive --lambda-radius -1
train "soft-groups --ideal-rounds 0" "--ideal-rounds" --method soft-groups --ideal --ideal-rounds 0
train "reduction --epsilon nan" "--epsilon" --method reduction --epsilon nan
train "reduction --grid-size 0" "--grid-size" --method reduction --grid-size 0

for tolerance in nan -1 2; do
  refused "debias-data --gradient-tolerance $tolerance" 2 "gradient-tolerance: " "$tinyfair" \
    debias-data --data "$d/train.csv" --label hired --protected group --out "$work/x.csv" \
    --gradient-tolerance "$tolerance"
done
for tau in nan 2; do
  refused "debias-data --tau $tau" 2 "--tau" "$tinyfair" debias-data --data "$d/train.csv" \
    --label hired --protected group --out "$work/x.csv" --tau "$tau"
done

postprocess() {  # postprocess CASE TEXT FLAGS...
  local name=$1 text=$2
  shift 2
  refused "postprocess $name" 2 "$text" "$tinyfair" postprocess --model "$work/model.json" \
    --data "$d/fit.csv" --label hired --out "$work/x.json" "$@"
}
for rho in 2 -1 1e308 -1e308 nan inf 1.0000001 0.5x ""; do
  postprocess "--rho '$rho'" "rho: " --rho "$rho"
done
for gamma in 0 -1 nan inf -inf; do postprocess "--gamma $gamma" "gamma: " --gamma "$gamma"; done
for epsilon in -1 nan 2 inf; do postprocess "--epsilon $epsilon" "epsilon: " --epsilon "$epsilon"; done
for target in -0.1 nan 1.5; do
  postprocess "--bias-target $target" "bias-target: " --bias-target "$target"
done
for grid in 0 nan -0.2 0.2,inf; do
  postprocess "--gamma-grid $grid" "gamma-grid: " --gamma-grid "$grid"
done
for offsets in 2 nan -1.5; do
  postprocess "--rho-offsets $offsets" "rho-offsets: " --rho-offsets "$offsets"
done
for gap in -0.1 nan 1.5; do
  postprocess "--max-validation-gap $gap" "max-validation-gap: " --max-validation-gap "$gap"
done
for seed in -1 18446744073709551616 1e3 0x10; do
  postprocess "--seed $seed" "--seed: " --seed "$seed"
done

for alpha in nan 0 1 -0.05 inf 1e-12; do
  refused "export --monitor-alpha $alpha" 2 "--monitor-alpha: " "$tinyfair" export \
    --model "$work/model.json" --out "$work/x.pb" --monitor-alpha "$alpha"
done
for tolerance in nan -0.1 1 inf; do
  refused "export --monitor-tolerance $tolerance" 2 "--monitor-tolerance: " "$tinyfair" export \
    --model "$work/model.json" --out "$work/x.pb" --monitor-tolerance "$tolerance"
done
refused "export --model-version -1" 2 "--model-version" "$tinyfair" export \
  --model "$work/model.json" --out "$work/x.pb" --model-version -1

for flag in --seed --stream; do
  for value in 18446744073709551616 99999999999999999999999 -1 0x10 1e3 " 1" ""; do
    refused "simulate $flag '$value'" 2 "$flag" "$tinyfair" simulate --model "$work/model.json" \
      --data "$d/test.csv" --out "$work/x.csv" "$flag" "$value"
  done
  refused "evaluate $flag 2^64" 2 "$flag: " "$tinyfair" evaluate --model "$work/model.json" \
    --data "$d/test.csv" --label hired "$flag" 18446744073709551616
done
refused "demo --seed 2^64" 2 "--seed: " "$tinyfair" demo --rows 100 --seed 18446744073709551616 \
  --out-dir "$work/x"
refused "split --seed -1" 2 "--seed: " "$tinyfair" split --data "$d/test.csv" --seed -1 \
  --out-dir "$work/x"
# An unsigned count given a negative number (CLI11 would read -4 as 2^64 - 4).
refused "demo --rows -4" 2 "--rows: Value -4 is negative" "$tinyfair" demo --rows -4 \
  --out-dir "$work/x"
refused "codegen --rows -1" 2 "--rows: Value -1 is negative" "$tinyfair" codegen --unit-test \
  --model "$work/model.json" --data "$d/test.csv" --rows -1 --name M --model-header m.h \
  --out "$work/x.c"

sweep() {  # sweep CASE TEXT FLAGS...
  local name=$1 text=$2
  shift 2
  refused "sweep $name" 2 "$text" "$tinyfair" sweep --model "$work/model.json" --data "$d/fit.csv" \
    --validation "$d/fit.csv" --test "$d/test.csv" --label hired --out-dir "$work/x" "$@"
}
sweep "--gamma-grid nan" "gamma-grid: " --gamma-grid nan
sweep "--gamma-grid 0" "gamma-grid: " --gamma-grid 0
sweep "--rho-offsets 5" "rho-offsets: " --rho-offsets 5
sweep "--max-validation-gap 2" "max-validation-gap: " --max-validation-gap 2
sweep "--max-validation-gap nan" "max-validation-gap: " --max-validation-gap nan

# The edges themselves are in range: the checks do not refuse what is valid.
accepted "postprocess --rho 1 --gamma 1e-3 --epsilon 0" "$tinyfair" postprocess \
  --model "$work/model.json" --data "$d/fit.csv" --label hired --rho 1 --gamma 1e-3 --epsilon 0 \
  --out "$work/edge.json"
accepted "simulate --seed 2^64-1 --stream 2^64-1" "$tinyfair" simulate \
  --model "$work/model.json" --data "$d/test.csv" --out "$work/edge.csv" \
  --seed 18446744073709551615 --stream 18446744073709551615

# parity compares CSV records: a readable column holding a quoted newline
# is one record, and a changed record after it is found as that record.
/usr/bin/python3 - "$work/edge.csv" "$work/quoted.csv" "$work/changed.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
rows[1][-1] = 'a "name"\nspread over\nthree lines'
csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\n").writerows(rows)
rows[3][2] = "ffffffff" if rows[3][2] != "ffffffff" else "00000000"
csv.writer(open(sys.argv[3], "w", newline=""), lineterminator="\n").writerows(rows)
PY
accepted "parity, quoted newlines" "$tinyfair" parity "$work/edge.csv" "$work/quoted.csv"
records=$(($(wc -l < "$d/test.csv") - 1))
grep -q "^parity: $records of $records decisions identical" "$scratch/stdout.txt" ||
  fail "parity, quoted newlines: $(cat "$scratch/stdout.txt")"
refused "parity, one record changed" 1 "decision logs differ" "$tinyfair" parity \
  "$work/quoted.csv" "$work/changed.csv"
grep -q "first difference at record 3" "$scratch/stdout.txt" ||
  fail "parity: $(cat "$scratch/stdout.txt")"
refused "parity, not a decision log" 2 "not a decision log" "$tinyfair" parity "$d/test.csv" \
  "$work/edge.csv"
echo "$suite: $cases cases, every value out of range refused by name"
