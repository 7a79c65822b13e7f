"""One split of the FRLL reproduction, or the report over all of them.

    python3 bench/frll/reproduce.py split TINYFAIR DATA_DIR WORK DATASET SEED
    python3 bench/frll/reproduce.py report WORK DOCS SPLITS

`split` runs every method on one seeded 70/30 split of one dataset through
the `tinyfair` CLI and writes WORK/DATASET/splitSEED/results.json (nothing
if any step fails). `report` reads every results.json and writes the tables (WORK/table.md,
WORK/timing.md) and the figure's data (WORK/figure4.dat).

Python only drives the CLI and computes one number the CLI does not print:
the validation log loss of logistic regression's probability (the `score`
of its decision log), used to choose its l2.
"""
import csv
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import time

L2_GRID = [0.001, 0.005, 0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5]
EPSILONS = [0.001, 0.01, 0.1]
DATASETS = {
    "adult": {"label": ["--label", "Y", "--positive", ">50K"], "sensitive": "sex"},
    "compas": {"label": ["--label", "two_year_recid"], "sensitive": "race"},
    "law": {"label": ["--label", "first_pf"], "sensitive": "race"},
}
# Figure 4's rows: the methods compared under each criterion.
CRITERIA = {
    "dp": ["logistic", "frll-dp"] + [f"reduction-dp-{e}" for e in EPSILONS] + ["reweighing"],
    "eodds": ["logistic", "frll-eodds"] + [f"reduction-eodds-{e}" for e in EPSILONS]
    + ["hardt-eo"],
}


def run(args, log):
    with open(log, "a") as f:
        f.write("$ " + " ".join(args) + "\n")
        f.flush()
        result = subprocess.run(args, stdout=subprocess.PIPE, stderr=f, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(args[:3])} failed ({result.returncode}); see {log}")
    return result.stdout


def labels_of(csv_path, dataset):
    """The 0/1 labels of a CSV in row order."""
    spec = DATASETS[dataset]["label"]
    column = spec[1]
    positive = spec[3].split(",") if len(spec) > 2 else ["1"]
    with open(csv_path) as f:
        return [1 if r[column].strip() in positive else 0 for r in csv.DictReader(f)]


def score_log_loss(decision_log, labels):
    total = 0.0
    with open(decision_log) as f:
        next(f)
        for line, y in zip(f, labels):
            bits = line.split(",")[3]
            p = struct.unpack(">f", bytes.fromhex(bits))[0]
            p = min(max(p, 1e-15), 1 - 1e-15)
            total -= math.log(p if y == 1 else 1 - p)
    return total / len(labels)


def thresholded(decision_log, labels):
    """Error and gaps of the runtime's probabilities thresholded at 1/2 (the
    released code's accuracy measure; p = 1/2 decides 0), from the decision
    log's probability and group columns."""
    decided, groups = [], []
    with open(decision_log) as f:
        next(f)
        for line in f:
            fields = line.split(",")
            p = struct.unpack(">f", bytes.fromhex(fields[4]))[0]
            decided.append(1 if p > 0.5 else 0)
            groups.append(int(fields[2], 16))

    def rate(keep):
        chosen = [d for d, k in zip(decided, keep) if k]
        return sum(chosen) / len(chosen)

    def gap(label=None):
        by = [[g == a and (label is None or y == label) for g, y in zip(groups, labels)]
              for a in (0, 1)]
        return abs(rate(by[1]) - rate(by[0]))

    return {"threshold_error": sum(d != y for d, y in zip(decided, labels)) / len(labels),
            "threshold_dp": gap(), "threshold_eodds": gap(0) + gap(1)}


