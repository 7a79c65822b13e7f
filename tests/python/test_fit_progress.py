"""A progress bar over an iterative fit (tqdm.auto), fed by the library's
iterations: shown where someone watches (a terminal or a notebook) unless
verbose=False, never elsewhere, and without any effect on the model."""
import functools
import io
import json
import os
import pty
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
import tqdm

import tinyfair
from tinyfair import _progress
from tinyfair.noisy_groups import NoisyGroupsClassifier
from tinyfair.postprocessing import RandomizedThresholdOptimizer
from tinyfair.reductions import ExponentiatedGradient
from conftest import without_provenance


class RecordingBar:
    """Stands for tqdm: what the fit did with its bar."""
    made = []

    def __init__(self, **kwargs):
        self.kwargs, self.total, self.updates, self.closed = kwargs, None, 0, False
        RecordingBar.made.append(self)

    def update(self, count):
        self.updates += count

    def refresh(self):
        pass

    def close(self):
        self.closed = True


@pytest.fixture
def bars(monkeypatch):
    RecordingBar.made = []
    monkeypatch.setattr(_progress, "tqdm", RecordingBar)
    return RecordingBar.made


@pytest.fixture
def watched(monkeypatch):
    monkeypatch.setattr(_progress, "_watched", lambda: True)


@pytest.fixture(scope="module")
def hiring():
    generator = np.random.default_rng(5)
    rows = 600
    group = generator.choice(["a", "b"], size=rows)
    x = generator.normal(size=rows) + (group == "a")
    y = pd.Series((x + generator.normal(size=rows) > 0.5).astype(int), name="hired")
    return pd.DataFrame({"x": x, "z": generator.normal(size=rows), "group": group}), y


def test_a_watched_fit_shows_each_iteration_on_one_bar(bars, watched, hiring):
    X, y = hiring
    estimator = NoisyGroupsClassifier(max_iter=40).fit(X, y, sensitive_features="group")
    assert len(bars) == 1
    bar = bars[0]
    assert bar.kwargs["desc"] == "NoisyGroupsClassifier"
    assert bar.total == 40 and bar.updates == 40 and bar.closed
    assert estimator.model_ is not None


def test_the_bar_changes_nothing_in_the_model(bars, watched, hiring):
    X, y = hiring
    shown = ExponentiatedGradient(max_iter=10).fit(X, y, sensitive_features="group")
    assert len(bars) == 1 and bars[0].updates > 0 and bars[0].closed
    hidden = ExponentiatedGradient(max_iter=10, verbose=False).fit(X, y, sensitive_features="group")
    assert len(bars) == 1
    assert shown.model_.to_json() == hidden.model_.to_json()


def test_no_bar_when_nobody_watches(bars, hiring):
    X, y = hiring  # stderr under pytest is no terminal, and no notebook runs
    ExponentiatedGradient(max_iter=10).fit(X, y, sensitive_features="group")
    assert bars == []


def test_no_bar_with_verbose_false(bars, watched, hiring):
    X, y = hiring
    NoisyGroupsClassifier(max_iter=20, verbose=False).fit(X, y, sensitive_features="group")
    assert bars == []


def test_the_validation_grid_shows_a_step_per_point(bars, watched, hiring):
    """RandomizedThresholdOptimizer with validation: one step per grid point
    fitted and measured on the validation rows, on one bar that closes."""
    X, y = hiring
    scorer = tinyfair.LogisticRegression(verbose=False).fit(X, y, sensitive_features="group")
    grid = {"gamma_grid": (0.05, 0.1, 0.2), "rho_offsets": (0.0, 0.02)}
    shown = RandomizedThresholdOptimizer(scorer, **grid).fit(
        X, y, sensitive_features="group", validation=(X, y))
    assert len(bars) == 1
    bar = bars[0]
    assert bar.kwargs["desc"] == "RandomizedThresholdOptimizer"
    assert bar.total == 6 and bar.updates == 6 and bar.closed
    hidden = RandomizedThresholdOptimizer(scorer, verbose=False, **grid).fit(
        X, y, sensitive_features="group", validation=(X, y))
    assert len(bars) == 1
    assert without_provenance(json.loads(shown.model_.to_json())) == \
        without_provenance(json.loads(hidden.model_.to_json()))
    assert shown.grid_point_ == hidden.grid_point_
    # Without validation there is no grid, and no bar.
    RandomizedThresholdOptimizer(scorer, rho=0.3).fit(X, y, sensitive_features="group")
    assert len(bars) == 1


def test_tqdm_draws_the_bar(monkeypatch, watched, hiring):
    X, y = hiring
    drawn = io.StringIO()
    monkeypatch.setattr(_progress, "tqdm", functools.partial(tqdm.tqdm, file=drawn, mininterval=0))
    NoisyGroupsClassifier(max_iter=30).fit(X, y, sensitive_features="group")
    assert "NoisyGroupsClassifier" in drawn.getvalue() and "30/30" in drawn.getvalue()


def test_verbose_is_checked(hiring):
    X, y = hiring
    with pytest.raises(tinyfair.TinyfairError, match="verbose"):
        tinyfair.LogisticRegression(verbose="yes").fit(X, y, sensitive_features="group")


FIT_ON_A_TERMINAL = """
import numpy as np, pandas as pd
from tinyfair.noisy_groups import NoisyGroupsClassifier
generator = np.random.default_rng(5)
group = generator.choice(["a", "b"], size=600)
x = generator.normal(size=600) + (group == "a")
y = pd.Series((x + generator.normal(size=600) > 0.5).astype(int), name="hired")
X = pd.DataFrame({"x": x, "z": generator.normal(size=600), "group": group})
NoisyGroupsClassifier(max_iter=300, verbose=VERBOSE).fit(X, y, sensitive_features="group")
"""


def stderr_on_a_terminal(code):
    """What a fit writes to stderr when stderr is a terminal (a pseudo-terminal)."""
    leader, follower = pty.openpty()
    with subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=follower) as process:
        os.close(follower)
        written = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            written += chunk
        assert process.wait() == 0, written.decode(errors="replace")
    os.close(leader)
    return written.decode(errors="replace")


@pytest.mark.parametrize("verbose", [True, False])
def test_on_a_terminal_the_bar_replaces_the_librarys_lines(verbose):
    written = stderr_on_a_terminal(FIT_ON_A_TERMINAL.replace("VERBOSE", str(verbose)))
    assert "iteration" not in written  # the library's own lines: "iteration 50 / 300"
    assert ("NoisyGroupsClassifier" in written) == verbose
