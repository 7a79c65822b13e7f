"""A fitted scikit-learn linear pipeline as a tinyfair model.

model_json_from_sklearn() writes the protobuf JSON of a tinyfair.Model, laid
out as `tinyfair train` writes one, whose runtime score is the estimator's
own: predict_proba[:, 1] for LogisticRegression (LOGISTIC link), the margin
decision_function for LinearSVC, SGDClassifier and RidgeClassifier, and
predict for Ridge (IDENTITY link). The threshold rule decides as predict
does: p >= 0.5, margin >= 0, and Ridge's prediction >= 0.5 (the midpoint of
0/1 labels). An existing model can then be post-processed and shipped with
the CLI without being trained again.

Each feature the estimator weighs is made from one of the device's
inputs: a numeric input's raw value or one category's indicator, then
standard-scaled by each StandardScaler it passes. This module only reads
scikit-learn's objects: it hands the library (fit::ImportedLinearModel)
each feature's input and scalings, the estimator's coefficients and
intercept, and the names, and the library folds the estimator through the
features into one weight per input (in float64, each weight an exactly
rounded sum of its terms) and forms the model as `train` does: inputs in
X's column order, categories in the CLI's order, the groups, each weight
and the bias rounded to float32 once, and the reference rates. The numeric
inputs carry offset 0 and scale 1: the scaler lives in the weights (the
runtime folds offset and scale into the weights in float32 at load, so a
stored offset would only add roundings).

A pipeline fitted on a numpy array has inputs named as tinyfair names an
array's columns: x0, x1, ... (X then holds them under these names, or is
the array itself).

Accepted: a Pipeline (nested pipelines are flattened) whose preprocessing is
a ColumnTransformer (or a single transformer over every column) of
OneHotEncoder, StandardScaler, 'passthrough' and 'drop' (also as the
remainder, and pipelines of these), optionally followed by StandardScaler
steps, ending in a binary LogisticRegression, LinearSVC, SGDClassifier or
RidgeClassifier, or a single-output Ridge; or such an estimator alone,
fitted on a numeric DataFrame. Columns are named, or selected by position,
slice, mask or callable on a DataFrame (the fitted selection resolves to
its names). Everything else raises ConversionError, naming the step; so
does what the library refuses of the scorer (a model id that does not fit,
a weight beyond float32).

Categories are CSV text (str, int or bool values), sorted by the library
by their bytes as the CLI sorts them, so that groups are those of `tinyfair train --sensitive`
on the same data. handle_unknown='ignore' becomes a last category '(other)'
of weight 0 (Input.last_category_is_other), except on a group attribute,
whose unknown values are refused as unknown groups. scikit-learn's predict
is positive for p > 0.5 (margin > 0), the device for score >= threshold:
they differ only on an exact tie.

The reference rates are the runtime's: the library decides X's rows with
the model (float32 inputs and weights, as the device) and takes each
group's share of positive decisions.
"""

import numpy as np

from . import _core, _frames
from ._notes import emit_notes

# The CLI's name for the category that stands for values a model does not
# list (host_tools/data/input_encoder.h, kOtherCategory).
OTHER_CATEGORY = "(other)"


class ConversionError(_core.TinyfairError):
    """A pipeline, or a part of it, that tinyfair cannot ship as it is (a
    TinyfairError, so a ValueError)."""


def _refuse(where, message):
    raise ConversionError(f"{where}: {message}")


def _describe(where, estimator):
    return f"{where} ({type(estimator).__name__})"


def _require_fitted(where, estimator):
    from sklearn.exceptions import NotFittedError
    from sklearn.utils.validation import check_is_fitted

    try:
        check_is_fitted(estimator)
    except NotFittedError:
        _refuse(_describe(where, estimator), "not fitted; fit the pipeline before converting it")


# ---------------------------------------------------------------------------
# The device's inputs, as the steps find them.


class _Inputs:
    """The columns the device passes: numeric ones, and categorical ones with
    the categories the encoder knows and whether unknown values are ignored."""

    def __init__(self):
        self.numeric = []
        self.categorical = {}
        self.other = {}

    def add_numeric(self, where, column):
        if column in self.categorical:
            _refuse(where, f"column '{column}' is also one-hot encoded; tinyfair takes a column "
                    "either as a number or as categories")
        if column not in self.numeric:
            self.numeric.append(column)

    def add_categorical(self, where, column, categories, ignores_unknown):
        if column in self.numeric:
            _refuse(where, f"column '{column}' is also a numeric input; tinyfair takes a column "
                    "either as a number or as categories")
        known = self.categorical.get(column)
        if known is not None and (set(known) != set(categories)
                                  or self.other[column] != ignores_unknown):
            _refuse(where, f"column '{column}' is encoded twice with different categories")
        self.categorical[column] = list(categories)
        self.other[column] = ignores_unknown

    def columns(self):
        return self.numeric + list(self.categorical)


