"""Exact cover with colours (XCC): Knuth's Algorithm C on dancing links.

A problem has *items* and *options*; each option is a set of items. A solution is a set
of options that covers every *primary* item exactly once and every *secondary* item at
most once -- or any number of times, provided all the options that use it give it the
same *colour*::

    >>> problem = XCCProblem(["p", "q", "r"], ["x", "y"], [
    ...     ["p", "q", "x", ("y", "A")],
    ...     ["p", "r", ("x", "A"), "y"],
    ...     ["p", ("x", "B")],
    ...     ["q", ("x", "A")],
    ...     ["r", ("y", "B")],
    ... ])
    >>> list(solutions(problem))
    [[1, 3]]

The search follows TAOCP 7.2.2.1 (Algorithm C, choosing the item with the fewest options)
over flat integer arrays. Its kernel, :func:`xcc_kernel`, is iterative and resumable: each
call runs until the next solution, the end of the search or the node budget, and leaves its
state in the arrays, so the same search carries on at the next call -- interpreted on lists,
or compiled by numba on NumPy arrays (see :mod:`grille.engine._jit`).

Backend ``auto`` starts interpreted (compiling costs about half a second in a fresh process,
mostly importing numba) and moves the search, arrays and all, to compiled code once it has
run about as long as compiling would take; a very big problem is compiled from the start.
A budget counts *nodes*: options tried, whichever backend runs them.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

from grille.engine._jit import compiled, jit_enabled
from grille.errors import GrilleError
from grille.kind import Solutions

__all__ = [
    "BACKENDS",
    "XCCProblem",
    "XCCSearch",
    "count",
    "count_queens",
    "queens",
    "solutions",
    "xcc_kernel",
]

BACKENDS: Final = ("auto", "python", "jit")
"""Where a search runs: ``python`` (interpreted), ``jit`` (compiled by numba), ``auto``."""

JIT_MIN_NODES: Final = 100_000
"""``auto`` compiles at once when the dancing-links structure has this many nodes ..."""

JIT_MIN_NODES_WARM: Final = 5000
"""... or this many, when a search was already compiled in this process."""

CHUNK: Final = 500
"""``auto`` runs an interpreted search in steps of this many nodes, timing them ..."""

SWITCH_COLD: Final = 0.4
"""... and compiles it once it has run this many seconds (importing numba costs about that);"""

SWITCH_WARM: Final = 0.002
"""or only this many, when a search was already compiled in this process."""

DEFAULT_KEEP: Final = 10
"""Solutions :func:`count` keeps when it counts them all (``limit=0``)."""

Entry = str | tuple[str, str | None]
"""An item of an option: its name, or its name and colour (``None``: no colour)."""


# -- the problem -----------------------------------------------------------------------------


class XCCProblem:
    """An exact cover problem with colours, as an immutable value.

    Items are numbered in order, the primary ones first. Each option is kept as item
    numbers and, in parallel, colour numbers (0: no colour; ``c >= 1``: the colour named
    ``colour_names[c - 1]``). ``labels`` optionally gives each option a line of text
    (:mod:`grille.engine.dlxformat` keeps the input lines there).
    """

    __slots__ = (
        "_colour_names",
        "_colours",
        "_labels",
        "_n_items",
        "_n_primary",
        "_names",
        "_options",
    )

    _n_primary: int
    _n_items: int
    _names: tuple[str, ...] | None
    _options: tuple[tuple[int, ...], ...]
    _colours: tuple[tuple[int, ...], ...] | None
    _colour_names: tuple[str, ...] | None
    _labels: tuple[str, ...] | None

    def __init__(
        self,
        primary: Sequence[str],
        secondary: Sequence[str] = (),
        options: Iterable[Sequence[Entry]] = (),
        *,
        labels: Sequence[str] | None = None,
    ) -> None:
        names = (*primary, *secondary)
        index: dict[str, int] = {}
        for number, name in enumerate(names):
            if name in index:
                raise GrilleError(f"item {name!r} is listed twice")
            index[name] = number
        palette: dict[str, int] = {}
        rows: list[tuple[int, ...]] = []
        colours: list[tuple[int, ...]] = []
        for option in options:
            items, tints = _numbered(option, index, palette, len(rows))
            rows.append(items)
            colours.append(tints)
        self._setup(len(primary), len(names), names, rows, colours, tuple(palette), labels)

    @classmethod
    def from_indices(
        cls,
        n_primary: int,
        n_secondary: int,
        options: Sequence[Sequence[int]],
        colours: Sequence[Sequence[int]] | None = None,
        *,
        names: Sequence[str] | None = None,
        colour_names: Sequence[str] | None = None,
        labels: Sequence[str] | None = None,
    ) -> XCCProblem:
        """A problem given by numbers: items 0 .. ``n_primary + n_secondary - 1``, primary first.

        ``colours[k][t]`` is the colour (0: none) of the ``t``-th item of option ``k``.
        """
        if n_primary < 0 or n_secondary < 0:
            raise GrilleError("item counts must not be negative")
        n_items = n_primary + n_secondary
        if names is not None and len(names) != n_items:
            raise GrilleError(f"expected {n_items} item names, got {len(names)}")
        problem = cls.__new__(cls)
        problem._setup(
            n_primary,
            n_items,
            None if names is None else (*names,),
            options,
            colours,
            colour_names,
            labels,
        )
        return problem

    def _setup(
        self,
        n_primary: int,
        n_items: int,
        names: tuple[str, ...] | None,
        options: Sequence[Sequence[int]],
        colours: Sequence[Sequence[int]] | None,
        colour_names: Sequence[str] | None,
        labels: Sequence[str] | None,
    ) -> None:
        self._n_primary = n_primary
        self._n_items = n_items
        self._names = names
        self._options = tuple(tuple(items) for items in options)
        self._colours = None
        if colours is not None and any(any(tints) for tints in colours):
            self._colours = tuple(tuple(tints) for tints in colours)
        self._colour_names = None if colour_names is None else (*colour_names,)
        self._labels = None if labels is None else (*labels,)
        self._validate()

    def _validate(self) -> None:
        count = len(self._options)
        if self._labels is not None and len(self._labels) != count:
            raise GrilleError(f"expected {count} labels, got {len(self._labels)}")
        if self._colours is not None and len(self._colours) != count:
            raise GrilleError(f"expected {count} colour lists, got {len(self._colours)}")
        for number, items in enumerate(self._options):
            if not items:
                raise GrilleError(f"option {number} is empty")
            if min(items) < 0 or max(items) >= self._n_items:
                raise GrilleError(f"option {number} has an item outside 0..{self._n_items - 1}")
            if len(set(items)) != len(items):
                raise GrilleError(f"option {number} lists an item twice")
            if min(items) >= self._n_primary:
                raise GrilleError(f"option {number} has no primary item")
            if self._colours is not None:
                self._validate_colours(number, items, self._colours[number])

    def _validate_colours(
        self, number: int, items: tuple[int, ...], tints: tuple[int, ...]
    ) -> None:
        if len(tints) != len(items):
            raise GrilleError(f"option {number} needs one colour per item")
        for item, tint in zip(items, tints, strict=True):
            if tint < 0:
                raise GrilleError(f"option {number} has a negative colour")
            if tint and item < self._n_primary:
                raise GrilleError(f"option {number} colours primary item {self.name(item)!r}")

    # -- views ---------------------------------------------------------------------------

    @property
    def n_primary(self) -> int:
        """How many primary items (numbered first)."""
        return self._n_primary

    @property
    def n_secondary(self) -> int:
        """How many secondary items (numbered after the primary ones)."""
        return self._n_items - self._n_primary

    @property
    def n_items(self) -> int:
        """How many items."""
        return self._n_items

    @property
    def n_options(self) -> int:
        """How many options."""
        return len(self._options)

    def __len__(self) -> int:
        return len(self._options)

    @property
    def node_count(self) -> int:
        """Nodes of the dancing-links structure: headers, option nodes and spacers."""
        return self._n_items + sum(map(len, self._options)) + len(self._options) + 2

    def name(self, item: int) -> str:
        """The name of ``item`` (its number, when the problem was given by numbers)."""
        return str(item) if self._names is None else self._names[item]

    @property
    def primary(self) -> tuple[str, ...]:
        """The names of the primary items."""
        return tuple(self.name(item) for item in range(self._n_primary))

    @property
    def secondary(self) -> tuple[str, ...]:
        """The names of the secondary items."""
        return tuple(self.name(item) for item in range(self._n_primary, self._n_items))

    def colour_name(self, colour: int) -> str:
        """The name of colour number ``colour`` (>= 1)."""
        return str(colour) if self._colour_names is None else self._colour_names[colour - 1]

    def items(self, option: int) -> tuple[int, ...]:
        """The item numbers of ``option``."""
        return self._options[option]

    def colours(self, option: int) -> tuple[int, ...]:
        """The colour numbers (0: none) of the items of ``option``."""
        if self._colours is None:
            return (0,) * len(self._options[option])
        return self._colours[option]

    @property
    def coloured(self) -> bool:
        """Whether some option gives a colour to an item."""
        return self._colours is not None

    def option(self, option: int) -> tuple[tuple[str, str | None], ...]:
        """``option`` as (item name, colour name or ``None``) pairs."""
        return tuple(
            (self.name(item), self.colour_name(tint) if tint else None)
            for item, tint in zip(self._options[option], self.colours(option), strict=True)
        )

    def option_text(self, option: int) -> str:
        """The label of ``option``, or its items written like ``a b x:red``."""
        if self._labels is not None:
            return self._labels[option]
        return " ".join(
            name if tint is None else f"{name}:{tint}" for name, tint in self.option(option)
        )

    def _key(self) -> tuple[object, ...]:
        colours = tuple(self.colours(k) for k in range(len(self._options)))
        return (
            self._n_primary,
            self.primary,
            self.secondary,
            self._options,
            colours,
            self._colour_names if self._colours is not None else None,
            self._labels,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, XCCProblem):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"<XCCProblem: {self._n_primary} primary and {self.n_secondary} secondary items, "
            f"{len(self._options)} options>"
        )


def _numbered(
    option: Sequence[Entry], index: dict[str, int], palette: dict[str, int], number: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The item and colour numbers of ``option``, adding new colours to ``palette``."""
    items: list[int] = []
    tints: list[int] = []
    for entry in option:
        name, colour = (entry, None) if isinstance(entry, str) else entry
        item = index.get(name)
        if item is None:
            raise GrilleError(f"option {number} has an unknown item {name!r}")
        items.append(item)
        tints.append(0 if colour is None else palette.setdefault(colour, len(palette) + 1))
    return tuple(items), tuple(tints)


