"""tinyfair.dask.DaskLogisticRegression on a LocalCluster of two worker
processes: Newton on the partitions' merged sums fits the coefficients of
the single-process LogisticRegression and of `tinyfair train --method
logistic` on the same rows, in as many iterations, whatever the partitions;
the fitted model decides every row the same way."""
import json
import re

import dask.dataframe as dd
import numpy as np
import pandas as pd
import pytest
from distributed import Client, LocalCluster

import tinyfair
import tinyfair.dask as tfd
from conftest import run

PARTITIONS = [1, 3, 7]


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster, Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def data_csv(tmp_path_factory):
    """900 seeded rows: two numeric columns (one with missing cells), a
    categorical one, the sensitive one and a yes/no label drawn from a
    logistic model of them."""
    rng = np.random.default_rng(20261126)
    n = 900
    sex = rng.choice(["F", "M"], n, p=[0.4, 0.6])
    colour = rng.choice(["red", "green", "blue", "grey"], n)
    age = rng.integers(18, 80, n).astype(float)
    income = np.round(rng.gamma(2.0, 1.5, n), 3)
    z = (0.04 * (age - 45) + 0.5 * (income - 3) + 0.6 * (colour == "red")
         - 0.4 * (colour == "blue") + 0.5 * (sex == "M") - 0.3)
    label = np.where(rng.random(n) < 1 / (1 + np.exp(-z)), "yes", "no")
    income_text = [f"{v:g}" for v in income]
    for i in rng.choice(n, 25, replace=False):
        income_text[i] = ""
    frame = pd.DataFrame({"age": age.astype(int), "colour": colour, "income": income_text,
                          "sex": sex, "approved": label})
    path = tmp_path_factory.mktemp("logistic") / "loans.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.fixture(scope="module")
def frame(data_csv):
    return tinyfair.read_csv(data_csv)


def _weights(model):
    """The scorer as stored: bias, numeric weights and category weights."""
    scorer = json.loads(model.to_json())["scorer"]
    return np.array([scorer.get("bias", 0.0), *scorer.get("weights", []),
                     *scorer.get("category_weights", [])], dtype=np.float64)


def _iterations(model):
    return int(re.search(r"iterations (\d+)", json.loads(model.to_json())["provenance"]).group(1))


def _dask_fit(frame, partitions, **parameters):
    ddf = dd.from_pandas(frame, npartitions=partitions, sort=False)
    assert ddf.npartitions == partitions
    return tfd.DaskLogisticRegression(**parameters).fit(
        ddf, "approved", sensitive_features="sex", pos_label="yes"), ddf


@pytest.fixture(scope="module")
def single(frame):
    return tinyfair.LogisticRegression().fit(frame.drop(columns=["approved"]), frame["approved"],
                                             sensitive_features="sex", pos_label="yes")


@pytest.fixture(scope="module")
def cli_model(cli, data_csv):
    out = data_csv.parent / "model.json"
    run([cli, "train", "--data", data_csv, "--label", "approved", "--positive", "yes",
         "--sensitive", "sex", "--out", out])
    return tinyfair.load(out).model_


@pytest.mark.parametrize("partitions", PARTITIONS)
def test_fit_is_the_single_process_fit(client, frame, single, cli_model, partitions):
    fitted, _ = _dask_fit(frame, partitions)
    weights = _weights(fitted.model_)
    assert len(weights) == 1 + 4 + 4 + 2  # bias, 4 inputs, categories of colour and sex
    np.testing.assert_allclose(weights, _weights(single.model_), rtol=0, atol=1e-9)
    np.testing.assert_allclose(weights, _weights(cli_model), rtol=0, atol=1e-9)
    assert _iterations(fitted.model_) == _iterations(single.model_) == _iterations(cli_model)
    assert _iterations(fitted.model_) >= 3  # Newton steps, not the start point
    # The same inputs, groups and rule as train writes: offsets, scales and
    # categories from the merged column summaries.
    for key in ("inputs", "groups", "threshold", "dimensions"):
        assert (json.loads(fitted.model_.to_json()).get(key)
                == json.loads(cli_model.to_json()).get(key)), key
    stored = json.loads(fitted.model_.to_json())["reference_positive_rate"]
    np.testing.assert_allclose(stored, json.loads(cli_model.to_json())["reference_positive_rate"],
                               rtol=0, atol=1e-6)


def test_decisions_do_not_depend_on_the_partitions(client, frame, single):
    expected = single.decision_records(frame.drop(columns=["approved"]), random_state=5)
    for partitions in PARTITIONS:
        fitted, ddf = _dask_fit(frame, partitions)
        records = tfd.decision_records(fitted, ddf, random_state=5).compute()
        assert records["positive"].tolist() == expected["positive"].tolist()
        assert records["draw"].tolist() == expected["draw"].tolist()
        assert records["probability"].tolist() == expected["probability"].tolist()


def test_group_report_does_not_depend_on_the_partitions(client, frame):
    reports = []
    for partitions in (1, 7):
        fitted, ddf = _dask_fit(frame, partitions)
        reports.append(tfd.group_report(fitted, ddf, "approved", pos_label="yes", random_state=3))
    assert len(reports[0]) >= 2  # a row per group at least
    pd.testing.assert_frame_equal(reports[0], reports[1])


def test_reweighed_fit_is_the_single_process_reweighed_fit(client, frame):
    single = tinyfair.LogisticRegression(reweigh=True).fit(
        frame.drop(columns=["approved"]), frame["approved"], sensitive_features="sex",
        pos_label="yes")
    plain = tinyfair.LogisticRegression().fit(
        frame.drop(columns=["approved"]), frame["approved"], sensitive_features="sex",
        pos_label="yes")
    assert np.abs(_weights(single.model_) - _weights(plain.model_)).max() > 1e-3
    for partitions in (1, 7):
        fitted, _ = _dask_fit(frame, partitions, reweigh=True)
        np.testing.assert_allclose(_weights(fitted.model_), _weights(single.model_),
                                   rtol=0, atol=1e-9)


def test_refuses_labels_of_one_class(client, frame):
    one_class = frame.assign(approved="no")
    with pytest.raises(tinyfair.DataError, match="no positive label"):
        _dask_fit(one_class, 3)


def test_classes_are_the_in_memory_estimators(client, frame, single):
    """classes_ with pos_label: the label column's two sorted values, so that
    predict returns them, as LogisticRegression's; [0, 1] without."""
    fitted, _ = _dask_fit(frame, 3)
    assert fitted.classes_.tolist() == single.classes_.tolist() == ["no", "yes"]
    X = frame.drop(columns=["approved"])
    X = X[(single.decision_records(X)["status"] == "ok").to_numpy()]  # no missing income
    assert np.array_equal(fitted.predict(X, random_state=2), single.predict(X, random_state=2))
    assert np.array_equal(fitted.predict_proba(X), single.predict_proba(X))
    # The positive value first among the sorted ones: the columns follow classes_.
    first = tfd.DaskLogisticRegression().fit(
        dd.from_pandas(frame, npartitions=3, sort=False), "approved", sensitive_features="sex",
        pos_label="no")
    assert first.classes_.tolist() == ["no", "yes"]
    assert np.array_equal(first.predict_proba(X)[:, 0], first.decision_probability(X))
    numbers = frame.assign(approved=(frame["approved"] == "yes").astype(int))
    plain = tfd.DaskLogisticRegression().fit(
        dd.from_pandas(numbers, npartitions=3, sort=False), "approved", sensitive_features="sex")
    assert plain.classes_.tolist() == [0, 1]
