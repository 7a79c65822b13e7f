#!/usr/bin/env python3
"""Writes docs/fair_regression.md and its plots from the runs of run.sh.

Usage: report.py WORK_DIR OUT_MARKDOWN PLOT_DIR
"""
import glob
import json
import math
import os
import re
import subprocess
import sys

DATASETS = [("law", "Law school", "squared"), ("law2k", "Law school, 2,000 rows", "squared"),
            ("communities", "Communities and crime", "squared"),
            ("adult", "Adult", "logistic"), ("adult2k", "Adult, 2,000 rows", "logistic")]
PAPER_TABLE1 = {"cs": 18.94, "ls": 3.48, "lr": 3.62}


def metric(report, loss):
    return report["rmse"] if loss == "squared" else report["log_loss"]


def runs(work, name, loss):
    out = {}
    for path in glob.glob(os.path.join(work, "runs", name + "_*.log")):
        m = re.match(r".*/%s_(ls|lr|cs)_([0-9.]+)\.log$" % re.escape(name), path)
        if not m:
            continue
        oracle, eps = m.group(1), float(m.group(2))
        base = path[:-4]
        if not os.path.exists(base + ".test.json"):
            continue
        train = json.load(open(base + ".train.json"))
        test = json.load(open(base + ".test.json"))
        log = open(path).read()
        calls = re.search(r"\((\d+) oracle calls, ([0-9.e+-]+) s each, ([0-9.]+) s in all\)", log)
        seconds = float(re.search(r"seconds ([0-9.]+)", log).group(1))
        out.setdefault(oracle, []).append({
            "eps": eps, "train_loss": metric(train, loss), "train_disp": train["ks_disparity"],
            "test_loss": metric(test, loss), "test_disp": test["ks_disparity"],
            "dkw": test["dkw_half_width"], "members": train["members"],
            "oracle_seconds": float(calls.group(2)), "fit_seconds": float(calls.group(3)),
            "wall_seconds": seconds})
    for oracle in out:
        out[oracle].sort(key=lambda r: -r["eps"])
    return out


def fc_runs(work, name):
    out = []
    for path in glob.glob(os.path.join(work, "runs", name + "_fc_*.train.fc.json")):
        eps = float(re.match(r".*_fc_([0-9.]+)\.train\.fc\.json$", path).group(1))
        train = json.load(open(path))
        test = json.load(open(path.replace(".train.", ".test.")))
        out.append({"eps": eps, "train_loss": train["loss"], "train_disp": train["disparity"],
                    "test_loss": test["loss"], "test_disp": test["disparity"],
                    "loss_se": test["loss_se"]})
    return sorted(out, key=lambda r: -r["eps"])


def pareto(points):
    """Runs not dominated on train in (loss, disparity)."""
    front = []
    for p in points:
        dominated = any(q is not p and q["train_loss"] <= p["train_loss"] and
                        q["train_disp"] <= p["train_disp"] and
                        (q["train_loss"] < p["train_loss"] or q["train_disp"] < p["train_disp"])
                        for q in points)
        if not dominated:
            front.append(p)
    return sorted(front, key=lambda r: r["train_disp"])


def plot(plot_dir, name, title, loss, by_oracle, baselines, fc):
    data = os.path.join(plot_dir, "fair_regression_%s.dat" % name)
    png = "fair_regression_%s.png" % name
    with open(data, "w") as f:
        for oracle in sorted(by_oracle):
            f.write("# %s\n" % oracle)
            for p in pareto(by_oracle[oracle]):
                f.write("%.6f %.6f\n" % (p["test_disp"], p["test_loss"]))
            f.write("\n\n")
        for b in sorted(baselines):
            t = baselines[b]["test"]
            f.write("# %s\n%.6f %.6f\n\n\n" % (b, t["disparity"], t["loss"]))
        if fc:
            f.write("# fc\n")
            for p in pareto(fc):
                f.write("%.6f %.6f\n" % (p["test_disp"], p["test_loss"]))
            f.write("\n\n")
    series = [("oracle %s (test, front chosen on train)" % o, "linespoints") for o in
              sorted(by_oracle)] + [(b, "points pointsize 2") for b in sorted(baselines)]
    if fc:
        series.append(("fair classification reduction (test, front chosen on train)",
                       "linespoints dashtype 2"))
    plots = ", ".join("'%s' index %d using 1:2 with %s title '%s'" % (data, i, style, label)
                      for i, (label, style) in enumerate(series))
    script = ("set terminal pngcairo size 720,480\nset output '%s'\nset title '%s'\n"
              "set xlabel 'KS statistical-parity disparity (test)'\nset ylabel '%s (test)'\n"
              "set key top right\nset grid\nplot %s\n" %
              (os.path.join(plot_dir, png), title, "RMSE" if loss == "squared" else "log loss",
               plots))
    gp = os.path.join(plot_dir, "fair_regression_%s.gp" % name)
    open(gp, "w").write(script)
    subprocess.run(["gnuplot", gp], check=True)
    os.remove(gp)
    os.remove(data)
    return png


