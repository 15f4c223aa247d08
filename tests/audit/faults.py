"""What a Dask worker runs in place of a batch, for the failure tests: a module of its own that imports nothing of
the tests, so that a fresh worker process unpickles it (the test modules need the toy game registered first)."""

from __future__ import annotations


def failing_batch(names, sources, cfg):
    """A batch that fails on the worker as a game that is not installed there would."""
    raise ImportError("No module named 'planets_log.games.elsewhere'")
