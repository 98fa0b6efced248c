"""Sudoku rating: grille's ratings against Sudoku Explainer's and HoDoKu's, and rating speed.

Run from the repository root (``PY`` the venv's python, ``PYTHONPATH=src``)::

    $PY benchmarks/sudoku_rating.py                              # every oracle file, see below
    $PY benchmarks/sudoku_rating.py --oracle ../oracle --sample 20 --seconds 60
    $PY benchmarks/sudoku_rating.py --rated se_17clue.txt --hodoku-rated hodoku_17clue.txt
    $PY benchmarks/sudoku_rating.py --sets --sample 50 --seconds 60

**Oracle report** (the default, ``--oracle DIR`` or ``--rated FILE ...``): puzzles rated by
Sudoku Explainer's ``serate`` (SE) and by hodoku-py, read from oracle files, rated again by
grille, printed side by side in one run:

- agreement with SE by SE's ER band (1.0-1.9, ..., 11.0-11.9, 20.0 = unsolved): exact ER,
  EP and ED and within +-0.1;
- agreement with HoDoKu by HoDoKu's level: level exact, score exact (grille's
  ``rate(puzzle, scale="hodoku")``; "hodoku scale not available" while grille has none);
- speed at default settings by SE band: mean and p90 seconds per puzzle, grille against
  serate (the seconds recorded in the oracle files) and hodoku-py (timed live, in this
  process, or ``--hodoku-timing recorded``), with the ratios and the targets.

SE files (``--se-glob``, default ``se_*.txt``, in ``--oracle DIR`` minus ``--exclude``,
default the other helpers' ``se_hard_*``, ``se_easy_*``, ``se_gen-*``; or ``--rated FILE
...``), one puzzle a line,
space or tab separated, ``#`` lines skipped: ``<81 chars> <ER>``, ``<label> <81 chars>
<ER>``, ``<81 chars> <ER> <EP> <ED>``, ``<81 chars> <ER> <EP> <ED> <seconds>``, or
serate's own ``<81 chars> ED=<ER>/<EP>/<ED>``. SE's seconds per puzzle also come from a
sibling ``<name>.seconds.txt`` (``<81 chars> <seconds>``). HoDoKu files (``--hodoku-glob``,
default ``hodoku_bench_*.txt``, or ``--hodoku-rated FILE ...``): ``[<label>] <81 chars>
<level> <score> [<seconds> ...]``, seconds also from a sibling ``.seconds.txt``.
``--sample N`` rates at most N puzzles of each band (seeded) and ``--seconds S`` stops
starting new puzzles in a band once grille (and, separately, hodoku-py) has spent S
seconds on it. ``--details`` adds the older fidelity
tables (confusion, by technique, largest disagreements).

**Speed and coverage** (``--sets [NAME ...]``): a seeded sample of each shared puzzle set
(``../shared/data/sudoku``, or ``--data``) rated by grille and by hodoku-py within
``--seconds`` per set: puzzles per second, coverage without trial and error, levels.

Every puzzle is rated in this process, one at a time, on one thread, after a warm-up rating
that loads the compiled kernels. A rating cannot be cut short in-process, so the budgets
decide only whether the next puzzle starts.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

import numpy as np

from grille.sudoku.grid import Grid
from grille.sudoku.logic.explain import rate
from grille.sudoku.logic.rating import SCALES, Rating

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "sudoku"
ORACLE_CANDIDATES = (ROOT.parent / "oracle", ROOT.parent.parent / "oracle")
"""Where the shared oracle folder is looked for (``/work/oracle`` beside the worktrees)."""
DEFAULT_SETS = ("kaggle_9999", "17clue_10k", "magictour_top1465", "forum_hardest_1106_half")
TRIAL_AND_ERROR = "Trial and Error"
"""The technique name of grille's last resort (``forcing.trial_and_error``)."""
BANDS: tuple[tuple[str, float], ...] = (
    ("<6", 6.0),
    ("6-7", 7.0),
    ("7-8", 8.0),
    ("8-9", 9.0),
    ("9+", float("inf")),
)
"""ER bands of the ``--details`` confusion table, each with its (exclusive) upper bound."""
SEED = 20240601
UNSOLVED_BAND = "20.0 / unsolved"
ERROR_BAND = "0.0 / error"
NO_SE_BAND = "no SE rating"
HELPER_FILES = ("se_hard_*", "se_easy_*", "se_gen-*")
"""Oracle files other helpers made for their own work (puzzles they tune on), left out of the
oracle folder's report unless ``--exclude`` says otherwise."""
HODOKU_LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
TARGET_EXACT = 98.0
"""Issue #18's targets: exact ER, EP and ED in every band (percent)."""
TARGET_LEVEL, TARGET_SCORE = 97.0, 90.0
TARGET_SPEEDUP = 20.0
HARD_BAND_FROM = 10
"""Bands from this ER on are timed against SE; the others against hodoku-py."""


# -- input ---------------------------------------------------------------------------------------


class OracleFormatError(ValueError):
    """A line of an oracle file that is not one of the accepted forms."""


@dataclass(frozen=True)
class Rated:
    """A puzzle with SE's ER (and EP, ED and SE's seconds when the file has them)."""

    label: str
    puzzle: str
    er: float
    ep: float | None = None
    ed: float | None = None
    seconds: float | None = None
    source: str = ""

    def __repr__(self) -> str:
        return f"<Rated {self.source}:{self.label} ER={self.er:.1f} EP={self.ep} ED={self.ed}>"


@dataclass(frozen=True)
class HodokuRated:
    """A puzzle with hodoku-py's level and score (and its seconds when recorded)."""

    puzzle: str
    level: str
    score: int
    seconds: float | None = None
    source: str = ""


