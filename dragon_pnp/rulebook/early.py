"""Typeset the rulebook in a forked child while the print kit is planned and drawn.

A cold build's main process used to plan the kit, hand its pages to the render workers and only
then typeset the rulebook (reportlab, about a second), importing reportlab on the way. The
rulebook needs nothing from the kit, so the build forks a child for it before the first step:
the child imports and typesets while the parent plans, and the rulebook step only collects the
bytes. `dragon-pnp diff` typesets a version's rulebook the same way while it plans the other. The bytes are the same either way: the child runs the very `typeset` the step would.

Forking is done only where it is safe: a process with no thread but the main one (a build from
the command line; not the studio, whose server threads make a fork unsafe), where `fork`
exists. Anything that goes wrong in the child (a rules text error, say) is not carried across:
the step then typesets in its own process, which raises the same located error it always did.
The child draws its icons into a folder the parent chose (inside the build's staging folder) and
removes, so a child stopped early (the build failed elsewhere) is simply ended, and even a
killed build leaves nothing outside its staging folder, which the next build clears; it names itself
`dpnp-rulebook` from the moment it is forked (what `ps` and `top` show), apart from the render workers.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dragon_pnp.heap import frozen_for_fork
from dragon_pnp.orphans import forking_as
from dragon_pnp.workers import worker_count

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from dragon_pnp.data import GameData


CHILD_NAME = "dpnp-rulebook"   # at most 15 characters: the kernel's limit for a process name


@dataclass(frozen=True)
class TypesetBook:
    """What the rulebook step writes: plain bytes, so the parent never imports reportlab."""

    pdf: bytes
    aid_pdf: bytes | None
    aid_copies: int
    rules_pdf: bytes | None = None   # the rules without the aid, when print-and-play needs it


class EarlyRulebook:
    """A rulebook being typeset in a forked child; `result()` waits for it."""

    def __init__(self, game: GameData, paper: str, workdir: Path | None = None):
        context = multiprocessing.get_context("fork")
        if workdir is None:
            self._workdir = tempfile.mkdtemp(prefix="dragon-pnp-icons-")
        else:
            workdir.mkdir(parents=True, exist_ok=True)
            self._workdir = str(workdir)
        self._reader, writer = context.Pipe(duplex=False)
        self._process = context.Process(target=_typeset_in_child,
                                        args=(writer, game, paper, os.getpid(), self._workdir),
                                        name=CHILD_NAME, daemon=True)
        with forking_as(CHILD_NAME), frozen_for_fork():
            self._process.start()
        writer.close()

    def result(self) -> TypesetBook | None:
        """The typeset book, or None when the child failed (typeset here to see why)."""
        try:
            answer = self._reader.recv()
        except (EOFError, OSError):
            answer = None
        finally:
            self.close()
        return answer if isinstance(answer, TypesetBook) else None

    def close(self) -> None:
        """Stop the child if it still runs (a build that failed before the rulebook step)."""
        if self._process.is_alive():
            self._process.kill()
        self._process.join()
        self._reader.close()
        shutil.rmtree(self._workdir, ignore_errors=True)


class ReadyRulebook:
    """A book its caller typeset already for this very game and paper (the studio's preview
    has just typeset what its output build would typeset again): the step collects it as is."""

    def __init__(self, book: TypesetBook):
        self._book = book

    def result(self) -> TypesetBook:
        return self._book

    def close(self) -> None:
        """Nothing runs: nothing to stop."""


def start(game: GameData, paper: str, workdir: Path | None = None) -> EarlyRulebook | None:
    """Begin typesetting in a child where forking is safe and offered; else None. The child
    draws its icons into `workdir` (else a temporary folder), which `close` removes (a build
    passes a folder inside its staging folder, so even a killed build's leftovers go with the
    staging)."""
    if threading.active_count() != 1 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    if worker_count() == 1:   # one process asked for: everything here
        return None
    return EarlyRulebook(game, paper, workdir)


def _typeset_in_child(writer: Connection, game: GameData, paper: str, parent: int, workdir: str) -> None:
    from dragon_pnp.orphans import die_with_parent

    die_with_parent(parent, main_thread_parent=True)
    try:
        from dragon_pnp.rulebook.document import typeset

        book = typeset(game, paper, Path(workdir))
        answer: TypesetBook | None = TypesetBook(book.pdf, book.aid_pdf, book.aid_copies, book.rules_pdf)
    except Exception:
        answer = None
    try:
        writer.send(answer)
    except (BrokenPipeError, OSError):
        pass   # the parent stopped listening
    writer.close()
