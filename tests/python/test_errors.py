"""Bad input raises a ValueError subclass with the CLI's located message;
nothing crashes the interpreter, and nothing the caller holds is changed."""
import numpy as np
import pandas as pd
import pytest

import tinyfair
from tinyfair.postprocessing import RandomizedThresholdOptimizer


def frame(rows=400, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=rows)
    return pd.DataFrame({
        "x": x,
        "colour": rng.choice(["red", "green", "blue"], size=rows),
        "group": rng.choice(["a", "b"], size=rows),
        "label": (x + rng.normal(size=rows) > 0).astype(int),
    })


@pytest.fixture(scope="module")
def fitted():
    data = frame()
    model = tinyfair.LogisticRegression().fit(data.drop(columns="label"), data["label"],
                                              sensitive_features="group")
    return model, data


def test_nan_input_is_refused_by_the_runtime_naming_the_row(fitted):
    model, data = fitted
    X = data.drop(columns="label").copy()
    X.loc[5, "x"] = np.nan
    with pytest.raises(tinyfair.DataError, match=r"non_finite_input: 1; row 5\)"):
        model.predict(X, random_state=1)
    records = model.decision_records(X, random_state=1)
    assert records["status"][5] == "non_finite_input"
    assert (records["status"].drop(index=5) == "ok").all()


def test_inf_in_training_data_is_refused_with_its_index_label(fitted):
    _, data = fitted
    X = data.drop(columns="label").copy()
    X.loc[3, "x"] = np.inf
    with pytest.raises(tinyfair.DataError, match="DataFrame, row 3: column .x.: not a finite number"):
        tinyfair.LogisticRegression().fit(X, data["label"], sensitive_features="group")
    assert np.isinf(X.loc[3, "x"])  # the caller's frame is untouched


def test_unknown_category_and_unknown_group(fitted):
    model, data = fitted
    X = data.drop(columns="label").copy()
    X.loc[0, "colour"] = "purple"
    with pytest.raises(tinyfair.DataError, match="unknown_category"):
        model.predict(X, random_state=1)
    X = data.drop(columns="label").copy()
    X.loc[0, "group"] = "c"
    with pytest.raises(tinyfair.DataError, match="'c'"):
        model.predict(X, random_state=1)


def test_a_group_without_fitting_rows_is_refused(fitted):
    model, data = fitted
    only_a = data[data["group"] == "a"]
    with pytest.raises(tinyfair.TinyfairError, match="group"):
        RandomizedThresholdOptimizer(model, rho=0.5).fit(
            only_a.drop(columns="label"), only_a["label"], sensitive_features="group")


def test_wrong_dtype_and_mismatched_lengths(fitted):
    _, data = fitted
    X = data.drop(columns="label").copy()
    X["x"] = X["x"].astype(complex)
    with pytest.raises(tinyfair.TinyfairError, match="'x'"):
        tinyfair.LogisticRegression().fit(X, data["label"], sensitive_features="group")
    with pytest.raises(tinyfair.TinyfairError, match="399 labels for 400 rows"):
        tinyfair.LogisticRegression().fit(data.drop(columns="label"), data["label"][:-1].to_numpy(),
                                          sensitive_features="group")
    with pytest.raises(tinyfair.TinyfairError, match="3 values for the 400 rows"):
        tinyfair.LogisticRegression().fit(data[["x"]], data["label"],
                                          sensitive_features=np.array(["a", "b", "a"]))
    with pytest.raises(tinyfair.TinyfairError, match="not among X's columns"):
        tinyfair.LogisticRegression().fit(data[["x"]], data["label"], sensitive_features="sex")


def test_labels_that_are_not_0_1_need_pos_label(fitted):
    _, data = fitted
    y = data["label"].map({0: "no", 1: "yes"})
    with pytest.raises(tinyfair.DataError, match="not 0/1|0/1"):
        tinyfair.LogisticRegression().fit(data.drop(columns="label"), y,
                                          sensitive_features="group")
    model = tinyfair.LogisticRegression().fit(data.drop(columns="label"), y,
                                              sensitive_features="group", pos_label="yes")
    decided = model.predict(data.drop(columns="label"), random_state=1)
    assert set(decided) == {"no", "yes"}  # y's values, as classes_
    assert (decided == "yes").sum() > 0


def test_unfitted_and_bad_options():
    with pytest.raises(ValueError, match="not fitted"):
        tinyfair.LogisticRegression().predict(frame(), random_state=1)
    data = frame()
    with pytest.raises(tinyfair.TinyfairError, match="constraint"):
        RandomizedThresholdOptimizer(constraint="equal-pay").fit(
            data.drop(columns="label"), data["label"], sensitive_features="group",
            scores=np.linspace(0, 1, len(data)))
    with pytest.raises(tinyfair.TinyfairError, match="scores"):
        RandomizedThresholdOptimizer().fit(data.drop(columns="label"), data["label"],
                                           sensitive_features="group")
    with pytest.raises(ValueError):
        tinyfair.reductions.ExponentiatedGradient(constraint="sp").fit(
            data.drop(columns="label"), data["label"], sensitive_features="group")
    with pytest.raises(ValueError, match="random_state"):
        tinyfair.LogisticRegression().fit(data.drop(columns="label"), data["label"],
                                          sensitive_features="group").predict(
            data.drop(columns="label"), random_state="seven")


def test_every_error_is_a_value_error():
    for error in (tinyfair.TinyfairError, tinyfair.DataError, tinyfair.ModelError,
                  tinyfair.FitNotAccepted, tinyfair.ConversionError):
        assert issubclass(error, ValueError)
