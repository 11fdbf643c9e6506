"""The diff report's HTML in a real browser (headless Debian chromium): no console errors, every
thumbnail decodes, and the sections are there."""

from __future__ import annotations

import shutil

from dragon_pnp.diff.compare import DiffOptions, run_diff
from dragon_pnp.diff.writers import write_diff
from tests.conftest import ROOT


def test_diff_html_renders_without_console_errors(browser, tmp_path):
    folder = tmp_path / "dragon_line"
    shutil.copytree(ROOT / "data" / "dragon_line", folder)
    dragons = folder / "dragons.yaml"
    dragons.write_text(dragons.read_text().replace("health: 3", "health: 4", 1))
    result = run_diff(str(ROOT / "data" / "dragon_line"), str(folder), DiffOptions(balance=False))
    paths = write_diff(result, tmp_path / "out")

    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(paths["html"].as_uri())
    page.wait_for_load_state("load")
    assert problems == []
    assert page.eval_on_selector_all(".pair img", "imgs => imgs.length > 0 && imgs.every(i => i.complete && i.naturalWidth > 0)")
    headings = page.eval_on_selector_all("h2", "hs => hs.map(h => h.textContent)")
    assert headings[:4] == ["Data", "Pages", "Rulebook", "Balance"] or headings[1:5] == ["Data", "Pages", "Rulebook", "Balance"]
    assert "dragons/gale health from 3 to 4" in page.inner_text(".summary")
    page.screenshot(path=str(tmp_path / "diff.png"), full_page=True)
    page.close()
