"""The studio's language switch: a menu of the game's lang/ files, the preview rebuilt in the chosen
language, and that translation's fit table following each save of lang/<code>.yaml."""

from __future__ import annotations

import json

import pytest

from tests.studio.conftest import launch, ready

HEADERS = {"X-Studio": "1", "Content-Type": "application/json"}
LONG_NAME = "Unermesslich weitschweifiger Donnergrollengeisterdrache"


@pytest.fixture(scope="module")
def line_studio(tmp_path_factory):
    """Dragon Line (German in lang/de.yaml) in a studio of its own: these tests change its language file."""
    studio = launch(tmp_path_factory.mktemp("language"), game_name="dragon_line")
    try:
        studio.wait_for(ready)
        yield studio
    finally:
        studio.stop()


def choose(studio, language: str) -> tuple[int, bytes]:
    return studio.request("/api/settings", "POST", HEADERS, json.dumps({"language": language}).encode())


def in_language(code: str):
    return lambda p: ready(p) and p["settings"]["language"] == code and p["language"].get("code") == code


def test_the_menu_lists_the_games_language_files_and_refuses_others(line_studio):
    preview = line_studio.state()["preview"]
    assert preview["language"]["languages"] == ["de"] and preview["settings"]["language"] == ""
    for wrong in ("fr", "../de", 3):
        status, body = choose(line_studio, wrong)
        assert status == 400 and b"de" in body


def test_choosing_a_language_rebuilds_the_pages_and_shows_its_fit_table(line_studio):
    english = line_studio.wait_for(in_language(""))
    english_images = {page["src"] for d in english["documents"] for page in d["pages"]}
    assert choose(line_studio, "de")[0] == 200
    german = line_studio.wait_for(in_language("de"))
    german_images = {page["src"] for d in german["documents"] for page in d["pages"]}
    assert german_images and not german_images & english_images   # every page prints German words
    # 35 dragons in dragons.yaml, each a row of the fit table, every one fitting at the deck's size
    fit = german["language"]["fit"]
    dragons = (line_studio.game_dir / "dragons.yaml").read_text(encoding="utf-8").count("{id: ")
    assert len(fit) == dragons == 35 and {row["state"] for row in fit} == {"fits"}
    assert german["language"]["problems"] == []


def test_a_save_of_the_language_file_updates_the_fit_table(line_studio):
    assert choose(line_studio, "de")[0] == 200
    line_studio.wait_for(in_language("de"))
    path = line_studio.game_dir / "lang" / "de.yaml"
    original = path.read_text(encoding="utf-8")
    lines = original.splitlines()
    key = lines.index("  cards.dragons.omen.name:")
    assert lines[key + 2] == "    text: Omen"
    path.write_text(original.replace("    text: Omen\n", f"    text: {LONG_NAME}\n", 1), encoding="utf-8")
    try:
        broken = line_studio.wait_for(lambda p: any(r["state"] == "overflows" for r in p["language"].get("fit", [])))
        row = next(r for r in broken["language"]["fit"] if r["state"] == "overflows")
        assert row["card"] == "cards.dragons.omen"
        assert f"lang/de.yaml:{key + 3}:" in row["where"]   # the line of its German text
    finally:
        path.write_text(original, encoding="utf-8")
    healed = line_studio.wait_for(lambda p: in_language("de")(p) and all(r["state"] == "fits" for r in p["language"]["fit"]))
    assert len(healed["language"]["fit"]) == 35
    assert choose(line_studio, "")[0] == 200
    line_studio.wait_for(in_language(""))