def split(tf, data_dir, work, dataset, seed):
    seed = int(seed)
    out = os.path.join(work, dataset, f"split{seed}")
    tmp = out + ".running"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    log = os.path.join(tmp, "log.txt")
    spec = DATASETS[dataset]
    label, sensitive = spec["label"], ["--sensitive", spec["sensitive"]]
    run([tf, "split", "--data", os.path.join(data_dir, dataset + ".csv"), "--seed", str(seed),
         "--parts", "train=0.7,test=0.3", "--out-dir", tmp], log)
    train, test = os.path.join(tmp, "train.csv"), os.path.join(tmp, "test.csv")
    # The validation part of the training part chooses l2.
    run([tf, "split", "--data", train, "--seed", str(1000 + seed), "--parts",
         "fit=0.8,validation=0.2", "--out-dir", tmp], log)
    fit, validation = os.path.join(tmp, "fit.csv"), os.path.join(tmp, "validation.csv")
    validation_labels = labels_of(validation, dataset)
    test_labels = labels_of(test, dataset)

    def train_args(method, data, l2, model, extra=()):
        return ([tf, "train", "--method", method, "--data", data] + label + sensitive +
                ["--use-sensitive", "--l2", str(l2), "--out", model] + list(extra))

    def evaluate(model, data):
        return json.loads(run([tf, "evaluate", "--model", model, "--data", data] + label +
                              ["--seed", str(seed), "--json"], log))

    chosen, selection = {}, {}
    for name, method, extra in [("logistic", "logistic", []),
                                ("frll-dp", "frll", ["--constraint", "dp"]),
                                ("frll-eodds", "frll", ["--constraint", "eodds"])]:
        losses = []
        for l2 in L2_GRID:
            model = os.path.join(tmp, f"select_{name}_{l2}.json")
            run(train_args(method, fit, l2, model, extra), log)
            if method == "logistic":
                decisions = os.path.join(tmp, f"select_{name}_{l2}.csv")
                run([tf, "simulate", "--model", model, "--data", validation, "--out",
                     decisions], log)
                losses.append(score_log_loss(decisions, validation_labels))
            else:
                losses.append(evaluate(model, validation)["decision_log_loss"])
        chosen[name] = L2_GRID[losses.index(min(losses))]
        selection[name] = dict(zip(map(str, L2_GRID), losses))

    results = {}

    def final(name, args, l2):
        model = os.path.join(tmp, name + ".json")
        start = time.monotonic()
        run(args(model), log)
        trained = time.monotonic()
        report = evaluate(model, test)
        tested = time.monotonic()
        decisions = os.path.join(tmp, name + "_test.csv")
        run([tf, "simulate", "--model", model, "--data", test, "--seed", str(seed), "--out",
             decisions], log)
        results[name] = {
            **thresholded(decisions, test_labels),
            "l2": l2, "train_seconds": trained - start, "test_seconds": tested - trained,
            "error": 1 - report["accuracy"], "expected_error": 1 - report["expected_accuracy"],
            "dp": report["dp_gap"], "expected_dp": report["expected_dp_gap"],
            "eodds": report["eo_gap"], "expected_eodds": report["expected_eo_gap"],
        }

    lr_l2 = chosen["logistic"]
    final("logistic", lambda m: train_args("logistic", train, lr_l2, m), lr_l2)
    for c in ("dp", "eodds"):
        l2 = chosen["frll-" + c]
        final("frll-" + c, lambda m: train_args("frll", train, l2, m, ["--constraint", c]), l2)
        for e in EPSILONS:
            final(f"reduction-{c}-{e}", lambda m: train_args(
                "reduction", train, lr_l2, m, ["--constraint", c, "--epsilon", str(e)]), lr_l2)
    final("reweighing", lambda m: train_args("logistic", train, lr_l2, m, ["--reweigh"]), lr_l2)
    logistic_model = os.path.join(tmp, "logistic.json")
    final("hardt-eo", lambda m: [tf, "postprocess", "--model", logistic_model, "--data", train]
          + label + ["--method", "hardt-eo", "--out", m], lr_l2)
    with open(os.path.join(tmp, "results.json"), "w") as f:
        json.dump({"dataset": dataset, "seed": seed, "chosen_l2": chosen,
                   "validation_log_loss": selection, "methods": results}, f, indent=1)
    # Keep the log and results; the split's CSV files and models are large.
    for name in os.listdir(tmp):
        if name not in ("results.json", "log.txt"):
            os.remove(os.path.join(tmp, name))
    shutil.rmtree(out, ignore_errors=True)
    os.rename(tmp, out)


