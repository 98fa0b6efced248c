"""Atheris harness: every Kakuro format reader (and the sniffer), then write and re-read.

Run: ``python fuzz/fuzz_kakuro_formats.py -atheris_runs=1000000 fuzz/work/kakuro_formats
fuzz/corpus/kakuro_formats`` (add ``-grille_format=json`` to fuzz one format).
"""

from _harness import run

if __name__ == "__main__":
    run("kakuro_formats", ["grille.kakuro", "grille.kakuro.formats"])
