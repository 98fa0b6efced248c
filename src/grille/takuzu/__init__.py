"""Takuzu (binairo, binary puzzle): model, formats, rules, exact solving, logic, generation.

A grid of even height and width is filled with 0s and 1s so that every row and column holds
as many 0s as 1s, no three equal cells are adjacent in a row or column, and no two rows and
no two columns are equal. ``TakuzuGrid.unique_lines=False`` drops the third rule (the
Unruly / Tohu-wa-Vohu variant).

Modules: ``grid`` (the value), ``lines`` (valid line patterns, line consistency), ``rules``
(violations, the ``is_solution`` checker), ``formats`` (rows, tab, unruly, json),
``play`` (moves), ``candidates`` (pencil marks), ``solver`` and ``_kernel`` (exact solving
and counting, compiled with numba), ``cover`` (the same puzzle on the XCC engine, an
independent reference), ``logic`` (techniques, explanations, rating, hints), ``generate``,
and ``kind`` (the :class:`grille.kind.Kind` the front ends use).

>>> from grille import takuzu
>>> puzzle = takuzu.parse("....\\n.0..\\n..1.\\n1.1.")
>>> result = takuzu.solve(puzzle)
>>> result.unique, result.solution
(True, TakuzuGrid.from_string('0101/1001/0110/1010'))
>>> takuzu.count(takuzu.TakuzuGrid.empty(4))
72
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grille.kind import Solutions
from grille.lazypackage import KindPackage

if TYPE_CHECKING:
    from grille.kind import Kind
    from grille.takuzu.grid import EMPTY, TakuzuGrid
    from grille.takuzu.kind import TakuzuKind
    from grille.takuzu.rules import is_solution

    KIND: Kind[TakuzuGrid]
    """The kind's :class:`~grille.kind.Kind` (made on first use)."""
    _WHOLE: Kind[TakuzuGrid] = TakuzuKind()  # mypy checks that TakuzuKind is a whole Kind

__all__ = [
    "EMPTY",
    "KIND",
    "Solutions",
    "TakuzuGrid",
    "count",
    "is_solution",
    "parse",
    "solve",
]

_PACKAGE = KindPackage(__name__, "grille.takuzu.kind:TakuzuKind", {
    "EMPTY": "grille.takuzu.grid",
    "TakuzuGrid": "grille.takuzu.grid",
    "is_solution": "grille.takuzu.rules",
})
"""Where each name lives: the package loads them on first use, so that importing
``grille.takuzu.info`` (what front ends read) loads nothing else."""

__getattr__ = _PACKAGE.attribute


def parse(text: str, *, fmt: str | None = None) -> TakuzuGrid:
    """The one puzzle in ``text`` (any supported format); raises ``ParseError``."""
    puzzle: TakuzuGrid = _PACKAGE.parse(text, fmt=fmt)
    return puzzle


def solve(
    puzzle: TakuzuGrid, *, limit: int = 2, budget: int | None = None
) -> Solutions[TakuzuGrid]:
    """Up to ``limit`` solutions of ``puzzle`` (0 = all) within ``budget`` search nodes."""
    return _PACKAGE.solve(puzzle, limit=limit, budget=budget)


def count(puzzle: TakuzuGrid, *, limit: int = 0, budget: int | None = None) -> int:
    """How many solutions ``puzzle`` has (at most ``limit`` when it is not 0)."""
    return _PACKAGE.solve(puzzle, limit=limit, budget=budget).count
