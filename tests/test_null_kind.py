"""The null kind keeps the front ends honest: a tiny kind of the test suite's own
(``tests/nullkind``), registered by the ``null_kind`` fixture as a new kind is, runs through
every front end with no front-end file knowing it: the command line (read, convert, solve,
count, check, explain, hint, rate, generate, candidates, render, print, batch), the web API,
the page (Playwright), and the terminal game. And every registered kind has the whole
:class:`grille.kind.Kind` protocol, its ``info`` agreeing with it.

A failure here means a front end still knows the kinds by name (a table, a ``Literal``, an
import of a kind's package) instead of reading :class:`~grille.info.KindInfo` and
:class:`~grille.view.BoardView`.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import TESTS
from grille.errors import GrilleError
from grille.info import KindInfo
from grille.kind import GenerateOptions, Kind, Status, kind_options
from grille.kinds import claiming_kinds, get_kind, kind_info, kind_names, sniff_kind
from grille.view import BoardView
from server_support import BROWSER_ARGS, CHROMIUM, serving

pytestmark = [pytest.mark.usefixtures("null_kind"),
              pytest.mark.filterwarnings("ignore::DeprecationWarning")]

NAME = "nullkind"
HARD = "line:.>.>.>."
"""Four cells falling: Only place puts 1 last, then each cell has one value left."""
HARD_SOLUTION = "line:4>3>2>1"
MEDIUM = "line:3.<.2"
"""Single candidate, then Last value; solution 3 1 < 4 2."""
FIVE = "line:.<.<.<.5"
"""Five cells, 1 < 2 < 3 < 4 then 5: the first hint is Only place (1 in r1c1)."""
SEVERAL = "line:3.<.."
BROKEN = "line:33.."

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
TAKUZU = ".....0\n..1...\n0.1...\n......\n.1...0\n0.0...\n"
KAKURO = "# #  #  #  #  #\n# #  5\\ 8\\ #  #\n# \\7 .  .  8\\ #\n# \\8 .  .  .  #\n" \
         "# #  \\6 .  .  #\n# #  #  #  #  #\n"
SAMPLES = {"sudoku": SUDOKU, "takuzu": TAKUZU, "kakuro": KAKURO, NAME: HARD}
"""A puzzle of each registered kind (one solution each)."""


def puzzle(text: str = HARD) -> Any:
    return get_kind(NAME).read(text)[0].puzzle


# -- the registry ------------------------------------------------------------------------------


def test_the_fixture_registers_the_null_kind_last(null_kind: Kind[Any]) -> None:
    assert kind_names()[-1] == NAME and null_kind.name == NAME
    assert kind_info(NAME).title == "Line" and kind_info(NAME).module == "nullkind"
    assert sniff_kind(HARD) is null_kind


@pytest.mark.parametrize("kind", ["sudoku", "takuzu", "kakuro"])
def test_registering_it_changes_nothing_for_real_kinds(kind: str) -> None:
    assert [found.name for found in claiming_kinds(SAMPLES[kind])] == [kind]
    assert sniff_kind(SAMPLES[kind]).name == kind


def test_a_new_process_sees_it_through_grille_kinds() -> None:
    shown = subprocess.run(
        [sys.executable, "-c", "from grille.kinds import kind_names; print(kind_names())"],
        capture_output=True, text=True, timeout=120, env=os.environ.copy(), check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert NAME in shown.stdout, f"GRILLE_KINDS={os.environ.get('GRILLE_KINDS')}: {shown.stdout}"


def test_an_installed_package_registers_it_by_entry_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A package declaring ``nullkind.info`` in the entry-point group ``grille.kinds`` adds
    the kind when the registry loads, with no environment variable."""
    from types import SimpleNamespace

    from grille import kinds

    monkeypatch.syspath_prepend(str(TESTS))
    monkeypatch.delenv(kinds.ENVIRONMENT, raising=False)
    monkeypatch.setattr(kinds, "_INFOS", {})
    monkeypatch.setattr(kinds, "_MODULES", {})
    declared = {"grille.kinds": [SimpleNamespace(value="nullkind.info")]}
    monkeypatch.setattr(kinds, "entry_points", lambda group: declared.get(group, []))
    kinds._register_all()
    assert kinds.kind_names() == ("sudoku", "takuzu", "kakuro", NAME)


