"""Variant games in the terminal, driven by Textual's pilot: the games the page test plays
(``variant_games.GAMES``: a Killer, a Jigsaw, a thermometer/arrow/Kropki puzzle), pasted as
a link or a file's text, start a game; a wrong digit is flagged with its constraint named,
and the puzzle is played to the end by keys. Screenshots (SVG): /tmp/tui/variant-NAME-broken.svg
(the flagged entry) and /tmp/tui/variant-NAME-solved.svg."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from grille.game import Store
from grille.tui.app import EnterScreen, GrilleApp
from grille.tui.game import GameScreen
from tui_support import game_screen, new_game, run, shown_lines, wait_for
from variant_games import GAMES, Cell, VariantGame, arrows

SHOTS = Path("/tmp/tui")

DRAWN = {
    # each cage's total in its first cell's corner, before the digit played there
    "killer": {1: "│3 1     2  │4 3  ┊6 4", 4: "│7 3", 7: "│6 2  ┊4 1  │7 4",
               10: "│  4  ┊  3  │3 2"},
    # the jigsaw's walls, not the 2x3 boxes': region 1 holds r1c1..r1c3, r2c1, r2c2, r3c2;
    # region 2 r2c3, r3c3..r3c5, r4c4, r5c4
    "jigsaw": {3: "│               ┌───────┤                       │",
               4: "│   4       5   │   1   │   2       6       3   │",
               6: "├───────┐       │       └───────────────┬───────┤"},
    # Kropki dots on the gaps: white r1c5-r1c6 and r2c3-r3c3, black r3c6-r4c6; the
    # thermometers and arrows linked on the gaps: r3c1-r2c2 and r3c6-r2c5 on corners
    # (╱ ╲), r2c2-r3c2 down (╂, across the wall), r3c4-r3c3 across the wall (┿), the
    # bulbs r3c1 and r3c4 marked ◉, the arrow's circle r3c6 ◎
    "thermo-arrow-kropki": {1: "│   3       1       6   │   2       4   ○   5   │",
                            6: "├───────╱───╂───────○───┼───────────────╲───────┤",
                            7: "│   2  ◉    5       3   ┿   1  ◉    6       4  ◎│",
                            9: "│           ┃       ┃   │                   ●   │"},
}
"""Lines of the board as solved (their starts) that show the variant's shapes."""

HEADINGS = {
    "killer": "Sudoku 4x4 · killer cages  #1",
    "jigsaw": "Sudoku 6x6 · irregular regions  #1",
    "thermo-arrow-kropki": "Sudoku 6x6 · thermometers · arrows · Kropki dots  #1",
}
"""The status bar's start: the kind, the size and the variant's families, as the page's
heading names them (from the board's title)."""


def side_text(pilot: Pilot[None]) -> str:
    screen = pilot.app.screen
    return (str(screen.query_one("#cell-info", Static).render())
            + str(screen.query_one("#message", Static).render()))


