#!/usr/bin/env python3
"""Baselines of the fair-regression reproduction (spec §6.3), on the same
prepared train/test files: unconstrained regression (least squares, or
logistic regression for the logistic tasks) and SEO (least squares with
zero covariance between the prediction and the protected attribute, the
spec's closed form). Each is measured on its raw predictions: RMSE or log
loss, and the KS statistical-parity disparity over its prediction support.

Usage: baselines.py TRAIN TEST LABEL SENSITIVE squared|logistic CATEGORICAL,...
Prints one JSON object.
"""
import csv
import json
import sys

import numpy as np


def read(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return rows


def encode(train, test, label, categorical):
    columns = [c for c in train[0].keys() if c != label]
    blocks_train, blocks_test = [], []
    for c in columns:
        if c in categorical:
            values = sorted(set(r[c] for r in train))
            for v in values:
                blocks_train.append([1.0 if r[c] == v else 0.0 for r in train])
                blocks_test.append([1.0 if r[c] == v else 0.0 for r in test])
        else:
            x = np.array([float(r[c]) for r in train])
            mean, sd = x.mean(), x.std() or 1.0
            blocks_train.append(list((x - mean) / sd))
            blocks_test.append(list((np.array([float(r[c]) for r in test]) - mean) / sd))
    return np.array(blocks_train).T, np.array(blocks_test).T


def ks_disparity(p, a):
    worst = 0.0
    order = np.argsort(-p)
    p, a = p[order], a[order]
    groups = sorted(set(a))
    n = len(p)
    counts = {g: np.sum(a == g) for g in groups}
    above = {g: 0 for g in groups}
    i = 0
    while i < n:
        z = p[i]
        while i < n and p[i] == z:
            above[a[i]] += 1
            i += 1
        total = sum(above.values()) / n
        for g in groups:
            worst = max(worst, abs(above[g] / counts[g] - total))
    return worst


def measure(loss_kind, p, y, a):
    if loss_kind == "squared":
        e = (y - p) ** 2
        loss = float(np.sqrt(e.mean()))
        se = float(e.std() / np.sqrt(len(e)) / (2 * loss))
    else:
        q = np.clip(p, 1e-15, 1 - 1e-15)
        e = -(y * np.log(q) + (1 - y) * np.log(1 - q))
        loss = float(e.mean())
        se = float(e.std() / np.sqrt(len(e)))
    return {"loss": loss, "loss_se": se, "disparity": ks_disparity(p, a), "n": int(len(y))}


def measure_mixture(scores, probability, y, a):
    """Log loss (expected over members) and the KS disparity of a mixture of
    probability scores, rows x members."""
    s, q = np.array(scores), np.array(probability) / np.sum(probability)
    y, a = np.array(y), np.array(a)
    p = np.clip(s, 1e-15, 1 - 1e-15)
    e = -(y[:, None] * np.log(p) + (1 - y[:, None]) * np.log(1 - p)) @ q
    values = s.reshape(-1)
    weights = np.tile(q, len(y))
    rows_a = np.repeat(a, len(q))
    order = np.argsort(-values, kind="stable")
    values, weights, rows_a = values[order], weights[order], rows_a[order]
    groups = sorted(set(a))
    counts = {g: np.sum(a == g) for g in groups}
    above = {g: 0.0 for g in groups}
    worst, i = 0.0, 0
    while i < len(values):
        z = values[i]
        while i < len(values) and values[i] == z:
            above[rows_a[i]] += weights[i]
            i += 1
        total = sum(above.values()) / len(y)
        for g in groups:
            worst = max(worst, abs(above[g] / counts[g] - total))
    return {"loss": float(e.mean()), "loss_se": float(e.std() / np.sqrt(len(e))),
            "disparity": worst, "n": int(len(y))}


def main():
    train_path, test_path, label, sensitive, loss_kind = sys.argv[1:6]
    categorical = [c for c in sys.argv[6].split(",") if c] if len(sys.argv) > 6 else []
    train, test = read(train_path), read(test_path)
    X, Xt = encode(train, test, label, set(categorical) | {sensitive})
    y = np.array([float(r[label]) for r in train])
    yt = np.array([float(r[label]) for r in test])
    groups = sorted(set(r[sensitive] for r in train))
    a = np.array([groups.index(r[sensitive]) for r in train])
    at = np.array([groups.index(r[sensitive]) for r in test])
    D, Dt = np.hstack([X, np.ones((len(X), 1))]), np.hstack([Xt, np.ones((len(Xt), 1))])
    out = {}
    if loss_kind == "squared":
        gram = D.T @ D + 1e-8 * np.eye(D.shape[1])
        beta = np.linalg.solve(gram, D.T @ y)
        out["unconstrained"] = {"train": measure(loss_kind, D @ beta, y, a),
                                "test": measure(loss_kind, Dt @ beta, yt, at)}
        # SEO: beta - G^-1 c (c' beta) / (c' G^-1 c) with c = D' (a - mean a).
        c = D.T @ (a - a.mean())
        g_c = np.linalg.solve(gram, c)
        seo = beta - g_c * (c @ beta) / (c @ g_c)
        out["seo"] = {"train": measure(loss_kind, D @ seo, y, a),
                      "test": measure(loss_kind, Dt @ seo, yt, at)}
    else:
        from sklearn.linear_model import LogisticRegression
        model = LogisticRegression(C=10.0, max_iter=2000).fit(X, y)
        out["unconstrained"] = {"train": measure(loss_kind, model.predict_proba(X)[:, 1], y, a),
                                "test": measure(loss_kind, model.predict_proba(Xt)[:, 1], yt, at)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
