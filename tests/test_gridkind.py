"""The shared toolkit under the grid kinds: GridKind (moves, candidates, attributes from
KindInfo) and FormatRegistry (read, write, sniff once for every kind)."""

from __future__ import annotations

import importlib

import pytest

from grille.errors import GrilleError, MoveError, ParseError
from grille.formats import Format, FormatRegistry
from grille.gridkind import GridKind
from grille.kinds import get_kind

KINDS = ("sudoku", "takuzu", "kakuro")

PUZZLES = {
    "sudoku": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "takuzu": "....\n.0..\n..1.\n1.1.",
    "kakuro": "#    3\\   4\\\n\\4   .    .\n\\3   .    .",
}


@pytest.mark.parametrize("name", KINDS)
def test_attributes_come_from_info(name: str) -> None:
    kind = get_kind(name)
    assert isinstance(kind, GridKind)
    rating = importlib.import_module(f"grille.{name}.logic.rating")
    assert kind.levels == tuple(level for level, _ in rating.LEVELS) == kind.info.levels
    assert kind.formats == importlib.import_module(f"grille.{name}.formats").FORMATS
    assert kind.default_format == kind.info.default_format
    assert kind.candidates_format == "marks"
    assert kind.one_line_format == {"sudoku": "line", "takuzu": "unruly", "kakuro": "json"}[name]
    assert repr(kind) == f"{type(kind).__name__}()"


@pytest.mark.parametrize(("name", "move", "message"), [
    ("sudoku", "r10c1=1", "r10c1=1: the grid has 9 rows and columns"),
    ("sudoku", "r1c1=2", "r1c1=2: r1c1 holds a clue"),
    ("sudoku", "r1c3=10", "r1c3=10: digits of a 9x9 grid are 1..9"),
    ("takuzu", "r1c5=1", "r1c5=1: the grid has 4 rows and 4 columns"),
    ("takuzu", "r2c2=1", "r2c2=1: r2c2 holds a clue"),
    ("takuzu", "r1c1=2", "r1c1=2: Takuzu cells hold 0 or 1"),
    ("kakuro", "r1c1=1", "r1c1=1: r1c1 is a block"),
    ("kakuro", "r2c2=0", "r2c2=0: Kakuro digits are 1..9"),
    ("kakuro", "r2c2^10", "r2c2^10: Kakuro digits are 1..9"),
])
def test_bad_moves_say_why(name: str, move: str, message: str) -> None:
    kind = get_kind(name)
    with pytest.raises(MoveError) as caught:
        kind.apply(kind.read(PUZZLES[name])[0].puzzle, move)
    assert str(caught.value) == message


@pytest.mark.parametrize("name", KINDS)
def test_moves_round_trip_through_the_base(name: str) -> None:
    kind = get_kind(name)
    puzzle = kind.read(PUZZLES[name])[0].puzzle
    solution = kind.solve(puzzle).found[0]
    state = puzzle
    for move in kind.moves_between(puzzle, solution):
        state = kind.apply(state, move)
    assert kind.moves_between(state, solution) == ()
    assert kind.wrong_cells(state, solution) == ()
    filled = kind.apply(puzzle, "fill")
    assert filled.marks == kind.with_candidates(puzzle).marks


def test_peers_by_kind() -> None:
    sudoku = get_kind("sudoku")
    marked = sudoku.apply(sudoku.read(PUZZLES["sudoku"])[0].puzzle, "fill")
    assert "r1c6^4" in sudoku.peer_moves(marked, "r1c3=4")
    assert sudoku.peer_moves(marked, "r1c3-") == ()
    takuzu = get_kind("takuzu")
    assert takuzu.peer_moves(takuzu.apply(takuzu.read(PUZZLES["takuzu"])[0].puzzle, "fill"),
                             "r1c1=0") == ()
    kakuro = get_kind("kakuro")
    marked = kakuro.apply(kakuro.read(PUZZLES["kakuro"])[0].puzzle, "fill")
    assert set(kakuro.peer_moves(marked, "r2c2=1")) == {"r2c3^1", "r3c2^1"}


@pytest.mark.parametrize("name", KINDS)
def test_unknown_format_names_the_known(name: str) -> None:
    kind = get_kind(name)
    with pytest.raises(GrilleError, match=f"unknown {kind.info.title} format 'xml'; known: "):
        kind.write([], "xml")
    with pytest.raises(GrilleError, match="known: " + ", ".join(kind.formats)):
        kind.read(PUZZLES[name], fmt="xml")
    with pytest.raises(ParseError, match="no puzzle found"):
        kind.read("\ufeff\n\n")


def test_registry_must_match_info() -> None:
    info = get_kind("takuzu").info
    with pytest.raises(GrilleError, match="differ from its info"):
        FormatRegistry(info, (Format("rows", lambda text, source: [], str),),
                       sniff=lambda text: None)
