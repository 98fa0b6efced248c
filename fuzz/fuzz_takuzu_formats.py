"""Atheris harness: every Takuzu format reader (and the sniffer), then write and re-read.

Run: ``python fuzz/fuzz_takuzu_formats.py -atheris_runs=1000000 fuzz/work/takuzu_formats
fuzz/corpus/takuzu_formats`` (add ``-grille_format=json`` to fuzz one format).
"""

from _harness import run

if __name__ == "__main__":
    run("takuzu_formats", ["grille.takuzu", "grille.takuzu.formats"])
