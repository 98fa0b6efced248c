"""The sum filters of the variant solver against brute force on random small candidate sets:
a filter never removes a digit some completion of its own cells keeps, it is exact once its
cells are fixed, and it removes what the bounds alone could not (the cases named)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from grille.sudoku.variants.families._pairs import neighbour_pairs
from grille.sudoku.variants.families.xv import XV, XVNegative
from grille.sudoku.variants.model import Variant
from grille.sudoku.variants.propagation import (
    Filter,
    Relation,
    SandwichSum,
    SumTo,
    Window,
    _combos,
    relation,
)


def _mask(digits: Sequence[int]) -> int:
    return sum(1 << (d - 1) for d in set(digits))


def _digits(mask: int) -> list[int]:
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def _sandwich_holds(row: Sequence[int], total: int) -> bool:
    a, b = sorted((row.index(1), row.index(len(row))))
    return sum(row[a + 1:b]) == total


def _support(domains: Sequence[int], candidates: Callable[[], Sequence[Sequence[int]]],
             holds: Callable[[Sequence[int]], bool]) -> list[int]:
    """Per cell, the digits some candidate assignment within ``domains`` that ``holds`` gives."""
    kept = [0] * len(domains)
    for values in candidates():
        if all(domains[i] >> (d - 1) & 1 for i, d in enumerate(values)) and holds(values):
            for i, d in enumerate(values):
                kept[i] |= 1 << (d - 1)
    return kept


def _run(flt: Filter, domains: Sequence[int], width: int) -> list[int] | None:
    masks = [0] * width
    for cell, mask in zip(flt.cells, domains, strict=True):
        masks[cell] = mask
    if flt.run(masks) is None:
        return None
    return [masks[cell] for cell in flt.cells]


def test_sandwich_keeps_every_supported_digit() -> None:
    rng = random.Random(7)
    tried = 0
    for _ in range(300):
        n = rng.randint(4, 7)
        row = rng.sample(range(1, n + 1), n)
        a, b = sorted((row.index(1), row.index(n)))
        total = sum(row[a + 1:b]) if rng.random() < 0.8 else rng.randint(0, n * n // 2)
        domains = [_mask([d, *rng.sample(range(1, n + 1), rng.randint(0, n - 1))]) for d in row]
        flt = SandwichSum(tuple(range(n)), n, total)
        kept = _support(domains, lambda n=n: list(itertools.permutations(range(1, n + 1))),
                        lambda values, total=total: _sandwich_holds(values, total))
        out = _run(flt, domains, n)
        if not any(kept):
            continue
        assert out is not None, (n, total, domains)
        for have, need in zip(out, kept, strict=True):
            assert need & ~have == 0, (n, total, domains, out, kept)
        tried += 1
    assert tried > 200


def test_sandwich_is_exact_on_fixed_rows() -> None:
    rng = random.Random(8)
    for _ in range(300):
        n = rng.randint(4, 9)
        row = [rng.randint(1, n) for _ in range(n)] if rng.random() < 0.3 else rng.sample(
            range(1, n + 1), n)
        total = rng.randint(0, n * (n - 1) // 2)
        flt = SandwichSum(tuple(range(n)), n, total)
        passes = _run(flt, [1 << (d - 1) for d in row], n) is not None
        holds = len(set(row)) == n and _sandwich_holds(row, total)
        if len(set(row)) == n or not passes:
            assert passes == holds, (row, total)
        # a row with a repeat may pass (the row's all-different unit rejects it), but never
        # when the sandwich itself is impossible
        if passes:
            assert 1 in row and n in row


def test_sandwich_reasons_with_different_digits() -> None:
    full = (1 << 9) - 1
    # 1 at the left, 9 four cells on: two cells between summing to 10 are 2+8, 3+7 or 4+6,
    # never 5+5 (bounds alone keep the 5)
    domains = [1, full, full, 1 << 8, *([full] * 5)]
    out = _run(SandwichSum(tuple(range(9)), 9, 10), domains, 9)
    assert out is not None
    assert _digits(out[1]) == _digits(out[2]) == [2, 3, 4, 6, 7, 8]
    # a sandwich of 0: the 1 and the 9 side by side; 1 fixed at the far left puts 9 beside it
    domains = [1, *([full & ~1] * 8)]
    out = _run(SandwichSum(tuple(range(9)), 9, 0), domains, 9)
    assert out is not None and out[1] == 1 << 8
    # 35 between is 2..8 all: the 1 and the 9 at the two ends
    out = _run(SandwichSum(tuple(range(9)), 9, 35), [full] * 9, 9)
    assert out is not None and out[0] == out[8] == 1 | 1 << 8
    # a total no set of different digits reaches: 2+...+8 = 35 is the most
    assert _run(SandwichSum(tuple(range(9)), 9, 36), [full] * 9, 9) is None


def _peers_of(groups: Sequence[Sequence[int]], count: int,
              extra: Sequence[tuple[int, int]] = ()) -> list[set[int]]:
    peers: list[set[int]] = [set() for _ in range(count)]
    for group in groups:
        for a in group:
            peers[a].update(b for b in group if b != a)
    for a, b in extra:
        peers[a].add(b)
        peers[b].add(a)
    return peers


def test_sum_with_peers_keeps_every_supported_digit() -> None:
    """Terms in random cliques (and a few more pairs that must differ), a fixed total or a
    target cell: every digit some assignment keeps (different digits where cells are peers)
    stays."""
    rng = random.Random(11)
    tried = grouped = 0
    for _ in range(400):
        n = rng.choice((4, 6, 9))
        count = rng.randint(2, min(5, n - 1))
        cells = list(range(count + 1))
        rng.shuffle(cells)
        target = cells.pop() if rng.random() < 0.4 else -1
        terms = tuple(cells)
        groups = [terms[i:i + 3] for i in range(0, count, 3)] if rng.random() < 0.5 else [terms]
        extra = [(terms[0], terms[-1])] if rng.random() < 0.3 else []
        peers = _peers_of(groups, count + 1, extra)
        values = rng.sample(range(1, n + 1), count + 1)
        total = sum(values[t] for t in terms) if rng.random() < 0.8 else rng.randint(1, 5 * n)
        domains = [_mask([v, *rng.sample(range(1, n + 1), rng.randint(0, 3))]) for v in values]
        flt = SumTo(terms, 0 if target >= 0 else total, target).with_peers(peers, n)
        grouped += isinstance(flt, SumTo) and bool(flt.starts)

        def holds(vals: Sequence[int], terms: tuple[int, ...] = terms, target: int = target,
                  total: int = total, peers: list[set[int]] = peers) -> bool:
            if any(vals[a] == vals[b] for a in range(len(vals)) for b in peers[a]):
                return False
            want = vals[target] if target >= 0 else total
            return sum(vals[t] for t in terms) == want

        kept = _support(domains, lambda domains=domains: list(
            itertools.product(*(_digits(mask) for mask in domains))), holds)
        out = _run_cells(flt, domains)
        if not any(kept):
            continue
        assert out is not None, (terms, target, total, groups, domains)
        for have, need in zip(out, kept, strict=True):
            assert need & ~have == 0, (terms, target, total, groups, domains, out, kept)
        tried += 1
    assert tried > 200 and grouped > 150, (tried, grouped)


def test_sum_with_peers_is_exact_on_fixed_cells() -> None:
    rng = random.Random(12)
    for _ in range(300):
        n = rng.choice((4, 9))
        count = rng.randint(2, 6)
        terms = tuple(range(count))
        peers = _peers_of([terms[:3], terms[3:]], count)
        values = [rng.randint(1, n) for _ in range(count)]
        total = sum(values) if rng.random() < 0.5 else rng.randint(count, n * count)
        flt = SumTo(terms, total).with_peers(peers, n)
        passes = _run_cells(flt, [1 << (v - 1) for v in values]) is not None
        if sum(values) != total:
            assert not passes
        elif all(values[a] != values[b] for a in range(count) for b in peers[a]):
            assert passes


def test_sum_with_peers_reasons_with_different_digits() -> None:
    full = (1 << 9) - 1
    peers = _peers_of([(0, 1, 2)], 4)
    # three cells of one box summing to 6 are 1, 2, 3 (repeats allowed would keep the 4)
    flt = SumTo((0, 1, 2), 6).with_peers(peers, 9)
    assert _run_cells(flt, [full] * 3) == [0b111] * 3
    # two cells that see each other cannot sum to 2
    flt = SumTo((0, 1), 2).with_peers(peers, 9)
    assert _run_cells(flt, [full] * 2) is None
    # a circle (cell 3) over three such cells is at least 6
    flt = SumTo((0, 1, 2), 0, 3).with_peers(peers, 9)
    out = _run_cells(flt, [full] * 4)
    assert out is not None and _digits(out[3]) == [6, 7, 8, 9]
    # cells that do not see each other: the plain filter, repeats allowed
    plain = SumTo((0, 3), 2)
    assert plain.with_peers(peers, 9) is plain


def _run_cells(flt: Filter, domains: Sequence[int]) -> list[int] | None:
    """``domains`` for cells 0, 1, ...; the filter's result in that order."""
    masks = list(domains)
    if flt.run(masks) is None:
        return None
    return masks


