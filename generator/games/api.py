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

A game module subclasses `GameModule` (data files, rules, new games, policies, rulebook
directives, report hooks, its own commands and its playtest board) and exposes it as `GAME` in
`generator/games/<slug>/__init__.py`; `generator.games.registry` finds it by the `rules_module`
named in `game.yaml`. Nothing here imports drawing or web code.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, Protocol, runtime_checkable

from generator.data.hexmap import HexMap
from generator.errors import NotationError

if TYPE_CHECKING:  # pragma: no cover - typing only; games import data, never the reverse
    from pydantic import BaseModel

    from generator.data import GameData
    from generator.errors import DataError
    from generator.games.report_parts import ReportSpec, Section


@dataclass(frozen=True)
class Result:
    """How a game (or a Dragon Line hand) ended. No winners is a draw."""

    winners: tuple[int, ...]
    reason: str                       # e.g. "time", "knockout", "line_empty", "round_cap", "stall"
    rounds: int                       # rounds (or turns) played, for length and playtime figures
    scores: tuple[float, ...] | None = None   # per seat, where the game scores points

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason, "rounds": self.rounds,
                "scores": list(self.scores) if self.scores is not None else None}


@dataclass(frozen=True)
class Event:
    """One thing that happened, for `play --json`, the studio log and tests. Seat is 0-based."""

    kind: str
    seat: int | None
    detail: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "detail": _plain(self.detail)}


class PositionError(NotationError):
    """A position that cannot be loaded: the field path inside it and what is wrong (exit 2).

    A game's `load_state` raises it with the path of the bad field; the position-file reader
    (`generator.games.position_files`) turns the path into the file, line and column.
    """

    def __init__(self, path: tuple = (), message: str = "", location: Any = None):
        self.path = tuple(path)
        self.message = message
        self.location = location
        where = str(location) if location is not None else _field_path(self.path) or "position"
        super().__init__(f"{where}: {message}")


