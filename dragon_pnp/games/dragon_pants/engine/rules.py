"""`Rules`: one game's data turned into the flat tables the engine reads on every step.

Everything game-specific comes from the data (board, cards, hand limit, actions per turn,
turn cap, seat maps, Destiny presets, rules options); card behaviour comes from `cards.py`.
Built once per (game, options); a `PantsState` only holds a reference to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragon_pnp.games.dragon_pants.engine import cards as fx
from dragon_pnp.games.dragon_pants.engine.actions import Action
from dragon_pnp.games.dragon_pants.engine.board import BoardTables, _Line, step_distances

# Targeting codes, from power_cards.yaml `target`.
T_NONE, T_SELF, T_FLAT, T_DIAGONAL, T_ANY, T_ALL, T_REACTION = range(7)
TARGETING = {
    "none": T_NONE,
    "self": T_SELF,
    "flat_line": T_FLAT,
    "diagonal_line": T_DIAGONAL,
    "any_player": T_ANY,
    "all_others": T_ALL,
    "reaction": T_REACTION,
}
BITE_TRIGGERS = frozenset({"attack", "theft", "bite"})  # R11: a bite is an attack and a theft


class Rules:
    """The rules of one game with one choice of rules options, as lookup tables."""

    def __init__(self, game_data: Any, options: Mapping[str, bool] | None = None, turn_cap: int | None = None):
        game = game_data.game
        known = dict(game.rules_options)
        chosen = {name: opt.default for name, opt in known.items()}
        for name, value in (options or {}).items():
            if name not in known:
                listed = ", ".join(sorted(known)) or "none"
                raise ValueError(f"unknown rules option {name!r}; the game's options are: {listed}")
            if not isinstance(value, bool):
                raise ValueError(f"rules option {name!r} must be true or false, got {value!r}")
            chosen[name] = value
        self.data = game_data
        self.options: dict[str, bool] = chosen
        self.game_name: str = game.name
        self.slug: str = getattr(game_data, "slug", "")
        settings = game_data.settings
        self.actions_per_turn: int = settings.actions_per_turn
        self.hand_limit: int = settings.hand_limit
        self.opening_power_cards: int = settings.opening_power_cards
        self.turn_cap: int = settings.turn_cap if turn_cap is None else int(turn_cap)
        if self.turn_cap < 1:
            raise ValueError(f"turn cap {self.turn_cap}: expected at least 1")
        self.players_min: int = game.players.min
        self.players_max: int = game.players.max
        self.default_preset: str = settings.default_preset
        self.presets = game_data.destiny.presets

        board = BoardTables.from_game(game_data, chosen)
        self.board = board
        # Moves from every hex to every other (99 where none leads): the greedy player's tables
        # and the game's `evaluate` read it in every playout.
        self.distances: list[list[int]] = step_distances(board.steps, board.size)
        self.seats: dict[int, tuple[str, ...]] = {n: tuple(ids) for n, ids in game_data.board.seats.items()}
        self.seat_dens: dict[int, tuple[int, ...]] = {
            n: tuple(board.den_hex[d] for d in ids) for n, ids in self.seats.items()
        }

        # Kinds of card (data order) and card instances (each physical card, kinds expanded).
        power = game_data.power.cards
        self.card_ids: tuple[str, ...] = tuple(c.id for c in power)
        self.card_names: dict[str, str] = {c.id: c.name for c in power}
        self.kind_index: dict[str, int] = {cid: k for k, cid in enumerate(self.card_ids)}
        unknown = [cid for cid in self.card_ids if cid not in fx.DRAGON_PANTS_EFFECTS]
        if unknown:
            raise ValueError(f"power card(s) {', '.join(unknown)} have no effect known to the engine (dragon_pnp/games/dragon_pants/engine/cards.py)")
        self.kind_effect: tuple[str, ...] = tuple(fx.DRAGON_PANTS_EFFECTS[cid] for cid in self.card_ids)
        self.kind_target: list[int] = [TARGETING[c.target] for c in power]
        self.inst_kind: tuple[int, ...] = tuple(k for k, c in enumerate(power) for _ in range(c.count))
        self.card_count = len(self.inst_kind)
        pants = [k for k, e in enumerate(self.kind_effect) if e == fx.NOTHING]
        if len(pants) != 1 or power[pants[0]].count != 1:
            raise ValueError("the Power deck needs exactly one card that is never played (The Pants)")
        self.pants_kind = pants[0]
        self.pants_card = self.inst_kind.index(self.pants_kind)

        # Variants that change a card (R17, R22, R26, R27).
        def option_kind(name: str) -> int | None:
            cid = fx.VARIANT_CARDS[name]
            return self.kind_index.get(cid) if chosen.get(name) else None

        self.thaw_kind = option_kind("fireball_ends_freeze")
        self.storm_home_kind = option_kind("thunderstorm_self_return")
        self.kind_ignores_mountains = tuple(False for _ in power)
        shock = option_kind("shock_ignores_mountains")
        if shock is not None:
            self.kind_ignores_mountains = tuple(k == shock for k in range(len(power)))
        banish = option_kind("banish_any_range")
        if banish is not None:
            self.kind_target[banish] = T_ANY
        self.kind_target = list(self.kind_target)

        # Per kind of line-of-sight card: the line table it reads and whether the flank variant
        # applies, so listing targets is a lookup.
        no_lines: tuple[tuple[_Line | None, ...], ...] = ()   # a card that needs no line of sight
        self.kind_lines = tuple(
            board.flat if t == T_FLAT else board.diagonal if t == T_DIAGONAL else no_lines for t in self.kind_target
        )
        self.kind_flanks = tuple(t == T_DIAGONAL and board.diagonal_blocked_by_flanks for t in self.kind_target)

        # Per card instance: is it a card that costs no action (Boost)? Checked whenever a
        # turn runs out of actions, to end it without listing options.
        self.inst_free = tuple(self.kind_target[k] == T_SELF for k in self.inst_kind)

        # Which reactions answer which card (R19): a reaction fits when its reacts_to meets the
        # played card's kinds or id; a bite counts as attack, theft and "bite".
        reacts = {k: frozenset(c.reacts_to) for k, c in enumerate(power) if c.target == "reaction"}
        self.reaction_kinds = tuple(sorted(reacts))
        self.fits: tuple[frozenset[int], ...] = tuple(
            frozenset(r for r, answers in reacts.items() if answers & (set(c.kinds) | {c.id})) for c in power
        )
        self.fits_bite: frozenset[int] = frozenset(r for r, answers in reacts.items() if answers & BITE_TRIGGERS)

        # Every action that can ever be legal, built once so legal_actions(seat) only picks them.
        hexes = board.hexes
        self.move_actions = tuple(Action("move", hex=h) for h in hexes)
        # Per hex: every move in neighbour order with a flag for hexes that hold one dragon
        # (mountains, open only while empty, R8), and the moves when no such hex is next door.
        self.step_moves = tuple(
            tuple((h, self.move_actions[h], board.holds_one[h]) for h in board.steps[i]) for i in range(board.size)
        )
        self.guarded = tuple(any(board.holds_one[h] for h in board.steps[i]) for i in range(board.size))
        self.open_moves = tuple(tuple(self.move_actions[h] for h in board.steps[i]) for i in range(board.size))
        max_seats = max(self.seats) if self.seats else 6
        self.play_actions = tuple(
            tuple(Action("play", card=cid, target=t) for t in range(max_seats)) + (Action("play", card=cid),)
            for cid in self.card_ids
        )
        self.react_actions = tuple(Action("react", card=cid) for cid in self.card_ids)
        self.choice_actions = {
            verb: {(k, spent): Action(verb, card=cid, spent=spent) for k, cid in enumerate(self.card_ids) for spent in (False, True)}
            for verb in ("lose", "steal", "discard")
        }

    @classmethod
    def from_game(cls, game_data: Any, options: Mapping[str, bool] | None = None,
                  turn_cap: int | None = None) -> Rules:
        """Rules for a loaded game; `options` override game.yaml defaults, `turn_cap` its cap."""
        return cls(game_data, options, turn_cap)

    def destiny_deck(self, preset: str | None = None, length: int | None = None,
                     deck: Mapping[int, int] | None = None) -> tuple[dict[int, int], int]:
        """The Destiny composition and game length for a preset name or a custom deck."""
        if deck is not None:
            composition = {int(v): int(c) for v, c in deck.items()}
            if any(c < 0 for c in composition.values()):
                raise ValueError("a Destiny deck cannot hold a negative number of cards")
            if length is None:
                length = self.presets[preset or self.default_preset].length
            return composition, int(length)
        name = preset or self.default_preset
        if name not in self.presets:
            raise ValueError(f"unknown preset {name!r}; expected one of {', '.join(self.presets)}")
        chosen = self.presets[name]
        return dict(chosen.cards), int(length if length is not None else chosen.length)
