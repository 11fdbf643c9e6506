"""Plan and write the whole kit: faces, imposed pages, one render per document, then the files.

`plan_kit` is pure layout (no rendering), so tests and the bench can inspect positions.
`render_plan` turns each document into a render job (cairo draws it in a worker, walking every
distinct face once) and each card face into a PNG job; `write_documents` finishes the PDFs
(page boxes, metadata) and writes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.data import GameData
from generator.errors import LayoutError
from generator.kit.board import BOARD_KEY, board_art_extent, board_composite, board_grid_face
from generator.kit.board_pages import overview_page, setup_page
from generator.kit.cards import back_faces, destiny_faces, power_faces
from generator.kit.extras import extras_faces
from generator.kit.faces import Face, render_template
from generator.kit.imposition import LABEL_DESCENT_MM, MarkStyle, impose
from generator.kit.layouts import PRINTER_MARGIN_MM, sheet_layout
from generator.kit.poster import plan_poster, poster_pages
from generator.kit.render_cache import RenderCache
from generator.kit.render_jobs import DocumentJob, PngJob
from generator.kit.sheet import Composite, SheetPage
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
    # Bookmarked parts of a document as (title, page count), in order; absent: one part.
    # Each part renders as its own job, so the parts draw in parallel and cache apart.
    sections: dict[str, list[tuple[str, int]]] = field(default_factory=dict)

    def only(self, *documents: str) -> "KitPlan":
        """The same plan cut down to some documents and the faces they place (no PNGs, no SVGs)."""
        kept = {name: self.documents[name] for name in documents}
        used = forms_used([page for pages in kept.values() for page in pages], self.composites)
        faces = {key: face for key, face in self.faces.items() if key in used}
        sections = {name: parts for name, parts in self.sections.items() if name in kept}
        return KitPlan(self.game, self.paper, self.duplex, faces, kept, self.composites, sections=sections)

    def combined(self, other: "KitPlan") -> "KitPlan":
        """This plan followed by another (their documents, faces and forms together)."""
        return KitPlan(self.game, self.paper, self.duplex, {**self.faces, **other.faces},
                       {**self.documents, **other.documents}, {**self.composites, **other.composites},
                       self.card_faces + other.card_faces, self.component_faces + other.component_faces,
                       {**self.sections, **other.sections})

    def parts(self, document: str) -> list[tuple[str, list[SheetPage]]]:
        """The document's parts as (render job name, pages)."""
        pages = self.documents[document]
        sections = self.sections.get(document, [("", len(pages))])
        parts, start = [], 0
        for number, (_, count) in enumerate(sections, start=1):
            parts.append((f"{document}#{number}", pages[start:start + count]))
            start += count
        return parts


def forms_used(pages: list[SheetPage], composites: dict[str, Composite]) -> set[str]:
    """Every face and composite the pages place, directly or inside a composite."""
    used: set[str] = set()
    pending = [p.form for page in pages for p in page.placements]
    while pending:
        key = pending.pop()
        if key in used:
            continue
        used.add(key)
        if key in composites:
            pending.extend(p.form for p in composites[key].placements)
    return used


def plan_kit(game: GameData, paper: str, duplex: bool = True) -> KitPlan:
    """The whole kit: the card sheets, then the board pieces."""
    return plan_cards(game, paper, duplex).combined(plan_pieces(game, paper, duplex))


def plan_cards(game: GameData, paper: str, duplex: bool = True) -> KitPlan:
    """cards.pdf (a Power part and a Destiny part) and the card faces for PNGs.

    Planned on its own so the kit step can hand the cards to the workers while it plans the rest.
    """
    marks = _marks(game)
    power, power_items = power_faces(game)
    destiny, destiny_items = destiny_faces(game)
    backs = back_faces(game)
    faces = {f.key: f for f in [*power, *destiny, *backs]}
    card_layout = sheet_layout("cards_duplex" if duplex else "cards_fold")
    name = game.game.name
    power_pages = impose(power_items, faces, card_layout, paper, marks, f"{name}: Power cards")
    destiny_pages = impose(destiny_items, faces, card_layout, paper, marks, f"{name}: Destiny cards")
    card_faces = [(f.key, sum(1 for i in power_items if i.front == f.key)) for f in power]
    card_faces += [(f.key, sum(1 for i in destiny_items if i.front == f.key)) for f in destiny]
    card_faces += [("power-back", len(power_items)), ("destiny-back", len(destiny_items))]
    sections = {"cards.pdf": [("Power cards", len(power_pages)), ("Destiny cards", len(destiny_pages))]}
    return KitPlan(game, paper, duplex, faces, {"cards.pdf": power_pages + destiny_pages}, {}, card_faces,
                   [f.key for f in [*power, *destiny, *backs]], sections)