def _number(text: str, path: Path, number: int, line: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise OracleFormatError(f"{path}:{number}: {text!r} is not a number in {line!r}") from None


def parse_rated_line(line: str, path: Path = Path("-"), number: int = 0) -> Rated | None:
    """One SE oracle line as a :class:`Rated` (None for a blank or ``#`` line).

    >>> parse_rated_line("." * 81 + " 1.5 1.2 1.2").ep
    1.2
    >>> parse_rated_line("h1 " + "." * 81 + " 7.1").label
    'h1'
    >>> parse_rated_line("." * 81 + " ED=11.9/11.9/11.3").ed
    11.3
    """
    fields = line.split()
    if not fields or line.lstrip().startswith("#"):
        return None
    where = next((i for i, field in enumerate(fields[:2]) if len(field) == 81), None)
    if where is None:
        raise OracleFormatError(
            f"{path}:{number}: no 81-character puzzle in the first two fields of {line!r}")
    label = fields[0] if where == 1 else str(number)
    puzzle = fields[where].replace("0", ".")
    rest = fields[where + 1 :]
    if len(rest) == 1 and rest[0].startswith("ED="):
        rest = rest[0][3:].split("/")
    values = [_number(text, path, number, line) for text in rest]
    if len(values) == 1:
        return Rated(label, puzzle, values[0])
    if len(values) in (3, 4):
        seconds = values[3] if len(values) == 4 else None
        return Rated(label, puzzle, values[0], values[1], values[2], seconds)
    raise OracleFormatError(
        f"{path}:{number}: expected '[label] <81 chars> <ER> [<EP> <ED> [<seconds>]]', "
        f"got {line!r}")


def valid_se(item: Rated) -> bool:
    """Whether the ratings are on SE's scale (0.0-20.0): a lost rating leaves only seconds."""
    return all(value is None or 0.0 <= value <= 20.0 for value in (item.er, item.ep, item.ed))


def read_seconds(path: Path) -> dict[str, float]:
    """The sibling ``<stem>.seconds.txt`` of ``path``: seconds by puzzle (empty if none)."""
    sibling = path.with_name(path.stem + ".seconds.txt")
    found: dict[str, float] = {}
    if sibling.exists():
        for line in sibling.read_text().splitlines():
            fields = line.split()
            if len(fields) == 2 and len(fields[0]) == 81:
                found[fields[0].replace("0", ".")] = float(fields[1])
    return found


def parse_rated(path: Path) -> list[Rated]:
    """The SE-rated puzzles of ``path`` (lines whose ratings are off SE's scale skipped),
    with SE's seconds from the line or from the sibling ``.seconds.txt``."""
    seconds = read_seconds(path)
    source = path.stem.removeprefix("se_")
    found = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        item = parse_rated_line(line, path, number)
        if item is None or not valid_se(item):
            continue
        found.append(Rated(
            item.label, item.puzzle, item.er, item.ep, item.ed,
            item.seconds if item.seconds is not None else seconds.get(item.puzzle), source,
        ))
    return found


def parse_hodoku_line(line: str, path: Path = Path("-"), number: int = 0) -> HodokuRated | None:
    """One hodoku-py oracle line (None for a blank or ``#`` line): ``[<label>] <81 chars>
    <level> <score> [<seconds> [anything]]``, space or tab separated, level in any case.

    >>> parse_hodoku_line("." * 81 + " Hard 1234").level
    'hard'
    >>> parse_hodoku_line("7\t" + "." * 81 + "\tEASY\t184\t0.102\tNAKED_SINGLE:8=4").seconds
    0.102
    """
    fields = line.split()
    if not fields or line.lstrip().startswith("#"):
        return None
    where = next((i for i, field in enumerate(fields[:2]) if len(field) == 81), None)
    rest = fields[where + 1 :] if where is not None else []
    if len(rest) < 2 or rest[0].lower() not in (*HODOKU_LEVELS, "incomplete"):
        raise OracleFormatError(
            f"{path}:{number}: expected '[label] <81 chars> <level> <score> [<seconds>]', "
            f"got {line!r}")
    assert where is not None
    score = int(_number(rest[1], path, number, line))
    seconds = _number(rest[2], path, number, line) if len(rest) > 2 else None
    return HodokuRated(fields[where].replace("0", "."), rest[0].lower(), score, seconds)


def parse_hodoku(path: Path) -> list[HodokuRated]:
    """The hodoku-py-rated puzzles of ``path``, seconds from the line or the sibling file."""
    seconds = read_seconds(path)
    source = path.stem.removeprefix("hodoku_").removeprefix("bench_")
    found = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        item = parse_hodoku_line(line, path, number)
        if item is not None:
            found.append(HodokuRated(
                item.puzzle, item.level, item.score,
                item.seconds if item.seconds is not None else seconds.get(item.puzzle), source,
            ))
    return found


def oracle_files(folder: Path, pattern: str, exclude: Sequence[str] = ()) -> list[Path]:
    """The oracle files of ``folder`` matching ``pattern`` and none of ``exclude``, not the
    ``.seconds``/``.timeouts`` siblings."""
    return sorted(
        path for path in folder.glob(pattern)
        if not path.name.endswith((".seconds.txt", ".timeouts.txt"))
        and not any(path.match(other) for other in exclude if other)
    )


def read_set(data: Path, name: str) -> list[str]:
    """The puzzles of the shared set ``name``."""
    return [line.strip() for line in (data / f"{name}.txt").read_text().splitlines() if line]


def sample(items: Sequence[str], count: int, seed: int = SEED) -> list[str]:
    """``count`` items drawn with a fixed seed (all of them, in order, if there are fewer)."""
    if count <= 0 or count >= len(items):
        return list(items)
    return random.Random(seed).sample(list(items), count)


# -- bands -----------------------------------------------------------------------------------------


def se_band(er: float) -> str:
    """SE's ER band of ``er``: ``"1.0-1.9"`` ... ``"11.0-11.9"``, unsolved (20.0), error (0.0).

    >>> se_band(2.6), se_band(11.9), se_band(20.0), se_band(0.0)
    ('2.0-2.9', '11.0-11.9', '20.0 / unsolved', '0.0 / error')
    """
    tenths = round(er * 10)
    if tenths < 10:
        return ERROR_BAND
    if tenths >= 120:
        return UNSOLVED_BAND
    return f"{tenths // 10}.0-{tenths // 10}.9"


def band_order(name: str) -> tuple[float, str]:
    """Sort key of band names: by ER, unsolved and puzzles without SE's rating last."""
    if name == ERROR_BAND:
        return (0.0, name)
    if name == UNSOLVED_BAND:
        return (20.0, name)
    if name == NO_SE_BAND:
        return (99.0, name)
    return (float(name.split("-")[0]), name)


def is_hard_band(name: str) -> bool:
    """Whether a band is timed against SE (10.0 and up, unsolved) rather than hodoku-py."""
    key = band_order(name)[0]
    return HARD_BAND_FROM <= key <= 20.0


# -- rating ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Timed:
    """grille's rating of one puzzle and the seconds it took."""

    puzzle: str
    rating: Rating
    seconds: float

    @property
    def coverage(self) -> bool:
        """Whether the puzzle was solved without trial and error."""
        return self.rating.solved and all(
            name != TRIAL_AND_ERROR for name, _ in self.rating.techniques
        )


def rate_timed(puzzle: str, nesting: int | None = None, scale: str = "se") -> Timed:
    """Rate ``puzzle`` on ``scale`` (parsing outside the clock); ``nesting`` None: rate's
    own default."""
    grid = Grid.from_string(puzzle)
    options: dict[str, Any] = {"scale": scale}
    if nesting is not None:
        options["nesting"] = nesting
    start = time.perf_counter()
    rating = rate(grid, **options)
    return Timed(puzzle, rating, time.perf_counter() - start)


def warm_up(nesting: int | None) -> float:
    """Rate one hard puzzle so that compiled kernels are loaded before timing; the seconds."""
    start = time.perf_counter()
    rate_timed(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        nesting,
    )
    return time.perf_counter() - start


HodokuRun = Callable[[str], tuple[str, int]]
"""A rater on HoDoKu's scale: puzzle -> (level in lower case, score)."""


def make_hodoku() -> HodokuRun | None:
    """hodoku-py's rating path (``Solver().rate``: level and score), or None if not installed."""
    try:
        from hodoku import Solver
    except ImportError:
        return None
    solver = Solver()

    def run(puzzle: str) -> tuple[str, int]:
        result = solver.rate(puzzle)
        return result.level.name.lower(), result.score

    return run


def grille_hodoku_scale(
    scales: Sequence[str] = SCALES, rater: Callable[..., Any] = rate
) -> HodokuRun | None:
    """grille's own HoDoKu scale, ``rate(puzzle, scale="hodoku")``, as (level, score), or
    None while grille has no such scale. The score is the rating's ``score`` when it has one,
    else its ER field (the scale's one number)."""
    if "hodoku" not in scales:
        return None

    def run(puzzle: str) -> tuple[str, int]:
        rating = rater(Grid.from_string(puzzle), scale="hodoku")
        score = getattr(rating, "score", None)
        if score is None:
            score = rating.er
        return str(rating.level).lower(), round(float(score))

    return run


class _OvertimeError(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _OvertimeError


def capped(run: HodokuRun, puzzle: str, cap: float) -> tuple[str, int] | None:
    """``run(puzzle)``, or None when it takes more than ``cap`` seconds (SIGALRM; no cap
    where there is no SIGALRM or when ``cap`` is 0). hodoku-py is Python, so it stops."""
    if cap <= 0 or not hasattr(signal, "SIGALRM"):
        return run(puzzle)
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, cap)
    try:
        return run(puzzle)
    except _OvertimeError:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def time_hodoku(
    run: HodokuRun, puzzles: Sequence[str], budget: float, cap: float = 0.0
) -> list[tuple[str, str, int, float]]:
    """hodoku-py on ``puzzles`` in order until ``budget`` seconds: (puzzle, level, score, s);
    a puzzle over ``cap`` seconds is left out (and its time counted)."""
    done = []
    spent = 0.0
    for puzzle in puzzles:
        if spent >= budget:
            break
        start = time.perf_counter()
        result = capped(run, puzzle, cap)
        seconds = time.perf_counter() - start
        spent += seconds
        if result is not None:
            done.append((puzzle, result[0], result[1], seconds))
    return done


# -- statistics ------------------------------------------------------------------------------------


def ranks(values: Sequence[float]) -> np.ndarray:
    """1-based ranks of ``values``, tied values sharing their average rank."""
    data = np.asarray(values, dtype=float)
    order = np.argsort(data, kind="mergesort")
    result = np.empty(len(data))
    sorted_values = data[order]
    start = 0
    while start < len(data):
        end = start
        while end + 1 < len(data) and sorted_values[end + 1] == sorted_values[start]:
            end += 1
        result[order[start : end + 1]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the average ranks."""
    if len(xs) < 2:
        return float("nan")
    rx, ry = ranks(xs), ranks(ys)
    if rx.std() == 0 or ry.std() == 0:
        return float("nan")
    return float(np.corrcoef(rx, ry)[0, 1])


def band(er: float) -> str:
    """The ``--details`` confusion-table band of ``er``."""
    for name, upper in BANDS:
        if er < upper - 1e-9:
            return name
    return BANDS[-1][0]


def share(flags: Sequence[bool]) -> str:
    return f"{100 * sum(flags) / len(flags):.1f} %" if flags else "-"


def percent(flags: Sequence[bool]) -> float | None:
    return 100 * sum(flags) / len(flags) if flags else None


def milliseconds(seconds: Sequence[float]) -> str:
    """Mean, median, 90th percentile and largest time per puzzle."""
    ms = np.asarray(seconds) * 1000
    return (
        f"mean {ms.mean():.0f} ms, median {np.median(ms):.0f} ms, "
        f"p90 {np.percentile(ms, 90):.0f} ms, max {ms.max():.0f} ms"
    )


def seconds_text(value: float | None) -> str:
    """Seconds with precision suited to their size (``-`` for none)."""
    if value is None or np.isnan(value):
        return "-"
    if value < 0.01:
        return f"{value:.4f}"
    if value < 1:
        return f"{value:.3f}"
    if value < 100:
        return f"{value:.2f}"
    return f"{value:,.0f}"


def mean_p90(values: Sequence[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    return float(np.mean(values)), float(np.percentile(values, 90))


def table(header: Sequence[str], rows: Sequence[Sequence[str]], *, left: int = 1) -> str:
    """A Markdown table, the first ``left`` columns left-aligned and the others right-aligned."""
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join(["---"] * left + ["---:"] * (len(header) - left)) + "|")
    lines.extend("| " + " | ".join(row) + " |" for row in rows)
    return "\n".join(lines)


# -- the oracle report -----------------------------------------------------------------------------


@dataclass
class Result:
    """One puzzle of the oracle report: what the oracles said and what grille says."""

    puzzle: str
    band: str
    se: Rated | None = None
    hodoku: HodokuRated | None = None
    grille: Timed | None = None
    grille_hodoku: tuple[str, int] | None = None
    grille_hodoku_seconds: float | None = None
    hodoku_py_seconds: float | None = None


def gather(
    se_items: Iterable[Rated], hodoku_items: Iterable[HodokuRated]
) -> tuple[dict[str, Result], list[str]]:
    """The puzzles of both oracles, one :class:`Result` each by puzzle, banded by SE's ER;
    and notes on puzzles rated twice with different answers (the first answer is kept)."""
    results: dict[str, Result] = {}
    notes = []
    for item in se_items:
        found = results.get(item.puzzle)
        if found is None:
            results[item.puzzle] = Result(item.puzzle, se_band(item.er), se=item)
        elif found.se is not None and (found.se.er, found.se.ep, found.se.ed) != (
            item.er, item.ep, item.ed
        ) and None not in (found.se.ep, item.ep):
            notes.append(f"{item.puzzle}: SE {found.se.er}/{found.se.ep}/{found.se.ed} in "
                         f"{found.se.source}, {item.er}/{item.ep}/{item.ed} in {item.source}")
    for entry in hodoku_items:
        found = results.setdefault(entry.puzzle, Result(entry.puzzle, NO_SE_BAND))
        if found.hodoku is None:
            found.hodoku = entry
        elif (found.hodoku.level, found.hodoku.score) != (entry.level, entry.score):
            notes.append(f"{entry.puzzle}: HoDoKu {found.hodoku.level} {found.hodoku.score} in "
                         f"{found.hodoku.source}, {entry.level} {entry.score} in {entry.source}")
    return results, notes


def by_band(results: Iterable[Result]) -> dict[str, list[Result]]:
    """``results`` grouped by band, bands in ER order."""
    groups: dict[str, list[Result]] = {}
    for result in results:
        groups.setdefault(result.band, []).append(result)
    return {name: groups[name] for name in sorted(groups, key=band_order)}


def choose(
    groups: dict[str, list[Result]], count: int, seed: int = SEED
) -> dict[str, list[Result]]:
    """Each band's results in a seeded random order, at most ``count`` (0: all) of each."""
    chosen = {}
    for name, items in groups.items():
        ordered = sorted(items, key=lambda result: result.puzzle)
        random.Random(f"{seed}:{name}").shuffle(ordered)
        chosen[name] = ordered[:count] if count > 0 else ordered
    return chosen


def within(ours: float, theirs: float | None, tolerance: float) -> bool:
    """Whether grille's ``ours`` (rounded to 0.1) is within ``tolerance`` of ``theirs``."""
    return theirs is not None and abs(round(ours, 1) - theirs) <= tolerance + 0.05


def se_pairs(items: Iterable[Result]) -> list[tuple[Rated, Timed]]:
    """SE's rating and grille's, for the results that have both."""
    return [(r.se, r.grille) for r in items if r.se is not None and r.grille is not None]


def agreement_row(name: str, pairs: Sequence[tuple[Rated, Timed]]) -> list[str]:
    """One row of the SE agreement table: exact and within +-0.1 ER, EP and ED (EP and ED
    over the puzzles whose file has them), and how many ERs grille has higher and lower."""
    row = [name, str(len(pairs))]
    for field in ("er", "ep", "ed"):
        both = [(getattr(timed.rating, field), getattr(se, field)) for se, timed in pairs]
        both = [(ours, theirs) for ours, theirs in both if theirs is not None]
        row.append(share([within(ours, theirs, 0.0) for ours, theirs in both]))
        row.append(share([within(ours, theirs, 0.1) for ours, theirs in both]))
    higher = sum(round(timed.rating.er, 1) > se.er + 0.05 for se, timed in pairs)
    lower = sum(round(timed.rating.er, 1) < se.er - 0.05 for se, timed in pairs)
    row.append(f"{higher} / {lower}")
    return row


def agreement_rows(groups: dict[str, list[Result]]) -> list[list[str]]:
    """The SE agreement table's rows: one per band with SE-rated puzzles, then ``all``."""
    rows = [agreement_row(name, se_pairs(items)) for name, items in groups.items()
            if se_pairs(items)]
    everything = [pair for items in groups.values() for pair in se_pairs(items)]
    if everything:
        rows.append(agreement_row("all", everything))
    return rows


def source_agreement_rows(groups: dict[str, list[Result]]) -> list[list[str]]:
    """The SE agreement table's rows by oracle source instead of band."""
    by_source: dict[str, list[tuple[Rated, Timed]]] = {}
    for items in groups.values():
        for pair in se_pairs(items):
            by_source.setdefault(pair[0].source, []).append(pair)
    return [agreement_row(name, pairs) for name, pairs in sorted(by_source.items())]


AGREEMENT_HEADER = ("SE band", "puzzles", "ER exact", "ER ±0.1", "EP exact", "EP ±0.1",
                    "ED exact", "ED ±0.1", "grille ER higher / lower")
EXACT_COLUMNS = (2, 4, 6)
"""The columns of :data:`AGREEMENT_HEADER` held to :data:`TARGET_EXACT`."""


def hodoku_rows(results: Iterable[Result]) -> list[list[str]]:
    """The HoDoKu agreement table's rows: per HoDoKu level (hodoku-py's), then ``all``."""
    rated = [
        (r.hodoku, r.grille_hodoku, r.grille_hodoku_seconds or 0.0) for r in results
        if r.hodoku is not None and r.grille_hodoku is not None
    ]
    rows = []
    for level in (*HODOKU_LEVELS, "all"):
        items = [item for item in rated if level in ("all", item[0].level)]
        if items:
            rows.append([
                level, str(len(items)),
                share([ours[0] == theirs.level for theirs, ours, _ in items]),
                share([ours == (theirs.level, theirs.score) for theirs, ours, _ in items]),
                seconds_text(mean_p90([seconds for *_, seconds in items])[0]),
            ])
    return rows


HODOKU_HEADER = ("HoDoKu level", "puzzles", "level exact", "score exact",
                 "grille hodoku-scale mean s")


def ratio(theirs: Sequence[float], ours: Sequence[float]) -> float | None:
    """How many times faster grille is: their mean over ours (same puzzles)."""
    if not theirs or not ours or sum(ours) == 0 or sum(theirs) == 0:
        return None
    return float(np.mean(theirs) / np.mean(ours))


def speed_row(name: str, items: Sequence[Result]) -> list[str] | None:
    """One row of the speed table (None for a band grille did not rate)."""
    ours = [(r, r.grille.seconds) for r in items if r.grille is not None]
    if not ours:
        return None
    se = [(seconds, r.se.seconds) for r, seconds in ours
          if r.se is not None and r.se.seconds is not None]
    hodoku = [(seconds, r.hodoku_py_seconds) for r, seconds in ours
              if r.hodoku_py_seconds is not None]
    se_ratio = ratio([theirs for _, theirs in se], [mine for mine, _ in se])
    hodoku_ratio = ratio([theirs for _, theirs in hodoku], [mine for mine, _ in hodoku])
    target, value = (("≥20× SE", se_ratio) if is_hard_band(name)
                     else ("≥20× hodoku-py", hodoku_ratio))
    verdict = "-" if value is None else ("met" if value >= TARGET_SPEEDUP else "NOT met")
    if name == NO_SE_BAND:
        target, verdict = "none (no SE band)", "-"
    guessed = sum(not r.grille.coverage for r in items if r.grille is not None)
    if guessed:
        verdict += f" ({guessed} of {len(ours)} rated with trial and error)"
    columns = [name, str(len(ours))]
    columns += map(seconds_text, mean_p90([seconds for _, seconds in ours]))
    for pairs, speedup in ((se, se_ratio), (hodoku, hodoku_ratio)):
        columns.append(str(len(pairs)))
        columns += map(seconds_text, mean_p90([theirs for _, theirs in pairs]))
        columns.append("-" if speedup is None else f"×{speedup:,.{2 if speedup < 1 else 1}f}")
    columns.append(f"{target}: {verdict}")
    return columns


def speed_rows(groups: dict[str, list[Result]]) -> list[list[str]]:
    """The speed table's rows: per band, grille's mean and p90 seconds, serate's and
    hodoku-py's on the same puzzles, the ratios, and the target the band is held to."""
    rows = (speed_row(name, items) for name, items in groups.items())
    return [row for row in rows if row is not None]


SPEED_HEADER = ("SE band", "grille n", "grille mean s", "grille p90 s", "SE n", "SE mean s",
                "SE p90 s", "grille vs SE", "hodoku-py n", "hodoku-py mean s",
                "hodoku-py p90 s", "grille vs hodoku-py", "target")


def exact_misses(rows: Sequence[Sequence[str]]) -> list[str]:
    """The bands and measures of the SE agreement rows below :data:`TARGET_EXACT`."""
    misses = []
    for row in rows:
        if row[0] == "all":
            continue
        for index in EXACT_COLUMNS:
            if row[index].endswith("%") and float(row[index].split()[0]) < TARGET_EXACT:
                misses.append(f"{row[0]} {AGREEMENT_HEADER[index]} {row[index]}")
    return misses


def machine() -> str:
    """The commit, Python, numba, cores and load: what the numbers were measured on."""
    try:
        commit = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, check=False,
        ).stdout.strip() or "?"
    except OSError:
        commit = "?"
    try:
        import numba

        numba_version = numba.__version__
    except ImportError:
        numba_version = "not installed"
    load = " ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (f"commit {commit}, Python {platform.python_version()}, numba {numba_version}, "
            f"{os.cpu_count()} cores, load average {load}")


