"""The "Since..." panel: the game as it is now against a git revision or the last saved snapshot.

A comparison runs in a background thread in two steps: data, pages and rulebook first (a few
seconds), then, when the game has rules, the paired balance part; the panel shows the report
after each. A snapshot is a copy of the game folder saved by the designer (`save_snapshot`),
kept in the studio's scratch folder (`scratch.py`) for the session.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dragon_pnp.diff.compare import DiffResult

from dragon_pnp.data.reading import copy_confined
from dragon_pnp.studio.scratch import Scratch


class Since:
    """One comparison at a time; `state()` is what the page shows, `html()` the last report."""

    def __init__(self, game_dir: Path, games: int, on_update: Callable[[dict[str, Any]], None],
                 scratch: Scratch | None = None):
        self.game_dir = game_dir
        self._own_scratch = scratch is None   # standalone: its own scratch folder, removed by stop()
        self._scratch = scratch if scratch is not None else Scratch()
        self.games = games
        self.on_update = on_update
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._html = ""
        self._folder = self._scratch.make("since-")
        self._state: dict[str, Any] = {"status": "idle", "against": None, "summary": None, "error": None,
                             "snapshot": False, "balance": "none", "report": 0}

    def state(self) -> dict[str, Any]:
        with self._lock:
            return dict(self._state)

    def html(self) -> str:
        with self._lock:
            return self._html

    def save_snapshot(self) -> None:
        """Copy the game folder as it is now; later comparisons against "snapshot" use it.

        The copy goes through the one confined reader: a link leading out of the folder, a loop,
        a pipe or a device is a located DataError (the server answers 422 with it) and the
        previous snapshot stays."""
        target = self._snapshot_dir()
        staging = target.with_name(target.name + ".new")
        shutil.rmtree(staging, ignore_errors=True)
        copy_confined(self.game_dir, staging, skip=lambda name: name.startswith(".") or name == "__pycache__")
        shutil.rmtree(target, ignore_errors=True)
        staging.rename(target)
        self._update(snapshot=True)

    def start(self, against: str) -> bool:
        """Compare the game now with `against`: a git revision, or "snapshot". False when busy.
        A comparison whose state is no longer "running" is finished, though its thread may still
        be announcing that (a client that read "done" and asked again at once was refused)."""
        with self._lock:
            if self._thread is not None and self._thread.is_alive() and self._state["status"] == "running":
                return False
            self._state.update(status="running", against=against, error=None, summary=None, balance="none")
            self._thread = threading.Thread(target=self._run, args=(against,), name="studio-since", daemon=True)
            self._thread.start()
        self._announce()
        return True

    def stop(self) -> None:
        shutil.rmtree(self._folder, ignore_errors=True)
        if self._own_scratch:
            self._scratch.remove()

    def _snapshot_dir(self) -> Path:
        return self._folder / "snapshot" / self.game_dir.name

    def _run(self, against: str) -> None:
        from dragon_pnp.diff.compare import DiffOptions, run_diff
        from dragon_pnp.errors import DragonPnpError
        from dragon_pnp.report.check import CheckSettings, Execution

        if against == "snapshot":
            if not self._snapshot_dir().is_dir():
                self._update(status="failed", error="No snapshot saved yet: save one first.")
                return
            old = str(self._snapshot_dir())
        else:
            old = f"{self.game_dir}@{against}"
        new = str(self.game_dir)
        try:
            # Beside the server's threads: no forking (parallel=False), games played in this process.
            quick = run_diff(old, new, DiffOptions(balance=False, parallel=False))
            has_rules = _has_rules(self.game_dir)
            self._publish(quick, "running" if has_rules else "done")
            if has_rules:
                self._update(balance="running")
                check = CheckSettings(games=self.games, duel_games=self.games)
                full = run_diff(old, new, DiffOptions(parallel=False, check=check,
                                                      execution=Execution(executor="local", jobs=1)))
                self._publish(full, "done", balance="done")
        except DragonPnpError as exc:
            self._update(status="failed", error=str(exc))
        except Exception as exc:
            self._update(status="failed", error=f"{type(exc).__name__}: {exc}")

    def _publish(self, result: DiffResult, status: str, **more: Any) -> None:
        from dragon_pnp.diff.writers import render_html

        html = render_html(result)
        with self._lock:
            self._html = html
            self._state.update(status=status, summary=result.report["summary"], report=self._state["report"] + 1,
                               **more)
        self._announce()

    def _update(self, **changes: Any) -> None:
        with self._lock:
            self._state.update(changes)
        self._announce()

    def _announce(self) -> None:
        self.on_update(self.state())


def _has_rules(folder: Path) -> bool:
    from dragon_pnp.games.registry import load_game

    return load_game(folder).module is not None
