"""docs/python.md's worked example runs as written: a scikit-learn pipeline
on Adult, converted (its probabilities equal scikit-learn's to 1e-6), made
fair, reported, exported, and decided on the emulated Cortex-M4F with every
record equal to the host's."""
import os
import pathlib
import re
import shutil

import numpy as np
import pytest

from conftest import REPO, run


def example_code():
    text = (REPO / "docs" / "python.md").read_text()
    section = text[text.index("## A worked example"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.fixture(scope="module")
def example(cli, datasets, tmp_path_factory):
    work = tmp_path_factory.mktemp("example")
    cwd = os.getcwd()
    os.environ["TINYFAIR_DATASETS"] = str(datasets)
    os.chdir(work)
    try:
        namespace = {}
        exec(compile(example_code(), "docs/python.md", "exec"), namespace)
    finally:
        os.chdir(cwd)
    namespace["out"] = work / "python_example"
    return namespace


def test_the_device_computes_scikit_learns_probability(example):
    difference = np.abs(example["device_p"] -
                        example["pipeline"].predict_proba(example["X_test"])[:, 1])
    print(f"max |p_device - p_sklearn| over adult.test: {difference.max():.3g}")
    assert difference.max() <= 1e-6


def test_cross_validation_selects_the_scorer_under_the_fair_rule(example):
    search = example["search"]
    assert search.best_params_["estimator__clf__C"] in (0.1, 1.0)
    assert 0.6 < search.best_score_ < 1.0
    best = search.best_estimator_
    assert best.estimator_ is not example["pipeline"]  # a clone, fitted in fit
    assert np.allclose(example["proba"].sum(axis=1), 1.0)
    assert np.array_equal(example["proba"][:, 1], best.decision_probability(example["X_test"]))
    assert example["fair"].estimator_ is example["pipeline"]  # prefit: as it is


def test_own_metrics_are_the_reports_rates_for_the_same_decisions(example):
    own, after = example["own"], example["after"]
    for column in ("", "_low", "_high"):
        np.testing.assert_allclose(own["selection" + column], after["positive_rate" + column],
                                   atol=1e-6)
    np.testing.assert_allclose(own["recall"], after["tpr"], atol=1e-6)
    assert own["f1"].between(0, 1).all()


def test_the_fair_model_narrows_the_gap_and_plots(example):
    before, after = example["before"].attrs["summary"], example["after"].attrs["summary"]
    assert after["dp_gap"] < before["dp_gap"] / 2
    assert (example["out"] / "tradeoff.png").stat().st_size > 10_000
    assert (example["out"] / "decision_curves.png").stat().st_size > 10_000


def test_the_records_are_simulates(cli, datasets, example, tmp_path):
    log = tmp_path / "decisions.csv"
    run([cli, "simulate", "--model", example["out"] / "model.pb", "--data",
         datasets / "adult" / "adult.test", "--seed", 2024, "--out", log])
    assert (example["out"] / "demo_records.csv").read_text() == log.read_text()


@pytest.mark.skipif(shutil.which("qemu-system-arm") is None or
                    shutil.which("arm-none-eabi-gcc") is None,
                    reason="no qemu-system-arm or arm-none-eabi-gcc")
def test_the_device_decides_every_row_as_the_host(cli, example):
    result = run(["bash", REPO / "host_tools" / "scripts" / "decide_on_board.sh", example["out"],
                  cli])
    rows = len(example["X_test"])
    assert f"parity: {rows} of {rows} decisions identical" in result.stdout + result.stderr
