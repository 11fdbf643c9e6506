"""`dragon-pnp play [GAME]`: deal a position, apply actions to one, or list the legal actions.

Settles rules questions from the command line for any game with a rules module: write (or
save) a position, apply the action in question, and read the position and the events that
followed. Choices made at once (both players choose, then reveal) are taken one seat at a time
and kept hidden in the position's `pending` until the last seat has chosen. docs/positions.md.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from dragon_pnp.cli.app import app
from dragon_pnp.cli.game_choice import chosen_game
from dragon_pnp.cli.game_words import ALLOW_GAME_WORDS, game_and_words, setup_from_words
from dragon_pnp.errors import DragonPnpError, GameNotFoundError, IllegalActionError, NotationError
from dragon_pnp.games.api import GameModule
from dragon_pnp.games.boundary import Watchdog, rules_boundary, terminate_cleanly
from dragon_pnp.games.parts import PlaytestPart, Vocabulary
from dragon_pnp.games.position_files import (
    dump_yaml,
    game_named,
    load_position,
    position_document,
    read_position_file,
    seat_key,
)
from dragon_pnp.games.registry import load_game, module_for_game
from dragon_pnp.games.turns import SeatByBoard
from dragon_pnp.players import policy_factory

if TYPE_CHECKING:
    from dragon_pnp.data.loader import GameData


@app.command(context_settings=ALLOW_GAME_WORDS)
def play(
    ctx: typer.Context,
    game_name: str | None = typer.Argument(None, metavar="[GAME]", help="A game name under data/ or a game folder (default: the position's game, else $DRAGON_PNP_GAME, the game folder you are in, or the only game under data/)."),
    new: bool = typer.Option(False, "--new", help="Deal a new game."),
    position: Path | None = typer.Option(None, "--position", help="A position file (YAML or JSON) to continue."),
    do: list[str] = typer.Option([], "--do", help='An action in notation, e.g. "play fireball 3"; repeat for several.'),
    legal: bool = typer.Option(False, "--legal", help="Say who decides what, and list their legal actions (after any --do)."),
    as_json: bool = typer.Option(False, "--json", help="Print the position with its events (or the --legal answer) as JSON."),
    players: int | None = typer.Option(None, "--players", help="Players for --new (default: the game's)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the game's chance (shuffles, dice) for --new."),
    setup: str | None = typer.Option(None, "--setup", help="The game's setup for --new (the game's own word for a setup works as the flag too)."),
    option: list[str] = typer.Option([], "--option", help="A rules option for --new, e.g. banish_any_range=true."),
    game: str | None = typer.Option(None, "--game", help="The same as GAME."),
    auto: list[str] = typer.Option([], "--auto", help="After any --do, let a player make the next decision, e.g. --auto search:400 (repeat for more; its choices are seeded by --seed)."),
) -> int:
    """Deal or load a position, apply actions in order, print the result or the legal actions.

    Exit 1 with the reason when an action is illegal; exit 2 for a malformed file or action.
    """
    game_name = game_and_words(ctx, game_name)
    if new == (position is not None):
        raise NotationError("give exactly one of --new or --position FILE")
    if game_name and game and game_name != game:
        raise NotationError(f"GAME {game_name} and --game {game} name different games")
    raw = source = None
    if position is not None:
        raw, source = read_position_file(position)
    name = game_name or game or (game_named(raw) if raw is not None else None)
    if not name:
        try:
            name = chosen_game(None, "play")
        except GameNotFoundError as exc:
            if position is None:
                raise
            raise GameNotFoundError(f"{position}: the position names no game (a top-level `game:`); {exc}") from None
    data = load_game(name)
    module = module_for_game(data)
    if module is None:
        raise NotationError(f"{data.slug} has no rules module (game.yaml rules_module): there is nothing to play; "
                            "its kit and rulebook build without one")
    setup = setup_from_words(ctx, module, setup)
    # The rules module's code runs from here on: each step (the deal or load, an action, a
    # player's choice, the listing) under the per-step limit, and whatever the code does wrong is
    # one message naming the method, with the position before that step saved for replaying.
    before: list[str] = []
    restore = terminate_cleanly()
    try:
        with Watchdog() as watch, rules_boundary(module, data.game.rules_module, slug=data.slug,
                                                 position=lambda: before[0] if before else None):
            return _played(module, data, new, raw, source, position, option, players, seed, setup, do, auto,
                           legal, as_json, before, watch)
    finally:
        restore()


def _played(module: GameModule, data: Any, new: bool, raw: Any, source: Any, position: Path | None,
            option: list[str], players: int | None, seed: int, setup: str | None, do: list[str],
            auto: list[str], legal: bool, as_json: bool, before: list[str], watch: Watchdog) -> int:
    """The play command once its game is loaded: deal or load, apply, list or print."""
    if new:
        options = _parse_options(option)
        try:
            rules = module.make_rules(data, options)
            state = module.new_game(rules, seed, players, setup, record=True)
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        board = SeatByBoard(module, state)
    else:
        if option:
            raise NotationError("--option goes with --new; a position file carries its own options")
        named = game_named(raw) if raw is not None else None
        if named and named != data.slug:
            raise NotationError(f"{position}: the position is of {named}, not {data.slug}")
        assert raw is not None and source is not None   # read above: exactly one of --new and --position
        board, options = load_position(module, data, raw, source)
    options = {**_defaults(data), **options}
    if hasattr(board.state, "record"):
        board.state.record = True   # a position is played by hand: narrate what follows
    names = [seat_key(board.state, seat) for seat in range(board.state.seats)]
    start = len(board.state.events)

    def step() -> None:
        """A step begins: its position is the one to save if the rules fail in it."""
        watch.steps += 1
        before[:] = [dump_yaml(position_document(data.slug, options, board))]

    for i, text in enumerate(do, start=1):
        step()
        try:
            board.apply(text)
        except IllegalActionError as exc:
            raise IllegalActionError(f"--do #{i} '{' '.join(text.split())}': {exc}") from None
        except DragonPnpError as exc:
            raise NotationError(f"--do #{i}: {exc}") from None
    _auto(module, board, auto, seed, data, options, step)
    step()
    # Plain text on stdout (no styling or wrapping): the output is a file or a script's input.
    if legal:
        _out(_legal(module, board, as_json))
        return 0
    document = position_document(data.slug, options, board)
    events = board.state.events[start:]
    if as_json:
        document["events"] = [{"kind": e.kind, "seat": None if e.seat is None else e.seat + 1,
                               "detail": e.to_json()["detail"], "text": module.part(PlaytestPart).describe_event(e, names)} for e in events]
        _out(json.dumps(document, indent=2) + "\n")
        return 0
    _out("".join(f"# {module.part(PlaytestPart).describe_event(e, names)}\n" for e in events) + dump_yaml(document))
    return 0


def _auto(module: GameModule, board: SeatByBoard, names: list[str], seed: int, data: Any,
          options: dict[str, Any], step: Callable[[], None]) -> None:
    """Each --auto player makes the next decision: the deciding seat's, on the state alone (a choice
    already committed at a simultaneous node is not in the state, so no player sees another's)."""
    if not names:
        return
    rules = module.make_rules(data, options)
    draw = random.Random(f"play:{seed}")
    for i, name in enumerate(names, start=1):
        try:
            player = policy_factory(module, name)(rules)
        except ValueError as exc:
            raise NotationError(f"--auto #{i} '{name}': {exc}") from None
        step()
        seat = board.decider
        if seat is None:
            raise IllegalActionError(f"--auto #{i} '{name}': the game is over; nobody decides")
        board.apply(str(player.choose(board.state, seat, draw)))


