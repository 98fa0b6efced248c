"""Ratings written after a puzzle on its line, as rated puzzle lists carry them.

Forum and Sudoku Explainer lists put a rating after each one-line puzzle: ``P ED=11.9/11.9/11.3``
(serate), ``P;11.9;11.9;11.3`` or ``P<TAB>11.9<TAB>…``, and ``grille rate`` prints
``P<TAB>level<TAB>scores…``. The one-line formats of every kind read such a line as the
puzzle with the text after it kept as the ``rating`` metadata, and write it back after the
puzzle, so a rated list stays rated through ``convert`` and reads back as puzzles.

>>> split_rating("1.3.2.41\\thard\\t3.4")
('1.3.2.41', 'hard\\t3.4')
>>> split_rating("P ED=11.9/11.9/11.3")
('P', 'ED=11.9/11.9/11.3')
>>> join_rating("P", "11.9;11.9;11.3")
'P;11.9;11.9;11.3'
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, cast

from grille.kind import Puzzle

__all__ = ["RATING", "SEPARATORS", "bare", "join_rating", "split_rating", "with_rating"]

P = TypeVar("P", bound=Puzzle)

RATING = "rating"
"""The metadata key of the rating read after a puzzle."""

SEPARATORS = " \t;"
"""What separates a puzzle from its rating: a TAB, a ``;`` or spaces."""


def with_rating(puzzle: P, rating: str) -> P:
    """``puzzle`` with ``rating`` as its rating (``""``: none), its other metadata kept: what
    a one-line format writes after the puzzle, e.g. ``grille rate``'s fields joined by TABs,
    which then read back as this puzzle with this rating."""
    kept = tuple((key, value) for key, value in puzzle.metadata if key != RATING)
    metadata = ((RATING, rating), *kept) if rating else kept
    return cast(P, dataclasses.replace(cast(Any, puzzle), metadata=metadata))


def bare(puzzle: P) -> P:
    """``puzzle`` without any metadata (rating, comment, level ...): the puzzle alone, as
    the first column of ``grille rate`` shows it."""
    return cast(P, dataclasses.replace(cast(Any, puzzle), metadata=()))


def split_rating(line: str) -> tuple[str, str]:
    """``line`` (without its line break) cut at the first separator after its first
    non-blank character: the puzzle, and the rating after it (``""`` when there is none).

    One TAB or ``;`` is the separator; spaces are, however many.
    """
    end = len(line.rstrip())
    start = end - len(line[:end].lstrip())
    for index in range(start, end):
        char = line[index]
        if char in SEPARATORS:
            rest = line[index + 1 : end] if char != " " else line[index:end].lstrip()
            return line[:index], rest
    return line[:end], ""


def join_rating(puzzle: str, rating: str) -> str:
    """``puzzle`` with ``rating`` after it, separated as the rating's own fields are: by a
    TAB if it has TABs, else by ``;`` if it has ``;`` and no space, else by a space."""
    if not rating:
        return puzzle
    rating = " ".join(rating.splitlines())
    if "\t" in rating:
        separator = "\t"
    elif ";" in rating and " " not in rating:
        separator = ";"
    else:
        separator = " "
    return f"{puzzle}{separator}{rating}"
