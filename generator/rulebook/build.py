"""Build step: typeset the rulebook (and the stand-alone player aid) into the kit folder."""

from __future__ import annotations

from generator.build.context import BuildContext
from generator.build.atomic import write_file_atomically
from generator.rulebook.document import typeset


def build_step(context: BuildContext) -> None:
    book = typeset(context.game, context.options.paper)
    target = context.path("rulebook.pdf")
    write_file_atomically(target, book.pdf)
    context.artifacts["rulebook.pdf"] = target
    if book.aid_pdf is not None:
        aid = context.path("player-aid.pdf")
        write_file_atomically(aid, book.aid_pdf)
        context.artifacts["player-aid.pdf"] = aid
        context.aid_copies = book.aid_copies
