"""The digest of the code and libraries a build ran with is the same however the process started.

A remembered build (dragon_pnp/build/build_cache.py) is keyed by it: `python -m dragon_pnp` from
the checkout (the checkout's egg-info on the path) and `dragon-pnp` or a test harness (another
first path entry) once gave two digests for the same code, and every remembered build missed
between them (a fault test rebuilt Dragon Pants in full, 5 CPU s, after the run's shared build).
"""

from __future__ import annotations

import sys
from pathlib import Path

from dragon_pnp.code_digest import installed_distributions


def _metadata(folder: Path, *names: str) -> Path:
    for name in names:
        (folder / name).mkdir(parents=True)
    return folder


def test_the_libraries_are_named_once_without_where_they_lie(tmp_path, monkeypatch):
    first = _metadata(tmp_path / "first", "Fancy_Lib-2.0.dist-info", "dragon_pnp.egg-info")
    later = _metadata(tmp_path / "later", "fancy_lib-1.0.dist-info", "plain-3.1-py3.11.egg-info",
                      "dragon_pnp-0.1.0.dist-info")
    empty = tmp_path / "no-libraries"
    empty.mkdir()
    monkeypatch.setattr(sys, "path", [str(first), str(later)])
    found = installed_distributions()
    # by hand: the first folder holding fancy_lib wins (what an import finds); ours is left out
    assert found == ["Fancy_Lib-2.0.dist-info", "plain-3.1-py3.11.egg-info"]
    monkeypatch.setattr(sys, "path", [str(empty), "", str(first), str(later)])
    assert installed_distributions() == found
    monkeypatch.setattr(sys, "path", [str(later), str(first)])
    assert installed_distributions() == ["fancy_lib-1.0.dist-info", "plain-3.1-py3.11.egg-info"]