def oracle_inputs(options: argparse.Namespace) -> tuple[list[Rated], list[HodokuRated], list[str]]:
    """The SE and HoDoKu oracle entries the options name, and notes on files left out."""
    se_paths: list[Path] = list(options.rated or [])
    hodoku_paths: list[Path] = list(options.hodoku_rated or [])
    notes = []
    if not se_paths and not hodoku_paths:
        folder = options.oracle
        if folder is None:
            folder = next((path for path in ORACLE_CANDIDATES if path.is_dir()), None)
        if folder is None or not folder.is_dir():
            raise SystemExit(
                "no oracle folder: give --oracle DIR or --rated FILE (see the module doc)")
        se_paths = oracle_files(folder, options.se_glob, options.exclude)
        hodoku_paths = oracle_files(folder, options.hodoku_glob, options.exclude)
    se_items: list[Rated] = []
    hodoku_items: list[HodokuRated] = []
    for path in se_paths:
        try:
            se_items.extend(parse_rated(path))
        except OracleFormatError as error:
            if options.rated:
                raise
            notes.append(f"left out {path.name}: {error}")
    for path in hodoku_paths:
        try:
            hodoku_items.extend(parse_hodoku(path))
        except OracleFormatError as error:
            if options.hodoku_rated:
                raise
            notes.append(f"left out {path.name}: {error}")
    return se_items, hodoku_items, notes


