"""The store's SQLite schema, as an ordered list of migrations.

``PRAGMA user_version`` holds the number of migrations applied; opening a database applies
the missing ones in one transaction, so an older file is brought up to date and a failed
migration leaves it as it was. A database from a newer grille is refused rather than
misread. Never edit a migration that has shipped: add the next one.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from grille.game.errors import StoreError

__all__ = ["APPLICATION_ID", "LATEST", "MIGRATIONS", "Migration", "migrate", "schema_version"]

APPLICATION_ID = 0x6772696C
"""``PRAGMA application_id`` of a grille database ("gril")."""


@dataclass(frozen=True, slots=True)
class Migration:
    """The statements that take the schema from ``version - 1`` to ``version``.

    ``rebuilds``: the migration copies a table into a new one and drops the old (SQLite's
    way to change a column's definition), so foreign keys are off while it runs (a drop
    would otherwise cascade into the rows that refer to the table) and checked before
    it commits.
    """

    version: int
    description: str
    statements: tuple[str, ...]
    rebuilds: bool = False


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "puzzle library, games, their moves and savepoints", (
        """CREATE TABLE puzzles (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            size TEXT NOT NULL,
            level TEXT,
            text TEXT NOT NULL,
            source TEXT NOT NULL CHECK (source IN ('imported', 'generated', 'entered')),
            origin TEXT NOT NULL DEFAULT '',
            created REAL NOT NULL,
            UNIQUE (kind, text)
        )""",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            puzzle_id INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE RESTRICT,
            status TEXT NOT NULL CHECK (status IN ('unfinished', 'solved', 'abandoned')),
            created REAL NOT NULL,
            updated REAL NOT NULL,
            elapsed REAL NOT NULL DEFAULT 0,
            running_since REAL,
            paused INTEGER NOT NULL DEFAULT 0,
            position INTEGER NOT NULL DEFAULT 0,
            checking TEXT NOT NULL DEFAULT 'off',
            auto_clean INTEGER NOT NULL DEFAULT 1,
            revision INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,
            action TEXT NOT NULL,
            moves TEXT NOT NULL,
            made_at REAL NOT NULL,
            PRIMARY KEY (game_id, idx)
        ) WITHOUT ROWID""",
        """CREATE TABLE savepoints (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,
            name TEXT NOT NULL,
            position INTEGER NOT NULL,
            created REAL NOT NULL,
            PRIMARY KEY (game_id, name)
        ) WITHOUT ROWID""",
        "CREATE INDEX games_by_puzzle ON games (puzzle_id)",
    )),
    Migration(2, "help used per game (statistics leave out shown solutions); listing indexes", (
        "ALTER TABLE games ADD COLUMN hints_used INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN solution_shown INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_by_status ON games (status, updated)",
        "CREATE INDEX puzzles_by_kind ON puzzles (kind, size, level)",
    )),
    Migration(3, "game ids are never reused (AUTOINCREMENT): a page left on a deleted "
              "game's address must not open another game", (
        """CREATE TABLE games_autoincrement (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            puzzle_id INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE RESTRICT,
            status TEXT NOT NULL CHECK (status IN ('unfinished', 'solved', 'abandoned')),
            created REAL NOT NULL,
            updated REAL NOT NULL,
            elapsed REAL NOT NULL DEFAULT 0,
            running_since REAL,
            paused INTEGER NOT NULL DEFAULT 0,
            position INTEGER NOT NULL DEFAULT 0,
            checking TEXT NOT NULL DEFAULT 'off',
            auto_clean INTEGER NOT NULL DEFAULT 1,
            revision INTEGER NOT NULL DEFAULT 0,
            hints_used INTEGER NOT NULL DEFAULT 0,
            solution_shown INTEGER NOT NULL DEFAULT 0
        )""",
        """INSERT INTO games_autoincrement (id, puzzle_id, status, created, updated, elapsed,
            running_since, paused, position, checking, auto_clean, revision, hints_used,
            solution_shown)
           SELECT id, puzzle_id, status, created, updated, elapsed, running_since, paused,
            position, checking, auto_clean, revision, hints_used, solution_shown FROM games""",
        "DROP TABLE games",
        "ALTER TABLE games_autoincrement RENAME TO games",
        "CREATE INDEX games_by_puzzle ON games (puzzle_id)",
        "CREATE INDEX games_by_status ON games (status, updated)",
    ), rebuilds=True),
    Migration(4, "what the library knows of each puzzle's solutions: one, several, none or "
              "unknown (NULL: not searched yet), and the solution when there is one", (
        "ALTER TABLE puzzles ADD COLUMN verdict TEXT"
        " CHECK (verdict IN ('unique', 'several', 'none', 'unknown'))",
        "ALTER TABLE puzzles ADD COLUMN solution TEXT",
    )),
    Migration(5, "a pool of generated puzzles waiting to be played, per kind, size, level "
              "and symmetry, and which of those the player asked for", (
        """CREATE TABLE pool (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            size TEXT NOT NULL,
            level TEXT NOT NULL,
            symmetry TEXT NOT NULL DEFAULT '',
            text TEXT NOT NULL,
            solution TEXT NOT NULL,
            origin TEXT NOT NULL DEFAULT '',
            created REAL NOT NULL,
            UNIQUE (kind, text)
        )""",
        "CREATE INDEX pool_by_key ON pool (kind, size, level, symmetry, id)",
        """CREATE TABLE pool_wanted (
            kind TEXT NOT NULL,
            size TEXT NOT NULL,
            level TEXT NOT NULL,
            symmetry TEXT NOT NULL DEFAULT '',
            asked REAL NOT NULL,
            PRIMARY KEY (kind, size, level, symmetry)
        ) WITHOUT ROWID""",
    )),
    Migration(6, "the library knows a puzzle by its key, the puzzle without its title, author "
              "or other metadata (session.puzzle_key), so the same puzzle with other metadata "
              "is one entry; older rows keep their text as their key", (
        "ALTER TABLE puzzles ADD COLUMN key TEXT NOT NULL DEFAULT ''",
        "UPDATE puzzles SET key = text",
        "CREATE UNIQUE INDEX puzzles_by_key ON puzzles (kind, key)",
    )),
)

