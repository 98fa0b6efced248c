"""A variant game in the terminal, driven by Textual's pilot: a Killer pasted as an
f-puzzles link starts a game, a wrong digit in a cage is flagged with the cage named, and
the puzzle is played to the end by keys."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from grille.game import Store
from grille.kinds import get_kind
from grille.tui.app import EnterScreen, GrilleApp
from grille.tui.game import GameScreen
from tui_support import FIXTURES, game_screen, run, shown_lines, wait_for

KILLER = FIXTURES / "variants" / "killer_4x4_unique.json"
"""A 4x4 Killer with one solution (``grille count`` says 1)."""
SOLUTION = "1234341221434321"


def killer_link() -> str:
    kind = get_kind("sudoku")
    return kind.write([kind.read(KILLER.read_text())[0].puzzle], "fpuzzles-link").strip()


def side_text(pilot: Pilot[None]) -> str:
    screen = pilot.app.screen
    return (str(screen.query_one("#cell-info", Static).render())
            + str(screen.query_one("#message", Static).render()))


def test_a_pasted_killer_link_is_played_to_the_end_by_keys(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"

    async def body(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(EnterScreen())
        await pilot.pause()
        pilot.app.screen.query_one("TextArea").text = killer_link()  # type: ignore[attr-defined]
        await pilot.click("#play")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        screen = game_screen(pilot)
        assert screen.cursor == (0, 0)
        await pilot.press("e")  # checking: off -> rules
        assert screen.session.checking.value == "rules"
        await pilot.press("1", "right", "3")  # 1 + 3 breaks the cage r1c1+r1c2 = 3
        assert screen.session.conflicts()
        assert "killer cage r1c1..r1c2" in side_text(pilot)
        await pilot.press("u")
        assert screen.session.conflicts() == ()
        for index, digit in enumerate(SOLUTION[1:], start=1):
            row, col = divmod(index, 4)
            if col == 0:
                await pilot.press("down", "home")
            assert screen.cursor == (row, col)
            await pilot.press(digit)
            if col < 3:
                await pilot.press("right")
        assert screen.session.solved
        lines = shown_lines(screen.query_one("#board"))
        # each cage's total in its first cell's corner, before the digit played there
        assert lines[1].startswith("│3 1     2  │4 3  ┊6 4")
        assert lines[4].startswith("│7 3")
        assert lines[7].startswith("│6 2  ┊4 1  │7 4")
        assert lines[10].startswith("│  4  ┊  3  │3 2")

    run(GrilleApp(db), body, size=(120, 50))
    with Store(db) as store:
        [game] = store.games()
        assert store.open_game(game.id).session.solved
