"""Compare grille's HoDoKu scale (``rate --scale hodoku``) with hodoku-py's results.

Reads oracle files of /work/oracle: ``hodoku_<set>.txt`` written by helper "hodoku"
(tab-separated: line, puzzle, LEVEL, score, seconds, path) and ``hodoku_bench_<set>.txt``
(space-separated: puzzle, level, score). Prints level and score agreement, grille's time per
puzzle, and for each disagreement (with ``--steps``, when the oracle has the path) the first
step where the paths differ.

    PYTHONPATH=src python benchmarks/hodoku_compare.py /work/oracle/hodoku_bench_kaggle_9999.txt
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter

from grille.sudoku import parse
from grille.sudoku.logic.hodoku import hodoku_path, rate_hodoku


def _seconds(path: str) -> dict[str, float]:
    """hodoku-py's seconds per puzzle from a ``.seconds.txt`` beside a bench oracle file."""
    beside = path.removesuffix(".txt") + ".seconds.txt"
    if not os.path.exists(beside):
        return {}
    with open(beside) as lines:
        return {p: float(s) for p, s in (line.split()[:2] for line in lines if line.strip())}


def read(path: str) -> list[tuple[str, str, int, float, str]]:
    """(puzzle, level, score, oracle seconds, path) per oracle line (tab lines are ours)."""
    rows = []
    seconds = _seconds(path)
    with open(path) as lines:
        text = lines.read().splitlines()
    for line in text:
        if line.startswith("#") or not line.strip():
            continue
        if "\t" in line:
            _, puzzle, level, score, taken, steps = line.split("\t")
            if level == "TIMEOUT":
                continue
            rows.append((puzzle, level.lower(), int(score), float(taken), steps))
        else:
            parts = line.split()
            took = seconds.get(parts[0], -1.0)
            rows.append((parts[0], parts[1].lower(), int(parts[2]), took, ""))
    return rows


def _effects(step: str) -> tuple[str, frozenset[str]]:
    """An oracle step's type and its placements and deletions (``cell=digit``, ``-cell.digit``)."""
    kind, *parts = step.split(":")
    return kind, frozenset(p for p in parts if p.startswith("-") or "=" in p)


def first_difference(puzzle: str, oracle_path: str) -> str:
    """The first step where grille's path and the oracle's differ in what they do."""
    theirs = oracle_path.split()
    for i, (step, _, _) in enumerate(hodoku_path(parse(puzzle))):
        if i >= len(theirs):
            return f"step {i}: grille has more steps ({step.technique})"
        kind, effects = _effects(theirs[i])
        ours = frozenset(
            [f"{r * 9 + c}={d}" for r, c, d in step.placements]
            + [f"-{r * 9 + c}.{d}" for r, c, d in step.eliminations]
        )
        single = kind in ("FULL_HOUSE", "NAKED_SINGLE", "HIDDEN_SINGLE")
        if ours != effects and not (single and not step.eliminations and ours <= effects):
            shown = f"{step.technique}: {step.explanation[:70]}"
            return f"step {i}: hodoku {theirs[i][:70]} / grille {shown}"
    return "same steps"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--steps", action="store_true", help="show the first differing step")
    parser.add_argument("--half", choices=("tune", "measure", "all"), default="all",
                        help="tune: even rows of a file, measure: odd rows")
    args = parser.parse_args()
    # load numba and every finder's kernels before timing (hodoku-py's times exclude its
    # import): a BUG+1, chains and ALS, forcing chains and nets
    for warm in (
        "..............1..2..3....4.........5...36....27......1.......8...68..3..5..4.2...",
        "..............1..2.34....5.......53.2...16...6..............7.8...4........539...",
        "........1.......2.....34........53.6..7.......12.........28...9...7.1...6.....4..",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ):
        rate_hodoku(parse(warm))
    for path in args.files:
        rows = read(path)
        if args.half != "all":
            rows = rows[args.half == "measure" :: 2]
        level_ok = score_ok = 0
        misses: Counter[tuple[str, str]] = Counter()
        by_level: dict[str, list[int]] = {}  # HoDoKu's level: [puzzles, level exact, score exact]
        ours_time = theirs_time = 0.0
        ratios: list[float] = []
        for puzzle, level, score, seconds, steps in rows:
            start = time.perf_counter()
            rating = rate_hodoku(parse(puzzle))
            took = time.perf_counter() - start
            ours_time += took
            theirs_time += max(seconds, 0.0)
            if seconds > 0:
                ratios.append(seconds / took)
            level_ok += rating.level == level
            score_ok += rating.score == score
            tally = by_level.setdefault(level, [0, 0, 0])
            tally[0] += 1
            tally[1] += rating.level == level
            tally[2] += rating.score == score
            if rating.level != level:
                misses[(level, rating.level)] += 1
            if rating.score != score:
                detail = f" {first_difference(puzzle, steps)}" if args.steps and steps else ""
                print(f"  {puzzle} hodoku {level} {score} "
                      f"grille {rating.level} {rating.score}{detail}")
        n = len(rows)
        print(f"{path}: {n} puzzles, level {level_ok}/{n} = {100 * level_ok / max(n, 1):.1f} %, "
              f"score {score_ok}/{n} = {100 * score_ok / max(n, 1):.1f} %, grille "
              f"{1000 * ours_time / max(n, 1):.1f} ms/puzzle"
              + (f", hodoku-py {1000 * theirs_time / max(n, 1):.1f} ms/puzzle "
                 f"(total {theirs_time / max(ours_time, 1e-9):.1f}x, median per-puzzle "
                 f"{sorted(ratios)[len(ratios) // 2]:.1f}x)" if ratios else ""))
        for name in ("easy", "medium", "hard", "unfair", "extreme"):
            if name in by_level:
                count, lev, sco = by_level[name]
                print(f"  {name}: {count} puzzles, level exact {lev} ({100 * lev / count:.1f} %), "
                      f"score exact {sco} ({100 * sco / count:.1f} %)")
        if misses:
            print("  level misses (hodoku -> grille):", dict(misses))


if __name__ == "__main__":
    main()
