"""The game page in a real headless Chromium (Debian's, at /usr/bin/chromium; never a
downloaded browser), driven by Playwright: new games of each kind, keyboard and mouse play,
undo, pencil marks, hints, reload and resume, finishing a puzzle, themes and phone width.

Screenshots of each kind in both themes, on a desktop and at phone width, go to /tmp/web/.
"""

from __future__ import annotations

import json
import re
import time
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

from grille.game import PoolKey, Store  # noqa: E402
from grille.kind import GenerateOptions  # noqa: E402
from grille.kinds import get_kind  # noqa: E402
from grille.web.api import Services  # noqa: E402
from server_support import BROWSER_ARGS, CHROMIUM, serving, serving_app  # noqa: E402
from web_support import endless_hint, slow_hint  # noqa: E402
from work_support import alive  # noqa: E402

expect = sync_api.expect

ARGS = BROWSER_ARGS
SHOTS = Path("/tmp/web")
FIXTURES = Path(__file__).resolve().parent / "fixtures"

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
NEARLY = SOLUTION[:40] + "." + SOLUTION[41:]
TAKUZU = ".....0\n..1...\n0.1...\n......\n.1...0\n0.0...\n"
KAKURO = "# #  #  #  #  #\n# #  5\\ 8\\ #  #\n# \\7 .  .  8\\ #\n# \\8 .  .  .  #\n" \
         "# #  \\6 .  .  #\n# #  #  #  #  #\n"
PUZZLES = {"sudoku": SUDOKU, "takuzu": TAKUZU, "kakuro": KAKURO}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The game server shared by the module's tests, over a fresh database."""
    with serving(tmp_path_factory.mktemp("web") / "games.sqlite3") as address:
        yield address


@pytest.fixture
def empty_server(tmp_path: Path) -> Iterator[str]:
    """A game server of its own over an empty database (no games yet)."""
    with serving(tmp_path / "games.sqlite3") as address:
        yield address


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
    native: list[str] = []  # the page asks in its own dialog, never window.confirm
    opened.on("dialog", lambda dialog: (native.append(dialog.message), dialog.dismiss()))
    yield opened
    context.close()
    assert errors == [], errors
    assert native == [], native


def enter(server: str, text: str) -> int:
    """Start a game of ``text`` through the API; its id."""
    response = httpx.post(f"{server}/api/puzzles", json={"text": text}, timeout=30)
    assert response.status_code == 201, response.text
    game_id: int = response.json()["id"]
    return game_id


def play_file(server: str, path: Path) -> int:
    """Import the puzzle file at ``path`` through the API and start a game of its first
    puzzle (import checks no uniqueness: quick for large grids); the game's id."""
    imported = httpx.post(f"{server}/api/import", json={"text": path.read_text(),
                                                         "name": path.name}, timeout=60)
    assert imported.status_code == 200, imported.text
    puzzle = imported.json()["puzzles"][0]["id"]
    started = httpx.post(f"{server}/api/games", json={"puzzle_id": puzzle}, timeout=60)
    assert started.status_code == 201, started.text
    game_id: int = started.json()["id"]
    return game_id


def state(server: str, game_id: int) -> dict[str, Any]:
    found: dict[str, Any] = httpx.get(f"{server}/api/games/{game_id}", timeout=30).json()
    return found


def record_api(page: Any) -> list[str]:
    """The API requests the page sends from now on, as ``METHOD /path`` (after ``/api``)."""
    sent: list[str] = []
    page.on("request", lambda request: "/api/" in request.url
            and sent.append(f"{request.method} {request.url.split('/api', 1)[1]}"))
    return sent


