"""The ``grille`` command line.

Every subcommand reads puzzles of any kind and format (sniffed unless ``--kind`` and
``--from`` say otherwise) and works through the :class:`grille.kind.Kind` interface
alone. Bad input ends with one line ``grille: error: FILE:LINE:COLUMN: reason`` and exit
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import io
import json
import os
import re
import secrets
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any, TextIO

from grille import __version__
from grille.engine._jit import compiling, work_clock
from grille.errors import BudgetExceededError, GrilleError, ParseError
from grille.kind import (
    Entry,
    GenerateChoices,
    GenerateOptions,
    Kind,
    Puzzle,
    Solutions,
    unknown_rules,
)
from grille.kinds import KIND_NAMES, RULES, claiming_kinds, get_kind, sniff_kind
from grille.rating import SUDOKU_MAX_NESTING, SUDOKU_SCALES
from grille.warm import announce_compiles

__all__ = [
    "COMMAND_MODULES",
    "ExitStatus",
    "KindOptionsParser",
    "PuzzleStream",
    "Unreadable",
    "add_budget",
    "add_checked_limits",
    "add_generate_options",
    "add_input",
    "add_kind_commands",
    "add_nesting",
    "add_output",
    "add_rules",
    "add_scale",
    "add_time_limit",
    "decode_text",
    "emit",
    "explainer",
    "generate_options",
    "kind_and_entries",
    "main",
    "non_negative",
    "open_puzzle_argument",
    "positive",
    "progress",
    "quiet_stdout",
    "rater",
    "rating_line",
    "read_puzzle_argument",
    "read_puzzles",
    "search_within",
    "solve_within",
    "stop_message",
    "time_limit",
    "verdict_problem",
]

CommandFactory = Callable[[str, Callable[[argparse.Namespace], int], str], Any]
"""``command(name, handler, help)``: adds a subcommand and returns its parser."""

COMMAND_MODULES: tuple[str, ...] = ("grille.render.commands", "grille.batch.commands",
                                     "grille.tui.commands", "grille.web.commands",
                                     "grille.warm")
"""Modules that add subcommands with ``add_commands(command: CommandFactory)``.

They are imported when the parser is built, so they import only what argparse needs at
the top and the heavy libraries (web server, terminal UI ...) inside their handlers.
"""

EXIT_OK = 0
EXIT_NOT_ALL = 1
EXIT_BAD_INPUT = 2
EXIT_BUDGET = 3
EXIT_PIPE = 128 + 13
"""Standard output's reader went away (``grille ... | head``): the status of a process
ended by SIGPIPE, as the shell reports it; nothing is printed."""

SERIOUSNESS = (EXIT_OK, EXIT_NOT_ALL, EXIT_BUDGET, EXIT_BAD_INPUT)
"""Exit statuses from the least to the most serious: a command that meets several problems
exits with the most serious (bad input, then a limit reached, then no unique solution)."""

STREAM_CHUNK = 4096
"""Puzzles read, searched and written at a time by ``count``, so its memory stays flat."""

BATCH_THRESHOLD = 32
"""From this many puzzles on, solve them in one compiled batch call."""

PATH_SUFFIX = re.compile(r"\.[a-z]{2,}[a-z0-9]*$")
"""A file name's ending (``.txt``, ``.sdk`` ...), which a typed puzzle does not have."""

DEFAULT_BUDGET = 10_000_000
"""Search nodes one puzzle may use before the search stops with an 'unknown' verdict."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds one puzzle's search may take (solving, counting, explaining, rating, generating)."""

FIRST_ROUND = 1 << 16
"""Under a time limit a search runs in rounds of growing node budgets, the time checked
between them (a compiled search cannot be interrupted): this many nodes first."""


class TimeLimitError(BudgetExceededError):
    """A search ran out of its time (``--time-limit``)."""


@dataclass(frozen=True, slots=True)
class Input:
    """A text read from a file or standard input, and the name to quote it by."""

    text: str
    source: str


def read_input(path: str | None) -> Input:
    """The text of ``path`` (``-`` or ``None``: standard input), decoded as UTF-8."""
    if path in (None, "-"):
        data = sys.stdin.buffer.read()
        source = "<stdin>"
    else:
        with open(path, "rb") as handle:
            data = handle.read()
        source = path
    return Input(decode_text(data, source), source)


