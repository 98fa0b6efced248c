"""``grille batch solve|count|rate|explain|generate``: one job over many puzzles.

The input streams in (any kind, any format), chunks of puzzles run in a pool of processes
(``--jobs``, default the number of cores) or on a Dask cluster (``--cluster``), and the
output comes out in input order, one line per input puzzle, flushed as it is ready. This
module only builds the parser at import; the work is imported when a batch runs.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import IO, TYPE_CHECKING, Any

from grille.batch import BatchError
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
)
from grille.cliinput import open_puzzle_argument
from grille.errors import GrilleError
from grille.extras import require
from grille.generating import puzzle_seed
from grille.kind import unknown_rules
from grille.kinds import get_kind
from grille.limits import warm_kernels

if TYPE_CHECKING:
    from grille.batch.jobs import Job, Outcome
    from grille.batch.progress import BatchProgress
    from grille.batch.reader import Record
    from grille.batch.resume import ResumePoint
    from grille.cliargs import CommandFactory

__all__ = ["BatchPlan", "add_commands", "run_batch"]

EXIT_OK = 0
EXIT_FAILED = 1

CHUNKS = {"solve": 512, "count": 512, "rate": 16, "explain": 16, "generate": 1}
"""Puzzles per task for each job (fewer when the input is short, to keep every worker busy)."""

CHUNKS_PER_WORKER = 4
"""At least this many tasks per worker when the input's length is known."""

_HELP = (
    "Run one job over many puzzles: streamed in, run in N processes (--jobs, default the "
    "number of cores) or on a Dask cluster (--cluster tcp://HOST:PORT), written in input "
    "order as they are ready, one line per input puzzle. A puzzle that does not read or "
    "reaches a search budget or time limit gets a line '# error: FILE:LINE: reason' at its "
    "place (and on stderr) and the batch goes on; --resume goes on with an interrupted run "
    "from its output file. Exit status 1 when the output holds such a line, 2 when the input "
    "cannot be read."
)


def add_commands(command: CommandFactory) -> None:
    """Add ``grille batch`` and its jobs."""
    batch = command("batch", run_batch, _HELP)
    jobs = batch.add_subparsers(dest="job", required=True, metavar="JOB")

    solve = _job(jobs, "solve",
                 "Each puzzle's solution, one a line, as 'grille solve' writes it (in a "
                 "format that holds a puzzle on one line). A puzzle without exactly one "
                 "solution is written unchanged and noted on stderr.")
    add_input(solve)
    add_output(solve, to_help="output format: one that holds a puzzle on one line (default: "
               "the input's if it does, else line, tab or json)")
    add_budget(solve)
    add_time_limit(solve)

    count = _job(jobs, "count",
                 "Each puzzle's number of solutions, one a line, as 'grille count' writes it.")
    add_input(count)
    count.add_argument("--limit", type=non_negative, default=0, metavar="N",
                       help="stop counting at N solutions, written N+ (default 0 = all)")
    _add_out(count)
    add_budget(count)
    add_time_limit(count)

    rate = _job(jobs, "rate",
                "One line per puzzle: the puzzle, its level and its scores, tab-separated, "
                "as 'grille rate' writes them ('-' fields for a puzzle without exactly one "
                "solution).")
    add_input(rate)
    add_output(rate, to_help="format of the puzzle column, one that holds a puzzle on one "
               "line (default: as 'grille rate' writes it, line, unruly or json)")
    add_kind_options(rate, "rate")
    add_checked_limits(rate)

    explain = _job(jobs, "explain",
                   "One JSON object per puzzle: {\"line\": input line, \"solved\": true or "
                   "false, \"scale\", \"steps\": [...], \"rating\"}, the steps as "
                   "'grille explain --format json' gives them, the rating when they are the "
                   "path a scale rates (a scale option; else null). A puzzle left stuck is "
                   "noted on stderr; one without exactly one solution gets no steps and "
                   "\"verdict\": \"no solution\" or \"several solutions\".")
    add_input(explain)
    _add_out(explain)
    add_kind_options(explain, "explain")
    add_checked_limits(explain)

    generate = jobs.add_parser(
        "generate", help=_GENERATE_HELP, description=_GENERATE_HELP
    )
    add_kind_commands(generate, "Generate", _generate_kind_options)


_GENERATE_HELP = (
    "Generate puzzles with one solution each, one a line, as 'grille generate' writes them: "
    "the same seed and options give the same lines. --resume needs the --seed of the "
    "interrupted run."
)


def _generate_kind_options(kind_name: str, parser: argparse.ArgumentParser) -> None:
    """The options of ``grille batch generate KIND``."""
    from grille.batch.reader import output_formats

    add_generate_options(parser, kind_name)
    formats = output_formats(kind_name)
    parser.add_argument("--format", metavar="FORMAT",
                        help=f"output format, one that holds a puzzle on one line: "
                        f"{', '.join(formats)} (default {formats[0]})")
    _add_out(parser)
    _add_batch_options(parser)


