"""Plan and write the whole kit: faces, imposed pages, one render, then PDFs, SVGs and PNGs.

`plan_kit` is pure layout (no rendering), so tests and the bench can inspect positions.
`write_kit` renders every distinct face and page furniture once and writes the files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.data import GameData
from generator.errors import LayoutError
from generator.engine.hexgrid import centre
from generator.kit.board import BOARD_KEY, board_composite, board_grid_face, board_hexes, board_origin
from generator.kit.board_pages import overview_page, setup_page
from generator.kit.cards import back_faces, destiny_faces, power_faces
from generator.kit.extras import extras_faces
from generator.kit.faces import Face, render_template
from generator.kit.imposition import MarkStyle, impose
from generator.kit.layouts import sheet_layout
from generator.kit.pdf_writer import Composite, RenderedPages, SheetPdf
from generator.kit.poster import plan_poster, poster_pages
from generator.kit.render_cache import RenderCache, RenderJob
from generator.kit.sheet import SheetPage
from generator.kit.tiles import tile_faces

DOCUMENTS = ("cards.pdf", "tiles.pdf", "board.pdf", "extras.pdf")
CARD_DECKS = ("power", "destiny")


@dataclass
class KitPlan:
    """Everything to print, laid out: faces by key, pages per document, composite forms."""

    game: GameData
    paper: str
    duplex: bool
    faces: dict[str, Face]
    documents: dict[str, list[SheetPage]]
    composites: dict[str, Composite]
    card_faces: list[tuple[str, int]] = field(default_factory=list)   # (face key, copies) for PNGs
    component_faces: list[str] = field(default_factory=list)          # faces written to svg/

    def only(self, *documents: str) -> "KitPlan":
        """The same plan cut down to some documents and the faces they place (no PNGs, no SVGs)."""
        kept = {name: self.documents[name] for name in documents}
        used: set[str] = set()
        pending = [p.form for pages in kept.values() for page in pages for p in page.placements]
        while pending:
            key = pending.pop()
            if key in used:
                continue
            used.add(key)
            if key in self.composites:
                pending.extend(p.form for p in self.composites[key].placements)
        faces = {key: face for key, face in self.faces.items() if key in used}
        return KitPlan(self.game, self.paper, self.duplex, faces, kept, self.composites)


def plan_kit(game: GameData, paper: str, duplex: bool = True) -> KitPlan:
    profile = game.print_profile
    marks = MarkStyle(profile.crop_gap_mm, profile.crop_mark_mm)
    power, power_items = power_faces(game)
    destiny, destiny_items = destiny_faces(game)
    backs = back_faces(game)
    tiles, tile_items = tile_faces(game)
    extras, extras_items = extras_faces(game)
    grid = board_grid_face(game)
    faces = {f.key: f for f in [*power, *destiny, *backs, *tiles, *extras, grid]}

    card_layout = sheet_layout("cards_duplex" if duplex else "cards_fold")
    name = game.game.name
    cards = impose(power_items, faces, card_layout, paper, marks, f"{name}: Power cards")
    cards += impose(destiny_items, faces, card_layout, paper, marks, f"{name}: Destiny cards")
    tile_pages = impose(tile_items, faces, sheet_layout("tiles"), paper, marks, f"{name}: board tiles")
    extra_pages = impose(extras_items, faces, sheet_layout("extras"), paper, marks,
                         f"{name}: time track, time marker and pawns")

    board = board_composite(game, faces)
    poster_layout = sheet_layout("poster")
    plan = plan_poster(board.size, poster_layout, paper, profile.poster.overlap_mm)
    radius = profile.hex.corner_to_corner_mm / 2
    ox, oy, _, _ = board_origin(game)
    centres = [(x + ox, y + oy) for x, y in (centre(h, radius) for h, _ in board_hexes(game))]

    def has_art(window: tuple[float, float, float, float]) -> bool:
        x0, y0, x1, y1 = window
        return any(x0 - radius < cx < x1 + radius and y0 - radius < cy < y1 + radius for cx, cy in centres)

    board_pages = [overview_page(game, poster_layout, paper, BOARD_KEY, board.size)]
    board_pages += poster_pages(plan, BOARD_KEY, board.size, has_art, f"{name}: board poster")
    setup, setup_diagrams = setup_page(game, poster_layout, paper)
    board_pages.append(setup)
    faces.update({f.key: f for f in setup_diagrams})

    documents = {"cards.pdf": cards, "tiles.pdf": tile_pages, "board.pdf": board_pages, "extras.pdf": extra_pages}
    card_faces = [(f.key, sum(1 for i in power_items if i.front == f.key)) for f in power]
    card_faces += [(f.key, sum(1 for i in destiny_items if i.front == f.key)) for f in destiny]
    card_faces += [("power-back", len(power_items)), ("destiny-back", len(destiny_items))]
    components = [f.key for f in [*power, *destiny, *backs, *tiles, *extras]]
    return KitPlan(game, paper, duplex, faces, documents, {BOARD_KEY: board}, card_faces, components)


def furniture_key(document: str, index: int) -> str:
    return f"{document}#{index + 1}"


def render_plan(plan: KitPlan, png_dpi: int | None = None,
                cache: RenderCache | None = None) -> tuple[RenderedPages, dict[str, bytes]]:
    """Render every face and every page's furniture once (PDF), and card PNGs if asked.

    Each face is its own render job, so the render cache can hand back every face whose SVG
    did not change; a document's furniture pages form one job, sharing their font subsets.
    A card's PNG is drawn in the same job as its PDF page, from the same recording.
    """
    from generator.kit.parallel import render_jobs
    from generator.kit.png_writer import png_name, with_dpi

    wanted = {key: png_name(key, copies) for key, copies in plan.card_faces} if png_dpi else {}
    jobs = [RenderJob((face.key,), (face.svg,), frozenset({0}) if face.key in wanted else frozenset())
            for face in plan.faces.values()]
    sizes = {face.key: face.size_mm for face in plan.faces.values()}
    for document, pages in plan.documents.items():
        keys = tuple(furniture_key(document, index) for index in range(len(pages)))
        if keys:
            jobs.append(RenderJob(keys, tuple(render_template("kit/sheet.svg.j2", page=page) for page in pages)))
            sizes.update(zip(keys, (page.size for page in pages)))
    results = render_jobs(jobs, png_dpi, cache)
    rendered = RenderedPages([(result.pdf, list(job.keys)) for job, result in zip(jobs, results)], sizes)
    images = {wanted[job.keys[0]]: with_dpi(result.pngs[0], png_dpi)
              for job, result in zip(jobs, results) if 0 in job.png_pages and png_dpi}
    return rendered, dict(sorted(images.items()))


def write_documents(plan: KitPlan, rendered: RenderedPages, folder: Path) -> dict[str, Path]:
    """cards.pdf, tiles.pdf, board.pdf and extras.pdf."""
    written = {}
    for document, pages in plan.documents.items():
        if not pages:
            raise LayoutError(f"{document}: nothing to print")
        pdf = SheetPdf(rendered, dict(plan.composites))
        for index, page in enumerate(pages):
            pdf.add_page(page, furniture_key(document, index))
        target = folder / document
        pdf.write(target, f"{plan.game.game.name}: {document.removesuffix('.pdf')}",
                  f"{plan.paper.upper()}, {'duplex' if plan.duplex else 'fold-over'} layout")
        written[document] = target
    return written


def write_svgs(plan: KitPlan, folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for key in plan.component_faces:
        target = folder / f"{key}.svg"
        target.write_text(plan.faces[key].svg, encoding="utf-8")
        written.append(target)
    return written
