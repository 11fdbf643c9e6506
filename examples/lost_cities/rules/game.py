"""Five Trails' rules, written only against dragon-pnp's game interface.

A turn has two decisions: lay a card from your hand on your own trail of its colour (above every
number already there; wagers only before the first number) or throw it face up on that colour's
discard pile; then draw one card, from the deck or from the top of any discard pile but the one
you just threw on. The game ends when the last card of the deck is drawn, or (a ruling of this
kit, so that taking cards back and forth from the piles cannot go on for ever) after
`turn_limit` turns. A started trail scores its numbers less `trail_cost`, times one more than its
wagers, plus `long_trail_bonus` when it holds `long_trail` cards or more.

Hidden: the other hand (except cards its owner took from a pile, which both saw) and the deck's
order. The only chance is the shuffle before the deal.
"""

from __future__ import annotations

import math
from bisect import insort
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from dragon_pnp.games import Event, GameModule, IllegalActionError, Result, seed_state, shuffle

SEATS = 2
WAGER = "wager"
DECK = "deck"
PLAY, DRAW = "play", "draw"


class Settings(BaseModel):
    """game.yaml `settings:`."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    hand: int = Field(ge=1, le=20, description="cards in each hand after every turn")
    trail_cost: int = Field(ge=0, le=200, description="a started trail scores its numbers less this")
    long_trail: int = Field(ge=1, le=60, description="a trail of at least this many cards earns the bonus")
    long_trail_bonus: int = Field(ge=0, le=200, description="added to a long trail's score after the wagers")
    turn_limit: int = Field(ge=2, le=10_000, description="the game ends after this many turns at most")


@dataclass(frozen=True)
class Rules:
    trails: tuple[str, ...]          # colours, in the card file's order
    cards: tuple[str, ...]           # the whole deck, one name per card, in a fixed order
    hand: int
    trail_cost: int
    long_trail: int
    long_trail_bonus: int
    turn_limit: int
    ranks: dict[str, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)

    def order(self, card: str) -> tuple[int, int]:
        """Sort key: trail, then wagers, then numbers upward (looked up: hands are sorted at every draw)."""
        rank = self.ranks.get(card)
        if rank is None:
            trail, value = split(card)
            rank = self.ranks[card] = (self.trails.index(trail), value)
        return rank


def card_name(trail: str, value: int) -> str:
    return f"{trail} {WAGER}" if value == 0 else f"{trail} {value}"


@lru_cache(maxsize=1024)
def split(card: str) -> tuple[str, int]:
    """("desert", 7) for "desert 7"; a wager's value is 0. Cached: the players ask it constantly."""
    trail, _, value = card.partition(" ")
    return trail, 0 if value == WAGER else int(value)


def laid_sums(laid: list[str]) -> tuple[int, int, int]:
    """(sum of the numbers, wagers, top number) of one seat's cards on one trail; a top of 0 means
    no number laid yet. The players and `evaluate` both start their reckoning here."""
    total = wagers = 0
    for card in laid:
        value = split(card)[1]
        total += value
        wagers += value == 0
    return total, wagers, split(laid[-1])[1] if laid else 0


@dataclass(frozen=True)
class Lay:
    """Play `card` on your trail (`discard` False) or throw it on its pile; `play desert 7`."""

    card: str
    discard: bool = False

    def __str__(self) -> str:
        return f"{'discard' if self.discard else 'play'} {self.card}"


@dataclass(frozen=True)
class Draw:
    """Take the deck's top card or a pile's (`source` a trail); `draw deck`, `draw reef`."""

    source: str

    def __str__(self) -> str:
        return f"draw {self.source}"


# The actions, made once each: `legal_actions` is asked thousands of times a search decision.
_LAYS: dict[tuple[str, bool], Lay] = {}
_DRAWS: dict[str, Draw] = {}


def lay(card: str, discard: bool = False) -> Lay:
    found = _LAYS.get((card, discard))
    if found is None:
        found = _LAYS[(card, discard)] = Lay(card, discard)
    return found


def draw(source: str) -> Draw:
    found = _DRAWS.get(source)
    if found is None:
        found = _DRAWS[source] = Draw(source)
    return found


def trail_score(rules: Rules, laid: list[str]) -> int:
    """What one trail scores: nothing unstarted, else (numbers - cost) x (1 + wagers) + bonus."""
    if not laid:
        return 0
    values = [split(c)[1] for c in laid]
    wagers = values.count(0)
    score = (sum(values) - rules.trail_cost) * (1 + wagers)
    return score + (rules.long_trail_bonus if len(laid) >= rules.long_trail else 0)


