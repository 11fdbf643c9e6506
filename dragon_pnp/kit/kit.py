"""Plan and write the whole kit: faces, imposed pages, one render per document, then the files.

`plan_kit` is pure layout (no rendering), so tests and the bench can inspect positions.
`render_plan` turns each document into a render job (cairo draws it in a worker, walking every
distinct face once) and each card face into a PNG job; `write_documents` finishes the PDFs
(page boxes, metadata) and writes them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from dragon_pnp.components.base import ComponentPlan, PageSpan, PlanContext, Section
from dragon_pnp.components.registry import planner
from dragon_pnp.data import GameData
from dragon_pnp.data.lang.words import ENGLISH, SOURCE_LANGUAGE, Phrases
from dragon_pnp.errors import LayoutError
from dragon_pnp.kit.faces import Face, render_template
from dragon_pnp.kit.imposition import MarkStyle, impose, impose_mixed
from dragon_pnp.kit.layouts import sheet_layout, sheet_layout_for
from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.kit.render_jobs import DocumentJob, PngJob
from dragon_pnp.kit.sheet import Composite, SheetPage

# (document, first page index in it, page count, what it is, what else those pages hold or "")
Pages = tuple[str, int, int, str, str]


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
    # Per document: the names of the components it prints, and whether its pieces are two-sided.
    titles: dict[str, tuple[str, bool]] = field(default_factory=dict)
    contents: list[str] = field(default_factory=list)     # what is in the box, for the cover
    # Pairs of page runs that make the same thing two ways (Pages): the cover says to print one
    # of each pair.
    alternatives: list[tuple[Pages, Pages]] = field(default_factory=list)

    def only(self, *documents: str) -> KitPlan:
        """The same plan cut down to some documents and the faces they place (no PNGs, no SVGs)."""
        kept = {name: self.documents[name] for name in documents}
        used = forms_used([page for pages in kept.values() for page in pages], self.composites)
        faces = {key: face for key, face in self.faces.items() if key in used}
        sections = {name: parts for name, parts in self.sections.items() if name in kept}
        return KitPlan(self.game, self.paper, self.duplex, faces, kept, self.composites, sections=sections)

    def combined(self, other: KitPlan) -> KitPlan:
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
    """The whole kit: every component of game.yaml, in order."""
    plans = list(plan_components(game, paper, duplex))
    return combine(game, paper, duplex, plans)


def plan_components(game: GameData, paper: str, duplex: bool = True) -> Iterator[ComponentPlan]:
    """Each component's plan in game.yaml order, one at a time, so rendering can start early."""
    context = PlanContext(game, paper, duplex, _marks(game))
    for component in game.game.components:
        yield planner(component.kind)(component, context)


def combine(game: GameData, paper: str, duplex: bool, plans: list[ComponentPlan]) -> KitPlan:
    """Component plans as one kit: documents in order of first use, each section a bookmarked part."""
    faces: dict[str, Face] = {}
    documents: dict[str, list[SheetPage]] = {}
    sections: dict[str, list[tuple[str, int]]] = {}
    composites: dict[str, Composite] = {}
    pngs: list[tuple[str, int]] = []
    svgs: list[str] = []
    names: dict[str, list[str]] = {}
    two_sided: set[str] = set()
    contents: list[str] = []
    words = game.game.phrases   # the kit's language, for the cover's "also holds ..." lists
    # component id -> its sections' (document, start, count, the other pieces on those pages)
    where: dict[str, list[tuple[str, int, int, str]]] = {}
    # (document, a packed section's title) -> where its run starts in the document, and the run
    held: dict[tuple[str, str], tuple[int, Section]] = {}
    for plan in plans:
        for face in plan.faces:
            faces.setdefault(face.key, face)
    for plan, component in zip(plans, game.game.components):
        contents.extend(plan.contents)
        composites.update(plan.composites)
        for section in plan.sections:
            if component.name not in names.setdefault(section.document, []):
                names[section.document].append(component.name)
        for own, packed in zip(plan.sections, _packed(game, paper, plan.sections, plans, faces)):
            if packed is None:   # its pieces are on the pages of the run it packed with
                start, run = held[(own.document, own.title)]
                where.setdefault(component.id, []).append(_where_in(run, own.title, start, words))
                continue
            section = packed
            start = len(documents.get(section.document, []))
            for title in section.holds:
                held[(section.document, title)] = (start, section)
            if section.spans:
                where.setdefault(component.id, []).append(_where_in(section, section_title(plan, section), start, words))
            else:
                others = words.names([_the(t, words) for t in section.holds if t != section_title(plan, section)])
                where.setdefault(component.id, []).append((section.document, start, len(section.pages), others))
            documents.setdefault(section.document, []).extend(section.pages)
            sections.setdefault(section.document, []).append((section.title, len(section.pages)))
            if section.two_sided:
                two_sided.add(section.document)
        pngs.extend(plan.pngs)
        svgs.extend(key for key in plan.svgs if key not in svgs)
    titles = {document: (game.game.phrases.names(names[document]), document in two_sided) for document in documents}
    alternatives = [pair for plan in plans for pair in _resolved(plan.alternatives, where)]
    return KitPlan(game, paper, duplex, faces, documents, composites, pngs, svgs, sections, titles, contents,
                   alternatives)


