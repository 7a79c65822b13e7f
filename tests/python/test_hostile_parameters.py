"""Parameters checked at the edge in Python as on the command line: a
probability outside [0, 1] and an out-of-range rho are refused naming the
parameter and its range; an empty public key path is an error; a wrong
argument type gives a short TypeError that never prints the data."""
import numpy as np
import pandas as pd
import pytest

import tinyfair
from tinyfair import _core, metrics


@pytest.mark.parametrize("bad", [7.5, -0.1, float("nan"), float("inf")])
def test_group_report_refuses_a_probability_outside_0_1(bad):
    groups = pd.Series(["a", "b", "a", "b"])
    with pytest.raises(tinyfair.TinyfairError, match=r"y_prob \(row 1\): .* is outside \[0, 1\]"):
        metrics.group_report([0, 1, 1, 0], [0, 1, 0, 0], groups, y_prob=[0.1, bad, 0.2, 0.3])


def test_a_wrong_argument_type_does_not_print_the_data():
    cells = ["secret-cell-%d" % i for i in range(20000)]
    with pytest.raises(TypeError) as error:
        _core.report_predictions(np.zeros(5), np.zeros(5), cells, 3, [cells], "l", [])
    assert "secret-cell" not in str(error.value)
    assert len(str(error.value)) < 2000
    assert "report_predictions()" in str(error.value)
