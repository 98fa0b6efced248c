"""Compiling the kernels before they are needed (grille.warm, Kind.kernel_groups), saying so,
and time limits that do not count compiling."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grille import cli, limits, warm
from grille.engine import _jit
from grille.engine._jit import jit_enabled
from grille.kind import KERNEL_USES, KernelGroup
from grille.kinds import get_kind, kind_names

needs_jit = pytest.mark.skipif(not jit_enabled(), reason="numba is off (GRILLE_JIT=0)")

EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
SAMPLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture
def note(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The warm-up note in a temporary folder (not the installation's)."""
    path = tmp_path / "note" / warm._Note.NAME
    monkeypatch.setattr(warm._Note, "_paths", lambda self: [path])
    return path


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> _jit._CompileClock:
    """A compile clock (and compile notices) of its own, so that simulated compiles leave
    the real ones alone."""
    fresh = _jit._CompileClock()
    monkeypatch.setattr(_jit, "_CLOCK", fresh)
    monkeypatch.setattr(warm, "_NOTICES", warm._Notices())
    return fresh


def _compiling_group(name: str, clock: _jit._CompileClock, seconds: float) -> KernelGroup:
    """A kernel group whose warm-up looks like numba compiling for ``seconds``."""

    def run() -> None:
        clock.start(name)
        time.sleep(seconds)
        clock.end(name)

    return KernelGroup(name, run)


# -- the kinds' kernel groups ---------------------------------------------------------------


@needs_jit
@pytest.mark.parametrize("name", kind_names())
def test_each_kind_names_kernel_groups_for_the_work_it_compiles(name: str) -> None:
    kind = get_kind(name)
    every = kind.kernel_groups(KERNEL_USES)
    assert every, f"{name} names no kernels"
    assert len({group.name for group in every}) == len(every)
    assert kind.kernel_groups(()) == ()
    for use in ("rate", "hint", "generate"):
        assert kind.kernel_groups({use}), f"{name} {use}"


@needs_jit
def test_sudoku_options_add_their_own_kernels() -> None:
    kind = get_kind("sudoku")
    names = {group.name for group in kind.kernel_groups({"rate"})}
    # the ladders take every nested level by default (SE's whole ladder), so rating needs them
    assert names == {"Sudoku solver", "Sudoku techniques", "Sudoku forcing chains",
                     "Sudoku nested forcing chains"}  # fmt: skip
    assert {group.name for group in kind.kernel_groups({"nested"})} == names
    sukaku = {group.name for group in kind.kernel_groups({"rate", "sukaku"})} - names
    assert sukaku == {"Sudoku sukaku-scale techniques"}


def test_nothing_to_warm_when_compiling_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRILLE_JIT", "0")
    for name in kind_names():
        assert get_kind(name).kernel_groups(KERNEL_USES) == ()
    assert warm.kernel_groups([get_kind(n) for n in kind_names()], warm.ALL_USES) == ()
    assert cli.main(["warm"]) == 0


# -- real work after a warm-up compiles nothing -----------------------------------------------

AFTER_WARM_UP = '''
import json
from grille.engine import _jit
from grille.kind import GenerateOptions
from grille.kinds import get_kind, kind_names
from grille.warm import ALL_USES, kernel_groups, warm

warm(kernel_groups([get_kind(name) for name in kind_names()], ALL_USES))
before = {{kernel: len(fast.overloads) for kernel, fast in _jit.dispatchers().items()}}

sudoku, takuzu, kakuro = (get_kind(name) for name in ("sudoku", "takuzu", "kakuro"))
em = sudoku.read("{em}")[0].puzzle
sudoku.rate(em)
sudoku.hint(em, depth=4)
from grille.sudoku.logic.board import Board
from grille.sudoku.logic.explain import rate
from grille.sudoku.logic.forcing.nested import nested_forcing
rate(em, scale="sukaku")
nested_forcing(3)(Board.from_grid(sudoku.read("{sample}")[0].puzzle))
for size in ("4", "6", "12"):
    puzzle = sudoku.generate(GenerateOptions(size=size), 1)
    sudoku.explain(puzzle)
sudoku.generate(GenerateOptions(level="hard"), 3)
sudoku.solve_many([em] * 40)
from grille.sudoku.grid import Grid
from grille.sudoku.solver import solve_lines
sudoku.solve_many([Grid.empty(16), Grid.empty(25)], limit=1)
solve_lines("{em}\\n" * 3)
for kind in (takuzu, kakuro):
    puzzle = kind.generate(GenerateOptions(size="10x10", level="hard"), 5)
    kind.rate(puzzle)
    kind.hint(puzzle, depth=4)
    kind.solve_many([puzzle])
from grille.engine.xcc import count_queens
count_queens(9)

after = {{kernel: len(fast.overloads) for kernel, fast in _jit.dispatchers().items()}}
new = sorted(f"{{k.__module__}}.{{k.__name__}}" for k, count in after.items()
             if count > before.get(k, 0))
print(json.dumps(new))
'''

