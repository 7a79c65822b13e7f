"""Plots a person would rather look at than read: the fairness-accuracy
trade-off of several fits, and each group's decision curve (the probability
of a positive decision against the scorer's probability) as the device
decides."""
import numpy as np
import pandas as pd

from . import _core


def _axes(ax):
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt  # imported here: plotting is optional
    return plt.subplots(figsize=(6, 4))[1]


def tradeoff_plot(reports, *, gap="dp_gap", ax=None):
    """Accuracy against a fairness gap, one point per fit, with the gap's
    95 % interval as a horizontal bar.

    reports: {label: group_report(...) or evaluate(...) frame}; gap:
    "dp_gap" or "eo_gap" (an interval is drawn where the report has one).
    """
    ax = _axes(ax)
    for label, report in reports.items():
        summary = report.attrs["summary"]
        x, y = summary[gap], summary["accuracy"]
        low, high = summary.get(gap + "_low"), summary.get(gap + "_high")
        if low is not None and high is not None:
            ax.errorbar([x], [y], xerr=[[x - low], [high - x]], fmt="o", capsize=3, label=label)
        else:
            ax.plot([x], [y], "o", label=label)
    ax.set_xlabel({"dp_gap": "demographic parity gap", "eo_gap": "equalized odds gap"}.get(gap, gap))
    ax.set_ylabel("accuracy")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    return ax


def decision_curves(estimator, X, *, sensitive_features=None, ax=None):
    """Per group, the device's probability of a positive decision against
    the scorer's probability p of a positive label, over X's rows (sorted by
    p): the scale of thresholds_ and gamma_, so that a ramp rises from 0 at
    its group's threshold to 1 at threshold + gamma_. Where the score is no
    probability (a margin, or scores given without a scorer) the axis is the
    score the rule sees."""
    ax = _axes(ax)
    records = estimator.decision_records(X, sensitive_features=sensitive_features, random_state=0)
    decided = records[records["status"] == "ok"]
    scores = decided["score"].to_numpy(np.float64)
    # The scale is the library's (the one thresholds_ and gamma_ are read on).
    on_probabilities = _core.scores_as_probabilities(estimator.model_, scores)
    x = scores if on_probabilities is None else np.asarray(on_probabilities)
    names, probability = decided["group_name"].to_numpy(), decided["probability"].to_numpy()
    for name in pd.unique(names):
        rows = names == name
        order = np.argsort(x[rows], kind="stable")
        ax.plot(x[rows][order], probability[rows][order], label=name, drawstyle="steps-post")
    if on_probabilities is None:
        ax.set_xlabel("score the rule sees (not a probability)")
    else:
        ax.set_xlabel("scorer's probability p of a positive label")
        ax.set_xlim(-0.02, 1.02)
    ax.set_ylabel("P(positive decision)")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    return ax
