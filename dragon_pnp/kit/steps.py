"""Build steps of the print kit: the kit itself, and (last) the print-and-play assembly.

The kit step plans the kit and hands its render jobs to the workers, then returns: while
they draw, the build goes on in this process (the rulebook is typeset meanwhile). The PDFs
and PNGs are written when the build settles, at the latest before print-and-play reads them.
"""

from __future__ import annotations

from typing import Any

from dragon_pnp.build.context import BuildContext
from dragon_pnp.data.components import document_of
from dragon_pnp.kit.assembly import write_print_and_play
from dragon_pnp.kit.kit import (
    combine,
    document_jobs,
    finished_pngs,
    plan_components,
    png_jobs,
    write_documents,
    write_svgs,
)
from dragon_pnp.kit.parallel import start_render_workers, submit_all
from dragon_pnp.kit.render_cache import RenderCache, inputs_digest
from dragon_pnp.resources import templates_dir


def kit_step(context: BuildContext) -> None:
    """Every component's document (cards.pdf, tiles.pdf, ...), svg/ and png/ into the staging folder."""
    game = context.game
    cache = RenderCache.from_environment()
    inputs = render_build_id(context)
    if not cache.seen(inputs):
        start_render_workers()  # they load cairo while this process plans the kit
    # Each component's pages go to the workers as soon as it is planned, so they draw the tiles
    # while this process plans the rest; a document with packable pieces (decks, tokens) waits
    # until every component is planned, as a later one may share its sheets. The card PNGs go last, to fill whichever worker
    # finishes first.
    options = context.options
    plans: list[Any] = []
    pending: list[Any] = []
    submitted: set[Any] = set()
    shelved: set[str] = set()   # documents whose pieces may still be packed with later ones
    components = game.game.components
    for index, component_plan in enumerate(plan_components(game, options.paper, options.duplex)):
        plans.append(component_plan)
        shelved.update(s.document for s in component_plan.sections if s.pack_items)
        # A document no component still to come prints in packs with nothing more: it may go.
        shelved &= {document_of(component) for component in components[index + 1:]}
        so_far = combine(game, options.paper, options.duplex, plans)
        jobs = [job for job in document_jobs(so_far)
                if job.name not in submitted and job.name.split("#")[0] not in shelved]
        submitted.update(job.name for job in jobs)
        if jobs:
            pending.append(submit_all(jobs, [], cache, build=inputs))
    plan = combine(game, options.paper, options.duplex, plans)
    late = [job for job in document_jobs(plan) if job.name not in submitted]
    if late:
        pending.append(submit_all(late, [], cache, build=inputs))
    dpi = game.print_profile.png_dpi
    pending.append(submit_all([], png_jobs(plan, dpi), cache, build=inputs))
    context.page_counts.update({document: len(pages) for document, pages in plan.documents.items()})
    context.documents.update(plan.titles)
    context.shared_cut = any(page.shared_cut for pages in plan.documents.values() for page in pages)
    context.in_the_box.extend(plan.contents)
    context.alternatives.extend(plan.alternatives)
    for path in write_svgs(plan, context.path("svg/.keep").parent):
        context.artifacts[f"svg/{path.name}"] = path

    def finish() -> None:
        documents: dict[str, bytes] = {}
        images: dict[str, bytes] = {}
        for rendered in pending:
            more_documents, more_images = rendered.result()
            documents.update(more_documents)
            images.update(more_images)
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
    return inputs_digest(context.game.root, templates_dir(),
                         settings=f"{context.options.paper}|{context.options.duplex}")


def print_and_play_step(context: BuildContext) -> None:
    """print-and-play.pdf: a cover page listing contents, then every PDF of the kit."""
    target = context.path("print-and-play.pdf")
    write_print_and_play(context, target)
    context.artifacts["print-and-play.pdf"] = target
