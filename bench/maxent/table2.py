#!/usr/bin/env python3
"""Table 2 of Celis, Keswani, Vishnoi (ICML 2020) on COMPAS small (protected sex, then race)
and Adult (protected sex), with the protocol of the spec (section 6.3):

  5 contiguous folds; per fold, every method builds a distribution from the 4 training folds,
  draws 10,000 samples, repeated R times (the paper: 100); data SR and RR of each sample, KL
  divergence of the sample's empirical distribution to the whole data set's (1e-7 added to
  every cell of the domain, both renormalised); a decision tree (scikit-learn,
  random_state=0, the paper's downstream classifier) trained on the sample and evaluated on
  the held-out fold: accuracy and statistical rate of its hard predictions (the paper's
  definition) and of its soft scores (the authors' code). Mean over all runs; spread = std
  across folds of the per-fold means.

  Methods: raw training data; the prior q_C^w alone (`debias-data --theta prior`, so
  lambda* = 0); max-ent with q_C^w and theta^w; max-ent with q_C^w and theta^b (all with
  `tinyfair debias-data`, C = 0.5, tau = 1); reweighing for statistical parity (Kamiran &
  Calders, weights P(y)P(z)/P(y,z)) and for representation parity (King & Zeng, weights
  1/P(z)), both sampled from the weighted training rows. Also, for the product path, the
  tinyfair logistic regression (`tinyfair train` + `tinyfair evaluate`) trained on the first
  sample of each fold.

usage: table2.py TINYFAIR PREPARED_DIR WORK_DIR OUT_JSON [REPETITIONS]
"""
import csv
import json
import os
import subprocess
import sys
import time

import numpy as np
from sklearn.tree import DecisionTreeClassifier

SAMPLES = 10000
C, TAU = 0.5, 1.0

COMPAS_COLUMNS = ["--categorical", "age_cat,c_charge_degree", "--bins", "priors_count=1,4"]
EXPERIMENTS = {
    # The paper's statistical rates of COMPAS are those of two_year_recid = 1 (raw data: 0.73
    # for sex, 0.76 for race; for two_year_recid = 0 they would be 0.79 and 0.78).
    "compas_sex": dict(file="compas_small.csv", label="two_year_recid", positive="1",
                       protected="sex", zero="Male",
                       columns=COMPAS_COLUMNS + ["--categorical", "race"]),
    "compas_race": dict(file="compas_small.csv", label="two_year_recid", positive="1",
                        protected="race", zero="African-American",
                        columns=COMPAS_COLUMNS + ["--categorical", "sex"]),
    "adult_sex": dict(file="adult.csv", label="Y", positive="1", protected="sex", zero="Female",
                      columns=["--categorical", "race", "--bins", "age=20,30,40,50,60,70",
                               "--bins", "education-num=6,7,8,9,10,11,12,13"]),
}
MAXENT = {"prior": ["--theta", "prior"], "me_w": ["--theta", "w"], "me_b": ["--theta", "b"]}
METHODS = ["raw", "prior", "me_w", "me_b", "kamiran_calders", "king_zeng"]


def read_csv(path):
    with open(path, newline="") as f:
        r = csv.reader(f)
        header = next(r)
        return header, [row for row in r]


def write_csv(path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def run(cmd):
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True).stdout


class Encoding:
    """Cells (text) -> value indices, with the value sets of the whole discretised data."""

    def __init__(self, header, rows, label, protected, zero):
        self.header = header
        self.values = [sorted({r[c] for r in rows}) for c in range(len(header))]
        self.label = header.index(label)
        self.protected = header.index(protected)
        z = self.values[self.protected]
        self.values[self.protected] = [zero] + [v for v in z if v != zero]
        self.index = [{v: i for i, v in enumerate(vals)} for vals in self.values]
        self.radix = np.array([len(v) for v in self.values])
        self.cells = int(np.prod(self.radix))

    def encode(self, rows):
        return np.array([[self.index[c][row[c]] for c in range(len(row))] for row in rows],
                        dtype=np.int64)

    def cell_ids(self, points):
        ids = np.zeros(len(points), dtype=np.int64)
        for c in range(points.shape[1]):
            ids = ids * self.radix[c] + points[:, c]
        return ids

    def features(self, points):
        cols = []
        for c in range(points.shape[1]):
            if c == self.label:
                continue
            k = self.radix[c]
            if k == 2:
                cols.append(points[:, c:c + 1].astype(float))
            else:
                cols.append(np.eye(k)[points[:, c]])
        return np.hstack(cols)


