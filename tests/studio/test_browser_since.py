"""The studio's "Since..." panel in a real browser (headless Debian chromium): a designer saves
a snapshot, changes a value, compares, and reads the changed card and field in the report,
with no console error in the page or its report frame. The panel is the same for any game with
rules: the small one, whose comparison and paired games cost little."""

from __future__ import annotations

from tests.studio.conftest import POLL_MS, SMALL, screenshot

TIMEOUT = 60_000  # ms, for each wait: a loaded 2-core machine is slow, a hung studio still fails


def test_since_names_the_changed_card_and_field(browser, start_studio, tmp_path):
    studio = start_studio("--check-games", "2", game_name=SMALL)
    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        page.goto(studio.url)
        page.click('button[data-tab="since"]')
        page.locator("#tab-since").wait_for(state="visible", timeout=TIMEOUT)
        page.click("#since-save")
        page.wait_for_selector("#since-snapshot:not([disabled])", timeout=TIMEOUT)

        prizes = studio.game_dir / "prizes.csv"   # the third prize (row 2 counted from 0) is worth 4, not 3
        text = prizes.read_text()
        assert '\nPrize 3,"Worth 3 points to whoever bids highest.",3,1,3\n' in text
        prizes.write_text(text.replace('highest.",3,1,3\n', 'highest.",3,1,4\n', 1))
        page.click("#since-snapshot")
        page.wait_for_function("() => !document.getElementById('since-error').hidden"
                               " || !document.getElementById('since-report').hidden", timeout=TIMEOUT, polling=POLL_MS)
        assert page.locator("#since-error").is_hidden(), page.inner_text("#since-error") + "".join(studio.lines)
        summary = page.frame_locator("#since-report").locator(".summary")
        summary.wait_for(timeout=TIMEOUT)
        assert "prizes/2 value from 3 to 4" in summary.inner_text()
        report = page.frame_locator("#since-report").locator("body").inner_text()
        assert "prizes.csv" in report and "prizes/2" in report
        assert "Compared with the saved snapshot" in page.inner_text("#since-status") or \
            "Comparing with the saved snapshot" in page.inner_text("#since-status")
        assert page.locator("#since-error").is_hidden()
        screenshot(page, tmp_path / "studio-since.jpg", full_page=True)
        assert problems == []
    finally:
        page.close()
