"""Hardt post-processing fitted on a dask.dataframe from the partitions'
merged per-group score histograms (with each cell's positives), as
``tinyfair postprocess --stream --method hardt-dp | hardt-eo`` fits on a
file."""
from ._dask_summaries import fit_on_partitions
from .postprocessing import HardtPostprocessing


class DaskHardtPostprocessing(HardtPostprocessing):
    """HardtPostprocessing fitted on a dask.dataframe: the exact solver on
    the operating points at the histogram cells' boundaries. The rules' rates
    on the rows are the fit's; its accuracy is the row fit's when every cell
    holds one score value, else within the bound the notes state. Needs the
    scorer (estimator) and the label column; each group is fitted on its own
    (--small-groups refuse). Decisions on a Dask frame: decision_records(),
    decision_log() and group_report() of tinyfair.dask."""

    def fit(self, X, y, *, sensitive_features, pos_label=None):
        """X: a dask DataFrame holding the features, the label column named
        y and the sensitive columns (names). Returns self."""
        return fit_on_partitions(self, X, y, sensitive_features, pos_label)
