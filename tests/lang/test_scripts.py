"""Right-to-left (Arabic) and CJK (Japanese) Dragon Dance kits (issue 35, scripts): text read back
from the built PDFs by independent readers (poppler's pdftotext and pdffonts, MuPDF) is in the
right order, joined, broken by the kinsoku rules, and drawn with no missing glyph; a character no
installed font has stops the build at its translation line.

Expected strings come from lang/ar.yaml and lang/ja.yaml read with plain yaml, and expected
orders from the Unicode rules worked by hand, never from the code under test."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
import yaml

DANCE = Path(__file__).resolve().parents[2] / "data" / "dragon_dance"
POPPLER = shutil.which("pdftotext") is not None and shutil.which("pdffonts") is not None
needs_poppler = pytest.mark.skipif(not POPPLER, reason="poppler-utils (pdftotext, pdffonts) not installed")
# Characters a Japanese line may not start with (JIS X 4051 line-start prohibited characters, a few).
NOT_AT_LINE_START = "、。）」』・ー"


def _texts(code: str) -> dict[str, str]:
    raw = yaml.safe_load((DANCE / "lang" / f"{code}.yaml").read_text(encoding="utf-8"))
    assert raw["machine-unreviewed"] is True
    return {key: entry["text"] for key, entry in raw["texts"].items()}


def _normal(text: str) -> str:
    """Compatibility forms folded (Arabic presentation forms back to letters), bidi controls and
    Arabic short vowels dropped, white space collapsed: how two readers' texts are compared."""
    folded = unicodedata.normalize("NFKC", text)
    folded = "".join(c for c in folded if unicodedata.category(c) not in ("Cf", "Mn"))
    return " ".join(folded.split())


def _words(text: str) -> str:
    """The words of `text` in order, punctuation dropped: poppler puts a neutral mark (comma, full
    stop) inside a right-to-left line on the wrong side of its space, the words it keeps in order."""
    return " ".join(re.sub(r"[^\w\s]", " ", _normal(text)).split())


def _pdftotext(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="session")
def kits(dance_languages: dict[str, Path]) -> dict[str, Path]:
    """The Arabic and Japanese kits (cards, rulebook: no rules check, no proof), of the run's one
    `build --lang all` of Dragon Dance (conftest.py)."""
    return {code: dance_languages[code] for code in ("ar", "ja")}


def test_both_translations_are_complete_and_current() -> None:
    from dragon_pnp.data.lang.check import check_translation
    from dragon_pnp.data.lang.files import read_translation
    from dragon_pnp.games.registry import load_game

    game = load_game(DANCE)
    for code in ("ar", "ja"):
        assert check_translation(game, read_translation(DANCE, code)) == [], code


@needs_poppler
def test_arabic_cards_read_in_logical_order_and_are_joined(kits: dict[str, Path]) -> None:
    texts = _texts("ar")
    raw = _pdftotext(kits["ar"] / "cards.pdf")
    read = _words(raw)
    names = [t for k, t in texts.items() if k.startswith("cards.") and k.endswith(".name")]
    assert len(names) == 16
    assert [n for n in names if _words(n) not in read] == []
    shorts = [t for k, t in texts.items() if k.startswith("cards.") and k.endswith(".text")]
    assert [t for t in shorts if _words(t) not in read] == []
    # joined: the letters are drawn in their contextual (presentation) forms, not isolated
    assert sum("\ufe70" <= c <= "\ufeff" for c in raw) > 200
    assert not re.search(r"[\u0621-\u064a]{2}", raw)   # no run of unjoined base letters


@needs_poppler
def test_arabic_rulebook_reads_in_order_aligned_right(kits: dict[str, Path]) -> None:
    import pymupdf

    texts = _texts("ar")
    read = _words(_pdftotext(kits["ar"] / "rulebook.pdf"))
    plain = [t for k, t in texts.items()
             if k.startswith("rules.") and re.fullmatch(r"[\u0600-\u06ff ]+[.:]", t) and len(t) > 30]
    assert len(plain) >= 3
    assert [t for t in plain if _words(t) not in read] == []
    document = pymupdf.open(kits["ar"] / "rulebook.pdf")
    lines = [line for block in document[1].get_text("dict")["blocks"] for line in block.get("lines", [])
             if re.search("[\ufe70-\ufeff]", "".join(span["text"] for span in line["spans"]))]
    rights = [round(line["bbox"][2]) for line in lines]
    lefts = [round(line["bbox"][0]) for line in lines]
    # right aligned: most Arabic lines end at one right edge, and start at many left ones
    assert max(rights.count(r) for r in set(rights)) > len(lines) / 2
    assert len(set(lefts)) > len(lines) / 3


