#!/usr/bin/env python3
"""Base scorers of the RTO paper's tabular experiment (Section 5, Table 1).

For one dataset and one seeded split, trains random forest, k-NN, MLP and
logistic regression on the scorer part and writes, per scorer, the
probability of the positive class with the label and the sex of every row of
the fitting, validation and test parts:

    <out>/<scorer>_{fit,validation,test}.csv   columns score,y,sex

Nothing else: every post-processor is fitted by the tinyfair CLI.

Split of the pooled rows: a third is the test set; of the rest, a half
trains the scorer, a quarter fits the post-processor, a quarter validates
its hyper-parameters. In Default of Credit Card Clients, bias is injected
into the scorer's training part only.
"""
import argparse
import csv
import json
import os
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.impute import SimpleImputer
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegressionCV
from sklearn.model_selection import StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.preprocessing import OneHotEncoder, StandardScaler

ADULT_NUMERIC = ["age", "fnlwgt", "education-num", "capital-gain", "capital-loss", "hours-per-week"]
ADULT_CATEGORICAL = ["workclass", "education", "marital-status", "occupation", "relationship",
                     "race", "sex", "native-country"]
DCCC_CATEGORICAL = ["SEX", "EDUCATION", "MARRIAGE"]


def read_adult(folder):
    """adult.data and adult.test pooled (48,842 rows, as the paper counts)."""
    rows = []
    for name in ("adult.data", "adult.test"):
        with open(os.path.join(folder, name), newline="") as f:
            reader = csv.reader(f, skipinitialspace=True)
            header = [h.strip() for h in next(reader)]
            for r in reader:
                if len(r) != len(header):
                    continue
                rows.append(dict(zip(header, (v.strip() for v in r))))
    numeric = np.array([[float(r[c]) for c in ADULT_NUMERIC] for r in rows])
    categorical = np.array([[r[c] for c in ADULT_CATEGORICAL] for r in rows], dtype=object)
    # adult.test writes the label with a trailing period.
    y = np.array([1 if r["Y"].rstrip(".") == ">50K" else 0 for r in rows])
    female = np.array([1 if r["sex"] == "Female" else 0 for r in rows])
    return numeric, categorical, y, female


def read_dccc(path):
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        data = np.array([[float(v) for v in r] for r in reader])
    column = {h: i for i, h in enumerate(header)}
    label = "default.payment.next.month"
    numeric_names = [h for h in header if h not in ("ID", label) and h not in DCCC_CATEGORICAL]
    numeric = data[:, [column[h] for h in numeric_names]]
    categorical = data[:, [column[h] for h in DCCC_CATEGORICAL]].astype(int).astype(str).astype(object)
    y = data[:, column[label]].astype(int)
    female = (data[:, column["SEX"]] == 2).astype(int)
    return numeric, categorical, y, female


def scorers(seed):
    # Nine Cs, one per decade from 1e-4 to 1e4, chosen by 10-fold CV.
    cv = StratifiedKFold(n_splits=10, shuffle=True, random_state=seed)
    return {
        "rf": RandomForestClassifier(max_depth=10, random_state=seed, n_jobs=1),
        "knn": KNeighborsClassifier(n_neighbors=10),
        "mlp": MLPClassifier(hidden_layer_sizes=(128,), random_state=seed),
        "lr": LogisticRegressionCV(Cs=np.logspace(-4, 4, 9), cv=cv, max_iter=2000),
    }


def write_scores(path, scores, y, female):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("score,y,sex\n")
        for p, label, s in zip(scores, y, female):
            f.write(f"{p:.9g},{label},{'female' if s else 'male'}\n")
    os.replace(tmp, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", choices=["adult", "dccc"], required=True)
    parser.add_argument("--datasets-dir", required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out-dir", required=True)
    a = parser.parse_args()

    if a.dataset == "adult":
        numeric, categorical, y, female = read_adult(os.path.join(a.datasets_dir, "adult"))
    else:
        numeric, categorical, y, female = read_dccc(
            os.path.join(a.datasets_dir, "credit_default", "UCI_Credit_Card.csv"))

    rng = np.random.default_rng(a.seed)
    order = rng.permutation(len(y))
    n_test = len(y) // 3
    rest = len(y) - n_test
    n_scorer, n_fit = rest // 2, rest // 4
    parts = {
        "scorer": order[:n_scorer],
        "fit": order[n_scorer:n_scorer + n_fit],
        "validation": order[n_scorer + n_fit:rest],
        "test": order[rest:],
    }
    injected = None
    if a.dataset == "dccc":
        # Female is s = 1 and default is y = 1: rows with s != y (women who
        # repay, men who default) are dropped with probability 1/2, so the
        # scorer learns a larger gap than the population has.
        train = parts["scorer"]
        disagree = female[train] != y[train]
        drop = disagree & (rng.random(len(train)) < 0.5)
        parts["scorer"] = train[~drop]
        injected = int(drop.sum())

    train = parts["scorer"]
    encoder = OneHotEncoder(handle_unknown="ignore", sparse_output=False).fit(categorical[train])
    # Two DCCC rows have AGE = nan: the training median stands in.
    imputer = SimpleImputer(strategy="median").fit(numeric[train])
    scaler = StandardScaler().fit(imputer.transform(numeric[train]))

    def features(index):
        return np.hstack([scaler.transform(imputer.transform(numeric[index])),
                          encoder.transform(categorical[index])])

    x = {name: features(index) for name, index in parts.items()}
    os.makedirs(a.out_dir, exist_ok=True)
    meta = {"dataset": a.dataset, "seed": a.seed,
            "sizes": {name: int(len(index)) for name, index in parts.items()},
            "dropped_by_bias_injection": injected, "scorers": {}}
    for name, index in parts.items():
        meta.setdefault("positive_rate", {})[name] = {
            "female": float(y[index][female[index] == 1].mean()),
            "male": float(y[index][female[index] == 0].mean())}
    for name, model in scorers(a.seed).items():
        start = time.perf_counter()
        with warnings.catch_warnings():
            # sklearn's default 200 epochs often stop the MLP before its
            # tolerance; the epoch count is recorded instead.
            warnings.simplefilter("ignore", ConvergenceWarning)
            model.fit(x["scorer"], y[train])
        info = {"train_seconds": round(time.perf_counter() - start, 3)}
        if name == "lr":
            info["C"] = float(model.C_[0])
        if name == "mlp":
            info["epochs"] = int(model.n_iter_)
        for part in ("fit", "validation", "test"):
            index = parts[part]
            p = model.predict_proba(x[part])[:, 1]
            write_scores(os.path.join(a.out_dir, f"{name}_{part}.csv"), p, y[index], female[index])
            if part == "test":
                # sklearn's own decision (ties at 0.5 go to the negative class)
                # to cross-check the runtime's "original" row.
                info["sklearn_test_accuracy"] = float((model.predict(x[part]) == y[index]).mean())
        meta["scorers"][name] = info
    with open(os.path.join(a.out_dir, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)


if __name__ == "__main__":
    main()
