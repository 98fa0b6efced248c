"""Hints and solutions worked out away from a session, and hints shaped by depth.

A search can take long (a hint on a big hard grid, proving a typed puzzle unique), so a
session never runs one while a front end holds its game: it hands out a question, the
front end has it answered in a worker process under a time limit and a node budget
(:mod:`grille.game.work`), and the session takes the answer
(:meth:`~grille.game.session.Session.hint`, :meth:`~grille.game.session.Session.learn`).
Questions and answers are plain picklable values; :func:`answer_hint` and :func:`solve`
are what the worker runs.

A session also knows whether its puzzle has one solution (the library keeps that from
the first search, :func:`unavailable`), so a puzzle without one gets no hint, no checking
against a solution and no solution to show, and is told why at once.

>>> from grille.kinds import get_kind
>>> sudoku = get_kind("sudoku")
>>> puzzle = sudoku.read("1...\\n..2.\\n....\\n....")[0].puzzle
>>> found = solve(SolveQuestion("sudoku", puzzle))
>>> found.verdict.name
'SEVERAL'
>>> print(unavailable(found).replace(": ", ":\\n"))
the puzzle has several solutions:
hints, checking against the solution and showing it are unavailable (it can still be played)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from grille.hints import Hint, Mistake, hint_text
from grille.kind import Kind, Puzzle, Solutions, Verdict
from grille.kinds import get_kind
from grille.moves import MoveOp, parse_move

__all__ = [
    "SOLVE_BUDGET",
    "HintAnswer",
    "HintQuestion",
    "ShapedHint",
    "SolveQuestion",
    "answer_hint",
    "deepest",
    "revealed",
    "shape_hint",
    "solve",
    "solve_each",
    "unavailable",
]

P = TypeVar("P", bound=Puzzle)

SOLVE_BUDGET = 10_000_000
"""Search nodes the one solve of a game's puzzle may use (to check it, show it, hint)."""


@dataclass(frozen=True, slots=True)
class SolveQuestion(Generic[P]):
    """How many solutions has ``puzzle`` (a ``kind`` name): up to two, within ``budget``."""

    kind: str
    puzzle: P
    budget: int = SOLVE_BUDGET


def solve(question: SolveQuestion[P]) -> Solutions[P]:
    """The answer to ``question`` (what a worker process runs)."""
    kind: Kind[P] = get_kind(question.kind)
    return kind.solve(question.puzzle, limit=2, budget=question.budget)


def solve_each(
    kind_name: str, puzzles: Sequence[P], *, budget: int, seconds: float
) -> list[Solutions[P] | None]:
    """Each puzzle's solutions (up to two, within ``budget`` nodes each), searched a few at
    a time until ``seconds`` have passed: those left get ``None`` (what a worker runs for
    an import: the file's puzzles join the library at once, the rest are searched when
    played). The batches grow while they take little time."""
    kind: Kind[P] = get_kind(kind_name)
    deadline = time.monotonic() + seconds
    found: list[Solutions[P] | None] = []
    batch = 1
    while len(found) < len(puzzles) and time.monotonic() < deadline:
        started = time.monotonic()
        found.extend(kind.solve_many(puzzles[len(found):len(found) + batch], limit=2,
                                     budget=budget))
        if time.monotonic() - started < 0.1:
            batch = min(2 * batch, 1024)
    return found + [None] * (len(puzzles) - len(found))


@dataclass(frozen=True, slots=True)
class HintQuestion(Generic[P]):
    """The next hint for a player at ``state`` in a game of ``puzzle``; ``solutions`` is
    what is known of the puzzle's solutions (``None``: search them first)."""

    kind: str
    puzzle: P
    state: P
    solutions: Solutions[P] | None = None
    budget: int = SOLVE_BUDGET

    def __repr__(self) -> str:
        known = "unknown" if self.solutions is None else self.solutions.verdict.name.lower()
        return f"<HintQuestion {self.kind}, solutions {known}>"


@dataclass(frozen=True, slots=True)
class HintAnswer(Generic[P]):
    """The answer for a player at ``state``: the puzzle's solutions, and the kind's hint at
    full depth (``None`` when the puzzle has not exactly one solution)."""

    state: P
    solutions: Solutions[P]
    hint: Hint[P] | None

    def __repr__(self) -> str:
        return f"<HintAnswer {self.solutions.verdict.name.lower()}: {self.hint}>"


def answer_hint(question: HintQuestion[P]) -> HintAnswer[P]:
    """The answer to ``question`` (what a worker process runs): the solutions first, within
    the budget, and a hint only for a puzzle with one solution."""
    kind: Kind[P] = get_kind(question.kind)
    solutions = question.solutions
    if solutions is None:
        solutions = kind.solve(question.puzzle, limit=2, budget=question.budget)
    if not solutions.unique:
        return HintAnswer(question.state, solutions, None)
    return HintAnswer(question.state, solutions, kind.hint(question.state, depth=5))


