#!/usr/bin/env bash
# hostile.monitor_reports: a real monitor report (from simulate, with a
# drift alarm) with every single bit flipped: none may be accepted, neither
# by the reader `tinyfair monitor` uses (every flip, in one process:
# report_bit_flips) nor by the command itself (one flip in each byte, the
# flipped bit moving through the byte's eight). Then reports whose CRC is
# right but whose fields contradict each other or the model: each refused
# with exit 2 and a message naming the field.
set -uo pipefail
tinyfair=$1 proto_dir=$2 work=$3 report_bit_flips=$4
python=/usr/bin/python3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
set -e
"$tinyfair" demo --rows 20000 --seed 11 --parts train=0.2,fit=0.2,test=0.6 --out-dir . 2>/dev/null
"$tinyfair" train --data train.csv --label hired --sensitive group --out model.json 2>/dev/null
"$tinyfair" export --model model.json --out model.pb \
  --monitor-alpha 0.05 --monitor-tolerance 0.03 --monitor-window 0 2>/dev/null
"$tinyfair" simulate --model model.pb --data test.csv --seed 5 --out log.csv --monitor report.pb \
  --monitor-every 4000 --drift-from 4000 --drift-group group=b --drift-score-shift 1.5 2>/dev/null
"$tinyfair" monitor --model model.pb --report report.pb >original.txt
set +e
failures=0 cases=0
fail() { echo "FAIL [$1]: $2"; failures=$((failures + 1)); }

# Every single-bit flip, through the reader.
cases=$((cases + 1))
"$report_bit_flips" model.pb report.pb || fail "bit flips" "a flip was accepted by the reader"

# One flip in each byte, through the command.
mkdir flips
"$python" - report.pb flips <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
for i in range(len(data)):
    flipped = bytearray(data)
    flipped[i] ^= 1 << (i % 8)
    open(f"{sys.argv[2]}/{i:05d}.pb", "wb").write(bytes(flipped))
PY
flips=0 accepted=0 changed=0
for file in flips/*.pb; do
  flips=$((flips + 1))
  if "$tinyfair" monitor --model model.pb --report "$file" >printed.txt 2>/dev/null; then
    accepted=$((accepted + 1))
    cmp -s printed.txt original.txt || changed=$((changed + 1))
  fi
done
cases=$((cases + 1))
echo "one flip in each of the report's $flips bytes, through tinyfair monitor: $accepted accepted, $changed of them change the printout"
[ "$accepted" -eq 0 ] || fail "bit flips" "$accepted of $flips flips accepted by tinyfair monitor"

# A report edited as text (protoc), re-encoded with its CRC put back, so that
# only the named contradiction is left to refuse.
decode() {
  protoc --decode=tinyfair.MonitorReport -I "$proto_dir" "$proto_dir/tinyfair/monitor_report.proto" <"$1"
}
encode_with_crc() {  # text on stdin -> bytes in $1, crc32 recomputed last
  grep -v '^crc32:' | protoc --encode=tinyfair.MonitorReport -I "$proto_dir" \
    "$proto_dir/tinyfair/monitor_report.proto" >"$1.body"
  "$python" - "$1.body" "$1" <<'PY'
import struct, sys, zlib
body = open(sys.argv[1], "rb").read()
open(sys.argv[2], "wb").write(body + b"\x4d" + struct.pack("<I", zlib.crc32(body)))
PY
  rm -f "$1.body"
}
decode report.pb >report.txt
# The re-encoding itself is accepted (the cases below fail only by their edit).
encode_with_crc same.pb <report.txt
cases=$((cases + 1))
"$tinyfair" monitor --model model.pb --report same.pb >/dev/null 2>&1 ||
  fail "re-encoded report" "refused: $("$tinyfair" monitor --model model.pb --report same.pb 2>&1)"

# expect_refused LABEL FIELD FILE [more monitor args]; the model is $model
# (default model.pb).
expect_refused() {
  local label=$1 field=$2 file=$3
  shift 3
  cases=$((cases + 1))
  local before message status
  before=$(ls -A | LC_ALL=C sort)
  message=$("$tinyfair" monitor --model "${model:-model.pb}" --report "$file" "$@" 2>&1 >/dev/null)
  status=$?
  [ "$status" -eq 2 ] || fail "$label" "exit $status, not 2: $message"
  [[ "$message" == *"$field"* ]] || fail "$label" "message does not name $field: $message"
  [ "$before" == "$(ls -A | LC_ALL=C sort)" ] || fail "$label" "a file was written"
}
# case LABEL FIELD SED-PROGRAM: the report's text edited by sed.
case_edit() {
  local label=$1 field=$2 program=$3
  local name="case$cases.pb"
  sed -e "$program" report.txt | encode_with_crc "$name"
  if cmp -s "$name" same.pb; then fail "$label" "the edit changed nothing"; return; fi
  expect_refused "$label" "$field" "$name"
}
case_edit "window decisions above the group's total" "window_decisions" \
  "0,/window_decisions: /s/window_decisions: .*/window_decisions: 9000/"
