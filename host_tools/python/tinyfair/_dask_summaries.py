"""Partition summaries of a dask.dataframe, computed on the workers and
merged in partition order: the merge the Dask fits share."""
import dask

from . import _frames


def partition_columns(part):
    """A partition's columns as the library's table reads them."""
    return _frames.table_columns(part.reset_index(drop=True))


def merged_in_order(summaries, merge_pair):
    """The delayed summaries merged pairwise in partition order, a binary
    tree whose shape depends only on their number: the same additions in the
    same order whatever worker computed each, and a worker holds a few
    summaries at a time (the tree is reduced as its leaves arrive), not one
    per partition. merge_pair(first, second) keeps first's examples first."""
    level = list(summaries)
    while len(level) > 1:
        level = [dask.delayed(merge_pair)(level[i], level[i + 1]) if i + 1 < len(level)
                 else level[i] for i in range(0, len(level), 2)]
    return level[0]
