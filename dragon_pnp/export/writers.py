"""Run an export: hand its images to the render workers, then write images and text files.

Starting and writing are separate so the build can go on (typesetting the rulebook) while the
workers draw; the CLI simply does both at once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from dragon_pnp.export.model import ExportSet
from dragon_pnp.export.services import Service, plan_service
from dragon_pnp.export.tts import plan_tts
from dragon_pnp.kit.parallel import PendingRender, submit_all
from dragon_pnp.kit.render_cache import RenderCache


@dataclass
class PendingExport:
    """Images being rendered, and the text files that go with them, by path in the export folder."""

    render: PendingRender
    texts: dict[str, str]

    def write(self, folder: Path) -> list[Path]:
        """Wait for the images and write everything under `folder`; returns the files written."""
        _, images = self.render.result()
        written = []
        for name, data in [*sorted(images.items()), *((n, t.encode("utf-8")) for n, t in sorted(self.texts.items()))]:
            target = folder / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            written.append(target)
        return written


def start_service_export(export: ExportSet, service: Service, cache: RenderCache | None = None,
                         build: str = "") -> PendingExport:
    plan = plan_service(export, service)
    texts = {"upload.csv": plan.upload_csv(), "upload.txt": plan.upload_txt(export.game_name)}
    return PendingExport(submit_all([], plan.jobs, cache, build=build), texts)


def start_tts_export(export: ExportSet, final_folder: Path, cache: RenderCache | None = None,
                     build: str = "") -> PendingExport:
    """The TTS export; image URLs point into `final_folder`, where the files will end up."""
    plan = plan_tts(export, final_folder)
    texts = {f"{export.game_slug}.json": json.dumps(plan.save, indent=2, ensure_ascii=False) + "\n"}
    return PendingExport(submit_all([], plan.jobs, cache, build=build), texts)
