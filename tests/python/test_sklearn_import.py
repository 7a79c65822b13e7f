"""tinyfair.sklearn_import: fitted scikit-learn pipelines as tinyfair models.

The runtime's scores come from the CLI named by TINYFAIR_CLI (`tinyfair
simulate`, the runtime itself), compared with scikit-learn's own scores;
group layouts are compared with models `tinyfair train` writes. Tests that
need the CLI are skipped when TINYFAIR_CLI is unset; the Adult test also
needs ../shared/datasets/adult next to the repository.

Run: ctest -R python.sklearn_import, or TINYFAIR_CLI=build/host/host_tools/tinyfair
     PYTHONPATH=build/host/python python3 -m pytest -q tests/python/test_sklearn_import.py
"""

import json
import os
import pathlib
import struct
import subprocess

import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.impute import SimpleImputer
from sklearn.linear_model import (LogisticRegression, Ridge, RidgeClassifier,
                                  SGDClassifier)
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures, StandardScaler
from sklearn.svm import LinearSVC

REPO = pathlib.Path(__file__).resolve().parents[2]
ADULT = REPO.parent / "shared" / "datasets" / "adult"


import tinyfair  # noqa: E402
from tinyfair import sklearn_import  # noqa: E402
ConversionError = sklearn_import.ConversionError
model_json_from_sklearn = sklearn_import.model_json_from_sklearn

# float32 scores against scikit-learn's float64 ones.
TOLERANCE = 1e-6


def _cli():
    cli = os.environ.get("TINYFAIR_CLI")
    if not cli:
        pytest.skip("TINYFAIR_CLI is unset: set it to a tinyfair CLI binary to compare the "
                    "runtime's scores with scikit-learn's")
    return cli


def _run(args):
    result = subprocess.run(args, capture_output=True, text=True)
    assert result.returncode == 0, f"{' '.join(map(str, args))}\n{result.stderr}"
    return result.stdout


def _runtime_scores(cli, model_json, csv_path, tmp_path):
    """The runtime's score and 0/1 decision for every row, from simulate's
    decision log (score_bits: the float32's bits in hexadecimal)."""
    model_path = tmp_path / "model.json"
    model_path.write_text(model_json)
    log_path = tmp_path / "decisions.csv"
    _run([cli, "simulate", "--model", model_path, "--data", csv_path, "--seed", "1",
          "--out", log_path])
    log = pd.read_csv(log_path, dtype=str)
    assert (log["status"] == "00").all(), log["status"].value_counts()
    scores = np.array([struct.unpack(">f", bytes.fromhex(bits))[0] for bits in log["score_bits"]])
    return scores, log["positive"].astype(int).to_numpy()


def _synthetic(seed=7, rows=400):
    """Categorical, numeric and sensitive columns, with a label that depends
    on them. Numbers are multiples of 1/64, so the CSV text, float32 and
    float64 all hold the same value."""
    rng = np.random.default_rng(seed)
    frame = pd.DataFrame({
        "colour": rng.choice(["red", "green", "blue"], rows),
        "size": np.round(rng.normal(3.0, 1.5, rows) * 64) / 64,
        "sex": rng.choice(["F", "M"], rows),
        "weight": np.round(rng.normal(-1.0, 0.5, rows) * 64) / 64,
        "band": rng.choice([1, 2, 10], rows),
        "shape": rng.choice(["round", "square"], rows),
    })
    margin = (0.8 * (frame["size"] - 3.0) - 1.2 * (frame["weight"] + 1.0)
              + (frame["colour"] == "red") - 0.5 * (frame["sex"] == "F")
              + rng.normal(0.0, 1.0, rows))
    frame["y"] = (margin > 0).astype(int)
    return frame


def _frame_csv(frame, tmp_path, name="data.csv"):
    path = tmp_path / name
    frame.to_csv(path, index=False)
    return path


def _prep(encoder=None, **options):
    encoder = encoder or OneHotEncoder()
    return ColumnTransformer([("cat", encoder, ["colour", "sex", "shape"]),
                              ("num", StandardScaler(), ["size", "weight"])], **options)