class TrailsState:
    """A position. Mutable: `apply` changes it in place; `clone` copies it."""

    seats = SEATS

    def __init__(self, rules: Rules, record: bool = False):
        self.rules = rules
        self.record = record
        self.hands: list[list[str]] = [[], []]          # sorted by `rules.order`
        self.known: list[list[str]] = [[], []]          # cards in a hand both saw taken from a pile
        self.deck: list[str] = []                        # face down, the next card last
        self.piles: dict[str, list[str]] = {t: [] for t in rules.trails}   # face up, top last
        self.laid: list[dict[str, list[str]]] = [{t: [] for t in rules.trails} for _ in range(SEATS)]
        self.turn = 0                                    # turns finished; seat turn % 2 is to move
        self.phase = PLAY
        self.thrown: str | None = None                   # the pile thrown on this turn (not to be taken)
        self.result: Result | None = None
        self.events: list[Event] = []
        self.counts: dict[str, int] = {}

    # --- the state protocol ------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return () if self.result is not None else (self.turn % SEATS,)

    def decision(self, seat: int) -> str:
        return self.phase if seat in self.to_move() else "none"

    def legal_actions(self, seat: int) -> list[Lay | Draw]:
        if seat not in self.to_move():
            return []
        if self.phase == DRAW:
            piles, thrown = self.piles, self.thrown
            found: list[Lay | Draw] = [draw(DECK)] if self.deck else []
            return found + [draw(t) for t in self.rules.trails if piles[t] and t != thrown]
        actions: list[Lay | Draw] = []
        laid = self.laid[seat]
        last = None
        for card in self.hands[seat]:
            if card == last:    # a hand is sorted, so equal cards (wagers) lie together
                continue
            last = card
            trail, value = split(card)
            mine = laid[trail]
            top = split(mine[-1])[1] if mine else -1
            if (value > top) if value else top <= 0:
                actions.append(lay(card))
            actions.append(lay(card, True))
        return actions

    def apply(self, joint: Mapping[int, Lay | Draw]) -> None:
        (seat,) = self.to_move() or (None,)
        if seat is None or set(joint) != {seat}:
            raise IllegalActionError(f"player {(seat or 0) + 1} alone is to move; got {sorted(s + 1 for s in joint)}")
        action = joint[seat]
        if not self._allowed(seat, action):
            raise IllegalActionError(f"'{action}' is not legal for player {seat + 1} now")
        if isinstance(action, Lay):
            self._lay(seat, action)
        else:
            self._draw(seat, action.source)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything but the deck's order and the other hand's cards nobody saw it take."""
        hands: list[Any] = [{"size": len(h), "known": list(k)} for h, k in zip(self.hands, self.known)]
        if seat is not None:
            hands[seat] = list(self.hands[seat])
        return {"seat": None if seat is None else seat + 1, "turn": self.turn, "phase": self.phase,
                "thrown": self.thrown, "deck": len(self.deck), "hands": hands,
                "piles": {t: list(p) for t, p in self.piles.items()},
                "laid": [{t: list(c) for t, c in mine.items()} for mine in self.laid],
                "scores": self.scores(), "result": None if self.result is None else self.result.to_json()}

    def clone(self) -> TrailsState:
        other = TrailsState.__new__(TrailsState)
        other.rules, other.record = self.rules, self.record
        other.hands = [list(h) for h in self.hands]
        other.known = [list(k) for k in self.known]
        other.deck = list(self.deck)
        other.piles = {t: list(p) for t, p in self.piles.items()}
        other.laid = [{t: list(c) for t, c in mine.items()} for mine in self.laid]
        other.turn, other.phase, other.thrown = self.turn, self.phase, self.thrown
        other.result, other.events, other.counts = self.result, list(self.events), dict(self.counts)
        return other

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "phase": self.phase, "thrown": self.thrown, "deck": list(self.deck),
                "hands": [list(h) for h in self.hands], "known": [list(k) for k in self.known],
                "piles": {t: list(p) for t, p in self.piles.items()},
                "laid": [{t: list(c) for t, c in mine.items()} for mine in self.laid],
                "result": None if self.result is None else self.result.to_json()}

    # --- the rules -----------------------------------------------------------------------------
    def playable(self, seat: int, card: str) -> bool:
        """Whether `card` may go on the seat's trail: above every number, a wager before any."""
        trail, value = split(card)
        laid = self.laid[seat][trail]
        top = split(laid[-1])[1] if laid else -1     # a trail climbs: its last card is its top
        return value > top if value else top <= 0

    def _allowed(self, seat: int, action: Lay | Draw) -> bool:
        """Whether `action` is among `legal_actions(seat)`, without listing them."""
        if isinstance(action, Draw):
            if self.phase != DRAW:
                return False
            if action.source == DECK:
                return bool(self.deck)
            return action.source in self.piles and bool(self.piles[action.source]) and action.source != self.thrown
        return (isinstance(action, Lay) and self.phase == PLAY and action.card in self.hands[seat]
                and (action.discard or self.playable(seat, action.card)))

    def scores(self) -> list[int]:
        return [sum(trail_score(self.rules, laid) for laid in mine.values()) for mine in self.laid]

    def _lay(self, seat: int, action: Lay) -> None:
        self.hands[seat].remove(action.card)
        if action.card in self.known[seat]:
            self.known[seat].remove(action.card)
        trail, _ = split(action.card)
        if action.discard:
            self.piles[trail].append(action.card)
            self.thrown = trail
        else:
            self.laid[seat][trail].append(action.card)
        self._emit("discard" if action.discard else "play", seat, action.card)
        self.phase = DRAW   # the deck is never empty here: the draw that empties it ends the game

    def _draw(self, seat: int, source: str) -> None:
        if source == DECK:
            card = self.deck.pop()
        else:
            card = self.piles[source].pop()
            insort(self.known[seat], card, key=self.rules.order)
        insort(self.hands[seat], card, key=self.rules.order)
        self._emit("draw", seat, source)
        self.turn += 1
        self.phase, self.thrown = PLAY, None
        if not self.deck:
            self._finish("deck_empty")
        elif self.turn >= self.rules.turn_limit:
            self._finish("turn_limit")

    def _finish(self, reason: str) -> None:
        north, south = self.scores()
        winners = () if north == south else ((0,) if north > south else (1,))
        self.result = Result(winners, reason, self.turn, (float(north), float(south)))
        self._emit(reason, None)

    def _emit(self, kind: str, seat: int | None, detail: Any = None) -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        if self.record:
            self.events.append(Event(kind, seat, detail))


