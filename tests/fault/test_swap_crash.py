"""A build killed at any rename of the swap leaves a whole kit, or one the next build restores.

Issue 14, finding 2: a crash between the two renames of the swap left no kit at all (only
`.previous`), and a later failed build did not bring it back. Here strace SIGKILLs a real
build at each rename that touches the kit's name, once with the one-step exchange the file
system offers and once with the exchange refused (EINVAL, as on file systems without it),
so the two-rename fallback and its recovery are tested too. (Kills elsewhere in a build
leave only a staging folder: test_stale_staging.py.)

The swap does not depend on the game, so one game is enough here (the fuzz test covers all): the
peer deck, the smallest kit, built without the proof step (which writes inside the staging folder,
never at the kit's name). Issue 30: Dragon Dance with its proof cost ~27 CPU s a variant, each
traced build a full one with the cache off. The builds now draw their pages from the run's render
cache, which an untraced A4 build fills first (the traced builds then store nothing in it, so each
makes the same renames), and no build here is a remembered one (a `--no-proof` build never is).
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from fault_helpers import ROOT, Run, beside, run_command, snapshot

RENAMES = ("rename", "renameat", "renameat2")
PEER = ROOT / "examples" / "peer-deck"
CALL = re.compile(r"^\d+\s+(rename|renameat|renameat2)\((.*)\) = (.*)$")


def _strace_works() -> str:
    if shutil.which("strace") is None:
        return "strace is not installed (python3 run.py test installs it when run as root)"
    probe = subprocess.run(["strace", "-f", "-qq", "-e", "trace=none", "true"], capture_output=True, text=True)
    return "" if probe.returncode == 0 else f"strace cannot trace here: {probe.stderr.strip()[:200]}"


pytestmark = pytest.mark.skipif(bool(_strace_works()), reason=_strace_works() or "strace works")


def build(env: dict[str, str], game: Path, kit: Path, paper: str, strace: list[str] | None = None,
          trace: Path | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "dragon_pnp", "build", str(game), "--no-check", "--no-proof", "--paper", paper,
               "--out", str(kit)]
    if strace is not None:
        command = ["strace", "-f", "-qq", "-e", f"trace={','.join(RENAMES)}", *strace, "-o", str(trace), *command]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def untraced(game: Path, kit: Path, paper: str, cache_env: dict[str, str]) -> Run:
    """A build no strace watches, in a fork of the fault tests' harness (which imported the package
    once) rather than a fresh interpreter: the kills are the traced builds' business."""
    return run_command(["build", str(game), "--no-check", "--no-proof", "--paper", paper, "--out", str(kit)],
                       env=cache_env, timeout=300)


def renames(trace: Path) -> list[tuple[str, str, str]]:
    """(syscall, arguments, result) of every rename the traced build made, in order."""
    found = []
    for line in trace.read_text().splitlines():
        if m := CALL.match(line):
            found.append((m.group(1), m.group(2), m.group(3)))
    return found


@pytest.mark.parametrize("exchange", [True, False], ids=["exchange", "two-renames"])
def test_a_build_killed_at_any_rename_loses_no_kit(exchange: bool, tmp_path: Path, cache_env) -> None:
    if not exchange and platform.machine() not in ("x86_64", "AMD64"):
        pytest.skip("refusing renameat2 alone leaves plain renames working only where rename is its own syscall")
    env = {**os.environ, **cache_env, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    game = shutil.copytree(PEER, tmp_path / "games" / PEER.name)
    broken = shutil.copytree(PEER, tmp_path / "broken" / PEER.name)
    (broken / "game.yaml").unlink()
    kit = tmp_path / "out" / "kit"
    refuse_exchange = [] if exchange else ["-e", "inject=renameat2:error=EINVAL"]

    # The letter kit is the previous kit; every killed build is making the A4 one.
    first = untraced(game, kit, "letter", cache_env)
    assert first.exit == 0, first
    # The A4 builds all take the full path, renames counted alike: none may be a remembered build
    # (a rebuild of the same inputs writes the kit it remembers, with fewer renames; `--no-proof`
    # builds are never remembered), and none may store a page in the render cache (each store is
    # a rename): this build, into a folder of its own, renders and stores the A4 pages; each later
    # A4 build draws them from the cache.
    warmed = untraced(game, tmp_path / "warm" / "kit", "a4", cache_env)
    assert warmed.exit == 0, warmed
    letter = snapshot(kit)
    shutil.copytree(kit, tmp_path / "count" / "kit")  # a build over a copy of the kit, traced
    counted = build(env, game, tmp_path / "count" / "kit", "a4", refuse_exchange, tmp_path / "count.trace")
    assert counted.returncode == 0, counted.stderr
    a4 = snapshot(tmp_path / "count" / "kit")
    calls = [call for call in renames(tmp_path / "count.trace") if "INJECTED" not in call[2]]
    ordinal: Counter[str] = Counter()
    swap = []  # the renames that touch the kit's own name, with their number among their kind
    for syscall, arguments, _ in calls:
        ordinal[syscall] += 1
        if "count/kit\"" in arguments:
            swap.append((syscall, ordinal[syscall], arguments))
    assert len(swap) == (1 if exchange else 2), calls
    assert (swap[0][0] == "renameat2") == exchange, swap

    for syscall, number, arguments in swap:
        kill = ["-e", f"inject={syscall}:signal=KILL:when={number}"]
        killed = build(env, game, kit, "a4", refuse_exchange + kill, tmp_path / "kill.trace")
        assert killed.returncode != 0, f"not killed at {syscall}({arguments})"
        where = f"killed at {syscall} #{number} ({arguments})"
        now = snapshot(kit) if kit.is_dir() else None
        if now is None:
            # Only between the two renames of the fallback, with the old kit set aside.
            assert not exchange and (kit.parent / ".kit.previous").is_dir(), where
        else:
            assert now in (letter, a4), f"{where}: the kit is neither the old one nor the new one"
        # A build that fails (the data is broken) must still bring the previous kit back first.
        failed = untraced(broken, kit, "a4", cache_env)
        assert failed.exit == 2 and "Traceback" not in failed.stderr + failed.stdout, failed
        assert snapshot(kit) in (letter, a4), f"{where}: no whole kit after the next (failed) build"
        assert not (kit.parent / ".kit.previous").exists(), where
        assert beside(kit) == [], f"{where}: {beside(kit)} left beside the kit"
        if snapshot(kit) == a4:  # the swap had happened: put the old kit back for the next kill
            restored = untraced(game, kit, "letter", cache_env)
            assert restored.exit == 0 and snapshot(kit) == letter, restored
