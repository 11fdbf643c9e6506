"""The one interface through which generic code (play, check, studio) reaches a game's rules.

Modelled on OpenSpiel's state API so one driver serves sequential turns (Dragon Pants),
simultaneous choices revealed together (Dragon Dance, Dragon Line) and chance (shuffles, dice):

- `state.to_move()` names the seats that must decide now: `()` once the game is over, `(s,)` for
  one seat, `(0, 1)` when both choose at once. Chance never asks anyone: it is drawn inside
  `apply` from the state's own seeded generator, so a game replays exactly from its seed.
- `state.legal_actions(seat)` lists that seat's choices in a stable order; each action prints as
  its notation (`str(action)`) and the game parses the notation back.
- `state.apply({seat: action, ...})` takes exactly one action from every seat in `to_move()`.
- `state.view(seat)` is what that seat may see (a JSON-able mapping: its own hand, the other's
  committed-but-hidden choice shown only as "chosen"); `view(None)` is the public view.
- `state.clone()`, `state.to_dict()` and `module.load_state(rules, data)` round-trip exactly.

A game module subclasses `GameModule` and implements its ten core hooks (data checks, rules,
new games, positions, actions, a heuristic, players, setups, player counts, seat names); what
else it offers (report, rulebook, kit, commands, playtest board, its words) are optional parts
(`dragon_pnp.games.parts`). It exposes the module as `GAME` in its package;
`dragon_pnp.games.registry` finds it by the `rules_module` named in `game.yaml`. Nothing here
imports drawing or web code.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, cast, runtime_checkable

from typing_extensions import TypeVar

from dragon_pnp.data.declarations import DataFile
from dragon_pnp.data.hexmap import HexMap
from dragon_pnp.errors import IllegalActionError, NotationError
from dragon_pnp.games.json_values import plain

if TYPE_CHECKING:  # pragma: no cover - typing only; games import data, never the reverse
    from pydantic import BaseModel

    from dragon_pnp.data.findings import Finding as DataFinding
    from dragon_pnp.data.loader import GameData

__all__ = ["DataFile", "Event", "Finding", "GameModule", "GameState", "Part", "PlayTrace", "Policy",
           "PolicyFactory", "PositionError", "Result"]

# What a game's rules, actions and states are; a game names its own (`GameModule[Rules, State,
# Action]`), generic code that serves any game leaves them Any.
RulesT = TypeVar("RulesT", default=Any)
ActionT = TypeVar("ActionT", default=Any)


@dataclass(frozen=True)
class Result:
    """How a game (or a Dragon Line hand) ended. No winners is a draw."""

    winners: tuple[int, ...]
    reason: str                       # one of the game's declared `GameModule.end_reasons`
    rounds: int                       # rounds (or turns) played, for length and playtime figures
    scores: tuple[float, ...] | None = None   # per seat, where the game scores points

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        """The written form (files, events, views): winners numbered from 1, like every seat a user reads."""
        return {"winners": [w + 1 for w in self.winners], "reason": self.reason, "rounds": self.rounds,
                "scores": list(self.scores) if self.scores is not None else None}


@dataclass(frozen=True)
class Event:
    """One thing that happened, for `play --json`, the studio log and tests. Seat is 0-based."""

    kind: str
    seat: int | None
    detail: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "detail": plain(self.detail)}


class PositionError(NotationError):
    """A position that cannot be loaded: the field path inside it and what is wrong (exit 2).

    A game's `load_state` raises it with the path of the bad field; the position-file reader
    (`dragon_pnp.games.position_files`) turns the path into the file, line and column.
    """

    def __init__(self, path: tuple[str | int, ...] = (), message: str = "", location: Any = None):
        self.path = tuple(path)
        self.message = message
        self.location = location
        where = str(location) if location is not None else _field_path(self.path) or "position"
        super().__init__(f"{where}: {message}")


def _field_path(path: tuple[str | int, ...]) -> str:
    """('dragons', 1, 'at') as 'dragons[1].at'."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) and not isinstance(part, bool) else ("." if text else "") + str(part)
    return text


