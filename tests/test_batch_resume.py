"""``--resume``: an interrupted batch goes on from its output file to the same bytes."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grille.batch.resume import ResumePoint, cut_to, finishes_a_puzzle, resume_point
from grille.cli import main

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
TAKUZU = "\t".join(("t1", "4", "4", "0.1...0..0..1..."))


def relabelled(count: int, seed: int = 5) -> list[str]:
    """``count`` different puzzles: ``PUZZLE`` with its digits renamed at random."""
    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        digits = list("123456789")
        rng.shuffle(digits)
        found[PUZZLE.translate(str.maketrans("123456789", "".join(digits)))] = None
    return list(found)


def test_resume_point_counts_finished_puzzles(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    assert resume_point(str(path)) == ResumePoint(0, 0, 0)
    path.write_bytes(b"1\n# error: in.txt:2: bad\n# rules: no-unique-lines\nt1\t4\n# rules: x\n3")
    point = resume_point(str(path))
    assert point == ResumePoint(done=3, failed=1, size=len(b"1\n# error: in.txt:2: bad\n"
                                                           b"# rules: no-unique-lines\nt1\t4\n"))
    cut_to(str(path), point)
    assert path.read_bytes().endswith(b"t1\t4\n")
    assert finishes_a_puzzle(b"# error: x") and not finishes_a_puzzle(b"# rules: y")


def cuts(output: bytes, most: int = 30) -> list[int]:
    """Places a kill may leave an output at: at, just before and just after line ends."""
    ends = [index for index, byte in enumerate(output) if byte == ord("\n")]
    places = {0, 1, len(output)} | {end + delta for end in ends for delta in (-1, 0, 1)}
    chosen = sorted(place for place in places if 0 <= place <= len(output))
    return sorted(random.Random(len(output)).sample(chosen, min(most, len(chosen))))


def batch(args: list[str], out: Path, *, resume: bool = False) -> int:
    return main(["batch", *args, "--quiet", "-o", str(out), *(["--resume"] if resume else [])])


@pytest.mark.parametrize(("job", "text", "tries"), [
    (["solve", "--jobs", "1"], "".join(f"{p}\nnot a puzzle\n" for p in relabelled(12)), 30),
    (["count", "--jobs", "2", "--chunk", "3"], "\n".join(
        [TAKUZU, "# rules: no-unique-lines", TAKUZU, "bad\tline", TAKUZU,
         "# rules: unique-lines", TAKUZU]) + "\n", 5),
    (["solve", "--jobs", "1", "--kind", "takuzu"], "\n".join(
        [TAKUZU, "# rules: no-unique-lines", TAKUZU, TAKUZU, "# rules: unique-lines", TAKUZU])
     + "\n", 30),
])
def test_resuming_from_any_cut_gives_the_same_file(
    job: list[str], text: str, tries: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.txt"
    source.write_text(text)
    whole = tmp_path / "whole.txt"
    status = batch([*job, str(source)], whole)
    expected = whole.read_bytes()
    assert expected.count(b"\n") >= 5
    out = tmp_path / "out.txt"
    for cut in cuts(expected, tries):
        out.write_bytes(expected[:cut])
        assert batch([*job, str(source)], out, resume=True) == status, cut
        assert out.read_bytes() == expected, cut
    capsys.readouterr()


def test_resume_keeps_the_failures_it_finds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.txt"
    source.write_text(f"nonsense\n{PUZZLE}\n{PUZZLE}\n")
    out = tmp_path / "out.txt"
    assert batch(["solve", str(source), "--jobs", "1"], out) == 1
    lines = out.read_text().splitlines(keepends=True)
    out.write_text(lines[0] + lines[1])
    capsys.readouterr()
    assert batch(["solve", str(source), "--jobs", "1"], out, resume=True) == 1
    assert out.read_text() == "".join(lines)
    assert capsys.readouterr().err == ""


def test_resume_refuses_an_output_longer_than_the_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.txt"
    source.write_text(f"{PUZZLE}\n")
    out = tmp_path / "out.txt"
    out.write_text("1\n2\n3\n")
    assert batch(["count", str(source), "--jobs", "1"], out, resume=True) == 2
    assert "holds 3 finished puzzles" in capsys.readouterr().err
    assert out.read_text() == "1\n2\n3\n"


def test_generation_resumes_with_its_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["generate", "sudoku", "--size", "4", "--count", "6", "--seed", "8", "--jobs", "1"]
    whole = tmp_path / "whole.txt"
    assert batch(args, whole) == 0
    out = tmp_path / "out.txt"
    out.write_bytes(whole.read_bytes()[:40])
    assert batch(args, out, resume=True) == 0
    assert out.read_bytes() == whole.read_bytes()
    assert batch(args, out, resume=True) == 0
    assert out.read_bytes() == whole.read_bytes()
    capsys.readouterr()


def lines_in(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def test_a_killed_run_resumes_to_the_same_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = relabelled(400)
    source = tmp_path / "in.txt"
    source.write_text("".join(f"{puzzle}\n" for puzzle in puzzles))
    job = ["rate", str(source), "--chunk", "4"]
    expected = tmp_path / "expected.txt"
    assert batch([*job, "--jobs", "1"], expected) == 0
    out = tmp_path / "out.txt"
    command = [sys.executable, "-m", "grille", "batch", *job, "--jobs", "2", "--quiet",
               "-o", str(out)]
    child = subprocess.Popen(command, start_new_session=True, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while lines_in(out) < 40 and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
        child.wait()
    interrupted = lines_in(out)
    assert batch([*job, "--jobs", "2"], out, resume=True) == 0
    assert out.read_bytes() == expected.read_bytes()
    assert child.returncode == -signal.SIGKILL, "the run ended before it could be killed"
    assert 40 <= interrupted < len(puzzles)
    capsys.readouterr()