def _where_in(run: Section, title: str, start: int, words: Phrases = ENGLISH) -> tuple[str, int, int, str]:
    """Where one section's pieces lie in a packed run that starts at page `start` of its document:
    (document, first page, page count, the other pieces on those pages, in words, or "")."""
    spans = {name: (first, count) for name, first, count in run.spans}
    first, count = spans.get(title, (0, len(run.pages)))
    others = [_the(name, words) for name, (a, n) in spans.items()
              if name != title and a < first + count and first < a + n]
    return (run.document, start + first, count, words.names(others))


def _the(name: str, words: Phrases) -> str:
    """A section's title as the pieces it holds, inside the cover's sentence ("the heart tokens")."""
    return words.text("words.cover.either.named", name=words.noun(name))


def section_title(plan: ComponentPlan, packed: Section) -> str:
    """The title of the component's own section among a packed run's titles."""
    own = {s.title for s in plan.sections}
    return next((t for t in packed.holds if t in own), packed.title)


def _resolved(pairs: list[tuple[PageSpan, PageSpan]],
              where: dict[str, list[tuple[str, int, int, str]]]) -> Iterator[tuple[Pages, Pages]]:
    """Each pair of spans as page runs of their documents; a pair naming pages the kit does not
    hold as one run (a component not built, sections in two documents) is left out."""
    for pair in pairs:
        runs = []
        for span in pair:
            parts = where.get(span.component, [])
            if span.section is not None:
                parts = parts[span.section:span.section + 1]
            if not parts or len({document for document, _, _, _ in parts}) != 1:
                break
            document, start, _, others = parts[0]
            total = sum(count for _, _, count, _ in parts)
            count = total - span.skip if span.count is None else span.count
            if count <= 0:
                break
            runs.append((document, start + span.skip, count, span.what, others))
        else:
            yield runs[0], runs[1]


def _packed(game: GameData, paper: str, sections: list[Section], plans: list[ComponentPlan],
            faces: dict[str, Face]) -> list[Section | None]:
    """A component's sections, with a run of packable sections of one layout that follow each
    other in their document imposed together, even when a component printed elsewhere
    (dice.pdf) comes between them in game.yaml: shelf pieces of any size (tokens with tokens, a
    track with the pawns), grid pieces only of one size (two decks of poker cards, aid cards with
    them), so a deck's last sheet is filled by the next deck's first cards. A grid run followed
    by a shelf run in the same document (the same stock) shares its last sheet with it: the shelf
    pieces start in the strip the grid leaves free.

    The run's first section carries the packed pages; the others then stand as None (their
    pieces are on the run's pages, `Section.spans` says which).
    """
    packed: list[Section | None] = []
    for section in sections:
        if not section.pack_items:
            packed.append(section)
            continue
        every = [s for p in plans for s in p.sections if s.document == section.document]
        grid_run, shelf_run = next((g, t) for g, t in _runs(every, faces) if any(s is section for s in g + t))
        run = grid_run + shelf_run
        if run[0] is not section:
            packed.append(None)   # packed with the run's first section
            continue
        if len(run) == 1:
            packed.append(section)
            continue
        marks = _marks(game)
        words = game.game.phrases
        title = words.names([s.title for s in run])
        # "Dragon Line Deluxe: dragon cards, ...": lower case after the colon where the language
        # writes so (English); German nouns keep their capital.
        heading = f"{game.game.name}: {title[0].lower() + title[1:] if words.language == SOURCE_LANGUAGE else title}"
        layout = sheet_layout_for(section.pack_layout, game.print_profile, paper)
        items = [item for s in grid_run for item in s.pack_items]
        if layout.flow == "shelves":
            # Largest pieces first: shelves pack tighter, and a small marker fills a gap at the end.
            items.sort(key=lambda item: -faces[item.front].size_mm[0] * faces[item.front].size_mm[1])
        if shelf_run:
            shelf_items = sorted((item for s in shelf_run for item in s.pack_items),
                                 key=lambda item: -faces[item.front].size_mm[0] * faces[item.front].size_mm[1])
            pages = impose_mixed(items, shelf_items, faces, layout,
                                 sheet_layout_for(shelf_run[0].pack_layout, game.print_profile, paper), paper, marks,
                                 heading, words)
        else:
            pages = impose(items, faces, layout, paper, marks, heading, words)
        packed.append(Section(section.document, title, pages, two_sided=any(s.two_sided for s in run),
                              holds=tuple(s.title for s in run), spans=_spans(run, pages)))
    return packed


