"""Generating many puzzles of any kind: streamed in order, across processes, with progress."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from grille.kind import GenerateOptions, kind_options
from grille.kinds import get_kind

__all__ = ["generate_stream", "puzzle_seed"]


def puzzle_seed(seed: int | str, index: int) -> str:
    """The seed of the ``index``-th puzzle of a run started with ``seed``."""
    return f"{seed}/{index}"


def _generate_one(kind_name: str, options: GenerateOptions, seed: str) -> Any:
    return get_kind(kind_name).generate(options, seed)


def generate_stream(
    kind_name: str, options: GenerateOptions, *, count: int, seed: int | str, jobs: int = 1
) -> Iterator[Any]:
    """``count`` puzzles in order, each as soon as it and those before it are ready.

    With ``jobs`` above 1 they are made in that many processes, a few puzzles ahead at
    most (the ordered pool of :mod:`grille.parallel`). The kind's own options
    (:attr:`GenerateOptions.options <grille.kind.GenerateOptions.options>`) are checked
    first: one the kind does not take for ``generate`` is a ``GrilleError`` before any work.
    """
    from grille.parallel import ordered_map

    kind_options(get_kind(kind_name).info, "generate", dict(options.options))

    seeds = (puzzle_seed(seed, index) for index in range(count))
    module = type(get_kind(kind_name)).__module__
    yield from ordered_map(partial(_generate_one, kind_name, options), seeds, jobs=jobs,
                           preload=(module,))
