"""Translated kits (issue 35): the language file's keys, stale and missing entries located to their
lines, the PO round trip, CLDR plurals, and a German Dragon Dance kit whose PDFs read German.

Expected values come from reading the files with plain yaml / text search and from CLDR facts
(Polish counts have four plural categories), never from the code under test."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from dragon_pnp.data.lang.apply import in_language
from dragon_pnp.data.lang.check import check_translation
from dragon_pnp.data.lang.files import read_translation
from dragon_pnp.data.lang.words import Phrases, plural_keys
from dragon_pnp.games.registry import load_game

DANCE = Path(__file__).resolve().parents[2] / "data" / "dragon_dance"


@pytest.fixture
def dance_copy(tmp_path: Path) -> Path:
    target = tmp_path / "dragon_dance"
    shutil.copytree(DANCE, target)
    return target


def _line_of(text: str, needle: str) -> int:
    """The 1-based line of the first line that is `needle` once stripped."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.strip() == needle)


def test_the_shipped_german_file_is_complete_and_current() -> None:
    game = load_game(DANCE)
    assert check_translation(game, read_translation(DANCE, "de")) == []
    raw = yaml.safe_load((DANCE / "lang" / "de.yaml").read_text(encoding="utf-8"))
    assert raw["machine-unreviewed"] is True


def test_a_changed_source_text_makes_its_entry_stale_at_its_line(dance_copy: Path) -> None:
    cards = dance_copy / "knight_cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("name: Hack", "name: Hew"), encoding="utf-8")
    problems = check_translation(load_game(dance_copy), read_translation(dance_copy, "de"))
    assert [(p.kind, p.key) for p in problems] == [("stale", "cards.knight.hack.name")]
    text = (dance_copy / "lang" / "de.yaml").read_text(encoding="utf-8")
    key_line = _line_of(text, "cards.knight.hack.name:")
    assert problems[0].location.line == key_line + 1     # its `source: Hack` line
    assert "Hew" in problems[0].message and "Hack" in problems[0].message


def test_validate_reports_missing_and_unknown_keys_located_and_exits_2(cli, dance_copy: Path) -> None:
    """`--lang de`: the German file is the one broken here. `--lang all` takes the same key check
    per file and also lays out the Arabic and Japanese kits (~2 CPU s), which nothing here reads;
    `all` is test_validate_lang_all_shows_every_german_card_fitting's."""
    path = dance_copy / "lang" / "de.yaml"
    text = path.read_text(encoding="utf-8")
    # drop the Bite card's name entry (three lines) and add one for a card that does not exist
    start = _line_of(text, "cards.dragon.bite.name:")
    lines = text.splitlines(keepends=True)
    del lines[start - 1:start + 2]
    lines.append("  cards.dragon.sneeze.name:\n    source: Sneeze\n    text: Niesen\n")
    path.write_text("".join(lines), encoding="utf-8")
    unknown_line = _line_of("".join(lines), "cards.dragon.sneeze.name:") + 1
    texts_line = _line_of("".join(lines), "texts:")
    result = cli("validate", str(dance_copy), "--lang", "de")
    assert result.returncode == 2, result.stdout + result.stderr
    out = " ".join(result.stdout.split())
    assert f"de.yaml:{texts_line}" in out and "cards.dragon.bite.name: not translated into de" in out
    assert f"de.yaml:{unknown_line}" in out and "cards.dragon.sneeze.name: no such text" in out
    assert "Traceback" not in result.stdout + result.stderr


def test_po_export_then_import_changes_nothing(cli, dance_copy: Path, tmp_path: Path) -> None:
    path = dance_copy / "lang" / "de.yaml"
    before = path.read_bytes()
    po = tmp_path / "de.po"
    assert cli("lang", "export", str(dance_copy), "de", "--out", str(po)).returncode == 0
    po_text = po.read_text(encoding="utf-8")
    assert 'msgctxt "cards.knight.charge.name"\nmsgid "Charge"\nmsgstr "Sturmangriff"' in po_text
    path.unlink()
    result = cli("lang", "import", str(dance_copy), "de", str(po))
    assert result.returncode == 0, result.stdout + result.stderr
    assert path.read_bytes() == before


def test_plurals_and_numbers_follow_cldr() -> None:
    # CLDR: Polish counts take one, few, many and other; English and German one and other.
    assert plural_keys("words.players", "pl") == [f"words.players.{t}" for t in ("one", "few", "many", "other")]
    assert plural_keys("words.players", "de") == ["words.players.one", "words.players.other"]
    polish = Phrases("pl", {"words.players.one": "{n} gracz", "words.players.few": "{n} graczy (few)",
                            "words.players.many": "{n} graczy", "words.players.other": "{n} gracza"})
    assert [polish.counted("words.players", n) for n in (1, 3, 5)] == ["1 gracz", "3 graczy (few)", "5 graczy"]
    assert Phrases("de").number(12345) == "12.345"   # German groups thousands with a dot


