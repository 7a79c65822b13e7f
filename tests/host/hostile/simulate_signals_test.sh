#!/usr/bin/env bash
# Signals during a large `simulate` (2,000,000 rows): SIGINT and SIGTERM,
# RUNS times each at a random point, must end the run with the signal, keep
# the old outputs (decision log and monitor report) byte for byte and leave
# no temporary; a signal that falls during the renames themselves (after the
# run's last look for one) finds the new set whole, never a mix. Then SIGKILL, which no handler sees, at random points: the
# next run into the folder removes what the killed one left.
set -uo pipefail
tinyfair=$1 work=$2 runs=${3:-10} rows=${4:-2000000}
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
"$tinyfair" demo --rows "$rows" --seed 7 --parts all=1 --out-dir . 2>/dev/null || exit 1
"$tinyfair" demo --rows 4000 --seed 3 --out-dir small 2>/dev/null || exit 1
"$tinyfair" train --data small/train.csv --label hired --sensitive group --out model.json \
  2>/dev/null || exit 1
"$tinyfair" export --model model.json --out model.pb --monitor-alpha 0.05 \
  --monitor-tolerance 0.03 --monitor-window 0 2>/dev/null || exit 1
mkdir out
old_outputs() {
  "$tinyfair" simulate --model model.pb --data small/test.csv --out out/log.csv \
    --monitor out/report.pb 2>/dev/null || exit 1
  md5sum out/log.csv out/report.pb
}
old=$(old_outputs)
side_files() { ls -A out | grep -v -x -e log.csv -e report.pb; }

# A background run, with SIGINT at its default (bash starts background
# commands with SIGINT ignored, and tinyfair leaves an ignored signal so).
run_in_background() {
  env --default-signal=INT "$tinyfair" simulate --model model.pb --data all.csv \
    --out out/log.csv --monitor out/report.pb 2>/dev/null &
  pid=$!
}
# How long a whole run takes here: the signals fall within it.
# wait_for_temporary: until the run's temporary appears (it writes its
# outputs), at most 20 s.
wait_for_temporary() {
  local tries
  for ((tries = 0; tries < 2000; ++tries)); do
    [ -n "$(side_files)" ] && return 0
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.01
  done
  return 1
}
# A random pause: anywhere in a whole run for odd runs; for even runs,
# anywhere in the writing of the outputs (after the temporary appears).
pause_before_signal() {
  local pid=$1 run=$2 limit_ms=$3
  if ((run % 2 == 0)) && wait_for_temporary "$pid"; then
    limit_ms=$write_ms
  fi
  delay_ms=$((RANDOM % (limit_ms + 1)))
  sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
}
# The writing: from the temporary's appearance to the end.
start=$(date +%s%N)
run_in_background
wait_for_temporary $pid
writing=$(date +%s%N)
wait $pid || exit 1
end=$(date +%s%N)
full_ms=$(((end - start) / 1000000)) write_ms=$(((end - writing) / 1000000))
# A whole run's outputs: what a signal that falls during the renames
# themselves (after the last check for one) finds, the new set complete.
new=$(md5sum out/log.csv out/report.pb)
old=$(old_outputs)

failures=0 during_write=0 completed=0 renamed_then_signalled=0
for signal in INT TERM; do
  for ((run = 1; run <= runs; ++run)); do
    run_in_background
    pause_before_signal $pid $run $((full_ms * 9 / 10))
    [ -n "$(side_files)" ] && during_write=$((during_write + 1))
    kill -s "$signal" $pid 2>/dev/null
    wait $pid
    status=$?
    if [ "$status" -eq 0 ]; then  # finished before the signal: the new outputs are whole
      completed=$((completed + 1))
      old=$(old_outputs)
    elif [ "$status" -ne $((128 + $(kill -l "$signal"))) ]; then
      echo "FAIL SIG$signal run $run after $delay_ms ms: exit $status, not the signal's"
      failures=$((failures + 1))
    elif [ "$(md5sum out/log.csv out/report.pb)" = "$new" ]; then
      renamed_then_signalled=$((renamed_then_signalled + 1))
      old=$(old_outputs)
    elif [ "$(md5sum out/log.csv out/report.pb)" != "$old" ]; then
      echo "FAIL SIG$signal run $run after $delay_ms ms: the outputs are neither the old nor the new set"
      failures=$((failures + 1))
      old=$(old_outputs)
    fi
    if [ -n "$(side_files)" ]; then
      echo "FAIL SIG$signal run $run after $delay_ms ms: left $(side_files | tr '\n' ' ')"
      failures=$((failures + 1))
      rm -f out/*.tinyfair-*
    fi
  done
done

# SIGKILL: whatever it leaves, the next run removes; the outputs are then
# that run's, whole.
killed_with_leftovers=0
for ((run = 1; run <= 3; ++run)); do
  run_in_background
  pause_before_signal $pid $((2 * run)) $full_ms
  kill -s KILL $pid 2>/dev/null
  wait $pid 2>/dev/null
  [ -n "$(side_files)" ] && killed_with_leftovers=$((killed_with_leftovers + 1))
  old_outputs >/dev/null
  if [ -n "$(side_files)" ]; then
    echo "FAIL SIGKILL run $run: the next run left $(side_files | tr '\n' ' ')"
    failures=$((failures + 1))
  fi
done
echo "simulate signals: $rows rows, a whole run $full_ms ms (writing $write_ms ms);" \
  "$((2 * runs)) runs signalled" \
  "(SIGINT, SIGTERM), $during_write while a temporary was being written, $completed finished" \
  "first, $renamed_then_signalled signalled during the renames (the new set whole);" \
  "3 SIGKILLs, $killed_with_leftovers leaving side files the next run removed; $failures failures"
[ "$failures" -eq 0 ]