def test_a_number_inside_arabic_keeps_its_own_order(kits: dict[str, Path]) -> None:
    """"... من عمر 10 فما فوق" drawn left to right is that string reversed with the number kept
    as it is (Unicode bidi by hand: Arabic letters right to left, European digits left to right)."""
    import pymupdf

    logical = "من عمر 10 فما فوق"
    drawn = re.sub(r"\d+", lambda m: m.group(0)[::-1], logical[::-1])
    assert drawn == "قوف امف 10 رمع نم"
    lines = [line for page in pymupdf.open(kits["ar"] / "rulebook.pdf") for line in _drawn_lines(page)]
    assert any(drawn in line for line in lines)


def _drawn_lines(page: object) -> list[str]:
    """Each text line of a page as its characters sorted left to right, presentation forms folded."""
    found: dict[float, list[tuple[float, str]]] = {}
    for span in page.get_texttrace():   # type: ignore[attr-defined]
        for c in span["chars"]:
            found.setdefault(round(c[2][1], 1), []).append((c[2][0], unicodedata.normalize("NFKC", chr(c[0]))))
    return ["".join(ch for _, ch in sorted(chars)) for chars in found.values()]


@needs_poppler
def test_japanese_cards_and_rulebook_read_in_order_and_break_by_kinsoku(kits: dict[str, Path]) -> None:
    texts = _texts("ja")
    raw = _pdftotext(kits["ja"] / "cards.pdf")
    joined = "".join(_normal(raw).split())          # Japanese has no spaces: compare without any
    shorts = [t for k, t in texts.items() if k.startswith("cards.") and k.endswith((".name", ".text"))]
    assert [t for t in shorts if "".join(_normal(t).split()) not in joined] == []
    starts = [line.strip()[0] for line in raw.splitlines() if line.strip()]
    assert not [c for c in starts if c in NOT_AT_LINE_START]
    rulebook_lines = _pdftotext(kits["ja"] / "rulebook.pdf").splitlines()
    assert not [line for line in rulebook_lines if line.strip()[:1] in set(NOT_AT_LINE_START)]
    rulebook = "".join(_normal("\n".join(rulebook_lines)).split())
    plain = [t for k, t in texts.items() if k.startswith("rules.") and "{" not in t and len(t) > 30]
    assert [t for t in plain if "".join(_normal(t.lstrip("#- ")).replace("*", "").split()) not in rulebook] == []


