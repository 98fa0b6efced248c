"""The pieces of ``grille``'s argument parser that the subcommand modules share.

:mod:`grille.cli` builds the parser and loads the modules that add more subcommands
(``grille.batch.commands``, ``grille.render.commands`` ...); they and it build their flags
from here, so no subcommand module imports the command line. What is kind-specific comes
from each registered kind's :class:`~grille.info.KindInfo`: the rule variants
(``--no-unique-lines``), the options only some kinds take (:attr:`KindInfo.options
<grille.info.KindInfo.options>`, as ``--scale``) and, per kind, the generator's choices; so
this module names no kind, and a kind registered later gets its flags too.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable, Sequence
from typing import Any

from grille.errors import GrilleError
from grille.info import KindOption
from grille.kind import GenerateChoices, GenerateOptions, Kind, kind_options
from grille.kinds import get_kind, kind_infos, kind_names

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_TIME_LIMIT",
    "CommandFactory",
    "KindOptionsParser",
    "add_budget",
    "add_checked_limits",
    "add_generate_options",
    "add_input",
    "add_kind_commands",
    "add_kind_options",
    "add_output",
    "add_rules",
    "add_time_limit",
    "chosen_rules",
    "duration",
    "generate_options",
    "given_kind_options",
    "non_negative",
    "positive",
    "words",
]

CommandFactory = Callable[[str, Callable[[argparse.Namespace], int], str], Any]
"""``command(name, handler, help)``: adds a subcommand and returns its parser."""

DEFAULT_BUDGET = 10_000_000
"""Search nodes one puzzle may use before the search stops with an 'unknown' verdict."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds one puzzle's search may take (solving, counting, explaining, rating, generating)."""


# -- argument types ------------------------------------------------------------------------


def non_negative(text: str) -> int:
    """A whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more: {text!r}")
    return value


def positive(text: str) -> int:
    """A whole number, 1 or more."""
    value = non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def _budget(text: str) -> int | None:
    value = non_negative(text)
    return value or None


def duration(text: str) -> float | None:
    """A ``--time-limit`` value: seconds (``None`` for 0: no limit)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds: {text!r}")
    return value or None


# -- input, output and limits --------------------------------------------------------------


def add_input(command: argparse.ArgumentParser, *, formats: bool = True) -> None:
    """``FILE``, ``--kind``, ``--from`` and the rule flags of a command that reads puzzles."""
    command.add_argument(
        "file", nargs="?", default="-", metavar="FILE",
        help="puzzle file, - for standard input (the default), or the puzzle itself",
    )
    command.add_argument(
        "--kind", choices=kind_names(), help="puzzle kind (default: guessed from the input)"
    )
    if formats:
        command.add_argument(
            "--from", dest="from_format", metavar="FORMAT",
            help="input format (default: guessed; see 'grille formats')",
        )
    add_rules(command)


def add_output(command: argparse.ArgumentParser, *, to_help: str) -> None:
    """``--to FORMAT`` and ``-o OUT``."""
    command.add_argument("--to", metavar="FORMAT", help=to_help)
    command.add_argument(
        "-o", "--output", metavar="OUT", help="write to OUT instead of standard output"
    )


def add_budget(
    command: argparse.ArgumentParser, *, what: str = "search nodes per puzzle before giving up"
) -> None:
    """``--budget NODES``: how far an exact search goes before giving up (exit status 3)."""
    command.add_argument(
        "--budget", type=_budget, default=DEFAULT_BUDGET, metavar="NODES",
        help=f"{what} (default {DEFAULT_BUDGET:,}; 0 = none)",
    )


def add_time_limit(command: argparse.ArgumentParser, *, what: str = "per puzzle") -> None:
    """``--time-limit SECONDS``: when a search gives up and the command exits with status 3."""
    command.add_argument(
        "--time-limit", type=duration, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
        help=f"seconds of search {what} before giving up with exit status 3 "
        f"(default {DEFAULT_TIME_LIMIT:g}; 0 = none)",
    )


def add_checked_limits(command: argparse.ArgumentParser) -> None:
    """``--budget`` and ``--time-limit`` of the commands that check that a puzzle has
    exactly one solution before working on it (rate, explain, hint, candidates)."""
    add_budget(command, what="search nodes of the check that a puzzle has exactly one "
               "solution, made first (exit status 1 when it has none or several, 3 when the "
               "check runs out of nodes)")
    add_time_limit(command, what="per puzzle, that check and the logical solve together,")