def test_a_worker_started_before_it_adopts_it(null_kind: Kind[Any]) -> None:
    """A process that knows neither ``GRILLE_KINDS`` nor ``tests/`` (a fork server started
    before the kind was registered) sees it once it adopts what this process added."""
    from grille.kinds import added_kinds

    added = added_kinds()
    assert NAME in {kind_info(name).name for name in kind_names()}
    assert added[0] == ("nullkind.info",) and str(TESTS) in added[1]
    env = {key: value for key, value in os.environ.items()
           if key not in ("GRILLE_KINDS", "PYTHONPATH")}
    code = ("import sys; from grille import kinds; before = kinds.kind_names(); "
            "kinds.adopt_kinds(eval(sys.argv[1])); print(before, kinds.kind_names())")
    shown = subprocess.run([sys.executable, "-c", code, repr(added)], capture_output=True,
                           text=True, timeout=120, env=env, check=False)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split(") (")[0].count(NAME) == 0, shown.stdout
    assert shown.stdout.strip().endswith(f"'{NAME}')"), shown.stdout


# -- the kind itself ---------------------------------------------------------------------------


def test_the_null_kind_solves_explains_rates_and_hints(null_kind: Kind[Any]) -> None:
    line = puzzle()
    assert null_kind.solve(line).unique
    assert null_kind.write([null_kind.solve(line).found[0]], "line") == HARD_SOLUTION + "\n"
    path = null_kind.explain(line)
    assert path.solved and [step.technique for step in path.steps] == [
        "Only place", "Single candidate", "Single candidate", "Last value"]
    assert str(path.steps[0]) == "Only place: 1 can only go in r1c4."
    assert null_kind.rate(line).fields() == ("hard", "2.0", "Only place")
    assert null_kind.rate(line, ladder="short").fields() == ("hard", "3.0", "-")  # stuck
    assert str(null_kind.hint(line, depth=1)) == "Look at row 1."
    with pytest.raises(GrilleError, match="takes no such option"):
        null_kind.rate(line, scale="sukaku")
    assert null_kind.status(puzzle(BROKEN)) is Status.INVALID
    assert len(null_kind.step_states(line, path.steps)) == len(path.steps) + 1


def test_the_null_kind_generates_unique_lines_at_each_level(null_kind: Kind[Any]) -> None:
    for level in ("easy", "medium", "hard"):
        made = null_kind.generate(GenerateOptions(size="6", level=level), seed=level)
        assert null_kind.solve(made).unique and null_kind.rate(made).level == level
        assert null_kind.size_of(made) == "1x6" and ("level", level) in made.metadata
    assert null_kind.levels_for("3") == ("easy", "medium")
    with pytest.raises(GrilleError, match="out of reach"):
        null_kind.generate(GenerateOptions(size="3", level="hard"), seed=1)


def test_a_game_session_plays_it(null_kind: Kind[Any]) -> None:
    from grille.game import Session

    session = Session(null_kind, puzzle(FIVE))
    session.play("r1c1=1")
    assert session.state.cells[0] == 1
    session.undo()
    assert session.state.cells[0] == 0 and session.can_redo


# -- conformance: every registered kind is a whole Kind --------------------------------------

PROTOCOL_ATTRIBUTES = ("name", "info", "formats", "default_format", "candidates_format",
                       "levels", "one_line_format", "rating_columns")
PROTOCOL_METHODS = tuple(
    name for name, member in vars(Kind).items()
    if not name.startswith("_") and inspect.isfunction(member)
)


def test_the_protocol_is_what_the_brief_says() -> None:
    assert set(PROTOCOL_ATTRIBUTES) <= set(Kind.__annotations__)
    for needed in ("info", "view", "explain", "rate", "hint", "generate", "levels_for",
                   "step_states", "generate_choices", "kernel_groups", "size_of",
                   "peer_moves", "moves_between", "step_moves", "wrong_cells",
                   "with_candidates", "clues_of", "check", "status", "read", "write", "sniff"):
        assert needed in PROTOCOL_ATTRIBUTES + PROTOCOL_METHODS, needed


