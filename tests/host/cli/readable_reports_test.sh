#!/usr/bin/env bash
# What the reports say, read by other tools:
#  - simulate --out: pandas reads the decision log; each row's decimal
#    probability is the float its probability_bits hold, its decision is the
#    positive column in words, its group name the model's name for the group
#    index; the device's ten columns come first and unchanged (parity
#    compares them), and a refused row says why;
#  - evaluate --json: log loss and AUC of the scorer's probability, equal to
#    scikit-learn's on the score_bits of the same decisions, for the logistic
#    scorer (logistic link) and for the fair rule on it (signed logistic
#    link), whose decisions' accuracy stays;
#  - the model hash records carry is the first 16 hex digits of sha256sum of
#    the sealed model file, written one way by export, the decision log and
#    monitor; inspect states the full SHA-256.
#   readable_reports_test.sh TINYFAIR GOLDEN_DIR WORK_DIR
set -euo pipefail
tinyfair=$1 golden=$2 work=$3
# Debian's interpreter, which has python3-pandas and python3-sklearn.
python=${PYTHON:-/usr/bin/python3}
rm -rf "$work" && mkdir -p "$work"

"$tinyfair" export --model "$golden/demo_logistic.json" --out "$work/logistic.pb" \
  --monitor-alpha 0.05 --monitor-tolerance 0.03 2> "$work/export.txt"
"$tinyfair" simulate --model "$work/logistic.pb" --data "$golden/data/test.csv" --seed 3 \
  --out "$work/logistic.csv" --monitor "$work/report.pb" 2> /dev/null
"$tinyfair" simulate --model "$golden/demo_model.pb" --data "$golden/data/test.csv" --seed 3 \
  --out "$work/fair.csv" 2> /dev/null
for model in logistic fair; do
  pb=$work/logistic.pb
  [ "$model" = fair ] && pb=$golden/demo_model.pb
  "$tinyfair" evaluate --model "$pb" --data "$golden/data/test.csv" --label hired --seed 3 \
    --json > "$work/$model.json"
  "$tinyfair" inspect "$pb" > "$work/${model}_inspect.json" 2> "$work/${model}_inspect.txt"
done
"$tinyfair" evaluate --model "$golden/demo_model.pb" --data "$golden/data/test.csv" \
  --label hired --seed 3 > "$work/fair.txt"
# The fair rule's scorer is the logistic one with the signed link (RTO).
grep -q "^log loss [0-9.]*, AUC [0-9.]* (log loss and AUC of the scorer's probability (signed logistic link, p = (s + 1) / 2))$" \
  "$work/fair.txt" || { cat "$work/fair.txt"; echo "FAIL: evaluate's table has no scorer line"; exit 1; }
"$tinyfair" monitor --model "$work/logistic.pb" --report "$work/report.pb" --json > "$work/monitor.json"

# A row without its first (numeric) value is refused by the runtime, and says so.
head -n 3 "$golden/data/test.csv" > "$work/refused_input.csv"
tail -n 1 "$work/refused_input.csv" | sed 's/^[^,]*,/,/' >> "$work/refused_input.csv"
"$tinyfair" simulate --model "$golden/demo_model.pb" --data "$work/refused_input.csv" \
  --out "$work/refused.csv" 2> /dev/null

"$python" - "$work" "$golden/data/test.csv" "$golden/demo_model.pb" <<'PY'
import hashlib, json, struct, sys
import pandas as pd
from sklearn.metrics import log_loss, roc_auc_score

work, test = sys.argv[1], sys.argv[2]
labels = pd.read_csv(test)["hired"].to_numpy()
device_columns = ["model_hash", "status", "group", "score_bits", "probability_bits", "draw",
                  "positive", "member", "value_bits", "counter"]

def bits_to_float(column):
    return column.map(lambda b: struct.unpack(">f", bytes.fromhex(b))[0])

for name in ("logistic", "fair"):
    log = pd.read_csv(f"{work}/{name}.csv", dtype=str, keep_default_na=False)
    assert list(log.columns) == device_columns + ["probability", "decision", "group_name"], \
        list(log.columns)
    assert len(log) == len(labels)
    # %.9g reads back as the very float the bits hold.
    decimal = log["probability"].astype(float).astype("float32")
    exact = bits_to_float(log["probability_bits"]).astype("float32")
    assert (decimal.to_numpy() == exact.to_numpy()).all(), name
    assert ((log["decision"] == "positive") == (log["positive"] == "1")).all(), name
    assert set(log["decision"]) <= {"positive", "negative"}, set(log["decision"])
    inspect = json.load(open(f"{work}/{name}_inspect.json"))
    names = inspect["groups"]["group_names"]
    assert (log["group_name"] == log["group"].map(lambda g: names[int(g, 16)])).all(), name
    assert set(log["group_name"]) == {"group=a", "group=b"}, set(log["group_name"])
    # The hash: the sealed file's SHA-256 prefix, computed here, in the log,
    # in inspect and (below) in export and monitor; never the content_hash.
    pb = f"{work}/logistic.pb" if name == "logistic" else sys.argv[3]
    sha256 = hashlib.sha256(open(pb, "rb").read()).hexdigest()
    assert (log["model_hash"] == sha256[:16]).all(), (sha256, name)
    assert sha256[:16] != inspect["content_hash"], name
    assert f"sha256 {sha256} (records: model_hash {sha256[:16]})" in \
        open(f"{work}/{name}_inspect.txt").read(), name

    # evaluate's scorer metrics against scikit-learn's on the logged scores.
    report = json.load(open(f"{work}/{name}.json"))
    score = bits_to_float(log["score_bits"]).astype(float).to_numpy()
    signed = "signed logistic link" in report["scores"]
    assert signed == (name == "fair"), report["scores"]
    p = (score + 1.0) / 2.0 if signed else score
    want_loss = log_loss(labels, p, labels=[0, 1])
    want_auc = roc_auc_score(labels, p)
    print(f"{name}: log loss {report['log_loss']:.6f} (sklearn {want_loss:.6f}), "
          f"AUC {report['auc']:.6f} (sklearn {want_auc:.6f}), accuracy {report['accuracy']:.4f}")
    assert abs(report["log_loss"] - want_loss) < 2e-6, (report["log_loss"], want_loss)
    assert abs(report["auc"] - want_auc) < 2e-6, (report["auc"], want_auc)
    assert "logistic link" in report["scores"], report["scores"]
    # The decisions' accuracy stays what the device did.
    accuracy = ((log["positive"] == "1").astype(int).to_numpy() == labels).mean()
    assert abs(report["accuracy"] - accuracy) < 1e-6, (report["accuracy"], accuracy)

logistic_hash = hashlib.sha256(open(f"{work}/logistic.pb", "rb").read()).hexdigest()[:16]
assert f"model_hash {logistic_hash}," in open(f"{work}/export.txt").read()
assert json.load(open(f"{work}/monitor.json"))["model_hash"] == logistic_hash

refused = pd.read_csv(f"{work}/refused.csv", dtype=str, keep_default_na=False)
assert len(refused) == 3 and refused["decision"].iloc[0] in ("positive", "negative")
assert refused["decision"].iloc[-1].startswith("refused:"), refused["decision"].iloc[-1]
assert refused["group_name"].iloc[-1] == "", refused["group_name"].iloc[-1]
print("readable reports: ok")
PY
