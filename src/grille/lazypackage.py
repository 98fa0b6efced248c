"""What a kind's package offers at its top, loaded on first use: :class:`KindPackage`.

A kind's package (``grille.sudoku``) is imported whenever its light ``info`` module is (what
the registry and the front ends read), so its ``__init__`` must load nothing heavy. It names
where its public names live and lets a :class:`KindPackage` fetch them on first use (the
module's ``__getattr__``), makes ``KIND`` once, and gives the shortcuts every kind package
has: ``parse``, ``solve`` and ``count``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from typing import Any

from grille.errors import ParseError
from grille.kind import Solutions

__all__ = ["KindPackage"]


class KindPackage:
    """The lazy top of the package ``package``: ``kind`` is ``"module:Class"`` of its kind,
    ``names`` maps each public name to the module it lives in."""

    def __init__(self, package: str, kind: str, names: Mapping[str, str]) -> None:
        self.package = package
        self.kind_class = kind
        self.names = dict(names)

    def __repr__(self) -> str:
        return f"KindPackage({self.package!r}, {self.kind_class!r})"

    def attribute(self, name: str) -> Any:
        """The package's attribute ``name`` (``KIND`` made once), kept in the package once
        fetched; ``AttributeError`` for any other name (a module's ``__getattr__``)."""
        if name == "KIND":
            module, _, cls = self.kind_class.partition(":")
            value: Any = getattr(importlib.import_module(module), cls)()
        elif name in self.names:
            value = getattr(importlib.import_module(self.names[name]), name)
        else:
            raise AttributeError(f"module {self.package!r} has no attribute {name!r}")
        return vars(sys.modules[self.package]).setdefault(name, value)

    def kind(self) -> Any:
        """The package's ``KIND``."""
        return self.attribute("KIND")

    def parse(self, text: str, *, fmt: str | None = None) -> Any:
        """The one puzzle in ``text`` (any format the kind reads); raises ``ParseError``."""
        entries = self.kind().read(text, fmt=fmt)
        if len(entries) != 1:
            raise ParseError(f"expected one puzzle, found {len(entries)}", line=entries[1].line)
        return entries[0].puzzle

    def solve(self, puzzle: Any, *, limit: int = 2, budget: int | None = None) -> Solutions[Any]:
        """Up to ``limit`` solutions of ``puzzle`` (0 = all) within ``budget`` search nodes."""
        solutions: Solutions[Any] = self.kind().solve(puzzle, limit=limit, budget=budget)
        return solutions
