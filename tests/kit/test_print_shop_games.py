"""Every game, not only Dragon Pants: its kit passes the print shop's third-party checks.

The thorough checks (band, miscut, Ghostscript) run on Dragon Pants in test_print_shop.py; here
each other game under data/ and the peer deck are built once (Letter, duplex, `--pdfx`) and every PDF must
be `qpdf --check` clean, embed every font (`pdffonts`) and carry TrimBox and BleedBox on every page.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from dragon_pnp.data.loader import project_root

ROOT = project_root()
GAMES = sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml") if p.parent.name != "dragon_pants")
GAMES.append(ROOT / "examples" / "peer-deck")


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed; `python3 run.py test` installs it")
    return path


@pytest.fixture(scope="module", params=GAMES, ids=[g.name for g in GAMES])
def pdfs(request, seed_print_shop) -> list[Path]:
    # `build GAME --no-check --paper letter --pdfx`'s files: the run's shared Letter kit of the game
    # (tests/kit/test_kit_pages.py and others read it) with the print-shop step run over a copy of
    # it (tests/conftest.py), rather than a second whole build of the same kit.
    found = sorted(seed_print_shop(request.param, "letter").glob("*.pdf"))
    assert found
    return found


def test_print_shop_pdfs_pass_the_pdfx_preflight(pdfs):
    """`--pdfx` (X-4): every print-shop PDF passes the independent preflight of
    tests/print_shop/pdfx_check.py (Dragon Pants gets the fuller check in tests/print_shop/)."""
    from tests.print_shop.pdfx_check import ink_by_file, problems

    shop = pdfs[0].parent / "print-shop"
    names = sorted(p.name for p in shop.glob("*.pdf"))
    assert names == sorted([p.name for p in pdfs if p.name != "print-and-play.pdf"] + ["pieces.pdf"])
    inks = ink_by_file([shop / name for name in names])   # one Ghostscript run for every file's total ink
    for name in names:
        assert problems(shop / name, "x4", 3 * 72 / 25.4 if name == "pieces.pdf" else 0.0,
                        ink=inks[shop / name]) == [], name


def test_qpdf_is_clean(pdfs):
    for pdf in pdfs:
        result = subprocess.run([tool("qpdf"), "--check", str(pdf)], capture_output=True, text=True)
        report = result.stdout + result.stderr
        assert result.returncode == 0 and "WARNING" not in report, f"{pdf.name}: {report}"


def test_every_font_is_embedded(pdfs):
    for pdf in pdfs:
        lines = subprocess.run([tool("pdffonts"), str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()
        emb = lines[0].index(" emb ") + 1
        rows = lines[2:]
        assert all(row[emb:emb + 3].strip() == "yes" for row in rows), f"{pdf.name}:\n" + "\n".join(lines)


def test_every_page_has_trim_and_bleed_boxes(pdfs):
    for pdf in pdfs:
        for number, page in enumerate(PdfReader(pdf).pages, start=1):
            assert "/TrimBox" in page and "/BleedBox" in page, f"{pdf.name} page {number}"
