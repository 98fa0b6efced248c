"""Durability: a process playing a game is killed with SIGKILL at random moments, many times;
every move it acknowledged is in the database afterwards, which passes its integrity check.

The child plays a seeded random stream of actions (moves, undos, redos, savepoints ...) and
prints ``ack`` after each one the store has committed. The parent replays the same stream
on a copy of the game to know what each acknowledged state was, kills the child at a
random point, reopens the file and finds the last acknowledged state, or the one after it
when the action in flight had committed but not yet printed its ``ack``.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from grille.game import Session, Store
from grille.kinds import get_kind

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ROUNDS = 24
MAX_ACTIONS = 400
TESTS = Path(__file__).resolve().parent

CHILD = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
from test_game_durability import child
child(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
"""


def random_action(session: Session[Any], rng: random.Random) -> None:
    """One action chosen by ``rng`` alone (and the session's state): the same stream twice."""
    roll = rng.random()
    row, col = rng.randrange(9), rng.randrange(9)
    value = rng.randrange(1, 10)
    if session.puzzle.is_given(row * 9 + col):
        row, col = 0, 2  # r1c3 is empty in the fixture
    if roll < 0.35:
        session.play(f"r{row + 1}c{col + 1}^{value}")
    elif roll < 0.6:
        session.play(f"r{row + 1}c{col + 1}={value}")
    elif roll < 0.65:
        session.play(f"r{row + 1}c{col + 1}-")
    elif roll < 0.78:
        if session.can_undo:
            session.undo()
    elif roll < 0.86:
        if session.can_redo:
            session.redo()
    elif roll < 0.89:
        session.fill()
    elif roll < 0.93:
        session.add_savepoint(rng.choice("ab"))
    elif roll < 0.96:
        if session.savepoints:
            session.return_to(rng.choice(session.savepoints).name)
    elif roll < 0.98:
        if session.savepoints:
            session.abandon(rng.choice(session.savepoints).name)
    else:
        session.restart()


def child(db: str, game_id: int, seed: int, count: int) -> None:
    """Play ``count`` actions of the seeded stream on game ``game_id``, acknowledging each
    one once the store has committed it."""
    store = Store(db)
    session = store.open_game(game_id).session
    rng = random.Random(seed)
    for number in range(1, count + 1):
        random_action(session, rng)
        print(f"ack {number}", flush=True)


def snapshot(session: Session[Any]) -> tuple[Any, ...]:
    """What must survive: the history (without times), the position, the savepoints."""
    return (
        tuple((e.action, e.moves) for e in session.history),
        session.position,
        tuple((p.name, p.position) for p in session.savepoints),
    )


def expected_states(record: Any, seed: int, count: int = MAX_ACTIONS) -> list[tuple[Any, ...]]:
    """The snapshot after 0, 1, 2 ... ``count`` actions of the child's stream."""
    session = Session.from_record(record)
    rng = random.Random(seed)
    states = [snapshot(session)]
    for _ in range(count):
        random_action(session, rng)
        states.append(snapshot(session))
    return states


def spawn(db: Path, game_id: int, seed: int, count: int) -> subprocess.Popen[str]:
    """A child process playing ``count`` actions of game ``game_id``."""
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db), str(game_id), str(seed), str(count)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(TESTS.parent / "src")},
    )


def new_games(db: Path, count: int) -> list[int]:
    """``count`` new games of the Sudoku fixture."""
    with Store(db) as store:
        puzzle_id = store.add_puzzle(get_kind("sudoku").read(SUDOKU)[0].puzzle).id
        return [store.new_game(puzzle_id).id for _ in range(count)]


@pytest.mark.slow
def test_acknowledged_moves_survive_sigkill(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    (game_id,) = new_games(db, 1)
    rng = random.Random(20240611)
    killed_mid_stream = 0
    for round_number in range(ROUNDS):
        seed = rng.randrange(1 << 30)
        with Store(db) as store:
            before = store.open_game(game_id).session.to_record()
        states = expected_states(before, seed)
        process = spawn(db, game_id, seed, MAX_ACTIONS)
        assert process.stdout is not None
        wanted = rng.randrange(0, 60)
        acks = 0
        while acks < wanted:
            line = process.stdout.readline()
            if not line:
                break
            acks += 1
        time.sleep(rng.random() * 0.004)  # land somewhere inside the next write
        process.send_signal(signal.SIGKILL)
        # Read the rest through the same buffered pipe readline() used: communicate() reads
        # the raw descriptors and would miss acks readline() had already buffered.
        rest = process.stdout.read()
        assert process.stderr is not None
        errors = process.stderr.read()
        process.wait()
        acks += rest.count("ack")
        if process.returncode == -signal.SIGKILL:
            killed_mid_stream += 1
        else:
            assert errors == "" and acks == MAX_ACTIONS, errors
        with Store(db) as store:
            assert store.check_integrity() == ["ok"]
            now = snapshot(store.open_game(game_id).session)
        allowed = states[acks : acks + 2]
        assert now in allowed, f"round {round_number}: {acks} acks, state not among them"
        with sqlite3.connect(db) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert killed_mid_stream >= ROUNDS // 2


@pytest.mark.slow
def test_processes_play_side_by_side_on_one_file(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    games = new_games(db, 3)
    count = 40
    with Store(db) as store:
        records = {g: store.open_game(g).session.to_record() for g in games}
    processes = {g: spawn(db, g, seed=g, count=count) for g in games}
    for process in processes.values():
        out, errors = process.communicate(timeout=300)
        assert process.returncode == 0, errors
        assert out.count("ack") == count
    with Store(db) as store:
        assert store.check_integrity() == ["ok"]
        for game_id in games:
            final = expected_states(records[game_id], game_id, count)[-1]
            assert snapshot(store.open_game(game_id).session) == final
