"""What is wrong with a translation file: missing keys (a text nobody translated), stale entries
(the source text changed since), unknown keys (the text they translated is gone), each located
to the translation file's line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dragon_pnp.data.lang.catalogue import source_texts
from dragon_pnp.data.lang.files import Translation
from dragon_pnp.errors import Location

if TYPE_CHECKING:
    from dragon_pnp.data.loader import GameData


@dataclass(frozen=True)
class LangProblem:
    """One problem of one language's file: kind is missing, stale or unknown."""

    kind: str
    key: str
    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"


def check_translation(game: GameData, translation: Translation) -> list[LangProblem]:
    """Every missing, stale and unknown key of `translation`, in the order of the game's texts."""
    wanted = source_texts(game, translation.code)
    problems: list[LangProblem] = []
    for key, source in wanted.items():
        entry = translation.entries.get(key)
        if entry is None or not entry.text:
            problems.append(LangProblem("missing", key, translation.locate(key),
                                        f"{key}: not translated into {translation.code} (source: {_short(source)!r})"))
        elif entry.source != source:
            problems.append(LangProblem("stale", key, translation.locate(key, "source"),
                                        f"{key}: source changed since it was translated: now {_short(source)!r}, "
                                        f"was {_short(entry.source)!r}"))
    for key in translation.entries:
        if key not in wanted:
            problems.append(LangProblem("unknown", key, translation.locate(key, "source"),
                                        f"{key}: no such text in the game (removed or renamed?)"))
    return problems


def _short(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "\u2026"
