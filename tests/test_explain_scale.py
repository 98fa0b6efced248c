"""Explanations that match the rating: every number names its scale, ``explain --scale``
shows exactly the path that scale rates (its hardest step is the ER printed, its first the
ED, EP the hardest up to the first placement), and ``hint`` takes ``--scale``/``--nesting``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import shared_file
from grille.cli import main
from grille.kinds import get_kind
from grille.logic import Explanation
from grille.sudoku import Grid
from grille.sudoku.info import MAX_NESTING, SCALES
from grille.sudoku.logic import explain as logic
from grille.sudoku.logic.rating import Rating, scale_name
from grille.sudoku.logic.techniques import GRILLE

# SE ER 1.2 .. 8.4 (EP up to 3.0, ED up to 2.6) from kaggle_9999, 17clue_10k and
# magictour_top1465: a spread of levels, each explained in well under a second; on about
# half of them grille's full ladder ends below SE's rating, the case the labels are for.
PUZZLES = (
    "...1.46..53..6...7..1.2.8.92.4.83..1.15.9..8..6.75..2...89...4..7.3...6.4...7...3",
    "..1.96..5....1..8....34..9..5....7.4.238....6.14.72..82.8.351..9..6....7..67.935.",
    "................12....34...........3..5..67...671........8...6.3.....4..9.2......",
    "................12..3.45...........1..6....7...8.34.......6.4...1.......27......5",
    "................12..3.45...........4.6....2..71.8........1...7...4...5...8..9....",
    "................12..3.45.........4...1.2...6..7.....8....8.6.....4...3....51.....",
    "..............1..2..3....4.........5..634.....78...1.....4...6..5.......21..8....",
    "................12..3..4........5.34.1.......67..........16..7..2.3......8......5",
    "................12..3..4..5.....3......16.....47...8.......73..1......8.2...9....",
    "...8...2...6...3...4.2.......3...6.15..9.....8........29.....5.....7........6....",
    "3...6...5.9...7.....6.....32..69.5.......1..2.4......69...1..7...43...8......8...",
    "...6..9...4521...6.....7...5.......2..8....5..32.....4.2.....1.8..369.........8..",
    "................12..3.45..............6...4....71.2.5.....3.6.8.2........8..6....",
    "......8.17..2........5.6......7...5..1....3...8.......5......2..4..8....6...3....",
    "................12..3.45.........4.6.2....5...7.1.......4....8...62.....5...3....",
    "........1.....2..3..4.5.........1.6...7...8...3.72........4.9......8....61.......",
    "43..5.......1....9.....7.....5.8.34....42.5..8........1....46...6...9....2......8",
    "...569...........7.69.2..14..8....4.3.4.71......4.....5..6.......7...18......2..9",
    "..............1..2..3....4.....2..5..16...4..7....8......3..9...5.4.....2.......8",
    ".8...4.5....7..3............1..85...6.....2......4....3.26............417........",
    "........1.......2...3.45...........4..62......7.1.85.....8...6.15.......4........",
    "........1.......2...3..4..5.....64...7.......12......3...25......6...8....9.1....",
    "........1.....2.....3....45......6.7..4.......1..6.8.....3.4...6...9....7.....2..",
    ".1.6...8.3.2..........49.....83...........4.7......5..46..........2...9.7...5....",
    "..............1..2.34....5......3.6.....5....2.....74.....4.....6.7.....18......3",
    "................12..3..4...........3..5...4...6.12..........5...1..7..8.72.....9.",
    ".3...2..6........16.7.9..35.1..7...8..35.8...4...........6.5.......2.1..9...3.4..",
    "..21......846....5..3.94....2......4........3.....987.8....3..19...1..8..3..4.5..",
    ".....3.1....8.7..28..6...............69...7...2...8.6...43.29....17....43.89.....",
    "8..7.............45..9...2.....63...9.1..5.3...51..........72.3.38...6....25...79",
    ".1.....8....75.....39...6........8.6.9..2.4..6.1....9.......2....2149.381...3....",
    "63.8...1..97.............3....1....61...5.....4...6...5..2....1..4...9.73....748.",
    ".........9.....2.4645.......16..2..3...9..7.2.....8.6....5...1...73.....3....95.6",
    "..9.......2.39....6....2..1.1...7.288......5....9...6...5.........4.1....7...83.6",
    ".6.184.9...8...4.....5.9...7.........4.......9.6.5...1......84.4...237.......8..6",
    "..3...6......24.....43.1...23.8..4.9.4......87....23......5.89.....7..1.5....3...",
    ".5.24...3.6.....2.8.......94..812.....5........83.5.....6...1..3...792.5...1..7..",
    "..7..3568.6..1874............64..8.......7..9..485.3.....12....2.......4.53......",
)


def check_path(explained: dict[str, Any]) -> None:
    """The rating printed is the path shown's: ER its hardest step, ED its first, EP the
    hardest up to its first placement; every step names the rating's scale."""
    steps, rating = explained["steps"], explained["rating"]
    first = next(n for n, step in enumerate(steps) if step["placements"])
    assert explained["rated_path"] and explained["solved"]
    assert {step["scale"] for step in steps} == {explained["scale"]} == {rating["scale"]}
    assert rating["er"] == max(step["difficulty"] for step in steps)
    assert rating["ep"] == max(step["difficulty"] for step in steps[: first + 1])
    assert rating["ed"] == steps[0]["difficulty"]