def rates(z, y):
    share = np.array([np.mean(z == 0), np.mean(z == 1)])
    rr = share.min() / share.max() if share.max() > 0 else 0.0
    pos = np.array([y[z == g].mean() if np.any(z == g) else np.nan for g in (0, 1)])
    sr = 1.0 if pos.max() == 0 else pos.min() / pos.max()
    return sr, rr


def kl(enc, points, reference_freq):
    freq = np.bincount(enc.cell_ids(points), minlength=enc.cells) / len(points)
    s = (freq + 1e-7) / (1 + 1e-7 * enc.cells)
    return float(np.sum(s * np.log(s / reference_freq)))


def evaluate_sample(enc, points, test, reference_freq):
    z, y = points[:, enc.protected], points[:, enc.label]
    data_sr, data_rr = rates(z, y)
    tree = DecisionTreeClassifier(random_state=0).fit(enc.features(points), y)
    x_test, y_test, z_test = enc.features(test), test[:, enc.label], test[:, enc.protected]
    predicted = tree.predict(x_test)
    proba = tree.predict_proba(x_test)
    soft = proba[:, list(tree.classes_).index(1)] if 1 in tree.classes_ else np.zeros(len(test))
    hard_sr, _ = rates(z_test, predicted)
    soft_rates = [soft[z_test == g].mean() for g in (0, 1)]
    soft_sr = min(soft_rates) / max(soft_rates) if max(soft_rates) > 0 else 1.0
    return dict(data_sr=data_sr, data_rr=data_rr, kl=kl(enc, points, reference_freq),
                clf_sr=hard_sr, clf_sr_soft=soft_sr,
                clf_accuracy=float(np.mean(predicted == y_test)))


def tinyfair_logistic(tinyfair, work, enc, header, sample_rows, test_csv, protected):
    train_csv = os.path.join(work, "logistic_train.csv")
    write_csv(train_csv, header, sample_rows)
    model = os.path.join(work, "logistic.json")
    run([tinyfair, "train", "--data", train_csv, "--label", header[enc.label], "--sensitive",
         protected, "--use-sensitive", "--out", model])
    report = json.loads(run([tinyfair, "evaluate", "--model", model, "--data", test_csv,
                             "--label", header[enc.label], "--json"]))
    return report["accuracy"], report["dp_gap"]


