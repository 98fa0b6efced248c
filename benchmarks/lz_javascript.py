"""grille's lz-string codec against JavaScript's lz-string under node (not a test).

Compresses every payload of the shared variant data and random texts (ASCII, BMP and
characters above U+FFFF) with both, and decodes random and mutated payloads with both; prints
every difference. JavaScript's ``""``, ``null`` or a thrown error count as refusals, and
grille refuses three things JavaScript decodes (a first code of 3, ``=`` before the end and a
lone surrogate):
``docs/variants.md``, "lz-string". Needs node and npm's ``lz-string`` (``npm install
lz-string`` in some folder, given with ``--lz-string``).

    PYTHONPATH=src .venv/bin/python benchmarks/lz_javascript.py \
        --lz-string DIR/node_modules/lz-string
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from grille.sudoku.variants import lz

NODE = """
const LZ = require(process.argv[2]);
const inputs = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const safe = f => { try { return f(); } catch (e) { return null; } };
console.log(JSON.stringify(inputs.map(s => [safe(() => LZ.compressToBase64(s)),
                                            safe(() => LZ.decompressFromBase64(s))])));
"""
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
CHARS = 'ab{}":,0123456789 é∑😀\u00ff\u0100'


def javascript(module: str, inputs: list[str]) -> list[list[str | None]]:
    """``[compressToBase64(s), decompressFromBase64(s)]`` for each of ``inputs``."""
    with tempfile.NamedTemporaryFile("w", suffix=".js", delete=False) as script:
        script.write(NODE)
    out = subprocess.run(["node", script.name, module], input=json.dumps(inputs),
                         capture_output=True, text=True, check=True).stdout
    Path(script.name).unlink()
    result: list[list[str | None]] = json.loads(out)
    return result


def grille_decode(payload: str) -> str | None:
    """What grille decodes ``payload`` to, ``None`` when it refuses it."""
    try:
        return lz.decompress(payload, limit=10**7)
    except lz.LinkError:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lz-string", required=True, help="the npm lz-string folder")
    parser.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "shared"
                                              / "data" / "sudoku-variants"))
    parser.add_argument("--random", type=int, default=3000, help="random texts and payloads")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    texts = [json.dumps(json.loads(line)["fpuzzles"], separators=(",", ":"), ensure_ascii=False)
             for path in sorted(Path(args.data).glob("*.jsonl"))
             for line in path.read_text("utf-8").splitlines() if line]
    shared = len(texts)
    for _ in range(args.random):
        chars = CHARS[:rng.randint(1, len(CHARS))]
        texts.append("".join(rng.choice(chars) for _ in range(rng.choice([1, 5, 50, 400, 2000]))))
    payloads = []
    for text in texts[shared:]:
        payload = list(lz.compress(text))
        for _ in range(rng.randint(0, 3)):
            payload[rng.randrange(len(payload))] = rng.choice(ALPHABET)
        if rng.random() < 0.3:
            payload = payload[:rng.randrange(1, len(payload) + 1)]
        payloads.append("".join(payload).rstrip("=") + "=" * rng.randint(0, 2))
        payloads.append("".join(rng.choices(ALPHABET, k=rng.randint(1, 40))))
    answers = javascript(args.lz_string, [lz._units(t) for t in texts] + payloads)
    bad = 0
    for text, (compressed, _) in zip(texts, answers, strict=False):
        if lz.compress(text) != compressed:
            bad += 1
            print(f"compress differs: {text[:60]!r}")
    decoded = refused = 0
    for sent, (_, theirs) in zip(payloads, answers[len(texts):], strict=True):
        ours = grille_decode(sent)
        # what grille refuses on purpose: a first code of 3, "=" inside, a lone surrogate
        on_purpose = ((ALPHABET.index(sent[0]) >> 4) == 3 or "=" in sent.rstrip("=")
                      or any(0xD800 <= ord(c) < 0xE000 for c in theirs or ""))
        if ours is None:
            refused += 1
            if theirs and not on_purpose:
                bad += 1
                print(f"refused, JavaScript decodes: {sent!r} -> {theirs[:40]!r}")
        else:
            decoded += 1
            if ours != theirs:
                bad += 1
                print(f"decodes differ: {sent!r}: {ours[:40]!r} / {theirs!r:.40}")
    print(f"{len(texts)} texts ({shared} shared payloads), {len(payloads)} payloads "
          f"({decoded} decoded, {refused} refused): {bad} differences")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
