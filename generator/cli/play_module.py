"""`dragon-pnp play` for games with a rules module: through the game interface only.

Simultaneous choices are entered one seat at a time (`SeatByBoard`): `--do` gives the next
deciding seat's action, and a choice committed while the other seat has not chosen is kept in
the position's `pending:` (seat number -> notation) and shown to no one else. Positions are the
module's `to_dict()` written as YAML; a bad file is reported with its line and field.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

from generator.data.located_yaml import SourceMap, format_path, load_yaml
from generator.errors import DataError, IllegalActionError, Location, NotationError
from generator.games.api import GameModule
from generator.games.registry import UnknownRulesModule, game_module
from generator.games.turns import SeatByBoard

PENDING = "pending"


def rules_module_of(folder: Path) -> str | None:
    """The `rules_module` named in a game folder's game.yaml, or None (Dragon Pants' own engine)."""
    try:
        raw = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    name = raw.get("rules_module") if isinstance(raw, dict) else None
    return name if isinstance(name, str) and name else None


def play_with_module(folder: Path, module_name: str, new: bool, position: Path | None, do: list[str],
                     legal: bool, as_json: bool, seed: int, options: dict[str, bool], players: int | None) -> int:
    try:
        module = game_module(module_name)
    except UnknownRulesModule as exc:
        raise DataError(Location(folder / "game.yaml", field="rules_module"), str(exc)) from None
    if new:
        try:
            rules = module.make_rules(folder, options)
            state = module.new_game(rules, seed, players=players)
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        board = SeatByBoard(module, state)
    else:
        if options:
            raise NotationError("--option goes with --new; a position file carries its own options")
        board = _load(module, folder, position)  # type: ignore[arg-type]
    state = board.state
    if hasattr(state, "record"):
        state.record = True
    start = len(state.events)
    for i, text in enumerate(do, start=1):
        try:
            board.apply(text)
        except IllegalActionError as exc:
            raise IllegalActionError(f"--do #{i} '{text}': {exc}") from None
        except NotationError as exc:
            raise NotationError(f"--do #{i}: {exc}") from None
    names = _seat_names(module, folder, state)
    if legal:
        options_now = [str(a) for a in board.legal_actions()]
        if as_json:
            _out(json.dumps(options_now) + "\n")
        elif board.decider is None:
            _out(f"# the game is over ({state.result.reason}); no legal actions\n")
        else:
            seat = board.decider
            _out(f"# {names[seat]} decides ({state.decision(seat)}):\n" + "".join(f"{a}\n" for a in options_now))
        return 0
    data = _position(board, names)
    if as_json:
        _out(json.dumps(data, indent=2) + "\n")
        return 0
    lines = [f"# {line}\n" for line in _narrate(state.events[start:], names)]
    _out("".join(lines) + yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100))
    return 0


def _position(board: SeatByBoard, names: list[str]) -> dict[str, Any]:
    data = dict(board.state.to_dict())
    if board.pending:
        data[PENDING] = {names[seat]: text for seat, text in board.pending_notation().items()}
    return data


def _load(module: GameModule, folder: Path, position: Path) -> SeatByBoard:
    try:
        raw, source = load_yaml(position)
    except DataError as exc:
        raise NotationError(str(exc)) from None
    if not isinstance(raw, dict):
        raise NotationError(f"{position}: a position is a mapping of fields")
    options = raw.get("options") or {}
    if not isinstance(options, dict):
        raise NotationError(f"{source.locate(('options',))}: options map names to true or false")
    try:
        rules = module.make_rules(folder, options)
    except ValueError as exc:
        raise NotationError(f"{source.locate(('options',))}: {exc}") from None
    pending_raw = raw.pop(PENDING, None) or {}
    try:
        state = module.load_state(rules, raw)
    except NotationError as exc:
        raise _relocated(exc, source) from None
    names = _seat_names(module, folder, state)
    board = SeatByBoard(module, state)
    for name, text in (pending_raw.items() if isinstance(pending_raw, dict) else []):
        if name not in names:
            raise NotationError(f"{source.locate((PENDING, name))}: expected a seat ({', '.join(names)})")
        seat = names.index(name)
        if board.decider != seat:
            raise NotationError(f"{source.locate((PENDING, name))}: the {name} is not the next to choose here")
        try:
            board.apply(str(text))
        except IllegalActionError as exc:
            raise NotationError(f"{source.locate((PENDING, name))}: {exc}") from None
    return board


def _relocated(exc: NotationError, source: SourceMap) -> NotationError:
    """A module's position error names a field; add the file's line and column for it."""
    location = getattr(exc, "location", None)
    if location is None or not location.field:
        return NotationError(f"{source.file}: {exc}")
    paths = {format_path(path): path for path in source.positions}
    path = paths.get(location.field)
    where = source.locate(path) if path is not None else Location(source.file, field=location.field)
    return NotationError(f"{where}: {getattr(exc, 'message', exc)}")


def _seat_names(module: GameModule, folder: Path, state: Any) -> list[str]:
    try:
        return module.seat_names(folder, state.seats)
    except Exception:  # a module without roles still plays: seats by number
        return [f"seat {n}" for n in range(1, state.seats + 1)]


def _narrate(events: list, names: list[str]) -> list[str]:
    lines = []
    for event in events:
        who = "" if event.seat is None else f" {names[event.seat]}"
        detail = event.to_json()["detail"]
        if isinstance(detail, list):
            detail = ", ".join(str(d) for d in detail)
        elif isinstance(detail, dict):
            detail = json.dumps(detail)
        shown = "" if detail is None else f" ({detail})"
        lines.append(f"{event.kind}:{who}{shown}")
    return lines


def _out(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


__all__ = ["play_with_module", "rules_module_of"]