def _legal(module: GameModule, board: SeatByBoard, as_json: bool) -> str:
    """Who decides, what kind of decision, and the legal actions in notation (seats from 1)."""
    state = board.state
    decider = board.decider
    actions = [str(a) for a in board.legal_actions()]
    decision = state.decision(decider) if decider is not None else None
    if as_json:
        result = state.result
        answer: dict[str, Any] = {
            "to_move": [s + 1 for s in state.to_move()],
            "decider": None if decider is None else decider + 1,
            "decision": decision,
            "legal": actions,
            "committed": sorted(s + 1 for s in board.pending),
            "result": None if result is None else {"winners": [s + 1 for s in result.winners],
                                                   "reason": result.reason, "rounds": result.rounds},
        }
        return json.dumps(answer) + "\n"
    if decider is None:
        over = state.result.reason if state.result is not None else "no one to move"
        return f"# the game is over ({over}); no legal actions\n"
    who = seat_key(state, decider)
    who = f"{module.part(Vocabulary).seat_noun} {who}" if who.isdigit() else who
    return f"# {who} decides ({decision}):\n" + "".join(f"{a}\n" for a in actions)


def _defaults(data: GameData) -> dict[str, Any]:
    """Every rules option of the game at its default (game.yaml rules_options)."""
    return {name: opt.default for name, opt in (data.game.rules_options or {}).items()}


def _out(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _parse_options(items: list[str]) -> dict[str, bool]:
    options: dict[str, bool] = {}
    for item in items:
        name, sep, value = item.partition("=")
        value = value.strip().lower() if sep else "true"
        if value not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
            raise NotationError(f"--option {item!r}: expected NAME=true or NAME=false")
        options[name.strip()] = value in ("true", "yes", "1", "on")
    return options
