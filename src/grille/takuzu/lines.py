"""Single lines: the valid patterns of a length, and which completions a partial line allows.

A line is a sequence of 0/1 cells; it is *valid* when it holds as many 0s as 1s and never
three equal cells in a row. Patterns are bitmasks, bit ``i`` the value of cell ``i``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from grille.takuzu.grid import EMPTY

__all__ = ["completions", "is_valid_line", "patterns", "to_cells"]


def is_valid_line(cells: Sequence[int]) -> bool:
    """Whether a complete line is balanced and has no three equal neighbours."""
    if 2 * sum(cells) != len(cells) or EMPTY in cells:
        return False
    return all(not cells[i] == cells[i + 1] == cells[i + 2] for i in range(len(cells) - 2))


@functools.cache
def patterns(length: int) -> tuple[int, ...]:
    """Every valid line of ``length`` (even) as a bitmask, in increasing order."""
    half = length // 2
    found: list[int] = []

    def extend(i: int, mask: int, ones: int, last: int, run: int) -> None:
        if i == length:
            found.append(mask)
            return
        for value in (0, 1):
            same = value == last
            if same and run == 2:
                continue
            count = ones + value
            if count > half or i + 1 - count > half:
                continue
            extend(i + 1, mask | value << i, count, value, run + 1 if same else 1)

    extend(0, 0, 0, -1, 0)
    return tuple(sorted(found))


def to_cells(mask: int, length: int) -> tuple[int, ...]:
    """The cells of pattern ``mask``."""
    return tuple(mask >> i & 1 for i in range(length))


def completions(
    cells: Sequence[int], exclude: Sequence[Sequence[int]] = ()
) -> list[tuple[int, ...]]:
    """The valid completions of a partial line, without the lines in ``exclude``."""
    length = len(cells)
    ones = sum(1 << i for i, v in enumerate(cells) if v == 1)
    known = sum(1 << i for i, v in enumerate(cells) if v != EMPTY)
    banned = {sum(v << i for i, v in enumerate(line)) for line in exclude}
    return [
        to_cells(mask, length)
        for mask in patterns(length)
        if mask & known == ones and mask not in banned
    ]


def line_options(cells: Sequence[int]) -> list[int] | None:
    """Per cell, the values some valid completion of the line gives it (bit 0: a 0, bit 1: a 1).

    ``None`` when the line has no valid completion. A dynamic programme over (ones so far,
    last value, run length), so it costs ``O(length^2)`` however many patterns there are.
    """
    length = len(cells)
    half = length // 2
    # states: (ones, last, run) -> reachable, per position
    forward: list[set[tuple[int, int, int]]] = [set() for _ in range(length + 1)]
    forward[0].add((0, -1, 0))
    for i, value in enumerate(cells):
        for ones, last, run in forward[i]:
            for x in (0, 1):
                nxt = _step(i, ones, last, run, x, value, half)
                if nxt is not None:
                    forward[i + 1].add(nxt)
    alive = {state for state in forward[length] if state[0] == half}
    if not alive:
        return None
    options = [0] * length
    for i in range(length - 1, -1, -1):
        reach: set[tuple[int, int, int]] = set()
        for state in forward[i]:
            for x in (0, 1):
                nxt = _step(i, *state, x, cells[i], half)
                if nxt is not None and nxt in alive:
                    reach.add(state)
                    options[i] |= 1 << x
        alive = reach
    return options


def _step(
    i: int, ones: int, last: int, run: int, x: int, value: int, half: int
) -> tuple[int, int, int] | None:
    """The state after cell ``i`` takes ``x``, or ``None`` if that breaks a rule."""
    if value != EMPTY and value != x:
        return None
    run = run + 1 if x == last else 1
    ones += x
    if run > 2 or ones > half or i + 1 - ones > half:
        return None
    return ones, x, run
