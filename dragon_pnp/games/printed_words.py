"""The words a rules module prints on pages, in the kit's language (`GameModule.texts`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Say = Callable[[str], str]


def words_in_language(game: Any, texts: Mapping[str, str]) -> Say:
    """A module's word by key in the language of `game` (a translated view's), else as written in
    `texts` (the source language): every game's printed words go through this one lookup."""
    phrases = getattr(getattr(game, "game", None), "phrases", None)
    if phrases is None:
        return texts.__getitem__
    return lambda key: phrases.module(key, texts[key])
