"""Batch work: one job over many puzzles, in input order, across processes or a Dask cluster.

``grille batch solve|count|rate|explain|generate`` streams its input (:mod:`.reader`), runs a
job (:mod:`.jobs`) on chunks of puzzles (:mod:`.runner`: in this process, in a pool of
processes, or on a Dask cluster) and writes the results in input order, one line per input
puzzle, so that an interrupted run goes on from its output file (:mod:`.resume`).
:mod:`.commands` is the command line.

Nothing here imports a puzzle kind, numpy or Dask at import time: the kinds load where the
jobs run, Dask only for ``--cluster``.
"""

from __future__ import annotations

from grille.errors import GrilleError

__all__ = ["BatchError"]


class BatchError(GrilleError):
    """A batch that cannot go on: no cluster, a lost task, an output that does not fit."""
