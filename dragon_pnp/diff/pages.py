"""Which printed pages a change touched, with old and new thumbnails and the changed region.

Kit pages are compared by what they draw before anything is rendered: each page becomes a
one-page render job named by its content (the render cache's key), so equal keys mean equal
pages and only the pages that differ are rendered (through the render cache) and rasterised.
The rulebook and player aid are typeset for both versions and compared by page digest (what
each page draws, `dragon_pnp.pdf.page_digest`). Pixel comparison then locates the change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PIL import Image

from dragon_pnp.data import GameData
from dragon_pnp.diff.images import MM_PER_INCH, bbox_mm, compare_images, outlined, png_bytes
from dragon_pnp.diff.side_cache import SideRecord, load_side, side_key, store_side
from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.kit.render_jobs import DocumentJob
from dragon_pnp.pdf_pictures import page_pictures
from dragon_pnp.rulebook.early import TypesetBook, start

# One version's kit page render jobs: (document, page index) -> job.
PageJobs = dict[tuple[str, int], DocumentJob]

if TYPE_CHECKING:
    from dragon_pnp.rulebook.document import Rulebook

THUMB_DPI = 72
CLOSE_UP_MARGIN_MM = 6   # around the changed region in the close-up
# A close-up is drawn only for a region smaller than this share of the page: a larger one is as
# plain on the thumbnail, and its doubled crop was most of a diff's PNG encoding time.
CLOSE_UP_MAX_SHARE = 0.25

@dataclass
class Side:
    """One version's documents: per document, a key per page and a way to get its PDF page."""

    keys: dict[str, list[str]] = field(default_factory=dict)
    pdf_for: dict[str, Any] = field(default_factory=dict)   # document -> callable(page index) -> PDF bytes, index

def kit_side(game: GameData, paper: str) -> tuple[Side, PageJobs]:
    """The kit's pages as content-named render jobs (nothing rendered yet)."""
    from dragon_pnp.kit.faces import render_template
    from dragon_pnp.kit.kit import forms_used, plan_kit
    from dragon_pnp.kit.render_jobs import DocumentJob

    plan = plan_kit(game, paper, duplex=False)
    side = Side()
    jobs: PageJobs = {}
    for document, pages in plan.documents.items():
        keys = []
        for index, page in enumerate(pages):
            used = forms_used([page], plan.composites)
            faces = {key: face.svg for key, face in plan.faces.items() if key in used}
            composites = {key: form for key, form in plan.composites.items() if key in used}
            overlay = render_template("kit/page_overlay.svg.j2", page=page) if page.svg_overlay else ""
            job = DocumentJob("page", (page,), faces, composites, (overlay,))
            key = job.cache_key()
            keys.append(key)
            jobs[(document, index)] = DocumentJob(f"page-{key[:20]}", job.pages, job.faces, job.composites, job.overlays)
        side.keys[document] = keys
    return side, jobs

def typeset_documents(game: GameData, paper: str) -> dict[str, bytes]:
    """The rulebook and player aid PDFs by kit file name."""
    from dragon_pnp.rulebook.document import typeset

    return _documents(typeset(game, paper))


def _documents(book: Rulebook | TypesetBook) -> dict[str, bytes]:
    documents = {"rulebook.pdf": book.pdf}
    if book.aid_pdf is not None:
        documents["player-aid.pdf"] = book.aid_pdf
    return documents


def typeset_elsewhere(game: GameData, paper: str) -> Callable[[], dict[str, bytes]]:
    """Start typesetting in a forked child (the other core, `dragon_pnp/rulebook/early.py`), so
    both versions typeset at once; the returned call collects the documents. Where no child
    can be forked, or it failed, the call typesets here."""
    early = start(game, paper)

    def collect() -> dict[str, bytes]:
        book = early.result() if early is not None else None
        return _documents(book) if book is not None else typeset_documents(game, paper)

    return collect