def mean_sd(values):
    m = sum(values) / len(values)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else 0
    return m, sd


def load_runs(work, dataset, splits):
    runs = []
    for seed in range(1, splits + 1):
        path = os.path.join(work, dataset, f"split{seed}", "results.json")
        if os.path.exists(path):
            with open(path) as f:
                runs.append(json.load(f))
    return runs


def pareto(points):
    """The names whose (error, violation) no other point beats on both."""
    front = []
    for name, (e, v) in points.items():
        if not any(e2 <= e and v2 <= v and (e2, v2) != (e, v) for e2, v2 in points.values()):
            front.append(name)
    return front


def report(work, docs, splits):
    splits = int(splits)
    header = ("| method | error (expected) | violation (expected) | error (sampled) "
              "| violation (sampled) | error (thresholded) | violation (thresholded) "
              "| l2 |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n")
    out, figure, notes = [], [], []
    for dataset in DATASETS:
        runs = load_runs(work, dataset, splits)
        for criterion, methods in CRITERIA.items():
            out.append(f"\n**{dataset}, {criterion}** ({len(runs)} splits)\n\n" + header)
            points, mixed = {}, {}
            for method in methods:
                if not runs:
                    continue
                cells, means = [method], {}
                for key in ("expected_error", "expected_" + criterion, "error", criterion,
                            "threshold_error", "threshold_" + criterion):
                    m, sd = mean_sd([r["methods"][method][key] for r in runs])
                    means[key] = (m, sd)
                    cells.append(f"{m:.4f} ± {sd:.4f}")
                l2s = sorted({r["methods"][method]["l2"] for r in runs})
                cells.append(", ".join(f"{v:g}" for v in l2s))
                out.append("| " + " | ".join(cells) + " |\n")
                points[method] = (means["expected_error"][0], means["expected_" + criterion][0])
                mixed[method] = (means["threshold_error"][0], means["expected_" + criterion][0])
                figure.append((dataset, criterion, method, means))
            if points:
                notes.append(f"- {dataset}, {criterion}: Pareto front of the means, expected "
                             f"error and violation: {', '.join(pareto(points))}; thresholded "
                             f"error and expected violation (the released code's measures): "
                             f"{', '.join(pareto(mixed))}")
            figure.append((dataset, criterion, None, None))
    with open(os.path.join(work, "table.md"), "w") as f:
        f.write("".join(out) + "\n" + "\n".join(notes) + "\n")
    # One data block per (dataset, criterion), in figure4.gp's panel order:
    # method index, violation, error and their standard deviations.
    with open(os.path.join(work, "figure4.dat"), "w") as f:
        for dataset, criterion, method, means in figure:
            if method is None:
                f.write("\n\n")
                continue
            ex, sx = means["expected_" + criterion]
            ey, sy = means["expected_error"]
            index = CRITERIA[criterion].index(method)
            f.write(f"{index} {ex:.6f} {ey:.6f} {sx:.6f} {sy:.6f} {method}\n")
    timing = [r["methods"] for r in load_runs(work, "adult", splits)]
    with open(os.path.join(work, "timing.md"), "w") as f:
        f.write("| method | train + test (s) |\n| --- | --- |\n")
        for method in CRITERIA["dp"] + CRITERIA["eodds"][1:]:
            if timing:
                m, sd = mean_sd([t[method]["train_seconds"] + t[method]["test_seconds"]
                                 for t in timing])
                f.write(f"| {method} | {m:.2f} ± {sd:.2f} |\n")


if __name__ == "__main__":
    if sys.argv[1] == "split":
        split(*sys.argv[2:7])
    else:
        report(*sys.argv[2:5])
