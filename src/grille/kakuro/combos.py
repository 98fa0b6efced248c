"""Digit combinations: which sets of distinct digits 1-9 make a sum in a number of cells.

>>> combinations(23, 3)
((6, 8, 9),)
>>> describe(10, 3)
'10 in 3: 127 136 145 235'
>>> combinations(10, 3, required=(5,))
((1, 4, 5), (2, 3, 5))
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable

__all__ = [
    "combination_masks",
    "combinations",
    "describe",
    "digits_text",
    "mask_of",
    "unique_sets",
]


def mask_of(digits: Iterable[int]) -> int:
    """The bitmask with bit ``d - 1`` set for each digit ``d``."""
    mask = 0
    for digit in digits:
        mask |= 1 << (digit - 1)
    return mask


@functools.cache
def _all(total: int, length: int) -> tuple[tuple[int, ...], ...]:
    return tuple(
        combo for combo in itertools.combinations(range(1, 10), length) if sum(combo) == total
    )


def combinations(
    total: int,
    length: int,
    *,
    required: Iterable[int] = (),
    excluded: Iterable[int] = (),
) -> tuple[tuple[int, ...], ...]:
    """Every set of ``length`` distinct digits summing to ``total`` (increasing digits),
    keeping those with all ``required`` digits and none of the ``excluded`` ones."""
    need, avoid = mask_of(required), mask_of(excluded)
    return tuple(
        combo for combo in _all(total, length)
        if mask_of(combo) & need == need and not mask_of(combo) & avoid
    )


@functools.cache
def combination_masks(total: int, length: int) -> tuple[int, ...]:
    """The digit sets of :func:`combinations` as bitmasks."""
    return tuple(mask_of(combo) for combo in _all(total, length))


def digits_text(digits: Iterable[int]) -> str:
    """``689`` for (6, 8, 9)."""
    return "".join(str(d) for d in digits)


def describe(
    total: int, length: int, *, required: Iterable[int] = (), excluded: Iterable[int] = ()
) -> str:
    """The player's helper: ``"23 in 3: 689"`` (``none`` when no set fits)."""
    combos = combinations(total, length, required=required, excluded=excluded)
    listed = " ".join(digits_text(combo) for combo in combos) or "none"
    return f"{total} in {length}: {listed}"


def unique_sets() -> tuple[tuple[int, int], ...]:
    """Every (sum, length) with exactly one digit set (34 of them)."""
    return tuple(
        (total, length)
        for length in range(2, 10)
        for total in range(1, 46)
        if len(_all(total, length)) == 1
    )
