"""Checks of this game's rules module: run with `python -m pytest tests` in the game folder, or
`dragon-pnp selftest $build`. The conformance suite plays seeded random games and checks every
step against the game interface (clones, position files, legal actions, hidden choices)."""

from pathlib import Path

from dragon_pnp.games import load_game, run_conformance

GAME_FOLDER = Path(__file__).resolve().parents[1]


def test_the_rules_conform_to_the_game_interface():
    game = load_game(GAME_FOLDER)
    found = run_conformance(game, game.module, playouts=6)
    assert found.passed, "\n".join(map(str, found.failures))


def test_the_highest_card_wins_a_round():
    game = load_game(GAME_FOLDER)
    module = game.module
    rules = module.make_rules(game)
    state = module.new_game(rules, seed=1)
    power = {c.id: c.power for c in rules.cards}
    high = max(state.legal_actions(0), key=lambda a: power[a.card])
    low = min(state.legal_actions(1), key=lambda a: power[a.card])
    state.apply({0: high, 1: low})
    assert state.scores == ([1, 0] if power[high.card] > power[low.card] else [0, 0])