def _sklearn_score(pipeline, X):
    estimator = pipeline.steps[-1][1] if isinstance(pipeline, Pipeline) else pipeline
    if isinstance(estimator, LogisticRegression):
        return pipeline.predict_proba(X)[:, 1]
    if isinstance(estimator, Ridge):
        return pipeline.predict(X)
    return pipeline.decision_function(X)


def _check_scores(pipeline, frame, tmp_path, sensitive="sex", test_frame=None):
    """Converts, runs the runtime on test_frame (default: frame) and compares
    scores and decisions with scikit-learn's. Returns the model as a dict."""
    cli = _cli()
    X = frame.drop(columns="y")
    model_json = model_json_from_sklearn(pipeline, sensitive, X=X)
    test = frame if test_frame is None else test_frame
    scores, positive = _runtime_scores(cli, model_json, _frame_csv(test, tmp_path), tmp_path)
    expected = _sklearn_score(pipeline, test.drop(columns="y"))
    difference = np.max(np.abs(scores - expected))
    print(f"max |runtime - scikit-learn| = {difference:.3g} (scores up to "
          f"{np.max(np.abs(expected)):.3g})")
    assert difference <= TOLERANCE
    model = json.loads(model_json)
    threshold = model["threshold"]["threshold"][0]
    np.testing.assert_array_equal(positive, (expected >= threshold).astype(int))
    return model


ESTIMATORS = {
    "logistic": lambda: LogisticRegression(),
    "logistic-multinomial": lambda: LogisticRegression(multi_class="multinomial"),
    "linear-svc": lambda: LinearSVC(C=0.5, max_iter=20000, random_state=0),
    "sgd": lambda: SGDClassifier(alpha=0.01, random_state=0),
    "ridge-classifier": lambda: RidgeClassifier(),
    "ridge": lambda: Ridge(alpha=1.0),
}


@pytest.mark.parametrize("kind", sorted(ESTIMATORS))
def test_runtime_score_equals_sklearn_for_each_estimator(kind, tmp_path):
    frame = _synthetic()
    pipeline = Pipeline([("prep", _prep()), ("clf", ESTIMATORS[kind]())])
    pipeline.fit(frame.drop(columns="y"), frame["y"])
    model = _check_scores(pipeline, frame, tmp_path)
    link = "LOGISTIC" if kind.startswith("logistic") else "IDENTITY"
    assert model["scorer"]["link"] == link
    # predict decides as the threshold does.
    predicted = pipeline.predict(frame.drop(columns="y"))
    expected = (predicted >= 0.5) if kind == "ridge" else (predicted == 1)
    score = _sklearn_score(pipeline, frame.drop(columns="y"))
    np.testing.assert_array_equal(expected, score >= model["threshold"]["threshold"][0])


ENCODINGS = {
    "drop-first": lambda: Pipeline([("prep", _prep(OneHotEncoder(drop="first"))),
                                    ("clf", LogisticRegression())]),
    "drop-if-binary": lambda: Pipeline([("prep", _prep(OneHotEncoder(drop="if_binary"))),
                                        ("clf", LogisticRegression())]),
    "given-categories": lambda: Pipeline([
        ("prep", _prep(OneHotEncoder(categories=[["red", "blue", "green", "violet"], ["M", "F"],
                                                 ["square", "round"]]))),
        ("clf", LogisticRegression())]),
    "scaler-options": lambda: Pipeline([
        ("prep", ColumnTransformer([("cat", OneHotEncoder(), ["colour", "sex", "shape"]),
                                    ("centre", StandardScaler(with_std=False), ["size"]),
                                    ("scale", StandardScaler(with_mean=False), ["weight"])])),
        ("clf", LinearSVC(max_iter=20000, random_state=0))]),
    "passthrough-and-remainder": lambda: Pipeline([
        # Columns by position and by a slice of names, which the fitted
        # names resolve.
        ("prep", ColumnTransformer([("cat", OneHotEncoder(), [0, 2]),
                                    ("raw", "passthrough", slice("size", "size")),
                                    ("gone", "drop", ["shape"])], remainder="passthrough")),
        ("clf", LogisticRegression())]),
    "selector-and-scaled-features": lambda: Pipeline([
        ("prep", ColumnTransformer(
            [("cat", OneHotEncoder(), make_column_selector(dtype_include=object)),
             ("num", Pipeline([("a", StandardScaler()), ("b", "passthrough")]),
              ["size", "weight"])])),
        ("scale", StandardScaler()),
        ("clf", LogisticRegression())]),
}


