"""The ``grille`` command line.

Every subcommand reads puzzles of any kind and format (sniffed unless ``--kind`` and
``--from`` say otherwise) and works through the :class:`grille.kind.Kind` interface
alone; what only some kinds take (rule variants, ``--scale`` ...) comes from each kind's
:class:`~grille.info.KindInfo` (:mod:`grille.cliargs`), so nothing here names a kind. Bad
input ends with one line ``grille: error: FILE:LINE:COLUMN: reason`` and exit status 2,
never a traceback.

Nothing imports this module but ``python -m grille``: what the subcommands share is below
it, in :mod:`grille.cliargs` (the parser's pieces), :mod:`grille.cliinput` (reading the
puzzles given) and :mod:`grille.limits` (searching within a budget and a time limit).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import secrets
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from grille import __version__
from grille.cliargs import (
    add_budget,
    add_checked_limits,
    add_generate_options,
    add_input,
    add_kind_commands,
    add_kind_options,
    add_output,
    add_time_limit,
    chosen_rules,
    generate_options,
    given_kind_options,
    non_negative,
    positive,
    words,
)
from grille.cliinput import (
    emit,
    kind_and_entries,
    open_puzzle_argument,
    rating_line,
    read_input,
)
from grille.errors import BudgetExceededError, GrilleError, ParseError
from grille.kind import Entry, Kind, Puzzle, Solutions, unknown_rules, write_whole
from grille.kinds import get_kind, kind_infos
from grille.limits import (
    EXIT_BAD_INPUT,
    EXIT_BUDGET,
    EXIT_NOT_ALL,
    EXIT_OK,
    TimeLimitError,
    search_within,
    solve_within,
    stop_message,
    time_limit,
    verdict_problem,
    warm_kernels,
)
from grille.logic import Explanation, Rating
from grille.warm import announce_compiles

__all__ = [
    "COMMAND_MODULES",
    "EXIT_PIPE",
    "ExitStatus",
    "PuzzleStream",
    "Unreadable",
    "build_parser",
    "main",
    "progress",
    "quiet_stdout",
    "read_puzzles",
]

COMMAND_MODULES: tuple[str, ...] = ("grille.render.commands", "grille.batch.commands",
                                     "grille.tui.commands", "grille.web.commands",
                                     "grille.warm")
"""Modules that add subcommands with ``add_commands(command)`` (a
:data:`~grille.cliargs.CommandFactory`).

They are imported when the parser is built, so they import only what argparse needs at
the top and the heavy libraries (web server, terminal UI ...) inside their handlers.
"""

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
        known = kind.info.rules
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


def _solve_all(
    kind: Kind[Any], puzzles: Sequence[Puzzle], *, limit: int, budget: int | None,
    seconds: float | None = None,
) -> list[Solutions[Any]]:
    """Each puzzle searched within ``budget`` nodes and ``seconds`` (``None``: no limit);
    many puzzles go in one compiled batch, which gets ``seconds`` per puzzle as a whole."""
    return search_within(kind, puzzles, limit=limit, budget=budget, seconds=seconds,
                         compiled=len(puzzles) >= BATCH_THRESHOLD)


def _output_format(kind: Kind[Any], args: argparse.Namespace, input_fmt: str) -> str:
    fmt: str = getattr(args, "to", None) or input_fmt
    if fmt not in kind.formats:
        raise GrilleError(f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}")
    return fmt


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
        # a format the user did not choose gives way to one that holds the puzzles whole
        if args.to is not None:
            text = kind.write(written, fmt)
        else:
            text = write_whole(kind, written, fmt, marks=True)
            text = lone_object(text) if len(written) == 1 else text
        emit(text, args)
    return status.value


def lone_object(text: str) -> str:
    """``text`` unchanged, unless it is a JSON list of one object: then that object on its
    line (one puzzle printed as formats print one puzzle, not as a list of one; the JSON
    readers take either).

    >>> lone_object('[\\n{"a": "é"}\\n]'), lone_object('[{"a": 1}, {"b": 2}]'), lone_object("[12]")
    ('{"a": "é"}\\n', '[{"a": 1}, {"b": 2}]', '[12]')
    """
    stripped = text.strip()
    if not (stripped.startswith("[") and stripped.endswith("]")):
        return text
    try:
        value = json.loads(stripped)
    except ValueError:
        return text
    if not (isinstance(value, list) and len(value) == 1 and isinstance(value[0], dict)):
        return text
    return json.dumps(value[0], ensure_ascii=False) + "\n"


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
    """Print each puzzle's step-by-step solve, as text or as JSON, every number with its
    scale: the steps' (the kind's own, or the rating scale asked for) and the rating's."""
    status = ExitStatus()
    with read_puzzles(args) as stream:
        kind = stream.kind
        options = given_kind_options(kind, args, "explain")
        rated = {name: value for name, value in options.items()
                 if "rate" in kind.info.option(name).commands}
        warm_kernels(kind, ("explain", "rate"), options)
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
                    solve_path = kind.explain(item.puzzle, **options)
                    rating = solve_path.rating or kind.rate(item.puzzle, **rated)
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
        shows = None if solve_path.rating is not None else rated_path_command(
            kind, options, rating)
        if args.format == "json":
            data = solve_path.to_json()
            data["rating"] = rating.to_json()
            data["rated_path"] = solve_path.rating is not None
            if shows is not None:
                data["rated_path_command"] = shows
            print(json.dumps(data))
            continue
        if len(items) > 1:
            print(f"# {where}")
        for line in explained_lines(solve_path, rating, shows):
            print(line)
    return status.value


