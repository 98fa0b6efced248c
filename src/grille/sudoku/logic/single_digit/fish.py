"""Fish: a digit's places in k base lines fall in k cross lines, which it then leaves elsewhere.

Basic fish, with Sudoku Explainer's values: X-Wing (k = 2) 3.2, Swordfish (3) 3.8, Jellyfish (4)
5.2; columns as base and rows as cover, and the reverse, in SE's order (``Fisherman``).
On an n x n grid a fish of k lines mirrors one of n - k lines with base and cover swapped, so
every fish is found on every size, but a Jellyfish adds nothing on 4x4 (where it spans the grid)
and on 6x6 (where it mirrors an X-Wing). With compiling on, :mod:`~grille.sudoku.logic.basic.kernel`
finds the digit of the first basic fish and the search here builds its step.

Finned fish: the base lines' places fall in k cover lines except for a few *fins*, all in one
box. Either a fin holds the digit or the fish holds, so the digit leaves the cells of the cover
lines (outside the base) that lie in the fins' box. A finned fish is *sashimi* when, without its
fins, some base line would keep fewer than two places.

SE has no finned fish (it finds their eliminations as X-chains, 6.5 and up, after aligned pair
exclusion at 6.2), so these values are grille's own. They sit above every basic technique the
walk tries first (hidden quad 5.4, BUG 5.6/5.7) and below the 6.6 of the single-digit chains
that follow, in HoDoKu's order (finned before sashimi, smaller fish first), so a puzzle's rating
stays close to SE's and the walk's order matches the values:

========================  =====
Finned X-Wing             5.8
Sashimi X-Wing            5.9
Finned Swordfish          6.0
Sashimi Swordfish         6.1
Finned Jellyfish          6.2
Sashimi Jellyfish         6.3
========================  =====
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from itertools import combinations

from grille.logic import Step
from grille.sudoku.logic.basic import kernel as basic_kernel
from grille.sudoku.logic.basic.intersections import as_candidates, listing, removals_by_digit
from grille.sudoku.logic.board import Board, Memo, bits, popcount
from grille.sudoku.logic.single_digit import fish_kernel

__all__ = [
    "finned_jellyfish",
    "finned_swordfish",
    "finned_x_wing",
    "jellyfish",
    "swordfish",
    "x_wing",
]

BASIC = {2: 3.2, 3: 3.8, 4: 5.2}
FINNED = {2: 5.8, 3: 6.0, 4: 6.2}
SASHIMI = {2: 5.9, 3: 6.1, 4: 6.3}
FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
LINE_WORDS = (("row", "rows"), ("column", "columns"))


@functools.lru_cache(maxsize=1 << 12)
def digit_lines(n: int, plane: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(rows, columns): a digit's positions (a bitmask) along each line, from its ``plane``."""
    full = (1 << n) - 1
    rows = tuple(plane >> (row * n) & full for row in range(n))
    cols = tuple(
        sum((rows[row] >> col & 1) << row for row in range(n)) for col in range(n)
    )
    return rows, cols


def _cell(n: int, kind: int, line: int, position: int) -> int:
    """The cell at ``position`` along base ``line`` of ``kind`` (0 rows, 1 columns)."""
    return line * n + position if kind == 0 else position * n + line


def _positions(mask: int) -> tuple[int, ...]:
    """The 0-based positions set in ``mask``."""
    return tuple(p - 1 for p in bits(mask))


def _line_sets(
    masks: Sequence[int], size: int, allowed: Sequence[int]
) -> Iterator[tuple[int, ...]]:
    """Tuples of ``size`` line indexes (from ``allowed``) whose masks span at most ``size`` bits."""
    chosen: list[int] = []

    def extend(start: int, union: int) -> Iterator[tuple[int, ...]]:
        if len(chosen) == size:
            yield tuple(chosen)
            return
        for index in range(start, len(allowed) - (size - len(chosen)) + 1):
            line = allowed[index]
            wider = union | masks[line]
            if popcount(wider) <= size:
                chosen.append(line)
                yield from extend(index + 1, wider)
                chosen.pop()

    return extend(0, 0)


def _fish_text(kind: int, base: Sequence[int], cover: Sequence[int]) -> tuple[str, str]:
    """(base description, cover description), e.g. ``rows 2 and 7``, ``columns 3 and 5``."""
    base_word = LINE_WORDS[kind][1]
    cover_word = LINE_WORDS[1 - kind][1]
    return (
        f"{base_word} {listing(str(i + 1) for i in base)}",
        f"{cover_word} {listing(str(i + 1) for i in cover)}",
    )


def _unit_names(board: Board, kind: int, lines: Sequence[int]) -> tuple[str, ...]:
    """Unit names of ``lines`` of ``kind``."""
    return tuple(board.unit_name(kind * board.n + line) for line in lines)


