#!/usr/bin/env python3
"""Tables, plots and docs/rto_reproduction.md from the runs of run.sh.

Reads the `tinyfair evaluate --json` results and the `tinyfair postprocess`
notes under build/rto_reproduction; standard library only.
"""
import argparse
import json
import math
import os
import re
import subprocess

DATASETS = {"adult": "Adult", "dccc": "Default of Credit Card Clients (DCCC)"}
SHORT = {"adult": "Adult", "dccc": "DCCC"}
SCORERS = {"rf": "random forest", "knn": "k-NN", "mlp": "MLP", "lr": "logistic regression"}
METHODS = {"original": "original", "rto": "RTO (this method)", "hardt": "Hardt et al. (DP)",
           "shift": "shift inference", "roc": "ROC"}
# gnuplot point types and colours.
POINT = {"original": 7, "rto": 5, "hardt": 9, "shift": 11, "roc": 13}
COLOUR = {"rf": "#1b9e77", "knn": "#d95f02", "mlp": "#7570b3", "lr": "#e7298a"}
# What "removes bias" means below: the ROC bias target of the CLI.
FAIR = 0.02


def read_json(path):
    with open(path) as f:
        return json.load(f)


def read_text(path):
    with open(path) as f:
        return f.read()


def mean_se(values):
    n = len(values)
    m = sum(values) / n
    if n < 2:
        return m, float("nan")
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, math.sqrt(var / n)


def fmt(values, digits=4):
    m, se = mean_se(values)
    return f"{m:.{digits}f} ± {se:.{digits}f}"


def find_key(tree, key):
    if isinstance(tree, dict):
        if key in tree:
            return tree[key]
        tree = list(tree.values())
    if isinstance(tree, list):
        for value in tree:
            found = find_key(value, key)
            if found is not None:
                return found
    return None


def hardt_bands(model):
    """Per group, the width in f = 2p − 1 of the score band where Hardt et
    al.'s rule flips with a fixed probability (0 when it is deterministic)."""
    rule = find_key(model, "two_threshold")
    widths = []
    for t0, p0, t1, p1 in zip(rule["threshold0"], rule["probability0"], rule["threshold1"], rule["probability1"]):
        randomised = t0 != t1 and 0 < p0 < 1 and 0 < p1 < 1
        t0, t1 = float(t0), float(t1)  # the JSON may write infinities as strings
        widths.append(abs(t0 - t1) if randomised else 0.0)
        if randomised and max(abs(t0), abs(t1)) >= 1.0:
            widths[-1] = math.inf  # mixes in "always" or "never positive"
    return widths


def load(out, splits):
    runs = {}
    for d in DATASETS:
        for s in SCORERS:
            for seed in range(1, splits + 1):
                base = os.path.join(out, "runs", d, f"split{seed}", s)
                r = {m: read_json(os.path.join(base, f"{m}.eval.json")) for m in METHODS}
                rto_log = read_text(os.path.join(base, "rto.log"))
                r["rto_fit_gap"] = float(re.search(r"parity gap on the fitting sample (\S+)", rto_log).group(1))
                rto = re.search(r"selected gamma (\S+) rho (\S+)", rto_log)
                r["rto_gamma"], r["rto_rho"] = float(rto.group(1)), float(rto.group(2))
                roc = read_text(os.path.join(base, "roc.log"))
                match = re.search(r"roc theta (\S+), unprivileged (\S+), fitting gap (\S+)", roc)
                r["roc_theta"] = float(match.group(1).rstrip(","))
                r["roc_unprivileged"] = match.group(2).rstrip(",")
                r["roc_fit_gap"] = float(match.group(3).rstrip(","))
                r["roc_reached"] = "bias target not reached" not in roc
                hardt = re.findall(r"selection (\S+)", read_text(os.path.join(base, "hardt.log")))
                r["hardt_rate"] = float(hardt[0])
                r["hardt_bands"] = hardt_bands(read_json(os.path.join(base, "hardt.json")))
                runs[d, s, seed] = r
    return runs


def metric(runs, d, s, m, key, splits):
    return [runs[d, s, seed][m][key] for seed in range(1, splits + 1)]


def table(runs, splits, acc_key, gap_key):
    lines = []
    for d, dname in DATASETS.items():
        lines += [f"**{dname}**", "",
                  "| scorer | test | " + " | ".join(METHODS.values()) + " |",
                  "| --- | --- |" + " --- |" * len(METHODS)]
        for s, sname in SCORERS.items():
            acc = [fmt(metric(runs, d, s, m, acc_key, splits)) for m in METHODS]
            gap = [fmt(metric(runs, d, s, m, gap_key, splits)) for m in METHODS]
            lines.append(f"| {sname} | accuracy | " + " | ".join(acc) + " |")
            lines.append("| | bias | " + " | ".join(gap) + " |")
        lines.append("")
    return lines


