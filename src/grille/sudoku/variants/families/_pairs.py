"""What the families of marks between two neighbours (Kropki dots, XV) share."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Set
from typing import TYPE_CHECKING

from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.model import Board, Cell

if TYPE_CHECKING:
    from grille.sudoku.variants._kernel import Records


def neighbour_pairs(size: int) -> Iterator[tuple[Cell, Cell]]:
    """Every pair of orthogonally adjacent cells, the upper or left one first."""
    for row in range(size):
        for col in range(size):
            if col + 1 < size:
                yield (row, col), (row, col + 1)
            if row + 1 < size:
                yield (row, col), (row + 1, col)


def marked_pairs(board: Board, families: tuple[str, ...]) -> set[frozenset[Cell]]:
    """The pairs that carry a mark of one of ``families``."""
    return {
        frozenset(pair)
        for constraint in board.variant.constraints
        if constraint.family in families
        for pair in [constraint.cells_of()]
    }


_UNMARKED: dict[tuple[int, str], tuple[tuple[frozenset[Cell], pr.Relation], ...]] = {}


def unmarked_relations(size: int, name: str, test: Callable[[int, int], bool],
                       marked: Set[frozenset[Cell]]) -> tuple[pr.Relation, ...]:
    """The relation ``test`` (named ``name``, as :func:`~grille.sudoku.variants.propagation.
    relation` names it) between every pair of neighbours not in ``marked``, in
    :func:`neighbour_pairs` order: the negative rule of a family of marks. The relations of
    every pair are made once per size and name; a puzzle only leaves out its marked pairs."""
    every = _UNMARKED.get((size, name))
    if every is None:
        every = _UNMARKED[size, name] = tuple(
            (frozenset((a, b)), pr.relation(a[0] * size + a[1], b[0] * size + b[1], size,
                                            name, test))
            for a, b in neighbour_pairs(size))
    return tuple(rule for pair, rule in every if pair not in marked)


_INDEX: dict[int, dict[tuple[Cell, ...], int]] = {}


def unmarked_records(out: Records, name: str, test: Callable[[int, int], bool],
                     constraints: Iterable[object], mark: type | tuple[type, ...]) -> None:
    """:func:`unmarked_relations` laid into ``out`` as one record
    (:meth:`~grille.sudoku.variants._kernel.Records.neighbours`: the kernel lays out each
    pair's relation), the marked pairs those of the ``constraints`` of class ``mark``
    (their ``cells``, either order), found by their place in :func:`neighbour_pairs`
    (remembered per size, both ways round): a puzzle's own hundred-odd records cost more
    to lay out and hand over than its search."""
    index = _INDEX.get(out.size)
    if index is None:
        pairs = list(neighbour_pairs(out.size))
        index = _INDEX[out.size] = {pair: i for i, pair in enumerate(pairs)}
        index.update({(b, a): i for i, (a, b) in enumerate(pairs)})
    where = index.get
    skips = {where(c.cells, -1) for c in constraints  # type: ignore[attr-defined]
             if isinstance(c, mark)}
    skips.discard(-1)
    out.neighbours(out.rule(name, test), sorted(skips))
