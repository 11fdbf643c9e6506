"""A designer's rules module that hangs, raises or exits cannot hang or crash a command (issue 32).

Each case copies examples/goofspiel, breaks its rules module in one way and runs the command
line in a fresh process with a short per-step limit (DRAGON_PNP_RULES_STEP_LIMIT): one `error:`
line naming the module, the method and (for play and selftest) the saved position, a non-zero
exit, no traceback, nothing left in the temporary folder; a kit without a check still builds.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.in_process import run_cli

ROOT = Path(__file__).resolve().parents[2]
GOOFSPIEL = ROOT / "examples" / "goofspiel"
LIMIT_S = 0.5


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")


def hang_in_apply(game: Path) -> None:
    _edit(game / "rules" / "game.py", "        if set(joint) != set(self.to_move()):",
          "        while True:\n            pass\n        if set(joint) != set(self.to_move()):")


def hang_in_round_four(game: Path) -> None:
    _edit(game / "rules" / "game.py", "        if set(joint) != set(self.to_move()):",
          "        while len(self.bids[0]) == 3:\n            pass\n        if set(joint) != set(self.to_move()):")


def exit_in_apply(game: Path) -> None:
    _edit(game / "rules" / "game.py", "        if set(joint) != set(self.to_move()):",
          "        import sys\n        sys.exit(3)\n        if set(joint) != set(self.to_move()):")


def raise_in_legal_actions(game: Path) -> None:
    _edit(game / "rules" / "game.py", "        return [Bid(v) for v in self.hands[seat]] if seat",
          "        raise ZeroDivisionError('no bids today')\n        return [Bid(v) for v in self.hands[seat]] if seat")


def hang_at_import(game: Path) -> None:
    with (game / "rules" / "__init__.py").open("a", encoding="utf-8") as init:
        init.write("\nwhile True:\n    pass\n")


def exit_at_import(game: Path) -> None:
    with (game / "rules" / "__init__.py").open("a", encoding="utf-8") as init:
        init.write("\nimport sys\nsys.exit(3)\n")


def broken(tmp_path: Path, breaking: Callable[[Path], None]) -> Path:
    game = tmp_path / "broken" / "goofspiel"   # the folder name is the slug a position file names
    shutil.copytree(GOOFSPIEL, game, ignore=shutil.ignore_patterns("__pycache__"))
    breaking(game)
    return game


def environment(tmp_path: Path, limit: float = LIMIT_S, cache: Path | None = None) -> dict[str, str]:
    scratch = tmp_path / "tmp"
    scratch.mkdir(exist_ok=True)
    return {**os.environ, "DRAGON_PNP_CACHE": str(cache or "off"), "DRAGON_PNP_RULES_STEP_LIMIT": str(limit),
            "TMPDIR": str(scratch), "PYTHONPATH": str(ROOT)}


def run(tmp_path: Path, *args: str, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command in a child with the render cache off, unless `cache` names one."""
    return subprocess.run([sys.executable, "-m", "dragon_pnp", *args], capture_output=True, text=True,
                          timeout=240, env=environment(tmp_path, cache=cache), cwd=tmp_path)


def replay(position: Path) -> subprocess.CompletedProcess[str]:
    """`play --position` of a saved position with the sound rules, in this process: only the broken
    module's commands are about a process that must not hang or crash (issue 30: a child imports
    the package again, about a second of CPU)."""
    return run_cli("play", str(GOOFSPIEL), "--position", str(position), "--legal", env={"DRAGON_PNP_CACHE": "off"})


