"""Sudoku Explainer's direct pointing and claiming (issue #18): a lock is "direct" only when
its removals leave a hidden single in a unit of the lock's base type (another box for a
pointing, another row or column for a claiming), as ``Locking.lookForFollowingHiddenSingles``
looks; a single left in a unit of another type makes a plain Pointing (2.6) or Claiming."""

from __future__ import annotations

import pytest

from grille.kinds import get_kind
from grille.sudoku.logic.explain import explain

# A 17-clue puzzle whose SE path has "Pointing: Cells B1,B3: 9 in block and column" (2.6) where
# grille's old rule found a Direct Pointing (1.7) leaving a single in a column.
PUZZLE = "...............123..4..5........6..5.3.......12..........17....5.8.....46..2....."


def _type(unit: str) -> str:
    return unit.split()[0]


@pytest.mark.parametrize("rating", [True, False])
def test_direct_locks_leave_their_single_in_a_unit_of_the_base_type(rating: bool) -> None:
    grid = get_kind("sudoku").read(PUZZLE)[0].puzzle
    steps = [s for s in explain(grid, rating=rating).steps
             if s.technique in ("Direct Pointing", "Direct Claiming")]
    assert steps, "the puzzle's path has direct locks"
    for step in steps:
        base, _cover, single = step.units
        assert _type(single) == _type(base), f"{step.technique}: {step.explanation}"


def test_the_single_in_another_type_of_unit_is_left_to_a_plain_pointing() -> None:
    rating = get_kind("sudoku").rate(get_kind("sudoku").read(PUZZLE)[0].puzzle)
    assert float(rating.fields()[1]) > 1.7  # SE: 2.6; the old rule stopped at 1.7
