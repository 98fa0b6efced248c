"""The sum filters of the variant solver against brute force on random small candidate sets:
a filter never removes a digit some completion of its own cells keeps, it is exact once its
cells are fixed, and it removes what the bounds alone could not (the cases named)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from grille.sudoku.variants.propagation import Filter, SandwichSum


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
