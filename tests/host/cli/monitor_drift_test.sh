#!/usr/bin/env bash
# The drift generator of `tinyfair simulate`: from a row on, one group's
# scores shift (up and down) or its share of the stream changes. Rows before
# the drift decide exactly as without it; the drift shows in the log's
# drifted and data_row columns; the monitor's alarm fires after the drift and
# not before; the drifted group's rate moves the way the shift points; every
# bad combination of flags is refused with exit 2 and a message naming the
# flag, and nothing is written.
set -euo pipefail
tinyfair=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
"$tinyfair" demo --rows 40000 --seed 11 --parts train=0.2,fit=0.2,test=0.6 --out-dir "$work" 2>/dev/null
"$tinyfair" train --data "$work/train.csv" --label hired --sensitive group --out "$work/model.json" 2>/dev/null
"$tinyfair" postprocess --model "$work/model.json" --data "$work/fit.csv" --label hired \
  --gamma 0.2 --out "$work/fair.json" 2>/dev/null
"$tinyfair" export --model "$work/fair.json" --out "$work/model.pb" \
  --monitor-alpha 0.05 --monitor-tolerance 0.03 --monitor-window 0 2>/dev/null

from=8000
run() {  # run NAME FLAGS...: simulate the test part with the monitor, reports every 1000
  local name=$1; shift
  "$tinyfair" simulate --model "$work/model.pb" --data "$work/test.csv" --seed 5 \
    --out "$work/$name.csv" --monitor "$work/$name.pb" --monitor-every 1000 "$@" 2>/dev/null
  for report in "$work/$name"-*.pb "$work/$name.pb"; do
    "$tinyfair" monitor --model "$work/model.pb" --report "$report" --json > "${report%.pb}.json"
  done
}
run plain
run up --drift-from "$from" --drift-group group=b --drift-score-shift 1.5
run down --drift-from "$from" --drift-group group=b --drift-score-shift -1.5
run share --drift-from "$from" --drift-group group=b --drift-share 0.8
# Without --monitor the drift runs too: the log shows it.
"$tinyfair" simulate --model "$work/model.pb" --data "$work/test.csv" --seed 5 \
  --out "$work/no_monitor.csv" --drift-from "$from" --drift-group group=b --drift-score-shift 1.5 2>/dev/null
cmp "$work/up.csv" "$work/no_monitor.csv"

python3 - "$work" "$from" <<'PY'
import csv, glob, json, sys
work, start = sys.argv[1], int(sys.argv[2])

def lines(name):
    with open(f"{work}/{name}.csv") as f:
        return f.read().splitlines()

def records(name):
    return list(csv.DictReader(open(f"{work}/{name}.csv")))

def rate_after(rows, group):
    decided = [r for r in rows[start:] if int(r["status"], 16) == 0 and int(r["group"], 16) == group]
    return sum(int(r["positive"]) for r in decided) / len(decided)

# The device's ten record columns, the drift's two, then the readable ones
# (the group names here hold no comma).
readable = ",probability,decision,group_name"
plain_lines, plain = lines("plain"), records("plain")
assert plain_lines[0].endswith(",value_bits,counter" + readable), plain_lines[0]
for name in ("up", "down", "share"):
    drifted_lines, rows = lines(name), records(name)
    assert drifted_lines[0] == (plain_lines[0][:-len(readable)] + ",drifted,data_row" +
                                readable), drifted_lines[0]
    assert len(drifted_lines) == len(plain_lines)
    # Before the drift: the same records, bit for bit, not drifted.
    for i in range(1, start + 1):
        fields = drifted_lines[i].split(",")
        drifted, data_row = fields[10], fields[11]
        assert fields[:10] + fields[12:] == plain_lines[i].split(","), (name, i, drifted_lines[i],
                                                                        plain_lines[i])
        assert (drifted, data_row) == ("0", str(i - 1)), (name, i, drifted_lines[i])
    assert all(int(r["drifted"]) == 1 for r in rows[start:]) == (name == "share"), name

# The score shift drifts exactly group b's decided rows from the first drifted
# row on; every other record is the plain one.
for name in ("up", "down"):
    rows = records(name)
    for i, (r, p) in enumerate(zip(rows, plain)):
        expect = i >= start and int(p["status"], 16) == 0 and int(p["group"], 16) == 1
        assert int(r["drifted"]) == expect, (name, i)
        assert int(r["data_row"]) == i
        if not expect:
            assert [r[k] for k in p] == [p[k] for k in p], (name, i)
before, up, down = rate_after(plain, 1), rate_after(records("up"), 1), rate_after(records("down"), 1)
print(f"group b's positive rate from row {start} on: plain {before:.4f}, "
      f"shift +1.5 {up:.4f}, shift -1.5 {down:.4f}")
