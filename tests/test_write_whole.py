"""``kind.write_whole``: a fallback format must read back to the puzzles given, not merely
write its read-back the same way (a lossy writer does that too)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from conftest import FIXTURES
from grille.errors import GrilleError
from grille.info import FormatInfo, Layout
from grille.kind import Entry, write_whole
from grille.kinds import get_kind

Drop = Callable[[Any], Any]


class LossyKind:
    """Sudoku with one more format, ``lossy``, tried before its own fallbacks: ``lossy``
    and grille's JSON of each puzzle after ``drop``. It reads back to a puzzle it writes the
    same way, the check ``write_whole`` made before."""

    def __init__(self, drop: Drop, *, others: bool = True) -> None:
        self.sudoku = get_kind("sudoku")
        self.drop = drop
        formats = self.sudoku.info.formats
        lossy = FormatInfo("lossy", Layout.DOCUMENT, "grille's JSON, something dropped")
        rest = tuple(info for info in formats if info.name != "line") if others else ()
        self.info = replace(self.sudoku.info, formats=(formats[0], lossy, *rest))

    def write(self, puzzles: Sequence[Any], fmt: str) -> str:
        if fmt == "lossy":
            return "lossy " + self.sudoku.write([self.drop(puzzle) for puzzle in puzzles], "json")
        return self.sudoku.write(puzzles, fmt)

    def read(self, text: str, fmt: str | None = None) -> list[Entry[Any]]:
        if fmt == "lossy":
            return self.sudoku.read(text.removeprefix("lossy "), fmt="json")
        return self.sudoku.read(text, fmt=fmt)


def killer() -> Any:
    """A 4x4 Killer with a title and an author, no givens."""
    text = (FIXTURES / "variants" / "killer_4x4_unique.json").read_text()
    return get_kind("sudoku").read(text)[0].puzzle


def with_entry(puzzle: Any) -> Any:
    """``puzzle`` with a 1 given in r1c1 and a 2 written (not given) in r1c2."""
    cells = (1, 2, *puzzle.cells[2:])
    return replace(puzzle, cells=cells, givens=(True, *(False,) * (len(cells) - 1)))


def picked(kind: LossyKind, puzzles: Sequence[Any], *, marks: bool) -> str:
    """The format ``write_whole`` picked (``lossy`` or ``json``), after ``line`` refused."""
    text = write_whole(kind, puzzles, "line", marks=marks)  # type: ignore[arg-type]
    fmt = "lossy" if text.startswith("lossy ") else "json"
    assert text == kind.write(puzzles, fmt)
    return fmt


DROPS: dict[str, tuple[Drop, Any]] = {
    "constraints": (lambda p: replace(p, variant=None), killer()),
    "givens": (lambda p: replace(p, givens=None), with_entry(killer())),
    "cells": (lambda p: replace(p, cells=(0, *p.cells[1:]), givens=None), with_entry(killer())),
    "metadata": (lambda p: replace(p, metadata=()), killer()),
}


@pytest.mark.parametrize("name", DROPS)
@pytest.mark.parametrize("marks", [False, True])
def test_a_format_that_drops_part_of_the_puzzle_is_passed_over(name: str, marks: bool) -> None:
    drop, puzzle = DROPS[name]
    kind = LossyKind(drop)
    text = kind.write([puzzle], "lossy")
    again = [entry.puzzle for entry in kind.read(text, fmt="lossy")]
    assert again != [puzzle] and kind.write(again, "lossy") == text  # the old check passed it
    assert picked(kind, [puzzle, puzzle], marks=marks) == "json"


def test_a_format_that_drops_nothing_is_taken() -> None:
    kind = LossyKind(lambda p: p)
    assert picked(kind, [killer(), with_entry(killer())], marks=False) == "lossy"


def test_pencil_marks_may_be_dropped_only_when_not_asked_for() -> None:
    sudoku = get_kind("sudoku")
    puzzle = sudoku.with_candidates(with_entry(killer()))
    assert puzzle.marks is not None
    kind = LossyKind(lambda p: replace(p, marks=None))
    assert picked(kind, [puzzle], marks=False) == "lossy"
    assert picked(kind, [puzzle], marks=True) == "json"


def test_when_every_fallback_drops_something_the_first_refusal_is_raised() -> None:
    kind = LossyKind(lambda p: replace(p, variant=None), others=False)
    with pytest.raises(GrilleError, match=r"the line format cannot hold .*killer"):
        write_whole(kind, [killer()], "line", marks=False)  # type: ignore[arg-type]
