"""Forcing chains as Sudoku Explainer rates them: Nishio, multiple, dynamic, dynamic plus, nested.

Every technique here tries assumptions on the board, follows their implications with a
:class:`~grille.sudoku.logic.forcing.net.Net`, and keeps the conclusions that hold whatever
happens:

- *contradiction*: an assumption implies a candidate both on and off, so it is false;
- *double implication*: a candidate on and the same candidate off both imply one node;
- *cell forcing*: every digit of a cell implies one node;
- *region forcing*: every place of a digit in a unit implies one node.

The tiers, SE's chaining producers in order (L is SE's length increment for the node count,
:func:`~grille.sudoku.logic.difficulty.chain_difficulty`):

=========================  =====  ==========================================================
technique                  value  what it uses
=========================  =====  ==========================================================
:func:`nishio`             7.5+L  dynamic, one digit at a time (x-links), contradictions only
:func:`cell_region_forcing` 8.0+L  static x- and y-links, cell (3+ digits) and region
                                  (2+ places) forcing
:func:`dynamic_forcing`    8.5+L  dynamic: contradiction, double, cell and region forcing
:func:`dynamic_plus_forcing` 9.0+L dynamic chains that also apply locked candidates, subsets
                                  and fish when they stall (nesting level 1)
``nested_forcing(k)``      9.5..  levels 2-5 (9.5, 10.0, 10.5, 11.0 + L): dynamic plus whose
                                  stalls also run a whole inner forcing-chain tier
:func:`trial_and_error`    20.0   last resort: a digit whose placement leaves no solution
=========================  =====  ==========================================================

Each returns the easiest step of its tier (fewest nodes), or ``None``. Reading of SE's
definitions: Nishio is SE's dynamic chaining restricted to one digit (no cell links),
contradictions only, from each candidate assumed on and off; "multiple" chains are static
(they read the board as it is) and, as in SE, skip bivalue cells, which the X/Y forcing chains
of :mod:`~grille.sudoku.logic.chains.named` cover; region forcing, as in SE, starts only from a
unit's first place of the digit, which must itself be a cell SE scans, and takes a unit where the
digit has two places or more (``doRegionChainings``: ``cardinality == 2 || (isMultipleEnabled
&& cardinality > 2)``; grille wanted three for static chains until session 8). Levels 2-5
nest, in order: SE's static forcing chains and cycles (:mod:`se_chains`), those and then multiple
chains (level 3), dynamic, dynamic plus.

Every tier, nested levels included, searches in one compiled call
(:mod:`tier_kernel`; dynamic plus's rules in
:mod:`rules`, a nested level's inner tier in the same kernel) and
rebuilds only the winner's nets here, with compiled rules that remove the same candidates with
the same parents (:func:`_compiled_rules`); the net-by-net search below stays as the reference
and for grids too big for the kernel's tables.

Work caps: one call builds at most :data:`NET_BUDGET` nets (the assumptions followed), or
:data:`NESTED_NET_BUDGET` for nested levels (nested nets included); a tier up to dynamic plus
returns ``None`` if it runs out, a nested level raises
:class:`~grille.sudoku.logic.forcing.tier_kernel.NetBudgetError` (a ``BudgetExceededError``:
the rating would otherwise go on to a harder level and be wrong without a word), so deep
nesting stays bounded and says so; a net records at most every node of the grid.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grille.logic import Link, Proof, Step
from grille.sudoku.grid import Grid
from grille.sudoku.logic.board import Board, Memo, bits
from grille.sudoku.logic.difficulty import chain_difficulty
from grille.sudoku.logic.forcing import rules as net_rules
from grille.sudoku.logic.forcing import se_chains, tier_kernel
from grille.sudoku.logic.forcing.net import (
    BASIC_RULES,
    DYNAMIC,
    X_LINKS,
    Y_LINKS,
    Net,
    Rule,
    Topology,
    topology,
)

__all__ = [
    "NESTED_NET_BUDGET",
    "NET_BUDGET",
    "TRIAL_AND_ERROR",
    "cell_region_forcing",
    "dynamic_forcing",
    "dynamic_plus_forcing",
    "nishio",
    "trial_and_error",
]

NET_BUDGET = 20_000
"""Most nets (assumptions followed) one call of a tier up to dynamic plus may build."""

NESTED_NET_BUDGET = 2_000_000
"""Most nets, nested ones included, one call of a nested level may build. A hard 9x9 needs
about 150,000 (level 3) to 400,000 (levels 4, 5); compiled, a call takes about 0.7 s at
levels 2 and 3, 2 s at level 4 and 7 s at level 5, net by net minutes."""

TRIAL_AND_ERROR = 20.0
"""Value of a trial-and-error step: SE's 20.0 for a puzzle its ladder cannot solve (SE's
``Solver.getDifficulty`` rates such a puzzle 20.0; its whole ladder, nested levels 2-5
included, solves every known puzzle)."""


class _ExhaustedError(Exception):
    """The call's net budget ran out."""


