"""The Playtest tab in a real browser: a seeded game played by clicks, confirmed by the engine.

The clicks are the engine's legal actions as the page shows them; the test then replays the
page's log from the same seed through the engine and reads the saved position back with
`dragon-pnp play --position ... --legal --json`: both must agree with what the page shows.
Screenshots go to the test's temporary folder (`playtest-*.jpg`).
"""

from __future__ import annotations

import json
from pathlib import Path

from dragon_pnp.games.registry import load_game, module_for_game
from dragon_pnp.games.turns import SeatByBoard
from tests.in_process import run_cli
from tests.studio.conftest import POLL_MS, screenshot

ROOT = Path(__file__).resolve().parents[2]

TIMEOUT = 240_000   # ms: a cold Dragon Pants studio took >120 s to be ready at load 18


def open_playtest(browser, studio):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(studio.url + "#play")
    page.wait_for_selector("body[data-status=ready], body[data-status=error]", timeout=TIMEOUT)
    assert page.get_attribute("body", "data-status") == "ready", page.inner_text("#problems")
    page.click('.tabs button[data-tab="play"]')
    page.wait_for_selector("#play-new:visible")
    return page, errors


def click_action(page, index: int = 0) -> str:
    """Click a legal action's button and wait for the position after it; the action's notation."""
    moves = page.get_attribute("body", "data-play-moves")
    button = page.locator("#play-actions button").nth(index)
    action = button.get_attribute("data-action")
    button.click()
    page.wait_for_function(f"() => document.body.dataset.playMoves !== '{moves}'", polling=POLL_MS)
    return action


def confirmed_by_engine(studio, tmp_path, seed: int, players: int | None) -> dict:
    """Replay the page's log through the engine; check the saved position and `play` agree with it."""
    shown = json.loads(studio.request("/api/play")[1])
    game = load_game(studio.game_dir)
    module = module_for_game(game)
    options = {name: o.default for name, o in (game.game.rules_options or {}).items()}
    board = SeatByBoard(module, module.new_game(module.make_rules(game, options), seed, players, None))
    for entry in shown["log"]:
        board.apply(entry["action"])
    status, saved = studio.request("/api/play/position.yaml")
    assert status == 200
    position = tmp_path / "position.yaml"
    position.write_bytes(saved)
    # through `main` in this process (a child imported the package again, ~1.3 CPU s, for the same answer)
    answer = run_cli("play", str(studio.game_dir), "--position", str(position), "--legal", "--json", cwd=ROOT)
    assert answer.returncode == 0, answer.stderr
    legal = json.loads(answer.stdout)
    assert legal["legal"] == [str(a) for a in board.legal_actions()] == shown["legal"]
    assert legal["decider"] == board.decider + 1 == shown["decider"]
    return {"shown": shown, "board": board}


def test_dragon_pants_seeded_game_against_a_policy(browser, pants_studio, tmp_path):
    studio = pants_studio   # shared with test_browser's preview test, which puts its data back
    page, errors = open_playtest(browser, studio)
    try:
        play_pants(page, studio, tmp_path)
    finally:
        page.close()   # else the page keeps redrawing the shared studio's previews for the rest of the run
    assert not errors


def play_pants(page, studio, tmp_path) -> None:
    page.fill("#play-seed", "7")
    page.select_option("#play-players", "3")
    page.select_option('#play-seats select[data-seat="1"]', "person")
    page.select_option('#play-seats select[data-seat="2"]', "greedy")
    page.select_option('#play-seats select[data-seat="3"]', "person")
    page.click("#play-new")
    page.wait_for_selector("#play-board svg polygon")
    clicked = [click_action(page, -1 if n % 2 else 0) for n in range(6)]
    assert all(clicked)
    page.wait_for_selector("#play-board svg circle")   # the dragons on the board
    result = confirmed_by_engine(studio, tmp_path, 7, 3)
    assert any(entry["seat"] == 2 for entry in result["shown"]["log"]), "the greedy dragon never moved"
    assert page.locator("#play-log li").count() == len(result["shown"]["log"])
    screenshot(page, tmp_path / "playtest-dragon-pants.jpg")
    # Undo goes back to before the last click, the policy's replies included.
    before = len(result["shown"]["log"])
    page.click("#play-undo")
    page.wait_for_function(f"() => Number(document.body.dataset.playMoves) < {before}", polling=POLL_MS)


def test_dragon_dance_round_hot_seat_with_hidden_choices(browser, start_studio, tmp_path):
    studio = start_studio(game_name="dragon_dance")
    page, errors = open_playtest(browser, studio)
    try:
        play_dance(page, studio, tmp_path)
    finally:
        page.close()   # else it keeps reconnecting to the stopped studio for the rest of the run
    assert not errors


def play_dance(page, studio, tmp_path) -> None:
    page.fill("#play-seed", "3")
    page.select_option('#play-seats select[data-seat="2"]', "person")
    page.click("#play-new")
    page.wait_for_selector("#play-board svg [data-range]")
    round_one = page.get_attribute("#play-board svg [data-range]", "data-range")
    hidden_checked = 0
    for _ in range(30):
        state = json.loads(studio.request("/api/play")[1])
        if state["view"]["round"] > 1 or state["result"]:
            break
        if len(state["to_move"]) < 2:
            click_action(page, 0)
            continue
        first = click_action(page, -1)
        # The knight has chosen: the dragon decides and the knight's choice is nowhere on the page.
        assert "has chosen" in page.inner_text("#play-hidden")
        assert f": {first}" not in page.inner_text("#play-log")
        click_action(page, 0)
        assert f": {first}" in page.inner_text("#play-log")        # revealed together
        hidden_checked += 1
    assert hidden_checked >= 2
    assert state["view"]["round"] == 2 and round_one
    confirmed_by_engine(studio, tmp_path, 3, None)
    screenshot(page, tmp_path / "playtest-dragon-dance.jpg")
