"""What every atheris harness shares: instrument grille, pick the target, run libFuzzer.

A harness runs as ``python fuzz/fuzz_<name>.py [libFuzzer options] [corpus dirs]``. Two
options of its own: ``-grille_format=FMT`` (format harnesses only) fixes the format (for
``sudoku_variants`` also a ``json-in-…`` choice), so the whole input is the text, instead of
letting the first byte pick it; ``-grille_keep_going=DIR``
keeps fuzzing after a failure, writing the first input of each distinct failure (its
exception type and where it was raised) to DIR, which libFuzzer's own fork mode cannot do
for Python targets. See ``fuzz/README.md``.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

FORMAT_OPTION = "-grille_format="
KEEP_GOING_OPTION = "-grille_keep_going="


def _option(argv: list[str], prefix: str) -> str | None:
    """The value of the option ``prefix`` (taken out of ``argv``), or ``None``."""
    for arg in list(argv):
        if arg.startswith(prefix):
            argv.remove(arg)
            return arg.removeprefix(prefix)
    return None


def run(target_name: str, modules: Sequence[str] = (), plain: Sequence[str] = ()) -> None:
    """Fuzz the target ``target_name`` with grille and ``modules`` instrumented, except
    ``plain``: modules imported first, so left as they are (code that only serves the
    harness, whose coverage does not guide it and whose instrumentation costs)."""
    import atheris

    for module in plain:
        importlib.import_module(module)
    with atheris.instrument_imports(include=["grille", "targets"]):
        import targets

        for module in modules:
            importlib.import_module(module)
    argv = list(sys.argv)
    fmt = _option(argv, FORMAT_OPTION)
    keep_going = _option(argv, KEEP_GOING_OPTION)
    target: Callable[[bytes], None] = targets.TARGETS[target_name]
    if keep_going is not None:  # records whole inputs, the format's byte in front
        target = _recording(target, Path(keep_going))
    if fmt is not None:
        options = targets.choices(target_name)
        if fmt not in options:
            sys.exit(f"{target_name} has no format {fmt!r}; formats: {', '.join(options)}")
        target = _with_prefix(target, targets.input_byte(target_name, fmt))
    elif target_name in targets.FORMAT_TARGETS:
        target = _counting(target, targets.choices(target_name))
    atheris.Setup(argv, target)
    atheris.Fuzz()


def _counting(target: Callable[[bytes], None], choices: Sequence[str],
              every: int = 20000) -> Callable[[bytes], None]:
    """``target`` that counts the inputs of each choice of the first byte and prints the
    counts (``CHOICES {...}``) every ``every`` inputs and at exit: runs per format."""
    counts = dict.fromkeys(choices, 0)
    done = [0]

    def report() -> None:
        print(f"CHOICES {done[0]} {counts}", file=sys.stderr, flush=True)

    atexit.register(report)

    def counted(data: bytes) -> None:
        counts[choices[data[0] % len(choices)] if data else choices[0]] += 1
        done[0] += 1
        if done[0] % every == 0:
            report()
        target(data)

    return counted


def _with_prefix(target: Callable[[bytes], None], prefix: bytes) -> Callable[[bytes], None]:
    def fixed(data: bytes) -> None:
        target(prefix + data)

    return fixed


def _signature(error: BaseException) -> str:
    """A failure's kind: its exception type and the innermost grille line that raised it."""
    if isinstance(error, AssertionError):  # a contract check of targets.py: what it says
        return "contract:" + " ".join(re.sub(r"[0-9]+", "N", str(error)).split()[:4])
    frames = traceback.extract_tb(error.__traceback__)
    inside = [frame for frame in frames if "grille" in frame.filename] or frames
    where = f"{Path(inside[-1].filename).name}:{inside[-1].lineno}" if inside else "?"
    return f"{type(error).__name__}@{where}"


def _recording(target: Callable[[bytes], None], folder: Path) -> Callable[[bytes], None]:
    """``target`` that writes each new kind of failure to ``folder`` and carries on."""
    folder.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()

    def recorded(data: bytes) -> None:
        try:
            target(data)
        except Exception as error:  # every failure is recorded, none stops the run
            signature = _signature(error)
            if signature in seen:
                return
            seen.add(signature)
            safe = re.sub(r"[^A-Za-z0-9_.@-]+", "-", signature)
            name = f"{safe}-{hashlib.sha1(data).hexdigest()[:12]}"
            (folder / name).write_bytes(data)
            print(f"FAILURE {signature}: {error!r}"[:500], file=sys.stderr, flush=True)

    return recorded
