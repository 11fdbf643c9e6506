"""`dragon-pnp play`: deal a position, apply actions to one, or list the legal actions.

Settles rules questions from the command line: write (or save) a position, apply the action
in question, and read the position and the events that followed. See docs/positions.md.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
import yaml

from generator.cli.app import app
from generator.cli.play_module import play_with_module, rules_module_of
from generator.data import load_game
from generator.data.loader import resolve_game_dir
from generator.engine import Action, Rules, new_game
from generator.engine.positions import dump_position, load_position
from generator.errors import IllegalActionError, NotationError


@app.command()
def play(
    game_name: Optional[str] = typer.Argument(None, metavar="[GAME]", help="A game name under data/ or a game folder (default: the position's game, else dragon_pants)."),
    new: bool = typer.Option(False, "--new", help="Deal a new game."),
    position: Optional[Path] = typer.Option(None, "--position", help="A position file (YAML or JSON) to continue."),
    do: list[str] = typer.Option([], "--do", help='An action in notation, e.g. "play fireball 3"; repeat for several.'),
    legal: bool = typer.Option(False, "--legal", help="List the legal actions of whoever must decide (after any --do)."),
    as_json: bool = typer.Option(False, "--json", help="Print the position (or --legal list) as JSON."),
    players_given: Optional[int] = typer.Option(None, "--players", help="Players for --new (Dragon Pants: default 4)."),
    seed: int = typer.Option(0, "--seed", help="Shuffle seed for --new."),
    preset: Optional[str] = typer.Option(None, "--preset", help="Destiny preset for --new (default: the game's)."),
    option: list[str] = typer.Option([], "--option", help="A rules option for --new, e.g. banish_any_range=true."),
    game: Optional[str] = typer.Option(None, "--game", help="A game name under data/ or a game folder (default: the position's game, else dragon_pants)."),
) -> int:
    """Deal or load a position, apply actions in order, print the result or the legal actions.

    Exit 1 with the reason when an action is illegal; exit 2 for a malformed file or action.
    """
    if new == (position is not None):
        raise NotationError("give exactly one of --new or --position FILE")
    name = game_name or game or (_game_named_in(position) if position is not None else None) or "dragon_pants"
    folder = resolve_game_dir(name)
    module_name = rules_module_of(folder)
    if module_name is not None and module_name != "dragon_pants":
        # Games with a rules module play through the game interface (generator.games.api).
        return play_with_module(folder, module_name, new, position, do, legal, as_json, seed,
                                _parse_options(option), players_given)
    data = load_game(folder)
    if new:
        try:
            rules = Rules.from_game(data, _parse_options(option))
            state = new_game(rules, players=players_given or 4, seed=seed, preset=preset)
        except ValueError as exc:
            raise NotationError(str(exc)) from None
    else:
        if option:
            raise NotationError("--option goes with --new; a position file carries its own options")
        state = load_position(position, lambda options: Rules.from_game(data, options))
    actions = []
    for i, text in enumerate(do, start=1):
        try:
            actions.append(Action.parse(text))
        except NotationError as exc:
            raise NotationError(f"--do #{i}: {exc}") from None
    state.record = True
    start = len(state.events)
    for i, action in enumerate(actions, start=1):
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"--do #{i} '{action}': {exc}") from None
    # Plain text on stdout (no styling or wrapping): the output is a file or a script's input.
    if legal:
        options = [str(a) for a in state.legal_actions()]
        if as_json:
            _out(json.dumps(options) + "\n")
        elif state.is_over:
            _out(f"# the game is over ({state.result.reason}); no legal actions\n")
        else:
            _out(f"# dragon {state.decider + 1} decides ({state.decision}):\n" + "".join(f"{a}\n" for a in options))
        return 0
    if as_json:
        _out(dump_position(state, as_json=True))
        return 0
    _out("".join(f"# {line}\n" for line in _narrate(state, start)) + dump_position(state))
    return 0


def _out(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _game_named_in(position: Path) -> str | None:
    """The `game` field of a position file, if it can be read; load_position reports any problem."""
    try:
        raw = yaml.safe_load(position.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    name = raw.get("game") if isinstance(raw, dict) else None
    return name if isinstance(name, str) and name else None


def _parse_options(items: list[str]) -> dict[str, bool]:
    options: dict[str, bool] = {}
    for item in items:
        name, sep, value = item.partition("=")
        value = value.strip().lower() if sep else "true"
        if value not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
            raise NotationError(f"--option {item!r}: expected NAME=true or NAME=false")
        options[name.strip()] = value in ("true", "yes", "1", "on")
    return options


def _narrate(state, start: int) -> list[str]:
    """The events since `start`, one readable line each (seats 1-based)."""
    lines = []
    for event in state.events[start:]:
        who = "nobody" if event.seat is None else f"dragon {event.seat + 1}"
        detail = event.detail
        if event.kind in ("bite", "swap") and isinstance(detail, int):
            detail = f"dragon {detail + 1}"
        elif event.kind == "steal":
            detail = f"{detail[0]} from dragon {detail[1] + 1}"
        elif event.kind == "pants":
            detail = "from " + ("nobody" if detail is None else f"dragon {detail + 1}")
        elif event.kind == "target":
            detail = f"dragon {detail + 1}"
        elif event.kind == "draw":
            detail = f"{detail[1]} from the {detail[0]}"
        lines.append(f"{event.kind}: {who}" + ("" if detail is None else f" ({detail})"))
    return lines