def _field_path(path: tuple) -> str:
    """('dragons', 1, 'at') as 'dragons[1].at'."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) and not isinstance(part, bool) else ("." if text else "") + str(part)
    return text


@runtime_checkable
class GameState(Protocol):
    """A position of a game with rules. Mutable: `apply` changes it in place."""

    seats: int
    result: Result | None
    events: list[Event]               # filled only when the game was made with record=True
    counts: dict[str, int]            # event kinds counted always (cheap hazards for the report)

    def to_move(self) -> tuple[int, ...]: ...
    def decision(self, seat: int) -> str: ...               # kind of choice asked of the seat
    def legal_actions(self, seat: int) -> list[Any]: ...    # stable order; str(a) is the notation
    def apply(self, joint: Mapping[int, Any]) -> None: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def clone(self) -> "GameState": ...
    def to_dict(self) -> dict[str, Any]: ...


class Policy(Protocol):
    """A player for simulations. `choose` must draw any randomness from `rng` only."""

    name: str

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Any: ...


PolicyFactory = Callable[[Any], Policy]   # rules -> policy


@dataclass(frozen=True)
class DataFile:
    """A game-specific data file the game module validates (besides the generic components)."""

    file: str                          # name inside the game folder, e.g. "board.yaml"
    model: "type[BaseModel]"
    optional: bool = False


@dataclass
class Finding:
    """One sentence the rules-check report shows, with how serious it is and the figures behind it."""

    level: str                          # "info", "warning", "problem"
    title: str
    detail: str
    figures: dict[str, Any] = field(default_factory=dict)


class GameModule:
    """What a game with rules provides. Subclass, fill the class attributes, override the hooks.

    Defaults make a small game cheap to add: actions parse by matching their notation, the
    generic random and one-ply look-ahead policies are always offered, and the report hooks
    return nothing extra.
    """

    slug: ClassVar[str]                                  # the rules_module name in game.yaml
    seat_noun: ClassVar[str] = "seat"                    # what `play` calls a seat: "dragon 2 decides"
    seats_fixed: ClassVar[int | None] = None             # 2 for duels; None: players from game.yaml
    data_files: ClassVar[dict[str, DataFile]] = {}       # attribute name on GameData -> file
    settings_model: ClassVar["type[BaseModel] | None"] = None   # validates game.yaml `settings:`
    hexmap_model: ClassVar[type[HexMap]] = HexMap         # validates a `tiles` component's map file

    # --- data ---------------------------------------------------------------------------
    def validate(self, game: "GameData") -> list["DataError"]:
        """Cross-checks beyond the schema (counts, ids, worked examples), each located."""
        return []

    def data_checks(self) -> list[tuple[str, str, Callable[["GameData"], Any]]]:
        """(name, title, check) cross-checks `validate` and the build run after the generic ones."""
        return []

    def build_steps(self) -> list[tuple[str, str]]:
        """(label, "module:function") build steps of this game, run right after the data check."""
        return []

    # --- rules --------------------------------------------------------------------------
    def make_rules(self, game: "GameData", options: Mapping[str, Any] | None = None) -> Any:
        """Precomputed, immutable rules for this data and rules options (variants)."""
        raise NotImplementedError

    def new_game(self, rules: Any, seed: int, players: int | None = None, setup: str | None = None,
                 record: bool = False) -> GameState:
        """A new game; `setup` is the game's setup axis value (a preset, a draft style) or None."""
        raise NotImplementedError

    def load_state(self, rules: Any, data: Mapping[str, Any]) -> GameState:
        """The inverse of `state.to_dict()`; raises a located PositionError on a bad position."""
        raise NotImplementedError

    def parse_action(self, state: GameState, seat: int, text: str) -> Any:
        """The legal action of `seat` whose notation is `text` (IllegalActionError otherwise)."""
        from generator.errors import IllegalActionError

        text = " ".join(text.split())
        legal = state.legal_actions(seat)
        for action in legal:
            if str(action) == text:
                return action
        shown = ", ".join(str(a) for a in legal[:20]) + (" ..." if len(legal) > 20 else "")
        raise IllegalActionError(f"'{text}' is not legal for seat {seat + 1} now; legal: {shown}")

    def evaluate(self, state: GameState, seat: int) -> float:
        """A heuristic value of the position for `seat` (higher is better), for look-ahead play."""
        if state.result is not None:
            if seat in state.result.winners:
                return 1.0
            return 0.0 if state.result.winners else 0.5
        return 0.5

    def sample_hidden(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A copy of `state` that `seat` cannot tell from it: what the seat has not seen (face-down
        cards, the order of decks, the generator that draws future chance) redrawn from `rng`,
        consistently with everything the seat has seen. The search player (`search`) plans on
        many such worlds, so it never uses what its seat could not know.

        The result must depend only on what `seat` sees and on `rng` (tests change only hidden
        parts and expect the same worlds). The default is a plain copy: exact for a game without
        hidden parts whose state keeps no drawn-ahead chance; any other game overrides it.
        """
        return state.clone()

    def policies(self) -> dict[str, PolicyFactory]:
        """Named players for `check` and the studio: always `random`, `lookahead` and `search`
        (`search:400` names another strength; see `generator.games.policies.policy_factory`),
        plus the game's."""
        from generator.games.policies import lookahead_policy, random_policy
        from generator.games.search import SearchFactory

        return {"random": random_policy, "lookahead": lookahead_policy(self), "search": SearchFactory(self)}

    # --- rules-check report hooks ---------------------------------------------------------
    def setups(self, game: "GameData") -> list[str]:
        """The setup axis of the report (Dragon Pants presets); [''] when the game has none."""
        return [""]

    def player_counts(self, game: "GameData") -> list[int]:
        if self.seats_fixed is not None:
            return [self.seats_fixed]
        players = game.game.players
        return list(range(players.min, players.max + 1))

    def seat_names(self, game: "GameData", players: int) -> list[str]:
        """What the report calls each seat (roles for asymmetric games)."""
        roles = getattr(game.game, "roles", None)
        if roles and len(roles) == players:
            return [str(r) for r in roles]
        return [f"seat {n}" for n in range(1, players + 1)]

    def game_metrics(self, state: GameState, trace: "PlayTrace") -> dict[str, Any]:
        """Extra per-game figures (JSON-able) the report aggregates; from the final state and trace."""
        return {}

    def hazards(self, state: GameState, trace: "PlayTrace") -> dict[str, int]:
        """Named rule hazards hit in this game (round cap, stalls, loops), counted by the report."""
        return {}

    def findings(self, game: "GameData", summary: Mapping[str, Any]) -> list[Finding]:
        """Sentences for the report from the aggregated summary (JSON form of the report)."""
        return []

    def playtime_minutes(self, game: "GameData", state: GameState, trace: "PlayTrace") -> float | None:
        """Estimated minutes at the table for one game, or None if the game has no estimate."""
        return None

    def default_setup(self, game: "GameData") -> str:
        """The setup the mixed-policy games and the seat charts use (the first of `setups`)."""
        return self.setups(game)[0]

    def report_spec(self, game: "GameData") -> "ReportSpec":
        """How the report names and groups this game's end reasons, hazards and metrics."""
        from generator.games.report_parts import ReportSpec

        return ReportSpec()

    def report_extras(self, game: "GameData") -> dict[str, Any]:
        """Figures that need no simulation (exact odds, timings), JSON-able; stored in the report."""
        return {}

    def report_sections(self, report: Mapping[str, Any]) -> list["Section"]:
        """Game-specific report sections (tables, charts) built from the report's JSON form."""
        return []

    # --- play ---------------------------------------------------------------------------
    def describe_event(self, event: Event, names: list[str] | None = None) -> str:
        """One readable line for an event (`play` prints these); seats by `names` (roles) or from 1."""
        if event.seat is None:
            who = "nobody"
        elif names and not names[event.seat].isdigit():
            who = names[event.seat]
        else:
            who = f"{self.seat_noun} {event.seat + 1}"
        detail = _plain(event.detail)
        return f"{event.kind}: {who}" + ("" if detail is None else f" ({detail})")

    # --- command line and studio ----------------------------------------------------------
    def cli_commands(self) -> dict[str, Callable[..., Any]]:
        """Commands only this game has (`dragon-pnp NAME [GAME] ...`), by name.

        Each is a plain function: its first parameter receives the loaded `GameData`, the others
        are Typer options (`typer.Option(...)` defaults). The command line adds the GAME argument
        and refuses a game whose module does not offer NAME. Import the command's module inside
        this method, so that loading the game never loads its command line.
        """
        return {}

    def playtest_board_svg(self, game: "GameData", view: Mapping[str, Any]) -> str:
        """The studio's picture of a position, an inline SVG drawn from `state.view(...)`, or "" for
        none (the studio then shows the view alone). Import drawing code inside the method."""
        return ""

    # --- rulebook -----------------------------------------------------------------------
    def rulebook_directives(self) -> dict[str, Any]:
        """Directive name -> `generator.rulebook.directives.Spec`: the blocks this game's rules.md may
        place besides the generic ones (a name here replaces the generic one)."""
        return {}

    def rulebook_context(self, game: "GameData") -> dict[str, Any]:
        """Extra names rules.md may use (Dragon Pants: terrains, presets, cards by id)."""
        return {}

    def rulebook_facts(self, game: "GameData") -> list[Any]:
        """Computed facts the game's rulebook directives share (Dragon Pants: preset analyses)."""
        return []

    def template_globals(self, game: "GameData") -> dict[str, Any]:
        """Extra names the game's card and piece templates may use (special faces, icons)."""
        return {}


class PlayTrace:
    """What the generic driver saw of one game: every decision, in order. Cheap to keep: actions
    (immutable values) are kept as chosen and written in notation only when `decisions` is read,
    so a game whose report hooks never read the trace pays nothing for the notation."""

    __slots__ = ("moves", "_written")

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


def _plain(value: Any) -> Any:
    """Event details as JSON: tuples become lists, other objects their text."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)
