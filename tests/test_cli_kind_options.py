"""The command line builds everything kind-specific from the kinds' KindInfo: the flags of
the options only some kinds take, what they compile first, and no kind named in its code."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

import grille
from grille.cli import build_parser
from grille.cliargs import given_kind_options
from grille.errors import GrilleError
from grille.info import FormatInfo, KindInfo, KindOption, Layout, Preset
from grille.kinds import get_kind, kind_info
from grille.limits import option_uses

COMMANDS = {("rate",): "rate", ("explain",): "explain", ("hint",): "hint",
            ("batch", "rate"): "rate", ("batch", "explain"): "explain"}
"""Each command line command that takes kind options, and the command its options are for."""

FRONT_ENDS = ("cli.py", "cliargs.py", "cliinput.py", "limits.py", "parallel.py",
              "generating.py", "batch/__init__.py", "batch/commands.py", "batch/jobs.py",
              "batch/reader.py", "batch/runner.py", "batch/progress.py", "batch/resume.py")


def subcommand(parser: argparse.ArgumentParser, *names: str) -> argparse.ArgumentParser:
    """The parser of ``grille NAME ...``."""
    for name in names:
        action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = action.choices[name]
    return parser


def flags(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {string: action for action in parser._actions for string in action.option_strings}


@pytest.mark.parametrize("path", list(COMMANDS))
def test_kind_option_flags_are_the_kind_infos_options(path: tuple[str, ...]) -> None:
    found = flags(subcommand(build_parser(), *path))
    for option in kind_info("sudoku").options:
        if COMMANDS[path] not in option.commands:
            assert option.flag not in found
            continue
        action = found[option.flag]
        assert action.dest == option.name and action.help == option.help
        assert action.default == option.default and action.metavar == option.metavar
        assert list(action.choices or ()) == list(option.choices or ())
        assert action.type is option.type


def test_a_kind_option_registered_later_gets_its_flag(monkeypatch: pytest.MonkeyPatch) -> None:
    from grille import kinds

    colour = KindOption("colour", help="Toy: the colour of the hint", default="red",
                        choices=("red", "blue"), commands=("hint",),
                        kernel_uses=(("blue", "blue kernels"),))
    toy = KindInfo("toy", "Toy", "grille.toy", (FormatInfo("cells", Layout.PARAGRAPHS),),
                   "cells", ("easy",), (Preset("3x3"),), "3x3", options=(colour,))
    monkeypatch.setitem(kinds._INFOS, "toy", toy)
    parser = build_parser()
    assert flags(subcommand(parser, "hint"))["--colour"].help == colour.help
    assert "--colour" not in flags(subcommand(parser, "rate"))
    assert "Toy" in (parser.description or "")
    takuzu = get_kind("takuzu")
    assert given_kind_options(takuzu, argparse.Namespace(colour="red"), "hint") == {}
    with pytest.raises(GrilleError, match=r"--colour blue: takuzu takes no such option for "
                       r"hint \(--colour: Toy only\)"):
        given_kind_options(takuzu, argparse.Namespace(colour="blue"), "hint")
    assert colour.uses("blue") == ("blue kernels",) and colour.uses("red") == ()


def test_given_kind_options_are_those_off_their_default() -> None:
    sudoku = get_kind("sudoku")
    args = build_parser().parse_args(["rate", "--scale", "sukaku", "--nesting", "5"])
    assert given_kind_options(sudoku, args, "rate") == {"scale": "sukaku"}  # 5: the default
    args = build_parser().parse_args(["rate", "--nesting", "0"])
    assert given_kind_options(sudoku, args, "rate") == {"nesting": 0}
    args = build_parser().parse_args(["explain", "--nesting", "2"])
    assert given_kind_options(sudoku, args, "explain") == {"nesting": 2}
    assert given_kind_options(get_kind("kakuro"), build_parser().parse_args(["rate"]),
                              "rate") == {}


def test_option_values_say_what_to_compile_first() -> None:
    sudoku = get_kind("sudoku")
    assert option_uses(sudoku, {"nesting": 2}) == ("nested",)
    assert option_uses(sudoku, {"nesting": 5, "scale": "sukaku"}) == ("nested", "sukaku")
    assert option_uses(sudoku, {"nesting": 1, "scale": "se"}) == ()


@pytest.mark.parametrize("name", FRONT_ENDS)
def test_the_command_line_and_batch_name_no_kind(name: str) -> None:
    text = (Path(grille.__file__).parent / name).read_text()
    assert not re.search(r"sudoku|takuzu|kakuro", text, re.IGNORECASE), name