LATEST = MIGRATIONS[-1].version
"""The schema version this grille writes."""


def schema_version(connection: sqlite3.Connection) -> int:
    """The database's ``user_version``."""
    version: int = connection.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(
    connection: sqlite3.Connection, migrations: tuple[Migration, ...] = MIGRATIONS
) -> int:
    """Apply the ``migrations`` the database lacks, in one transaction; the version after.

    ``connection`` must be in autocommit mode (``isolation_level=None``).
    """
    version = schema_version(connection)
    rebuilds = any(m.rebuilds for m in migrations[version:])
    keys_on = connection.execute("PRAGMA foreign_keys").fetchone()[0]
    if rebuilds:  # only outside a transaction does this pragma take effect
        connection.execute("PRAGMA foreign_keys = OFF")
    try:
        return _migrate(connection, migrations, check_keys=rebuilds)
    finally:
        if rebuilds and keys_on:
            connection.execute("PRAGMA foreign_keys = ON")


def _migrate(
    connection: sqlite3.Connection, migrations: tuple[Migration, ...], *, check_keys: bool
) -> int:
    connection.execute("BEGIN IMMEDIATE")
    try:
        version = schema_version(connection)
        application: int = connection.execute("PRAGMA application_id").fetchone()[0]
        if application not in (0, APPLICATION_ID):
            raise StoreError(f"not a grille database (application id {application:#x})")
        latest = migrations[-1].version if migrations else 0
        if version > latest:
            raise StoreError(
                f"the database has schema version {version}, newer than this grille's "
                f"{latest}: upgrade grille to open it"
            )
        if version == 0 and application == 0 and _has_foreign_tables(connection):
            raise StoreError("not a grille database (it holds other tables)")
        for migration in migrations[version:]:
            for statement in migration.statements:
                connection.execute(statement)
        broken = connection.execute("PRAGMA foreign_key_check").fetchall() if check_keys else []
        if broken:
            raise StoreError(f"the migration would break {len(broken)} reference(s): {broken[0]}")
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {latest}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    return latest


def _has_foreign_tables(connection: sqlite3.Connection) -> bool:
    row = connection.execute(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchone()
    return bool(row[0])