def experiment(tinyfair, prepared, work, name, spec, repetitions):
    os.makedirs(work, exist_ok=True)
    data_path = os.path.join(prepared, spec["file"])
    schema = ["--label", spec["label"], "--positive", spec["positive"], "--protected",
              spec["protected"], "--protected-zero", spec["zero"]] + spec["columns"]
    # The whole data set discretised with the tool's schema (the KL reference, the folds).
    full_disc = os.path.join(work, "full.csv")
    run([tinyfair, "debias-data", "--data", data_path] + schema +
        ["--rows", "1", "--out", os.path.join(work, "unused.csv"), "--report-out",
         os.path.join(work, "unused.json"), "--discretize", data_path, "--discretized-out",
         full_disc])
    header, full_rows = read_csv(full_disc)
    enc = Encoding(header, full_rows, spec["label"], spec["protected"], spec["zero"])
    full = enc.encode(full_rows)
    full_freq = np.bincount(enc.cell_ids(full), minlength=enc.cells) / len(full)
    reference_freq = (full_freq + 1e-7) / (1 + 1e-7 * enc.cells)
    _, raw_rows = read_csv(data_path)
    raw_header = read_csv(data_path)[0]
    n = len(full)
    fold = n // 5
    results = {m: [] for m in METHODS}  # per fold: list of per-run dicts
    extra = {m: [] for m in METHODS}    # per fold: runtime, logistic accuracy and dp gap
    rng = np.random.default_rng(2020)
    for k in range(5):
        lo, hi = k * fold, (n if k == 4 else (k + 1) * fold)
        train_idx = np.r_[0:lo, hi:n]
        train, test = full[train_idx], full[lo:hi]
        fold_dir = os.path.join(work, f"fold{k}")
        os.makedirs(fold_dir, exist_ok=True)
        train_csv = os.path.join(fold_dir, "train.csv")
        test_csv = os.path.join(fold_dir, "test.csv")
        write_csv(train_csv, raw_header, [raw_rows[i] for i in train_idx])
        write_csv(test_csv, header, full_rows[lo:hi])
        print(f"{name} fold {k}: {len(train)} training rows", file=sys.stderr, flush=True)

        results["raw"].append([evaluate_sample(enc, train, test, reference_freq)])
        extra["raw"].append(dict(zip(("logistic_accuracy", "logistic_dp_gap"), tinyfair_logistic(
            tinyfair, fold_dir, enc, header, [full_rows[i] for i in train_idx], test_csv,
            spec["protected"]))))

        for method, options in MAXENT.items():
            out = os.path.join(fold_dir, f"{method}.csv")
            report = os.path.join(fold_dir, f"{method}.json")
            # Timing: one fit + 10,000 samples, as one run of the paper.
            start = time.perf_counter()
            run([tinyfair, "debias-data", "--data", train_csv] + schema + options +
                ["--prior-weight", str(C), "--tau", str(TAU), "--rows", str(SAMPLES),
                 "--seed", "1", "--out", out, "--report-out", report])
            seconds = time.perf_counter() - start
            # R independent samples of 10,000 = one i.i.d. sample of R x 10,000 rows.
            run([tinyfair, "debias-data", "--data", train_csv] + schema + options +
                ["--prior-weight", str(C), "--tau", str(TAU), "--rows",
                 str(SAMPLES * repetitions), "--seed", str(1000 + k), "--out", out,
                 "--report-out", report, "--kl-reference", data_path])
            rep = json.load(open(report))
            _, rows = read_csv(out)
            points = enc.encode(rows)
            runs = [evaluate_sample(enc, points[r * SAMPLES:(r + 1) * SAMPLES], test,
                                    reference_freq) for r in range(repetitions)]
            results[method].append(runs)
            acc, gap = tinyfair_logistic(tinyfair, fold_dir, enc, header, rows[:SAMPLES],
                                         test_csv, spec["protected"])
            extra[method].append(dict(
                seconds=seconds, solve_seconds=rep["solve_seconds"],
                iterations=rep["iterations"], feasibility=rep["feasibility"],
                exact_sr=rep["maxent_exact"]["statistical_rate"],
                exact_rr=rep["maxent_exact"]["representation_rate"],
                kl_exact=rep.get("kl_maxent_to_data"), kl_to_prior=rep["kl_to_prior"],
                bound=rep.get("theorem_4_5_bound"),
                logistic_accuracy=acc, logistic_dp_gap=gap))

        z, y = train[:, enc.protected], train[:, enc.label]
        p_z = np.array([np.mean(z == g) for g in (0, 1)])
        p_y = np.array([np.mean(y == v) for v in (0, 1)])
        p_zy = np.array([[np.mean((z == g) & (y == v)) for v in (0, 1)] for g in (0, 1)])
        weights = {"kamiran_calders": p_y[y] * p_z[z] / p_zy[z, y], "king_zeng": 1.0 / p_z[z]}
        for method, w in weights.items():
            start = time.perf_counter()
            p = w / w.sum()
            runs = []
            first = None
            for r in range(repetitions):
                idx = rng.choice(len(train), size=SAMPLES, p=p)
                first = idx if first is None else first
                runs.append(evaluate_sample(enc, train[idx], test, reference_freq))
            results[method].append(runs)
            acc, gap = tinyfair_logistic(tinyfair, fold_dir, enc, header,
                                         [full_rows[train_idx[i]] for i in first], test_csv,
                                         spec["protected"])
            extra[method].append(dict(seconds=(time.perf_counter() - start) / repetitions,
                                      logistic_accuracy=acc, logistic_dp_gap=gap))
    summary = {}
    for method in METHODS:
        summary[method] = {}
        for metric in results[method][0][0]:
            per_fold = [np.mean([run[metric] for run in fold]) for fold in results[method]]
            summary[method][metric] = [float(np.mean([run[metric] for fold in results[method]
                                                      for run in fold])),
                                       float(np.std(per_fold))]
        for metric in extra[method][0]:
            values = [e[metric] for e in extra[method] if e[metric] is not None]
            if values:
                summary[method][metric] = [float(np.mean(values)), float(np.std(values))]
    return dict(rows=n, domain_size=enc.cells, summary=summary)


def main():
    tinyfair, prepared, work, out = sys.argv[1:5]
    repetitions = int(sys.argv[5]) if len(sys.argv) > 5 else 100
    results = {"repetitions": repetitions, "samples": SAMPLES, "C": C, "tau": TAU}
    for name, spec in EXPERIMENTS.items():
        results[name] = experiment(tinyfair, prepared, os.path.join(work, name), name, spec,
                                   repetitions)
    with open(out, "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