@pytest.mark.parametrize("kind", sorted(ENCODINGS))
def test_runtime_score_equals_sklearn_for_each_encoding(kind, tmp_path):
    frame = _synthetic()
    pipeline = ENCODINGS[kind]()
    pipeline.fit(frame.drop(columns="y"), frame["y"])
    _check_scores(pipeline, frame, tmp_path)


def test_unknown_categories_score_as_sklearn_ignores_them(tmp_path):
    frame = _synthetic()
    pipeline = Pipeline([("prep", _prep(OneHotEncoder(handle_unknown="ignore"))),
                         ("clf", LogisticRegression())])
    pipeline.fit(frame.drop(columns="y"), frame["y"])
    test = _synthetic(seed=8, rows=60)
    test.loc[::3, "colour"] = "violet"  # never seen in training
    model = _check_scores(pipeline, frame, tmp_path, test_frame=test)
    colour = next(i for i in model["inputs"] if i["name"] == "colour")
    assert colour["categories"] == ["blue", "green", "red", "(other)"]
    assert colour["last_category_is_other"]
    # A group attribute keeps no "other" category: unknown groups are refused.
    sex = next(i for i in model["inputs"] if i["name"] == "sex")
    assert sex["categories"] == ["F", "M"] and not sex["last_category_is_other"]


def test_sensitive_column_outside_the_pipeline_takes_categories_from_x(tmp_path):
    frame = _synthetic()
    X = frame.drop(columns="y")
    pipeline = Pipeline([("prep", ColumnTransformer([("cat", OneHotEncoder(), ["colour"]),
                                                     ("num", StandardScaler(), ["size"])])),
                         ("clf", LogisticRegression())])
    pipeline.fit(X, frame["y"])
    model = _check_scores(pipeline, frame, tmp_path, sensitive="band")
    band = next(i for i in model["inputs"] if i["name"] == "band")
    # As the CLI sorts CSV text, not as numbers.
    assert band["categories"] == ["1", "10", "2"]
    index = [i["name"] for i in model["inputs"]].index("band")
    assert model["scorer"]["weights"][index] == 0
    assert model["groups"]["group_names"] == ["band=1", "band=10", "band=2"]


def test_bare_estimator_on_numeric_columns(tmp_path):
    frame = _synthetic()
    X = frame[["size", "weight"]]
    estimator = LogisticRegression().fit(X, frame["y"])
    cli = _cli()
    model_json = model_json_from_sklearn(estimator, "sex", X=frame.drop(columns="y"))
    scores, _ = _runtime_scores(cli, model_json, _frame_csv(frame, tmp_path), tmp_path)
    assert np.max(np.abs(scores - estimator.predict_proba(X)[:, 1])) <= TOLERANCE


def test_reference_rates_are_the_runtimes_positive_rates(tmp_path):
    cli = _cli()
    frame = _synthetic()
    pipeline = Pipeline([("prep", _prep()), ("clf", LogisticRegression())]).fit(
        frame.drop(columns="y"), frame["y"])
    model_path = tmp_path / "model.json"
    model_path.write_text(model_json_from_sklearn(pipeline, "sex", X=frame.drop(columns="y")))
    report = json.loads(_run([cli, "evaluate", "--model", model_path, "--data",
                              _frame_csv(frame, tmp_path), "--label", "y", "--json"]))
    rates = [group["positive_rate"] for group in report["groups"]]
    model = json.loads(model_path.read_text())
    np.testing.assert_allclose(model["reference_positive_rate"], rates, atol=1e-6)
    _run([cli, "export", "--model", model_path, "--out", tmp_path / "model.pb"])
    assert (tmp_path / "model.pb").stat().st_size > 0