@runtime_checkable
class GameState(Protocol[ActionT]):
    """A position of a game with rules. Mutable: `apply` changes it in place. `ActionT` is the
    game's action type (a frozen value whose `str()` is its notation)."""

    seats: int
    result: Result | None
    events: list[Event]               # filled only when the game was made with record=True
    counts: dict[str, int]            # event kinds counted always (cheap hazards for the report)

    def to_move(self) -> tuple[int, ...]: ...
    def decision(self, seat: int) -> str: ...               # kind of choice asked of the seat
    def legal_actions(self, seat: int) -> list[ActionT]: ...    # stable order; str(a) is the notation
    def apply(self, joint: Mapping[int, ActionT]) -> None: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def clone(self) -> GameState[ActionT]: ...
    def to_dict(self) -> dict[str, Any]: ...


class Policy(Protocol):
    """A player for simulations. `choose` must draw any randomness from `rng` only."""

    name: str

    def choose(self, state: GameState[Any], seat: int, rng: random.Random) -> Any: ...


PolicyFactory = Callable[[Any], Policy]   # rules -> policy

StateT = TypeVar("StateT", bound=GameState[Any], default=GameState[Any])


@dataclass
class Finding:
    """One sentence the rules-check report shows, with how serious it is and the figures behind it."""

    level: str                          # "info", "warning", "problem"
    title: str
    detail: str
    figures: dict[str, Any] = field(default_factory=dict)


class Part:
    """Base of every optional part (`dragon_pnp.games.parts`): the generic default behaviour,
    bound to one game module. Declared here, beside the module that holds its parts, so the
    interface never imports the parts' module."""

    def __init__(self, module: GameModule[Any, Any, Any]):
        self.module = module


P = TypeVar("P", bound=Part)


