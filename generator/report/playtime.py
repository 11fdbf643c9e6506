"""Estimated minutes at the table for a simulated game, from the game's `playtime.yaml`.

The timings are game data (`GameData.playtime`, schema-checked by the loader); a game without
the file gets no estimate rather than a guess.
"""

from __future__ import annotations

from generator.games.dragon_pants.models import Playtime
from generator.report.record import GameRecord


def table_minutes(playtime: Playtime, record: GameRecord) -> float:
    return playtime.minutes(record.turns, record.actions, record.destiny_draws)


__all__ = ["Playtime", "table_minutes"]
