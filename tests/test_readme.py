"""The examples in README.md run as written."""

from __future__ import annotations

import doctest

from conftest import REPO


def test_readme_examples() -> None:
    result = doctest.testfile(str(REPO / "README.md"), module_relative=False)
    assert result.attempted > 0
    assert result.failed == 0