async def move(pilot: Pilot[None], start: Cell, end: Cell) -> None:
    """The cursor from ``start`` to ``end`` by arrow keys."""
    await pilot.press(*arrows(start, end))
    assert game_screen(pilot).cursor == (end[0] - 1, end[1] - 1)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_a_pasted_variant_is_played_to_the_end_by_keys(tmp_path: Path, game: VariantGame) -> None:
    db = tmp_path / "games.sqlite3"

    async def body(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(EnterScreen())
        await pilot.pause()
        pilot.app.screen.query_one("TextArea").text = game.pasted()  # type: ignore[attr-defined]
        await pilot.click("#play")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        screen = game_screen(pilot)
        assert screen.cursor == (0, 0)
        await pilot.press("e")  # checking: off -> rules
        assert screen.session.checking.value == "rules"
        status = str(screen.query_one("#status", Static).render())
        assert status.startswith(HEADINGS[game.name]) and "check: rules" in status, status
        at = (1, 1)
        for where, digit in game.wrong:
            await move(pilot, at, where)
            await pilot.press(digit)
            at = where
        [violation] = screen.session.conflicts()
        assert violation.message.startswith(game.broken)
        assert {(r + 1, c + 1) for r, c in violation.cells} == set(game.flagged)
        assert game.broken in side_text(pilot)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pilot.app.save_screenshot(str(SHOTS / f"variant-{game.name}-broken.svg"))
        await pilot.press(*["u"] * len(game.wrong))
        assert screen.session.conflicts() == ()
        for where, digit in game.to_fill():
            await move(pilot, at, where)
            await pilot.press(digit)
            at = where
        assert screen.session.solved
        lines = shown_lines(screen.query_one("#board"))
        for number, start in DRAWN.get(game.name, {}).items():
            assert lines[number].startswith(start), (number, lines[number])
        pilot.app.save_screenshot(str(SHOTS / f"variant-{game.name}-solved.svg"))

    run(GrilleApp(db), body, size=(120, 50))
    with Store(db) as store:
        [stored] = store.games()
        assert store.open_game(stored.id).session.solved


def test_a_long_variant_title_leaves_the_status_line_room_at_80_columns(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    [game] = [game for game in GAMES if game.name == "thermo-arrow-kropki"]
    game_id = new_game(db, "sudoku", game.puzzle())

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        await pilot.press("e", "p")  # checking: rules; pencil mode: the longest status line
        await pilot.pause()
        [line] = shown_lines(screen.query_one("#status"))
        assert line.rstrip().endswith("PENCIL  check: rules"), line
        assert line.startswith(" Sudoku 6x6 · thermometers · "), line
        assert "…" in line  # the title gave way, visibly
        await pilot.resize_terminal(160, 30)
        await pilot.pause()
        [line] = shown_lines(screen.query_one("#status"))
        assert line.startswith(f" {HEADINGS[game.name]}"), line  # whole where it fits

    run(GrilleApp(db, game=game_id), body, size=(80, 24))


def test_the_menus_resume_names_the_variant(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    [game] = [game for game in GAMES if game.name == "jigsaw"]
    new_game(db, "sudoku", game.puzzle())

    async def body(pilot: Pilot[None]) -> None:
        menu = pilot.app.screen.query_one("#menu", OptionList)
        resume = str(menu.get_option("resume").prompt)
        assert resume.startswith("Resume: Sudoku 6x6 · irregular regions, 0:00"), resume

    run(GrilleApp(db), body)


def test_saved_games_and_the_library_name_the_variants(tmp_path: Path) -> None:
    """Two 6x6 games, a jigsaw and a thermometer/arrow/Kropki puzzle, are not both
    "Sudoku 6x6": every list names the families, as the menu's Resume does."""
    from textual.widgets import DataTable

    from grille.tui.app import GamesScreen, LibraryScreen

    db = tmp_path / "games.sqlite3"
    [jigsaw, mixed] = [game for game in GAMES if game.name != "killer"]
    new_game(db, "sudoku", jigsaw.puzzle())
    new_game(db, "sudoku", mixed.puzzle())

    def column(pilot: Pilot[None], name: str) -> list[str]:
        table = pilot.app.screen.query_one(DataTable)
        index = [str(c.label) for c in table.ordered_columns].index(name)
        return [str(table.get_row_at(row)[index]) for row in range(table.row_count)]

    async def body(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(GamesScreen())
        await pilot.pause()
        assert column(pilot, "game") == [HEADINGS["thermo-arrow-kropki"].split("  #")[0],
                                         HEADINGS["jigsaw"].split("  #")[0]]
        pilot.app.pop_screen()
        pilot.app.push_screen(LibraryScreen())
        await pilot.pause()
        assert sorted(column(pilot, "puzzle")) == sorted(
            HEADINGS[name].split("  #")[0] for name in ("jigsaw", "thermo-arrow-kropki"))

    run(GrilleApp(db), body, size=(120, 30))