def decode_text(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text (a byte order mark dropped); ``ParseError`` at the first NUL
    byte or invalid sequence, its column counted in characters."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    if b"\0" in data:
        line, column = _byte_position(data, data.index(b"\0"))
        raise ParseError("binary data, not a puzzle text", line=line, column=column,
                         source=source)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _byte_position(data, error.start)
        raise ParseError("not UTF-8 text", line=line, column=column, source=source) from None


def _byte_position(data: bytes, index: int) -> tuple[int, int]:
    """The 1-based line and character column of byte ``index`` of ``data``."""
    before = data[:index]
    line_start = before.rfind(b"\n") + 1
    return before.count(b"\n") + 1, len(before[line_start:].decode("utf-8", "replace")) + 1


def read_puzzle_argument(argument: str) -> Input:
    """A file's text, standard input for ``-``, or else the argument itself as a puzzle.

    An argument that names no file is a puzzle when some kind's sniffer claims it (a short
    game ID like ``6x6u:BhgCAbCef`` too, or a random-seed ID, which its reader refuses
    with the reason) or when it does not look like a path; only a path-like argument
    gets "No such file or directory".
    """
    if argument == "-" or os.path.exists(argument) or _looks_like_path(argument):
        return read_input(argument)
    return Input(argument, "<argument>")


def _looks_like_path(argument: str) -> bool:
    """Whether a command-line argument that names no existing file was meant as a file name
    rather than a puzzle: no kind claims it, and it has a directory separator, a file
    name's ending, or is too short to spell a grid (the smallest, 4x4, has 16 cells)."""
    if "\n" in argument or argument.lstrip().startswith(("{", "<")):
        return False
    if claiming_kinds(argument):
        return False
    return os.sep in argument or len(argument) < 16 or PATH_SUFFIX.search(argument) is not None


def kind_and_entries(args: argparse.Namespace) -> tuple[Kind[Any], list[Entry[Any]], Input]:
    given = read_puzzle_argument(args.file)
    kind = get_kind(args.kind) if args.kind else sniff_kind(given.text, source=given.source)
    fmt = getattr(args, "from_format", None)
    if fmt is not None and fmt not in kind.formats:
        raise GrilleError(f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}")
    entries = kind.read(given.text, fmt=fmt, source=given.source)
    rules = chosen_rules(args)
    if rules:
        entries = [
            Entry(kind.with_rules(e.puzzle, rules), e.line, e.fmt) for e in entries
        ]
    return kind, entries, given


@contextlib.contextmanager
def open_puzzle_argument(argument: str) -> Iterator[tuple[str, IO[bytes], str | None]]:
    """The input's name, its bytes as a stream, and its path when it is a regular file: a
    file's bytes are read as they are needed, never all at once."""
    if argument == "-":
        yield "<stdin>", sys.stdin.buffer, None
    elif os.path.exists(argument):
        with open(argument, "rb") as binary:
            yield argument, binary, argument if os.path.isfile(argument) else None
    else:
        given = read_puzzle_argument(argument)
        yield given.source, io.BytesIO(given.text.encode()), None


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A puzzle of the input that does not read: the line it starts on and why, the
    message naming the place (``FILE:LINE:COLUMN: reason``)."""

    line: int
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class PuzzleStream:
    """An input being read one puzzle at a time: its kind, format and name, and its items in
    input order, each a puzzle (an :class:`Entry`) or an :class:`Unreadable` one."""

    kind: Kind[Any]
    fmt: str
    source: str
    items: Iterator[Entry[Any] | Unreadable]


@contextlib.contextmanager
def read_puzzles(args: argparse.Namespace) -> Iterator[PuzzleStream]:
    """The puzzles of the command's input (``args.file``, ``--kind``, ``--from``, the rule
    flags), streamed: a puzzle that does not read becomes an :class:`Unreadable` at its
    place and the rest still read. An input that cannot be read at all (no kind or format
    recognised, a JSON or XML document with an error) raises ``ParseError``."""
    from grille.batch.reader import read_puzzle, start_reading

    with open_puzzle_argument(args.file) as (source, binary, _):
        chosen = get_kind(args.kind) if args.kind else None
        kind, reading = start_reading(
            binary, chosen, getattr(args, "from_format", None), source=source
        )
        rules = chosen_rules(args)
        known = RULES.get(kind.name, ())
        if not rules <= set(known):
            raise unknown_rules(kind.name, rules - set(known), known)

        def items() -> Iterator[Entry[Any] | Unreadable]:
            for record in reading.records:
                try:
                    puzzle = read_puzzle(kind, record, reading.fmt, source=source, rules=rules)
                except ParseError as error:
                    yield Unreadable(error.line, str(error))
                except GrilleError as error:
                    where = "" if record.error else f"{source}:{record.line}: "
                    yield Unreadable(record.line, f"{where}{error}")
                else:
                    yield Entry(puzzle, record.line, reading.fmt)

        yield PuzzleStream(kind, reading.fmt, source, items())


def _chunks(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    """``items`` in lists of ``size`` (the last one shorter)."""
    chunk: list[Any] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class ExitStatus:
    """The exit status of a command that goes on past problems: the most serious met."""

    def __init__(self) -> None:
        self.value = EXIT_OK

    def __repr__(self) -> str:
        return f"ExitStatus({self.value})"

    def add(self, status: int) -> None:
        """Note a problem (or none: ``EXIT_OK``)."""
        self.value = max(self.value, status, key=SERIOUSNESS.index)

    def unreadable(self, item: Unreadable) -> None:
        """Report a puzzle that does not read, on stderr, and note the bad input."""
        print(f"grille: error: {item}", file=sys.stderr)
        self.add(EXIT_BAD_INPUT)


def chosen_rules(args: argparse.Namespace) -> frozenset[str]:
    """The rule-variant flags given on the command line."""
    return frozenset(
        rule for rules in RULES.values() for rule in rules
        if getattr(args, _rule_dest(rule), False)
    )


def _rule_dest(rule: str) -> str:
    return "rule_" + rule.replace("-", "_")


def add_rules(command: argparse.ArgumentParser) -> None:
    """A flag for each kind's optional rule variant (``--no-unique-lines`` ...)."""
    for kind_name, rules in RULES.items():
        for rule in rules:
            command.add_argument(f"--{rule}", dest=_rule_dest(rule), action="store_true",
                                 help=f"{kind_name} rule variant: {rule}")


def _solve_all(
    kind: Kind[Any], puzzles: Sequence[Puzzle], *, limit: int, budget: int | None,
    seconds: float | None = None,
) -> list[Solutions[Any]]:
    """Each puzzle searched within ``budget`` nodes and ``seconds`` (``None``: no limit);
    many puzzles go in one compiled batch, which gets ``seconds`` per puzzle as a whole."""
    return search_within(kind, puzzles, limit=limit, budget=budget, seconds=seconds,
                         compiled=len(puzzles) >= BATCH_THRESHOLD)