@dataclass(frozen=True, slots=True)
class _Tier:
    """One SE chaining producer: its base value and what its nets may use."""

    name: str
    base: float
    flags: int
    contradiction: bool
    double: bool
    multiple: bool
    level: int

    @property
    def min_count(self) -> int:
        """Fewest digits a cell needs to be tried: 3 static, 2 dynamic (a unit: 2 places)."""
        return 2 if self.flags & DYNAMIC else 3


FORCING = _Tier("Forcing Chain", 6.6, X_LINKS | Y_LINKS, True, False, False, 0)
NISHIO = _Tier("Nishio Forcing Chain", 7.5, DYNAMIC | X_LINKS, True, False, False, 0)
MULTIPLE = _Tier("Forcing Chains", 8.0, X_LINKS | Y_LINKS, False, False, True, 0)
DYNAMIC_TIER = _Tier(
    "Dynamic Forcing Chains", 8.5, DYNAMIC | X_LINKS | Y_LINKS, True, True, True, 0
)


def _level_tier(level: int) -> _Tier:
    """The dynamic tier of nesting ``level`` (1 = dynamic plus)."""
    if level == 0:
        return DYNAMIC_TIER
    name = "Dynamic Forcing Chains (+)" if level == 1 else f"Nested Forcing Chains (level {level})"
    base = 9.0 if level == 1 else 9.5 + 0.5 * (level - 2)
    return _Tier(name, base, DYNAMIC | X_LINKS | Y_LINKS, True, True, True, level)


_INNER = {2: FORCING, 3: MULTIPLE, 4: DYNAMIC_TIER, 5: _level_tier(1)}
"""The tier a nested level runs inside its nets (SE's order)."""


