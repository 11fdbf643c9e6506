"""The studio's one door into the build: loading, planning, rendering, typesetting, writing.

Everything the studio needs from the kit, rulebook, report and build pipeline goes through
these functions, so when those entry points move only this module changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dragon_pnp.build.context import BuildOptions
from dragon_pnp.data import GameData
from dragon_pnp.errors import Location
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.render_cache import RenderCache
from dragon_pnp.kit.render_jobs import DocumentJob, PngJob
from dragon_pnp.resources import output_root, templates_dir

if TYPE_CHECKING:   # the kit loads on first use
    from dragon_pnp.games.report_parts import Table
    from dragon_pnp.kit.kit import KitPlan
    from dragon_pnp.kit.parallel import PendingRender
    from dragon_pnp.rulebook.early import TypesetBook

# The documents a kit preview shows, in the order the print-and-play file has them.
RULEBOOK_DOCUMENTS = ("rulebook.pdf", "player-aid.pdf")


@dataclass(frozen=True)
class KitPage:
    """One printed page of a kit document, as a render job of its own (one-page PDF)."""

    document: str
    number: int          # 1-based, within its document
    job: DocumentJob


@dataclass(frozen=True)
class CardFace:
    """A distinct card face (or back) for the gallery, as a PNG job, with its trim inside the bleed."""

    key: str
    copies: int
    job: PngJob
    bleed_fraction: tuple[float, float]  # bleed as a fraction of the image's width and height


@dataclass(frozen=True)
class KitPreview:
    pages: list[KitPage]
    cards: list[CardFace]


def templates_folder() -> Path:
    return templates_dir()


def default_output(game: GameData) -> Path:
    """Where `dragon-pnp build` writes this game's kit."""
    return output_root() / game.slug


def default_output_for(game_dir: Path) -> Path:
    """The same for a game whose data does not load yet (the slug is its folder's name)."""
    return output_root() / game_dir.name


def load(game_dir: Path) -> GameData:
    """Load and schema-check a game; raises the located DataErrors `build` would print."""
    return load_game(game_dir)


def inputs_digest(game_dir: Path) -> str:
    """A digest of every file of the game folder and the templates: what a preview is made from."""
    from dragon_pnp.kit.render_cache import folders_digest

    return folders_digest(game_dir, templates_folder())


def digest_covers(game: GameData) -> bool:
    """Whether `inputs_digest` covers all of this game's code: not when its rules module is
    installed elsewhere or registered at run time (as `build` does not remember such a build)."""
    from dragon_pnp.build.build_cache import rules_code

    return rules_code(game) == (True, None)


def cross_check(game: GameData) -> list[tuple[Location, str, str]]:
    """The findings that make `build` refuse the data: (where, what is wrong, "data" or "rule")."""
    from dragon_pnp.checks import validate_game

    return [(finding.location, finding.message, finding.kind) for finding in validate_game(game)]


def plan_card_preview(game: GameData, paper: str, duplex: bool, card_dpi: int) -> KitPreview:
    """The card sheets' pages as render jobs, and every card face as a gallery PNG job.

    Shown before the other pieces, so a card edit reaches the page first.
    """
    plan = _kit_plan(game, paper, duplex)
    faces = []
    for key, copies in plan.card_faces:
        face = plan.faces[key]
        width, height = face.size_mm
        faces.append(CardFace(key, copies, PngJob(f"{key}.png", face.svg, card_dpi),
                              (face.bleed_mm / width, face.bleed_mm / height)))
    return KitPreview(_page_jobs(plan, _card_documents(plan)), faces)


def plan_piece_preview(game: GameData, paper: str, duplex: bool) -> KitPreview:
    """The pages of every other kit document (tiles, board, extras) as render jobs."""
    plan = _kit_plan(game, paper, duplex)
    cards = set(_card_documents(plan))
    return KitPreview(_page_jobs(plan, [name for name in plan.documents if name not in cards]), [])


_last_plan: list[Any] = []   # (game, paper, duplex, plan) of the last kit planned: cards and pieces share it


