"""grille's finned and sashimi fish (:mod:`grille.sudoku.logic.single_digit.fish`) for
HoDoKu's path, faster on 9x9: the same scan (base rows then columns, fin boxes in order,
base lines and cover positions in order), the same first finned fish per digit and the same
first sashimi before it, but each candidate pattern is tested with bit masks and only the
chosen ones become steps. Results are kept per (size, digit, plane)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from grille.logic import Step
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.single_digit import fish as grille_fish

__all__ = ["finned_jellyfish", "finned_swordfish", "finned_x_wing"]

_Pattern = tuple[int, tuple[int, ...], int, list[tuple[int, int]], tuple[int, ...]]
"""(kind, base lines, cover positions mask, removed (cell, digit), fins)."""

_BY_PLANE: dict[tuple[int, int, int], tuple[Step | None, Step | None]] = {}
"""A digit's first finned fish and the first sashimi before it, by (size, digit, plane)."""


def _finned(board: Board, size: int) -> Step | None:
    if board.n != 9:
        return grille_fish._finned(board, size)
    sashimi: Step | None = None
    for digit, plane in enumerate(board.planes, start=1):
        key = (size, digit, plane)
        try:
            finned, first_sashimi = _BY_PLANE[key]
        except KeyError:
            if len(_BY_PLANE) >= 1 << 16:
                _BY_PLANE.clear()
            finned, first_sashimi = _BY_PLANE[key] = _finned_digit(board, size, digit)
        if finned is not None:
            return finned
        sashimi = sashimi or first_sashimi
    return sashimi


def _step(
    board: Board, digit: int, size: int, pattern: _Pattern | None, prefix: str
) -> Step | None:
    if pattern is None:
        return None
    kind, base, cover_mask, removed, fins = pattern
    cover = tuple(p for p in range(9) if cover_mask >> p & 1)
    return grille_fish._fish_step(board, digit, kind, base, cover, removed, fins, size, prefix)


def _finned_digit(board: Board, size: int, digit: int) -> tuple[Step | None, Step | None]:
    """The first finned fish of ``size`` on ``digit``, and the first sashimi found before it."""
    sashimi: _Pattern | None = None
    for thin, pattern in _patterns(board.planes[digit - 1], size, digit):
        if not thin:
            return (_step(board, digit, size, pattern, "Finned "),
                    _step(board, digit, size, sashimi, "Sashimi "))
        sashimi = sashimi or pattern
    return None, _step(board, digit, size, sashimi, "Sashimi ")


def _patterns(plane: int, size: int, digit: int) -> Iterator[tuple[bool, _Pattern]]:
    """(thin, pattern) of each finned or sashimi fish with eliminations, in grille's order."""
    masks = grille_fish.digit_lines(9, plane)
    for kind in (0, 1):
        lines = masks[kind]
        allowed = [i for i in range(9) if lines[i].bit_count() >= 2]
        for first_line in (0, 3, 6):
            band = (first_line, first_line + 1, first_line + 2)
            for first_pos in (0, 3, 6):
                box_mask = 7 << first_pos
                if not (lines[band[0]] | lines[band[1]] | lines[band[2]]) & box_mask:
                    continue
                core = [lines[i] & ~box_mask if i in band else lines[i] for i in range(9)]
                for base in grille_fish._line_sets(core, size, allowed):
                    union = inside = 0
                    for line in base:
                        union |= core[line]
                        if line in band:
                            inside |= lines[line] & box_mask
                    spare = inside & ~union
                    need = size - union.bit_count()
                    if need < 0 or spare.bit_count() < need:
                        continue
                    others = [line for line in band if line not in base]
                    spare_positions = [p for p in range(9) if spare >> p & 1]
                    for extra in combinations(spare_positions, need):
                        cover_mask = union
                        for p in extra:
                            cover_mask |= 1 << p
                        if not any(lines[line] & ~cover_mask for line in base):
                            continue  # no fins
                        if not any(lines[line] & cover_mask & box_mask for line in others):
                            continue  # nothing removed
                        yield _pattern(lines, kind, base, others, cover_mask, box_mask, digit)


def _cell(kind: int, line: int, position: int) -> int:
    return line * 9 + position if kind == 0 else position * 9 + line


def _pattern(
    lines: tuple[int, ...],
    kind: int,
    base: tuple[int, ...],
    others: list[int],
    cover_mask: int,
    box_mask: int,
    digit: int,
) -> tuple[bool, _Pattern]:
    fins = tuple(_cell(kind, line, p) for line in base for p in range(9)
                 if (lines[line] & ~cover_mask) >> p & 1)
    removed = [(_cell(kind, line, p), digit) for line in others for p in range(9)
               if (lines[line] & cover_mask & box_mask) >> p & 1]
    thin = any((lines[line] & cover_mask).bit_count() < 2 for line in base)
    return thin, (kind, base, cover_mask, removed, fins)


def finned_x_wing(board: Board) -> Step | None:
    """grille's Finned (else Sashimi) X-Wing."""
    return _finned(board, 2)


def finned_swordfish(board: Board) -> Step | None:
    """grille's Finned (else Sashimi) Swordfish."""
    return _finned(board, 3)


def finned_jellyfish(board: Board) -> Step | None:
    """grille's Finned (else Sashimi) Jellyfish."""
    return _finned(board, 4)
