"""Icons named in rulebook text (`{block}`) are drawn in the line at the text's size, as on cards.

A small data-only game (from `dragon-pnp new`) is built through the CLI's `main` in the test
process (tests/in_process.py) and its rulebook read back with pymupdf (an independent reader):
where the icon's image landed beside the words around it and how tall it is; an unknown name
stops a real `dragon-pnp build` process at its rules.md line (exit 2, no traceback).
The seed rulebooks' card tables carry each card's icon beside its name.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest

from tests.in_process import run_cli

ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
  <rect x="0" y="0" width="10" height="10" fill="currentColor"/>
</svg>
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dragon_pnp", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def make_game(tmp_path: Path, sentence: str) -> tuple[Path, int]:
    """A new game whose rules carry `sentence` as a paragraph; the line it is on."""
    made = run_cli("new", "icongame", "--dir", str(tmp_path), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "icongame"
    (folder / "icons").mkdir()
    (folder / "icons" / "block.svg").write_text(ICON, encoding="utf-8")
    rules = folder / "rules.md"
    lines = rules.read_text(encoding="utf-8").splitlines()
    at = lines.index("## Setup")
    lines[at:at] = [sentence, ""]
    rules.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder, at + 1


def build(folder: Path, out: Path, child: bool = False) -> subprocess.CompletedProcess:
    """`dragon-pnp build FOLDER` in this process, or as a child process (`child`)."""
    args = ("build", str(folder), "--out", str(out), "--no-check", "--no-proof")
    return run(*args, cwd=folder.parent) if child else run_cli(*args, cwd=folder.parent)


def test_an_icon_in_rules_text_is_drawn_in_the_line_at_the_text_size(tmp_path):
    folder, _ = make_game(tmp_path, "Gain 2 {block} then rest, and a {star} for luck.")
    built = build(folder, tmp_path / "kit")
    assert built.returncode == 0, built.stdout + built.stderr
    with pymupdf.open(tmp_path / "kit" / "rulebook.pdf") as doc:
        page = next(p for p in doc if "then rest" in p.get_text())
        words = page.get_text("words")
        two = next(w for w in words if w[4] == "2" and any(v[4] == "then" and abs(v[3] - w[3]) < 1 for v in words))
        then = next(w for w in words if w[4] == "then" and abs(w[3] - two[3]) < 1)
        size = next(s["size"] for b in page.get_text("dict")["blocks"] for line in b.get("lines", [])
                    for s in line["spans"] if "then" in s["text"])
        baseline = next(line["spans"][0]["origin"][1] for b in page.get_text("dict")["blocks"]
                        for line in b.get("lines", []) if any("then" in s["text"] for s in line["spans"]))
        images = [pymupdf.Rect(i["bbox"]) for i in page.get_image_info()]
        between = [r for r in images if two[2] - 0.5 <= r.x0 and r.x1 <= then[0] + 0.5 and abs(r.y1 - baseline) < size]
        assert between, f"no icon image between '2' and 'then': {images}"
        icon = between[0]
        assert icon.height == pytest.approx(size, rel=0.05)                 # one em of the text's size
        assert icon.y1 == pytest.approx(baseline + 0.2 * size, abs=0.3)     # 0.2 em below the baseline, as on cards
        # the built-in star is found too, on the same line
        assert sum(1 for r in images if abs(r.y1 - icon.y1) < 0.5) == 2
        assert "{block}" not in page.get_text() and "{star}" not in page.get_text()


def test_an_unknown_icon_in_rules_text_is_a_located_error(tmp_path):
    folder, line = make_game(tmp_path, "Gain {nosuch} now.")
    built = build(folder, tmp_path / "kit", child=True)
    assert built.returncode == 2, built.stdout + built.stderr
    assert "Traceback" not in built.stderr
    message = " ".join(built.stderr.split())
    assert re.search(rf"rules\.md:{line}: unknown icon {{nosuch}}", message), message
    assert "block" in message and "star" in message          # it names the icons there are


def test_seed_card_tables_show_each_cards_icon_beside_its_name(book, game):
    """Dragon Pants' card reference: each Power card's row starts with its icon, on the name's line."""
    cards = list(game.power.cards)
    seen = set()
    with pymupdf.open(stream=book.pdf, filetype="pdf") as doc:
        for page in doc:
            if "Effect" not in page.get_text():
                continue
            images = [pymupdf.Rect(i["bbox"]) for i in page.get_image_info()]
            words = page.get_text("words")
            for card in cards:
                first = card.name.split()[0]
                for w in words:
                    if w[4] != first:
                        continue
                    if any(abs(r.y1 - w[3]) < 2.5 and 0 <= w[0] - r.x1 < 3 for r in images):
                        seen.add(card.id)
    assert seen == {c.id for c in cards}, f"no icon beside: {sorted({c.id for c in cards} - seen)}"
