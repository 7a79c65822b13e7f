"""MaxEntDebiaser draws the synthetic rows `tinyfair debias-data` writes for
the same data, --rows and --seed, and reports what its --report-out and
--params-out say; it follows scikit-learn's conventions and refuses bad
input with a ValueError."""
import csv
import json

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.exceptions import NotFittedError
from sklearn.utils import estimator_checks

import tinyfair
from conftest import run
from tinyfair.preprocessing import MaxEntDebiaser

# The maxent pipeline test's schema (tests/host/cli/maxent_pipeline_test.sh).
AGE_EDGES = [20, 30, 40, 50, 60, 70]
EDUCATION_EDGES = [6, 7, 8, 9, 10, 11, 12, 13]
CLI_SCHEMA = ["--label", "Y", "--positive", ">50K", "--protected", "sex", "--categorical", "race",
              "--bins", "age=" + ",".join(map(str, AGE_EDGES)),
              "--bins", "education-num=" + ",".join(map(str, EDUCATION_EDGES))]
# Other settings than the defaults, so that every option reaches the fit.
VARIANTS = {
    "defaults": ([], {}),
    "sequential": (["--sampler", "sequential", "--prior", "d", "--theta", "b", "--tau", "0.8",
                    "--prior-weight", "0.3"],
                   {"sampler": "sequential", "prior": "d", "theta": "b", "tau": 0.8,
                    "prior_weight": 0.3}),
}


@pytest.fixture(scope="module")
def adult_slice(adult_parts):
    """A tenth of Adult (the split's validation part): a fit of a second."""
    return adult_parts["validation"]


def debiaser(**params):
    """The CLI_SCHEMA's estimator, with `params` over it."""
    schema = {"categorical": ["race"],
              "bins": {"age": AGE_EDGES, "education-num": EDUCATION_EDGES}}
    return MaxEntDebiaser(**{**schema, **params})


def fitted(path, **params):
    frame = tinyfair.read_csv(path)
    return debiaser(**params).fit(frame.drop(columns="Y"), frame["Y"], sensitive_features="sex",
                                  pos_label=">50K")


def cli_debias(cli, path, work, flags):
    """The CLI's synthetic rows (CSV text rows with the header), report and
    parameters."""
    run([cli, "debias-data", "--data", path, *CLI_SCHEMA, *flags, "--out", work / "synthetic.csv",
         "--report-out", work / "report.json", "--params-out", work / "params.json"])
    with open(work / "synthetic.csv", newline="") as file:
        rows = list(csv.reader(file))
    return (rows, json.loads((work / "report.json").read_text()),
            json.loads((work / "params.json").read_text()))


def text_rows(columns):
    """The core's columns as CSV rows with the header."""
    names = [name for name, _ in columns]
    return [names] + [list(row) for row in zip(*(cells for _, cells in columns))]


def without_timing(report):
    return {key: value for key, value in report.items() if key != "solve_seconds"}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_rows_report_and_params_equal_the_clis(cli, adult_slice, tmp_path, variant):
    flags, params = VARIANTS[variant]
    rows, report, cli_params = cli_debias(cli, adult_slice, tmp_path,
                                          [*flags, "--rows", "700", "--seed", "7"])
    estimator = fitted(adult_slice, n_rows=700, random_state=7, **params)
    columns, _, _ = tinyfair._core.maxent_sample(estimator.maxent_, 700, 7)
    assert text_rows(columns) == rows
    assert without_timing(estimator.report_) == without_timing(report)
    assert estimator.params_ == cli_params


def test_one_fit_samples_as_each_seed_of_the_cli(cli, adult_slice, tmp_path):
    estimator = fitted(adult_slice)
    for rows, seed in ((300, 11), (0, 12)):
        work = tmp_path / f"seed{seed}"
        work.mkdir()
        cli_rows, _, _ = cli_debias(cli, adult_slice, work, ["--rows", str(rows), "--seed",
                                                             str(seed)])
        sample = estimator.sample(n_rows=rows or None, random_state=seed)
        expected = tinyfair.read_csv(work / "synthetic.csv")
        assert list(sample.columns) == cli_rows[0]
        assert len(sample) == len(cli_rows) - 1
        assert sample.equals(expected.astype(sample.dtypes.to_dict())), seed
        # Numbers as float64 (the 0/1 label), intervals and categories as text.
        assert sample["Y"].dtype == np.float64 and sample["age"].dtype == object
    # n_rows None: as many rows as the data.
    assert len(estimator.sample(random_state=12)) == estimator.report_["rows"]