def _inner(level: int) -> tier_kernel.Inner:
    """Nesting ``level``'s inner tier as :mod:`tier_kernel` takes it."""
    tier = _INNER[level]
    return tier_kernel.Inner(
        tier.flags, tier.contradiction, tier.double, tier.multiple, tier.min_count,
        tier.level == 1, {2: 1, 3: 2}.get(level, 0),
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Nested:
    """Why a nested rule removed a candidate in a net (its note, :attr:`Net.notes`): the
    level's inner tier found ``finding`` (or ``hint``, net by net) on the stalled ``marks``."""

    level: int
    marks: tuple[int, ...]
    finding: tier_kernel.Finding | None = None
    hint: _Hint | None = None

    @property
    def tier(self) -> _Tier:
        """The inner tier that found it."""
        return _INNER[self.level]


def _compiled_rules(level: int) -> tuple[Rule, ...]:
    """What a stalled net of nesting ``level`` (1 to 5) applies, compiled: the same removals,
    parents and node counts as :func:`_rules`, each nested one with its note (:class:`_Nested`)
    for the proof."""
    if level == 1:
        return net_rules.COMPILED_RULES
    inner = _inner(level)
    parts = []
    if inner.se:  # SE's level-2 chains, first (level 3: before its multiple chains)
        parts.append((2, dataclasses.replace(inner, se=1)))
    if inner.se != 1:
        parts.append((level, dataclasses.replace(inner, se=0)))
    return (*net_rules.COMPILED_RULES, *(_nested_part(lv, part) for lv, part in parts))


def _nested_part(level: int, inner: tier_kernel.Inner) -> Rule:
    """A stalled net's rule running ``inner`` (noted as nesting ``level``'s finding)."""

    def nested(net: Net) -> list[tuple[int, tuple[int, ...], int]]:
        findings = tier_kernel.nested_findings(net.topo, inner, net.marks0, net.marks, net.seen)
        marks = tuple(int(m) for m in net.marks)
        found = []
        for finding in findings:
            for cand in finding.removals(net.topo.n, marks):
                found.append((cand, finding.parents, finding.nodes))
                if not net.seen[2 * cand] and 2 * cand not in net.notes:
                    net.notes[2 * cand] = _Nested(level, marks, finding=finding)
        return found

    nested.__name__ = f"compiled_nested_{level}" + ("_se" if inner.se else "")
    return nested


@dataclass(frozen=True, slots=True)
class _Hint:
    """A conclusion with the nets (and target nodes) that prove it."""

    nodes: int
    kind: str
    conclusion: int
    subject: tuple[int, ...]
    branches: tuple[tuple[int, Net, tuple[int, ...]], ...]


class _Budget:
    """Nets left for one technique call."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left

    def spend(self, nets: int = 1) -> None:
        """Take one net (or ``nets``), or raise :class:`_ExhaustedError`."""
        self.left -= nets
        if self.left < 0:
            raise _ExhaustedError


class _Scan:
    """One tier's search on one set of marks, caching each assumption's net.

    ``rules``, when given, replace what the tier's stalled nets apply (the same deductions).
    """

    def __init__(
        self,
        topo: Topology,
        marks: Any,
        tier: _Tier,
        budget: _Budget,
        rules: tuple[Rule, ...] | None = None,
    ) -> None:
        self.topo = topo
        self.marks = marks
        self.tier = tier
        self.budget = budget
        self.rules = _rules(tier.level, budget) if rules is None else rules
        self._nets: dict[int, Net] = {}

    def net(self, node: int) -> Net:
        """The net of assumption ``node``."""
        net = self._nets.get(node)
        if net is None:
            self.budget.spend()
            net = Net(self.topo, self.marks, self.tier.flags)
            net.assume(node)
            net.run(self.rules)
            self._nets[node] = net
        return net


def _rules(level: int, budget: _Budget) -> tuple[Rule, ...]:
    """What a stalled net of nesting ``level`` may apply."""
    if level == 0:
        return ()
    if level == 1:
        return BASIC_RULES
    if level == 3:  # SE's otherRules: level 2's chains, then multiple chains
        return (*BASIC_RULES, _nested_rule(2, budget), _nested_rule(3, budget))
    return (*BASIC_RULES, _nested_rule(level, budget))


def _nested_rule(level: int, budget: _Budget) -> Rule:
    """A rule running nesting ``level``'s inner tier on a stalled net's marks (level 2: SE's
    forcing chains and cycles, :mod:`se_chains`, the same code as compiled)."""
    inner = _INNER[level]
    if level == 2:
        compiled = _nested_part(2, dataclasses.replace(_inner(2), se=1))

        def se_rule(net: Net) -> list[tuple[int, tuple[int, ...], int]]:
            found = compiled(net)
            budget.spend(int(se_chains.se_tables(net.topo.n).state[8]))  # as the kernel counts
            return found

        return se_rule

    def rule(net: Net) -> list[tuple[int, tuple[int, ...], int]]:
        n = net.topo.n
        scan = _Scan(net.topo, net.marks.copy(), inner, budget)
        marks = tuple(int(m) for m in net.marks)
        found: list[tuple[int, tuple[int, ...], int]] = []
        for hint in _se_sorted(_hints(scan, se_order=True), n, marks):
            parents = tier_kernel.rule_parents(net.topo, _causes(hint, n), net.marks0, marks)
            if not parents:
                continue  # SE: "the rule probably already exists without the chain"
            for x in _removed(hint.conclusion, n, marks):
                found.append((x, parents, hint.nodes))
                if not net.seen[2 * x] and 2 * x not in net.notes:
                    net.notes[2 * x] = _Nested(level, marks, hint=hint)
        return found

    return rule


def _removed(conclusion: int, n: int, marks: Sequence[int]) -> list[int]:
    """The candidates ``conclusion`` removes from ``marks``."""
    cand = conclusion >> 1
    if not conclusion & 1:
        return [cand]
    cell = cand // n
    return [cell * n + d for d in range(n) if d != cand % n and marks[cell] >> d & 1]


def _se_sorted(hints: list[_Hint], n: int, marks: Sequence[int]) -> list[_Hint]:
    """An inner tier's hints as SE's ``Chaining.getHints`` hands them on: those that remove
    something (``isWorth``), sorted stably by node count and ``getSortKey``
    (``getHintList``), the first of equal removals kept (``LinkedHashSet``);
    ``tier_kernel._sort_found`` does the same."""
    worth = [h for h in hints if _removed(h.conclusion, n, marks)]
    worth.sort(key=lambda h: (h.nodes, _RANK[h.kind]))
    kept: dict[frozenset[int], _Hint] = {}
    for hint in worth:
        kept.setdefault(frozenset(_removed(hint.conclusion, n, marks)), hint)
    return list(kept.values())


def _causes(hint: _Hint, n: int) -> tuple[int, ...]:
    """The causes of the on nodes ``hint``'s chains rest on, as ``tier_kernel._mark_causes``
    codes them: SE's ``collectRuleParents`` looks where each on node's cause looks."""
    cands = n * n * n
    found: dict[int, None] = {}
    for _, net, targets in hint.branches:
        topo = net.topo
        for target in targets:
            for x in net.ancestors(target):
                if not x & 1:
                    continue
                cand = x >> 1
                cell, d = divmod(cand, n)
                parents = net.parents(x)
                code = -1
                if not parents:
                    if hint.kind == "cell":
                        code = cand
                    elif hint.kind == "region":
                        code = (hint.subject[0] + 1) * cands + cand
                elif (parents[0] >> 1) // n == cell:
                    code = cand
                else:
                    among = {p >> 1 for p in parents}
                    for unit in topo.cell_units[3 * cell : 3 * cell + 3].tolist():
                        if all(c == cell or not net.marks0[c] >> d & 1 or c * n + d in among
                               for c in topo.units[unit]):  # fmt: skip
                            code = (unit + 1) * cands + cand
                            break
                if code >= 0:
                    found[code] = None
    return tuple(found)


# -- finding the conclusions ------------------------------------------------------------------


def _hints(scan: _Scan, *, se_order: bool = False) -> list[_Hint]:
    """Every conclusion the scan's tier finds on its marks (``se_order``: see
    :func:`_common`)."""
    tier = scan.tier
    n = scan.topo.n
    marks = scan.marks.tolist()
    hints: list[_Hint] = []
    for cell, mask in enumerate(marks):
        count = mask.bit_count()
        if count < tier.min_count:
            continue
        digits = [d for d in range(n) if mask >> d & 1]
        for d in digits:
            cand = cell * n + d
            if tier.contradiction:
                hints.extend(
                    _binary(scan, cand, double=tier.double and count >= 3, se_order=se_order)
                )
            if tier.multiple:
                hints.extend(_region(scan, cell, d, marks, se_order=se_order))
        if tier.multiple:
            nets = [(cell * n + d, scan.net(2 * (cell * n + d) + 1)) for d in digits]
            hints.extend(_common(nets, "cell", (cell,), se_order=se_order))
    return hints


def _binary(scan: _Scan, cand: int, *, double: bool, se_order: bool = False) -> list[_Hint]:
    """Contradictions from ``cand`` on and off; with ``double``, what both imply."""
    found = []
    on, off = scan.net(2 * cand + 1), scan.net(2 * cand)
    for net, conclusion in ((on, 2 * cand), (off, 2 * cand + 1)):
        if net.conflict >= 0:
            q = net.conflict
            nodes = _pair_count(net, 2 * q + 1, 2 * q)
            found.append(
                _Hint(nodes, "contradiction", conclusion, (cand,), ((0, net, (2 * q + 1, 2 * q)),))
            )
    if double:
        found.extend(
            _common([(2 * cand + 1, on), (2 * cand, off)], "double", (cand,), se_order=se_order)
        )
    return found


def _pair_count(net: Net, a: int, b: int) -> int:
    """SE's node count of a contradiction on targets ``a`` and ``b``: each target's ancestors
    on their own, each inner finding's count once for both (:func:`_hint_count`)."""
    return _hint_count(((net, (a, b)),))