def test_the_translated_view_changes_texts_only() -> None:
    source = load_game(DANCE)
    german = in_language(source, "de")
    raw = yaml.safe_load((DANCE / "lang" / "de.yaml").read_text(encoding="utf-8"))["texts"]
    assert german.game.name == raw["game.name"]["text"]
    assert german.game.players_text == "2 Spieler"    # the file's words.players.other with n = 2
    for deck in ("knight", "dragon"):
        for before, after in zip(source.component_data[deck], german.component_data[deck], strict=True):
            assert {k: v for k, v in before.items() if k not in ("name", "text", "rules")} == \
                   {k: v for k, v in after.items() if k not in ("name", "text", "rules")}
            assert after["name"] == raw[f"cards.{deck}.{before['id']}.name"]["text"]
    assert source.game.name == "Dragon Dance"   # the source load is untouched


def test_the_german_kit_reads_german(dance_languages: dict[str, Path]) -> None:
    kit = dance_languages["de"]   # `build dragon_dance --lang all --no-check --no-proof`, once per run (conftest.py)
    cards = " ".join(page.extract_text() for page in PdfReader(kit / "cards.pdf").pages)
    raw = yaml.safe_load((DANCE / "lang" / "de.yaml").read_text(encoding="utf-8"))["texts"]
    names = [entry["text"] for key, entry in raw.items() if key.startswith("cards.") and key.endswith(".name")]
    assert len(names) == 16
    assert all(name in cards for name in names), [n for n in names if n not in cards]
    # the game's own template words (`tr(...)` in its templates) are German too
    assert raw["templates.move.reduce"]["text"] in cards and raw["templates.move.reduce"]["source"] not in cards
    rulebook = " ".join(page.extract_text() for page in PdfReader(kit / "rulebook.pdf").pages)
    assert raw["game.name"]["text"] in rulebook and "Vorbereitung" in rulebook
    assert kit.name == "kit-de"   # the German kit has its own folder (the fixture: and no plain kit/ beside it)
    assert not (kit / "proof.json").exists()   # --no-proof holds for a --lang build too (it ran the proof before)


def test_a_too_long_german_name_is_reported_at_its_line_with_card_and_size(cli, dance_copy: Path) -> None:
    path = dance_copy / "lang" / "de.yaml"
    text = path.read_text(encoding="utf-8")
    long_name = "Drachenzahnbeißattackenwirbel"
    assert text.count("    text: Biss\n") == 1
    path.write_text(text.replace("    text: Biss\n", f"    text: {long_name}\n"), encoding="utf-8")
    line = _line_of(path.read_text(encoding="utf-8"), f"text: {long_name}")
    result = cli("validate", str(dance_copy), "--lang", "de")
    assert result.returncode == 2, result.stdout + result.stderr
    out = " ".join(result.stdout.split())
    assert f"de.yaml:{line}:" in out and "cards.dragon.bite: de:" in out and long_name in out
    assert re.search(r"too long for one line at \d+(\.\d+)? pt", out)
    assert re.search(r"cards\.dragon\.bite │ overflows at \d", out)
    assert re.search(r"cards\.dragon\.rake │ fits", out)   # the other cards still laid out and checked


def test_validate_lang_all_shows_every_german_card_fitting(cli) -> None:
    result = cli("validate", str(DANCE), "--lang", "all", "--json")
    assert result.returncode == 0, result.stdout + result.stderr
    fit = json.loads(result.stdout)["fit"]
    rows = yaml.safe_load((DANCE / "knight_cards.yaml").read_text(encoding="utf-8"))["cards"]
    rows += yaml.safe_load((DANCE / "dragon_cards.yaml").read_text(encoding="utf-8"))["cards"]
    assert len(fit) == len(rows) == 16
    assert {cell["de"]["state"] for cell in fit.values()} == {"fits"}


def test_build_lang_stops_at_a_too_long_name_located_in_the_translation(cli, dance_copy: Path, tmp_path: Path,
                                                                        private_render_cache: Path) -> None:
    path = dance_copy / "lang" / "de.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    text: Biss\n", "    text: Drachenzahnbeißattackenwirbel\n"),
                    encoding="utf-8")
    line = _line_of(path.read_text(encoding="utf-8"), "text: Drachenzahnbeißattackenwirbel")
    result = cli("build", str(dance_copy), "--lang", "de", "--no-check", "--out", str(tmp_path / "kit"))
    assert result.returncode == 2
    err = " ".join(result.stderr.split())
    assert f"de.yaml:{line}:" in err and "cards.dragon.bite: de:" in err and "Traceback" not in err
    assert not (tmp_path / "kit-de" / "cards.pdf").exists()
