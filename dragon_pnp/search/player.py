"""`search`: information-set Monte Carlo tree search over the game interface, for any game.

Each iteration asks the game for one world the deciding seat cannot tell from the real one
(`HiddenPart.sample_hidden`, else `dragon_pnp.games.redeal`: what the seat has not seen redrawn, chance to come
reseeded), walks the shared tree down it, adds one node, plays on for a few decisions with the
game's own best player (`playout`) and scores the position for every seat with the game's
`evaluate` (a finished game scores its result). Sequential nodes choose by UCB1 over
availability counts (`tree.py`); the decision is the root action tried most. Where two seats
choose at once, the search solves the matrix game of every joint choice in a few redrawn worlds
(`matrix.py`) and draws from the optimal mix, since a pure choice there can be exploited; a node
too wide for that is searched by the tree, with decoupled regret matching, and the choice drawn
from the root's average strategy. A lone choice with a simultaneous node within the lookahead
after it (a follow-up between rounds) is valued by the same lookahead on the same worlds, so
both kinds of node are judged at one horizon; worlds are drawn until the compared values settle
(`worlds.py`).

Everything random comes from one number drawn from the `rng` the caller passes, so a game
replays exactly for its seed. The budget is a number of iterations (deterministic), or seconds
per decision (then the choice depends on the machine's speed: use it for play, not for reports).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from dragon_pnp.games.matrix_game import solve
from dragon_pnp.games.redeal import hidden_world
from dragon_pnp.players.simple import LookaheadPolicy, own_policies
from dragon_pnp.search.matrix import MatrixSearch, averaged
from dragon_pnp.search.tree import Arm, Node, average_strategy, regret_pick, regret_update, ucb_pick
from dragon_pnp.search.worlds import settled

if TYPE_CHECKING:
    from dragon_pnp.games.api import GameModule, GameState


AUTO = "auto"


@dataclass(frozen=True)
class SearchSettings:
    """A search player's budget and knobs. `iterations` is the strength people name (`search:400`)."""

    iterations: int = 200
    seconds: float | None = None       # a time budget per decision instead of `iterations`
    rollout: int = 10                   # decisions played past a new node before `evaluate`
    exploration: float = 0.3            # UCB1's constant, on means rescaled to the node's spread
    explore_mix: float = 0.1            # uniform share mixed into regret matching
    playout: str = AUTO                 # who plays past a new node: a policy of the game, `random`,
                                        # or AUTO: the game's own best player (else random)
    matrix_depth: int = 3               # decisions a two-seat simultaneous root is solved ahead
    matrix_budget: int = 2000           # leaves one world's matrix search may score
    matrix_worlds: int = 12             # iterations per redrawn world the matrix search counts as:
                                        # `iterations // matrix_worlds` worlds at most
    matrix_min_worlds: int = 3          # worlds always searched before the sampling may stop
    matrix_tolerance: float = 0.02      # stop once every value's standard error across worlds is
                                        # below this share of the values' spread (`worlds.py`)
    matrix_playout: bool = False        # score the matrix search's leaves after a playout too

    @property
    def label(self) -> str:
        """The strength as written after `search:`."""
        if self.seconds is not None:
            return f"{self.seconds:g}s"
        return str(self.iterations)


def parse_strength(text: str) -> SearchSettings:
    """`400` (iterations per decision) or `0.5s` (seconds per decision); ValueError otherwise."""
    text = text.strip()
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if not 0.0 < seconds <= 600.0:
                raise ValueError
            return SearchSettings(seconds=seconds)
        iterations = int(text)
        if not 1 <= iterations <= 1_000_000:
            raise ValueError
        return SearchSettings(iterations=iterations)
    except ValueError:
        raise ValueError(f"search strength {text!r}: expected iterations per decision (1 to 1000000, "
                         "e.g. search:400) or seconds per decision (e.g. search:0.5s)") from None


