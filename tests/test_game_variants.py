"""Variant Sudoku games: the store keeps a variant puzzle (the default ``line`` format
refuses its constraints), and checking names the constraint a wrong entry breaks."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from conftest import FIXTURES
from grille.errors import GrilleError
from grille.game import PuzzleSource, Session, Store
from grille.game.schema import MIGRATIONS, migrate
from grille.game.session import puzzle_from_text, puzzle_key, puzzle_text
from grille.kinds import get_kind

KILLER = FIXTURES / "variants" / "killer_4x4_unique.json"
"""A 4x4 Killer with one solution (``grille count`` says 1): 1234 3412 2143 4321."""
SOLUTION = "1234341221434321"


def killer() -> Any:
    return get_kind("sudoku").read(KILLER.read_text())[0].puzzle


def test_a_variant_puzzle_is_kept_in_a_format_that_holds_its_constraints() -> None:
    kind = get_kind("sudoku")
    puzzle = killer()
    text = puzzle_text(kind, puzzle)
    again = puzzle_from_text(kind, text)
    assert again == puzzle
    assert again.variant == puzzle.variant and len(again.variant.constraints) == 8


def test_a_plain_puzzle_is_still_kept_on_one_line() -> None:
    kind = get_kind("sudoku")
    puzzle = kind.read("1.3..4.....2....\n")[0].puzzle
    assert puzzle_text(kind, puzzle) == "1.3..4.....2....\n"


def test_a_plain_puzzle_with_a_title_or_decorations_is_kept_whole() -> None:
    """The line format drops a title, a rules text and a setter's decorations without a
    word: a game keeps such a puzzle in a format that holds them (the player sees them)."""
    kind = get_kind("sudoku")
    wild = FIXTURES / "variants" / "wild" / "every_decoration.json"
    decorated = kind.read(wild.read_text(encoding="utf-8"), fmt="fpuzzles")[0].puzzle
    titled = replace(kind.read("1.3..4.....2....\n")[0].puzzle,
                     metadata=(("title", "Warm Up"), ("rules", "Normal rules.")))
    for puzzle in (decorated, titled):
        assert puzzle.variant is None
        again = puzzle_from_text(kind, puzzle_text(kind, puzzle))
        assert again == puzzle and again.metadata == puzzle.metadata
    kept = puzzle_from_text(kind, puzzle_text(kind, decorated))
    assert len(kind.view(kept, kept).decorations) == 7
    assert puzzle_key(kind, titled) == "1.3..4.....2....\n"  # library keys as before


def test_a_variant_game_saved_and_reopened_keeps_its_constraints(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        entry = store.add_puzzle(killer(), source=PuzzleSource.ENTERED)
        game = store.new_game(entry.id, checking="rules")
        game.session.play("r1c1=1")
        game_id = game.id
    with Store(db) as store:
        session = store.open_game(game_id).session
        assert session.puzzle.variant == killer().variant
        assert session.kind.check(session.state) == [] and session.state != session.puzzle
        session.play("r1c2=2")
        for move in session.kind.moves_between(session.state, session.solution):
            session.play(move)
        assert session.solved


def test_a_wrong_digit_in_a_cage_breaks_the_cage_by_the_rules() -> None:
    session: Session[Any] = Session(get_kind("sudoku"), killer(), checking="rules")
    session.play("r1c1=1")
    assert session.conflicts() == ()
    session.play("r1c2=3")  # no repeat in row, column or box, but 1 + 3 is not the cage's 3
    (violation,) = session.conflicts()
    assert "killer cage r1c1..r1c2 (sum 3)" in str(violation)
    assert set(violation.cells) == {(0, 0), (0, 1)}


def test_a_wrong_digit_in_a_cage_differs_from_the_solution() -> None:
    session: Session[Any] = Session(get_kind("sudoku"), killer(), checking="solution")
    question = session.solve_question()
    assert question is not None
    session.learn(get_kind("sudoku").solve(question.puzzle, limit=2))
    session.play("r1c1=2")
    assert [v.cells for v in session.conflicts()] == [((0, 0),)]
    assert session.kind.write([session.solution], "json").count(SOLUTION) == 1


def test_the_library_knows_a_variant_by_the_puzzle_not_its_title(tmp_path: Path) -> None:
    """The same givens and constraints under another title, author and rules text are the
    same library entry (which takes on the new title, author and rules: next test); other
    givens or constraints are another."""
    kind = get_kind("sudoku")
    puzzle = killer()
    retitled = replace(puzzle, metadata=(("title", "the same Killer"), ("author", "someone"),
                                         ("rules", "Normal Killer rules apply.")))
    assert puzzle_text(kind, retitled) != puzzle_text(kind, puzzle)
    assert puzzle_key(kind, retitled) == puzzle_key(kind, puzzle)
    other = puzzle.with_cells([1] + [0] * 15)
    with Store(tmp_path / "games.sqlite3") as store:
        first = store.add_puzzle(puzzle, source=PuzzleSource.ENTERED)
        again = store.add_puzzle(retitled, source=PuzzleSource.ENTERED)
        imported = store.import_text(kind.write([retitled], "fpuzzles-link"))
        assert again.id == first.id
        assert [record.id for record in imported.puzzles] == [first.id]
        assert imported.added == ()
        assert store.add_puzzle(other, source=PuzzleSource.ENTERED).id != first.id
        assert len(store.puzzles()) == 2


def test_pasting_a_puzzle_again_fills_in_and_updates_its_entrys_metadata(
    tmp_path: Path,
) -> None:
    """A title, author or rules text pasted with a puzzle the library has is not dropped:
    given fields fill in or replace the entry's, the others stay, and a new game shows them;
    the same metadata again writes nothing."""
    kind = get_kind("sudoku")
    puzzle = replace(killer(), metadata=())
    titled = replace(puzzle, metadata=(("title", "Old name"), ("author", "someone")))
    renamed = replace(puzzle, metadata=(("title", "New name"), ("author", " "),
                                        ("rules", "Normal Killer rules apply.")))
    with Store(tmp_path / "games.sqlite3") as store:
        first = store.add_puzzle(titled, source=PuzzleSource.ENTERED)
        game = store.new_game(first.id)
        again = store.add_puzzle(renamed, source=PuzzleSource.ENTERED)
        assert again.id == first.id and len(store.puzzles()) == 1
        merged = dict(puzzle_from_text(kind, again.text).metadata)
        assert merged == {"title": "New name", "author": "someone",
                          "rules": "Normal Killer rules apply."}
        assert puzzle_key(kind, puzzle_from_text(kind, again.text)) == puzzle_key(kind, puzzle)
        notes = kind.view(*(2 * [store.new_game(again.id).session.puzzle])).notes
        assert notes[:2] == ("“New name” by someone", "Normal Killer rules apply.")
        assert store.open_game(game.id).session.puzzle.metadata == again_metadata(again.text)
        assert store.add_puzzle(puzzle, source=PuzzleSource.ENTERED).text == again.text
        assert store.add_puzzle(renamed, source=PuzzleSource.ENTERED).text == again.text
        imported = store.import_text(kind.write([replace(puzzle, metadata=(
            ("title", "Imported name"),))], "fpuzzles-link"))
        assert imported.added == ()
        assert dict(puzzle_from_text(kind, store.puzzle(first.id).text).metadata)["title"] == (
            "Imported name")


def again_metadata(text: str) -> Any:
    return puzzle_from_text(get_kind("sudoku"), text).metadata


def test_a_variant_kept_before_the_library_had_keys_is_found_again(tmp_path: Path) -> None:
    """A row from before migration 6 (its text, title and all, became its key) is still the
    entry of the same puzzle with the same text."""
    db = tmp_path / "games.sqlite3"
    kind = get_kind("sudoku")
    raw = sqlite3.connect(db, isolation_level=None)
    assert migrate(raw, MIGRATIONS[:5]) == 5
    raw.execute("INSERT INTO puzzles (id, kind, size, level, text, source, created)"
                " VALUES (7, 'sudoku', '4x4', NULL, ?, 'entered', 0)",
                (puzzle_text(kind, killer()),))
    raw.close()
    with Store(db) as store:
        assert store.add_puzzle(killer(), source=PuzzleSource.ENTERED).id == 7
        assert len(store.puzzles()) == 1


def test_a_nine_by_nine_variant_is_kept_whole() -> None:
    """OpenSudoku's document writer took a 9x9 variant and dropped its constraints (its
    one-grid writer refused), so a 9x9 Killer game was stored as an empty plain grid; the 4x4
    Killer above never met it (OpenSudoku holds 9x9 only)."""
    kind = get_kind("sudoku")
    fpuzzles = json.loads((FIXTURES / "variants" / "killer.json").read_text())["fpuzzles"]
    fpuzzles |= {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)]}
    puzzle = kind.read(json.dumps(fpuzzles), fmt="fpuzzles")[0].puzzle
    with pytest.raises(GrilleError, match=r"the opensudoku format cannot hold .*killer"):
        kind.write([puzzle, puzzle], "opensudoku")
    again = puzzle_from_text(kind, puzzle_text(kind, puzzle))
    assert again.variant == puzzle.variant and again == puzzle
