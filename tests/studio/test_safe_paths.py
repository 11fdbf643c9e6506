"""The studio serves a file only when the request names it plainly inside its folder."""

from __future__ import annotations

import os

import pytest

from dragon_pnp.studio.safe_paths import file_inside, plain_relative


@pytest.fixture
def served(tmp_path):
    root = tmp_path / "out"
    (root / "svg").mkdir(parents=True)
    (root / "cards.pdf").write_bytes(b"%PDF-")
    (root / "svg" / "power-fireball.svg").write_text("<svg/>")
    (root / ".out.previous").mkdir()
    (root / ".out.previous" / "cards.pdf").write_bytes(b"old")
    (tmp_path / "secret.txt").write_text("not yours")
    os.symlink(tmp_path / "secret.txt", root / "link.txt")
    return root


def test_plain_names_inside_the_folder_are_served(served):
    assert file_inside(served, "cards.pdf") == (served / "cards.pdf").resolve()
    assert file_inside(served, "svg/power-fireball.svg") == (served / "svg" / "power-fireball.svg").resolve()


@pytest.mark.parametrize("requested", [
    "../secret.txt", "svg/../../secret.txt", "..", ".", "./cards.pdf", "/etc/passwd", "//etc/passwd",
    "svg//power-fireball.svg", "svg\\..\\..\\secret.txt", "C:/Windows/win.ini", "cards.pdf\x00.png",
    ".out.previous/cards.pdf", "", "svg/",
])
def test_climbing_absolute_hidden_and_odd_paths_are_refused(served, requested):
    assert not plain_relative(requested)
    assert file_inside(served, requested) is None


def test_a_link_out_of_the_folder_is_refused(served):
    assert plain_relative("link.txt")
    assert file_inside(served, "link.txt") is None


def test_missing_files_and_folders_are_not_served(served):
    assert file_inside(served, "nothing.pdf") is None
    assert file_inside(served, "svg") is None
