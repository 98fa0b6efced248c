"""Packaging: every third-party import is declared, the core runs without any extra, a
front end whose extra is missing says which one in one line (exit status 2), and the test
command runs every module's docstring examples."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from conftest import REPO
from grille.extras import EXTRAS

ENV = {**os.environ, "GRILLE_JIT": "0"}
"""Subprocesses run the kernels interpreted: nothing to compile."""

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EXTRA_MODULES = sorted({module for modules in EXTRAS.values() for module in modules})
DISTRIBUTIONS = {"PIL": "pillow", "fpdf": "fpdf2"}
"""Modules whose package is installed under another name."""


def project() -> dict[str, object]:
    with open(REPO / "pyproject.toml", "rb") as handle:
        table: dict[str, object] = tomllib.load(handle)["project"]
    return table


def requirement_name(requirement: str) -> str:
    """``"fpdf2>=2.7.8"`` -> ``"fpdf2"``; ``"grille[print]"`` -> ``"grille[print]"``."""
    for stop in "<>=!~;( ":
        requirement = requirement.split(stop)[0]
    return requirement.lower()


def extra_packages(name: str) -> set[str]:
    """The packages an extra installs, its ``grille[...]`` references followed."""
    extras: dict[str, list[str]] = project()["optional-dependencies"]  # type: ignore[assignment]
    found: set[str] = set()
    for requirement in extras[name]:
        package = requirement_name(requirement)
        if package.startswith("grille["):
            for inner in package.removeprefix("grille[").rstrip("]").split(","):
                found |= extra_packages(inner)
        else:
            found.add(package)
    return found


def third_party_imports(root: Path) -> set[str]:
    """Top-level names of the modules imported anywhere under ``root``, but the standard
    library's and grille's."""
    names: set[str] = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"grille", "__future__"}


def test_every_import_is_declared() -> None:
    core = {requirement_name(r) for r in project()["dependencies"]}  # type: ignore[attr-defined]
    extras = set().union(*(extra_packages(name) for name in EXTRAS))
    imported = {DISTRIBUTIONS.get(name, name) for name in
                third_party_imports(REPO / "src" / "grille")}
    assert imported - core - extras == set()


@pytest.mark.parametrize("extra", sorted(EXTRAS))
def test_extras_table_matches_pyproject(extra: str) -> None:
    assert set(EXTRAS[extra].values()) <= extra_packages(extra)


def test_the_core_needs_no_extra() -> None:
    """The core's packages are those the core's modules import."""
    core = {requirement_name(r) for r in project()["dependencies"]}  # type: ignore[attr-defined]
    assert core == {"numpy", "numba", "platformdirs", "rich"}
    assert extra_packages("all") >= {p for name in EXTRAS for p in EXTRAS[name].values()}


def run_without(modules: list[str], args: list[str], stdin: str = "") -> (
    subprocess.CompletedProcess[str]
):
    """``grille ARGS`` in a fresh interpreter where ``modules`` do not import."""
    code = ("import sys\n"
            f"for name in {modules!r}:\n"
            "    sys.modules[name] = None\n"
            "from grille.cli import main\n"
            f"sys.exit(main({args!r}))\n")
    return subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True,
                          text=True, env=ENV, timeout=120, check=False)


@pytest.mark.parametrize(("blocked", "args", "message"), [
    (["fastapi"], ["play", "--no-browser"],
     "grille play needs the web extra: pip install 'grille[web]' (missing: fastapi)"),
    (["PIL", "fpdf"], ["play", "--no-browser"],  # the page's PNG and PDF export
     "grille play needs the web extra: pip install 'grille[web]' (missing: pillow, fpdf2)"),
    (["textual"], ["tui"],
     "grille tui needs the tui extra: pip install 'grille[tui]' (missing: textual)"),
    (["PIL", "fpdf"], ["render", "--to", "png", "-o", "x.png", "-"],
     "grille render --to png needs the print extra: pip install 'grille[print]' "
     "(missing: pillow)"),
    (["fpdf"], ["render", "-o", "x.pdf", "-"],
     "grille render --to pdf needs the print extra: pip install 'grille[print]' "
     "(missing: fpdf2)"),
    (["fpdf"], ["print", "-o", "x.pdf", "-"],
     "grille print needs the print extra: pip install 'grille[print]' (missing: fpdf2)"),
    (["dask", "distributed"], ["batch", "solve", "--cluster", "tcp://127.0.0.1:9", "-"],
     "grille batch --cluster needs the cluster extra: pip install 'grille[cluster]' "
     "(missing: dask, distributed)"),
])
def test_a_missing_extra_is_one_line(
    blocked: list[str], args: list[str], message: str, tmp_path: Path
) -> None:
    os.chdir(tmp_path)  # nothing is written, but a mistake would land here
    done = run_without(blocked, args, stdin=PUZZLE + "\n")
    assert (done.returncode, done.stderr, done.stdout) == (2, f"grille: error: {message}\n", "")
    assert list(tmp_path.iterdir()) == []


def test_the_core_runs_without_any_extra(tmp_path: Path) -> None:
    """Solve, rate, generate and an SVG drawing with every extra's modules blocked."""
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text(PUZZLE + "\n", encoding="utf-8")
    runs = [["solve", str(puzzle)], ["rate", str(puzzle)], ["render", str(puzzle)],
            ["generate", "sudoku", "--size", "4x4", "--seed", "1", "--quiet"]]
    code = ("import sys\n"
            f"for name in {EXTRA_MODULES!r}:\n"
            "    sys.modules[name] = None\n"
            "from grille.cli import main\n"
            f"for args in {runs!r}:\n"
            "    assert main(args) == 0, args\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=ENV, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "<svg" in done.stdout


def test_the_test_command_runs_every_modules_examples() -> None:
    """``make test`` (plain ``pytest``) collects the docstring examples of every module."""
    with open(REPO / "pyproject.toml", "rb") as handle:
        options = tomllib.load(handle)["tool"]["pytest"]["ini_options"]
    assert "src/grille" in options["testpaths"]
    assert "--doctest-modules" in options["addopts"].split()
