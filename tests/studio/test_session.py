"""The studio's rebuild loop without a web server: stages, what changed, problems, the output folder."""

from __future__ import annotations

import io
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image

from dragon_pnp.studio.preview import Settings
from dragon_pnp.studio.session import StudioSession
from tests.studio.conftest import SMALL, game_source

EDITED = "The target discards one card of their choice."   # printed on the Fireball card (its short text)


@contextmanager
def preview_session(folder: Path) -> Iterator[StudioSession]:
    """A started session on `folder` that shows pages but writes no output folder (a kit build
    each save), polling the folder every 50 ms; stopped on leaving."""
    studio = StudioSession(folder, None, Settings(), write_output=False, watch_interval=0.05)
    studio.start()
    try:
        yield studio
    finally:
        studio.stop()


def wait(session: StudioSession, wanted, timeout: float = 120.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        state = session.state()
        if wanted(state):
            return state
        assert time.monotonic() < deadline, f"gave up: {state['status']} {state['stage']} {state['problems']}"
        time.sleep(0.05)


def image(session: StudioSession, src: str) -> Image.Image:
    data, _ = session.images.get(src.removeprefix("/image/"))
    return Image.open(io.BytesIO(data))


@pytest.fixture
def session(game_copy, tmp_path):
    studio = StudioSession(game_copy, tmp_path / "out", Settings("letter", True), watch_interval=0.05)
    studio.start()
    yield studio
    studio.stop()


def pages_by_id(state: dict) -> dict[str, dict]:
    return {page["id"]: page for document in state["documents"] for page in document["pages"]}


def sources(state: dict) -> dict[str, str]:
    return {page_id: page["src"] for page_id, page in pages_by_id(state).items()}


def test_preview_edit_break_and_fix(session, game_copy, tmp_path):
    first = wait(session, lambda s: s["status"] == "ready")
    names = [document["name"] for document in first["documents"]]
    assert names == ["cards.pdf", "tiles.pdf", "board.pdf", "player-aid.pdf", "rulebook.pdf"]
    pages = pages_by_id(first)
    # Letter at the preview's 100 DPI, portrait or landscape as the page is.
    assert {(p["width"], p["height"]) for p in pages.values()} <= {(850, 1100), (1100, 850)}
    assert image(session, pages["cards.pdf/1"]["src"]).size in {(850, 1100), (1100, 850)}
    assert len(first["cards"]) == 22 and first["changed"] == []
    output = tmp_path / "out"
    assert {"cards.pdf", "rulebook.pdf", "print-and-play.pdf"} <= set(first["output"]["files"])
    assert (output / "print-and-play.pdf").read_bytes().startswith(b"%PDF-")

    # Edit one card's text: its sheet, its gallery face and the rules pages quoting it change, nothing else.
    cards = game_copy / "power_cards.yaml"
    original = cards.read_text()
    assert EDITED in original
    cards.write_text(original.replace(EDITED, "The target drops one card of their choice.", 1))
    edited = wait(session, lambda s: s["rebuild"] > first["rebuild"] and s["status"] == "ready")
    changed = set(edited["changed"])
    assert "card/power-fireball" in changed
    changed_pages = sorted(c for c in changed if not c.startswith("card/"))
    # Fireball's two copies: the fronts page(s) holding them change (odd pages in duplex), no other.
    card_pages = [c for c in changed_pages if c.startswith("cards.pdf/")]
    assert "cards.pdf/1" in card_pages and len(card_pages) <= 2
    assert all(int(c.split("/")[1]) % 2 == 1 for c in card_pages)
    assert all(c.split("/")[0] in ("cards.pdf", "player-aid.pdf", "rulebook.pdf") for c in changed_pages)
    assert len(changed_pages) <= 4
    now = pages_by_id(edited)
    assert all(now[i]["src"] == pages[i]["src"] for i in pages if i not in changed)
    assert all(now[i]["src"] != pages[i]["src"] for i in changed_pages)
    assert {c for c in changed if c.startswith("card/")} == {"card/power-fireball"}

    # Break the YAML: located problems, the last good preview stays, the output folder is untouched.
    written = {path: path.read_bytes() for path in output.iterdir() if path.is_file()}
    lines = original.splitlines()
    broken_line = next(i for i, line in enumerate(lines) if line.strip() == "- id: shock")
    lines[broken_line] = "  - id: shock: [oops"
    cards.write_text("\n".join(lines) + "\n")
    broken = wait(session, lambda s: s["status"] == "error")
    [problem] = broken["problems"]
    assert problem["file"].endswith("power_cards.yaml") and problem["line"] == broken_line + 1
    assert "oops" in problem["excerpt"]
    assert sources(broken) == sources(edited)
    assert {path: path.read_bytes() for path in output.iterdir() if path.is_file()} == written

    # Fix it: the preview comes back, showing what differs from the last good one.
    cards.write_text(original)
    fixed = wait(session, lambda s: s["status"] == "ready" and s["rebuild"] > broken["rebuild"])
    assert fixed["problems"] == []
    assert pages_by_id(fixed)["cards.pdf/1"]["src"] == pages["cards.pdf/1"]["src"] or \
        "cards.pdf/1" in fixed["changed"]
    assert {c for c in fixed["changed"] if c.startswith("card/")} == {"card/power-fireball"}
    assert set(fixed["changed"]) == changed


@pytest.fixture
def preview_only(game_copy):
    """A session that shows pages but writes no output folder (a kit build each save)."""
    with preview_session(game_copy) as studio:
        yield studio


def test_a_rebuild_cut_short_by_another_save_keeps_what_changed(preview_only, game_copy):
    """A save while the last save's rebuild is still typesetting cuts that rebuild short after it
    has shown its new cards; what the next rebuild marks as changed is counted from the last
    rebuild that finished, so the first save's card is still marked (counted from the pages on
    show, it was not: a whole run once found a fixed card unmarked)."""
    session = preview_only
    first = wait(session, lambda s: s["status"] == "ready")
    cards = game_copy / "power_cards.yaml"
    # A text no other test saves: its rulebook is in no shared cache, so typesetting it leaves time
    # to save again while this rebuild is on its rulebook stage.
    cards.write_text(cards.read_text().replace(EDITED, "The target drops a card of their choice.", 1))
    wait(session, lambda s: s["rebuild"] == first["rebuild"] + 1 and s["stage"] == "rulebook", timeout=60)
    game_yaml = game_copy / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "\n# a note that changes nothing printed\n")
    settled = wait(session, lambda s: s["rebuild"] > first["rebuild"] + 1 and s["status"] == "ready")
    assert "card/power-fireball" in settled["changed"]


