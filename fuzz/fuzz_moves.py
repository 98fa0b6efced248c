"""Atheris harness: move strings parsed and applied to a small state of every kind.

Run: ``python fuzz/fuzz_moves.py -atheris_runs=1000000 fuzz/work/moves fuzz/corpus/moves``.
"""

from _harness import run

if __name__ == "__main__":
    run("moves", ["grille.moves", "grille.sudoku", "grille.takuzu", "grille.kakuro"])
