"""The README's Adult steps done in Python write the CLI's model.pb, byte for
byte, and decide as `tinyfair simulate` does with the same seed."""
import hashlib

import tinyfair
from conftest import run
from tinyfair.postprocessing import RandomizedThresholdOptimizer


def features_and_label(frame):
    return frame.drop(columns="Y"), frame["Y"]


def python_steps(parts):
    train, fit, validation = (tinyfair.read_csv(parts[p]) for p in ("train", "fit", "validation"))
    scorer = tinyfair.LogisticRegression().fit(*features_and_label(train),
                                               sensitive_features="sex", pos_label=">50K")
    return scorer, RandomizedThresholdOptimizer(scorer).fit(
        *features_and_label(fit), sensitive_features="sex", pos_label=">50K",
        validation=features_and_label(validation))


def test_python_steps_write_the_clis_model_pb(adult_parts, adult_cli_models, tmp_path):
    scorer, fair = python_steps(adult_parts)
    assert scorer.model_.to_json() == tinyfair.load(adult_cli_models["model.json"]).model_.to_json()
    written = fair.export(tmp_path / "model.pb")
    expected = adult_cli_models["model.pb"].read_bytes()
    assert hashlib.sha256(written).hexdigest() == hashlib.sha256(expected).hexdigest()


def test_python_predict_equals_simulate_row_for_row(cli, adult_parts, adult_cli_models, tmp_path):
    _, fair = python_steps(adult_parts)
    log = tmp_path / "decisions.csv"
    run([cli, "simulate", "--model", adult_cli_models["model.pb"], "--data", adult_parts["test"],
         "--seed", 2024, "--out", log])
    test = tinyfair.read_csv(adult_parts["test"])
    X, _ = features_and_label(test)
    decided = [line.split(",")[6] for line in log.read_text().splitlines()[1:]]
    # predict returns y's values (classes_), the positive one where the log has 1.
    assert fair.classes_.tolist() == ["<=50K", ">50K"]
    assert list(fair.predict(X, random_state=2024) == ">50K") == [d == "1" for d in decided]
    assert fair.decision_records(X, random_state=2024).attrs["log"] == log.read_text()
