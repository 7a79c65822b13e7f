#!/usr/bin/env bash
# Adult (../shared/datasets/adult), protected sex: debias-data (max-entropy,
# prior q_C^w with C = 0.5, tau = 1, theta^w) -> train (logistic) -> evaluate
# on the real test file discretised with the same schema -> export ->
# simulate. Checks the fairness of the learned distribution and of the
# sample, the downstream model against one trained on the raw data, the
# seeded reproducibility, and refusals of bad input. Skips (77) when the
# dataset is absent.
set -euo pipefail
tinyfair=$1 data=$2 work=$3
if [ ! -f "$data/adult.data" ] || [ ! -f "$data/adult.test" ]; then
  echo "SKIP: Adult not found in $data (see ../shared/datasets/README.md)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
schema=(--label Y --positive '>50K,>50K.' --protected sex --categorical race
        --bins age=20,30,40,50,60,70 --bins education-num=6,7,8,9,10,11,12,13)
"$tinyfair" debias-data --data "$data/adult.data" "${schema[@]}" --rows 10000 --seed 5 \
  --out "$work/synthetic.csv" --params-out "$work/maxent.json" --report-out "$work/report.json" \
  --discretize "$data/adult.test" --discretized-out "$work/test.csv"
# The raw training data on the same schema, for the baseline model.
"$tinyfair" debias-data --data "$data/adult.data" "${schema[@]}" --rows 10 \
  --out "$work/unused.csv" --report-out "$work/unused.json" \
  --discretize "$data/adult.data" --discretized-out "$work/train_raw.csv"

"$tinyfair" train --data "$work/synthetic.csv" --label Y --sensitive sex --use-sensitive \
  --out "$work/debiased.json"
"$tinyfair" train --data "$work/train_raw.csv" --label Y --sensitive sex --use-sensitive \
  --out "$work/raw.json"
"$tinyfair" evaluate --model "$work/debiased.json" --data "$work/test.csv" --label Y --json \
  > "$work/debiased_eval.json"
"$tinyfair" evaluate --model "$work/raw.json" --data "$work/test.csv" --label Y --json \
  > "$work/raw_eval.json"
"$tinyfair" export --model "$work/debiased.json" --out "$work/debiased.pb"
"$tinyfair" simulate --model "$work/debiased.pb" --data "$work/test.csv" --seed 1 \
  --out "$work/decisions.csv"
test "$(wc -l < "$work/decisions.csv")" -eq "$(wc -l < "$work/test.csv")"

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
report = json.load(open(f"{work}/report.json"))
params = json.load(open(f"{work}/maxent.json"))
debiased = json.load(open(f"{work}/debiased_eval.json"))
raw = json.load(open(f"{work}/raw_eval.json"))
exact, sample, data = report["maxent_exact"], report["synthetic"], report["raw"]
print(f"data:      RR {data['representation_rate']:.3f}  SR {data['statistical_rate']:.3f}")
print(f"max-ent:   RR {exact['representation_rate']:.3f}  SR {exact['statistical_rate']:.3f}"
      f"  (feasibility {report['feasibility']:.1e}, {report['iterations']} iterations)")
print(f"synthetic: RR {sample['representation_rate']:.3f}  SR {sample['statistical_rate']:.3f}"
      f"  KL to data {report['kl_synthetic_to_data']:.3f}")
print(f"logistic on raw:       accuracy {raw['accuracy']:.4f}  dp gap {raw['dp_gap']:.4f}")
print(f"logistic on synthetic: accuracy {debiased['accuracy']:.4f}  dp gap {debiased['dp_gap']:.4f}")
checks = {
    "converged": report["status"] == "converged" and report["feasibility"] <= 1e-8,
    "data is biased": data["statistical_rate"] < 0.4 and data["representation_rate"] < 0.55,
    "exact RR = 1 (theta^w, tau = 1)": abs(exact["representation_rate"] - 1) < 1e-8,
    "exact SR >= 0.97": exact["statistical_rate"] >= 0.97,
    # 10,000 draws: a share is within 0.02 of 1/2 with overwhelming probability.
    "sample RR >= 0.92": sample["representation_rate"] >= 0.92,
    "sample SR >= 0.9": sample["statistical_rate"] >= 0.9,
    "gauge-fixed lambda": len(params["lambda"]) == report["dimension"],
    "closer to the data than the prior": report["kl_maxent_to_data"] < 1.0,
    "accuracy loss <= 0.06": debiased["accuracy"] >= raw["accuracy"] - 0.06,
    "dp gap halved": debiased["dp_gap"] <= raw["dp_gap"] / 2,
}
failed = [name for name, ok in checks.items() if not ok]
print("failed:", failed if failed else "none")
sys.exit(1 if failed else 0)
PY

# Same seed, same sample; another seed, another sample.
"$tinyfair" debias-data --data "$data/adult.data" "${schema[@]}" --rows 10000 --seed 5 \
  --out "$work/again.csv" --report-out "$work/again.json"
cmp "$work/synthetic.csv" "$work/again.csv"
"$tinyfair" debias-data --data "$data/adult.data" "${schema[@]}" --rows 10000 --seed 6 \
  --out "$work/other.csv" --report-out "$work/other.json"
! cmp -s "$work/synthetic.csv" "$work/other.csv"

# Bad input: exit 2, a message, nothing written.
expect_refusal() {
  local pattern=$1; shift
  set +e
  "$tinyfair" debias-data "$@" --out "$work/refused.csv" 2> "$work/refusal.txt"
  local status=$?
  set -e
  cat "$work/refusal.txt"
  test "$status" -eq 2 && grep -q "$pattern" "$work/refusal.txt" && test ! -e "$work/refused.csv"
}
expect_refusal "exactly two values" --data "$data/adult.data" --label Y --positive '>50K' \
  --protected race --categorical sex
printf 'age,education-num,race,sex,Y\n30,9,White,Male,<=50K\n41,12,Martian,Female,>50K\n' \
  > "$work/unseen.csv"
expect_refusal "unseen.csv:3:3: value 'Martian'" --data "$data/adult.data" "${schema[@]}" \
  --discretize "$work/unseen.csv" --discretized-out "$work/refused_test.csv"
test ! -e "$work/refused_test.csv"
expect_refusal "never takes the value" --data "$data/adult.data" --label Y --positive '>50K' \
  --protected sex --bins age=10,20
expect_refusal "must be in" --data "$data/adult.data" "${schema[@]}" --tau 0
echo "maxent pipeline: ok"