# -- the dancing links -----------------------------------------------------------------------

Buffer = Any
"""A flat integer buffer: a list of ints (interpreted) or a NumPy int64 array (compiled)."""

# Statuses returned by the kernel.
EXHAUSTED: Final = 0
FOUND: Final = 1
OUT_OF_BUDGET: Final = 2

# Slots of the state buffer.
LEVEL: Final = 0  # current depth of the search (options chosen so far)
STEP: Final = 1  # the step of Algorithm C to carry on with
NODES: Final = 2  # options tried so far
UPDATES: Final = 3  # links removed so far
BUDGET: Final = 4  # stop before trying option number BUDGET + 1 (-1: never)
SOLUTIONS: Final = 5  # solutions counted so far
STOP: Final = 6  # return FOUND when SOLUTIONS reaches this (-1: never)
STATE_SIZE: Final = 7

# Steps of Algorithm C.
ENTER: Final = 0  # C2, C3, C4: enter a level, choose an item and cover it
TRY: Final = 1  # C5 (or C7 when the item's options are used up): try the current option
RETRY: Final = 2  # C6: undo the current option and move to the next one
LEAVE: Final = 3  # C8: go back up one level
DONE: Final = 4  # the search space is exhausted


def xcc_kernel(
    llink: Buffer,
    rlink: Buffer,
    top: Buffer,
    ulink: Buffer,
    dlink: Buffer,
    color: Buffer,
    choice: Buffer,
    state: Buffer,
) -> int:
    """Carry Algorithm C on from ``state`` to the next solution, the end, or the budget.

    The layout is Knuth's. Items 1..N have headers with ``llink``/``rlink`` (two circular
    lists: the primary items headed by 0, the secondary ones by N + 1); node ``i`` <= N
    heads item ``i``'s vertical list and ``top[i]`` counts its options. Option nodes have
    ``top`` (their item), ``ulink``/``dlink`` and ``color`` (0 none, -1 already satisfied);
    spacers (``top`` <= 0) separate options, their ``ulink`` pointing to the first node
    of the option before and ``dlink`` to the last node of the option after. ``choice``
    holds the option node chosen at each level.

    Returns FOUND (the solution is in ``choice[:state[LEVEL]]``), EXHAUSTED or
    OUT_OF_BUDGET. The loops of cover, hide, purify and their inverses are written out in
    place, so that the one function compiles alone.
    """
    last_item = len(llink) - 2
    level = state[LEVEL]
    step = state[STEP]
    nodes = state[NODES]
    updates = state[UPDATES]
    budget = state[BUDGET]
    found = state[SOLUTIONS]
    stop = state[STOP]
    status = EXHAUSTED
    while True:
        if step == ENTER:
            if rlink[0] == 0:
                found += 1
                step = LEAVE
                if found == stop:
                    status = FOUND
                    break
                continue
            # Choose the primary item with the fewest options (the first of those).
            i = rlink[0]
            best = top[i]
            p = rlink[i]
            while p != 0 and best > 0:
                if top[p] < best:
                    best = top[p]
                    i = p
                p = rlink[p]
            # cover(i): hide every option of i, then unlink i.
            p = dlink[i]
            while p != i:
                q = p + 1
                while q != p:
                    x = top[q]
                    if x <= 0:
                        q = ulink[q]
                    elif color[q] < 0:
                        q += 1
                    else:
                        u = ulink[q]
                        d = dlink[q]
                        dlink[u] = d
                        ulink[d] = u
                        top[x] -= 1
                        updates += 1
                        q += 1
                p = dlink[p]
            left = llink[i]
            right = rlink[i]
            rlink[left] = right
            llink[right] = left
            updates += 1
            choice[level] = dlink[i]
            step = TRY
        elif step == TRY:
            xl = choice[level]
            if xl <= last_item:
                # Every option of item xl was tried: uncover(xl) and backtrack.
                i = xl
                left = llink[i]
                right = rlink[i]
                rlink[left] = i
                llink[right] = i
                p = ulink[i]
                while p != i:
                    q = p - 1
                    while q != p:
                        x = top[q]
                        if x <= 0:
                            q = dlink[q]
                        elif color[q] < 0:
                            q -= 1
                        else:
                            u = ulink[q]
                            d = dlink[q]
                            dlink[u] = q
                            ulink[d] = q
                            top[x] += 1
                            q -= 1
                    p = ulink[p]
                step = LEAVE
                continue
            if nodes == budget:
                status = OUT_OF_BUDGET
                break
            nodes += 1
            # Commit the other items of option xl.
            p = xl + 1
            while p != xl:
                j = top[p]
                if j <= 0:
                    p = ulink[p]
                    continue
                c = color[p]
                if c == 0:
                    # cover(j)
                    r = dlink[j]
                    while r != j:
                        q = r + 1
                        while q != r:
                            x = top[q]
                            if x <= 0:
                                q = ulink[q]
                            elif color[q] < 0:
                                q += 1
                            else:
                                u = ulink[q]
                                d = dlink[q]
                                dlink[u] = d
                                ulink[d] = u
                                top[x] -= 1
                                updates += 1
                                q += 1
                        r = dlink[r]
                    left = llink[j]
                    right = rlink[j]
                    rlink[left] = right
                    llink[right] = left
                    updates += 1
                elif c > 0:
                    # purify(p): mark the options of j with colour c, hide the others.
                    r = dlink[j]
                    while r != j:
                        if color[r] == c:
                            color[r] = -1
                        else:
                            q = r + 1
                            while q != r:
                                x = top[q]
                                if x <= 0:
                                    q = ulink[q]
                                elif color[q] < 0:
                                    q += 1
                                else:
                                    u = ulink[q]
                                    d = dlink[q]
                                    dlink[u] = d
                                    ulink[d] = u
                                    top[x] -= 1
                                    updates += 1
                                    q += 1
                        r = dlink[r]
                p += 1
            level += 1
            step = ENTER
        elif step == RETRY:
            # Uncommit the other items of option xl, in reverse order, then take the next.
            xl = choice[level]
            p = xl - 1
            while p != xl:
                j = top[p]
                if j <= 0:
                    p = dlink[p]
                    continue
                c = color[p]
                if c == 0:
                    # uncover(j)
                    left = llink[j]
                    right = rlink[j]
                    rlink[left] = j
                    llink[right] = j
                    r = ulink[j]
                    while r != j:
                        q = r - 1
                        while q != r:
                            x = top[q]
                            if x <= 0:
                                q = dlink[q]
                            elif color[q] < 0:
                                q -= 1
                            else:
                                u = ulink[q]
                                d = dlink[q]
                                dlink[u] = q
                                ulink[d] = q
                                top[x] += 1
                                q -= 1
                        r = ulink[r]
                elif c > 0:
                    # unpurify(p)
                    r = ulink[j]
                    while r != j:
                        if color[r] < 0:
                            color[r] = c
                        else:
                            q = r - 1
                            while q != r:
                                x = top[q]
                                if x <= 0:
                                    q = dlink[q]
                                elif color[q] < 0:
                                    q -= 1
                                else:
                                    u = ulink[q]
                                    d = dlink[q]
                                    dlink[u] = q
                                    ulink[d] = q
                                    top[x] += 1
                                    q -= 1
                        r = ulink[r]
                p -= 1
            choice[level] = dlink[xl]
            step = TRY
        elif step == LEAVE:
            if level == 0:
                step = DONE
                break
            level -= 1
            step = RETRY
        else:
            break
    state[LEVEL] = level
    state[STEP] = step
    state[NODES] = nodes
    state[UPDATES] = updates
    state[SOLUTIONS] = found
    return status