def rulebook_side(documents: dict[str, bytes]) -> Side:
    """Each page keyed by what it draws."""
    from dragon_pnp.pdf.page_digest import page_digests

    return Side(keys={name: page_digests(pdf) for name, pdf in documents.items()})

def compare_pages(old: GameData, new: GameData, paper: str = "letter", parallel: bool = True,
                  cache: RenderCache | None = None) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The Pages section (JSON-ready) and the thumbnails it names (file name -> PNG bytes).
    `parallel`: typeset the old rulebook in a forked process meanwhile (not beside threads).

    Each version's record (page keys, rulebook) comes from the cache when that version was seen
    before, and is worked out once when both versions hold the same files."""
    cache = cache if cache is not None else RenderCache.from_environment()
    old_key, new_key = side_key(old, paper), side_key(new, paper)
    records = {key: load_side(cache, key) for key in {old_key, new_key}}
    jobs: dict[str, PageJobs] = {}
    missing = list({key: game for game, key in ((old, old_key), (new, new_key)) if records[key] is None}.items())
    # The first missing version's rulebook typesets in a forked process while this one plans
    # (and typesets the other's): it is worked out last.
    pending = typeset_elsewhere(missing[0][1], paper) if parallel and missing else None
    for position, (key, game) in reversed(list(enumerate(missing))):
        record, jobs[key] = work_out(game, paper, pending if position == 0 else None)
        records[key] = record
        store_side(cache, key, record)
    old_side, new_side = records[old_key], records[new_key]
    assert old_side is not None and new_side is not None
    old_book, new_book = rulebook_side(old_side.books), rulebook_side(new_side.books)
    wanted: list[tuple[str, int, int]] = []   # (document, old index or -1, new index or -1)
    documents: list[dict[str, Any]] = []
    for a_side, b_side in ((Side(keys=old_side.kit), Side(keys=new_side.kit)), (old_book, new_book)):
        for name in [*b_side.keys, *(n for n in a_side.keys if n not in b_side.keys)]:
            a, b = a_side.keys.get(name, []), b_side.keys.get(name, [])
            changed = [i for i in range(max(len(a), len(b)))
                       if i >= len(a) or i >= len(b) or a[i] != b[i]]
            documents.append({"document": name, "old_pages": len(a), "new_pages": len(b),
                              "changed": [{"page": i + 1} for i in changed]})
            wanted += [(name, i if i < len(a) else -1, i if i < len(b) else -1) for i in changed]
    kit_pdfs = drawn_pages(cache, [(old, old_key, old_side, [(d, i) for d, i, _ in wanted]),
                                   (new, new_key, new_side, [(d, j) for d, _, j in wanted])], jobs, paper)
    images: dict[str, bytes] = {}
    by_document = {d["document"]: d for d in documents}
    for name, i, j in wanted:
        old_page = _page_image(name, i, old_side, kit_pdfs)
        new_page = _page_image(name, j, new_side, kit_pdfs)
        entry = next(e for e in by_document[name]["changed"] if e["page"] == max(i, j) + 1)
        entry.update(_page_entry(name, max(i, j) + 1, old_page, new_page, images))
    section = {
        "changed": [d for d in documents if d["changed"]],
        "unchanged": [d["document"] for d in documents if not d["changed"]],
        "changed_pages": sum(len(d["changed"]) for d in documents),
        "dpi": THUMB_DPI,
    }
    return section, images


def work_out(game: GameData, paper: str, pending: Callable[[], dict[str, bytes]] | None = None
             ) -> tuple[SideRecord, PageJobs]:
    """A version's record (plan the kit, typeset the rulebook) and its page render jobs."""
    kit, jobs = kit_side(game, paper)
    books = pending() if pending is not None else typeset_documents(game, paper)
    render_keys = {key: jobs[(name, index)].cache_key()
                   for name, keys in kit.keys.items() for index, key in enumerate(keys)}
    return SideRecord(kit.keys, render_keys, books), jobs


