"""Pasting a puzzle the library has, under a new title, author or rules text: the entry is
kept (one puzzle) and takes on the new text, in the page and in the terminal game."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES
from grille.game import Store

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"),
              pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")]

KILLER = json.loads((FIXTURES / "variants" / "killer_4x4_unique.json").read_text())


def pasted(**metadata: str) -> str:
    """The f-puzzles text of the 4x4 Killer, with ``metadata`` replacing its own."""
    record = {key: value for key, value in KILLER.items()
              if key not in ("title", "author", "ruleset")}
    return json.dumps(record | metadata)


FIRST = pasted(title="Warm Up")
AGAIN = pasted(title="Warm Up (fixed)", author="Someone", ruleset="Normal Killer rules.")
SHOTS = Path("/tmp/tui")
EXPECTED = ("“Warm Up (fixed)” by Someone", "Normal Killer rules.")


def library_size(db: Path) -> int:
    with Store(db) as store:
        return len(store.puzzles())


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from fastapi.testclient import TestClient

    from grille.web.app import create_app

    with TestClient(create_app(tmp_path / "games.sqlite3", durable=False, pool=False)) as test:
        yield test


def test_the_page_shows_the_new_title_and_rules(client: Any, tmp_path: Path) -> None:
    first = client.post("/api/puzzles", json={"text": FIRST})
    assert first.status_code == 201, first.text
    assert first.json()["board"]["notes"][0] == "“Warm Up”"
    again = client.post("/api/puzzles", json={"text": AGAIN})
    assert again.status_code == 201, again.text
    assert tuple(again.json()["board"]["notes"][:2]) == EXPECTED
    assert library_size(tmp_path / "games.sqlite3") == 1
    reopened = client.get(f"/api/games/{first.json()['id']}").json()
    assert tuple(reopened["board"]["notes"][:2]) == EXPECTED


def test_the_terminal_game_shows_the_new_title_and_rules(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from textual.pilot import Pilot
    from textual.widgets import Static

    from grille.tui.app import EnterScreen, GrilleApp
    from grille.tui.game import GameScreen
    from tui_support import game_screen, run, wait_for

    db = tmp_path / "games.sqlite3"
    seen: list[tuple[str, ...]] = []
    SHOTS.mkdir(parents=True, exist_ok=True)

    async def body(pilot: Pilot[None]) -> None:
        for text in (FIRST, AGAIN):
            pilot.app.push_screen(EnterScreen())
            await pilot.pause()
            pilot.app.screen.query_one("TextArea").text = text  # type: ignore[attr-defined]
            await pilot.click("#play")
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
            await pilot.pause()
            screen = game_screen(pilot)
            seen.append(screen.view.notes)
            side = str(screen.query_one("#cell-info", Static).render())
            assert "\nRules\n" + "\n".join(screen.view.notes) in side, side
            pilot.app.save_screenshot(str(SHOTS / f"repaste-{len(seen)}.svg"))
            pilot.app.pop_screen()
            await pilot.pause()

    run(GrilleApp(db), body, size=(120, 50))
    assert seen[0][0] == "“Warm Up”" and seen[1][:2] == EXPECTED
    assert library_size(db) == 1
