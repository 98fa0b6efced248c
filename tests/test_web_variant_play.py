"""A variant game on the page, in a real headless Chromium (Debian's, /usr/bin/chromium),
driven by Playwright: a Killer pasted as an f-puzzles link starts a game, a wrong digit in
a cage is flagged with the cage named, and the puzzle is played to the end by keys.

A screenshot of the game goes to /tmp/web/variant-killer.png.
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

from conftest import FIXTURES  # noqa: E402
from grille.kinds import get_kind  # noqa: E402
from server_support import BROWSER_ARGS, CHROMIUM, serving  # noqa: E402

expect = sync_api.expect

SHOTS = Path("/tmp/web")
KILLER = FIXTURES / "variants" / "killer_4x4_unique.json"
"""A 4x4 Killer with one solution (``grille count`` says 1)."""
SOLUTION = "1234341221434321"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("web") / "games.sqlite3") as address:
        yield address


@pytest.fixture
def page() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        opened = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        opened.on("pageerror", lambda error: errors.append(str(error)))
        yield opened
        browser.close()
        assert errors == [], errors


def cell(page: Any, row: int, col: int) -> Any:
    return page.locator(f"#cell-r{row}c{col}")


def killer_link() -> str:
    """The fixture as an f-puzzles link, the way a player copies one."""
    kind = get_kind("sudoku")
    return kind.write([kind.read(KILLER.read_text())[0].puzzle], "fpuzzles-link").strip()


def test_a_pasted_killer_link_is_played_to_the_end_by_keys(page: Any, server: str) -> None:
    page.goto(f"{server}/#/home")
    page.fill("#enter-text", killer_link())
    page.get_by_role("button", name="Play this puzzle").click()
    expect(page.locator("#view-game")).to_be_visible(timeout=60_000)
    expect(page.locator("#game-title")).to_have_text("Sudoku 4×4 · killer cages")
    game_id = page.locator("#view-game").get_attribute("data-game-id")
    stored = httpx.get(f"{server}/api/games/{game_id}", timeout=30).json()
    cages = [r for r in stored["board"]["regions"] if r["total"] is not None]
    assert sorted(r["total"] for r in cages) == [3, 3, 4, 4, 6, 6, 7, 7]

    page.locator("#settings-panel summary").click()
    page.select_option("#checking", "rules")
    cell(page, 1, 1).focus()
    page.keyboard.press("1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("3")  # no repeat, but 1 + 3 breaks the cage r1c1+r1c2 = 3
    expect(cell(page, 1, 2)).to_have_class(re.compile(r"\bconflict\b"))
    expect(page.locator("#game-status")).to_contain_text("killer cage r1c1..r1c2")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "variant-killer.png"))
    page.keyboard.press("Control+z")
    expect(cell(page, 1, 2)).not_to_have_class(re.compile(r"\bconflict\b"))

    cell(page, 1, 2).focus()
    for index, digit in enumerate(SOLUTION[1:], start=1):
        row, col = divmod(index, 4)
        if col == 0:  # the next row's first cell
            page.keyboard.press("ArrowDown")
            for _ in range(3):
                page.keyboard.press("ArrowLeft")
        expect(cell(page, row + 1, col + 1)).to_be_focused()
        page.keyboard.press(digit)
        if col < 3:
            page.keyboard.press("ArrowRight")
    expect(page.locator("#game-status")).to_contain_text("Solved in")
    page.screenshot(path=str(SHOTS / "variant-killer-solved.png"))
    assert httpx.get(f"{server}/api/games/{game_id}", timeout=30).json()["solved"]
