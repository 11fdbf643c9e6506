"""The balance panel: the quick rules check run in the background, with progress and results.

The check runs in a child process (see balance_runner) so it can use both cores at a lower
priority than the preview and be stopped at any time. Its results name the data they were
computed from; a later change to the data marks them out of date rather than hiding them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dragon_pnp.studio import build_adapter as adapter
from dragon_pnp.studio.children import end_child
from dragon_pnp.studio.scratch import Scratch


class Balance:
    """One rules check at a time; `state()` is what the page shows."""

    def __init__(self, game_dir: Path, games: int, seed: int, on_update: Callable[[dict[str, Any]], None],
                 scratch: Scratch | None = None):
        self.game_dir = game_dir
        self._own_scratch = scratch is None   # standalone: its own scratch folder, removed by stop()
        self._scratch = scratch if scratch is not None else Scratch()
        self.games = games
        self.seed = seed
        self.on_update = on_update
        self._lock = threading.Lock()
        self._process: subprocess.Popen[str] | None = None
        self._state: dict[str, Any] = {"status": "idle", "done": 0, "total": 0, "games": games, "summary": None,
                             "error": None, "stale": False, "setup_noun": "setup"}
        self._data_version = ""      # the data the results (or the running check) were computed from
        self._current_version = ""
        self._folder: Path | None = None  # made for the first check, removed when the studio stops

    def state(self) -> dict[str, Any]:
        with self._lock:
            return dict(self._state)

    def name_setups(self, noun: str) -> None:
        """What the game calls one value of its setup axis, for the panel's sentence."""
        with self._lock:
            self._state["setup_noun"] = noun

    def data_changed(self, version: str) -> None:
        """The data now has `version`: results from another version are out of date."""
        with self._lock:
            self._current_version = version
            stale = self._state["status"] in ("running", "done") and self._data_version != version
            changed = stale != self._state["stale"]
            self._state["stale"] = stale
        if changed:
            self._announce()

    def start(self) -> bool:
        """Start a check of the data as it is now; False if one is already running."""
        with self._lock:
            if self._process is not None:
                return False
            self._data_version = self._current_version
            if self._folder is None:
                self._folder = self._scratch.make("check-")
            out = self._folder / "report.json"
            out.unlink(missing_ok=True)
            command = [sys.executable, "-m", "dragon_pnp.studio.balance_runner", str(self.game_dir), str(out),
                       "--games", str(self.games), "--seed", str(self.seed)]
            self._process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                             stdin=subprocess.DEVNULL)
            self._state.update(status="running", done=0, total=0, error=None, stale=False)
            process = self._process
        self._announce()
        threading.Thread(target=self._follow, args=(process, out), name="studio-balance", daemon=True).start()
        return True

    def stop(self) -> None:
        """Stop a running check (its workers end with it) and remove the check's folder."""
        with self._lock:
            process = self._process
            folder, self._folder = self._folder, None
        end_child(process)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
        if self._own_scratch:
            self._scratch.remove()

    def _follow(self, process: subprocess.Popen[str], out: Path) -> None:
        error = None
        assert process.stdout is not None
        for line in process.stdout:
            word, _, rest = line.strip().partition(" ")
            if word == "progress":
                done, total = (int(x) for x in rest.split())
                with self._lock:
                    self._state.update(done=done, total=total)
                self._announce()
            elif word == "error:":
                error = rest
        stderr = process.stderr.read() if process.stderr else ""
        status = process.wait()
        summary = None
        if status == 0 and error is None:
            try:
                summary = adapter.check_summary(json.loads(out.read_text(encoding="utf-8")))
            except (OSError, ValueError, KeyError) as failure:
                error = f"could not read the check's report: {failure}"
        elif error is None:
            tail = stderr.strip().splitlines()[-1:] or [f"exit status {status}"]
            error = f"the rules check stopped: {tail[0]}"
        with self._lock:
            self._process = None
            if summary is not None:
                self._state.update(status="done", summary=summary, error=None,
                                   stale=self._data_version != self._current_version)
            else:
                self._state.update(status="failed", error=error)
        self._announce()

    def _announce(self) -> None:
        self.on_update(self.state())
