"""`search`: Monte Carlo tree search over the game interface, for any game and any genre.

Each iteration asks the game for one world the deciding seat cannot tell from the real one
(`HiddenPart.sample_hidden`, else `dragon_pnp.games.redeal`: what the seat has not seen redrawn, chance to come
reseeded), walks the shared tree down it, adds one node, plays on for a few of its own decisions with the
game's own best player (`playout`) and scores the position for every seat with the game's
`evaluate` (a finished game scores its result). One tree over redrawn worlds is
information-set MCTS: a node stands for what the searching seat cannot tell apart, so no choice
is fitted to one guessed world (no strategy fusion from solving worlds apart).

- A node where one seat decides picks by UCB1 over availability counts, guided by the game's
  `evaluate` one action ahead (progressive bias, `tree.py`); the decision is the root action
  tried most.
- A node where several seats decide at once runs decoupled regret matching for each of them
  (simultaneous-move MCTS); the decision is drawn from the root's average strategy, which tends
  to an equilibrium, since a pure choice there can be exploited.
- Values are discounted towards a draw by the number of decisions to reach them, so of two lines
  to the same end the shorter wins and a search never gains by going round in circles.

Everything random comes from one number drawn from the `rng` the caller passes, so with a budget
in iterations a game replays exactly for its seed; a time budget (`budget.py`) depends on the
machine's speed: use it for play, not for reports.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from dragon_pnp.games.redeal import hidden_world
from dragon_pnp.players.simple import LookaheadPolicy, own_policies
from dragon_pnp.search.budget import Budget, Clock, Spending, parse_budget, thinking_clock
from dragon_pnp.search.model import OpponentModel, policy_picks
from dragon_pnp.search.tree import (
    Arm,
    Node,
    anchored,
    average_strategy,
    matrix_update,
    regret_pick,
    regret_update,
    ucb_pick,
)

if TYPE_CHECKING:
    from dragon_pnp.games.api import GameModule, GameState


AUTO = "auto"


@dataclass(frozen=True)
class SearchSettings:
    """A search player's budget and knobs. `iterations` is the strength people name (`search:400`)."""

    iterations: int = 200
    seconds: float | None = None       # a time budget per decision instead of `iterations`
    rollout: int = 6                    # the searching seat's own decisions played past a new
                                        # node before `evaluate` at two seats (`own_horizon`)
    exploration: float = 0.4            # UCB1's constant, on means rescaled to the node's spread
    bias: float = 1.0                   # weight of the progressive bias (0: no priors)
    explore_mix: float = 0.2            # uniform share mixed into regret matching (its variance)
    policy_samples: int = 8             # a simultaneous node asks the playout player this often for
                                        # its choice and starts regret matching from that mix
    sample_share: float = 0.01          # with a time budget, only while that costs at most this
                                        # share of the decision's time (`_samples_affordable`)
    lone_prior: bool = True             # the playout player's action ranks first at a lone choice
    anchor: float = 1.0                 # at a lone root choice, keep the playout player's action
                                        # unless the best beats it by this many standard errors
    simultaneous_anchor: float = 1.0    # the same at a simultaneous root, where the other seat's
                                        # reply is itself a prediction (a second source of error)
    policy_weight: float = 0.5          # the regret that mix is worth at the start
    purify: float = 0.05                # a simultaneous choice drops actions of this share or less
    playout: str = AUTO                 # who plays past a new node: a policy of the game, `random`,
                                        # or AUTO: the game's own best player (else random)
    discount: float = 0.995             # a value's pull towards a draw per decision to reach it
    model: bool = True                  # at a two-seat simultaneous root, play against the game's
                                        # own player that best predicts the other seat (`model.py`)
    assumed: float = 0.75               # with no player trusted yet, the share of root iterations in
                                        # which the other seat plays the playout player's pick (0: off)
    assumed_samples: int = 4            # worlds the playout player is asked on for that pick
    clock: Clock = field(default=thinking_clock, compare=False)   # what a time budget is measured on

    @property
    def budget(self) -> Budget:
        return Budget(self.iterations, self.seconds)

    @property
    def label(self) -> str:
        """The strength as written after `search:`."""
        return self.budget.label


def parse_strength(text: str) -> SearchSettings:
    """`400` (iterations per decision), `100ms` or `0.5s` (time per decision); ValueError otherwise."""
    budget = parse_budget(text)
    return SearchSettings(iterations=budget.iterations, seconds=budget.seconds)


# One step down the tree: the node, its choosers, per chooser its legal notations, arms, the arm
# taken and the regret mix it was drawn from (None at a lone choice), and the depth.
Step = tuple[Node, tuple[int, ...], list[list[str]], list[list[Arm]], list[int], "list[list[float] | None]", int]
# The other seat at a simultaneous root, its predicted choices (notation: share of sampled worlds)
# and how often the prediction was right (the share of iterations it is played).
Reply = tuple[int, dict[str, float], float]