def test_reference_rates_are_decided_in_float32_as_the_device_decides(tmp_path):
    """A row whose float64 margin is just below 0 but whose float32 margin
    (the device reads x as a float32) is 0, so the device decides it
    positive: the reference rate counts it, as simulate's decisions do."""
    just_below = 0.1 - 1e-12
    X = pd.DataFrame({"x": [just_below, just_below, 0.0, just_below, 0.0],
                      "g": ["a", "b", "b", "a", "a"]})
    estimator = LinearSVC().fit(X[["x"]], [0, 1, 0, 1, 0])
    estimator.coef_, estimator.intercept_ = np.array([[1.0]]), np.array([-0.1])
    assert (estimator.decision_function(X[["x"]]) < 0).all()  # scikit-learn: all negative
    model_json = model_json_from_sklearn(estimator, "g", X=X)
    model = json.loads(model_json)
    np.testing.assert_allclose(model["reference_positive_rate"], [2 / 3, 1 / 2], rtol=1e-7)
    assert "reference rates the runtime's decisions on 5 rows of X" in model["provenance"]
    # The same rates as simulate's decisions on the same rows.
    cli = _cli()
    _, positive = _runtime_scores(cli, model_json, _frame_csv(X, tmp_path), tmp_path)
    rates = [positive[(X["g"] == g).to_numpy()].mean() for g in ("a", "b")]
    np.testing.assert_allclose(model["reference_positive_rate"], rates, rtol=1e-7)


def test_without_x_the_model_still_decides_and_says_rates_are_unmeasured(tmp_path):
    cli = _cli()
    frame = _synthetic()
    pipeline = Pipeline([("prep", _prep()), ("clf", RidgeClassifier())]).fit(
        frame.drop(columns="y"), frame["y"])
    model_json = model_json_from_sklearn(pipeline, "sex", model_id="ridge-from-sklearn")
    model = json.loads(model_json)
    assert model["reference_positive_rate"] == [0, 0]
    assert "reference rates not measured" in model["provenance"]
    assert model["model_id"] == "ridge-from-sklearn"
    scores, _ = _runtime_scores(cli, model_json, _frame_csv(frame, tmp_path), tmp_path)
    expected = pipeline.decision_function(frame.drop(columns="y"))
    assert np.max(np.abs(scores - expected)) <= TOLERANCE


def test_intersectional_groups_are_the_clis(tmp_path):
    cli = _cli()
    frame = _synthetic()
    csv_path = _frame_csv(frame, tmp_path)
    X = frame.drop(columns="y")
    pipeline = Pipeline([
        ("prep", ColumnTransformer([("cat", OneHotEncoder(), ["colour", "sex", "band", "shape"]),
                                    ("num", StandardScaler(), ["size", "weight"])])),
        ("clf", LogisticRegression())]).fit(X, frame["y"])
    ours = json.loads(model_json_from_sklearn(pipeline, ["sex", "band"], X=X))
    trained_path = tmp_path / "trained.json"
    _run([cli, "train", "--data", csv_path, "--label", "y", "--sensitive", "sex,band",
          "--categorical", "band", "--out", trained_path])
    trained = json.loads(trained_path.read_text())
    assert ours["groups"] == trained["groups"]
    assert len(ours["groups"]["group_names"]) == 6
    # The same inputs, laid out as train lays them out.
    assert list(ours) == list(trained)
    for field in ("groups", "scorer", "threshold", "dimensions"):
        assert list(ours[field]) == list(trained[field])
    assert ours["dimensions"] == trained["dimensions"]
    for mine, theirs in zip(ours["inputs"], trained["inputs"]):
        assert (mine["name"], mine["kind"], mine["categories"]) == (
            theirs["name"], theirs["kind"], theirs["categories"])
        assert list(mine) == list(theirs)
    assert len(ours["inputs"]) == len(trained["inputs"])
    assert (ours["schema_major"], ours["schema_minor"]) == (
        trained["schema_major"], trained["schema_minor"])


def _read_adult(name):
    # The CLI trims unquoted cells and keeps '?' as a category of its own
    # in a categorical column: skipinitialspace and no NA parsing do the same.
    return pd.read_csv(ADULT / name, skipinitialspace=True, keep_default_na=False, na_values=[])


