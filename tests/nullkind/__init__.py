"""The null kind: the test suite's tiny puzzle kind, built to keep the front ends honest.

Simon Tatham's collection builds ``nullgame.c`` every time so that the framework never
comes to know its games; this kind does the same for grille. It is registered by a fixture
(``GRILLE_KINDS=nullkind.info``, :func:`grille.kinds.register`) and driven through every
front end, none of which names it.

*Line*: one row of N cells (2 to 9) holding 1 to N once each; some are given, and ``<`` or
``>`` between two neighbours says which is smaller. Modules: ``info`` (its
:class:`~grille.info.KindInfo`), ``line`` (the value, its rules, candidates and an exact
solver), ``formats`` (``line`` and ``marks``), ``logic`` (techniques, explain, rate, hint,
generate) and ``kind`` (the :class:`grille.kind.Kind`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grille.kind import Kind
    from nullkind.line import Line

    KIND: Kind[Line]

__all__ = ["KIND"]


def __getattr__(name: str) -> Any:
    if name == "KIND":
        from nullkind.kind import LineKind

        return globals().setdefault("KIND", LineKind())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
