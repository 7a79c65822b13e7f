"""tinyfair.dask on a LocalCluster of two worker processes: the fit from
merged partition histograms is the CLI's `postprocess --stream` model, and
decisions do not depend on how the frame is partitioned or on the workers:
the decision log is `tinyfair simulate`'s on the same rows."""
import json
import pickle
import re

import dask.dataframe as dd
import numpy as np
import pandas as pd
import pytest

import tinyfair
import tinyfair.dask as tfd
from tinyfair import _core
from conftest import ADULT_LABEL, REPO, run, without_provenance


@pytest.fixture(scope="module")
def cli_streamed(cli, adult_parts, adult_cli_models):
    out = adult_parts["fit"].parent / "streamed.json"
    run([cli, "postprocess", "--stream", "--model", adult_cli_models["model.json"],
         "--data", adult_parts["fit"], *ADULT_LABEL, "--out", out])
    return json.loads(out.read_text())


def _dask_fit(frame, partitions, scorer_path):
    scorer = tinyfair.load(scorer_path)
    ddf = dd.from_pandas(frame, npartitions=partitions, sort=False)
    assert ddf.npartitions == partitions
    return tfd.DaskRandomizedThresholdOptimizer(scorer).fit(
        ddf, "Y", sensitive_features="sex", pos_label=">50K")


@pytest.mark.parametrize("partitions", [1, 4, 7])
def test_fit_is_the_clis_streamed_fit(client, fit_frame, adult_cli_models, cli_streamed,
                                      partitions):
    fitted = _dask_fit(fit_frame, partitions, adult_cli_models["model.json"])
    model = json.loads(fitted.model_.to_json())
    # Bit for bit: thresholds, gamma and the reference rates as JSON numbers
    # (shortest round-trip text of the same doubles and floats).
    assert without_provenance(model) == without_provenance(cli_streamed)
    assert "streamed" in model["provenance"]


def _in_process_fit(frame, partitions, scorer_path):
    """The same fit without Dask: the partitions' summaries by _core in one
    process, merged in order, and the reference rates' sums added in order."""
    scorer = tinyfair.load(scorer_path).model_
    estimator = tfd.DaskRandomizedThresholdOptimizer(scorer)
    estimator._scorer_groups = tinyfair.group_attributes(scorer)
    options = estimator._options(frame, ["sex"], "Y", ">50K", "")
    model = _core.histogram_scoring_model(options, scorer)
    chunks = np.array_split(np.arange(len(frame)), partitions)
    parts = [frame.iloc[rows] for rows in chunks]
    merged = _core.ScoreHistograms(len(model.group_names))
    rows = refused = 0
    for part in parts:
        histograms, part_rows, part_refused = _core.summarise_scores(
            model, "DataFrame", tfd._columns(part), "Y", [">50K"])
        # Through the bytes that travel between workers.
        merged.merge(_core.ScoreHistograms.parse(histograms.serialise()))
        rows += part_rows
        refused += part_refused

    def rates_of(finished):
        return tfd._rates_from_sums([_core.expected_rate_sums(finished, "DataFrame",
                                                              tfd._columns(part))
                                     for part in parts])

    fitted, _ = _core.fit_from_histograms(options, model, merged, rows, refused, 0.0,
                                          rates_of)
    return json.loads(fitted.to_json())


def test_fit_equals_the_in_process_fit_of_the_same_rows(client, fit_frame, adult_cli_models):
    for partitions in (1, 5):
        dask_model = json.loads(_dask_fit(fit_frame, partitions,
                                          adult_cli_models["model.json"]).model_.to_json())
        in_process = _in_process_fit(fit_frame, 3, adult_cli_models["model.json"])
        assert without_provenance(dask_model) == without_provenance(in_process)