def search_within(
    kind: Kind[Any], puzzles: Sequence[Puzzle], *, limit: int, budget: int | None,
    seconds: float | None, compiled: bool,
) -> list[Solutions[Any]]:
    """Each puzzle searched for up to ``limit`` solutions within ``budget`` nodes and
    ``seconds`` each (``None``: no limit): all in one compiled call (``compiled``, which
    gets the puzzles' seconds as a whole) or one after the other."""
    if compiled:
        total = seconds * len(puzzles) if seconds else None
        return _solve_in_rounds(kind.solve_many, puzzles, limit, budget, total)

    def solve_each(group: Sequence[Puzzle], *, limit: int, budget: int | None) -> list[Any]:
        return [kind.solve(puzzle, limit=limit, budget=budget) for puzzle in group]

    return [
        _solve_in_rounds(solve_each, [puzzle], limit, budget, seconds)[0] for puzzle in puzzles
    ]


def _solve_in_rounds(
    solve: Callable[..., list[Solutions[Any]]],
    puzzles: Sequence[Puzzle],
    limit: int,
    budget: int | None,
    seconds: float | None,
) -> list[Solutions[Any]]:
    """``solve`` within ``budget`` nodes each, in rounds sized to end by ``seconds``.

    Without a time limit this is one call. With one, the searches that ran out of a round's
    nodes start again with more, as many as the last round's speed says fit in the time
    left, until they end, reach ``budget`` or the time is up: the result then has
    ``budget_reached`` with fewer nodes than ``budget`` (see :func:`stop_message`).
    """
    if not seconds:
        return solve(puzzles, limit=limit, budget=budget)
    deadline = work_clock() + seconds  # compiling a kernel on first use does not count
    results: list[Solutions[Any] | None] = [None] * len(puzzles)
    pending = list(range(len(puzzles)))
    nodes = FIRST_ROUND
    while pending:
        step = nodes if budget is None else min(nodes, budget)
        started = work_clock()
        found = solve([puzzles[index] for index in pending], limit=limit, budget=step)
        for index, result in zip(pending, found, strict=True):
            results[index] = result
        pending = [index for index, result in zip(pending, found, strict=True)
                   if result.budget_reached and step != budget]
        left = deadline - work_clock()
        if left <= 0:
            break
        speed = sum(result.nodes for result in found) / max(work_clock() - started, 1e-3)
        nodes = max(nodes + 1, min(4 * nodes, int(speed * left / max(len(pending), 1))))
    return [result for result in results if result is not None]


def solve_within(
    kind: Kind[Any], puzzle: Puzzle, *, budget: int | None, seconds: float | None
) -> Solutions[Any]:
    """Up to two solutions of ``puzzle`` within ``budget`` nodes and ``seconds``: whether it
    has exactly one, as ``rate``, ``explain``, ``hint`` and ``candidates`` check first."""
    return search_within(kind, [puzzle], limit=2, budget=budget, seconds=seconds,
                         compiled=False)[0]


def stop_message(
    result: Solutions[Any], *, budget: int | None, seconds: float | None,
    solutions: bool = False,
) -> str:
    """Why a search stopped early, in one sentence: its node budget or, with fewer nodes,
    its time limit; ``solutions``: say how many solutions it had counted.

    ``stopped after 12 solutions: search budget of 20,000 nodes reached (raise it with
    --budget)``; ``stopped after 2,057,789 solutions and 4,194,305 nodes: time limit of 60 s
    reached (raise it with --time-limit)``.
    """
    counted = _plural(result.count, "solution") if solutions else ""
    if (budget is not None and result.nodes >= budget) or not seconds:
        reason = f"search budget of {budget or 0:,} nodes reached (raise it with --budget)"
        return f"stopped after {counted}: {reason}" if counted else reason
    done = f"{counted} and {result.nodes:,} nodes" if counted else f"{result.nodes:,} nodes"
    return f"stopped after {done}: time limit of {seconds:g} s reached (raise it with --time-limit)"


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}" + ("" if count == 1 else "s")


def verdict_problem(
    result: Solutions[Any], *, budget: int | None, seconds: float | None
) -> tuple[int, str] | None:
    """``None`` for a puzzle with exactly one solution, else the exit status and the note:
    ``no solution``, ``several solutions`` or ``unknown: <why the search stopped>``."""
    if result.unique and result.solution is not None:
        return None
    if result.budget_reached and result.count < 2:
        return EXIT_BUDGET, f"unknown: {stop_message(result, budget=budget, seconds=seconds)}"
    return EXIT_NOT_ALL, result.verdict.value


