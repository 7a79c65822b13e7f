"""The estimators follow scikit-learn's conventions, and each fits the model
the CLI's command fits on the same data (the library's one fit)."""
import json

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.utils import estimator_checks

import tinyfair
from conftest import run
from tinyfair.noisy_groups import NoisyGroupsClassifier
from tinyfair.postprocessing import (HardtPostprocessing, RandomizedThresholdOptimizer,
                                     RejectOption, ShiftInference)
from tinyfair._training import COMMON_OPTIONS
from tinyfair.reductions import ExponentiatedGradient, FairRegression

ESTIMATORS = [tinyfair.LogisticRegression, tinyfair.FairRobustLogLoss, ExponentiatedGradient,
              FairRegression, NoisyGroupsClassifier, RandomizedThresholdOptimizer,
              HardtPostprocessing, RejectOption, ShiftInference]

# scikit-learn's checks that apply to an estimator whose fit needs
# sensitive_features: those of construction and parameters. Every other
# check calls fit(X, y) without them and is left out (docs/python.md).
APPLICABLE_CHECKS = ["check_parameters_default_constructible", "check_get_params_invariance",
                     "check_set_params", "check_no_attributes_set_in_init",
                     "check_estimators_unfitted", "check_estimator_get_tags_default_keys"]


@pytest.mark.parametrize("estimator_class", ESTIMATORS, ids=lambda c: c.__name__)
def test_clone_round_trips_every_parameter(estimator_class):
    estimator = estimator_class()
    params = estimator.get_params()
    assert params, "an estimator without parameters"
    copy = clone(estimator)
    assert copy.get_params() == params
    changed = {name: value for name, value in params.items()
               if isinstance(value, (int, float)) and not isinstance(value, bool)}
    name = sorted(changed)[0]
    copy.set_params(**{name: changed[name] + 1})
    assert clone(copy).get_params()[name] == changed[name] + 1


