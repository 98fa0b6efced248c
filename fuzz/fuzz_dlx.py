"""Atheris harness: Knuth's DLX/XCC text format (``grille xc``), parsed and searched briefly.

Run: ``python fuzz/fuzz_dlx.py -atheris_runs=1000000 fuzz/work/dlx fuzz/corpus/dlx``.
"""

from _harness import run

if __name__ == "__main__":
    run("dlx", ["grille.engine.dlxformat", "grille.engine.xcc"])
