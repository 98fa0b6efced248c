"""Random bytes through the command line's decoding: a parse error with its place, never a crash.

Files of any bytes (binary, other encodings, a byte order mark, valid puzzles with a byte
changed) go through ``grille convert``, which decodes, sniffs the kind, reads and writes
without searching: it either succeeds or ends with exit status 2 and a line
``grille: error: FILE:LINE:COLUMN: reason`` for the input, or for each puzzle that does not
read (the others are converted).
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import FIXTURES
from grille.cli import main
from grille.cliinput import decode_text
from grille.errors import ParseError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "fuzz"))

import targets

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SAMPLES = [path.read_bytes() for path in sorted(FIXTURES.glob("*/*")) if path.is_file()] + [
    b"1..0\n..0.\n....\n0..1\n",
    b"4x4:AbMa",
]


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    """A fixture's bytes with a few bytes changed, inserted or cut, maybe a BOM in front."""
    data = bytearray(draw(st.sampled_from(SAMPLES)))
    for _ in range(draw(st.integers(0, 3))):
        where = draw(st.integers(0, len(data)))
        data[where:where + draw(st.integers(0, 2))] = draw(st.binary(min_size=0, max_size=3))
    prefix = draw(st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe"]))
    return prefix + bytes(data)


ANY_BYTES = st.one_of(st.binary(max_size=400), damaged(),
                      st.text(max_size=200).map(lambda text: text.encode("utf-16")))


@FUZZ
@given(ANY_BYTES)
def test_decoding_sniffing_and_reading(data: bytes) -> None:
    targets.check_cli_bytes(data)


@FUZZ
@given(ANY_BYTES)
def test_convert_any_file(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input.txt"
        path.write_bytes(data)
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            status = main(["convert", str(path), "--to", "json"], stderr=err)
    assert status in (0, 2)
    if status == 2:  # the whole input, or each puzzle that does not read, with its place
        assert re.fullmatch(rf"(grille: error: {re.escape(str(path))}:\d+:\d+: .+\n)+",
                            err.getvalue()), err.getvalue()
    else:
        assert err.getvalue() == ""


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        (b"53..7\xe9...", 1, 6),
        (b"\xef\xbb\xbf12\n3\xff", 2, 2),  # the byte order mark moves nothing
        ("\u00e9\u00e9\xff".encode("utf-8", "surrogateescape")[:4] + b"\xff", 1, 3),
        (b"ab\ncd\x00", 2, 3),
    ],
)
def test_decoding_errors_count_characters(data: bytes, line: int, column: int) -> None:
    with pytest.raises(ParseError) as caught:
        decode_text(data, "f")
    assert (caught.value.line, caught.value.column) == (line, column)


def test_byte_order_mark_is_dropped() -> None:
    assert decode_text(b"\xef\xbb\xbf1..\n", "f") == "1..\n"