def test_synthetic_rates_are_the_samples(adult_slice):
    """report_'s rates of the synthetic rows, recomputed from fit_sample's
    frame."""
    estimator = debiaser(n_rows=2000, random_state=3)
    frame = tinyfair.read_csv(adult_slice)
    sample = estimator.fit_sample(frame.drop(columns="Y"), frame["Y"], sensitive_features="sex",
                                  pos_label=">50K")
    assert len(sample) == 2000
    synthetic = estimator.report_["synthetic"]
    shares = sample["sex"].value_counts(normalize=True)
    positive = sample.groupby("sex")["Y"].mean()
    for group in ("Male", "Female"):
        assert synthetic[f"share_{group}"] == pytest.approx(shares[group], abs=1e-12)
        assert synthetic[f"positive_rate_{group}"] == pytest.approx(positive[group], abs=1e-12)
    assert synthetic["representation_rate"] == pytest.approx(shares.min() / shares.max())
    assert synthetic["statistical_rate"] == pytest.approx(positive.min() / positive.max())
    # The exact distribution meets tau = 1 where the data does not.
    assert estimator.report_["maxent_exact"]["representation_rate"] == pytest.approx(1, abs=1e-8)
    assert estimator.report_["raw"]["statistical_rate"] < 0.5
    # The same seed draws the same rows again; another seed others.
    assert sample.equals(estimator.sample())
    assert not sample.equals(estimator.sample(random_state=4))


def test_clone_round_trips_every_parameter():
    estimator = debiaser(tau=0.9, n_rows=10)
    params = estimator.get_params()
    assert clone(estimator).get_params() == params
    copy = clone(estimator).set_params(tau=0.7, sampler="sequential")
    assert clone(copy).get_params() == {**params, "tau": 0.7, "sampler": "sequential"}


@pytest.mark.parametrize("check", ["check_parameters_default_constructible",
                                   "check_get_params_invariance", "check_set_params",
                                   "check_no_attributes_set_in_init"])
def test_scikit_learn_checks(check):
    getattr(estimator_checks, check)("MaxEntDebiaser", MaxEntDebiaser())


def test_defaults_are_the_librarys():
    options, estimator = tinyfair._core.DebiasOptions(), MaxEntDebiaser()
    for parameter, field in (("tau", "tau"), ("prior_weight", "prior_weight"),
                             ("prior", "prior"), ("theta", "theta"), ("solver", "solver"),
                             ("sampler", "sampler"), ("max_iter", "max_iterations"),
                             ("gradient_tolerance", "gradient_tolerance"),
                             ("random_state", "seed"), ("strict", "strict")):
        assert getattr(estimator, parameter) == getattr(options, field), parameter


@pytest.mark.parametrize("params, fit_args, message", [
    ({"tau": 0}, {}, "must be in"),
    ({"theta": "x"}, {}, "not one of"),
    ({"n_rows": -1}, {}, "n_rows"),
    ({"categorical": ["sex"]}, {"sensitive_features": "race"}, "exactly two values"),
    ({}, {"sensitive_features": ["sex", "race"]}, "one binary column"),
    ({"bins": {"age": [10, 20]}}, {}, "never takes the value"),
])
def test_bad_input_raises_a_value_error(adult_slice, params, fit_args, message):
    frame = tinyfair.read_csv(adult_slice)
    args = {"sensitive_features": "sex", "pos_label": ">50K", **fit_args}
    with pytest.raises(ValueError, match=message) as raised:
        debiaser(**params).fit(frame.drop(columns="Y"), frame["Y"], **args)
    assert isinstance(raised.value, tinyfair.TinyfairError)


def test_sample_before_fit_raises():
    with pytest.raises(NotFittedError):
        MaxEntDebiaser().sample()
