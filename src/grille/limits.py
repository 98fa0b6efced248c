"""Searching within a node budget and a time limit, as the commands do, and the exit
statuses that report how it went.

Every command that searches (``grille solve``, ``rate``, a batch's workers ...) runs its
searches through :func:`search_within` or :func:`solve_within`, bounded by ``--budget``
nodes and ``--time-limit`` seconds (:func:`time_limit`), and says why one stopped early with
:func:`stop_message`. Kernels a command runs are compiled first (:func:`warm_kernels`), so
that compiling never counts against a time limit.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any

from grille.engine._jit import compiling, work_clock
from grille.errors import BudgetExceededError
from grille.kind import Kind, Puzzle, Solutions

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_BUDGET",
    "EXIT_NOT_ALL",
    "EXIT_OK",
    "FIRST_ROUND",
    "TimeLimitError",
    "option_uses",
    "search_within",
    "solve_within",
    "stop_message",
    "time_limit",
    "verdict_problem",
    "warm_kernels",
]

EXIT_OK = 0
EXIT_NOT_ALL = 1
EXIT_BAD_INPUT = 2
EXIT_BUDGET = 3

FIRST_ROUND = 1 << 16
"""Under a time limit a search runs in rounds of growing node budgets, the time checked
between them (a compiled search cannot be interrupted): this many nodes first."""


class TimeLimitError(BudgetExceededError):
    """A search ran out of its time (``--time-limit``)."""


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


_RING_AGAIN = 0.1
"""Seconds after a time limit's error until it is raised again, should the code the alarm
interrupted have caught it."""


@contextlib.contextmanager
def time_limit(seconds: float | None, what: str) -> Iterator[None]:
    """Raise :class:`TimeLimitError` (a :class:`BudgetExceededError`) in the body after
    ``seconds`` (``None`` or 0: never), naming ``what`` ran out of time. Until the body
    ends, the error is raised again every :data:`_RING_AGAIN` seconds, in case the code it
    landed in caught it.

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
            # Ring again soon: code the alarm lands in may catch the error (a listener
            # guard, an ``except ValueError``), and the limit must still end the body.
            signal.setitimer(signal.ITIMER_REAL, _RING_AGAIN)
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


def option_uses(kind: Kind[Any], options: Mapping[str, Any]) -> tuple[str, ...]:
    """The extra kernel uses (:data:`grille.kind.KERNEL_USES`) that ``kind``'s options
    ``options`` run, as its :attr:`KindOption.kernel_uses <grille.info.KindOption.kernel_uses>`
    say (``nesting=2`` may need the ``nested`` kernels)."""
    return tuple(
        use for name, value in options.items() for use in kind.info.option(name).uses(value)
    )


def warm_kernels(
    kind: Kind[Any], uses: Collection[str], options: Mapping[str, Any] | None = None
) -> None:
    """Compile (or load) the kernels ``kind`` runs for ``uses`` with its ``options`` now,
    before a time limit starts; a compile says so on stderr."""
    from grille.warm import ensure_warm

    ensure_warm([kind], (*uses, *option_uses(kind, options or {})))