def _runs(every: list[Section], faces: dict[str, Face]) -> list[tuple[list[Section], list[Section]]]:
    """A document's packable sections as runs imposed together, in order: each run's sections of
    one layout (a sheet that packs with nothing, a sticker sheet, keeps its place after the run),
    and for a grid run the shelf run that follows it, which shares the grid's last sheet."""
    runs: list[tuple[list[Section], list[Section]]] = []
    taken: set[int] = set()
    for at, section in enumerate(every):
        if not section.pack_items or id(section) in taken:
            continue
        run = [section]
        rest = every[at + 1:]
        for later in rest:
            if not later.pack_items:
                continue
            if not _packs_with(run[-1], later, faces):
                break
            run.append(later)
        tail: list[Section] = []
        if sheet_layout(section.pack_layout).flow == "grid":
            last = max(i for i, s in enumerate(every) if any(s is member for member in run))
            for later in every[last + 1:]:
                if not later.pack_items:
                    continue
                if (tail and _packs_with(tail[-1], later, faces)) or \
                        (not tail and sheet_layout(later.pack_layout).flow == "shelves"):
                    tail.append(later)
                    continue
                break
        taken.update(id(s) for s in run + tail)
        runs.append((run, tail))
    return runs


def _spans(run: list[Section], pages: list[SheetPage]) -> tuple[tuple[str, int, int], ...]:
    """Per section of a packed run: (its title, first page, page count) of the pages that place
    its pieces (its backs pages included)."""
    spans = []
    for section in run:
        keys = {item.front for item in section.pack_items} | {item.back for item in section.pack_items if item.back}
        holding = [i for i, page in enumerate(pages) if any(p.form in keys for p in page.placements)]
        if holding:
            spans.append((section.title, holding[0], holding[-1] - holding[0] + 1))
    return tuple(spans)


def _packs_with(first: Section, other: Section, faces: dict[str, Face]) -> bool:
    """Whether `other` prints on the same sheets as `first`: same document, and shelf pieces of
    any shelf layout (the run takes its first section's: stickers for blank dice beside the
    tokens), or grid pieces of one layout and size."""
    if not (first.pack_items and other.pack_items) or first.document != other.document:
        return False
    if sheet_layout(first.pack_layout).flow == "shelves" and sheet_layout(other.pack_layout).flow == "shelves":
        return True
    if first.pack_layout != other.pack_layout:
        return False
    size = {(faces[i.front].size_mm, faces[i.front].trim_mm) for i in first.pack_items + other.pack_items}
    return len(size) == 1


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
    from dragon_pnp.kit.png_writer import png_name

    return [PngJob(png_name(key, copies), plan.faces[key].svg, dpi) for key, copies in plan.card_faces]


def render_plan(plan: KitPlan, png_dpi: int | None = None,
                cache: RenderCache | None = None) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """Every document as cairo drew it, by part name, and card PNGs by file name (if asked)."""
    from dragon_pnp.kit.parallel import submit_all

    pngs = png_jobs(plan, png_dpi) if png_dpi else []
    documents, images = submit_all(document_jobs(plan), pngs, cache).result()
    return documents, finished_pngs(images, png_dpi)


def finished_pngs(images: dict[str, bytes], png_dpi: int | None) -> dict[str, bytes]:
    """PNGs as rendered, with the pHYs chunk that tells viewers and print services their DPI."""
    from dragon_pnp.kit.png_writer import with_dpi

    return {name: with_dpi(data, png_dpi) for name, data in sorted(images.items())} if png_dpi else {}


def write_documents(plan: KitPlan, rendered: dict[str, bytes], folder: Path) -> dict[str, Path]:
    """cards.pdf, tiles.pdf, board.pdf and extras.pdf, with page boxes and fixed metadata."""
    from dragon_pnp.pdf import MergePart, finish_document, merge

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
