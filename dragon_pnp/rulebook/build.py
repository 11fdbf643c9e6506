"""Build step: typeset the rulebook (and the stand-alone player aid) into the kit folder.

`begin` starts the typesetting in a forked child before the first build step
(`dragon_pnp/rulebook/early.py`); `build_step` collects it, or typesets here when no child
was started or it failed (which raises the located error).
"""

from __future__ import annotations

from dragon_pnp.build.atomic import write_file_atomically
from dragon_pnp.build.context import BuildContext
from dragon_pnp.rulebook.early import EarlyRulebook, ReadyRulebook, TypesetBook, start

EARLY = "rulebook"
WORKDIR = ".rulebook-icons"   # inside the staging folder; removed before the build is swapped in


def begin(context: BuildContext) -> None:
    if EARLY in context.early:   # the caller handed in the book (run_build's `ready`)
        return
    early = start(context.game, context.options.paper, context.out_dir / WORKDIR)
    if early is not None:
        context.begun(EARLY, early)


def build_step(context: BuildContext) -> None:
    early = context.early.pop(EARLY, None)
    book = early.result() if isinstance(early, (EarlyRulebook, ReadyRulebook)) else None
    if book is None:
        from dragon_pnp.rulebook.document import typeset

        typeset_here = typeset(context.game, context.options.paper)
        book = TypesetBook(typeset_here.pdf, typeset_here.aid_pdf, typeset_here.aid_copies,
                           typeset_here.rules_pdf)
    target = context.path("rulebook.pdf")
    write_file_atomically(target, book.pdf)
    context.artifacts["rulebook.pdf"] = target
    if book.aid_pdf is not None:
        aid = context.path("player-aid.pdf")
        write_file_atomically(aid, book.aid_pdf)
        context.artifacts["player-aid.pdf"] = aid
        context.aid_copies = book.aid_copies
        context.rules_without_aid = book.rules_pdf
