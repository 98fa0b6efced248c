"""The one interface every puzzle kind implements (Sudoku, Takuzu, Kakuro).

A *kind* is an object with the methods of :class:`Kind`; the command line, the
game session, rendering and batch work only through it, so a new kind needs no
front-end code. Kinds register themselves in :mod:`grille.kinds`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from grille.errors import GrilleError

if TYPE_CHECKING:
    from grille.hints import Hint
    from grille.info import KindInfo, KindOption
    from grille.logic import Explanation, Rating, Step
    from grille.view import BoardView

__all__ = [
    "KERNEL_USES",
    "Entry",
    "GenerateChoices",
    "GenerateOptions",
    "KernelGroup",
    "Kind",
    "Puzzle",
    "Solutions",
    "Status",
    "Verdict",
    "Violation",
    "check_reach",
    "kind_options",
    "unknown_rules",
    "write_whole",
]


@runtime_checkable
class Puzzle(Protocol):
    """A puzzle or a (partial) solution of some kind, as an immutable value."""

    @property
    def kind(self) -> str:
        """The kind's name, e.g. ``"sudoku"``."""
        ...

    @property
    def metadata(self) -> tuple[tuple[str, str], ...]:
        """Named fields a format carried with the puzzle (comment, author, rating ...)."""
        ...

    def to_string(self, fmt: str | None = None) -> str:
        """This puzzle written in ``fmt`` (the kind's default format if ``None``)."""
        ...


P = TypeVar("P", bound=Puzzle)
S = TypeVar("S")


class Status(enum.Enum):
    """Where a grid stands against the rules."""

    INCOMPLETE = "incomplete"
    SOLVED = "solved"
    INVALID = "invalid"


class Verdict(enum.Enum):
    """What a search established about the number of solutions."""

    NONE = "no solution"
    UNIQUE = "unique"
    SEVERAL = "several solutions"
    UNKNOWN = "unknown (search budget reached)"


@dataclass(frozen=True, slots=True)
class Solutions(Generic[S]):
    """The result of a search: how many solutions it counted, the first few, and its cost.

    ``exhausted`` is true when the whole search space was explored, so ``count`` is exact;
    otherwise the search stopped at its solution limit or its node budget
    (``budget_reached``), and ``count`` is a lower bound.
    """

    count: int
    found: tuple[S, ...] = ()
    exhausted: bool = True
    nodes: int = 0
    budget_reached: bool = False

    @property
    def unique(self) -> bool:
        """Exactly one solution, proven."""
        return self.count == 1 and self.exhausted

    @property
    def verdict(self) -> Verdict:
        """No solution, unique, several, or unknown when the budget stopped the search early."""
        if self.count >= 2:
            return Verdict.SEVERAL
        if not self.exhausted and self.budget_reached:
            return Verdict.UNKNOWN
        return Verdict.UNIQUE if self.count == 1 else Verdict.NONE

    @property
    def solution(self) -> S | None:
        """The first solution found, if any."""
        return self.found[0] if self.found else None