@needs_jit
@pytest.mark.slow
def test_after_a_warm_up_real_work_compiles_nothing_more() -> None:
    """The warm-ups call the kernels with the argument types real work passes: rating,
    hints, explanations and generation of every kind and size then compile (or load)
    nothing that the warm-up left out."""
    script = AFTER_WARM_UP.format(em=EASTER_MONSTER, sample=SAMPLE)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=1800, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


# -- progress and notices ---------------------------------------------------------------------


def test_a_warm_up_that_compiles_says_so_group_by_group(
    clock: _jit._CompileClock, note: Path
) -> None:
    out = io.StringIO()
    groups = [_compiling_group("Alpha kernels", clock, 0.3),
              _compiling_group("Beta kernels", clock, 0.3)]
    done = warm.warm(groups, out=out, threshold=0.1)
    lines = out.getvalue().splitlines()
    assert lines[0] == ("grille: compiling solver kernels for this machine, once: "
                        "Alpha kernels (1 of 2)")
    assert lines[1].endswith("once: Beta kernels (2 of 2)")
    assert lines[-1].startswith("grille: solver kernels ready (")
    assert done.compiled
    assert done.groups == ("Alpha kernels", "Beta kernels")


def test_a_warm_up_from_the_cache_is_silent(clock: _jit._CompileClock) -> None:
    out = io.StringIO()
    done = warm.warm([KernelGroup("Cached", lambda: time.sleep(0.3))], out=out, threshold=0.1)
    assert out.getvalue() == ""
    assert not done.compiled


def test_a_short_compile_is_not_announced(clock: _jit._CompileClock) -> None:
    out = io.StringIO()
    warm.warm([_compiling_group("Quick", clock, 0.05)], out=out, threshold=1.0)
    assert out.getvalue() == ""


