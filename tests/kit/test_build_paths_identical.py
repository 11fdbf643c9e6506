"""Whole `dragon-pnp build` processes give the same bytes however they start and whatever the cache
holds; a rebuild of unchanged inputs writes the kit the cache remembers, and any change builds afresh.

The CLI imports only the command asked for, the kit skips work the render cache already has, and
a rebuild of unchanged inputs writes the build the cache remembers (dragon_pnp/build/build_cache.py
keys a plain build on every input: the game folder, the generator's code and templates, the
installed libraries, the options, where it runs) without loading the game; none of these may
change a byte. Fresh processes build a copy of the peer deck cut to its first ten cards (the whole
job: PDFs, SVGs, PNGs, rulebook, print-and-play; two sheets of fronts and two of backs, so a
document of several pages still goes every way), each checked for the path it took (full or
remembered):

- eager: every command module imported first (as the CLI did before it loaded commands lazily),
  filling an empty cache;
- first: the lean path drawing every page from that cache; again and elsewhere (another kit
  folder): the same inputs, so the remembered build;
- alone: one process doing everything (no render workers, the rulebook typeset without its early
  child), with the cache off;
- edited (one card renamed): built afresh, the same bytes as fresh (the lean path, cache off);
- damaged (every cache entry cut short): built afresh, the same bytes again.

Issue 30: these were two tests of eleven builds, six of them rendering every page; the same paths
and the same comparisons are now eight builds, four rendering every page, shared by both tests.
Of the deck's 48 cards 38 only repeated what the first ten do (the same template, the same
paths), at a PNG, a sheet slot and a proof page each: cut, the eight builds cost about half.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dragon_pnp.data.loader import project_root

DECK = project_root() / "examples" / "peer-deck"
CARDS = 10   # of the peer deck's 48: more than the nine a sheet holds, so the fronts fill two sheets
# Says on stderr, at exit, whether the process loaded the game (a full build) or not (remembered).
REPORT = ("import atexit, sys; atexit.register(lambda: print('path:', 'full' if 'dragon_pnp.data.loader' in "
          "sys.modules else 'remembered', file=sys.stderr)); "
          # and whether the render workers were forked first thing, before Typer and the data
          "atexit.register(lambda: print('workers:', 'early' if getattr(sys.modules.get("
          "'dragon_pnp.kit.parallel'), '_started_early', False) else 'late', file=sys.stderr)); "
          "import dragon_pnp.cli as cli; ")
EAGER = REPORT + "cli.load_commands([]); cli.main(sys.argv[1:])"
LEAN = REPORT + "cli.main(sys.argv[1:])"


def _hashes(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def build(code: str, deck: Path, out: Path, cache: str, cwd: Path | None = None,
          workers: str | None = None, proof: bool = True) -> tuple[dict[str, str], str, str]:
    """The kit's file hashes, the path the process took (full or remembered) and what it printed."""
    hashes, path, printed, _ = build_and_stderr(code, deck, out, cache, cwd, workers, proof)
    return hashes, path, printed