def explained_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    """``grille explain --format json ARGS``, one object per puzzle."""
    assert main(["explain", "--format", "json", *args]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_explain_scale_se_ends_on_the_rating_it_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(PUZZLES) + "\n")
    explained = explained_json(["--scale", "se", str(path)], capsys)
    assert len(explained) == len(PUZZLES)
    for item in explained:
        check_path(item)
        assert item["scale"] == "se"
    assert max(item["rating"]["er"] for item in explained) > 7.0  # chains, not only singles
    # the same puzzles explained on grille's ladder: SE's rating comes with the command that
    # shows its path, never as the rating of the steps shown
    default = explained_json([str(path)], capsys)
    assert all(item["scale"] == "grille" and not item["rated_path"] for item in default)
    assert {item["rated_path_command"] for item in default} == {"grille explain --scale se"}
    assert [item["rating"] for item in default] == [item["rating"] for item in explained]
    assert any(max(step["difficulty"] for step in item["steps"]) != item["rating"]["er"]
               for item in default)


@pytest.mark.parametrize("scale", SCALES)
def test_every_scale_explains_the_path_it_rates(scale: str) -> None:
    for line in PUZZLES[::3]:
        puzzle = Grid.from_string(line)
        solve_path = logic.explain(puzzle, scale=scale)
        assert solve_path.rating is not None and solve_path.rating.scale == scale
        assert solve_path.scale == scale and solve_path.scale_name == scale_name(scale)
        assert solve_path.rating == logic.rate(puzzle, scale=scale)
        if isinstance(solve_path.rating, Rating):  # SE-shaped: ER, EP, ED
            check_path({**solve_path.to_json(), "rated_path": True})


@pytest.mark.parametrize("scale", ["se", "sukaku"])
def test_se_shaped_scales_rate_with_er_ep_ed(scale: str) -> None:
    assert isinstance(logic.rate(Grid.from_string(PUZZLES[-1]), scale=scale), Rating)