def source_rows(se_items: Sequence[Rated], hodoku_items: Sequence[HodokuRated]) -> list[list[str]]:
    """Per oracle source: SE puzzles, with EP/ED, with SE seconds, HoDoKu puzzles."""
    se_by: dict[str, list[Rated]] = {}
    for item in se_items:
        se_by.setdefault(item.source, []).append(item)
    hodoku_by = Counter(entry.source for entry in hodoku_items)
    rows = []
    for source in sorted(set(se_by) | set(hodoku_by)):
        items = se_by.get(source, [])
        rows.append([
            source, str(len(items)), str(sum(item.ep is not None for item in items)),
            str(sum(item.seconds is not None for item in items)), str(hodoku_by.get(source, 0)),
        ])
    return rows


def write_row(out: TextIO, result: Result) -> None:
    """One per-puzzle TSV line of ``--out``."""
    se, ours, theirs = result.se, result.grille, result.hodoku

    def number(value: float | None) -> str:
        return "" if value is None else f"{value:.1f}"

    fields = [
        result.band, result.puzzle,
        "" if se is None else se.source, number(se.er if se else None),
        number(se.ep if se else None), number(se.ed if se else None),
        "" if se is None or se.seconds is None else f"{se.seconds:.2f}",
        number(ours.rating.er if ours else None), number(ours.rating.ep if ours else None),
        number(ours.rating.ed if ours else None), ours.rating.hardest if ours else "",
        f"{ours.seconds:.3f}" if ours else "",
        f"{theirs.level} {theirs.score}" if theirs else "",
        " ".join(map(str, result.grille_hodoku)) if result.grille_hodoku else "",
        "" if result.hodoku_py_seconds is None else f"{result.hodoku_py_seconds:.3f}",
    ]
    out.write("\t".join(fields) + "\n")
    out.flush()