def _utf8_text(where, what, text):
    """A name the model stores: UTF-8 text, as every name in a model is."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        _refuse(where, f"{what} {text!r} is not UTF-8 text (a lone surrogate), which a model's "
                "names must be")
    return text


def _category_name(where, column, value):
    """The CSV text of a category, which the CLI compares cells with."""
    if isinstance(value, str):
        name = value
    elif isinstance(value, (bool, np.bool_)):
        name = str(bool(value))
    elif isinstance(value, (int, np.integer)):
        name = str(int(value))
    else:
        _refuse(where, f"column '{column}': category {value!r} is a {type(value).__name__}; the "
                "CLI matches categories with CSV text, in which a float or a missing value has "
                "no single spelling: cast the column to str (or int) before fitting")
    _utf8_text(where, f"column '{column}': category", name)
    if name != name.strip(" \t"):
        _refuse(where, f"column '{column}': category {name!r} has surrounding spaces, which the "
                "CLI trims from every CSV cell (read the CSV with skipinitialspace=True)")
    if name == OTHER_CATEGORY:
        _refuse(where, f"column '{column}' holds the value '{OTHER_CATEGORY}', the name tinyfair "
                "gives the category of unknown values")
    return name


# ---------------------------------------------------------------------------
# Features: what the estimator weighs, each made from one input.


class _Feature:
    """An input's raw value (category None) or one category's indicator,
    then the (mean, scale) of each StandardScaler it passes, in order."""

    def __init__(self, column, category=None, scalings=()):
        self.column = column
        self.category = category
        self.scalings = list(scalings)

    def scaled(self, mean, scale):
        return _Feature(self.column, self.category, self.scalings + [(mean, scale)])

    def described(self):
        feature = _core.ImportedFeature()
        feature.column = self.column
        feature.indicator = self.category is not None
        feature.category = self.category or ""
        feature.means = [mean for mean, _ in self.scalings]
        feature.scales = [scale for _, scale in self.scalings]
        return feature


def _column_names(where, columns, names_in):
    """A ColumnTransformer's column selection as column names."""
    if isinstance(columns, str):
        return [columns]
    if isinstance(columns, (int, np.integer)):
        columns = [columns]
    if isinstance(columns, slice) and isinstance(columns.start or columns.stop, str):
        if names_in is None:
            _refuse(where, "columns selected by a slice of names without the fitted names")
        names = [str(name) for name in names_in]
        # A slice of labels includes its end, as pandas slices them.
        start = names.index(columns.start) if columns.start is not None else 0
        stop = names.index(columns.stop) + 1 if columns.stop is not None else len(names)
        return names[start:stop:columns.step]
    if isinstance(columns, slice) or not all(isinstance(c, str) for c in columns):
        if names_in is None:
            _refuse(where, "columns given by position without names; fit on a pandas DataFrame "
                    "so that every input has a column name")
        selected = np.asarray(names_in, dtype=object)[columns]
        return [str(c) for c in np.atleast_1d(selected)]
    return list(columns)


def _one_hot_features(where, encoder, columns, inputs):
    _require_fitted(where, encoder)
    if getattr(encoder, "_infrequent_enabled", False):
        _refuse(_describe(where, encoder), "groups infrequent categories (min_frequency / "
                "max_categories), which tinyfair does not map; fit without them")
    if encoder.handle_unknown not in ("error", "ignore", "infrequent_if_exist"):
        _refuse(_describe(where, encoder), f"handle_unknown={encoder.handle_unknown!r}")
    # 'ignore' (and 'infrequent_if_exist' without infrequent categories)
    # encodes an unknown value as all zeros: a category of weight 0.
    ignores_unknown = encoder.handle_unknown != "error"
    features = []
    for j, column in enumerate(columns):
        names = [_category_name(_describe(where, encoder), column, value)
                 for value in encoder.categories_[j]]
        if len(set(names)) != len(names):
            _refuse(_describe(where, encoder), f"column '{column}': two categories have the same "
                    "CSV text")
        dropped = None if encoder.drop_idx_ is None else encoder.drop_idx_[j]
        for k, name in enumerate(names):
            if dropped is None or k != dropped:
                features.append(_Feature(column, name))
        inputs.add_categorical(_describe(where, encoder), column, names, ignores_unknown)
    if len(features) != len(encoder.get_feature_names_out()):
        _refuse(_describe(where, encoder), "its output columns do not match its categories")
    return features


