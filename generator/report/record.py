"""What the report keeps of one simulated game: small, plain and JSON-serialisable.

A batch returns a list of these; the main process merges them in batch order and aggregates.
Keeping whole-game records (not running totals) lets the report take exact medians and
percentiles and quote the seed of any odd game.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

# End reasons: the engine's three, plus "error" when the engine raised during the game.
REASONS = ("time", "destiny_exhausted", "stall", "error")


@dataclass
class GameRecord:
    seed: int
    players: int
    seat_policies: tuple[str, ...]  # policy per seat, in seat order
    first: int  # seat that took the first turn (it was dealt The Pants)
    reason: str
    winner: int | None
    turns: int
    rounds: int
    destiny_draws: int
    actions: int  # moves, draws and plays, for the playing-time estimate
    last_card: bool  # the time reached 0 on the last card of the Destiny deck
    pants_changes: int  # times The Pants went from one player to a different player
    winner_without_pants: int  # turns at whose end the eventual winner did not hold The Pants
    since_last_change: int  # turns from the last change of hands to the end
    plays: dict[str, list[int]] = field(default_factory=dict)  # card id -> plays per seat
    reactions: dict[str, list[int]] = field(default_factory=dict)  # reaction card id -> times fired per seat
    reshuffles: int = 0
    hand_limit_discards: int = 0
    hazards: dict[str, int] = field(default_factory=dict)  # hazard kind -> times hit
    error: str | None = None

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["seat_policies"] = list(self.seat_policies)
        return data
