"""New games at once: generated puzzles kept ready in the store, refilled in the background.

A new game should start as fast as in GNOME Sudoku, but a hard level can take a generator
seconds to minutes. So the store keeps a few puzzles ready per kind, size, level and
symmetry (:class:`~grille.game.store.PoolKey`, :meth:`~grille.game.store.Store.pool_take`),
and a :class:`PoolFiller` makes new ones in the background, one at a time in the
``background`` lane of :mod:`grille.game.work` (the lowest OS priority, so it only takes
the time play leaves idle).

What is kept ready: :data:`COMMON_TARGET` puzzles of each combination the front end calls
common (each kind's default size at each level it reaches), and :data:`WANTED_TARGET` of
any other combination a player asked for in the last :data:`WANTED_SECONDS`. A pooled
puzzle that the player has met since (played from the library, or drawn before) is never
handed out, so a new game never repeats one.

The web game and the terminal game share it: both take with :func:`take_game` and may run
a filler over the same store.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from grille.game.assist import SOLVE_BUDGET
from grille.game.store import PoolKey, SavedGame, Store
from grille.game.work import WorkError, Workers
from grille.kind import GenerateOptions, Kind, Solutions
from grille.kinds import get_kind

__all__ = [
    "COMMON_TARGET",
    "FILL_SECONDS",
    "WANTED_SECONDS",
    "WANTED_TARGET",
    "Generated",
    "PoolFiller",
    "common_keys",
    "generate_puzzle",
    "take_game",
]

COMMON_TARGET = 2
"""Puzzles kept ready of each common combination."""

WANTED_TARGET = 1
"""Puzzles kept ready of each other combination a player asked for lately."""

WANTED_SECONDS = 30 * 24 * 3600.0
"""How long a combination a player asked for is kept ready (30 days)."""

FILL_SECONDS = 900.0
"""The time limit of one background generation (a 16x16 extreme takes minutes at the
lowest priority on a busy machine)."""

RETRY_SECONDS = 3600.0
"""How long a combination whose generation failed is left alone."""

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated puzzle, what a search found of its solutions, and its seed."""

    puzzle: Any
    solutions: Solutions[Any]
    seed: int

    def __repr__(self) -> str:
        return f"<Generated {self.puzzle.kind} seed {self.seed}, {self.solutions.verdict.name}>"


def generate_puzzle(key: PoolKey, seed: int) -> Generated:
    """A puzzle as ``key`` asks, with its solutions (what a worker process runs)."""
    kind: Kind[Any] = get_kind(key.kind)
    options = GenerateOptions(key.size, key.level, key.symmetry or None)
    puzzle = kind.generate(options, seed)
    return Generated(puzzle, kind.solve(puzzle, limit=2, budget=SOLVE_BUDGET), seed)


def new_seed() -> int:
    """A random seed for a new puzzle."""
    return secrets.randbelow(10**9)


def common_keys(sizes: Iterable[tuple[str, str]]) -> tuple[PoolKey, ...]:
    """The combinations to keep ready for ``(kind, size)`` pairs: each level the kind
    reaches at that size (default symmetry)."""
    return tuple(
        PoolKey(kind, size, level)
        for kind, size in sizes
        for level in get_kind(kind).levels_for(size)
    )


def take_game(store: Store, key: PoolKey, **options: Any) -> SavedGame | None:
    """A new game of a pooled puzzle of ``key`` (``options`` as :meth:`Store.new_game`
    takes), or ``None`` when the pool has none. The combination is noted as wanted either
    way, so a filler keeps one ready from now on."""
    if key.level != "any":
        store.pool_want(key)
    record = store.pool_take(key)
    return None if record is None else store.new_game(record.id, **options)


class PoolFiller:
    """Keeps the pool of ``store`` topped up, one background task of ``workers`` at a time.

    ``common``: the combinations always kept ready (:func:`common_keys`). Call
    :meth:`start` once, :meth:`poke` when a puzzle was taken or a new combination asked
    for, :meth:`stop` at the end.
    """

    def __init__(
        self,
        store: Store,
        workers: Workers,
        common: Iterable[PoolKey] = (),
        *,
        common_target: int = COMMON_TARGET,
        wanted_target: int = WANTED_TARGET,
        time_limit: float = FILL_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.workers = workers
        self.common = tuple(common)
        self.common_target = common_target
        self.wanted_target = wanted_target
        self.time_limit = time_limit
        self._clock = clock
        self._wake = threading.Event()
        self._stopped = threading.Event()
        self._thread: threading.Thread | None = None
        self._failed: dict[PoolKey, float] = {}
        self._task: Any = None

    def __repr__(self) -> str:
        return f"<PoolFiller of {self.store!r}, {len(self.common)} common combinations>"

    def missing(self) -> list[PoolKey]:
        """The combinations short of their target, the emptiest first (most recently
        asked for first among equals), leaving out those that failed lately."""
        now = self._clock()
        counts = self.store.pool_counts()
        wanted = self.store.pool_wanted(since=now - WANTED_SECONDS)
        targets = dict.fromkeys(self.common, self.common_target)
        for key in wanted:
            targets.setdefault(key, self.wanted_target)
        short = [
            key for key, target in targets.items()
            if counts.get(key, 0) < target and now - self._failed.get(key, -RETRY_SECONDS)
            >= RETRY_SECONDS
        ]
        short.sort(key=lambda key: (counts.get(key, 0), -wanted.get(key, 0.0)))
        return short

    def fill_one(self) -> PoolKey | None:
        """Generate one puzzle for the first combination short of its target and pool it;
        the combination, or ``None`` when nothing is missing."""
        missing = self.missing()
        if not missing:
            return None
        key = missing[0]
        task = self.workers.submit(generate_puzzle, key, new_seed(), lane="background",
                                   time_limit=self.time_limit, label=f"pool {key}")
        self._task = task
        try:
            made = task.result()
        except WorkError as error:
            if not self._stopped.is_set():
                _log.warning("could not pool a %s puzzle: %s", key, error)
                self._failed[key] = self._clock()
            return key
        finally:
            self._task = None
        if made.solutions.unique:
            self.store.pool_add(key, made.puzzle, made.solutions, origin=f"seed {made.seed}")
        return key

    def start(self) -> None:
        """Fill in a thread of its own until :meth:`stop` (again after a stop)."""
        if self._thread is None or not self._thread.is_alive():
            self._stopped.clear()
            self._thread = threading.Thread(target=self._loop, name="grille-pool", daemon=True)
            self._thread.start()

    def poke(self) -> None:
        """Look again for what is missing (a puzzle was taken, or asked for)."""
        self._wake.set()

    def stop(self) -> None:
        """Stop filling; the generation under way is cancelled."""
        self._stopped.set()
        self._wake.set()
        task = self._task
        if task is not None:
            task.cancel()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _loop(self) -> None:
        while not self._stopped.is_set():
            try:
                filled = self.fill_one()
            except Exception:  # the store closed, a bug: log it, and try again later
                _log.exception("filling the pool failed")
                filled = None
            if filled is None and not self._stopped.is_set():
                self._wake.wait(timeout=60.0)
                self._wake.clear()
