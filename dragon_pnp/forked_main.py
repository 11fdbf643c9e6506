"""Ending a forked child the way the interpreter ends a program.

The fault harness and the bench smoke runner run a program's `main` (the command line, a bench
script) in forks of one process that imported the package once, instead of a fresh interpreter
each. Such a child must end as that program would have ended on its own: with its exit code,
its message or traceback, its threads joined and its own exit handlers run, but never the
parent's handlers (its temporary folders) and never by returning into the parent's code.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
import traceback
from collections.abc import Callable
from typing import NoReturn


def exit_after(main: Callable[[], object]) -> NoReturn:
    """Run `main` in this forked child, then leave it as the interpreter would leave a program:
    SystemExit's code (a message is printed and gives 1), 1 and a traceback on any other exception,
    0 otherwise; the program's threads joined and its exit handlers run (the parent's are dropped
    first); streams flushed; `os._exit`, so nothing of the parent's runs after."""
    code = 1
    try:
        atexit._clear()
        try:
            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if exc.code is not None and not isinstance(exc.code, int):
                print(exc.code, file=sys.stderr)
        except BaseException:
            traceback.print_exc()
            code = 1
        threading._shutdown()  # type: ignore[attr-defined]  # as the interpreter does on exit
        atexit._run_exitfuncs()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
