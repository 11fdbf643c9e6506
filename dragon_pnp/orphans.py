"""Child processes end with their parent, however the parent ends (Ctrl-C, SIGTERM, SIGKILL).

Worker pools (the print kit's render workers, the rules check's simulation workers, the studio's
balance check) call `die_with_parent` first thing in each child: a watchdog thread notices the
process was handed to another parent and exits at once. Not the kernel's PR_SET_PDEATHSIG alone:
it fires when the *thread* that forked ends, and a long-lived process such as the studio forks
from short-lived threads; where the forking thread is the main thread (`main_thread_parent`),
PR_SET_PDEATHSIG is set as well, so the end is immediate.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

PR_SET_PDEATHSIG = 1
PR_SET_NAME = 15
WATCH_INTERVAL = 0.2  # seconds between looks at the parent


def die_with_parent(parent: int, main_thread_parent: bool = False) -> None:
    """End this process when `parent` dies; call it first thing in a forked child.

    Stopping is the parent's business: a fork inherits the parent's SIGTERM handler (the
    studio's raises to stop its server) and Ctrl-C reaches the whole process group, and
    either would print a traceback from every worker. The child takes SIGTERM's default
    (end quietly) and ignores SIGINT; it ends with its parent in any case.
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if main_thread_parent:
        _set_parent_death_signal()
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watchdog", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the watch began
        os._exit(1)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL)
    os._exit(1)


def _set_parent_death_signal() -> None:
    _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


@contextlib.contextmanager
def forking_as(name: str) -> Iterator[None]:
    """Children forked inside this block start with the process name `name` (what `ps`, `top`
    and /proc/PID/comm show; Linux, 15 characters), so a child with a job of its own can be told
    from its siblings from its first instant; this process takes its own name back afterwards."""
    own = _process_name()
    _prctl(PR_SET_NAME, name.encode()[:15])
    try:
        yield
    finally:
        if own:
            _prctl(PR_SET_NAME, own.encode())


def _process_name() -> str:
    try:
        return Path("/proc/self/comm").read_text().strip()
    except OSError:
        return ""


def _prctl(option: int, argument: int | bytes) -> None:
    """Linux's prctl(2) for this process; elsewhere, or without libc, nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        # The process's own symbols include libc's: no library search (find_library runs ldconfig).
        ctypes.CDLL(None, use_errno=True).prctl(option, argument, 0, 0, 0)
    except (OSError, AttributeError):
        return
