"""Each kind says which levels its generator reaches at a size (``Kind.levels_for``), and
refuses the others at once, before any work."""

from __future__ import annotations

import pytest

from grille.errors import GrilleError
from grille.kind import GenerateOptions
from grille.kinds import get_kind


@pytest.mark.parametrize(
    ("kind", "size", "highest"),
    [
        ("sudoku", "4x4", "easy"), ("sudoku", "6x6", "diabolical"), ("sudoku", None, "extreme"),
        ("takuzu", "4x4", "easy"), ("takuzu", "4x6", "very hard"), ("takuzu", None, "very hard"),
        ("kakuro", "4x4", "hard"), ("kakuro", "5x4", "hard"), ("kakuro", "5x5", "very hard"),
    ],
)
def test_levels_reached_at_a_size(kind: str, size: str | None, highest: str) -> None:
    found = get_kind(kind)
    reached = found.levels_for(size)
    assert reached == found.levels[: found.levels.index(highest) + 1]


@pytest.mark.parametrize(
    ("kind", "size", "level"),
    [("sudoku", "4x4", "medium"), ("takuzu", "4x4", "hard"), ("kakuro", "4x5", "very hard"),
     ("takuzu", "4x4", "very-hard")],
)
def test_a_level_out_of_reach_is_refused_at_once(kind: str, size: str, level: str) -> None:
    with pytest.raises(GrilleError, match=f"out of reach at {size}"):  # not "not found"
        get_kind(kind).generate(GenerateOptions(size, level), 1)


@pytest.mark.parametrize("kind", ["sudoku", "takuzu", "kakuro"])
@pytest.mark.parametrize("size", ["4x4", "4x5", "5x4", "6x6", "9x9"])
def test_generate_help_names_every_size_that_reaches_fewer_levels(kind: str, size: str) -> None:
    found = get_kind(kind)
    try:
        reached = found.levels_for(size)
    except GrilleError:  # not a size of this kind (Sudoku 4x5)
        return
    limits = {text.split()[0]: top for text, top in found.generate_choices().level_limits}
    if reached == found.levels:
        assert size not in limits
    else:
        assert limits[size] == reached[-1]
