"""`dragon-pnp ARGS` run through `main` in the test process, for tests about a command's files and
messages rather than its process (issue 30: a child process imports the package again, about a
second of CPU per command, more than a small build itself). Keep a child process where the test
is about the process: exit codes of the console script, signals, a crash, what it imports."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
from pathlib import Path


def run_cli(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The command's exit code and what it printed on stdout and stderr, as a child process gives
    them: run from `cwd`, with `env` added to the environment for its duration (both restored after)."""
    from dragon_pnp.cli import main

    out, err = io.StringIO(), io.StringIO()
    code, here = 0, os.getcwd()
    saved = {name: os.environ.get(name) for name in env or {}}
    os.environ.update(env or {})
    if cwd is not None:
        os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(list(args))
            except SystemExit as exc:   # as the interpreter ends a program: a message is printed and gives 1
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
                if exc.code is not None and not isinstance(exc.code, int):
                    print(exc.code, file=err)
    finally:
        os.chdir(here)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    return subprocess.CompletedProcess(["dragon-pnp", *args], code, out.getvalue(), err.getvalue())