class SearchPolicy:
    """The search player of one game (its module) at one strength."""

    def __init__(self, module: GameModule, settings: SearchSettings | None = None, rules: Any = None):
        self.module = module
        self.settings = settings or SearchSettings()
        self.name = f"search:{self.settings.label}"
        self.iterations_run = 0          # over this player's life: for decisions-per-second figures
        self.rules = rules
        self.playout = playout_policy(module, self.settings.playout, rules)
        self.model: OpponentModel | None = None
        self._sample_cost = 0.0          # CPU seconds the last node's playout-player samples took

    # --- the policy -------------------------------------------------------------------------
    def choose(self, state: GameState, seat: int, rng: random.Random) -> Any:
        legal = state.legal_actions(seat)
        spending = Spending(self.settings.budget, self.settings.clock)   # modelling counts too
        draw = random.Random(rng.getrandbits(64))
        model = self._model()
        if model is not None:
            model.observe(state, seat, random.Random(draw.getrandbits(64)), self.sample)
        if len(legal) == 1:
            choice = legal[0]
        else:
            reply = self._reply(state, seat, draw)
            lone = len(state.to_move()) == 1
            texts = [str(a) for a in legal]
            # The game's own player's choice, the anchor, is asked before the search on a draw of
            # its own, so that it does not depend on how many iterations ran: a lone choice whose
            # anchor leads by more visits than are left stops early (`search`), the same choice.
            own_draw = random.Random(draw.getrandbits(64))
            margin = self.settings.anchor if lone else self.settings.simultaneous_anchor
            own: int | None = None
            if (lone or reply is not None) and margin > 0.0 and self.playout is not None:
                picked = str(self.playout.choose(state, seat, own_draw))
                own = texts.index(picked) if picked in texts else None
            root = self.search(state, seat, draw, spending, reply, texts[own] if lone and own is not None else None)
            arms = root.arms_of(seat, texts)
            if not lone and reply is None:
                choice = legal[_sample(average_strategy(arms, self.settings.purify), draw)]
            else:
                best = max(range(len(arms)), key=lambda i: (arms[i].visits, _mean(arms[i]), -i))
                if own is not None:
                    best = anchored(arms, best, own, margin)
                choice = legal[best]
        if model is not None:
            model.remember(state, seat, choice)
        return choice

    def search(self, state: GameState, seat: int, draw: random.Random, spending: Spending | None = None,
               reply: Reply | None = None, anchor: str | None = None) -> Node:
        """The tree after the budget is spent; the root's arms for `seat` hold the answer. With a
        `reply` (the other seat's predicted choice at a simultaneous root) the seat's root choice
        is a best response to it, found by UCB1, instead of regret matching.

        With the `anchor` (the notation of the game's own player's choice at a lone root) the
        search stops as soon as that arm leads every other by more visits than iterations are
        left: no later iteration could change the choice, which is then the anchor's either way
        (`anchored`), so the rest of the budget would be spent for nothing."""
        root = Node()
        spending = spending or Spending(self.settings.budget, self.settings.clock)
        sample = self.sample
        while spending.more():
            self._iterate(root, sample(state, seat, draw), draw, seat, reply)
            if anchor is not None and _settled(root, seat, anchor, spending.left()):
                break
        self.iterations_run += spending.done
        return root

    def _model(self) -> OpponentModel | None:
        """The opponent model, made on first use from the game's own players (None when off)."""
        if not self.settings.model:
            return None
        if self.model is None:
            self.model = OpponentModel({name: self.module.policies()[name](self.rules)
                                        for name in own_policies(self.module)})
        return self.model

    def _reply(self, state: GameState, seat: int, draw: random.Random) -> Reply | None:
        """The other seat's predicted choice at a two-seat simultaneous `state`: the trusted
        player's picks (`model.py`), else, with `assumed` set, the playout player's (the game's
        own best player, the likeliest opponent before any record says otherwise); None for none."""
        movers = state.to_move()
        if len(movers) != 2:
            return None
        other = movers[0] if movers[1] == seat else movers[1]
        if self.model is not None:
            predicted = self.model.predict(state, seat, other, random.Random(draw.getrandbits(64)), self.sample)
            if predicted is not None:
                return other, predicted[0], predicted[1]
        settings = self.settings
        if settings.assumed <= 0.0 or self.playout is None or settings.assumed_samples < 1:
            return None
        shares = policy_picks(self.playout, state, seat, other, random.Random(draw.getrandbits(64)), self.sample,
                              settings.assumed_samples)
        return other, shares, settings.assumed

    def sample(self, state: GameState, seat: int, draw: random.Random) -> GameState:
        """One world the seat cannot tell from `state`: the game's `sample_hidden`, else `redeal`."""
        return hidden_world(self.module, self.rules, state, seat, draw)

    # --- one iteration ------------------------------------------------------------------------
    def _iterate(self, root: Node, world: GameState, draw: random.Random, me: int = -1,
                 reply: Reply | None = None) -> None:
        settings = self.settings
        node = root
        path: list[Step] = []
        depth = 0
        while world.result is None:
            movers = world.to_move()
            joint: dict[int, Any] = {}
            key: list[str] = []
            all_texts: list[list[str]] = []
            all_arms: list[list[Arm]] = []
            indices: list[int] = []
            mixes: list[list[float] | None] = []
            for seat in movers:
                legal = world.legal_actions(seat)
                texts = [str(a) for a in legal]
                arms = node.arms_of(seat, texts)
                mix: list[float] | None
                if len(movers) == 1:
                    if settings.bias and any(arm.prior is None for arm in arms):
                        self._prime(world, seat, legal, arms, draw)
                    index, mix = ucb_pick(arms, settings.exploration, settings.bias, draw), None
                else:
                    if settings.bias and any(arm.prior is None for arm in arms):
                        self._prime_simultaneous(world, seat, legal, arms, draw)
                    if reply is not None and depth == 0 and seat == me:
                        index, mix = ucb_pick(arms, settings.exploration, settings.bias, draw), None
                    elif reply is not None and depth == 0 and seat == reply[0] and draw.random() < reply[2] \
                            and (predicted := _predicted(texts, reply[1], draw)) is not None:
                        index, mix = predicted, None
                        for arm in arms:
                            arm.available += 1
                    else:
                        index, mix = regret_pick(arms, settings.explore_mix, draw)
                joint[seat] = legal[index]
                key.append(texts[index])
                all_texts.append(texts)
                all_arms.append(arms)
                indices.append(index)
                mixes.append(mix)
            path.append((node, movers, all_texts, all_arms, indices, mixes, depth))
            world.apply(joint)
            depth += 1
            child = node.children.get(tuple(key))
            if child is None:
                node.children[tuple(key)] = Node()
                break
            node = child
        values, played = self._playout(world, draw, me)
        discount = settings.discount
        for at_node, movers, node_texts, node_arms, indices, mixes, at in path:
            scale = discount ** (depth - at + played)
            seen = [0.5 + (values[seat] - 0.5) * scale for seat in movers]
            if len(movers) == 1:
                arm = node_arms[0][indices[0]]
                arm.visits += 1
                arm.total += seen[0]
                arm.squares += seen[0] * seen[0]
            elif len(movers) == 2:
                matrix_update(at_node, (node_texts[0], node_texts[1]), (node_arms[0], node_arms[1]),
                              (indices[0], indices[1]), (seen[0], seen[1]))
            else:
                for k in range(len(movers)):
                    mix = mixes[k]
                    if mix is not None:
                        regret_update(node_arms[k], indices[k], mix, seen[k])

    def _prime(self, world: GameState, seat: int, legal: list[Any], arms: list[Arm], draw: random.Random) -> None:
        """Each unprimed arm's prior: the game's `evaluate` for the seat one action ahead; the
        action the game's own best player (the playout player) would take here ranks above them
        all, by the spread of the others, so a search starts from what the game's hand-built
        player knows and its values must earn any departure from it."""
        evaluate = self.module.evaluate
        fresh = False
        for action, arm in zip(legal, arms, strict=True):
            if arm.prior is None:
                after = world.clone()
                after.apply({seat: action})
                arm.prior = evaluate(after, seat)
                fresh = True
        if fresh and self.playout is not None and self.settings.lone_prior:
            chosen = str(self.playout.choose(world, seat, draw))
            priors = [arm.prior for arm in arms if arm.prior is not None]
            top, spread = max(priors), max(priors) - min(priors)
            for action, arm in zip(legal, arms, strict=True):
                if str(action) == chosen:
                    arm.prior = top + max(spread, 1e-6)

    def _prime_simultaneous(self, world: GameState, seat: int, legal: list[Any], arms: list[Arm],
                            draw: random.Random) -> None:
        """At a simultaneous node, each unprimed arm's prior is the game's `evaluate` after it
        against a random reply of the other seats; the arms above the node's mean prior start
        with that much regret (times `bias`), and each arm with `policy_weight` times the share
        of `policy_samples` choices the game's own best player (the playout player) gives it,
        so regret matching's first mixes lean towards what the game's heuristics and players
        favour instead of starting uniform; the search's values then take over."""
        evaluate = self.module.evaluate
        others = [s for s in world.to_move() if s != seat]
        fresh = []
        for action, arm in zip(legal, arms, strict=True):
            if arm.prior is None:
                after = world.clone()
                after.apply({seat: action, **{s: _choice(world.legal_actions(s), draw) for s in others}})
                arm.prior = evaluate(after, seat)
                fresh.append(arm)
        if not fresh:
            return
        settings = self.settings
        mean = sum(arm.prior for arm in arms if arm.prior is not None) / len(arms)
        for arm in fresh:
            if arm.prior is not None and arm.prior > mean:
                arm.regret += settings.bias * (arm.prior - mean)
        if self.playout is not None and settings.policy_samples and len(fresh) == len(arms) \
                and self._samples_affordable():
            texts = {str(action): arm for action, arm in zip(legal, arms, strict=True)}
            share = settings.policy_weight / settings.policy_samples
            clock = settings.clock
            started = clock()
            for _ in range(settings.policy_samples):
                picked = texts.get(str(self.playout.choose(world, seat, draw)))
                if picked is not None:
                    picked.regret += share
            self._sample_cost = clock() - started

    def _samples_affordable(self) -> bool:
        """Whether a simultaneous node may ask the playout player `policy_samples` times: always
        with a budget in iterations (which must replay exactly), else while the last node's asking
        cost at most `sample_share` of the decision's time (a matrix-solving player asked 8 times
        a node left a 100 ms search 10-25 iterations; a one-line player costs nothing and its
        picks guide the search well)."""
        seconds = self.settings.seconds
        return seconds is None or self._sample_cost <= self.settings.sample_share * seconds

    def _playout(self, world: GameState, draw: random.Random, me: int = -1) -> tuple[list[float], int]:
        """The playout player on until the searching seat `me` has made its `own_horizon`
        decisions and is to decide again (or the game ends), then the game's own estimate for
        every seat; with the number of decisions played. The horizon counts the seat's own
        decisions, not everyone's, so a game whose turn takes several decisions looks as many of
        the seat's turns ahead as a game of one simultaneous choice a round, and the estimate is
        always taken with the seat to decide (a position of the same kind every time). A cap of
        `rollout` times the seats, twice over, stops a playout in which the seat no longer moves."""
        playout = self.playout
        played = 0
        own = 0
        rollout = own_horizon(self.settings.rollout, world.seats)
        cap = 2 * self.settings.rollout * max(1, world.seats)
        # The game's methods are looked up once a playout, not at every step: the search knows the
        # game only through the interface, so each lookup is by name.
        to_move, apply, legal_actions = world.to_move, world.apply, world.legal_actions
        choose = playout.choose if playout is not None else None
        while world.result is None and played < cap:
            movers = to_move()
            mine = me in movers or me < 0
            if mine and own >= rollout:
                break
            if choose is None:
                apply({seat: _choice(legal_actions(seat), draw) for seat in movers})
            else:
                apply({seat: choose(world, seat, draw) for seat in movers})
            played += 1
            own += mine
        evaluate = self.module.evaluate
        return [evaluate(world, seat) for seat in range(world.seats)], played


