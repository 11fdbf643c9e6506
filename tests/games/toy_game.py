"""Toy Dice: a tiny game with rules written only against the game interface, to test the generic
play loop, report and position files on what Dragon Pants never does.

Two seats, red and blue, each with tokens. Every round both bid 0-2 tokens at once (a
simultaneous node, revealed together); then each rolls a die (chance, from the state's own
seeded generator) and scores die + 2 x bid; the higher score takes the round. A tie hands red a
sequential choice: `roll` one die for it (4-6 red, 1-3 blue) or `pass`. Every third round both
regain a token. First to the target wins (setups: `short` 2 rounds, `long` 3); at the round cap
the game is a draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games.api import Event, Finding, GameModule, PositionError, Result
from dragon_pnp.games.parts import ReportPart
from dragon_pnp.games.report_parts import HazardSpec, MetricSpec, ReasonSpec, ReportSpec

MASK = (1 << 64) - 1
TARGETS = {"short": 2, "long": 3}
ROUND_CAP = 12
SEATS = ("red", "blue")


@dataclass(frozen=True)
class Move:
    verb: str          # "bid", "roll", "pass"
    tokens: int = 0

    def __str__(self) -> str:
        return f"bid {self.tokens}" if self.verb == "bid" else self.verb


def _die(rng: int) -> tuple[int, int]:
    """One d6 from a SplitMix64 state: (face, next state)."""
    rng = (rng + 0x9E3779B97F4A7C15) & MASK
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return (z ^ (z >> 31)) % 6 + 1, rng


class ToyState:
    def __init__(self, target: int, rng: int, record: bool):
        self.seats = 2
        self.target = target
        self.rng = rng
        self.round = 0
        self.tokens = [3, 3]
        self.wins = [0, 0]
        self.tiebreak = False
        self.result: Result | None = None
        self.record = record
        self.events: list[Event] = []
        self.counts: dict[str, int] = {"tie": 0, "round": 0, "roll": 0}
        self.faces: dict[str, int] = {}
        self.bids = [0, 0]
        self.bid_sizes: dict[str, list[int]] = {}

    def _emit(self, kind: str, seat: int | None, detail: Any = None) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        if self.record:
            self.events.append(Event(kind, seat, detail))

    def to_move(self) -> tuple[int, ...]:
        if self.result is not None:
            return ()
        return (0,) if self.tiebreak else (0, 1)

    def decision(self, seat: int) -> str:
        return "none" if seat not in self.to_move() else "tiebreak" if self.tiebreak else "bid"

    def legal_actions(self, seat: int) -> list[Move]:
        if seat not in self.to_move():
            return []
        if self.tiebreak:
            return [Move("roll"), Move("pass")]
        return [Move("bid", n) for n in range(min(self.tokens[seat], 2) + 1)]

    def _roll(self) -> int:
        face, self.rng = _die(self.rng)
        self.faces[str(face)] = self.faces.get(str(face), 0) + 1
        self._emit("roll", None, face)
        return face

    def apply(self, joint: Mapping[int, Move]) -> None:
        if set(joint) != set(self.to_move()):
            raise IllegalActionError(f"expected actions of seats {[s + 1 for s in self.to_move()]}")
        for seat, move in joint.items():
            if move not in self.legal_actions(seat):
                raise IllegalActionError(f"'{move}' is not legal for {SEATS[seat]}")
        if self.tiebreak:
            self.tiebreak = False
            if joint[0].verb == "roll":
                self._take(0 if self._roll() >= 4 else 1)
            self._end_round()
            return
        scores = []
        for seat in (0, 1):
            bid = joint[seat].tokens
            self.tokens[seat] -= bid
            self.bids[seat] += bid
            self.bid_sizes.setdefault(str(bid), [0, 0])[seat] += 1
            scores.append(self._roll() + 2 * bid)
        if scores[0] == scores[1]:
            self._emit("tie", None, scores[0])
            self.tiebreak = True
            return
        self._take(0 if scores[0] > scores[1] else 1)
        self._end_round()

    def _take(self, seat: int) -> None:
        self.wins[seat] += 1
        self._emit("win_round", seat)

    def _end_round(self) -> None:
        self.round += 1
        self._emit("round", None, self.round)
        if self.round % 3 == 0:
            self.tokens = [t + 1 for t in self.tokens]
        for seat in (0, 1):
            if self.wins[seat] >= self.target:
                self.result = Result((seat,), "target", self.round, scores=tuple(map(float, self.wins)))
                return
        if self.round >= ROUND_CAP:
            self.result = Result((), "round_cap", self.round, scores=tuple(map(float, self.wins)))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"round": self.round, "tokens": list(self.tokens), "wins": list(self.wins), "tiebreak": self.tiebreak}

    def clone(self) -> ToyState:
        other = ToyState(self.target, self.rng, self.record)
        other.round, other.tokens, other.wins, other.tiebreak = self.round, self.tokens[:], self.wins[:], self.tiebreak
        other.result, other.events, other.counts = self.result, self.events[:], dict(self.counts)
        other.faces, other.bids = dict(self.faces), self.bids[:]
        other.bid_sizes = {k: v[:] for k, v in self.bid_sizes.items()}
        return other

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "target": self.target, "tokens": list(self.tokens), "wins": list(self.wins),
                "tiebreak": self.tiebreak, "rng": self.rng,
                "result": None if self.result is None else self.result.to_json()}


class ToyReport(ReportPart):
    """Bids, faces and tie-breaks per game; ties and the round cap as hazards."""

    def game_metrics(self, state: Any, trace: Any) -> dict[str, Any]:
        winner = state.result.winners[0] if state.result is not None and state.result.winners else None
        return {"tokens_bid": list(state.bids), "faces": dict(state.faces), "bid_sizes": state.bid_sizes,
                "tiebreaks": sum(1 for _, kind, _ in trace.decisions if kind == "tiebreak"),
                "shutout": winner is not None and state.wins[1 - winner] == 0}

    def hazards(self, state: Any, trace: Any) -> dict[str, int]:
        found = {"tie": state.counts["tie"]} if state.counts["tie"] else {}
        if state.result is not None and state.result.reason == "round_cap":
            found["round_cap"] = 1
        return found

    def findings(self, game: Any, summary: Mapping[str, Any]) -> list[Finding]:
        capped = sum(c["completion"].get("round_cap", {}).get("count", 0) for c in summary["configs"])
        return [Finding("warning" if capped else "info", "length",
                        f"{capped} games reached the round cap of {ROUND_CAP}.", {"weight": 40})]

    def playtime_minutes(self, game: Any, state: Any, trace: Any) -> float | None:
        return 1.0 + 0.5 * state.round

    def report_spec(self, game: Any) -> ReportSpec:
        return ReportSpec(
            setup_label="Targets", setup_noun="target", setup_names={"short": "Two rounds", "long": "Three rounds"},
            seat_label="Colour", reasons={"target": ReasonSpec("a player reached the target", "Target"),
                                          "round_cap": ReasonSpec("round cap", "Cap")},
            hazards={"tie": HazardSpec("Tied rounds", "a round was tied"),
                     "round_cap": HazardSpec("Stopped at the round cap", "the game reached the round cap",
                                             attention=True)},
            metrics={"tokens_bid": MetricSpec("Tokens bid", "Bids"),
                     "bid_sizes": MetricSpec("Bids by size", "Bids by size", keys={"0": "no token", "1": "one token",
                                                                                   "2": "two tokens"},
                                             key_header="Bid"),
                     "faces": MetricSpec("Die faces", "Dice", key_header="Face"),
                     "tiebreaks": MetricSpec("Tie-breaks", "Length", overview="Tie-breaks"),
                     "shutout": MetricSpec("Won without losing a round", "Shutouts")},
        )


class ToyDice(GameModule):
    slug = "toy_dice"
    seats_fixed = 2
    parts = (ToyReport,)

    def make_rules(self, game: Any, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        if options:
            raise ValueError(f"Toy Dice has no rules options; got {', '.join(options)}")
        return {"cap": ROUND_CAP}

    def new_game(self, rules: Any, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> ToyState:
        if players not in (None, 2):
            raise ValueError("Toy Dice is for 2 players")
        return ToyState(TARGETS[setup or "short"], seed & MASK, record)

    def load_state(self, rules: Any, data: Mapping[str, Any]) -> ToyState:
        for key in ("round", "target", "tokens", "wins", "tiebreak", "rng"):
            if key not in data:
                raise PositionError((key,), f"missing field {key!r}")
        for key in ("tokens", "wins"):
            value = data[key]
            if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and v >= 0 for v in value)):
                raise PositionError((key,), "expected two whole numbers from 0, red's then blue's")
        state = ToyState(int(data["target"]), int(data["rng"]), record=True)
        state.round, state.tokens, state.wins = int(data["round"]), list(data["tokens"]), list(data["wins"])
        state.tiebreak = bool(data["tiebreak"])
        ended = data.get("result")
        if ended:
            state.result = Result(tuple(w - 1 for w in ended["winners"]), ended["reason"], ended["rounds"],
                                  None if ended.get("scores") is None else tuple(ended["scores"]))
        return state

    def parse_action(self, state: Any, seat: int, text: str) -> Move:
        from dragon_pnp.errors import NotationError

        words = text.split()
        if not words or words[0] not in ("bid", "roll", "pass"):
            raise NotationError(f"'{text}': expected 'bid N', 'roll' or 'pass'")
        return super().parse_action(state, seat, text)

    def evaluate(self, state: Any, seat: int) -> float:
        if state.result is not None:
            return super().evaluate(state, seat)
        lead = state.wins[seat] - state.wins[1 - seat]
        return 0.5 + 0.15 * lead + 0.02 * state.tokens[seat]

    def setups(self, game: Any) -> list[str]:
        return list(TARGETS)

    def seat_names(self, game: Any, players: int) -> list[str]:
        return list(SEATS)


TOY = ToyDice()
