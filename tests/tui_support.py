"""Helpers for the terminal game's tests: puzzles, games in a store, driving the app headless.

pytest-asyncio is not installed, so each test drives the app inside ``asyncio.run``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

from textual import events
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from grille.game import PuzzleSource, Store
from grille.kind import GenerateOptions
from grille.kinds import get_kind
from grille.tui.app import GrilleApp
from grille.tui.game import GameScreen
from grille.view import BoardView

FIXTURES = Path(__file__).resolve().parent / "fixtures"

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
"""Wikipedia's puzzle: r1c3 is empty and its solution holds 4 there."""

KAKURO = (FIXTURES / "kakuro" / "small.txt").read_text()
"""2x2 white cells; solution r2c2=1 r2c3=2 r3c2=3 r3c3=1."""

KAKURO_9X9 = (FIXTURES / "kakuro" / "area.txt").read_text()
"""A generated 9x9 Kakuro whose explained solve has many steps."""

SUDOKU_16 = (FIXTURES / "sudoku" / "grid16.txt").read_text()
"""A 16x16 Sudoku (values 1-16, written 1-9 A-G)."""


def read(kind: str, text: str) -> Any:
    return get_kind(kind).read(text)[0].puzzle


def board_of(kind: str, puzzle: Any, state: Any = None) -> BoardView:
    """The board a game of ``puzzle`` shows at ``state`` (default: the puzzle itself)."""
    return get_kind(kind).view(puzzle, puzzle if state is None else state)


def takuzu_puzzle() -> Any:
    return get_kind("takuzu").generate(GenerateOptions(size="6x6"), "tui-test")


def new_game(db: Path, kind: str, puzzle: Any) -> int:
    with Store(db) as store:
        record = store.add_puzzle(puzzle, source=PuzzleSource.ENTERED)
        return store.new_game(record.id).id


def run(app: GrilleApp, body: Callable[[Pilot[None]], Awaitable[None]],
        size: tuple[int, int] = (80, 24), *, notifications: bool = False) -> None:
    """Run ``app`` headless at ``size`` and drive it with ``body``; ``notifications``:
    show toasts (Textual's tests leave them out)."""

    async def main() -> None:
        async with app.run_test(size=size, notifications=notifications) as pilot:
            await pilot.pause()
            await body(pilot)
            await pilot.pause()

    asyncio.run(main())


def game_screen(pilot: Pilot[None]) -> GameScreen:
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


def saved_state(db: Path, game_id: int) -> Any:
    with Store(db) as store:
        return store.open_game(game_id).session


async def burst(pilot: Pilot[None], keys: Iterable[str]) -> None:
    """Keys as a fast typist or a paste sends them: all queued before the app handles the
    first (the pilot's ``press`` waits for each key to be handled)."""
    for key in keys:
        character = key if len(key) == 1 else None
        pilot.app.post_message(events.Key(key, character))
    await pilot.pause()
    await pilot.pause()


def shown_lines(widget: Widget) -> list[str]:
    """The text of each line ``widget`` draws now (what the terminal shows)."""
    width, height = widget.size
    return [strip.text for strip in widget.render_lines(Region(0, 0, width, height))]


async def wait_for(pilot: Pilot[None], done: Callable[[], bool], *, seconds: float = 60) -> None:
    """Let the app run until ``done()`` (a worker finished ...), at most ``seconds``."""
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await pilot.pause(0.05)
    assert done(), "timed out"


async def press_and_settle(pilot: Pilot[None], *keys: str) -> None:
    """Press each key and let the work it started in a worker process (a hint, a search of
    the solution) end before the next."""
    for key in keys:
        await pilot.press(key)
        await wait_for(pilot, lambda: getattr(pilot.app.screen, "pending", None) is None)


def notifications(pilot: Pilot[None]) -> str:
    """The text of the notifications on screen (run with ``notifications=True``)."""
    return " ".join(str(toast.render()) for toast in pilot.app.screen.query("Toast"))
