#!/usr/bin/env bash
# Adult (../shared/datasets/adult) on five random splits, not stratified:
# rare categories (native-country 'Holand-Netherlands' has one row) land in
# one part only. Every step must run. A model trained with
# --min-category-count decides every test row, the values it does not list
# as its '(other)' category (counted per column); a model trained without it
# has the device refuse exactly those rows (unknown_category), counted.
# Skips (77) when the dataset is absent.
set -euo pipefail
tinyfair=$1 data=$2 work=$3
if [ ! -f "$data/adult.data" ]; then
  echo "SKIP: Adult not found in $data (see ../shared/datasets/README.md)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
label=(--label Y --positive '>50K,>50K.')
# Rows holding a value of `column` in test.csv that train.csv does not hold
# at least `min` times, counted independently of the tool.
unlisted_rows() {
  python3 - "$1" "$2" "$3" <<'PY'
import csv, sys, collections
dir, min_count, total = sys.argv[1], int(sys.argv[2]), 0
# Adult writes ", " between fields; tinyfair reads past the space.
train = list(csv.DictReader(open(f"{dir}/train.csv", newline=""), skipinitialspace=True))
test = list(csv.DictReader(open(f"{dir}/test.csv", newline=""), skipinitialspace=True))
for column in sys.argv[3].split(","):
    counts = collections.Counter(row[column] for row in train)
    total += sum(1 for row in test if counts[row[column]] < max(min_count, 1))
print(total)
PY
}
categorical=workclass,education,marital-status,occupation,relationship,race,native-country
decided_as_other=0
for seed in 1 2 3 4 5; do
  dir=$work/$seed
  "$tinyfair" split --data "$data/adult.data" --parts train=0.5,fit=0.2,validation=0.1,test=0.2 \
    --seed "$seed" --out-dir "$dir" 2> /dev/null
  for policy in off 10; do
    options=()
    [ "$policy" = off ] || options=(--min-category-count "$policy")
    "$tinyfair" train --data "$dir/train.csv" "${label[@]}" --sensitive sex "${options[@]}" \
      --out "$dir/$policy.json" 2> "$dir/$policy.train.txt"
    "$tinyfair" postprocess --model "$dir/$policy.json" --data "$dir/fit.csv" "${label[@]}" \
      --validation "$dir/validation.csv" --out "$dir/$policy.fair.json" 2> "$dir/$policy.post.txt"
    "$tinyfair" export --model "$dir/$policy.fair.json" --out "$dir/$policy.pb" 2> /dev/null
    "$tinyfair" evaluate --model "$dir/$policy.pb" --data "$dir/test.csv" "${label[@]}" \
      > "$dir/$policy.eval.txt" 2> "$dir/$policy.eval.err"
    rows=$(wc -l < "$dir/test.csv")
    rows=$((rows - 1))
    expected=$(unlisted_rows "$dir" "$([ "$policy" = off ] && echo 1 || echo "$policy")" "$categorical")
    if [ "$policy" = off ]; then
      decided=$((rows - expected))
      refused_line="refused (unknown_category): $expected"
      if [ "$expected" -gt 0 ] && ! grep -Fxq "$refused_line" "$dir/$policy.eval.txt"; then
        echo "seed $seed: no line '$refused_line':" && cat "$dir/$policy.eval.txt" && exit 1
      fi
    else
      decided=$rows
      decided_as_other=$((decided_as_other + expected))
    fi
    grep -Fxq "rows $rows, decided $decided" "$dir/$policy.eval.txt" || {
      echo "seed $seed, --min-category-count $policy: expected $decided of $rows rows decided:"
      cat "$dir/$policy.eval.txt" "$dir/$policy.eval.err"
      exit 1
    }
    echo "seed $seed, --min-category-count $policy: $decided of $rows test rows decided," \
      "$expected with a value the model does not list"
    sed -n 's/^evaluate: [^:]*: column /  column /p' "$dir/$policy.eval.err"
  done
done
# The splits must meet unlisted values, or this test shows nothing.
[ "$decided_as_other" -gt 0 ] || { echo "no test row needed the '(other)' category"; exit 1; }
