"""Build steps of the print kit: the kit itself, and (last) the print-and-play assembly.

The kit step plans the kit and hands its render jobs to the workers, then returns: while
they draw, the build goes on in this process (the rulebook is typeset meanwhile). The PDFs
and PNGs are written when the build settles, at the latest before print-and-play reads them.
"""

from __future__ import annotations

from pathlib import Path

from generator.build.context import BuildContext
from generator.data.loader import project_root
from generator.kit.assembly import write_print_and_play
from generator.kit.kit import document_jobs, finished_pngs, plan_cards, plan_pieces, png_jobs, write_documents, write_svgs
from generator.kit.parallel import submit_all
from generator.kit.parallel import start_render_workers
from generator.kit.render_cache import RenderCache, inputs_digest


def kit_step(context: BuildContext) -> None:
    """cards.pdf, tiles.pdf, board.pdf, extras.pdf, svg/ and png/ into the staging folder."""
    game = context.game
    cache = RenderCache.from_environment()
    inputs = render_build_id(context)
    if not cache.seen(inputs):
        start_render_workers()  # they load cairo while this process plans the kit
    # Card sheets first: the workers draw them while this process plans the board pieces.
    # The card PNGs go last, to fill whichever worker finishes first.
    cards = plan_cards(game, context.options.paper, context.options.duplex)
    cards_rendered = submit_all(document_jobs(cards), [], cache, build=inputs)
    pieces = plan_pieces(game, context.options.paper, context.options.duplex)
    dpi = game.print_profile.png_dpi
    rest_rendered = submit_all(document_jobs(pieces), png_jobs(cards, dpi), cache, build=inputs)
    plan = cards.combined(pieces)
    context.page_counts.update({document: len(pages) for document, pages in plan.documents.items()})
    for path in write_svgs(plan, context.path("svg/.keep").parent):
        context.artifacts[f"svg/{path.name}"] = path

    def finish() -> None:
        documents, _ = cards_rendered.result()
        more, images = rest_rendered.result()
        documents = {**documents, **more}
        images = finished_pngs(images, dpi)
        cache.remember(inputs)
        for role, path in write_documents(plan, documents, context.out_dir).items():
            context.artifacts[role] = path
        png_dir = context.path("png/.keep").parent
        for name, data in sorted(images.items()):
            target = png_dir / name
            target.write_bytes(data)
            context.artifacts[f"png/{name}"] = target

    context.defer(finish)


def render_build_id(context: BuildContext) -> str:
    """What the build's render tasks share: the workers keep the faces they walked for tasks
    of the same id (the export steps' images reuse the kit's faces)."""
    return inputs_digest(context.game.root, Path(project_root()) / "templates",
                         settings=f"{context.options.paper}|{context.options.duplex}")


def print_and_play_step(context: BuildContext) -> None:
    """print-and-play.pdf: a cover page listing contents, then every PDF of the kit."""
    target = context.path("print-and-play.pdf")
    write_print_and_play(context, target)
    context.artifacts["print-and-play.pdf"] = target