case_edit "positives with a probability sum of 0" "probability_sum" \
  "0,/probability_sum: /s/probability_sum: .*/probability_sum: 0/"
case_edit "probability sum above 2^32 per decision" "probability_sum" \
  "0,/probability_sum: /s/probability_sum: .*/probability_sum: 18446744073709551615/"
case_edit "positives above decisions" "positives" \
  "0,/ positives: /s/ positives: .*/ positives: 8000/"
case_edit "alpha 0.9 where the model says 0.05" "alpha 0.9, but the model says 0.05" \
  "s/^alpha: .*/alpha: 0.9/"
case_edit "tolerance other than the model's" "tolerance" "s/^tolerance: .*/tolerance: 0.1/"
case_edit "window other than the model's" "window" "s/^updates:/window: 500\nupdates:/"
case_edit "alpha NaN" "alpha" "s/^alpha: .*/alpha: nan/"
case_edit "NaN alarm bound" "alarm.bound" "s/^  bound: .*/  bound: nan/"
case_edit "infinite alarm limit" "alarm.limit" "s/^  limit: .*/  limit: inf/"
case_edit "alarm limit not the model's reference + tolerance" "alarm.limit" \
  "s/^  limit: .*/  limit: 0.1/"
case_edit "alarm bound below its limit" "alarm.bound" "s/^  bound: .*/  bound: 0.1/"
case_edit "alarm at an update past the report's" "alarm.at_update" \
  "s/^  at_update: .*/  at_update: 99999/"
case_edit "alarm group outside the model" "alarm.group" \
  "s/^  group: .*/  group: 7/;s/^  other_group: .*/  other_group: 7/"
case_edit "rate alarm naming two groups" "alarm.other_group" "s/^  other_group: .*/  other_group: 0/"
case_edit "unknown alarm kind" "alarm.kind" "s/^  kind: .*/  kind: 9/"
case_edit "updates that the groups do not add up to" "updates" "s/^updates: .*/updates: 12001/"
case_edit "refusals that break the sum" "updates" \
  "s/^updates:/refusals_without_group: 3\nupdates:/"
case_edit "second window with one window" "window_index" \
  "0,/window_index: /s/window_index: .*/window_index: 2/"
case_edit "a previous window with one window" "previous window's 5" \
  "0,/window_positives: /s/window_positives: \(.*\)/window_positives: \1\n  previous_window_decisions: 5/"
case_edit "true positives above labelled positives" "true_positives" \
  "0,/window_index: /s/window_index: 1/window_index: 1\n  true_positives: 4/"
case_edit "false positives above labelled negatives" "false_positives" \
  "0,/window_index: /s/window_index: 1/window_index: 1\n  false_positives: 4\n  labelled_negatives: 2/"
case_edit "another model's hash" "model_hash" "s/^model_hash: .*/model_hash: 1/"
case_edit "a group missing" "groups" "/^groups {/,/^}/{0,/^}/d}"

# Windows of 1,000 decisions: the real report is accepted; one whose window
# number does not match its decisions, or whose previous window was not
# full, is not.
"$tinyfair" export --model model.json --out windowed.pb \
  --monitor-alpha 0.05 --monitor-tolerance 0.03 --monitor-window 1000 2>/dev/null