def drawn_pages(cache: RenderCache, sides: list[tuple[GameData, str, SideRecord, list[tuple[str, int]]]],
                jobs: dict[str, PageJobs], paper: str) -> dict[str, bytes]:
    """The PDF of every wanted kit page, by render-cache key: from the cache where drawn before
    (by either version, a build or the studio), else rendered. A version read from its record
    whose page is no longer in the cache is planned again to draw it."""
    from dragon_pnp.kit.parallel import render_all

    found: dict[str, bytes] = {}
    to_render: dict[str, DocumentJob] = {}
    for game, key, record, pages in sides:
        for document, index in pages:
            if index < 0 or document not in record.kit:
                continue
            render_key = record.render_keys[record.kit[document][index]]
            if render_key in found or render_key in to_render:
                continue
            if key not in jobs:
                data = cache.get(render_key)
                if data is not None:
                    found[render_key] = data
                    continue
                jobs[key] = kit_side(game, paper)[1]
            to_render[render_key] = jobs[key][(document, index)]
    if to_render:
        rendered, _ = render_all(list(to_render.values()), [], cache)
        found.update({key: rendered[job.name] for key, job in to_render.items()})
    return found


def _page_image(document: str, index: int, side: SideRecord, kit_pdfs: dict[str, bytes]) -> Image.Image | None:
    if index < 0:
        return None
    if document in side.kit:
        return _rasterise(kit_pdfs[side.render_keys[side.kit[document][index]]], 0)
    return _rasterise(side.books[document], index)


def _rasterise(pdf: bytes, index: int) -> Image.Image:
    return page_pictures(pdf, THUMB_DPI, [index])[0]


def _page_entry(document: str, number: int, old: Image.Image | None, new: Image.Image | None,
                images: dict[str, bytes]) -> dict[str, Any]:
    stem = f"{document.rsplit('.', 1)[0]}-p{number}"
    if old is None or new is None:
        only = new if old is None else old
        which = "new" if old is None else "old"
        images[f"{stem}-{which}.png"] = png_bytes(only)  # type: ignore[arg-type]
        return {"status": "added" if old is None else "removed", f"{which}_image": f"{stem}-{which}.png",
                "bbox_mm": None, "percent": 100.0}
    diff = compare_images(old, new)
    images[f"{stem}-old.png"] = png_bytes(outlined(old, diff.bbox))
    images[f"{stem}-new.png"] = png_bytes(outlined(new, diff.bbox))
    close_ups = {}
    if diff.bbox and _share(diff.bbox, new) < CLOSE_UP_MAX_SHARE:
        box = _close_up_box(diff.bbox, old, new)
        for which, page in (("old", old), ("new", new)):
            crop = page.crop(box)
            images[f"{stem}-{which}-close.png"] = png_bytes(crop.resize((crop.width * 2, crop.height * 2)))
            close_ups[f"{which}_close_up"] = f"{stem}-{which}-close.png"
    return {"status": "changed", "old_image": f"{stem}-old.png", "new_image": f"{stem}-new.png", **close_ups,
            "bbox_mm": bbox_mm(diff.bbox, THUMB_DPI), "percent": round(diff.percent, 2),
            "visible": diff.changed > 0}

def _share(bbox: tuple[int, int, int, int], page: Image.Image) -> float:
    left, top, right, bottom = bbox
    return (right - left) * (bottom - top) / max(1, page.width * page.height)


def _close_up_box(bbox: tuple[int, int, int, int], old: Image.Image, new: Image.Image) -> tuple[int, int, int, int]:
    margin = round(CLOSE_UP_MARGIN_MM / MM_PER_INCH * THUMB_DPI)
    width, height = max(old.width, new.width), max(old.height, new.height)
    left, top, right, bottom = bbox
    return max(0, left - margin), max(0, top - margin), min(width, right + margin), min(height, bottom + margin)


def page_image(pdf: bytes, index: int = 0) -> Image.Image:
    """A page as the diff sees it (for tests and the bench)."""
    return _rasterise(pdf, index)

