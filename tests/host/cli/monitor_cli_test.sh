#!/usr/bin/env bash
# The fairness monitor end to end on the host: export with the monitor's
# settings, simulate --monitor, then tinyfair monitor. The report's counts
# are checked against the decision log written by the same simulate run;
# a drift in one group's scores must raise the alarm, the undrifted data
# must not; protoc decodes the report; truncated, corrupted and foreign
# reports are refused with exit 2.
set -euo pipefail
tinyfair=$1 proto_dir=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
"$tinyfair" demo --rows 40000 --seed 11 --parts train=0.2,fit=0.2,test=0.6 --out-dir "$work" 2>/dev/null
"$tinyfair" train --data "$work/train.csv" --label hired --sensitive group --out "$work/model.json" 2>/dev/null
"$tinyfair" postprocess --model "$work/model.json" --data "$work/fit.csv" --label hired \
  --gamma 0.2 --out "$work/fair.json" 2>/dev/null
"$tinyfair" export --model "$work/fair.json" --out "$work/model.pb" \
  --monitor-alpha 0.05 --monitor-tolerance 0.03 --monitor-window 0 2>/dev/null
protoc --decode=tinyfair.Model -I "$proto_dir" "$proto_dir/tinyfair/model.proto" \
  < "$work/model.pb" | grep -q '^monitor_alpha: 0.05$'

# A model without settings has no monitor to run.
"$tinyfair" export --model "$work/fair.json" --out "$work/plain.pb" 2>/dev/null
if "$tinyfair" simulate --model "$work/plain.pb" --data "$work/test.csv" --out "$work/x.csv" \
    --monitor "$work/x.pb" 2>/dev/null; then
  echo "simulate --monitor ran on a model without monitor settings"; exit 1
fi

# The test part as it is, and with group b's scores raised from row 8000 on
# (a shift of that group's score distribution, by simulate's drift generator).
drift_flags_test=()
drift_flags_drifted=(--drift-from 8000 --drift-group group=b --drift-score-shift 1.5)
for data in test drifted; do
  flags="drift_flags_${data}[@]"
  "$tinyfair" simulate --model "$work/model.pb" --data "$work/test.csv" --seed 5 \
    --out "$work/${data}_log.csv" --monitor "$work/${data}_report.pb" "${!flags}" 2>/dev/null
  "$tinyfair" monitor --model "$work/model.pb" --report "$work/${data}_report.pb"
  "$tinyfair" monitor --model "$work/model.pb" --report "$work/${data}_report.pb" --json \
    > "$work/${data}_report.json"
  protoc --decode=tinyfair.MonitorReport -I "$proto_dir" "$proto_dir/tinyfair/monitor_report.proto" \
    < "$work/${data}_report.pb" | grep -q '^groups {$'
done
python3 - "$work" <<'PY'
import csv, json, sys
work = sys.argv[1]
for data, expect_alarm in (("test", False), ("drifted", True)):
    report = json.load(open(f"{work}/{data}_report.json"))
    decided, positive = {}, {}
    for r in csv.DictReader(open(f"{work}/{data}_log.csv")):
        if int(r["status"], 16) != 0:
            continue
        g = int(r["group"], 16)
        decided[g] = decided.get(g, 0) + 1
        positive[g] = positive.get(g, 0) + int(r["positive"])
    for g, group in enumerate(report["groups"]):
        rate = group["positive_rate"]
        assert group["decisions"] == decided.get(g, 0), (data, g, group["decisions"], decided)
        assert group["positives"] == positive.get(g, 0), (data, g)
        assert abs(rate["rate"] - positive[g] / decided[g]) < 1e-12
        assert rate["lower"] <= rate["rate"] <= rate["upper"]
    kind = report["alarm"]["kind"]
    print(f"{data}: {report['updates']} updates, alarm {kind}: {report['alarm']['reason']}")
    assert (kind != "none") == expect_alarm, (data, kind)
    if expect_alarm:
        assert report["alarm"]["at_update"] > 8000, report["alarm"]
PY

# Bad reports: every truncation, a flipped byte, noise, another model's.
report="$work/test_report.pb"
size=$(stat -c %s "$report")
refused() {  # refused FILE: tinyfair monitor must exit 2
  set +e
  "$tinyfair" monitor --model "$work/model.pb" --report "$1" > /dev/null 2> "$work/error.txt"
  local code=$?
  set -e
  if [ "$code" -ne 2 ]; then echo "exit $code, not 2, for $1 ($2)"; exit 1; fi
}
for cut in $(seq 0 $((size - 1))); do
  head -c "$cut" "$report" > "$work/cut.pb"
  refused "$work/cut.pb" "truncated to $cut bytes"
done
head -c 64 /dev/urandom > "$work/noise.pb"
refused "$work/noise.pb" "random bytes"
"$tinyfair" export --model "$work/fair.json" --out "$work/other.pb" --id other \
  --monitor-alpha 0.05 --monitor-tolerance 0.03 2>/dev/null
set +e
"$tinyfair" monitor --model "$work/other.pb" --report "$report" > /dev/null 2>&1
code=$?
set -e
[ "$code" -eq 2 ] || { echo "exit $code for another model's report"; exit 1; }
echo "monitor: $size-byte report, every truncation and foreign report refused with exit 2"