def _numeric_features(where, columns, inputs):
    for column in columns:
        inputs.add_numeric(where, column)
    return [_Feature(column) for column in columns]


def _scaled(where, scaler, features):
    """StandardScaler over features: each scaled by its (mean, scale)."""
    _require_fitted(where, scaler)
    if scaler.n_features_in_ != len(features):
        _refuse(_describe(where, scaler), f"fitted on {scaler.n_features_in_} columns, given "
                f"{len(features)}")
    return [feature.scaled(float(scaler.mean_[j]) if scaler.with_mean else 0.0,
                           float(scaler.scale_[j]) if scaler.with_std else 1.0)
            for j, feature in enumerate(features)]


def _is_passthrough(step):
    return step is None or (isinstance(step, str) and step == "passthrough")


def _not_linear(where, step):
    _refuse(_describe(where, step), "not a linear map tinyfair can ship; tinyfair takes "
            "OneHotEncoder, StandardScaler, 'passthrough' and 'drop' (in a ColumnTransformer), "
            "then StandardScaler; do this step before the data reaches the pipeline")


def _feature_steps(where, steps, features):
    """Steps after the first, which see the features: StandardScaler only."""
    from sklearn.preprocessing import StandardScaler

    for name, step in steps:
        here = f"{where} > step '{name}'" if where else f"step '{name}'"
        if _is_passthrough(step):
            continue
        if type(step) is not StandardScaler:
            _not_linear(here, step)
        features = _scaled(here, step, features)
    return features


def _column_features(where, step, columns, names_in, inputs):
    """The features one transformer makes of its raw input columns."""
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import OneHotEncoder, StandardScaler

    if isinstance(step, str) and step == "drop":
        return []
    if _is_passthrough(step):
        return _numeric_features(where, columns, inputs)
    if type(step) is OneHotEncoder:
        return _one_hot_features(where, step, columns, inputs)
    if type(step) is StandardScaler:
        return _scaled(where, step, _numeric_features(where, columns, inputs))
    if type(step) is ColumnTransformer:
        return _column_transformer_features(where, step, inputs)
    if type(step) is Pipeline:
        steps = _flat_steps("", step)
        first_name, first = steps[0]
        features = _column_features(f"{where} > step '{first_name}'", first, columns, names_in,
                                    inputs)
        return _feature_steps(where, steps[1:], features)
    _not_linear(where, step)


def _column_transformer_features(where, transformer, inputs):
    _require_fitted(where, transformer)
    names_in = getattr(transformer, "feature_names_in_", None)
    width = sum(s.stop - s.start for s in transformer.output_indices_.values())
    features = [None] * width
    for name, step, columns in transformer.transformers_:
        here = f"{where} > transformer '{name}'"
        names = _column_names(here, columns, names_in)
        made = _column_features(here, step, names, names_in, inputs) if names else []
        where_out = transformer.output_indices_.get(name, slice(0, 0))
        if len(made) != where_out.stop - where_out.start:
            _refuse(_describe(here, step), f"makes {len(made)} columns where the "
                    f"ColumnTransformer placed {where_out.stop - where_out.start}")
        features[where_out] = made
    return features


# ---------------------------------------------------------------------------
# The estimator: its weights, link and threshold.


class _Scorer:
    """The estimator as fitted: margin = factor * (intercept + coef . x),
    score = link(margin)."""

    def __init__(self, coef, intercept, link, threshold, score, positive, factor=1.0):
        self.coef = np.asarray(coef, dtype=np.float64).ravel()
        self.intercept = float(intercept)
        self.factor = factor
        self.link = link
        self.threshold = threshold
        # How scikit-learn computes the same score, for people.
        self.score = score
        self.positive = positive


def _binary_coefficients(where, estimator):
    if len(estimator.classes_) != 2:
        _refuse(_describe(where, estimator), f"a multi-class model ({len(estimator.classes_)} "
                "classes); tinyfair decides one binary outcome per row")
    return estimator.coef_.ravel(), float(np.ravel(estimator.intercept_)[0])


