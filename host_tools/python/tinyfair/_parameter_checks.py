"""Checks of the parameters the library does not check itself: the ones a
Python value must pass before it can become an option (a whole number for a
count, True or False for a flag, names for a list of columns). Each refusal
names the parameter and its range; the ranges of the library's own options
are checked by the library (fit/parameter_ranges.h), for both front ends."""
import math
import numbers

import numpy as np

from . import _core

# The largest count a library option holds (uint32), and a seed (uint64).
MAX_COUNT = 2**32 - 1
MAX_SEED = 2**64 - 1


def _range_text(low, high):
    return f"[{low}, {high}]"


def check_whole(name, value, low, high):
    """value an int in [low, high] (an integral float such as 5.0 too)."""
    integral = isinstance(value, (numbers.Integral, np.integer)) or (
        isinstance(value, (float, np.floating)) and math.isfinite(value) and value == int(value))
    if isinstance(value, (bool, np.bool_)) or not integral:
        raise _core.TinyfairError(f"{name}: a whole number in {_range_text(low, high)}, "
                                  f"got {value!r}")
    if not low <= int(value) <= high:
        raise _core.TinyfairError(f"{name}: {int(value)} is outside {_range_text(low, high)}")
    return int(value)


def check_flag(name, value):
    if not isinstance(value, (bool, np.bool_)):
        raise _core.TinyfairError(f"{name}: True or False, got {value!r}")
    return bool(value)


def check_choice(name, value, choices):
    if not isinstance(value, str) or value not in choices:
        raise _core.TinyfairError(f"{name}: one of {' | '.join(choices)}, got {value!r}")
    return value


def check_names(name, value):
    """A list of column names (one name as a list of one)."""
    if isinstance(value, str):
        return [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise _core.TinyfairError(f"{name}: column names (a list of str), got "
                                  f"{type(value).__name__}")
    return list(value)


def check_text(name, value):
    if not isinstance(value, str):
        raise _core.TinyfairError(f"{name}: a str, got {type(value).__name__}")
    return value


def check_real(name, value):
    """A real number (its range is the library's to check)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Real, np.floating)):
        raise _core.TinyfairError(f"{name}: a number, got {value!r}")
    return float(value)


def check_reals(name, value):
    """A sequence of real numbers (the grid's range is the library's to check)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise _core.TinyfairError(f"{name}: a sequence of numbers, got {type(value).__name__}")
    return [check_real(name, item) for item in value]