OUT_HEADER = ("band", "puzzle", "source", "se_er", "se_ep", "se_ed", "se_s", "grille_er",
              "grille_ep", "grille_ed", "grille_hardest", "grille_s", "hodoku_py",
              "grille_hodoku", "hodoku_py_s")


def run_oracle(
    groups: dict[str, list[Result]],
    options: argparse.Namespace,
    rate_se: Callable[[str], Timed],
    rate_hodoku: HodokuRun | None,
    hodoku_py: HodokuRun | None,
    out: TextIO | None = None,
) -> None:
    """Rate every chosen puzzle with grille (and grille's HoDoKu scale, when it exists, on
    the puzzles hodoku-py rated), then time hodoku-py live on the same puzzles, band by
    band within ``options.seconds`` each; fills the results in place."""
    for name, items in groups.items():
        spent = 0.0
        for result in items:
            if options.seconds and spent >= options.seconds:
                break
            result.grille = rate_se(result.puzzle)
            spent += result.grille.seconds
            if rate_hodoku is not None and result.hodoku is not None:
                start = time.perf_counter()
                result.grille_hodoku = rate_hodoku(result.puzzle)
                result.grille_hodoku_seconds = time.perf_counter() - start
        timed = [result for result in items if result.grille is not None]
        if options.hodoku_timing == "recorded":
            for result in timed:
                if result.hodoku is not None:
                    result.hodoku_py_seconds = result.hodoku.seconds
        elif hodoku_py is not None:
            done = time_hodoku(hodoku_py, [r.puzzle for r in timed],
                               options.seconds or float("inf"), options.hodoku_cap)
            seconds = {puzzle: s for puzzle, _, _, s in done}
            for result in timed:
                result.hodoku_py_seconds = seconds.get(result.puzzle)
        if out:
            for result in timed:
                write_row(out, result)
        print(f"  ... {name}: {len(timed)} of {len(items)} rated", file=sys.stderr, flush=True)


