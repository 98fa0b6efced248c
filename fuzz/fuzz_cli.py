"""Atheris harness: raw bytes through the command line's decoding, kind sniffing and reading.

Run: ``python fuzz/fuzz_cli.py -atheris_runs=1000000 fuzz/work/cli fuzz/corpus/cli``.
"""

from _harness import run

if __name__ == "__main__":
    run("cli", ["grille.cliinput", "grille.sudoku", "grille.takuzu", "grille.kakuro"])