class _Links:
    """The dancing-links buffers of a problem, as lists, and the option of each node."""

    __slots__ = ("buffers", "option_of")

    def __init__(self, problem: XCCProblem) -> None:
        n_primary, n_items = problem.n_primary, problem.n_items
        llink = [0] * (n_items + 2)
        rlink = [0] * (n_items + 2)
        _ring(llink, rlink, [0, *range(1, n_primary + 1)])
        _ring(llink, rlink, [n_items + 1, *range(n_primary + 1, n_items + 1)])
        size = problem.node_count
        top = [0] * size
        ulink = list(range(size))
        dlink = list(range(size))
        color = [0] * size
        option_of = [-1] * size
        spacer = n_items + 1
        for option in range(problem.n_options):
            items = problem.items(option)
            first = spacer + 1
            for p, item, tint in zip(
                itertools.count(first), items, problem.colours(option), strict=False
            ):
                header = item + 1
                top[p] = header
                color[p] = tint
                option_of[p] = option
                ulink[p] = ulink[header]
                dlink[ulink[header]] = p
                dlink[p] = header
                ulink[header] = p
                top[header] += 1
            dlink[spacer] = first + len(items) - 1
            spacer = first + len(items)
            top[spacer] = -option - 1
            ulink[spacer] = first
        choice = [0] * (n_primary + 1)
        state = [0] * STATE_SIZE
        state[BUDGET] = -1
        state[STOP] = -1
        self.buffers: list[Any] = [llink, rlink, top, ulink, dlink, color, choice, state]
        self.option_of = option_of


