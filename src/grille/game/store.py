"""Saved games in one SQLite file: the puzzle library, every game's moves, statistics.

The file is ``grille.sqlite3`` in the user's data directory unless a path is given
(:func:`grille.game.paths.default_db_path`). It is opened in WAL mode with foreign keys
on; every write is one ``BEGIN IMMEDIATE`` transaction, so a move the store has
acknowledged survives the process being killed. ``durable=True`` (the default) also syncs
each commit to disk (``synchronous=FULL``, a few milliseconds a move) so it survives a
power cut; ``durable=False`` (``NORMAL``) is about ten times faster and still loses nothing
when only the process dies. Each thread gets its own connection and a busy timeout, so a
web server's thread pool and several processes can share the file.

How the front ends use it:

>>> import tempfile, pathlib
>>> from grille.kinds import get_kind
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(pathlib.Path(folder.name) / "games.sqlite3")
>>> sudoku = get_kind("sudoku")
>>> puzzle = sudoku.read(
...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
... )[0].puzzle
>>> entry = store.add_puzzle(puzzle, source=PuzzleSource.ENTERED)
>>> game = store.new_game(entry.id)        # a Session, saved as it is played
>>> game.session.play("r1c3=4").moves
('r1c3=4',)
>>> store.last_unfinished_game().id == game.id
True
>>> store.open_game(game.id).session.moves
('r1c3=4',)
>>> store.close()
>>> folder.cleanup()

A :class:`SavedGame`'s session writes each change as it happens (its listener runs
:meth:`Store.record`). Two sessions of the same game open at once cannot overwrite each
other: the second to write gets :class:`ConflictError` and should reopen the game.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import functools
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grille.errors import GrilleError, ParseError
from grille.game.errors import ConflictError, NotFoundError, SessionError, StoreError
from grille.game.history import HistoryEntry, Savepoint
from grille.game.paths import default_db_path
from grille.game.record import CheckMode, Progress, SessionRecord
from grille.game.schema import migrate
from grille.game.session import Change, Session, puzzle_from_text, puzzle_key, puzzle_text
from grille.game.stats import Statistic, statistics
from grille.game.timer import Timer
from grille.kind import Kind, Solutions, Status, Verdict
from grille.kinds import get_kind, sniff_kind

__all__ = [
    "BUSY_TIMEOUT",
    "GameStatus",
    "GameSummary",
    "ImportResult",
    "PoolKey",
    "PuzzleRecord",
    "PuzzleSource",
    "SavedGame",
    "Store",
    "board_title",
    "merged_metadata",
]

BUSY_TIMEOUT = 30.0
"""Seconds a connection waits for another writer before giving up."""


class PuzzleSource(enum.Enum):
    """Where a library puzzle came from."""

    IMPORTED = "imported"
    GENERATED = "generated"
    ENTERED = "entered"


class GameStatus(enum.Enum):
    """Where a saved game stands."""

    UNFINISHED = "unfinished"
    SOLVED = "solved"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    """A puzzle of the library; ``text`` is in its kind's default format. ``verdict``: one
    solution, several, none or unknown (``None``: not searched yet); ``solution``: the
    solution's text when there is one."""

    id: int
    kind: str
    size: str
    level: str | None
    text: str
    source: PuzzleSource
    origin: str
    created: float
    verdict: Verdict | None = None
    solution: str | None = field(default=None, repr=False)

    def puzzle(self) -> Any:
        """The puzzle itself, read back from :attr:`text`."""
        return puzzle_from_text(get_kind(self.kind), self.text)

    @property
    def title(self) -> str:
        """Its board's title (:func:`board_title`), as a list names it."""
        return board_title(self.kind, self.text)

    def solutions(self) -> Solutions[Any] | None:
        """What is known of the puzzle's solutions, as a session takes it (``None``: not
        searched yet)."""
        return _solutions(self.kind, self.verdict, self.solution)


@dataclass(frozen=True, slots=True)
class PoolKey:
    """What a pooled puzzle was generated as: kind, size, level and symmetry (``""``: the
    kind's default)."""

    kind: str
    size: str
    level: str
    symmetry: str = ""

    def __str__(self) -> str:
        shape = f" {self.symmetry}" if self.symmetry else ""
        return f"{self.kind} {self.size} {self.level}{shape}"