def unavailable(solutions: Solutions[Any] | None) -> str | None:
    """Why hints, checking against the solution and showing it are unavailable for a
    puzzle with these ``solutions`` (``None``: they are available, or not known yet)."""
    if solutions is None or solutions.unique:
        return None
    what = "hints, checking against the solution and showing it are unavailable"
    verdict = solutions.verdict
    if verdict is Verdict.SEVERAL:
        return f"the puzzle has several solutions: {what} (it can still be played)"
    if verdict is Verdict.NONE:
        return f"the puzzle has no solution: {what}"
    within = f"within {solutions.nodes:,} nodes" if solutions.nodes else "within its budget"
    return f"no search {within} could prove the puzzle has one solution: {what}"


@dataclass(frozen=True, slots=True)
class ShapedHint(Generic[P]):
    """A hint at the depth asked (or less, when it has no more to give), the deepest depth
    it has, and the moves that apply it (at depth 5 only)."""

    hint: Hint[P]
    deepest: int
    moves: tuple[str, ...] = ()
    clean: bool = True
    """Whether the moves' placements take their value out of peers' pencil marks."""



def deepest(found: Hint[Any]) -> int:
    """The deepest depth a hint the session gave has: 5 for a step or mistakes (both can
    be applied), 1 for a sentence with nothing to show or apply ("the grid is solved")."""
    return 5 if found.step is not None or found.mistakes else 1


def revealed(found: Hint[Any]) -> object:
    """What the kind's hint ``found`` reveals (its step, or its mistakes): asked again, at
    any depth, from any grid, the same thing is the same hint."""
    return found.step if found.step is not None else (found.mistakes, found.text)


def shape_hint(
    kind: Kind[P], state: P, found: Hint[P], depth: int, solution: P | None
) -> ShapedHint[P]:
    """``found`` (the kind's hint at depth 5 for ``state``) as a player asking for
    ``depth`` sees it. A step goes 1 nudge, 2 technique, 3 cells, 4 step, 5 apply. Mistakes
    go 1 "something is wrong", 2 how many, 3 where, 4 what, 5 the fix (wrong entries
    cleared, the right value put back into pencil marks that ruled it out). A hint
    without either ("the grid is solved") has one depth."""
    if found.mistakes and solution is not None:
        return _mistake_hint(kind, state, found.mistakes, depth, solution)
    step = found.step
    if step is None:
        return ShapedHint(Hint(1, found.text, found.cells), 1)
    if depth < 5:
        return ShapedHint(hint_text(step, depth), 5)
    moves = tuple(kind.step_moves(state, step))
    return ShapedHint(hint_text(step, 5, found.after), 5, moves)


def _mistake_hint(
    kind: Kind[P], state: P, mistakes: tuple[Mistake, ...], depth: int, solution: P
) -> ShapedHint[P]:
    cells = tuple((m.row, m.col) for m in mistakes)
    wrong = set(kind.wrong_cells(state, solution)) & set(cells)
    fix = _fix_moves(kind, state, cells, wrong, solution)
    deepest = 5 if fix else 4
    depth = min(depth, deepest)
    if depth == 1:
        return ShapedHint(Hint(1, "Something in the grid contradicts the solution.",
                               mistakes=mistakes), deepest)
    if depth == 2:
        return ShapedHint(Hint(2, _count(len(wrong), len(cells) - len(wrong)),
                               mistakes=mistakes), deepest)
    where = ", ".join(_name(cell) for cell in cells)
    if depth == 3:
        return ShapedHint(Hint(3, f"Look at {where}.", cells, mistakes=mistakes), deepest)
    text = " ".join(m.message for m in mistakes)
    if depth == 4:
        return ShapedHint(Hint(4, text, cells, mistakes=mistakes), deepest)
    after = state
    for move in fix:
        after = kind.apply(after, move)
    return ShapedHint(Hint(5, f"Fixed: {_describe_fix(fix)}.", cells, mistakes=mistakes,
                           after=after), 5, fix, clean=False)


def _fix_moves(
    kind: Kind[P],
    state: P,
    cells: tuple[tuple[int, int], ...],
    wrong: set[tuple[int, int]],
    solution: P,
) -> tuple[str, ...]:
    """Clear each wrong entry; toggle the right value on in marks that lack it."""
    right = {}
    for text in kind.moves_between(state, solution):
        move = parse_move(text)
        if move.op is MoveOp.SET:
            right[(move.row, move.col)] = move.value
    moves = []
    for row, col in cells:
        name = _name((row, col))
        if (row, col) in wrong:
            moves.append(f"{name}-")
        elif (row, col) in right:
            moves.append(f"{name}^{right[(row, col)]}")
    return tuple(moves)


def _describe_fix(moves: tuple[str, ...]) -> str:
    cleared = [text[:-1] for text in moves if text.endswith("-")]
    marked = [text.replace("^", " gets mark ") for text in moves if "^" in text]
    parts = []
    if cleared:
        parts.append(f"cleared {', '.join(cleared)}")
    parts.extend(marked)
    return "; ".join(parts)


def _count(entries: int, marks: int) -> str:
    parts = []
    if entries:
        parts.append(f"{entries} of your entries {'is' if entries == 1 else 'are'} wrong")
    if marks:
        parts.append(
            f"the pencil marks of {marks} cell{'' if marks == 1 else 's'} rule out "
            "the right value"
        )
    text = " and ".join(parts) or "something is wrong"
    return f"{text[:1].upper()}{text[1:]}."


def _name(cell: tuple[int, int]) -> str:
    return f"r{cell[0] + 1}c{cell[1] + 1}"
