"""The terminal game's slow work and clock: new games from the pool, hints and searches in
worker processes (Esc stops them), puzzles without one solution, the clock counting only
while a game is shown (also after ``kill -9``), savepoint names, pause and checking off."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Static

from grille.game import PoolKey, Store
from grille.game.timer import HEARTBEAT
from grille.game.work import Workers
from grille.kinds import get_kind
from grille.tui.app import EnterScreen, GrilleApp, MenuScreen, NewGameScreen, StepsScreen
from grille.tui.game import GameScreen, SavepointScreen
from grille.tui.tasks import start_workers
from tui_support import (
    SUDOKU,
    game_screen,
    new_game,
    press_and_settle,
    read,
    run,
    shown_lines,
    wait_for,
)
from work_support import alive, slow_answer, slow_solve, slow_work


class FakeClock:
    """The wall clock of a store, moved by the test."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def running_pid(screen: Any) -> int:
    """The process id of the work the screen waits for, once it started."""
    for _ in range(600):
        pending = screen.pending
        if pending is not None and pending.task.pid is not None:
            return int(pending.task.pid)
        time.sleep(0.05)
    raise AssertionError("the work never started")


def until(done: Callable[[], bool], seconds: float = 30) -> None:
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        time.sleep(0.05)
    assert done(), "timed out"


def status_text(pilot: Pilot[None]) -> str:
    return str(pilot.app.screen.query_one("#status", Static).render())


def side_text(pilot: Pilot[None]) -> str:
    screen = pilot.app.screen
    return (str(screen.query_one("#cell-info", Static).render())
            + str(screen.query_one("#message", Static).render()))


def solved_sudoku(text: str = SUDOKU) -> tuple[Any, Any]:
    puzzle = read("sudoku", text)
    return puzzle, get_kind("sudoku").solve(puzzle, limit=2)


# -- new games from the pool ------------------------------------------------------------------