@contextlib.contextmanager
def time_limit(seconds: float | None, what: str) -> Iterator[None]:
    """Raise :class:`TimeLimitError` (a :class:`BudgetExceededError`) in the body after
    ``seconds`` (``None`` or 0: never), naming ``what`` ran out of time.

    It uses ``SIGALRM``, so it works in the main thread of a Unix process, and interrupts
    Python code only: a compiled kernel (bounded by its node budget) finishes its call first.
    The time counted is :func:`~grille.engine._jit.work_clock`'s: compiling a kernel on first
    use does not count, and is never interrupted.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not seconds or not usable:
        yield
        return
    armed = True
    deadline = work_clock() + seconds

    def ring(signum: int, frame: object) -> None:
        left = deadline - work_clock()
        if armed and (left > 0 or compiling()):  # time went to compiling: wait for the rest
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.05))
        elif armed:
            raise TimeLimitError(
                f"{what}: time limit of {seconds:g} s reached (raise it with --time-limit)"
            )

    previous = signal.signal(signal.SIGALRM, ring)
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        yield
    finally:
        armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _output_format(kind: Kind[Any], args: argparse.Namespace, input_fmt: str) -> str:
    fmt: str = getattr(args, "to", None) or input_fmt
    if fmt not in kind.formats:
        raise GrilleError(f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}")
    return fmt


def emit(text: str, args: argparse.Namespace) -> None:
    output = getattr(args, "output", None)
    if output in (None, "-"):
        sys.stdout.write(text)
        return
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)


@contextlib.contextmanager
def _output(args: argparse.Namespace, stream: PuzzleStream) -> Iterator[TextIO]:
    """Where a command that writes as it reads writes: ``-o OUT`` (not the input it is still
    reading), else standard output."""
    output = getattr(args, "output", None)
    if output in (None, "-"):
        yield sys.stdout
        return
    if os.path.exists(output) and os.path.exists(stream.source) and (
        os.path.samefile(output, stream.source)
    ):
        raise GrilleError(f"{output} is the input: write the output to another file")
    with open(output, "w", encoding="utf-8") as handle:
        yield handle


def _where(stream: PuzzleStream, entry: Entry[Any]) -> str:
    return f"{stream.source}:{entry.line}"


# -- subcommands -------------------------------------------------------------------------


def cmd_solve(args: argparse.Namespace) -> int:
    """Print each puzzle's solution; report puzzles without exactly one solution."""
    status = ExitStatus()
    with read_puzzles(args) as stream:
        kind = stream.kind
        fmt = _output_format(kind, args, stream.fmt)
        items = list(stream.items)
    entries = [item for item in items if isinstance(item, Entry)]
    results = iter(_solve_all(kind, [e.puzzle for e in entries], limit=2, budget=args.budget,
                              seconds=args.time_limit))
    written = []
    for item in items:
        if isinstance(item, Unreadable):
            status.unreadable(item)
            continue
        result = next(results)
        problem = verdict_problem(result, budget=args.budget, seconds=args.time_limit)
        if problem is None and result.solution is not None:
            written.append(result.solution)
            continue
        written.append(item.puzzle)
        if problem is not None:
            status.add(problem[0])
            print(f"{_where(stream, item)}: {problem[1]}", file=sys.stderr)
    if written:
        emit(kind.write(written, fmt), args)
    return status.value


def cmd_count(args: argparse.Namespace) -> int:
    """Print the number of solutions of each puzzle, one per line, as they are counted."""
    status = ExitStatus()
    with read_puzzles(args) as stream, _output(args, stream) as out:
        for chunk in _chunks(stream.items, STREAM_CHUNK):
            out.write(_count_chunk(stream, chunk, args, status))
            out.flush()
            del chunk  # before the next one is read: one chunk in memory at a time
    return status.value


def _count_chunk(
    stream: PuzzleStream, chunk: list[Entry[Any] | Unreadable], args: argparse.Namespace,
    status: ExitStatus,
) -> str:
    """The count lines of a chunk of puzzles; what does not read or stops early is told."""
    entries = [item for item in chunk if isinstance(item, Entry)]
    results = iter(_solve_all(stream.kind, [e.puzzle for e in entries], limit=args.limit,
                              budget=args.budget, seconds=args.time_limit))
    lines = []
    for item in chunk:
        if isinstance(item, Unreadable):
            status.unreadable(item)
            continue
        result = next(results)
        lines.append(f"{result.count}\n" if result.exhausted else f"{result.count}+\n")
        if result.budget_reached:
            status.add(EXIT_BUDGET)
            why = stop_message(result, budget=args.budget, seconds=args.time_limit,
                               solutions=True)
            print(f"{_where(stream, item)}: {why}", file=sys.stderr)
    return "".join(lines)


def _checked(
    stream: PuzzleStream, entry: Entry[Any], args: argparse.Namespace, status: ExitStatus
) -> bool:
    """Whether ``entry``'s puzzle has exactly one solution, as far as ``--budget`` and
    ``--time-limit`` let the search find out; if not, say so on stderr and note it."""
    result = solve_within(stream.kind, entry.puzzle, budget=args.budget, seconds=args.time_limit)
    problem = verdict_problem(result, budget=args.budget, seconds=args.time_limit)
    if problem is None:
        return True
    status.add(problem[0])
    print(f"{_where(stream, entry)}: {problem[1]}", file=sys.stderr)
    return False


def cmd_candidates(args: argparse.Namespace) -> int:
    """Print each puzzle with its pencil marks filled in."""
    status = ExitStatus()
    with read_puzzles(args) as stream:
        kind = stream.kind
        fmt = args.to or kind.candidates_format
        if fmt not in kind.formats:
            raise GrilleError(
                f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}"
            )
        written = []
        for item in stream.items:
            if isinstance(item, Unreadable):
                status.unreadable(item)
                continue
            unique = False
            try:
                with time_limit(args.time_limit, _where(stream, item)):
                    unique = _checked(stream, item, args, status)
            except TimeLimitError as error:
                print(error, file=sys.stderr)
                status.add(EXIT_BUDGET)
            written.append(kind.with_candidates(item.puzzle) if unique else item.puzzle)
    if written:
        emit(kind.write(written, fmt), args)
    return status.value


def cmd_check(args: argparse.Namespace) -> int:
    """Print every broken rule, cell by cell; exit 1 when any."""
    status = ExitStatus()
    with read_puzzles(args) as stream:
        kind = stream.kind
        for item in stream.items:
            if isinstance(item, Unreadable):
                status.unreadable(item)
                continue
            where = _where(stream, item)
            violations = kind.check(item.puzzle)
            for violation in violations:
                print(f"{where}: {violation}")
            if violations:
                status.add(EXIT_NOT_ALL)
            else:
                print(f"{where}: ok ({kind.status(item.puzzle).value})")
    return status.value


def cmd_convert(args: argparse.Namespace) -> int:
    """Rewrite every puzzle in another format."""
    status = ExitStatus()
    with read_puzzles(args) as stream:
        kind = stream.kind
        fmt = _output_format(kind, args, stream.fmt)
        written = []
        for item in stream.items:
            if isinstance(item, Unreadable):
                status.unreadable(item)
            else:
                written.append(item.puzzle)
    if written:
        emit(kind.write(written, fmt), args)
    return status.value