def until(check: Any, seconds: float = 60.0) -> Any:
    """Wait for ``check()`` to be true (the server's side of what the page did)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("timed out waiting for the server")


WATCH_WORKING = """() => {
  window.workingShown = 0;
  const line = document.getElementById("hint-working");
  new MutationObserver(() => { if (!line.hidden) window.workingShown += 1; })
    .observe(line, { attributes: true, attributeFilter: ["hidden"] });
}"""
"""Counts each time the "working on a hint" line shows, from now on."""


def open_game(page: Any, server: str, game_id: int) -> None:
    page.goto(f"{server}/#/game/{game_id}")
    expect(page.locator("#view-game")).to_have_attribute("data-game-id", str(game_id))
    expect(page.locator("#view-game")).to_be_visible()


def cell(page: Any, row: int, col: int) -> Any:
    return page.locator(f"#cell-r{row}c{col}")


def label(page: Any, row: int, col: int, text: str) -> None:
    expect(cell(page, row, col)).to_have_attribute("aria-label", f"row {row}, column {col}, {text}")


def confirm(page: Any, button: str) -> None:
    """Answer the page's confirm dialog with its ``button``."""
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=button, exact=True).click()
    expect(dialog).to_be_hidden()


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
    label(page, 1, 4, "pencil marks 6")
    page.keyboard.press("p")  # pencil mode: digits toggle marks
    expect(page.locator("#pencil")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("2")
    label(page, 1, 4, "pencil marks 2 6")
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
    asked = record_api(page)
    hint = page.get_by_role("button", name="? Hint")
    text = page.locator("#hint-text")
    hint.click()
    expect(text).to_have_text(re.compile(r"^Look at (box|row|column) \d\.$"), timeout=30_000)
    expect(page.locator("#hint-depth")).to_have_text("(1/5: where to look)")
    page.evaluate(WATCH_WORKING)  # deeper depths of a known step come at once: no flash
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
    expect(page.locator("#hint-more")).to_be_hidden()
    assert state(server, game_id)["hints_used"] == 1  # one step revealed: one hint
    # one request per depth (a slow first answer may be polled for: GETs, never more POSTs)
    assert [line for line in asked if line.startswith("POST") and "/hint" in line] == [
        f"POST /games/{game_id}/hint"] * 5
    assert page.evaluate("window.workingShown") == 0


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
    confirm(page, "Show solution")
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


def test_a_checkbox_sits_beside_its_words(page: Any, server: str) -> None:
    """The pencil-mark setting's box stood alone on a line, its words wrapped below it."""
    open_game(page, server, enter(server, SUDOKU))
    page.locator("#settings-panel summary").click()
    found = page.evaluate("""() => {
      const box = document.getElementById('auto-clean').getBoundingClientRect();
      const label = document.getElementById('auto-clean').parentElement;
      const words = [...label.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
      const range = document.createRange();
      range.selectNodeContents(words);
      const line = range.getClientRects()[0];
      return { box: [box.left, box.top, box.right, box.bottom],
               line: [line.left, line.top, line.right, line.bottom] };
    }""")
    _, top, right, bottom = found["box"]
    line_left, line_top, _, line_bottom = found["line"]
    assert line_left >= right and line_top < bottom and line_bottom > top, found


def test_a_setters_rules_keep_their_line_breaks(page: Any, server: str) -> None:
    """A setter's rules text (f-puzzles' "ruleset") is written in lines; the panel ran them
    into one paragraph."""
    data = json.loads((FIXTURES / "variants" / "killer_4x4_unique.json").read_text())
    puzzle = data.get("fpuzzles", data)
    puzzle["ruleset"] = "Normal sudoku rules apply.\nDigits in a cage sum to its total."
    open_game(page, server, enter(server, json.dumps(puzzle)))
    rules = page.locator("#notes-list li").nth(1)
    expect(rules).to_contain_text("Normal sudoku rules apply.")
    assert rules.inner_text() == "Normal sudoku rules apply.\nDigits in a cage sum to its total."


def test_a_printed_variant_carries_its_rules(page: Any, server: str) -> None:
    """Printing the page printed the grid alone: a killer on paper did not say what its
    cages mean. The rules panel now prints under the grid; the other tools do not."""
    data = json.loads((FIXTURES / "variants" / "killer_4x4_unique.json").read_text())
    open_game(page, server, enter(server, json.dumps(data.get("fpuzzles", data))))
    page.emulate_media(media="print")
    try:
        expect(page.locator("#notes-list")).to_be_visible()
        expect(page.locator("#notes-list")).to_contain_text("Killer cages")
        expect(page.locator("#board")).to_be_visible()
        expect(page.locator("#keypad")).to_be_hidden()
        expect(page.locator("#settings-panel")).to_be_hidden()
    finally:
        page.emulate_media(media="screen")


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


# -- asking first, paused, checking off --------------------------------------------------------


def test_deleting_a_game_asks_in_the_pages_dialog_first(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    page.goto(f"{server}/#/games")
    delete = page.get_by_role("button", name=f"Delete game {game_id}", exact=True)
    delete.click()
    dialog = page.get_by_role("dialog", name=f"Delete game {game_id}?")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("go for good")
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()  # the safe answer
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(delete).to_be_focused()  # the focus comes back
    assert httpx.get(f"{server}/api/games/{game_id}", timeout=30).status_code == 200
    page.keyboard.press("Enter")  # the keyboard opens it again, Tab then Enter deletes
    expect(dialog).to_be_visible()
    page.keyboard.press("Tab")
    expect(dialog.get_by_role("button", name="Delete")).to_be_focused()
    page.keyboard.press("Enter")
    expect(delete).to_have_count(0)
    assert httpx.get(f"{server}/api/games/{game_id}", timeout=30).status_code == 404


def test_restart_asks_first_and_keys_do_not_play_under_the_dialog(page: Any,
                                                                  server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    page.keyboard.press("4")
    label(page, 1, 3, "4")
    page.get_by_role("button", name="Restart").click()
    expect(page.get_by_role("dialog", name="Restart this game?")).to_be_visible()
    page.keyboard.press("7")  # not a move: the dialog has the keyboard
    page.get_by_role("dialog").get_by_role("button", name="Cancel").click()
    label(page, 1, 3, "4")
    page.get_by_role("button", name="Restart").click()
    confirm(page, "Restart")
    label(page, 1, 3, "empty")
    assert state(server, game_id)["position"] == 2


def test_checking_off_says_nothing_about_the_rules(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    expect(page.locator("#checking")).to_have_value("off")
    page.keyboard.press("5")  # r1c3 = 5 breaks the rules (5 is in row 1)
    label(page, 1, 3, "5")
    assert state(server, game_id)["position"] == 1
    page.wait_for_timeout(200)
    expect(page.locator("#game-status")).to_have_text("")
    expect(cell(page, 1, 3)).not_to_have_class(re.compile(r"\bconflict\b"))
    page.locator("#settings-panel summary").click()
    page.select_option("#checking", "rules")
    expect(page.locator("#game-status")).to_contain_text("both hold 5")


def test_a_paused_game_takes_no_hint_fill_undo_restart_or_solution(page: Any,
                                                                   server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    page.keyboard.press("4")
    label(page, 1, 3, "4")
    page.get_by_role("button", name="Pause").click()
    expect(page.locator("#paused-cover")).to_be_visible()
    for name in ("undo", "hint", "fill", "restart", "solution", "clear-cell", "pencil"):
        expect(page.locator(f"#{name}")).to_be_disabled()
    for key in ("h", "u", "Control+z", "7", "Shift+7", "Backspace"):
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    stored = state(server, game_id)
    assert (stored["position"], stored["hints_used"], stored["paused"]) == (1, 0, True)
    page.locator("#resume").click()
    expect(page.locator("#undo")).to_be_enabled()
    expect(page.locator("#hint")).to_be_enabled()


# -- keys on large grids -----------------------------------------------------------------------


def test_shift_letter_toggles_a_mark_on_16x16_and_home_end_jump(page: Any, server: str) -> None:
    game_id = play_file(server, FIXTURES / "sudoku" / "grid16.txt")
    open_game(page, server, game_id)
    expect(cell(page, 1, 2)).to_be_focused()  # the first empty cell
    page.keyboard.press("Shift+A")
    label(page, 1, 2, "pencil marks A")
    page.keyboard.press("Shift+G")
    label(page, 1, 2, "pencil marks A G")
    page.keyboard.press("Shift+1")
    label(page, 1, 2, "pencil marks 1 A G")
    page.keyboard.press("Shift+A")
    label(page, 1, 2, "pencil marks 1 G")
    page.keyboard.press("b")  # a letter alone writes it
    label(page, 1, 2, "B")
    page.keyboard.press("End")
    expect(cell(page, 1, 16)).to_be_focused()
    page.keyboard.press("Home")
    expect(cell(page, 1, 1)).to_be_focused()
    page.keyboard.press("Control+End")
    expect(cell(page, 16, 16)).to_be_focused()
    page.keyboard.press("Control+Home")
    expect(cell(page, 1, 1)).to_be_focused()
    assert state(server, game_id)["position"] == 5


# -- what a screen reader hears ------------------------------------------------------------------


def test_moves_are_announced_with_conflicts_and_the_solved_grid(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    said = page.locator("#announce")
    expect(said).to_have_attribute("aria-live", "polite")
    page.keyboard.press("4")
    expect(said).to_have_text("row 1, column 3: 4")
    page.keyboard.press("Shift+2")  # a digit holds no marks: nothing changes, nothing said
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+6")
    expect(said).to_have_text("row 1, column 4: pencil marks 6")
    page.keyboard.press("u")
    expect(said).to_have_text("row 1, column 4: empty")
    page.locator("#settings-panel summary").click()
    page.select_option("#checking", "rules")
    cell(page, 1, 4).click()
    page.keyboard.press("5")
    expect(said).to_have_text(re.compile(r"^row 1, column 4: 5\. .*both hold 5"))
    done = enter(server, NEARLY)
    open_game(page, server, done)
    page.keyboard.press(SOLUTION[40])
    expect(said).to_have_text(re.compile(rf"^row 5, column 5: {SOLUTION[40]}\. Solved in "))


def test_kakuro_moves_are_announced(page: Any, server: str) -> None:
    game_id = enter(server, KAKURO)
    open_game(page, server, game_id)
    cell(page, 3, 3).click()
    page.keyboard.press("4")
    expect(page.locator("#announce")).to_have_text("row 3, column 3: 4")


def test_a_pencil_marked_cells_label_says_what_it_shows(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    for key in ("Shift+2", "Shift+6", "Shift+8"):
        page.keyboard.press(key)
    label(page, 1, 3, "pencil marks 2 6 8")
    shown = " ".join(cell(page, 1, 3).inner_text().split())
    assert shown == "2 6 8"
    assert (cell(page, 1, 3).get_attribute("aria-label") or "").endswith(f"pencil marks {shown}")


def test_loading_the_page_asks_for_nothing_missing(page: Any, empty_server: str) -> None:
    failed: list[str] = []
    page.on("response", lambda answer: answer.status >= 400
            and failed.append(f"{answer.status} {answer.url}"))
    page.goto(f"{empty_server}/")
    expect(page).to_have_url(re.compile("#/home$"))
    expect(page.locator("#new-game")).to_be_visible()
    expect(page.locator("#continue")).to_be_hidden()
    game_id = enter(empty_server, SUDOKU)
    page.reload()
    expect(page.locator("#continue")).to_be_visible()
    page.goto(f"{empty_server}/")
    expect(page).to_have_url(re.compile(f"#/game/{game_id}$"))
    icon = page.evaluate("fetch('/favicon.ico').then((answer) => answer.status)")
    assert icon == 200
    assert failed == []


# -- phones --------------------------------------------------------------------------------------

LARGE = {
    "sudoku-9x9": None, "sudoku-16x16": FIXTURES / "sudoku" / "grid16.txt",
    "sudoku-25x25": FIXTURES / "sudoku" / "letters25.txt",
    "takuzu-14x14": FIXTURES / "web" / "takuzu-14x14.txt",
    "takuzu-20x20": FIXTURES / "web" / "takuzu-20x20.txt",
    "kakuro-16x16": FIXTURES / "web" / "kakuro-16x16.txt",
}

MEASURE = """() => {
  const box = (node) => node.getBoundingClientRect();
  const scroller = document.getElementById("board-scroll");
  const cells = [...document.querySelectorAll("#board .cell")];
  const white = cells.find((node) => !node.classList.contains("block"));
  const clues = [...document.querySelectorAll("#board .clue-across, #board .clue-down")];
  return {
    page: document.documentElement.scrollWidth,
    board: box(document.getElementById("board")).right,
    scroller: box(scroller).right,
    scrollable: scroller.scrollWidth > scroller.clientWidth,
    cell: Math.min(box(white).width, box(white).height),
    clue: Math.min(...clues.map((node) => parseFloat(getComputedStyle(node).fontSize))),
    keys: [...document.querySelectorAll("#keypad .key")].map((key) =>
      Math.min(box(key).width, box(key).height)),
  };
}"""


@pytest.fixture(scope="module")
def large_games(server: str) -> dict[str, int]:
    return {name: enter(server, SUDOKU) if path is None else play_file(server, path)
            for name, path in LARGE.items()}


@pytest.mark.parametrize("viewport", [(360, 740), (390, 844)], ids=["360", "390"])
@pytest.mark.parametrize("grid", list(LARGE))
def test_large_grids_on_a_phone_are_readable_reachable_and_fit_on_demand(
        browser: Any, server: str, large_games: dict[str, int], grid: str,
        viewport: tuple[int, int]) -> None:
    width, height = viewport
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=3, is_mobile=True, has_touch=True)
    phone = context.new_page()
    game_id = large_games[grid]
    httpx.post(f"{server}/api/games/{game_id}/resume", timeout=30)  # left paused by a closed tab
    open_game(phone, server, game_id)
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / f"phone-{grid}-{width}.png"))
    zoom = phone.locator("meta[name=viewport]").get_attribute("content") or ""
    assert "user-scalable=no" not in zoom and "maximum-scale" not in zoom  # pinch-zoom works
    assert phone.locator("#board-frame").evaluate("f => getComputedStyle(f).touchAction") in (
        "manipulation", "auto")
    seen = phone.evaluate(MEASURE)
    assert seen["page"] <= width, seen  # the page itself never scrolls sideways
    assert seen["cell"] >= 32, seen  # big enough to read and tap
    if grid.startswith("kakuro"):
        assert seen["clue"] >= 12, seen
    assert min(seen["keys"]) >= 44, seen
    fit = phone.get_by_role("button", name="Whole grid")
    if seen["board"] <= seen["scroller"] + 1:
        expect(fit).to_be_hidden()
    else:  # wider than the screen: it scrolls to its last column, or shrinks to fit
        assert grid != "sudoku-9x9", seen
        assert seen["scrollable"], seen
        phone.locator("#board-scroll").evaluate("s => { s.scrollLeft = s.scrollWidth; }")
        last = phone.locator("#board [role=row]").first.locator("[role=gridcell]").last
        right = last.evaluate("c => c.getBoundingClientRect().right")
        assert right <= seen["scroller"] + 1
        expect(fit).to_have_attribute("aria-pressed", "false")
        fit.click()
        expect(fit).to_have_attribute("aria-pressed", "true")
        fitted = phone.evaluate(MEASURE)
        assert fitted["board"] <= fitted["scroller"] + 1 <= width + 1, fitted
        assert not fitted["scrollable"], fitted
        phone.screenshot(path=str(SHOTS / f"phone-{grid}-{width}-whole.png"))
        phone.reload()  # remembered
        expect(phone.locator("#view-game")).to_be_visible()
        expect(phone.get_by_role("button", name="Whole grid")).to_have_attribute(
            "aria-pressed", "true")
    context.close()


# -- savepoints: names the server refuses, URLs the page never builds ------------------------------


def test_a_refused_savepoint_name_is_said_next_to_the_field(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    sent: list[str] = []
    page.on("request", lambda request: "/api/" in request.url
            and sent.append(f"{request.method} {request.url.split('/api', 1)[1]}"))
    page.keyboard.press("4")
    page.locator("#savepoints-panel summary").click()
    field = page.locator("#savepoint-name")
    error = page.locator("#savepoint-error")
    for name, reason in (("..", "cannot be called '..'"), ("a/b", "cannot hold '/'"),
                         ("x\u202eevil", "U+202E")):
        field.fill(name)
        page.get_by_role("button", name="Save here").click()
        expect(error).to_contain_text(reason)
        expect(field).to_have_attribute("aria-invalid", "true")
        expect(field).to_be_focused()
        expect(field).to_have_value(name)  # kept, to be corrected
    field.fill("before")
    page.get_by_role("button", name="Save here").click()
    expect(page.locator("#savepoints")).to_contain_text("before (move 1)")
    expect(error).to_have_text("")
    expect(field).not_to_have_attribute("aria-invalid", "true")
    abandon = "Go back to savepoint before and drop the moves after it"
    page.get_by_role("button", name=abandon).click()
    confirm(page, "Abandon branch")
    page.get_by_role("button", name="Delete savepoint before").click()
    expect(page.locator("#savepoints")).not_to_contain_text("before")
    assert state(server, game_id)["position"] == 1  # the game is still there
    paths = [line for line in sent if "/savepoints" in line or line.startswith("DELETE")]
    assert paths == [f"POST /games/{game_id}/savepoints"] * 4 + [
        f"POST /games/{game_id}/savepoints/before/abandon",
        f"DELETE /games/{game_id}/savepoints/before"], sent


def test_the_page_never_puts_a_name_a_browser_resolves_away_in_a_url(page: Any,
                                                                    server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    sent: list[str] = []
    page.on("request", lambda request: sent.append(f"{request.method} {request.url}"))
    refused = page.evaluate("""async (id) => {
      const { api, addressable } = await import("/static/js/api.js");
      const answers = [];
      for (const name of ["..", ".", "a/b", "a\\\\b"]) {
        for (const call of [api.returnTo, api.abandonBranch, api.removeSavepoint]) {
          try { await call(id, name); answers.push("sent"); }
          catch (error) { answers.push(error.status); }
        }
        answers.push(addressable(name));
      }
      answers.push(addressable("%2e%2e"), addressable("before the guess"));
      return answers;
    }""", game_id)
    assert refused == [422, 422, 422, False] * 4 + [True, True]
    assert not [line for line in sent if "/api/" in line], sent
    assert state(server, game_id)["id"] == game_id


# -- generation and the clock --------------------------------------------------------------------


def test_a_finished_generation_is_announced_not_switched_to(page: Any, server: str) -> None:
    playing = enter(server, SUDOKU)
    made = enter(server, TAKUZU)  # stands for the generated game
    polls: list[int] = []
    job = {"id": "job1", "kind": "sudoku", "size": "9x9", "level": "hard", "elapsed": 1.0}

    def generate(route: Any) -> None:
        route.fulfill(status=202, json={**job, "status": "running"})

    def jobs(route: Any) -> None:  # running until the player has gone to another game
        polls.append(1)
        away = page.url.endswith(f"#/game/{playing}")
        done = {**job, "status": "done", "game_id": made} if away and len(polls) > 3 else \
            {**job, "status": "running"}
        route.fulfill(status=200, json={"jobs": [done]})

    page.route("**/api/generate", generate)
    page.route("**/api/jobs", jobs)
    page.goto(f"{server}/#/home")
    page.select_option("#new-level", "hard")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#generating")).to_be_visible()
    expect(page.locator("#jobs li")).to_contain_text("Sudoku 9×9 · hard")
    open_game(page, server, playing)  # the player goes on playing meanwhile
    notice = page.locator("#notices .notice")
    expect(notice).to_contain_text("Your Sudoku 9×9 · hard is ready.")
    page.wait_for_timeout(600)
    expect(page).to_have_url(re.compile(f"#/game/{playing}$"))  # not taken away
    expect(page.locator("#view-game")).to_have_attribute("data-game-id", str(playing))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "generation-notice.png"))
    notice.get_by_role("button", name="Play it").click()
    expect(page.locator("#view-game")).to_have_attribute("data-game-id", str(made))
    expect(notice).to_have_count(0)


def test_waiting_on_the_form_opens_the_generated_game(page: Any, server: str) -> None:
    made = enter(server, TAKUZU)
    job = {"id": "job2", "kind": "sudoku", "size": "9x9", "level": "easy", "elapsed": 0.5}
    page.route("**/api/generate", lambda route: route.fulfill(
        status=202, json={**job, "status": "running"}))
    page.route("**/api/jobs", lambda route: route.fulfill(
        status=200, json={"jobs": [{**job, "status": "done", "game_id": made}]}))
    page.goto(f"{server}/#/home")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#view-game")).to_have_attribute("data-game-id", str(made))
    expect(page.locator("#notices .notice")).to_have_count(0)


def test_a_failed_generation_says_why(page: Any, server: str) -> None:
    job = {"id": "job3", "kind": "sudoku", "size": "9x9", "level": "easy", "elapsed": 0.5}
    page.route("**/api/generate", lambda route: route.fulfill(
        status=202, json={**job, "status": "running"}))
    page.route("**/api/jobs", lambda route: route.fulfill(status=200, json={"jobs": [
        {**job, "status": "failed", "error": "generating took more than 900 s"}]}))
    page.goto(f"{server}/#/home")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#new-error")).to_have_text(
        "Sudoku 9×9 · easy: generating took more than 900 s")
    expect(page.locator("#jobs")).to_be_hidden()


def hide_tab(page: Any, hidden: bool) -> None:
    """The tab goes to the background (or comes back), as the browser reports it."""
    page.evaluate("""(hidden) => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
      Object.defineProperty(document, "visibilityState", { configurable: true,
        get: () => hidden ? "hidden" : "visible" });
      document.dispatchEvent(new Event("visibilitychange"));
      if (!hidden) {  // back to the browser's own answers (a closing tab says "hidden")
        delete document.hidden;
        delete document.visibilityState;
      }
    }""", hidden)


def test_the_clock_on_screen_stops_while_the_tab_is_hidden(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    timer = page.locator("#timer")
    expect(timer).not_to_have_text("0:00", timeout=5000)
    hide_tab(page, True)
    shown = timer.inner_text()
    page.wait_for_timeout(2200)
    assert timer.inner_text() == shown
    hide_tab(page, False)
    page.wait_for_timeout(1500)
    assert state(server, game_id)["timer_running"]
    expect(timer).not_to_have_text(shown, timeout=5000)


def test_the_clock_runs_only_while_the_game_is_on_screen(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    fresh = state(server, game_id)
    assert (fresh["elapsed"], fresh["timer_running"]) == (0, False)  # never shown: no time
    sent = record_api(page)
    running = lambda: state(server, game_id)["timer_running"]  # noqa: E731
    open_game(page, server, game_id)
    until(running)
    hide_tab(page, True)
    until(lambda: not running())
    hide_tab(page, False)
    until(running)
    page.goto(f"{server}/#/home")  # another view: the game is off screen
    expect(page.locator("#new-game")).to_be_visible()
    until(lambda: not running())
    page.goto(f"{server}/#/game/{game_id}")
    until(running)
    page.wait_for_timeout(100)  # the page's request events are read in Playwright's calls
    path = f"/games/{game_id}"
    assert [line for line in sent if line.startswith("POST")] == [
        f"POST {path}/shown", f"POST {path}/hidden", f"POST {path}/shown",
        f"POST {path}/hidden", f"POST {path}/shown"], "\n".join(sent)
    page.close(run_before_unload=True)  # the tab closes as a player closes it: pagehide
    # runs, and its last word (a beacon) reaches the server all the same
    until(lambda: not running())


def test_heartbeats_feed_the_clock_and_the_screen_follows_the_server(page: Any,
                                                                     server: str) -> None:
    game_id = enter(server, SUDOKU)
    beats: list[int] = []

    def shown(route: Any) -> None:  # answers once, then the server is away
        beats.append(1)
        if len(beats) == 1:
            route.fulfill(status=200, json={"elapsed": 3600.0, "timer_running": True})
        else:
            route.abort()

    page.clock.install()
    page.route(f"**/api/games/{game_id}/shown", shown)
    open_game(page, server, game_id)
    timer = page.locator("#timer")
    expect(timer).to_have_text("1:00:00")  # the server's count, not the page's
    page.clock.run_for(3_000)
    expect(timer).to_have_text("1:00:03")
    page.clock.run_for(60_000)  # no answer since: the screen stops where the server would
    expect(timer).to_have_text("1:00:10")
    page.wait_for_timeout(200)
    assert len(beats) >= 12  # one every 5 s meanwhile


# -- hints as jobs: worked on, polled, cancelled, refused --------------------------------------


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[tuple[str, Services]]:
    """A server of its own, with its services (their hint worker can be swapped)."""
    with serving_app(tmp_path / "games.sqlite3") as served:
        yield served


def test_a_slow_hint_is_shown_being_worked_on_and_arrives(
        page: Any, own_server: tuple[str, Services]) -> None:
    server, services = own_server
    services.hints.answer = slow_hint
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    sent = record_api(page)
    page.keyboard.press("h")
    working = page.locator("#hint-working")
    expect(working).to_be_visible()
    expect(working).to_contain_text("Working on a hint")
    expect(working.get_by_role("button", name="Cancel")).to_be_visible()
    expect(working).to_have_attribute("role", "status")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "hint-working.png"))
    expect(page.locator("#hint-text")).to_have_text(re.compile(r"^Look at "), timeout=60_000)
    expect(working).to_be_hidden()
    assert any(line.startswith(f"GET /games/{game_id}/hints/") for line in sent), sent
    assert state(server, game_id)["hints_used"] == 1


def test_a_hint_being_worked_on_is_cancelled_for_real(
        page: Any, own_server: tuple[str, Services]) -> None:
    server, services = own_server
    services.hints.answer = endless_hint
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    sent = record_api(page)
    working = page.locator("#hint-working")

    def cancelled_by(cancel: Any, count: int) -> None:
        expect(working).to_be_visible()
        job = until(lambda: next((j for j in list(services.hints._jobs.values())
                                  if j.status == "running" and j.task and j.task.pid), None))
        pid = job.task.pid
        cancel()
        expect(working).to_be_hidden()
        for _ in range(200):  # the page's request events are read while Playwright waits
            if f"DELETE /games/{game_id}/hints/{job.id}" in sent:
                break
            page.wait_for_timeout(50)
        assert f"DELETE /games/{game_id}/hints/{job.id}" in sent, sent
        until(lambda: httpx.get(f"{server}/api/games/{game_id}/hints/{job.id}",
                                timeout=30).json()["status"] == "cancelled")
        until(lambda: not alive(pid), 10)  # its process is gone
        assert len([line for line in sent if line.startswith("DELETE")]) == count

    page.keyboard.press("h")
    cancelled_by(lambda: page.keyboard.press("Escape"), 1)
    expect(page.locator("#toast")).to_have_text("Hint cancelled")
    page.get_by_role("button", name="? Hint").click()
    cancelled_by(lambda: working.get_by_role("button", name="Cancel").click(), 2)
    cell(page, 1, 3).focus()
    page.keyboard.press("h")
    cancelled_by(lambda: page.keyboard.press("4"), 3)  # a move: that hint is out of date
    label(page, 1, 3, "4")
    expect(page.locator("#hint-panel")).to_be_hidden()
    assert state(server, game_id)["hints_used"] == 0


def test_a_puzzle_without_one_solution_says_why_there_is_no_help(page: Any,
                                                                 server: str) -> None:
    imported = httpx.post(f"{server}/api/import", json={
        "text": "." * 81 + "\n", "name": "empty.txt", "kind": "sudoku"}, timeout=60).json()
    assert imported["not_unique"] == 1
    started = httpx.post(f"{server}/api/games",
                         json={"puzzle_id": imported["puzzles"][0]["id"]}, timeout=60)
    game_id = started.json()["id"]
    open_game(page, server, game_id)
    sent = record_api(page)
    note = page.locator("#help-note")
    expect(note).to_be_visible()
    expect(note).to_have_text(re.compile(r"^The puzzle has several solutions: hints, "))
    for name in ("hint", "solution"):
        expect(page.locator(f"#{name}")).to_be_disabled()
        expect(page.locator(f"#{name}")).to_have_attribute("aria-describedby", "help-note")
    page.keyboard.press("h")  # said again, not asked: the page knows the answer
    expect(note).to_have_class(re.compile(r"\bflash\b"))
    expect(page.locator("#announce")).to_have_text(note.inner_text())
    expect(page.locator("#hint-panel")).to_be_hidden()
    page.locator("#settings-panel summary").click()
    expect(page.locator("#checking option[value=solution]")).to_be_disabled()
    page.keyboard.press("Escape")
    cell(page, 1, 1).click()
    page.keyboard.press("5")  # it can still be played
    label(page, 1, 1, "5")
    assert not [line for line in sent if "/hint" in line or "/solution" in line], sent
    assert state(server, game_id)["hints_used"] == 0


def test_help_the_server_refuses_says_the_servers_reason(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    httpx.post(f"{server}/api/games/{game_id}/pause", timeout=30)  # paused in another tab
    page.get_by_role("button", name="Show solution").click()
    confirm(page, "Show solution")
    expect(page.locator("#toast")).to_contain_text(
        "The game is paused: resume it to show the solution")
    expect(page.locator("#paused-cover")).to_be_visible()  # the page read the game again
    page.locator("#resume").click()
    expect(page.locator("#paused-cover")).to_be_hidden()
    httpx.post(f"{server}/api/games/{game_id}/pause", timeout=30)
    page.keyboard.press("h")
    expect(page.locator("#hint-text")).to_have_text(
        "The game is paused: resume it to ask for a hint.")
    assert state(server, game_id)["hints_used"] == 0


def test_a_hint_on_a_mistake_names_its_depths_and_fixes_it(page: Any, server: str) -> None:
    game_id = enter(server, SUDOKU)
    open_game(page, server, game_id)
    page.keyboard.press("1")  # breaks no rule, but the solution has 4 here
    label(page, 1, 3, "1")
    depth = page.locator("#hint-depth")
    for expected in ("(1/5: something is wrong)", "(2/5: how many)", "(3/5: where)",
                     "(4/5: what)"):
        page.keyboard.press("h")
        expect(depth).to_have_text(expected, timeout=30_000)
    expect(page.locator("#hint-more")).to_have_text("Fix it")
    page.get_by_role("button", name="Fix it").click()
    expect(depth).to_have_text("(5/5: fixed)")
    label(page, 1, 3, "empty, hint")
    assert state(server, game_id)["hints_used"] == 1


# -- new games: levels each size reaches, the pool, jobs listed and cancelled ----------------------


def test_the_form_offers_each_size_only_the_levels_it_reaches(page: Any, server: str) -> None:
    kinds = httpx.get(f"{server}/api/kinds", timeout=30).json()
    page.goto(f"{server}/#/home")
    levels = page.locator("#new-level option")
    for kind in kinds:
        page.locator(f"label[for=kind-{kind['name']}]").click()
        for size in kind["sizes"]:
            page.select_option("#new-size", size)
            assert levels.evaluate_all("os => os.map((o) => o.value)") == \
                kind["levels_by_size"][size], (kind["name"], size)
    page.locator("label[for=kind-sudoku]").click()
    page.select_option("#new-size", "9x9")
    page.select_option("#new-level", "hard")
    page.select_option("#new-size", "4x4")
    expect(page.locator("#new-level")).to_have_value("easy")
    expect(page.locator("#level-note")).to_have_text("Sudoku 4×4 puzzles reach easy only.")
    page.select_option("#new-size", "9x9")
    expect(page.locator("#new-level")).to_have_value("hard")  # the choice is kept
    expect(page.locator("#level-note")).to_have_text("")


def test_a_level_out_of_reach_is_refused_with_the_servers_reason(page: Any,
                                                                 server: str) -> None:
    page.goto(f"{server}/#/home")
    page.select_option("#new-size", "4x4")
    page.locator("#new-level").evaluate(  # as an older page would still offer it
        "s => s.add(new Option('extreme', 'extreme', true, true))")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#new-error")).to_contain_text("out of reach at 4x4")
    expect(page.locator("#view-home")).to_be_visible()


def test_start_opens_a_pooled_game_at_once(page: Any, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    kind = get_kind("sudoku")
    puzzle = kind.generate(GenerateOptions("9x9", "hard"), 7)
    with Store(db) as store:
        assert store.pool_add(PoolKey("sudoku", "9x9", "hard"), puzzle,
                              kind.solve(puzzle, limit=2))
    with serving(db) as server:
        page.goto(f"{server}/#/home")
        sent = record_api(page)
        page.select_option("#new-level", "hard")
        with page.expect_response("**/api/generate") as answer:
            page.get_by_role("button", name="Start").click()
        assert answer.value.status == 201
        job = answer.value.json()
        expect(page.locator("#view-game")).to_have_attribute("data-game-id", str(job["game_id"]))
        expect(page.locator("#game-title")).to_have_text("Sudoku 9×9 · hard")
        after = sent[sent.index("POST /generate"):]
        assert not [line for line in after if line.startswith("GET /jobs")], sent  # no job
        expect(page.locator("#notices .notice")).to_have_count(0)


def test_generation_jobs_are_listed_and_cancelled(page: Any, server: str) -> None:
    games = len(httpx.get(f"{server}/api/games", timeout=30).json()["games"])
    page.goto(f"{server}/#/home")
    page.select_option("#new-size", "16x16")
    page.select_option("#new-level", "extreme")
    with page.expect_response("**/api/generate") as answer:
        page.get_by_role("button", name="Start").click()
    job = answer.value.json()
    assert answer.value.status == 202, job
    listed = page.locator("#jobs li")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("Sudoku 16×16 · extreme")
    expect(page.locator("#generating-text")).to_have_text("Generating a Sudoku 16×16 · extreme…")
    page.reload()  # the server's running jobs are listed again
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("Sudoku 16×16 · extreme")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "generation-jobs.png"))
    sent = record_api(page)
    page.get_by_role("button", name="Cancel the Sudoku 16×16 · extreme").click()
    expect(listed).to_have_count(0)
    expect(page.locator("#generating")).to_be_hidden()
    assert f"DELETE /jobs/{job['id']}" in sent
    until(lambda: httpx.get(f"{server}/api/jobs/{job['id']}",
                            timeout=30).json()["status"] == "cancelled")
    assert len(httpx.get(f"{server}/api/games", timeout=30).json()["games"]) == games


# -- import: puzzles without one solution are named ----------------------------------------------


def test_import_says_which_puzzles_have_no_unique_solution(page: Any, server: str) -> None:
    several = "5" + "." * 80
    text = f"{several}\n{NEARLY}\n"
    page.goto(f"{server}/#/home")
    page.set_input_files("#import-file", files=[
        {"name": "mixed.txt", "mimeType": "text/plain", "buffer": text.encode()}])
    page.get_by_role("button", name="Import").click()
    result = page.locator("#import-result")
    expect(result).to_contain_text("mixed.txt: 2 puzzles")
    said = page.locator("#import-result .warning-text")
    expect(said).to_have_text(re.compile(
        r"^1 has no unique solution: #(\d+) \(several solutions\)\. They can be played"))
    puzzle = re.findall(r"#(\d+)", said.inner_text())[0]
    marked = result.locator("tr.not-unique")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-puzzle", puzzle)
    expect(marked.locator("td.verdict")).to_have_text("⚠ several solutions")
    page.goto(f"{server}/#/games")  # the library marks it too
    row = page.locator(f"#library-list tr[data-puzzle='{puzzle}']")
    expect(row).to_have_class(re.compile(r"\bnot-unique\b"))
    expect(row.locator("td.verdict")).to_have_text("⚠ several solutions")


# -- any board: what the board JSON says is drawn, whatever the kind ----------------------------

HANDMADE = {
    "rows": 4, "cols": 4, "title": "Handmade 4×4", "symbols": ["1", "2", "3", "4"],
    "min_value": 1, "mark_grid": [2, 2], "glyphs": "symbols",
    "keys": {"1": 1, "2": 2, "3": 3, "4": 4}, "clear_keys": ["Backspace", "Delete"],
    "cells": [{"value": 1 if i == 5 else None, "given": i == 5, "marks": [2, 3] if i == 6 else [],
               "blocked": False} for i in range(16)],
    "regions": [
        *({"style": "row", "name": f"row {r + 1}", "cells": [[r, c] for c in range(4)],
           "label": "", "label_cell": None, "corner": "top-left", "total": None,
           "distinct": True, "choices": []} for r in range(4)),
        *({"style": "box", "name": f"box {b + 1}",
           "cells": [[2 * (b // 2) + i, 2 * (b % 2) + j] for i in range(2) for j in range(2)],
           "label": "", "label_cell": None, "corner": "top-left", "total": None,
           "distinct": True, "choices": []} for b in range(4)),
        {"style": "cage", "name": "cage 1", "cells": [[0, 1], [0, 2], [1, 2]], "label": "7",
         "label_cell": [0, 1], "corner": "top-left", "total": 7, "distinct": True,
         "choices": ["124"]},
    ],
    "lines": [
        {"style": "thermometer", "cells": [[2, 0], [2, 1], [3, 2]], "start": [[2, 0]]},
        {"style": "arrow", "cells": [[0, 3], [1, 3], [2, 3]], "start": [[0, 3]]},
        {"style": "renban", "cells": [[3, 0], [3, 1]], "start": []},
    ],
    "markers": [
        {"style": "white-dot", "first": [1, 1], "second": [1, 2], "text": ""},
        {"style": "black-dot", "first": [0, 2], "second": [1, 2], "text": ""},
        {"style": "text", "first": [2, 2], "second": [2, 3], "text": "X"},
    ],
    "outside": [
        {"side": "top", "index": 1, "text": "3", "direction": ""},
        {"side": "left", "index": 2, "text": "5", "direction": "down-right"},
    ],
    "counts": None,
}

DRAW = """async (board) => {
  const { BoardView } = await import("/static/js/board.js");
  const frame = document.createElement("div");
  frame.id = "handmade";
  document.querySelector("main").prepend(frame);
  const view = new BoardView(frame, { onCell: () => {} });
  view.build(board, board.title);
  view.update({ board, conflicts: [], solved: false },
              { selected: [0, 1], digit: null, hint: null });
  const all = (selector) => [...frame.querySelectorAll(selector)];
  const classes = (r, c) => frame.querySelector(`#cell-r${r}c${c}`).className;
  return {
    frame: frame.className,
    cages: all(".board-overlay path.cage").map((node) => node.getAttribute("d").length > 0),
    label: all(".board-overlay .region-label").map((node) => node.textContent),
    lines: all(".board-overlay polyline.path-line").length,
    starts: all(".board-overlay circle.line-start").length,
    dots: all(".board-overlay circle.marker").map((node) => node.getAttribute("class")),
    texts: all(".board-overlay .marker-text").map((node) => node.textContent),
    outside: all(".board-overlay .outside-clue").map((node) => node.textContent),
    clueArrows: all(".board-overlay .clue-arrow").length,
    boxRight: classes(1, 2), boxBottom: classes(2, 1), plain: classes(1, 1),
    peer: classes(2, 3), notPeer: classes(4, 4),
    marks: frame.querySelector("#cell-r2c3 .marks").style.getPropertyValue("--mark-cols")
      || getComputedStyle(frame).getPropertyValue("--mark-cols"),
    given: frame.querySelector("#cell-r2c2").getAttribute("aria-label"),
  };
}"""


def test_a_hand_made_board_draws_cages_lines_markers_and_outside_clues(
    page: Any, server: str
) -> None:
    """Cages, thermometers, arrows, dots and outside clues (no kind has them yet) are drawn
    from the board JSON alone, with boxes as thick borders and a cage's cells as peers."""
    page.goto(f"{server}/#/home")
    expect(page.locator("#view-home")).to_be_visible()
    drawn = page.evaluate(DRAW, HANDMADE)
    assert "outside-top" in drawn["frame"] and "outside-left" in drawn["frame"]
    assert drawn["cages"] == [True] and drawn["label"] == ["7"]
    assert drawn["lines"] == 4 and drawn["starts"] == 2  # 3 lines and an arrow's head
    assert drawn["dots"] == ["marker white-dot", "marker black-dot"] and drawn["texts"] == ["X"]
    assert drawn["outside"] == ["3", "5"] and drawn["clueArrows"] == 1  # 5's, down-right
    assert "box-right" in drawn["boxRight"] and "box-bottom" in drawn["boxBottom"]
    assert "box-" not in drawn["plain"]
    assert "peer" in drawn["peer"] and "peer" not in drawn["notPeer"]  # the cage's cell
    assert drawn["marks"].strip() == "2"
    assert drawn["given"] == "row 2, column 2, clue 1"
    SHOTS.mkdir(exist_ok=True)
    page.locator("#handmade").screenshot(path=str(SHOTS / "handmade-board.png"))