def _linear_scorer(where, estimator):
    from sklearn.linear_model import (LogisticRegression, Ridge, RidgeClassifier,
                                      SGDClassifier)
    from sklearn.svm import LinearSVC

    kind = type(estimator)
    if _is_passthrough(estimator):
        _refuse(where, "the pipeline ends without an estimator")
    if kind not in (LogisticRegression, LinearSVC, SGDClassifier, RidgeClassifier, Ridge):
        _refuse(_describe(where, estimator), "not an estimator tinyfair can ship; it takes "
                "LogisticRegression, LinearSVC, SGDClassifier, RidgeClassifier or Ridge")
    _require_fitted(where, estimator)
    if kind is Ridge:
        coef = np.asarray(estimator.coef_)
        if coef.ndim == 2 and coef.shape[0] != 1:
            _refuse(_describe(where, estimator), f"{coef.shape[0]} outputs; tinyfair scores one")
        # A Ridge fitted on 0/1 labels: positive where its prediction is
        # nearer 1 than 0.
        return _Scorer(coef, np.ravel(estimator.intercept_)[0], "IDENTITY", 0.5,
                       "predict", "prediction >= 0.5")
    coef, intercept = _binary_coefficients(where, estimator)
    positive = estimator.classes_[1]
    if kind is LogisticRegression:
        # With two classes, multi_class='multinomial' takes the softmax of
        # (-m, m), which is the logistic of 2m; 'auto' and 'ovr' take m.
        factor = 2.0 if estimator.multi_class == "multinomial" else 1.0
        return _Scorer(coef, intercept, "LOGISTIC", 0.5, "predict_proba[:, 1]", positive,
                       factor)
    return _Scorer(coef, intercept, "IDENTITY", 0.0, "decision_function", positive)


def _flat_steps(where, pipeline):
    """A pipeline's (name, step) pairs, nested pipelines flattened with their
    names joined by ' > '."""
    from sklearn.pipeline import Pipeline

    steps = []
    for name, step in pipeline.steps:
        here = f"{where} > {name}" if where else name
        if type(step) is Pipeline:
            steps.extend(_flat_steps(here, step))
        else:
            steps.append((here, step))
    return steps


# ---------------------------------------------------------------------------
# The pipeline as a whole.


def _split_pipeline(model):
    """(preprocessing steps, (name, estimator)) of a pipeline or a bare
    estimator."""
    from sklearn.pipeline import Pipeline

    if type(model) is not Pipeline:
        return [], ("estimator", model)
    steps = _flat_steps("", model)
    if not steps:
        _refuse("pipeline", "has no steps")
    return steps[:-1], steps[-1]


def _input_names(where, first):
    """The step's input columns: their names, or for a step fitted on an
    array, the names tinyfair gives an array's columns (x0, x1, ...)."""
    names = getattr(first, "feature_names_in_", None)
    if names is not None:
        return [_utf8_text(_describe(where, first), "column", str(name)) for name in names]
    count = getattr(first, "n_features_in_", None)
    if count is None:
        _refuse(_describe(where, first), "has neither column names nor a column count")
    return [f"x{j}" for j in range(int(count))]


def _features(steps, estimator_where, estimator, inputs):
    """The estimator's features as affine maps of the device's inputs."""
    steps = [(name, step) for name, step in steps if not _is_passthrough(step)]
    if not steps:
        names = _input_names(estimator_where, estimator)
        return names, _numeric_features(estimator_where, names, inputs)
    first_name, first = steps[0]
    here = f"step '{first_name}'"
    _require_fitted(here, first)
    names = _input_names(here, first)
    features = _column_features(here, first, names, names, inputs)
    return names, _feature_steps("", steps[1:], features)


def _check_sensitive(column, inputs, X):
    """A group attribute is a category the pipeline encodes, or a column of
    X (the library takes its categories from X's values)."""
    where = f"sensitive feature '{column}'"
    if column in inputs.numeric:
        _refuse(where, "is a numeric input of the pipeline; groups are formed from categories "
                "(one-hot encode it, or pass a categorical column)")
    if column not in inputs.categorical and (X is None
                                             or column not in getattr(X, "columns", ())):
        _refuse(where, "is not encoded by the pipeline, so its categories must come from data: "
                "pass X with this column")


def _in_pipeline_order(columns, names_in):
    """The pipeline's input order (its fitted column names); the library
    puts X's columns first, in X's order."""
    fitted = list(names_in)
    return sorted(columns, key=lambda c: fitted.index(c) if c in fitted else len(fitted))


