"""German whispers: neighbours on the line differ by at least the line's value (5 on 9x9)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grille.kind import Violation
from grille.sudoku.variants import propagation as pr
from grille.sudoku.variants.families._lines import LineConstraint, read_lines
from grille.sudoku.variants.family import Family, Items, fp_lines
from grille.sudoku.variants.model import Board, Constraint, Variant, cell_text

if TYPE_CHECKING:
    from grille.sudoku.variants._kernel import Records


_RULE_AT: dict[tuple[int, int], int] = {}
"""Where each gap's rule table starts in the kernel's shared tables, by size and gap
(:meth:`Whispers.solver_records` then makes neither the rule's name nor its test)."""


@dataclass(frozen=True, slots=True)
class Whispers(LineConstraint):
    """A whispers line; ``value`` the least difference (``None``: not written, ceil(n/2))."""

    value: int | None = None
    family = "whispers"
    label = "whispers line"
    draw_style = "whisper"

    def gap(self, size: int) -> int:
        """The least difference between neighbours on a ``size`` grid."""
        return self.value if self.value is not None else (size + 1) // 2

    def violations(self, board: Board) -> list[Violation]:
        out: list[Violation] = []
        gap = self.gap(board.size)
        for line in self.lines:
            for a, b in itertools.pairwise(line):
                x, y = board.at(a), board.at(b)
                if x and y and abs(x - y) < gap:
                    out.append(self.broken(f"{x} at {cell_text(a)} and {y} at {cell_text(b)} "
                                           f"differ by less than {gap}", (a, b)))
        return out

    def solver_parts(self, size: int, variant: Variant) -> pr.Parts:
        gap = self.gap(size)
        return pr.Parts((), tuple(
            pr.relation(a[0] * size + a[1], b[0] * size + b[1], size, f"apart {gap}",
                        lambda x, y: abs(x - y) >= gap)
            for line in self.lines for a, b in itertools.pairwise(line)))

    def solver_records(self, size: int, variant: Variant, out: Records) -> bool:
        gap = self.value if self.value is not None else (size + 1) // 2
        table = _RULE_AT.get((size, gap))
        if table is None:  # a rule's table never moves: remembered by size and gap
            table = _RULE_AT[size, gap] = out.rule(f"apart {gap}",
                                                   lambda x, y: abs(x - y) >= gap)
        relation = out.relation
        for line in self.lines:
            for (ra, ca), (rb, cb) in itertools.pairwise(line):
                relation(ra * size + ca, rb * size + cb, table)
        return True

    def fpuzzles(self) -> tuple[str, object]:
        item: dict[str, object] = {"lines": fp_lines(self.lines)}
        if self.value is not None:
            item["value"] = str(self.value)
        return "whispers", item


def _read(items: Items, key: str, value: object) -> list[Constraint]:
    out: list[Constraint] = []
    for index, (lines, item) in enumerate(read_lines(items, key, value, ("lines", "value"))):
        raw = item.get("value")
        gap = None if raw is None else items.number(raw, f"whispers {index + 1}")
        out.append(Whispers(lines, gap))
    return out


FAMILY = Family("whispers", "German whispers",
                "neighbouring digits on a whispers line differ by at least 5 (on 9x9)",
                ("whispers",), _read, (Whispers,))
