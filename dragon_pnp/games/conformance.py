"""The conformance suite every game passes: seeded random playouts with every invariant checked.

At every step of every playout (OpenSpiel's `test_utils` idea, applied through our interface):

- `clone()` equals the original, and is independent of it (playing on the clone leaves the
  original as it was);
- the position and every seat's view are plain JSON; the position round-trips through its file
  byte for byte (`play`'s YAML writer and reader, the committed-but-hidden choices of a
  simultaneous node included), and a position loaded from `to_dict()` continues exactly as the
  game does;
- each seat to move is asked a named decision and has legal actions, listed in a stable order,
  with distinct notations that parse back to the same actions, each of which applies (on a
  clone); an action seen earlier in the game that is not legal now is refused, by notation
  and as an action;
- at a simultaneous node, what one seat has committed does not show in another seat's view;
- the game is over exactly when nobody is to move, and ends within the step cap;
- the same seed and the same choices replay to the same final position;
- a world redrawn for a deciding seat (`HiddenPart`, else the re-deal, `redeal.hidden_world`)
  looks the same to that seat and offers it the same choices;
- a game that declares its end reasons (`GameModule.end_reasons`) ends only with one of them;
- every tenth step, the players handed in (`players`: the selftest and the tests hand the
  search player, `search:2`, from the players layer above) pick legal actions.
- each such world is a position the game's own `load_state` accepts and loads back as itself,
  holds the position's cards (none duplicated, lost or invented), and across redraws and steps
  what the seat cannot see does move (a redraw that keeps it redraws nothing).

Used by `dragon-pnp selftest GAME` and by `tests/games/test_conformance.py`, which runs it over
every game it finds, so a new game gets it without any test being edited. A failure names the
check, the playout's seed and the step, so it can be replayed.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from dragon_pnp.errors import IllegalActionError, NotationError
from dragon_pnp.games.api import GameModule, PolicyFactory
from dragon_pnp.games.boundary import StepTimeout, Watchdog
from dragon_pnp.games.position_files import dump_yaml, load_position, position_document, read_position_file
from dragon_pnp.games.redeal import hidden_world
from dragon_pnp.games.turns import SeatByBoard

STEP_CAP = 20_000


@dataclass(frozen=True)
class Failure:
    check: str            # short name: "clone", "round trip", "legal actions", "hidden choice", ...
    seed: int
    step: int
    message: str

    def __str__(self) -> str:
        return f"{self.check}: {self.message} (seed {self.seed}, step {self.step})"


@dataclass
class Conformance:
    """What a run found: playouts and steps checked, the failures (first per playout), the time."""

    game: str
    playouts: int = 0
    steps: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


class _Broken(Exception):
    def __init__(self, check: str, message: str, step: int = 0):
        super().__init__(message)
        self.check, self.message, self.step = check, message, step


def playout_seeds(playouts: int, seed: int) -> list[int]:
    """The seed of each playout of a run: a failure names one, and `only` replays it alone."""
    return [seed * 1_000_003 + n for n in range(playouts)]


def run_conformance(game: Any, module: GameModule, playouts: int = 4, seed: int = 1,
                    step_cap: int = STEP_CAP, round_trips: int | None = None,
                    only: int | None = None, players: Mapping[str, PolicyFactory] | None = None,
                    at: Callable[[Any], None] | None = None) -> Conformance:
    """Play `playouts` seeded random games of `game` (loaded GameData) and check every step
    (`only`: just the playout with that seed, as a failure named it; `at(state)`: told a copy of
    each position before its step is checked and played, so a caller can save the one where the
    rules module hung or crashed). Each step runs under the rules' per-step time limit.
    `players` (name -> factory) must choose legal actions wherever the check tries them.

    `round_trips` bounds how many steps per playout go through a position file (the slowest
    check); None checks every step. Player counts and setups take turns across playouts."""
    found = Conformance(game.slug)
    started = time.perf_counter()
    options = {name: option.default for name, option in (game.game.rules_options or {}).items()}
    rules = module.make_rules(game, options)
    counts = module.player_counts(game)
    setups = module.setups(game) or [""]
    with tempfile.TemporaryDirectory(prefix="dragon-pnp-selftest-") as folder:
        seeds = playout_seeds(playouts, seed) if only is None else [only]
        for playout_seed in seeds:
            n = playout_seed % (len(counts) * len(setups))   # consecutive seeds take every count and setup
            seats = counts[n % len(counts)]
            setup = setups[(n // len(counts)) % len(setups)] or None
            try:
                steps = _playout(module, game, rules, options, playout_seed, seats, setup, step_cap,
                                 round_trips, Path(folder), dict(players or {}), at or (lambda state: None))
            except _Broken as broken:
                found.failures.append(Failure(broken.check, playout_seed, broken.step, broken.message))
                steps = broken.step
            found.playouts += 1
            found.steps += steps
    found.seconds = time.perf_counter() - started
    return found


def _playout(module: GameModule, game: Any, rules: Any, options: dict[str, Any], seed: int, players: int,
             setup: str | None, step_cap: int, round_trips: int | None, folder: Path,
             choosers: dict[str, PolicyFactory], at: Callable[[Any], None]) -> int:
    with Watchdog() as watch:
        return _played(module, game, rules, options, seed, players, setup, step_cap, round_trips, folder, choosers,
                       at, watch)


def _played(module: GameModule, game: Any, rules: Any, options: dict[str, Any], seed: int, players: int,
            setup: str | None, step_cap: int, round_trips: int | None, folder: Path,
            choosers: dict[str, PolicyFactory], at: Callable[[Any], None], watch: Watchdog) -> int:
    chooser = random.Random(seed)
    state = _call("new game", lambda: module.new_game(rules, seed, players, setup), 0)
    trail: list[dict[int, Any]] = []
    redraws = RedrawTally()
    seen: dict[str, Any] = {}   # notation -> an action legal at some earlier step, for refusals
    step = 0
    while True:
        watch.steps += 1
        at(state.clone())
        try:
            _check_step(module, game, rules, options, state, step, chooser, folder,
                        round_trips is None or step < round_trips, choosers, redraws)
            _check_refused(module, state, seen, chooser)
        except _Broken as broken:
            broken.step = step
            raise
        if not state.to_move():
            break
        if step >= step_cap:
            raise _Broken("ends", f"still going after {step_cap} steps (a loop the rules allow?)", step)
        joint = {seat: chooser.choice(state.legal_actions(seat)) for seat in state.to_move()}
        trail.append(joint)
        try:
            state.apply(joint)
        except StepTimeout:
            raise
        except Exception as exc:  # a legal action must apply
            raise _Broken("legal actions", f"legal {_shown(joint)} raised {type(exc).__name__}: {exc}", step) from None
        step += 1
    _check_redraws_varied(redraws, step)
    replay = module.new_game(rules, seed, players, setup)
    for joint in trail:
        replay.apply({seat: _same_action(replay, seat, action) for seat, action in joint.items()})
    if replay.to_dict() != state.to_dict():
        raise _Broken("replay", "the same seed and choices gave another final position", step)
    return step


def _check_step(module: GameModule, game: Any, rules: Any, options: dict[str, Any], state: Any, step: int,
                chooser: random.Random, folder: Path, round_trip: bool, choosers: dict[str, PolicyFactory],
                redraws: RedrawTally | None = None) -> None:
    saved = state.to_dict()
    moving = state.to_move()
    if (state.result is None) != bool(moving):
        raise _Broken("result", "the game must be over exactly when nobody is to move "
                                f"(result {state.result}, to move {list(moving)})")
    if state.result is not None and module.end_reasons and state.result.reason not in module.end_reasons:
        raise _Broken("result", f"the game ended for reason '{state.result.reason}', which is not one of its "
                                f"declared end_reasons ({', '.join(module.end_reasons)})")
    twin = _call("clone", state.clone, step)
    if twin.to_dict() != saved:
        raise _Broken("clone", "clone().to_dict() differs from the original's")
    _check_plain(state, saved)
    for seat in moving:
        kind = state.decision(seat)
        if not isinstance(kind, str) or not kind or kind == "none":
            raise _Broken("decision", f"seat {seat + 1} is to move but decision({seat}) is {kind!r}")
        legal = state.legal_actions(seat)
        if not legal:
            raise _Broken("legal actions", f"seat {seat + 1} is to move but has no legal action")
        if state.legal_actions(seat) != legal:
            raise _Broken("legal actions", f"seat {seat + 1}'s legal actions changed between two calls")
        notations = [str(a) for a in legal]
        if len(set(notations)) != len(notations):
            raise _Broken("legal actions", f"two legal actions of seat {seat + 1} print alike: {notations}")
        for action in legal:
            parsed = _call("legal actions", partial(module.parse_action, state, seat, str(action)), step)
            if parsed != action:
                raise _Broken("legal actions", f"'{action}' parses back as '{parsed}'")
    if state.to_dict() != saved:
        raise _Broken("legal actions", "listing or parsing legal actions changed the position")
    if moving:
        probe = state.clone()
        joint = {seat: chooser.choice(probe.legal_actions(seat)) for seat in moving}
        _call("legal actions", lambda: probe.apply(joint), step, f"legal {_shown(joint)} raised")
        if state.to_dict() != saved:
            raise _Broken("clone", f"playing {_shown(joint)} on a clone changed the original (shared state)")
        if round_trip:
            _check_loaded(module, rules, saved, joint, probe, step)
    if len(moving) > 1:
        _check_hidden_choice(module, state, moving)
    if round_trip:
        _check_round_trip(module, game, options, state, moving, chooser, folder)
        _check_redraw(module, rules, state, moving, step, choosers)
        _check_redrawn_worlds(module, rules, state, moving, step, redraws if redraws is not None else RedrawTally())


def _check_loaded(module: GameModule, rules: Any, saved: dict[str, Any], joint: dict[int, Any],
                  played: Any, step: int) -> None:
    """A position loaded from `to_dict()` takes the same joint action and reaches the same position
    as the game it was saved from (`played`: a clone that took it): no state lives outside the file."""
    loaded = _call("round trip", partial(module.load_state, rules, saved), step, "load_state(to_dict()) raised")
    same = {seat: _same_action(loaded, seat, action) for seat, action in joint.items()}
    _call("round trip", partial(loaded.apply, same), step, f"the loaded position refused {_shown(joint)}:")
    if loaded.to_dict() != played.to_dict():
        raise _Broken("round trip", f"after {_shown(joint)}, a position loaded from to_dict() differs "
                                    "from the game it was saved from")


def _check_plain(state: Any, saved: dict[str, Any]) -> None:
    """The position and every view are plain JSON: files, `play --json` and the studio carry them."""
    if json.loads(json.dumps(saved)) != saved:
        raise _Broken("plain", "to_dict() is not plain JSON (tuples, numbers as keys or objects inside)")
    for seat in (None, *range(state.seats)):
        view = state.view(seat)
        try:
            plain = json.loads(json.dumps(view))
        except (TypeError, ValueError) as exc:
            raise _Broken("plain", f"view({seat}) is not JSON: {exc}") from None
        if plain != view:
            raise _Broken("plain", f"view({seat}) is not plain JSON (tuples or numbers as keys inside)")


def _check_refused(module: GameModule, state: Any, seen: dict[str, Any], chooser: random.Random) -> None:
    """Up to three actions legal earlier in the game but not now are refused: by `parse_action`
    (IllegalActionError or NotationError) and by `apply` on a clone. Then this step's legal
    actions join the pool."""
    moving = state.to_move()
    for seat in moving:
        legal = {str(a) for a in state.legal_actions(seat)}
        strangers = [text for text in seen if text not in legal]
        for text in chooser.sample(strangers, min(3, len(strangers))):
            try:
                module.parse_action(state, seat, text)
            except (IllegalActionError, NotationError):
                pass
            else:
                raise _Broken("refused", f"'{text}' is not among seat {seat + 1}'s legal actions, "
                                         "yet parse_action accepted it")
            joint = {s: state.legal_actions(s)[0] for s in moving if s != seat}
            joint[seat] = seen[text]
            try:
                state.clone().apply(joint)
            except Exception:  # any refusal will do; accepting it is the fault
                pass
            else:
                raise _Broken("refused", f"apply took '{text}' from seat {seat + 1}, not one of its legal actions")
        for action in state.legal_actions(seat):
            seen.setdefault(str(action), action)


def _check_redraw(module: GameModule, rules: Any, state: Any, moving: tuple[int, ...], step: int,
                  choosers: dict[str, PolicyFactory]) -> None:
    """The worlds a seat cannot tell from the position (`HiddenPart.sample_hidden`, else the re-deal
    from the position) look to the deciding seat exactly like the position, with the same choices;
    every tenth step each player handed in picks a legal action."""
    saved = state.to_dict()
    players = {name: factory(rules) for name, factory in choosers.items()} if step % 10 == 0 else {}
    for seat in moving:
        world = _call("hidden redraw", partial(hidden_world, module, rules, state, seat, random.Random(step)), step)
        if world.view(seat) != state.view(seat):
            raise _Broken("hidden redraw", f"a world redrawn for seat {seat + 1} looks different to it")
        if [str(a) for a in world.legal_actions(seat)] != [str(a) for a in state.legal_actions(seat)]:
            raise _Broken("hidden redraw", f"a world redrawn for seat {seat + 1} gives it other choices")
        for name, player in players.items():
            # it applies legal actions on copies: one that raises there is a legal-actions fault
            choice = _call("legal actions", partial(_choose_on_a_clone, player, state, seat, step), step,
                           f"a legal action in player {name}'s look-ahead raised")
            if str(choice) not in [str(a) for a in state.legal_actions(seat)]:
                raise _Broken(name, f"player {name} chose '{choice}', not a legal action of seat {seat + 1}")
    if state.to_dict() != saved:
        raise _Broken("hidden redraw", "redrawing what a seat cannot see changed the position")


def _choose_on_a_clone(player: Any, state: Any, seat: int, step: int) -> Any:
    return player.choose(state.clone(), seat, random.Random(step))

# --- the redrawn worlds themselves: positions the rules accept, the same cards, varied ---------

REDRAWS = 3   # worlds drawn per deciding seat at each checked step


@dataclass
class RedrawTally:
    """Over one playout: steps at which a seat had hidden cards a redraw could move, and steps at
    which a redraw did move them. A redraw that never moves anything hidden redraws nothing."""

    could_vary: int = 0
    varied: int = 0
    example: str = ""


def _check_redrawn_worlds(module: GameModule, rules: Any, state: Any, moving: tuple[int, ...], step: int,
                          tally: RedrawTally) -> None:
    """Each world the search player redraws for a deciding seat is a position the game's own
    `load_state` accepts (so an impossible world is refused) and that loads back as itself, holds
    the position's cards, none duplicated, lost or invented (`_same_cards`),
    and looks the same to the seat; across a few redraws, the cards the seat cannot see move."""
    position = state.to_dict()
    cards = _card_multiset(position)
    for seat in moving:
        seen = state.view(seat)
        hidden = _hidden_lists(position, seen)
        worlds = [_call("hidden redraw", partial(hidden_world, module, rules, state, seat, random.Random(step * 7919 + n)),
                        step) for n in range(REDRAWS)]
        for world in worlds:
            drawn = world.to_dict()
            try:
                again = module.load_state(rules, drawn).to_dict()
            except Exception as exc:
                raise _Broken("hidden redraw", f"a world redrawn for seat {seat + 1} is not a position the rules "
                                               f"accept: {type(exc).__name__}: {exc}") from None
            if again != drawn:
                raise _Broken("hidden redraw", f"a world redrawn for seat {seat + 1} does not load back as itself")
            if not _same_cards(cards, _card_multiset(drawn)):
                extra, missing = _multiset_change(cards, _card_multiset(drawn))
                raise _Broken("hidden redraw", f"a world redrawn for seat {seat + 1} holds other cards than the "
                                               f"position: {extra or 'none'} more, {missing or 'none'} fewer")
            if world.view(seat) != seen:
                raise _Broken("hidden redraw", f"a world redrawn for seat {seat + 1} looks different to it")
        if any(len(set(map(_key, cards_of))) > 1 for cards_of in hidden.values()):
            tally.could_vary += 1
            if any(_hidden_lists(w.to_dict(), seen) != hidden for w in worlds):
                tally.varied += 1
            elif not tally.example:
                named = sorted(path for path, cards_of in hidden.items() if len(set(map(_key, cards_of))) > 1)
                tally.example = f"seat {seat + 1} at step {step}: {', '.join(named[:3])}"


def _check_redraws_varied(tally: RedrawTally, step: int) -> None:
    """A playout in which a seat often had hidden cards but no redraw ever moved one."""
    if tally.could_vary >= REDRAWS and not tally.varied:
        error = _Broken("hidden redraw", f"the redrawn worlds never move what the seat cannot see "
                                         f"({tally.could_vary} steps with hidden cards, e.g. {tally.example})")
        error.step = step
        raise error


def _card_multiset(position: Any) -> dict[str, int]:
    """How often each card occurs in the position's piles: each name or number in a list of them,
    at any depth of records (a seat's hand inside the seat's record), and each list of a list of
    them at the position's top (the seats' hands). Inside a record, a list of such lists is a
    history (the stacks a seat has seen, hand by hand), not a pile, and is left out; so is a
    generator's state (a whole number of 32 bits or more), which a redraw reseeds."""
    from dragon_pnp.games.redeal import GENERATOR_MIN

    counts: dict[str, int] = {}

    def walk(value: Any, top: bool = False) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item, top)
        elif isinstance(value, list) and all(isinstance(v, dict) for v in value):
            for item in value:
                walk(item)
        elif top and isinstance(value, list) and value and all(_flat(v) for v in value):
            for pile in value:   # one pile per seat at the position's top (its hands), not a history
                walk(pile)
        elif isinstance(value, list) and not any(isinstance(v, (dict, list)) for v in value):
            for card in value:
                if not (isinstance(card, int) and not isinstance(card, bool) and abs(card) >= GENERATOR_MIN):
                    counts[_key(card)] = counts.get(_key(card), 0) + 1

    walk(position, top=True)
    return counts