def paired(runs, d, s, a, b, key, splits):
    return [runs[d, s, seed][a][key] - runs[d, s, seed][b][key] for seed in range(1, splits + 1)]


def plots(runs, out, splits):
    """Accuracy against bias: split means per method and scorer, and the
    trade-off curves of split 1."""
    made = []
    for d, dname in DATASETS.items():
        data = os.path.join(out, f"{d}_methods.dat")
        with open(data, "w") as f:
            for m in METHODS:
                for s in SCORERS:
                    gm, gse = mean_se(metric(runs, d, s, m, "expected_dp_gap", splits))
                    am, ase = mean_se(metric(runs, d, s, m, "expected_accuracy", splits))
                    f.write(f"# {m} {s}\n{gm:.6f} {am:.6f} {gse:.6f} {ase:.6f}\n\n\n")
        png = os.path.join(out, f"{d}_methods.png")
        plot = [f'"{data}" index {i} using 1:2:3:4 with xyerrorbars pt {POINT[m]} ps 1.6 '
                f'lc rgb "{COLOUR[s]}" notitle'
                for i, (m, s) in enumerate((m, s) for m in METHODS for s in SCORERS)]
        plot += [f'NaN with points pt {POINT[m]} ps 1.6 lc rgb "black" title "{name}"'
                 for m, name in METHODS.items()]
        plot += [f'NaN with points pt 7 ps 1.6 lc rgb "{COLOUR[s]}" title "{name}"'
                 for s, name in SCORERS.items()]
        script = os.path.join(out, f"{d}_methods.gp")
        with open(script, "w") as f:
            f.write(f"set terminal pngcairo size 1000,650\nset output '{png}'\n"
                    f"set title '{dname}: test accuracy against bias, mean ± s.e. over {splits} splits'\n"
                    "set xlabel 'bias (demographic-parity gap, expected)'\n"
                    "set ylabel 'accuracy (expected)'\nset key outside right top\nset grid\n"
                    "plot " + ", \\\n     ".join(plot) + "\n")
        made.append((script, png))

        panels = []
        for s, sname in SCORERS.items():
            tdir = os.path.join(out, "tradeoff", d, s)
            curves = {}
            for method in ("rto", "roc"):
                points = []
                for name in os.listdir(tdir):
                    if name.startswith(method + "_") and name.endswith(".eval.json"):
                        r = read_json(os.path.join(tdir, name))
                        parameter = float(name[len(method) + 1:-len(".eval.json")])
                        points.append((parameter, r["expected_dp_gap"], r["expected_accuracy"]))
                # Joined in the order of ε (bias target), not of the bias reached.
                curves[method] = [(g, acc) for _, g, acc in sorted(points)]
            cdata = os.path.join(out, f"{d}_{s}_tradeoff.dat")
            with open(cdata, "w") as f:
                for method in ("rto", "roc"):
                    f.write(f"# {method}\n" + "".join(f"{g:.6f} {a:.6f}\n" for g, a in curves[method]) + "\n\n")
                for m in ("original", "hardt", "shift"):
                    r = runs[d, s, 1][m]
                    f.write(f"# {m}\n{r['expected_dp_gap']:.6f} {r['expected_accuracy']:.6f}\n\n\n")
            panels.append(
                f"set title '{sname}'\n"
                f'plot "{cdata}" index 0 with linespoints pt {POINT["rto"]} lc rgb "#1f78b4" title "RTO, ε = 0 … 0.3 in order", \\\n'
                f'     "{cdata}" index 1 with linespoints pt {POINT["roc"]} lc rgb "#e31a1c" title "ROC, bias target 0 … 0.3 in order", \\\n'
                f'     "{cdata}" index 2 with points pt {POINT["original"]} ps 1.5 lc rgb "black" title "original", \\\n'
                f'     "{cdata}" index 3 with points pt {POINT["hardt"]} ps 1.5 lc rgb "#33a02c" title "Hardt et al. (DP)", \\\n'
                f'     "{cdata}" index 4 with points pt {POINT["shift"]} ps 1.5 lc rgb "#ff7f00" title "shift inference"\n')
        png = os.path.join(out, f"{d}_tradeoff.png")
        script = os.path.join(out, f"{d}_tradeoff.gp")
        with open(script, "w") as f:
            f.write(f"set terminal pngcairo size 1200,900\nset output '{png}'\n"
                    f"set multiplot layout 2,2 title '{dname}, split 1: test accuracy against bias'\n"
                    "set xlabel 'bias (expected)'\nset ylabel 'accuracy (expected)'\n"
                    "set key bottom right font ',8'\nset grid\n" + "".join(panels) + "unset multiplot\n")
        made.append((script, png))
    for script, _ in made:
        subprocess.run(["gnuplot", script], check=True)
    return [png for _, png in made]