@dataclass(frozen=True, slots=True)
class Entry(Generic[P]):
    """One puzzle read from a text: the puzzle, the 1-based line it starts on, its format."""

    puzzle: P
    line: int
    fmt: str


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken rule: a sentence, and the cells (row, col, 0-based) that break it."""

    message: str
    cells: tuple[tuple[int, int], ...] = field(default=())

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class GenerateOptions:
    """What a generator is asked for, in the words of the command line.

    ``size`` as the user wrote it (``9``, ``16``, ``8x8``; ``None``: the kind's default),
    ``level`` a level name or ``any``, ``symmetry`` a symmetry name (``None``: the kind's
    default), ``minimal``: no clue can be removed without losing uniqueness.
    """

    size: str | None = None
    level: str = "any"
    symmetry: str | None = None
    minimal: bool = False
    rules: frozenset[str] = frozenset()
    """Optional rule variants by name (see :attr:`KindInfo.rules <grille.info.KindInfo.rules>`)."""
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    """The kind's own options for ``generate`` by name (its :class:`~grille.info.KindOption`
    s that name ``generate`` in ``commands``, such as Sudoku's ``technique``), checked by
    :func:`kind_options`."""

    @property
    def metadata(self) -> tuple[tuple[str, str], ...]:
        """What a puzzle generated with these options carries as metadata: the level it
        was made at, when one was asked (so ``grille print`` can show it)."""
        return (("level", self.level),) if self.level != "any" else ()


KERNEL_USES: dict[str, str] = {
    "solve": "solving and counting many puzzles at once (files, batches)",
    "rate": "rating",
    "explain": "explaining a solve step by step",
    "hint": "hints (the web and terminal games, grille hint)",
    "generate": "generating puzzles",
    "nested": "rating and explaining with nested forcing chains (--nesting 2 and up)",
    "sukaku": "rating on the sukaku scale (--scale sukaku)",
}
"""The work a kind's compiled kernels are asked for by (see :meth:`Kind.kernel_groups`);
a kind ignores the uses it has no options or kernels for."""


@dataclass(frozen=True, slots=True)
class KernelGroup:
    """Compiled kernels some of a kind's work runs, and how to have them ready.

    ``warm`` runs each kernel of the group once on a small input, through the same code as
    real work (so with the same argument types): numba compiles it for this machine, or
    loads it from its on-disk cache when it was compiled before.
    """

    name: str
    """What a user is told is compiling: ``"Sudoku forcing chains"``."""
    warm: Callable[[], None] = field(repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class GenerateChoices:
    """What a kind's generator takes, as a front end offers it (``grille generate KIND``).

    ``sizes`` says in words how a size is written, its range and default; ``levels`` are
    the level names, easiest first (``any`` aside), and ``level_limits`` the sizes that do
    not reach every level with the highest they reach; ``symmetries`` the clue symmetries,
    the default first (none: the generator takes no symmetry); ``minimal`` whether it
    makes minimal puzzles on request; ``rules`` the rule variants it generates.
    """

    sizes: str
    levels: tuple[str, ...]
    level_limits: tuple[tuple[str, str], ...] = ()
    symmetries: tuple[str, ...] = ()
    minimal: bool = False
    rules: tuple[str, ...] = ()


class Kind(Protocol[P]):
    """The surface a puzzle kind offers to the front ends."""

    name: str
    info: KindInfo
    """What the kind says about itself as plain data (title, formats, presets, options)."""
    formats: tuple[str, ...]
    default_format: str
    candidates_format: str
    """The format that shows pencil marks (what ``grille candidates`` writes by default)."""
    levels: tuple[str, ...]
    """The rating's level names, easiest first (what ``rate`` and ``generate`` speak)."""
    one_line_format: str
    """A format that writes a puzzle on one line without a TAB (``grille rate``'s column)."""
    rating_columns: tuple[str, ...]
    """The names of a rating's :meth:`~grille.logic.Rating.fields`, level first."""

    def sniff(self, text: str) -> bool:
        """Whether ``text`` looks like puzzles of this kind."""
        ...

    def read(self, text: str, *, fmt: str | None = None, source: str = "<input>") -> list[Entry[P]]:
        """Every puzzle in ``text`` (format sniffed unless ``fmt``); raises ``ParseError``."""
        ...

    def write(self, puzzles: Sequence[P], fmt: str) -> str:
        """A collection of puzzles written in ``fmt``, ending with a newline."""
        ...

    def solve(self, puzzle: P, *, limit: int = 2, budget: int | None = None) -> Solutions[P]:
        """Search for up to ``limit`` solutions (0 = all) within ``budget`` nodes."""
        ...

    def solve_many(
        self, puzzles: Sequence[P], *, limit: int = 2, budget: int | None = None
    ) -> list[Solutions[P]]:
        """:meth:`solve` for many puzzles at once (the fast path for files)."""
        ...

    def clues_of(self, state: P) -> P:
        """The puzzle ``state`` is played from: its clues alone, entries and marks dropped."""
        ...

    def with_candidates(self, puzzle: P) -> P:
        """``puzzle`` with its pencil marks filled in from the rules."""
        ...

    def check(self, puzzle: P) -> list[Violation]:
        """Every rule the filled cells of ``puzzle`` break (empty when none)."""
        ...

    def status(self, puzzle: P) -> Status:
        """Solved, incomplete or invalid, by the rules alone."""
        ...

    def apply(self, puzzle: P, move: str) -> P:
        """The grid after ``move`` (a short string, see the kind's docs); raises ``MoveError``."""
        ...

    def explain(self, puzzle: P, **options: Any) -> Explanation[P]:
        """Solve ``puzzle`` step by step, the easiest technique first; ``options`` are the
        kind's own (:attr:`KindInfo.options <grille.info.KindInfo.options>`), checked by
        :func:`kind_options`."""
        ...

    def rate(self, puzzle: P, **options: Any) -> Rating:
        """How hard ``puzzle`` is (``options``: as :meth:`explain`)."""
        ...

    def hint(self, state: P, *, depth: int = 1, **options: Any) -> Hint[P]:
        """The next hint at ``depth`` (1 nudge .. 5 apply) for a player at ``state``
        (``options``: as :meth:`explain`), by the template :func:`grille.hints.judged_hint`:
        entries are called wrong only when the clues have one solution."""
        ...

    def with_rules(self, puzzle: P, rules: frozenset[str]) -> P:
        """``puzzle`` under the rule variants ``rules``; ``GrilleError`` for unknown ones."""
        ...

    def generate(self, options: GenerateOptions, seed: int | str) -> P:
        """A puzzle with one solution as ``options`` ask; the same seed gives the same one."""
        ...

    def levels_for(self, size: str | None) -> tuple[str, ...]:
        """The levels :meth:`generate` reaches at ``size`` (as :attr:`GenerateOptions.size`
        spells it; ``None``: the default size), easiest first: :attr:`levels` or a prefix of it.

        A front end offers only these; asking :meth:`generate` for another fails at once.
        """
        ...

    def step_states(self, puzzle: P, steps: Sequence[Step]) -> list[P]:
        """The grid before each of ``steps`` (of :meth:`explain`) and after the last one, with
        the candidates the explained solve had then as pencil marks (``len(steps) + 1`` grids).

        What a step-by-step view shows: a placement takes its digit out of its peers' marks,
        an elimination takes a mark out.
        """
        ...

    def generate_choices(self) -> GenerateChoices:
        """The sizes, levels, symmetries and rules :meth:`generate` takes."""
        ...

    def view(self, puzzle: P, state: P) -> BoardView:
        """The board of ``state`` (a player's grid of the game of ``puzzle``, its clues) as
        every front end draws it: cells, regions, lines, markers, the alphabet and keys."""
        ...

    # -- what a game session needs beyond single moves ---------------------------------------

    def size_of(self, puzzle: P) -> str:
        """The size of ``puzzle`` as :attr:`GenerateOptions.size` spells it (``"9x9"`` ...)."""
        ...

    def peer_moves(self, state: P, move: str) -> tuple[str, ...]:
        """The pencil-mark moves that go with ``move``: a placed value leaves its peers' marks.

        Empty for anything but a placement, and for kinds without such peers.
        """
        ...

    def moves_between(self, before: P, after: P) -> tuple[str, ...]:
        """Moves that turn the entries and pencil marks of ``before`` into those of ``after``."""
        ...

    def step_moves(self, state: P, step: Step) -> tuple[str, ...]:
        """The moves that carry out a logical ``step`` for a player at ``state``."""
        ...

    def wrong_cells(self, state: P, solution: P) -> tuple[tuple[int, int], ...]:
        """The (row, col) of every filled cell of ``state`` that differs from ``solution``."""
        ...

    # -- compiled kernels --------------------------------------------------------------------

    def kernel_groups(self, uses: Collection[str]) -> tuple[KernelGroup, ...]:
        """The groups of compiled kernels the work named in ``uses`` (keys of
        :data:`KERNEL_USES`) runs, to compile before that work starts (see
        :mod:`grille.warm`); empty when nothing is compiled (``GRILLE_JIT=0``)."""
        ...


def check_reach(kind: Kind[Any], options: GenerateOptions) -> None:
    """Refuse (``GrilleError``) a level ``kind`` does not reach at the size ``options`` ask
    for, before any work (see :meth:`Kind.levels_for`)."""
    level = options.level.replace("-", " ") if " " in "".join(kind.levels) else options.level
    if level not in kind.levels:
        return  # "any"; the generator names unknown levels itself
    reached = kind.levels_for(options.size)
    if level not in reached:
        span = " to ".join(dict.fromkeys((reached[0], reached[-1])))
        size = options.size or "the default size"
        raise GrilleError(
            f"level {options.level!r} is out of reach at {size}: {kind.name} puzzles of this "
            f"size are {span}"
        )


def kind_options(info: KindInfo, command: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` for ``command`` (``rate``, ``explain``, ``hint``, ``generate``) of the
    kind ``info`` describes, with the defaults of those it takes and did not get;
    ``GrilleError`` naming any it does not take there, or a value its option's ``parse``
    refuses (the values given are returned as ``parse`` reads them).

    >>> from grille.kinds import kind_info
    >>> kind_options(kind_info("sudoku"), "rate", {"nesting": 2})
    {'scale': None, 'nesting': 2}
    >>> kind_options(kind_info("takuzu"), "rate", {"nesting": 2})
    Traceback (most recent call last):
    ...
    grille.errors.GrilleError: --nesting 2: takuzu takes no such option for rate
    """
    taken = {option.name: option for option in info.options if command in option.commands}
    unknown = [name for name in options if name not in taken]
    if unknown:
        given = " ".join(f"--{name.replace('_', '-')} {options[name]}" for name in unknown)
        listed = ", ".join(f"--{name}" for name in taken)
        known = f" (it takes {listed})" if listed else ""
        raise GrilleError(f"{given}: {info.name} takes no such option for {command}{known}")
    return {name: _parsed(option, options[name]) if name in options else option.default
            for name, option in taken.items()}


def _parsed(option: KindOption, value: Any) -> Any:
    """``value`` as ``option`` takes it (its :attr:`~grille.info.KindOption.parse`)."""
    return value if option.parse is None or value is None else option.parse(value)


def unknown_rules(kind: str, rules: frozenset[str], known: tuple[str, ...]) -> GrilleError:
    """The error for rule variants a kind does not have."""
    listed = ", ".join(known) if known else "none"
    return GrilleError(f"{kind} has no rule {', '.join(sorted(rules))!r}; its rules: {listed}")


def write_whole(kind: Kind[Any], puzzles: Sequence[Any], fmt: str, *, marks: bool,
                whole: bool = False) -> str:
    """``puzzles`` in ``fmt``, or when ``fmt`` refuses them (a variant's constraints in a
    plain grid format), in the kind's first other format that holds them whole; formats
    that show pencil marks are tried only when ``marks``. ``GrilleError`` (``fmt``'s
    refusal) when none can.

    ``fmt`` is the caller's choice and is not checked, unless ``whole``: then a text in
    ``fmt`` that does not read back whole (a line format drops a title) counts as a
    refusal too. A fallback is whole when what it reads back equals the puzzles given, not
    merely when it writes that back the same way (a writer that drops something reads back
    to a puzzle it writes the same, lossy, text):
    the cells, which are givens, the constraints and the metadata must survive, since the
    title, author and rules text are shown to the player (a game keeps them in its text)
    and the player did not choose to lose them. Pencil marks must survive only when
    ``marks``: a game keeps the puzzle, whose marks are the player's moves, not part of it.
    """
    try:
        text = kind.write(puzzles, fmt)
        if not whole or _reads_back(kind, text, fmt, puzzles, marks):
            return text
        raise GrilleError(f"the {fmt} format does not keep the whole puzzle")
    except GrilleError as refusal:
        for info in kind.info.formats:
            if info.name == fmt or (info.marks and not marks):
                continue
            try:
                text = kind.write(puzzles, info.name)
            except GrilleError:
                continue
            if _reads_back(kind, text, info.name, puzzles, marks):
                return text
        raise refusal from None


def _reads_back(kind: Kind[Any], text: str, fmt: str, puzzles: Sequence[Any],
                marks: bool) -> bool:
    """Whether ``text``, ``puzzles`` written in ``fmt``, reads back to them whole."""
    try:
        again = [_kept(entry.puzzle, marks) for entry in kind.read(text, fmt=fmt)]
    except GrilleError:
        return False
    return again == [_kept(puzzle, marks) for puzzle in puzzles]


def _kept(puzzle: Any, marks: bool) -> Any:
    """What of ``puzzle`` :func:`write_whole` must keep: all of it, or without its pencil
    marks (a dataclass field ``marks``, as every kind's puzzle has) when not ``marks``."""
    if marks or not is_dataclass(puzzle) or isinstance(puzzle, type):
        return puzzle
    return replace(puzzle, marks=None) if any(f.name == "marks" for f in fields(puzzle)) else puzzle
