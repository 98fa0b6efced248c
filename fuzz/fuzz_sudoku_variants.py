"""Atheris harness: the variant Sudoku readers (f-puzzles JSON and links, SudokuPad links,
Solo IDs, grille's JSON with a variant), then write and re-read, round trips exact.

Run: ``python fuzz/fuzz_sudoku_variants.py -atheris_runs=1000000 fuzz/work/sudoku_variants
fuzz/corpus/sudoku_variants`` (add ``-grille_format=json-in-sudokupad`` to fuzz one choice:
a format, or the JSON behind a link).
"""

from _harness import run

if __name__ == "__main__":
    run("sudoku_variants", ["grille.sudoku", "grille.sudoku.formats", "grille.sudoku.variants",
                            "grille.sudoku.variants.fpuzzles", "grille.sudoku.variants.lz",
                            "grille.sudoku.variants.families"])
