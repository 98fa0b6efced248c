"""The terminal game, headless: Textual's pilot presses keys, the store is checked after."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

from grille.game import Store
from grille.kinds import get_kind, kind_names
from grille.tui.app import (
    Choice,
    GrilleApp,
    MenuScreen,
    NewGameScreen,
    PuzzleForm,
    StepsScreen,
)
from grille.tui.board import Board, Decorations, cell_label, draw, layouts_for, line_counts
from grille.tui.game import GameScreen
from tui_support import (
    FIXTURES,
    KAKURO,
    SUDOKU,
    board_of,
    game_screen,
    new_game,
    press_and_settle,
    read,
    run,
    saved_state,
    takuzu_puzzle,
)

# -- the board, without a terminal -----------------------------------------------------------


def test_sudoku_board_shows_givens_entries_marks_and_boxes() -> None:
    sudoku = get_kind("sudoku")
    puzzle = read("sudoku", SUDOKU)
    state = sudoku.apply(sudoku.apply(puzzle, "r1c3=4"), "r1c4^2")
    view = board_of("sudoku", puzzle, state)
    assert view.cell(0, 0).given and view.cell(0, 0).value == 5
    assert not view.cell(0, 2).given and view.cell(0, 2).value == 4
    assert view.cell(0, 3).marks == (2,)
    large = layouts_for(view)[0]
    lines = [line.plain for line in draw(view, large, Decorations(cursor=(0, 2)))]
    assert lines[0].startswith("┌") and "┬" in lines[0]
    assert any("┼" in line for line in lines)  # box borders cross
    text = draw(view, large, Decorations(cursor=(0, 2)))
    given_style = next(span.style for span in text[2].spans if text[2].plain[span.start] == "5")
    entry_style = next(span.style for span in text[2].spans if text[2].plain[span.start] == "4")
    assert given_style != entry_style


def test_takuzu_board_counts_each_line() -> None:
    takuzu = get_kind("takuzu")
    state = takuzu.read("0.1.\n....\n....\n1..0\n")[0].puzzle
    view = board_of("takuzu", state)
    assert line_counts(view, 0, row=True) == (1, 1)
    assert line_counts(view, 0, row=False) == (1, 1)
    lines = [line.plain for line in draw(view, layouts_for(view)[-1])]
    assert lines[1].rstrip().endswith("1 1")  # row 1: one 0, one 1
    assert lines[-2].split() == ["1", "0", "0", "1"]  # the 0s of each column


def test_kakuro_board_shows_clues_and_blocks() -> None:
    view = board_of("kakuro", read("kakuro", KAKURO))
    assert view.cell(0, 1).blocked and view.cell(1, 0).blocked
    assert cell_label(view, (0, 1)) == " 4\\  " and cell_label(view, (1, 0)) == "  \\3 "
    assert view.open_cells() == 4
    plain = "\n".join(line.plain for line in draw(view, layouts_for(view)[-1]))
    assert " 4\\" in plain and "\\3" in plain


@pytest.mark.parametrize(("width", "height", "expected"), [
    (80, 24, "medium"), (120, 45, "large"), (40, 12, "small"),
])
def test_sudoku_layout_follows_the_terminal(tmp_path: Path, width: int, height: int,
                                            expected: str) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def body(pilot: Pilot[None]) -> None:
        assert pilot.app.screen.query_one(Board).layout_choice.name == expected

    run(GrilleApp(db, game=game_id), body, size=(width, height))


# -- playing ------------------------------------------------------------------------------


def test_sudoku_move_undo_redo_pencil_hint_save_and_resume(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def play(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        assert screen.cursor == (0, 2)
        await pilot.press("4")
        assert screen.session.state[0, 2] == 4
        await pilot.press("u")
        assert screen.session.state[0, 2] == 0
        await pilot.press("ctrl+y")
        assert screen.session.state[0, 2] == 4
        await pilot.press("ctrl+z", "right", "a", "right")  # undo; right, left, right
        assert screen.session.state[0, 2] == 0 and screen.cursor == (0, 3)
        await pilot.press("p", "1", "2", "1")
        assert screen.session.state.marks[3] == 0b10  # 1 toggled twice: only 2 left
        await pilot.press("p")
        await press_and_settle(pilot, "h")  # worked out in a worker process
        assert screen.hint is not None and screen.hint.depth == 1
        assert screen.session.hints_used == 1
        await pilot.press("h")  # known already: at once
        assert screen.hint is not None and screen.hint.depth == 2
        await pilot.press("s", "enter")  # the name offered: "save 1"
        assert [point.name for point in screen.session.savepoints] == ["save 1"]
        await pilot.press("question_mark")
        assert pilot.app.screen is not screen  # the help
        await pilot.press("z")
        assert pilot.app.screen is screen
        await pilot.press("q")
        assert isinstance(pilot.app.screen, MenuScreen)

    run(GrilleApp(db, game=game_id), play)
    session = saved_state(db, game_id)
    assert session.state.marks[3] == 0b10 and session.state[0, 2] == 0
    assert session.hints_used == 1  # two depths of one step: one hint
    assert not session.paused and not session.timer_running  # left: the clock stopped
    assert [point.name for point in session.savepoints] == ["save 1"]

    async def resume(pilot: Pilot[None]) -> None:
        await pilot.press("down", "enter")  # the menu's "Resume"
        screen = game_screen(pilot)
        assert screen.game.id == game_id
        assert screen.session.state.marks[3] == 0b10
        assert screen.session.timer_running  # the clock runs again
        await pilot.press("b")  # back to the savepoint: already there
        assert screen.cursor == (0, 2)  # the first empty cell
        await pilot.press("right", "right", "right", "right")  # r1c3 -> r1c7
        await pilot.press("1")
        assert screen.session.state[0, 6] == 1

    run(GrilleApp(db), resume)
    assert saved_state(db, game_id).state[0, 6] == 1


def test_takuzu_zero_is_a_digit_and_backspace_clears(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    puzzle = takuzu_puzzle()
    game_id = new_game(db, "takuzu", puzzle)

    async def play(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        row, col = screen.cursor
        cell = row * puzzle.width + col
        await pilot.press("0")
        assert screen.session.state.cells[cell] == 0
        await pilot.press("1")
        assert screen.session.state.cells[cell] == 1
        await pilot.press("backspace")
        assert screen.session.state.cells[cell] == -1
        await pilot.press("u")
        assert screen.session.state.cells[cell] == 1
        await press_and_settle(pilot, "c")
        assert "against the solution" in screen.message.plain

    run(GrilleApp(db, game=game_id), play)
    assert saved_state(db, game_id).position == 2


def test_kakuro_move_and_undo(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "kakuro", read("kakuro", KAKURO))

    async def play(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        assert screen.cursor == (1, 1)
        await pilot.press("1", "right", "2", "down", "1", "left", "3")
        assert screen.session.solved
        assert "Solved" in screen.message.plain
        await pilot.press("u")
        assert not screen.session.solved and screen.session.state[2, 1] == 0
        await pilot.press("up", "up")  # onto a block
        await pilot.press("5")
        assert "block" in screen.message.plain

    run(GrilleApp(db, game=game_id), play)
    assert saved_state(db, game_id).position == 3


def test_hint_depth_five_plays_the_step(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def play(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        await press_and_settle(pilot, "h", "h", "h", "h")
        assert screen.session.position == 0 and screen.hint is not None
        assert screen.hint.cells  # depth 4 highlights the step's cells
        await press_and_settle(pilot, "h")
        assert screen.session.position == 1
        await pilot.press("u")
        assert screen.session.position == 0

    run(GrilleApp(db, game=game_id), play)


@pytest.mark.parametrize("kind", ["sudoku", "takuzu", "kakuro"])
def test_resizing_never_breaks_the_game(tmp_path: Path, kind: str) -> None:
    db = tmp_path / "games.sqlite3"
    puzzle = {"sudoku": lambda: read("sudoku", SUDOKU), "takuzu": takuzu_puzzle,
              "kakuro": lambda: read("kakuro", KAKURO)}[kind]()
    game_id = new_game(db, kind, puzzle)

    async def body(pilot: Pilot[None]) -> None:
        for width, height in ((80, 24), (40, 12), (20, 6), (132, 50), (60, 20), (80, 24)):
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            await pilot.press("right", "down")
        board = pilot.app.screen.query_one(Board)
        assert board.layout_choice.name in ("roomy", "large", "medium")
        assert board.region.width <= 80 and board.region.height <= 22

    run(GrilleApp(db, game=game_id), body, size=(40, 12))


def test_big_sudoku_scrolls_at_80x24(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    puzzle = (FIXTURES / "sudoku" / "grid16.txt").read_text()
    game_id = new_game(db, "sudoku", read("sudoku", puzzle))

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        board = screen.query_one(Board)
        assert board.region.width > board.parent.region.width  # type: ignore[union-attr]
        start = screen.cursor[1]
        for _ in range(15 - start):
            await pilot.press("right")
        await pilot.pause()
        assert screen.cursor[1] == 15
        box = board.parent
        assert box is not None and box.scroll_x > 0
        cursor = board.cell_region(screen.cursor).translate(board.region.offset)
        assert box.region.contains_region(cursor)

    run(GrilleApp(db, game=game_id), body)


# -- the menu: new game, solving step by step ---------------------------------------------


def test_new_game_from_the_menu_is_saved_for_the_browser(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"

    async def body(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # New game
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        form = screen.query_one(PuzzleForm)
        assert form.choice.kind == kind_names()[0]  # nothing played yet: the first kind
        form.select("kind", "takuzu")
        assert form.choice == Choice("takuzu", "8x8", "easy")
        form.select("kind", "sudoku")
        form.select("size", "4x4")
        form.select("level", "any")
        await pilot.press("enter")  # Start
        for _ in range(200):
            await pilot.pause(0.05)
            if isinstance(pilot.app.screen, GameScreen):
                break
        game = game_screen(pilot)
        assert game.summary.size == "4x4"
        await pilot.press("q")
        await pilot.press("enter")  # New game again: the kind played last
        assert pilot.app.screen.query_one(PuzzleForm).choice == Choice("sudoku", "9x9", "easy")

    run(GrilleApp(db), body)
    with Store(db) as store:
        [summary] = store.games()
        assert (summary.kind, summary.size) == ("sudoku", "4x4")
        assert store.last_unfinished_game() == summary
        reopened = store.open_game(summary.id)
        assert reopened.session.puzzle_text == store.puzzle(summary.puzzle_id).text
    _check_web_lists(db, summary.id)


def _check_web_lists(db: Path, game_id: int) -> None:
    """If the browser game exists, its HTTP API lists and opens the game the terminal started."""
    try:
        from grille.web.app import create_app
    except ImportError:
        return
    from fastapi.testclient import TestClient

    with TestClient(create_app(db)) as client:
        listed = client.get("/api/games")
        assert listed.status_code == 200, listed.text
        assert game_id in _ids(listed.json())
        opened = client.get(f"/api/games/{game_id}")
        assert opened.status_code == 200, opened.text


def _ids(data: Any) -> list[Any]:
    """Every ``id`` value in a JSON document."""
    if isinstance(data, dict):
        return [data.get("id"), *(i for value in data.values() for i in _ids(value))]
    if isinstance(data, list):
        return [i for value in data for i in _ids(value)]
    return []


def test_enter_a_puzzle_and_watch_it_solved(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"

    async def body(pilot: Pilot[None]) -> None:
        await pilot.press("down", "enter")  # Enter a puzzle (the disabled Resume is skipped)
        area = pilot.app.screen.query_one("TextArea")
        area.text = SUDOKU  # type: ignore[attr-defined]
        await pilot.click("#solve")
        screen = pilot.app.screen
        assert isinstance(screen, StepsScreen)
        for _ in range(200):
            await pilot.pause(0.05)
            if screen.explanation is not None:
                break
        assert screen.explanation is not None and screen.explanation.solved
        text = screen.query_one("#step-text")
        first = str(text.render())
        await pilot.press("right")
        assert screen.index == 1 and str(text.render()) != first
        await pilot.press("end")
        assert screen.index == len(screen.explanation.steps)
        assert "Solved" in str(text.render())

    run(GrilleApp(db), body, size=(100, 30))