def _hint_count(branches: Sequence[tuple[Net, Sequence[int]]]) -> int:
    """SE's node count (``ChainingHint.getComplexity``) of a hint whose nets reach these
    targets: each target's distinct ancestors (``getFlatComplexity``), plus each inner
    finding's count once for the whole hint (``getNestedComplexity`` adds an inner chain once
    however many of its removals, in however many of the nets, the targets rest on; see
    :func:`_finding_key`). As ``tier_kernel._tally`` counts."""
    total = 0
    counted: set[object] = set()
    for net, targets in branches:
        if not net.extra.any():
            total += sum(net.count(target) for target in targets)
            continue
        for target in targets:
            ancestors = net.ancestors(target)
            total += len(ancestors)
            for node in ancestors:
                if net.extra[node]:
                    key = _finding_key(net, node)
                    if key not in counted:
                        counted.add(key)
                        total += int(net.extra[node])
    return total


def _finding_key(net: Net, node: int) -> object:
    """What identifies the inner finding behind nested node ``node``: its node count,
    conclusion, kind, subject and the cells of its chains (``tier_kernel._finding_key``'s
    fields; SE's ``FullChain`` equality)."""
    note = net.notes.get(node)
    if isinstance(note, _Nested) and note.finding is not None:
        found = note.finding
        if found.path:  # SE's level 2: FullChain compares the chain itself
            return ("se", found.path)
        return (found.nodes, found.conclusion, found.kind, found.subject, found.causes)
    if isinstance(note, _Nested) and note.hint is not None:
        hint = note.hint
        return (hint.nodes, hint.conclusion, hint.kind, hint.subject, _causes(hint, net.topo.n))
    return (id(net), node)


