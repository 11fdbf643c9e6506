"""The studio's playtest: one game in play through the generic game interface, for the page.

Everything goes through `GameModule` and `SeatByBoard` (the same path as `dragon-pnp play`), so
the studio offers exactly the engine's legal actions, keeps a seat's choice at a simultaneous
node hidden until every deciding seat has chosen, and saves positions `play --position` reads.
Seats are played by a person (hot-seat) or by any of the game's policies; a policy draws its
randomness from a generator seeded with the game's seed, so a game replays exactly. Undo steps
back through a history of whole positions (state clones), taking back the policies' moves that
followed the person's last choice too.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dragon_pnp.errors import DragonPnpError
from dragon_pnp.games.api import GameModule, GameState
from dragon_pnp.games.parts import PlaytestPart, Vocabulary
from dragon_pnp.games.position_files import dump_yaml, position_document
from dragon_pnp.games.registry import module_for_game
from dragon_pnp.games.turns import SeatByBoard
from dragon_pnp.players import policies_of, policy_factory

HUMAN = "person"
MAX_POLICY_MOVES = 20000   # a policy-only game that has not ended by then is stopped and said so


class PlaytestError(ValueError):
    """A request the playtest cannot follow (no game, unknown policy, illegal action); shown on the page."""


@dataclass
class _Saved:
    """A position to undo to: the state, the hidden committed choices and the policies' generator."""

    state: GameState
    pending: dict[int, Any]
    rng: Any
    log: list[dict[str, Any]]


@dataclass
class _Game:
    data: Any                      # the GameData the rules were made from
    module: GameModule
    options: dict[str, Any]
    board: SeatByBoard
    seed: int
    setup: str
    controllers: list[str]         # per seat: HUMAN or a policy name
    policies: dict[int, Any]
    rng: random.Random
    history: list[_Saved] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    note: str = ""


