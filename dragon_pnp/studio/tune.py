"""The Tune panel: `dragon-pnp tune` on the open game, in a child process, and its Apply button.

The search runs as the command itself (`python -m dragon_pnp tune GAME --json ...`) so it uses
both cores, can be stopped at any time and reports a bad target or path exactly as the command
line does. Apply writes a proposal's edits into the open folder as `--apply` does (the number's
text at its line and column), and the watcher then rebuilds the preview.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from dragon_pnp.errors import NotationError
from dragon_pnp.studio.children import end_child
from dragon_pnp.tune.edits import apply_saved

MAX_TEXTS = 10        # targets or paths in one request
MAX_BUDGET = 3600.0


class TunePanel:
    """One search at a time; `state()` is what the page shows."""

    def __init__(self, game_dir: Path, on_update: Callable[[dict[str, Any]], None], out_dir: Path | None = None):
        """`out_dir`: where the search leaves its tune.json (the studio's output folder); without
        one, the command's default (output/<game>/), which from a checkout is the checkout's."""
        self.game_dir = game_dir
        self.out_dir = out_dir
        self.on_update = on_update
        self._lock = threading.Lock()
        self._process: subprocess.Popen[str] | None = None
        self._state: dict[str, Any] = {"status": "idle", "error": None, "result": None, "applied": None}

    def state(self) -> dict[str, Any]:
        with self._lock:
            return dict(self._state)

    def start(self, targets: Sequence[str], vary: Sequence[str], budget: float) -> bool:
        """Start a search; False if one is already running."""
        command = [sys.executable, "-m", "dragon_pnp", "tune", str(self.game_dir), "--json", "--budget", f"{budget:g}"]
        for text in targets:
            command += ["--target", text]
        for text in vary:
            command += ["--vary", text]
        if self.out_dir is not None:
            command += ["--out", str(self.out_dir)]
        with self._lock:
            if self._process is not None:
                return False
            self._process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                             stdin=subprocess.DEVNULL)
            self._state.update(status="running", error=None, result=None, applied=None)
            process = self._process
        self.on_update(self.state())
        threading.Thread(target=self._follow, args=(process,), name="studio-tune", daemon=True).start()
        return True

    def apply(self, number: int) -> list[str]:
        """Write proposal `number` of the last result into the folder; the files written."""
        with self._lock:
            result = self._state["result"]
        proposals = {p["rank"]: p for p in (result or {}).get("proposals", [])}
        if number not in proposals:
            raise NotationError(f"proposal {number}: the last search has {len(proposals) or 'no'} proposals")
        written = [str(p.relative_to(self.game_dir)) for p in apply_saved(self.game_dir, proposals[number]["edits"])]
        with self._lock:
            self._state["applied"] = number
        self.on_update(self.state())
        return written

    def stop(self) -> None:
        with self._lock:
            process = self._process
        end_child(process)

    def _follow(self, process: subprocess.Popen[str]) -> None:
        out, err = process.communicate()
        result, error = None, None
        if process.returncode == 0:
            try:
                result = json.loads(out)
            except ValueError as failure:
                error = f"could not read the search's answer: {failure}"
        else:
            lines = [line.removeprefix("error: ") for line in err.strip().splitlines() if not line.startswith("note:")]
            error = lines[-1] if lines else f"the search stopped (exit status {process.returncode})"
        with self._lock:
            self._process = None
            self._state.update(status="done" if result is not None else "failed", result=result, error=error)
        self.on_update(self.state())


def request_problem(body: dict[str, Any]) -> str | None:
    """Why a tune request's body cannot be used, or None."""
    for key in ("targets", "vary"):
        value = body.get(key, [])
        if not isinstance(value, list) or len(value) > MAX_TEXTS or not all(isinstance(v, str) for v in value):
            return f"{key}: expected a list of at most {MAX_TEXTS} texts"
        if any(v.startswith("-") for v in value):
            return f"{key}: a text may not start with '-'"
    if not body.get("targets"):
        return "targets: give at least one FIGURE=VALUE±TOL"
    budget = body.get("budget", 120)
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 5 <= budget <= MAX_BUDGET:
        return f"budget: expected seconds from 5 to {MAX_BUDGET:g}"
    return None