def _kit_plan(game: GameData, paper: str, duplex: bool) -> KitPlan:
    """The kit as the build plans it (per component, combined), planned once per loaded game."""
    from dragon_pnp.kit.kit import plan_kit

    if _last_plan and _last_plan[0][0] is game and _last_plan[0][1:3] == (paper, duplex):
        kept: KitPlan = _last_plan[0][3]
        return kept
    plan = plan_kit(game, paper, duplex)
    _last_plan[:] = [(game, paper, duplex, plan)]
    return plan


def _card_documents(plan: KitPlan) -> list[str]:
    """The documents that print card faces (the gallery's cards), in kit order."""
    from dragon_pnp.kit.kit import forms_used

    cards = {key for key, _ in plan.card_faces}
    return [name for name, pages in plan.documents.items() if forms_used(pages, plan.composites) & cards]


def _page_jobs(plan: KitPlan, documents: list[str]) -> list[KitPage]:
    """Every page of the named documents of a kit plan as a one-page render job named by its content."""
    from dragon_pnp.kit.faces import render_template
    from dragon_pnp.kit.kit import forms_used

    pages = []
    for document in documents:
        for number, page in enumerate(plan.documents[document], start=1):
            used = forms_used([page], plan.composites)
            faces = {key: face.svg for key, face in plan.faces.items() if key in used}
            composites = {key: form for key, form in plan.composites.items() if key in used}
            overlay = render_template("kit/page_overlay.svg.j2", page=page) if page.svg_overlay else ""
            job = DocumentJob("page", (page,), faces, composites, (overlay,))
            # Named by content, so identical pages share one render and one cache entry.
            pages.append(KitPage(document, number, DocumentJob(f"page-{job.cache_key()[:20]}", *_fields(job))))
    return pages


def _fields(job: DocumentJob) -> tuple[Any, ...]:
    return job.pages, job.faces, job.composites, job.overlays


def render_cache() -> RenderCache:
    return RenderCache.from_environment()


def start_render_workers() -> None:
    """Fork the render workers now, before the server starts any thread (forking beside threads is unsafe)."""
    from dragon_pnp.kit.parallel import start_render_workers as start

    start()


def stop_render_workers() -> None:
    from dragon_pnp.kit.parallel import stop_render_workers as stop

    stop()


def render(documents: list[DocumentJob], pngs: list[PngJob], cache: RenderCache, build: str) -> PendingRender:
    """Start rendering what the cache lacks; `.result()` gives ({name: pdf}, {name: png})."""
    from dragon_pnp.kit.parallel import submit_all

    return submit_all(documents, pngs, cache, build=build)


def inputs_key(game: GameData, paper: str, duplex: bool) -> str:
    """The digest the kit step uses for this game's data, templates and settings."""
    from dragon_pnp.kit.render_cache import inputs_digest

    return inputs_digest(game.root, templates_folder(), settings=f"{paper}|{duplex}")


def typeset_book(game: GameData, paper: str) -> TypesetBook:
    """The rulebook (and player aid) as the build's rulebook step typesets them."""
    from dragon_pnp.rulebook.document import typeset
    from dragon_pnp.rulebook.early import TypesetBook

    book = typeset(game, paper)
    return TypesetBook(book.pdf, book.aid_pdf, book.aid_copies, book.rules_pdf)


def book_documents(book: TypesetBook) -> list[tuple[str, bytes]]:
    """The rulebook and player aid PDFs of a typeset book, by their file names in the kit."""
    documents = [("rulebook.pdf", book.pdf)]
    if book.aid_pdf is not None:
        documents.append(("player-aid.pdf", book.aid_pdf))
    return documents


def typeset_rulebook(game: GameData, paper: str) -> list[tuple[str, bytes]]:
    """The rulebook and player aid PDFs, as the build's rulebook step makes them."""
    return book_documents(typeset_book(game, paper))


