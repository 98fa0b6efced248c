"""grille's lz-string codec (``grille.sudoku.variants.lz``): the strings JavaScript's
lz-string makes (``tests/fixtures/lz_javascript.json``, from npm lz-string 1.5.0), the
payloads it refuses, and the cap on what a payload may decompress to."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import FIXTURES, SHARED_DATA, shared_file
from grille.errors import ParseError
from grille.sudoku.formats import read
from grille.sudoku.variants.fpuzzles import FPUZZLES_PREFIX, SUDOKUPAD_PREFIX, read_link
from grille.sudoku.variants.lz import MAX_DECODED, LinkError, compress, decompress

JAVASCRIPT = json.loads((FIXTURES / "lz_javascript.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("text", "payload"), JAVASCRIPT["pairs"],
                         ids=[f"{i}-{len(t)}" for i, (t, _) in enumerate(JAVASCRIPT["pairs"])])
def test_the_same_strings_as_javascript(text: str, payload: str) -> None:
    assert compress(text) == payload
    assert decompress(payload) == text


def test_the_javascript_fixture_covers_every_kind_of_literal() -> None:
    units = "".join(text for text, _ in JAVASCRIPT["pairs"])
    assert any(ord(c) < 256 for c in units) and any(256 <= ord(c) <= 0xFFFF for c in units)
    assert any(ord(c) > 0xFFFF for c in units)  # two code units each
    # a text long enough for codes of 13 bits
    assert any(len(payload) * 6 > 13 * 4096 for _, payload in JAVASCRIPT["pairs"])


def _port() -> Any:
    return pytest.importorskip("lzstring", reason="the lzstring package (test extra) is the "
                               "reference for text below U+10000").LZString()


@settings(max_examples=150, deadline=None)
@given(st.text(st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",)), max_size=300))
def test_the_same_strings_as_the_lzstring_port_below_u10000(text: str) -> None:
    # the port works on code points, which are the code units there
    port = _port()
    assert compress(text) == port.compressToBase64(text)
    if text:
        assert decompress(compress(text)) == text


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200).filter(bool))
def test_any_text_round_trips(text: str) -> None:
    assert decompress(compress(text)) == text


@pytest.mark.shared_data
def test_every_shared_variant_link_is_the_lzstring_ports() -> None:
    # the shared data's README: the port gives JavaScript's strings on all of these payloads
    folder = SHARED_DATA / "sudoku-variants"
    if not folder.is_dir():
        pytest.skip(f"shared puzzle set {folder} is absent (clone without ../shared/data)")
    port = _port()
    count = 0
    for path in sorted(folder.glob("*.jsonl")):
        for line in shared_file("sudoku-variants", path.name).read_text("utf-8").splitlines():
            if line:
                text = json.dumps(json.loads(line)["fpuzzles"], separators=(",", ":"),
                                  ensure_ascii=False)
                payload = compress(text)
                assert payload == port.compressToBase64(text), path.name
                assert decompress(payload) == text
                count += 1
    assert count > 800


def test_a_payload_may_decompress_up_to_the_cap_and_no_further() -> None:
    assert decompress(compress("a" * 4000), limit=4000) == "a" * 4000
    with pytest.raises(LinkError, match="decompresses to over 4,000 characters"):
        decompress(compress("a" * 4001), limit=4000)


def test_a_small_link_that_expands_enormously_is_refused() -> None:
    payload = compress("a" * (MAX_DECODED + 1))  # each phrase one longer: quadratic growth
    assert len(payload) < 3000
    for prefix in (FPUZZLES_PREFIX, SUDOKUPAD_PREFIX):
        with pytest.raises(LinkError, match="over 1,000,000 characters"):
            read_link(prefix + payload)
    with pytest.raises(ParseError, match="over 1,000,000 characters") as caught:
        read(FPUZZLES_PREFIX + payload)
    assert "\n" not in str(caught.value)


REFUSED = [
    ("Q===", "does not decompress"),  # the empty text: JavaScript returns ""
    ("N4IgzglgXgpiBcBOAvkA"[:12], "does not decompress"),  # cut: no end code
    ("w8lEbsIw", "does not decompress"),  # a first code of 3: JavaScript joins 'undefined'
    ("BYUwQv8", "does not decompress"),  # a code past the dictionary: JavaScript returns null
    ("4pDa/tITC7UQTKe2uXbyweMUFhwWKmzT", "does not decompress"),
    ("gAbQ", "broken UTF-16 surrogate pair"),  # a lone U+D800
    ("N4Ig=zglg", "is not lz-string base 64"),
    ("", "is not lz-string base 64"),
]


@pytest.mark.parametrize(("payload", "reason"), REFUSED, ids=[p or "empty" for p, _ in REFUSED])
def test_what_javascript_does_not_decode_is_refused(payload: str, reason: str) -> None:
    with pytest.raises(LinkError, match=reason):
        decompress(payload)


@settings(max_examples=300, deadline=None)
@given(st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", max_size=60),
       st.sampled_from(["", "=", "==", "==="]))
def test_any_payload_decodes_or_is_refused_with_a_link_error(body: str, pad: str) -> None:
    try:
        text = decompress(body + pad, limit=2000)
    except LinkError:
        return
    assert 0 < len(text) <= 2000