def test_a_new_game_comes_from_the_pool_at_once(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    puzzle, solutions = solved_sudoku()
    key = PoolKey("sudoku", "9x9", "easy")
    with Store(db) as store:
        assert store.pool_add(key, puzzle, solutions, origin="test")
    app = GrilleApp(db)
    app.generate = slow_work  # the pool has one: nothing is generated

    async def body(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # New game
        assert isinstance(pilot.app.screen, NewGameScreen)
        pilot.app.screen.query_one("PuzzleForm").select("kind", "sudoku")  # type: ignore[attr-defined]
        await pilot.press("tab", "tab", "enter")  # 9x9, easy: Start
        await pilot.pause()
        screen = game_screen(pilot)
        assert screen.session.puzzle == puzzle
        assert screen.session.verdict is not None and screen.session.solutions.unique

    run(app, body)
    with Store(db) as store:
        assert store.pool_counts() == {}  # taken
        [game] = store.games()
        assert game.level == "easy"
        assert store.puzzle(game.puzzle_id).puzzle() == puzzle


def test_the_app_fills_the_pool_itself_when_asked_to(tmp_path: Path) -> None:
    """``grille tui`` keeps new games ready without the browser game running."""
    db = tmp_path / "games.sqlite3"
    key = PoolKey("sudoku", "4x4", "easy")
    app = GrilleApp(db, pool=True)
    assert app.filler is not None
    app.filler.common = (key,)  # only what the test waits for

    async def body(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: pilot.app.store.pool_counts().get(key, 0) >= 1,
                       seconds=120)
        pilot.app.generate = slow_work  # from here on, only the pool can answer at once
        await pilot.press("enter")  # New game
        form = pilot.app.screen.query_one("PuzzleForm")
        form.select("kind", "sudoku")  # type: ignore[attr-defined]
        form.select("size", "4x4")  # type: ignore[attr-defined]
        await pilot.press("tab", "tab", "enter")
        await pilot.pause()
        assert game_screen(pilot).summary.size == "4x4"

    run(app, body)
    filler = app.filler
    assert filler._thread is not None and not filler._thread.is_alive()  # stopped on exit


def test_a_generation_runs_in_a_worker_and_esc_stops_it(tmp_path: Path) -> None:
    app = GrilleApp(tmp_path / "games.sqlite3")
    app.generate = slow_work

    async def body(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(NewGameScreen())
        await pilot.pause()
        await pilot.press("enter")
        screen = pilot.app.screen
        pid = running_pid(screen)
        await pilot.press("escape")
        assert pilot.app.screen is screen and screen.pending is None  # type: ignore[attr-defined]
        assert "Stopped" in str(screen.query_one("#note", Static).render())
        until(lambda: not alive(pid))
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, MenuScreen)

    run(app, body)


# -- hints and searches in worker processes -----------------------------------------------------


def test_a_slow_hint_leaves_the_game_playable_and_esc_stops_it(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))
    app = GrilleApp(db, game=game_id)
    app.answer_hint = slow_answer

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        await pilot.press("h")
        assert "Working on a hint" in side_text(pilot) and "Esc cancels" in side_text(pilot)
        pid = running_pid(screen)
        await pilot.press("right")  # the screen answers meanwhile
        assert screen.cursor == (0, 3)
        await pilot.press("h")
        assert "Still working on a hint" in side_text(pilot)
        await pilot.press("escape")
        assert pilot.app.screen is screen and screen.pending is None  # stopped, not left
        assert "Stopped working on a hint" in side_text(pilot)
        until(lambda: not alive(pid))  # the work really stopped
        assert screen.session.hints_used == 0 and screen.hint is None
        await pilot.press("h")
        running_pid(screen)
        await pilot.press("4")  # a move: the hint under way was for the grid before
        assert screen.pending is None

    run(app, body)


def test_a_hint_is_worked_out_in_a_worker_process(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        await pilot.press("h")
        assert screen.pending is not None and screen.pending.task.label == "hint"
        await wait_for(pilot, lambda: screen.pending is None)
        assert screen.hint is not None and screen.hint.depth == 1

    run(GrilleApp(db, game=game_id), body)


def test_an_entered_puzzle_without_one_solution_is_played_and_help_says_why_at_once(
        tmp_path: Path) -> None:
    """The issue's hang: a hint on an empty 16x16 ran with no limit."""
    db = tmp_path / "games.sqlite3"

    async def body(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(EnterScreen())
        await pilot.pause()
        pilot.app.screen.query_one("TextArea").text = "." * 256  # type: ignore[attr-defined]
        await pilot.click("#play")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        screen = game_screen(pilot)
        await pilot.press("h")
        assert screen.pending is None  # refused at once, nothing searched
        assert "several solutions" in side_text(pilot)
        await pilot.press("c")
        assert screen.pending is None
        assert "No mistakes against the rules" in side_text(pilot)
        assert "several solutions" in side_text(pilot)
        await pilot.press("e", "e")  # off -> rules -> solution: refused, with the reason
        assert "several solutions" in side_text(pilot)
        assert screen.session.checking.value == "off"
        await pilot.press("1")
        assert screen.session.position == 1  # it can be played

    run(GrilleApp(db), body, size=(120, 50))
    with Store(db) as store:
        [game] = store.games()
        assert store.puzzle(game.puzzle_id).verdict is not None  # kept with the puzzle


def test_a_pasted_games_clock_starts_when_its_board_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Neither the search that the puzzle has one solution nor drawing the board the first
    time (slow while kernels compile beside it) counts on the clock."""
    from grille.tui.board import Board

    painted: list[float] = []
    render = Board.render

    def slow_render(self: Board) -> Any:
        if not painted:
            time.sleep(2.5)
        painted.append(time.time())
        return render(self)

    monkeypatch.setattr(Board, "render", slow_render)
    app = GrilleApp(tmp_path / "games.sqlite3")
    app.search = slow_solve  # three seconds of checking that it has one solution

    async def body(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(EnterScreen())
        await pilot.pause()
        pilot.app.screen.query_one("TextArea").text = SUDOKU  # type: ignore[attr-defined]
        await pilot.click("#play")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, GameScreen))
        screen = game_screen(pilot)
        await wait_for(pilot, lambda: screen.session.timer_running)
        assert painted
        assert screen.session.elapsed < 1.5  # neither the search's 3 s nor the first paint's

    run(app, body)


def test_play_it_searches_off_the_ui_thread_and_esc_stops_it(tmp_path: Path) -> None:
    app = GrilleApp(tmp_path / "games.sqlite3")
    app.search = slow_work

    async def body(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(EnterScreen())
        await pilot.pause()
        screen = pilot.app.screen
        screen.query_one("TextArea").text = SUDOKU  # type: ignore[attr-defined]
        await pilot.click("#play")
        assert "Checking that the puzzle has one solution" in str(
            screen.query_one("#error", Static).render())
        pid = running_pid(screen)
        await pilot.press("escape")
        assert pilot.app.screen is screen
        until(lambda: not alive(pid))
        assert "Stopped" in str(screen.query_one("#error", Static).render())

    run(app, body)


class Warming(Workers):
    """Worker processes whose fork server is still compiling the kernels (``ready`` is
    what the test says)."""

    warming = True

    @property
    def ready(self) -> bool:
        return not self.warming


def test_play_it_says_when_it_waits_for_the_solver_to_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new installation's first check compiles the solver (a minute or more): the screen
    says so, and counts the seconds, instead of only "Checking …"."""
    import grille.tui.app

    monkeypatch.setattr(grille.tui.app, "warmed", lambda: False)
    work = Warming()
    start_workers(work, tmp_path / "workers.log")  # before Textual takes the streams over
    app = GrilleApp(tmp_path / "games.sqlite3", work=work)
    app.search = slow_work

    def said(screen: Any) -> str:
        return str(screen.query_one("#error", Static).render())

    async def body(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(EnterScreen())
        await pilot.pause()
        screen = pilot.app.screen
        screen.query_one("TextArea").text = SUDOKU  # type: ignore[attr-defined]
        await pilot.click("#play")
        assert said(screen).startswith("Preparing the solver the first time (a minute or more)…")
        await wait_for(pilot, lambda: re.search(r"… [1-9]\d* s\.", said(screen)) is not None,
                       seconds=10)
        work.warming = False
        await wait_for(pilot, lambda: said(screen).startswith(
            "Checking that the puzzle has one solution…"), seconds=10)
        assert "Esc stops" in said(screen)
        await pilot.press("escape")
        assert "Stopped" in said(screen)

    try:
        run(app, body)
    finally:
        work.shutdown()


def test_leaving_the_step_by_step_solve_stops_it(tmp_path: Path) -> None:
    app = GrilleApp(tmp_path / "games.sqlite3")
    app.explain = slow_work

    async def body(pilot: Pilot[None]) -> None:
        screen = StepsScreen(get_kind("sudoku"), read("sudoku", SUDOKU))
        pilot.app.push_screen(screen)
        await pilot.pause()
        pid = running_pid(screen)
        await pilot.press("q")
        assert isinstance(pilot.app.screen, MenuScreen)
        until(lambda: not alive(pid))

    run(app, body)


def test_checking_a_puzzle_not_searched_yet_searches_it_first(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))  # entered: not searched
    app = GrilleApp(db, game=game_id)

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        await wait_for(pilot, lambda: screen.session.verdict is not None)  # searched on open
        await pilot.press("1")  # r1c3 is 4
        await press_and_settle(pilot, "c")
        assert "1 wrong against the solution: r1c3" in side_text(pilot)

    run(app, body)


# -- hints counted one per step ---------------------------------------------------------------


def test_the_hints_shown_count_one_per_step(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        for depth in range(1, 6):
            await press_and_settle(pilot, "h")
            assert screen.hint is not None and screen.hint.depth == depth
        assert screen.session.position == 1  # depth 5 played the step
        assert "hints 1" in side_text(pilot)
        await press_and_settle(pilot, "h")  # the next step
        assert "hints 2" in side_text(pilot) and "Hint 1/5" in side_text(pilot)

    run(GrilleApp(db, game=game_id), body, size=(100, 30))
    with Store(db) as store:
        assert store.game(game_id).hints_used == 2

    async def table(pilot: Pilot[None]) -> None:
        menu = pilot.app.screen.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("games")
        await pilot.press("enter")
        await pilot.pause()
        table = pilot.app.screen.query_one(DataTable)
        labels = [str(column.label) for column in table.ordered_columns]
        assert table.get_row_at(0)[labels.index("hints")] == "2"

    run(GrilleApp(db), table)


# -- the clock --------------------------------------------------------------------------------


def test_the_clock_counts_only_while_the_game_is_shown(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))
    clock = FakeClock()
    store = Store(db, clock=clock)

    def stored() -> float:
        with Store(db, clock=clock) as reader:
            return reader.game(game_id).elapsed

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        assert screen.session.timer_running  # shown: the clock runs before any move
        clock.now += 3
        screen.heartbeat()
        assert stored() == pytest.approx(3)
        await pilot.press("question_mark")  # the help covers the game
        clock.now += 100
        assert stored() == pytest.approx(3)
        await pilot.press("z")  # closes the help
        clock.now += 2
        screen.heartbeat()
        assert stored() == pytest.approx(5)
        pilot.app.app_focus = False  # the terminal lost the focus
        await pilot.pause()
        clock.now += 50
        screen.heartbeat()
        assert stored() == pytest.approx(5)
        pilot.app.app_focus = True
        await pilot.pause()
        clock.now += 1
        screen.heartbeat()
        assert stored() == pytest.approx(6)
        await pilot.press("space")  # paused
        clock.now += 30
        screen.heartbeat()
        assert stored() == pytest.approx(6)
        await pilot.press("space")
        clock.now += 1
        await pilot.press("q")  # back to the menu: hidden
        clock.now += 1000
        assert stored() == pytest.approx(7)
        menu = pilot.app.screen.query_one("#menu", OptionList)
        assert "0:07" in str(menu.get_option_at_index(1).prompt)  # "Resume: ..."

    run(GrilleApp(db, game=game_id, store=store), body)
    clock.now += 1000
    assert stored() == pytest.approx(7)
    store.close()


def test_games_never_shown_show_no_time(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    clock = FakeClock()
    with Store(db, clock=clock) as store:
        record = store.add_puzzle(read("sudoku", SUDOKU))
        store.new_game(record.id)  # a game the browser's generation job made, never opened
    clock.now += 3600

    async def body(pilot: Pilot[None]) -> None:
        menu = pilot.app.screen.query_one("#menu", OptionList)
        assert "0:00" in str(menu.get_option_at_index(1).prompt)
        menu.highlighted = menu.get_option_index("games")
        await pilot.press("enter")
        await pilot.pause()
        assert "0:00" in "\n".join(shown_lines(pilot.app.screen.query_one(DataTable)))

    with Store(db, clock=clock) as store:
        run(GrilleApp(db, store=store), body)


class AppInTerminal:
    """``GrilleApp`` playing a game in a process of its own, on a pseudo-terminal of 80x24."""

    CODE = ("import sys; from grille.tui.app import GrilleApp\n"
            "if __name__ == '__main__':\n"
            "    GrilleApp(sys.argv[1], game=int(sys.argv[2])).run()\n")

    def __init__(self, db: Path, game_id: int) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-c", self.CODE, str(db), str(game_id)], stdin=slave,
            stdout=slave, stderr=slave, env={**os.environ, "TERM": "xterm-256color"},
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        threading.Thread(target=_drain, args=(master,), daemon=True).start()

    def stop(self, number: int) -> None:
        self.process.send_signal(number)
        try:
            self.process.wait(30)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            os.close(self.master)


def test_after_kill_9_the_time_the_app_was_dead_is_not_counted(tmp_path: Path) -> None:
    """The terminal game killed with SIGKILL while a game is shown, started again an hour
    later: the game's clock goes on from its last heartbeat."""
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))
    app = AppInTerminal(db, game_id)
    try:
        with Store(db) as store:
            until(lambda: store.game(game_id).timer_running, seconds=120)  # shown
            time.sleep(1.5)
            before = store.game(game_id).elapsed
            assert before > 0
    finally:
        app.stop(signal.SIGKILL)
    hour_later = FakeClock(time.time() + 3600)

    def stored() -> float:
        with Store(db, clock=hour_later) as reader:
            return reader.game(game_id).elapsed

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        assert screen.session.timer_running
        reopened = stored()
        assert before - HEARTBEAT - 1 <= reopened <= before  # none of the hour
        hour_later.now += 2
        screen.heartbeat()
        assert stored() == pytest.approx(reopened + 2)

    with Store(db, clock=hour_later) as store:
        run(GrilleApp(db, store=store, game=game_id), body)


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_quit_with_the_clock_stopped(tmp_path: Path, number: int) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))
    app = AppInTerminal(db, game_id)
    try:
        with Store(db) as store:
            until(lambda: store.game(game_id).timer_running, seconds=120)
    finally:
        app.stop(number)
    with Store(db) as store:
        assert not store.game(game_id).timer_running  # stopped by the app on its way out