def _job(jobs: Any, name: str, text: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = jobs.add_parser(name, help=text, description=text)
    _add_batch_options(parser)
    return parser


def _add_batch_options(parser: argparse.ArgumentParser) -> None:
    """Where and how a batch runs: ``--jobs``, ``--cluster``, ``--chunk``, ``--resume`` ..."""
    parser.add_argument("--jobs", type=positive, metavar="N",
                        help="run in N processes (default: the number of cores; 1 = this "
                        "process)")
    parser.add_argument("--cluster", metavar="ADDRESS",
                        help="run on the Dask cluster whose scheduler is at ADDRESS "
                        "(tcp://HOST:PORT; needs pip install 'grille[cluster]')")
    parser.add_argument("--retries", type=non_negative, default=3, metavar="N",
                        help="on a cluster, run a task again up to N times when it fails or "
                        "its worker is lost (default 3)")
    parser.add_argument("--chunk", type=positive, metavar="N",
                        help="puzzles per task (default: 512 to solve or count, 16 to rate "
                        "or explain, 1 to generate; fewer for a short input)")
    parser.add_argument("--resume", action="store_true",
                        help="go on with an interrupted run: keep the puzzles finished in "
                        "OUT (-o) and do the rest")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def _add_out(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="write to OUT instead of standard output")


@dataclass(frozen=True, slots=True)
class BatchPlan:
    """What a batch does: its job, the records still to do, how many in all, its input file."""

    job: Job
    records: Iterator[Record]
    total: int | None
    input_path: str | None = None
    modules: tuple[str, ...] = ()
    """Modules the job's worker processes should start with (the kind's)."""
    warm: Callable[[], None] = field(default=lambda: None, repr=False)
    """Compiles (or loads) the kernels the job runs, before any worker's time limit starts."""


def run_batch(args: argparse.Namespace) -> int:
    """Run the batch the arguments describe; 1 if some puzzle failed (has a marker line)."""
    from grille.batch.jobs import run_chunk
    from grille.batch.progress import BatchProgress
    from grille.batch.resume import ResumePoint, resume_point
    from grille.batch.runner import default_jobs, make_runner

    output = None if args.output in (None, "-") else str(args.output)
    if args.resume and output is None:
        raise BatchError("--resume needs -o OUT, the output file of the run to go on with")
    if args.cluster is not None and args.jobs is not None:
        raise BatchError("--jobs and --cluster: give one (the cluster's workers do the work)")
    if args.cluster is not None:
        require("cluster", "grille batch --cluster")
    point = resume_point(output) if args.resume and output is not None else ResumePoint()
    with contextlib.ExitStack() as stack:
        if args.job == "generate":
            plan = _generate_plan(args, point)
        else:
            plan = _puzzle_plan(args, point, stack.enter_context(open_puzzle_argument(args.file)))
        _refuse_same_file(plan.input_path, output)
        if args.cluster is None:  # local workers fork after this and find the kernels cached
            plan.warm()
        runner = stack.enter_context(make_runner(
            jobs=args.jobs or default_jobs(), cluster=args.cluster, retries=args.retries,
            preload=plan.modules,
        ))
        size = _chunk_size(args, plan.total, point.done, runner.workers)
        handle = stack.enter_context(_output(output, point, resume=args.resume))
        progress = stack.enter_context(BatchProgress(
            args.job, total=plan.total, done=point.done,
            shown=not args.quiet and sys.stderr.isatty(),
        ))
        results = runner.map(partial(run_chunk, plan.job), _chunks(plan.records, size))
        return _write(results, handle, progress, failed=point.failed > 0,
                      options_checked=args.job != "generate")


def _write(
    results: Iterator[list[Outcome]], handle: IO[str], progress: BatchProgress, *,
    failed: bool, options_checked: bool,
) -> int:
    """Write the outcomes as they come, note what needs it; the exit status.

    When ``options_checked`` is false (generation), a first puzzle that fails means the
    options are wrong: the batch stops before writing anything.
    """
    for outcomes in results:
        if not options_checked and outcomes[0].failed:
            raise BatchError(outcomes[0].note.removeprefix("error: "))
        options_checked = True
        handle.write("".join(outcome.text for outcome in outcomes))  # a reader gone (| head):
        handle.flush()  # BrokenPipeError ends the workers, and grille quietly (cli.main)
        for outcome in outcomes:
            if outcome.note:
                progress.note(outcome.note)
            failed = failed or outcome.failed
        progress.advance(len(outcomes))
    return EXIT_FAILED if failed else EXIT_OK


def _puzzle_plan(
    args: argparse.Namespace, point: ResumePoint, given: tuple[str, IO[bytes], str | None]
) -> BatchPlan:
    """The job on the input's puzzles and the records still to do."""
    from grille.batch.jobs import MANY, CountJob, ExplainJob, RateJob, SolveJob
    from grille.batch.reader import count_records, start_reading

    source, binary, path = given
    kind, reading = start_reading(
        binary, get_kind(args.kind) if args.kind else None, args.from_format, source=source
    )
    rules = chosen_rules(args)
    known = kind.info.rules
    if not rules <= set(known):
        raise unknown_rules(kind.name, rules - set(known), known)
    total = count_records(path, reading.layout) if path is not None else None
    names = (kind.name, reading.fmt, source, rules)
    compiled = total is None or total >= MANY
    limits = {"budget": args.budget, "seconds": args.time_limit}
    job: Job
    options: dict[str, Any] = {}
    if args.job == "solve":
        out_fmt = _output_format(kind.name, args.to, reading.fmt)
        job = SolveJob(*names, **limits, compiled=compiled, out_fmt=out_fmt)
    elif args.job == "count":
        job = CountJob(*names, **limits, compiled=compiled, limit=args.limit)
    elif args.job == "rate":
        options = given_kind_options(kind, args, "rate")  # refuses options not for the kind
        out_fmt = _output_format(kind.name, args.to or kind.one_line_format, reading.fmt)
        job = RateJob(*names, **limits, options=tuple(options.items()), out_fmt=out_fmt)
    else:
        options = given_kind_options(kind, args, "explain")
        job = ExplainJob(*names, **limits, options=tuple(options.items()))
    records = _after(reading.records, point.done, source)
    uses = {"solve": ("solve",), "count": ("solve",), "rate": ("rate",)}.get(
        args.job, ("explain", "rate"))
    return BatchPlan(job, records, total, path, (type(kind).__module__,),
                     partial(warm_kernels, kind, uses, options))


def _generate_plan(args: argparse.Namespace, point: ResumePoint) -> BatchPlan:
    """The generation job and the records (seeds) still to do."""
    import secrets

    from grille.batch.jobs import GenerateJob
    from grille.batch.reader import Record

    kind = get_kind(args.kind_name)
    fmt = _output_format(kind.name, args.format, kind.default_format)
    options = generate_options(args)  # a bad option is the only line, before the seed's
    seed: int | str
    if args.seed is not None:
        seed = args.seed
    elif args.resume:
        raise BatchError("--resume needs the --seed of the interrupted run")
    else:
        seed = secrets.randbelow(10**9)
        print(f"seed: {seed}", file=sys.stderr)
    if point.done > args.count:
        raise BatchError(f"the output holds {point.done} puzzles, more than --count {args.count}")
    records = (
        Record(index + 1, text=puzzle_seed(seed, index))
        for index in range(point.done, args.count)
    )
    job = GenerateJob(kind.name, options, fmt)
    return BatchPlan(job, records, args.count, modules=(type(kind).__module__,),
                     warm=partial(warm_kernels, kind, ("generate",)))


def _output_format(kind_name: str, wanted: str | None, input_fmt: str) -> str:
    """The format to write puzzles in: ``wanted``, else the input's, else the kind's first."""
    from grille.batch.reader import output_formats

    formats = output_formats(kind_name)
    if not formats:
        raise BatchError(f"a batch cannot write {kind_name} puzzles one a line")
    if wanted is not None and wanted not in formats:
        raise GrilleError(
            f"a batch writes one {kind_name} puzzle a line: format {', '.join(formats)}, "
            f"not {wanted!r}"
        )
    return wanted or (input_fmt if input_fmt in formats else formats[0])


def _refuse_same_file(input_path: str | None, output: str | None) -> None:
    if input_path and output and os.path.exists(output) and os.path.samefile(input_path, output):
        raise BatchError(f"{output} is the input: write the output to another file")


@contextlib.contextmanager
def _output(path: str | None, point: ResumePoint, *, resume: bool) -> Iterator[IO[str]]:
    """Standard output, or the output file: cut after its finished puzzles when resuming."""
    from grille.batch.resume import cut_to

    if path is None:
        yield sys.stdout
        return
    if resume:
        cut_to(path, point)
    with open(path, "a" if resume else "w", encoding="utf-8", newline="") as handle:
        yield handle


def _chunk_size(args: argparse.Namespace, total: int | None, done: int, workers: int) -> int:
    """Puzzles per task: as asked, else the job's, smaller when the input is short."""
    if args.chunk:
        return int(args.chunk)
    size = CHUNKS[args.job]
    if total is not None:
        left = max(total - done, 1)
        size = min(size, max(1, -(-left // (CHUNKS_PER_WORKER * workers))))
    return size


def _after(records: Iterable[Record], done: int, source: str) -> Iterator[Record]:
    """``records`` past the first ``done``; an error if there are not that many."""
    skipped = 0
    for record in records:
        if skipped < done:
            skipped += 1
            continue
        yield record
    if skipped < done:
        raise BatchError(
            f"the output holds {done} finished puzzles but {source} has only {skipped}: "
            "is it the output of another input?"
        )


def _chunks(records: Iterable[Record], size: int) -> Iterator[list[Record]]:
    """``records`` in lists of ``size`` (the last one shorter)."""
    chunk: list[Record] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
