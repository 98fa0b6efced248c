"""grille's SE-scale solve path beside Sudoku Explainer's, step by step (issue #18).

Run from the repository root, with SE's jar at hand (``../shared/tools/sudoku-explainer``)::

    python benchmarks/se_path.py PUZZLES [--start 0 --every 1 --count 500]
        [--paths /work/oracle/sepath-NAME.txt] [--show 5] [--mismatches FILE]

``PUZZLES`` holds one puzzle a line (its first 81 characters, ``.`` or ``0`` for an empty
cell; anything after them, a rating, is ignored). The lines taken are ``start``,
``start + every``, ... (``count`` of them). SE's paths come from ``--paths`` when that file
exists (the format ``sepath`` prints: ``# <puzzle>`` then ``N<TAB>difficulty<TAB>technique
<TAB>text`` per step), else ``sepath`` is run once over all the puzzles (one JVM) and its
output saved there, with a first line ``## <what puzzles, which command>``.

For each puzzle it compares ER, EP and ED (SE's computed from its path as ``serate`` does:
ER the hardest step, EP the hardest up to the first step that places a digit, ED the first
step) and the two step sequences as (technique, difficulty), grille's names put in SE's
words (Full House is SE's 1.0 Hidden Single, Triple is Triplet, a Locked Pair a Naked Pair).
It prints exact ER/EP/ED by SE's ER band, the first differing step of the first ``--show``
mismatching puzzles, and a count of the (SE step, grille step) pairs where paths part.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from grille.kinds import get_kind
from grille.sudoku.logic.explain import explain

SE_JAR = Path(__file__).resolve().parents[2] / "shared" / "tools" / "sudoku-explainer" / "se.jar"

SE_NAMES = {
    "Full House": "Hidden Single",
    "Direct Hidden Triple": "Direct Hidden Triplet",
    "Naked Triple": "Naked Triplet",
    "Hidden Triple": "Hidden Triplet",
    "Locked Pair": "Naked Pair",
    "Locked Triple": "Naked Triplet",
}
"""grille's technique names in SE's words (compared without case)."""

SAME_TECHNIQUE = {"turbot fish": "x-chain", "forcing x-chain": "x-chain",
                  "bidirectional cycle": "nice loop", "bidirectional x-cycle": "x-cycle",
                  "bidirectional y-cycle": "xy-cycle", "nishio forcing chains":
                  "nishio forcing chain", "dynamic region forcing chains":
                  "dynamic forcing chains: region", "bug type 1": "bug+1",
                  "cell forcing chains": "forcing chains: cell",
                  "region forcing chains": "forcing chains: region",
                  "dynamic cell forcing chains": "dynamic forcing chains: cell",
                  "dynamic contradiction forcing chains": "dynamic forcing chains: contradiction",
                  "dynamic double forcing chains": "dynamic forcing chains: double"}
"""SE's names for a chain grille names after its shape."""
SE_LOOP = re.compile(r"^unique loop \d+ type")
"""SE names a unique loop with its length (``Unique Loop 8 type 2``), grille does not."""


@dataclass(frozen=True)
class PathStep:
    """One step of a path: technique (in SE's words), difficulty, whether it places, text, and
    for a single the placement as SE writes it (``E9=5``: column letter, row, digit)."""

    name: str
    difficulty: float
    places: bool
    text: str
    single: str = ""

    @property
    def key(self) -> tuple[str, float]:
        name = SE_LOOP.sub("unique loop type", self.name.lower())
        return SAME_TECHNIQUE.get(name, name), round(self.difficulty, 1)


def rating_of(path: list[PathStep]) -> tuple[float, float, float]:
    """(ER, EP, ED) of a path, as serate computes them."""
    if not path:
        return 0.0, 0.0, 0.0
    er = 0.0
    pearl = None
    for step in path:
        er = max(er, step.difficulty)
        if pearl is None and step.places:
            pearl = er
    return round(er, 1), round(pearl if pearl is not None else er, 1), round(path[0].difficulty, 1)


def read_puzzles(path: Path, start: int, every: int, count: int) -> list[str]:
    """The puzzles of lines start, start + every, ... (``count`` at most, 0 = all)."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if len(line.strip()) >= 81 and not line.startswith("#")]
    chosen = lines[start::every]
    if count:
        chosen = chosen[:count]
    return [line.strip()[:81].replace("0", ".") for line in chosen]


SE_PLACES = ("Hidden Single", "Naked Single", "Direct ")
SE_SINGLE = re.compile(r"^(?:Hidden|Naked) Single: ([A-I][1-9]): ([1-9])")


def parse_se(text: str) -> dict[str, list[PathStep]]:
    """SE's paths by puzzle, from ``sepath``'s output."""
    paths: dict[str, list[PathStep]] = {}
    current: list[PathStep] = []
    for line in text.splitlines():
        if line.startswith("## "):
            continue
        if line.startswith("# "):
            current = paths.setdefault(line[2:83], [])
            continue
        parts = line.split("\t")
        if len(parts) < 4:
            continue
        name = parts[2]
        places = name.startswith(SE_PLACES)
        single = SE_SINGLE.match(parts[3])
        where = f"{single[1]}={single[2]}" if single else ""
        current.append(PathStep(name, float(parts[1]), places, parts[3], where))
    return paths


def se_paths(puzzles: list[str], cache: Path | None, what: str) -> dict[str, list[PathStep]]:
    """SE's path of every puzzle: read from ``cache`` or computed with one ``sepath`` run."""
    if cache is not None and cache.exists():
        found = parse_se(cache.read_text(encoding="utf-8"))
        if all(p in found for p in puzzles):
            return found
    command = ["nice", "-n", "10", "java", "-cp", str(SE_JAR), "diuf.sudoku.test.sepath"]
    out = subprocess.run(command, input="\n".join(puzzles) + "\n", capture_output=True,
                         text=True, check=True).stdout
    if cache is not None:
        header = (f"## sepath (SE 1.2.1.3) paths of {what}: "
                  "java -cp se.jar diuf.sudoku.test.sepath < puzzles\n")
        cache.write_text(header + out, encoding="utf-8")
    return parse_se(out)


