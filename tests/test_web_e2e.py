"""The game page in a real headless Chromium (Debian's, at /usr/bin/chromium; never a
downloaded browser), driven by Playwright: new games of each kind, keyboard and mouse play,
undo, pencil marks, hints, reload and resume, finishing a puzzle, themes and phone width.

Screenshots of each kind in both themes, on a desktop and at phone width, go to /tmp/web/.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip(
        "Debian's chromium is not installed at /usr/bin/chromium (make test installs it "
        "when it may); the browser tests never download a browser",
        allow_module_level=True,
    )
sync_api = pytest.importorskip("playwright.sync_api")
httpx = pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn")

from grille.web.app import create_app  # noqa: E402
from grille.web.server import bind  # noqa: E402

expect = sync_api.expect

ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path("/tmp/web")

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
NEARLY = SOLUTION[:40] + "." + SOLUTION[41:]
TAKUZU = ".....0\n..1...\n0.1...\n......\n.1...0\n0.0...\n"
KAKURO = "# #  #  #  #  #\n# #  5\\ 8\\ #  #\n# \\7 .  .  8\\ #\n# \\8 .  .  .  #\n" \
         "# #  \\6 .  .  #\n# #  #  #  #  #\n"
PUZZLES = {"sudoku": SUDOKU, "takuzu": TAKUZU, "kakuro": KAKURO}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The game server on a free loopback port, in a thread, over a fresh database."""
    db = tmp_path_factory.mktemp("web") / "games.sqlite3"
    app = create_app(db, durable=False)
    sock = bind("127.0.0.1", 0)
    instance = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=instance.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not instance.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert instance.started, "the server did not start"
    yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    instance.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("dialog", lambda dialog: dialog.accept())
    yield opened
    context.close()
    assert errors == [], errors


def enter(server: str, text: str) -> int:
    """Start a game of ``text`` through the API; its id."""
    response = httpx.post(f"{server}/api/puzzles", json={"text": text}, timeout=30)
    assert response.status_code == 201, response.text
    game_id: int = response.json()["id"]
    return game_id


def state(server: str, game_id: int) -> dict[str, Any]:
    found: dict[str, Any] = httpx.get(f"{server}/api/games/{game_id}", timeout=30).json()
    return found


def open_game(page: Any, server: str, game_id: int) -> None:
    page.goto(f"{server}/#/game/{game_id}")
    expect(page.locator("#view-game")).to_have_attribute("data-game-id", str(game_id))
    expect(page.locator("#view-game")).to_be_visible()


def cell(page: Any, row: int, col: int) -> Any:
    return page.locator(f"#cell-r{row}c{col}")


def label(page: Any, row: int, col: int, text: str) -> None:
    expect(cell(page, row, col)).to_have_attribute("aria-label", f"row {row}, column {col}, {text}")


# -- new games -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "size"), [("sudoku", "4x4"), ("takuzu", "6x6"),
                                            ("kakuro", "6x6")])
def test_new_game_of_each_kind_from_the_form(page: Any, server: str, kind: str,
                                             size: str) -> None:
    page.goto(f"{server}/#/home")
    page.locator(f"label[for=kind-{kind}]").click()
    page.select_option("#new-size", size)
    page.select_option("#new-level", "any")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#game-title")).to_have_text(re.compile(f"^{kind}", re.I), timeout=60_000)
    rows, cols = (int(side) for side in size.split("x"))
    grid = page.get_by_role("grid")
    expect(grid).to_have_count(1)
    expect(grid.get_by_role("row")).to_have_count(rows)
    expect(grid.get_by_role("gridcell")).to_have_count(rows * cols)
    expect(cell(page, 1, 1)).to_have_attribute("aria-label", re.compile(r"^row 1, column 1, "))


# -- playing -------------------------------------------------------------------------------------