class SearchPolicy:
    """The search player of one game (its module) at one strength."""

    def __init__(self, module: GameModule, settings: SearchSettings | None = None, rules: Any = None):
        self.module = module
        self.settings = settings or SearchSettings()
        self.name = f"search:{self.settings.label}"
        self.iterations_run = 0          # over this player's life: for decisions-per-second figures
        self.rules = rules
        self.playout = playout_policy(module, self.settings.playout, rules)

    # --- the policy -------------------------------------------------------------------------
    def choose(self, state: GameState, seat: int, rng: random.Random) -> Any:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        draw = random.Random(rng.getrandbits(64))
        if len(state.to_move()) == 2:
            mix = self.solve_simultaneous(state, seat, draw)
            if mix is not None:
                return legal[_sample(mix, draw)]
        elif self.leads_to_simultaneous(state, seat):
            best = self.solve_single(state, seat, draw)
            if best is not None:
                return legal[best]
        root = self.search(state, seat, draw)
        arms = root.arms_of(seat, [str(a) for a in legal])
        if len(state.to_move()) > 1:
            return legal[_sample(average_strategy(arms), draw)]
        best = max(range(len(arms)), key=lambda i: (arms[i].visits, _mean(arms[i]), -i))
        return legal[best]

    def search(self, state: GameState, seat: int, draw: random.Random) -> Node:
        """The tree after the budget is spent; the root's arms for `seat` hold the answer."""
        settings = self.settings
        root = Node()
        sample = self.sample
        if settings.seconds is None:
            for _ in range(settings.iterations):
                self._iterate(root, sample(state, seat, draw), draw)
            self.iterations_run += settings.iterations
        else:
            deadline = time.perf_counter() + settings.seconds
            while True:
                self._iterate(root, sample(state, seat, draw), draw)
                self.iterations_run += 1
                if time.perf_counter() >= deadline:
                    break
        return root

    def solve_simultaneous(self, state: GameState, seat: int, draw: random.Random) -> list[float] | None:
        """The seat's mix at a two-seat simultaneous node (`matrix.py`), None when the node is too
        wide to try every joint choice. The payoff matrices of the redrawn worlds are averaged and
        the mean game solved, the sound answer for a seat that cannot tell the worlds apart; where
        the other seat's choices differ between worlds (its hidden hand), the worlds' optimal mixes
        are averaged instead."""
        settings = self.settings
        leaf = (lambda world: self._playout(world, draw)) if settings.matrix_playout else None
        search = MatrixSearch(self.module.evaluate, settings.matrix_depth, settings.matrix_budget, leaf)
        worlds = max(1, settings.iterations // settings.matrix_worlds)
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        movers = state.to_move()
        found: list[tuple[tuple[tuple[str, ...], tuple[str, ...]], list[list[float]]]] = []
        while True:
            world = self.sample(state, seat, draw)
            payoff = search.payoffs(world)
            if payoff is None:
                return None
            shape = tuple(tuple(str(a) for a in world.legal_actions(s)) for s in movers)
            found.append((shape, payoff))  # type: ignore[arg-type]
            self.iterations_run += settings.matrix_worlds
            if (len(found) >= worlds) if deadline is None else (time.perf_counter() >= deadline):
                break
            if len(found) >= settings.matrix_min_worlds and all(f[0] == shape for f in found) and \
                    settled([[v for line in p for v in line] for _, p in found], settings.matrix_tolerance):
                break
        mine = 0 if movers[0] == seat else 1
        if all(shape == found[0][0] for shape, _ in found):
            rows, columns = len(found[0][1]), len(found[0][1][0])
            mean = [[sum(p[i][j] for _, p in found) / len(found) for j in range(columns)] for i in range(rows)]
            solution = solve(mean)
            return list(solution.rows if mine == 0 else solution.columns)
        mixes = []
        for _, payoff in found:
            solution = solve(payoff)
            mixes.append(list(solution.rows if mine == 0 else solution.columns))
        return averaged(mixes)

    def leads_to_simultaneous(self, state: GameState, seat: int) -> bool:
        """Whether a two-seat simultaneous choice comes within the lookahead's depth after this
        seat's choice (probed along first legal actions: cheap, and the same for every world)."""
        probe = state.clone()
        for _ in range(self.settings.matrix_depth):
            if probe.result is not None:
                return False
            probe.apply({s: probe.legal_actions(s)[0] for s in probe.to_move()})
            if probe.result is None and len(probe.to_move()) == 2:
                return True
        return False

    def solve_single(self, state: GameState, seat: int, draw: random.Random) -> int | None:
        """The index of the seat's best action by the matrix search's lookahead, for a lone choice
        inside a game of simultaneous rounds (a follow-up between two rounds). Every action is
        valued on the same redrawn worlds, down to the same horizon and with the same leaves as
        the simultaneous choices around it, and the means compared: paired, so the comparison
        is not drowned by the difference between worlds that UCB on separate playouts suffers.
        None when the node is too wide for the leaf budget."""
        settings = self.settings
        leaf = (lambda world: self._playout(world, draw)) if settings.matrix_playout else None
        search = MatrixSearch(self.module.evaluate, settings.matrix_depth, settings.matrix_budget, leaf)
        worlds = max(1, settings.iterations // settings.matrix_worlds)
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        texts = [str(a) for a in state.legal_actions(seat)]
        totals = [0.0] * len(texts)
        counts = [0] * len(texts)
        seen: list[list[float]] = []
        while True:
            world = self.sample(state, seat, draw)
            values = search.single(world, seat)
            if values is None:
                return None
            for action, value in values.items():
                if action in texts:
                    index = texts.index(action)
                    totals[index] += value
                    counts[index] += 1
            seen.append([values.get(t, 0.0) for t in texts])
            self.iterations_run += settings.matrix_worlds
            if (len(seen) >= worlds) if deadline is None else (time.perf_counter() >= deadline):
                break
            if len(seen) >= settings.matrix_min_worlds and settled(seen, settings.matrix_tolerance):
                break
        means = [totals[i] / counts[i] if counts[i] else -math.inf for i in range(len(texts))]
        return max(range(len(texts)), key=lambda i: (means[i], -i))

    def sample(self, state: GameState, seat: int, draw: random.Random) -> GameState:
        """One world the seat cannot tell from `state`: the game's `sample_hidden`, else `redeal`."""
        return hidden_world(self.module, self.rules, state, seat, draw)

    # --- one iteration ------------------------------------------------------------------------
    def _iterate(self, root: Node, world: GameState, draw: random.Random) -> None:
        settings = self.settings
        node = root
        path: list[tuple[int, list[Arm], int, list[float] | None]] = []
        while world.result is None:
            movers = world.to_move()
            joint: dict[int, Any] = {}
            key: list[str] = []
            for seat in movers:
                legal = world.legal_actions(seat)
                texts = [str(a) for a in legal]
                arms = node.arms_of(seat, texts)
                if len(movers) == 1:
                    index, mix = ucb_pick(arms, settings.exploration, draw), None
                else:
                    index, mix = regret_pick(arms, settings.explore_mix, draw)
                path.append((seat, arms, index, mix))
                joint[seat] = legal[index]
                key.append(texts[index])
            world.apply(joint)
            child = node.children.get(tuple(key))
            if child is None:
                node.children[tuple(key)] = Node()
                break
            node = child
        values = self._playout(world, draw)
        for seat, arms, index, mix in path:
            value = values[seat]
            if mix is None:
                arm = arms[index]
                arm.visits += 1
                arm.total += value
            else:
                regret_update(arms, index, mix, value)

    def _playout(self, world: GameState, draw: random.Random) -> list[float]:
        """A few random decisions, then the game's own estimate for every seat."""
        playout = self.playout
        for _ in range(self.settings.rollout):
            if world.result is not None:
                break
            if playout is None:
                world.apply({seat: _choice(world.legal_actions(seat), draw) for seat in world.to_move()})
            else:
                world.apply({seat: playout.choose(world, seat, draw) for seat in world.to_move()})
        evaluate = self.module.evaluate
        return [evaluate(world, seat) for seat in range(world.seats)]


def playout_policy(module: GameModule, name: str, rules: Any) -> Any:
    """The player of the playouts: None for uniformly random. AUTO takes the game's own players'
    last (games list their own players weakest first, as the rules check's defaults assume)."""
    if name == AUTO:
        own = own_policies(module)
        if not own:
            return None
        name = own[-1]
    if name == "random":
        return None
    if name == "lookahead" and name not in module.policies():
        return LookaheadPolicy(module)
    return module.policies()[name](rules)


def _choice(options: list[Any], draw: random.Random) -> Any:
    return options[draw.randrange(len(options))] if len(options) > 1 else options[0]


def _mean(arm: Arm) -> float:
    return arm.total / arm.visits if arm.visits else 0.0


def _sample(probabilities: list[float], draw: random.Random) -> int:
    target = draw.random()
    cumulative = 0.0
    for index, p in enumerate(probabilities):
        cumulative += p
        if target < cumulative:
            return index
    return len(probabilities) - 1


class SearchFactory:
    """`policies()["search"]`: builds the player for a game's rules; `tuned("400")` another strength."""

    def __init__(self, module: GameModule, settings: SearchSettings | None = None):
        self.module = module
        self.settings = settings or SearchSettings()

    def __call__(self, rules: Any) -> SearchPolicy:
        return SearchPolicy(self.module, self.settings, rules)

    def tuned(self, strength: str) -> SearchFactory:
        parsed = parse_strength(strength)
        return SearchFactory(self.module, replace(self.settings, iterations=parsed.iterations,
                                                  seconds=parsed.seconds))
