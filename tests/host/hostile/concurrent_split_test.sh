#!/usr/bin/env bash
# Concurrent runs into one folder: ROUNDS times, two `split` runs with
# different seeds write the same parts into one folder at once. Afterwards
# the folder must hold one complete split: every part from the same seed
# (byte for byte that seed's split made alone), the parts' rows together
# the input's rows, and no temporary or side file left.
set -uo pipefail
tinyfair=$1 work=$2 rounds=${3:-50}
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
"$tinyfair" demo --rows 40000 --seed 5 --parts all=1 --out-dir . 2>/dev/null || exit 1
parts=(--parts train=0.5,fit=0.25,test=0.25)
for seed in 1 2; do
  "$tinyfair" split --data all.csv --seed $seed "${parts[@]}" --out-dir "seed$seed" 2>/dev/null || exit 1
  # The parts of one split hold the input's rows, each once.
  if ! cmp -s <(tail -n +2 all.csv | LC_ALL=C sort) \
      <(for p in train fit test; do tail -n +2 "seed$seed/$p.csv"; done | LC_ALL=C sort); then
    echo "FAIL: the parts of seed $seed are not the input's rows"; exit 1
  fi
done
cmp -s seed1/train.csv seed2/train.csv && { echo "FAIL: the seeds give one split"; exit 1; }

same_split() {  # same_split FOLDER SEED
  local p
  for p in train fit test; do cmp -s "$1/$p.csv" "seed$2/$p.csv" || return 1; done
}

failures=0 wins1=0 wins2=0
for ((round = 1; round <= rounds; ++round)); do
  "$tinyfair" split --data all.csv --seed 1 "${parts[@]}" --out-dir shared 2>/dev/null &
  first=$!
  "$tinyfair" split --data all.csv --seed 2 "${parts[@]}" --out-dir shared 2>/dev/null &
  second=$!
  wait $first || { echo "FAIL round $round: the seed 1 run failed"; failures=$((failures + 1)); }
  wait $second || { echo "FAIL round $round: the seed 2 run failed"; failures=$((failures + 1)); }
  if same_split shared 1; then
    wins1=$((wins1 + 1))
  elif same_split shared 2; then
    wins2=$((wins2 + 1))
  else
    echo "FAIL round $round: the folder mixes the seeds' parts"; failures=$((failures + 1))
  fi
  leftovers=$(ls -A shared | grep -v -x -e train.csv -e fit.csv -e test.csv)
  if [ -n "$leftovers" ]; then
    echo "FAIL round $round: left in the folder: $leftovers"; failures=$((failures + 1))
  fi
done
echo "split concurrency: $rounds rounds of two runs, seed 1 last in $wins1, seed 2 last in $wins2, $failures failures"
[ "$failures" -eq 0 ]
