"""The Dragon Dance kit read back from its PDFs: every action card once, with its numbers from data.

Built on Letter and A4, duplex and fold-over; the text of each card (name first, version mark
last, as MuPDF reads it) must carry the card's whole table in order, its ranges and its kind.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest
import yaml

from generator.data.loader import project_root

ROOT = project_root()
DATA = ROOT / "data" / "dragon_dance"
FACES = ("none", 1, 2, 3, 4, 5, 6)


def cards() -> list[dict]:
    found = []
    for role in ("knight", "dragon"):
        rows = yaml.safe_load((DATA / f"{role}_cards.yaml").read_text(encoding="utf-8"))["cards"]
        found += [{**row, "role": role} for row in rows]
    return found


@pytest.fixture(scope="module", params=[("letter", True), ("a4", True), ("letter", False), ("a4", False)],
                ids=["letter-duplex", "a4-duplex", "letter-fold", "a4-fold"])
def card_texts(request, tmp_path_factory) -> list[str]:
    paper, duplex = request.param
    out = tmp_path_factory.mktemp("dance") / "kit"
    argv = [sys.executable, "-m", "generator", "build", str(DATA), "--no-check", "--paper", paper, "--out", str(out)]
    built = subprocess.run(argv + ([] if duplex else ["--no-duplex"]), capture_output=True, text=True, timeout=600,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert built.returncode == 0, built.stdout + built.stderr
    words = [line.strip() for page in pymupdf.open(out / "cards.pdf") for line in page.get_text().splitlines()]
    # One card's text runs from its name to its version mark.
    texts, current = [], []
    for word in words:
        current.append(word)
        if word.startswith("provisional v"):
            texts.append(current)
            current = []
    return ["\n".join(t) for t in texts]


def identity(text: str) -> tuple[str, str]:
    """(card name, role) of a card's text: the name stands just above the "KIND · ROLE" line."""
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if "·" in line)
    return lines[at - 1], lines[at].split("·")[1].replace(" ", "").lower()


def test_every_card_is_printed_once_with_its_table_ranges_and_kind(card_texts):
    printed = {identity(text): text for text in card_texts}
    for card in cards():
        key = (card["name"], card["role"])
        assert sum(1 for t in card_texts if identity(t) == key) == card["count"], key
        text = printed[key]
        kind_letters = card["kind"].upper()
        assert kind_letters in text.replace(" ", "").upper(), (card["name"], text)
        for rng in ("long", "short"):
            shown = rng.upper() if rng in card["ranges"] else f"not {rng}"
            assert shown in text.split("\n"), (card["name"], rng)
        if "table" in card:
            lines = text.split("\n")
            values = [str(card["table"][face]) for face in FACES]
            assert any(lines[i:i + 7] == values for i in range(len(lines))), (card["name"], values, lines)
        assert f"card v{card['version']}" in text
