"""Plots a person would rather look at than read: the fairness-accuracy
trade-off of several fits, and each group's decision curve (the probability
of a positive decision against the score) as the device decides."""
import numpy as np


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
    the score its rule sees, over X's rows (sorted by score)."""
    ax = _axes(ax)
    records = estimator.decision_records(X, sensitive_features=sensitive_features, random_state=0)
    decided = records[records["status"] == "ok"]
    for name, rows in decided.groupby("group_name", sort=False):
        order = np.argsort(rows["score"].to_numpy(), kind="stable")
        ax.plot(rows["score"].to_numpy()[order], rows["probability"].to_numpy()[order],
                label=name, drawstyle="steps-post")
    ax.set_xlabel("score")
    ax.set_ylabel("P(positive decision)")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize="small")
    return ax
