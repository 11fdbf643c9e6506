"""The studio in a real browser (headless Debian chromium), used as a designer would use it.

Screenshots of each step are written to the test's temporary folder (`studio-*.jpg`).
"""

from __future__ import annotations

import re

import pytest

from tests.studio.conftest import POLL_MS, launch, screenshot

CHARTED = "lost_cities"

EDITED = "The target discards one card of their choice."   # printed on the Fireball card (its short text)
TIMEOUT = 240_000  # ms: a loaded 2-core machine can take a while to start a studio cold (Pants: >120 s at load 18)


@pytest.fixture
def studio(pants_studio):
    """The rich game's preview is the point of the first test: the shared Dragon Pants studio,
    whose data that test puts back as it found it."""
    return pants_studio


@pytest.fixture
def small_studio(tmp_path_factory):
    """The balance panel and the paper switch are the same code for any game with rules: a small
    one whose check still draws several charts (Lost Cities: first player, duel, seats; Goofspiel
    has no first player), its check and A4 pages a fraction of Dragon Pants'. The test changes its data;
    stopped when it ends (one test uses it)."""
    started = launch(tmp_path_factory.mktemp("browser"), "--check-games", "3", game_name=CHARTED)
    try:
        yield started   # the page waits for it to be ready, as a designer's would
    finally:
        started.stop()


def opened(browser, studio):
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(studio.url)
    page.wait_for_selector("body[data-status=ready]", timeout=TIMEOUT)
    return page, errors


def all_images_loaded(page, selector: str) -> bool:
    return page.eval_on_selector_all(selector, "imgs => imgs.length > 0 && imgs.every(i => i.complete && i.naturalWidth > 0)")


def test_balance_panel_and_paper_switch(browser, small_studio, tmp_path):
    studio = small_studio
    page, errors = opened(browser, studio)

    page.click('button[data-tab="balance"]')
    page.click("#run-check")
    page.wait_for_selector("body[data-balance=done]", timeout=TIMEOUT)
    results = page.inner_text("#balance-results")
    assert "rules check" in results and "simulated games" in results
    assert page.locator("#balance-results .chart svg").count() >= 2
    screenshot(page, tmp_path / "studio-balance.jpg")

    # A data change marks the results out of date.
    settings = studio.game_dir / "game.yaml"
    text = settings.read_text()
    assert "  hand: 8 " in text
    settings.write_text(text.replace("  hand: 8 ", "  hand: 9 ", 1))
    page.wait_for_selector("body[data-balance=done-stale]", timeout=TIMEOUT)
    assert page.locator("#balance-stale").is_visible()

    # A4: every page is rebuilt at the new size.
    page.click('button[data-tab="pages"]')
    page.click('button[data-paper="a4"]')
    page.wait_for_function(
        """() => document.body.dataset.status === 'ready' &&
                 document.querySelector('[data-paper="a4"]').getAttribute('aria-pressed') === 'true' &&
                 [...document.querySelectorAll('#documents img')].every(i => ['827', '1170'].includes(i.getAttribute('width')))""",
        timeout=TIMEOUT, polling=POLL_MS)
    assert errors == []
    page.close()


def test_the_status_dot_pulses_unless_less_motion_is_asked(browser, shared_studio):
    """The run's browser asks for reduced motion (tests/conftest.py): the dot then stands still,
    which also spares chromium redrawing it through every build; without the request it pulses."""
    page = browser.new_page()
    try:
        page.goto(shared_studio.url)
        page.wait_for_selector("body[data-status=ready]", timeout=TIMEOUT)
        building = """() => { const status = document.getElementById('status');
                             status.dataset.status = 'building';
                             return getComputedStyle(status.querySelector('.dot')).animationName; }"""
        assert page.evaluate(building) == "none"
        page.emulate_media(reduced_motion="no-preference")
        assert page.evaluate(building) == "pulse"
    finally:
        page.close()


# Last in the file: the Pants studio it starts is kept for test_browser_playtest.py's Pants game,
# which runs next (conftest.py stops a kept studio the next test does not ask for).
def test_preview_follows_edits_and_shows_problems(browser, studio, tmp_path):
    page, errors = opened(browser, studio)
    preview = studio.state()["preview"]
    total = sum(len(d["pages"]) for d in preview["documents"])
    assert page.locator("#documents figure.page").count() == total
    page.wait_for_function("() => [...document.querySelectorAll('#documents img')].every(i => i.complete && i.naturalWidth > 0)",
                           timeout=TIMEOUT, polling=POLL_MS)
    assert page.locator("section.document h2").first.inner_text().startswith("Cards")
    assert "Up to date" in page.inner_text("#status")
    screenshot(page, tmp_path / "studio-preview.jpg")

    # Edit a card in the copy of the data: its sheet is marked changed and the new image arrives.
    old_src = page.get_attribute('figure.page[data-id="cards.pdf/1"] img', "src")
    cards = studio.game_dir / "power_cards.yaml"
    original = cards.read_text()
    cards.write_text(original.replace(EDITED, "The target drops one card of their choice.", 1))
    changed = page.locator('figure.page.changed[data-id="cards.pdf/1"] img')
    changed.wait_for(timeout=TIMEOUT)
    page.wait_for_function(
        """old => { const img = document.querySelector('figure.page[data-id="cards.pdf/1"] img');
                    return img.getAttribute('src') !== old && img.complete && img.naturalWidth > 0; }""",
        arg=old_src, timeout=TIMEOUT, polling=POLL_MS)
    assert page.locator('figure.page.changed[data-id^="tiles.pdf"]').count() == 0
    assert re.search(r"\d+ changed", page.inner_text("#changes"))
    page.click('button[data-tab="cards"]')
    page.locator('figure.card.changed[data-id="card/power-fireball"]').wait_for(timeout=TIMEOUT)
    assert all_images_loaded(page, "#gallery img")
    screenshot(page, tmp_path / "studio-cards.jpg")
    page.click('button[data-tab="pages"]')

    # Break the YAML: the located problem shows, the last good pages stay.
    lines = original.splitlines()
    number = next(i for i, line in enumerate(lines) if line.strip() == "- id: shock")
    lines[number] = "  - id: shock: [oops"
    cards.write_text("\n".join(lines) + "\n")
    page.wait_for_selector("body[data-status=error]", timeout=TIMEOUT)
    problem = page.inner_text("#problems")
    assert re.search(rf"power_cards\.yaml:{number + 1}:\d+", problem), problem
    assert "YAML syntax error" in problem and "shock: [oops" in problem
    assert page.locator("#documents figure.page").count() == total
    assert all_images_loaded(page, "#documents img")
    screenshot(page, tmp_path / "studio-error.jpg")

    # Fix it: the problem goes and the preview is back.
    cards.write_text(original)
    page.wait_for_selector("body[data-status=ready]", timeout=TIMEOUT)
    assert page.locator("#problems").is_hidden()
    assert page.locator("#documents figure.page").count() == total
    assert errors == []
    page.close()
