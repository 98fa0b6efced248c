"""The examples in the package docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["grille.sudoku", "grille.takuzu", "grille.kakuro", "grille.engine.xcc",
           "grille.rated", "grille.jsonitems"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
