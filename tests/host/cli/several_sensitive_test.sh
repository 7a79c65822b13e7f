#!/usr/bin/env bash
# Several --sensitive columns in train:
#  - frll, defined for a binary protected attribute, refuses a product of
#    columns (exit 2, nothing written) with a message naming the method and
#    what it accepts, before any fitting;
#  - the noisy-group methods, defined for any set of groups, fit on the
#    intersectional groups: the model has one group per combination of the
#    columns, and soft-groups' noise model P(G | G^) has one row and one
#    column per combination, equal to the one the flip rate gives from the
#    group counts computed here.
#   several_sensitive_test.sh TINYFAIR WORK_DIR
set -euo pipefail
tinyfair=$(realpath "$1")
work=$2
rm -rf "$work" && mkdir -p "$work/out"
cd "$work"

fail() {
  echo "FAIL: $*"
  exit 1
}

# Two sensitive columns (2 x 3 groups of unequal sizes) and a label that
# depends on a number and on the group.
python3 - data.csv <<'PY'
import random, sys
random.seed(3)
with open(sys.argv[1], "w") as out:
    out.write("x,sex,origin,y\n")
    for i in range(600):
        x = random.gauss(0, 1)
        sex = "F" if random.random() < 0.4 else "M"
        u = random.random()
        origin = "a" if u < 0.5 else ("b" if u < 0.8 else "c")
        shift = (0.5 if sex == "M" else -0.5) + {"a": 0.3, "b": 0.0, "c": -0.3}[origin]
        y = int(x + shift + random.gauss(0, 1) > 0)
        out.write(f"{x:.4f},{sex},{origin},{y}\n")
PY
labels=(--label y)

# frll refuses two columns, and one column of three categories.
set +e
"$tinyfair" train --data data.csv "${labels[@]}" --sensitive sex,origin --method frll \
  --out out/frll.json 2> frll.err
status=$?
set -e
[ "$status" -eq 2 ] || fail "frll on two columns: exit $status, expected 2"
expected="tinyfair: --method frll (fair robust log loss) is defined for a binary protected attribute: it accepts one --sensitive column of two categories; got 2 columns (sex, origin) forming 6 groups"
[ "$(cat frll.err)" = "$expected" ] || fail "frll on two columns said: $(cat frll.err)"
[ -z "$(ls -A out)" ] || fail "frll on two columns wrote $(ls -A out)"
set +e
"$tinyfair" train --data data.csv "${labels[@]}" --sensitive origin --method frll \
  --out out/frll.json 2> frll.err
status=$?
set -e
[ "$status" -eq 2 ] || fail "frll on three categories: exit $status, expected 2"
expected="tinyfair: --method frll (fair robust log loss) is defined for a binary protected attribute: it accepts one --sensitive column of two categories; got 1 column (origin) forming 3 groups"
[ "$(cat frll.err)" = "$expected" ] || fail "frll on three categories said: $(cat frll.err)"
[ -z "$(ls -A out)" ] || fail "frll on three categories wrote $(ls -A out)"

# soft-groups on the product of the two columns.
"$tinyfair" train --data data.csv "${labels[@]}" --sensitive sex,origin --method soft-groups \
  --constraint eopp --noise-rate 0.2 --iterations 20 --out out/soft.json 2> soft.err ||
  fail "soft-groups on two columns: $(cat soft.err)"
python3 - data.csv out/soft.json soft.err <<'PY' || fail "soft-groups on two columns"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
model = json.load(open(sys.argv[2]))
log = open(sys.argv[3]).read().splitlines()
names = [f"sex={s} & origin={o}" for s in ("F", "M") for o in ("a", "b", "c")]
groups = model["groups"]
assert groups["group_names"] == names, groups["group_names"]
assert len(model["threshold"]["threshold"]) == 6, model["threshold"]
# The flip-rate noise model from the counts of the observed groups:
# P(G^=k | G=j) = 1 - r on the diagonal, r / (m - 1) off it; the true
# marginal solves P(G^) = flip' P(G).
m, r, n = len(names), 0.2, len(rows)
q = [sum(1 for row in rows if f"sex={row['sex']} & origin={row['origin']}" == name) / n
     for name in names]
off = r / (m - 1)
prior = [(qk - off) / (1 - r - off) for qk in q]
flip = lambda j, k: 1 - r if j == k else off
for j, name in enumerate(names):
    line = [l for l in log if l.startswith(f"train: P(G={name} | G^) = ")]
    assert len(line) == 1, (name, log)
    printed = [float(v) for v in line[0].split(" = ")[1].split()]
    expected = [prior[j] * flip(j, k) / sum(prior[i] * flip(i, k) for i in range(m))
                for k in range(m)]
    assert len(printed) == m, printed
    for got, want in zip(printed, expected):
        assert abs(got - want) <= 6e-5, (name, printed, expected)
assert sum(1 for l in log if l.startswith("train: P(G=")) == m, log
PY

# naive constrains the same six observed groups.
"$tinyfair" train --data data.csv "${labels[@]}" --sensitive sex,origin --method naive \
  --constraint eopp --iterations 20 --out out/naive.json 2> naive.err ||
  fail "naive on two columns: $(cat naive.err)"
python3 - out/naive.json <<'PY' || fail "naive on two columns"
import json, sys
model = json.load(open(sys.argv[1]))
assert len(model["groups"]["group_names"]) == 6, model["groups"]
assert len(model["threshold"]["threshold"]) == 6, model["threshold"]
PY
echo "several --sensitive columns: ok"