def test_histograms_pickle_and_merge(fit_frame, adult_cli_models):
    scorer = tinyfair.load(adult_cli_models["model.json"]).model_
    estimator = tfd.DaskRandomizedThresholdOptimizer(scorer)
    estimator._scorer_groups = tinyfair.group_attributes(scorer)
    options = estimator._options(fit_frame, ["sex"], "Y", ">50K", "")
    model = _core.histogram_scoring_model(options, scorer)
    whole, rows, refused = _core.summarise_scores(model, "f", tfd._columns(fit_frame), "Y",
                                                  [">50K"])
    assert rows == len(fit_frame)
    half = len(fit_frame) // 2
    first, _, _ = _core.summarise_scores(model, "f", tfd._columns(fit_frame.iloc[:half]), "Y",
                                         [">50K"])
    second, _, _ = _core.summarise_scores(model, "f", tfd._columns(fit_frame.iloc[half:]), "Y",
                                          [">50K"])
    first = pickle.loads(pickle.dumps(first))
    first.merge(second)
    label_positive = (fit_frame["Y"] == ">50K").to_numpy()
    for g in range(whole.group_count):
        assert first.examples(g) == whole.examples(g)
        assert first.positives(g) == whole.positives(g)
    # Bit for bit, sums included: the scores are floats, and a cell's sum of
    # floats away from 0 is exact in a double (docs/dask.md), so the order
    # of the additions cannot show.
    assert first.serialise() == whole.serialise()
    merged = _core.ScoreHistograms(whole.group_count)
    for rows_of_part in np.array_split(np.arange(len(fit_frame)), 7):
        part, _, _ = _core.summarise_scores(model, "f", tfd._columns(fit_frame.iloc[rows_of_part]),
                                            "Y", [">50K"])
        merged.merge(part)
    assert merged.serialise() == whole.serialise()
    # Counted independently: every row has a group (sex), and the labels.
    assert sum(whole.examples(g) for g in range(whole.group_count)) == rows - refused
    assert sum(whole.positives(g) for g in range(whole.group_count)) == label_positive.sum()


def test_decide_moves_the_stream_ahead(fit_frame, adult_cli_models):
    model = tinyfair.load(adult_cli_models["fair.json"]).model_
    frame = fit_frame.drop(columns=["Y"])
    whole = _core.decide(model, "f", tfd._columns(frame), seed=9)
    ok = np.array([s == "ok" for s in whole["status"]])
    cut = 1000
    draws = int(ok[:cut].sum())
    tail = _core.decide(model, "f", tfd._columns(frame.iloc[cut:]), seed=9, draws_before=draws)
    assert np.array_equal(tail["draw"], whole["draw"][cut:])
    assert np.array_equal(tail["positive"], whole["positive"][cut:])
    # Without the jump the tail draws differently: the argument matters.
    fresh = _core.decide(model, "f", tfd._columns(frame.iloc[cut:]), seed=9)
    assert not np.array_equal(fresh["draw"], whole["draw"][cut:])


def test_decision_log_is_simulates_for_any_partitioning(client, cli, adult_parts,
                                                        adult_cli_models, tmp_path):
    fair = tinyfair.load(adult_cli_models["fair.json"])
    log = tmp_path / "log.csv"
    run([cli, "simulate", "--model", adult_cli_models["model.pb"], "--data", adult_parts["test"],
         "--seed", "17", "--out", log])
    expected = log.read_text()
    frame = tinyfair.read_csv(adult_parts["test"])
    draws = None
    for partitions in (1, 4, 7):
        ddf = dd.from_pandas(frame, npartitions=partitions, sort=False)
        assert tfd.decision_log(fair, ddf, random_state=17) == expected
        records = tfd.decision_records(fair, ddf, random_state=17).compute()
        if draws is None:
            draws = records
        pd.testing.assert_frame_equal(records.reset_index(drop=True),
                                      draws.reset_index(drop=True))
    pandas_records = fair.decision_records(frame, random_state=17)
    for column in ("status", "group", "draw", "positive", "probability"):
        assert np.array_equal(draws[column].to_numpy(), pandas_records[column].to_numpy())


