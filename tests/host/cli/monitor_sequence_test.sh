#!/usr/bin/env bash
# A device's reports in order (`simulate --device-id` numbers them as a
# device does): `tinyfair monitor` prints the device and the report's number;
# over a sequence it notes a gap and goes on, and refuses (exit 2, nothing
# written) a repeated report, one out of order, another device's, and an
# unnumbered one among numbered ones.
set -euo pipefail
tinyfair=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$tinyfair" demo --rows 6000 --seed 13 --parts train=0.4,fit=0.3,test=0.3 --out-dir "$work" 2>/dev/null
"$tinyfair" train --data "$work/train.csv" --label hired --sensitive group --out "$work/model.json" 2>/dev/null
"$tinyfair" postprocess --model "$work/model.json" --data "$work/fit.csv" --label hired \
  --gamma 0.2 --out "$work/fair.json" 2>/dev/null
"$tinyfair" export --model "$work/fair.json" --out "$work/model.pb" \
  --monitor-alpha 0.05 --monitor-tolerance 0.05 2>/dev/null
for device in 4660 4661; do
  mkdir -p "$work/$device"
  "$tinyfair" simulate --model "$work/model.pb" --data "$work/test.csv" --seed 5 \
    --out "$work/$device/log.csv" --monitor "$work/$device/r.pb" --monitor-every 300 \
    --device-id "$device" 2>/dev/null
done
"$tinyfair" simulate --model "$work/model.pb" --data "$work/test.csv" --seed 5 \
  --out "$work/log.csv" --monitor "$work/unnumbered.pb" 2>/dev/null
d=$work/4660

# The final report follows the six every 300 decisions: number 7.
"$tinyfair" monitor --model "$work/model.pb" --report "$d/r.pb" > "$work/table.txt"
head -1 "$work/table.txt" | grep -qx "device 0000000000001234, report 7" ||
  fail "table: $(head -1 "$work/table.txt")"
"$tinyfair" monitor --model "$work/model.pb" --report "$d/r-0002.pb" --json > "$work/r2.json"
grep -q '"device_id": "0000000000001234"' "$work/r2.json" || fail "json: no device_id"
grep -q '"sequence": 2' "$work/r2.json" || fail "json: no sequence"

monitor() {  # monitor <plot folder> <report numbers...>: prints stderr, returns the status
  local plot=$1
  shift
  local flags=()
  for k in "$@"; do flags+=(--report "$d/r-000$k.pb"); done
  set +e
  "$tinyfair" monitor --model "$work/model.pb" "${flags[@]}" --plot "$plot" --no-plots \
    2>&1 > /dev/null
  local status=$?
  set -e
  return $status
}

# In order: silent. A gap: noted, and the sequence is plotted.
[ -z "$(monitor "$work/in_order" 1 2 3)" ] || fail "a sequence in order gave notes"
out=$(monitor "$work/gap" 1 2 5 6) || fail "a gap was refused: $out"
[ "$out" = "monitor: $d/r-0005.pb: sequence 5 after $d/r-0002.pb's 2: 2 reports missing (3 to 4)" ] ||
  fail "gap: $out"
[ -s "$work/gap/monitor_rates.dat" ] || fail "gap: nothing plotted"

refused() {  # refused <expected message> <plot folder> <report numbers...>
  local message=$1 plot=$2
  shift 2
  local out status=0
  out=$(monitor "$plot" "$@") || status=$?
  [ "$status" -eq 2 ] || fail "$*: exit $status, expected 2: $out"
  [ "$out" = "tinyfair: $message" ] || fail "$*: '$out', expected 'tinyfair: $message'"
  [ ! -e "$plot" ] || fail "$*: wrote its plot"
}
refused "$d/r-0002.pb: sequence 2 again (as $d/r-0002.pb): the same report given twice, or two reports numbered alike by the device" \
  "$work/repeat" 1 2 2
refused "$d/r-0001.pb: sequence 1 after $d/r-0003.pb's 3: out of order; give the reports in their sequence's order" \
  "$work/order" 2 3 1

set +e
out=$("$tinyfair" monitor --model "$work/model.pb" --report "$d/r-0001.pb" \
  --report "$work/4661/r-0002.pb" --plot "$work/other" --no-plots 2>&1 > /dev/null)
status=$?
out2=$("$tinyfair" monitor --model "$work/model.pb" --report "$d/r-0001.pb" \
  --report "$work/unnumbered.pb" --plot "$work/mixed" --no-plots 2>&1 > /dev/null)
status2=$?
set -e
[ "$status" -eq 2 ] && [ "$out" = "tinyfair: $work/4661/r-0002.pb: device 0000000000001235, but $d/r-0001.pb is from device 0000000000001234: a sequence is one device's reports" ] ||
  fail "another device: exit $status: $out"
[ "$status2" -eq 2 ] && [ "$out2" = "tinyfair: $work/unnumbered.pb: sequence 0 after $d/r-0001.pb's 1: a report without a number (0) among numbered ones" ] ||
  fail "unnumbered among numbered: exit $status2: $out2"
echo "monitor sequence: in order, a gap noted, 4 refusals"