def main():
    work, out_md, plot_dir = sys.argv[1:4]
    lines = ["# Fair regression by reductions: reproduction", "",
             "Agarwal, Dudík & Wu, *Fair Regression: Quantitative Definitions and "
             "Reduction-based Algorithms* (ICML 2019), as specified in "
             "`../shared/specs/fair_regression_reductions.md`; implemented by "
             "`tinyfair train --method fair-regression` (`host_tools/reductions/fair_regression_reduction.cc`, "
             "`regression_oracles.cc`, `mixture_lp.cc`, `bounded_group_loss.cc`).", "",
             "Produced by `bench/fair_regression/run.sh` (data from `../shared/datasets`). Every "
             "number below is measured on the decisions of the runtime itself "
             "(`tinyfair evaluate`): each row is decided once per mixture member, and losses and "
             "disparities are expectations over the mixture Q.", ""]
    lines += open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                               "method_notes.md")).read().splitlines() + [""]
    summary, fc_summary = [], []
    for name, title, loss in DATASETS:
        base_path = os.path.join(work, "runs", name + "_baselines.json")
        if not os.path.exists(base_path):
            continue
        baselines = json.load(open(base_path))
        by_oracle = runs(work, name, loss)
        unit = "RMSE" if loss == "squared" else "log loss"
        lines += ["## %s (%s loss)" % (title, loss), ""]
        fc = fc_runs(work, name)
        png = plot(plot_dir, name, title, loss, by_oracle, baselines, fc)
        lines += ["![%s](plots/%s)" % (title, png), ""]
        lines += ["| method | train %s | train disparity | test %s | test disparity |" % (unit, unit),
                  "| --- | --- | --- | --- | --- |"]
        for b in sorted(baselines):
            tr, te = baselines[b]["train"], baselines[b]["test"]
            lines.append("| %s | %.4f | %.4f | %.4f ± %.4f | %.4f |" %
                         (b, tr["loss"], tr["disparity"], te["loss"], 2 * te["loss_se"],
                          te["disparity"]))
        for p in pareto(fc):
            lines.append("| fair classification reduction, ε = %g (front) | %.4f | %.4f | %.4f ± %.4f "
                         "| %.4f |" % (p["eps"], p["train_loss"], p["train_disp"], p["test_loss"],
                                       2 * p["loss_se"], p["test_disp"]))
        lines.append("")
        for oracle in sorted(by_oracle):
            rows = by_oracle[oracle]
            lines += ["**Oracle %s**: one fit per slack ε̂ (N = 40). The test DKW half-width "
                      "(δ = 0.05) is %.4f." % (oracle, rows[0]["dkw"]), "",
                      "| ε̂ | train %s | train disparity | within ε̂ | test %s | test disparity "
                      "| members | s per fit | on train front |" % (unit, unit),
                      "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
            front = pareto(rows)
            worst_excess, rises = -1.0, 0
            for i, r in enumerate(rows):
                excess = r["train_disp"] - r["eps"]
                worst_excess = max(worst_excess, excess)
                if i > 0 and r["train_disp"] > rows[i - 1]["train_disp"] + 1e-6:
                    rises += 1
                lines.append("| %g | %.4f | %.4f | %s | %.4f | %.4f | %d | %.2f | %s |" % (
                    r["eps"], r["train_loss"], r["train_disp"],
                    "yes" if excess <= 1e-4 else "NO (+%.4f)" % excess, r["test_loss"],
                    r["test_disp"], r["members"], r["wall_seconds"],
                    "yes" if r in front else ""))
            lines.append("")
            verdict = ("Largest training disparity minus ε̂: %+.5f; the training disparity "
                       "rose %d time(s) as ε̂ fell." % (worst_excess, rises))
            comparisons = []
            for b in sorted(baselines):
                if b == "unconstrained":
                    continue
                te = baselines[b]["test"]
                band_loss, band_disp = 2 * te["loss_se"], rows[0]["dkw"]
                test_front = [(p["test_disp"], p["test_loss"]) for p in front]
                strict = [p for p in test_front if p[0] <= te["disparity"] and p[1] <= te["loss"]]
                tied = [p for p in test_front
                        if p[0] <= te["disparity"] + band_disp and p[1] <= te["loss"] + band_loss]
                best = min((p for p in test_front if p[0] <= te["disparity"] + band_disp),
                           key=lambda p: p[1], default=None)
                comparisons.append(
                    "against %s (test %s %.4f, disparity %.4f): %s; the best front point within "
                    "the disparity band is %s." % (
                        b, unit, te["loss"], te["disparity"],
                        "dominated by a front point" if strict else
                        ("tied within the bands (±%.4f %s, ±%.4f disparity)" %
                         (band_loss, unit, band_disp) if tied else "NOT matched"),
                        "%s %.4f at disparity %.4f" % (unit, best[1], best[0]) if best else "none"))
                summary.append("| %s | %s | %s | %s |" % (title, oracle, b, comparisons[-1]))
            lines += [verdict] + (["", "Test front " + "; ".join(comparisons)] if comparisons else [])
            lines.append("")
            if fc:
                ours = [(p["test_disp"], p["test_loss"]) for p in front]
                band_disp = rows[0]["dkw"]
                matched, gaps = 0, []
                fc_front = pareto(fc)
                for p in fc_front:
                    band = 2 * p["loss_se"]
                    near = [q for q in ours if q[0] <= p["test_disp"] + band_disp]
                    best = min((q[1] for q in near), default=float("inf"))
                    gaps.append(best - p["test_loss"])
                    if best <= p["test_loss"] + band:
                        matched += 1
                fc_summary.append("| %s | %s | %d of %d | %s |" % (
                    title, oracle, matched, len(fc_front),
                    ", ".join("%+.4f" % g if math.isfinite(g) else "none" for g in gaps)))
                lines += ["Against the fair-classification reduction's test front: %d of its %d "
                          "points are matched within the bands (our best test log loss at a "
                          "disparity no larger than theirs plus the DKW width, minus theirs: %s)."
                          % (matched, len(fc_front), ", ".join(
                              "%+.4f" % g if math.isfinite(g) else "none" for g in gaps)), ""]
    lines += ["## Summary against SEO (test fronts)", "",
              "| dataset | oracle | baseline | result |", "| --- | --- | --- | --- |"] + summary + [""]
    lines += ["## Summary against the fair-classification reduction (Adult, test fronts)", "",
              "`tinyfair train --method reduction --constraint dp` (Agarwal et al. 2018, weighted "
              "logistic regression) over ε ∈ {0.002, …, 1}, its mixture's scores measured as a "
              "randomized predictor (`bench/fair_regression/fc_scores.py`). A point is matched "
              "when our front has a point whose disparity is at most its disparity plus the DKW "
              "half-width and whose log loss is at most its log loss plus 2 standard errors.", "",
              "| dataset | oracle | FC front points matched | our loss minus FC's, per FC point |",
              "| --- | --- | --- | --- |"] + fc_summary + [""]
    # Table 1.
    lines += ["## Time per oracle call (the paper's Table 1)", "",
              "One fit on the first 1,000 training rows of law school, N = 20, ε̂ = 0.05, 10 "
              "iterations (two best responses each); mean seconds per best response, which "
              "includes computing the targets (or the n·N augmented costs) from λ.", "",
              "| oracle | model class | this implementation (s per call) | paper (s per call) |",
              "| --- | --- | --- | --- |"]
    for oracle in ("cs", "ls", "lr"):
        path = os.path.join(work, "runs", "table1_%s.log" % oracle)
        if not os.path.exists(path):
            continue
        m = re.search(r"\((\d+) oracle calls, ([0-9.e+-]+) s each", open(path).read())
        lines.append("| %s | linear | %s | %.2f |" % (oracle.upper(), m.group(2),
                                                        PAPER_TABLE1[oracle]))
    law = runs(work, "law", "squared").get("ls", [])
    for r in law:
        if r["eps"] == 0.05:
            lines += ["", "Full law school (10,895 training rows), least-squares oracle, ε̂ = 0.05: "
                      "the fit took %.3f s (%.3f s for the whole `tinyfair train` command, "
                      "reading the CSV and writing the model included; %.4f s per oracle call)." %
                      (r["fit_seconds"], r["wall_seconds"], r["oracle_seconds"])]
    open(out_md, "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
