"""Techniques declared once (name, values, scales) and the one walk the three kinds share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grille.errors import GrilleError
from grille.logic import Step, Technique, walk


def _count_down(board: int) -> Iterator[Step]:
    for value in range(board, 0, -1):
        yield Step("Down", placements=((0, 0, value),), difficulty=1.0)


def test_a_technique_is_callable_and_knows_its_values() -> None:
    technique = Technique("Down", lambda board: None, (2.0, 1.5), frozenset({"x"}))
    assert technique(3) is None
    assert technique.value == 1.5
    assert "Down" in repr(technique)
    with pytest.raises(ValueError, match="no value"):
        Technique("None", lambda board: None, ())


def test_walk_takes_the_first_step_or_sweeps_them_all() -> None:
    down = Technique.sweeping("Down", _count_down, (1.0,))
    assert down(3) is not None and len(list(down.steps(3))) == 3

    def solved(board: int) -> bool:
        return board <= 0

    def apply(board: int, step: Step) -> int:
        return board - 1

    one = list(walk(3, [down], solved=solved, apply=apply))
    assert [after for _, after in one] == [2, 1, 0]
    swept = list(walk(3, [down], solved=solved, apply=apply, sweep=True))
    assert [after for _, after in swept] == [2, 1, 0]
    assert [step.placements[0][2] for step, _ in swept] == [3, 2, 1]


def test_every_sudoku_ladder_is_built_from_the_catalogue() -> None:
    from grille.sudoku.logic.techniques import (
        CATALOGUE,
        LADDERS,
        NESTED_FORCING,
        ladder,
        technique,
    )

    # a name is declared once per ladder: the naked subsets twice, grille's locked ones and
    # SE's that clear one unit, and BUG+1 twice, grille's that places and SE's type 1, on
    # ladders apart
    names = [t.name for t in CATALOGUE]
    twice = {name for name in names if names.count(name) > 1}
    assert twice == {"Naked Pair", "Naked Triple", "Naked Quad", "BUG+1"}
    for name in twice:
        first, second = (t for t in CATALOGUE if t.name == name)
        assert not first.scales & second.scales
        assert technique(name) is first
    for scale in LADDERS:
        for unique in (False, True):
            steps = ladder(scale, unique=unique, nesting=3)
            assert len({t.name for t in steps}) == len(steps)
            assert all(scale in t.scales for t in steps)
            assert all(t in CATALOGUE or t in NESTED_FORCING for t in steps)
            assert steps[-1] is technique("Trial and Error")
            assert unique or not any(t.unique for t in steps)
    with pytest.raises(GrilleError, match="bogus"):
        ladder("bogus", unique=True)
    with pytest.raises(GrilleError, match="Sixfish"):
        technique("Sixfish")


def test_takuzu_and_kakuro_declare_their_techniques_the_same_way() -> None:
    from grille.kakuro.logic.techniques import LADDER as KAKURO
    from grille.takuzu.logic.explain import LADDER as TAKUZU

    for ladder in (TAKUZU, KAKURO):
        assert all(isinstance(t, Technique) for t in ladder)
        values = [t.value for t in ladder]
        assert values == sorted(values)


def test_every_sudoku_technique_lives_in_a_family_package() -> None:
    from grille.sudoku.logic.techniques import CATALOGUE, NESTED_FORCING, family

    families = {"basic", "single_digit", "uniqueness", "chains", "exclusion", "forcing", "sukaku"}
    assert {family(t) for t in (*CATALOGUE, *NESTED_FORCING)} == families
    assert {family(t) for t in NESTED_FORCING} == {"forcing"}