def _flat(value: Any) -> bool:
    return isinstance(value, list) and not any(isinstance(v, (dict, list)) for v in value)


def _same_cards(before: dict[str, int], after: dict[str, int]) -> bool:
    """Whether a world holds the position's cards, each as often as some card held its place. A
    redraw permutes cards among places the seat cannot see; a place may be written more than once
    (a hand and the record of what was drafted into it), so a card's count follows its place: the
    cards are the same and so is the list of counts. A duplicated, lost or invented card changes one."""
    return set(before) == set(after) and sorted(before.values()) == sorted(after.values())


def _hidden_lists(position: Any, seen: Any, path: str = "") -> dict[str, list[Any]]:
    """The lists of the position (by path) that the seat's view does not show as they are."""
    found: dict[str, list[Any]] = {}
    if isinstance(position, dict):
        for key, value in position.items():
            shown = seen.get(key) if isinstance(seen, dict) else None
            found.update(_hidden_lists(value, shown, f"{path}.{key}" if path else str(key)))
    elif isinstance(position, list) and position != seen:
        if all(not isinstance(v, (dict, list)) for v in position):
            found[path] = position
        else:
            for n, value in enumerate(position):
                shown = seen[n] if isinstance(seen, list) and n < len(seen) else None
                found.update(_hidden_lists(value, shown, f"{path}[{n}]"))
    return found


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _multiset_change(before: dict[str, int], after: dict[str, int]) -> tuple[str, str]:
    extra = [f"{k} x{after[k] - before.get(k, 0)}" for k in sorted(after) if after[k] > before.get(k, 0)]
    missing = [f"{k} x{before[k] - after.get(k, 0)}" for k in sorted(before) if before[k] > after.get(k, 0)]
    return ", ".join(extra[:4]), ", ".join(missing[:4])


