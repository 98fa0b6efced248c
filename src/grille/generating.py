"""Generating many puzzles of any kind: streamed in order, across processes, with progress."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator
from typing import Any

from grille.kind import GenerateOptions
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
    """``count`` puzzles in order, each as soon as it and those before it are ready."""
    seeds = [puzzle_seed(seed, index) for index in range(count)]
    if jobs <= 1:
        for one_seed in seeds:
            yield _generate_one(kind_name, options, one_seed)
        return
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_generate_one, kind_name, options, s) for s in seeds]
        try:
            for future in futures:
                yield future.result()
        finally:
            for future in futures:
                future.cancel()
