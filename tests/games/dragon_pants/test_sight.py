"""Line of sight (R17, R18): flat and diagonal lines, blockers, water, mountains, variants."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from dragon_pnp.errors import IllegalActionError
from dragon_pnp.games.dragon_pants.engine.board import BoardTables
from dragon_pnp.games.dragon_pants.engine.positions import position_to_dict

from .helpers import act, game_data, legal, position


@pytest.fixture(scope="module")
def tables() -> BoardTables:
    return BoardTables.from_game(game_data())


def test_flat_line_blocked_by_mountain(tables):
    assert tables.line_of_sight("flat", (0, 2), (0, -2)) == (False, (0, 0))


def test_water_between_does_not_block(tables):
    # (1,1) -> (1,-1): the water at (1,0) lies between.
    assert tables.line_of_sight("flat", (1, 1), (1, -1)) == (True, None)


def test_dragon_between_blocks_and_is_named(tables):
    assert tables.line_of_sight("flat", (-3, 3), (0, 3), occupied={(-1, 3)}) == (False, (-1, 3))


def test_not_on_a_line(tables):
    assert tables.line_of_sight("flat", (0, 2), (2, -2)) == (False, None)
    assert tables.line_of_sight("diagonal", (0, 2), (0, -2)) == (False, None)


def test_diagonal_line_passes_flanking_mountain(tables):
    # (0,2) -> (2,-2): centre (1,0) is water; the corner crossing at (2,-1)/(1,-1) has a mountain.
    line = tables.sight_line("diagonal", (0, 2), (2, -2))
    assert line.between == ((1, 0),)
    assert line.flanks == (((1, 1), (0, 1)), ((2, -1), (1, -1)))
    assert tables.line_of_sight("diagonal", (0, 2), (2, -2)) == (True, None)


def test_diagonal_centre_mountain_blocks_unless_ignored(tables):
    assert tables.line_of_sight("diagonal", (1, 1), (3, -3)) == (False, (2, -1))
    assert tables.line_of_sight("diagonal", (1, 1), (3, -3), ignore_mountains=True) == (True, None)


def test_flank_variant_needs_both_flanks_blocking():
    flanked = BoardTables.from_game(game_data(), {"diagonal_blocked_by_flanks": True})
    # Mountain at (2,-1) plus empty land at (1,-1): one flank alone does not block...
    assert flanked.line_of_sight("diagonal", (0, 2), (2, -2)) == (True, None)
    # ...but with a dragon on (1,-1) both flanking hexes block.
    assert flanked.line_of_sight("diagonal", (0, 2), (2, -2), occupied={(1, -1)}) == (False, (2, -1))


def test_every_pair_agrees_with_hot_path(tables):
    """The diagram query and the engine's bitmask test agree for every pair and blocker set."""
    hexes = tables.hexes
    for blocker in [None, (0, 1), (1, -1), (-2, 1)]:
        occupied = set() if blocker is None else {blocker}
        mask = 0 if blocker is None else 1 << tables.index[blocker]
        for a in range(tables.size):
            for b in range(tables.size):
                if a == b or hexes[a] in occupied or hexes[b] in occupied:
                    continue
                for kind in ("flat", "diagonal"):
                    seen, _ = tables.line_of_sight(kind, hexes[a], hexes[b], occupied)
                    assert seen == tables.clear(kind, a, b, mask)


def test_legal_targets_from_sightlines_position():
    state = position("sightlines")
    plays = [a for a in legal(state) if a.startswith("play")]
    assert plays == ["play shock 2"]


def test_fireball_refused_behind_mountain_with_reason():
    state = position("sightlines")
    with pytest.raises(IllegalActionError, match=r"fireball needs a flat line to dragon 3: the mountain at \(0,0\) is between"):
        act(state, "play fireball 3")


def test_target_on_water_is_immune():
    state = position("cards")
    data = position_to_dict(state)
    data["dragons"][2]["at"] = [-1, 1]  # dragon 3 dives into the water on dragon 1's flat line
    from dragon_pnp.games.dragon_pants.engine.positions import position_from_dict

    wet = position_from_dict(state.rules, data)
    assert not any(a.endswith(" 3") for a in legal(wet) if a.startswith("play"))
    with pytest.raises(IllegalActionError, match=r"dragon 3 is on water at \(-1,1\) and immune"):
        act(wet, "play fireball 3")


def test_flank_variant_blocks_shock():
    state = position("sightlines", diagonal_blocked_by_flanks=True)
    assert "play shock 2" not in legal(state)
    with pytest.raises(IllegalActionError, match=r"shock needs a diagonal line to dragon 2: the mountain at \(2,-1\) is between"):
        act(state, "play shock 2")


def test_target_on_mountain_can_be_hit_but_not_one_behind_it():
    state = position("sight_mountain")
    plays = [a for a in legal(state) if a.startswith("play fireball")]
    assert plays == ["play fireball 3", "play fireball 4"]
    with pytest.raises(IllegalActionError, match=r"dragon 4 at \(-1,2\) is between"):
        act(state, "play fireball 2")


def test_dragon_between_blocks_a_card():
    state = position("sight_mountain")
    data = position_to_dict(state)
    data["dragons"][1]["at"] = [-3, 1]  # dragon 2 steps between dragon 1 and dragon 3
    from dragon_pnp.games.dragon_pants.engine.positions import position_from_dict

    moved = position_from_dict(state.rules, data)
    assert "play fireball 3" not in legal(moved)
    with pytest.raises(IllegalActionError, match=r"dragon 2 at \(-3,1\) is between"):
        act(moved, "play fireball 3")


def test_shock_ignores_mountains_variant():
    assert [a for a in legal(position("shock_mountain")) if a.startswith("play")] == []
    state = position("shock_mountain", shock_ignores_mountains=True)
    assert [a for a in legal(state) if a.startswith("play")] == ["play shock 2", "play shock 4"]


def test_dragon_on_a_den_can_be_targeted_r18():
    state = position("cards")
    data = position_to_dict(state)
    # Dragon 4 in its den NE (4,-4); put dragon 1 on (1,-1)... a flat line north-east to the den.
    data["dragons"][0]["at"] = [1, -1]
    from dragon_pnp.games.dragon_pants.engine.positions import position_from_dict

    moved = position_from_dict(state.rules, data)
    assert "play fireball 4" in legal(moved)


def test_one_boards_tables_are_made_once_and_a_changed_board_gets_its_own():
    """`BoardTables.from_game` keeps the tables by everything they are made from: the same board
    (another rules object of it) shares them; a rules variant or a changed tile does not."""
    game = game_data()
    first = BoardTables.from_game(game)
    assert BoardTables.from_game(game) is first
    flanked = BoardTables.from_game(game, {"diagonal_blocked_by_flanks": True})
    assert flanked is not first and flanked.diagonal_blocked_by_flanks and not first.diagonal_blocked_by_flanks
    tile = next(t for t in game.board.tiles if t.terrain != "mountain")
    board = game.board.model_copy(update={"tiles": [t.model_copy(update={"terrain": "mountain"}) if t is tile else t
                                                    for t in game.board.tiles]})
    other = BoardTables.from_game(SimpleNamespace(board=board, game=game.game))
    assert other is not first
    assert other.terrain[other.index[(tile.q, tile.r)]] == "mountain"
