"""The game screen's keys and board: typed fast, two-digit values, Home/End, the footer, and
Kakuro's cell lines."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot

from grille.tui.app import GrilleApp
from grille.tui.board import Board, draw, geometry, layouts_for
from tui_support import (
    KAKURO,
    KAKURO_9X9,
    SUDOKU,
    SUDOKU_16,
    board_of,
    burst,
    game_screen,
    new_game,
    notifications,
    read,
    run,
    saved_state,
)


def test_keys_typed_in_a_burst_land_where_they_were_typed(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        assert screen.cursor == (0, 2)
        await burst(pilot, ["4", "right", "6", "down", "2",  # r2c4 is a clue: refused
                            "left", "left", "7", "end", "8", "down", "p", "3", "p", "9"])
        state = screen.session.state
        assert (state[0, 2], state[0, 3], state[1, 1], state[1, 8]) == (4, 6, 7, 8)
        assert state[1, 3] == 1  # the clue
        assert state[2, 8] == 9 and screen.cursor == (2, 8)
        assert screen.session.position == 6  # four values, one mark, one more value

    run(GrilleApp(db, game=game_id), body)
    assert saved_state(db, game_id).state[2, 8] == 9


def test_a_two_digit_value_is_one_move(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU_16))

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        row, col = screen.cursor
        await pilot.press("1", "6")
        assert screen.session.state[row, col] == 16
        assert screen.session.position == 1
        await pilot.press("u")
        assert screen.session.state[row, col] == 0 and screen.session.position == 0
        await pilot.press("p", "1", "0")  # pencil: the mark of 10 alone, one move
        assert screen.session.state.marks[row * 16 + col] == 1 << 9
        assert screen.session.position == 1
        await pilot.press("p", "1", "down", "6")  # a move between: two single digits
        assert screen.session.state[row, col] == 1
        assert screen.session.state[row + 1, col] == 6
        await burst(pilot, ["up", "1", "2"])  # 12 over the 1: one move more
        assert screen.session.state[row, col] == 12
        assert screen.session.position == 4

    run(GrilleApp(db, game=game_id), body)


def test_home_and_end_go_to_the_ends_of_the_row_and_with_ctrl_of_the_grid(
        tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        await pilot.press("down", "end")
        assert screen.cursor == (1, 8)
        await pilot.press("home")
        assert screen.cursor == (1, 0)
        await pilot.press("ctrl+end")
        assert screen.cursor == (8, 8)
        await pilot.press("ctrl+home")
        assert screen.cursor == (0, 0)

    run(GrilleApp(db, game=game_id), body)


def test_the_footer_shows_its_keys_whole_at_80_columns(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def body(pilot: Pilot[None]) -> None:
        keys = list(game_screen(pilot).query("FooterKey"))
        width = pilot.app.size.width
        assert all(key.region.right <= width for key in keys), [
            (key.key_display, key.region) for key in keys]  # type: ignore[attr-defined]
        shown = {(key.key_display, key.description) for key in keys}  # type: ignore[attr-defined]
        assert {("e", "Errors"), ("b", "Back"), ("?", "Help"), ("q", "Menu")} <= shown

    run(GrilleApp(db, game=game_id), body)


def test_kakuro_cells_have_lines_between_them_and_blocks_read_as_one() -> None:
    view = board_of("kakuro", read("kakuro", KAKURO))
    for layout in layouts_for(view):
        shape = geometry(view, layout)
        lines = [line.plain for line in draw(view, layout)]
        middle = [top + (layout.height - 1) // 2 for top in shape.ys]
        assert lines[middle[1]][shape.xs[2] - 1] == "│", layout  # r2c2 | r2c3
        assert lines[shape.ys[2] - 1][shape.xs[1]] == "─", layout  # r2c2 over r3c2
        assert lines[middle[0]][shape.xs[2] - 1] == " ", layout  # 4\ next to 3\: no line


def test_an_8x8_kakuro_fits_80x24_with_its_lines(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "kakuro", read("kakuro", KAKURO_9X9))

    async def body(pilot: Pilot[None]) -> None:
        board = game_screen(pilot).query_one(Board)
        box = board.parent
        assert box is not None
        assert box.region.contains_region(board.region)  # type: ignore[attr-defined]

    run(GrilleApp(db, game=game_id), body)


def test_a_failing_move_or_action_is_shown_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    def locked(*args: Any) -> Any:
        raise sqlite3.OperationalError("database is locked")

    def broken(*args: Any) -> Any:
        raise RuntimeError("something broke")

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        monkeypatch.setattr(screen.game.session, "play", locked)
        monkeypatch.setattr(screen.game.session, "fill", broken)
        await pilot.press("4")  # a value key
        await pilot.pause()
        assert "database is locked" in notifications(pilot)
        await pilot.press("m")  # a key binding
        await pilot.pause()
        assert "something broke" in notifications(pilot)
        await pilot.press("right")
        assert pilot.app.screen is screen and screen.cursor == (0, 3)

    run(GrilleApp(db, game=game_id), body, notifications=True)
