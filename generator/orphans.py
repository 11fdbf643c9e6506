"""Child processes end with their parent, however the parent ends (Ctrl-C, SIGTERM, SIGKILL).

Worker pools (the print kit's render workers, the rules check's simulation workers, the studio's
balance check) call `die_with_parent` first thing in each child: a watchdog thread notices the
process was handed to another parent and exits at once. Not the kernel's PR_SET_PDEATHSIG alone:
it fires when the *thread* that forked ends, and a long-lived process such as the studio forks
from short-lived threads; where the forking thread is the main thread (`main_thread_parent`),
PR_SET_PDEATHSIG is set as well, so the end is immediate.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
WATCH_INTERVAL = 0.2  # seconds between looks at the parent


def die_with_parent(parent: int, main_thread_parent: bool = False, tidy: bool = False) -> None:
    """End this process when `parent` dies; call it first thing in a forked child.

    Stopping is the parent's business: a fork inherits the parent's SIGTERM handler (the
    studio's raises to stop its server) and Ctrl-C reaches the whole process group, and
    either would print a traceback from every worker. The child takes SIGTERM's default
    (end quietly) and ignores SIGINT; it ends with its parent in any case.

    `tidy`: a child that holds temporary files ends by SystemExit instead, so its `with` and
    `finally` blocks remove them: SIGTERM (from the parent, or sent by the watchdog when the
    parent is gone) raises SystemExit in the main thread.
    """
    signal.signal(signal.SIGTERM, _exit_tidily if tidy else signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if main_thread_parent:
        _set_parent_death_signal(signal.SIGTERM if tidy else signal.SIGKILL)
    threading.Thread(target=_watch_parent, args=(parent, tidy), name="parent-watchdog", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the watch began
        os._exit(1)


def _exit_tidily(signum: int, frame: object) -> None:
    raise SystemExit(1)


def _watch_parent(parent: int, tidy: bool = False) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL)
    if tidy:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5.0)     # the main thread tidies up and exits; if it cannot, end anyway
    os._exit(1)


def _set_parent_death_signal(signum: int = signal.SIGKILL) -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0)
    except (OSError, AttributeError):
        return
