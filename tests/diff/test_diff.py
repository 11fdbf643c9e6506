"""`dragon-pnp diff`: one card value changed in a copy of each seed game is named (card, field,
file and line in both versions), the pages that show it change (and only those), and for games
with rules the paired balance moves; an unchanged game reports no change anywhere; a git
revision is read without touching the working tree."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from dragon_pnp.diff.compare import DiffOptions, run_diff
from dragon_pnp.diff.side_cache import load_side, side_key
from dragon_pnp.diff.sources import VersionError
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.kit import forms_used, plan_kit
from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.report.check import CheckSettings, Execution
from dragon_pnp.report.simulate import table_for
from tests.conftest import ROOT
from tests.in_process import run_cli

# game: (file, text before, text after, deck, card, field, the card's printed name)
TWEAKS = {
    "dragon_pants": ("power_cards.yaml", "target: flat_line", "target: diagonal_line", "power", "fireball",
                     "target", "Fireball"),
    "dragon_dance": ("knight_cards.yaml", "table: {none: 2, 1: 2, 2: 2, 3: 3, 4: 4, 5: 4, 6: 5}",
                     "table: {none: 2, 1: 2, 2: 2, 3: 3, 4: 4, 5: 4, 6: 6}", "knight", "charge", "table[6]", "Charge"),
    "dragon_line": ("dragons.yaml", "health: 3", "health: 4", "dragons", "gale", "health", "Gale"),
}


def few_games(folder: Path) -> CheckSettings:
    """A handful of random games at the smallest table on the first setup: fast, deterministic."""
    game = load_game(folder)
    module = game.module
    return CheckSettings(games=16, duel_games=0, seed=3, players=(min(module.player_counts(game)),),
                         setups=(module.setups(game)[0],), policies=("random",))


def tweaked_copy(tmp_path: Path, slug: str) -> tuple[Path, int]:
    """A copy of the game with its tweak; returns the folder and the edited line (1-based)."""
    file, before, after = TWEAKS[slug][:3]
    target = tmp_path / "new" / slug
    shutil.copytree(ROOT / "data" / slug, target)
    text = (target / file).read_text()
    assert before in text
    line = text[: text.index(before)].count("\n") + 1
    (target / file).write_text(text.replace(before, after, 1))
    return target, line


BOOKS = ("rulebook.pdf", "player-aid.pdf")


def printed(folder: Path, pages: set[tuple[str, int]]) -> dict[tuple[str, int], bytes]:
    """The PDF holding each page of the new version: a typeset book, or a kit page rendered alone.

    The diff just kept the new version's typeset book and its pages' render keys in the run's
    cache (diff/side_cache.py), and drew its changed pages there: they are read back from it
    rather than planned, typeset (seconds for Dragon Pants) and looked up again."""
    game = load_game(folder)
    cache = RenderCache.from_environment()
    record = load_side(cache, side_key(game, "letter"))
    assert record is not None, "the diff kept no record of the new version in the run's render cache"
    found = {(d, p): record.books[d] for d, p in pages if d in BOOKS}
    for d, p in [(d, p) for d, p in pages if d not in BOOKS]:
        page_pdf = cache.get(record.render_keys[record.kit[d][p - 1]])
        assert page_pdf is not None, f"the diff did not draw {d} page {p}"
        found[(d, p)] = page_pdf
    return found


def pages_showing(folder: Path, deck: str, card: str) -> set[tuple[str, int]]:
    """Kit pages that place the card's face, from the kit plan of the new version."""
    plan = plan_kit(load_game(folder), "letter", duplex=False)
    face = f"{deck}-{card}"
    return {(name, number) for name, pages in plan.documents.items()
            for number, page in enumerate(pages, start=1) if face in forms_used([page], plan.composites)}


