"""The reference player's figures beside the other players': each a two-proportion test, all of
them corrected together by Holm, and the report names the correction and how many it tested."""

from __future__ import annotations

from dragon_pnp.report.strong_play import comparisons


def _config(policy: str, players: int, first: tuple[int, int], seat0: tuple[int, int]) -> dict:
    seats = [{"seat": 0, "wins": seat0[0], "games": seat0[1]}]
    rest = (seat0[1] - seat0[0]) // (players - 1)   # the other seats share the rest evenly: seat 1 is the most uneven
    seats += [{"seat": s, "wins": rest, "games": seat0[1]} for s in range(1, players)]
    return {"config": {"policy": policy, "players": players, "setup": "standard", "key": f"{players}p-{policy}"},
            "fairness": {"first_player": {"wins": first[0], "games": first[1]}, "seats": seats}}


def _report(configs: list[dict]) -> dict:
    return {"settings": {"reference": "search:20"}, "configs": configs, "ladder": {"strong": None},
            "labels": {}, "game": {"seat_names": {}}}


def test_a_large_difference_changed_and_a_small_one_held_with_holm_named():
    # 2 players: first player 150 of 200 under search against 200 of 400 under greedy:
    #   pooled 350/600, se = sqrt(0.5833 * 0.4167 * (1/200 + 1/400)) = 0.0427, z = 0.25 / 0.0427 = 5.9,
    #   p ~ 5e-9: beyond chance after any correction over 4 tests.
    # 3 players: 70 of 200 against 130 of 400 (35 % against 32.5 %): z = 0.025 / 0.0408 = 0.61, p = 0.54.
    report = _report([_config("search:20", 2, (150, 200), (150, 200)), _config("greedy", 2, (200, 400), (200, 400)),
                      _config("search:20", 3, (70, 200), (70, 200)), _config("greedy", 3, (130, 400), (130, 400))])
    found = comparisons(report)
    assert [(topic, verdict) for topic, _, verdict, _, _ in found] == [
        ("first player", "changed"), ("seats", "changed"), ("first player", "held"), ("seats", "held")]
    for _, text, _, _, _ in found:
        assert "Holm-corrected over 4 comparisons" in text
    held = found[2][1]
    assert "no difference beyond chance, so it held" in held and "would be found with 80 % power" in held


def test_one_borderline_figure_alone_is_beyond_chance_but_not_among_many():
    # 60 of 100 against 100 of 200 (60 % v 50 %): pooled 160/300, se = sqrt(0.5333 * 0.4667 * 0.015) = 0.0611,
    # z = 1.64, p = 0.10: held either way; 65 of 100 against 100 of 200: se = sqrt(0.55*0.45*0.015) = 0.0609,
    # z = 2.46, p = 0.014: beyond chance alone (2 tests: Holm's first step 0.025, so changed), but with
    # the same figure at five player counts (10 tests) its first step is 0.005 and it held.
    one = comparisons(_report([_config("search:20", 2, (65, 100), (65, 100)), _config("greedy", 2, (100, 200), (100, 200))]))
    assert [v for _, _, v, _, _ in one] == ["changed", "changed"]
    many = [c for n in (2, 3, 4, 5, 6) for c in (_config("search:20", n, (65, 100), (65, 100)),
                                                 _config("greedy", n, (100, 200), (100, 200)))]
    found = comparisons(_report(many))
    assert {v for _, _, v, _, _ in found} == {"held"} and "over 10 comparisons" in found[0][1]
