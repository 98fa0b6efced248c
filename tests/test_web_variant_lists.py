"""What a variant player meets around the game on the page, in Debian's headless Chromium:
the saved-games list, the library and the home page's "Your last game" name a variant's
families (not just "Sudoku 9×9"), and a game's "Solved" toast goes when another game opens.

Screenshot: /tmp/web/variant-saved-games.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

if not Path("/usr/bin/chromium").exists():
    pytest.skip(
        "Debian's chromium is not installed at /usr/bin/chromium (make test installs it "
        "when it may); the browser tests never download a browser",
        allow_module_level=True,
    )
sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

from grille.game import PuzzleSource, Store  # noqa: E402
from server_support import browser_page, serving  # noqa: E402
from variant_games import GAMES  # noqa: E402

expect = sync_api.expect
SHOTS = Path("/tmp/web")
KILLER, JIGSAW, MIXED = GAMES


@pytest.fixture
def page() -> Iterator[Any]:
    with browser_page(sync_api) as opened:
        yield opened


def test_lists_of_games_and_puzzles_name_the_families(page: Any, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        store.new_game(store.add_puzzle(JIGSAW.puzzle(), source=PuzzleSource.ENTERED).id)
        store.new_game(store.add_puzzle(KILLER.puzzle(), source=PuzzleSource.ENTERED).id)
        store.add_puzzle(MIXED.puzzle(), source=PuzzleSource.ENTERED)  # not played
    with serving(db) as address:
        page.goto(f"{address}/#/home")
        expect(page.locator("#continue-text")).to_have_text(
            "Your last game: Sudoku 4×4 · killer cages, 0:00 played.")
        page.goto(f"{address}/#/games")
        rows = page.locator("#games-list tbody tr td:first-child")
        expect(rows).to_have_text(["Sudoku 4×4 · killer cages",
                                   "Sudoku 6×6 · irregular regions"])
        expect(page.locator("#library-list tbody tr td:nth-child(2)")).to_have_text(
            ["Sudoku 6×6 · thermometers · arrows · Kropki dots"])
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "variant-saved-games.png"), full_page=True)


def test_the_solved_toast_leaves_with_its_game(page: Any, tmp_path: Path) -> None:
    """The page's clock is paused once "Solved" shows, so the toast's own 3 s never run
    out: only opening the next game can take it away."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        saved = store.new_game(store.add_puzzle(KILLER.puzzle(), source=PuzzleSource.ENTERED).id)
        *first, (last_cell, last_digit) = KILLER.to_fill()
        for (row, col), digit in first:
            saved.session.play(f"r{row}c{col}={digit}")
        solved_id = saved.id
        next_id = store.new_game(
            store.add_puzzle(JIGSAW.puzzle(), source=PuzzleSource.ENTERED).id).id
    with serving(db) as address:
        page.clock.install()
        page.goto(f"{address}/#/game/{solved_id}")
        cell = page.locator(f"#cell-r{last_cell[0]}c{last_cell[1]}")
        cell.click()
        page.keyboard.press(last_digit)
        toast = page.locator("#toast")
        expect(toast).to_contain_text("Solved in")
        # Python's clock takes seconds (JavaScript's Date.now() is in milliseconds)
        page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 0.01)
        page.evaluate(f"location.hash = '#/game/{next_id}'")
        expect(page.locator("#game-title")).to_have_text(JIGSAW.title)
        expect(toast).to_be_hidden()