"$tinyfair" simulate --model windowed.pb --data test.csv --seed 5 --out windowed_log.csv \
  --monitor windowed_report.pb 2>/dev/null
cases=$((cases + 1))
"$tinyfair" monitor --model windowed.pb --report windowed_report.pb >/dev/null 2>&1 ||
  fail "a windowed report" "refused: $("$tinyfair" monitor --model windowed.pb --report windowed_report.pb 2>&1)"
decode windowed_report.pb >windowed.txt
sed -e 's/^  window_index: \([0-9]*\)/  window_index: 1\1/' windowed.txt | encode_with_crc window_index.pb
model=windowed.pb expect_refused "window_index against the decisions" "window_index" window_index.pb
sed -e '0,/previous_window_decisions: /s/previous_window_decisions: .*/previous_window_decisions: 999/' \
  windowed.txt | encode_with_crc window_short.pb
model=windowed.pb expect_refused "a previous window not full" "previous_window_decisions" \
  window_short.pb

# No alarm, with an alarm's fields.
sed -e '/^alarm {/,/^}/c alarm {\n  bound: 0.5\n}' report.txt | encode_with_crc none_bound.pb
expect_refused "alarm NONE with a bound" "alarm.kind NONE" none_bound.pb

# Without its CRC (a report of a runtime before the field), with the CRC of
# other bytes, cut short.
head -c -5 report.pb >no_crc.pb
expect_refused "no crc32" "no crc32" no_crc.pb
grep -v '^crc32:' report.txt | protoc --encode=tinyfair.MonitorReport -I "$proto_dir" \
  "$proto_dir/tinyfair/monitor_report.proto" >wrong_crc.pb
printf '\x4d\x01\x02\x03\x04' >>wrong_crc.pb
expect_refused "a wrong crc32" "crc32" wrong_crc.pb
head -c 40 report.pb >cut.pb
expect_refused "cut short" "crc32" cut.pb
: >empty.pb
expect_refused "empty" "empty" empty.pb

# Sequences (monitor --plot): out of order, and a counter that shrinks while
# updates do not (the report re-encoded with one group's positives lowered and
# another's raised), and an alarm that changes once raised.
expect_refused "a sequence out of order" "updates" report-0003.pb --report report-0001.pb --plot plot
# The last report with group 0's positives (and its window's) one below the
# report before it: consistent alone, a shrinking count in the sequence.
decode report-0003.pb >r3.txt
"$python" - r3.txt report.txt >shrunk.txt <<'PY'
import re, sys
before, last = open(sys.argv[1]).read(), open(sys.argv[2]).read()
lower = int(re.search(r"^  positives: (\d+)", before, re.M).group(1)) - 1
last = re.sub(r"^  positives: \d+", f"  positives: {lower}", last, count=1, flags=re.M)
last = re.sub(r"^  window_positives: \d+", f"  window_positives: {lower}", last, count=1, flags=re.M)
sys.stdout.write(last)
PY
encode_with_crc shrunk.pb <shrunk.txt
cases=$((cases + 1))
"$tinyfair" monitor --model model.pb --report shrunk.pb >/dev/null 2>&1 ||
  fail "the shrunk report alone" "refused: $("$tinyfair" monitor --model model.pb --report shrunk.pb 2>&1)"
expect_refused "positives that shrink in a sequence" "groups[0].positives" report-0003.pb \
  --report shrunk.pb --plot plot
# The last report with another alarm bound, still above its limit: consistent
# alone, but an alarm once raised stays as it was.
sed -e 's/^  bound: .*/  bound: 0.25/' report.txt | encode_with_crc moved_alarm.pb
cases=$((cases + 1))
"$tinyfair" monitor --model model.pb --report moved_alarm.pb >/dev/null 2>&1 ||
  fail "the moved alarm alone" "refused"
expect_refused "an alarm that changes once raised" "alarm" report-0002.pb --report moved_alarm.pb \
  --plot plot
echo "hostile.monitor_reports: $cases cases, $failures failures"
[ "$failures" -eq 0 ]