# -- what only some kinds take -------------------------------------------------------------


def _rule_dest(rule: str) -> str:
    return "rule_" + rule.replace("-", "_")


def add_rules(command: argparse.ArgumentParser) -> None:
    """A flag for each kind's optional rule variant (:attr:`KindInfo.rules
    <grille.info.KindInfo.rules>`, as ``--no-unique-lines``)."""
    for info in kind_infos():
        for rule in info.rules:
            command.add_argument(f"--{rule}", dest=_rule_dest(rule), action="store_true",
                                 help=f"{info.name} rule variant: {rule}")


def chosen_rules(args: argparse.Namespace) -> frozenset[str]:
    """The rule-variant flags given on the command line."""
    return frozenset(
        rule for info in kind_infos() for rule in info.rules
        if getattr(args, _rule_dest(rule), False)
    )


def _kind_options(command: str, kind_name: str | None = None) -> dict[str, list[KindOption]]:
    """The options the registered kinds (or only ``kind_name``) take for ``command``, by
    name (several kinds may declare the same one), in registry order."""
    found: dict[str, list[KindOption]] = {}
    for info in kind_infos():
        if kind_name is not None and info.name != kind_name:
            continue
        for option in info.options:
            if command in option.commands:
                found.setdefault(option.name, []).append(option)
    return found


def add_kind_options(
    parser: argparse.ArgumentParser, command: str, kind_name: str | None = None
) -> None:
    """A flag for each option a registered kind (only ``kind_name``, when given: a
    subcommand of one kind) takes for ``command`` (``rate``, ``explain``, ``hint`` or
    ``generate``; see :attr:`KindOption.commands <grille.info.KindOption.commands>`), as
    the kind's :class:`~grille.info.KindOption` describes it: its name, type, choices,
    default and help. An option several kinds declare is one flag (the first's type and
    default, the choices and help texts of all)."""
    for name, declared in _kind_options(command, kind_name).items():
        first = declared[0]
        choices: list[Any] | None = []
        for option in declared:  # a parsed option's choices are for menus: parse checks
            if option.choices is None or choices is None or option.parse is not None:
                choices = None
            else:
                choices += [value for value in option.choices if value not in choices]
        parser.add_argument(
            first.flag, dest=name, type=first.type, default=first.default, choices=choices,
            metavar=first.metavar, help="; ".join(dict.fromkeys(o.help for o in declared)),
        )


def given_kind_options(
    kind: Kind[Any], args: argparse.Namespace, command: str
) -> dict[str, Any]:
    """The kind options (:func:`add_kind_options`) given in ``args`` for ``command`` that
    differ from their defaults, to pass as keywords to ``kind``'s ``rate``, ``explain`` or
    ``hint``; a :class:`~grille.errors.GrilleError` naming any ``kind`` does not take (see
    :func:`grille.kind.kind_options`) and the kinds that do, raised here, before any work
    starts."""
    taken = {option.name: option for option in kind.info.options if command in option.commands}
    given: dict[str, Any] = {}
    for name, declared in _kind_options(command).items():
        if not hasattr(args, name):
            continue
        value = getattr(args, name)
        if value != (taken[name] if name in taken else declared[0]).default:
            given[name] = value
    try:
        kind_options(kind.info, command, given)
    except GrilleError as error:
        takers = "; ".join(
            f"{option.flag}: {words(_takers(name, command))} only"
            for name, (option, *_) in _kind_options(command).items()
            if name in given and name not in taken
        )
        raise GrilleError(f"{error} ({takers})" if takers else str(error)) from None
    return given


def _takers(name: str, command: str) -> list[str]:
    """The titles of the kinds that take the option ``name`` for ``command``."""
    return [info.title for info in kind_infos()
            if any(o.name == name and command in o.commands for o in info.options)]


# -- one subcommand per kind ---------------------------------------------------------------