def cmd_explain(args: argparse.Namespace) -> int:
    """Print each puzzle's step-by-step solve, as text or as JSON."""
    status = ExitStatus()
    with read_puzzles(args) as stream:
        kind = stream.kind
        explain = explainer(kind, nesting=args.nesting)
        rate = rater(kind, nesting=args.nesting)
        warm_kernels(kind, args, "explain", "rate")
        items = list(stream.items)
    for item in items:
        if isinstance(item, Unreadable):
            status.unreadable(item)
            continue
        where = _where(stream, item)
        solve_path = None
        try:
            with time_limit(args.time_limit, where):
                if _checked(stream, item, args, status):
                    solve_path = explain(item.puzzle)
                    rating = rate(item.puzzle)
        except TimeLimitError as error:
            print(error, file=sys.stderr)
            status.add(EXIT_BUDGET)
        if solve_path is None:
            if args.format == "json":
                print("null")
            continue
        if not solve_path.solved:
            status.add(EXIT_NOT_ALL)
            print(f"{where}: stuck after {len(solve_path.steps)} steps", file=sys.stderr)
        if args.format == "json":
            print(json.dumps([step.to_json() for step in solve_path.steps]))
            continue
        if len(items) > 1:
            print(f"# {where}")
        for number, step in enumerate(solve_path.steps, start=1):
            print(f"{number}. [{step.difficulty:.1f}] {step.technique}: {step.explanation}")
        print(f"{'solved' if solve_path.solved else 'stuck'}; rating: {' '.join(rating.fields())}")
    return status.value


def cmd_hint(args: argparse.Namespace) -> int:
    """Print the next hint for a puzzle, or for a player's state given with --marks."""
    kind, entries, given = kind_and_entries(args)
    if len(entries) != 1:
        raise GrilleError(f"{given.source}: expected one puzzle, found {len(entries)}")
    state = entries[0].puzzle
    fmt = entries[0].fmt
    if args.marks:
        marked = read_input(args.marks)
        player = kind.read(marked.text, source=marked.source)
        if len(player) != 1:
            raise GrilleError(f"{marked.source}: expected one grid, found {len(player)}")
        state = _player_state(kind, state, player[0].puzzle, marked.source)
        fmt = player[0].fmt
    warm_kernels(kind, args, "hint")
    where = f"{given.source}:{entries[0].line}"
    with time_limit(args.time_limit, where):
        result = solve_within(kind, kind.clues_of(state), budget=args.budget,
                              seconds=args.time_limit)
        problem = verdict_problem(result, budget=args.budget, seconds=args.time_limit)
        if problem is not None:
            print(f"{where}: {problem[1]}", file=sys.stderr)
            return problem[0]
        found = kind.hint(state, depth=args.depth)
    print(found.text)
    if found.after is not None:
        sys.stdout.write(kind.write([found.after], fmt))
    return EXIT_OK


def _player_state(kind: Kind[Any], puzzle: Any, player: Any, source: str) -> Any:
    """``puzzle`` with the player's entries and pencil marks of ``player`` played on it, so
    its clues stay clues; a player's grid that changes a clue is refused."""
    state = puzzle
    try:
        for move in kind.moves_between(puzzle, player):
            state = kind.apply(state, move)
    except GrilleError as error:
        raise GrilleError(f"{source}: {error}") from None
    return state


def _sudoku_options(kind: Kind[Any], scale: str, nesting: int) -> dict[str, Any]:
    """The Sudoku-only options asked for (``--scale``, ``--nesting``) that differ from their
    defaults; a ``GrilleError`` when ``kind`` is not Sudoku."""
    options = {
        name: value
        for name, value, default in (("scale", scale, "se"), ("nesting", nesting, 0))
        if value != default
    }
    if options and kind.name != "sudoku":
        given = " ".join(f"--{name} {value}" for name, value in options.items())
        raise GrilleError(f"{given}: these options apply to Sudoku only, not {kind.name}")
    return options


def warm_kernels(kind: Kind[Any], args: argparse.Namespace, *uses: str) -> None:
    """Compile (or load) the kernels a command runs for ``uses`` (and the options in
    ``args``) now, before its time limit starts; a compile says so on stderr."""
    from grille.warm import ensure_warm

    if getattr(args, "nesting", 0) >= 2:
        uses += ("nested",)
    if getattr(args, "scale", "se") == "sukaku":
        uses += ("sukaku",)
    ensure_warm([kind], uses)


def rater(kind: Kind[Any], *, scale: str = "se", nesting: int = 0) -> Callable[[Any], Any]:
    """``kind.rate``, or Sudoku's rating with the ``--scale``/``--nesting`` asked for."""
    options = _sudoku_options(kind, scale, nesting)
    if not options:
        return kind.rate
    from grille.sudoku.logic.explain import rate

    return functools.partial(rate, **options)


def explainer(kind: Kind[Any], *, nesting: int = 0) -> Callable[[Any], Any]:
    """``kind.explain``, or Sudoku's with the nested forcing levels ``--nesting`` asks for."""
    if not _sudoku_options(kind, "se", nesting):
        return kind.explain
    from grille.sudoku.logic.explain import explain

    return functools.partial(explain, nesting=nesting)


def rating_line(kind: Kind[Any], puzzle: Any, fields: Sequence[str], fmt: str | None = None) -> str:
    """One line of ``grille rate``: the puzzle alone on one line (a rating, comment or
    other metadata it was read with left out), then its rating fields, TAB between them."""
    from grille.rated import bare

    text = kind.write([bare(puzzle)], fmt or kind.one_line_format).strip()
    return "\t".join((text, *fields)) + "\n"


