"""The glyph check of a translation reads the fallback faces only for text the base font cannot
draw: German needs none of them (reading them all was ~0.8 CPU s of a fresh process)."""

from __future__ import annotations

from dragon_pnp import font_runs


def test_text_the_base_font_draws_never_loads_the_fallback_faces(monkeypatch) -> None:
    loaded: list[bool] = []
    registered = font_runs._registered

    def counted():
        loaded.append(True)
        return registered()

    monkeypatch.setattr(font_runs, "_registered", counted)
    assert font_runs.missing_characters("Größe: „Drachenhöhle“ – 2² Äpfel") == []
    assert loaded == []
    # A character outside the base font still asks the fallback faces (Droid Sans Fallback has 龍)
    # and one no face has is still reported.
    assert font_runs.missing_characters("Drache 龍") == []
    assert loaded
    unassigned = "\U0010fffd"   # a private-use plane code point: in no font
    assert font_runs.missing_characters(f"Größe {unassigned}") == [unassigned]