@pytest.mark.parametrize("slug", sorted(TWEAKS))
def test_one_card_value_changed(slug, tmp_path):
    folder, line = tweaked_copy(tmp_path, slug)
    file, _, _, deck, card, field, name = TWEAKS[slug]
    result = run_diff(str(ROOT / "data" / slug), str(folder), DiffOptions(check=few_games(folder)))
    report = result.report

    # Data: that card and field, located in both versions, and nothing else.
    assert [(c["section"], c["item"], c["field"], c["kind"]) for c in report["data"]] == \
        [("cards", f"{deck}/{card}", field, "changed")]
    change = report["data"][0]
    assert change["old_at"] == f"{file}:{line}" and change["new_at"] == f"{file}:{line}"

    # Pages: every kit page placing the card's face changed; every other changed page (an aid
    # listing the card, the rulebook) prints the card's name, read back by pypdf.
    changed = {(d["document"], e["page"]) for d in report["pages"]["changed"] for e in d["changed"]}
    faces = pages_showing(folder, deck, card)
    assert faces and faces <= changed
    for (document, page), pdf in printed(folder, changed - faces).items():
        text = " ".join(PdfReader(io.BytesIO(pdf)).pages[page - 1 if document in BOOKS else 0].extract_text().split())
        assert name in text, f"{document} page {page} changed but does not show {name}"
    for document in report["pages"]["changed"]:
        for entry in document["changed"]:
            assert entry["status"] == "changed" and entry["visible"]
            assert result.images[entry["old_image"]][:8] == b"\x89PNG\r\n\x1a\n"
    assert "cards.pdf" not in report["pages"]["unchanged"]

    # Balance: the same seeds played differently, and the summary says what changed.
    balance = report["balance"]
    assert balance["games_differing"] > 0
    assert any(f["difference"] != 0 for f in balance["figures"])
    assert f"{deck}/{card} {field}" in report["summary"]


def test_no_change_reports_no_change_anywhere(tmp_path):
    """Only a comment differs: the games are played twice from the same seeds and agree exactly.
    Nothing here is one game's: the smallest game with rules, cards and a rulebook plays it (Five
    Trails: half the CPU of a copy of Dragon Line here)."""
    old = ROOT / "examples" / "lost_cities"
    folder = tmp_path / old.name
    shutil.copytree(old, folder, ignore=shutil.ignore_patterns("__pycache__"))
    manifest = folder / "game.yaml"
    manifest.write_text("# an edited comment\n" + manifest.read_text())
    result = run_diff(str(old), str(folder), DiffOptions(check=few_games(folder)))
    report = result.report
    assert report["data"] == [] and report["rulebook"] == [] and report["extras"] == []
    assert report["pages"]["changed"] == [] and report["pages"]["changed_pages"] == 0
    assert set(report["pages"]["unchanged"]) >= {"cards.pdf", "rulebook.pdf"}
    balance = report["balance"]
    assert balance["games_paired"] > 0 and balance["games_differing"] == 0
    assert balance["appeared"] == [] and balance["disappeared"] == []
    assert balance["figures"] and all(f["difference"] == 0 and f["verdict"] == "unchanged" for f in balance["figures"])
    assert "No data changed" in report["summary"] and "No printed page changed" in report["summary"]
    assert "no balance figure moved" in report["summary"]
    assert result.images == {}


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to read a revision")
def test_against_a_git_revision_in_a_temporary_repository(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "data" / "dragon_line", repo / "games" / "dragon_line")
    _git(repo.parent, "init", "-q", str(repo))
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "v1")
    dragons = repo / "games" / "dragon_line" / "dragons.yaml"
    edited = dragons.read_text().replace("health: 3", "health: 5", 1)
    dragons.write_text(edited)
    status = _git(repo, "status", "--porcelain")

    folder = repo / "games" / "dragon_line"
    result = run_diff(f"{folder}@HEAD", str(folder), DiffOptions(balance=False, pages=False))
    assert [(c["item"], c["field"], c["old"], c["new"]) for c in result.report["data"]] == \
        [("dragons/gale", "health", 3, 5)]
    assert result.report["old"]["label"].startswith(f"{folder}@HEAD (")
    # The working tree, the index and HEAD are as they were.
    assert dragons.read_text() == edited and _git(repo, "status", "--porcelain") == status
    assert _git(repo, "rev-list", "--count", "HEAD").strip() == "1"

    with pytest.raises(VersionError, match="no-such-tag: no such git revision"):
        run_diff(f"{folder}@no-such-tag", str(folder), DiffOptions(balance=False, pages=False))