def findings(runs, splits):
    lines = []
    verdicts = {}
    for d, dname in DATASETS.items():
        lines += [f"**{dname}**", "",
                  "| scorer | RTO bias | Hardt bias | RTO − Hardt accuracy (paired) | RTO − original accuracy "
                  "| shift bias (original) | ROC reached the target on the fitting sample | ROC test bias |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- |"]
        for s, sname in SCORERS.items():
            rto_gap = mean_se(metric(runs, d, s, "rto", "expected_dp_gap", splits))[0]
            hardt_gap = mean_se(metric(runs, d, s, "hardt", "expected_dp_gap", splits))[0]
            diff = paired(runs, d, s, "rto", "hardt", "expected_accuracy", splits)
            dm, dse = mean_se(diff)
            loss = paired(runs, d, s, "rto", "original", "expected_accuracy", splits)
            shift_gap = mean_se(metric(runs, d, s, "shift", "expected_dp_gap", splits))[0]
            orig_gap = mean_se(metric(runs, d, s, "original", "expected_dp_gap", splits))[0]
            reached = sum(runs[d, s, seed]["roc_reached"] for seed in range(1, splits + 1))
            roc_gap = metric(runs, d, s, "roc", "expected_dp_gap", splits)
            wins = sum(v > 0 for v in diff)
            lines.append(
                f"| {sname} | {rto_gap:.4f} | {hardt_gap:.4f} | {dm:+.4f} ± {dse:.4f} (RTO higher in {wins} of {splits}) "
                f"| {fmt(loss)} | {shift_gap:.4f} ({orig_gap:.4f}) | {reached} of {splits} | {fmt(roc_gap)} |")
            verdicts[d, s] = {
                "rto_fair": rto_gap <= FAIR, "hardt_fair": hardt_gap <= FAIR,
                "rto_better": dm > 2 * dse, "rto_worse": dm < -2 * dse, "diff": dm, "diff_se": dse,
                "shift_fair": shift_gap <= FAIR, "roc_failed": reached < splits,
                "roc_fair": mean_se(roc_gap)[0] <= FAIR, "rto_gain": mean_se(loss)[0] > 0}
        lines.append("")
    return lines, verdicts


