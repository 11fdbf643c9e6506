"""The error boundary around a game's rules module: a per-step time limit, and one located
message for anything the module's code does wrong.

A rules module is a designer's Python code (or an installed plugin's). Whatever it does, a
command must end with one line saying which module, which of its methods and which position,
never a traceback, a silent exit or a hang:

- `Watchdog`: a per-step time limit without a system call per step. A timer ticks every half
  limit; the loop counts its steps (`watch.steps += 1`); a tick that finds no step finished
  since the tick before last raises `StepTimeout` wherever the code is, so a step that never
  returns stops after one to one and a half limits. `DRAGON_PNP_RULES_STEP_LIMIT` sets the
  limit in seconds (a test sets a short one).
- `rules_failure`: an exception (`StepTimeout`, `SystemExit` and anything else) raised from
  the module's code, turned into a `RulesModuleError` naming the module, the method the tool
  called, the line it failed at and, given a position, the file the position was saved to so
  `dragon-pnp play --position FILE` reproduces it.
- `terminate_cleanly`: SIGTERM raised as `Terminated`, a `SystemExit` every `with` and
  `finally` sees, so temporary folders are removed; the boundary never mistakes it for the
  module's own exit.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import signal
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

from dragon_pnp.errors import DragonPnpError, NotationError, RulesModuleError

STEP_LIMIT_VARIABLE = "DRAGON_PNP_RULES_STEP_LIMIT"
# Seconds one step (a call into the rules for one decision, or the module's import) may take. A
# search player's decision in a check takes well under a second; a minute is only ever a hang.
DEFAULT_STEP_LIMIT_S = 60.0


class StepTimeout(Exception):
    """Raised inside the rules module's code when one step ran past the time limit."""


class Terminated(SystemExit):
    """SIGTERM as an exit that unwinds (cleanups run); never blamed on the rules module."""


def step_limit() -> float:
    """The per-step limit in seconds: DRAGON_PNP_RULES_STEP_LIMIT, else the default."""
    setting = os.environ.get(STEP_LIMIT_VARIABLE, "").strip()
    try:
        value = float(setting) if setting else DEFAULT_STEP_LIMIT_S
    except ValueError:
        raise NotationError(f"{STEP_LIMIT_VARIABLE}={setting!r}: expected a number of seconds") from None
    if not value > 0:
        raise NotationError(f"{STEP_LIMIT_VARIABLE}={setting!r}: expected a number of seconds above 0")
    return value


class Watchdog:
    """The per-step time limit of a loop in the main thread (elsewhere it does nothing).

    Nested uses share the outermost watchdog: the timer is one per process."""

    _active: Watchdog | None = None

    def __init__(self, limit: float | None = None):
        self.limit = step_limit() if limit is None else limit
        self.steps = 0
        self._seen = -1
        self._idle = 0
        self._outer: Watchdog | None = None
        self._previous: Any = None
        self._previous_timer: tuple[float, float] = (0.0, 0.0)
        self._started = 0.0
        self._armed = False

    def __enter__(self) -> Watchdog:
        if Watchdog._active is not None:
            self._outer = Watchdog._active
            return self._outer
        if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
            return self
        self._previous = signal.signal(signal.SIGALRM, self._tick)
        half = self.limit / 2
        # Another timer already set (a test runner's time limit) is put back, less the time spent, on exit.
        self._previous_timer = signal.setitimer(signal.ITIMER_REAL, half, half)
        self._started = time.monotonic()
        self._armed = True
        Watchdog._active = self
        return self

    def __exit__(self, *exc: object) -> None:
        if not self._armed:
            return
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, self._previous if self._previous is not None else signal.SIG_DFL)
        delay, interval = self._previous_timer
        if delay > 0:
            signal.setitimer(signal.ITIMER_REAL, max(delay - (time.monotonic() - self._started), 0.001), interval)
        Watchdog._active = None
        self._armed = False

    def _tick(self, signum: int, frame: FrameType | None) -> None:
        if self.steps != self._seen:
            self._seen, self._idle = self.steps, 0
            return
        self._idle += 1
        if self._idle >= 2:
            self._idle = 0
            raise StepTimeout(f"a step ran past the {self.limit:g} s limit ({STEP_LIMIT_VARIABLE})")