def cmd_rate(args: argparse.Namespace) -> int:
    """Print one line per puzzle: the puzzle, its level and its scores, tab-separated."""
    status = ExitStatus()
    with read_puzzles(args) as stream:
        kind = stream.kind
        rate = rater(kind, scale=args.scale, nesting=args.nesting)
        warm_kernels(kind, args, "rate")
        for item in stream.items:
            if isinstance(item, Unreadable):
                status.unreadable(item)
                continue
            fields: Sequence[str] | None = None
            try:
                with time_limit(args.time_limit, _where(stream, item)):
                    if _checked(stream, item, args, status):
                        fields = rate(item.puzzle).fields()
            except TimeLimitError as error:
                print(error, file=sys.stderr)
                status.add(EXIT_BUDGET)
            unrated = ("-",) * len(kind.rating_columns)
            sys.stdout.write(rating_line(kind, item.puzzle, fields or unrated))
            sys.stdout.flush()
    return status.value


def generate_options(args: argparse.Namespace) -> GenerateOptions:
    """What ``grille generate KIND`` (or ``grille batch generate KIND``) asks for: the options
    a kind does not offer (see :func:`add_generate_options`) are absent and mean its default."""
    return GenerateOptions(
        args.size, args.level, getattr(args, "symmetry", None), getattr(args, "minimal", False),
        chosen_rules(args),
    )


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate puzzles with one solution each, streamed as they are found."""
    from grille.generating import generate_stream

    kind = get_kind(args.kind_name)
    fmt = args.format or kind.default_format
    if fmt not in kind.formats:
        raise GrilleError(f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}")
    seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
    if args.seed is None:
        print(f"seed: {seed}", file=sys.stderr)
    options = generate_options(args)
    warm_kernels(kind, args, "generate")
    stream = generate_stream(kind.name, options, count=args.count, seed=seed, jobs=args.jobs)
    with progress(args.count, quiet=args.quiet) as advance:
        for index in range(args.count):
            with time_limit(args.time_limit, f"puzzle {index + 1}"):
                puzzle = next(stream)
            text = kind.write([puzzle], fmt)
            separator = "\n" if index and text.count("\n") > 1 else ""  # between grids
            sys.stdout.write(separator + text)
            sys.stdout.flush()
            advance()
    return EXIT_OK


@contextlib.contextmanager
def progress(total: int, *, quiet: bool) -> Iterator[Callable[[], None]]:
    """A rich progress bar on standard error (none when quiet or not a terminal)."""
    if quiet or total < 2 or not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("generating", total=total)
        yield lambda: progress.advance(task)


def cmd_xc(args: argparse.Namespace) -> int:
    """Solve an exact cover problem written in Knuth's DLX/XCC text format."""
    from grille.engine.dlxformat import run_xc

    given = read_input(args.file)
    with time_limit(args.time_limit, given.source):
        return run_xc(
        given.text,
            count_only=args.count,
            limit=args.limit,
            budget=args.budget,
            out=sys.stdout,
            err=sys.stderr,
            source=given.source,
        )


# -- the parser ----------------------------------------------------------------------------


def non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more: {text!r}")
    return value


def positive(text: str) -> int:
    value = non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def _budget(text: str) -> int | None:
    value = non_negative(text)
    return value or None


def add_input(command: argparse.ArgumentParser, *, formats: bool = True) -> None:
    command.add_argument(
        "file", nargs="?", default="-", metavar="FILE",
        help="puzzle file, - for standard input (the default), or the puzzle itself",
    )
    command.add_argument(
        "--kind", choices=KIND_NAMES, help="puzzle kind (default: guessed from the input)"
    )
    if formats:
        command.add_argument(
            "--from", dest="from_format", metavar="FORMAT",
            help="input format (default: guessed; see 'grille formats')",
        )
    add_rules(command)


def add_output(command: argparse.ArgumentParser, *, to_help: str) -> None:
    command.add_argument("--to", metavar="FORMAT", help=to_help)
    command.add_argument(
        "-o", "--output", metavar="OUT", help="write to OUT instead of standard output"
    )


def add_budget(
    command: argparse.ArgumentParser, *, what: str = "search nodes per puzzle before giving up"
) -> None:
    """``--budget NODES``: how far an exact search goes before giving up (exit status 3)."""
    command.add_argument(
        "--budget", type=_budget, default=DEFAULT_BUDGET, metavar="NODES",
        help=f"{what} (default {DEFAULT_BUDGET:,}; 0 = none)",
    )


def duration(text: str) -> float | None:
    """A ``--time-limit`` value: seconds (``None`` for 0: no limit)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds: {text!r}")
    return value or None


def add_time_limit(command: argparse.ArgumentParser, *, what: str = "per puzzle") -> None:
    """``--time-limit SECONDS``: when a search gives up and the command exits with status 3."""
    command.add_argument(
        "--time-limit", type=duration, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
        help=f"seconds of search {what} before giving up with exit status 3 "
        f"(default {DEFAULT_TIME_LIMIT:g}; 0 = none)",
    )


def add_checked_limits(command: argparse.ArgumentParser) -> None:
    """``--budget`` and ``--time-limit`` of the commands that check that a puzzle has
    exactly one solution before working on it (rate, explain, hint, candidates)."""
    add_budget(command, what="search nodes of the check that a puzzle has exactly one "
               "solution, made first (exit status 1 when it has none or several, 3 when the "
               "check runs out of nodes)")
    add_time_limit(command, what="per puzzle, that check and the logical solve together,")


def add_scale(command: argparse.ArgumentParser) -> None:
    """``--scale se|sukaku``: the Sudoku rating's scale."""
    command.add_argument(
        "--scale", choices=SUDOKU_SCALES, default="se",
        help="Sudoku rating scale: se = Sudoku Explainer 1.2.1's techniques and order "
        "(default); sukaku = Sukaku Explainer's, which adds strong-link chains and "
        "WXYZ/VWXYZ-Wings (as the Sudoku Exchange puzzle bank rates)",
    )