def test_adult_pipeline_scores_within_tolerance(tmp_path):
    cli = _cli()
    if not (ADULT / "adult.data").exists():
        pytest.skip(f"Adult data not found at {ADULT} (../shared/datasets/adult)")
    train, test = _read_adult("adult.data"), _read_adult("adult.test")
    X = train.drop(columns="Y")
    categorical = [c for c in X.columns if X[c].dtype == object]
    numeric = [c for c in X.columns if c not in categorical]
    pipeline = Pipeline([
        ("prep", ColumnTransformer([("cat", OneHotEncoder(handle_unknown="ignore"), categorical),
                                    ("num", StandardScaler(), numeric)])),
        ("clf", LogisticRegression(max_iter=1000))]).fit(X, train["Y"] == ">50K")
    model_json = model_json_from_sklearn(pipeline, "sex", X=X)
    scores, positive = _runtime_scores(cli, model_json, ADULT / "adult.test", tmp_path)
    expected = pipeline.predict_proba(test.drop(columns="Y"))[:, 1]
    difference = np.max(np.abs(scores - expected))
    print(f"Adult test part: max |runtime - scikit-learn| = {difference:.3g} over {len(test)} rows")
    assert difference <= TOLERANCE
    np.testing.assert_array_equal(positive, pipeline.predict(test.drop(columns="Y")).astype(int))


# ---------------------------------------------------------------------------
# Refusals: each names the step it cannot map.


def _fitted(steps):
    frame = _synthetic()
    return Pipeline(steps).fit(frame.drop(columns="y"), frame["y"]), frame.drop(columns="y")


def _refusal(pipeline, X=None, sensitive="sex"):
    with pytest.raises(ConversionError) as caught:
        model_json_from_sklearn(pipeline, sensitive, X=X)
    return str(caught.value)


def test_conversion_error_is_a_value_error():
    assert issubclass(ConversionError, ValueError)
    assert issubclass(ConversionError, tinyfair.TinyfairError)


def test_refuses_an_imputer_naming_the_transformer():
    pipeline, X = _fitted([
        ("prep", ColumnTransformer([("cat", OneHotEncoder(), ["colour", "sex"]),
                                    ("num", SimpleImputer(), ["size"])])),
        ("clf", LogisticRegression())])
    message = _refusal(pipeline, X)
    assert message.startswith("step 'prep' > transformer 'num' (SimpleImputer): not a linear map")


def test_refuses_polynomial_features_naming_the_step():
    pipeline, X = _fitted([("prep", _prep()), ("poly", PolynomialFeatures()),
                           ("clf", LogisticRegression())])
    assert _refusal(pipeline, X).startswith("step 'poly' (PolynomialFeatures): not a linear map")


def test_refuses_an_imputer_inside_a_nested_pipeline():
    pipeline, X = _fitted([
        ("prep", ColumnTransformer([
            ("cat", OneHotEncoder(), ["colour", "sex"]),
            ("num", Pipeline([("fill", SimpleImputer()), ("scale", StandardScaler())]),
             ["size"])])),
        ("clf", LogisticRegression())])
    assert _refusal(pipeline, X).startswith(
        "step 'prep' > transformer 'num' > step 'fill' (SimpleImputer)")


def test_refuses_a_multiclass_model():
    frame = _synthetic()
    label = pd.cut(frame["size"], 3, labels=False)
    pipeline = Pipeline([("prep", _prep()), ("clf", LogisticRegression())]).fit(
        frame.drop(columns="y"), label)
    message = _refusal(pipeline, frame)
    assert message.startswith("step 'clf' (LogisticRegression): a multi-class model (3 classes)")


def test_refuses_an_unfitted_pipeline():
    pipeline = Pipeline([("prep", _prep()), ("clf", LogisticRegression())])
    assert "(LogisticRegression): not fitted" in _refusal(pipeline)


def test_refuses_an_estimator_it_cannot_ship():
    from sklearn.tree import DecisionTreeClassifier

    pipeline, X = _fitted([("prep", _prep()), ("tree", DecisionTreeClassifier())])
    assert _refusal(pipeline, X).startswith("step 'tree' (DecisionTreeClassifier): not an "
                                            "estimator tinyfair can ship")