def test_a_compile_outside_a_warm_up_is_announced_after_a_second(
    clock: _jit._CompileClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(warm, "THRESHOLD", 0.1)
    out = io.StringIO()
    warm.announce_compiles(out)
    clock.start("tier_scan._search")
    time.sleep(0.4)
    clock.end("tier_scan._search")
    clock.start("basic_scan._naked_scan")  # quick: not worth a word
    clock.end("basic_scan._naked_scan")
    warm.announce_compiles(None)
    lines = out.getvalue().splitlines()
    assert lines[0] == ("grille: compiling solver kernels for this machine, once: "
                        "tier_scan._search (grille warm does them all)")
    assert lines[1].startswith("grille: compiled in ")
    assert len(lines) == 2


def test_notices_on_a_closed_stream_never_fail_a_compile(
    clock: _jit._CompileClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command's stderr captured and closed since (or a broken pipe): the compile that
    reports to it must still finish."""
    monkeypatch.setattr(warm, "THRESHOLD", 0.05)
    out = io.StringIO()
    warm.announce_compiles(out)
    out.close()
    clock.start("tier_scan._search")
    time.sleep(0.2)
    clock.end("tier_scan._search")

    def broken(starting: bool, name: str) -> None:
        raise RuntimeError("a listener with a bug")

    _jit.add_compile_listener(broken)
    clock.start("unary._scan")
    clock.end("unary._scan")
    assert not _jit.compiling()


# -- the note: a second warm-up of the same sources does nothing ----------------------------


def test_ensure_warm_runs_each_group_once_per_installation(
    note: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[str] = []
    group = KernelGroup("Counted", lambda: ran.append("Counted"))
    monkeypatch.setattr(warm, "_kernels_run", set)  # no kernel to ask numba's cache about

    class Kind:
        def kernel_groups(self, uses: object) -> tuple[KernelGroup, ...]:
            return (group,)

    kinds = [Kind()]
    warm.ensure_warm(kinds, {"rate"}, out=io.StringIO())  # type: ignore[list-item]
    warm.ensure_warm(kinds, {"rate"}, out=io.StringIO())  # type: ignore[list-item]
    assert ran == ["Counted"]
    assert json.loads(note.read_text())["groups"] == ["Counted"]
    monkeypatch.setattr(warm, "_sources_key", lambda: "edited sources")
    warm.ensure_warm(kinds, {"rate"}, out=io.StringIO())  # type: ignore[list-item]
    assert ran == ["Counted", "Counted"]


@needs_jit
def test_the_note_holds_while_numbas_cache_holds_the_kernels(
    note: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """"First time" asks numba's cache: an edit to a file no kernel depends on (any
    source file's time, the old key) leaves a warm-up standing; a kernel numba's cache does
    not hold (emptied, or its sources edited) makes it a first time again."""
    groups = warm.kernel_groups([get_kind("sudoku")], {"solve"})
    warm.remember(warm.warm(groups).groups)
    names = [group.name for group in groups]
    kernels = [kernel for ran in json.loads(note.read_text())["kernels"].values()
               for kernel in ran]
    assert ("grille.sudoku._kernel", "solve_batch") in {tuple(k[:2]) for k in kernels}
    assert all(Path(k[2]).name.endswith(".nbi") and Path(k[2]).exists() for k in kernels)
    assert warm._Note().covers(names)
    monkeypatch.setattr(warm, "_sources_key", lambda: "another file edited")
    assert warm._Note().covers(names)
    # a kernel whose compiled code numba's cache does not hold (never compiled)
    data = json.loads(note.read_text())
    data["kernels"][names[0]].append(["grille.warm", "_platform_key"])
    note.write_text(json.dumps(data))
    assert not warm._Note().covers(names)
    assert not warm._cached(("grille.no_such_module", "kernel"))


def test_warmed_says_whether_the_games_kernels_were_compiled_here(
    note: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the games tell a player waiting on a first search (compiling, or loading)."""
    if not jit_enabled():
        assert warm.warmed()
        return
    monkeypatch.setattr(warm, "warm", lambda groups, **_: warm.Warmed(
        tuple(g.name for g in groups), 0.0, compiled=False))
    assert not warm.warmed()
    warm.warm_in_background().join(timeout=60)
    assert warm.warmed() and not warm.warmed(warm.ALL_USES)


def test_the_games_warm_up_covers_checking_an_entered_puzzle() -> None:
    """Play it searches an entered puzzle's solutions in a worker forked from the warmed
    fork server: a variant's solver compiled there, not inside the search's time limit."""
    kinds = [get_kind(name) for name in kind_names()]
    assert "solve" in warm.GAME_USES
    names = {group.name for group in warm.kernel_groups(kinds, warm.GAME_USES)}
    assert {group.name for group in warm.kernel_groups(kinds, {"solve"})} <= names


# -- the command line: compiling never counts against --time-limit -------------------------


def test_rate_compiles_before_its_time_limit_starts(
    clock: _jit._CompileClock, note: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A cold install: the kernels compile for longer than --time-limit, before it starts."""
    monkeypatch.setenv("GRILLE_JIT", "0")  # the rating itself: interpreted, no cache to load
    kind = get_kind("sudoku")
    slow = _compiling_group("Sudoku rating kernels", clock, 1.5)
    monkeypatch.setattr(type(kind), "kernel_groups", lambda self, uses: (slow,))
    monkeypatch.setattr(warm, "THRESHOLD", 0.2)
    status = cli.main(["rate", "--time-limit", "1", SAMPLE])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "compiling solver kernels for this machine, once: Sudoku rating kernels (1 of 1)" \
        in captured.err
    assert "time limit" not in captured.err


def test_a_kernel_compiled_inside_a_time_limit_does_not_count_against_it(
    clock: _jit._CompileClock, note: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A kernel no warm-up named compiles during the search: the limit waits for it."""
    monkeypatch.setenv("GRILLE_JIT", "0")
    kind = get_kind("sudoku")
    monkeypatch.setattr(type(kind), "kernel_groups", lambda self, uses: ())
    real_rate = type(kind).rate

    def rate_compiling_first(self: object, puzzle: object) -> object:
        clock.start("tier_scan._search")
        time.sleep(1.5)
        clock.end("tier_scan._search")
        return real_rate(self, puzzle)  # type: ignore[arg-type]

    monkeypatch.setattr(type(kind), "rate", rate_compiling_first)
    status = cli.main(["rate", "--time-limit", "1", SAMPLE])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "time limit" not in captured.err


def test_the_time_limit_still_stops_a_search_that_is_not_compiling() -> None:
    with pytest.raises(limits.TimeLimitError), limits.time_limit(0.2, "puzzle 1"):
        time.sleep(2)


# -- the games warm up in the background ------------------------------------------------------


@needs_jit
def test_a_background_warm_up_compiles_in_a_daemon_thread() -> None:
    thread = warm.warm_in_background({"solve"}, kinds=["kakuro"])
    assert thread.daemon
    thread.join(timeout=600)
    assert not thread.is_alive()
    from grille.kakuro import solver

    assert solver.compiled_search().signatures


def test_play_and_tui_leave_the_warm_up_to_their_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The games' own process runs no kernel (below): warming it as well compiled every
    kernel twice on a cold install (~100 s of CPU each); the workers' fork server warms
    them once (grille.game.preload) and notes it for the "first time" question."""
    import uvicorn

    from grille.tui.app import GrilleApp

    started: list[frozenset[str]] = []
    monkeypatch.setattr(warm, "warm_in_background",
                        lambda uses=warm.GAME_USES, **_: started.append(frozenset(uses)))
    monkeypatch.setattr(warm, "warm", lambda *a, **k: pytest.fail("warmed in the front end"))
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    monkeypatch.setattr(GrilleApp, "run", lambda self: None)
    db = str(tmp_path / "games.sqlite3")
    assert cli.main(["play", "--port", "0", "--no-browser", "--db", db]) == 0
    assert cli.main(["tui", "--db", db]) == 0
    assert started == []
    assert {"generate", "hint", "solve"} <= warm.GAME_USES


def test_the_workers_warm_up_is_noted(note: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    monkeypatch.setattr(warm, "warm", lambda groups, **_: warm.Warmed(
        tuple(g.name for g in groups), 0.0, compiled=False))
    assert not warm.warmed() or not jit_enabled()
    importlib.import_module("grille.game.preload").warm()
    assert warm.warmed()


SERVER_SESSION = """
import sys
from pathlib import Path
from fastapi.testclient import TestClient
from grille.engine import _jit
from grille.game.work import Workers
from grille.web.app import create_app

Workers.__init__.__kwdefaults__["preload"] = ()  # workers load only what they run: faster

def main():
    with TestClient(create_app(Path(sys.argv[1]), durable=False)) as client:
        game = client.post("/api/puzzles", json={"text": sys.argv[2]}).json()
        for move in ("fill", "r1c3=4", "r1c4=6"):
            client.post(f"/api/games/{game['id']}/moves", json={"move": move})
        client.post(f"/api/games/{game['id']}/undo")
        assert client.post(f"/api/games/{game['id']}/solution").json()["solved"]
        client.get(f"/api/games/{game['id']}/export.png")
        client.get("/api/solver")
    print(len(_jit.dispatchers()))

if __name__ == "__main__":
    main()
"""


@needs_jit
def test_the_game_servers_own_process_runs_no_kernel(tmp_path: Path) -> None:
    """Entering a puzzle (its solutions searched), moves, filling marks, the solution and a
    picture: the server's process builds no compiled kernel (its workers do the searching),
    so it needs no warm-up of its own."""
    script = tmp_path / "session.py"
    script.write_text(SERVER_SESSION)
    done = subprocess.run([sys.executable, str(script), str(tmp_path / "g.sqlite3"), SAMPLE],
                          capture_output=True, text=True, timeout=600, check=True)
    assert done.stdout.split()[-1] == "0", done.stderr[-2000:]
