"""`dragon-pnp diff` with versions that cannot be compared: one located `error:` line, no
traceback, the same place `validate` or a build would name, and never the diff's own temporary
folder (issue 32)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from dragon_pnp.cli import main

ROOT = Path(__file__).resolve().parents[2]
PEER = ROOT / "examples" / "peer-deck"

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to read a revision")


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                   check=True, capture_output=True)


def _repo(tmp_path: Path) -> Path:
    """A repository holding a copy of the peer deck as `repo/deck`, committed once."""
    repo = tmp_path / "repo"
    shutil.copytree(PEER, repo / "deck")
    _git(tmp_path, "init", "-q", str(repo))
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "v1")
    return repo


def diff(capsys: pytest.CaptureFixture[str], tmp_path: Path, *specs: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as done:
        main(["diff", *specs, "--no-balance", "--no-pages", "--out", str(tmp_path / "out")])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return int(done.value.code or 0), err


def _one_error(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


def test_a_removed_card_rules_md_still_names_is_located_as_validate_locates_it(capsys, tmp_path):
    new = tmp_path / "dragon_dance"
    shutil.copytree(ROOT / "data" / "dragon_dance", new)
    cards = new / "knight_cards.yaml"
    text = cards.read_text("utf-8")
    cards.write_text(text[:text.index("  - id: dodge")] + text[text.index("  - id: parry"):], "utf-8")
    with pytest.raises(SystemExit) as done:
        main(["validate", str(new)])
    validated = "".join(capsys.readouterr())
    where = next(line for line in validated.splitlines() if line.startswith("error: ")).split(": ")[1]
    assert where.endswith("examples.yaml:39:33")
    code, err = diff(capsys, tmp_path, str(ROOT / "data" / "dragon_dance"), str(new))
    line = _one_error(err)
    assert code == 2 == done.value.code
    assert line.startswith(f"error: {where}: ") and "no card 'dodge'" in line
    assert "KeyError" not in line.split("rules.md cannot be filled in")[0]


def test_a_revision_left_out_after_the_at_sign(capsys, tmp_path):
    repo = _repo(tmp_path)
    code, err = diff(capsys, tmp_path, f"{repo / 'deck'}@")
    line = _one_error(err)
    assert code == 2 and "no revision after the @" in line and f"{repo / 'deck'}@HEAD" in line
    assert "@@" not in line


def test_a_folder_outside_git(capsys, tmp_path):
    folder = tmp_path / "deck"
    shutil.copytree(PEER, folder)
    code, err = diff(capsys, tmp_path, f"{folder}@HEAD", str(folder))
    line = _one_error(err)
    assert code == 2 and "not inside a git repository" in line and "fatal:" not in line


@pytest.mark.parametrize("target", ["/etc/passwd", "../../outside.txt"])
def test_a_link_out_of_the_folder_at_a_revision(capsys, tmp_path, target):
    repo = _repo(tmp_path)
    (repo / "deck" / "notes.md").symlink_to(target)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "a link")
    code, err = diff(capsys, tmp_path, f"{repo / 'deck'}@HEAD", str(repo / "deck"))
    line = _one_error(err)
    assert code == 2 and f"{repo / 'deck'}@HEAD:notes.md: a link to {target}" in line


def test_broken_yaml_at_a_revision_is_located_in_the_revision(capsys, tmp_path):
    repo = _repo(tmp_path)
    manifest = repo / "deck" / "game.yaml"
    good = manifest.read_text("utf-8")
    manifest.write_text(good + "broken: [a, b: c: d]\n", "utf-8")
    _git(repo, "commit", "-qam", "broken")
    manifest.write_text(good, "utf-8")
    lines = len(good.splitlines())
    code, err = diff(capsys, tmp_path, f"{repo / 'deck'}@HEAD", str(repo / "deck"))
    line = _one_error(err)
    assert code == 2 and line.startswith(f"error: {repo / 'deck'}@HEAD:game.yaml:{lines + 1}"), line
    assert "dragon-pnp-diff-" not in line