def _ring(llink: list[int], rlink: list[int], ring: list[int]) -> None:
    """Link ``ring`` (a head, then items) into a circular doubly linked list."""
    for position, item in enumerate(ring):
        rlink[item] = ring[(position + 1) % len(ring)]
        llink[item] = ring[position - 1]


# -- searching -------------------------------------------------------------------------------

_warm = False
"""Whether a compiled search has run in this process (so compiling again is cheap)."""


def _big(problem: XCCProblem) -> bool:
    """Whether ``auto`` should compile a search of ``problem`` from the start."""
    return problem.node_count >= (JIT_MIN_NODES_WARM if _warm else JIT_MIN_NODES)


class XCCSearch(Iterator[list[int]]):
    """A search for the solutions of an XCC problem, run lazily as they are asked for.

    Iterating yields each solution as the sorted list of its option numbers. The search
    stops for good when it has explored everything (``exhausted``) or tried ``budget``
    options (``budget_reached``); ``nodes`` and ``count`` say how far it went.
    """

    def __init__(
        self, problem: XCCProblem, *, budget: int | None = None, backend: str = "auto"
    ) -> None:
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}; expected one of {BACKENDS}")
        if budget is not None and budget < 0:
            raise ValueError(f"budget must not be negative, got {budget}")
        self._problem = problem
        links = _Links(problem)
        self._buffers = links.buffers
        self._option_of = links.option_of
        self._budget = -1 if budget is None else budget
        self._kernel = xcc_kernel
        self._compiled = False
        self._escalate = backend == "auto"
        self._status = -1
        self._seconds = 0.0
        if backend == "jit" or (backend == "auto" and _big(problem)):
            self._compile()

    def _compile(self) -> None:
        """Carry the search on in compiled code (when numba may be used)."""
        self._escalate = False
        if not jit_enabled():
            return
        import numpy as np

        self._buffers = [np.array(buffer, dtype=np.int64) for buffer in self._buffers]
        self._kernel = compiled(xcc_kernel)
        self._compiled = True

    def _run(self, stop: int) -> int:
        """Run the kernel until the ``stop``-th solution (-1: none), the end or the budget."""
        global _warm
        while True:
            state = self._buffers[-1]  # a new buffer once compiled
            state[STOP] = stop
            budget = self._budget
            if self._escalate:
                chunk = int(state[NODES]) + CHUNK
                budget = chunk if budget < 0 else min(budget, chunk)
            state[BUDGET] = budget
            started = time.perf_counter()
            status = int(self._kernel(*self._buffers))
            self._seconds += time.perf_counter() - started
            _warm = _warm or self._compiled
            if status != OUT_OF_BUDGET or budget == self._budget:
                break
            if self._seconds >= (SWITCH_WARM if _warm else SWITCH_COLD):
                self._compile()
        if status != FOUND:
            self._status = status
        return status

    def __iter__(self) -> XCCSearch:
        return self

    def __next__(self) -> list[int]:
        if self.finished or self._run(self.count + 1) != FOUND:
            raise StopIteration
        state, choice = self._buffers[-1], self._buffers[-2]
        return sorted(self._option_of[node] for node in choice[: state[LEVEL]])

    def run(self, limit: int = 0) -> int:
        """Count on without keeping solutions, until ``limit`` in all (0: to the end)."""
        if not self.finished and (limit <= 0 or self.count < limit):
            self._run(limit if limit > 0 else -1)
        return self.count

    @property
    def problem(self) -> XCCProblem:
        """The problem searched."""
        return self._problem

    @property
    def count(self) -> int:
        """Solutions found so far."""
        return int(self._buffers[-1][SOLUTIONS])

    @property
    def nodes(self) -> int:
        """Options tried so far."""
        return int(self._buffers[-1][NODES])

    @property
    def updates(self) -> int:
        """Links removed so far (Knuth's measure of work)."""
        return int(self._buffers[-1][UPDATES])

    @property
    def exhausted(self) -> bool:
        """Whether the whole search space was explored."""
        return self._status == EXHAUSTED

    @property
    def budget_reached(self) -> bool:
        """Whether the search stopped at its node budget."""
        return self._status == OUT_OF_BUDGET

    @property
    def finished(self) -> bool:
        """Whether the search has stopped for good (exhausted, or out of budget)."""
        return self._status >= 0

    @property
    def backend(self) -> str:
        """Where the search runs now: ``"jit"`` or ``"python"``."""
        return "jit" if self._compiled else "python"

    def __repr__(self) -> str:
        if self.exhausted:
            where = "exhausted"
        elif self.budget_reached:
            where = "out of budget"
        else:
            where = "running"
        return f"<XCCSearch: {self.count} solutions, {self.nodes} nodes, {where}, {self.backend}>"


