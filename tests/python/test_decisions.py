"""Decisions from Python are the runtime's: a seed gives the log `tinyfair
simulate` writes with that seed, byte for byte."""
import numpy as np
import pytest

import tinyfair
from conftest import run


@pytest.mark.parametrize("seed,stream", [(1, 0), (2024, 0), (7, 3)])
def test_decision_log_equals_simulate(cli, adult_parts, adult_cli_models, tmp_path, seed, stream):
    log = tmp_path / "decisions.csv"
    run([cli, "simulate", "--model", adult_cli_models["model.pb"], "--data", adult_parts["test"],
         "--seed", seed, "--stream", stream, "--out", log])
    model = tinyfair.load(adult_cli_models["model.pb"])
    test = tinyfair.read_csv(adult_parts["test"])
    records = model.decision_records(test, random_state=seed, stream=stream)
    assert records.attrs["log"] == log.read_text()
    predicted = model.predict(test, random_state=seed, stream=stream)
    assert (predicted == records["positive"].astype(int)).all()
    assert predicted.sum() > 0 and predicted.sum() < len(predicted)


def test_equal_seeds_equal_decisions_other_seeds_other_draws(adult_parts, adult_cli_models):
    model = tinyfair.load(adult_cli_models["model.pb"])
    test = tinyfair.read_csv(adult_parts["test"])
    first = model.decision_records(test, random_state=11)
    again = model.decision_records(test, random_state=11)
    other = model.decision_records(test, random_state=12)
    assert first.equals(again)
    assert (first["draw"] != other["draw"]).mean() > 0.99
    # The probabilities do not depend on the seed.
    assert np.array_equal(first["probability"], other["probability"])


def test_a_numpy_generator_seeds_the_draws(adult_parts, adult_cli_models):
    model = tinyfair.load(adult_cli_models["model.pb"])
    test = tinyfair.read_csv(adult_parts["test"])
    a = model.predict(test, random_state=np.random.default_rng(5))
    b = model.predict(test, random_state=np.random.default_rng(5))
    assert np.array_equal(a, b)


def test_decision_probability_is_the_rules(adult_parts, adult_cli_models):
    model = tinyfair.load(adult_cli_models["model.pb"])
    test = tinyfair.read_csv(adult_parts["test"])
    records = model.decision_records(test, random_state=1)
    probability = model.decision_probability(test)
    assert np.array_equal(probability, records["probability"].astype(np.float64))
    # A ramp rule: some rows strictly inside (0, 1).
    assert ((probability > 0) & (probability < 1)).any()
    # The realised outcome is the draw against the probability bound.
    bound = np.floor(records["probability"].to_numpy(np.float64) * 2.0**32)
    assert np.array_equal(records["positive"].to_numpy(), records["draw"].to_numpy() < bound)
