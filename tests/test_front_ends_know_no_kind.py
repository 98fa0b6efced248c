"""Front ends know no kind: no front-end file names a kind or imports from a kind's package
(issue #17). A kind is its own package plus one line in ``grille.kinds``.

Doctest examples may read a puzzle of a named kind (``get_kind("sudoku")``): they are
examples of use, not code paths, and are left out of the count.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grille.kinds import kind_names

SOURCE = Path(__file__).resolve().parents[1] / "src" / "grille"

FRONT_ENDS = ("cli.py", "cliargs.py", "cliinput.py", "limits.py", "web", "tui", "render", "batch")
"""The front ends: the command line, the web game, the terminal game, rendering, batch."""


def _front_end_files() -> list[Path]:
    files: list[Path] = []
    for name in FRONT_ENDS:
        path = SOURCE / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files.extend(p for p in sorted(path.rglob("*"))
                         if p.suffix in {".py", ".js", ".html", ".css"})
    return files


def _without_doctests(text: str) -> str:
    """``text`` without doctest example lines (``>>>`` and ``...`` and their output)."""
    kept, in_example = [], False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith((">>>", "... ")) or stripped == "...":
            in_example = True
            continue
        if in_example and stripped and not stripped.startswith(('"""', "'''")):
            continue
        in_example = False
        kept.append(line)
    return "\n".join(kept)


def kind_mentions(path: Path) -> list[tuple[int, str]]:
    """The lines of ``path`` that name a built-in kind or import from a kind's package."""
    pattern = re.compile(r"\b(" + "|".join(kind_names()) + r")\b", re.IGNORECASE)
    text = _without_doctests(path.read_text(encoding="utf-8"))
    return [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)
            if pattern.search(line)]


@pytest.mark.parametrize("path", _front_end_files(), ids=lambda p: str(p.relative_to(SOURCE)))
def test_front_end_names_no_kind(path: Path) -> None:
    found = kind_mentions(path)
    assert not found, "\n".join(f"{path.name}:{n}: {line}" for n, line in found)