def incompatibilities(name: str, wanted: inspect.Signature,
                      found: inspect.Signature) -> list[str]:
    """How ``found`` (a kind's bound method) cannot be called as ``wanted`` (the protocol's,
    ``self`` left out) is."""
    problems = []
    have = found.parameters
    takes_any = any(p.kind is p.VAR_KEYWORD for p in have.values())
    positional = [p for p in have.values() if p.kind in (p.POSITIONAL_ONLY,
                                                          p.POSITIONAL_OR_KEYWORD)]
    for index, param in enumerate(p for p in wanted.parameters.values() if p.name != "self"):
        if param.kind is param.VAR_KEYWORD:
            if not takes_any:
                problems.append(f"{name} takes no **{param.name}")
            continue
        if param.kind is param.POSITIONAL_OR_KEYWORD:
            if index >= len(positional) or positional[index].name != param.name:
                problems.append(f"{name}: parameter {index + 1} should be {param.name!r}")
                continue
            mine = positional[index]
        else:
            mine = have.get(param.name)  # type: ignore[assignment]
            if mine is None or mine.kind not in (mine.KEYWORD_ONLY, mine.POSITIONAL_OR_KEYWORD):
                problems.append(f"{name} takes no keyword {param.name!r}")
                continue
        if param.default is not param.empty and mine.default is mine.empty:
            problems.append(f"{name}: {param.name!r} should have a default")
    needed = {p.name for p in wanted.parameters.values()}
    for param in have.values():
        if (param.name not in needed and param.default is param.empty
                and param.kind not in (param.VAR_KEYWORD, param.VAR_POSITIONAL)):
            problems.append(f"{name} needs {param.name!r}, which the protocol does not pass")
    return problems


@pytest.mark.parametrize("kind_name", ["sudoku", "takuzu", "kakuro", NAME])
def test_every_registered_kind_has_the_whole_protocol(kind_name: str) -> None:
    assert kind_name in kind_names()
    kind = get_kind(kind_name)
    missing = [name for name in PROTOCOL_ATTRIBUTES + PROTOCOL_METHODS if not hasattr(kind, name)]
    assert missing == [], f"{kind_name} lacks {missing}"
    problems = []
    for name in PROTOCOL_METHODS:
        member = getattr(kind, name)
        assert callable(member), f"{kind_name}.{name} is not a method"
        problems += incompatibilities(name, inspect.signature(getattr(Kind, name)),
                                      inspect.signature(member))
    assert problems == [], f"{kind_name}: {problems}"


@pytest.mark.parametrize("kind_name", ["sudoku", "takuzu", "kakuro", NAME])
def test_every_kinds_info_agrees_with_the_kind(kind_name: str) -> None:
    import importlib

    kind = get_kind(kind_name)
    info = kind.info
    assert isinstance(info, KindInfo) and info is kind_info(kind_name)
    assert importlib.import_module(info.module).KIND is kind
    assert (info.name, info.format_names, info.default_format, info.levels) == (
        kind.name, kind.formats, kind.default_format, kind.levels)
    assert info.format(kind.candidates_format).marks
    assert info.format(kind.one_line_format).one_line
    assert info.default_size in info.preset_sizes()
    assert set(kind.levels_for(None)) <= set(kind.levels)
    for command in ("rate", "explain", "hint"):
        kind_options(info, command, {})
    assert kind.kernel_groups(()) == () or all(g.name for g in kind.kernel_groups(()))


@pytest.mark.parametrize("kind_name", ["sudoku", "takuzu", "kakuro", NAME])
def test_every_kind_draws_its_board_as_a_view(kind_name: str) -> None:
    kind = get_kind(kind_name)
    read = kind.read(SAMPLES[kind_name])[0].puzzle
    view = kind.view(read, read)
    assert isinstance(view, BoardView)
    assert view.filled() == sum(cell.given for cell in view.cells)  # only clues so far
    assert json.loads(json.dumps(view.to_json()))["rows"] == view.rows


# -- the command line ---------------------------------------------------------------------------


def cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``grille ARGS`` in this process: its exit status, stdout and stderr (argparse's exit
    on a bad argument, e.g. a kind it does not offer, is a status too)."""
    from grille.cli import main

    try:
        status = main(args)
    except SystemExit as leaving:
        status = leaving.code if isinstance(leaving.code, int) else 2
    out, err = capsys.readouterr()
    return status, out, err


def ok(args: list[str], capsys: pytest.CaptureFixture[str], status: int = 0) -> str:
    """stdout of ``grille ARGS``, which must exit with ``status``."""
    code, out, err = cli(args, capsys)
    assert code == status, f"grille {' '.join(args)} exited {code}: {err.strip()[-600:]}"
    return out


def file(tmp_path: Path, *lines: str, name: str = "lines.txt") -> str:
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines))
    return str(path)


def test_cli_lists_its_formats(capsys: pytest.CaptureFixture[str]) -> None:
    assert "nullkind: line, marks (default line)" in ok(["formats"], capsys)


def test_cli_reads_and_converts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "marked.txt"
    source.write_text("line:3[1]<[4]2\n")
    assert ok(["convert", "--to", "line", str(source)], capsys) == MEDIUM + "\n"
    assert ok(["convert", "--kind", NAME, "--to", "marks", file(tmp_path, MEDIUM)],
              capsys) == MEDIUM + "\n"


def test_cli_solves_and_counts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert ok(["solve", file(tmp_path, HARD, MEDIUM)], capsys) == \
        f"{HARD_SOLUTION}\nline:31<42\n"
    assert ok(["count", file(tmp_path, HARD, SEVERAL)], capsys).split() == ["1", "3"]


def test_cli_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = file(tmp_path, BROKEN, HARD)
    code, out, err = cli(["check", source], capsys)
    assert code == 1, err
    assert out.splitlines()[0] == f"{source}:1: r1c1 and r1c2 both hold 3", out
    assert out.splitlines()[1].startswith(f"{source}:2: ok"), out


def test_cli_explains_with_its_own_option(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(["explain", file(tmp_path, HARD)], capsys)
    assert out.splitlines()[0] == "1. [grille 2.0] Only place: 1 can only go in r1c4."
    assert out.splitlines()[-2:] == ["solved; hardest step shown: [grille 2.0] Only place",
                                     "grille rating: hard (2.0, Only place); from another "
                                     "solve path"]
    stuck = cli(["explain", "--ladder", "short", file(tmp_path, HARD)], capsys)
    assert "stuck" in stuck[1] + stuck[2], f"--ladder short: {stuck}"


def test_cli_hints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = file(tmp_path, HARD)
    assert ok(["hint", "--depth", "3", source], capsys) == "Only place on r1c4.\n"
    out = ok(["hint", "--depth", "5", source], capsys)
    assert out.splitlines() == ["Only place: 1 can only go in r1c4.", "line:.>.>.>1"]
    marked = file(tmp_path, "line:2>.>.>.", name="player.txt")
    assert "r1c1 holds 2, which is wrong" in ok(["hint", "--marks", marked, source], capsys)


def test_cli_rates_with_its_own_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = file(tmp_path, HARD, MEDIUM, SEVERAL)
    code, out, _ = cli(["rate", source], capsys)
    assert out.splitlines() == [f"{HARD}\thard\t2.0\tOnly place",
                                f"{MEDIUM}\tmedium\t1.5\tSingle candidate",
                                f"{SEVERAL}\t-\t-\t-"], out
    assert ok(["rate", "--ladder", "short", file(tmp_path, HARD)], capsys) == \
        f"{HARD}\thard\t3.0\t-\n"
    code, _, err = cli(["rate", "--scale", "sukaku", file(tmp_path, HARD)], capsys)
    assert code == 2 and "nullkind" in err, err


def test_cli_generates(capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(["generate", NAME, "--size", "6", "--level", "hard", "--count", "2", "--seed", "7"],
             capsys)
    kind = get_kind(NAME)
    made = [entry.puzzle for entry in kind.read(out)]
    assert len(made) == 2 and all(kind.solve(p).unique for p in made)
    assert {kind.rate(p).level for p in made} == {"hard"}
    code, _, err = cli(["generate", NAME, "--size", "3", "--level", "hard"], capsys)
    assert code == 2 and "out of reach" in err, err


def test_cli_candidates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert ok(["candidates", file(tmp_path, MEDIUM)], capsys) == "line:3[1]<[4]2\n"


@pytest.mark.parametrize(("fmt", "magic"), [("svg", b"<svg"), ("png", b"\x89PNG"),
                                            ("pdf", b"%PDF")])
def test_cli_renders(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str,
                     magic: bytes) -> None:
    out = tmp_path / f"line.{fmt}"
    ok(["render", file(tmp_path, FIVE), "-o", str(out)], capsys)
    drawn = out.read_bytes()
    assert magic in drawn[:200]
    if fmt == "svg":
        assert ">5<" in drawn.decode(), "the clue 5 is not drawn"
        assert "&lt;" in drawn.decode(), "the '<' markers between cells are not drawn"


def test_cli_renders_a_step_with_marks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "step.svg"
    ok(["render", "--step", "2", "--marks", file(tmp_path, HARD), "-o", str(out)], capsys)
    assert out.read_text().startswith("<")


def test_cli_prints_a_booklet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "booklet.pdf"
    ok(["print", "--with-solutions", file(tmp_path, HARD, MEDIUM, FIVE), "-o", str(out)], capsys)
    assert out.read_bytes().startswith(b"%PDF")


def test_cli_batch_solves_rates_and_generates(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    source = file(tmp_path, HARD, MEDIUM, FIVE)
    solved = tmp_path / "solved.txt"
    ok(["batch", "solve", "--jobs", "2", "--quiet", source, "-o", str(solved)], capsys)
    assert solved.read_text().splitlines() == [HARD_SOLUTION, "line:31<42", "line:1<2<3<45"]
    rated = tmp_path / "rated.txt"
    ok(["batch", "rate", "--jobs", "2", "--quiet", source, "-o", str(rated)], capsys)
    assert [line.split("\t")[1] for line in rated.read_text().splitlines()] == [
        "hard", "medium", "hard"]
    made = tmp_path / "made.txt"
    ok(["batch", "generate", NAME, "--count", "3", "--seed", "1", "--size", "5", "--jobs", "2",
        "--quiet", "-o", str(made)], capsys)
    lines = [line for line in made.read_text().splitlines() if not line.startswith("#")]
    assert len(lines) == 3 and all(line.startswith("line:") for line in lines), lines


def test_cli_in_a_new_process(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "grille", "solve", file(tmp_path, HARD)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert (done.returncode, done.stdout) == (0, HARD_SOLUTION + "\n"), done.stderr[-600:]


# -- the web API --------------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Any]:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from grille.web.app import create_app

    with TestClient(create_app(tmp_path / "games.sqlite3", durable=False, pool=False)) as test:
        yield test


def answered(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, f"{response.status_code}: {response.text[:600]}"
    return response.json()


def web_hint(client: Any, game: dict[str, Any], depth: int) -> dict[str, Any]:
    """A hint at ``depth``, waited for: its result (hint and game)."""
    response = client.post(f"/api/games/{game['id']}/hint", json={"depth": depth})
    assert response.status_code in (200, 202), response.text[:600]
    job = response.json()
    for _ in range(600):
        if job["status"] != "running":
            break
        time.sleep(0.05)
        job = client.get(f"/api/games/{game['id']}/hints/{job['id']}").json()
    assert job["status"] == "done", job
    result: dict[str, Any] = job["result"]
    return result


def test_web_lists_the_kind(client: Any) -> None:
    kinds = {kind["name"]: kind for kind in answered(client.get("/api/kinds"))}
    assert NAME in kinds, f"/api/kinds lists {list(kinds)}, not every registered kind"
    offered = kinds[NAME]
    info = kind_info(NAME)
    assert offered["title"] == info.title
    assert list(info.preset_sizes()) == [size for size in offered["sizes"]
                                         if size in info.preset_sizes()]
    assert set(info.levels) <= set(offered["levels"])


def board_mismatches(board: dict[str, Any], view: BoardView) -> list[str]:
    """What of ``view`` the page's board JSON does not carry as the view says it."""
    wanted = view.to_json()
    problems = [f"{key}: {board.get(key)!r} != {wanted[key]!r}"
                for key in ("rows", "cols", "symbols", "min_value", "markers", "regions")
                if board.get(key) != wanted[key]]
    cells = [(c.get("value"), c.get("given")) for c in board.get("cells", [])]
    if cells != [(c["value"], c["given"]) for c in wanted["cells"]]:
        problems.append(f"cells: {cells}")
    return problems


