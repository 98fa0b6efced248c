"""The jobs a batch runs on each puzzle: solve, count, rate, explain, generate.

A job is a small frozen value (it travels to other processes and machines by pickle) whose
:meth:`~PuzzleJob.run` turns a chunk of :class:`~grille.batch.reader.Record` into one
:class:`Outcome` per record, in order. Every outcome's text is one output line (after
comment lines a format may put first, like Takuzu's ``# rules:``), so the output has one
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

from grille.batch.reader import Record
from grille.errors import GrilleError, ParseError
from grille.kind import GenerateOptions, Kind, Solutions, Verdict
from grille.kinds import get_kind

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


def _failure(where: str, error: Exception, *, line_offset: int = 0) -> Outcome:
    """The outcome for ``error`` raised on the puzzle at ``where`` (``SOURCE:LINE``)."""
    if isinstance(error, ParseError):
        return Outcome.failure(str(error.located(line_offset=line_offset)))
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
        puzzle = record.puzzle
        try:
            if puzzle is None:
                entries = kind.read(record.text, fmt=self.fmt, source=self.source)
                if len(entries) != 1:
                    raise GrilleError(f"expected one puzzle on the line, found {len(entries)}")
                puzzle = entries[0].puzzle
            return kind.with_rules(puzzle, self.rules) if self.rules else puzzle
        except Exception as error:
            return _failure(self.where(record), error, line_offset=record.line - 1 - record.lead)

    def finish(self, kind: Kind[Any], items: list[tuple[Record, Any]]) -> list[Outcome]:
        """The outcomes of the puzzles that were read, one each, in order."""
        return [self._guarded(kind, record, puzzle) for record, puzzle in items]

    def _guarded(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        try:
            return self.one(kind, record, puzzle)
        except Exception as error:
            return _failure(self.where(record), error)

    @abstractmethod
    def one(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        """The outcome of one puzzle (each job says what it does)."""


@dataclass(frozen=True, slots=True)
class _SearchJob(PuzzleJob):
    """A job that searches within a node budget; ``compiled``: a chunk at a time, compiled.

    ``grille solve`` solves a short input one puzzle at a time (no compiler to load); a
    batch does the same when its input is known to be short, so the results agree.
    """

    budget: int | None = None
    compiled: bool = True

    @abstractmethod
    def search(self, kind: Kind[Any], puzzle: Any) -> Solutions[Any]:
        """One puzzle's search."""

    @abstractmethod
    def search_many(self, kind: Kind[Any], puzzles: list[Any]) -> list[Solutions[Any]]:
        """Many puzzles' searches in one call."""

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

    def search(self, kind: Kind[Any], puzzle: Any) -> Solutions[Any]:
        """Up to two solutions within the budget."""
        return kind.solve(puzzle, limit=2, budget=self.budget)

    def search_many(self, kind: Kind[Any], puzzles: list[Any]) -> list[Solutions[Any]]:
        """Up to two solutions each, in one compiled call."""
        return kind.solve_many(puzzles, limit=2, budget=self.budget)

    def answer(self, kind: Kind[Any], record: Record, puzzle: Any,
               result: Solutions[Any]) -> Outcome:
        """The solution, the puzzle unchanged with a note, or the budget's marker."""
        if result.unique and result.solution is not None:
            return Outcome(kind.write([result.solution], self.out_fmt))
        if result.verdict is Verdict.UNKNOWN:
            return Outcome.failure(
                f"{self.where(record)}: search budget of {self.budget} nodes reached"
            )
        return Outcome(kind.write([puzzle], self.out_fmt),
                       f"{self.where(record)}: {result.verdict.value}")


@dataclass(frozen=True, slots=True)
class CountJob(_SearchJob):
    """Each puzzle's number of solutions, ``N+`` when ``limit`` stopped the count.

    ``limit`` 0 counts them all; a count the budget cut short gets a marker line.
    """

    limit: int = 0

    def search(self, kind: Kind[Any], puzzle: Any) -> Solutions[Any]:
        """Solutions counted up to the limit, within the budget."""
        return kind.solve(puzzle, limit=self.limit, budget=self.budget)

    def search_many(self, kind: Kind[Any], puzzles: list[Any]) -> list[Solutions[Any]]:
        """Counts in one compiled call."""
        return kind.solve_many(puzzles, limit=self.limit, budget=self.budget)

    def answer(self, kind: Kind[Any], record: Record, puzzle: Any,
               result: Solutions[Any]) -> Outcome:
        """``N``, ``N+``, or the budget's marker."""
        if result.budget_reached:
            return Outcome.failure(
                f"{self.where(record)}: search budget of {self.budget} nodes reached "
                f"after {result.count} solution(s)"
            )
        return Outcome(f"{result.count}\n" if result.exhausted else f"{result.count}+\n")


@dataclass(frozen=True, slots=True)
class RateJob(PuzzleJob):
    """Each puzzle in ``out_fmt`` and its rating fields, tab-separated, as ``grille rate``."""

    out_fmt: str = ""

    def one(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        """The puzzle, its level and its scores."""
        rating = kind.rate(puzzle)
        text = kind.write([puzzle], self.out_fmt).strip()
        return Outcome("\t".join((text, *rating.fields())) + "\n")


@dataclass(frozen=True, slots=True)
class ExplainJob(PuzzleJob):
    """Each puzzle's step-by-step solve as one JSON object: its line, solved, its steps.

    The steps are those of ``grille explain --format json``; a puzzle the steps do not
    solve is noted on stderr.
    """

    def one(self, kind: Kind[Any], record: Record, puzzle: Any) -> Outcome:
        """``{"line": N, "solved": ..., "steps": [...]}`` on one line."""
        solve_path = kind.explain(puzzle)
        data = {
            "line": record.line,
            "solved": solve_path.solved,
            "steps": [step.to_json() for step in solve_path.steps],
        }
        note = "" if solve_path.solved else (
            f"{self.where(record)}: stuck after {len(solve_path.steps)} steps"
        )
        return Outcome(json.dumps(data) + "\n", note)


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
