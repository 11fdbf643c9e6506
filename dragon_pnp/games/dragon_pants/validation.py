"""Cross-checks that span fields and files, run after the schema has accepted each file.

Each check is a named function returning findings. A `data` finding means the data cannot be
used as written (exit 2); a `rule` finding means it is well formed but breaks a rule the game
needs, such as a Destiny deck that may never end (exit 1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from dragon_pnp.data import GameData
from dragon_pnp.data.components import time_track
from dragon_pnp.data.findings import Check, Finding, FindingKind
from dragon_pnp.games.dragon_pants.data import signed
from dragon_pnp.games.dragon_pants.destiny import analyse_deck
from dragon_pnp.games.dragon_pants.engine.cards import DRAGON_PANTS_EFFECTS, ENGINE_OPTIONS
from dragon_pnp.hexgrid import Hex, neighbours

REACTION_TRIGGERS = {"attack", "curse", "theft", "bite"}
CHECKS: list[tuple[str, str, Check]] = []


def check(name: str, title: str) -> Callable[[Check], Check]:
    """Register a Dragon Pants cross-check under a short name and the title shown in the table."""

    def register(function: Check) -> Check:
        CHECKS.append((name, title, function))
        return function

    return register


def _finding(check_name: str, kind: FindingKind, game: GameData, file: str, path: tuple[Any, ...], message: str) -> Finding:
    return Finding(check_name, kind, message, game.locate(file, *path))


# --- identity ---------------------------------------------------------------------------------


@check("ids", "Unique ids")
def unique_ids(game: GameData) -> Iterator[Finding]:
    cards, dens, values = game.power.cards, game.board.homes, game.destiny.cards
    for i, first in _repeats(card.id for card in cards):
        yield _finding("ids", "data", game, "power_cards.yaml", ("cards", i, "id"),
                       f"duplicate card id {cards[i].id!r} (first used by cards[{first}])")
    for i, first in _repeats(den.id for den in dens):
        yield _finding("ids", "data", game, "board.yaml", ("dens", i, "id"),
                       f"duplicate den id {dens[i].id!r} (first used by dens[{first}])")
    for i, first in _repeats(den.number for den in dens):
        yield _finding("ids", "data", game, "board.yaml", ("dens", i, "number"),
                       f"den number {dens[i].number} is already used by dens[{first}]")
    for i, first in _repeats(None if card.blank else card.value for card in values):
        yield _finding("ids", "data", game, "destiny.yaml", ("cards", i, "value"),
                       f"Destiny value {signed(values[i].value)} is listed twice (first at cards[{first}]); "
                       "give one entry its total count")


def _repeats(keys: Iterable[object]) -> Iterator[tuple[int, int]]:
    """(index, index of first use) for every key seen before; None keys are never repeats."""
    first: dict[object, int] = {}
    for i, key in enumerate(keys):
        if key is None:
            continue
        if key in first:
            yield i, first[key]
        first.setdefault(key, i)


# --- the box ----------------------------------------------------------------------------------


@check("box", "Component counts match the box")
def box_counts(game: GameData) -> Iterator[Finding]:
    box = game.settings.box
    tiles = len(game.board.tiles) + len(game.board.homes)
    if tiles != box.tiles:
        yield _finding("box", "data", game, "board.yaml", ("tiles",),
                       f"{len(game.board.tiles)} tiles + {len(game.board.homes)} dens = {tiles}; the box has {box.tiles}")
    per_terrain = Counter(tile.terrain for tile in game.board.tiles)
    for name, terrain in game.board.terrains.items():
        have = len(game.board.homes) if terrain.is_home else per_terrain.get(name, 0)
        if have != terrain.count:
            yield _finding("box", "data", game, "board.yaml", ("terrains", name, "count"),
                           f"{terrain.name}: the board has {have} tiles but the box count is {terrain.count}")
    power = sum(card.count for card in game.power.cards)
    if power != box.power_cards:
        yield _finding("box", "data", game, "power_cards.yaml", ("cards",),
                       f"the Power cards add up to {power}; the box has {box.power_cards}")
    numbered = sum(card.count for card in game.destiny.cards if not card.blank)
    if numbered != box.destiny_cards:
        yield _finding("box", "data", game, "destiny.yaml", ("cards",),
                       f"the numbered Destiny cards add up to {numbered}; the box has {box.destiny_cards}")
    blanks = sum(card.count for card in game.destiny.cards if card.blank)
    if blanks != box.blank_destiny_cards:
        yield _finding("box", "data", game, "destiny.yaml", ("cards",),
                       f"there are {blanks} blank Destiny cards; the box has {box.blank_destiny_cards}")
    if box.pawns < game.game.players.max:
        yield _finding("box", "data", game, "game.yaml", ("box", "pawns"),
                       f"{box.pawns} pawns cannot seat {game.game.players.max} players")


# --- board ------------------------------------------------------------------------------------


@check("board", "Board shape, terrain and dens")
def board_shape(game: GameData) -> Iterator[Finding]:
    board = game.board
    den_terrains = [name for name, t in board.terrains.items() if t.is_home]
    if len(den_terrains) != 1:
        yield _finding("board", "data", game, "board.yaml", ("terrains",),
                       f"exactly one terrain must have is_den: true, found {len(den_terrains)}")
    places: dict[Hex, str] = {}
    for i, tile in enumerate(board.tiles):
        where = (tile.q, tile.r)
        if tile.terrain in board.terrains and board.terrains[tile.terrain].is_home:   # unknown: generic hex_maps
            yield _finding("board", "data", game, "board.yaml", ("tiles", i, "terrain"),
                           "dens are listed under `dens`, not as tiles")
        if where in places:
            yield _finding("board", "data", game, "board.yaml", ("tiles", i),
                           f"hex ({tile.q},{tile.r}) is already used by {places[where]}")
        places.setdefault(where, f"tiles[{i}]")
    board_hexes = {(t.q, t.r) for t in board.tiles}
    for i, den in enumerate(board.homes):
        where = (den.q, den.r)
        if where in places:
            yield _finding("board", "data", game, "board.yaml", ("dens", i),
                           f"den {den.id} at ({den.q},{den.r}) sits on {places[where]}")
            continue
        places[where] = f"dens[{i}]"
        touching = [h for h in neighbours(where) if h in board_hexes]
        if len(touching) != 1:
            shown = ", ".join(f"({q},{r})" for q, r in touching) or "none"
            yield _finding("board", "data", game, "board.yaml", ("dens", i),
                           f"den {den.id} at ({den.q},{den.r}) must touch exactly one board hex; it touches {len(touching)}: {shown}")
    yield from _connected(game, board_hexes)


def _connected(game: GameData, board_hexes: set[Hex]) -> Iterator[Finding]:
    """Every board hex must be reachable from every other, or some tile is off the grid."""
    if not board_hexes:
        return
    start = min(board_hexes, key=lambda h: (abs(h[0]) + abs(h[1]), h))
    reached, frontier = {start}, [start]
    while frontier:
        for nxt in neighbours(frontier.pop()):
            if nxt in board_hexes and nxt not in reached:
                reached.add(nxt)
                frontier.append(nxt)
    for i, tile in enumerate(game.board.tiles):
        if (tile.q, tile.r) not in reached:
            yield _finding("board", "data", game, "board.yaml", ("tiles", i),
                           f"hex ({tile.q},{tile.r}) is not connected to the rest of the board (off the grid?)")


@check("seats", "Seat maps for every player count")
def seat_maps(game: GameData) -> Iterator[Finding]:
    players = game.game.players
    dens = {den.id for den in game.board.homes}
    for count in range(players.min, players.max + 1):
        if count not in game.board.seats:
            yield _finding("seats", "data", game, "board.yaml", ("seats",),
                           f"no seat map for {count} players (game.yaml allows {players.min}-{players.max})")
    for count, seats in game.board.seats.items():
        if not players.min <= count <= players.max:
            yield _finding("seats", "data", game, "board.yaml", ("seats", count),
                           f"seat map for {count} players, but game.yaml allows {players.min}-{players.max}")
        if len(seats) != count:
            yield _finding("seats", "data", game, "board.yaml", ("seats", count),
                           f"{count} players need {count} seats, the map lists {len(seats)}")
        for j, den in enumerate(seats):
            if den not in dens:
                yield _finding("seats", "data", game, "board.yaml", ("seats", count, j),
                               f"unknown den {den!r}; expected one of {', '.join(sorted(dens))}")
        for den, times in Counter(seats).items():
            if times > 1:
                yield _finding("seats", "data", game, "board.yaml", ("seats", count),
                               f"den {den} is given to {times} seats")
    if players.min < 2:
        yield _finding("seats", "data", game, "game.yaml", ("players", "min"),
                       f"at least 2 players are needed, got {players.min}")
    for value in players.best:
        if not players.min <= value <= players.max:
            yield _finding("seats", "data", game, "game.yaml", ("players", "best"),
                           f"best player count {value} is outside {players.min}-{players.max}")


# --- cards ------------------------------------------------------------------------------------


@check("cards", "Power cards")
def power_cards(game: GameData) -> Iterator[Finding]:
    ids = {card.id for card in game.power.cards}
    for i, card in enumerate(game.power.cards):
        for j, trigger in enumerate(card.reacts_to):
            if trigger not in REACTION_TRIGGERS and trigger not in ids:
                yield _finding("cards", "data", game, "power_cards.yaml", ("cards", i, "reacts_to", j),
                               f"unknown trigger {trigger!r}; expected attack, curse, theft, bite or a card id")
        if card.target == "reaction" and "reaction" not in card.kinds:
            yield _finding("cards", "data", game, "power_cards.yaml", ("cards", i, "kinds"),
                           "a card with target: reaction must list the kind `reaction`")
    unplayable = [i for i, card in enumerate(game.power.cards) if card.target == "none"]
    if len(unplayable) != 1:
        yield _finding("cards", "data", game, "power_cards.yaml", ("cards",),
                       f"exactly one card must have target: none (the prize), found {len(unplayable)}")
    elif game.power.cards[unplayable[0]].count != 1:
        yield _finding("cards", "data", game, "power_cards.yaml", ("cards", unplayable[0], "count"),
                       "the prize card (target: none) must have count 1")
    yield from _opening_deal(game)


def _opening_deal(game: GameData) -> Iterator[Finding]:
    """The setup deal (R6) must fit the deck at the largest table and the hand limit."""
    settings = game.settings
    each = settings.opening_power_cards
    if each > settings.hand_limit:
        yield _finding("cards", "data", game, "game.yaml", ("settings", "opening_power_cards"),
                       f"{each} opening Power cards, but the hand limit is {settings.hand_limit}; "
                       f"expected at most {settings.hand_limit}")
    others = sum(card.count for card in game.power.cards) - 1  # every card but The Pants
    most = game.game.players.max
    if (most - 1) * each > others:
        yield _finding("cards", "data", game, "game.yaml", ("settings", "opening_power_cards"),
                       f"{most - 1} players without The Pants at {each} opening Power cards each need "
                       f"{(most - 1) * each}; the deck has {others} besides The Pants")


@check("options", "Rules options, card effects and print colours")
def options_and_colours(game: GameData) -> Iterator[Finding]:
    for name in game.game.rules_options:
        if name not in ENGINE_OPTIONS:
            yield _finding("options", "data", game, "game.yaml", ("rules_options", name),
                           f"the rules engine has no option {name!r}; it knows {', '.join(sorted(ENGINE_OPTIONS))}")
    for i, card in enumerate(game.power.cards):
        if card.id not in DRAGON_PANTS_EFFECTS:
            yield _finding("options", "data", game, "power_cards.yaml", ("cards", i, "id"),
                           f"the rules engine has no effect for card {card.id!r} (dragon_pnp/games/dragon_pants/engine/cards.py)")
    if game.settings.default_preset not in game.destiny.presets:
        yield _finding("options", "data", game, "game.yaml", ("default_preset",),
                       f"unknown preset {game.settings.default_preset!r}; expected one of {', '.join(game.destiny.presets)}")
    dens = [den.id for den in game.board.homes]
    colours = game.print_profile.seat_colours
    for den in dens:
        if den not in colours:
            yield _finding("options", "data", game, "print.yaml", ("seat_colours",), f"no colour for den {den}")
    for den in colours:
        if den not in dens:
            yield _finding("options", "data", game, "print.yaml", ("seat_colours", den), f"colour for unknown den {den!r}")
    for terrain in game.board.terrains:
        if terrain not in game.print_profile.palette("terrain"):
            yield _finding("options", "data", game, "print.yaml", ("palettes", "terrain"),
                           f"no colour for terrain {terrain}")


# --- Destiny ----------------------------------------------------------------------------------


@check("presets", "Presets use only cards in the box")
def preset_cards(game: GameData) -> Iterator[Finding]:
    in_box = {card.value: card.count for card in game.destiny.cards if not card.blank}
    for name, preset in game.destiny.presets.items():
        for value, count in preset.cards.items():
            path = ("presets", name, "cards", signed(value))
            if value not in in_box:
                shown = ", ".join(signed(v) for v in sorted(in_box))
                yield _finding("presets", "data", game, "destiny.yaml", path,
                               f"preset {name!r} uses {signed(value)} cards, which are not in the box ({shown})")
            elif count > in_box[value]:
                yield _finding("presets", "data", game, "destiny.yaml", path,
                               f"preset {name!r} needs {count} x {signed(value)} but the box has {in_box[value]}")
        if sum(preset.cards.values()) == 0:
            yield _finding("presets", "data", game, "destiny.yaml", ("presets", name, "cards"),
                           f"preset {name!r} has no cards")


@check("deck_rules", "Every preset ends (R2) and fits the time track (R4)")
def deck_rules(game: GameData) -> Iterator[Finding]:
    track = time_track(game)
    spare_minus_one = {card.value: card.count for card in game.destiny.cards if not card.blank}.get(-1, 0)
    for name, preset in game.destiny.presets.items():
        if sum(preset.cards.values()) == 0:
            continue
        total = sum(v * c for v, c in preset.cards.items())
        length = preset.length
        if total > -length:
            short = total + length
            spare = spare_minus_one - preset.cards.get(-1, 0)
            fixes = [f"lower the length to {-total}" if total < 0 else "add more negative cards"]
            if spare > 0:
                fixes.append(f"add {short} more -1 card{'s' if short > 1 else ''} ({spare} spare in the box)")
            yield _finding("deck_rules", "rule", game, "destiny.yaml", ("presets", name, "cards"),
                           f"preset {name!r} may never end: its cards sum to {total} but the length is {length}, "
                           f"so the sum must be {-length} or less (R2); {' or '.join(fixes)}")
        if length < track.first or length > track.last:
            yield _finding("deck_rules", "rule", game, "destiny.yaml", ("presets", name, "length"),
                           f"preset {name!r} starts at {length}, outside the time track ({track.first}-{track.last})")
            continue
        peak = analyse_deck(preset.cards, length, track_last=track.last).max_time
        if peak > track.last:
            yield _finding("deck_rules", "rule", game, "destiny.yaml", ("presets", name),
                           f"preset {name!r} can push the time to {peak} (length {length} plus every + card drawn first), "
                           f"past the last box {track.last} (R4); lower the length to {length - (peak - track.last)} "
                           f"or remove + cards worth {peak - track.last}")