def module_folder(module: Any) -> Path | None:
    """The folder holding a rules module's code (its package, or its file's folder)."""
    try:
        return Path(inspect.getfile(type(module))).resolve().parent
    except (TypeError, OSError):
        return None


def _frames_in(exc: BaseException, folder: Path | None) -> list[traceback.FrameSummary]:
    frames = traceback.extract_tb(exc.__traceback__)
    if folder is None:
        return []
    return [f for f in frames if Path(f.filename).resolve().is_relative_to(folder)]


def blames_rules(exc: BaseException, module: Any) -> bool:
    """True when `exc` came out of the module's own code (a frame of it is on the traceback) or is
    a time limit or an exit, which only the module's code can have caused inside a boundary."""
    if isinstance(exc, Terminated | KeyboardInterrupt):
        return False
    if isinstance(exc, StepTimeout | SystemExit):
        return True
    return bool(_frames_in(exc, module_folder(module)))


def describe(exc: BaseException, folder: Path | None, method: str | None = None) -> str:
    """What went wrong, where: `apply (rules/game.py:88): ZeroDivisionError: ...`."""
    frames = _frames_in(exc, folder)
    called = method or (frames[0].name if frames else "?")
    where = ""
    if frames:
        last = frames[-1]
        shown = Path(last.filename)
        if folder is not None:
            shown = Path(folder.name) / Path(last.filename).resolve().relative_to(folder)
        where = f" ({shown}:{last.lineno})"
    if isinstance(exc, StepTimeout):
        what = f"did not return: {exc}"
    elif isinstance(exc, SystemExit):
        what = f"called exit({exc.code!r})"
    else:
        text = " ".join(str(exc).split())[:300]
        what = f"raised {type(exc).__name__}" + (f": {text}" if text else "")
    return f"{called}{where} {what}"


def rules_failure(exc: BaseException, module: Any, name: str | None, *, method: str | None = None,
                  position: Callable[[], str | None] | None = None, slug: str = "game") -> RulesModuleError:
    """The one message for a failure of `module` (game.yaml names it `name`): the module, the
    method, the line, and the position saved (`position()` gives its YAML text, or None when
    there is none yet)."""
    folder = module_folder(module)
    message = f"rules module {name or getattr(module, 'slug', '?')}: {describe(exc, folder, method)}"
    if position is not None:
        called = method or next((f.name for f in _frames_in(exc, folder)), "step")
        saved = save_position(position, slug, called)
        if saved is not None:
            message += f"; the position is saved in {saved} (dragon-pnp play --position {saved})"
    return RulesModuleError(message)


def save_position(position: Callable[[], str | None], slug: str, method: str) -> Path | None:
    """Write the position where the module failed to a file in the temporary folder (the file
    the message names; kept for the designer, not a scratch file). None if there is none or it
    cannot be written: writing it runs the module's code too, under a limit of its own."""
    try:
        with Watchdog():
            text = position()
        if text is None:
            return None
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
        path = Path(tempfile.gettempdir()) / f"dragon-pnp-failed-position-{slug}-{method}-{digest}.yaml"
        path.write_text(text, encoding="utf-8")
        return path
    except Exception:   # a position that cannot be written must not hide the failure itself
        return None


@contextmanager
def rules_boundary(module: Any, name: str | None, *, method: str | None = None,
                   position: Callable[[], str | None] | None = None, slug: str = "game") -> Iterator[None]:
    """Run a block that calls into `module`: what its code raises (a timeout or exit included)
    leaves as one `RulesModuleError`; the tool's own errors and SIGTERM pass through."""
    try:
        yield
    except DragonPnpError:
        raise
    except BaseException as exc:
        if not blames_rules(exc, module):
            raise
        raise rules_failure(exc, module, name, method=method, position=position, slug=slug) from None


def terminate_cleanly() -> Callable[[], None]:
    """Until the returned function is called, SIGTERM raises `Terminated` in the main thread, so
    `with` blocks remove their temporary folders; the exit status is 128 + SIGTERM."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def on_term(signum: int, frame: FrameType | None) -> None:
        raise Terminated(128 + signal.SIGTERM)

    previous = signal.signal(signal.SIGTERM, on_term)

    def restore() -> None:
        signal.signal(signal.SIGTERM, previous)

    return restore