def build_and_stderr(code: str, deck: Path, out: Path, cache: str, cwd: Path | None = None,
                     workers: str | None = None, proof: bool = True) -> tuple[dict[str, str], str, str, str]:
    """`build`'s figures and the process's stderr (where REPORT writes); `proof=False` adds --no-proof."""
    env = {**os.environ, "PYTHONPATH": str(project_root()), "DRAGON_PNP_CACHE": cache}
    if workers is not None:
        env["DRAGON_PNP_WORKERS"] = workers
    done = subprocess.run([sys.executable, "-c", code, "build", str(deck), "--no-check", "--out", str(out),
                           *(() if proof else ("--no-proof",))],
                          env=env, cwd=cwd or project_root(), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    path = done.stderr.rsplit("path: ", 1)[-1].strip()
    return _hashes(out), path, done.stdout, done.stderr


def _keep_first_cards(table: Path, count: int) -> None:
    """`table` (a cards.csv) cut to its header and first `count` cards."""
    with table.open(encoding="utf-8", newline="") as source:
        rows = list(csv.reader(source))
    assert any("Ember" in row[1] for row in rows[1:count + 1])   # the card the edited build renames
    with table.open("w", encoding="utf-8", newline="") as target:
        csv.writer(target, lineterminator="\n").writerows(rows[:count + 1])


def _summary(printed: str) -> str:
    """build's summary line without its time."""
    return re.sub(r"in \d+\.\d s", "in N s", printed)


Built = dict[str, Any]   # name -> {"files": hashes, "path": full or remembered, "printed": stdout, "stderr"}


@pytest.fixture(scope="module")
def builds(once) -> Built:
    """The eight builds in their order (the edit and the damage change what the later ones see),
    once per test run (`once`), so the two tests below share them whichever xdist worker runs each."""
    def make(folder: Path) -> None:
        deck = folder / "deck"
        shutil.copytree(DECK, deck)
        _keep_first_cards(deck / "cards.csv", CARDS)
        cache = str(folder / "cache")
        found: Built = {}

        def run(name: str, code: str, out: str, cache: str, **options: Any) -> None:
            files, path, printed, stderr = build_and_stderr(code, deck, folder / out, cache, **options)
            found[name] = {"files": files, "path": path, "printed": printed, "stderr": stderr}

        # Only a plain build takes the command line's fast lane (workers forked early) and is
        # remembered, so the lean builds run the accessibility proof; the eager and the one-process
        # builds skip it (--no-proof: a third of a cold build).
        run("eager", EAGER, "eager", cache, proof=False)
        run("first", LEAN, "kit", cache)
        run("again", LEAN, "kit", cache)
        run("elsewhere", LEAN, "other-kit", cache)
        run("alone", LEAN, "alone", "off", workers="1", proof=False)
        cards = deck / "cards.csv"
        cards.write_text(cards.read_text(encoding="utf-8").replace("Ember", "Embers", 1), encoding="utf-8")
        run("edited", LEAN, "kit", cache)
        run("fresh", LEAN, "fresh", "off")
        for entry in Path(cache).rglob("*"):   # damage every entry: each checksum now fails
            if entry.is_file():
                entry.write_bytes(entry.read_bytes()[:-1])
        run("damaged", LEAN, "kit", cache)
        (folder / "builds.json").write_text(json.dumps(found), encoding="utf-8")

    return json.loads((once("build-paths", make) / "builds.json").read_text(encoding="utf-8"))


def test_lean_eager_cold_warm_and_remembered_builds_are_byte_identical(builds: Built) -> None:
    paths = {name: built["path"] for name, built in builds.items()}
    assert (paths["fresh"], paths["eager"], paths["first"], paths["again"]) == ("full", "full", "full", "remembered")
    # a cold lean build forks its workers in the command line's fast lane (start_render_workers_early)
    assert "workers: early" in builds["fresh"]["stderr"]
    eager, first, again = (dict(builds[name]["files"]) for name in ("eager", "first", "again"))
    assert any(name.endswith(".png") for name in first) and any(name.endswith(".pdf") for name in first)
    # compared less proof.json, which the plain builds must write alike
    assert first.pop("proof.json") == again.pop("proof.json")
    assert "proof.json" not in eager
    assert eager == first == again
    # One process for everything: no render workers, and the rulebook typeset in the build's own
    # process rather than in the child forked before the first step (dragon_pnp/rulebook/early.py).
    alone = builds["alone"]
    assert alone["path"] == "full" and alone["files"] == eager


def test_a_remembered_build_is_the_build_and_an_edit_or_a_damaged_cache_is_not(builds: Built) -> None:
    first, again, elsewhere = (builds[name] for name in ("first", "again", "elsewhere"))
    assert (first["path"], again["path"], elsewhere["path"]) == ("full", "remembered", "remembered")
    assert first["files"] == again["files"] == elsewhere["files"]
    assert _summary(first["printed"]) == _summary(again["printed"])

    edited, fresh, damaged = (builds[name] for name in ("edited", "fresh", "damaged"))
    assert edited["path"] == "full" and fresh["path"] == "full"
    assert edited["files"] == fresh["files"] and edited["files"] != first["files"]
    assert damaged["path"] == "full"
    assert damaged["files"] == fresh["files"]
