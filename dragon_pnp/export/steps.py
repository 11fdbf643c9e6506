"""Build step: card-printing service uploads into the kit, as `service-<name>/`.

Runs right after the print kit: its images go to the same render workers (which keep the card
faces they walked for the kit's sheets) and are written when the build settles.
"""

from __future__ import annotations

from pathlib import Path

from dragon_pnp.build.context import BuildContext
from dragon_pnp.export.from_kit import export_set
from dragon_pnp.export.services import service
from dragon_pnp.export.writers import PendingExport, start_service_export
from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.kit.steps import render_build_id


def services_step(context: BuildContext) -> None:
    """Start each chosen service's images; write them (and the upload list) when the build settles."""
    export = export_set(context.game)
    cache = RenderCache.from_environment()
    build = render_build_id(context)
    for name in context.options.services:
        pending = start_service_export(export, service(name), cache, build)
        folder = context.path(f"service-{name}/.keep").parent

        def finish(pending: PendingExport = pending, folder: Path = folder, name: str = name) -> None:
            for path in pending.write(folder):
                context.artifacts[f"service-{name}/{path.relative_to(folder).as_posix()}"] = path

        context.defer(finish)
