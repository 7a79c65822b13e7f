"""The library's notes, as every call that collects them passes them on."""
import logging
import warnings

LOG = logging.getLogger("tinyfair")


def emit_notes(notes):
    """The library's notes: warnings as Python warnings, the rest logged."""
    for line in notes:
        if "WARNING" in line:
            warnings.warn(line, stacklevel=3)
        else:
            LOG.info(line)
