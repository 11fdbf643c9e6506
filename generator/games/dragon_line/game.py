"""`DragonLine`: the GameModule through which play, check and the kit reach Dragon Line.

A game is a match of `settings.match_hands` hands (setup "match", the default) or one hand
(setup "hand", used by the per-hand speed bench and tests). The report's hand-level figures
come from `game_metrics`, which reads the finished hands a match keeps in its state.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Mapping

from generator.errors import IllegalActionError, NotationError
from generator.games.api import DataFile, Finding, GameModule, GameState, PlayTrace, PolicyFactory
from generator.games.dragon_line import metrics
from generator.games.dragon_line.actions import CARD_VERBS, parse_notation
from generator.games.dragon_line.data import (CardValues, DragonDeck, LineData, LineSettings, SuitTable,
                                              load_line_data, validate)
from generator.games.dragon_line.positions import state_from_dict
from generator.games.dragon_line.rules import Rules
from generator.games.dragon_line.state import LineState

SETUPS = ("match", "hand")


class DragonLine(GameModule):
    slug = "dragon_line"
    seats_fixed = 2
    data_files = {
        "dragons": DataFile("dragons.yaml", DragonDeck),
        "suits": DataFile("suits.yaml", SuitTable),
        "card_values": DataFile("card_values.yaml", CardValues, optional=True),
    }
    settings_model = LineSettings

    # --- data --------------------------------------------------------------------------------
    def load(self, folder: str | Path | None = None, with_values: bool = True) -> LineData:
        """The game's data read by this module's own loader (until the generic loader reads it)."""
        if folder is None:
            from generator.data.loader import project_root

            folder = project_root() / "data" / "dragon_line"
        return load_line_data(folder, with_values)

    def validate(self, game: Any) -> list[Any]:
        return validate(game)

    # --- command line and studio -------------------------------------------------------------
    def playtest_board_svg(self, game: Any, view: Mapping[str, Any]) -> str:
        """Both halves of the line slot by slot, with points, hands and stacks."""
        from generator.games.dragon_line.playtest_board import board_svg

        return board_svg(game, view)

    # --- rules -------------------------------------------------------------------------------
    def make_rules(self, game: Any, options: Mapping[str, Any] | None = None) -> Rules:
        return Rules.build(game, options)

    def new_game(self, rules: Rules, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> LineState:
        if players not in (None, 2):
            raise NotationError(f"Dragon Line is for 2 players, not {players}")
        if setup not in (None, "", *SETUPS):
            raise NotationError(f"unknown setup '{setup}'; expected one of {', '.join(SETUPS)}")
        return LineState(rules, seed, single=setup == "hand", record=record)

    def load_state(self, rules: Rules, data: Mapping[str, Any]) -> LineState:
        return state_from_dict(rules, data)

    def parse_action(self, state: GameState, seat: int, text: str) -> Any:
        """The legal action `text` names; lists of slots or cards may come in any order."""
        verb, args = parse_notation(text)
        legal = state.legal_actions(seat)
        for action in legal:
            shown = str(action).split()
            if shown[0] == verb and (
                    tuple(shown[1:]) == args if verb in CARD_VERBS
                    else sorted(a for a in shown[1:] if a != "none") == sorted(args)):
                return action
        listed = ", ".join(str(a) for a in legal[:20]) + (" ..." if len(legal) > 20 else "")
        decision = state.decision(seat)
        raise IllegalActionError(f"'{' '.join(text.split())}' is not legal for seat {seat + 1} now "
                                 f"({decision}); legal: {listed or 'nothing'}")

    def evaluate(self, state: GameState, seat: int) -> float:
        """Won hands' points so far plus cards still in play this hand, squashed to 0..1."""
        assert isinstance(state, LineState)
        if state.result is not None:
            return super().evaluate(state, seat)
        other = 1 - seat
        cards = [len(state.hands[s]) + len(state.lines[s]) for s in (0, 1)]
        edge = (state.points[seat] - state.points[other]) + 0.5 * (cards[seat] - cards[other])
        return 1.0 / (1.0 + math.exp(-edge))

    def policies(self) -> dict[str, PolicyFactory]:
        from generator.games.dragon_line.policies import greedy_policy, strong_policy

        found = super().policies()
        found.update({"greedy": greedy_policy, "strong": strong_policy})
        return found

    def sample_hidden(self, state: GameState, seat: int, rng: Any) -> GameState:
        """The enemy's stack, hand and face-down cards and the discards redealt as this seat's
        memory allows, later hands reseeded (`hidden.py`)."""
        from generator.games.dragon_line.hidden import sample_hidden

        assert isinstance(state, LineState)
        return sample_hidden(state, seat, rng)

    # --- report hooks --------------------------------------------------------------------------
    def setups(self, game: Any) -> list[str]:
        return ["match"]

    def seat_names(self, game: Any, players: int) -> list[str]:
        return [f"player {n}" for n in range(1, players + 1)]

    def game_metrics(self, state: GameState, trace: PlayTrace) -> dict[str, Any]:
        return metrics.game_metrics(state)

    def hazards(self, state: GameState, trace: PlayTrace) -> dict[str, int]:
        return metrics.hazards(state)

    def findings(self, game: Any, summary: Mapping[str, Any]) -> list[Finding]:
        return metrics.findings(game, summary)

    def playtime_minutes(self, game: Any, state: GameState, trace: PlayTrace) -> float | None:
        return metrics.playtime_minutes(state)

    # --- rulebook ------------------------------------------------------------------------------
    def rulebook_directives(self) -> dict[str, Any]:
        """`line`, `reach` and `cards`: figures and the card table drawn from the engine's tables."""
        from generator.games.dragon_line.rulebook_directives import DIRECTIVES

        return DIRECTIVES

    def rulebook_context(self, game: Any) -> dict[str, Any]:
        """Suits, cards, reach tables and worked examples for rules.md, all from the data."""
        from generator.games.dragon_line.rulebook_facts import rulebook_context

        return rulebook_context(game, self.make_rules(game))

    # --- print -----------------------------------------------------------------------------------
    def template_globals(self, game: Any) -> dict[str, Any]:
        """`reach(suit, range_bonus)`: the offsets an ability hits, for card pictograms and diagrams,
        from the same tables the engine resolves rounds with; `suits`: each suit's name, ability,
        effect, summary and how many reach rows (range bonuses) its table has."""
        rules = self.make_rules(game)
        suits = {s.id: {"id": s.id, "name": s.name, "ability": s.ability, "effect": s.effect,
                        "summary": s.summary, "bonuses": len(s.reach)} for s in game.suits.suits}
        return {"reach": rules.reach, "line_size": rules.line_size, "suits": suits}