def plan_pieces(game: GameData, paper: str, duplex: bool = True) -> KitPlan:
    """tiles.pdf, board.pdf (overview, poster, setup maps) and extras.pdf."""
    profile = game.print_profile
    marks = _marks(game)
    tiles, tile_items = tile_faces(game)
    extras, extras_items = extras_faces(game)
    grid = board_grid_face(game)
    faces = {f.key: f for f in [*tiles, *extras, grid]}
    name = game.game.name
    tile_pages = impose(tile_items, faces, sheet_layout("tiles"), paper, marks, f"{name}: board tiles")
    extra_pages = impose(extras_items, faces, sheet_layout("extras"), paper, marks,
                         f"{name}: time track, time marker and pawns")

    board = board_composite(game, faces)
    poster_layout = sheet_layout("poster")
    plan = plan_poster(board.size, poster_layout, paper, profile.poster.overlap_mm, board_art_extent(game))
    overview = overview_page(game, poster_layout, paper, BOARD_KEY, board.size)
    label_baseline = plan.page_size[1] - PRINTER_MARGIN_MM - LABEL_DESCENT_MM - 0.2
    poster = poster_pages(plan, BOARD_KEY, board.size, f"{name}: board poster", PRINTER_MARGIN_MM, label_baseline)
    setup, setup_diagrams = setup_page(game, poster_layout, paper)
    faces.update({f.key: f for f in setup_diagrams})
    documents = {"tiles.pdf": tile_pages, "board.pdf": [overview, *poster, setup], "extras.pdf": extra_pages}
    # Overview and poster place the same tile faces: one part, so each tile is written once.
    sections = {"board.pdf": [("Board overview and full-size poster", 1 + len(poster)), ("Setup maps", 1)]}
    return KitPlan(game, paper, duplex, faces, documents, {BOARD_KEY: board}, [],
                   [f.key for f in [*tiles, *extras]], sections)


def _marks(game: GameData) -> MarkStyle:
    return MarkStyle(game.print_profile.crop_gap_mm, game.print_profile.crop_mark_mm)


def document_jobs(plan: KitPlan) -> list[DocumentJob]:
    """One render job per document part: its pages, the faces they place and each page's overlay."""
    jobs = []
    for document, pages in plan.documents.items():
        if not pages:
            raise LayoutError(f"{document}: nothing to print")
        for name, part in plan.parts(document):
            used = forms_used(part, plan.composites)
            faces = {key: face.svg for key, face in plan.faces.items() if key in used}
            composites = {key: form for key, form in plan.composites.items() if key in used}
            overlays = tuple(render_template("kit/page_overlay.svg.j2", page=page) if page.svg_overlay else ""
                             for page in part)
            jobs.append(DocumentJob(name, tuple(part), faces, composites, overlays))
    return jobs


def png_jobs(plan: KitPlan, dpi: int) -> list[PngJob]:
    """A PNG per distinct card face, named with its copy count for card print services."""
    from generator.kit.png_writer import png_name

    return [PngJob(png_name(key, copies), plan.faces[key].svg, dpi) for key, copies in plan.card_faces]


def render_plan(plan: KitPlan, png_dpi: int | None = None,
                cache: RenderCache | None = None) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """Every document as cairo drew it, by part name, and card PNGs by file name (if asked)."""
    from generator.kit.parallel import submit_all

    pngs = png_jobs(plan, png_dpi) if png_dpi else []
    documents, images = submit_all(document_jobs(plan), pngs, cache).result()
    return documents, finished_pngs(images, png_dpi)


def finished_pngs(images: dict[str, bytes], png_dpi: int | None) -> dict[str, bytes]:
    """PNGs as rendered, with the pHYs chunk that tells viewers and print services their DPI."""
    from generator.kit.png_writer import with_dpi

    return {name: with_dpi(data, png_dpi) for name, data in sorted(images.items())} if png_dpi else {}


def write_documents(plan: KitPlan, rendered: dict[str, bytes], folder: Path) -> dict[str, Path]:
    """cards.pdf, tiles.pdf, board.pdf and extras.pdf, with page boxes and fixed metadata."""
    from generator.pdf import MergePart, finish_document, merge

    written = {}
    layout = f"{plan.paper.upper()}, {'duplex' if plan.duplex else 'fold-over'} layout"
    for document, pages in plan.documents.items():
        title = f"{plan.game.game.name}: {document.removesuffix('.pdf')}"
        parts = [rendered[name] for name, _ in plan.parts(document)]
        if len(parts) == 1:
            pdf = parts[0]
        else:
            titles = [section for section, _ in plan.sections[document]]
            pdf = merge([MergePart(part, section) for part, section in zip(parts, titles)], title=title, subject=layout)
        target = folder / document
        # Every page's TrimBox and BleedBox is the sheet itself: a print shop prints sheets
        # whole, and the cutting follows the crop marks.
        target.write_bytes(finish_document(pdf, title=title, subject=layout, page_boxes=[None] * len(pages)))
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