def one_error(done: subprocess.CompletedProcess[str]) -> str:
    said = done.stdout + done.stderr
    assert "Traceback" not in said, said
    errors = [line for line in said.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, said
    return errors[0]


def debris(tmp_path: Path) -> list[str]:
    """What a run left in its temporary folder besides the positions it saved on purpose, each
    with what it is (a whole run once found an unexplained `4eos4ved` here: say enough to trace it)."""
    return sorted(_described(p) for p in (tmp_path / "tmp").iterdir() if not p.name.startswith("dragon-pnp-failed-position-"))


def _described(path: Path) -> str:
    if path.is_dir():
        inside = sorted(child.name for child in path.iterdir())
        return f"{path.name}/ holding {inside[:12]}"
    return f"{path.name}, a file of {path.stat().st_size} bytes starting {path.read_bytes()[:60]!r}"


def saved_position(line: str) -> Path:
    found = re.search(r"saved in (\S+) \(dragon-pnp play --position", line)
    assert found, line
    return Path(found[1])


@pytest.mark.parametrize("command", [("selftest", "--playouts", "2"), ("play", "--new", "--do", "bid 3", "--do", "bid 4")])
def test_apply_that_never_returns_is_one_message_with_the_position(tmp_path, command):
    game = broken(tmp_path, hang_in_apply)
    started = time.monotonic()
    done = run(tmp_path, command[0], str(game), *command[1:])
    assert time.monotonic() - started < 60
    line = one_error(done)
    assert done.returncode == 1
    assert "rules module ./rules: apply (rules/game.py:" in line and "did not return" in line
    position = saved_position(line)
    assert position.parent == tmp_path / "tmp"
    replayed = replay(position)
    assert replayed.returncode == 0, replayed.stderr   # the saved position loads with sound rules
    assert debris(tmp_path) == []


@pytest.mark.parametrize("command", [("check", "--games", "4", "--duel-games", "0", "--jobs", "1"), ("build",)])
def test_apply_that_never_returns_ends_check_and_build(tmp_path, command):
    game = broken(tmp_path, hang_in_apply)
    out = tmp_path / "out"
    done = run(tmp_path, command[0], str(game), *command[1:], "--out", str(out))
    line = one_error(done)
    assert done.returncode == 1
    assert "apply (rules/game.py:" in line and "did not return" in line and "seed" in line
    position = saved_position(line)   # the game played again to the decision that hung
    replayed = replay(position)
    assert replayed.returncode == 0 and "bid 13" in replayed.stdout, replayed.stderr
    assert debris(tmp_path) == []


def test_a_check_saves_the_position_before_the_decision_that_hung(tmp_path):
    """The game is played again to that decision: three rounds bid, the fourth never finished."""
    import yaml

    game = broken(tmp_path, hang_in_round_four)
    done = run(tmp_path, "check", str(game), "--games", "4", "--duel-games", "0", "--jobs", "1",
               "--out", str(tmp_path / "out"))
    line = one_error(done)
    assert done.returncode == 1 and "decision 4" in line, line
    saved = yaml.safe_load(saved_position(line).read_text("utf-8"))
    assert [len(bids) for bids in saved["state"]["bids"]] == [3, 3]


@pytest.mark.parametrize("command", [("selftest", "--playouts", "2"), ("play", "--new", "--do", "bid 3", "--do", "bid 4"),
                                     ("check", "--games", "4", "--duel-games", "0", "--jobs", "1")])
def test_exit_called_in_apply_is_one_message_not_a_silent_exit(tmp_path, command):
    game = broken(tmp_path, exit_in_apply)
    done = run(tmp_path, command[0], str(game), *command[1:], *(("--out", str(tmp_path / "out")) if command[0] == "check" else ()))
    line = one_error(done)
    assert done.returncode == 1
    assert "apply (rules/game.py:" in line and "called exit(3)" in line


@pytest.mark.parametrize("command", [("selftest", "--playouts", "2"), ("play", "--new", "--legal")])
def test_legal_actions_raising_is_one_message(tmp_path, command):
    game = broken(tmp_path, raise_in_legal_actions)
    done = run(tmp_path, command[0], str(game), *command[1:])
    line = one_error(done)
    assert done.returncode == 1
    assert "legal_actions (rules/game.py:" in line and "ZeroDivisionError: no bids today" in line
    assert saved_position(line).is_file()


@pytest.mark.parametrize("breaking, said", [(hang_at_import, "the import did not finish"),
                                            (exit_at_import, "the import called exit(3)")])
@pytest.mark.parametrize("command", ["validate", "selftest", "play"])
def test_an_import_that_hangs_or_exits_is_one_located_message(tmp_path, breaking, said, command):
    game = broken(tmp_path, breaking)
    done = run(tmp_path, command, str(game), *(("--new",) if command == "play" else ()))
    line = one_error(done)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "game.yaml:" in line and "rules/__init__.py:" in line and said in line


@pytest.mark.parametrize("breaking", [hang_at_import, exit_at_import])
def test_the_kit_builds_without_rules_that_do_not_load(tmp_path, breaking, private_render_cache):
    game = broken(tmp_path, breaking)
    out = tmp_path / "kit"
    # --no-proof: the kit and the warning are what is read here (the proof was a third of this cold build);
    # the run's render cache: the second case draws the same pages, so it reads them from there
    done = run(tmp_path, "build", str(game), "--no-check", "--no-proof", "--out", str(out), cache=private_render_cache)
    assert done.returncode == 0, done.stdout + done.stderr
    warned = [line for line in done.stderr.splitlines() if "built without the rules module" in line]
    assert len(warned) == 1 and "rules/__init__.py:" in warned[0]
    assert (out / "rulebook.pdf").is_file() and (out / "cards.pdf").is_file()
    text = subprocess.run(["pdftotext", str(out / "rulebook.pdf"), "-"], capture_output=True, text=True).stdout
    assert "13 cards valued 1 to 13" in " ".join(text.split())   # settings as written still reach the rules text


def test_sigterm_to_selftest_removes_its_temporary_folder(tmp_path):
    game = broken(tmp_path, hang_in_apply)
    scratch = tmp_path / "tmp"
    process = subprocess.Popen([sys.executable, "-m", "dragon_pnp", "selftest", str(game)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=environment(tmp_path, limit=120), cwd=tmp_path)
    deadline = time.monotonic() + 60
    while not list(scratch.glob("dragon-pnp-selftest-*")):
        assert process.poll() is None and time.monotonic() < deadline, process.communicate()
        time.sleep(0.1)
    time.sleep(0.5)   # inside the hanging apply
    process.send_signal(signal.SIGTERM)
    _out, err = process.communicate(timeout=30)
    assert process.returncode == 128 + signal.SIGTERM, err
    assert "Traceback" not in err
    assert list(scratch.glob("dragon-pnp-selftest-*")) == []


def test_a_plugin_cannot_replace_a_built_in_game_and_a_bad_name_is_not_listed(tmp_path):
    site = tmp_path / "site"
    info = site / "sneaky_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sneaky-plugin\nVersion: 1.0\n", "utf-8")
    (info / "entry_points.txt").write_text("[dragon_pnp.games]\ndragon_pants = sneaky:GAME\nBad Name = sneaky:GAME\n",
                                           "utf-8")
    marker = tmp_path / "imported"
    (site / "sneaky.py").write_text(f"open({str(marker)!r}, 'w').close()\nGAME = None\n", "utf-8")
    probe = ("from dragon_pnp.games.registry import game_module, known_modules\n"
             "print(known_modules())\nprint(type(game_module('dragon_pants')).__module__)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])})
    assert done.returncode == 0, done.stderr
    listed, module = done.stdout.splitlines()
    assert "Bad Name" not in listed and "dragon_pants" in listed
    assert module.startswith("dragon_pnp.games.dragon_pants")
    assert not marker.exists()   # the plugin's code never ran
    assert "sneaky-plugin also registers the rules module 'dragon_pants'" in done.stderr
    assert "'Bad Name'" in done.stderr


def test_the_watchdog_stops_a_step_keeps_a_moving_loop_and_gives_back_an_outer_timer():
    """In-process: a loop that counts its steps outlives the limit; one that stops counting is
    stopped; a time limit set before (a test runner's) is running again afterwards."""
    from dragon_pnp.games.boundary import StepTimeout, Watchdog

    fired: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda *_: fired.append(1))
    signal.setitimer(signal.ITIMER_REAL, 30.0)
    try:
        with Watchdog(0.2) as watch:
            for _ in range(8):             # 0.4 s in all, twice the limit, a step every 0.05 s
                time.sleep(0.05)
                watch.steps += 1
        with pytest.raises(StepTimeout, match=r"0\.2 s limit"), Watchdog(0.2):
            while True:
                pass
        remaining, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 0 < remaining <= 30.0 and not fired
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