@dataclass(frozen=True, slots=True)
class ImportResult:
    """What an import did: every puzzle of the text in order, and those new to the library."""

    puzzles: tuple[PuzzleRecord, ...]
    added: tuple[PuzzleRecord, ...]

    @property
    def known(self) -> int:
        """How many of the puzzles the library already held."""
        return len(self.puzzles) - len(self.added)


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A saved game as a list shows it."""

    id: int
    puzzle_id: int
    kind: str
    size: str
    level: str | None
    status: GameStatus
    created: float
    updated: float
    elapsed: float
    """Seconds played when the summary was read."""
    timer_running: bool
    position: int
    history_length: int
    hints_used: int
    solution_shown: bool
    checking: CheckMode
    title: str = ""
    """The puzzle's board title (:func:`board_title`: ``Sudoku 9×9 · killer cages``), so that
    a list tells a variant game from a plain one of the same size."""


@functools.lru_cache(maxsize=512)
def board_title(kind: str, text: str) -> str:
    """The title of the board of the ``kind`` puzzle ``text`` (:attr:`BoardView.title`,
    which names a variant's families), or ``""`` when the text does not read as one puzzle.
    Lists of games and puzzles show it; each text is read once per process."""
    try:
        found = get_kind(kind)
        puzzle = puzzle_from_text(found, text)
        return found.view(puzzle, puzzle).title
    except (GrilleError, ValueError):
        return ""


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A game of the store and its live :class:`Session`, which saves every change."""

    id: int
    puzzle_id: int
    session: Session[Any]

    def __repr__(self) -> str:
        return f"<SavedGame {self.id} of puzzle {self.puzzle_id}: {self.session!r}>"


class Store:
    """The saved-games database at ``path`` (default: the user's data directory).

    ``clock`` gives the seconds stamped on rows and handed to the sessions it opens;
    ``timeout`` is how long a write waits for another one; ``durable`` syncs every commit
    to disk. Usable from several threads (one connection each) and several processes.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], float] = time.time,
        timeout: float = BUSY_TIMEOUT,
        durable: bool = True,
    ) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._clock = clock
        self._timeout = timeout
        self._synchronous = "FULL" if durable else "NORMAL"
        self._local = threading.local()
        self._lock = threading.Lock()
        self._connections: list[sqlite3.Connection] = []
        self._closed = False
        migrate(self._connection())

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})"

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close every connection (the sessions it opened can no longer save)."""
        with self._lock:
            self._closed = True
            connections, self._connections = self._connections, []
        for connection in connections:
            connection.close()

    # -- connections and transactions -------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is not None and not self._closed:
            return connection
        with self._lock:
            if self._closed:
                raise StoreError(f"the store {self.path} is closed")
            connection = self._connect()
            self._connections.append(connection)
        self._local.connection = connection
        return connection

    def _connect(self) -> sqlite3.Connection:
        try:
            connection = sqlite3.connect(
                self.path, timeout=self._timeout, isolation_level=None, check_same_thread=False
            )
            connection.execute(f"PRAGMA busy_timeout = {int(self._timeout * 1000)}")
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute(f"PRAGMA synchronous = {self._synchronous}")
            connection.execute("PRAGMA foreign_keys = ON")
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path}: not a database grille can use ({error})") from None
        return connection

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed when the block ends, rolled back if it raises."""
        connection = self._connection()
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    @contextlib.contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: a consistent snapshot across several queries."""
        connection = self._connection()
        connection.execute("BEGIN")
        try:
            yield connection
        finally:
            connection.execute("COMMIT")

    # -- the puzzle library -----------------------------------------------------------------

    def add_puzzle(
        self,
        puzzle: Any,
        *,
        source: PuzzleSource = PuzzleSource.ENTERED,
        level: str | None = None,
        origin: str = "",
        solutions: Solutions[Any] | None = None,
    ) -> PuzzleRecord:
        """``puzzle`` in the library (the record already there if the library has it);
        ``solutions``: what a search found (kept with it, so games know it at once)."""
        kind = get_kind(puzzle.kind)
        with self._write() as db:
            record, _ = self._insert_puzzle(db, kind, puzzle, source, level, origin, solutions)
        return record

    def import_text(
        self,
        text: str,
        *,
        source: str = "<input>",
        kind: str | None = None,
        fmt: str | None = None,
        rate: bool = False,
    ) -> ImportResult:
        """Every puzzle of ``text`` (any kind and format, sniffed unless given) into the
        library in one transaction; ``rate`` rates each new one for its level (slow for
        large files). ``ParseError`` names the line and column of bad input."""
        chosen = get_kind(kind) if kind else sniff_kind(text, source=source)
        if fmt is not None and fmt not in chosen.formats:
            formats = ", ".join(chosen.formats)
            raise GrilleError(f"{chosen.name} has no format {fmt!r}; formats: {formats}")
        entries = chosen.read(text, fmt=fmt, source=source)
        levels = [chosen.rate(e.puzzle).level if rate else None for e in entries]
        return self.import_puzzles(
            chosen, [e.puzzle for e in entries], source=source, levels=levels
        )

    def import_puzzles(
        self,
        kind: Kind[Any],
        puzzles: Sequence[Any],
        *,
        source: str = "<input>",
        levels: Sequence[str | None] | None = None,
        solutions: Sequence[Solutions[Any] | None] | None = None,
    ) -> ImportResult:
        """``puzzles`` of ``kind`` into the library in one transaction, with their levels
        and the solutions a search found, where given (in the same order)."""
        count = len(puzzles)
        levels = [None] * count if levels is None else levels
        solutions = [None] * count if solutions is None else solutions
        records: list[PuzzleRecord] = []
        added: list[PuzzleRecord] = []
        with self._write() as db:
            for puzzle, level, found in zip(puzzles, levels, solutions, strict=True):
                record, new = self._insert_puzzle(
                    db, kind, puzzle, PuzzleSource.IMPORTED, level, source, found
                )
                records.append(record)
                if new:
                    added.append(record)
        return ImportResult(tuple(records), tuple(added))

    def set_solutions(self, puzzle_id: int, solutions: Solutions[Any]) -> None:
        """Keep what a search found of puzzle ``puzzle_id``'s solutions."""
        record = self.puzzle(puzzle_id)
        with self._write() as db:
            _write_solutions(db, get_kind(record.kind), puzzle_id, solutions)

    def import_file(
        self,
        path: str | os.PathLike[str],
        *,
        kind: str | None = None,
        fmt: str | None = None,
        rate: bool = False,
    ) -> ImportResult:
        """Every puzzle of the file at ``path`` into the library (see :meth:`import_text`)."""
        source = os.fspath(path)
        data = Path(path).read_bytes()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            before = data[: error.start]
            line = before.count(b"\n") + 1
            column = error.start - (before.rfind(b"\n") + 1) + 1
            raise ParseError("not UTF-8 text", line=line, column=column, source=source) from None
        return self.import_text(text, source=source, kind=kind, fmt=fmt, rate=rate)

    def puzzle(self, puzzle_id: int) -> PuzzleRecord:
        """The library puzzle ``puzzle_id``; ``NotFoundError`` if there is none."""
        row = self._connection().execute(
            f"SELECT {_PUZZLE_COLUMNS} FROM puzzles WHERE id = ?", (puzzle_id,)
        ).fetchone()
        if row is None:
            raise NotFoundError(f"no puzzle {puzzle_id!r} in the library")
        return _puzzle_record(row)

    def puzzles(
        self,
        *,
        kind: str | None = None,
        size: str | None = None,
        level: str | None = None,
        unplayed: bool = False,
        limit: int = 100,
        offset: int = 0,
    ) -> list[PuzzleRecord]:
        """Library puzzles matching every filter given, oldest first; ``unplayed``: only
        those no game was started from."""
        where, params = _filters(kind=kind, size=size, level=level)
        if unplayed:
            where.append("NOT EXISTS (SELECT 1 FROM games AS g WHERE g.puzzle_id = p.id)")
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        rows = self._connection().execute(
            f"SELECT {_PUZZLE_COLUMNS} FROM puzzles AS p {clause} ORDER BY id LIMIT ? OFFSET ?",
            (*params, limit, offset),
        ).fetchall()
        return [_puzzle_record(row) for row in rows]

    def delete_puzzle(self, puzzle_id: int) -> None:
        """Remove a puzzle from the library; ``StoreError`` while games of it are saved."""
        with self._write() as db:
            (games,) = db.execute(
                "SELECT count(*) FROM games WHERE puzzle_id = ?", (puzzle_id,)
            ).fetchone()
            if games:
                raise StoreError(f"puzzle {puzzle_id} has {games} saved game(s); delete them first")
            if db.execute("DELETE FROM puzzles WHERE id = ?", (puzzle_id,)).rowcount == 0:
                raise NotFoundError(f"no puzzle {puzzle_id!r} in the library")

    def _insert_puzzle(
        self,
        db: sqlite3.Connection,
        kind: Kind[Any],
        puzzle: Any,
        source: PuzzleSource,
        level: str | None,
        origin: str,
        solutions: Solutions[Any] | None = None,
    ) -> tuple[PuzzleRecord, bool]:
        text = puzzle_text(kind, puzzle)
        key = puzzle_key(kind, puzzle) if puzzle.metadata else text  # one write for most
        cursor = db.execute(
            "INSERT OR IGNORE INTO puzzles"
            " (kind, size, level, text, key, source, origin, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (kind.name, kind.size_of(puzzle), level, text, key, source.value, origin,
             self._clock()),
        )
        new = cursor.rowcount == 1
        (puzzle_id, known_level, verdict) = db.execute(
            # a row from before keys (migration 6) has its text as its key
            "SELECT id, level, verdict FROM puzzles WHERE kind = ? AND (key = ? OR text = ?)"
            " ORDER BY id LIMIT 1",
            (kind.name, key, text),
        ).fetchone()
        if not new and level is not None and known_level is None:
            db.execute("UPDATE puzzles SET level = ? WHERE id = ?", (level, puzzle_id))
        if not new and puzzle.metadata:
            _update_metadata(db, kind, puzzle_id, puzzle)
        if solutions is not None and verdict in (None, "unknown"):
            _write_solutions(db, kind, puzzle_id, solutions)
        row = db.execute(
            f"SELECT {_PUZZLE_COLUMNS} FROM puzzles WHERE id = ?", (puzzle_id,)
        ).fetchone()
        return _puzzle_record(row), new

    # -- the pool of puzzles waiting to be played -------------------------------------------

    def pool_add(
        self, key: PoolKey, puzzle: Any, solutions: Solutions[Any], *, origin: str = ""
    ) -> bool:
        """Keep a generated ``puzzle`` (with one solution, ``solutions``) for a later new
        game of ``key``; ``False`` when it is pooled already or was played before."""
        kind = get_kind(key.kind)
        if solutions.solution is None or not solutions.unique:
            raise StoreError(f"a pooled puzzle needs one solution; this one's: {solutions.verdict}")
        text = puzzle_text(kind, puzzle)
        with self._write() as db:
            if _played(db, kind.name, puzzle_key(kind, puzzle)):
                return False
            cursor = db.execute(
                "INSERT OR IGNORE INTO pool (kind, size, level, symmetry, text, solution,"
                " origin, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (key.kind, key.size, key.level, key.symmetry, text,
                 puzzle_text(kind, solutions.solution), origin, self._clock()),
            )
            return cursor.rowcount == 1

    def pool_take(self, key: PoolKey) -> PuzzleRecord | None:
        """The oldest pooled puzzle of ``key`` (level ``any``: of any level), moved into the
        library as generated; ``None`` when the pool has none. Puzzles played since they were
        pooled are dropped, so a new game never repeats one."""
        where = "kind = ? AND size = ? AND symmetry = ?"
        params: tuple[Any, ...] = (key.kind, key.size, key.symmetry)
        if key.level != "any":
            where, params = f"{where} AND level = ?", (*params, key.level)
        kind = get_kind(key.kind)
        with self._write() as db:
            while True:
                row = db.execute(
                    f"SELECT id, level, text, solution, origin FROM pool WHERE {where}"
                    " ORDER BY id LIMIT 1", params,
                ).fetchone()
                if row is None:
                    return None
                pool_id, level, text, solution, origin = row
                db.execute("DELETE FROM pool WHERE id = ?", (pool_id,))
                puzzle = puzzle_from_text(kind, text)
                if not _played(db, kind.name, puzzle_key(kind, puzzle)):
                    break
            found = Solutions(1, (puzzle_from_text(kind, solution),))
            record, _ = self._insert_puzzle(
                db, kind, puzzle, PuzzleSource.GENERATED,
                None if level == "any" else level, origin, found,
            )
        return record

    def pool_counts(self) -> dict[PoolKey, int]:
        """How many puzzles wait in the pool, per key."""
        rows = self._connection().execute(
            "SELECT kind, size, level, symmetry, count(*) FROM pool"
            " GROUP BY kind, size, level, symmetry"
        ).fetchall()
        return {PoolKey(*row[:4]): row[4] for row in rows}

    def pool_want(self, key: PoolKey) -> None:
        """Note that a new game of ``key`` was asked for (the pool keeps some ready)."""
        with self._write() as db:
            db.execute(
                "INSERT INTO pool_wanted (kind, size, level, symmetry, asked) VALUES"
                " (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET asked = excluded.asked",
                (key.kind, key.size, key.level, key.symmetry, self._clock()),
            )

    def pool_wanted(self, *, since: float = 0.0) -> dict[PoolKey, float]:
        """The keys new games were asked for at clock reading ``since`` or later, with
        when they were last asked for."""
        rows = self._connection().execute(
            "SELECT kind, size, level, symmetry, asked FROM pool_wanted WHERE asked >= ?",
            (since,),
        ).fetchall()
        return {PoolKey(*row[:4]): row[4] for row in rows}

    # -- games ------------------------------------------------------------------------------

    def new_game(
        self,
        puzzle_id: int,
        *,
        checking: CheckMode | str = CheckMode.OFF,
        auto_clean: bool = True,
    ) -> SavedGame:
        """A new game of the library puzzle ``puzzle_id``, saved from its first move."""
        record = self.puzzle(puzzle_id)
        kind = get_kind(record.kind)
        session: Session[Any] = Session(
            kind, record.puzzle(), clock=self._clock, checking=checking, auto_clean=auto_clean,
            solutions=record.solutions(),
        )
        return self._insert_game(puzzle_id, session)

    def save_session(
        self,
        session: Session[Any],
        *,
        source: PuzzleSource = PuzzleSource.ENTERED,
        level: str | None = None,
        origin: str = "",
    ) -> SavedGame:
        """Save a session played so far without a store (its puzzle joins the library) and
        keep saving it: the returned game holds the same session object."""
        with self._write() as db:
            puzzle, _ = self._insert_puzzle(
                db, session.kind, session.puzzle, source, level, origin, session.solutions
            )
        return self._insert_game(puzzle.id, session)

    def _insert_game(self, puzzle_id: int, session: Session[Any]) -> SavedGame:
        record = session.to_record()
        progress = record.progress
        now = self._clock()
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO games (puzzle_id, status, created, updated, elapsed, running_since,"
                " paused, position, checking, auto_clean, hints_used, solution_shown)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (puzzle_id, _status_of(session.status).value, now, now,
                 *_progress_values(progress)),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            _write_entries(db, game_id, 0, record.history)
            _write_savepoints(db, game_id, record.savepoints)
        self._attach(game_id, 0, session)
        return SavedGame(game_id, puzzle_id, session)

    def open_game(self, game_id: int) -> SavedGame:
        """The saved game ``game_id`` as a live session, exactly as it was saved."""
        with self._read() as db:
            row = db.execute(
                "SELECT g.puzzle_id, p.kind, p.text, g.position, g.elapsed, g.running_since,"
                " g.paused, g.checking, g.auto_clean, g.hints_used, g.solution_shown, g.revision,"
                " p.verdict, p.solution"
                " FROM games AS g JOIN puzzles AS p ON p.id = g.puzzle_id WHERE g.id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                raise NotFoundError(f"no saved game {game_id!r}")
            entries = db.execute(
                "SELECT idx, action, moves, made_at FROM moves WHERE game_id = ? ORDER BY idx",
                (game_id,),
            ).fetchall()
            points = db.execute(
                "SELECT name, position, created FROM savepoints WHERE game_id = ? ORDER BY idx",
                (game_id,),
            ).fetchall()
        try:
            history = tuple(
                HistoryEntry.from_text(action, moves, made_at)
                for _, action, moves, made_at in entries
            )
            if [index for index, *_ in entries] != list(range(len(entries))):
                raise SessionError("its moves are not numbered 0, 1, 2 ...")
            progress = Progress(
                position=row[3],
                timer=Timer(row[4], row[5]),
                paused=bool(row[6]),
                checking=CheckMode.parse(row[7]),
                auto_clean=bool(row[8]),
                hints_used=row[9],
                solution_shown=bool(row[10]),
            )
            record = SessionRecord(
                row[1], row[2], history, tuple(Savepoint(*p) for p in points), progress
            )
            known = _solutions(row[1], _verdict(row[12]), row[13])
            session = Session.from_record(record, clock=self._clock, solutions=known)
        except ValueError as error:
            raise StoreError(f"saved game {game_id} cannot be restored: {error}") from None
        self._attach(game_id, row[11], session)
        return SavedGame(game_id, row[0], session)

    def _attach(self, game_id: int, revision: int, session: Session[Any]) -> None:
        """Make ``session`` save every change of game ``game_id`` (now at ``revision``)."""
        seen = [revision]

        def save(change: Change) -> None:
            self.record(game_id, change, revision=seen[0])
            seen[0] += 1

        session.subscribe(save)

    def record(self, game_id: int, change: Change, *, revision: int) -> None:
        """Persist one session change of game ``game_id`` in one transaction.

        ``revision`` is the number of changes the caller's session has seen; if the game
        has moved on since (another session of it wrote), nothing is written and
        :class:`ConflictError` is raised.
        """
        progress = change.progress
        with self._write() as db:
            cursor = db.execute(
                "UPDATE games SET status = ?, updated = ?, elapsed = ?, running_since = ?,"
                " paused = ?, position = ?, checking = ?, auto_clean = ?, hints_used = ?,"
                " solution_shown = ?, revision = revision + 1 WHERE id = ? AND revision = ?",
                (_status_of(change.status).value, self._clock(), *_progress_values(progress),
                 game_id, revision),
            )
            if cursor.rowcount != 1:
                found = db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
                if found is None:
                    raise NotFoundError(f"no saved game {game_id!r}")
                raise ConflictError(
                    f"game {game_id} was changed elsewhere since it was opened; open it again"
                )
            if change.history_start is not None:
                db.execute(
                    "DELETE FROM moves WHERE game_id = ? AND idx >= ?",
                    (game_id, change.history_start),
                )
                _write_entries(db, game_id, change.history_start, change.entries)
            if change.savepoints is not None:
                db.execute("DELETE FROM savepoints WHERE game_id = ?", (game_id,))
                _write_savepoints(db, game_id, change.savepoints)
            if change.solutions is not None:
                (puzzle_id, kind) = db.execute(
                    "SELECT p.id, p.kind FROM games AS g JOIN puzzles AS p"
                    " ON p.id = g.puzzle_id WHERE g.id = ?", (game_id,),
                ).fetchone()
                _write_solutions(db, get_kind(kind), puzzle_id, change.solutions)

    def game(self, game_id: int) -> GameSummary:
        """The summary of game ``game_id``; ``NotFoundError`` if there is none."""
        found = self._summaries("g.id = ?", (game_id,), limit=1, offset=0)
        if not found:
            raise NotFoundError(f"no saved game {game_id!r}")
        return found[0]

    def games(
        self,
        *,
        status: GameStatus | str | None = None,
        kind: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[GameSummary]:
        """Saved games, the most recently played first, with ``status`` or ``kind`` if given."""
        where, params = _filters(kind=kind)
        if status is not None:
            where.append("g.status = ?")
            params.append(_game_status(status).value)
        return self._summaries(" AND ".join(where) or "1", tuple(params), limit, offset)

    def last_unfinished_game(self) -> GameSummary | None:
        """The unfinished game played most recently (what ``grille play`` reopens)."""
        found = self.games(status=GameStatus.UNFINISHED, limit=1)
        return found[0] if found else None

    def abandon_game(self, game_id: int) -> None:
        """Mark a game abandoned (it is no longer offered for resuming; playing revives it)."""
        with self._write() as db:
            cursor = db.execute(
                "UPDATE games SET status = 'abandoned', updated = ? WHERE id = ?"
                " AND status = 'unfinished'",
                (self._clock(), game_id),
            )
            if cursor.rowcount == 0:
                self._game_exists(db, game_id)

    def delete_game(self, game_id: int) -> None:
        """Delete a game with its moves and savepoints."""
        with self._write() as db:
            if db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                raise NotFoundError(f"no saved game {game_id!r}")

    def statistics(self, *, kind: str | None = None) -> list[Statistic]:
        """Played, solved, best and average time per kind, size and level."""
        with self._read() as db:
            return statistics(db, kind)

    def check_integrity(self) -> list[str]:
        """SQLite's ``PRAGMA integrity_check`` and ``foreign_key_check``: ``["ok"]`` when
        the file is sound."""
        connection = self._connection()
        problems = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        problems += [
            f"foreign key: {row[0]} row {row[1]} -> {row[2]}"
            for row in connection.execute("PRAGMA foreign_key_check")
        ]
        return problems

    def _game_exists(self, db: sqlite3.Connection, game_id: int) -> None:
        if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            raise NotFoundError(f"no saved game {game_id!r}")

    def _summaries(
        self, where: str, params: Sequence[Any], limit: int, offset: int
    ) -> list[GameSummary]:
        rows = self._connection().execute(
            "SELECT g.id, g.puzzle_id, p.kind, p.size, p.level, g.status, g.created, g.updated,"
            " g.elapsed, g.running_since, g.position,"
            " (SELECT count(*) FROM moves AS m WHERE m.game_id = g.id),"
            " g.hints_used, g.solution_shown, g.checking, p.text"
            f" FROM games AS g JOIN puzzles AS p ON p.id = g.puzzle_id WHERE {where}"
            " ORDER BY g.updated DESC, g.id DESC LIMIT ? OFFSET ?",
            (*params, limit, offset),
        ).fetchall()
        now = self._clock()
        return [
            GameSummary(
                id=row[0],
                puzzle_id=row[1],
                kind=row[2],
                size=row[3],
                level=row[4],
                status=GameStatus(row[5]),
                created=row[6],
                updated=row[7],
                elapsed=Timer(row[8], row[9]).elapsed_at(now),
                timer_running=row[9] is not None,
                position=row[10],
                history_length=row[11],
                hints_used=row[12],
                solution_shown=bool(row[13]),
                checking=CheckMode.parse(row[14]),
                title=board_title(row[2], row[15]),
            )
            for row in rows
        ]


# -- rows -------------------------------------------------------------------------------------

def merged_metadata(
    kept: Sequence[tuple[str, str]], given: Sequence[tuple[str, str]],
) -> tuple[tuple[str, str], ...]:
    """An entry's metadata ``kept`` with the same puzzle's ``given`` again: each field
    given with a value fills in or replaces the entry's, the entry's other fields stay (an
    empty field given erases nothing), in the entry's order, new fields after.

    >>> merged_metadata([("title", "Old"), ("author", "A")], [("title", "New"), ("rules", "R")])
    (('title', 'New'), ('author', 'A'), ('rules', 'R'))
    """
    fields = dict(kept)
    for name, value in given:
        if value.strip():
            fields[name] = value
    return tuple(fields.items())


def _update_metadata(db: sqlite3.Connection, kind: Kind[Any], puzzle_id: int, puzzle: Any) -> (
    None
):
    """The library entry ``puzzle_id`` (the same puzzle as ``puzzle``) with ``puzzle``'s
    metadata merged into its own (:func:`merged_metadata`): a title, author or rules text
    pasted again with the puzzle is kept, and its games show it."""
    (text,) = db.execute("SELECT text FROM puzzles WHERE id = ?", (puzzle_id,)).fetchone()
    try:
        stored = puzzle_from_text(kind, text)
    except (GrilleError, SessionError):  # a text this version cannot read: leave it be
        return
    metadata = merged_metadata(stored.metadata, puzzle.metadata)
    if metadata == tuple(stored.metadata):
        return
    updated = puzzle_text(kind, dataclasses.replace(puzzle, metadata=metadata))
    db.execute("UPDATE puzzles SET text = ? WHERE id = ?", (updated, puzzle_id))


_PUZZLE_COLUMNS = "id, kind, size, level, text, source, origin, created, verdict, solution"


def _puzzle_record(row: Sequence[Any]) -> PuzzleRecord:
    return PuzzleRecord(
        row[0], row[1], row[2], row[3], row[4], PuzzleSource(row[5]), row[6], row[7],
        _verdict(row[8]), row[9],
    )


def _played(db: sqlite3.Connection, kind: str, key: str) -> bool:
    """Whether a game of the puzzle whose key (:func:`puzzle_key`) is ``key`` was ever
    started."""
    row = db.execute(
        "SELECT 1 FROM puzzles AS p JOIN games AS g ON g.puzzle_id = p.id"
        " WHERE p.kind = ? AND p.key = ? LIMIT 1", (kind, key),
    ).fetchone()
    return row is not None


def _verdict(text: str | None) -> Verdict | None:
    return None if text is None else Verdict[text.upper()]


def _solutions(kind: str, verdict: Verdict | None, solution: str | None) -> Solutions[Any] | None:
    """The :class:`Solutions` a stored verdict and solution stand for."""
    if verdict is None:
        return None
    if verdict is Verdict.UNIQUE:
        if solution is None:
            return None  # a unique verdict without its solution: search again
        return Solutions(1, (puzzle_from_text(get_kind(kind), solution),))
    if verdict is Verdict.SEVERAL:
        return Solutions(2, exhausted=False)
    if verdict is Verdict.NONE:
        return Solutions(0)
    return Solutions(0, exhausted=False, budget_reached=True)


def _write_solutions(
    db: sqlite3.Connection, kind: Kind[Any], puzzle_id: int, solutions: Solutions[Any]
) -> None:
    verdict = solutions.verdict
    solution = solutions.solution if verdict is Verdict.UNIQUE else None
    db.execute(
        "UPDATE puzzles SET verdict = ?, solution = ? WHERE id = ?",
        (verdict.name.lower(), None if solution is None else puzzle_text(kind, solution),
         puzzle_id),
    )


def _filters(**values: str | None) -> tuple[list[str], list[Any]]:
    where = [f"p.{name} = ?" for name, value in values.items() if value is not None]
    params = [value for value in values.values() if value is not None]
    return where, params


def _status_of(status: Status) -> GameStatus:
    return GameStatus.SOLVED if status is Status.SOLVED else GameStatus.UNFINISHED


def _game_status(status: GameStatus | str) -> GameStatus:
    if isinstance(status, GameStatus):
        return status
    try:
        return GameStatus(status)
    except ValueError:
        names = ", ".join(s.value for s in GameStatus)
        raise StoreError(f"no game status {status!r}; statuses: {names}") from None


def _progress_values(progress: Progress) -> tuple[Any, ...]:
    """The ``games`` columns elapsed .. solution_shown, in the order the statements use."""
    return (
        progress.timer.elapsed,
        progress.timer.seen,
        int(progress.paused),
        progress.position,
        progress.checking.value,
        int(progress.auto_clean),
        progress.hints_used,
        int(progress.solution_shown),
    )


def _write_entries(
    db: sqlite3.Connection, game_id: int, start: int, entries: Sequence[HistoryEntry]
) -> None:
    db.executemany(
        "INSERT INTO moves (game_id, idx, action, moves, made_at) VALUES (?, ?, ?, ?, ?)",
        [
            (game_id, start + i, entry.action.value, entry.text, entry.made_at)
            for i, entry in enumerate(entries)
        ],
    )


def _write_savepoints(
    db: sqlite3.Connection, game_id: int, savepoints: Sequence[Savepoint]
) -> None:
    db.executemany(
        "INSERT INTO savepoints (game_id, idx, name, position, created) VALUES (?, ?, ?, ?, ?)",
        [(game_id, i, p.name, p.position, p.created) for i, p in enumerate(savepoints)],
    )
