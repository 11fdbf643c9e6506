"""Helpers of the fault tests: every game under data/, private copies of it, and a runner that
puts each command in its own process with a time limit (see fuzz_harness.run_batch)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).resolve().parent / "fuzz_harness.py"
GAMES = sorted(p.parent.name for p in (ROOT / "data").glob("*/game.yaml"))


@dataclass
class Run:
    """One command's exit code (None: killed at the time limit), output and time."""

    exit: int | None
    stdout: str
    stderr: str
    seconds: float
    stray: bool
    cpu: float = 0.0   # CPU seconds of the command and the children it waited for

    @property
    def errors(self) -> list[str]:
        return [line for line in (self.stdout + "\n" + self.stderr).splitlines() if line.startswith("error:")]

    def refused(self, code: int, *words: str) -> bool:
        """Exit `code`, no traceback, and one `error:` line holding every word (file names...)."""
        return (self.exit == code and "Traceback" not in self.stderr + self.stdout and not self.stray
                and any(all(word in line for word in words) for line in self.errors))

    def __str__(self) -> str:
        return f"exit {self.exit} in {self.seconds:.1f} s\n{self.stdout[-1500:]}\n{self.stderr[-3000:]}"


def run_commands(requests: list[list[str] | dict], timeout: float = 60, cwd: Path | None = None,
                 env: dict[str, str] | None = None) -> list[Run]:
    """Run `dragon-pnp ARGV` for each request, each in a forked child of one fresh process."""
    batch = [r if isinstance(r, dict) else {"argv": r} for r in requests]
    for request in batch:
        request.setdefault("cwd", str(cwd or ROOT))
        request["env"] = {"COLUMNS": "200", **(env or {}), **request.get("env", {})}
    done = subprocess.run([sys.executable, str(HARNESS), "--batch", "--timeout", str(timeout)],
                          input=json.dumps(batch), capture_output=True, text=True,
                          timeout=timeout * len(batch) + 120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    return [Run(a["exit"], a["stdout"], a["stderr"], a["seconds"], a["stray"], a["cpu"]) for a in json.loads(done.stdout)]


def run_command(argv: list[str], **options) -> Run:
    return run_commands([argv], **options)[0]


def copy_game(name: str, folder: Path) -> Path:
    """A private copy of data/NAME (or examples/NAME) that a test may break."""
    target = folder / name
    source = ROOT / "data" / name
    shutil.copytree(source if source.is_dir() else ROOT / "examples" / name, target)
    return target


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under a folder by relative path, with its bytes (the kits are small)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink()}


def beside(target: Path) -> list[str]:
    """Staging or retired folders left next to a kit folder."""
    return sorted(p.name for p in target.parent.iterdir() if p.name.startswith(f".{target.name}."))
