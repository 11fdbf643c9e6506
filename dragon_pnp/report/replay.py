"""The position a check's game had reached when its rules module hung or exited.

A game of the check is a function of its seed (`simulate.play_game`), so the position before
the decision that never finished is found by playing the same game again, the same players
choosing with the same generator, for that many decisions. The state at the moment the limit
struck may be half-changed (the module stopped inside `apply`); the one replayed is whole.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from dragon_pnp.games.boundary import Watchdog
from dragon_pnp.games.position_files import dump_yaml, position_document
from dragon_pnp.games.turns import SeatByBoard
from dragon_pnp.report.plan import Config


def replayed_state(table: Any, config: Config, seed: int, game_index: int, decisions: int) -> Any:
    """The state of the game of `seed` after `decisions` decisions, played as `play_game` plays it."""
    seat_policies = config.seat_policies(game_index)
    choose = random.Random(seed ^ 0x5EED)
    players = [table.policy(name) for name in seat_policies]
    state = table.module.new_game(table.rules, seed, config.players, config.setup or None)
    with Watchdog() as watch:   # each of these decisions finished in time once; a limit still holds
        for _ in range(decisions):
            moving = state.to_move()
            state.apply({seat: players[seat].choose(state, seat, choose) for seat in moving})
            watch.steps += 1
    return state


def position_text(table: Any, config: Config, seed: int, game_index: int, decisions: int,
                  options: dict[str, Any]) -> Callable[[], str]:
    """A position file's text for that state, made when asked (the boundary saves it)."""
    def text() -> str:
        state = replayed_state(table, config, seed, game_index, decisions)
        return dump_yaml(position_document(table.game.slug, options, SeatByBoard(table.module, state)))
    return text