@pytest.mark.parametrize("estimator_class", ESTIMATORS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("check", APPLICABLE_CHECKS)
def test_scikit_learn_checks(estimator_class, check):
    getattr(estimator_checks, check)(estimator_class.__name__, estimator_class())


def test_defaults_are_the_librarys():
    assert tinyfair.LogisticRegression().l2 == tinyfair._core.TrainOptions().l2
    # The shared parameters: each an option the library binds, its default
    # the one TrainOptions starts with, and its help the CLI's.
    shared = {o["name"]: o for o in tinyfair._core.shared_train_options()}
    library = tinyfair._core.TrainOptions()
    estimator = tinyfair.LogisticRegression()
    for parameter, name in COMMON_OPTIONS.items():
        assert shared[name]["help"], name
        if parameter != "model_id":
            value = getattr(library, name.replace("-", "_"))
            assert getattr(estimator, parameter) == (tuple(value) if isinstance(value, list)
                                                     else value), parameter
    assert RandomizedThresholdOptimizer().gamma == tinyfair._core.PostprocessOptions().fit.rto.gamma
    methods = {m["name"]: m for m in tinyfair._core.train_methods()}
    for option in methods["reduction"]["options"]:
        name = option["name"].replace("-", "_")
        assert str(getattr(ExponentiatedGradient(), name)).lower() in (
            option["default"].lower(), repr(float(option["default"])) if option["kind"] == "number"
            else option["default"]), name


@pytest.fixture(scope="module")
def hiring(cli, tmp_path_factory):
    """The CLI's synthetic hiring data (label hired, groups in `group`)."""
    work = tmp_path_factory.mktemp("hiring")
    run([cli, "demo", "--rows", 3000, "--seed", 7, "--parts", "train=0.6,fit=0.4",
         "--out-dir", work])
    return {part: work / f"{part}.csv" for part in ("train", "fit")}


def cli_model(cli, args, out):
    run([cli, *args, "--out", out])
    return tinyfair.load(out).model_.to_json()


@pytest.mark.parametrize("estimator,args", [
    (tinyfair.LogisticRegression(reweigh=True), ["--method", "logistic", "--reweigh"]),
    (ExponentiatedGradient(constraint="eodds", max_iter=20),
     ["--method", "reduction", "--constraint", "eodds", "--iterations", "20"]),
    (tinyfair.FairRobustLogLoss(constraint="dp", max_iter=200),
     ["--method", "frll", "--constraint", "dp", "--iterations", "200"]),
    (NoisyGroupsClassifier(method="dro", max_iter=50, noise_rate=0.2),
     ["--method", "dro", "--iterations", "50", "--noise-rate", "0.2"]),
], ids=["logistic", "reduction", "frll", "dro"])
def test_train_estimators_fit_the_clis_model(cli, hiring, tmp_path, estimator, args):
    data = tinyfair.read_csv(hiring["train"])
    expected = cli_model(cli, ["train", "--data", hiring["train"], "--label", "hired",
                               "--sensitive", "group", *args], tmp_path / "cli.json")
    estimator.fit(data.drop(columns="hired"), data["hired"], sensitive_features="group")
    assert estimator.model_.to_json() == expected


def test_sample_weight_fits_the_clis_weight_column(cli, hiring, tmp_path):
    data = tinyfair.read_csv(hiring["train"])
    weighted = tmp_path / "weighted.csv"
    data.assign(w=1.0 + (np.arange(len(data)) % 4) * 0.5).to_csv(weighted, index=False)
    data = tinyfair.read_csv(weighted)
    expected = cli_model(cli, ["train", "--data", weighted, "--label", "hired", "--sensitive",
                               "group", "--weight-column", "w"], tmp_path / "cli.json")
    X = data.drop(columns=["hired", "w"])
    estimator = tinyfair.LogisticRegression().fit(X, data["hired"], sensitive_features="group",
                                                  sample_weight=data["w"].to_numpy())
    assert estimator.model_.to_json() == expected
    unweighted = tinyfair.LogisticRegression().fit(X, data["hired"], sensitive_features="group")
    assert unweighted.model_.to_json() != expected


def test_sample_weight_is_refused_where_the_library_refuses_it(hiring):
    data = tinyfair.read_csv(hiring["train"])
    X, y = data.drop(columns="hired"), data["hired"]
    with pytest.raises(tinyfair.TinyfairError, match=r"^sample_weight: method reduction takes no row weights; logistic does$"):
        ExponentiatedGradient().fit(X, y, sensitive_features="group", sample_weight=np.ones(len(X)))
    weights = np.ones(len(X))
    weights[3] = -1.0
    with pytest.raises(tinyfair.TinyfairError, match="a row weight must be a finite number >= 0"):
        tinyfair.LogisticRegression().fit(X, y, sensitive_features="group", sample_weight=weights)
    with pytest.raises(tinyfair.TinyfairError, match="one weight a row"):
        tinyfair.LogisticRegression().fit(X, y, sensitive_features="group",
                                          sample_weight=np.ones(3))


@pytest.mark.parametrize("estimator,args", [
    (HardtPostprocessing(constraint="eodds"), ["--method", "hardt-eo"]),
    (RejectOption(bias_target=0.05), ["--method", "roc", "--bias-target", "0.05"]),
    (ShiftInference(), ["--method", "shift"]),
    (RandomizedThresholdOptimizer(gamma=0.2, rho=0.3), ["--method", "rto", "--gamma", "0.2",
                                                         "--rho", "0.3"]),
    (RandomizedThresholdOptimizer(constraint="conditional", strata="region", min_group_size=30),
     ["--method", "rto", "--strata", "region", "--min-group-size", "30"]),
    (RandomizedThresholdOptimizer(constraint="covariance", epsilon=0.01),
     ["--method", "rto", "--covariance", "--epsilon", "0.01"]),
], ids=["hardt-eo", "roc", "shift", "rto", "rto-conditional", "rto-covariance"])
def test_postprocessors_fit_the_clis_model(cli, hiring, tmp_path, estimator, args):
    scorer_path = tmp_path / "scorer.json"
    run([cli, "train", "--data", hiring["train"], "--label", "hired", "--sensitive", "group",
         "--out", scorer_path])
    expected = cli_model(cli, ["postprocess", "--model", scorer_path, "--data", hiring["fit"],
                               "--label", "hired", *args], tmp_path / "cli.json")
    fit = tinyfair.read_csv(hiring["fit"])
    estimator.set_params(estimator=tinyfair.load(scorer_path))
    estimator.fit(fit.drop(columns="hired"), fit["hired"], sensitive_features="group")
    assert estimator.model_.to_json() == expected


def test_postprocessing_scores_of_any_model(cli, hiring, tmp_path):
    """Scores given as values post-process as a CSV score column does."""
    fit = tinyfair.read_csv(hiring["fit"])
    rng = np.random.default_rng(0)
    fit["score"] = np.round(rng.uniform(size=len(fit)), 6)
    path = tmp_path / "scores.csv"
    fit.to_csv(path, index=False)
    expected = cli_model(cli, ["postprocess", "--data", path, "--score-column", "score",
                               "--sensitive", "group", "--label", "hired", "--rho", "0.4"],
                         tmp_path / "cli.json")
    frame = tinyfair.read_csv(path)
    rto = RandomizedThresholdOptimizer(rho=0.4).fit(
        frame.drop(columns=["hired"]), frame["hired"], sensitive_features="group", scores="score")
    assert json.loads(rto.model_.to_json()) == json.loads(expected)


def test_numpy_arrays_as_data(hiring):
    """A 2-D array and the groups as an array fit and decide like the frame."""
    data = tinyfair.read_csv(hiring["train"])
    numeric = ["test_score", "experience", "manager_rating"]
    frame_model = tinyfair.LogisticRegression().fit(
        data[numeric].set_axis(["x0", "x1", "x2"], axis=1).assign(sensitive=data["group"]),
        data["hired"].to_numpy(), sensitive_features="sensitive")
    array_model = tinyfair.LogisticRegression().fit(
        data[numeric].to_numpy(), data["hired"].to_numpy(),
        sensitive_features=data["group"].to_numpy())
    assert array_model.sensitive_features_ == ["sensitive"]
    assert array_model.model_.group_names == frame_model.model_.group_names
    decided = array_model.predict(data[numeric].to_numpy(),
                                  sensitive_features=data["group"].to_numpy(), random_state=4)
    assert decided.shape == (len(data),)
    assert np.array_equal(decided, frame_model.predict(
        data[numeric].set_axis(["x0", "x1", "x2"], axis=1).assign(sensitive=data["group"]),
        random_state=4))


def test_a_fit_leaves_no_option_behind_for_the_next(cli, hiring, tmp_path):
    """Options are per fit: a default fit after one with a noise rate is the CLI's default."""
    data = tinyfair.read_csv(hiring["train"])
    X, y = data.drop(columns="hired"), data["hired"]
    NoisyGroupsClassifier(method="dro", max_iter=30, noise_rate=0.3).fit(
        X, y, sensitive_features="group")
    # dro needs a noise rate (or model): the earlier fit's must not stand in for it.
    with pytest.raises(ValueError, match="needs exactly one of noise_rate"):
        NoisyGroupsClassifier(method="dro", max_iter=30).fit(X, y, sensitive_features="group")
    later = NoisyGroupsClassifier(method="naive", max_iter=30).fit(X, y, sensitive_features="group")
    expected = cli_model(cli, ["train", "--data", hiring["train"], "--label", "hired",
                               "--sensitive", "group", "--method", "naive", "--iterations", "30"],
                         tmp_path / "cli.json")
    assert later.model_.to_json() == expected