def _font_programs() -> dict[str, object]:
    """The installed font files MuPDF reads, by their name as a PDF names them (no spaces, no
    hyphens, lower case, without "book", "regular" or "roman")."""
    import os

    import pymupdf
    import reportlab

    files = sorted(Path(os.path.dirname(reportlab.__file__), "fonts").glob("Vera*.ttf"))
    files += sorted(Path("/usr/share/fonts/truetype/dejavu").glob("DejaVuSans*.ttf"))
    files += [Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")]
    return {_font_key(font.name): font for font in (pymupdf.Font(fontfile=str(f)) for f in files if f.is_file())}


def _font_key(name: str) -> str:
    key = re.sub(r"[\s-]", "", name.split("+")[-1]).lower()
    return re.sub(r"(book|regular|roman)$", "", key)


def _unglyphed(pdf: Path, programs: dict[str, object]) -> list[tuple[int, str, str]]:
    """(page, font, character) for every character drawn in a font whose program has no glyph
    for it: what a viewer shows as an empty box. MuPDF reads the drawing, MuPDF reads the fonts."""
    import pymupdf

    found = []
    for page in pymupdf.open(pdf):
        for span in page.get_texttrace():
            program = programs.get(_font_key(span["font"]))
            for c in span["chars"]:
                character = chr(c[0])
                if character.isspace() or character == "\ufffd" or unicodedata.category(character) in ("Cc", "Cf"):
                    continue
                if program is None or not program.has_glyph(c[0]):  # type: ignore[attr-defined]
                    found.append((page.number, span["font"], character))
    return found


def test_the_glyph_check_sees_a_box(tmp_path: Path) -> None:
    """The reader below finds an Arabic letter drawn in Vera (which has none): the check can fail."""
    import cairocffi

    from dragon_pnp.fonts import use_bundled_fonts_for_cairo

    use_bundled_fonts_for_cairo()
    pdf = tmp_path / "box.pdf"
    surface = cairocffi.PDFSurface(str(pdf), 100, 100)
    context = cairocffi.Context(surface)
    context.select_font_face("Bitstream Vera Sans")
    context.set_font_size(12)
    context.move_to(10, 50)
    context.show_text("A \u0644")
    surface.finish()
    assert [character for _, _, character in _unglyphed(pdf, _font_programs())] == ["\u0644"]


@needs_poppler
def test_every_font_embedded_and_no_glyph_missing(kits: dict[str, Path]) -> None:
    programs = _font_programs()
    for code, kit in kits.items():
        for pdf in sorted(kit.glob("*.pdf")):
            listing = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
            rows = listing.splitlines()[2:]
            assert rows and all(row.split()[-5] == "yes" for row in rows), (pdf, listing)
            assert _unglyphed(pdf, programs) == [], (code, pdf.name)
        fonts = subprocess.run(["pdffonts", str(kit / "cards.pdf")], capture_output=True, text=True).stdout
        assert ("DejaVuSans" if code == "ar" else "DroidSansFallback") in fonts


def test_a_character_no_font_has_stops_the_build_at_its_line(cli, tmp_path: Path) -> None:
    copy = tmp_path / "dragon_dance"
    shutil.copytree(DANCE, copy)
    path = copy / "lang" / "ja.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("    text: 突撃\n") == 1
    path.write_text(text.replace("    text: 突撃\n", "    text: 突撃\U00013000\n"), encoding="utf-8")
    line = next(i for i, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if row.strip() == "text: 突撃\U00013000")
    result = cli("build", str(copy), "--lang", "ja", "--no-check", "--out", str(tmp_path / "kit"))
    assert result.returncode == 2
    err = " ".join(result.stderr.split())
    assert f"ja.yaml:{line}:" in err and "U+13000" in err and "glyph missing" in err and "Traceback" not in err
    assert not (tmp_path / "kit-ja" / "cards.pdf").exists()


@pytest.mark.parametrize("code", ["ar", "ja"])
def test_po_round_trip_of_the_script_translations_changes_nothing(cli, code: str, tmp_path: Path) -> None:
    copy = tmp_path / "dragon_dance"
    shutil.copytree(DANCE, copy)
    path = copy / "lang" / f"{code}.yaml"
    before = path.read_bytes()
    po = tmp_path / f"{code}.po"
    assert cli("lang", "export", str(copy), code, "--out", str(po)).returncode == 0
    name = _texts(code)["cards.knight.charge.name"]
    assert f'msgctxt "cards.knight.charge.name"\nmsgid "Charge"\nmsgstr "{name}"' in po.read_text(encoding="utf-8")
    path.unlink()
    result = cli("lang", "import", str(copy), code, str(po))
    assert result.returncode == 0, result.stdout + result.stderr
    assert path.read_bytes() == before


@needs_poppler
def test_no_english_of_the_catalogue_on_a_japanese_page(kits: dict[str, Path]) -> None:
    """The Japanese kit prints no English sentence or word of the catalogue: the cover's "In the
    box" items and "OR" nouns, the card table's kinds, movements, ranges and die words included
    (Japanese has no Latin words of its own, so any English run found is left over)."""
    from test_seed_german import _english_pieces  # the same reading of a source's printed words

    raw = yaml.safe_load((DANCE / "lang" / "ja.yaml").read_text(encoding="utf-8"))["texts"]
    japanese = " ".join(entry["text"] for entry in raw.values())
    pages = {pdf.name: " ".join(_pdftotext(pdf).split()) for pdf in sorted(kits["ja"].glob("*.pdf"))
             if pdf.name != "rules-check.pdf"}
    assert {"cards.pdf", "rulebook.pdf", "print-and-play.pdf"} <= set(pages)
    found = []
    for key, entry in raw.items():
        for piece in _english_pieces(entry["source"]):
            if piece in japanese:
                continue   # also printed by the Japanese (a name, "mm")
            pattern = re.compile(rf"(?<![\w-]){re.escape(piece)}(?![\w-])")
            found += [(key, piece, name) for name, text in pages.items() if pattern.search(text)]
    assert found == []
    # the words that were English before: the card table's kind and die words, the box's tokens
    for word in ("ダイスなし", "展開図", "丸形の"):
        assert any(word in text for text in pages.values()), word