def _check_hidden_choice(module: GameModule, state: Any, moving: tuple[int, ...]) -> None:
    """What the first deciding seat commits must not show in any other seat's view."""
    first, others = moving[0], moving[1:]
    legal = state.legal_actions(first)
    if len(legal) < 2:
        return
    views = []
    for action in (legal[0], legal[-1]):
        board = SeatByBoard(module, state.clone(), {first: action})
        views.append([board.view(seat) for seat in others])
    if views[0] != views[1]:
        raise _Broken("hidden choice", f"seat {first + 1}'s committed choice ('{legal[0]}' or '{legal[-1]}') "
                                       f"shows in another seat's view")


def _check_round_trip(module: GameModule, game: Any, options: dict[str, Any], state: Any, moving: tuple[int, ...],
                      chooser: random.Random, folder: Path) -> None:
    """Through the position file and back, byte for byte, with a committed choice if simultaneous."""
    pending = {moving[0]: chooser.choice(state.legal_actions(moving[0]))} if len(moving) > 1 else {}
    board = SeatByBoard(module, state.clone(), pending)
    text = dump_yaml(position_document(game.slug, options, board))
    file = folder / "position.yaml"
    file.write_text(text, encoding="utf-8")
    try:
        raw, source = read_position_file(file)
        loaded, _ = load_position(module, game, raw, source)
    except StepTimeout:
        raise
    except Exception as exc:
        raise _Broken("round trip", f"the position file it wrote does not load: {exc}") from None
    again = dump_yaml(position_document(game.slug, options, loaded))
    if again != text:
        written, rewritten = text.splitlines(), again.splitlines()
        line = next((i for i, (a, b) in enumerate(zip(written, rewritten)) if a != b), min(len(written), len(rewritten)))
        raise _Broken("round trip", f"written, read and written again, the position differs at line {line + 1}: "
                                    f"{(written[line:line + 1] or [''])[0]!r}")


def _same_action(state: Any, seat: int, action: Any) -> Any:
    for legal in state.legal_actions(seat):
        if legal == action:
            return legal
    raise _Broken("replay", f"'{action}' is not legal when the game is replayed from its seed")


def _call(check: str, function: Callable[[], Any], step: int, prefix: str = "raised") -> Any:
    try:
        return function()
    except (_Broken, StepTimeout):
        raise
    except Exception as exc:
        raise _Broken(check, f"{prefix} {type(exc).__name__}: {exc}", step) from None


def _shown(joint: dict[int, Any]) -> str:
    return ", ".join(f"seat {seat + 1} '{action}'" for seat, action in sorted(joint.items()))
