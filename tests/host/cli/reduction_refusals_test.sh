#!/usr/bin/env bash
# train --method reduction says how its game ended and refuses what it
# cannot deliver:
#  - a mixture the device cannot hold is refused before any fitting (exit 2,
#    nothing written, no fitting line in the log, even with an iteration
#    budget that would take long), naming the capacity, the counts and the
#    --ignore that fixes it; with that column ignored the same data trains;
#  - every fit reports its stopping reason, gap against nu and violation
#    against epsilon, in the log and in the model's provenance;
#  - --strict refuses (exit 3, nothing written) a game stopped by its
#    iteration limit with no iterate within nu, and accepts a converged one;
#    without --strict the unconverged model is written and says so.
#   reduction_refusals_test.sh TINYFAIR GOLDEN_DIR WORK_DIR
set -euo pipefail
tinyfair=$1
data=$2/data
work=$3
rm -rf "$work" && mkdir -p "$work"

fail() {
  echo "FAIL: $*"
  exit 1
}

# A wide CSV: two groups, a label that depends on a number, and two
# categorical columns of 60 categories each: 2 + 60 + 60 = 122 category
# terms per member, so the device's 256 member category terms hold 2
# members, fewer than the 3 a DP mixture on 2 groups can need.
python3 - "$work/wide.csv" <<'PY'
import random, sys
random.seed(7)
with open(sys.argv[1], "w") as out:
    out.write("x,wide_a,wide_b,group,y\n")
    for i in range(3000):
        x = random.gauss(0, 1)
        group = "g1" if random.random() < 0.4 else "g0"
        y = int(x + (0.8 if group == "g0" else -0.8) + random.gauss(0, 1) > 0)
        out.write(f"{x:.4f},a{i % 60},b{(7 * i) % 60},{group},{y}\n")
PY

wide=(train --data "$work/wide.csv" --label y --sensitive group --method reduction
      --constraint dp --epsilon 0.001 --iterations 1000000)
set +e
"$tinyfair" "${wide[@]}" --out "$work/wide.json" 2> "$work/wide.txt"
status=$?
set -e
cat "$work/wide.txt"
[ "$status" -eq 2 ] || fail "wide data: exit $status, expected 2"
[ ! -e "$work/wide.json" ] || fail "wide data: a model was written"
grep -q "up to 3 members, each with 4 weights and 122 category terms" "$work/wide.txt" ||
  fail "wide data: the message does not give the counts"
grep -q "the device holds 2 such members (256 category terms of all members together)" \
  "$work/wide.txt" || fail "wide data: the message does not name the capacity"
grep -q -- "--ignore wide_a (60 categories)" "$work/wide.txt" ||
  fail "wide data: the message does not name the flag that fixes it"
if grep -q "rows x\|iterations\|learner fits" "$work/wide.txt"; then
  fail "wide data: fitting started before the refusal"
fi
# Without the widest column: 2 + 60 = 62 terms, 4 members fit, it trains.
"$tinyfair" train --data "$work/wide.csv" --label y --sensitive group --method reduction \
  --constraint dp --epsilon 0.05 --ignore wide_a --out "$work/narrow.json" 2> "$work/narrow.txt"
[ -s "$work/narrow.json" ] || fail "narrow data: no model written"
echo "ok: capacity refused before fitting"

common=(train --data "$data/train.csv" --label hired --sensitive group --method reduction
        --constraint dp)
# Two iterations cannot converge (the gap may stop the game from the 5th).
"$tinyfair" "${common[@]}" --epsilon 0.01 --iterations 2 --out "$work/short.json" \
  2> "$work/short.txt"
cat "$work/short.txt"
grep -q "stopped by iteration limit after 2 iterations; best duality gap [0-9.e+-]* > nu [0-9.e+-]* (NOT converged)" \
  "$work/short.txt" || fail "short run: no stopping reason in the log"
grep -q "training violation [0-9.e+-]* [<>]=* epsilon 0.01" "$work/short.txt" ||
  fail "short run: no violation against epsilon in the log"
grep -q "stopped by iteration limit after 2 iterations; best duality gap" "$work/short.json" ||
  fail "short run: no stopping reason in the provenance"
set +e
"$tinyfair" "${common[@]}" --epsilon 0.01 --iterations 2 --strict --out "$work/strict.json" \
  2> "$work/strict.txt"
status=$?
set -e
cat "$work/strict.txt"
[ "$status" -eq 3 ] || fail "--strict, unconverged: exit $status, expected 3"
[ ! -e "$work/strict.json" ] || fail "--strict, unconverged: a model was written"
grep -q -- "--strict: reduction did not converge" "$work/strict.txt" ||
  fail "--strict, unconverged: no reason given"

# At epsilon 0.05 the game converges; --strict accepts it and writes the model.
"$tinyfair" "${common[@]}" --epsilon 0.05 --strict --out "$work/loose.json" 2> "$work/loose.txt"
cat "$work/loose.txt"
grep -q "stopped by duality gap <= nu after [0-9]* iterations; best duality gap [0-9.e+-]* <= nu [0-9.e+-]* (converged)" \
  "$work/loose.txt" || fail "epsilon 0.05: not reported as converged"
[ -s "$work/loose.json" ] || fail "epsilon 0.05: no model written"
echo "ok: convergence reported, --strict exit 3"