class GameModule(Generic[RulesT, StateT, ActionT]):
    """What a game with rules provides: the core hooks below, plus optional `parts`.

    Generic in the game's rules, state and action types: a game declares
    `class MyGame(GameModule[Rules, MyState, Move])` and its hooks are checked against them.

    The core is what every game implements the same way (OpenSpiel's `Game`, python-chess's
    `Board` in spirit): its data files and settings model, one data check hook, rules, new
    games, positions, actions, a heuristic, its players and the axes the rules check varies.
    Everything else (report sections, rulebook directives, extra commands, the studio board,
    the game's words) is an optional part: `module.part(ReportPart)` gives the game's own or the
    generic default (see `dragon_pnp.games.parts`).
    """

    slug: ClassVar[str]                                  # the name game.yaml's rules_module gives
    seats_fixed: ClassVar[int | None] = None             # 2 for duels; None: players from game.yaml
    data_files: ClassVar[dict[str, DataFile]] = {}       # attribute name on GameData -> file
    settings_model: ClassVar[type[BaseModel] | None] = None   # validates game.yaml `settings:`
    hexmap_model: ClassVar[type[HexMap]] = HexMap         # validates a `tiles` component's map file
    parts: ClassVar[tuple[type[Part], ...]] = ()         # the optional parts this game provides
    # Every `Result.reason` the game can end with; the conformance suite fails a game that ends
    # with another. Empty: not declared yet (nothing to check against).
    end_reasons: ClassVar[tuple[str, ...]] = ()
    # The words the module's own Python prints on pages (a card's kind line, a directive's
    # headings), key -> English; a translation gives them as `module.<key>` and the code reads
    # them through `game.game.phrases.module(key)`.
    texts: ClassVar[dict[str, str]] = {}

    # --- core hook 1: data ------------------------------------------------------------------
    def data_checks(self) -> list[tuple[str, str, Callable[[GameData], Iterable[DataFinding]]]]:
        """(name, title, check) cross-checks beyond the schema; `validate` and `build` run them
        after the generic ones. A check yields `DataFinding`s (`dragon_pnp.games`), each located."""
        return []

    # --- core hooks 2-5: rules and positions --------------------------------------------------
    def make_rules(self, game: GameData, options: Mapping[str, Any] | None = None) -> RulesT:
        """Precomputed, immutable rules for this data and rules options (variants)."""
        raise NotImplementedError

    def new_game(self, rules: RulesT, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> StateT:
        """A new game; `setup` is the game's setup axis value or None."""
        raise NotImplementedError

    def load_state(self, rules: RulesT, data: Mapping[str, Any]) -> StateT:
        """The inverse of `state.to_dict()`; raises a located PositionError on a bad position."""
        raise NotImplementedError

    def parse_action(self, state: StateT, seat: int, text: str) -> ActionT:
        """The legal action of `seat` whose notation is `text` (IllegalActionError otherwise)."""
        text = " ".join(text.split())
        legal: list[ActionT] = state.legal_actions(seat)
        for action in legal:
            if str(action) == text:
                return action
        shown = ", ".join(str(a) for a in legal[:20]) + (" ..." if len(legal) > 20 else "")
        raise IllegalActionError(f"'{text}' is not legal for seat {seat + 1} now; legal: {shown}")

    # --- core hooks 6-7: players ---------------------------------------------------------------
    def evaluate(self, state: StateT, seat: int) -> float:
        """A heuristic value of the position for `seat` in 0..1 (higher is better), for look-ahead
        and cut-off search."""
        if state.result is not None:
            if seat in state.result.winners:
                return 1.0
            return 0.0 if state.result.winners else 0.5
        return 0.5

    def policies(self) -> dict[str, PolicyFactory]:
        """The game's own named players (a greedy one, a strong one); none by default. The players
        layer adds the ones every game gets, `random`, `lookahead` and `search`
        (`dragon_pnp.players.policies_of`): the interface knows nothing of them."""
        return {}

    # --- core hooks 8-10: what the rules check varies -------------------------------------------
    def setups(self, game: GameData) -> list[str]:
        """The setup axis of the report (a deck preset, a draft style); [''] when the game has none."""
        return [""]

    def player_counts(self, game: GameData) -> list[int]:
        """The player counts the game is played at."""
        if self.seats_fixed is not None:
            return [self.seats_fixed]
        players = game.game.players
        return list(range(players.min, players.max + 1))

    def seat_names(self, game: GameData, players: int) -> list[str]:
        """What the report calls each seat: game.yaml's `roles` when there is one per seat, else numbers."""
        roles = game.game.roles
        if roles and len(roles) == players:
            return [str(r) for r in roles]
        return [f"seat {n}" for n in range(1, players + 1)]

    # --- optional parts ------------------------------------------------------------------------
    def part(self, kind: type[P]) -> P:
        """This game's part of `kind` (the first of `parts` that is one), else the generic default."""
        cache: dict[type[Part], Part] = self.__dict__.setdefault("_parts", {})
        found = cache.get(kind)
        if found is None:
            cls = next((c for c in self.parts if issubclass(c, kind)), kind)
            found = cache[kind] = cls(self)
        return cast(P, found)


class PlayTrace:
    """What the generic driver saw of one game: every decision, in order. Cheap to keep: actions
    (immutable values) are kept as chosen and written in notation only when `decisions` is read,
    so a game whose report hooks never read the trace pays nothing for the notation."""

    __slots__ = ("_written", "moves")

    def __init__(self, decisions: list[tuple[int, str, Any]] | None = None):
        self.moves: list[tuple[int, str, Any]] = list(decisions or [])   # (seat, decision kind, action)
        self._written: list[tuple[int, str, str]] = []

    def add(self, seat: int, kind: str, action: Any) -> None:
        self.moves.append((seat, kind, action))

    @property
    def decisions(self) -> list[tuple[int, str, str]]:
        """(seat, decision kind, notation) per decision, in order."""
        if len(self._written) != len(self.moves):
            self._written.extend((seat, kind, str(action)) for seat, kind, action in self.moves[len(self._written):])
        return self._written