assert up > before + 0.05 and down < before - 0.05, (before, up, down)
assert abs(rate_after(records("up"), 0) - rate_after(plain, 0)) < 1e-12

# The share drift: from the first drifted row on, rows drawn from row 8000 on,
# each decided for its own group (as the plain run decided that row).
rows = records("share")
tail = rows[start:]
assert all(int(r["data_row"]) >= start for r in tail)
for r in tail:
    assert r["group"] == plain[int(r["data_row"])]["group"], r
share = sum(int(r["group"], 16) == 1 for r in tail) / len(tail)
plain_share = sum(int(r["group"], 16) == 1 for r in plain[start:]) / len(plain[start:])
print(f"group b's share from row {start} on: plain {plain_share:.4f}, drifted {share:.4f}")
n = len(tail)
assert abs(share - 0.8) < 5 * (0.8 * 0.2 / n) ** 0.5, share

# The alarm: none in any report of the plain run; in the drifted runs, none
# in a report of the first 8000 decisions, and it fires after the drift.
for name, expect_alarm in (("plain", False), ("up", True), ("down", True)):
    sequence = sorted(glob.glob(f"{work}/{name}-*.json"))
    assert len(sequence) == len(plain) // 1000, (name, len(sequence))
    for k, path in enumerate(sequence, start=1):
        report = json.load(open(path))
        assert report["updates"] == 1000 * k
        if report["updates"] <= start or not expect_alarm:
            assert report["alarm"]["kind"] == "none", (path, report["alarm"])
    final = json.load(open(f"{work}/{name}.json"))
    assert (final["alarm"]["kind"] != "none") == expect_alarm, (name, final["alarm"])
    if expect_alarm:
        assert final["alarm"]["at_update"] > start, final["alarm"]
        print(f"{name}: alarm {final['alarm']['kind']} at decision {final['alarm']['at_update']}")
PY

# Bad combinations: exit 2, the message naming the flag, nothing written.
refused() {  # refused "MESSAGE" FLAGS...
  local message=$1; shift
  rm -f "$work/refused.csv" "$work/refused.pb" "$work"/refused-*.pb
  set +e
  "$tinyfair" simulate --model "$work/model.pb" --data "$work/test.csv" --out "$work/refused.csv" \
    "$@" > /dev/null 2> "$work/error.txt"
  local code=$?
  set -e
  if [ "$code" -ne 2 ]; then echo "exit $code, not 2, for $*"; cat "$work/error.txt"; exit 1; fi
  if [ "$(cat "$work/error.txt")" != "tinyfair: $message" ]; then
    echo "for $*:"; echo "  expected: tinyfair: $message"; echo "  got:      $(cat "$work/error.txt")"
    exit 1
  fi
  if ls "$work"/refused* > /dev/null 2>&1; then echo "$* wrote files"; exit 1; fi
}
rows=$(( $(wc -l < "$work/test.csv") - 1 ))
refused "--drift-group: the model has no group 'c' (its groups: 'group=a', 'group=b')" \
  --drift-from 10 --drift-group c --drift-score-shift 1
refused "--drift-from: row $rows is beyond the data ($rows rows, numbered from 0)" \
  --drift-from "$rows" --drift-group group=b --drift-score-shift 1
refused "--drift-share: 1.5 is outside (0, 1)" --drift-from 10 --drift-group group=b --drift-share 1.5
refused "--drift-share: 0 is outside (0, 1)" --drift-from 10 --drift-group group=b --drift-share 0
refused "--drift-share: 1 is outside (0, 1)" --drift-from 10 --drift-group group=b --drift-share 1
refused "--drift-from: a drift needs its kind: --drift-score-shift or --drift-share" \
  --drift-from 10 --drift-group group=b
refused "--drift-score-shift: give --drift-score-shift or --drift-share, not both" \
  --drift-from 10 --drift-group group=b --drift-score-shift 1 --drift-share 0.5
refused "--drift-from: a drift needs the first drifted row" --drift-group group=b --drift-share 0.5
refused "--drift-group: a drift needs the group that drifts" --drift-from 10 --drift-share 0.5
refused "--drift-score-shift: inf is not a finite number" \
  --drift-from 10 --drift-group group=b --drift-score-shift inf
refused "--vectors: a device replaying the vectors cannot shift scores: leave out --vectors or --drift-score-shift" \
  --drift-from 10 --drift-group group=b --drift-score-shift 1 --vectors "$work/refused.tfv"
refused "--monitor-every: needs --monitor, the report's file" --monitor-every 100
refused "--monitor-every: must be at least 1 decision" --monitor "$work/refused.pb" --monitor-every 0
echo "drift generator: rows before the drift identical, alarm after it, every refusal exit 2"
