"""What the report keeps of one simulated game: small, plain and JSON-serialisable, for any game.

A batch returns a list of these; the main process merges them in batch order and aggregates.
Keeping whole-game records (not running totals) lets the report take exact medians and
percentiles and quote the seed of any odd game. What a game measures beyond winners, length
and time is in `metrics` (the game module's `game_metrics`) and `hazards` (its `hazards`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# End reasons the driver itself gives: the game raised, or ran past the decision cap.
ERROR = "error"
CUT_OFF = "cut_off"


@dataclass
class GameRecord:
    seed: int
    players: int
    seat_policies: tuple[str, ...]  # policy per seat, in seat order
    winners: tuple[int, ...]  # no winners: a draw (or an error)
    reason: str  # the game's own end reason, or "error" / "cut_off"
    rounds: int
    first: int | None = None  # the seat that decided first, when one seat did
    minutes: float | None = None  # estimated time at the table (the game's playtime_minutes)
    scores: tuple[float, ...] | None = None  # per seat, for games that score points
    metrics: dict[str, Any] = field(default_factory=dict)
    hazards: dict[str, int] = field(default_factory=dict)  # hazard kind -> times hit
    error: str | None = None

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["seat_policies"] = list(self.seat_policies)
        data["winners"] = list(self.winners)
        data["scores"] = None if self.scores is None else list(self.scores)
        return data
