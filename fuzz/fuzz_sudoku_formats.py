"""Atheris harness: every Sudoku format reader (and the sniffer), then write and re-read.

Run: ``python fuzz/fuzz_sudoku_formats.py -atheris_runs=1000000 fuzz/work/sudoku_formats
fuzz/corpus/sudoku_formats`` (add ``-grille_format=json`` to fuzz one format).
"""

from _harness import run

if __name__ == "__main__":
    run("sudoku_formats", ["grille.sudoku", "grille.sudoku.formats"])
