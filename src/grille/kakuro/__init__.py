"""Kakuro (cross sums): model, formats, digit combinations, exact solving and counting,
step-by-step logic with hints and rating, and a generator.

A grid of white cells and blocks; a block's clue ``D\\R`` gives the sum of the run of white
cells below it (``D``) and to its right (``R``). Every white cell takes a digit 1-9, and each
run adds up to its clue with no digit repeated. The optional *distinct-combinations* rule
(``KakuroGrid.distinct_combinations``, ``# rules: distinct-combinations`` in a file) also
forbids two runs of the same sum and length from using the same digit set.

Modules: ``grid`` (the value, its runs), ``formats`` (text, marks, csv, block, json,
solution), ``combos`` (the combination helper), ``solver`` and ``_kernel`` (full
consistency per run and search, interpreted or compiled), ``rules``, ``play`` (moves),
``logic/`` (techniques, explanations, rating, hints), ``generate``, ``kind``.

>>> from grille import kakuro
>>> puzzle = kakuro.parse("#   4\\\\ 3\\\\\\n\\\\3 .   .\\n\\\\4 .   .")
>>> print(kakuro.solve(puzzle).solution)
#  4\\ 3\\
\\3 1  2
\\4 3  1
>>> kakuro.combinations(23, 3)
((6, 8, 9),)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grille.kind import Solutions
from grille.lazypackage import KindPackage

if TYPE_CHECKING:
    from grille.kakuro.combos import combinations, describe
    from grille.kakuro.grid import KakuroGrid, Run
    from grille.kakuro.kind import KakuroKind
    from grille.kakuro.rules import is_solution
    from grille.kind import Kind

    KIND: Kind[KakuroGrid]
    """The kind's :class:`~grille.kind.Kind` (made on first use)."""
    _WHOLE: Kind[KakuroGrid] = KakuroKind()  # mypy checks that KakuroKind is a whole Kind

__all__ = [
    "KIND",
    "KakuroGrid",
    "Run",
    "Solutions",
    "combinations",
    "count",
    "describe",
    "is_solution",
    "parse",
    "solve",
]

_PACKAGE = KindPackage(__name__, "grille.kakuro.kind:KakuroKind", {
    "combinations": "grille.kakuro.combos",
    "describe": "grille.kakuro.combos",
    "KakuroGrid": "grille.kakuro.grid",
    "Run": "grille.kakuro.grid",
    "is_solution": "grille.kakuro.rules",
})
"""Where each name lives: the package loads them on first use, so that importing
``grille.kakuro.info`` (what front ends read) loads nothing else."""

__getattr__ = _PACKAGE.attribute


def parse(text: str, *, fmt: str | None = None) -> KakuroGrid:
    """The one puzzle in ``text`` (any supported format); raises ``ParseError``."""
    puzzle: KakuroGrid = _PACKAGE.parse(text, fmt=fmt)
    return puzzle


def solve(
    puzzle: KakuroGrid, *, limit: int = 2, budget: int | None = None
) -> Solutions[KakuroGrid]:
    """Up to ``limit`` solutions of ``puzzle`` (0 = all) within ``budget`` search nodes."""
    return _PACKAGE.solve(puzzle, limit=limit, budget=budget)


def count(puzzle: KakuroGrid, *, limit: int = 0, budget: int | None = None) -> int:
    """How many solutions ``puzzle`` has (at most ``limit`` when it is not 0)."""
    return _PACKAGE.solve(puzzle, limit=limit, budget=budget).count
