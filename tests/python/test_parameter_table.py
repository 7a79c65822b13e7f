"""Every parameter of every estimator is checked at fit: a value outside its
range raises a ValueError that names the Python parameter (never a flag of
the command line) and prints no data; the estimator is not fitted."""
import re

import numpy as np
import pandas as pd
import pytest

import tinyfair
from tinyfair.noisy_groups import NoisyGroupsClassifier
from tinyfair.postprocessing import (HardtPostprocessing, RandomizedThresholdOptimizer,
                                     RejectOption, ShiftInference)
from tinyfair.preprocessing import MaxEntDebiaser
from tinyfair.reductions import ExponentiatedGradient, FairRegression

NAN, INF = float("nan"), float("inf")

# estimator class -> [(parameter, out-of-range values)]
COMMON_TRAIN = [("l2", [-1.0, NAN, INF]), ("max_iter", [-1, 2.5, "ten"]),
                ("min_category_count", [-1, 0.5]), ("use_sensitive", ["yes", 2]),
                ("unknown_group", ["drop", "fallback:"]), ("model_id", ["m" * 32, 7]),
                ("strict", ["no"]), ("verbose", ["no"]), ("categorical", [3]),
                ("numeric", [3])]
COMMON_POST = [("min_group_size", [-1, 2.5, NAN]), ("small_groups", ["drop"]),
               ("score_kind", ["logit"]), ("strict", ["no"]), ("merge_groups", [3])]
TABLE = {
    tinyfair.LogisticRegression: COMMON_TRAIN,
    tinyfair.FairRobustLogLoss: COMMON_TRAIN + [("constraint", ["parity"])],
    ExponentiatedGradient: COMMON_TRAIN + [("constraint", ["sp"]), ("epsilon", [-1.0, NAN]),
                                           ("bound", [-0.5])],
    FairRegression: COMMON_TRAIN + [("constraint", ["dp"]), ("grid_size", [0, 5000]),
                                    ("gap_tolerance", [-1.0]), ("regression_loss", ["hinge"]),
                                    ("sp_slack", [(2.0,), (-0.1,)])],
    NoisyGroupsClassifier: COMMON_TRAIN + [("method", ["robust"]), ("constraint", ["dp"]),
                                           ("adversary", ["greedy"]),
                                           ("learning_rate", [-0.1])],
    RandomizedThresholdOptimizer: COMMON_POST + [
        ("rho", [2.0, -0.5, NAN, "half"]), ("gamma", [0.0, -1.0, NAN]),
        ("epsilon", [-0.5, 2.0]), ("constraint", ["equal-pay"]), ("solver", ["adam"]),
        ("sgd_steps", [-1, 0.5]), ("seed", [-1, 2**64, 1.5]), ("gamma_grid", [(), (0.0,)]),
        ("rho_offsets", [(), (3.0,)]), ("max_validation_gap", [-0.1, 1.5]),
        ("verbose", ["no"])],
    HardtPostprocessing: COMMON_POST + [("constraint", ["parity"])],
    RejectOption: COMMON_POST + [("bias_target", [-0.1, 1.5, NAN])],
    ShiftInference: COMMON_POST + [("source_prior", [0.0, 1.0, -0.2, NAN])],
    MaxEntDebiaser: [("tau", [0.0, 1.5, NAN]), ("prior_weight", [-0.1, 1.5]),
                     ("prior", ["x"]), ("theta", ["x"]), ("solver", ["lbfgs"]),
                     ("sampler", ["x"]), ("gradient_tolerance", [-1.0, NAN]),
                     ("max_iter", [-1, 1.5]), ("n_rows", [-1, 2.5]),
                     ("random_state", [-1, "seven"]), ("strict", ["no"])],
}
CASES = [(estimator, name, value) for estimator, parameters in TABLE.items()
         for name, values in parameters for value in values]


def data(rows=400, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=rows)
    frame = pd.DataFrame({"x": x, "colour": rng.choice(["crimson", "teal", "ochre"], size=rows),
                          "group": rng.choice(["a", "b"], size=rows)},
                         index=pd.RangeIndex(70000, 70000 + rows))
    label = pd.Series((x + rng.normal(size=rows) > 0).astype(int), index=frame.index,
                      name="label")
    return frame, label


def fit(estimator):
    X, y = data()
    if isinstance(estimator, FairRegression):
        y = ((X["x"] - X["x"].min()) / (X["x"].max() - X["x"].min())).rename("label")
    kwargs = {}
    if isinstance(estimator, (RandomizedThresholdOptimizer, HardtPostprocessing, RejectOption,
                              ShiftInference)):
        X = X.drop(columns="colour").assign(score=1 / (1 + np.exp(-X["x"])))
        kwargs["scores"] = "score"
    if isinstance(estimator, RandomizedThresholdOptimizer) and estimator.rho == "auto":
        kwargs["validation"] = (X, y)
    return estimator.fit(X, y, sensitive_features="group", **kwargs)


def case_id(case):
    estimator, name, value = case
    return f"{estimator.__name__}-{name}={value!r}"


@pytest.mark.parametrize("estimator_class, name, value", CASES,
                         ids=[case_id(c) for c in CASES])
def test_an_out_of_range_parameter_is_refused_naming_it(estimator_class, name, value):
    estimator = estimator_class(**{name: value})  # never checked at construction
    assert estimator.get_params()[name] is value or estimator.get_params()[name] == value
    with pytest.raises(ValueError) as error:
        fit(estimator)
    message = str(error.value)
    assert re.match(rf"{name}\b", message), message
    assert "--" not in message, message
    assert "crimson" not in message and "7000" not in message, message  # no data
    assert not hasattr(estimator, "model_")


@pytest.mark.parametrize("estimator_class", list(TABLE), ids=lambda c: c.__name__)
def test_the_defaults_fit(estimator_class):
    """The table's data fit with every default: the refusals above are the parameter's."""
    estimator = estimator_class()
    if isinstance(estimator, NoisyGroupsClassifier):
        estimator.set_params(max_iter=20)
    if isinstance(estimator, RejectOption):
        estimator.set_params(unprivileged="group=a")
    fit(estimator)
