"""``grille play``: the command, the server's binding and warnings, the packaged page, and the
board's JSON view."""

from __future__ import annotations

import importlib.resources
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grille.cli import build_parser
from grille.errors import GrilleError
from grille.kinds import get_kind
from grille.view import values_of_mask
from grille.web.board import board_of
from grille.web.server import bind, is_loopback, page_url

REPO = Path(__file__).resolve().parent.parent

KEEP_ALIVE_CHECK = 6.0
"""Seconds a connection stays idle in the keep-alive test: more than clients keep one."""


def test_play_command_options() -> None:
    args = build_parser().parse_args(["play", "--port", "0", "--no-browser", "--db", "x.db"])
    assert (args.host, args.port, args.no_browser, args.db) == ("127.0.0.1", 0, True, "x.db")
    defaults = build_parser().parse_args(["play"])
    assert (defaults.host, defaults.port, defaults.no_browser) == ("127.0.0.1", 8000, False)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--port", "70000"])


def test_the_parser_does_not_import_the_web_stack() -> None:
    code = ("import sys; from grille.cli import build_parser; build_parser(); "
            "print(sorted(m for m in ('fastapi', 'uvicorn', 'starlette') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=REPO)
    assert out.stdout.strip() == "[]"


def test_addresses() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    assert page_url("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert page_url("0.0.0.0", 80) == "http://127.0.0.1:80/"
    assert page_url("::1", 8000) == "http://[::1]:8000/"


def test_a_taken_port_is_a_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        with pytest.raises(GrilleError, match=f"cannot listen on 127.0.0.1:{port}.*--port"):
            bind("127.0.0.1", port)
    free = bind("127.0.0.1", 0)
    assert free.getsockname()[1] > 0
    free.close()


def _serve(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[str], list[str]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "grille", "play", "--port", "0", "--no-browser",
         "--db", str(tmp_path / "games.sqlite3"), *extra],
        stderr=subprocess.PIPE, text=True, cwd=REPO,
    )
    lines: list[str] = []
    assert process.stderr is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        lines.append(line)
        if "Ctrl+C" in line:
            break
    return process, lines


def test_play_serves_on_loopback_and_prints_the_address(tmp_path: Path) -> None:
    import httpx

    process, lines = _serve(tmp_path)
    try:
        text = "".join(lines)
        match = re.search(r"playing at (http://127\.0\.0\.1:\d+/)", text)
        assert match, text
        assert "warning" not in text
        response = httpx.get(match[1] + "api/kinds", timeout=30)
        assert response.status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_play_keeps_an_idle_connection_longer_than_clients_do(tmp_path: Path) -> None:
    """HTTP clients reuse an idle connection for up to 5 s (httpx); a server that closes it
    at the same moment resets the request the client has just sent on it."""
    import http.client

    process, lines = _serve(tmp_path)
    try:
        match = re.search(r"playing at http://127\.0\.0\.1:(\d+)/", "".join(lines))
        assert match, lines
        connection = http.client.HTTPConnection("127.0.0.1", int(match[1]), timeout=30)
        connection.request("GET", "/api/kinds")
        assert connection.getresponse().read()
        time.sleep(KEEP_ALIVE_CHECK)
        connection.request("GET", "/api/kinds")  # the same connection, idle all that time
        assert connection.getresponse().status == 200
        connection.close()
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_play_warns_when_bound_elsewhere(tmp_path: Path) -> None:
    process, lines = _serve(tmp_path, "--host", "0.0.0.0")
    try:
        text = "".join(lines)
        assert "warning: serving on 0.0.0.0, not 127.0.0.1" in text
        assert "no login" in text
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_static_page_is_shipped_inside_the_package() -> None:
    static = importlib.resources.files("grille.web") / "static"
    names = {"index.html", "favicon.svg"}
    assert all((static / name).is_file() for name in names)
    modules = [entry.name for entry in (static / "js").iterdir()]
    assert {"main.js", "api.js", "board.js", "game.js", "home.js", "keys.js"} <= set(modules)
    page = (static / "index.html").read_text(encoding="utf-8")
    for reference in re.findall(r'(?:src|href)="/static/([^"]+)"', page):
        assert (static / reference).is_file(), reference
    for name in modules:
        source = (static / "js" / name).read_text(encoding="utf-8")
        for imported in re.findall(r'from "\./([^"]+)"', source):
            assert imported in modules, f"{name} imports a missing {imported}"


def test_the_page_loads_nothing_from_the_network() -> None:
    static = Path(str(importlib.resources.files("grille.web") / "static"))
    for path in static.rglob("*"):
        if path.suffix in {".html", ".js", ".css"}:
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"https?://", text), f"{path.name} refers to the network"


