"""Estimated minutes at the table for a simulated game, from the timings in `playtime.yaml`.

A game's own data folder says how long setup, a turn, an action and a Destiny draw take at
the table; the report multiplies them out. Without the file the report gives no estimate
rather than guessing.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, ValidationError

from generator.data.located_yaml import load_yaml
from generator.data.models import Model
from generator.errors import DataError, DataErrors
from generator.report.record import GameRecord

PLAYTIME_FILE = "playtime.yaml"


class Playtime(Model):
    """Seconds each part of play takes at the table, plus minutes of setup and packing away."""

    setup_minutes: float = Field(ge=0, le=120)
    seconds_per_turn: float = Field(ge=0, le=600)
    seconds_per_action: float = Field(ge=0, le=600)
    seconds_per_destiny_draw: float = Field(ge=0, le=600)

    def minutes(self, record: GameRecord) -> float:
        seconds = (record.turns * self.seconds_per_turn + record.actions * self.seconds_per_action
                   + record.destiny_draws * self.seconds_per_destiny_draw)
        return self.setup_minutes + seconds / 60


def load_playtime(game_root: Path) -> Playtime | None:
    """The game's table timings, or None when it has no playtime.yaml; bad values are located errors."""
    path = Path(game_root) / PLAYTIME_FILE
    if not path.is_file():
        return None
    data, source = load_yaml(path)
    if not isinstance(data, dict):
        raise DataError(source.locate(()), "expected a mapping of timings")
    try:
        return Playtime.model_validate(data)
    except ValidationError as exc:
        raise DataErrors([
            DataError(source.locate(tuple(error["loc"])), error["msg"].removeprefix("Value error, "))
            for error in exc.errors(include_url=False)
        ]) from None