def own_horizon(rollout: int, seats: int) -> int:
    """How many of the searching seat's own decisions a playout plays: `rollout` at two seats;
    with more, as many as keep about `2 * rollout` decisions in all, at least one (so a playout
    still runs round the table to the seat's next turn). Counting `rollout` of the seat's own
    decisions at every seat count made the playouts three to four times longer at 5-6 seats
    than at two, where every seat searches: a check's 6-player search games cost 2-3 times more
    for a look ahead that bought a few points of share at most (docs/rules-check.md)."""
    return max(1, 2 * rollout // max(2, seats))


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


def _settled(root: Node, seat: int, anchor: str, left: int | None) -> bool:
    """Whether the seat's `anchor` arm at the root leads every other arm by more visits than the
    `left` iterations could add (None: a time budget, whose rest is not known in advance)."""
    if left is None:
        return False
    table = root.arms.get(seat)
    if table is None:
        return False
    held = table.get(anchor)
    if held is None:
        return False
    bar = held.visits - left
    return all(arm.visits < bar or text == anchor for text, arm in table.items())


def _predicted(texts: list[str], shares: dict[str, float], draw: random.Random) -> int | None:
    """The index of a predicted choice drawn by its share, among those legal in this world."""
    legal = [(texts.index(text), share) for text, share in shares.items() if text in texts]
    if not legal:
        return None
    target = draw.random() * sum(share for _, share in legal)
    for index, share in legal:
        target -= share
        if target < 0:
            return index
    return legal[-1][0]


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
