"""What fit makes of its inputs without copying them: X is left as it was
(the label joins a shallow copy), and classes_ are y's distinct values as
np.unique gives them (for a column of str, from the distinct str the core
finds)."""
import numpy as np
import pandas as pd
import pytest

import tinyfair
from tinyfair import _deciding
from tinyfair.postprocessing import RandomizedThresholdOptimizer

DISTINCT_CASES = [
    np.array(["b", "a", "b", "c", "a"], dtype=object),
    np.array(["é", "e", "".join(["é"])], dtype=object),  # equal text, distinct objects
    np.array([], dtype=object),
    np.array(["b", None, "a"], dtype=object),  # None: np.unique decides (TypeError)
    np.array(["b", 1.5, "a"], dtype=object),
    np.array([1, 0, 1]),
    np.array([2.5, np.nan, 1.0]),
]


@pytest.mark.parametrize("values", DISTINCT_CASES, ids=range(len(DISTINCT_CASES)))
def test_distinct_sorted_is_np_unique(values):
    try:
        expected = np.unique(values)
    except TypeError:
        with pytest.raises(TypeError):
            _deciding._distinct_sorted(values)
        return
    found = _deciding._distinct_sorted(values)
    assert found.dtype == expected.dtype
    np.testing.assert_array_equal(found, expected)


def test_fit_leaves_x_and_y_as_they_were(adult_cli_models, adult_parts):
    scorer = tinyfair.load(adult_cli_models["model.json"])
    fit = tinyfair.read_csv(adult_parts["fit"])
    validation = tinyfair.read_csv(adult_parts["validation"])
    X, y = fit.drop(columns="Y"), fit["Y"]
    X_val, y_val = validation.drop(columns="Y"), validation["Y"]
    before = X.copy(), y.copy(), X_val.copy()
    rto = RandomizedThresholdOptimizer(scorer).fit(X, y, sensitive_features="sex",
                                                   pos_label=">50K", validation=(X_val, y_val))
    assert list(X.columns) == list(before[0].columns) and "Y" not in X.columns
    pd.testing.assert_frame_equal(X, before[0])
    pd.testing.assert_series_equal(y, before[1])
    pd.testing.assert_frame_equal(X_val, before[2])
    assert rto.classes_.tolist() == ["<=50K", ">50K"]
