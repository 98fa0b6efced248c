"""The terminal game's other screens: the levels a size offers, errors shown in the app, the
store's tables, and the step-by-step viewer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot
from textual.widgets import Button, DataTable, OptionList, RichLog, Static

from grille.errors import GrilleError
from grille.kinds import get_kind, kind_info, kind_names
from grille.render.steps import explained_step
from grille.sudoku.generate import GenerateParams
from grille.tui.app import (
    GenerateScreen,
    GrilleApp,
    MenuScreen,
    NewGameScreen,
    PuzzleForm,
    StepsScreen,
)
from grille.tui.board import Board
from grille.tui.game import GameScreen
from tui_support import (
    KAKURO,
    KAKURO_9X9,
    SUDOKU,
    board_of,
    game_screen,
    new_game,
    read,
    run,
    shown_lines,
    wait_for,
)

# -- the levels a size reaches ----------------------------------------------------------------


def test_each_kind_says_which_levels_a_size_reaches() -> None:
    sudoku = get_kind("sudoku")
    assert sudoku.levels_for("4x4") == ("easy",)
    assert sudoku.levels_for("6x6") == sudoku.levels[: sudoku.levels.index("diabolical") + 1]
    assert sudoku.levels_for("9x9") == sudoku.levels == sudoku.levels_for(None)
    for name in kind_names():
        kind = get_kind(name)
        for size in kind_info(name).preset_sizes():
            levels = kind.levels_for(size)
            assert levels and levels == kind.levels[: len(levels)], (name, size)


@pytest.mark.parametrize("size", kind_info("sudoku").preset_sizes())
def test_sudoku_levels_for_is_what_the_generator_accepts(size: str) -> None:
    side = int(size.partition("x")[0])
    reached = get_kind("sudoku").levels_for(size)
    for level in get_kind("sudoku").levels:
        if level in reached:
            GenerateParams(size=side, level=level)
        else:
            with pytest.raises(GrilleError, match="out of reach"):
                GenerateParams(size=side, level=level)


def test_the_new_game_form_offers_only_the_levels_a_size_reaches(tmp_path: Path) -> None:
    async def body(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(NewGameScreen())
        await pilot.pause()
        form = pilot.app.screen.query_one(PuzzleForm)
        form.select("kind", "sudoku")
        form.select("size", "6x6")
        assert "extreme" not in form.offered("level")
        form.select("level", "diabolical")
        form.select("size", "9x9")
        assert form.offered("level")[-2:] == ("extreme", "any")
        assert form.choice.level == "diabolical"  # kept while offered
        form.select("size", "4x4")
        assert form.offered("level") == ("easy", "any")
        assert form.choice.level == "easy"

    run(GrilleApp(tmp_path / "games.sqlite3"), body)


def test_sudoku_4x4_from_the_keyboard_starts_a_game(tmp_path: Path) -> None:
    """The path that crashed: New game, size 4x4, one level down, Enter."""

    async def body(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # New game
        form = pilot.app.screen.query_one(PuzzleForm)
        form.select("kind", "sudoku")
        sizes = form.offered("size")
        ups = ["up"] * (sizes.index("9x9") - sizes.index("4x4"))
        await pilot.press("tab", *ups, "tab", "down", "enter")  # 4x4, "any"
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        assert game_screen(pilot).summary.size == "4x4"

    run(GrilleApp(tmp_path / "games.sqlite3"), body)


# -- errors are shown in the app --------------------------------------------------------------


def _out_of_reach(*args: Any) -> Any:
    raise GrilleError("level 'medium' is out of reach at 4x4")


def test_a_failed_generation_is_shown_and_the_app_goes_on(tmp_path: Path) -> None:
    app = GrilleApp(tmp_path / "games.sqlite3")
    app.generate = _out_of_reach  # run in a worker process: the error comes back from there

    async def body(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(NewGameScreen())
        await pilot.pause()
        await pilot.press("enter")
        screen = pilot.app.screen
        start = screen.query_one("#start", Button)
        await wait_for(pilot, lambda: not start.disabled)
        assert "out of reach at 4x4" in str(screen.query_one("#note", Static).render())
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, MenuScreen)

        pilot.app.push_screen(GenerateScreen())
        await pilot.pause()
        await pilot.click("#go")
        log = pilot.app.screen.query_one(RichLog)
        await wait_for(pilot, lambda: any("Stopped" in line.text for line in log.lines))
        assert any("out of reach at 4x4" in line.text for line in log.lines)

    run(app, body)


# -- the store's tables -----------------------------------------------------------------------


@pytest.mark.parametrize(("item", "expected"), [
    ("games", ["Sudoku 9x9", "Kakuro 3x3", "unfinished"]),
    ("library", ["Sudoku 9x9", "entered"]),
    ("stats", ["Sudoku", "Kakuro", "unrated"]),
])
def test_tables_show_whole_cells_when_first_opened(tmp_path: Path, item: str,
                                                   expected: list[str]) -> None:
    db = tmp_path / "games.sqlite3"
    new_game(db, "sudoku", read("sudoku", SUDOKU))
    new_game(db, "kakuro", read("kakuro", KAKURO))

    async def body(pilot: Pilot[None]) -> None:
        menu = pilot.app.screen.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index(item)
        await pilot.press("enter")
        await pilot.pause()
        text = "\n".join(shown_lines(pilot.app.screen.query_one(DataTable)))
        for cell in expected:
            assert cell in text, text

    run(GrilleApp(db), body)


# -- solving step by step ---------------------------------------------------------------------


def _viewer_states(tmp_path: Path, kind: str, puzzle: Any) -> list[Any]:
    """The grids the step viewer shows, one per step and the last, read off its board."""
    shown: list[Any] = []

    async def body(pilot: Pilot[None]) -> None:
        screen = StepsScreen(get_kind(kind), puzzle)
        pilot.app.push_screen(screen)
        await wait_for(pilot, lambda: screen.explanation is not None)
        assert screen.explanation is not None
        board = screen.query_one(Board)
        for _ in range(len(screen.explanation.steps) + 1):
            assert board.view == board_of(kind, puzzle, screen.states[screen.index])
            shown.append(screen.states[screen.index])
            await pilot.press("right")

    run(GrilleApp(tmp_path / "games.sqlite3"), body, size=(100, 40))
    return shown


def _empty_marks(kind: str, state: Any) -> dict[tuple[int, int], set[int]]:
    view = board_of(kind, state)
    return {(row, col): set(view.cell(row, col).marks)
            for row in range(view.rows) for col in range(view.cols)
            if not view.cell(row, col).blocked and view.cell(row, col).value is None}


def test_the_sudoku_step_viewer_shows_the_grids_render_step_draws(tmp_path: Path) -> None:
    puzzle = read("sudoku", SUDOKU)
    states = _viewer_states(tmp_path, "sudoku", puzzle)
    steps = get_kind("sudoku").explain(puzzle).steps
    for number in (1, 2, len(steps) // 2, len(steps)):
        assert states[number - 1] == explained_step(get_kind("sudoku"), puzzle, number).state
    for step, state in zip(steps, states, strict=False):
        marks = _empty_marks("sudoku", state)
        for row, col, digit in (*step.eliminations, *step.placements):
            assert digit in marks[(row, col)], (step, row, col, digit)
        for (row, col), digits in marks.items():  # no mark of a digit placed in a peer
            box = (row // 3, col // 3)
            peers = {state[r, c] for r in range(9) for c in range(9)
                     if r == row or c == col or (r // 3, c // 3) == box}
            assert not digits & peers, (step.technique, row, col)


def test_the_kakuro_step_viewer_shows_candidates_not_the_solution(tmp_path: Path) -> None:
    puzzle = read("kakuro", KAKURO_9X9)
    kakuro = get_kind("kakuro")
    states = _viewer_states(tmp_path, "kakuro", puzzle)
    steps = kakuro.explain(puzzle).steps
    assert states[0] == explained_step(kakuro, puzzle, 1).state
    assert states[40] == explained_step(kakuro, puzzle, 41).state
    first = _empty_marks("kakuro", states[0])
    assert all(len(digits) > 1 for digits in first.values())  # not the solution
    for step, state in zip(steps, states, strict=False):
        marks = _empty_marks("kakuro", state)
        for row, col, digit in (*step.eliminations, *step.placements):
            assert digit in marks[(row, col)], (step, row, col, digit)
    last = board_of("kakuro", puzzle, states[-1])
    assert last.filled() == last.open_cells()
