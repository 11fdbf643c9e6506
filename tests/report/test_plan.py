"""Batch plans: seeds that depend only on the root seed, configuration and batch number."""

from __future__ import annotations

import pytest

from dragon_pnp.report.plan import Config, batch_seed, configurations, parse_list, parse_players, plan_batches


def test_batches_cover_every_game_once_in_order():
    configs = configurations([2, 3], ["standard"], ["random", "greedy"])
    batches = plan_batches(configs, games=120, root=5, batch_games=50)
    assert [b.config.key for b in batches[:3]] == ["2p-standard-random"] * 3
    assert [(b.first_game, b.games) for b in batches[:3]] == [(0, 50), (50, 50), (100, 20)]
    assert sum(b.games for b in batches) == 4 * 120


def test_batch_seeds_are_stable_and_distinct():
    config = Config(4, "standard", "greedy")
    # A pinned value: string-seeded Random is the same on every platform and Python run.
    assert batch_seed(1, config, 0) == batch_seed(1, config, 0)
    assert batch_seed(1, config, 0) != batch_seed(1, config, 1)
    assert batch_seed(1, config, 0) != batch_seed(2, config, 0)
    assert batch_seed(1, config, 0) != batch_seed(1, Config(4, "standard", "random"), 0)
    seeds = plan_batches([config], 100, 1, 50)[0].game_seeds()
    assert len(set(seeds)) == 50 and seeds == plan_batches([config], 100, 1, 50)[0].game_seeds()


def test_a_batch_plays_the_same_games_whatever_the_total():
    short = plan_batches([Config(3, "long", "random")], 50, 9, 50)
    long = plan_batches([Config(3, "long", "random")], 500, 9, 50)
    assert short[0] == long[0]


def test_parse_players():
    assert parse_players("2-6", 2, 6) == [2, 3, 4, 5, 6]
    assert parse_players("4,2-3", 2, 6) == [2, 3, 4]
    for bad in ("1-3", "7", "6-2", "x", ""):
        with pytest.raises(ValueError):
            parse_players(bad, 2, 6)


def test_parse_list():
    assert parse_list("greedy, random,greedy", ["random", "greedy"], "policy") == ["greedy", "random"]
    with pytest.raises(ValueError, match="unknown policy clever"):
        parse_list("clever", ["random", "greedy"], "policy")



def test_the_default_check_size_comes_from_the_game_and_an_explicit_count_wins():
    """A game whose reference player costs much per game may ask for fewer games of the cheaper
    players (`ReferencePlay.games`); without one a check plays the generic default; a count the
    user gives always wins, and the reference plays its share of whichever count holds."""
    from pathlib import Path

    from dragon_pnp.games.parts import ReportPart
    from dragon_pnp.games.registry import load_game
    from dragon_pnp.report.check import DEFAULT_GAMES, CheckSettings, require_module, resolve

    root = Path(__file__).resolve().parents[2]
    for name in ("dragon_pants", "dragon_dance"):
        game = load_game(root / "data" / name)
        module = require_module(game)
        reference = module.part(ReportPart).reference_play(game)
        chosen = resolve(game, CheckSettings(), module)
        wanted = reference.games if reference is not None and reference.games else DEFAULT_GAMES
        assert chosen.games == chosen.main_games() == wanted
        if reference is not None:
            assert chosen.search_games == max(1, round(wanted * reference.share))
            assert chosen.policies[-1] == reference.policy
        given = resolve(game, CheckSettings(games=37), module)
        assert given.games == 37
        assert given.search_games == (max(1, round(37 * reference.share)) if reference is not None else 37)
    with pytest.raises(ValueError, match="resolve"):
        CheckSettings().main_games()


def test_the_default_pants_check_plays_its_reference_200_games_at_two_players_and_100_at_the_others():
    """Issue 31, point 3: enough reference games for its figures to mean something, read from the
    plan (the batches a default check would play), not from a timed run."""
    from pathlib import Path

    from dragon_pnp.games.registry import load_game
    from dragon_pnp.report.check import CheckSettings, check_batches, is_search, plan, require_module, resolve

    game = load_game(Path(__file__).resolve().parents[2] / "data" / "dragon_pants")
    module = require_module(game)
    settings = resolve(game, CheckSettings(), module)
    main, duels = plan(game, settings, module)
    played: dict[tuple[int, str, str], int] = {}
    for batch in check_batches(settings, main, duels):
        key = (batch.config.players, batch.config.setup, batch.config.policy)
        played[key] = played.get(key, 0) + batch.games
    searched = {key: games for key, games in played.items() if is_search(key[2])}
    assert searched == {(2, "standard", "search:20"): 200, **{(n, "standard", "search:20"): 100 for n in (3, 4, 5, 6)}}
    # a check given --games keeps the reference's share of it, the same at every player count
    quick = resolve(game, CheckSettings(games=40), module)
    assert {quick.games_for("search:20", n) for n in (2, 3, 6)} == {1}


def test_search_games_per_player_count_parse():
    from dragon_pnp.report.plan import parse_games_per_players

    assert parse_games_per_players("200", 2, 6) == (200, ())
    assert parse_games_per_players("2=200,3-6=100", 2, 6) == (None, ((2, 200), (3, 100), (4, 100), (5, 100), (6, 100)))
    assert parse_games_per_players("50, 2=200", 2, 6) == (50, ((2, 200),))
    for bad in ("2=x", "7=10", "", "2=200=3"):
        with pytest.raises(ValueError):
            parse_games_per_players(bad, 2, 6)


def test_the_reproduce_line_names_the_reference_games_per_player_count():
    from dragon_pnp.report.view import _reproduce

    settings = {"games": 400, "players": [2, 3], "setups": ["standard"], "policies": ["random", "search:20"],
                "seed": 1, "duel_games": 200, "options": {}, "search_games": 10, "ladder_games": 20}
    per_count = _reproduce({"game": {"slug": "g"}, "settings": {**settings, "search_per_players": {"2": 200, "3": 100}}})
    assert "--search-games 2=200,3=100 " in per_count + " "
    some = _reproduce({"game": {"slug": "g"}, "settings": {**settings, "search_per_players": {"2": 200}}})
    assert "--search-games 2=200,10 " in some + " "
    uniform = _reproduce({"game": {"slug": "g"}, "settings": settings})
    assert "--search-games 10 " in uniform + " "


def test_the_ladder_plays_the_games_a_pairing_the_reference_names():
    """Dragon Pants' reference names 40 ladder games a pairing; a game whose reference names none
    keeps the default 20; a quick check (few --games) and an explicit --ladder-games keep theirs."""
    from pathlib import Path

    from dragon_pnp.games.parts import ReportPart
    from dragon_pnp.games.registry import load_game
    from dragon_pnp.report.check import LADDER_GAMES, CheckSettings, require_module, resolve

    root = Path(__file__).resolve().parents[2]
    pants = load_game(root / "data" / "dragon_pants")
    module = require_module(pants)
    assert module.part(ReportPart).reference_play(pants).ladder_games == 40
    default = CheckSettings(ladder_games=None)   # as `dragon-pnp check` gives it without --ladder-games
    assert resolve(pants, default, module).ladder_games == 40
    assert resolve(pants, CheckSettings(games=12, ladder_games=None), module).ladder_games == 12
    assert resolve(pants, CheckSettings(ladder_games=5), module).ladder_games == 5
    dance = load_game(root / "data" / "dragon_dance")
    reference = require_module(dance).part(ReportPart).reference_play(dance)
    assert reference is None or reference.ladder_games is None
    assert LADDER_GAMES == 20 and resolve(dance, default, require_module(dance)).ladder_games == 20