def test_web_plays_a_game(client: Any) -> None:
    game = answered(client.post("/api/puzzles", json={"text": FIVE}), 201)
    kind = get_kind(NAME)
    line = puzzle(FIVE)
    assert game["kind"] == NAME and game["status"] == "incomplete"
    assert board_mismatches(game["board"], kind.view(line, line)) == []
    moved = answered(client.post(f"/api/games/{game['id']}/moves", json={"move": "r1c1=1"}))
    assert moved["board"]["cells"][0]["value"] == 1
    assert board_mismatches(moved["board"], kind.view(line, kind.apply(line, "r1c1=1"))) == []
    undone = answered(client.post(f"/api/games/{game['id']}/undo"))
    assert undone["board"]["cells"][0]["value"] is None and undone["position"] == 0
    assert web_hint(client, game, 1)["hint"]["text"] == "Look at row 1."
    applied = web_hint(client, game, 5)
    assert applied["hint"]["applied"] and applied["game"]["board"]["cells"][0]["value"] == 1
    assert answered(client.get(f"/api/games/{game['id']}"))["position"] == 1


def test_web_generates_a_game(client: Any) -> None:
    job = answered(client.post("/api/generate",
                               json={"kind": NAME, "size": "1x5", "level": "hard"}), 202)
    deadline = time.monotonic() + 120
    while job["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.05)
        job = answered(client.get(f"/api/jobs/{job['id']}"))
    assert job["status"] == "done", job
    state = answered(client.get(f"/api/games/{job['game_id']}"))
    assert (state["kind"], state["size"]) == (NAME, "1x5")


# -- the page -----------------------------------------------------------------------------------

@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[Any, str]]:
    """A page of a fresh game server, in Debian's headless chromium; the server's address."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not at /usr/bin/chromium (make browser)")
    sync_api = pytest.importorskip("playwright.sync_api")
    errors: list[str] = []
    with serving(tmp_path / "games.sqlite3") as server, sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        opened = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        opened.on("pageerror", lambda error: errors.append(str(error)))
        yield opened, server
        browser.close()
    assert errors == [], f"the page threw: {errors}"


def test_the_page_starts_plays_undoes_and_hints(page: tuple[Any, str]) -> None:
    from playwright.sync_api import expect

    opened, server = page
    opened.goto(f"{server}/#/home")
    expect(opened.locator("#kind-choices label").first).to_be_visible()
    offered = opened.locator("#kind-choices input").evaluate_all("els => els.map(e => e.value)")
    assert NAME in offered, f"the new-game form offers {offered}, not every registered kind"
    opened.locator(f"label[for=kind-{NAME}]").click()
    opened.select_option("#new-size", "1x5")
    opened.select_option("#new-level", "hard")
    opened.get_by_role("button", name="Start").click()
    expect(opened.locator("#game-title"), "the game is titled with KindInfo.title").to_have_text(
        re.compile("^Line"), timeout=60_000)
    grid = opened.get_by_role("grid")
    expect(grid.get_by_role("row")).to_have_count(1)
    expect(grid.get_by_role("gridcell")).to_have_count(5)
    empty = opened.locator("#view-game [role=gridcell][aria-label$=', empty']").first
    expect(empty).to_be_visible()
    cell = opened.locator(f"#{empty.get_attribute('id')}")  # this cell, not the first empty
    place = re.escape(cell.get_attribute("aria-label").rsplit(",", 1)[0])
    cell.click()
    opened.keyboard.press("1")
    expect(cell, "the typed value is shown").to_have_attribute(
        "aria-label", re.compile(f"^{place}, 1"))
    opened.get_by_role("button", name="Undo").click()
    expect(cell, "undo empties the cell").to_have_attribute(
        "aria-label", re.compile(f"^{place}, empty"))
    opened.get_by_role("button", name="? Hint").click()
    expect(opened.locator("#hint-text"), "the first hint says where to look").to_have_text(
        re.compile(r"^Look at (row 1|r1c\d)\.$"), timeout=30_000)


# -- the terminal game --------------------------------------------------------------------------


def test_the_terminal_game_plays_undoes_and_hints(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from grille.tui.app import GrilleApp
    from tui_support import game_screen, new_game, press_and_settle, run, saved_state

    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, NAME, puzzle(FIVE))

    async def body(pilot: Any) -> None:
        screen = game_screen(pilot)
        assert screen.cursor == (0, 0)  # the first empty cell
        await pilot.press("1")
        assert screen.session.state.cells[0] == 1 and screen.session.position == 1
        await pilot.press("u")
        assert screen.session.state.cells[0] == 0 and screen.session.position == 0
        await press_and_settle(pilot, "h")
        assert screen.hint is not None and str(screen.hint) == "Look at row 1."
        await press_and_settle(pilot, "h", "h", "h", "h")
        assert screen.session.state.cells[0] == 1  # depth 5 applied Only place

    run(GrilleApp(db, game=game_id), body)
    assert saved_state(db, game_id).state.cells[0] == 1


def test_the_terminal_game_offers_the_kind(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from textual.widgets import OptionList

    from grille.tui.app import GrilleApp, NewGameScreen
    from tui_support import run

    async def body(pilot: Any) -> None:
        await pilot.app.push_screen(NewGameScreen())
        await pilot.pause()
        kinds = pilot.app.screen.query_one("#kind", OptionList)
        offered = [kinds.get_option_at_index(i) for i in range(kinds.option_count)]
        assert (NAME, "Line") in [(o.id, str(o.prompt)) for o in offered], (
            f"the new-game form offers {[o.id for o in offered]}")

    run(GrilleApp(tmp_path / "games.sqlite3"), body)


def test_the_tests_folder_is_where_the_fixture_says() -> None:
    assert (TESTS / "nullkind" / "info.py").is_file()