def _region(
    scan: _Scan, cell: int, d: int, marks: list[int], *, se_order: bool = False
) -> list[_Hint]:
    """Region forcing chains for digit ``d`` in the units where ``cell`` is its first place.

    The units are tried box, row, column, as SE's ``doRegionChainings`` does.
    """
    topo = scan.topo
    n = topo.n
    found = []
    for unit in (2 * n + topo.shape.box_of(cell), cell // n, n + cell % n):
        places = [c for c in topo.units[unit] if marks[c] >> d & 1]
        if len(places) < 2 or places[0] != cell:  # SE: two places or more
            continue
        nets = [(c * n + d, scan.net(2 * (c * n + d) + 1)) for c in places]
        found.extend(_common(nets, "region", (unit, d), se_order=se_order))
    return found


def _common(
    nets: Sequence[tuple[int, Net]], kind: str, subject: tuple[int, ...], *,
    se_order: bool = False,
) -> list[_Hint]:  # fmt: skip
    """The nodes every net reaches, each as a hint (its node count summed over the nets), in
    node order, or with ``se_order`` in SE's: those on, then those off, each in the order the
    first net reached them (``tier_kernel._common``)."""
    reached = nets[0][1].reached_mask()
    for _, net in nets[1:]:
        reached &= net.reached_mask()
    common = []
    while reached:
        low = reached & -reached
        reached ^= low
        common.append(low.bit_length() - 1)
    if se_order:
        first = nets[0][1].seen
        common.sort(key=lambda x: (not x & 1, int(first[x])))
    found = []
    for node in common:
        nodes = _hint_count([(net, (node,)) for _, net in nets])
        branches = tuple((source, net, (node,)) for source, net in nets)
        found.append(_Hint(nodes, kind, node, subject, branches))
    return found


def _easiest(board: Board, tier: _Tier) -> Step | None:
    """The tier's step with the fewest nodes, or ``None`` (also when over budget)."""
    topo = topology(board.shape)
    if tier_kernel.fits(topo, board.marks):
        hint = _compiled_hint(board, tier)
        return None if hint is None else _step(board, tier, hint)
    marks = np.array(board.marks, dtype=np.int64)
    budget = _Budget(NET_BUDGET if tier.level < 2 else NESTED_NET_BUDGET)
    scan = _Scan(topology(board.shape), marks, tier, budget)
    try:
        hints = _hints(scan)
    except _ExhaustedError:
        if tier.level >= 2:
            raise tier_kernel.NetBudgetError(NESTED_NET_BUDGET) from None
        return None
    if not hints:
        return None
    best = min(hints, key=lambda hint: (hint.nodes, _RANK[hint.kind]))
    return _step(board, tier, best)


_RANK = {"double": 1, "cell": 5, "region": 6, "contradiction": 7}
"""SE's ``getSortKey`` per kind: the tie-break after the node count (``tier_kernel._rank``)."""


_KINDS = {
    tier_kernel.CONTRADICTION: "contradiction",
    tier_kernel.DOUBLE: "double",
    tier_kernel.CELL: "cell",
    tier_kernel.REGION: "region",
}
"""The kernel's kinds of conclusion, by name."""


def _compiled_hint(board: Board, tier: _Tier, only_digit: int = -1) -> _Hint | None:
    """The tier's easiest hint, found by :mod:`tier_kernel`'s kernel and rebuilt with its nets.

    The kernel walks the same conclusions in the same order as :func:`_hints` and keeps the
    first with the fewest nodes; only the winner's nets are built again here, to explain it
    (dynamic plus's and nested levels' with :func:`_compiled_rules`, which remove what the
    Python rules remove, with the same parents and node counts).
    """
    topo = topology(board.shape)
    win = tier_kernel.easiest(
        topo,
        board.marks,
        tier.flags,
        contradiction=tier.contradiction,
        double=tier.double,
        multiple=tier.multiple,
        min_count=tier.min_count,
        only_digit=only_digit,
        rules=tier.level >= 1,
        inner=_inner(tier.level) if tier.level >= 2 else None,
        budget=NESTED_NET_BUDGET,
    )
    if win is None:
        return None
    n = topo.n
    marks = board.marks
    rules = _compiled_rules(tier.level) if tier.level >= 1 else None
    scan = _Scan(topo, np.array(marks, dtype=np.int64), tier, _Budget(NET_BUDGET), rules)
    if win.kind in (tier_kernel.CONTRADICTION, tier_kernel.DOUBLE):
        hints = _binary(scan, win.subject[0], double=win.kind == tier_kernel.DOUBLE)
    else:
        if win.kind == tier_kernel.CELL:
            places = [(win.subject[0], d) for d in range(n) if marks[win.subject[0]] >> d & 1]
        else:
            unit, d = win.subject
            places = [(c, d) for c in topo.units[unit] if marks[c] >> d & 1]
        nets = [(c * n + d, scan.net(2 * (c * n + d) + 1)) for c, d in places]
        hints = _common(nets, _KINDS[win.kind], win.subject)
    for hint in hints:
        if hint.kind == _KINDS[win.kind] and hint.conclusion == win.conclusion:
            if hint.nodes != win.nodes:
                raise RuntimeError(f"forcing kernel counted {win.nodes} nodes, nets {hint.nodes}")
            return hint
    raise RuntimeError(f"forcing kernel found {win}, which the nets do not prove")


# -- the techniques -------------------------------------------------------------------------


_NISHIO_BY_PLANE: Memo[tuple[int, int, Step] | None] = Memo()
"""A digit's easiest Nishio step (node count, candidate, step), by the digit's plane."""


def nishio(board: Board) -> Step | None:
    """Nishio forcing chain (7.5+L): one digit's placements lead to a contradiction.

    A Nishio net follows one digit only (it has no links between the digits of a cell), so
    each digit's easiest step depends on nothing but that digit's candidates (and which of
    their cells hold more than one): it is kept per digit, the walk asks again after each
    step. The easiest overall has the fewest nodes, the first candidate on ties, as before.
    """
    if 2 * sum(mask.bit_count() for mask in board.marks) > NET_BUDGET:
        return _easiest(board, NISHIO)
    several = sum(1 << cell for cell, mask in enumerate(board.marks) if mask & (mask - 1))
    best: tuple[int, int, Step] | None = None
    for digit, plane in enumerate(board.planes, start=1):
        found = _NISHIO_BY_PLANE.get(
            (board.shape, digit, plane, plane & several),
            functools.partial(_nishio_digit, board, digit),
        )
        if found is not None and (best is None or found[:2] < best[:2]):
            best = found
    return None if best is None else best[2]


def _nishio_digit(board: Board, digit: int) -> tuple[int, int, Step] | None:
    """(node count, candidate, step) of the easiest Nishio step on ``digit``."""
    n = board.n
    d = digit - 1
    if tier_kernel.fits(topology(board.shape), board.marks):
        hint = _compiled_hint(board, NISHIO, only_digit=d)
        return None if hint is None else (hint.nodes, hint.subject[0], _step(board, NISHIO, hint))
    marks = np.array(board.marks, dtype=np.int64)
    scan = _Scan(topology(board.shape), marks, NISHIO, _Budget(NET_BUDGET))
    hints: list[_Hint] = []
    for cell, mask in enumerate(board.marks):
        if mask >> d & 1 and mask.bit_count() >= NISHIO.min_count:
            hints.extend(_binary(scan, cell * n + d, double=False))
    if not hints:
        return None
    best = min(hints, key=lambda hint: hint.nodes)
    return best.nodes, best.subject[0], _step(board, NISHIO, best)


def cell_region_forcing(board: Board) -> Step | None:
    """Multiple forcing chains (8.0+L): all digits of a cell, or places in a unit, agree."""
    return _easiest(board, MULTIPLE)


def dynamic_forcing(board: Board) -> Step | None:
    """Dynamic forcing chains (8.5+L): contradiction, double, cell or region, on a live board."""
    return _easiest(board, DYNAMIC_TIER)


def dynamic_plus_forcing(board: Board) -> Step | None:
    """Dynamic forcing chains (+) (9.0+L): dynamic chains helped by subsets, fish, locking."""
    return _easiest(board, _level_tier(1))


def trial_and_error(board: Board) -> Step | None:
    """Last resort (20.0, SE's unsolved): a digit whose placement leaves the grid without a
    solution."""
    from grille.sudoku import solve

    n = board.n
    order = sorted(board.empty_cells, key=lambda cell: board.marks[cell].bit_count())
    for cell in order:
        for digit in bits(board.marks[cell]):
            cells = list(board.cells)
            cells[cell] = digit
            if solve(Grid(board.shape, tuple(cells)), limit=1).count:
                continue
            name, shown = board.name(cell), board.digit(digit)
            return Step(
                "Trial and Error",
                eliminations=(board.candidate(cell, digit),),
                cells=(board.rc(cell),),
                explanation=f"Placing {shown} in {name} leaves the grid without a solution "
                f"(found by search, not by a chain), so {name} is not {shown}.",
                difficulty=TRIAL_AND_ERROR,
                area=f"row {cell // n + 1}",
            )
    return None


# -- explaining -------------------------------------------------------------------------------


def _say(board: Board, node: int, *, would: bool = True) -> str:
    """``r4c2 would be 3`` / ``r4c2 is not 3``."""
    cell, d = divmod(node >> 1, board.n)
    verb = (
        ("would be" if node & 1 else "would not be") if would else ("is" if node & 1 else "is not")
    )
    return f"{board.name(cell)} {verb} {board.digit(d + 1)}"


def _trail(board: Board, net: Net, target: int) -> str:
    """The main line of implications from the net's assumption to ``target``, in full (the
    step's proof gives every implication with its reasons)."""
    line = net.path(target)[1:] or [target]
    return ", ".join(_say(board, node) for node in line)


def _assume(board: Board, node: int) -> str:
    """``If r4c5 were 7`` / ``If r4c5 were not 7``."""
    cell, d = divmod(node >> 1, board.n)
    return f"if {board.name(cell)} were {'' if node & 1 else 'not '}{board.digit(d + 1)}"


def _explain(board: Board, hint: _Hint) -> str:
    """The hint in words."""
    n = board.n
    concl = _say(board, hint.conclusion, would=False)
    if hint.kind == "contradiction":
        _, net, (on, off) = hint.branches[0]
        cell, d = divmod(on >> 1, n)
        text = (
            f"{_assume(board, net.source)}, then {_trail(board, net, on)}; and "
            f"{_trail(board, net, off)}: {board.name(cell)} cannot both be and not be "
            f"{board.digit(d + 1)}, so {concl}."
        )
    elif hint.kind == "double":
        cand = hint.subject[0]
        cell, d = divmod(cand, n)
        (_, on_net, _), (_, off_net, _) = hint.branches
        text = (
            f"Whether or not {board.name(cell)} is {board.digit(d + 1)}, {concl}: "
            f"{_assume(board, on_net.source)}, {_trail(board, on_net, hint.conclusion)}; "
            f"{_assume(board, off_net.source)}, {_trail(board, off_net, hint.conclusion)}."
        )
    elif hint.kind == "cell":
        cell = hint.subject[0]
        parts = "; ".join(
            f"{_assume(board, net.source)}, {_trail(board, net, hint.conclusion)}"
            for _, net, _ in hint.branches
        )
        text = f"Whatever {board.name(cell)} holds, {concl}: {parts}."
    else:
        unit, d = hint.subject
        parts = "; ".join(
            f"{_assume(board, net.source)}, {_trail(board, net, hint.conclusion)}"
            for _, net, _ in hint.branches
        )
        text = f"Wherever {board.digit(d + 1)} goes in {board.unit_name(unit)}, {concl}: {parts}."
    return text[0].upper() + text[1:]


def _step(board: Board, tier: _Tier, hint: _Hint) -> Step:
    """The hint as a :class:`Step`."""
    n = board.n
    links: dict[Link, None] = {}
    cells: set[int] = set()
    for _, net, targets in hint.branches:
        for target in targets:
            for node in net.ancestors(target):
                cells.add((node >> 1) // n)
                end = board.candidate(*divmod(node >> 1, n))
                for parent in net.parents(node):
                    start = board.candidate(*divmod(parent >> 1, n))
                    links[Link(start, end, bool(node & 1))] = None
    cell, d = divmod(hint.conclusion >> 1, n)
    change = (board.candidate(cell, d + 1),)
    placing = bool(hint.conclusion & 1)
    kind = {"contradiction": "Contradiction", "double": "Double", "cell": "Cell",
            "region": "Region"}[hint.kind]  # fmt: skip
    name = tier.name if tier is NISHIO else f"{tier.name}: {kind}"
    if hint.kind == "region":
        units: tuple[str, ...] = (board.unit_name(hint.subject[0]),)
        area = units[0]
    else:
        units, area = (), "the whole grid"
    return Step(
        name,
        placements=change if placing else (),
        eliminations=() if placing else change,
        cells=tuple(board.rc(c) for c in sorted(cells)),
        units=units,
        links=tuple(links),
        explanation=_explain(board, hint),
        difficulty=chain_difficulty(tier.base, hint.nodes),
        area=area,
        proof=_proof(board, hint),
    )


# -- proofs -----------------------------------------------------------------------------------


def _claim(board: Board, hint: _Hint) -> str:
    """What ``hint`` proves, and how, in one sentence."""
    n = board.n
    concl = _say(board, hint.conclusion, would=False)
    if hint.kind == "contradiction":
        source = hint.branches[0][1].source
        return f"{concl}: {_assume(board, source)}, a contradiction follows"
    if hint.kind == "double":
        cell, d = divmod(hint.subject[0], n)
        return f"{concl}, whether or not {board.name(cell)} is {board.digit(d + 1)}"
    if hint.kind == "cell":
        return f"{concl}, whatever {board.name(hint.subject[0])} holds"
    unit, d = hint.subject
    return f"{concl}, wherever {board.digit(d + 1)} goes in {board.unit_name(unit)}"


def _proof(board: Board, hint: _Hint) -> Proof:
    """``hint``'s proof in full: its claim, then each assumption's net as a reason, every
    implication leading to the conclusion with the facts it follows from; a fact a nested
    rule found carries the inner tier's proof of it."""
    branches = []
    for _, net, targets in hint.branches:
        nodes: dict[int, None] = {}
        for target in targets:
            nodes.update(dict.fromkeys(net.ancestors(target)))
        lines = [
            _implication(board, net, node)
            for node in sorted(nodes, key=lambda x: int(net.seen[x]))
            if node != net.source
        ]
        if hint.kind == "contradiction":
            on, _ = targets
            cell, d = divmod(on >> 1, board.n)
            lines.append(Proof(f"{board.name(cell)} would both be and not be "
                               f"{board.digit(d + 1)}: a contradiction"))  # fmt: skip
        else:
            lines.append(Proof(f"so {_say(board, hint.conclusion)}"))
        text = _assume(board, net.source)
        branches.append(Proof(text[0].upper() + text[1:], tuple(lines)))
    return Proof(_claim(board, hint), tuple(branches))


def _implication(board: Board, net: Net, node: int) -> Proof:
    """One implication of a net: ``node`` with the nodes it follows from, and for a nested
    rule's finding the inner proof."""
    said = _say(board, node)
    parents = net.parents(node)
    because = ", ".join(_say(board, p) for p in parents)
    note = net.notes.get(node)
    if not isinstance(note, _Nested):
        return Proof(f"{said} (since {because})" if because else said)
    if note.finding is not None and note.finding.path:
        where = f", given {because}" if because else ""
        name = _se_name(note.finding)
        return Proof(f"{said} (by a {name} inside this chain{where}):",
                     (_se_proof(board, note.finding),))  # fmt: skip
    inner = _nested_hint(net.topo, note)
    if inner is None:  # cannot happen: the rule found it on these very marks
        return Proof(f"{said} (by {note.tier.name}, on the candidates left by {because})")
    where = f", given {because}" if because else ""
    return Proof(
        f"{said} (by {note.tier.name} inside this chain{where}):",
        (_proof(board, inner),),
    )


def _nested_hint(topo: Topology, note: _Nested) -> _Hint | None:
    """The inner tier's conclusion behind a nested rule's note, with its nets rebuilt on
    the stalled marks (the net-by-net search kept it whole)."""
    if note.hint is not None:
        return note.hint
    finding = note.finding
    assert finding is not None
    tier = note.tier
    n = topo.n
    marks = np.array(note.marks, dtype=np.int64)
    rules = _compiled_rules(tier.level) if tier.level >= 1 else None
    scan = _Scan(topo, marks, tier, _Budget(NET_BUDGET), rules)
    kind = _KINDS[finding.kind]
    if finding.kind in (tier_kernel.CONTRADICTION, tier_kernel.DOUBLE):
        hints = _binary(scan, finding.subject[0], double=finding.kind == tier_kernel.DOUBLE)
    else:
        if finding.kind == tier_kernel.CELL:
            cell = finding.subject[0]
            places = [(cell, d) for d in range(n) if note.marks[cell] >> d & 1]
        else:
            unit, d = finding.subject
            places = [(c, d) for c in topo.units[unit] if note.marks[c] >> d & 1]
        nets = [(c * n + d, scan.net(2 * (c * n + d) + 1)) for c, d in places]
        hints = _common(nets, kind, finding.subject)
    return next(
        (h for h in hints if h.kind == kind and h.conclusion == finding.conclusion), None
    )


def _se_name(finding: tier_kernel.Finding) -> str:
    """SE's name of a level-2 inner hint (``ForcingChainHint``, ``CycleHint.getName``)."""
    both = finding.subject[1] == se_chains.XY
    if finding.kind == tier_kernel.CYCLE:
        return "Bidirectional Cycle" if both else "Bidirectional X-Cycle"
    return "Forcing Chain" if both else "Forcing X-Chain"


def _se_proof(board: Board, finding: tier_kernel.Finding) -> Proof:
    """The proof of SE's level-2 inner hint: its chain, link by link."""
    n = board.n
    path = finding.path
    lines = tuple(
        Proof(f"{_say(board, node)} (since {_say(board, prev)})")
        for prev, node in itertools.pairwise(path)
    )
    start = _assume(board, path[0])
    if finding.kind == tier_kernel.CYCLE:
        gone = ", ".join(
            f"{board.name(c // n)} is not {board.digit(c % n + 1)}" for c in finding.removed
        )
        claim = (f"{gone}: the cycle from {_say(board, path[0], would=False)} back to itself "
                 "holds one way or the other, and these see an on and an off node of their "
                 "digit")  # fmt: skip
    else:
        claim = f"{_say(board, finding.conclusion, would=False)}: {start}, it would not hold"
    return Proof(claim, (Proof(start[0].upper() + start[1:], lines),))
