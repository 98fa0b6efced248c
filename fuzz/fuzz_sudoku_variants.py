"""Atheris harness: the variant Sudoku readers (f-puzzles JSON and links, SudokuPad links,
Solo IDs, grille's JSON with a variant), then write and re-read, round trips exact.

Run: ``python fuzz/fuzz_sudoku_variants.py -atheris_runs=1000000 fuzz/work/sudoku_variants
fuzz/corpus/sudoku_variants`` (add ``-grille_format=json-in-sudokupad`` to fuzz one choice:
a format, or the JSON behind a link).
"""

import sys

from _harness import FORMAT_OPTION, run

LINKED_CHOICES = ("json-in-fpuzzles-link", "json-in-sudokupad")
"""The choices whose input is the JSON a link carries: the harness compresses it and the
reader decompresses it, so the lz-string codec runs on every input without being what is
fuzzed; it is left uninstrumented there, which makes these choices about 4x faster."""

if __name__ == "__main__":
    linked = any(arg.removeprefix(FORMAT_OPTION) in LINKED_CHOICES for arg in sys.argv)
    run("sudoku_variants", ["grille.sudoku", "grille.sudoku.formats", "grille.sudoku.variants",
                            "grille.sudoku.variants.fpuzzles", "grille.sudoku.variants.lz",
                            "grille.sudoku.variants.families"],
        plain=["grille.sudoku.variants.lz"] if linked else [])