def write_output(game: GameData, paper: str, duplex: bool, out_dir: Path,
                 advance: Callable[[str], None], say: Callable[[str], None] = lambda text: None,
                 book: TypesetBook | None = None) -> list[str]:
    """The kit as `dragon-pnp build --no-check` writes it, swapped into `out_dir` atomically
    (the reports `check` and `diff` wrote there kept; `say` hears what of the old kit is gone).

    `advance` is called before each step; raising from it abandons the build and leaves the
    previous output untouched. `book` is this game's rulebook on this paper when the caller has
    typeset it already (the preview has): the build writes it instead of typesetting it again.
    Returns the files written, relative to `out_dir`.
    """
    from dragon_pnp.build.kept_outputs import Carried
    from dragon_pnp.build.pipeline import run_build
    from dragon_pnp.rulebook.build import EARLY
    from dragon_pnp.rulebook.early import ReadyRulebook

    ready = {EARLY: ReadyRulebook(book)} if book is not None else None
    context = run_build(game, BuildOptions(paper=paper, duplex=duplex, check=False, proof=False), out_dir, advance,
                        ready)
    if context.dropped:
        say(Carried(dropped=context.dropped).note())
    return sorted(str(path.relative_to(out_dir)) for path in context.artifacts.values())


def quick_check(game: GameData, games: int, seed: int, progress: Callable[[int, int], None]) -> dict[str, Any]:
    """The report of the quick rules check `build` runs (games per configuration, all player counts)."""
    from dragon_pnp.report.check import CheckSettings, Execution, run_check

    players = tuple(range(game.game.players.min, game.game.players.max + 1))
    settings = CheckSettings(games=games, duel_games=games, seed=seed, players=players, search_games=0)
    return run_check(game, settings, Execution(progress=progress))


def check_summary(report: dict[str, Any]) -> dict[str, Any]:
    """Headline figures and charts (inline SVG) of a rules-check report, as its HTML page shows them."""
    from dragon_pnp.report.charts import BarChart, bar_chart_svg, column_chart_svg
    from dragon_pnp.report.view import build_view

    view = build_view(report)
    section_charts = [chart for section in view.sections for chart in section.charts]
    charts = [c for c in [view.first_chart, view.duel_chart, *view.seat_charts, *section_charts] if c is not None]

    def table(t: Table | None) -> dict[str, Any] | None:
        return None if t is None else {"title": t.title, "header": t.header, "rows": t.rows, "note": t.note}

    return {
        "title": view.title,
        "subtitle": view.subtitle,
        "attention": view.attention,
        "notes": view.notes,
        "overview": table(view.overview),
        "duel": table(view.duel),
        "charts": [{"title": c.title, "svg": bar_chart_svg(c) if isinstance(c, BarChart) else column_chart_svg(c)}
                   for c in charts],
    }


def languages(game_dir: Path) -> list[str]:
    """The languages the game folder has a `lang/<code>.yaml` for."""
    from dragon_pnp.data.lang.files import languages as found

    return found(game_dir)


def in_language(game: GameData, code: str) -> tuple[GameData, dict[str, Any]]:
    """The game seen in `code`, and what the studio shows of that translation: its missing,
    stale and unknown keys and its fit table (each card: fits / shrunk to N pt / overflows),
    every row located at the translation file's line, as `validate --lang` reports them."""
    from dragon_pnp.build.lang_fit import fit_table
    from dragon_pnp.data.lang.apply import translated
    from dragon_pnp.data.lang.check import check_translation
    from dragon_pnp.data.lang.files import read_translation

    translation = read_translation(game.root, code)
    problems = [{"kind": p.kind, "key": p.key, "text": str(p.location) + ": " + p.message}
                for p in check_translation(game, translation)]
    table = fit_table(game, [translation])
    fit = [{"card": card, "cell": row[code].label(), "state": row[code].state,
            "where": str(row[code].location) if row[code].location is not None else ""}
           for card, row in table.cells.items() if code in row]
    fit += [{"card": "", "cell": cell.label(), "state": cell.state, "where": cell.message}
            for cell in table.other.get(code, [])]
    return translated(game, translation), {"problems": problems, "fit": fit,
                                           "machine_unreviewed": translation.machine_unreviewed}