def add_nesting(command: argparse.ArgumentParser) -> None:
    """``--nesting N``: Sudoku's nested forcing levels (SE 9.5 and up) before trial and error."""
    command.add_argument(
        "--nesting", type=int, choices=range(SUDOKU_MAX_NESTING + 1), default=0,
        metavar=f"0..{SUDOKU_MAX_NESTING}",
        help="Sudoku: nested forcing chain levels to try before trial and error (default 0; "
        "SE rates the hardest known puzzles with 2 to 5; each level costs seconds a puzzle; "
        "their kernels compile once, in 'grille warm' or before the first use's time limit)",
    )


class KindOptionsParser(argparse.ArgumentParser):
    """The parser of a subcommand for one kind (``grille generate sudoku``), whose options
    come from the kind: they are added the first time it parses or shows its help, so that
    building ``grille``'s parser loads no kind (``grille --help`` stays fast)."""

    def __init__(
        self, *args: Any, kind_options: Callable[[argparse.ArgumentParser], None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._kind_options = kind_options

    def _complete(self) -> None:
        if self._kind_options is not None:
            add, self._kind_options = self._kind_options, None
            add(self)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        self._complete()
        namespace, extras = super().parse_known_args(args, namespace)
        if extras:  # a leaf command: say whose options these are not
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return namespace, extras

    def format_usage(self) -> str:
        self._complete()
        return super().format_usage()

    def format_help(self) -> str:
        self._complete()
        return super().format_help()


def add_kind_commands(
    parser: argparse.ArgumentParser, text: str,
    kind_options: Callable[[str, argparse.ArgumentParser], None],
) -> None:
    """A subcommand per kind under ``parser`` (``KIND`` in ``args.kind_name``), each with
    the options ``kind_options(kind_name, parser)`` adds when it is used."""
    kinds = parser.add_subparsers(dest="kind_name", required=True, metavar="KIND",
                                  parser_class=KindOptionsParser)
    for name in KIND_NAMES:
        kinds.add_parser(
            name, help=f"{text} {name} puzzles", description=f"{text} {name} puzzles.",
            kind_options=functools.partial(kind_options, name),
        )


def add_generate_options(command: argparse.ArgumentParser, kind_name: str) -> None:
    """``--size``, ``--level``, ``--symmetry``, ``--minimal`` and the rule flags, as far as
    the kind's generator takes them (:meth:`grille.kind.Kind.generate_choices`), then
    ``--count`` and ``--seed``."""
    choices = get_kind(kind_name).generate_choices()
    command.add_argument("--size", help=f"grid size: {choices.sizes}")
    limits = "".join(f"; {size} reaches {level} at most" for size, level in choices.level_limits)
    command.add_argument(
        "--level", type=_level_type(choices), default="any", metavar="LEVEL",
        help=f"{_words(('any', *(_word(level) for level in choices.levels)))} (default: any, "
        f"no rating){limits}",
    )
    if choices.symmetries:
        default, *others = choices.symmetries
        command.add_argument(
            "--symmetry", choices=choices.symmetries, metavar="SYMMETRY",
            help=f"of the clues: {_words((f'{default} (default)', *others))}",
        )
    if choices.minimal:
        command.add_argument(
            "--minimal", action="store_true",
            help="no clue can be removed without losing uniqueness (with a symmetry: no "
            "symmetric group of clues)",
        )
    for rule in choices.rules:
        command.add_argument(f"--{rule}", dest=_rule_dest(rule), action="store_true",
                             help=f"{kind_name} rule variant: {rule}")
    command.add_argument("--count", type=positive, default=1, metavar="N",
                         help="how many puzzles (default 1)")
    command.add_argument("--seed", help="seed for reproducible output (default: random, "
                         "printed on stderr)")


def _word(level: str) -> str:
    """A level name as one command-line word (``very hard`` -> ``very-hard``)."""
    return level.replace(" ", "-")


def _words(words: Sequence[str]) -> str:
    """``a, b or c``."""
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else "".join(words)


def _level_type(choices: GenerateChoices) -> Callable[[str], str]:
    """The ``--level`` argument type: a level of the kind, as one word or as the kind names
    it, read as the kind names it."""
    names = {_word(level): level for level in ("any", *choices.levels)}

    def level(text: str) -> str:
        try:
            return names[_word(text)]
        except KeyError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a level; levels: {', '.join(names)}"
            ) from None

    return level


def cmd_formats(args: argparse.Namespace) -> int:
    """List each kind's formats."""
    for name in KIND_NAMES:
        kind = get_kind(name)
        print(f"{name}: {', '.join(kind.formats)} (default {kind.default_format})")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``grille`` and its subcommands."""
    parser = argparse.ArgumentParser(
        prog="grille",
        description="Play, read, check, solve, explain, rate, generate and print Sudoku, "
        "Takuzu and Kakuro puzzles, and solve exact cover problems.",
        epilog="Exit status: 0 success, 1 some puzzle not uniquely solved or broken, "
        "2 bad input (puzzles that do not read are reported and the others done), 3 a search "
        "budget or time limit reached; when several apply, 2 before 3 before 1.",
    )
    parser.add_argument("--version", action="version", version=f"grille {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    handlers: dict[str, Callable[[argparse.Namespace], int]] = {}

    def command(name: str, handler: Callable[[argparse.Namespace], int], text: str) -> Any:
        handlers[name] = handler
        sub = commands.add_parser(name, help=text, description=text)
        sub.set_defaults(handler=handler)
        return sub

    solve = command(
        "solve", cmd_solve,
        "Solve each puzzle and print its solution in the input's format (one per line for "
        "line formats). A puzzle with no solution or several is printed unchanged and "
        "reported on standard error with its line number; exit status 1 then.",
    )
    add_input(solve)
    add_output(solve, to_help="output format (default: the input's)")
    add_budget(solve)
    add_time_limit(solve)

    count = command("count", cmd_count,
                    "Print the number of solutions of each puzzle, one per line; a count "
                    "cut short by --limit or --budget ends with '+'.")
    add_input(count)
    count.add_argument("--limit", type=non_negative, default=0, metavar="N",
                       help="stop counting at N solutions (default 0 = count them all)")
    count.add_argument("-o", "--output", metavar="OUT", help="write to OUT")
    add_budget(count)
    add_time_limit(count)

    candidates = command("candidates", cmd_candidates,
                         "Print each puzzle with the candidates (pencil marks) of its empty "
                         "cells, as a player pencils them from the rules: Sudoku the digits "
                         "not yet in the cell's row, column and box; Kakuro the digits the "
                         "combinations of its two runs allow with the digits written; Takuzu "
                         "the values that break no rule there. A puzzle without exactly one "
                         "solution is printed unchanged and reported on standard error.")
    add_input(candidates)
    add_output(candidates, to_help="output format (default: marks, a pencil-mark grid)")
    add_checked_limits(candidates)

    check = command("check", cmd_check,
                    "Report every broken rule with its cells named r1c1-style; exit 1 if any.")
    add_input(check)

    convert = command("convert", cmd_convert, "Rewrite every puzzle in another format.")
    add_input(convert)
    convert.add_argument("--to", metavar="FORMAT", required=True, help="output format")
    convert.add_argument("-o", "--output", metavar="OUT", help="write to OUT")

    command("formats", cmd_formats, "List the formats of each kind.")

    explain = command("explain", cmd_explain,
                      "Solve step by step the way a person does, the easiest technique first, "
                      "and explain each step. JSON: one list of steps per puzzle, each "
                      "{technique, difficulty, placements: [[row, col, digit]], eliminations, "
                      "cells: [[row, col]], units, explanation}, rows and columns from 1.")
    add_input(explain)
    explain.add_argument("--format", choices=("text", "json"), default="text",
                         help="text (default) or json (null for a puzzle not explained)")
    add_nesting(explain)
    add_checked_limits(explain)

    hint = command("hint", cmd_hint,
                   "The next logical step as a graded hint: 1 where to look, 2 the technique, "
                   "3 the cells, 4 the whole step, 5 the grid after it. A wrong digit or a "
                   "pencil mark that rules out the right digit is pointed out first.")
    add_input(hint)
    hint.add_argument("--depth", type=int, choices=range(1, 6), default=1, metavar="1..5",
                      help="how much to give away (default 1)")
    hint.add_argument("--marks", metavar="FILE",
                      help="the player's grid with their digits and pencil marks (marks format)")
    add_checked_limits(hint)

    rate = command("rate", cmd_rate,
                   "One line per puzzle that reads, in input order: the puzzle alone on one line "
                   "(Sudoku as a line of digits, Takuzu as an Unruly ID, Kakuro as JSON; "
                   "comments and an earlier rating left out), its "
                   "level and its scores (Sudoku: ER, EP and ED on Sudoku Explainer's scale), "
                   "tab-separated. A puzzle without exactly one solution, or that reaches a "
                   "limit, gets '-' in every rating field and the reason on stderr.")
    add_input(rate)
    add_scale(rate)
    add_nesting(rate)
    add_checked_limits(rate)

    generate = command("generate", cmd_generate,
                       "Generate puzzles with exactly one solution, at a level and symmetry, "
                       "streamed one by one (a progress bar on a terminal's stderr). The same "
                       "seed and options give the same puzzles within a release.")
    add_kind_commands(generate, "Generate", _generate_kind_options)

    xc = command("xc", cmd_xc,
                 "Solve an exact cover problem (with colours) in Knuth's DLX/XCC text format: "
                 "first line the primary items, '|', the secondary items; then one option per "
                 "line, 'item:colour' for a coloured secondary item; lines starting with '|' "
                 "are comments. Prints each solution as its options' lines, blocks separated "
                 "by a blank line.")
    xc.add_argument("file", nargs="?", default="-", metavar="FILE",
                    help="problem file, or - for standard input")
    xc.add_argument("--count", action="store_true", help="print only the number of solutions")
    xc.add_argument("--limit", type=non_negative, default=0, metavar="N",
                    help="stop after N solutions (default 0 = all)")
    add_budget(xc)
    add_time_limit(xc, what="in all")
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).add_commands(command)
    return parser


def _generate_kind_options(kind_name: str, command: argparse.ArgumentParser) -> None:
    """The options of ``grille generate KIND``."""
    add_generate_options(command, kind_name)
    kind = get_kind(kind_name)
    command.add_argument("--format", metavar="FORMAT", help=f"output format: "
                         f"{_words(kind.formats)} (default {kind.default_format})")
    command.add_argument("--jobs", type=positive, default=1, metavar="N",
                         help="generate in N processes (default 1)")
    command.add_argument("--quiet", action="store_true", help="no progress bar")
    add_time_limit(command)


def main(argv: Sequence[str] | None = None, *, stderr: TextIO | None = None) -> int:
    """Run ``grille`` with ``argv``; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    err = stderr or sys.stderr
    announce_compiles(err)
    try:
        status: int = args.handler(args)
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()
        return EXIT_PIPE
    except BudgetExceededError as error:
        print(f"grille: stopped: {error}", file=err)
        return EXIT_BUDGET
    except GrilleError as error:
        print(f"grille: error: {error}", file=err)
        return EXIT_BAD_INPUT
    except OSError as error:
        print(f"grille: error: {error.filename or ''}: {error.strerror or error}", file=err)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    return status


def quiet_stdout() -> None:
    """Point standard output at the null device once its reader has gone (``| head``), so
    that nothing more is written and Python's last flush at exit does not complain."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, descriptor)
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
