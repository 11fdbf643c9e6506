"""What Five Trails' rules check measures beyond wins and length, what a seat cannot see redrawn
for the search player, its words and its playtest board."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from dragon_pnp.games.parts import HiddenPart, PlaytestPart, ReportPart, Vocabulary
from dragon_pnp.games.report_parts import HazardSpec, MetricSpec, ReasonSpec, ReportSpec

from .game import SEATS, TrailsState


class TrailsReport(ReportPart):
    def game_metrics(self, state: Any, trace: Any) -> dict[str, Any]:
        north, south = state.scores()
        started = [sum(1 for laid in mine.values() if laid) for mine in state.laid]
        return {"margin": abs(north - south), "trails_started": sum(started) / SEATS,
                "pile_draws": sum(1 for _, kind, action in trace.moves
                                  if kind == "draw" and getattr(action, "source", "deck") != "deck")}

    def hazards(self, state: Any, trace: Any) -> dict[str, int]:
        return {"turn_limit": 1} if state.result is not None and state.result.reason == "turn_limit" else {}

    def playtime_minutes(self, game: Any, state: Any, trace: Any) -> float | None:
        return 2.0 + 0.3 * float(state.turn)   # shuffle and deal, then about 18 s a turn

    def report_spec(self, game: Any) -> ReportSpec:
        return ReportSpec(
            reasons={"deck_empty": ReasonSpec("the deck ran out", "Deck out"),
                     "turn_limit": ReasonSpec("the turn limit", "Turn limit")},
            hazards={"turn_limit": HazardSpec("Stopped by the turn limit",
                                              "the game reached the turn limit before the deck ran out",
                                              attention=True)},
            metrics={"margin": MetricSpec("Winning margin (points)", "Scores", overview="Margin"),
                     "trails_started": MetricSpec("Trails started per player", "Scores"),
                     "pile_draws": MetricSpec("Cards taken from the piles per game", "Scores")})


class TrailsHidden(HiddenPart):
    """The other hand's unseen cards and the deck's order, dealt again from the cards the seat
    has not seen (cards the other took from a pile stay in its hand: both saw them taken)."""

    def sample_hidden(self, state: TrailsState, seat: int, rng: random.Random) -> TrailsState:  # type: ignore[override]
        world = state.clone()
        other = 1 - seat
        unseen = list(state.hands[other])
        for card in state.known[other]:
            unseen.remove(card)
        unseen += state.deck
        unseen.sort(key=state.rules.order)   # a fixed order first, so the true one cannot leak
        rng.shuffle(unseen)
        dealt = len(state.hands[other]) - len(state.known[other])
        world.hands[other] = sorted(state.known[other] + unseen[:dealt], key=state.rules.order)
        world.deck = unseen[dealt:]
        return world


class TrailsPlaytest(PlaytestPart):
    def board_svg(self, game: Any, view: Mapping[str, Any]) -> str:
        """Both players' trails, the piles' top cards, the deck's size and the seat's own hand."""
        from html import escape

        lines = [f"Deck: {view['deck']} cards; turn {view['turn'] + 1}, {view['phase']}"]
        for who, laid, score in zip(("North", "South"), view["laid"], view["scores"]):
            climbed = "; ".join(f"{t}: {' '.join(c.split(' ')[1] for c in cards)}" for t, cards in laid.items() if cards)
            lines.append(f"{who} ({score} points): {climbed or 'no trail started'}")
        tops = ", ".join(f"{t} {cards[-1].split(' ')[1]}" for t, cards in view["piles"].items() if cards)
        lines.append(f"Piles: {tops or 'empty'}")
        for who, hand in zip(("North", "South"), view["hands"]):
            shown = ", ".join(hand) if isinstance(hand, list) else f"{hand['size']} cards"
            lines.append(f"{who} holds {shown}")
        rows = "".join(f'<text x="10" y="{24 + 22 * i}" font-size="14" font-family="sans-serif">{escape(t)}</text>'
                       for i, t in enumerate(lines))
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="640" height="{30 + 22 * len(lines)}">{rows}</svg>'


class TrailsWords(Vocabulary):
    seat_noun = "player"