def rules_from(game: Any) -> Rules:
    """The deck from the card file's rows (each `count` times) and the numbers from `settings`."""
    cards: list[str] = []
    trails: list[str] = []
    for row in game.rows("trails"):
        trail, value = str(row["trail"]), int(row["value"])
        if trail not in trails:
            trails.append(trail)
        cards.extend([card_name(trail, value)] * int(row.get("count", 1)))
    s = game.settings
    rules = Rules(tuple(trails), (), s.hand, s.trail_cost, s.long_trail, s.long_trail_bonus, s.turn_limit)
    return Rules(rules.trails, tuple(sorted(cards, key=rules.order)), s.hand, s.trail_cost, s.long_trail,
                 s.long_trail_bonus, s.turn_limit)


def new_state(rules: Rules, seed: int, record: bool = False) -> TrailsState:
    if len(rules.cards) <= SEATS * rules.hand:
        raise ValueError(f"{len(rules.cards)} cards cannot deal two hands of {rules.hand} and leave a deck")
    state = TrailsState(rules, record)
    deck = list(rules.cards)
    shuffle(deck, seed_state(seed))
    for seat in range(SEATS):
        state.hands[seat] = sorted((deck.pop() for _ in range(rules.hand)), key=rules.order)
    state.deck = deck
    return state


class FiveTrails(GameModule):
    slug = "five_trails"
    seats_fixed = 2
    settings_model = Settings

    def make_rules(self, game: Any, options: Mapping[str, Any] | None = None) -> Rules:
        if options:
            raise ValueError(f"Five Trails has no rules options; got {', '.join(options)}")
        return rules_from(game)

    def new_game(self, rules: Rules, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> TrailsState:
        if players not in (None, SEATS):
            raise ValueError("Five Trails is for 2 players")
        return new_state(rules, seed, record)

    def load_state(self, rules: Rules, data: Mapping[str, Any]) -> TrailsState:
        from .positions import load

        return load(rules, data)

    def evaluate(self, state: TrailsState, seat: int) -> float:  # type: ignore[override]
        """The chance to win from the lead in expected final scores (`outlook.py`): a logistic
        whose spread is half a trail's cost plus a point per card left in the deck, near the
        scale that best predicted greedy games' outcomes from sampled positions (docs/rules-check.md)."""
        if state.result is not None:
            return super().evaluate(state, seat)
        from .outlook import expected_score

        lead = expected_score(state, seat) - expected_score(state, 1 - seat)
        spread = 0.5 * max(1, state.rules.trail_cost) + len(state.deck)
        return 1.0 / (1.0 + math.exp(-lead / spread))

    def policies(self) -> dict[str, Any]:
        from .players import Greedy

        return {**super().policies(), "greedy": Greedy}
