"""The train estimators are classes a reader and tools can open: a class
statement each, a signature with type hints whose parameters and defaults
are the library's option binding (so a default written in the class, or an
option of the library missing from it, fails here), and a numpydoc
docstring naming every parameter with its default and the fitted
attributes fit sets."""
import inspect
import re

import numpy as np
import pandas as pd
import pytest

import tinyfair
from tinyfair.noisy_groups import NoisyGroupsClassifier
from tinyfair.reductions import ExponentiatedGradient, FairRegression

# Each class and the train methods it fits.
CLASSES = {
    tinyfair.LogisticRegression: ["logistic"],
    tinyfair.FairRobustLogLoss: ["frll"],
    ExponentiatedGradient: ["reduction"],
    FairRegression: ["fair-regression"],
    NoisyGroupsClassifier: ["naive", "dro", "soft-groups"],
}
# The parameters every train method shares: TrainOptions' fields.
COMMON_FIELDS = {"l2": "l2", "max_iter": "iterations", "min_category_count": "min_category_count",
                 "use_sensitive": "use_sensitive", "unknown_group": "unknown_group",
                 "categorical": "categorical", "numeric": "numeric", "strict": "strict"}


def library_value(option):
    """An option's default text as the Python value the parameter takes."""
    text, kind = option["default"], option["kind"]
    return {"flag": lambda: text == "true", "number": lambda: float(text),
            "integer": lambda: int(text), "count": lambda: int(text),
            "numbers": lambda: tuple(float(v) for v in text.split(",") if v),
            "texts": lambda: tuple(v for v in text.split(",") if v)}.get(kind, lambda: text)()


def library_defaults(methods):
    """parameter -> default, as the library's binding gives them."""
    described = {m["name"]: m for m in tinyfair._core.train_methods()}
    options = tinyfair._core.TrainOptions()
    defaults = {"sensitive_features": None}  # the package's own: the groups' column(s) in X
    if len(methods) > 1:
        defaults["method"] = methods[0]
    if described[methods[0]]["constraints"]:
        defaults["constraint"] = described[methods[0]]["constraints"][0]
    for parameter, field in COMMON_FIELDS.items():
        value = getattr(options, field)
        defaults[parameter] = tuple(value) if isinstance(value, list) else value
    defaults["model_id"] = None
    defaults["verbose"] = True  # the package's own parameter: the progress bar
    for method in methods:
        for option in described[method]["options"]:
            defaults[option["name"].replace("-", "_")] = library_value(option)
    return defaults


def signature_defaults(estimator_class):
    parameters = inspect.signature(estimator_class).parameters.values()
    return {p.name: p.default for p in parameters}


def documented_parameters(estimator_class):
    """name -> default text, from the docstring's Parameters section."""
    doc = inspect.getdoc(estimator_class)
    section = doc.split("Parameters\n----------\n", 1)[1].split("\n\n", 1)[0]
    return dict(re.findall(r"^(\w+) : [^\n]*?, default=(.+)$", section, re.MULTILINE))


@pytest.mark.parametrize("estimator_class,methods", CLASSES.items(),
                         ids=[c.__name__ for c in CLASSES])
def test_signature_is_the_librarys_options_and_defaults(estimator_class, methods):
    assert signature_defaults(estimator_class) == library_defaults(methods)


@pytest.mark.parametrize("estimator_class", CLASSES, ids=lambda c: c.__name__)
def test_a_class_statement_with_type_hints(estimator_class):
    source = inspect.getsource(estimator_class)
    assert source.startswith(f"class {estimator_class.__name__}(")
    init = inspect.signature(estimator_class.__init__)
    unhinted = [p.name for p in init.parameters.values()
                if p.name != "self" and p.annotation is inspect.Parameter.empty]
    assert unhinted == []
    for method in ("fit", "predict"):
        hints = inspect.signature(getattr(estimator_class, method))
        assert hints.return_annotation is not inspect.Signature.empty, method


@pytest.mark.parametrize("estimator_class", CLASSES, ids=lambda c: c.__name__)
def test_docstring_names_every_parameter_with_its_default(estimator_class):
    documented = documented_parameters(estimator_class)
    defaults = signature_defaults(estimator_class)
    assert list(documented) == list(defaults)
    assert documented == {name: repr(value) for name, value in defaults.items()}


def small_hiring_frame(rows=400, seed=3):
    generator = np.random.default_rng(seed)
    group = generator.choice(["a", "b"], rows)
    x = generator.normal(size=rows) + (group == "a")
    y = (x + generator.normal(size=rows) > 0.5).astype(int)
    return pd.DataFrame({"x": x, "group": group}), y


def test_docstring_attributes_are_what_fit_sets():
    X, y = small_hiring_frame()
    estimator = tinyfair.LogisticRegression().fit(X, y, sensitive_features="group")
    doc = inspect.getdoc(tinyfair.LogisticRegression)
    section = doc.split("Attributes\n----------\n", 1)[1]
    attributes = re.findall(r"^(\w+_) : ", section, re.MULTILINE)
    assert attributes == ["model_", "sensitive_features_", "feature_names_in_", "n_features_in_",
                          "classes_"]
    for name in attributes:
        assert getattr(estimator, name) is not None, name
    assert estimator.n_features_in_ == 2
    assert estimator.sensitive_features_ == ["group"]
