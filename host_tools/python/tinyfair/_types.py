"""The types the public methods' hints name: what the estimators take in."""
import os
from typing import Any, Optional, Sequence, Union

import numpy as np

# A DataFrame, a 2-D array or what numpy makes one of (rows by columns).
ArrayLike = Any
# Column name(s) of X, or the groups' values: a Series, a DataFrame or an array.
SensitiveFeatures = Union[str, Sequence[str], Any]
# The PCG32 seed, a numpy generator to draw it from, or None for a fresh one.
RandomState = Optional[Union[int, np.random.Generator]]
# Where a file is written.
PathLike = Optional[Union[str, os.PathLike]]
