"""A progress bar over a fit's iterations: tqdm.auto (Debian's python3-tqdm),
a widget in a notebook and a text bar on a terminal, shown only where someone
watches it (verbose=True and stderr a terminal, or a notebook). The library
reports each iteration of its iterative fits; while a bar shows them, the
library prints no iteration lines of its own."""
import sys
from contextlib import contextmanager

try:
    from tqdm.auto import tqdm
except ImportError:  # the package works without it: no bar
    tqdm = None


def _in_notebook():
    """Whether this runs in a Jupyter kernel, whose stderr is no terminal
    but whose cells show tqdm's widget."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None and hasattr(ipython, "get_ipython") else None
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def _watched():
    isatty = getattr(sys.stderr, "isatty", None)
    return _in_notebook() or bool(isatty and isatty())


def _unshown(_iteration, _most):
    """Takes the iterations where no bar shows them, so that the library
    prints no lines of its own either (verbose=False is quiet)."""


@contextmanager
def fit_progress(verbose, description):
    """The callable(iteration, most) the library calls per iteration; the
    bar, if one is shown, closes when the fit ends."""
    if not verbose or tqdm is None or not _watched():
        yield _unshown
        return
    bar = tqdm(desc=description, unit="it", leave=False)

    def step(_iteration, most):
        # Counted per call: some fits number their iterations per stage.
        if most > 0 and bar.total != most:
            bar.total = most
            bar.refresh()
        bar.update(1)

    try:
        yield step
    finally:
        bar.close()
