"""The games the server is playing: one live session per game, one lock each.

Every action runs under its game's lock on the store's live session, which writes the
change to SQLite before it takes effect, so an answer the page receives is a stored move.
A session left stale by another process playing the same game (the terminal game) is
reopened from the store and the action tried again once.

No search ever runs under a game's lock: the puzzle's solutions are searched in a worker
process (:meth:`Games.ensure_solutions`, under a time limit) while the lock is free, and
the session then learns them; hints go the same way (:mod:`grille.web.hints`).
"""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from grille.errors import GrilleError
from grille.game import ConflictError, SavedGame, Session, Store
from grille.game.assist import solve
from grille.game.timer import HEARTBEAT
from grille.game.work import Workers, WorkTimeLimitError
from grille.web.board import board_of
from grille.web.models import ClockOut, Conflict, GameState, SavepointOut

__all__ = ["CACHE_SIZE", "SOLVE_SECONDS", "Games", "LiveGame", "clock_of", "state_of"]

CACHE_SIZE = 64
"""Sessions kept open; the least recently used beyond this are reopened when needed."""

SOLVE_SECONDS = 20.0
"""The time limit of the search for a game's solution (it also has a node budget)."""

T = TypeVar("T")
V = TypeVar("V")


@dataclass(slots=True)
class LiveGame:
    """An open game: the store's saved game and its puzzle's level."""

    saved: SavedGame
    level: str | None

    @property
    def session(self) -> Session[Any]:
        """The live session (it saves every change)."""
        return self.saved.session


class Games:
    """Open games of ``store``, each behind its own lock; ``work`` runs their searches."""

    def __init__(self, store: Store, work: Workers, *, cache_size: int = CACHE_SIZE) -> None:
        self.store = store
        self.work = work
        self._cache_size = cache_size
        self._open: OrderedDict[int, LiveGame] = OrderedDict()
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()

    def __repr__(self) -> str:
        return f"<Games of {self.store!r}, {len(self._open)} open>"

    # -- access -----------------------------------------------------------------------------

    def _lock(self, game_id: int) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def _cached(self, game_id: int) -> LiveGame | None:
        with self._guard:
            live = self._open.get(game_id)
            if live is not None:
                self._open.move_to_end(game_id)
            return live

    def _remember(self, live: LiveGame) -> None:
        with self._guard:
            self._open[live.saved.id] = live
            self._open.move_to_end(live.saved.id)
            while len(self._open) > self._cache_size:
                self._open.popitem(last=False)

    def _load(self, game_id: int) -> LiveGame:
        saved = self.store.open_game(game_id)
        level = self.store.puzzle(saved.puzzle_id).level
        live = LiveGame(saved, level)
        self._remember(live)
        return live

    @contextlib.contextmanager
    def _held(self, game_id: int, *, fresh: bool = False) -> Iterator[Callable[[], LiveGame]]:
        """Hold ``game_id``'s lock; yields a function giving the live game (reopened from
        the store on the first call when ``fresh``)."""
        with self._lock(game_id):
            reload = [fresh]

            def live() -> LiveGame:
                found = None if reload[0] else self._cached(game_id)
                reload[0] = False
                return found if found is not None else self._load(game_id)

            yield live

    # -- what the API does ------------------------------------------------------------------

    def state(self, game_id: int, *, fresh: bool = False) -> GameState:
        """The game as the page shows it; ``fresh`` reads it again from the store."""
        with self._held(game_id, fresh=fresh) as live:
            return state_of(live())

    def read(self, game_id: int, view: Callable[[LiveGame], T]) -> T:
        """``view`` of the open game, under its lock (nothing is changed or stored)."""
        with self._held(game_id) as live:
            return view(live())

    def act(self, game_id: int, action: Callable[[Session[Any]], T]) -> tuple[T, GameState]:
        """Run ``action`` on the game's session (stored before this returns); its result
        and the game after it. A stale session is reopened and the action tried again."""
        return self.act_then(game_id, action, state_of)

    def act_then(
        self, game_id: int, action: Callable[[Session[Any]], T], view: Callable[[LiveGame], V]
    ) -> tuple[T, V]:
        """:meth:`act` answering ``view`` of the game after it."""
        with self._held(game_id) as live:
            game = live()
            try:
                result = action(game.session)
            except ConflictError:
                game = self._load(game_id)
                result = action(game.session)
            return result, view(game)

    def ensure_solutions(self, game_id: int, *, time_limit: float = SOLVE_SECONDS) -> None:
        """Have the game's session know its puzzle's solutions, searching them in a worker
        process (the game's lock stays free meanwhile) when the library does not know them
        yet. ``GrilleError`` when the search takes more than ``time_limit`` seconds."""
        question = self.read(game_id, lambda live: live.session.solve_question())
        if question is None:
            return
        try:
            found = self.work.run(solve, question, lane="play", time_limit=time_limit)
        except WorkTimeLimitError:
            raise GrilleError(
                f"the search for the puzzle's solution took more than {time_limit:g} s; hints, "
                "checking against the solution and showing it are unavailable"
            ) from None
        self.act(game_id, lambda session: session.learn(found))

    def new_game(self, puzzle_id: int) -> GameState:
        """Start a game of the library puzzle ``puzzle_id``."""
        saved = self.store.new_game(puzzle_id)
        live = LiveGame(saved, self.store.puzzle(puzzle_id).level)
        with self._lock(saved.id):
            self._remember(live)
            return state_of(live)

    def forget(self, game_id: int) -> None:
        """Drop the open session of ``game_id`` (deleted or changed elsewhere)."""
        with self._lock(game_id), self._guard:
            self._open.pop(game_id, None)


def state_of(live: LiveGame) -> GameState:
    """The page's view of an open game."""
    session = live.session
    kind = session.kind
    return GameState(
        id=live.saved.id,
        puzzle_id=live.saved.puzzle_id,
        kind=kind.name,
        size=kind.size_of(session.puzzle),
        level=live.level,
        status=session.visible_status.value,
        solved=session.solved,
        position=session.position,
        history_length=len(session.history),
        can_undo=session.can_undo,
        can_redo=session.can_redo,
        elapsed=round(session.elapsed, 3),
        timer_running=session.timer_running,
        paused=session.paused,
        checking=session.checking.value,
        auto_clean=session.auto_clean,
        hints_used=session.hints_used,
        solution_shown=session.solution_shown,
        savepoints=[SavepointOut(name=p.name, position=p.position) for p in session.savepoints],
        conflicts=[
            Conflict(message=v.message, cells=list(v.cells)) for v in session.conflicts()
        ],
        board=board_of(session.puzzle, session.state),
        verdict=None if session.verdict is None else session.verdict.name.lower(),  # type: ignore[arg-type]
        help_unavailable=session.help_unavailable,
        heartbeat=HEARTBEAT,
    )


def clock_of(live: LiveGame) -> ClockOut:
    """An open game's clock."""
    session = live.session
    return ClockOut(elapsed=round(session.elapsed, 3), timer_running=session.timer_running)