# -- the board's JSON view --------------------------------------------------------------------


def test_values_of_mask() -> None:
    assert values_of_mask(0b101, 1) == (1, 3)
    assert values_of_mask(0b11, 0) == (0, 1)
    assert values_of_mask(0, 1) == ()


def test_sudoku_board_keeps_marks_of_empty_cells_only() -> None:
    sudoku = get_kind("sudoku")
    puzzle = sudoku.read("..4..2....3..3..")[0].puzzle
    state = sudoku.apply(sudoku.apply(puzzle, "r1c1^1"), "r1c1^3")
    state = sudoku.apply(sudoku.apply(state, "r1c2^2"), "r1c2=1")
    board = board_of(puzzle, state)
    assert board.cells[0].marks == [1, 3] and board.cells[0].value is None
    assert board.cells[1].marks == [] and board.cells[1].value == 1
    assert not board.cells[1].given and board.cells[2].given


def test_kakuro_board_combinations_follow_the_digits() -> None:
    kakuro = get_kind("kakuro")
    text = "# #  #\n# 3\\ 4\\\n\\4 .  .\n\\3 .  .\n"
    puzzle = kakuro.read(text)[0].puzzle
    board = board_of(puzzle, puzzle)
    assert sorted(region.choices for region in board.regions) == [["12"], ["12"], ["13"], ["13"]]
    after = board_of(puzzle, kakuro.apply(puzzle, "r3c2=1"))
    first = next(region for region in after.regions
                 if region.cells[0] == (2, 1) and region.name.startswith("across"))
    assert after.cells[2 * 3 + 1].value == 1 and first.choices == ["13"]


def test_a_kind_registered_later_is_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The catalog reads the registry when asked: a fourth kind registered after it was
    imported is offered (its presets within its generation cap), and its name is known."""
    import types

    from grille import kinds
    from grille.info import KindInfo, Preset
    from grille.web import catalog

    module = types.ModuleType("fourth_kind_info")
    module.INFO = KindInfo(  # type: ignore[attr-defined]
        name="fourth", title="Fourth", module="fourth_kind", formats=(), default_format="",
        levels=("easy",), presets=(Preset("5x5"), Preset("30x30")), default_size="5x5",
        max_side=30, max_generated_side=10,
    )
    monkeypatch.setitem(sys.modules, "fourth_kind_info", module)
    monkeypatch.setattr(kinds, "_INFOS", dict(kinds._INFOS))
    kinds.register("fourth_kind_info")
    offer = catalog.kind_offer("fourth")
    assert (offer.title, offer.sizes, offer.levels) == ("Fourth", ("5x5",), ("any", "easy"))
    assert ("fourth", "5x5") in catalog.common_sizes()
    assert catalog.kind_offers()[0].name == "sudoku"  # menu order: the built-in kinds first
    assert catalog.kind_titles().endswith("Kakuro and Fourth")
    with pytest.raises(GrilleError, match=r"known kinds: .*fourth"):
        catalog.check_kind("fifth")
    with pytest.raises(GrilleError, match="generates up to 10x10"):
        catalog.check_generation("fourth", "12x12")


def test_the_board_is_the_kinds_view() -> None:
    """The page's board is the kind's BoardView as JSON, whatever the kind."""
    for name, text in (("sudoku", "..4..2....3..3.."), ("takuzu", "0..1\n....\n.1..\n...0\n")):
        kind = get_kind(name)
        puzzle = kind.read(text)[0].puzzle
        board = board_of(puzzle, puzzle)
        assert board.model_dump(mode="json") == kind.view(puzzle, puzzle).to_json()


def test_the_board_carries_a_setters_decorations() -> None:
    """The page draws what the API's board holds: a decoration the board model dropped
    never reached the page (its drawing test fed the kind's view to board.js directly)."""
    from conftest import FIXTURES

    kind = get_kind("sudoku")
    text = (FIXTURES / "variants" / "wild" / "every_decoration.json").read_text(encoding="utf-8")
    puzzle = kind.read(text, fmt="fpuzzles")[0].puzzle
    view = kind.view(puzzle, puzzle).to_json()
    board = board_of(puzzle, puzzle).model_dump(mode="json")
    assert len(view["decorations"]) == 7 and board == view


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("name", ["grille.web.app", "grille.web.board", "grille.web.catalog",
                                  "grille.web.export"])
def test_docstring_examples(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
