"""What every kit says (issue 33): it speaks of the game, never of the tool, and its cards keep
short text. Read back with independent readers: pdftotext (poppler) for every page of
print-and-play.pdf, the standard library's XML parser for the card faces in svg/.

- No tool words on any page: "dragon-pnp", "generated", "generator", "seed"; "provisional" only in a game
  whose data marks it provisional (game.yaml `provisional`, on the game or a component).
- Card text: at most 4 lines on any card; across a deck, text of one style (weight, slant and
  colour: the effect text, a panel's note) is set at one size.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from dragon_pnp.data.loader import project_root

ROOT = project_root()
GAMES = sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))
GAMES += [ROOT / "examples" / "goofspiel", ROOT / "examples" / "peer-deck"]
TOOL_WORDS = re.compile(r"dragon-pnp|\bgenerated\b|\bgenerator\b|\bseeds?\b", re.IGNORECASE)
MOST_LINES = 4
SVG = "{http://www.w3.org/2000/svg}"

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed")


@pytest.fixture(scope="module", params=GAMES, ids=[g.name for g in GAMES])
def game_kit(request, letter_kit) -> tuple[Path, Path]:
    return request.param, letter_kit(request.param)


def page_texts(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return text.split("\f")


def test_no_page_speaks_of_the_tool(game_kit):
    game, kit = game_kit
    manifest = yaml.safe_load((game / "game.yaml").read_text())
    provisional = bool(manifest.get("provisional")) or any(c.get("provisional") for c in manifest["components"])
    pages = page_texts(kit / "print-and-play.pdf")
    assert len(pages) > 2
    for number, text in enumerate(pages, start=1):
        flat = " ".join(text.split())
        found = TOOL_WORDS.search(flat)
        assert found is None, f"{game.name} page {number}: {found.group(0)!r} in ...{flat[max(0, found.start() - 60):found.end() + 60]}..."
        if not provisional:
            assert "provisional" not in flat.lower(), f"{game.name} page {number} says provisional"


def text_runs(svg: Path) -> list[tuple[tuple[str, str, str], float, int]]:
    """Runs of consecutive <text> lines set at one size and one x, each the last's baseline plus
    one fixed step: a paragraph as the card draws it. (style, font size, lines) per run of 2 or
    more, the style being its font weight, font style and fill."""
    texts = [t for t in ET.parse(svg).iter(f"{SVG}text") if (t.text or "").strip() and t.get("y") and t.get("x")]
    runs: list[tuple[tuple[str, str, str], float, int]] = []
    run: list[ET.Element] = []

    def close() -> None:
        if len(run) >= 2:
            style = (run[0].get("font-weight", ""), run[0].get("font-style", ""), run[0].get("fill", ""))
            runs.append((style, float(run[0].get("font-size", "0")), len(run)))

    for t in texts:
        if run and t.get("font-size") == run[-1].get("font-size") and t.get("x") == run[-1].get("x"):
            step = float(t.get("y")) - float(run[-1].get("y"))
            if step > 0 and (len(run) < 2 or abs(step - (float(run[1].get("y")) - float(run[0].get("y")))) < 1e-3):
                run.append(t)
                continue
        close()
        run = [t]
    close()
    return runs


def test_card_text_fits_four_lines_at_one_size_per_deck(game_kit):
    game, kit = game_kit
    manifest = yaml.safe_load((game / "game.yaml").read_text())
    decks = [c["id"] for c in manifest["components"] if c["kind"] == "deck"]
    for deck in decks:
        faces = [f for f in sorted((kit / "svg").glob(f"{deck}-*.svg")) if f.stem != f"{deck}-back"]
        assert faces, f"{game.name}: no faces of deck {deck}"
        sizes: dict[tuple[str, str, str], set[float]] = {}
        for face in faces:
            for style, size, lines in text_runs(face):
                assert lines <= MOST_LINES, f"{face.name}: {lines} lines of card text"
                sizes.setdefault(style, set()).add(size)
        for style, found in sizes.items():
            assert len(found) == 1, f"{game.name} deck {deck}: {style} text at {sorted(found)} mm"