def report_oracle(
    groups: dict[str, list[Result]], hodoku_scale: bool, hodoku_py: bool, timing: str
) -> None:
    """Print the three tables of the oracle report and the targets missed."""
    print("\n## Agreement with Sudoku Explainer (serate) by SE's ER band\n")
    rows = agreement_rows(groups)
    print(table(AGREEMENT_HEADER, rows) if rows else "no SE-rated puzzle was rated")
    if rows:
        misses = exact_misses(rows)
        print(f"\nTarget exact ER, EP and ED ≥ {TARGET_EXACT:.0f} % in every band: "
              + ("met" if not misses else "NOT met: " + "; ".join(misses)))
        print("\nThe same by oracle source:\n")
        print(table(("source", *AGREEMENT_HEADER[1:]), source_agreement_rows(groups)))

    print("\n## Agreement with HoDoKu (hodoku-py) by HoDoKu's level\n")
    everything = [result for items in groups.values() for result in items]
    if not hodoku_scale:
        print("hodoku scale not available: grille's rate() has no scale 'hodoku' "
              f"(scales: {', '.join(SCALES)})")
    else:
        rows = hodoku_rows(everything)
        print(table(HODOKU_HEADER, rows) if rows else "no HoDoKu-rated puzzle was rated")
        total = next((row for row in rows if row[0] == "all"), None)
        if total:
            level, score = (float(total[i].split()[0]) for i in (2, 3))
            print(f"\nTargets level exact ≥ {TARGET_LEVEL:.0f} %: "
                  f"{'met' if level >= TARGET_LEVEL else 'NOT met'}; score exact ≥ "
                  f"{TARGET_SCORE:.0f} %: {'met' if score >= TARGET_SCORE else 'NOT met'}")

    print("\n## Speed at default settings by SE's ER band (seconds per puzzle)\n")
    print(table(SPEED_HEADER, speed_rows(groups)))
    how = ("timed live in this run" if timing == "live" else "as recorded in the oracle files")
    print(f"\ngrille: rate() in this process after a warm-up; SE: serate's seconds from the "
          f"oracle files; hodoku-py: Solver().rate, {how}"
          + ("" if hodoku_py or timing == "recorded" else " (not installed)")
          + f". Ratios: mean over mean on the same puzzles. Targets: ≥{TARGET_SPEEDUP:.0f}× "
          f"SE from {HARD_BAND_FROM}.0 on and for unsolved, ≥{TARGET_SPEEDUP:.0f}× hodoku-py "
          "in the other bands.")


