"""A Line: the null kind's immutable puzzle value, its rules, candidates and exact solver.

>>> line = Line.from_text("3.<..")
>>> line.size, line.cells, line.relations
(4, (3, 0, 0, 0), ('', '<', ''))
>>> solve(line, limit=0).count  # 3 then 1<2 4, 1<4 2 or 2<4 1
3
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from grille.errors import GrilleError
from grille.kind import Solutions, Status, Violation

__all__ = [
    "MAX_CELLS",
    "MIN_CELLS",
    "Line",
    "candidate_masks",
    "cell_name",
    "solve",
    "status",
    "violations",
]

MIN_CELLS = 2
MAX_CELLS = 9
RELATIONS = ("", "<", ">")


def cell_name(col: int) -> str:
    """``r1c3`` for the 0-based column ``col``."""
    return f"r1c{col + 1}"


@dataclass(frozen=True, slots=True)
class Line:
    """One row of ``size`` cells: ``cells`` hold 1..size or 0 (empty); ``relations[i]`` is
    ``<``, ``>`` or ``""`` between cells ``i`` and ``i + 1``; ``givens`` says which filled
    cells are clues (``None``: all of them); ``marks`` are pencil marks as bitmasks (bit
    ``v - 1`` for ``v``)."""

    cells: tuple[int, ...]
    relations: tuple[str, ...] = ()
    givens: tuple[bool, ...] | None = None
    marks: tuple[int, ...] | None = None
    metadata: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        size = len(self.cells)
        if not MIN_CELLS <= size <= MAX_CELLS:
            raise GrilleError(f"a line has {MIN_CELLS} to {MAX_CELLS} cells, got {size}")
        if not self.relations:
            object.__setattr__(self, "relations", ("",) * (size - 1))
        if len(self.relations) != size - 1 or any(r not in RELATIONS for r in self.relations):
            raise GrilleError(f"a line of {size} cells has {size - 1} relations (<, > or "
                              f"none), got {self.relations!r}")
        if any(not 0 <= value <= size for value in self.cells):
            raise GrilleError(f"the cells of a line of {size} hold 1 to {size}: {self.cells}")
        for name, extra in (("givens", self.givens), ("marks", self.marks)):
            if extra is not None and len(extra) != size:
                raise GrilleError(f"{name} must have {size} entries, got {len(extra)}")

    @classmethod
    def from_text(cls, text: str) -> Line:
        """The line spelled ``3.<.2`` (cells, relations between them); ``GrilleError``."""
        cells: list[int] = []
        relations: list[str] = []
        for char in text.strip():
            if char in "<>":
                if not cells or len(relations) == len(cells):
                    raise GrilleError(f"{char!r} stands between two cells: {text!r}")
                relations.append(char)
            elif char == "." or char.isdigit():
                if len(relations) < len(cells):
                    relations.append("")
                cells.append(0 if char == "." else int(char))
            else:
                raise GrilleError(f"{char!r} is not a cell (1-9 or .) nor < or >: {text!r}")
        if len(relations) == len(cells) and cells:
            raise GrilleError(f"a relation ends the line: {text!r}")
        return cls(tuple(cells), tuple(relations))

    @property
    def kind(self) -> str:
        """Always ``"nullkind"``."""
        return "nullkind"

    @property
    def size(self) -> int:
        """How many cells."""
        return len(self.cells)

    def is_given(self, cell: int) -> bool:
        """Whether ``cell`` holds a clue."""
        return self.cells[cell] != 0 if self.givens is None else self.givens[cell]

    def text(self) -> str:
        """``3.<.2``: the cells and relations, no marks."""
        parts = [str(value or ".") for value in self.cells]
        return parts[0] + "".join(r + p for r, p in zip(self.relations, parts[1:], strict=True))

    def to_string(self, fmt: str | None = None) -> str:
        """The line written in ``fmt`` (``line`` by default)."""
        from nullkind.formats import write

        return write([self], fmt or "line").rstrip("\n")

    def __repr__(self) -> str:
        return f"Line.from_text({self.text()!r})"

    def with_value(self, cell: int, value: int) -> Line:
        """The line with ``value`` (0: none) in ``cell``, its clues kept as clues."""
        givens = self.givens if self.givens is not None else tuple(v != 0 for v in self.cells)
        cells = list(self.cells)
        cells[cell] = value
        return replace(self, cells=tuple(cells), givens=givens)

    def with_marks(self, marks: tuple[int, ...] | None) -> Line:
        """The line with pencil marks ``marks`` (or none)."""
        return replace(self, marks=marks)

    def clues_only(self) -> Line:
        """The puzzle alone: clues kept, entries and marks dropped."""
        cells = tuple(v if self.is_given(i) else 0 for i, v in enumerate(self.cells))
        return Line(cells, self.relations, metadata=self.metadata)

    def holds(self, first: int, second: int, relation: str) -> bool:
        """Whether values ``first`` and ``second`` of neighbours keep ``relation``."""
        return (relation != "<" or first < second) and (relation != ">" or first > second)


def violations(line: Line) -> list[Violation]:
    """A value twice, or neighbours that break their ``<`` or ``>``."""
    found = []
    seen: dict[int, int] = {}
    for cell, value in enumerate(line.cells):
        if value and value in seen:
            found.append(Violation(f"{cell_name(seen[value])} and {cell_name(cell)} both hold "
                                   f"{value}", ((0, seen[value]), (0, cell))))
        seen.setdefault(value, cell)
    for cell, relation in enumerate(line.relations):
        first, second = line.cells[cell], line.cells[cell + 1]
        if first and second and not line.holds(first, second, relation):
            found.append(Violation(f"{cell_name(cell)} {relation} {cell_name(cell + 1)} is "
                                   f"broken by {first} and {second}", ((0, cell), (0, cell + 1))))
    return found


def status(line: Line) -> Status:
    """Solved, incomplete or invalid, by the rules alone."""
    if violations(line):
        return Status.INVALID
    return Status.INCOMPLETE if 0 in line.cells else Status.SOLVED


def candidate_masks(line: Line) -> tuple[int, ...]:
    """For each empty cell, the values the rules leave it (0 for a filled cell): those
    missing from the row that agree with every filled neighbour, and not the largest
    missing one before a ``<`` nor the smallest before a ``>`` (or after, mirrored)."""
    missing = [v for v in range(1, line.size + 1) if v not in line.cells]
    masks = []
    for cell, value in enumerate(line.cells):
        if value:
            masks.append(0)
            continue
        allowed = set(missing)
        for other, relation in _neighbours(line, cell):
            if line.cells[other]:
                allowed = {v for v in allowed if line.holds(v, line.cells[other], relation)}
            elif relation == "<":
                allowed.discard(max(missing))
            elif relation == ">":
                allowed.discard(min(missing))
        masks.append(sum(1 << (v - 1) for v in allowed))
    return tuple(masks)


def _neighbours(line: Line, cell: int) -> Iterator[tuple[int, str]]:
    """Each neighbour of ``cell`` and the relation ``cell`` has to it (``<``: smaller)."""
    if cell > 0:
        yield cell - 1, {"<": ">", ">": "<", "": ""}[line.relations[cell - 1]]
    if cell < line.size - 1:
        yield cell + 1, line.relations[cell]


def solve(line: Line, *, limit: int = 2, budget: int | None = None) -> Solutions[Line]:
    """Up to ``limit`` solutions (0: all) of ``line``'s filled cells, by search, within
    ``budget`` nodes."""
    found: list[Line] = []
    count = 0
    nodes = 0
    cells = list(line.cells)
    givens = line.givens if line.givens is not None else tuple(v != 0 for v in line.cells)

    def fits(cell: int, value: int) -> bool:
        return all(not cells[other] or line.holds(value, cells[other], relation)
                   for other, relation in _neighbours(line, cell))

    def search(cell: int) -> bool:
        """False when the search must stop (limit or budget)."""
        nonlocal count, nodes
        nodes += 1
        if budget is not None and nodes > budget:
            return False
        if cell == line.size:
            count += 1
            if len(found) < max(limit, 2):
                found.append(replace(line, cells=tuple(cells), givens=givens, marks=None))
            return not (limit and count >= limit)
        if cells[cell]:
            return search(cell + 1)
        for value in range(1, line.size + 1):
            if value not in cells and fits(cell, value):
                cells[cell] = value
                going = search(cell + 1)
                cells[cell] = 0
                if not going:
                    return False
        return True

    if violations(line):
        return Solutions(0, nodes=0)
    finished = search(0)
    reached = budget is not None and nodes > budget
    return Solutions(count, tuple(found), exhausted=finished, nodes=nodes, budget_reached=reached)