class KindOptionsParser(argparse.ArgumentParser):
    """The parser of a subcommand for one kind (``grille generate KIND``), whose options
    come from the kind: they are added the first time it parses or shows its help, so that
    building ``grille``'s parser loads no kind (``grille --help`` stays fast)."""

    def __init__(
        self, *args: Any, kind_options: Callable[[argparse.ArgumentParser], None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._kind_options = kind_options

    def _complete(self) -> None:
        if self._kind_options is not None:
            add, self._kind_options = self._kind_options, None
            add(self)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        self._complete()
        namespace, extras = super().parse_known_args(args, namespace)
        if extras:  # a leaf command: say whose options these are not
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return namespace, extras

    def format_usage(self) -> str:
        self._complete()
        return super().format_usage()

    def format_help(self) -> str:
        self._complete()
        return super().format_help()


def add_kind_commands(
    parser: argparse.ArgumentParser, text: str,
    kind_options: Callable[[str, argparse.ArgumentParser], None],
) -> None:
    """A subcommand per registered kind under ``parser`` (``KIND`` in ``args.kind_name``),
    its help the kind's title and description, each with the options
    ``kind_options(kind_name, parser)`` adds when it is used."""
    kinds = parser.add_subparsers(dest="kind_name", required=True, metavar="KIND",
                                  parser_class=KindOptionsParser)
    for info in kind_infos():
        what = f"{text} {info.title} puzzles" + (f" ({info.description})" if info.description
                                                  else "")
        kinds.add_parser(info.name, help=what, description=f"{what}.",
                         kind_options=functools.partial(kind_options, info.name))


def add_generate_options(command: argparse.ArgumentParser, kind_name: str) -> None:
    """``--size``, ``--level``, ``--symmetry``, ``--minimal`` and the rule flags, as far as
    the kind's generator takes them (:meth:`grille.kind.Kind.generate_choices`), the
    kind's own options for ``generate`` (:func:`add_kind_options`), then ``--count`` and
    ``--seed``."""
    choices = get_kind(kind_name).generate_choices()
    command.add_argument("--size", help=f"grid size: {choices.sizes}")
    limits = "".join(f"; {size} reaches {level} at most" for size, level in choices.level_limits)
    command.add_argument(
        "--level", type=_level_type(choices), default="any", metavar="LEVEL",
        help=f"{words(('any', *(_word(level) for level in choices.levels)))} (default: any, "
        f"no rating){limits}",
    )
    if choices.symmetries:
        default, *others = choices.symmetries
        command.add_argument(
            "--symmetry", choices=choices.symmetries, metavar="SYMMETRY",
            help=f"of the clues: {words((f'{default} (default)', *others))}",
        )
    if choices.minimal:
        command.add_argument(
            "--minimal", action="store_true",
            help="no clue can be removed without losing uniqueness (with a symmetry: no "
            "symmetric group of clues)",
        )
    for rule in choices.rules:
        command.add_argument(f"--{rule}", dest=_rule_dest(rule), action="store_true",
                             help=f"{kind_name} rule variant: {rule}")
    add_kind_options(command, "generate", kind_name)
    command.add_argument("-n", "--count", type=positive, default=1, metavar="N",
                         help="how many puzzles (default 1)")
    command.add_argument("--seed", help="seed for reproducible output (default: random, "
                         "printed on stderr)")


def generate_options(args: argparse.Namespace) -> GenerateOptions:
    """What ``grille generate KIND`` (or ``grille batch generate KIND``) asks for: the options
    a kind does not offer (see :func:`add_generate_options`) are absent and mean its default;
    the kind's own options given (:func:`given_kind_options`) are checked here, before any
    work."""
    return GenerateOptions(
        args.size, args.level, getattr(args, "symmetry", None), getattr(args, "minimal", False),
        chosen_rules(args), given_kind_options(get_kind(args.kind_name), args, "generate"),
    )


def _word(level: str) -> str:
    """A level name as one command-line word (``very hard`` -> ``very-hard``)."""
    return level.replace(" ", "-")


def words(items: Sequence[str]) -> str:
    """``a, b or c``."""
    return ", ".join(items[:-1]) + f" or {items[-1]}" if len(items) > 1 else "".join(items)


def _level_type(choices: GenerateChoices) -> Callable[[str], str]:
    """The ``--level`` argument type: a level of the kind, as one word or as the kind names
    it, read as the kind names it."""
    names = {_word(level): level for level in ("any", *choices.levels)}

    def level(text: str) -> str:
        try:
            return names[_word(text)]
        except KeyError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a level; levels: {', '.join(names)}"
            ) from None

    return level
