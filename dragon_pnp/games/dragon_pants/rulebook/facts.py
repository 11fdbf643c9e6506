"""The values `rules.md` may use through Jinja2, all read from the game data.

Numbers in the rulebook text are never typed by hand: `{{ settings.hand_limit }}`,
`{{ words(settings.actions_per_turn) }}`, `{{ card.fireball.name }}`, `{{ default_preset.length }}`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.data.components import time_track
from dragon_pnp.data.lang.words import ENGLISH, Phrases
from dragon_pnp.games.dragon_pants.data import PowerCard, signed
from dragon_pnp.games.dragon_pants.destiny import analyse_presets
from dragon_pnp.games.dragon_pants.printed_words import TRIGGER_WORDS
from dragon_pnp.rulebook.words import plural


@dataclass(frozen=True)
class PresetFacts:
    """A Destiny preset as the rulebook states it, with the shared Destiny analysis attached."""

    id: str
    name: str
    length: int
    recommended: bool
    cards: dict[int, int]
    size: int
    sum: int
    guaranteed: bool
    p_end: float
    max_time: int




def answers(card: PowerCard, cards: Iterable[PowerCard], phrases: Phrases = ENGLISH) -> str:
    """What a reaction card answers, from its reacts_to list: "an attack, a curse or a theft"
    (in the kit's language: the module's `trigger.*` words, joined with its "or")."""
    card_names = {c.id: c.name for c in cards}
    parts = [phrases.module(f"trigger.{t}", TRIGGER_WORDS[t]) if t in TRIGGER_WORDS
             else phrases.module("trigger.card", "a {name}").replace("{name}", card_names.get(t, t)) for t in card.reacts_to]
    joined = phrases.names(parts)
    return joined if len(parts) < 2 else joined.replace(f" {phrases.text('words.and')} ", f" {phrases.text('words.or')} ")


def preset_facts(game: GameData) -> list[PresetFacts]:
    found = []
    for analysis in analyse_presets(game):
        if analysis.preset is None:   # analyse_presets names every preset it reads
            continue
        preset = game.destiny.presets[analysis.preset]
        found.append(PresetFacts(
            id=analysis.preset, name=preset.name, length=preset.length, recommended=preset.recommended,
            cards=dict(preset.cards), size=analysis.size, sum=analysis.sum, guaranteed=analysis.guaranteed,
            p_end=float(analysis.p_end), max_time=analysis.max_time,
        ))
    return found


def destiny_example(preset: PresetFacts) -> dict[str, int]:
    """Card values for the worked time example: two falls and a rise from the given preset."""
    falls = sorted((v for v, n in preset.cards.items() if v < 0 and n), key=lambda v: (-preset.cards[v], v))
    rises = sorted((v for v, n in preset.cards.items() if v > 0 and n), key=lambda v: (-preset.cards[v], v))
    first = falls[0] if falls else -1
    second = falls[1] if len(falls) > 1 else first
    rise = rises[0] if rises else 1
    start = preset.length
    return {"start": start, "first": first, "second": second, "rise": rise,
            "after_first": start + first, "after_second": start + first + second,
            "after_rise": start + first + second + rise}


def cards_with(game: GameData, **match: Any) -> list[PowerCard]:
    """Power cards whose fields match, e.g. cards_with(target="flat_line")."""
    return [c for c in game.power.cards if all(getattr(c, k) == v for k, v in match.items())]


def template_context(game: GameData) -> dict[str, Any]:
    """Everything rules.md may refer to."""
    info = game.game
    presets = preset_facts(game)
    by_id = {p.id: p for p in presets}
    terrains = game.board.terrains
    return {
        "game": info,
        "settings": game.settings,
        "board": game.board,
        "terrain": terrains,
        "terrain_of": {flag: [t for t in terrains.values() if getattr(t, attribute)] for flag, attribute in
                       (("blocks_sight",) * 2, ("sight_immune",) * 2, ("draw_power",) * 2, ("is_den", "is_home"),
                        ("holds_one",) * 2)},
        "tiles_total": len(game.board.tiles) + len(game.board.homes),
        "card": {c.id: c for c in game.power.cards},
        "cards": game.power.cards,
        "cards_with": lambda **kw: cards_with(game, **kw),
        "power_total": sum(c.count for c in game.power.cards),
        "destiny": game.destiny,
        "time_track": time_track(game),
        "destiny_numbered": sum(c.count for c in game.destiny.cards if not c.blank),
        "destiny_blank": sum(c.count for c in game.destiny.cards if c.blank),
        "presets": presets,
        "preset": by_id,
        "default_preset": by_id[game.settings.default_preset],
        "options": info.rules_options,
        "time_example": destiny_example(by_id[game.settings.default_preset]),
        "seats": game.board.seats,
        "den_colours": game.print_profile.seat_colours,
        "player_counts": sorted(game.board.seats),
        "words": info.phrases.number_word,
        "answers": lambda c: answers(c, game.power.cards, info.phrases),
        "plural": plural,
        "names": lambda items: info.phrases.names([str(i) for i in items]),
        "signed": signed,
    }
