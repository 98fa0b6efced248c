"""The SQLite store: games saved move by move and reopened identical, the puzzle library,
statistics, migrations, and use from several threads."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES
from grille.errors import GrilleError, ParseError
from grille.game import (
    CheckMode,
    ConflictError,
    GameStatus,
    NotFoundError,
    PoolKey,
    PuzzleSource,
    Session,
    SessionError,
    Store,
    StoreError,
)
from grille.game.paths import default_db_path
from grille.game.schema import LATEST, MIGRATIONS, migrate
from grille.game.session import puzzle_text
from grille.game.timer import GRACE
from grille.kind import GenerateOptions, Verdict
from grille.kinds import get_kind
from test_game_session import KINDS, PUZZLES, FakeClock, new_session, right_moves, wrong_move


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def store(db: Path, clock: FakeClock) -> Any:
    with Store(db, clock=clock) as opened:
        yield opened


def saved_record(db: Path, clock: FakeClock, game_id: int) -> Any:
    """The game as another store (another connection) reads it back from the file."""
    with Store(db, clock=clock) as other:
        return other.open_game(game_id).session.to_record()


def start(store: Store, name: str, **options: Any) -> Any:
    puzzle = get_kind(name).read(PUZZLES[name])[0].puzzle
    entry = store.add_puzzle(puzzle, source=PuzzleSource.GENERATED, level="easy")
    return store.new_game(entry.id, **options)


# -- every change is saved, and the game comes back identical ----------------------------------


@pytest.mark.parametrize("name", KINDS)
def test_every_action_is_saved_as_it_happens(
    name: str, store: Store, db: Path, clock: FakeClock
) -> None:
    game = start(store, name, checking="rules")
    session = game.session
    moves = right_moves(session)
    actions = [
        lambda: session.fill(),
        lambda: session.play(moves[0]),
        lambda: session.add_savepoint("before"),
        lambda: session.play(moves[1]),
        lambda: session.play(wrong_move(session)),
        lambda: session.undo(),
        lambda: session.hint(3),
        lambda: session.play(moves[2]),  # truncates the undone entry
        lambda: session.return_to("before"),
        lambda: session.pause(),
        lambda: session.set_checking(CheckMode.SOLUTION),
        lambda: session.resume(),
        lambda: session.abandon("before"),
        lambda: session.restart(),
        lambda: session.show_solution(),
        lambda: session.undo(),
        lambda: session.remove_savepoint("before"),
    ]
    for action in actions:
        clock.advance(7)
        action()
        assert saved_record(db, clock, game.id) == session.to_record()
    reopened = store.open_game(game.id).session
    assert reopened.state == session.state and reopened.solution_shown
    assert reopened.hints_used == 1 and reopened.checking is CheckMode.SOLUTION


def test_moves_after_undo_replace_the_undone_rows(store: Store, db: Path) -> None:
    game = start(store, "sudoku")
    for move in ("r1c3=4", "r1c4=6", "r1c6=8"):
        game.session.play(move)
    game.session.goto(1)
    game.session.play("r2c2=7")
    with sqlite3.connect(db) as raw:
        rows = raw.execute("SELECT idx, moves FROM moves WHERE game_id = ? ORDER BY idx",
                           (game.id,)).fetchall()
    assert rows == [(0, "r1c3=4"), (1, "r2c2=7")]


def test_a_session_played_without_a_store_can_be_saved(
    store: Store, db: Path, clock: FakeClock
) -> None:
    session = new_session("takuzu", clock)
    session.play("r1c3=0")
    session.add_savepoint("x")
    session.play("r1c4=1")
    session.undo()
    game = store.save_session(session, origin="typed")
    assert saved_record(db, clock, game.id) == session.to_record()
    session.play("r2c1=1")  # and it keeps being saved
    assert saved_record(db, clock, game.id) == session.to_record()
    assert store.puzzle(game.puzzle_id).source is PuzzleSource.ENTERED


def test_two_open_copies_of_a_game_cannot_overwrite_each_other(store: Store) -> None:
    first = start(store, "sudoku").session
    second = store.open_game(store.last_unfinished_game().id).session  # type: ignore[union-attr]
    first.play("r1c3=4")
    before = second.to_record()
    with pytest.raises(ConflictError, match="changed elsewhere"):
        second.play("r1c4=6")
    assert second.to_record() == before
    again = store.open_game(store.last_unfinished_game().id).session  # type: ignore[union-attr]
    assert again.moves == ("r1c3=4",)
    again.play("r1c4=6")


# -- listing, resuming, abandoning -------------------------------------------------------------


def test_last_unfinished_game_and_summaries(store: Store, clock: FakeClock) -> None:
    assert store.last_unfinished_game() is None
    sudoku = start(store, "sudoku")
    sudoku.session.shown()
    clock.advance(4)
    sudoku.session.shown()
    kakuro = start(store, "kakuro")
    clock.advance(3)
    sudoku.session.play("r1c3=4")
    summary = store.last_unfinished_game()
    assert summary is not None and summary.id == sudoku.id
    assert (summary.kind, summary.size, summary.level) == ("sudoku", "9x9", "easy")
    assert summary.position == 1 and summary.history_length == 1
    assert summary.elapsed == 7 and summary.timer_running
    clock.advance(3600)  # a silence counts up to the grace, even in a list
    assert store.game(sudoku.id).elapsed == 7 + GRACE
    for move in right_moves(kakuro.session):
        kakuro.session.play(move)
    assert store.game(kakuro.id).status is GameStatus.SOLVED
    assert [g.id for g in store.games()] == [kakuro.id, sudoku.id]
    assert [g.id for g in store.games(status="solved")] == [kakuro.id]
    assert [g.id for g in store.games(kind="sudoku")] == [sudoku.id]
    store.abandon_game(sudoku.id)
    assert store.last_unfinished_game() is None
    assert store.game(sudoku.id).status is GameStatus.ABANDONED
    sudoku.session.play("r1c4=6")  # playing an abandoned game revives it
    assert store.last_unfinished_game().id == sudoku.id  # type: ignore[union-attr]
    with pytest.raises(StoreError, match="no game status 'won'"):
        store.games(status="won")


def test_delete_and_unknown_ids(store: Store, db: Path) -> None:
    game = start(store, "sudoku")
    game.session.play("r1c3=4")
    game.session.add_savepoint("s")
    with pytest.raises(StoreError, match="1 saved game"):
        store.delete_puzzle(game.puzzle_id)
    store.delete_game(game.id)
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT count(*) FROM moves").fetchone() == (0,)
        assert raw.execute("SELECT count(*) FROM savepoints").fetchone() == (0,)
    store.delete_puzzle(game.puzzle_id)
    for call in (lambda: store.open_game(game.id), lambda: store.game(game.id),
                 lambda: store.delete_game(game.id), lambda: store.abandon_game(game.id),
                 lambda: store.puzzle(game.puzzle_id), lambda: store.new_game(99)):
        with pytest.raises(NotFoundError):
            call()
    with pytest.raises(NotFoundError, match="no saved game"):
        game.session.play("r1c4=6")


# -- the puzzle library ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "kind", "count"),
    [
        ("sudoku/line.txt", "sudoku", None),
        ("sudoku/puzzles.opensudoku", "sudoku", None),
        ("sudoku/puzzle.sdk", "sudoku", 1),
        ("sudoku/grid16.txt", "sudoku", 1),
        ("kakuro/small.txt", "kakuro", 1),
    ],
)
def test_import_a_file_of_any_kind_and_format(
    store: Store, path: str, kind: str, count: int | None
) -> None:
    file = FIXTURES / path
    expected = len(get_kind(kind).read(file.read_text(encoding="utf-8-sig")))
    assert count is None or expected == count
    result = store.import_file(file)
    assert len(result.puzzles) == expected and len(result.added) == len(set(result.added))
    assert all(p.kind == kind and p.source is PuzzleSource.IMPORTED for p in result.puzzles)
    assert all(p.origin == str(file) for p in result.added)
    again = store.import_file(file)
    assert again.added == () and again.known == expected
    assert [p.id for p in again.puzzles] == [p.id for p in result.puzzles]
    game = store.new_game(result.puzzles[-1].id)
    assert game.session.puzzle == result.puzzles[-1].puzzle()


def test_import_text_and_bad_input(store: Store, tmp_path: Path) -> None:
    result = store.import_text(PUZZLES["takuzu"], source="typed", rate=True)
    (takuzu,) = result.puzzles
    assert (takuzu.kind, takuzu.size, takuzu.level) == ("takuzu", "6x6", "easy")
    bad = tmp_path / "bad.txt"
    bad.write_text("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.\n")
    with pytest.raises(ParseError, match=r"bad.txt:1:"):
        store.import_file(bad)
    binary = tmp_path / "latin1.txt"
    binary.write_bytes(b"\n\xe9t\xe9")
    with pytest.raises(ParseError, match=r"latin1.txt:2:1: not UTF-8"):
        store.import_file(binary)
    with pytest.raises(GrilleError, match="sudoku has no format 'rows'"):
        store.import_text(PUZZLES["sudoku"], kind="sudoku", fmt="rows")
    assert len(store.puzzles()) == 1  # nothing of the failed imports was kept


def test_library_filters(store: Store) -> None:
    store.import_file(FIXTURES / "sudoku" / "line.txt")
    easy = start(store, "sudoku")
    puzzles = store.puzzles(kind="sudoku")
    assert len(puzzles) >= 3 and puzzles == sorted(puzzles, key=lambda p: p.id)
    assert store.puzzles(level="easy") == [store.puzzle(easy.puzzle_id)]
    assert easy.puzzle_id not in [p.id for p in store.puzzles(unplayed=True)]
    assert store.puzzles(kind="kakuro") == []
    assert store.puzzles(size="9x9", limit=2, offset=1) == puzzles[1:3]
    assert store.add_puzzle(easy.session.puzzle, level="hard").level == "easy"


# -- statistics --------------------------------------------------------------------------------


def test_statistics_per_kind_size_and_level(store: Store, clock: FakeClock) -> None:
    for seconds in (100, 40):
        game = start(store, "kakuro")
        game.session.shown()
        for move in right_moves(game.session):
            clock.advance(seconds / len(right_moves(game.session)))
            game.session.play(move)
    shown = start(store, "kakuro")
    clock.advance(5)
    shown.session.show_solution()  # solved, but not by the player
    start(store, "sudoku")
    stats = store.statistics()
    assert [(s.kind, s.size, s.level) for s in stats] == [
        ("kakuro", "7x7", "easy"), ("sudoku", "9x9", "easy")
    ]
    kakuro = stats[0]
    assert (kakuro.played, kakuro.solved) == (3, 2)
    assert kakuro.best == pytest.approx(40) and kakuro.average == pytest.approx(70)
    assert str(kakuro) == "kakuro 7x7 easy: 2/3 solved, best 0:40, average 1:10"
    assert str(stats[1]) == "sudoku 9x9 easy: 0/1 solved, none solved"
    assert store.statistics(kind="sudoku") == [stats[1]]


# -- what the library knows of solutions, and the pool ----------------------------------------


def test_the_library_keeps_what_a_search_found(store: Store) -> None:
    game = start(store, "sudoku")
    assert store.puzzle(game.puzzle_id).verdict is None and game.session.verdict is None
    solution = game.session.solution  # searched once, and kept
    assert store.puzzle(game.puzzle_id).verdict is Verdict.UNIQUE
    again = store.new_game(game.puzzle_id)
    assert again.session.verdict is Verdict.UNIQUE
    assert get_kind("sudoku").moves_between(again.session.solution, solution) == ()
    assert store.open_game(game.id).session.solutions is not None
    several = get_kind("sudoku").read("1...\n..2.\n....\n....")[0].puzzle
    found = get_kind("sudoku").solve(several, limit=2)
    record = store.add_puzzle(several, solutions=found)
    assert record.verdict is Verdict.SEVERAL
    session = store.new_game(record.id).session
    assert "several solutions" in (session.help_unavailable or "")
    with pytest.raises(SessionError, match="several solutions"):
        session.hint_question()
    with pytest.raises(SessionError, match="several solutions"):
        session.show_solution()


def test_imports_keep_each_puzzles_verdict(store: Store) -> None:
    kind = get_kind("sudoku")
    unique = kind.read(PUZZLES["sudoku"])[0].puzzle
    several = kind.read("1...\n..2.\n....\n....")[0].puzzle
    found = [kind.solve(p, limit=2) for p in (unique, several)]
    result = store.import_puzzles(kind, [unique, several, unique], solutions=[*found, None])
    assert [r.verdict for r in result.puzzles] == [Verdict.UNIQUE, Verdict.SEVERAL,
                                                   Verdict.UNIQUE]
    assert result.known == 1


def test_pooled_puzzles_are_taken_once_and_never_repeat_a_played_one(store: Store) -> None:
    kind = get_kind("sudoku")
    key = PoolKey("sudoku", "9x9", "easy")
    puzzles = [kind.generate(GenerateOptions("9x9", "easy"), seed) for seed in (1, 2, 3)]
    found = [kind.solve(p, limit=2) for p in puzzles]
    assert all(store.pool_add(key, p, f) for p, f in zip(puzzles, found, strict=True))
    assert not store.pool_add(key, puzzles[0], found[0])  # pooled already
    assert store.pool_counts() == {key: 3}
    played = store.add_puzzle(puzzles[1])
    store.new_game(played.id)  # the player met the second one meanwhile
    first = store.pool_take(key)
    assert first is not None and first.text == puzzle_text(kind, puzzles[0])
    assert first.level == "easy" and first.verdict is Verdict.UNIQUE
    assert first.source is PuzzleSource.GENERATED
    store.new_game(first.id)
    assert not store.pool_add(key, puzzles[0], found[0])  # played: never pooled again
    third = store.pool_take(PoolKey("sudoku", "9x9", "any"))
    assert third is not None and third.text == puzzle_text(kind, puzzles[2])
    assert store.pool_take(key) is None and store.pool_counts() == {}
    store.pool_want(key)
    assert list(store.pool_wanted()) == [key]


# -- the file: migrations, refusals, pragmas ---------------------------------------------------


def test_an_old_database_is_migrated(db: Path, clock: FakeClock) -> None:
    raw = sqlite3.connect(db, isolation_level=None)
    assert migrate(raw, MIGRATIONS[:1]) == 1
    raw.execute(
        "INSERT INTO puzzles (id, kind, size, level, text, source, created)"
        " VALUES (1, 'sudoku', '9x9', NULL, ?, 'entered', 0)",
        (PUZZLES["sudoku"] + "\n",),
    )
    raw.execute(
        "INSERT INTO games (id, puzzle_id, status, created, updated, position)"
        " VALUES (1, 1, 'unfinished', 0, 0, 1)"
    )
    raw.execute("INSERT INTO moves VALUES (1, 0, 'move', 'r1c3=4', 0)")
    raw.close()
    with Store(db, clock=clock) as store:
        session = store.open_game(1).session
        assert session.moves == ("r1c3=4",) and session.hints_used == 0
        session.hint(1)
        assert store.game(1).hints_used == 1
    with sqlite3.connect(db) as check:
        assert check.execute("PRAGMA user_version").fetchone() == (LATEST,)


def test_game_ids_are_never_reused(store: Store) -> None:
    first = start(store, "sudoku")
    second = start(store, "takuzu")
    store.delete_game(second.id)
    store.delete_game(first.id)
    third = start(store, "sudoku")
    assert third.id > second.id


def test_the_ids_migration_keeps_every_game_and_move(db: Path, clock: FakeClock) -> None:
    raw = sqlite3.connect(db, isolation_level=None)
    raw.execute("PRAGMA foreign_keys = ON")  # as the store opens it: a drop would cascade
    assert migrate(raw, MIGRATIONS[:2]) == 2
    raw.execute(
        "INSERT INTO puzzles (id, kind, size, level, text, source, created)"
        " VALUES (1, 'sudoku', '9x9', NULL, ?, 'entered', 0)",
        (PUZZLES["sudoku"] + "\n",),
    )
    for game_id in (1, 2, 3):
        raw.execute(
            "INSERT INTO games (id, puzzle_id, status, created, updated, position, hints_used)"
            " VALUES (?, 1, 'unfinished', 0, ?, 1, 2)", (game_id, game_id)
        )
        raw.execute("INSERT INTO moves VALUES (?, 0, 'move', 'r1c3=4', 0)", (game_id,))
    raw.execute("INSERT INTO savepoints VALUES (2, 0, 'here', 1, 0)")
    raw.close()
    with Store(db, clock=clock) as store:
        assert [g.id for g in store.games()] == [3, 2, 1]
        assert store.open_game(2).session.savepoints[0].name == "here"
        assert all(store.open_game(i).session.moves == ("r1c3=4",) for i in (1, 2, 3))
        assert store.game(1).hints_used == 2
        store.delete_game(3)
        assert start(store, "sudoku").id == 4
        assert store.check_integrity() == ["ok"]
        assert store._connection().execute("PRAGMA foreign_keys").fetchone() == (1,)


def test_databases_grille_cannot_use_are_refused(tmp_path: Path) -> None:
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as raw:
        raw.execute("PRAGMA user_version = 99")
    with pytest.raises(StoreError, match="schema version 99, newer"):
        Store(newer)
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as raw:
        raw.execute("CREATE TABLE accounts (id INTEGER)")
    with pytest.raises(StoreError, match="not a grille database"):
        Store(other)
    text = tmp_path / "notes.txt"
    text.write_text("just some notes, not a database at all\n" * 100)
    with pytest.raises(StoreError, match="not a database"):
        Store(text)


def test_wal_foreign_keys_and_integrity(store: Store) -> None:
    connection = store._connection()
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert connection.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert connection.execute("PRAGMA synchronous").fetchone() == (2,)
    start(store, "sudoku").session.play("r1c3=4")
    assert store.check_integrity() == ["ok"]
    with pytest.raises(sqlite3.IntegrityError):
        connection.execute("INSERT INTO moves VALUES (99, 0, 'move', 'r1c1=1', 0)")


def test_the_default_file_is_in_the_users_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "grille" / "grille.sqlite3"
    with Store() as store:
        assert store.path == default_db_path() and store.path.is_file()
    with pytest.raises(StoreError, match="closed"):
        store.games()


# -- threads -----------------------------------------------------------------------------------


def test_threads_share_a_store(store: Store, db: Path, clock: FakeClock) -> None:
    games = [start(store, name) for name in KINDS for _ in range(2)]
    errors: list[BaseException] = []

    def play(session: Session[Any]) -> None:
        try:
            for move in right_moves(session):
                session.play(move)
                session.undo()
                session.redo()
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=play, args=(g.session,)) for g in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for game in games:
        assert saved_record(db, clock, game.id) == game.session.to_record()
        assert game.session.solved
    assert store.check_integrity() == ["ok"]
    assert {g.status for g in store.games()} == {GameStatus.SOLVED}


@pytest.mark.parametrize("module", ["grille.game.session", "grille.game.store"])
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


def test_statistics_list_levels_easiest_first_and_unrated_last(store: Store) -> None:
    sudoku = get_kind("sudoku")
    puzzle = sudoku.read(PUZZLES["sudoku"])[0].puzzle
    solution = sudoku.solve(puzzle).solution
    empty = [cell for cell in range(81) if not puzzle.cells[cell]]
    for extra, level in enumerate(("hard", None, "extreme", "easy")):
        cells = list(puzzle.cells)
        for cell in empty[:extra]:
            cells[cell] = solution.cells[cell]
        text = "".join(str(digit or ".") for digit in cells)
        entry = store.add_puzzle(sudoku.read(text)[0].puzzle, level=level)
        store.new_game(entry.id)
    assert [s.level for s in store.statistics()] == ["easy", "hard", "extreme", None]


def test_summaries_and_records_carry_the_boards_title(db: Path) -> None:
    """A list tells a variant from a plain puzzle of its size: the board's title names the
    families; a text that no longer reads gives an empty title, not an error."""
    from grille.game.store import board_title

    sudoku = get_kind("sudoku")
    killer = sudoku.read((FIXTURES / "variants" / "killer_4x4_unique.json").read_text())[0]
    plain = sudoku.read(PUZZLES["sudoku"])[0]
    with Store(db) as store:
        record = store.add_puzzle(killer.puzzle, source=PuzzleSource.ENTERED)
        variant_id = store.new_game(record.id).id
        plain_record = store.add_puzzle(plain.puzzle, source=PuzzleSource.ENTERED)
        store.new_game(plain_record.id)
        titles = {game.id: game.title for game in store.games()}
        assert titles[variant_id] == "Sudoku 4×4 · killer cages"
        assert sorted(titles.values()) == ["Sudoku 4×4 · killer cages", "Sudoku 9×9"]
        assert store.game(variant_id).title == "Sudoku 4×4 · killer cages"
        assert plain_record.title == "Sudoku 9×9"
    assert board_title("sudoku", "not a sudoku") == ""
