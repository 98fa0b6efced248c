"""The jobs a batch runs on each puzzle: solve, count, rate, explain, generate.

A job is a small frozen value (it travels to other processes and machines by pickle) whose
:meth:`~PuzzleJob.run` turns a chunk of :class:`~grille.batch.reader.Record` into one
:class:`Outcome` per record, in order. Every outcome's text is one output line (after
comment lines a format may put first, like a ``# rules:`` line), so the output has one
line per input puzzle: a puzzle that fails to read, reaches the search budget or breaks
the job gets a marker line ``# error: SOURCE:LINE: reason`` at its place, and the batch
goes on. Everything a job does goes through the kinds' :class:`~grille.kind.Kind`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from grille.batch.reader import Record, read_puzzle
from grille.cliinput import rating_line
from grille.errors import GrilleError, ParseError
from grille.kind import GenerateOptions, Kind, Solutions
from grille.kinds import get_kind
from grille.limits import (
    EXIT_BUDGET,
    TimeLimitError,
    search_within,
    solve_within,
    stop_message,
    time_limit,
    verdict_problem,
)

__all__ = [
    "MARKER",
    "CountJob",
    "ExplainJob",
    "GenerateJob",
    "Job",
    "Outcome",
    "PuzzleJob",
    "RateJob",
    "SolveJob",
    "run_chunk",
]

MARKER = "# error: "
"""How an output line that stands for a failed puzzle starts."""

MANY = 32
"""From this many puzzles in an input on, solve them in compiled calls (as ``grille solve``)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a job made of one record: its output text, a note for stderr, whether it failed."""

    text: str
    note: str = ""
    failed: bool = False

    @classmethod
    def failure(cls, message: str) -> Outcome:
        """The marker line for a puzzle that failed, ``message`` saying where and why."""
        message = message.replace("\r", " ").replace("\n", " ")
        return cls(f"{MARKER}{message}\n", f"error: {message}", True)


def _failure(where: str, error: Exception) -> Outcome:
    """The outcome for ``error`` raised on the puzzle at ``where`` (``SOURCE:LINE``)."""
    if isinstance(error, ParseError):
        return Outcome.failure(str(error))
    if isinstance(error, GrilleError):
        return Outcome.failure(f"{where}: {error}")
    return Outcome.failure(f"{where}: {type(error).__name__}: {error}")


@dataclass(frozen=True, slots=True)
class PuzzleJob(ABC):
    """The part every job on input puzzles shares: reading each record into a puzzle.

    ``fmt`` is the input format (records of a one-puzzle-a-line input are parsed here),
    ``source`` names the input in messages, ``rules`` are the rule variants asked for.
    """

    kind_name: str
    fmt: str
    source: str
    rules: frozenset[str] = frozenset()

    def run(self, records: Sequence[Record]) -> list[Outcome]:
        """One outcome per record, in order."""
        kind = get_kind(self.kind_name)
        outcomes: list[Outcome | None] = []
        ready: list[tuple[int, Record, Any]] = []
        for index, record in enumerate(records):
            puzzle = self._read(kind, record)
            if isinstance(puzzle, Outcome):
                outcomes.append(puzzle)
            else:
                outcomes.append(None)
                ready.append((index, record, puzzle))
        done = self.finish(kind, [(record, puzzle) for _, record, puzzle in ready])
        for (index, _, _), outcome in zip(ready, done, strict=True):
            outcomes[index] = outcome
        return [outcome for outcome in outcomes if outcome is not None]

    def where(self, record: Record) -> str:
        """``SOURCE:LINE`` of a record, for messages."""
        return f"{self.source}:{record.line}"

    def _read(self, kind: Kind[Any], record: Record) -> Any:
        """The record's puzzle under the asked rules, or the failure outcome."""
        if record.error:
            return Outcome.failure(record.error)
        try:
            return read_puzzle(kind, record, self.fmt, source=self.source, rules=self.rules)
        except Exception as error:
            return _failure(self.where(record), error)

    def finish(self, kind: Kind[Any], items: list[tuple[Record, Any]]) -> list[Outcome]:
        """The outcomes of the puzzles that were read, one each, in order."""
        return [self._guarded(kind, record, puzzle) for record, puzzle in items]

    def _guarded(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        try:
            return self.one(kind, record, puzzle)
        except TimeLimitError as error:  # its message says where
            return Outcome.failure(str(error))
        except Exception as error:
            return _failure(self.where(record), error)

    @abstractmethod
    def one(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        """The outcome of one puzzle (each job says what it does)."""


@dataclass(frozen=True, slots=True)
class _SearchJob(PuzzleJob):
    """A job that searches within a node budget and a time limit per puzzle (``seconds``,
    ``None``: none); ``compiled``: a chunk at a time, compiled.

    ``grille solve`` solves a short input one puzzle at a time (no compiler to load); a
    batch does the same when its input is known to be short, so the results agree.
    """

    budget: int | None = None
    compiled: bool = True
    seconds: float | None = None
    limit: int = 2
    """Solutions to count at most (0: all)."""

    def search(self, kind: Kind[Any], puzzle: Any) -> Solutions[Any]:
        """One puzzle's search."""
        return search_within(kind, [puzzle], limit=self.limit, budget=self.budget,
                             seconds=self.seconds, compiled=False)[0]

    def search_many(self, kind: Kind[Any], puzzles: list[Any]) -> list[Solutions[Any]]:
        """Many puzzles' searches in one compiled call."""
        return search_within(kind, puzzles, limit=self.limit, budget=self.budget,
                             seconds=self.seconds, compiled=True)

    @abstractmethod
    def answer(self, kind: Kind[Any], record: Record, puzzle: Any,
               result: Solutions[Any]) -> Outcome:
        """The outcome of a finished search."""

    def finish(self, kind: Kind[Any], items: list[tuple[Record, Any]]) -> list[Outcome]:
        """The searches in one compiled call, or one by one for a short input."""
        if self.compiled and len(items) > 1:
            try:
                results = self.search_many(kind, [puzzle for _, puzzle in items])
            except Exception:
                return PuzzleJob.finish(self, kind, items)
            return [
                self._answered(kind, record, puzzle, result)
                for (record, puzzle), result in zip(items, results, strict=True)
            ]
        return PuzzleJob.finish(self, kind, items)

    def one(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        """One puzzle searched and answered."""
        return self._answered(kind, record, puzzle, self.search(kind, puzzle))

    def _answered(self, kind: Kind[Any], record: Record, puzzle: Any,
                  result: Solutions[Any]) -> Outcome:
        try:
            return self.answer(kind, record, puzzle, result)
        except Exception as error:
            return _failure(self.where(record), error)


@dataclass(frozen=True, slots=True)
class SolveJob(_SearchJob):
    """Each puzzle's solution in ``out_fmt``, as ``grille solve`` writes it.

    A puzzle without exactly one solution is written unchanged and noted on stderr; one
    whose search reaches the budget gets a marker line.
    """

    out_fmt: str = ""

    def answer(self, kind: Kind[Any], record: Record, puzzle: Any,
               result: Solutions[Any]) -> Outcome:
        """The solution, the puzzle unchanged with a note, or the limit's marker."""
        problem = verdict_problem(result, budget=self.budget, seconds=self.seconds)
        if problem is None and result.solution is not None:
            return Outcome(kind.write([result.solution], self.out_fmt))
        assert problem is not None
        status, why = problem
        if status == EXIT_BUDGET:
            return Outcome.failure(f"{self.where(record)}: {why}")
        return Outcome(kind.write([puzzle], self.out_fmt), f"{self.where(record)}: {why}")


@dataclass(frozen=True, slots=True)
class CountJob(_SearchJob):
    """Each puzzle's number of solutions, ``N+`` when ``limit`` stopped the count.

    ``limit`` 0 counts them all; a count the budget or the time limit cut short gets a
    marker line.
    """

    def answer(self, kind: Kind[Any], record: Record, puzzle: Any,
               result: Solutions[Any]) -> Outcome:
        """``N``, ``N+``, or the limit's marker."""
        if result.budget_reached:
            why = stop_message(result, budget=self.budget, seconds=self.seconds, solutions=True)
            return Outcome.failure(f"{self.where(record)}: {why}")
        return Outcome(f"{result.count}\n" if result.exhausted else f"{result.count}+\n")


@dataclass(frozen=True, slots=True)
class _CheckedJob(PuzzleJob):
    """A job that first checks that a puzzle has exactly one solution, within ``budget``
    nodes, then works on it; ``seconds`` bounds the check and the work together (``None``:
    no limits). ``options`` are the kind's own options for the work, as ``(name, value)``
    pairs (see :func:`grille.cliargs.given_kind_options`)."""

    budget: int | None = None
    seconds: float | None = None
    options: tuple[tuple[str, Any], ...] = ()

    def one(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        """The work's outcome; for a puzzle without one solution, :meth:`not_unique`'s; a
        check or work stopped by a limit gets a marker line."""
        with time_limit(self.seconds, self.where(record)):
            result = solve_within(kind, puzzle, budget=self.budget, seconds=self.seconds)
            problem = verdict_problem(result, budget=self.budget, seconds=self.seconds)
            if problem is None:
                return self.work(kind, record, puzzle)
        status, why = problem
        if status == EXIT_BUDGET:
            return Outcome.failure(f"{self.where(record)}: {why}")
        return self.not_unique(kind, record, puzzle, why)

    @abstractmethod
    def work(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        """The outcome of a puzzle with one solution."""

    @abstractmethod
    def not_unique(self, kind: Kind[Any], record: Record, puzzle: Any, why: str) -> Outcome:
        """The outcome of a puzzle with no solution or several (``why`` says which)."""


@dataclass(frozen=True, slots=True)
class RateJob(_CheckedJob):
    """Each puzzle in ``out_fmt`` and its rating fields, tab-separated, as ``grille rate``
    (with the kind's ``options`` for ``rate``); a puzzle without one solution gets ``-``
    fields."""

    out_fmt: str = ""

    def work(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        """The puzzle, its level and its scores."""
        rating = kind.rate(puzzle, **dict(self.options))
        return Outcome(rating_line(kind, puzzle, rating.fields(), self.out_fmt))

    def not_unique(self, kind: Kind[Any], record: Record, puzzle: Any, why: str) -> Outcome:
        """The puzzle and ``-`` fields, noted."""
        unrated = ("-",) * len(kind.rating_columns)
        return Outcome(rating_line(kind, puzzle, unrated, self.out_fmt),
                       f"{self.where(record)}: {why}")


@dataclass(frozen=True, slots=True)
class ExplainJob(_CheckedJob):
    """Each puzzle's step-by-step solve as one JSON object: its line, solved, the scale of
    its steps' difficulties, its steps, and its rating when the steps are the path a scale
    rates (``null`` otherwise).

    The steps are those of ``grille explain --format json``; a puzzle the steps do not
    solve is noted on stderr. A puzzle without one solution is not explained: no steps,
    and ``"verdict": "no solution"`` or ``"several solutions"``.
    """

    def work(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        """``{"line": N, "solved": ..., "scale": ..., "steps": [...], "rating": ...}`` on
        one line."""
        solve_path = kind.explain(puzzle, **dict(self.options))
        data = {"line": record.line, **solve_path.to_json()}
        note = "" if solve_path.solved else (
            f"{self.where(record)}: stuck after {len(solve_path.steps)} steps"
        )
        return Outcome(json.dumps(data) + "\n", note)

    def not_unique(self, kind: Kind[Any], record: Record, puzzle: Any, why: str) -> Outcome:
        """``{"line": N, "solved": false, "steps": [], "verdict": why}``, noted."""
        data = {"line": record.line, "solved": False, "steps": [], "verdict": why}
        return Outcome(json.dumps(data) + "\n", f"{self.where(record)}: {why}")


@dataclass(frozen=True, slots=True)
class GenerateJob:
    """New puzzles: record ``n`` (its ``line``) is generated from its seed (its ``text``).

    Written in ``fmt`` as ``grille generate`` writes them, so the same seed and options
    give the same lines.
    """

    kind_name: str
    options: GenerateOptions
    fmt: str

    def run(self, records: Sequence[Record]) -> list[Outcome]:
        """One puzzle per record, in order."""
        kind = get_kind(self.kind_name)
        return [self._one(kind, record) for record in records]

    def _one(self, kind: Kind[Any], record: Record) -> Outcome:
        try:
            return Outcome(kind.write([kind.generate(self.options, record.text)], self.fmt))
        except Exception as error:
            return _failure(f"puzzle {record.line} (seed {record.text})", error)


Job = PuzzleJob | GenerateJob
"""Any job a batch runs."""


def run_chunk(job: Job, records: Sequence[Record]) -> list[Outcome]:
    """``job`` on a chunk of records: what a worker process or a cluster's worker runs."""
    return job.run(records)