def test_an_estimator_fitted_on_an_array_names_its_inputs_x0_x1():
    """Taken as it is, its inputs named as tinyfair names an array's
    columns; the device's scores are scikit-learn's."""
    import tinyfair

    frame = _synthetic()
    array = frame[["size", "weight"]].to_numpy()
    estimator = LogisticRegression().fit(array, frame["y"])
    X = pd.DataFrame(array, columns=["x0", "x1"]).assign(sex=frame["sex"].to_numpy())
    model = tinyfair.from_sklearn(estimator, "sex", X=X)
    inputs = [i["name"] for i in json.loads(model.model_.to_json())["inputs"]]
    assert inputs == ["x0", "x1", "sex"]
    assert np.allclose(model.decision_records(X, random_state=1)["score"],
                       estimator.predict_proba(array)[:, 1], atol=1e-5)
    unfitted = LogisticRegression()
    assert "not fitted" in _refusal(unfitted, X)


def test_refuses_a_sensitive_column_without_categories():
    pipeline, X = _fitted([("prep", ColumnTransformer([("num", StandardScaler(), ["size"])])),
                           ("clf", LogisticRegression())])
    assert _refusal(pipeline).startswith("sensitive feature 'sex': is not encoded by the "
                                         "pipeline, so its categories must come from data")
    assert _refusal(pipeline, X, sensitive="size").startswith(
        "sensitive feature 'size': is a numeric input")


def test_refuses_float_categories():
    frame = _synthetic()
    frame["level"] = frame["band"].astype(float)
    pipeline = Pipeline([("prep", ColumnTransformer([("cat", OneHotEncoder(), ["level", "sex"])])),
                         ("clf", LogisticRegression())]).fit(frame.drop(columns="y"), frame["y"])
    message = _refusal(pipeline, frame)
    assert message.startswith("step 'prep' > transformer 'cat' (OneHotEncoder): column 'level'")
    assert "cast the column to str" in message


def test_refuses_a_model_id_the_device_cannot_hold():
    pipeline, X = _fitted([("prep", _prep()), ("clf", LogisticRegression())])
    with pytest.raises(ConversionError, match="model_id"):
        model_json_from_sklearn(pipeline, "sex", X=X, model_id="x" * 32)
    with pytest.raises(ConversionError, match="model_id: empty"):
        model_json_from_sklearn(pipeline, "sex", X=X, model_id="")


def test_refuses_a_weight_beyond_float32():
    """The library folds the estimator and refuses a weight no float32
    holds; the refusal is the pipeline's, a ConversionError."""
    pipeline, X = _fitted([("prep", _prep()), ("clf", LinearSVC())])
    pipeline.named_steps["clf"].coef_ = pipeline.named_steps["clf"].coef_ * 1e300
    with pytest.raises(ConversionError, match="does not fit a float32"):
        model_json_from_sklearn(pipeline, "sex", X=X)


def test_names_from_data_reach_the_model_as_they_are_or_are_refused():
    """A category is stored as its text, quotes, line breaks and shell
    characters included (whatever writes it escapes it); text that is not
    UTF-8 cannot be a model's name and is refused naming the step."""
    for name in ('a"b\nc', "$(touch x); `id`", "é"):
        X = pd.DataFrame({"c": [name, "ok", name, "ok"], "s": ["F", "M", "M", "F"]})
        pipeline = Pipeline([("prep", ColumnTransformer([("cat", OneHotEncoder(), ["c"])])),
                             ("clf", LogisticRegression())]).fit(X, [0, 1, 1, 0])
        model = json.loads(model_json_from_sklearn(pipeline, "c", X=X))
        assert sorted(model["inputs"][0]["categories"]) == sorted([name, "ok"])
        assert f"c={name}" in model["groups"]["group_names"]
    X = pd.DataFrame({"c": ["\ud800", "ok", "\ud800", "ok"], "s": ["F", "M", "M", "F"]})
    pipeline = Pipeline([("prep", ColumnTransformer([("cat", OneHotEncoder(), ["c"])])),
                         ("clf", LogisticRegression())]).fit(X, [0, 1, 1, 0])
    assert _refusal(pipeline, X, sensitive="s").startswith(
        "step 'prep' > transformer 'cat' (OneHotEncoder): column 'c': category '\\ud800' is not "
        "UTF-8 text")