def _drain(fd: int) -> None:
    """Read what the app draws, so that it never waits for the terminal."""
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass


# -- savepoint names, pause, checking off -----------------------------------------------------


def test_a_bad_savepoint_name_is_refused_in_the_app(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        await pilot.press("s")
        dialog = pilot.app.screen
        assert isinstance(dialog, SavepointScreen)
        name = dialog.query_one("#savepoint-name")
        for bad in ("..", "a/b", "x\u202ey"):
            name.value = bad  # type: ignore[attr-defined]
            await pilot.press("enter")
            assert pilot.app.screen is dialog
            error = str(dialog.query_one("#savepoint-error", Static).render())
            assert error, bad
        assert screen.session.savepoints == ()
        name.value = "before the guess"  # type: ignore[attr-defined]
        await pilot.press("enter")
        assert pilot.app.screen is screen
        assert [point.name for point in screen.session.savepoints] == ["before the guess"]
        await pilot.press("s", "escape")
        assert pilot.app.screen is screen and len(screen.session.savepoints) == 1

    run(GrilleApp(db, game=game_id), body)


def test_a_paused_game_refuses_every_change_and_says_so(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        await pilot.press("4", "space")
        assert screen.session.paused and not screen.session.timer_running
        assert "PAUSED" in status_text(pilot)
        assert not screen.query_one("#board-box").display  # the board is covered
        for key in ("x", "5", "m", "u", "h", "c", "b", "right"):
            screen.message = Text("")
            await pilot.press(key)
            assert screen.pending is None
            if key not in ("right", "b"):  # b: no savepoint yet
                assert "paused" in screen.message.plain, key
        assert screen.session.position == 1  # nothing changed
        await pilot.press("space")
        assert not screen.session.paused and screen.session.timer_running
        await pilot.press("5")
        assert screen.session.position == 2

    run(GrilleApp(db, game=game_id), body)


def test_with_checking_off_nothing_says_a_rule_is_broken(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        await pilot.press("5")  # r1c3 = 5: a second 5 in row 1
        assert screen.session.status.value == "invalid"
        assert screen.session.checking.value == "off"
        assert "rule broken" not in status_text(pilot)
        await pilot.press("e")  # checking the rules
        assert "rule broken" in status_text(pilot)

    run(GrilleApp(db, game=game_id), body)


def test_the_same_game_shown_in_the_browser_meanwhile_is_no_conflict(tmp_path: Path) -> None:
    """The browser's heartbeats write the game too: the terminal game takes them in
    silently, and says so only when a move was made there."""
    db = tmp_path / "games.sqlite3"
    game_id = new_game(db, "sudoku", read("sudoku", SUDOKU))

    async def body(pilot: Pilot[None]) -> None:
        screen = game_screen(pilot)
        with Store(db) as browser:
            browser.open_game(game_id).session.shown()  # a heartbeat from the page
            await pilot.press("4")
            assert screen.session.position == 1 and "elsewhere" not in screen.message.plain
            screen.heartbeat()
            assert "elsewhere" not in screen.message.plain
            browser.open_game(game_id).session.play("r1c4=6")  # a move in the page
            await pilot.press("right", "right", "right", "right", "1")  # r1c7
        assert "changed elsewhere" in screen.message.plain
        assert screen.session.position == 2 and screen.session.state[0, 6] == 0

    run(GrilleApp(db, game=game_id), body)
