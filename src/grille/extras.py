"""grille's optional parts (pip extras) and a one-line message when one is not installed.

The core (reading, checking, solving, explaining, rating and generating puzzles, batches on
this machine, SVG drawings) needs only numpy, numba, platformdirs and rich. The front ends
that need more are extras: ``grille[web]`` (``grille play``), ``grille[tui]``
(``grille tui``), ``grille[print]`` (PNG and PDF, ``grille print``) and ``grille[cluster]``
(``grille batch --cluster``). Each front end calls :func:`require` where it is entered.

>>> require("web", "grille play", ["json"])  # every module imports: nothing happens
>>> try:
...     require("web", "grille play", ["no_such_module_here"])
... except MissingExtraError as error:
...     print(error)  # doctest: +NORMALIZE_WHITESPACE
grille play needs the web extra: pip install 'grille[web]'
(missing: no_such_module_here)
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from grille.errors import GrilleError

__all__ = ["EXTRAS", "MissingExtraError", "missing_modules", "require"]

EXTRAS: dict[str, dict[str, str]] = {
    "web": {"fastapi": "fastapi", "uvicorn": "uvicorn", "pydantic": "pydantic",
            "starlette": "starlette", "PIL": "pillow", "fpdf": "fpdf2"},  # + print: exports
    "tui": {"textual": "textual"},
    "print": {"PIL": "pillow", "fpdf": "fpdf2"},
    "cluster": {"dask": "dask", "distributed": "distributed"},
}
"""Each extra's modules (as imported) and the packages that provide them (as installed)."""


class MissingExtraError(GrilleError):
    """A front end asked for while its extra's packages are not installed."""


def missing_modules(modules: Iterable[str]) -> list[str]:
    """Those of ``modules`` that do not import."""
    absent = []
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:
            absent.append(name)
    return absent


def require(extra: str, command: str, modules: Iterable[str] | None = None) -> None:
    """Raise :class:`MissingExtraError` naming ``extra`` unless ``modules`` (default: all of
    the extra's) import; ``command`` is what the user ran, for the message."""
    packages = EXTRAS[extra]
    absent = missing_modules(packages if modules is None else modules)
    if absent:
        names = ", ".join(packages.get(name, name) for name in absent)
        raise MissingExtraError(f"{command} needs the {extra} extra: "
                                f"pip install 'grille[{extra}]' (missing: {names})")
