"""Keep a crash input found by a harness as a regression case under tests/fixtures/crashers.

``python fuzz/crasher.py TARGET CRASH_FILE NAME`` writes the input as
``tests/fixtures/crashers/TARGET/NAME.txt``, or for a format target, whose first byte picks
the format, the text alone as ``TARGET/FORMAT--NAME.txt``, so the file reads as the text it
is. ``tests/test_fuzz_crashers.py`` replays every file through its target.
"""

from __future__ import annotations

import sys
from pathlib import Path

import targets

CRASHERS = targets.REPO / "tests" / "fixtures" / "crashers"


def keep(target: str, data: bytes, name: str) -> Path:
    """Write ``data`` (a harness input of ``target``) as the crasher called ``name``."""
    folder = CRASHERS / target
    folder.mkdir(parents=True, exist_ok=True)
    if target in targets.FORMAT_TARGETS:
        fmt, _ = targets.split_input(target, data)
        path = folder / f"{fmt}--{name}.txt"
        path.write_bytes(data[1:])
    else:
        path = folder / f"{name}.txt"
        path.write_bytes(data)
    return path


def load(path: Path) -> tuple[str, bytes]:
    """The target and the harness input a crasher file stands for: :func:`keep` reversed."""
    target = path.parent.name
    data = path.read_bytes()
    if target in targets.FORMAT_TARGETS:
        fmt = path.name.split("--", 1)[0]
        return target, targets.input_byte(target, fmt) + data
    return target, data


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in targets.TARGETS:
        sys.exit(f"usage: crasher.py TARGET CRASH_FILE NAME; targets: {', '.join(targets.TARGETS)}")
    print(keep(sys.argv[1], Path(sys.argv[2]).read_bytes(), sys.argv[3]))
