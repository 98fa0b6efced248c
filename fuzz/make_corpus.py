"""Write the seed corpus ``fuzz/corpus/<target>/`` from the project's own fixtures.

Seeds are the fixture files of ``tests/fixtures`` (never ``../shared/data``), each puzzle in
them written in every format of its kind, a few puzzles from grille's own generators (fixed
seeds) for the kinds with few fixtures, example moves, and the DLX fixtures. A format
target's seed starts with the byte that picks its format (see ``targets.split_input``).
``sudoku_variants`` gets the variant fixtures (``tests/fixtures/variants``) as they are and
each of their puzzles in every variant format, and the f-puzzles JSON of each as the text
behind a link (``json-in-fpuzzles-link``, ``json-in-sudokupad``).
Run: ``python fuzz/make_corpus.py``; it replaces the corpus folders.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path
from typing import Any

import targets

from grille.kind import GenerateOptions, Kind
from grille.kinds import get_kind

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
FIXTURES = targets.REPO / "tests" / "fixtures"

GENERATED = {
    "sudoku": ["4", "6", "9", "12"],
    "takuzu": ["4x4", "6x6", "8x8", "10x12"],
    "kakuro": ["4x4", "6x6", "8x8"],
}
"""Sizes of the puzzles made with each kind's generator (seed 1) as extra seeds."""

MOVES = ["r1c1=1", "r3c5-", "r2c2^7", "fill", "r10c16=16", "r1c2=0", " r4c4^1 ", "r0c1=1"]


def _save(folder: Path, data: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


def _fixture_texts(kind_name: str) -> list[str]:
    folder = FIXTURES / kind_name
    return [path.read_text(encoding="utf-8") for path in sorted(folder.rglob("*"))
            if path.is_file() and path.suffix != ".md"] if folder.is_dir() else []


def _puzzles(kind: Kind[Any]) -> list[Any]:
    puzzles = [entry.puzzle for text in _fixture_texts(kind.name) for entry in kind.read(text)]
    for size in GENERATED[kind.name]:
        puzzles.append(kind.generate(GenerateOptions(size=size), seed=1))
    return puzzles


def format_seeds(target: str, kind_name: str) -> None:
    """Every fixture and generated puzzle of the kind in every format, one seed each."""
    kind = get_kind(kind_name)
    folder = CORPUS / target
    for text in _fixture_texts(kind_name):
        _save(folder, targets.format_byte(kind, targets.AUTO) + text.encode())
    for puzzle in _puzzles(kind):
        for fmt in kind.formats:
            try:
                text = kind.write([puzzle], fmt)
            except ValueError:
                continue
            _save(folder, targets.format_byte(kind, fmt) + text.encode())
            _save(CORPUS / "cli", text.encode())


def variant_seeds() -> None:
    """The variant fixtures and their puzzles in every choice of ``sudoku_variants``."""
    from grille.sudoku.formats.fpuzzles import dump as fpuzzles_json

    target = "sudoku_variants"
    kind = get_kind("sudoku")
    folder = CORPUS / target
    texts = _fixture_texts("variants")
    puzzles = [entry.puzzle for text in texts for entry in kind.read(text)]
    puzzles += [entry.puzzle for text in _fixture_texts("sudoku")[:4] for entry in
                kind.read(text)[:1]]  # plain grids (boxes of other shapes) too
    for text in texts:
        _save(folder, targets.input_byte(target, targets.AUTO) + text.encode())
        _save(CORPUS / "cli", text.encode())
    for puzzle in puzzles:
        for fmt in targets.VARIANT_FORMATS:
            try:
                text = kind.write([puzzle], fmt)
            except ValueError:
                continue
            _save(folder, targets.input_byte(target, fmt) + text.encode())
        for choice in targets.LINKED:
            _save(folder, targets.input_byte(target, choice) + fpuzzles_json(puzzle).encode())
    for text in {_broken(fpuzzles_json(puzzle), how) for puzzle in puzzles[:6] for how in BROKEN}:
        for fmt in ("fpuzzles-link", "sudokupad"):  # links whose payload reads, to bad JSON
            _save(folder, targets.input_byte(target, fmt) + targets.link_text(fmt, text).encode())


BROKEN = ("truncated", "size", "cell", "key", "value")
"""How :func:`_broken` spoils an f-puzzles JSON text for the link seeds."""


def _broken(text: str, how: str) -> str:
    """``text`` (f-puzzles JSON) spoilt one way: cut in half, a size grille does not play, a
    cell outside the grid, a key f-puzzles has but grille does not read, a cell value that
    is not a digit."""
    if how == "truncated":
        return text[: len(text) // 2]
    if how == "size":
        return text.replace('"size": ', '"size": 1', 1)
    if how == "cell":
        if '"R1C' in text:
            return text.replace('"R1C', '"R0C', 1)
        return text[:-1] + ', "odd": [{"cell": "R0C9"}]}'
    if how == "key":
        return text[:-1] + ', "betweenline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}'
    return text.replace("{}", '{"value": "5"}', 1)


def main() -> None:
    """Rebuild every corpus folder."""
    if CORPUS.exists():
        shutil.rmtree(CORPUS)
    for target, kind_name in targets.FORMAT_TARGETS.items():
        if target != "sudoku_variants":
            format_seeds(target, kind_name)
    variant_seeds()
    for move in MOVES:
        _save(CORPUS / "moves", move.encode())
    for path in sorted(FIXTURES.glob("*.dlx")):
        _save(CORPUS / "dlx", path.read_bytes())
    for target in sorted(path.name for path in CORPUS.iterdir()):
        print(f"{target}: {len(list((CORPUS / target).iterdir()))} seeds")


if __name__ == "__main__":
    main()
