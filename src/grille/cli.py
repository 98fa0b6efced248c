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
import json
import os
import re
import secrets
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from grille import __version__
from grille.engine._jit import compiling, work_clock
from grille.errors import BudgetExceededError, GrilleError, ParseError
from grille.kind import Entry, Kind, Puzzle, Solutions
from grille.kinds import KIND_NAMES, RULES, claiming_kinds, get_kind, sniff_kind
from grille.rating import SUDOKU_MAX_NESTING, SUDOKU_SCALES
from grille.warm import announce_compiles

__all__ = [
    "COMMAND_MODULES",
    "add_budget",
    "add_input",
    "add_output",
    "add_rules",
    "add_time_limit",
    "decode_text",
    "emit",
    "kind_and_entries",
    "main",
    "non_negative",
    "positive",
    "progress",
    "read_puzzle_argument",
    "time_limit",
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
    if len(puzzles) >= BATCH_THRESHOLD:
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
    ``budget_reached`` with fewer nodes than ``budget`` (see :func:`_budget_message`).
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


def _budget_message(result: Solutions[Any], args: argparse.Namespace, done: str = "") -> str:
    """Why a search stopped early, ``done`` said after it: its node budget or, with fewer
    nodes, its time limit."""
    budget: int | None = args.budget
    seconds: float | None = getattr(args, "time_limit", None)
    if (budget is not None and result.nodes >= budget) or not seconds:
        return f"search budget of {budget or 0:,} nodes reached{done} (raise it with --budget)"
    return (
        f"time limit of {seconds:g} s reached after {result.nodes:,} nodes{done} "
        "(raise it with --time-limit)"
    )


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


def _output_format(kind: Kind[Any], args: argparse.Namespace, entries: list[Entry[Any]]) -> str:
    fmt: str = getattr(args, "to", None) or (entries[0].fmt if entries else kind.default_format)
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


# -- subcommands -------------------------------------------------------------------------


def cmd_solve(args: argparse.Namespace) -> int:
    """Print each puzzle's solution; report puzzles without exactly one solution."""
    kind, entries, given = kind_and_entries(args)
    fmt = _output_format(kind, args, entries)
    results = _solve_all(kind, [e.puzzle for e in entries], limit=2, budget=args.budget,
                         seconds=args.time_limit)
    written = []
    status = EXIT_OK
    for entry, result in zip(entries, results, strict=True):
        if result.unique and result.solution is not None:
            written.append(result.solution)
            continue
        written.append(entry.puzzle)
        why = result.verdict.value
        if result.budget_reached and result.count < 2:
            status = EXIT_BUDGET
            why = f"unknown: {_budget_message(result, args)}"
        elif status == EXIT_OK:
            status = EXIT_NOT_ALL
        print(f"{given.source}:{entry.line}: {why}", file=sys.stderr)
    emit(kind.write(written, fmt), args)
    return status


def cmd_count(args: argparse.Namespace) -> int:
    """Print the number of solutions of each puzzle, one per line."""
    kind, entries, given = kind_and_entries(args)
    results = _solve_all(kind, [e.puzzle for e in entries], limit=args.limit,
                         budget=args.budget, seconds=args.time_limit)
    status = EXIT_OK
    lines = []
    for entry, result in zip(entries, results, strict=True):
        exact = result.exhausted
        lines.append(f"{result.count}" if exact else f"{result.count}+")
        if result.budget_reached:
            status = EXIT_BUDGET
            done = f" after {result.count} solution(s)"
            print(f"{given.source}:{entry.line}: {_budget_message(result, args, done)}",
                  file=sys.stderr)
    emit("".join(line + "\n" for line in lines), args)
    return status


def cmd_candidates(args: argparse.Namespace) -> int:
    """Print each puzzle with its pencil marks filled in."""
    kind, entries, _ = kind_and_entries(args)
    fmt = args.to or kind.candidates_format
    if fmt not in kind.formats:
        raise GrilleError(f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}")
    emit(kind.write([kind.with_candidates(e.puzzle) for e in entries], fmt), args)
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    """Print every broken rule, cell by cell; exit 1 when any."""
    kind, entries, given = kind_and_entries(args)
    broken = False
    for entry in entries:
        where = f"{given.source}:{entry.line}"
        violations = kind.check(entry.puzzle)
        for violation in violations:
            print(f"{where}: {violation}")
        if violations:
            broken = True
        else:
            print(f"{where}: ok ({kind.status(entry.puzzle).value})")
    return EXIT_NOT_ALL if broken else EXIT_OK


def cmd_convert(args: argparse.Namespace) -> int:
    """Rewrite every puzzle in another format."""
    kind, entries, _ = kind_and_entries(args)
    fmt = _output_format(kind, args, entries)
    emit(kind.write([e.puzzle for e in entries], fmt), args)
    return EXIT_OK


def cmd_explain(args: argparse.Namespace) -> int:
    """Print each puzzle's step-by-step solve, as text or as JSON."""
    kind, entries, given = kind_and_entries(args)
    explain, rate = kind.explain, _rater(kind, args)
    warm_kernels(kind, args, "explain", "rate")
    if args.nesting:
        from grille.sudoku.logic.explain import explain as explain_sudoku

        explain = functools.partial(explain_sudoku, nesting=args.nesting)
    status = EXIT_OK
    for entry in entries:
        where = f"{given.source}:{entry.line}"
        try:
            with time_limit(args.time_limit, where):
                solve_path = explain(entry.puzzle)
                rating = rate(entry.puzzle)
        except TimeLimitError as error:
            print(error, file=sys.stderr)
            status = EXIT_BUDGET
            continue
        if not solve_path.solved:
            status = max(status, EXIT_NOT_ALL)
            print(f"{given.source}:{entry.line}: stuck after {len(solve_path.steps)} steps",
                  file=sys.stderr)
        if args.format == "json":
            print(json.dumps([step.to_json() for step in solve_path.steps]))
            continue
        if len(entries) > 1:
            print(f"# {given.source}:{entry.line}")
        for number, step in enumerate(solve_path.steps, start=1):
            print(f"{number}. [{step.difficulty:.1f}] {step.technique}: {step.explanation}")
        print(f"{'solved' if solve_path.solved else 'stuck'}; rating: {' '.join(rating.fields())}")
    return status


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
    with time_limit(args.time_limit, given.source):
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


def _sudoku_options(kind: Kind[Any], args: argparse.Namespace) -> dict[str, Any]:
    """The Sudoku-only options ``args`` asks for (``--scale``, ``--nesting``) that differ
    from their defaults; a ``GrilleError`` when ``kind`` is not Sudoku."""
    options = {
        name: value
        for name, value, default in (
            ("scale", getattr(args, "scale", "se"), "se"),
            ("nesting", getattr(args, "nesting", 0), 0),
        )
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


def _rater(kind: Kind[Any], args: argparse.Namespace) -> Callable[[Any], Any]:
    """``kind.rate``, or Sudoku's rating with the ``--scale``/``--nesting`` asked for."""
    options = _sudoku_options(kind, args)
    if not options:
        return kind.rate
    from grille.sudoku.logic.explain import rate

    return functools.partial(rate, **options)


def cmd_rate(args: argparse.Namespace) -> int:
    """Print one line per puzzle: the puzzle, its level and its scores, tab-separated."""
    kind, entries, given = kind_and_entries(args)
    rate = _rater(kind, args)
    warm_kernels(kind, args, "rate")
    status = EXIT_OK
    for entry in entries:
        try:
            with time_limit(args.time_limit, f"{given.source}:{entry.line}"):
                rating = rate(entry.puzzle)
        except TimeLimitError as error:
            print(error, file=sys.stderr)
            status = EXIT_BUDGET
            continue
        puzzle_text = kind.write([entry.puzzle], kind.default_format).strip()
        print("\t".join((puzzle_text, *rating.fields())))
    return status


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate puzzles with one solution each, streamed as they are found."""
    from grille.generating import generate_stream
    from grille.kind import GenerateOptions

    kind = get_kind(args.kind_name)
    fmt = args.format or kind.default_format
    if fmt not in kind.formats:
        raise GrilleError(f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}")
    seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
    if args.seed is None:
        print(f"seed: {seed}", file=sys.stderr)
    options = GenerateOptions(
        args.size, args.level, args.symmetry, args.minimal, chosen_rules(args)
    )
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


def add_budget(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--budget", type=_budget, default=DEFAULT_BUDGET, metavar="NODES",
        help=f"search nodes per puzzle before giving up (default {DEFAULT_BUDGET:,}; 0 = none)",
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


def _add_nesting(command: argparse.ArgumentParser) -> None:
    """``--nesting N``: Sudoku's nested forcing levels (SE 9.5 and up) before trial and error."""
    command.add_argument(
        "--nesting", type=int, choices=range(SUDOKU_MAX_NESTING + 1), default=0,
        metavar=f"0..{SUDOKU_MAX_NESTING}",
        help="Sudoku: nested forcing chain levels to try before trial and error (default 0; "
        "SE rates the hardest known puzzles with 2 to 5; each level costs seconds a puzzle "
        "and the first use compiles for a minute or so)",
    )


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
        "2 bad input, 3 search budget reached.",
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
                         "the values that break no rule there.")
    add_input(candidates)
    add_output(candidates, to_help="output format (default: marks, a pencil-mark grid)")

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
                         help="text (default) or json")
    _add_nesting(explain)
    add_time_limit(explain)

    hint = command("hint", cmd_hint,
                   "The next logical step as a graded hint: 1 where to look, 2 the technique, "
                   "3 the cells, 4 the whole step, 5 the grid after it. A wrong digit or a "
                   "pencil mark that rules out the right digit is pointed out first.")
    add_input(hint)
    hint.add_argument("--depth", type=int, choices=range(1, 6), default=1, metavar="1..5",
                      help="how much to give away (default 1)")
    hint.add_argument("--marks", metavar="FILE",
                      help="the player's grid with their digits and pencil marks (marks format)")
    add_time_limit(hint)

    rate = command("rate", cmd_rate,
                   "One line per puzzle: the puzzle, its level and its scores (Sudoku: ER, EP "
                   "and ED on Sudoku Explainer's scale), tab-separated.")
    add_input(rate)
    rate.add_argument("--scale", choices=SUDOKU_SCALES, default="se",
                      help="Sudoku rating scale: se = Sudoku Explainer 1.2.1's techniques and "
                      "order (default); sukaku = Sukaku Explainer's, which adds strong-link "
                      "chains and WXYZ/VWXYZ-Wings (as the Sudoku Exchange puzzle bank rates)")
    _add_nesting(rate)
    add_time_limit(rate)

    generate = command("generate", cmd_generate,
                       "Generate puzzles with exactly one solution, at a level and symmetry, "
                       "streamed one by one (a progress bar on a terminal's stderr). The same "
                       "seed and options give the same puzzles within a release.")
    generate.add_argument("kind_name", choices=KIND_NAMES, metavar="KIND",
                          help=f"puzzle kind: {', '.join(KIND_NAMES)}")
    generate.add_argument("--size", help="grid size (Sudoku: 4, 6, 8, 9, 12, 16, 25 ...)")
    generate.add_argument("--level", default="any",
                          help="easy, medium, hard, expert, diabolical, extreme, or any "
                          "(default: any, no rating); Sudoku 4x4 is easy only and 6x6 stops at "
                          "diabolical")
    generate.add_argument("--symmetry",
                          help="none, rot180 (default), rot90, mirror, diagonal or full")
    generate.add_argument("--minimal", action="store_true",
                          help="no clue can be removed without losing uniqueness (with a "
                          "symmetry: no symmetric group of clues)")
    generate.add_argument("--count", type=positive, default=1, metavar="N",
                          help="how many puzzles (default 1)")
    generate.add_argument("--seed", help="seed for reproducible output (default: random, "
                          "printed on stderr)")
    generate.add_argument("--format", metavar="FORMAT", help="output format (default: line)")
    generate.add_argument("--jobs", type=positive, default=1, metavar="N",
                          help="generate in N processes (default 1)")
    generate.add_argument("--quiet", action="store_true", help="no progress bar")
    add_time_limit(generate)
    add_rules(generate)

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


def main(argv: Sequence[str] | None = None, *, stderr: TextIO | None = None) -> int:
    """Run ``grille`` with ``argv``; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    err = stderr or sys.stderr
    announce_compiles(err)
    try:
        status: int = args.handler(args)
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
    with contextlib.suppress(BrokenPipeError):
        sys.stdout.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