def explained_lines(solve_path: Explanation[Any], rating: Rating, shows: str | None) -> list[str]:
    """The text of ``grille explain``: each step with its value on the explanation's scale
    (and its proof, when it carries one, indented under it: a forcing chain's every
    implication with its reason, a nested chain's inner chains a level deeper), then the
    verdict and the rating, named by its scale; when the rating is of another path
    than the one shown, the hardest step shown and the command that shows the rated path
    (``shows``), if any."""
    scale = solve_path.scale_name
    steps = solve_path.steps
    value = solve_path.value_text
    lines = []
    for number, step in enumerate(steps, start=1):
        lines.append(f"{number}. [{scale} {value(step.difficulty)}] {step.technique}: "
                     f"{step.explanation}")
        if step.proof is not None:  # the chain in full, each inner chain indented under it
            lines.extend(f"    {line}" for line in step.proof.lines())
    verdict = "solved" if solve_path.solved else f"stuck after {len(steps)} steps"
    rated = f"{rating.scale_name} rating: {rating}"
    if solve_path.rating is not None:
        return [*lines, f"{verdict}; {rated}"]
    if steps:
        hardest = max(steps, key=lambda step: step.difficulty)
        lines.append(f"{verdict}; hardest step shown: [{scale} {value(hardest.difficulty)}] "
                     f"{hardest.technique}")
    else:
        lines.append(f"{verdict}; no step needed")
    where = f"its path: {shows}" if shows is not None else "from another solve path"
    return [*lines, f"{rated}; {where}"]


def rated_path_command(kind: Kind[Any], options: dict[str, Any], rating: Rating) -> str | None:
    """``grille explain --scale se``: the command that shows the path ``rating`` rates (the
    kind's explain option whose value is the rating's scale, with the other ``options``
    given), or ``None`` when the kind has no such option."""
    for option in kind.info.options:
        if "explain" in option.commands and rating.scale in (option.choices or ()):
            given = [f"{kind.info.option(name).flag} {value}"
                     for name, value in options.items() if name != option.name]
            return " ".join(["grille explain", *given, option.flag, rating.scale])
    return None


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
    options = given_kind_options(kind, args, "hint")
    warm_kernels(kind, ("hint",), options)
    where = f"{given.source}:{entries[0].line}"
    with time_limit(args.time_limit, where):
        result = solve_within(kind, kind.clues_of(state), budget=args.budget,
                              seconds=args.time_limit)
        problem = verdict_problem(result, budget=args.budget, seconds=args.time_limit)
        if problem is not None:
            print(f"{where}: {problem[1]}", file=sys.stderr)
            return problem[0]
        found = kind.hint(state, depth=args.depth, **options)
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


