"""tinyfair: fair, randomized, auditable decisions on microcontrollers.

Fit a model under a fairness constraint (or make an existing scikit-learn
model fair), check it, and export the sealed model.pb the device loads. Every
decision made here is made by the device's own runtime code through the same
PRNG, so a seed gives the same decisions as ``tinyfair simulate`` and the
device. See docs/python.md.
"""
from ._core import DataError, ModelError, TinyfairError
from ._frames import read_csv
from .models import codegen, inspect, load

__all__ = ["DataError", "ModelError", "TinyfairError", "codegen", "inspect", "load", "read_csv"]
