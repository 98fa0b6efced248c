"""Variant games on the page, in a real headless Chromium (Debian's, /usr/bin/chromium),
driven by Playwright: a Killer pasted as an f-puzzles link, a Jigsaw as a SudokuPad link and
a thermometer/arrow/Kropki puzzle as its f-puzzles file's text each start a game; a wrong
digit is flagged with its constraint named, and the puzzle is played to the end by keys
(the games: ``variant_games.GAMES``, which the terminal test plays too).

Screenshots go to /tmp/web/variant-NAME.png (the flagged entry) and
/tmp/web/variant-NAME-solved.png.
"""

from __future__ import annotations

import re
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
httpx = pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn")

from server_support import browser_page, serving  # noqa: E402
from variant_games import GAMES, Cell, VariantGame, arrows, drawn  # noqa: E402

expect = sync_api.expect

SHOTS = Path("/tmp/web")
CONFLICT = re.compile(r"\bconflict\b")
KEYS = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("web") / "games.sqlite3") as address:
        yield address


@pytest.fixture
def page() -> Iterator[Any]:
    with browser_page(sync_api) as opened:
        yield opened


def cell(page: Any, at: Cell) -> Any:
    return page.locator(f"#cell-r{at[0]}c{at[1]}")


def move(page: Any, start: Cell, end: Cell) -> None:
    """The focus from ``start`` to ``end`` by arrow keys."""
    for key in arrows(start, end):
        page.keyboard.press(KEYS[key])
    expect(cell(page, end)).to_be_focused()


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_pasted_variant_is_played_to_the_end_by_keys(
        page: Any, server: str, game: VariantGame) -> None:
    page.goto(f"{server}/#/home")
    page.fill("#enter-text", game.pasted())
    page.get_by_role("button", name="Play this puzzle").click()
    expect(page.locator("#view-game")).to_be_visible(timeout=60_000)
    expect(page.locator("#game-title")).to_have_text(game.title)
    game_id = page.locator("#view-game").get_attribute("data-game-id")
    stored = httpx.get(f"{server}/api/games/{game_id}", timeout=30).json()
    assert drawn(stored["board"]) == list(game.shapes)

    page.locator("#settings-panel summary").click()
    page.select_option("#checking", "rules")
    at = (1, 1)
    cell(page, at).focus()
    for where, digit in game.wrong:
        move(page, at, where)
        page.keyboard.press(digit)
        at = where
    for flagged in game.flagged:
        expect(cell(page, flagged)).to_have_class(CONFLICT)
    expect(page.locator("#game-status")).to_contain_text(game.broken)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"variant-{game.name}.png"))
    for _ in game.wrong:
        page.keyboard.press("Control+z")
    for flagged in game.flagged:
        expect(cell(page, flagged)).not_to_have_class(CONFLICT)

    for where, digit in game.to_fill():
        move(page, at, where)
        page.keyboard.press(digit)
        at = where
    expect(page.locator("#game-status")).to_contain_text("Solved in")
    page.screenshot(path=str(SHOTS / f"variant-{game.name}-solved.png"))
    assert httpx.get(f"{server}/api/games/{game_id}", timeout=30).json()["solved"]


def test_entering_a_puzzle_says_what_it_waits_for(
        page: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new installation's first check compiles the solver (minutes): the page says so,
    with the seconds waited, then that it checks the puzzle's one solution; the game's
    clock counts none of that wait."""
    import threading

    import grille.web.api
    from grille.game.work import Workers
    from server_support import serving_app

    ready = threading.Event()
    release = threading.Event()
    monkeypatch.setattr(Workers, "ready", property(lambda self: ready.is_set()))
    monkeypatch.setattr(grille.web.api, "warmed", lambda: False)
    with serving_app(tmp_path / "games.sqlite3") as (address, services):
        search = services.search

        def held(*args: Any) -> Any:
            release.wait(60)
            return search(*args)

        monkeypatch.setattr(services, "search", held)
        page.goto(f"{address}/#/home")
        page.fill("#enter-text", GAMES[0].pasted())
        button = page.get_by_role("button", name="Play this puzzle")
        button.click()
        waiting = page.locator("#entering")
        expect(waiting).to_contain_text("Preparing the solver the first time (a minute or more)…")
        expect(waiting).to_contain_text(re.compile(r"\b[1-9]\d* s\b"))
        expect(button).to_be_disabled()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "variant-entering-first-time.png"))
        ready.set()
        expect(waiting).to_contain_text("Checking that the puzzle has one solution…")
        release.set()
        expect(page.locator("#view-game")).to_be_visible(timeout=60_000)
        expect(page.locator("#timer")).to_have_text(re.compile(r"^0:0[0-2]$"))  # no wait
        expect(waiting).to_be_hidden()
        expect(page.locator("#enter-form button[type=submit]")).to_be_enabled()
