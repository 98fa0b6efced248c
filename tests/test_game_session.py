"""The game session: history, undo/redo, restart, solution, savepoints, hints, checking,
timer and records, for Sudoku, Takuzu and Kakuro alike."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grille.errors import MoveError
from grille.game import (
    Action,
    Change,
    CheckMode,
    HistoryEntry,
    Session,
    SessionError,
    SessionRecord,
)
from grille.game.session import CHECKPOINT_EVERY, replay
from grille.game.timer import GRACE, HEARTBEAT
from grille.kind import Kind, Status
from grille.kinds import get_kind
from grille.moves import MoveOp, parse_move

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
TAKUZU = "11....\n..0...\n0...10\n.1..1.\n1.....\n......\n"
KAKURO = r"""
#   14\ 7\    #     32\ 20\ #
\11 .   .     15\14 .   .   7\
\34 .   .     .     .   .   .
#   16\ 22\12 .     .   .   .
\27 .   .     .     .   5\  12\
\38 .   .     .     .   .   .
#   \7  .     .     \7  .   .
"""
PUZZLES = {"sudoku": SUDOKU, "takuzu": TAKUZU, "kakuro": KAKURO}
KINDS = tuple(PUZZLES)
VALUES = {"sudoku": range(1, 10), "takuzu": range(2), "kakuro": range(1, 10)}
"""The values a cell of each kind takes."""


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def puzzle_of(name: str) -> Any:
    """The fixture puzzle of kind ``name``."""
    return get_kind(name).read(PUZZLES[name])[0].puzzle


def new_session(name: str, clock: FakeClock | None = None, **options: Any) -> Session[Any]:
    """A fresh session of the fixture puzzle of kind ``name``."""
    return Session(get_kind(name), puzzle_of(name), clock=clock or FakeClock(), **options)


def right_moves(session: Session[Any]) -> list[str]:
    """The placements that solve the puzzle, row by row."""
    return list(session.kind.moves_between(session.puzzle, session.solution))


def wrong_move(session: Session[Any]) -> str:
    """A placement that contradicts the solution, in the first empty cell."""
    right = parse_move(right_moves(session)[0])
    other = next(v for v in VALUES[session.kind.name] if v != right.value)
    return f"r{right.row + 1}c{right.col + 1}={other}"


def same_grid(kind: Kind[Any], first: Any, second: Any) -> bool:
    """Whether two states have the same entries and pencil marks."""
    return kind.moves_between(first, second) == ()


# -- moves, undo, redo -------------------------------------------------------------------------


@pytest.mark.parametrize("name", KINDS)
def test_play_undo_redo_and_truncation(name: str) -> None:
    session = new_session(name)
    first, second, third = right_moves(session)[:3]
    entry = session.play(first)
    assert entry is not None and entry.action is Action.MOVE and entry.moves[0] == first
    assert session.state == session.kind.apply(session.puzzle, first)
    session.play(second)
    assert (session.position, len(session.history), session.can_redo) == (2, 2, False)
    assert session.undo().moves[0] == second
    assert session.position == 1 and session.can_redo
    assert session.redo().moves[0] == second
    session.goto(0)
    assert session.state == session.puzzle and not session.can_undo
    with pytest.raises(SessionError, match="nothing to undo"):
        session.undo()
    session.redo()
    session.play(third)  # a new move after undo drops the undone one
    assert [e.moves[0] for e in session.history] == [first, third]
    with pytest.raises(SessionError, match="nothing to redo"):
        session.redo()
    assert session.moves == (first, third)


@pytest.mark.parametrize("name", KINDS)
def test_a_move_that_changes_nothing_is_not_recorded(name: str) -> None:
    session = new_session(name)
    move = right_moves(session)[0]
    session.play(move)
    assert session.play(move) is None
    cell = move.partition("=")[0]
    session.play(f"{cell}-")
    assert session.play(f"{cell}-") is None
    assert len(session.history) == 2


@pytest.mark.parametrize("name", KINDS)
@pytest.mark.parametrize("move", ["x", "r0c1=1", "r99c1=1", "r1c1=99", "r1c1"])
def test_bad_moves_raise_move_error_quoting_the_move(name: str, move: str) -> None:
    session = new_session(name)
    changes: list[Change] = []
    session.subscribe(changes.append)
    with pytest.raises(MoveError) as caught:
        session.play(move)
    assert move in str(caught.value)
    assert session.position == 0 and session.history == () and changes == []


def test_clues_and_blocks_refuse_moves() -> None:
    with pytest.raises(MoveError, match=r"r1c1=4: r1c1 holds a clue"):
        new_session("sudoku").play("r1c1=4")
    with pytest.raises(MoveError, match=r"r1c1=0: r1c1 holds a clue"):
        new_session("takuzu").play("r1c1=0")
    with pytest.raises(MoveError, match=r"r1c1=4: r1c1 is a block"):
        new_session("kakuro").play("r1c1=4")


# -- restart and the solution ------------------------------------------------------------------


@pytest.mark.parametrize("name", KINDS)
def test_restart_is_one_undoable_entry(name: str) -> None:
    session = new_session(name)
    for move in right_moves(session)[:3]:
        session.play(move)
    session.fill()
    before = session.state
    entry = session.restart()
    assert entry is not None and entry.action is Action.RESTART
    assert same_grid(session.kind, session.state, session.puzzle)
    assert session.restart() is None  # nothing left to clear
    session.undo()
    assert session.state == before
    session.redo()
    assert same_grid(session.kind, session.state, session.puzzle)


@pytest.mark.parametrize("name", KINDS)
def test_show_solution_goes_into_the_history(name: str) -> None:
    clock = FakeClock()
    session = new_session(name, clock)
    session.play(wrong_move(session))
    session.fill()
    entry = session.show_solution()
    assert entry is not None and entry.action is Action.SOLUTION
    assert session.solved and session.status is Status.SOLVED and session.solution_shown
    assert session.kind.moves_between(session.state, session.solution) == ()
    assert not session.timer_running
    session.undo()
    assert not session.solved and session.timer_running
    assert session.solution_shown  # once seen, the game counts as helped
    session.redo()
    assert session.show_solution() is None


def test_show_solution_needs_one_solution() -> None:
    sudoku = get_kind("sudoku")
    session = Session(sudoku, sudoku.read("." * 16)[0].puzzle, clock=FakeClock())
    with pytest.raises(SessionError, match="several solutions"):
        session.show_solution()
    with pytest.raises(SessionError, match="several solutions"):
        session.set_checking("solution")
    assert session.checking is CheckMode.OFF
    broken = Session(sudoku, sudoku.read("11" + "." * 14)[0].puzzle, clock=FakeClock())
    with pytest.raises(SessionError, match="no solution"):
        broken.show_solution()


@pytest.mark.parametrize("name", KINDS)
def test_solving_by_hand_is_detected(name: str) -> None:
    session = new_session(name)
    moves = right_moves(session)
    for move in moves[:-1]:
        session.play(move)
        assert not session.solved
    session.play(moves[-1])
    assert session.solved and not session.solution_shown


# -- pencil marks: fill and clean-up -----------------------------------------------------------


@pytest.mark.parametrize("name", KINDS)
def test_fill_keeps_the_players_eliminations(name: str) -> None:
    session = new_session(name)
    kind = session.kind
    candidates = kind.with_candidates(session.puzzle).marks
    cell = next(i for i, mask in enumerate(candidates) if bin(mask).count("1") >= 2)
    width = len(candidates) // _rows(session.puzzle)
    row, col = divmod(cell, width)
    lowest = 0 if name == "takuzu" else 1
    kept = (candidates[cell] & -candidates[cell]).bit_length() - 1 + lowest
    session.play(f"r{row + 1}c{col + 1}^{kept}")
    entry = session.fill()
    assert entry is not None and (entry.action, entry.moves) == (Action.FILL, ("fill",))
    marks = session.state.marks
    assert marks[cell] == 1 << (kept - lowest)  # the player's one mark, not all candidates
    others = [i for i, mask in enumerate(candidates) if i != cell]
    assert all(marks[i] == candidates[i] for i in others)
    assert session.fill() is None


def _rows(puzzle: Any) -> int:
    return int(getattr(puzzle, "height", getattr(puzzle, "rows", getattr(puzzle, "size", 0))))


@pytest.mark.parametrize("name", ["sudoku", "kakuro"])
def test_a_placement_cleans_its_peers_marks_in_the_same_entry(name: str) -> None:
    session = new_session(name)
    session.fill()
    filled = session.state
    move = right_moves(session)[0]
    entry = session.play(move)
    assert entry is not None and entry.moves[0] == move and len(entry.moves) > 1
    placed = parse_move(move)
    for extra in entry.moves[1:]:
        toggle = parse_move(extra)
        assert toggle.op is MoveOp.TOGGLE_MARK and toggle.value == placed.value
        assert (toggle.row, toggle.col) != (placed.row, placed.col)
    state = session.state
    cols = len(state.marks) // _rows(state)
    bit = 1 << (placed.value - 1)
    for extra in entry.moves[1:]:
        toggle = parse_move(extra)
        assert not state.marks[toggle.row * cols + toggle.col] & bit
    session.undo()  # the placement and its clean-up go together
    assert session.state == filled


def test_sudoku_clean_up_covers_row_column_and_box() -> None:
    session = new_session("sudoku")
    session.fill()
    marks = session.state.marks
    entry = session.play("r1c3=4")
    assert entry is not None
    peers = {(0, c) for c in range(9)} | {(r, 2) for r in range(9)}
    peers |= {(r, c) for r in range(3) for c in range(3)}
    peers.discard((0, 2))
    expected = {f"r{r + 1}c{c + 1}^4" for r, c in peers if marks[r * 9 + c] & 0b1000}
    assert set(entry.moves[1:]) == expected and len(expected) >= 3


def test_kakuro_clean_up_covers_both_runs_only() -> None:
    session = new_session("kakuro")
    session.fill()
    grid = session.state
    move = parse_move(right_moves(session)[0])
    cell = move.row * grid.cols + move.col
    topology = grid.topology
    runs = [topology.runs[topology.across[cell]], topology.runs[topology.down[cell]]]
    peers = {other for run in runs for other in run.cells} - {cell}
    bit = 1 << (move.value - 1)
    entry = session.play(str(move))
    assert entry is not None
    expected = {
        f"r{p // grid.cols + 1}c{p % grid.cols + 1}^{move.value}"
        for p in peers if grid.marks[p] & bit
    }
    assert set(entry.moves[1:]) == expected and expected


def test_takuzu_and_auto_clean_off_add_no_clean_up() -> None:
    session = new_session("takuzu")
    session.fill()
    entry = session.play("r1c3=0")
    assert entry is not None and entry.moves == ("r1c3=0",)
    sudoku = new_session("sudoku", auto_clean=False)
    sudoku.fill()
    assert sudoku.play("r1c3=4") == HistoryEntry(Action.MOVE, ("r1c3=4",), 1000.0)
    sudoku.set_auto_clean(True)
    entry = sudoku.play("r1c4=6")
    assert entry is not None and len(entry.moves) > 1


# -- hints -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", KINDS)
def test_hints_deepen_and_depth_five_applies_the_step(name: str) -> None:
    session = new_session(name)
    texts = []
    for depth in range(1, 5):
        found = session.next_hint()
        assert found.depth == depth and found.text
        texts.append(found.text)
    assert session.history == () and session.hints_used == 1  # one step revealed
    applied = session.next_hint()
    assert applied.depth == 5 and applied.step is not None
    assert len(session.history) == 1 and session.history[0].action is Action.HINT
    for row, col, value in applied.step.placements:
        assert f"r{row + 1}c{col + 1}={value}" in session.history[0].moves
    assert session.hints_used == 1  # applying the step revealed is still that one hint
    assert session.next_hint().depth == 1  # the grid changed: start again, a new step
    assert session.hints_used == 2
    session.undo()
    assert session.position == 0 and session.hints_used == 2
    session.hint(3)  # the first step again: revealed already
    assert session.hints_used == 2


@pytest.mark.parametrize("name", KINDS)
def test_a_mistake_hint_has_honest_depths_and_depth_five_clears_it(name: str) -> None:
    session = new_session(name)
    wrong = parse_move(wrong_move(session))
    session.play(str(wrong))
    before = session.state
    cell = (wrong.row, wrong.col)
    depths = [session.hint(depth) for depth in range(1, 5)]
    assert [found.depth for found in depths] == [1, 2, 3, 4]
    assert depths[0].cells == () and "contradicts the solution" in depths[0].text
    assert depths[1].cells == () and "1 of your entries is wrong" in depths[1].text
    assert depths[2].cells == (cell,) and depths[3].cells == (cell,)
    assert "wrong" in depths[3].text
    assert len(session.history) == 1 and session.state == before  # nothing applied yet
    fixed = session.hint(5)
    assert fixed.depth == 5 and fixed.text.startswith("Fixed: cleared r")
    assert len(session.history) == 2 and session.history[1].action is Action.HINT
    assert session.history[1].moves == (f"r{wrong.row + 1}c{wrong.col + 1}-",)
    assert session.kind.wrong_cells(session.state, session.solution) == ()
    assert session.hints_used == 1


def test_a_mistake_in_pencil_marks_is_fixed_by_marking_the_right_digit() -> None:
    session = new_session("sudoku")
    session.play("r1c3^1")  # r1c3 is 4: its only mark rules it out
    assert "1 cell rule out the right value" in session.hint(2).text
    fixed = session.hint(5)
    assert fixed.depth == 5 and session.history[-1].moves == ("r1c3^4",)
    assert session.state.marks[2] == 0b1001


def test_hint_depth_is_checked() -> None:
    with pytest.raises(SessionError, match="1 to 5"):
        new_session("sudoku").hint(6)


# -- checking ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", KINDS)
def test_checking_modes(name: str) -> None:
    session = new_session(name)
    session.play(right_moves(session)[1])
    wrong = wrong_move(session)
    session.play(wrong)
    assert session.conflicts() == ()  # checking is off by default
    session.set_checking(CheckMode.SOLUTION)
    found = session.conflicts()
    target = parse_move(wrong)
    assert [v.cells for v in found] == [((target.row, target.col),)]
    assert "does not match the solution" in str(found[0])
    session.set_checking("rules")
    assert session.conflicts() == tuple(session.kind.check(session.state))
    assert session.conflicts("off") == ()
    with pytest.raises(SessionError, match="no checking mode 'loud'"):
        session.set_checking("loud")


def test_rule_checking_finds_a_repeated_digit() -> None:
    session = new_session("sudoku", checking="rules")
    session.play("r1c3=5")  # 5 is already in row 1
    assert any((0, 2) in v.cells and "both hold 5" in str(v) for v in session.conflicts())
    assert session.status is Status.INVALID


def test_pencil_marks_alone_do_not_make_the_grid_invalid() -> None:
    session = new_session("sudoku", checking="rules")
    session.play("r1c3^1")
    assert session.status is Status.INCOMPLETE and session.conflicts() == ()


# -- savepoints --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", KINDS)
def test_savepoints_return_and_abandon(name: str) -> None:
    session = new_session(name)
    moves = right_moves(session)
    session.play(moves[0])
    point = session.add_savepoint("  what if ")
    assert point.name == "what if" and point.position == 1
    session.play(moves[1])
    session.play(wrong_move(session))
    tried = session.state
    session.return_to("what if")
    assert session.position == 1 and session.can_redo  # the branch stays redoable
    session.goto(3)
    assert session.state == tried
    session.abandon("what if")
    assert session.position == 1 and len(session.history) == 1 and not session.can_redo
    assert session.savepoints == (point,)
    session.play(moves[1])
    session.add_savepoint("later")
    session.goto(0)
    session.play(moves[2])  # rewrites the history before both savepoints
    assert session.savepoints == ()
    with pytest.raises(SessionError, match=r"no savepoint 'what if'; savepoints: none"):
        session.return_to("what if")


def test_savepoint_names() -> None:
    session = new_session("sudoku")
    with pytest.raises(SessionError, match="needs a name"):
        session.add_savepoint("  ")
    session.add_savepoint("a")
    session.play("r1c3=4")
    session.add_savepoint("b")
    moved = session.add_savepoint("a")
    assert [(p.name, p.position) for p in session.savepoints] == [("b", 1), ("a", 1)]
    assert moved.position == 1
    session.remove_savepoint("b")
    assert [p.name for p in session.savepoints] == ["a"]
    session.return_to("a")  # already there: nothing happens
    assert session.position == 1


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("..", "cannot be called '..'"),
        (".", "cannot be called '.'"),
        ("a/b", "cannot hold '/'"),
        ("a\\b", r"cannot hold '\\\\'"),
        ("nul\x00", r"U\+0000"),
        ("evil\u202etxt", r"U\+202E \(right-to-left override"),
        ("zero\u200bwidth", r"U\+200B"),
        ("tab\there", r"U\+0009"),
        ("x" * 41, "40 characters at most, got 41"),
    ],
)
def test_savepoint_names_a_front_end_cannot_show_or_address_are_refused(
    name: str, reason: str
) -> None:
    session = new_session("sudoku")
    with pytest.raises(SessionError, match=reason):
        session.add_savepoint(name)
    assert session.savepoints == ()
    assert session.add_savepoint(" Ünïcode … 9/9 ".replace("/", "-")).name == "Ünïcode … 9-9"


# -- timer -------------------------------------------------------------------------------------


def test_timer_pauses_and_stops_when_solved() -> None:
    clock = FakeClock(500.0)
    session = new_session("kakuro", clock)
    session.shown()
    clock.advance(4)
    assert session.elapsed == 4 and session.timer_running
    session.pause()
    clock.advance(100)
    assert session.elapsed == 4 and session.paused and not session.timer_running
    session.shown()  # a heartbeat while paused changes nothing
    assert not session.timer_running
    session.resume()
    clock.advance(5)
    assert session.elapsed == 9
    for move in right_moves(session):
        clock.advance(1)
        session.play(move)
    solved_at = session.elapsed
    assert session.solved and solved_at == 9 + len(right_moves(session))
    clock.advance(60)
    assert session.elapsed == solved_at and not session.timer_running
    session.undo()
    clock.advance(2)
    assert session.elapsed == solved_at + 2
    session.pause()
    session.pause()  # twice is once
    session.resume()
    session.redo()
    assert not session.timer_running  # solved again


def test_a_game_never_shown_counts_no_time() -> None:
    clock = FakeClock()
    session = new_session("sudoku", clock)
    clock.advance(19 * 60)  # a generated game nobody opened
    assert session.elapsed == 0 and not session.timer_running
    session.shown()
    clock.advance(3)
    assert session.elapsed == 3


def test_the_clock_counts_signs_of_life_never_a_long_silence() -> None:
    clock = FakeClock()
    session = new_session("sudoku", clock)
    session.shown()
    for _ in range(6):  # a minute of looking, with heartbeats
        clock.advance(HEARTBEAT)
        session.shown()
    assert session.elapsed == 6 * HEARTBEAT
    clock.advance(20)  # the server was down (or the app killed): no sign of life
    assert session.elapsed == 6 * HEARTBEAT + GRACE
    session.play("r1c3=4")
    assert session.elapsed == 6 * HEARTBEAT + GRACE
    clock.advance(2)
    session.hidden()  # the tab went to the background
    clock.advance(600)
    assert session.elapsed == 6 * HEARTBEAT + GRACE + 2 and not session.timer_running
    session.shown()
    clock.advance(1)
    assert session.elapsed == 6 * HEARTBEAT + GRACE + 3


def test_a_reopened_game_does_not_count_the_time_it_was_closed() -> None:
    clock = FakeClock()
    session = new_session("sudoku", clock)
    session.shown()
    clock.advance(30)
    session.play("r1c3=4")  # 10 s count: the rest of the silence did not
    record = session.to_record()
    clock.advance(3600)  # killed with kill -9, started an hour later
    again = Session.from_record(record, clock=clock)
    assert again.elapsed == GRACE + GRACE


def test_a_session_can_start_paused() -> None:
    clock = FakeClock()
    session = new_session("sudoku", clock, paused=True)
    session.shown()
    clock.advance(30)
    assert session.elapsed == 0
    session.resume()
    clock.advance(3)
    assert session.elapsed == 3


def test_a_paused_game_takes_no_moves_and_gives_no_help() -> None:
    session = new_session("sudoku")
    session.play("r1c3=4")
    session.add_savepoint("a")
    session.play("r1c4=6")
    session.pause()
    record = session.to_record()
    for action in (
        lambda: session.play("r1c6=8"), session.fill, session.undo, session.redo,
        lambda: session.goto(0), session.restart, session.show_solution,
        lambda: session.hint(1), session.next_hint, session.hint_question,
        lambda: session.return_to("a"), lambda: session.abandon("a"),
    ):
        with pytest.raises(SessionError, match="the game is paused: resume it to"):
            action()
    assert session.to_record() == record
    session.set_checking("rules")  # settings and savepoints are not play
    session.add_savepoint("b")
    session.resume()
    session.undo()
    assert session.position == 1


def test_checking_off_reveals_no_broken_rule() -> None:
    session = new_session("sudoku")
    session.play("r1c3=5")  # 5 is already in row 1
    assert session.status is Status.INVALID
    assert session.visible_status is Status.INCOMPLETE and session.conflicts() == ()
    session.set_checking("rules")
    assert session.visible_status is Status.INVALID


# -- listeners ---------------------------------------------------------------------------------


def test_listeners_see_every_change_and_can_cancel_it() -> None:
    session = new_session("sudoku")
    changes: list[Change] = []
    unsubscribe = session.subscribe(changes.append)
    session.play("r1c3=4")
    session.undo()
    session.play("r1c4=6")
    session.pause()
    assert [c.action for c in changes] == ["play", "undo", "play", "pause"]
    assert changes[0].history_start == 0 and changes[0].entries[0].moves == ("r1c3=4",)
    assert changes[1].history_start is None and changes[1].progress.position == 0
    assert changes[2].history_start == 0  # replaces the undone entry
    assert changes[3].progress.paused
    session.resume()

    def refuse(change: Change) -> None:
        raise OSError("disk full")

    session.subscribe(refuse)
    before = session.to_record()
    with pytest.raises(OSError, match="disk full"):
        session.play("r1c3=4")
    assert session.to_record() == before  # nothing happened
    unsubscribe()
    unsubscribe()


# -- records -----------------------------------------------------------------------------------


def played(name: str, clock: FakeClock) -> Session[Any]:
    """A session with a bit of everything in its history."""
    session = new_session(name, clock, checking="rules")
    moves = right_moves(session)
    session.fill()
    session.play(moves[0])
    clock.advance(3)
    session.add_savepoint("start")
    session.play(moves[1])
    session.play(wrong_move(session))
    session.hint(2)
    session.undo()
    session.pause()
    return session


@pytest.mark.parametrize("name", KINDS)
def test_record_round_trip_rebuilds_the_same_session(name: str) -> None:
    clock = FakeClock()
    session = played(name, clock)
    record = session.to_record()
    again = Session.from_record(record, clock=clock)
    assert again.to_record() == record
    assert again.state == session.state and again.can_redo and again.paused
    again.resume()
    session.resume()
    assert again.redo() == session.redo()
    assert again.state == session.state
    as_json = json.loads(json.dumps(record.to_json()))
    assert SessionRecord.from_json(as_json) == record


def test_records_that_do_not_replay_are_refused() -> None:
    record = played("sudoku", FakeClock()).to_record()
    with pytest.raises(SessionError, match="past the history"):
        Session.from_record(_with(record, position=9))
    bad = (HistoryEntry(Action.MOVE, ("r1c1=9",)),)
    with pytest.raises(SessionError, match=r"history entry 1 \(move: r1c1=9\) does not replay"):
        Session.from_record(SessionRecord("sudoku", SUDOKU, bad))
    with pytest.raises(SessionError, match="unknown puzzle kind 'chess'"):
        Session.from_record(SessionRecord("chess", SUDOKU))


def _with(record: SessionRecord, **progress: Any) -> SessionRecord:
    from dataclasses import replace

    return replace(record, progress=replace(record.progress, **progress))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": 3}, "'kind' must be text"),
        ({"position": -1}, "'position' must be a whole number"),
        ({"history": [{"action": "fly", "moves": []}]}, "no action 'fly'"),
        ({"history": [{"action": "move", "moves": "r1c1=1"}]}, "must be a list of move strings"),
        ({"timer": {"elapsed": "long"}}, "'timer.elapsed' must be a number"),
        ({"checking": "loud"}, "no checking mode"),
        ({"savepoints": [{"name": "a"}]}, "no 'position'"),
    ],
)
def test_json_records_name_the_bad_field(change: dict[str, Any], message: str) -> None:
    data = played("takuzu", FakeClock()).to_record().to_json() | change
    with pytest.raises(SessionError, match=message):
        SessionRecord.from_json(data)


# -- states are cached, and always equal a replay ----------------------------------------------


def test_long_histories_go_back_through_checkpoints() -> None:
    session = new_session("sudoku")
    cells = [(r, c) for r in range(9) for c in range(9) if not session.puzzle.is_given(r * 9 + c)]
    for i in range(5 * CHECKPOINT_EVERY + 3):
        row, col = cells[i % len(cells)]
        session.play(f"r{row + 1}c{col + 1}^{i % 9 + 1}")
    expected = [replay(session.kind, session.puzzle, [m for e in session.history[:p]
                                                         for m in e.moves])
                for p in range(len(session.history) + 1)]
    for position in (0, 17, 16, 15, 50, 83, 1, 64, len(session.history)):
        session.goto(position)
        assert session.state == expected[position]
    session.goto(40)
    session.play("r1c3=4")
    assert session.state_at(41) == replay(session.kind, expected[40], session.history[40].moves)
    assert session.state_at(16) == expected[16]
    with pytest.raises(SessionError, match="no position 42"):
        session.state_at(42)


@dataclass(frozen=True)
class Op:
    """One thing a player does in the property test."""

    name: str
    cell: int = 0
    value: int = 0


OPS = st.one_of(
    st.builds(Op, st.just("set"), st.integers(0, 99), st.integers(0, 9)),
    st.builds(Op, st.just("clear"), st.integers(0, 99)),
    st.builds(Op, st.just("mark"), st.integers(0, 99), st.integers(0, 9)),
    st.builds(Op, st.sampled_from(["undo", "undo", "redo", "fill", "restart", "savepoint",
                                   "return", "abandon", "solution"])),
    st.builds(Op, st.just("goto"), st.integers(0, 99)),
)


def perform(session: Session[Any], op: Op, cells: list[tuple[int, int]]) -> None:
    """Do ``op`` on ``session`` with valid moves only."""
    values = VALUES[session.kind.name]
    row, col = cells[op.cell % len(cells)]
    value = values[op.value % len(values)]
    where = f"r{row + 1}c{col + 1}"
    if op.name == "set":
        session.play(f"{where}={value}")
    elif op.name == "clear":
        session.play(f"{where}-")
    elif op.name == "mark":
        session.play(f"{where}^{value}")
    elif op.name == "undo" and session.can_undo:
        session.undo()
    elif op.name == "redo" and session.can_redo:
        session.redo()
    elif op.name == "fill":
        session.fill()
    elif op.name == "restart":
        session.restart()
    elif op.name == "solution":
        session.show_solution()
    elif op.name == "savepoint":
        session.add_savepoint("p")
    elif op.name in ("return", "abandon") and session.savepoints:
        getattr(session, "return_to" if op.name == "return" else "abandon")("p")
    elif op.name == "goto":
        session.goto(op.cell % (len(session.history) + 1))


def open_cells(session: Session[Any]) -> list[tuple[int, int]]:
    """The cells a player may write in."""
    return [
        (parse_move(m).row, parse_move(m).col)
        for m in session.kind.moves_between(session.puzzle, session.solution)
    ]


@pytest.mark.parametrize("name", KINDS)
@settings(max_examples=40, deadline=None)
@given(ops=st.lists(OPS, max_size=40))
def test_any_sequence_equals_replaying_the_history_in_effect(name: str, ops: list[Op]) -> None:
    clock = FakeClock()
    session = new_session(name, clock)
    cells = open_cells(session)
    for op in ops:
        perform(session, op, cells)
        assert session.state == replay(session.kind, session.puzzle, session.moves)
        assert session.status == session.kind.status(session.state)
    again = Session.from_record(session.to_record(), clock=clock)
    assert again.state == session.state and again.to_record() == session.to_record()
    for position in range(len(session.history) + 1):
        assert again.state_at(position) == session.state_at(position)


def test_repr() -> None:
    session = new_session("takuzu")
    session.play("r1c3=0")
    assert repr(session) == "<Session takuzu 6x6 at 1/1, incomplete>"
    assert str(session.history[0]) == "move: r1c3=0"
