"""What the page's server answers besides the API: HEAD wherever GET is served (link
checkers, uptime probes and curl -I get headers, not 405), and the icon at /favicon.ico."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient

from grille.web.app import STATIC, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3", durable=False)) as test_client:
        yield test_client


@pytest.mark.parametrize(
    "path", ["/", "/static/js/main.js", "/static/css/grille.css", "/favicon.ico",
             "/api/kinds", "/api/games", "/api/statistics", "/api/openapi.json",
             "/api/games/{game}", "/api/games/{game}/export.svg"],
)
def test_head_answers_as_get_without_a_body(client: TestClient, path: str) -> None:
    game = client.post("/api/puzzles", json={"text": SUDOKU}).json()["id"]
    path = path.format(game=game)
    got = client.get(path)
    head = client.head(path)
    assert got.status_code == 200, got.text
    assert head.status_code == 200, head.text
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    if "content-length" in got.headers:
        assert head.headers["content-length"] == got.headers["content-length"]
    assert "content-security-policy" in head.headers


def test_head_of_an_unknown_game_is_404_and_of_a_post_route_405(client: TestClient) -> None:
    assert client.head("/api/games/99").status_code == 404
    assert client.head("/api/games/99").content == b""
    game = client.post("/api/puzzles", json={"text": SUDOKU}).json()["id"]
    answer = client.head(f"/api/games/{game}/moves")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "POST"


def test_the_icon_is_served_at_favicon_ico_and_linked(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.content == (STATIC / "favicon.svg").read_bytes()
    assert b"<svg" in icon.content
    page = client.get("/").text
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page