def test_window_keeps_every_supported_digit() -> None:
    """A renban line's cells (all different) against every arrangement of a run."""
    rng = random.Random(13)
    tried = 0
    for _ in range(300):
        n = rng.choice((6, 9))
        length = rng.randint(2, 5)
        low = rng.randint(1, n - length + 1)
        line = rng.sample(range(low, low + length), length)
        domains = [_mask([d, *rng.sample(range(1, n + 1), rng.randint(0, 3))]) for d in line]

        def holds(values: Sequence[int]) -> bool:
            return len(set(values)) == len(values) and max(values) - min(values) < len(values)

        kept = _support(domains, lambda domains=domains: list(
            itertools.product(*(_digits(mask) for mask in domains))), holds)
        out = _run_cells(Window(tuple(range(length)), n), domains)
        assert out is not None
        for have, need in zip(out, kept, strict=True):
            assert need & ~have == 0, (domains, out, kept)
        tried += 1
    assert tried == 300


def test_window_needs_a_cell_for_every_digit_of_the_run() -> None:
    # cells {2,5} and {2,6}: each meets the runs 1-2 and 2-3, but only the 2 of them, so
    # the line is 5 and 6
    out = _run_cells(Window((0, 1), 9), [_mask([2, 5]), _mask([2, 6])])
    assert out == [_mask([5]), _mask([6])]


