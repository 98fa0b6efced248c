"""Shared test helpers: where the shared puzzle sets are, and skipping without them; the
test-only null kind, registered by a fixture."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grille.kind import Kind

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def shared_file(*parts: str) -> Path:
    """A file of ../shared/data, or skip the test with the reason when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.is_file():
        pytest.skip(f"shared puzzle set {path} is absent (clone without ../shared/data)")
    return path


NULL_KIND = "nullkind.info"
"""The info module of the test-only null kind (the package ``tests/nullkind``)."""

TESTS = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def null_kind() -> Iterator[Kind[Any]]:
    """The null kind (``tests/nullkind``), registered as a new kind is: by its info module,
    in this process (:func:`grille.kinds.register`), in every process started meanwhile
    (``GRILLE_KINDS``, with ``tests/`` on ``PYTHONPATH``: the CLI) and in worker processes
    forked from a fork server started earlier (:func:`grille.kinds.adopt_kinds`). The
    registry is as it was after the module's tests."""
    from grille import kinds

    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(TESTS))
        paths = [str(TESTS), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
        patch.setenv("PYTHONPATH", os.pathsep.join(paths))
        patch.setenv(kinds.ENVIRONMENT, NULL_KIND)
        patch.setattr(kinds, "_INFOS", dict(kinds._INFOS))  # forgotten after the module
        patch.setattr(kinds, "_MODULES", dict(kinds._MODULES))
        info = kinds.register(NULL_KIND)
        yield kinds.get_kind(info.name)