def cmd_rate(args: argparse.Namespace) -> int:
    """Print one line per puzzle: the puzzle, its level and its scores, tab-separated."""
    status = ExitStatus()
    with read_puzzles(args) as stream:
        kind = stream.kind
        options = given_kind_options(kind, args, "rate")
        warm_kernels(kind, ("rate",), options)
        for item in stream.items:
            if isinstance(item, Unreadable):
                status.unreadable(item)
                continue
            rating: Rating | None = None
            try:
                with time_limit(args.time_limit, _where(stream, item)):
                    if _checked(stream, item, args, status):
                        rating = kind.rate(item.puzzle, **options)
            except BudgetExceededError as error:  # the time limit, a nested chain's nets
                print(f"{_where(stream, item)}: {error}" if not isinstance(error, TimeLimitError)
                      else error, file=sys.stderr)  # fmt: skip
                status.add(EXIT_BUDGET)
            if args.format == "json":
                puzzle = rating_line(kind, item.puzzle, ()).rstrip("\n")
                rated = None if rating is None else rating.to_json()
                sys.stdout.write(json.dumps({"puzzle": puzzle, "rating": rated}) + "\n")
            else:
                fields = ("-",) * len(kind.rating_columns) if rating is None else rating.fields()
                sys.stdout.write(rating_line(kind, item.puzzle, fields))
            sys.stdout.flush()
    return status.value


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate puzzles with one solution each, streamed as they are found."""
    from grille.generating import generate_stream

    kind = get_kind(args.kind_name)
    fmt = args.format or kind.default_format
    if fmt not in kind.formats:
        raise GrilleError(f"{kind.name} has no format {fmt!r}; formats: {', '.join(kind.formats)}")
    options = generate_options(args)  # a bad option is the only line, before the seed's
    seed = args.seed if args.seed is not None else secrets.randbelow(10**9)
    if args.seed is None:
        print(f"seed: {seed}", file=sys.stderr)
    warm_kernels(kind, ("generate",))
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


def cmd_formats(args: argparse.Namespace) -> int:
    """List each kind's formats."""
    for info in kind_infos():
        print(f"{info.name}: {', '.join(info.format_names)} (default {info.default_format})")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``grille`` and its subcommands."""
    parser = argparse.ArgumentParser(
        prog="grille",
        description="Play, read, check, solve, explain, rate, generate and print "
        f"{words([info.title for info in kind_infos()])} puzzles, and solve exact cover "
        "problems.",
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
                         "cells, as a player pencils them from the rules: the values the "
                         "digits written leave possible in the cell's rows, boxes, runs or "
                         "lines (never further deductions). A puzzle without exactly one "
                         "solution is printed unchanged and reported on standard error.")
    add_input(candidates)
    add_output(candidates, to_help="output format (default: marks, a pencil-mark grid; a "
               "puzzle the marks format cannot hold whole, with its constraints, in the "
               "kind's JSON)")
    add_checked_limits(candidates)

    check = command("check", cmd_check,
                    "Report every broken rule with its cells named r1c1-style; exit 1 if any.")
    add_input(check)

    convert = command("convert", cmd_convert, "Rewrite every puzzle in another format.")
    add_input(convert)
    convert.add_argument(
        "--to", metavar="FORMAT", required=True,
        help="output format, one of the puzzle's kind's ("
        + "; ".join(f"{info.name}: {', '.join(info.format_names)}" for info in kind_infos())
        + ")")
    convert.add_argument("-o", "--output", metavar="OUT", help="write to OUT")

    command("formats", cmd_formats, "List the formats of each kind.")

    explain = command("explain", cmd_explain,
                      "Solve step by step the way a person does, the easiest technique first, "
                      "and explain each step, every number with its scale ([grille 1.2]: the "
                      "kind's own ladder and values; a rating scale option shows instead "
                      "exactly the path that scale rates), then the rating (for another path "
                      "than the one shown, with the command that shows it). JSON: one object "
                      "per puzzle, {solved, scale, steps, rating, rated_path}, each step "
                      "{technique, difficulty, scale, placements: [[row, col, digit]], "
                      "eliminations, cells: [[row, col]], units, explanation}, rows and "
                      "columns from 1; rating {scale, level, ...}; rated_path: whether the "
                      "rating is of these steps, else rated_path_command shows its path.")
    add_input(explain)
    explain.add_argument("--format", choices=("text", "json"), default="text",
                         help="text (default) or json (null for a puzzle not explained)")
    add_kind_options(explain, "explain")
    add_checked_limits(explain)

    hint = command("hint", cmd_hint,
                   "The next logical step as a graded hint: 1 where to look, 2 the technique, "
                   "3 the cells, 4 the whole step, 5 the grid after it. A wrong digit or a "
                   "pencil mark that rules out the right digit is pointed out first. The "
                   "step is the next of the kind's own ladder, or of a rating scale's ladder "
                   "when a kind option picks one (the step explain shows next with it).")
    add_input(hint)
    add_kind_options(hint, "hint")
    hint.add_argument("--depth", type=int, choices=range(1, 6), default=1, metavar="1..5",
                      help="how much to give away (default 1)")
    hint.add_argument("--marks", metavar="FILE",
                      help="the player's grid with their digits and pencil marks (marks format)")
    add_checked_limits(hint)

    rate = command("rate", cmd_rate,
                   "One line per puzzle that reads, in input order: the puzzle alone on one line "
                   f"({_one_line_formats()}; comments and an earlier rating left out), its "
                   "level and its scores (each kind's rating columns), "
                   "tab-separated. A puzzle without exactly one solution, or that reaches a "
                   "limit, gets '-' in every rating field and the reason on stderr. JSON: "
                   "one object per line, {puzzle, rating: {scale, level, ...} or null}.")
    add_input(rate)
    rate.add_argument("--format", choices=("text", "json"), default="text",
                      help="text (default: the puzzle and the rating's columns) or json (the "
                      "rating with its scale)")
    add_kind_options(rate, "rate")
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


def _one_line_formats() -> str:
    """How ``grille rate`` writes each kind's puzzle on one line: ``Title as format, ...``."""
    return ", ".join(
        f"{info.title} as {next(fmt.name for fmt in info.formats if fmt.one_line)}"
        for info in kind_infos() if any(fmt.one_line for fmt in info.formats)
    )


def _generate_kind_options(kind_name: str, command: argparse.ArgumentParser) -> None:
    """The options of ``grille generate KIND``."""
    add_generate_options(command, kind_name)
    kind = get_kind(kind_name)
    command.add_argument("--format", metavar="FORMAT", help=f"output format: "
                         f"{words(kind.formats)} (default {kind.default_format})")
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
