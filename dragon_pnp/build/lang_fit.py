"""The fit table of translated kits: card x language, each cell fits / below the deck's size at N pt /
overflows, located to the translation file's line.

It lays every language's kit out in memory as `validate` does (`rehearsal.rehearse`): the kit's
own text fitting decides, nothing is measured twice. A layout stops at its first overflow, so an
overflowing card's texts are put back in the source language and the layout run again until
none is left (at most once per card). A cell is found by the translated texts its message
quotes (a card's name or text), so it points at that entry of lang/<code>.yaml."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from dragon_pnp.build.lang_glyphs import glyph_problems
from dragon_pnp.data.lang.apply import translated
from dragon_pnp.data.lang.files import Entry, Translation
from dragon_pnp.errors import Location

if TYPE_CHECKING:
    from dragon_pnp.data.loader import GameData

_PT = re.compile(r"(\d+(?:\.\d+)?) pt")


@dataclass(frozen=True)
class FitCell:
    """One card in one language: `state` is fits, small (fits only below the deck's size), overflows
    or glyph (a character no installed font has)."""

    state: str
    location: Location | None = None
    size_pt: float | None = None
    message: str = ""

    def label(self) -> str:
        if self.state == "overflows":
            return "overflows" + (f" at {self.size_pt:g} pt" if self.size_pt is not None else "")
        if self.state == "small":
            return f"shrunk to {self.size_pt:g} pt"
        if self.state == "glyph":
            return "glyph missing"
        return "fits"


@dataclass
class FitTable:
    """Rows are cards (`cards.<deck>.<row>`), columns languages."""

    languages: list[str] = field(default_factory=list)
    cells: dict[str, dict[str, FitCell]] = field(default_factory=dict)
    other: dict[str, list[FitCell]] = field(default_factory=dict)   # layout problems not tied to a card

    @property
    def overflows(self) -> list[tuple[str, str, FitCell]]:
        found = [(card, code, cell) for card, row in self.cells.items() for code, cell in row.items()
                 if cell.state == "overflows"]
        found += [("", code, cell) for code, cells in self.other.items() for cell in cells]
        return found


def card_of(key: str) -> str | None:
    """`cards.<deck>.<row>` of a card field key, else None."""
    parts = key.split(".")
    return ".".join(parts[:3]) if parts[0] == "cards" and len(parts) == 4 else None


def quoted_key(message: str, translation: Translation) -> str | None:
    """The card key whose translated text the message quotes (the longest such text), if any."""
    best: tuple[int, str] | None = None
    for key, entry in translation.entries.items():
        text = entry.text.strip()
        if card_of(key) and text and text != entry.source and text in message and (best is None or len(text) > best[0]):
            best = (len(text), key)
    return best[1] if best else None


def fit_table(game: GameData, translations: list[Translation]) -> FitTable:
    """Lay each language's kit out and fill the table."""
    from dragon_pnp.build.rehearsal import rehearse
    from dragon_pnp.kit.layout_warnings import take

    table = FitTable([t.code for t in translations])
    cards = sorted({c for t in translations for k in t.entries if (c := card_of(k))})
    for card in cards:
        table.cells[card] = {t.code: FitCell("fits") for t in translations}
    for translation in translations:
        trying = Translation(translation.code, translation.file, dict(translation.entries),
                             translation.machine_unreviewed, translation.source)
        for problem in glyph_problems(translation):   # reported at its line; laid out in the source language
            if (glyph_card := card_of(problem.key)) is not None:
                table.cells.setdefault(glyph_card, {})[translation.code] = FitCell("glyph", problem.location, None,
                                                                             problem.message)
            entry = trying.entries[problem.key]
            trying.entries[problem.key] = Entry(entry.source, entry.source)
        for _ in range(len(cards) + 1):
            take()
            findings = rehearse(translated(game, trying))
            if not findings:
                break
            # the first finding that quotes a card's text names the card (a half-page aid listing
            # a too-long name overflows too, and may come first)
            finding, key = next(((f, k) for f in findings if (k := quoted_key(f.message, trying))), (findings[0], None))
            if key is None:
                table.other.setdefault(translation.code, []).extend(
                    FitCell("overflows", f.location, None, f.message) for f in findings)
                break
            card = card_of(key) or key
            table.cells.setdefault(card, {})[translation.code] = FitCell(
                "overflows", translation.locate(key), _size(finding.message), finding.message)
            for other in list(trying.entries):      # the card back in the source language, to go on
                if card_of(other) == card:
                    trying.entries[other] = Entry(trying.entries[other].source, trying.entries[other].source)
        for warning in take():
            key = quoted_key(warning.message, trying)
            warned = card_of(key) if key else None
            if warned and table.cells.get(warned, {}).get(translation.code, FitCell("fits")).state == "fits":
                sizes = [float(s) for s in _PT.findall(warning.message)]
                table.cells[warned][translation.code] = FitCell("small", translation.locate(key or ""),
                                                              min(sizes) if sizes else None, warning.message)
    return table


def _size(message: str) -> float | None:
    sizes = [float(s) for s in _PT.findall(message)]
    return min(sizes) if sizes else None
