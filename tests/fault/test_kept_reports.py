"""A build keeps the reports `check` and `diff` wrote into its folder, byte for byte.

Issue 32: `check GAME` and `diff` write into `output/<game>/` by default, and a later
`build --no-check` (or the studio's build) replaced that folder whole: `rules-check.*` and
`diff/` were gone without a word; a folder holding only those reports was even refused as
"not a kit". Here the reports are written by the real commands, then two builds run (a full
one and the remembered one after it), and each file is compared by its bytes. What the old kit
held and a build does not write again is named on stderr.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from fault_helpers import ROOT, run_commands

from dragon_pnp.build.kept_outputs import Carried, keep_reports


def digests(folder: Path, names: list[str]) -> dict[str, str]:
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in names}


def test_check_and_diff_reports_outlive_later_builds(tmp_path: Path, cache_env) -> None:
    old, new, out = tmp_path / "old" / "goofspiel", tmp_path / "new" / "goofspiel", tmp_path / "out"
    shutil.copytree(ROOT / "examples" / "goofspiel", old)
    shutil.copytree(old, new)
    manifest = new / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("name: Goofspiel", "name: Goofspiel Two", 1),
                        encoding="utf-8")
    reports = run_commands([
        ["check", str(old), "--out", str(out), "--games", "4", "--duel-games", "0", "--jobs", "1"],
        ["diff", str(old), str(new), "--no-balance", "--no-pages", "--out", str(out / "diff")],
    ], env=cache_env)
    assert [run.exit for run in reports] == [0, 0], reports
    names = ["rules-check.json", "rules-check.html", "rules-check.pdf", "diff/diff.json", "diff/diff.html", "diff/diff.pdf"]
    written = digests(out, names)
    builds = run_commands([["build", str(old), "--no-check", "--out", str(out)]] * 2, env=cache_env)
    for run in builds:
        assert run.exit == 0, run
        assert (out / "cards.pdf").is_file()
        assert digests(out, names) == written, run


def test_a_build_says_what_of_the_old_kit_is_gone(tmp_path: Path) -> None:
    old, staging = tmp_path / "kit", tmp_path / "staging"
    (old / "print-shop").mkdir(parents=True)
    (old / "print-shop" / "cards.pdf").write_bytes(b"%PDF-1.6 converted")
    (old / "rules-check.json").write_text('{"report": 1}')
    (old / "cards.pdf").write_bytes(b"%PDF old cards")
    staging.mkdir()
    (staging / "cards.pdf").write_bytes(b"%PDF new cards")
    carried = Carried()
    carried.take(old, staging)
    assert carried.kept == ["rules-check.json"]
    assert (staging / "rules-check.json").read_text() == '{"report": 1}'
    assert carried.dropped == ["print-shop/"]
    assert "print-shop/" in carried.note() and "gone" in carried.note()


def test_a_new_report_set_replaces_the_old_whole(tmp_path: Path) -> None:
    """A build that ran the check wrote its own set: none of the old set is mixed in."""
    old, staging = tmp_path / "kit", tmp_path / "staging"
    old.mkdir()
    staging.mkdir()
    for suffix in ("json", "html", "pdf"):
        (old / f"rules-check.{suffix}").write_text("old")
    (staging / "rules-check.json").write_text("new")
    assert keep_reports(old, staging) == []
    assert sorted(p.name for p in staging.iterdir()) == ["rules-check.json"]