def oracle(options: argparse.Namespace) -> int:
    se_items, hodoku_items, file_notes = oracle_inputs(options)
    results, notes = gather(se_items, hodoku_items)
    groups = choose(by_band(results.values()), options.sample)
    if options.bands:
        groups = {name: items for name, items in groups.items() if name in options.bands}
    print("# Sudoku rating against the oracles (issue #18)\n")
    print(machine())
    for note in file_notes + notes[:10]:
        print(f"note: {note}")
    if len(notes) > 10:
        print(f"note: {len(notes) - 10} more puzzles rated differently in two files")
    print("\nOracle files (puzzles; with EP/ED; with SE's seconds; HoDoKu-rated):\n")
    print(table(["source", "SE", "EP/ED", "SE seconds", "HoDoKu"],
                source_rows(se_items, hodoku_items)))
    print(f"\nsample: at most {options.sample or 'all'} per band (seed {SEED}); "
          f"budget {options.seconds or 'none'} s per band for grille and for hodoku-py")
    print(f"warm-up (loading compiled kernels): {warm_up(options.nesting):.1f} s")
    hodoku_scale = grille_hodoku_scale()
    hodoku_py = make_hodoku() if options.hodoku_timing == "live" else None
    out = options.out.open("w") if options.out else None
    if out:
        out.write("\t".join(OUT_HEADER) + "\n")
    try:
        run_oracle(groups, options,
                   lambda puzzle: rate_timed(puzzle, options.nesting, options.scale),
                   hodoku_scale, hodoku_py, out)
    finally:
        if out:
            out.close()
    report_oracle(groups, hodoku_scale is not None, hodoku_py is not None, options.hodoku_timing)
    if options.details:
        pairs = [pair for items in groups.values() for pair in se_pairs(items)]
        report_fidelity(pairs)
        if options.with_hodoku:
            report_hodoku_fidelity([se for se, _ in pairs], options.seconds)
    print(f"\n{machine()} (at the end)")
    return 0


# -- the older fidelity tables (--details) ---------------------------------------------------------


def report_fidelity(results: Sequence[tuple[Rated, Timed]]) -> None:
    if not results:
        return
    se = [item.er for item, _ in results]
    ours = [round(timed.rating.er, 1) for _, timed in results]
    diff = [b - a for a, b in zip(se, ours, strict=True)]
    higher, lower = sum(d > 0.05 for d in diff), sum(d < -0.05 for d in diff)
    print(f"\n## Details\n\nN = {len(results)}")
    rows = [["exact ER", share([abs(d) < 0.05 for d in diff])]]
    rows += [[f"within ±{t}", share([abs(d) <= t + 0.05 for d in diff])] for t in (0.1, 0.3, 1.0)]
    rows += [
        ["Spearman rank correlation", f"{spearman(se, ours):.3f}"],
        ["mean absolute error", f"{np.mean(np.abs(diff)):.3f}"],
        ["mean signed error (grille - SE)", f"{np.mean(diff):+.3f}"],
        ["grille higher / equal / lower", f"{higher} / {len(diff) - higher - lower} / {lower}"],
        ["solved without trial and error", share([timed.coverage for _, timed in results])],
        ["time per puzzle", milliseconds([timed.seconds for _, timed in results])],
    ]
    print(table(["measure", "value"], rows))

    names = [name for name, _ in BANDS]
    counts = Counter((band(a), band(b)) for a, b in zip(se, ours, strict=True))
    print("\nSE's ER band (rows) against grille's (columns):\n")
    print(table(
        ["SE \\ grille", *names, "total"],
        [
            [name, *(str(counts[name, other]) for other in names),
             str(sum(counts[name, other] for other in names))]
            for name in names
        ],
    ))

    by_technique: dict[str, list[float]] = {}
    for (_, timed), d in zip(results, diff, strict=True):
        by_technique.setdefault(timed.rating.hardest or "-", []).append(d)
    print("\nBy grille's hardest technique (error = grille - SE):\n")
    print(table(
        ["hardest technique", "puzzles", "exact", "mean error", "mean |error|"],
        [
            [name, str(len(ds)), share([abs(d) < 0.05 for d in ds]),
             f"{np.mean(ds):+.2f}", f"{np.mean(np.abs(ds)):.2f}"]
            for name, ds in sorted(by_technique.items(), key=lambda kv: -len(kv[1]))
        ],
    ))

    by_se: dict[float, list[float]] = {}
    for a, b in zip(se, ours, strict=True):
        by_se.setdefault(a, []).append(b)
    print("\nBy SE's ER:\n")
    print(table(
        ["SE ER", "puzzles", "exact", "grille mean ER", "grille min-max"],
        [
            [f"{er:.1f}", str(len(bs)), share([abs(b - er) < 0.05 for b in bs]),
             f"{np.mean(bs):.2f}", f"{min(bs):.1f}-{max(bs):.1f}"]
            for er, bs in sorted(by_se.items())
        ],
    ))

    worst = sorted(
        zip(results, diff, strict=True), key=lambda pair: (-abs(pair[1]), pair[0][0].label)
    )[:10]
    print("\nLargest disagreements:\n")
    print(table(
        ["puzzle", "SE", "grille", "grille's hardest", "ms"],
        [
            [f"`{item.puzzle}`", f"{item.er:.1f}", f"{timed.rating.er:.1f}",
             timed.rating.hardest, f"{1000 * timed.seconds:.0f}"]
            for (item, timed), _ in worst
        ],
    ))


def report_hodoku_fidelity(puzzles: Sequence[Rated], budget: float) -> None:
    run = make_hodoku()
    if run is None:
        print("\nhodoku-py: not installed")
        return
    by_puzzle = {item.puzzle: item.er for item in puzzles}
    done = time_hodoku(run, [item.puzzle for item in puzzles], budget)
    if not done:
        return
    se = [by_puzzle[puzzle] for puzzle, _, _, _ in done]
    scores = [float(score) for _, _, score, _ in done]
    print(
        f"\nhodoku-py score against SE's ER, {len(done)} puzzles in {budget:.0f} s: "
        f"Spearman {spearman(se, scores):.3f}; "
        f"{milliseconds([seconds for *_, seconds in done])}"
    )


# -- speed and coverage ----------------------------------------------------------------------------