def _scorer_inputs(columns, inputs):
    """One _core.ImportedInput per input: numeric, or its categories and
    whether unknown values weigh 0."""
    described = []
    for column in columns:
        imported = _core.ImportedInput()
        imported.name = column
        if column not in inputs.numeric:
            imported.numeric = False
            imported.categories = inputs.categorical[column]
            imported.unknown_as_other = inputs.other[column]
        described.append(imported)
    return described


def _estimator(scorer, features):
    """The estimator as the library folds it through its features."""
    described = _core.ImportedEstimator()
    described.features = [feature.described() for feature in features]
    described.coefficients = scorer.coef.tolist()
    described.intercept = scorer.intercept
    described.factor = scorer.factor
    return described


def _step_text(name, step):
    from sklearn.compose import ColumnTransformer

    if isinstance(step, str) or step is None:
        return f"{name}: {step!r}"
    if type(step) is ColumnTransformer:
        parts = ", ".join(_step_text(n, s) for n, s, _ in step.transformers_)
        return f"{name}: ColumnTransformer({parts})"
    return f"{name}: {type(step).__name__}"


def _made_by(steps, estimator_step, scorer):
    """The provenance's account of the pipeline; the library adds the
    decision rule and what the reference rates are."""
    chain = ", ".join(_step_text(name, step) for name, step in steps + [estimator_step])
    estimator = type(estimator_step[1]).__name__
    positive = (f", positive class {scorer.positive!r}" if scorer.score != "predict" else "")
    return f"from_sklearn: {chain}; score {estimator}.{scorer.score}{positive}"


def _rows(columns, X):
    """X's columns the model reads, in X's order, as the library takes a
    table; None without X."""
    if X is None:
        return None
    return _frames.table_columns(X[[c for c in X.columns if c in columns]])


def _sensitive_list(sensitive_features):
    if isinstance(sensitive_features, str):
        return [sensitive_features]
    names = [str(name) for name in sensitive_features]
    if not names:
        _refuse("sensitive_features", "no column given; groups need at least one")
    if len(set(names)) != len(names):
        _refuse("sensitive_features", "a column is named twice")
    return names


def model_from_sklearn(pipeline, sensitive_features, X=None, model_id="sklearn"):
    """The tinyfair model (tinyfair._core.Model) of a fitted scikit-learn
    pipeline (see the module's text for what it accepts), its reference
    rates the runtime's decisions on X.

    sensitive_features: a column name, or a list of them whose product, in
    that order, forms the groups (as the CLI's --sensitive a,b). A column
    the pipeline does not encode is added as a categorical input of weight
    0, its categories those of X[column] in the CLI's order. X, a DataFrame,
    also gives the reference positive rates (per group, the share of X's
    rows the runtime decides positive) when it holds every input.

    Raises ConversionError (a ValueError) naming the step it cannot map.
    """
    sensitive = _sensitive_list(sensitive_features)
    steps, (estimator_name, estimator) = _split_pipeline(pipeline)
    estimator_where = f"step '{estimator_name}'" if steps else "estimator"
    scorer = _linear_scorer(estimator_where, estimator)
    inputs = _Inputs()
    names_in, features = _features(steps, estimator_where, estimator, inputs)
    for column in sensitive:
        _check_sensitive(column, inputs, X)
    columns = _in_pipeline_order(inputs.columns(), names_in)
    described = _core.ImportedScorer()
    described.model_id = model_id
    described.inputs = _scorer_inputs(columns, inputs)
    described.group_attributes = sensitive
    described.estimator = _estimator(scorer, features)
    described.link = scorer.link
    described.threshold = scorer.threshold
    described.made_by = _made_by(steps, (estimator_name, estimator), scorer)
    model, notes = _library_model(described, _rows(columns + sensitive, X))
    emit_notes(notes)
    return model


def _library_model(described, rows):
    """The library's model of the described scorer; a scorer it refuses
    (a TinyfairError, not one of its data or model subclasses) is a
    ConversionError."""
    try:
        return _core.imported_linear_model(described, "X", rows)
    except _core.TinyfairError as error:
        if type(error) is not _core.TinyfairError:
            raise
        raise ConversionError(str(error)) from None


def model_json_from_sklearn(pipeline, sensitive_features, X=None, model_id="sklearn"):
    """The protobuf JSON text of model_from_sklearn's model."""
    return model_from_sklearn(pipeline, sensitive_features, X=X, model_id=model_id).to_json()
