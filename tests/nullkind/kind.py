"""The null kind as a :class:`grille.kind.Kind`: every member of the protocol, tiny."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Sequence
from typing import Any

from grille.errors import GrilleError, MoveError
from grille.hints import Hint
from grille.info import KindInfo
from grille.kind import (
    Entry,
    GenerateChoices,
    GenerateOptions,
    KernelGroup,
    Kind,
    Solutions,
    Status,
    Violation,
    check_reach,
    kind_options,
    unknown_rules,
)
from grille.logic import Explanation, Step
from grille.moves import (
    MoveOp,
    differing_cells,
    keep_eliminations,
    mark_moves,
    moves_for_step,
    parse_move,
    unmark_moves,
    value_moves,
)
from grille.rating import ScoreRating
from grille.view import BoardView, CellView, Marker, Region
from nullkind import formats, line, logic
from nullkind.info import INFO
from nullkind.line import Line

__all__ = ["LineKind"]

_SIZE = re.compile(r"^\s*(?:1\s*x\s*)?(\d)\s*$")


class LineKind:
    """The null kind: one row of N cells holding 1..N once each (see :mod:`nullkind`)."""

    name = "nullkind"
    info: KindInfo = INFO
    formats: tuple[str, ...] = formats.FORMATS
    default_format = "line"
    candidates_format = "marks"
    levels: tuple[str, ...] = logic.LEVELS.names
    one_line_format = "line"
    rating_columns: tuple[str, ...] = ("level", "score", "hardest")

    def __repr__(self) -> str:
        return "LineKind()"

    def sniff(self, text: str) -> bool:
        """Whether every puzzle line of ``text`` starts with ``line:``."""
        return formats.sniff(text) is not None

    def read(self, text: str, *, fmt: str | None = None,
             source: str = "<input>") -> list[Entry[Line]]:
        """Every puzzle of ``text``."""
        return formats.read(text, fmt=fmt, source=source)

    def write(self, puzzles: Sequence[Line], fmt: str) -> str:
        """``puzzles`` in ``fmt``."""
        return formats.write(puzzles, fmt)

    def solve(self, puzzle: Line, *, limit: int = 2,
              budget: int | None = None) -> Solutions[Line]:
        """Up to ``limit`` solutions, by search."""
        return line.solve(puzzle, limit=limit, budget=budget)

    def solve_many(self, puzzles: Sequence[Line], *, limit: int = 2,
                   budget: int | None = None) -> list[Solutions[Line]]:
        """:meth:`solve` of each."""
        return [line.solve(puzzle, limit=limit, budget=budget) for puzzle in puzzles]

    def clues_of(self, state: Line) -> Line:
        """The clues alone."""
        return state.clues_only()

    def with_candidates(self, puzzle: Line) -> Line:
        """``puzzle`` with the values the rules leave each empty cell as pencil marks."""
        return puzzle.with_marks(line.candidate_masks(puzzle))

    def check(self, puzzle: Line) -> list[Violation]:
        """A value twice, or a broken ``<``/``>``."""
        return line.violations(puzzle)

    def status(self, puzzle: Line) -> Status:
        """Solved, incomplete or invalid."""
        return line.status(puzzle)

    def apply(self, puzzle: Line, move: str) -> Line:
        """The line after ``move`` (``r1c3=2``, ``r1c3-``, ``r1c3^2``, ``fill``)."""
        parsed = parse_move(move)
        if parsed.op is MoveOp.FILL_MARKS:
            return puzzle.with_marks(
                keep_eliminations(line.candidate_masks(puzzle), puzzle.marks))
        if parsed.row != 0 or parsed.col >= puzzle.size:
            raise MoveError(f"{move!r}: the line is 1 row of {puzzle.size} cells")
        if puzzle.is_given(parsed.col):
            raise MoveError(f"{move!r}: {line.cell_name(parsed.col)} holds a clue")
        if parsed.op is MoveOp.CLEAR or (parsed.op is MoveOp.SET and parsed.value == 0):
            return puzzle.with_value(parsed.col, 0)
        if not 1 <= parsed.value <= puzzle.size:
            raise MoveError(f"{move!r}: the cells hold 1 to {puzzle.size}")
        if parsed.op is MoveOp.SET:
            return puzzle.with_value(parsed.col, parsed.value)
        marks = list(puzzle.marks or (0,) * puzzle.size)
        marks[parsed.col] ^= 1 << (parsed.value - 1)
        return puzzle.with_marks(tuple(marks))

    def explain(self, puzzle: Line, **options: Any) -> Explanation[Line]:
        """The step-by-step solve (``ladder``: all or short)."""
        return logic.explain(puzzle, **kind_options(self.info, "explain", options))

    def rate(self, puzzle: Line, **options: Any) -> ScoreRating:
        """Easy, medium or hard (``ladder``: all or short)."""
        return logic.rate(puzzle, **kind_options(self.info, "rate", options))

    def hint(self, state: Line, *, depth: int = 1, **options: Any) -> Hint[Line]:
        """The next hint for a player at ``state``."""
        return logic.hint(state, depth=depth, **kind_options(self.info, "hint", options))

    def with_rules(self, puzzle: Line, rules: frozenset[str]) -> Line:
        """``puzzle``: the null kind has no rule variants."""
        if rules:
            raise unknown_rules(self.name, rules, ())
        return puzzle

    def generate(self, options: GenerateOptions, seed: int | str) -> Line:
        """A unique line of ``options.size`` cells (default 5) at ``options.level``."""
        size = self._cells(options.size)
        check_reach(self, options)
        self.with_rules(Line((1, 2)), options.rules)
        puzzle = logic.generate(size, options.level, seed)
        return dataclasses.replace(puzzle, metadata=options.metadata)

    def levels_for(self, size: str | None) -> tuple[str, ...]:
        """Every level, but not hard with 3 cells or fewer."""
        return logic.reached_levels(self._cells(size))

    def step_states(self, puzzle: Line, steps: Sequence[Step]) -> list[Line]:
        """The line before each step and after the last, candidates as pencil marks."""
        states = [puzzle]
        for step in steps:
            states.append(logic.apply_step(states[-1], step))
        return [self.with_candidates(state) for state in states]

    def generate_choices(self) -> GenerateChoices:
        """2 to 9 cells, every level (3 cells and fewer: up to medium)."""
        return GenerateChoices(
            sizes=f"N or 1xN, {line.MIN_CELLS} to {line.MAX_CELLS} cells (default 5)",
            levels=self.levels, level_limits=(("1x3 and smaller", "medium"),),
        )

    def view(self, puzzle: Line, state: Line) -> BoardView:
        """One row: its cells, the row as a region, ``<`` and ``>`` as markers."""
        clues = puzzle.clues_only()
        marks = state.marks or (0,) * state.size
        cells = tuple(
            CellView(value or None, bool(value) and clues.cells[cell] == value,
                     () if value else tuple(v for v in range(1, state.size + 1)
                                            if marks[cell] >> (v - 1) & 1))
            for cell, value in enumerate(state.cells)
        )
        markers = tuple(Marker("text", (0, cell), (0, cell + 1), relation)
                        for cell, relation in enumerate(state.relations) if relation)
        return BoardView(
            1, state.size, cells, tuple(str(v) for v in range(1, state.size + 1)),
            regions=(Region("row", tuple((0, c) for c in range(state.size)), name=logic.ROW),),
            markers=markers, mark_grid=(2, 2) if state.size <= 4 else (3, 3),
            keys=tuple((str(v), v) for v in range(1, state.size + 1)),
            title=f"Line 1×{state.size}",
        )

    def size_of(self, puzzle: Line) -> str:
        """``1x5``."""
        return f"1x{puzzle.size}"

    def peer_moves(self, state: Line, move: str) -> tuple[str, ...]:
        """A placed value leaves the pencil marks of the rest of the row."""
        parsed = parse_move(move)
        if parsed.op is not MoveOp.SET or not parsed.value:
            return ()
        others = (cell for cell in range(state.size) if cell != parsed.col)
        return tuple(unmark_moves(state.marks, others, parsed.value, state.size))

    def moves_between(self, before: Line, after: Line) -> tuple[str, ...]:
        """The moves that turn ``before``'s entries and marks into ``after``'s."""
        return (*value_moves(before.cells, after.cells, before.size),
                *mark_moves(before.marks, after.marks, before.size))

    def step_moves(self, state: Line, step: Step) -> tuple[str, ...]:
        """``step`` as moves for a player at ``state``."""
        return tuple(moves_for_step(step.placements, step.eliminations, state.marks,
                                    lambda: line.candidate_masks(state), state.size))

    def wrong_cells(self, state: Line, solution: Line) -> tuple[tuple[int, int], ...]:
        """The filled cells of ``state`` that differ from ``solution``."""
        return differing_cells(state.cells, solution.cells, state.size)

    def kernel_groups(self, uses: Collection[str]) -> tuple[KernelGroup, ...]:
        """None: nothing is compiled."""
        return ()

    def _cells(self, size: str | None) -> int:
        if size is None:
            return 5
        match = _SIZE.match(size)
        if match is None or not line.MIN_CELLS <= int(match[1]) <= line.MAX_CELLS:
            raise GrilleError(f"a line has {line.MIN_CELLS} to {line.MAX_CELLS} cells: "
                              f"size {size!r} (write N or 1xN)")
        return int(match[1])


_CHECK: Kind[Line] = LineKind()
"""mypy checks here that the class is a whole :class:`~grille.kind.Kind`."""