_BY_PLANE: Memo[tuple[tuple[int, int], Step] | None] = Memo()
"""A digit's first basic fish with its place in SE's order, by the digit's plane (a fish
reads nothing else)."""

_FINNED_BY_PLANE: Memo[tuple[Step | None, Step | None]] = Memo()
"""A digit's first finned fish and the first sashimi before it, by the digit's plane."""


def _basic(board: Board, size: int) -> Step | None:
    """The first basic fish of ``size`` that eliminates something."""
    if basic_kernel.enabled():
        digit = basic_kernel.first_fish_digit(board, size)
        return None if digit < 0 else _basic_digit(board, size, digit)
    return _basic_search(board, size)


def _basic_search(board: Board, size: int) -> Step | None:
    """:func:`_basic` in plain Python, digit by digit (the compiled scan's reference)."""
    best: tuple[tuple[int, int], Step] | None = None
    for digit, plane in enumerate(board.planes, start=1):
        found = _BY_PLANE.get(
            (board.shape, size, digit, plane), functools.partial(_first_fish, board, size, digit)
        )
        if found is not None and (best is None or found[0] < best[0]):
            best = found
    return None if best is None else best[1]


def _basic_digit(board: Board, size: int, digit: int) -> Step | None:
    """The first basic fish of ``size`` on ``digit`` that eliminates something."""
    found = _first_fish(board, size, digit)
    return None if found is None else found[1]


def _first_fish(board: Board, size: int, digit: int) -> tuple[tuple[int, int], Step] | None:
    """The first basic fish of ``size`` on ``digit`` that eliminates something, in SE's order
    (``Fisherman``: columns as base lines, then rows; base line sets in ``Permutations``
    order, the set whose lines as bits make the smallest number first), with its place in
    that order: (pass, the base lines as bits)."""
    n = board.n
    masks = digit_lines(n, board.planes[digit - 1])
    for rank, kind in enumerate((1, 0)):
        lines = masks[kind]
        allowed = [i for i in range(n) if 2 <= popcount(lines[i]) <= size]
        best: tuple[int, tuple[int, ...], tuple[int, ...], list[tuple[int, int]]] | None = None
        for base in _line_sets(lines, size, allowed):
            cover_mask = 0
            for line in base:
                cover_mask |= lines[line]
            if popcount(cover_mask) != size:
                continue
            key = sum(1 << line for line in base)
            if best is not None and key >= best[0]:
                continue
            cover = _positions(cover_mask)
            removed = [
                (_cell(n, kind, line, p), digit)
                for p in cover
                for line in range(n)
                if line not in base and lines[line] >> p & 1
            ]
            if removed:
                best = key, base, cover, removed
        if best is not None:
            key, base, cover, removed = best
            return (rank, key), _fish_step(board, digit, kind, base, cover, removed, (), size, "")
    return None


def _fish_step(
    board: Board,
    digit: int,
    kind: int,
    base: Sequence[int],
    cover: Sequence[int],
    removed: list[tuple[int, int]],
    fins: Sequence[int],
    size: int,
    prefix: str,
) -> Step:
    """The Step of a fish (``prefix`` "Finned " or "Sashimi " with ``fins``)."""
    n = board.n
    removed.sort(key=lambda pair: pair[0])
    base_text, cover_text = _fish_text(kind, base, cover)
    d = board.digit(digit)
    masks = digit_lines(n, board.planes[digit - 1])[kind]
    body = tuple(
        _cell(n, kind, line, p) for line in base for p in _positions(masks[line]) if p in cover
    )
    if fins:
        box = board.units_of[fins[0]][2]
        reason = (
            f"In {base_text}, {d} can only go in {cover_text}, apart from the "
            f"{'fin' if len(fins) == 1 else 'fins'} {listing(board.name(c) for c in fins)} in "
            f"{board.unit_name(box)}. "
            f"Either a fin holds {d} or the fish does, and either way "
            f"{removals_by_digit(board, removed)}."
        )
        units = (*_unit_names(board, kind, base), board.unit_name(box))
    else:
        reason = (
            f"In {base_text}, {d} can only go in {cover_text}, so each of those "
            f"{LINE_WORDS[1 - kind][1]} has its {d} in one of these {LINE_WORDS[kind][1]}: "
            f"{removals_by_digit(board, removed)}."
        )
        units = _unit_names(board, kind, base)
    return Step(
        f"{prefix}{FISH_NAMES[size]}",
        eliminations=as_candidates(board, removed),
        cells=tuple(board.rc(c) for c in sorted((*body, *fins))),
        units=(*units, *_unit_names(board, 1 - kind, cover)),
        explanation=reason,
        difficulty=(SASHIMI if prefix == "Sashimi " else FINNED if fins else BASIC)[size],
        area=base_text,
    )