def solutions(
    problem: XCCProblem, *, budget: int | None = None, backend: str = "auto"
) -> XCCSearch:
    """The solutions of ``problem``, lazily, each as the sorted list of its option numbers."""
    return XCCSearch(problem, budget=budget, backend=backend)


def count(
    problem: XCCProblem,
    *,
    limit: int = 0,
    budget: int | None = None,
    backend: str = "auto",
    keep: int | None = None,
) -> Solutions[tuple[int, ...]]:
    """Count the solutions of ``problem``, up to ``limit`` (0: all), keeping the first few.

    ``keep`` solutions are kept (default: ``limit``, or ``DEFAULT_KEEP`` when counting all).
    """
    if keep is None:
        keep = limit if limit > 0 else DEFAULT_KEEP
    if limit > 0:
        keep = min(keep, limit)
    search = XCCSearch(problem, budget=budget, backend=backend)
    found = tuple(tuple(solution) for solution in itertools.islice(search, keep))
    search.run(limit)
    return Solutions(
        count=search.count,
        found=found,
        exhausted=search.exhausted,
        nodes=search.nodes,
        budget_reached=search.budget_reached,
    )


# -- an example ------------------------------------------------------------------------------


def queens(n: int) -> XCCProblem:
    """The n-queens problem: rows ``r*`` and columns ``c*`` primary, diagonals secondary."""
    diagonals = range(2 * n - 1)
    return XCCProblem(
        [*(f"r{i}" for i in range(n)), *(f"c{j}" for j in range(n))],
        [*(f"a{d}" for d in diagonals), *(f"b{d}" for d in diagonals)],
        [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)],
    )


def count_queens(n: int, *, backend: str = "auto") -> int:
    """How many ways ``n`` queens fit on an n x n board without attacking each other."""
    return XCCSearch(queens(n), backend=backend).run()