def test_a_filter_that_finds_a_contradiction_weighs_more() -> None:
    """The search's dom/wdeg order: ``propagate`` adds one to the weight of the filter that
    failed, so the search turns to the cells it watches."""
    from grille.sudoku.variants.solve import Model, propagate

    flt = SumTo((0, 1), 5)
    model = Model(4, ((), (), (), ()), (), (flt,), ((0,), (0,), (), ()))
    weights = [1]
    assert not propagate(model, [1, 1, 15, 15], None, weights)
    assert weights == [2]
    assert propagate(model, [15, 15, 15, 15], None, weights)
    assert weights == [2]


def test_locked_candidates_between_full_units() -> None:
    """A box's digit confined to one row of it leaves the rest of that row, and a row's
    digit confined to one box leaves the rest of the box."""
    from grille.sudoku.grid import Grid
    from grille.sudoku.variants.model import Variant
    from grille.sudoku.variants.solve import model_of, propagate

    grid = Grid.empty(4)
    model = model_of(Variant(), 4, tuple(grid.shape.units[8:]))
    masks = [15] * 16
    masks[4] = masks[5] = 0b1110  # the 1 of the top-left box is in r1c1 or r1c2
    assert propagate(model, masks)
    assert not masks[2] & 1 and not masks[3] & 1 and masks[0] & 1 and masks[1] & 1
    masks = [15] * 16
    masks[14] = masks[15] = 0b1101  # the 2 of row 4 is in r4c1 or r4c2
    assert propagate(model, masks)
    assert not masks[8] & 2 and not masks[9] & 2


def test_relations_are_shared_values() -> None:
    """A relation holds no search state: one object serves every puzzle that asks for the
    same cells, size and name, with the tables of its test."""
    rise = relation(0, 1, 4, "rise", lambda x, y: x < y)
    assert relation(0, 1, 4, "rise", lambda x, y: x < y) is rise
    assert relation(1, 0, 4, "rise", lambda x, y: x < y) is not rise
    assert (rise.a, rise.b, rise.cells) == (0, 1, (0, 1))
    assert rise.forward == tuple(sum(1 << (y - 1) for y in range(x + 1, 5)) for x in range(1, 5))


def test_a_negative_rule_relates_every_unmarked_pair_in_order() -> None:
    """All XV given on 4x4 with one X: every other pair of neighbours, in order, sums to
    neither 5 nor 10; the marked pair is left free."""
    size = 4
    variant = Variant((XV(((0, 0), (0, 1)), "X"), XVNegative()))
    made = [rule for c in variant.constraints for rule in c.solver_parts(size, variant).filters]
    x, *rest = made
    negative = [r for r in rest if isinstance(r, Relation)]
    assert len(negative) == len(rest)
    pairs = [(a[0] * size + a[1], b[0] * size + b[1]) for a, b in neighbour_pairs(size)]
    assert [(r.a, r.b) for r in negative] == [p for p in pairs if p != (0, 1)]
    assert isinstance(x, Relation) and (x.a, x.b) == (0, 1)
    for rule in negative:
        masks = [(1 << size) - 1] * (size * size)
        masks[rule.a] = 1 << 0  # a 1: its neighbour may not be a 4
        assert rule.run(masks) is not None and masks[rule.b] == 0b0111


def test_cage_digit_sets_are_every_combination() -> None:
    """The digit sets of a cage, found for every count and total in one pass, are the
    combinations of different digits with that count and sum."""
    for size in (4, 6, 9):
        for count in range(size + 1):
            for total in range(size * (size + 1) // 2 + 2):
                wanted = sorted(_mask(combo) for combo in itertools.combinations(
                    range(1, size + 1), count) if sum(combo) == total)
                assert list(_combos(size, count, total)) == wanted, (size, count, total)