def test_a_rule_the_data_breaks_is_shown_located(preview_only, game_copy):
    session = preview_only
    wait(session, lambda s: s["status"] == "ready")
    destiny = game_copy / "destiny.yaml"
    text = destiny.read_text()
    assert "length: 10" in text
    destiny.write_text(text.replace("length: 10", "length: 40", 1))
    broken = wait(session, lambda s: s["status"] == "error")
    assert broken["problems"]
    assert all(p["file"].endswith("destiny.yaml") and p["line"] for p in broken["problems"])


@pytest.fixture
def small_session(tmp_path):
    """A session on a copy of the small game: a paper change redraws every page, so it had better be few."""
    game = tmp_path / SMALL
    shutil.copytree(game_source(SMALL), game)
    studio = StudioSession(game, tmp_path / "out", Settings("letter", True), watch_interval=0.05)
    studio.start()
    yield studio
    studio.stop()


def test_paper_and_layout_changes_rebuild_every_page(small_session):
    session = small_session
    letter = wait(session, lambda s: s["status"] == "ready")
    session.change_settings(paper="a4", duplex=False)
    a4 = wait(session, lambda s: s["status"] == "ready" and {k: s["settings"][k] for k in ("paper", "duplex")} == {"paper": "a4", "duplex": False})
    sizes = {(p["width"], p["height"]) for d in a4["documents"] for p in d["pages"]}
    assert sizes <= {(827, 1169), (1169, 827), (827, 1170), (1170, 827)}  # 297 mm is 1169.3 pixels
    assert len(pages_by_id(a4)["cards.pdf/1"]) and pages_by_id(a4)["cards.pdf/1"]["src"] != \
        pages_by_id(letter)["cards.pdf/1"]["src"]
    assert "A4" in (Path(a4["output"]["folder"]) / "cards.pdf").read_bytes().decode("latin-1")


def test_a_studio_opened_on_broken_data_shows_why_and_recovers(tmp_path):
    game = tmp_path / SMALL   # any game whose settings are checked: the small one (at least 2 cards)
    shutil.copytree(game_source(SMALL), game)
    settings = game / "game.yaml"
    good = settings.read_text()
    assert "  cards: 13 " in good
    settings.write_text(good.replace("  cards: 13 ", "  cards: 0 ", 1))
    with preview_session(game) as studio:
        broken = wait(studio, lambda s: s["status"] == "error")
        [problem] = broken["problems"]
        assert problem["field"] == "settings.cards" and problem["file"].endswith("game.yaml")
        assert broken["documents"] == []
        settings.write_text(good)
        fixed = wait(studio, lambda s: s["status"] == "ready")
        assert fixed["problems"] == [] and fixed["documents"]
