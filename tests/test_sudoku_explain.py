"""Explained solving, rating, graded hints, and their commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grille.cli import main
from grille.sudoku import KIND, Grid
from grille.sudoku.logic.explain import explain, hint, rate
from grille.sudoku.logic.rating import level_of, rate_steps

apply_move = KIND.apply

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# Needs a hidden pair on the way (magictour top1465, puzzle 4).
HIDDEN_PAIR = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6....."


def test_explain_solves_and_ends_at_the_solution() -> None:
    solve_path = explain(Grid.from_string(PUZZLE))
    assert solve_path.solved
    assert solve_path.final.line() == SOLVED
    assert solve_path.steps[0].explanation == "In box 2, 8 can only go in r1c6."


def test_rating_fields_and_levels() -> None:
    rating = rate(Grid.from_string(HIDDEN_PAIR))
    assert rating.solved and rating.level == "hard"
    assert rating.er == 3.4 and rating.hardest == "Hidden Pair"
    assert rating.ed <= rating.ep <= rating.er
    assert rating.fields() == ("hard", "3.4", f"{rating.ep:.1f}", f"{rating.ed:.1f}")
    assert [level_of(er) for er in (1.2, 2.6, 4.2, 4.5, 7.0, 8.5)] == [
        "easy", "medium", "hard", "expert", "diabolical", "extreme"
    ]
    stuck = rate_steps(explain(Grid.from_string(HIDDEN_PAIR)).steps[:3], solved=False)
    assert stuck.er == 20.0 and stuck.level == "extreme"


def test_hint_depths() -> None:
    state = Grid.from_string(PUZZLE)
    texts = [hint(state, depth=depth).text for depth in range(1, 6)]
    assert texts[0] == "Look at box 2."
    assert texts[1] == "Try a Hidden Single."
    assert texts[2] == "Hidden Single on r1c6."
    assert texts[3] == "Hidden Single: In box 2, 8 can only go in r1c6."
    applied = hint(state, depth=5).after
    assert applied is not None and applied[0, 5] == 8
    with pytest.raises(ValueError, match="1 to 5"):
        hint(state, depth=6)


def test_hint_points_out_mistakes_first() -> None:
    state = apply_move(Grid.from_string(PUZZLE), "r1c3=1")  # the right digit is 4
    found = hint(state, depth=4)
    assert found.text == "r1c3 holds 1, which is wrong."
    assert found.cells == ((0, 2),)
    marked = apply_move(Grid.from_string(PUZZLE), "r1c3^1")  # marks only 1: rules out 4
    assert "rule out its right digit" in hint(marked).text


def test_hint_respects_the_players_pencil_marks() -> None:
    grid = Grid.from_string(PUZZLE)
    with_marks = apply_move(grid, "fill")
    assert hint(with_marks, depth=3).text == hint(grid, depth=3).text


def test_explain_command_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", PUZZLE]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "1. [grille 1.2] Hidden Single: In box 2, 8 can only go in r1c6."
    assert out[-2:] == [
        "solved; hardest step shown: [grille 1.2] Hidden Single",
        "SE rating: easy (ER 1.2, EP 1.2, ED 1.2); its path: grille explain --scale se",
    ]
    assert main(["explain", "--format", "json", PUZZLE]) == 0
    explained = json.loads(capsys.readouterr().out)
    assert explained["steps"][0] == {
        "technique": "Hidden Single", "difficulty": 1.2, "scale": "grille",
        "placements": [[1, 6, 8]], "eliminations": [], "cells": [[1, 6]], "units": ["box 2"],
        "explanation": "In box 2, 8 can only go in r1c6.",
    }
    assert explained["scale"] == "grille" and explained["solved"]
    assert explained["rating"] == {"scale": "se", "level": "easy", "er": 1.2, "ep": 1.2,
                                   "ed": 1.2, "hardest": "Hidden Single", "solved": True}
    assert not explained["rated_path"]
    assert explained["rated_path_command"] == "grille explain --scale se"


def test_hint_and_rate_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "--depth", "2", PUZZLE]) == 0
    assert capsys.readouterr().out == "Try a Hidden Single.\n"
    marks_file = tmp_path / "marks.txt"
    assert main(["candidates", PUZZLE, "-o", str(marks_file)]) == 0
    assert main(["hint", "--depth", "5", "--marks", str(marks_file), PUZZLE]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hidden Single: In box 2, 8 can only go in r1c6.\n")
    assert "8" in out.splitlines()[2]
    puzzles = tmp_path / "two.txt"
    puzzles.write_text(f"{PUZZLE}\n{HIDDEN_PAIR}\n")
    assert main(["rate", str(puzzles)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{PUZZLE}\teasy\t1.2\t1.2\t1.2"
    assert lines[1].split("\t")[:3] == [HIDDEN_PAIR, "hard", "3.4"]


def test_rating_ladder_is_se_only_and_explain_keeps_the_extras() -> None:
    from grille.sudoku.logic.explain import ladder
    from grille.sudoku.logic.techniques import CATALOGUE, GRILLE, HODOKU, SE, up_to

    full = [t.name for t in ladder(unique=True)]
    rating = [t.name for t in ladder(unique=True, rating=True)]
    # the naked subsets are declared twice: grille's locked ones, SE's that clear one unit;
    # so is BUG+1: grille's places, SE's type 1 removes the cell's other candidates
    twice = {t.name for t in CATALOGUE if SE in t.scales}
    extras = {t.name for t in CATALOGUE if t.scales - {HODOKU} == {GRILLE}} - twice
    assert set(full) >= extras
    assert not extras & set(rating)
    assert {t.name for t in CATALOGUE if t.scales - {HODOKU} == {GRILLE}} & twice == {
        "Naked Pair", "Naked Triple", "Naked Quad", "BUG+1"}
    # SE's order: singles .. XYZ-Wing, SE's one producer of unique rectangles and loops,
    # quads, BUG, then SE's one chain producer in place of grille's named chains, then the
    # forcing tiers
    basic = [t.name for t in up_to("XYZ-Wing")]
    assert rating[: len(basic)] == basic
    assert rating[len(basic) :][:5] == [
        "Unique Rectangles and Loops", "Naked Quad", "Jellyfish", "Hidden Quad", "BUG+1",
    ]
    # then SE's BUG types 2-4, aligned pair exclusion, the chains, aligned triplet exclusion
    at = rating.index("BUG+1")
    assert rating[at + 1 : at + 6] == [
        "Bivalue Universal Grave", "Aligned Pair Exclusion", "Cycles and Forcing Chains",
        "Aligned Triplet Exclusion", "Nishio Forcing Chain",
    ]
    assert "Unique Rectangles and Loops" not in [
        t.name for t in ladder(unique=False, rating=True)
    ]
    assert "Unique Loop" not in rating and "Unique Rectangles and Loops" not in full
    assert {"Aligned Pair Exclusion", "Aligned Triplet Exclusion", "Unique Loop"} <= set(full)
    named_chains = {"X-Chain", "XY-Chain", "Grouped X-Chain", "AIC", "Grouped AIC"}
    assert named_chains <= set(full) and not named_chains & set(rating)
    assert "Cycles and Forcing Chains" not in full
    assert all(SE in t.scales for t in ladder(unique=True, rating=True))


def test_rate_walks_the_rating_ladder() -> None:
    from grille.sudoku.logic.techniques import CATALOGUE, GRILLE, HODOKU

    extra_names = {"W-Wing", "Finned X-Wing", "ALS-XZ", "Sue de Coq", "Grouped AIC"}
    assert extra_names <= {t.name for t in CATALOGUE if t.scales - {HODOKU} == {GRILLE}}
    puzzle = Grid.from_string(HIDDEN_PAIR)
    path = explain(puzzle, rating=True)
    assert path.solved and not {s.technique for s in path.steps} & extra_names
    assert rate(puzzle).er == max(step.difficulty for step in path.steps)