def _finned(board: Board, size: int) -> Step | None:
    """The easiest finned (else sashimi) fish of ``size`` that eliminates something."""
    sashimi: Step | None = None
    for digit, plane in enumerate(board.planes, start=1):
        finned, first_sashimi = _FINNED_BY_PLANE.get(
            (board.shape, size, digit, plane),
            functools.partial(_finned_digit, board, size, digit),
        )
        if finned is not None:
            return finned
        sashimi = sashimi or first_sashimi
    return sashimi


def _finned_digit(board: Board, size: int, digit: int) -> tuple[Step | None, Step | None]:
    """The first finned fish of ``size`` on ``digit``, and the first sashimi found before it
    (with compiling on, :mod:`fish_kernel` first tells whether there is any)."""
    if fish_kernel.enabled():
        rows, cols = digit_lines(board.n, board.planes[digit - 1])
        if not fish_kernel.has_finned(board, size, rows, cols):
            return None, None
    sashimi: Step | None = None
    for step in _finned_steps(board, size, digit):
        if step.technique.startswith("Finned"):
            return step, sashimi
        sashimi = sashimi or step
    return None, sashimi


def _finned_steps(board: Board, size: int, digit: int) -> Iterator[Step]:
    """Finned and sashimi fish of ``size`` on ``digit`` with eliminations, in scanning order."""
    n = board.n
    box_rows, box_cols = board.shape.box_rows, board.shape.box_cols
    masks = digit_lines(n, board.planes[digit - 1])
    for kind in (0, 1):
        lines = masks[kind]
        span_lines, span_positions = (box_rows, box_cols) if kind == 0 else (box_cols, box_rows)
        for first_line in range(0, n, span_lines):
            band = range(first_line, first_line + span_lines)
            for first_pos in range(0, n, span_positions):
                box_mask = ((1 << span_positions) - 1) << first_pos
                yield from _finned_in_box(board, digit, kind, lines, band, box_mask, size)


def _finned_in_box(
    board: Board,
    digit: int,
    kind: int,
    lines: Sequence[int],
    band: range,
    box_mask: int,
    size: int,
) -> Iterator[Step]:
    """Finned fish whose fins lie in the box ``band`` x ``box_mask``."""
    n = board.n
    if not any(lines[line] & box_mask for line in band):
        return
    core = [lines[i] & ~box_mask if i in band else lines[i] for i in range(n)]
    allowed = [i for i in range(n) if popcount(lines[i]) >= 2]
    for base in _line_sets(core, size, allowed):
        union = 0
        inside = 0
        for line in base:
            union |= core[line]
            if line in band:
                inside |= lines[line] & box_mask
        spare = inside & ~union
        need = size - popcount(union)
        if need < 0 or popcount(spare) < need:
            continue
        for extra in combinations(_positions(spare), need):
            cover_mask = union | sum(1 << p for p in extra)
            fins = tuple(
                _cell(n, kind, line, p)
                for line in base
                for p in _positions(lines[line] & ~cover_mask)
            )
            if not fins:
                continue
            removed = [
                (_cell(n, kind, line, p), digit)
                for line in band
                if line not in base
                for p in _positions(lines[line] & cover_mask & box_mask)
            ]
            if not removed:
                continue
            thin = any(popcount(lines[line] & cover_mask) < 2 for line in base)
            yield _fish_step(
                board,
                digit,
                kind,
                base,
                _positions(cover_mask),
                removed,
                fins,
                size,
                "Sashimi " if thin else "Finned ",
            )


def x_wing(board: Board) -> Step | None:
    """Two base lines whose digit places fall in two cover lines (SE 3.2)."""
    return _basic(board, 2)


def swordfish(board: Board) -> Step | None:
    """Three base lines whose digit places fall in three cover lines (SE 3.8)."""
    return _basic(board, 3)


def jellyfish(board: Board) -> Step | None:
    """Four base lines whose digit places fall in four cover lines (SE 5.2)."""
    return _basic(board, 4)


def finned_x_wing(board: Board) -> Step | None:
    """An X-Wing with fins in one box (5.8; sashimi 5.9; grille's values)."""
    return _finned(board, 2)


def finned_swordfish(board: Board) -> Step | None:
    """A Swordfish with fins in one box (6.0; sashimi 6.1; grille's values)."""
    return _finned(board, 3)


def finned_jellyfish(board: Board) -> Step | None:
    """A Jellyfish with fins in one box (6.2; sashimi 6.3; grille's values)."""
    return _finned(board, 4)