def test_worker_count_changes_nothing(client, cli, fit_frame, adult_parts, adult_cli_models,
                                      cli_streamed):
    """The fit, the log and the report on 2 worker processes, on 3, and in
    this process alone (Dask's synchronous scheduler): the same bits."""
    import dask
    from distributed import Client, LocalCluster

    scorer = tinyfair.load(adult_cli_models["model.json"])
    fair = tinyfair.load(adult_cli_models["fair.json"])
    test = dd.from_pandas(tinyfair.read_csv(adult_parts["test"]), npartitions=5, sort=False)
    fit = dd.from_pandas(fit_frame, npartitions=5, sort=False)

    def everything():
        fitted = tfd.DaskRandomizedThresholdOptimizer(scorer).fit(
            fit, "Y", sensitive_features="sex", pos_label=">50K")
        report = tfd.group_report(fair, test, "Y", pos_label=">50K", random_state=7)
        return (without_provenance(json.loads(fitted.model_.to_json())),
                tfd.decision_log(fair, test, random_state=7), report.to_json())

    on_two = everything()
    with LocalCluster(n_workers=3, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster, Client(cluster, set_as_default=False) as three:
        with dask.config.set(scheduler=three.get):
            on_three = everything()
    with dask.config.set(scheduler="synchronous"):
        alone = everything()
    assert on_two == on_three == alone
    assert on_two[0] == without_provenance(cli_streamed)


def test_group_report_is_the_pandas_report(client, adult_parts, adult_cli_models):
    fair = tinyfair.load(adult_cli_models["fair.json"])
    frame = tinyfair.read_csv(adult_parts["test"])
    records = fair.decision_records(frame, random_state=5)
    decided = (records["status"] == "ok").to_numpy()
    expected = tinyfair.metrics.group_report(
        frame["Y"][decided], records["positive"][decided].astype(np.int64),
        frame["sex"][decided], y_prob=records["probability"][decided].astype(np.float64),
        pos_label=">50K")
    for partitions in (1, 6):
        ddf = dd.from_pandas(frame, npartitions=partitions, sort=False)
        report = tfd.group_report(fair, ddf, "Y", sensitive_features="sex", pos_label=">50K",
                                  random_state=5)
        pd.testing.assert_frame_equal(report, expected)


def test_group_report_counts_refused_rows_as_evaluate_does(client, adult_parts,
                                                          adult_cli_models):
    """Rows the runtime refuses (a missing number, an unknown category) are
    counted by status, take no draw, and the merged tallies give evaluate's
    numbers for the same draws."""
    fair = tinyfair.load(adult_cli_models["fair.json"])
    frame = tinyfair.read_csv(adult_parts["test"]).iloc[:3000].copy()
    frame.loc[[5, 1500], "age"] = np.nan
    frame.loc[[2999], "workclass"] = "Nowhere"
    expected = tinyfair.metrics.evaluate(fair, frame, frame["Y"], pos_label=">50K",
                                         random_state=3)
    report = tfd.group_report(fair, dd.from_pandas(frame, npartitions=5, sort=False), "Y",
                              pos_label=">50K", random_state=3)
    summary, wanted = report.attrs["summary"], expected.attrs["summary"]
    assert summary["refused"] == wanted["refused"] == {"non_finite_input": 2,
                                                        "unknown_category": 1}
    for key in ("rows", "decided", "accuracy", "expected_accuracy", "dp_gap", "eo_gap"):
        assert summary[key] == wanted[key], key
    columns = [c for c in expected.columns if c in report.columns]
    pd.testing.assert_frame_equal(report[columns], expected[columns])


def test_docs_example_runs_and_the_fits_agree(datasets, monkeypatch):
    """docs/python.md's pandas-and-Dask block as written: its own cluster,
    the decision log equal to the pandas estimator's, and the thresholds of
    the exact fit and the histogram fit within the streamed fit's stated
    tolerance (a few grid cells, docs/stress.md)."""
    text = (REPO / "docs" / "python.md").read_text()
    section = text[text.index("## The same post-processing on a pandas frame"):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    monkeypatch.setenv("TINYFAIR_DATASETS", str(datasets))
    namespace = {}
    exec(compile(code, "docs/python.md", "exec"), namespace)
    thresholds = namespace["thresholds"]
    assert np.abs(thresholds["pandas"] - thresholds["dask"]).max() < 1e-4
    assert namespace["report"]["n"].sum() == len(namespace["fit"])