def split_details(runs, splits):
    lines = ["| dataset | scorer | split | RTO γ | RTO ρ (E[y] of the fitting part) | Hardt rate | RTO acc. | Hardt acc. "
             "| RTO bias | Hardt bias | ROC θ | ROC bias, fitting | ROC bias, test |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for d in DATASETS:
        for s, sname in SCORERS.items():
            for seed in range(1, splits + 1):
                r = runs[d, s, seed]
                lines.append(
                    f"| {SHORT[d]} | {sname} | {seed} | {r['rto_gamma']:g} | {r['rto_rho']:.4f} ({r['fit_rate']:.4f}) "
                    f"| {r['hardt_rate']:.4f} | {r['rto']['expected_accuracy']:.4f} "
                    f"| {r['hardt']['expected_accuracy']:.4f} | {r['rto']['expected_dp_gap']:.4f} "
                    f"| {r['hardt']['expected_dp_gap']:.4f} "
                    f"| {r['roc_theta']:.2f}{'' if r['roc_reached'] else ' (not reached)'} "
                    f"| {r['roc_fit_gap']:.4f} | {r['roc']['expected_dp_gap']:.4f} |")
    return lines


def listing(items):
    items = list(items)
    if not items:
        return "none"
    return ", ".join(items[:-1]) + (" and " if len(items) > 1 else "") + items[-1]


def roc_visits(out, d, s):
    """(θ, women's − men's positive rate on the fitting part) for the θ ROC
    chose over the bias-target sweep of split 1."""
    tdir = os.path.join(out, "tradeoff", d, s)
    seen = set()
    for name in os.listdir(tdir):
        if name.startswith("roc_") and name.endswith(".log"):
            text = read_text(os.path.join(tdir, name))
            theta = float(re.search(r"roc theta ([0-9.]+)", text).group(1))
            rate = dict(re.findall(r"sex=(\w+) .* rate (\S+)", text))
            seen.add((theta, float(rate["female"]) - float(rate["male"])))
    return sorted(seen)


def findings_text(out, runs, n, verdicts):
    lines = ["## Findings against the paper\n"]
    w = lines.append
    pairs = [(d, s) for d in DATASETS for s in SCORERS]

    def names(d, key, value=True):
        return listing(SCORERS[s] for s in SCORERS if verdicts[d, s][key] == value)

    def gaps(d, m):
        return [runs[d, s, seed][m]["expected_dp_gap"] for s in SCORERS for seed in range(1, n + 1)]

    rto_all = all(verdicts[p]["rto_fair"] for p in pairs)
    w(f"1. **RTO removes the bias for all four scorers: {'agrees' if rto_all else 'does not fully agree'}.** "
      f"Mean test bias at most {FAIR} for: Adult {names('adult', 'rto_fair')}; DCCC {names('dccc', 'rto_fair')} "
      f"(from {min(gaps('adult', 'original') + gaps('dccc', 'original')):.3f}–"
      f"{max(gaps('adult', 'original') + gaps('dccc', 'original')):.3f} for the original scorers; largest single "
      f"split {max(gaps('adult', 'rto') + gaps('dccc', 'rto')):.4f}). On the fitting part the gap is zero to "
      f"the precision of the device's float thresholds (the CLI prints at most "
      f"{max(r['rto_fit_gap'] for r in runs.values()):.1e}); what remains on the test part is the difference between the "
      "two samples' rates, and Hardt et al.'s rule, fitted on the same part, leaves residuals of the same "
      "size (the per-split table). Hardt et al. removes it too: Adult "
      f"{names('adult', 'hardt_fair')}; DCCC {names('dccc', 'hardt_fair')}.\n")

    better = [p for p in pairs if verdicts[p]["rto_better"]]
    worse = [p for p in pairs if verdicts[p]["rto_worse"]]
    tied = [p for p in pairs if p not in better and p not in worse]
    span = [verdicts[p]["diff"] for p in pairs]
    small = sum(runs[d, s, seed]["rto_gamma"] <= 0.02 for d, s in pairs for seed in range(1, n + 1))
    edge = sum(abs(runs[d, s, seed]["rto_rho"] - (runs[d, s, seed]["fit_rate"] - 0.1)) < 1e-3
               for d, s in pairs for seed in range(1, n + 1))
    total = len(pairs) * n
    w(f"2. **RTO loses much less accuracy than Hardt et al.: does not agree.** The paired test-accuracy "
      f"difference RTO − Hardt is between {min(span):+.4f} and {max(span):+.4f} over the eight "
      f"dataset–scorer pairs; it is within two standard errors of zero for {len(tied)} of them"
      + (f", RTO higher beyond that for {listing(f'{SHORT[d]} {SCORERS[s]}' for d, s in better)}" if better else "")
      + (f", Hardt higher beyond that for {listing(f'{SHORT[d]} {SCORERS[s]}' for d, s in worse)}" if worse else "")
      + ". Both lose the same accuracy on Adult and gain the same on DCCC. Why we think this differs from "
      "the paper:")
    bands = sorted(b for d, s in pairs for seed in range(1, n + 1) for b in runs[d, s, seed]["hardt_bands"] if b > 0)
    gammas = sorted(runs[d, s, seed]["rto_gamma"] for d, s in pairs for seed in range(1, n + 1))
    w("   - Both methods solve the same problem, the most accurate decision rule with equal positive rates "
      "on the fitting part, whose solution is a per-group threshold on the score with randomisation only "
      "near the threshold (the paper's Theorem 3). Our `hardt-dp` solves it exactly on each group's "
      "(selection rate, accuracy) hull, not on fairlearn's grid. Where the hull bridges a dent in a "
      "group's curve, Hardt et al. flip with one fixed probability over a band of scores where RTO ramps: "
      f"{len(bands)} of the {2 * total} group rules here have such a band, of median width "
      f"{bands[len(bands) // 2]:.3f} in f = 2p − 1 (largest finite {max(b for b in bands if math.isfinite(b)):.3f}), against RTO's γ of median "
      f"{gammas[len(gammas) // 2]:g} (γ ≤ 0.02 in {small} of {total} fits). The accuracies above show that "
      "on these scores the form of randomisation costs nothing measurable.")
    w("   - What differs is how the common positive rate is chosen: Hardt et al. take the most accurate "
      "rate on the fitting part from a continuum, RTO the most accurate on the validation part from "
      f"E[y] + {{−0.1, −0.05, 0, 0.05, 0.1}}; it chose the grid's lowest value E[y] − 0.1 in {edge} of "
      f"{total} fits (columns \"RTO ρ\" and \"Hardt rate\" below). With either choice the test accuracies "
      f"agree to within {max(abs(v) for v in span):.4f} on average.")
    w("   - The paper's Figure 4 shows where Hardt et al. lose: when a group's scores are concentrated "
      "(a deep net on CelebA), the hull has few vertices and the rule flips half a group at random "
      "(\"always positive\" with probability ≈ 0.5). "
      + ("On these tabular scorers no band reaches the end of the score range, so that does not happen."
         if math.isfinite(bands[-1]) else
         f"Here {sum(not math.isfinite(b) for b in bands)} group rules mix in \"always\" or \"never positive\" too.")
      + " The spec's §7 measurement agrees with ours: on one Adult / logistic-regression split, "
      "fairlearn 0.9's ThresholdOptimizer 0.8228 and the reference RTO 0.8230. The paper's Table 1 "
      "numbers are not in the text, and fairlearn is not a Debian package, so the paper's Hardt et al. "
      "figures cannot be rerun here.\n")

    shift_fair = [p for p in pairs if verdicts[p]["shift_fair"]]
    w(f"3. **Shift inference does not control parity: {'agrees' if not shift_fair else 'does not fully agree'}.** "
      f"Its test bias is {min(gaps('adult', 'shift')):.3f}–{max(gaps('adult', 'shift')):.3f} on Adult, above "
      f"the original scorers' ({min(gaps('adult', 'original')):.3f}–{max(gaps('adult', 'original')):.3f}), "
      f"and {min(gaps('dccc', 'shift')):.3f}–{max(gaps('dccc', 'shift')):.3f} on DCCC (original "
      f"{min(gaps('dccc', 'original')):.3f}–{max(gaps('dccc', 'original')):.3f}): it moves each group's "
      "threshold towards that group's own base rate in the fitting part, not towards a common rate. On Adult "
      "women's lower base rate raises their threshold and widens the gap; on DCCC the untouched fitting "
      "part's base rates (women slightly below men) partly undo the injected gap.\n")

    knn = {d: sum(runs[d, "knn", seed]["roc_reached"] for seed in range(1, n + 1)) for d in DATASETS}
    others = {d: sum(runs[d, s, seed]["roc_reached"] for s in SCORERS if s != "knn" for seed in range(1, n + 1))
              for d in DATASETS}
    visits = {d: roc_visits(out, d, "knn") for d in DATASETS}
    roc_gaps = [mean_se(metric(runs, d, s, "roc", "expected_dp_gap", n))[0] for d, s in pairs
                if not (d == "adult" and s == "knn")]
    flips = len(visits["adult"]) >= 2 and visits["adult"][-1][1] * visits["adult"][-2][1] < 0
    w(f"4. **ROC fails on k-NN: agrees on Adult, not on DCCC.** On Adult, ROC with the k-NN scorer reached "
      f"the bias target (0.02 on the fitting part) in {knn['adult']} of {n} splits; its minimum-bias solution "
      f"leaves a test bias of {fmt(metric(runs, 'adult', 'knn', 'roc', 'expected_dp_gap', n))}, against "
      f"{fmt(metric(runs, 'adult', 'knn', 'rto', 'expected_dp_gap', n))} for RTO. On DCCC it reached it in "
      f"{knn['dccc']} of {n}. With the other scorers it reached it in {others['adult']} of {3 * n} (Adult) and "
      f"{others['dccc']} of {3 * n} (DCCC) splits. k-NN's scores are multiples of 0.1, so a whole score level "
      "of each group changes sides whenever the band edge 0.5 ± θ passes one: the gap moves in jumps. On "
      "Adult split 1 the θ that the sweep of bias targets visited, with the women's minus the men's "
      "positive rate on the fitting part, are "
      + ", ".join(f"θ = {t:.2f}: {g:+.4f}" for t, g in visits["adult"])
      + ("; between the last two the gap changes sign and jumps over the window ±0.02" if flips else "")
      + ". On DCCC (split 1: " + ", ".join(f"θ = {t:.2f}: {g:+.4f}" for t, g in visits["dccc"])
      + ") the original k-NN's gap is about half of Adult's and a jump lands inside the window. "
      f"ROC's other solutions keep a mean test bias of {min(roc_gaps):.4f}–{max(roc_gaps):.4f}, since its "
      "target is 0.02 on the fitting part rather than zero; its trade-off curves (split 1) lie close to "
      "RTO's, above them for some scorers and below for others.\n")

    gains = {d: [verdicts[d, s]["rto_gain"] for s in SCORERS] for d in DATASETS}
    w(f"5. **Debiasing DCCC improves accuracy: {'agrees' if all(gains['dccc']) else 'does not fully agree'}.** "
      "RTO − original test accuracy on DCCC: " + ", ".join(
          f"{SCORERS[s]} {fmt(paired(runs, 'dccc', s, 'rto', 'original', 'expected_accuracy', n))}" for s in SCORERS)
      + ". The scorers learned the gap injected into their training part; the test part does not have it, and "
      "equal positive rates are closer to its truth. On Adult, where nothing is injected, RTO − original is " + ", ".join(
          f"{SCORERS[s]} {fmt(paired(runs, 'adult', s, 'rto', 'original', 'expected_accuracy', n))}" for s in SCORERS)
      + ".\n")
    sampled = max(abs(runs[d, s, seed][m]["accuracy"] - runs[d, s, seed][m]["expected_accuracy"])
                  for d, s in pairs for seed in range(1, n + 1) for m in METHODS)
    w(f"The sampled decisions (one draw per row) agree with the expected values to within {sampled:.4f} in "
      "accuracy on every run; the conclusions are the same with either.\n")
    return lines


def document(a, runs, metas, pngs, verdict_rows, verdicts):
    n = a.splits
    scorer_time = seconds(os.path.join(a.out, "scores", "seconds"))
    post_time = seconds(os.path.join(a.out, "runs", "seconds"))
    with open("/proc/loadavg") as f:
        load = f.read().split()[2]
    m1 = metas["adult", 1]["sizes"]
    m2 = metas["dccc", 1]["sizes"]
    dropped = [metas["dccc", seed]["dropped_by_bias_injection"] for seed in range(1, n + 1)]
    rates = {part: [metas["dccc", seed]["positive_rate"][part] for seed in range(1, n + 1)]
             for part in ("scorer", "test")}

    def rate(part, group):
        return sum(r[group] for r in rates[part]) / n

    cs = {d: sorted({metas[d, seed]["scorers"]["lr"]["C"] for seed in range(1, n + 1)}) for d in DATASETS}
    epochs = sorted({metas[d, seed]["scorers"]["mlp"].get("epochs", 0) for d in DATASETS for seed in range(1, n + 1)})
    sk_check = max(abs(metas[d, seed]["scorers"][s]["sklearn_test_accuracy"] - runs[d, s, seed]["original"]["accuracy"])
                   for d in DATASETS for s in SCORERS for seed in range(1, n + 1))

    out = []
    w = out.append
    w("# Reproduction: randomized threshold optimizer on tabular data (Table 1)\n")
    w("The tabular experiment of \"A near-optimal algorithm for debiasing trained machine learning models\" "
      "(Section 5, Table 1 and Figure 3; `../shared/papers/004_f43ed7657ae74818.txt`, spec "
      "`../shared/specs/randomized_threshold_optimizer.md` §5–7), with every post-processor fitted by "
      "`tinyfair postprocess` and every number measured by `tinyfair evaluate`, that is by the device "
      "runtime deciding each test row.\n")
    w("This file is written by\n")
    w(f"```sh\n{a.command}\n```\n")
    w("(not part of the tests; environment: `RTO_SPLITS`, default 5; `RTO_JOBS`, default 2; `PYTHON`, "
      "default `/usr/bin/python3`, Debian's, which has `python3-sklearn`). It builds the `tinyfair` CLI, "
      "trains the base scorers (`bench/rto_reproduction/train_scorers.py`) unless their scores for the same "
      "script and scikit-learn version are already in `build/rto_reproduction/scores`, then post-processes, "
      "evaluates and writes this file and the plots.\n")
    w("## Run time\n")
    if scorer_time:
        if len(scorer_time) >= 3:
            w(f"- Base scorers, {scorer_time[2]} dataset splits, {a.jobs} at a time: {scorer_time[0]} s wall, "
              f"{scorer_time[1]} s CPU (user + system).")
        else:
            w(f"- Base scorers, {scorer_time[1]} dataset splits, {a.jobs} at a time: {scorer_time[0]} s wall.")
    tr = {d: [sum(metas[d, seed]["scorers"][s]["train_seconds"] for seed in range(1, n + 1)) / n for s in SCORERS]
          for d in DATASETS}
    w("  Mean training time per split (wall, seconds): " + "; ".join(
        f"{d}: " + ", ".join(f"{SCORERS[s]} {t:.1f}" for s, t in zip(SCORERS, tr[d])) for d in DATASETS)
      + ". The MLP and the 10-fold CV of logistic regression take nearly all of it.")
    if post_time:
        w(f"- Post-processing and evaluation ({len(DATASETS) * len(SCORERS) * n * 10} CLI runs for the table, "
          f"{len(DATASETS) * len(SCORERS) * 23 * 2} for the trade-off curves): {post_time[0]} s wall, "
          f"{post_time[1]} s CPU.")
    w(f"- Machine: {os.cpu_count()} cores; load average {load} at the end of the run (the machine is shared, so "
      "the CPU seconds are the figure to compare). A rerun with the scores in place takes only the "
      "post-processing time.\n")

    w("## Setup\n")
    w(f"- **Adult**: `adult.data` and `adult.test` pooled ({sum(m1.values()):,} rows, the paper's count), label `>50K`, "
      "sensitive attribute `sex`, all 14 attributes as features (`?` kept as a category).")
    w("- **DCCC**: `credit_default/UCI_Credit_Card.csv` (30,000 rows), label `default.payment.next.month`, "
      "sensitive attribute `SEX` (2 = female), the other 23 columns but `ID` as features; the two rows whose "
      "`AGE` is `nan` get the median age of the scorer's training part.")
    w("- **Sensitive class**: female; the CSVs given to the CLI have `sex` = `female`/`male`.")
    w(f"- **Splits**: {n} seeded random permutations (seeds 1..{n}) of each dataset. One third is the test "
      "set; of the rest, one half trains the scorer, one quarter fits the post-processor (a fresh sample), "
      "one quarter validates its hyper-parameters (the spec's §7 proportions). Adult: "
      f"{m1['scorer']:,} / {m1['fit']:,} / {m1['validation']:,} / {m1['test']:,} rows; DCCC: "
      f"{m2['scorer'] + dropped[0]:,} / "
      f"{m2['fit']:,} / {m2['validation']:,} / {m2['test']:,} before the bias injection.")
    w("- **Bias injection (DCCC)**: with s(x) = 1 for female and y(x) = 1 for default, a row with "
      "s(x) ≠ y(x) (a woman who repays, a man who defaults) is dropped with probability 1/2, in the scorer's "
      f"training part only (dropped {min(dropped):,}–{max(dropped):,} of {m2['scorer'] + dropped[0]:,} rows per split). The fitting, "
      "validation and test parts are untouched samples of the data. Default rate, women / men: "
      f"{rate('scorer', 'female'):.3f} / {rate('scorer', 'male'):.3f} in the scorer's training part, "
      f"{rate('test', 'female'):.3f} / {rate('test', 'male'):.3f} in the test part: the scorer learns a gap "
      "of the opposite sign and several times the size of the population's.")
    w("- **Base scorers** (scikit-learn 1.2 from Debian's `python3-sklearn`; one-hot categorical and "
      "standardised numeric features fitted on the scorer's part): random forest (`max_depth=10`), k-NN "
      "(`n_neighbors=10`), MLP (one hidden layer of 128 units, scikit-learn's defaults otherwise: Adam, "
      f"{'/'.join(str(e) for e in epochs)} epochs), logistic regression (`LogisticRegressionCV`, C in "
      "1e-4, 1e-3, …, 1e4 by 10-fold CV; chosen C: " +
      "; ".join(f"{d} {', '.join(f'{c:g}' for c in cs[d])}" for d in DATASETS) + "). Each writes "
      "`predict_proba` (the score, `--score-kind probability`), the label and the sex of every row of the "
      "fitting, validation and test parts.")
    w("- **Post-processors**, each on the fitting part, `tinyfair postprocess --data <scorer>_fit.csv "
      "--score-column score --sensitive sex --label y` and:")
    w("  - original: `--method rto --rho 0.5 --epsilon 1 --gamma 1e-9`, which leaves every threshold at "
      "t = 0 (p > 0.5), so that the unmodified scorer is also decided by the runtime (its test accuracy "
      + ("equals scikit-learn's `predict` to the JSON's six decimals" if sk_check < 1e-6 else
         f"differs from scikit-learn's `predict` by up to {sk_check:.1g}") + " on every split);")
    w("  - RTO: `--method rto --validation <scorer>_validation.csv --gamma-grid 0.01,0.02,0.05,0.1,0.2,…,1.0 "
      "--rho-offsets=-0.1,-0.05,0,0.05,0.1` (ε = 0, exact solver; ρ = E[y] of the fitting part plus the "
      "offset; the 65 fits are ranked by expected accuracy on the validation part);")
    w("  - Hardt et al.: `--method hardt-dp` (fairlearn's ThresholdOptimizer form, solved exactly on the "
      "groups' convex hulls);")
    w("  - shift inference: `--method shift`;")
    w("  - ROC: `--method roc` (θ ∈ {0.01, …, 1.0}, the smallest θ whose parity gap on the fitting part is "
      "within 0.02, else the θ of minimum gap; the CLI prints whether the target was reached).")
    w("- **Measures**: `tinyfair evaluate --json --seed <split>` on the test part. Accuracy and bias (the "
      "demographic-parity gap, |P(ŷ = 1 | female) − P(ŷ = 1 | male)|, as in the paper) are the runtime's "
      "expected values (`expected_accuracy`, `expected_dp_gap`: the decision probability of each row "
      "averaged), the primary figures; the sampled values (`accuracy`, `dp_gap`: one PCG32 draw per row) "
      "follow. Mean ± standard error over the splits.\n")

    w("## Table 1: test accuracy and bias (expected)\n")
    out.extend(table(runs, n, "expected_accuracy", "expected_dp_gap"))
    w("### The same, sampled decisions\n")
    out.extend(table(runs, n, "accuracy", "dp_gap"))

    w("## Plots\n")
    w("Written by the command above (gnuplot, PNG; their data and scripts beside them):\n")
    for png in pngs:
        what = ("split means ± s.e., one marker per method, one colour per scorer" if png.endswith("_methods.png")
                else "split 1, one panel per scorer: RTO with the γ and ρ of the table and a parity "
                     "tolerance ε ∈ {0, …, 0.3} (`--gamma G --rho R --epsilon ε`) and ROC with bias target "
                     "0 … 0.3 (`--bias-target`) as curves joined in the order of ε (bias target); original, Hardt et al. and shift inference as points "
                     "(the paper's Figure 3)")
        w(f"- `{png}`: {what}.")
    w("")
    out.extend(findings_text(a.out, runs, n, verdicts))
    w("### Per scorer\n")
    w("Means over the splits; the accuracy differences are paired by split (± standard error).\n")
    out.extend(verdict_rows)
    w("### Per split\n")
    w("Hardt rate: the common selection rate Hardt et al.'s rule has on the fitting part. ROC θ is marked "
      "\"not reached\" when no θ on the grid brought the fitting part's gap within 0.02.\n")
    out.extend(split_details(runs, n))
    w("")
    w("## What the CLI lacks for this experiment\n")
    w("- `tinyfair sweep` needs `--model` (a scorer from `tinyfair train`) and has no `--score-column` "
      "mode, so the trade-off curves are drawn from `postprocess` and `evaluate` runs instead.")
    w("- `postprocess --method roc` chooses θ on the fitting part only: it takes neither `--validation` (the "
      "paper selects every hyper-parameter on a validation split) nor a fixed `--theta`.")
    w("- A score-only model cannot be exported with its plain threshold p > 0.5; the \"original\" row uses "
      "`--method rto --rho 0.5 --epsilon 1 --gamma 1e-9`, which leaves t = 0 in every group.\n")
    return "\n".join(out) + "\n"


def label_rate(path):
    with open(path) as f:
        header = f.readline().strip().split(",")
        column = header.index("y")
        values = [int(line.split(",")[column]) for line in f if line.strip()]
    return sum(values) / len(values)


def seconds(path):
    try:
        with open(path) as f:
            return [int(v) for v in f.read().split()]
    except OSError:
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--splits", type=int, required=True)
    parser.add_argument("--jobs", type=int, required=True)
    parser.add_argument("--command", required=True)
    parser.add_argument("--doc", required=True)
    a = parser.parse_args()

    runs = load(a.out, a.splits)
    metas = {(d, seed): read_json(os.path.join(a.out, "scores", d, f"split{seed}", "meta.json"))
             for d in DATASETS for seed in range(1, a.splits + 1)}
    for (d, s, seed), r in runs.items():
        r["fit_rate"] = label_rate(os.path.join(a.out, "scores", d, f"split{seed}", f"{s}_fit.csv"))
    pngs = plots(runs, a.out, a.splits)
    verdict_rows, verdicts = findings(runs, a.splits)
    doc = document(a, runs, metas, pngs, verdict_rows, verdicts)
    tmp = a.doc + ".tmp"
    with open(tmp, "w") as f:
        f.write(doc)
    os.replace(tmp, a.doc)
    print(f"rto_reproduction: wrote {a.doc} and {', '.join(pngs)}")


if __name__ == "__main__":
    main()
