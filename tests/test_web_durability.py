"""Durability of the web server: ``grille play`` runs as a real process, the test plays a
stream of actions over HTTP and kills the server with SIGKILL at a random moment, many
times; every action the server acknowledged (a 2xx answer received) is in the game when it
is served again, and the database passes ``PRAGMA integrity_check``.

The test keeps a replica of the game (a pure :class:`~grille.game.Session`) and applies an
action to it only once the server has answered 2xx. After a kill the stored game must be the
replica, or the replica plus the action that was in flight (committed, but its answer lost).
"""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

import httpx

from grille.game import Session, Store
from grille.kinds import get_kind
from grille.web.board import board_of

pytestmark = pytest.mark.slow

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ROUNDS = 12
MAX_ACTIONS = 5_000
"""Actions per round at most; the kill always comes first."""
KILL_AFTER = (0.02, 0.6)
"""Seconds of play before the kill, drawn uniformly."""
SRC = Path(__file__).resolve().parent.parent / "src"

Apply = Callable[[Session[Any]], object]


@dataclass(frozen=True)
class Action:
    """One request and what it does to the game when acknowledged."""

    method: str
    path: str
    body: dict[str, Any] | None
    apply: Apply


class Server:
    """``grille play`` on a free loopback port over ``db``, in its own process."""

    def __init__(self, db: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "grille", "play", "--no-browser", "--port", "0",
             "--db", str(db)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(SRC)},
        )
        assert self.process.stderr is not None
        self.log: list[str] = []
        url = None
        for line in self.process.stderr:
            self.log.append(line)
            found = re.search(r"playing at (http://\S+/)", line)
            if found:
                url = found.group(1)
                break
        assert url is not None, "".join(self.log)
        threading.Thread(target=self._drain, daemon=True).start()
        self.client = httpx.Client(base_url=url, timeout=30.0)
        assert self.client.get("/api/kinds").status_code == 200

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.log.append(line)

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        self.process.send_signal(signal.SIGKILL)

    def close(self) -> None:
        """Stop the server (killed if still running) and the client."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self.client.close()


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.close()


def next_action(game_id: int, session: Session[Any], rng: random.Random) -> Action:
    """An action that the replica ``session`` says the server will accept."""
    base = f"/api/games/{game_id}"
    roll = rng.random()
    row, col = rng.randrange(9), rng.randrange(9)
    if session.puzzle.is_given(row * 9 + col):
        row, col = 0, 2  # r1c3 is empty in the fixture
    cell, value = f"r{row + 1}c{col + 1}", rng.randrange(1, 10)

    def play(move: str) -> Action:
        return Action("POST", f"{base}/moves", {"move": move}, lambda s: s.play(move))

    if roll < 0.35:
        return play(f"{cell}^{value}")
    if roll < 0.6:
        return play(f"{cell}={value}")
    if roll < 0.65:
        return play(f"{cell}-")
    if roll < 0.78 and session.can_undo:
        return Action("POST", f"{base}/undo", None, lambda s: s.undo())
    if roll < 0.86 and session.can_redo:
        return Action("POST", f"{base}/redo", None, lambda s: s.redo())
    if roll < 0.89:
        return Action("POST", f"{base}/fill", None, lambda s: s.fill())
    name = rng.choice("ab")
    if roll < 0.94:
        return Action("POST", f"{base}/savepoints", {"name": name},
                      lambda s: s.add_savepoint(name))
    if roll < 0.98 and any(p.name == name for p in session.savepoints):
        return Action("POST", f"{base}/savepoints/{name}/return", None,
                      lambda s: s.return_to(name))
    return Action("POST", f"{base}/restart", None, lambda s: s.restart())


def snapshot(session: Session[Any]) -> tuple[Any, ...]:
    """What must survive: the history (without times), the position, the savepoints."""
    return (
        tuple((e.action, e.moves) for e in session.history),
        session.position,
        tuple((p.name, p.position) for p in session.savepoints),
    )


def copy(session: Session[Any]) -> Session[Any]:
    """An independent replica of ``session``."""
    return Session.from_record(session.to_record())


def stored(db: Path, game_id: int) -> Session[Any]:
    """The game as the database holds it, after checking the file's integrity."""
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    with Store(db) as store:
        assert store.check_integrity() == ["ok"]
        return copy(store.open_game(game_id).session)


def play_until_killed(
    server: Server, game_id: int, replica: Session[Any], rng: random.Random
) -> tuple[int, Action | None]:
    """Send actions until the server dies under the timer; the acknowledged count (each
    applied to ``replica``) and the action in flight when it died."""
    killer = threading.Timer(rng.uniform(*KILL_AFTER), server.kill)
    killer.start()
    acked = 0
    try:
        for _ in range(MAX_ACTIONS):
            action = next_action(game_id, replica, rng)
            try:
                response = server.client.request(action.method, action.path, json=action.body)
            except httpx.TransportError:
                return acked, action
            assert response.status_code < 300, (action, response.text)
            action.apply(replica)
            acked += 1
    finally:
        killer.join()
    return acked, None


def test_acknowledged_actions_survive_sigkill_of_the_server(
    tmp_path: Path, servers: list[Server]
) -> None:
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        puzzle_id = store.add_puzzle(get_kind("sudoku").read(SUDOKU)[0].puzzle).id
        game_id = store.new_game(puzzle_id).id
    rng = random.Random(20240612)
    servers.append(Server(db))
    total_acked = in_flight = 0
    for round_number in range(ROUNDS):
        server = servers[-1]
        replica = stored(db, game_id)
        acked, pending = play_until_killed(server, game_id, replica, rng)
        assert server.process.wait(timeout=30) == -signal.SIGKILL
        total_acked += acked
        allowed = [replica]
        if pending is not None:
            in_flight += 1
            after = copy(replica)
            pending.apply(after)
            allowed.append(after)
        now = stored(db, game_id)
        assert snapshot(now) in [snapshot(s) for s in allowed], (
            f"round {round_number}: {acked} acknowledged, the stored game is not among them"
        )
        # the restarted server serves exactly what is stored, and plays the next round
        servers.append(Server(db))
        game = servers[-1].client.get(f"/api/games/{game_id}").json()
        assert game["position"] == now.position
        assert game["history_length"] == len(now.history)
        assert game["board"] == board_of(now.puzzle, now.state).model_dump(mode="json")
    print(f"{ROUNDS} kills, {total_acked} acknowledged actions, {in_flight} kills mid-request")
    assert total_acked >= ROUNDS  # the stream really ran
    assert in_flight >= ROUNDS // 2  # and most kills landed on a request
