"""A snapshot of every explained step and rating of the shared puzzles, to prove a refactor
changes no behaviour: run it before and after, then compare the two files.

    python benchmarks/step_snapshot.py --out before.jsonl [--sample N]
    python benchmarks/step_snapshot.py --out after.jsonl
    python benchmarks/step_snapshot.py --compare before.jsonl after.jsonl

Each line is one puzzle: its file, number, the kind's explained steps (technique,
difficulty, placements, eliminations, cells, units, explanation), whether the solve
finished, the hint at depths 1-5 on the puzzle as given, and the rating's fields. Sudoku
files are sampled (the first ``--sample`` puzzles of each, default 100, spread over the
file); Takuzu and Kakuro are taken whole.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from grille.kinds import get_kind

DATA = Path(os.environ.get(
    "GRILLE_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))


def _puzzles(sample: int) -> Iterator[tuple[str, int, str, Any]]:
    """(file, number, kind, puzzle) for every puzzle the snapshot covers."""
    for folder in ("sudoku", "takuzu", "kakuro"):
        kind = get_kind(folder)
        for path in sorted((DATA / folder).glob("*.txt")):
            entries = kind.read(path.read_text(encoding="utf-8"), source=str(path))
            if folder == "sudoku":
                if "multisolution" in path.name:
                    continue
                step = max(1, len(entries) // sample)
                entries = entries[::step][:sample]
            for number, entry in enumerate(entries, 1):
                yield path.name, number, folder, entry.puzzle


def _record(name: str, number: int, kind_name: str, puzzle: Any) -> dict[str, Any]:
    kind = get_kind(kind_name)
    explanation = kind.explain(puzzle)
    hints = []
    for depth in range(1, 6):
        hint = kind.hint(puzzle, depth=depth)
        hints.append([hint.text, [list(c) for c in hint.cells]])
    return {
        "file": name, "number": number, "kind": kind_name,
        "solved": explanation.solved,
        "steps": [step.to_json() for step in explanation.steps],
        "hints": hints,
        "rating": list(kind.rate(puzzle).fields()),
    }


def _compare(before: Path, after: Path) -> int:
    old = [json.loads(line) for line in before.read_text().splitlines()]
    new = [json.loads(line) for line in after.read_text().splitlines()]
    if len(old) != len(new):
        print(f"{len(old)} puzzles before, {len(new)} after")
    differ = 0
    for a, b in zip(old, new, strict=False):
        if a != b:
            differ += 1
            keys = [key for key in a if a.get(key) != b.get(key)]
            print(f"{a['file']} #{a['number']}: differs in {', '.join(keys)}")
    print(f"{len(old)} puzzles compared, {differ} differ")
    return 1 if differ or len(old) != len(new) else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        return _compare(*args.compare)
    if args.out is None:
        parser.error("--out or --compare is needed")
    with args.out.open("w", encoding="utf-8") as out:
        for count, (name, number, kind, puzzle) in enumerate(_puzzles(args.sample), 1):
            out.write(json.dumps(_record(name, number, kind, puzzle)) + "\n")
            if count % 50 == 0:
                print(f"{count} puzzles", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