def test_cli_writes_the_report_and_refuses_a_bad_revision(tmp_path):
    folder, _ = tweaked_copy(tmp_path, "dragon_line")
    out = tmp_path / "out"
    # The report's files through `main` in this process (a child would import the package again);
    # the refused revision below in a child: its exit code and the absent traceback are a process's.
    run = run_cli("diff", str(ROOT / "data" / "dragon_line"), str(folder), "--no-balance", "--out", str(out), cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "dragons/gale health from 3 to 4" in run.stdout
    assert {p.name for p in out.iterdir()} >= {"diff.html", "diff.pdf", "diff.json", "diff-pages"}
    qpdf = shutil.which("qpdf")
    if qpdf:
        assert subprocess.run([qpdf, "--check", str(out / "diff.pdf")], capture_output=True).returncode == 0
    bad = subprocess.run([sys.executable, "-m", "dragon_pnp", "diff", f"{ROOT / 'data' / 'dragon_line'}@no-such-rev"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "no-such-rev: no such git revision" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_exact_maths_old_v_new(tmp_path):
    """A game's exact figures (Dragon Pants' Destiny presets) are compared exactly, and the
    changed setting is located in its own file."""
    folder = tmp_path / "dragon_pants"
    shutil.copytree(ROOT / "data" / "dragon_pants", folder)
    destiny = folder / "destiny.yaml"
    destiny.write_text(destiny.read_text().replace('cards: {"-1": 13, "-2": 1,', 'cards: {"-1": 12, "-2": 2,', 1))
    report = run_diff(str(ROOT / "data" / "dragon_pants"), str(folder), DiffOptions(balance=False, pages=False)).report
    assert {(c["section"], c["field"], c["old"], c["new"]) for c in report["data"]} == \
        {("files", "presets.standard.cards.-1", 13, 12), ("files", "presets.standard.cards.-2", 1, 2)}
    exact = {e["figure"]: e for e in report["extras"]}
    mean = exact["destiny[0].exact.mean_draws"]
    assert mean["old"] == "98047/6120" and mean["new"] != mean["old"]
    assert exact["destiny[0].draws.mean"]["difference"] == pytest.approx(
        exact["destiny[0].draws.mean"]["new"] - exact["destiny[0].draws.mean"]["old"])
    assert not any(e["figure"].startswith("destiny[1]") for e in report["extras"])   # other presets unchanged
    assert "exact figure" in report["summary"]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to read a revision")
def test_a_game_with_its_own_rules_module_at_a_revision(tmp_path):
    """examples/goofspiel keeps its rules in rules/: OLD@HEAD plays the committed rules, NEW the
    edited working tree's, in one process (each version's module is its own)."""
    repo = tmp_path / "repo"
    folder = repo / "goofspiel"
    shutil.copytree(ROOT / "examples" / "goofspiel", folder, ignore=shutil.ignore_patterns("__pycache__"))
    _git(repo.parent, "init", "-q", str(repo))
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "v1")
    source = folder / "rules" / "game.py"
    text = source.read_text()
    assert "winner = 0 if blue > red else 1" in text
    source.write_text(text.replace("winner = 0 if blue > red else 1", "winner = 0 if blue < red else 1"))  # low bid wins

    settings = CheckSettings(games=12, duel_games=0, seed=2, players=(2,), policies=("random",))
    report = run_diff(f"{folder}@HEAD", str(folder), DiffOptions(pages=False, check=settings)).report
    assert [(c["section"], c["item"], c["kind"]) for c in report["data"]] == [("files", "rules/game.py", "changed")]
    balance = report["balance"]
    assert balance["games_paired"] == 12 and balance["games_differing"] > 0
    # Against itself at HEAD with the edit undone: the very same games.
    source.write_text(text)
    same = run_diff(f"{folder}@HEAD", str(folder), DiffOptions(pages=False, check=settings)).report
    assert same["data"] == [] and same["balance"]["games_differing"] == 0


def test_a_second_diff_against_the_same_old_reuses_its_pages_and_games(tmp_path, monkeypatch):
    """OLD's pages (kit plan, typeset rulebook) and played games come from the caches the first
    diff filled; the report is the one a diff with caching off writes. The caching is generic, so
    the smallest game with rules, cards and a rulebook plays it (Five Trails, examples/lost_cities:
    Dragon Line's five typesettings here cost ten times as much)."""
    import json

    import dragon_pnp.diff.pages as pages
    import dragon_pnp.report.check_cache as check_cache

    monkeypatch.setenv("DRAGON_PNP_CACHE", str(tmp_path / "cache"))   # empty: earlier tests saw OLD too
    calls: dict[str, list] = {"typeset": [], "plan": [], "batches": []}
    real_typeset, real_plan, real_run = pages.typeset_documents, pages.kit_side, check_cache.run_tasks
    monkeypatch.setattr(pages, "typeset_documents",
                        lambda game, paper: calls["typeset"].append(game.root) or real_typeset(game, paper))
    monkeypatch.setattr(pages, "kit_side", lambda game, paper: calls["plan"].append(game.root) or real_plan(game, paper))
    monkeypatch.setattr(check_cache, "run_tasks",
                        lambda work, tasks, **kw: calls["batches"].append(len(tasks)) or real_run(work, tasks, **kw))
    old = ROOT / "examples" / "lost_cities"
    first, second = tmp_path / "a" / "lost_cities", tmp_path / "b" / "lost_cities"
    for folder, cost in ((first, 25), (second, 15)):
        shutil.copytree(old, folder, ignore=shutil.ignore_patterns("__pycache__"))
        settings_file = folder / "game.yaml"
        text = settings_file.read_text()
        assert "trail_cost: 20 " in text
        settings_file.write_text(text.replace("trail_cost: 20 ", f"trail_cost: {cost} ", 1))
    settings = replace(few_games(first), games=4, batch_games=2)

    def diff(new: Path) -> dict:
        for found in calls.values():
            found.clear()
        return run_diff(str(old), str(new), DiffOptions(check=settings, parallel=False)).report

    diff(first)
    assert len(calls["typeset"]) == 2 and len(calls["plan"]) == 2 and calls["batches"] == [2, 2]
    report = diff(second)
    assert calls["typeset"] == [second] and calls["plan"] == [second]   # OLD not planned, not typeset
    assert calls["batches"] == [2]                                       # only NEW's games played
    assert [(c["item"], c["old"], c["new"]) for c in report["data"]] == [("trail_cost", 20, 15)]
    again = diff(second)
    assert calls == {"typeset": [], "plan": [], "batches": []} and again == report

    monkeypatch.setenv("DRAGON_PNP_CACHE", "off")
    uncached = diff(second)
    assert json.dumps(uncached, sort_keys=True) == json.dumps(report, sort_keys=True)


def test_a_kept_version_reads_back_with_its_documents_in_printed_order():
    """The report lists documents in the order the record holds them: a record read back from the
    cache must give the kit's and the rulebook's order, not an alphabetical one."""
    from dragon_pnp.diff.side_cache import SideRecord, pack, unpack

    record = SideRecord(kit={"cards.pdf": ["k1", "k2"], "board.pdf": ["k3"]}, render_keys={"k1": "r1"},
                        books={"rulebook.pdf": b"%PDF-rule", "player-aid.pdf": b"%PDF-aid"})
    back = unpack(pack(record))
    assert back is not None
    assert list(back.kit.items()) == [("cards.pdf", ["k1", "k2"]), ("board.pdf", ["k3"])]
    assert list(back.books.items()) == [("rulebook.pdf", b"%PDF-rule"), ("player-aid.pdf", b"%PDF-aid")]
    assert back.render_keys == {"k1": "r1"}


def test_a_folder_edited_between_two_diffs_in_one_process_is_played_as_edited(tmp_path, monkeypatch):
    """The studio's Since panel plays in its own process (jobs=1): a table kept from the first
    diff must not play the second with the data as it was."""
    monkeypatch.setenv("DRAGON_PNP_CACHE", "off")
    old = ROOT / "data" / "dragon_line"
    folder = tmp_path / "dragon_line"
    shutil.copytree(old, folder)
    dragons = folder / "dragons.yaml"
    text = dragons.read_text()
    settings = CheckSettings(games=8, duel_games=0, seed=3, players=(2,), policies=("random",))

    def differing(health: int) -> list:
        dragons.write_text(text.replace("health: 3", f"health: {health}", 1))
        balance = run_diff(str(old), str(folder), DiffOptions(pages=False, check=settings, parallel=False,
                                                              execution=Execution(jobs=1))).report["balance"]
        return [f["new"] for f in balance["figures"]]

    first, second = differing(9), differing(1)
    table_for.cache_clear()        # as a fresh process would play it
    assert differing(1) == second != first