class Playtest:
    """The game being playtested in one studio. Thread-safe: requests come from the server's loop."""

    def __init__(self, game_data: Callable[[], Any]):
        self._game_data = game_data   # the last good GameData of the studio, or None
        self._game: _Game | None = None
        self._lock = threading.Lock()

    # --- actions -------------------------------------------------------------------------------

    def new_game(self, seed: int = 1, players: int | None = None, setup: str | None = None,
                 controllers: list[str] | None = None) -> dict[str, Any]:
        """Deal a new game from the studio's current data; policies then play until a person decides."""
        data = self._game_data()
        if data is None:
            raise PlaytestError("the data does not load: fix it first (see the problems above the tabs)")
        module = _module(data)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
            raise PlaytestError("seed: expected a whole number from 0")
        options = _default_options(data)
        try:
            rules = module.make_rules(data, options)
            state = module.new_game(rules, seed, players, setup or None, record=True)
        except (ValueError, DragonPnpError) as exc:
            raise PlaytestError(str(exc)) from None
        controllers = list(controllers or [])
        controllers += [HUMAN] * (state.seats - len(controllers))
        if len(controllers) != state.seats:
            raise PlaytestError(f"controllers: expected one per seat ({state.seats})")
        policies = {}
        for seat, name in enumerate(controllers):
            if name == HUMAN:
                continue
            try:
                factory = policy_factory(module, name)
            except ValueError:
                raise PlaytestError(f"seat {seat + 1}: unknown player {name!r}; expected {HUMAN} or one of "
                                    f"{', '.join(policies_of(module))} (search takes a strength: search:400)") from None
            policies[seat] = factory(rules)
        game = _Game(data, module, options, SeatByBoard(module, state), seed, setup or "", controllers, policies,
                     random.Random(f"studio-playtest:{seed}"))
        with self._lock:
            self._game = game
            self._run_policies(game)
            return self._snapshot(game)

    def act(self, notation: str) -> dict[str, Any]:
        """The deciding person's choice, in the engine's notation; then the policies' replies."""
        with self._lock:
            game = self._need_game()
            seat = game.board.decider
            if seat is None:
                raise PlaytestError("the game is over; deal a new one")
            if seat in game.policies:
                raise PlaytestError(f"{game.module.part(Vocabulary).seat_noun} {seat + 1} is played by {game.controllers[seat]}")
            self._save(game)
            try:
                self._commit(game, seat, notation)
            except DragonPnpError as exc:
                self._restore(game, game.history.pop())
                raise PlaytestError(str(exc)) from None
            self._run_policies(game)
            return self._snapshot(game)

    def undo(self) -> dict[str, Any]:
        """Back to just before the person's last choice (the policies' moves after it go too)."""
        with self._lock:
            game = self._need_game()
            if not game.history:
                raise PlaytestError("nothing to undo")
            self._restore(game, game.history.pop())
            return self._snapshot(game)

    def position_yaml(self) -> str:
        """The position as a file `dragon-pnp play --position` continues (hidden choices in `pending`)."""
        with self._lock:
            game = self._need_game()
            return dump_yaml(position_document(game.data.slug, game.options, game.board))

    def state(self) -> dict[str, Any]:
        """What the page shows: the game's choices before a game, else the position and what to do."""
        with self._lock:
            if self._game is None:
                return {"started": False, **self._offer()}
            return self._snapshot(self._game)

    # --- inside ------------------------------------------------------------------------------

    def _need_game(self) -> _Game:
        if self._game is None:
            raise PlaytestError("no game yet: deal one")
        return self._game

    def _commit(self, game: _Game, seat: int, action: Any) -> None:
        """Commit one seat's choice; a choice at a simultaneous node is logged hidden until revealed."""
        board, noun = game.board, game.module.part(Vocabulary).seat_noun
        before = len(board.state.events)
        committed = dict(board.pending)
        if isinstance(action, str):
            action = game.module.parse_action(board.state, seat, action)
        if not board.apply(action):
            game.log.append({"seat": seat + 1, "action": None, "text": f"{noun} {seat + 1} chose (hidden)",
                             "events": []})
            return
        # Every deciding seat has chosen: the hidden choices are revealed with this one.
        for entry in game.log[len(game.log) - len(committed):]:
            if entry["action"] is None:
                entry["action"] = str(committed[entry["seat"] - 1])
                entry["text"] = f"{noun} {entry['seat']}: {entry['action']}"
        events = [game.module.part(PlaytestPart).describe_event(e) for e in board.state.events[before:]]
        game.log.append({"seat": seat + 1, "action": str(action), "text": f"{noun} {seat + 1}: {action}",
                         "events": events})

    def _run_policies(self, game: _Game) -> None:
        board = game.board
        for _ in range(MAX_POLICY_MOVES):
            seat = board.decider
            if seat is None or seat not in game.policies:
                return
            action = game.policies[seat].choose(board.state, seat, game.rng)
            self._commit(game, seat, action)
        game.note = f"the policies made {MAX_POLICY_MOVES} moves without the game ending; stopped"

    def _save(self, game: _Game) -> None:
        game.history.append(_Saved(game.board.state.clone(), dict(game.board.pending), game.rng.getstate(),
                                   [dict(entry) for entry in game.log]))

    @staticmethod
    def _restore(game: _Game, saved: _Saved) -> None:
        game.board = SeatByBoard(game.module, saved.state.clone(), saved.pending)
        game.rng.setstate(saved.rng)
        game.log = [dict(entry) for entry in saved.log]

    def _offer(self) -> dict[str, Any]:
        """The new-game choices for the studio's game: seats, setups and players on offer."""
        data = self._game_data()
        if data is None:
            return {"playable": False, "why": "the data does not load"}
        module = module_for_game(data)
        if module is None:
            return {"playable": False, "why": f"{data.game.name} has no rules module: there is nothing to play"}
        counts = module.player_counts(data)
        return {"playable": True, "game": data.slug, "name": data.game.name, "seat_noun": module.part(Vocabulary).seat_noun,
                "player_counts": counts, "players": counts[-1] if module.seats_fixed else _best(data, counts),
                "setups": [s for s in module.setups(data) if s], "policies": [HUMAN, *policies_of(module)],
                "seat_names": {n: module.seat_names(data, n) for n in counts}}

    def _snapshot(self, game: _Game) -> dict[str, Any]:
        board, module, state = game.board, game.module, game.board.state
        decider = board.decider
        view = board.view(decider)
        result = state.result
        names = module.seat_names(game.data, state.seats)
        return {
            "started": True, **self._offer(),
            "seed": game.seed, "setup": game.setup, "seats": state.seats, "controllers": game.controllers,
            "names": names,
            "decider": None if decider is None else decider + 1,
            "decider_name": None if decider is None else names[decider],
            "decision": None if decider is None else state.decision(decider),
            "to_move": [s + 1 for s in state.to_move()],
            "committed": sorted(s + 1 for s in board.pending),
            # Only a person's choices are offered as clicks; a policy's turn never waits.
            "legal": [] if decider is None or decider in game.policies else [str(a) for a in board.legal_actions()],
            "view": view,
            "board": module.part(PlaytestPart).board_svg(game.data, view),
            "log": game.log,
            "moves": len(game.log),
            "can_undo": bool(game.history),
            "result": None if result is None else {"winners": [s + 1 for s in result.winners],
                                                   "reason": result.reason, "rounds": result.rounds},
            "note": game.note,
            "stale": game.data is not self._game_data(),
        }


def _module(data: Any) -> GameModule:
    module = module_for_game(data)
    if module is None:
        raise PlaytestError(f"{data.game.name} has no rules module (game.yaml rules_module): there is nothing to play")
    return module


def _default_options(data: Any) -> dict[str, Any]:
    """Every rules option of the game at its default, as `play` writes them into a position."""
    return {name: opt.default for name, opt in (getattr(data.game, "rules_options", None) or {}).items()}


def _best(data: Any, counts: list[int]) -> int:
    """The player count a new game starts with: the most of game.yaml's `best` counts, as `play` deals."""
    best = getattr(data.game.players, "best", None) or []
    return max(best) if best else counts[0]
