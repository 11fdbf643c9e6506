"""The print-shop build step: print-shop/ beside the home-print kit, every PDF as PDF/X.

- `<document>.pdf`: each home-print PDF (imposed sheets with crop marks, the rulebook), in CMYK,
  for a shop that prints the sheets as they are (TrimBox = the sheet).
- `pieces.pdf`: every distinct face on its own page with its bleed (TrimBox = the piece's cut),
  for a shop that imposes pieces itself; `pieces.txt` lists the copies each page stands for.
"""

from __future__ import annotations

import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pikepdf

from dragon_pnp.build.context import BuildContext
from dragon_pnp.kit.parallel import submit_all, worker_count
from dragon_pnp.kit.steps import render_build_id
from dragon_pnp.paper import mm_to_pt
from dragon_pnp.print_shop.ghostscript import convert
from dragon_pnp.print_shop.neutral import prepare
from dragon_pnp.print_shop.pieces import PiecesJob, faces
from dragon_pnp.print_shop.profile import output_intent
from dragon_pnp.print_shop.structure import finish

FOLDER = "print-shop"
HOME_ONLY = {"print-and-play.pdf"}   # a concatenation of the others, for a home printer


def print_shop_step(context: BuildContext) -> None:
    """Convert the kit's PDFs and the pieces PDF to PDF/X in print-shop/."""
    context.settle()   # the kit's PDFs and SVGs are on disk
    game, level = context.game, context.options.pdfx or "x4"
    profile = game.print_profile
    intent = output_intent(game.root, profile.pdfx_profile, profile.pdfx_condition)
    svg_dir = context.out_dir / "svg"
    face_list = faces(svg_dir, [role.removeprefix("png/") for role in context.artifacts if role.startswith("png/")])
    job = PiecesJob("pieces.pdf", tuple((svg_dir / f"{name}.svg").read_text("utf-8") for name, _ in face_list))
    rendered = submit_all([], [job], build=render_build_id(context)) if face_list else None
    sheets = sorted(role for role, path in context.artifacts.items()
                    if role.endswith(".pdf") and "/" not in role and role not in HOME_ONLY)
    out = context.path(f"{FOLDER}/.keep").parent
    bleed_pt = mm_to_pt(profile.bleed_mm)
    title = game.game.name
    with tempfile.TemporaryDirectory(prefix="pdfx-") as scratch:
        work = Path(scratch)
        tasks: list[tuple[Path, str, str, float]] = [(context.artifacts[role], role, f"{title}: {role[:-4]}", 0.0)
                                                     for role in sheets]
        if rendered is not None:
            pieces_rgb = work / "pieces-rgb.pdf"
            pieces_rgb.write_bytes(rendered.result()[1]["pieces.pdf"])
            tasks.append((pieces_rgb, "pieces.pdf", f"{title}: pieces", bleed_pt))
            lines = [f"{page}\t{name}\t{copies}" for page, (name, copies) in enumerate(face_list, 1)]
            (out / "pieces.txt").write_text("page\tface\tcopies\n" + "\n".join(lines) + "\n", encoding="utf-8")
            context.artifacts[f"{FOLDER}/pieces.txt"] = out / "pieces.txt"

        def one(task: tuple[Path, str, str, float]) -> None:
            source, name, doc_title, bleed = task
            greyed, converted = work / f"grey-{name}", work / f"cmyk-{name}"
            with pikepdf.open(source) as pdf:
                prepare(pdf)
                pdf.save(greyed)
                pages = len(pdf.pages)
            convert(greyed, converted, intent.profile, level)
            finish(converted, out / name, intent, level, doc_title, [bleed] * pages)

        with ThreadPoolExecutor(max_workers=worker_count()) as pool:
            list(pool.map(one, tasks))
    for _, name, _, _ in tasks:
        context.artifacts[f"{FOLDER}/{name}"] = out / name