def test_keyboard_play_pencil_marks_undo_and_redo(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    expect(cell(page, 1, 3)).to_be_focused()  # the first empty cell
    page.keyboard.press("4")
    label(page, 1, 3, "4")
    page.keyboard.press("ArrowRight")
    expect(cell(page, 1, 4)).to_be_focused()
    page.keyboard.press("d")
    page.keyboard.press("a")
    expect(cell(page, 1, 4)).to_be_focused()
    page.keyboard.press("Shift+6")
    label(page, 1, 4, "empty, candidates 6")
    page.keyboard.press("p")  # pencil mode: digits toggle marks
    expect(page.locator("#pencil")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("2")
    label(page, 1, 4, "empty, candidates 2 6")
    page.keyboard.press("p")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Backspace")
    label(page, 1, 3, "empty")
    page.keyboard.press("Control+z")
    label(page, 1, 3, "4")
    page.keyboard.press("Control+y")
    label(page, 1, 3, "empty")
    page.keyboard.press("u")
    label(page, 1, 3, "4")
    page.keyboard.press("ArrowUp")  # stays in the grid
    page.keyboard.press("s")
    page.keyboard.press("s")
    expect(cell(page, 3, 3)).to_be_focused()
    page.keyboard.press("1")  # r3c3 is a clue: nothing is sent
    expect(page.locator("#toast")).to_have_text("r3c3 is a clue")
    label(page, 3, 3, "clue 8")
    stored = state(server, game_id)  # every move the page showed is stored
    assert (stored["position"], stored["history_length"]) == (3, 4)


def test_mouse_play_on_takuzu_cycles_cells(page: Any, server: str) -> None:
    game_id = enter(server, TAKUZU)
    open_game(page, server, game_id)
    cell(page, 1, 1).click()
    label(page, 1, 1, "0")
    cell(page, 1, 1).click()
    label(page, 1, 1, "1")
    cell(page, 1, 1).click()
    label(page, 1, 1, "empty")
    cell(page, 2, 1).click()  # a click cycles: 0
    page.locator("#keypad button[data-value='1']").click()
    label(page, 2, 1, "1")
    expect(page.locator("#cell-info")).to_contain_text("Row 2: 0 zeros and 2 ones of 3 each")
    expect(page.locator(".row-counts .line-count").nth(1)).to_have_text("02")
    page.get_by_role("button", name="Undo").click()
    label(page, 2, 1, "0")
    page.get_by_role("button", name="Undo").click()
    label(page, 2, 1, "empty")
    label(page, 1, 6, "clue 0")
    cell(page, 1, 6).click()  # a clue does not change
    label(page, 1, 6, "clue 0")


def test_kakuro_shows_the_runs_combinations(page: Any, server: str) -> None:
    game_id = enter(server, KAKURO)
    open_game(page, server, game_id)
    label(page, 2, 3, "block, down sum 5")
    cell(page, 3, 3).click()
    combos = page.locator("#combos-list")
    expect(combos).to_contain_text("Across 7 in 2: 16 25 34")
    expect(combos).to_contain_text("Down 5 in 2: 14 23")
    page.keyboard.press("4")
    label(page, 3, 3, "4")
    expect(combos).to_contain_text("Down 5 in 2: 14")
    expect(combos).not_to_contain_text("23")
    expect(cell(page, 4, 3)).to_have_class(re.compile(r"\bpeer\b"))


def test_hints_highlight_the_cells_and_apply(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    hint = page.get_by_role("button", name="? Hint")
    text = page.locator("#hint-text")
    hint.click()
    expect(text).to_have_text(re.compile(r"^Look at (box|row|column) \d\.$"))
    expect(page.locator("#hint-depth")).to_have_text("(1/5: where to look)")
    hint.click()
    expect(text).to_have_text("Try a Hidden Single.")
    hint.click()
    expect(text).to_have_text(re.compile(r"^Hidden Single on r\dc\d\.$"))
    row, col = (int(n) for n in re.findall(r"r(\d)c(\d)", text.inner_text())[0])
    expect(cell(page, row, col)).to_have_class(re.compile(r"\bhint\b"))
    expect(cell(page, row, col)).to_have_attribute("aria-selected", "true")
    page.get_by_role("button", name="Tell me more").click()
    expect(text).to_contain_text(f"can only go in r{row}c{col}.")
    expect(page.locator("#hint-more")).to_have_text("Apply it")
    page.get_by_role("button", name="Apply it").click()
    label(page, row, col, f"{SOLUTION[(row - 1) * 9 + col - 1]}, hint")  # still shown
    expect(page.locator("#hint-depth")).to_have_text("(5/5: applied)")
    assert state(server, game_id)["hints_used"] == 5


def test_reload_resumes_the_game(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    page.keyboard.press("4")
    label(page, 1, 3, "4")
    page.reload()
    expect(page.locator("#view-game")).to_have_attribute("data-game-id", str(game_id))
    label(page, 1, 3, "4")
    page.goto(f"{server}/")  # no route: the last unfinished game
    expect(page).to_have_url(re.compile(f"#/game/{game_id}$"))
    label(page, 1, 3, "4")


def test_finishing_a_puzzle_marks_it_solved(page: Any, server: str) -> None:
    game_id = enter(server, NEARLY)
    open_game(page, server, game_id)
    expect(cell(page, 5, 5)).to_be_focused()
    page.keyboard.press(SOLUTION[40])
    expect(page.locator("#game-status")).to_contain_text("Solved in")
    expect(page.locator("#board-frame")).to_have_class(re.compile(r"\bsolved\b"))
    page.keyboard.press("Control+z")
    expect(page.locator("#game-status")).not_to_contain_text("Solved")
    page.keyboard.press("r")
    expect(page.locator("#game-status")).to_contain_text("Solved in")
    assert state(server, game_id)["solved"]


def test_show_solution_then_undo_and_replay(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    page.get_by_role("button", name="Show solution").click()
    expect(page.locator("#game-status")).to_have_text("Solved, with the solution shown.")
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#game-status")).to_have_text("")
    label(page, 1, 3, "empty")
    page.get_by_role("button", name="Redo").click()
    label(page, 1, 3, SOLUTION[2])
    page.get_by_role("button", name="Undo").click()
    page.get_by_role("button", name="Redo").click()
    expect(page.locator("#game-status")).to_contain_text("Solved")


def test_savepoints_and_checking_from_the_page(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    page.keyboard.press("4")
    page.locator("#savepoints-panel summary").click()
    page.fill("#savepoint-name", "before")
    page.get_by_role("button", name="Save here").click()
    expect(page.locator("#savepoints")).to_contain_text("before (move 1)")
    cell(page, 1, 4).click()
    page.keyboard.press("5")  # 5 is already in row 1
    page.locator("#settings-panel summary").click()
    page.select_option("#checking", "rules")
    expect(cell(page, 1, 4)).to_have_class(re.compile(r"\bconflict\b"))
    expect(page.locator("#game-status")).to_contain_text("both hold 5")
    page.get_by_role("button", name="Go back to savepoint before", exact=True).click()
    label(page, 1, 4, "empty")
    expect(cell(page, 1, 4)).not_to_have_class(re.compile(r"\bconflict\b"))


# -- looks, themes, phone width, accessibility -----------------------------------------------------


def test_screenshots_in_both_themes_and_at_phone_width(browser: Any, server: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    games = {kind: enter(server, text) for kind, text in PUZZLES.items()}
    for theme in ("light", "dark"):
        for width, height in ((1280, 900), (375, 812)):
            context = browser.new_context(viewport={"width": width, "height": height},
                                          color_scheme=theme)
            shot = context.new_page()
            for kind, game_id in games.items():
                open_game(shot, server, game_id)
                shot.keyboard.press("ArrowRight")
                shot.wait_for_timeout(100)
                shot.screenshot(path=str(SHOTS / f"{kind}-{theme}-{width}.png"), full_page=True)
                overflow = shot.evaluate("document.documentElement.scrollWidth")
                assert overflow <= width, f"{kind} at {width}px is {overflow}px wide"
            shot.goto(f"{server}/#/home")
            expect(shot.locator("#new-game")).to_be_visible()
            shot.screenshot(path=str(SHOTS / f"home-{theme}-{width}.png"), full_page=True)
            context.close()
    assert len(list(SHOTS.glob("*-*-375.png"))) >= 8


def test_theme_toggle_is_remembered(page: Any, server: str) -> None:
    page.goto(f"{server}/#/home")
    toggle = page.locator("#theme-toggle")
    expect(toggle).to_have_text("☾ Dark")
    toggle.click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == background
    assert background != "rgb(244, 245, 248)"


def test_every_control_is_named_and_reachable_by_keyboard(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    for button in page.locator("#view-game button:visible").all():
        name = button.get_attribute("aria-label") or button.inner_text().strip()
        assert name, button.evaluate("b => b.outerHTML")
    expect(page.locator("#board [role=gridcell][tabindex='0']")).to_have_count(1)
    expect(cell(page, 1, 3)).to_be_focused()
    page.keyboard.press("Tab")
    focused = page.locator(":focus")
    expect(focused).to_have_attribute("data-value", "1")  # the keypad follows the board
    outline = focused.evaluate("b => getComputedStyle(b).outlineStyle")
    assert outline != "none"
    page.keyboard.press("Enter")  # a keypad key by keyboard writes its digit
    label(page, 1, 3, "1")
    page.keyboard.press("Shift+Tab")
    expect(cell(page, 1, 3)).to_be_focused()
