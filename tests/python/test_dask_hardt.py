"""tinyfair.dask.DaskHardtPostprocessing on a LocalCluster of two worker
processes: the fit from merged partition histograms is the CLI's
`postprocess --stream --method hardt-eo` model bit for bit whatever the
partitioning, its decisions do not depend on the partitioning, and
docs/python.md's Hardt block runs as written."""
import json
import re

import dask.dataframe as dd
import numpy as np
import pytest

import tinyfair
import tinyfair.dask as tfd
from tinyfair import _core
from conftest import ADULT_LABEL, REPO, run, without_provenance


@pytest.fixture(scope="module")
def cli_streamed_hardt(cli, adult_parts, adult_cli_models):
    out = adult_parts["fit"].parent / "streamed_hardt_eo.json"
    result = run([cli, "postprocess", "--stream", "--method", "hardt-eo", "--model",
                  adult_cli_models["model.json"], "--data", adult_parts["fit"], *ADULT_LABEL,
                  "--out", out])
    assert "fitting accuracy within" in result.stderr
    return json.loads(out.read_text())


def _dask_fit(frame, partitions, scorer_path):
    scorer = tinyfair.load(scorer_path)
    ddf = dd.from_pandas(frame, npartitions=partitions, sort=False)
    assert ddf.npartitions == partitions
    return tfd.DaskHardtPostprocessing(scorer, constraint="eodds").fit(
        ddf, "Y", sensitive_features="sex", pos_label=">50K")


@pytest.mark.parametrize("partitions", [1, 3, 6])
def test_fit_is_the_clis_streamed_fit(client, fit_frame, adult_cli_models, cli_streamed_hardt,
                                      partitions):
    fitted = _dask_fit(fit_frame, partitions, adult_cli_models["model.json"])
    model = json.loads(fitted.model_.to_json())
    # Bit for bit: the two thresholds, their probabilities, the constant mix
    # and the reference rates as JSON numbers (shortest round-trip text).
    assert without_provenance(model) == without_provenance(cli_streamed_hardt)
    assert "two_threshold" in model
    assert "hardt-eo, streamed" in model["provenance"]


def test_histograms_count_each_groups_positives(fit_frame, adult_cli_models):
    """The merged summaries hold each group's labels as the rows do."""
    scorer = tinyfair.load(adult_cli_models["model.json"]).model_
    estimator = tfd.DaskHardtPostprocessing(scorer, constraint="eodds")
    estimator._scorer_groups = tinyfair.group_attributes(scorer)
    options = estimator._options(fit_frame, ["sex"], "Y", ">50K", "")
    model = _core.histogram_scoring_model(options, scorer)
    merged = _core.ScoreHistograms(len(model.group_names))
    for rows in np.array_split(np.arange(len(fit_frame)), 5):
        part, _, _ = _core.summarise_scores(model, "f", tfd._columns(fit_frame.iloc[rows]), "Y",
                                            [">50K"])
        merged.merge(_core.ScoreHistograms.parse(part.serialise()))
    # The rows the runtime decides (refused rows are left out of both).
    records = tinyfair.load(adult_cli_models["model.json"]).decision_records(fit_frame)
    decided = (records["status"] == "ok").to_numpy()
    positive = (fit_frame["Y"] == ">50K").to_numpy()
    for g in range(len(model.group_names)):
        in_group = decided & (records["group"].to_numpy() == g)
        assert merged.examples(g) == int(in_group.sum()) > 0
        assert merged.positives(g) == int((in_group & positive).sum()) > 0


def test_decisions_do_not_depend_on_partitioning(client, cli, fit_frame, adult_parts,
                                                 adult_cli_models, tmp_path):
    fitted = _dask_fit(fit_frame, 4, adult_cli_models["model.json"])
    model_path = tmp_path / "hardt.json"
    model_path.write_text(fitted.model_.to_json())
    log = tmp_path / "log.csv"
    run([cli, "simulate", "--model", model_path, "--data", adult_parts["test"], "--seed", "23",
         "--out", log])
    expected = log.read_text()
    test = tinyfair.read_csv(adult_parts["test"])
    for partitions in (1, 2, 5):
        ddf = dd.from_pandas(test, npartitions=partitions, sort=False)
        assert tfd.decision_log(fitted, ddf, random_state=23) == expected


def _docs_block():
    text = (REPO / "docs" / "python.md").read_text()
    section = text[text.index("## Hardt post-processing on a pandas frame and on a Dask frame"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_docs_example_runs(datasets, monkeypatch):
    """docs/python.md's Hardt block as written (its own cluster): both fits
    equalize the true and false positive rates they report, the histogram
    fit is at most as accurate as the fit on the scores themselves and
    within its stated bound, and the Dask decision log is the pandas
    estimator's for the same model."""
    monkeypatch.setenv("TINYFAIR_DATASETS", str(datasets))
    namespace = {}
    exec(compile(_docs_block(), "docs/python.md", "exec"), namespace)
    note = next(n for n in namespace["on_dask"].notes_ if "accuracy within" in n)
    bound = float(re.search(r"accuracy within (\S+) of the fit on the rows", note).group(1))
    accuracy = namespace["accuracy"]
    print(f"expected accuracy: pandas {accuracy['pandas']:.6f}, dask {accuracy['dask']:.6f}, "
          f"stated bound {bound:.3g}")
    # From the device's float probabilities: within 1e-4 of the fits' own.
    assert accuracy["dask"] <= accuracy["pandas"] + 1e-4
    assert accuracy["pandas"] - accuracy["dask"] <= bound + 1e-4
    for rates in namespace["rates"].values():
        assert np.ptp(rates["TPR"]) < 1e-4 and np.ptp(rates["FPR"]) < 1e-4


def test_classes_are_the_in_memory_estimators(client, fit_frame, adult_cli_models):
    """classes_ with pos_label: Y's two sorted values, as the in-memory
    post-processor's, so that predict returns them."""
    fitted = _dask_fit(fit_frame, 3, adult_cli_models["model.json"])
    X = fit_frame.drop(columns=["Y"])
    in_memory = tinyfair.postprocessing.HardtPostprocessing(
        tinyfair.load(adult_cli_models["model.json"]), constraint="eodds").fit(
        X, fit_frame["Y"], sensitive_features="sex", pos_label=">50K")
    assert fitted.classes_.tolist() == in_memory.classes_.tolist() == ["<=50K", ">50K"]
    decided = X[(fitted.decision_records(X)["status"] == "ok").to_numpy()]
    assert set(fitted.predict(decided, random_state=4)) == {"<=50K", ">50K"}