def test_explain_text_names_every_numbers_scale(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = PUZZLES[-1]
    assert main(["explain", puzzle]) == 0
    *lines, verdict, rating = capsys.readouterr().out.splitlines()
    steps = [line for line in lines if not line.startswith(" ")]  # proofs are indented
    assert all(line.split(". [", 1)[1].startswith("grille ") for line in steps)
    assert verdict.startswith("solved; hardest step shown: [grille ")
    assert rating.startswith("SE rating: ")
    assert rating.endswith("; its path: grille explain --scale se")
    assert main(["explain", "--scale", "se", puzzle]) == 0
    *lines, last = capsys.readouterr().out.splitlines()
    steps = [line for line in lines if not line.startswith(" ")]
    values = [float(line.split(". [SE ", 1)[1].split("]")[0]) for line in steps]
    assert last.startswith("solved; SE rating: ") and f"(ER {max(values):.1f}, " in last
    assert main(["explain", "--scale", "sukaku", puzzle]) == 0
    *lines, last = capsys.readouterr().out.splitlines()
    steps = [line for line in lines if not line.startswith(" ")]
    assert all(". [Sukaku " in line for line in steps) and "Sukaku rating: " in last


def test_the_default_explanation_is_grilles_and_carries_no_rating() -> None:
    solve_path = logic.explain(Grid.from_string(PUZZLES[0]))
    assert solve_path.scale == solve_path.scale_name == GRILLE and solve_path.rating is None
    assert solve_path.to_json()["rating"] is None


SINGLE_DIGIT = ("Skyscraper", "2-String Kite", "Turbot Fish", "Empty Rectangle", "W-Wing")
"""Techniques of grille's full ladder that SE's lacks under any name."""


def grille_only_state(line: str) -> tuple[Grid, str] | None:
    """The state just before the first step of grille's full ladder that SE's lacks, and
    that step's technique (``None``: the ladder needs none)."""
    solve_path: Explanation[Grid] = logic.explain(Grid.from_string(line))
    number = next((n for n, step in enumerate(solve_path.steps, 1)
                   if step.technique in SINGLE_DIGIT), None)
    if number is None:
        return None
    return solve_path.state_before(number), solve_path.steps[number - 1].technique


def test_hint_with_a_scale_takes_that_scales_next_step() -> None:
    found = next(found for p in PUZZLES[20:] if (found := grille_only_state(p)) is not None)
    state, technique = found
    assert logic.hint(state, depth=2).text == f"Try a {technique}."
    on_se = logic.hint(state, depth=4, scale="se").text
    assert on_se == str(logic.explain(state, scale="se").steps[0])
    assert not on_se.startswith(technique)
    line = PUZZLES[-1]  # from the bare puzzle: the first step explain --scale shows
    first = logic.explain(Grid.from_string(line), scale="sukaku").steps[0]
    assert logic.hint(Grid.from_string(line), depth=4, scale="sukaku").text == str(first)


def test_hint_passes_scale_and_nesting_to_the_ladder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked: list[dict[str, Any]] = []
    real = logic.ladder

    def spy(**options: Any) -> Any:
        asked.append(options)
        return real(**options)

    monkeypatch.setattr(logic, "ladder", spy)
    assert main(["hint", "--depth", "2", "--scale", "sukaku", "--nesting", "2",
                 PUZZLES[0]]) == 0
    assert capsys.readouterr().out.startswith("Try a ")
    assert asked == [{"unique": True, "nesting": 2, "rating": True, "scale": "sukaku"}]
    asked.clear()
    kind = get_kind("sudoku")
    kind.hint(Grid.from_string(PUZZLES[0]))  # the games' call: the defaults
    assert asked == [{"unique": True, "nesting": MAX_NESTING, "rating": False, "scale": "se"}]


def test_hint_refuses_a_scale_for_a_kind_without_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "takuzu.txt"
    path.write_text("0101\n1010\n0101\n10..\n")
    assert main(["hint", "--scale", "se", str(path)]) == 2
    assert "--scale se: takuzu takes no such option for hint" in capsys.readouterr().err


@pytest.mark.shared_data
def test_top1465_explained_on_se_ends_on_its_er(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = shared_file("sudoku", "magictour_top1465.txt").read_text().splitlines()[:12]
    path = tmp_path / "top.txt"
    path.write_text("\n".join(lines) + "\n")
    for item in explained_json(["--scale", "se", str(path)], capsys):
        check_path(item)


def test_render_steps_name_the_scale_and_takuzu_rates_the_path_it_explains() -> None:
    from grille.render.steps import explained_step

    sudoku = get_kind("sudoku")
    view = explained_step(sudoku, Grid.from_string(PUZZLES[0]), 1)
    assert view.heading.endswith(f"({GRILLE} {view.step.difficulty:.1f})")
    takuzu = get_kind("takuzu")
    puzzle = takuzu.read("0101\n1010\n0101\n10..\n")[0].puzzle
    solve_path = takuzu.explain(puzzle)
    assert solve_path.rating == takuzu.rate(puzzle) and solve_path.scale_name == GRILLE


def test_rate_json_names_the_scale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{PUZZLES[0]}\n{'.' * 81}\n")
    assert main(["rate", "--format", "json", "--scale", "sukaku", str(path)]) == 1
    rated, unrated = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert rated["puzzle"] == PUZZLES[0] and rated["rating"]["scale"] == "sukaku"
    assert unrated == {"puzzle": "." * 81, "rating": None}  # several solutions
    takuzu = tmp_path / "takuzu.txt"
    takuzu.write_text("t\t8\t8\t.11.........0..1..0.00.......00...0......1.....0...010.10...00..\n")
    assert main(["rate", "--format", "json", str(takuzu)]) == 0
    rating = json.loads(capsys.readouterr().out)["rating"]
    assert rating == {"scale": "grille", "level": "medium", "score": 3.0,
                      "hardest": "Needs one more", "solved": True}