def grille_path(puzzle: str) -> list[PathStep]:
    """grille's rating path (the ``se`` ladder) of a puzzle."""
    grid = get_kind("sudoku").read(puzzle)[0].puzzle
    steps = explain(grid, rating=True).steps
    return [PathStep(SE_NAMES.get(s.technique, s.technique), s.difficulty, bool(s.placements),
                     s.explanation, _single(s.technique, s.placements)) for s in steps]


def _single(technique: str, placements: tuple[tuple[int, int, int], ...]) -> str:
    """A single's placement as SE writes it, else ``""``."""
    if technique not in ("Full House", "Hidden Single", "Naked Single"):
        return ""
    (row, col, digit), = placements
    return f"{'ABCDEFGHI'[col]}{row + 1}={digit}"


def band(er: float) -> str:
    return f"{int(er):d}.0-{int(er):d}.9" if er < 20 else "20"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("puzzles", type=Path)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--count", type=int, default=0)
    parser.add_argument("--paths", type=Path, default=None, help="SE's paths (cache file)")
    parser.add_argument("--show", type=int, default=5)
    parser.add_argument("--all", action="store_true",
                        help="show where paths part even when the ratings agree")
    parser.add_argument("--mismatches", type=Path, default=None,
                        help="write the puzzles whose ER/EP/ED differ here")
    args = parser.parse_args(argv)

    puzzles = read_puzzles(args.puzzles, args.start, args.every, args.count)
    what = (f"{args.puzzles.name} lines {args.start}::{args.every} "
            f"({len(puzzles)} puzzles, 0-based)")
    t0 = time.perf_counter()
    se = se_paths(puzzles, args.paths, what)
    t1 = time.perf_counter()
    totals: Counter[str] = Counter()
    exact: Counter[tuple[str, str]] = Counter()
    parting: Counter[tuple[tuple[str, float], tuple[str, float]]] = Counter()
    same_path = 0
    same_singles = 0
    shown = 0
    bad: list[str] = []
    for puzzle in puzzles:
        theirs = se[puzzle]
        ours = grille_path(puzzle)
        se_r, our_r = rating_of(theirs), rating_of(ours)
        b = band(se_r[0])
        totals[b] += 1
        for name, a, o in zip(("ER", "EP", "ED"), se_r, our_r, strict=True):
            if a == o:
                exact[b, name] += 1
        if se_r != our_r:
            bad.append(f"{puzzle} SE {se_r} grille {our_r}")
        at = next((i for i, (a, o) in enumerate(zip(theirs, ours, strict=False)) if a.key != o.key),
                  None if len(theirs) == len(ours) else min(len(theirs), len(ours)))
        if at is None:
            same_path += 1
            if [a.single for a in theirs] == [o.single for o in ours]:
                same_singles += 1
            continue
        a_key = theirs[at].key if at < len(theirs) else ("(end)", 0.0)
        o_key = ours[at].key if at < len(ours) else ("(end)", 0.0)
        parting[a_key, o_key] += 1
        if (args.all or se_r != our_r) and shown < args.show:
            shown += 1
            print(f"{puzzle}  SE {se_r}  grille {our_r}: step {at + 1} differs")
            for i in range(max(0, at - 1), min(at + 2, max(len(theirs), len(ours)))):
                a_text = f"{theirs[i].difficulty} {theirs[i].text}" if i < len(theirs) else "-"
                o_text = (f"{ours[i].difficulty} {ours[i].name}: {ours[i].text}"
                          if i < len(ours) else "-")
                print(f"  {i + 1:3d} SE     {a_text}\n      grille {o_text}")
    t2 = time.perf_counter()
    print(f"\n{len(puzzles)} puzzles ({what}); SE paths {t1 - t0:.1f} s, grille {t2 - t1:.1f} s")
    print(f"same path (technique and difficulty at every step): {same_path}, "
          f"with the same cell and digit at every single: {same_singles}")
    print(f"{'SE ER band':12} {'n':>5} {'ER':>7} {'EP':>7} {'ED':>7}")
    for b in sorted(totals, key=lambda s: float(s.split('-')[0])):
        n = totals[b]
        cells = " ".join(f"{100 * exact[b, k] / n:6.1f}%" for k in ("ER", "EP", "ED"))
        print(f"{b:12} {n:5d} {cells}")
    n = len(puzzles)
    print(f"{'all':12} {n:5d} " + " ".join(
        f"{100 * sum(exact[b, k] for b in totals) / n:6.1f}%" for k in ("ER", "EP", "ED")))
    print("\nwhere paths part (SE step, grille step): count")
    for (a_key, o_key), count in parting.most_common(15):
        print(f"  {a_key} vs {o_key}: {count}")
    if args.mismatches is not None:
        args.mismatches.write_text("".join(line + "\n" for line in bad), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
