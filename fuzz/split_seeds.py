"""Split a format target's seeds by the choice their first byte picks, for one-choice runs.

A run with ``-grille_format=CHOICE`` takes the whole input as the text, so its seeds are the
corpus files of that choice without their first byte. Run:
``python fuzz/split_seeds.py sudoku_variants fuzz/work/seeds`` writes
``fuzz/work/seeds/<choice>/`` for every choice (``json-in-sudokupad`` ...).
"""

from __future__ import annotations

import sys
from pathlib import Path

import targets

HERE = Path(__file__).resolve().parent


def split(target: str, out: Path) -> dict[str, int]:
    """Write each seed of ``corpus/<target>`` to ``out/<choice>/``; the count per choice."""
    counts: dict[str, int] = {}
    for path in sorted((HERE / "corpus" / target).iterdir()):
        data = path.read_bytes()
        if not data:
            continue
        choice = targets.choices(target)[data[0] % len(targets.choices(target))]
        folder = out / choice
        folder.mkdir(parents=True, exist_ok=True)
        (folder / path.name).write_bytes(data[1:])
        counts[choice] = counts.get(choice, 0) + 1
    return counts


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in targets.FORMAT_TARGETS:
        sys.exit(f"usage: split_seeds.py TARGET OUT ({', '.join(targets.FORMAT_TARGETS)})")
    for choice, count in split(sys.argv[1], Path(sys.argv[2])).items():
        print(f"{choice}: {count} seeds")
