#!/usr/bin/env bash
# tinyfair postprocess --stream --method hardt-dp | hardt-eo against the
# in-memory fit on the same file. The scorer reads one categorical column,
# so its scores take a few values, each in a histogram cell of its own
# (checked on the scores simulate logs): there the streamed fit's operating
# points are the in-memory fit's, and the two models and their decisions are
# the same; the note states an accuracy bound of 0. Hardt without --label is
# refused.
set -euo pipefail
tinyfair=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
python3 - "$work" <<'PY'
import random, sys
random.seed(11)
for name, rows in (("train", 4000), ("fit", 9000)):
    with open(f"{sys.argv[1]}/{name}.csv", "w") as out:
        out.write("group,level,hired\n")
        for _ in range(rows):
            group = random.choice("ab")
            level = random.randrange(6)
            rate = 0.1 + 0.13 * level + (0.1 if group == "a" else 0.0)
            out.write(f"{group},L{level},{'yes' if random.random() < rate else 'no'}\n")
PY
label=(--label hired --positive yes)
"$tinyfair" train --data "$work/train.csv" "${label[@]}" --sensitive group \
  --out "$work/scorer.json" 2>/dev/null
for method in hardt-dp hardt-eo; do
  echo "$method:"
  "$tinyfair" postprocess --model "$work/scorer.json" --data "$work/fit.csv" "${label[@]}" \
    --method "$method" --out "$work/memory.json" 2>/dev/null
  "$tinyfair" postprocess --model "$work/scorer.json" --data "$work/fit.csv" "${label[@]}" \
    --method "$method" --stream --out "$work/streamed.json" 2> "$work/streamed.log"
  grep -q "postprocess: streamed, 9000 rows read; fitting accuracy within 0 of the fit" \
    "$work/streamed.log"
  for model in memory streamed; do
    "$tinyfair" simulate --model "$work/$model.json" --data "$work/fit.csv" --seed 5 \
      --out "$work/$model.csv" 2>/dev/null
  done
  # Every decision the same; the model hash (first column) covers the
  # provenance, which says how the model was fitted.
  cmp <(cut -d, -f2- "$work/memory.csv") <(cut -d, -f2- "$work/streamed.csv")
  python3 - "$work" "$method" <<'PY'
import csv, json, struct, sys
work, method = sys.argv[1:3]
memory, streamed = (json.load(open(f"{work}/{m}.json")) for m in ("memory", "streamed"))
fitted_as = f"postprocess: {method}, streamed, data "
assert fitted_as in streamed.pop("provenance") and fitted_as not in memory.pop("provenance")
assert memory == streamed, "the streamed model differs from the in-memory one"
# The premise: per group, no two distinct scores share one of the 2^16 cells.
cells = {}
with open(f"{work}/memory.csv") as log:
    for row in csv.DictReader(log):
        score = struct.unpack("<f", struct.pack("<I", int(row["score_bits"], 16)))[0]
        cell = min(65535, int((score + 1.0) / 2.0 * 65536))
        cells.setdefault((row["group"], cell), set()).add(score)
assert len(cells) >= 4 and all(len(s) == 1 for s in cells.values()), cells
print(f"  {len(cells)} occupied cells, one score value each; same model, same decisions")
PY
done

echo "hardt --stream needs the label"
status=0
"$tinyfair" postprocess --model "$work/scorer.json" --data "$work/fit.csv" --method hardt-eo \
  --stream --out "$work/bad.json" 2> "$work/bad.log" || status=$?
cat "$work/bad.log"
[ "$status" -ne 0 ] && grep -q -- "needs --label" "$work/bad.log" && [ ! -e "$work/bad.json" ]
echo "ok"