def speed(options: argparse.Namespace) -> int:
    names = options.set_names or list(DEFAULT_SETS)
    print(f"# Rating speed and coverage (sample {options.sample} per set, seed {SEED})\n")
    print(machine())
    print(f"warm-up (loading compiled kernels): {warm_up(options.nesting):.1f} s\n")
    hodoku = make_hodoku()
    rows = []
    levels = []
    for name in names:
        puzzles = sample(read_set(options.data, name), options.sample)
        if name.startswith("forum") and options.forum_sample:
            puzzles = puzzles[: options.forum_sample]
        ours = []
        spent = 0.0
        for puzzle in puzzles:
            if options.grille_seconds and spent >= options.grille_seconds:
                break
            timed = rate_timed(puzzle, options.nesting, options.scale)
            spent += timed.seconds
            ours.append(timed)
        seconds = [timed.seconds for timed in ours]
        rate_ours = len(ours) / sum(seconds)
        row = [
            name, str(len(ours)), f"{rate_ours:,.1f}",
            f"{1000 * np.mean(seconds):,.0f}", f"{1000 * max(seconds):,.0f}",
            share([timed.coverage for timed in ours]),
        ]
        level_ours = Counter(timed.rating.level for timed in ours)
        level_theirs: Counter[str] = Counter()
        if hodoku is None:
            row += ["not installed", "-", "-", "-"]
        else:
            done = time_hodoku(hodoku, [timed.puzzle for timed in ours], options.seconds)
            level_theirs = Counter(level for _, level, _, _ in done)
            theirs = [s for *_, s in done]
            # the ratio compares the two on the puzzles both rated
            ours_same = sum(seconds[: len(done)])
            speedup = sum(theirs) / ours_same if ours_same else float("nan")
            row += [
                str(len(done)), f"{len(done) / sum(theirs):,.2f}",
                f"{1000 * np.mean(theirs):,.0f}", f"×{speedup:,.1f}",
            ] if done else ["0", "-", "-", "-"]
        rows.append(row)
        levels.append((name, level_ours, level_theirs))
        print(f"  ... {name} done", file=sys.stderr, flush=True)
    print(table(
        ["set", "grille puzzles", "grille /s", "mean ms", "max ms", "no T&E",
         "hodoku puzzles", "hodoku /s", "hodoku mean ms", "grille ÷ hodoku"],
        rows,
    ))
    print("\nLevels (grille; hodoku-py):\n")
    print(table(
        ["set", "grille levels", "hodoku-py levels"],
        [
            [name, ", ".join(f"{k} {v}" for k, v in sorted(ours.items())),
             ", ".join(f"{k} {v}" for k, v in sorted(theirs.items())) or "-"]
            for name, ours, theirs in levels
        ],
        left=3,
    ))
    return 0


# -- main ------------------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    """The command line (see the module doc)."""
    result = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    mode = result.add_mutually_exclusive_group()
    mode.add_argument("--oracle", type=Path, metavar="DIR",
                      help="oracle folder with se_*.txt and hodoku_*.txt (the default mode; "
                           "default: ../oracle or ../../oracle beside the repository)")
    mode.add_argument("--rated", type=Path, nargs="+", metavar="FILE",
                      help="SE-rated files instead of an oracle folder")
    mode.add_argument("--sets", dest="set_names", nargs="*", metavar="NAME",
                      help=f"shared sets to time (default: {' '.join(DEFAULT_SETS)})")
    result.add_argument("--se-glob", default="se_*.txt",
                        help="SE files of the oracle folder (default se_*.txt)")
    result.add_argument("--hodoku-glob", default="hodoku_bench_*.txt",
                        help="HoDoKu files of the oracle folder (default hodoku_bench_*.txt: "
                             "the unseen samples; hodoku_*.txt adds helper files tuned on)")
    result.add_argument("--exclude", nargs="*", default=list(HELPER_FILES),
                        help="oracle files to leave out (default: "
                             f"{' '.join(HELPER_FILES)}, other helpers' puzzles, tuned on)")
    result.add_argument("--hodoku-rated", type=Path, nargs="+", metavar="FILE",
                        help="hodoku-py-rated files (with --rated)")
    result.add_argument("--sample", type=int, default=None,
                        help="puzzles per band (oracle report, default 30; 0: all) or per "
                             "set (--sets, default 50)")
    result.add_argument("--seconds", type=float, default=None,
                        help="oracle report: grille's and hodoku-py's budget per band "
                             "(default 120; 0: none); --sets: hodoku-py's per set (default 60)")
    result.add_argument("--bands", nargs="+", metavar="BAND",
                        help="oracle report: only these SE bands, named as printed "
                             "(e.g. 10.0-10.9 11.0-11.9 '20.0 / unsolved')")
    result.add_argument("--hodoku-timing", choices=("live", "recorded"), default="live",
                        help="hodoku-py's seconds: timed in this run (default) or read from "
                             "the oracle files")
    result.add_argument("--hodoku-cap", type=float, default=120.0,
                        help="oracle report: hodoku-py's seconds per puzzle before it is "
                             "left out (default 120; 0: none)")
    result.add_argument("--forum-sample", type=int, default=10,
                        help="--sets: at most this many puzzles of the forum sets (default 10; "
                             "0: all)")
    result.add_argument("--grille-seconds", type=float, default=0.0,
                        help="--sets: grille's time budget per set (default 0: the whole sample)")
    result.add_argument("--nesting", type=int, default=None,
                        help="nested forcing levels passed to rate (default: rate's own)")
    result.add_argument("--scale", choices=SCALES, default="se",
                        help="rating scale of the SE comparison (default se)")
    result.add_argument("--details", action="store_true",
                        help="also the older fidelity tables (confusion, by technique, worst)")
    result.add_argument("--with-hodoku", action="store_true",
                        help="--details: also rank hodoku-py's score against SE's ER")
    result.add_argument("--out", type=Path, help="oracle report: per-puzzle results (TSV)")
    result.add_argument("--data", type=Path, default=DATA, help=f"shared sets (default {DATA})")
    return result


def main(argv: list[str] | None = None) -> int:
    options = parser().parse_args(argv)
    if options.hodoku_rated and not options.rated:
        parser().error("--hodoku-rated goes with --rated")
    if options.set_names is not None:
        options.sample = 50 if options.sample is None else options.sample
        options.seconds = 60.0 if options.seconds is None else options.seconds
        return speed(options)
    options.sample = 30 if options.sample is None else options.sample
    options.seconds = 120.0 if options.seconds is None else options.seconds
    return oracle(options)


if __name__ == "__main__":
    sys.exit(main())
