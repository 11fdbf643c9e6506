"""Glyph coverage of a translation, checked before anything is drawn: a text with a character no
installed face has (fonts.FACES) is an error at its line of lang/<code>.yaml, so a kit never
prints an empty box where a letter should be."""

from __future__ import annotations

import unicodedata

from dragon_pnp.data.lang.check import LangProblem
from dragon_pnp.data.lang.files import Translation
from dragon_pnp.font_runs import installed_names, missing_characters


def glyph_problems(translation: Translation) -> list[LangProblem]:
    """One problem per translated text holding characters no installed font can draw."""
    problems: list[LangProblem] = []
    for key, entry in translation.entries.items():
        missing = missing_characters(entry.text)
        if not missing:
            continue
        named = ", ".join(f"{c!r} (U+{ord(c):04X} {unicodedata.name(c, 'unnamed')})" for c in missing)
        problems.append(LangProblem("glyph", key, translation.locate(key),
                                    f"{key}: glyph missing: {named} is in no installed font "
                                    f"({', '.join(installed_names())}); remove it, or install a font that has it"))
    return problems
