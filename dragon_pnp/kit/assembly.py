"""print-and-play.pdf: a cover page (contents, printing advice), then every kit PDF in order.

The rulebook and player aid are included when earlier build steps made them. The rules-check
report is for designers, so it stays a file of its own rather than pages players would print.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dragon_pnp.components.art import game_art
from dragon_pnp.data.lang.words import ENGLISH, SOURCE_LANGUAGE, Phrases
from dragon_pnp.kit.faces import render_template
from dragon_pnp.kit.layouts import PRINTER_MARGIN_MM
from dragon_pnp.kit.text_fit import PT_MM, text_width_mm, wrap
from dragon_pnp.paper import paper_size_mm

if TYPE_CHECKING:
    from dragon_pnp.build.context import BuildContext

# Documents other build steps make, before the kit's own: (artifact role, title, how to print it).
# role, title, advice: word keys (data/lang/words.py), in the kit's language on its cover
FRONT_PARTS = (
    ("rulebook.pdf", "words.cover.rulebook", "words.cover.advice.rulebook"),
    ("player-aid.pdf", "words.cover.player_aid", "words.cover.advice.aid"),
)
# Parts another part already ends with: the rulebook's last page is the player aid, so the aid
# is listed at that page rather than printed a second time.
ENDS_WITH = {"player-aid.pdf": "rulebook.pdf"}
COVER_MARGIN_MM = 18.0   # the cover's text column starts and ends this far from the paper edge
SMALL_PRINT_MM = 3.0     # the cover's footer text size (SVG user units are mm)
TITLE_PT = 3.6 / PT_MM   # the contents titles' size


def in_the_box_lines(items: list[str], width_mm: float, words: Phrases = ENGLISH) -> list[str]:
    """The cover's "In the box" sentence wrapped to the text column: a game with many components
    would otherwise run off the page. Items carry their own commas ("19 cards, 63 x 88 mm"), so
    they are separated by semicolons."""
    sentence = words.text("words.cover.in_the_box", items="; ".join(items))
    return wrap(sentence, width_mm, SMALL_PRINT_MM / PT_MM) or [sentence]


def _paper_name(paper: str) -> str:
    return paper.upper() if paper == "a4" else paper.capitalize()


def title_lines(title: str, pages: str, column_mm: float) -> list[str]:
    """A contents title wrapped to leave room for its page numbers on the first line (a long
    title, "Heart tokens, Gold coins and Range marker", would run into "pages 15-16")."""
    room = column_mm - text_width_mm(pages, TITLE_PT) - 4.0
    return wrap(title, room, TITLE_PT, bold=True) or [title]


def _pages(first: int, count: int, words: Phrases = ENGLISH) -> str:
    if count == 1:
        return words.text("words.cover.page", n=words.number(first))
    return words.text("words.cover.pages", first=words.number(first), last=words.number(first + count - 1))


def alternative_lines(pairs: list[tuple[tuple[str, int, int, str, str], tuple[str, int, int, str, str]]],
                      starts: dict[str, int], words: Phrases = ENGLISH) -> list[str]:
    """One cover line per pair of page runs that make the same thing two ways, with their
    pages in print-and-play.pdf: "Print the board tiles (pages 29-36) OR the full-size board
    poster (pages 38-47), not both." When the first run's pages also hold other pieces (tokens
    sharing a sheet), those pages print anyway, so the choice is what to cut: "Cut the activation
    tokens from pages 19-20 OR print them as stickers for blank tokens (page 21), not both; pages
    19-20 also hold the damage tokens." (Likewise when the second run shares its pages: "Print
    the cube nets (page 12) OR cut the stickers for blank dice from page 11, not both; page 11
    also holds the heart tokens ...".) Runs of documents not in the file are left out."""
    lines = []
    for first, second in pairs:
        if first[0] not in starts or second[0] not in starts:
            continue
        pages = [_pages(starts[document] + at, count, words) for document, at, count, _, _ in (first, second)]
        also = first[4]
        if also:
            lines.append(words.text("words.cover.alt.cut_one" if first[2] == 1 else "words.cover.alt.cut_many",
                                    first=first[3], pages=pages[0], second=second[3], other_pages=pages[1], also=also))
        elif second[4]:
            lines.append(words.text("words.cover.alt.print_cut_one" if second[2] == 1 else "words.cover.alt.print_cut_many",
                                    first=first[3], pages=pages[0], second=second[3], other_pages=pages[1],
                                    also=second[4]))
        else:
            lines.append(words.text("words.cover.alt.print", first=first[3], pages=pages[0], second=second[3],
                                    other_pages=pages[1]))
    return lines


def aid_advice(copies: int, players: int, words: Phrases = ENGLISH) -> str:
    """How to print an aid page that holds `copies` aids, for up to `players` players."""
    prints = -(-players // copies)
    more = words.text("words.cover.advice.aid_more", players=words.number(players), prints=words.number(prints)) \
        if prints > 1 else ""
    return words.text("words.cover.advice.aid_copies", copies=words.number(copies)) + more


def kit_parts(context: BuildContext) -> list[tuple[str, str, str | None]]:
    """Every part of print-and-play.pdf in order; advice None means the two-sided pieces' advice."""
    words = context.game.game.phrases
    parts: list[tuple[str, str, str | None]] = [(role, words.text(title), words.text(advice)) for role, title, advice in FRONT_PARTS
                                                if role in context.artifacts or role in context.page_counts]
    if context.rules_without_aid is not None:
        # The aid to cut out would back a page of rules: it goes first, on the back of the cover.
        parts.sort(key=lambda part: part[0] != "player-aid.pdf")
    if context.aid_copies > 1:
        parts = [(role, title, aid_advice(context.aid_copies, context.game.game.players.max, words)
                  if role == "player-aid.pdf" else advice) for role, title, advice in parts]
    for document, (title, two_sided) in context.documents.items():
        parts.append((document, title, None if two_sided else words.text("words.cover.advice.card_stock")))
    return parts


def without_blank_pages(parts: list[tuple[str, str, str | None]], counts: dict[str, int],
                        cut_aid_last: bool, ends_with: dict[str, str]) -> list[tuple[str, str, str | None]]:
    """The parts reordered so a two-sided part (advice None) that would start on a back page, and so
    need a blank page before it, is preceded instead by a later one-sided part of an odd page
    count. Only where the page before is not rules text: behind a cut-out player aid (the
    rulebook's last page when `cut_aid_last`) or behind other pieces; a rules page never backs
    a piece to be cut out (the rulebook is typeset to end a sheet where it can)."""
    parts = list(parts)
    page, index, previous = 2, 0, ""
    while index < len(parts):
        role, _, advice = parts[index]
        if role not in counts or ends_with.get(role) in counts:
            index += 1
            continue
        behind_text = previous == "rulebook.pdf" and not cut_aid_last
        if advice is None and page % 2 == 0 and not behind_text:
            later = next((k for k in range(index + 1, len(parts)) if parts[k][0] in counts
                          and parts[k][2] is not None and counts[parts[k][0]] % 2 == 1), None)
            if later is not None:
                parts.insert(index, parts.pop(later))
                continue
        page += counts[role]
        previous = role
        index += 1
    return parts


@dataclass
class PagePlan:
    """Where each part of print-and-play.pdf lands: contents lines, blank pages, first pages."""

    parts: list[tuple[str, str, str | None]]
    contents: list[tuple[str, str, int, str | None]]
    blanks_before: set[str]
    blank_pages: list[int]
    starts: dict[str, int]
    merged: list[str]
    total: int          # pages, the cover included


def page_plan(parts_in_order: list[tuple[str, str, str | None]], counts: dict[str, int], duplex: bool,
              ends_with: dict[str, str], aid_copies: int, words: Phrases = ENGLISH) -> PagePlan:
    """The parts in print order with their pages: a blank page only where card fronts would
    otherwise fall on a back."""
    if duplex:
        cut_aid_last = bool(ends_with) and "player-aid.pdf" in counts and "rulebook.pdf" in counts \
            and aid_copies > 1
        parts_in_order = without_blank_pages(parts_in_order, counts, cut_aid_last, ends_with)
    contents: list[tuple[str, str, int, str | None]] = []
    blanks_before: set[str] = set()
    blank_pages: list[int] = []
    starts: dict[str, int] = {}     # document -> its first page in print-and-play.pdf
    merged = [role for role, _, _ in parts_in_order if role in counts and ends_with.get(role) not in counts]
    page = 2
    for role, title, advice in parts_in_order:
        if role not in counts:
            continue
        if role not in merged:
            last = page - 1
            holder = next(t for r, t, _ in parts_in_order if r == ends_with[role])
            holder = holder.lower() if words.language == SOURCE_LANGUAGE else holder
            contents.append((title, words.text("words.cover.last_of", n=words.number(last), holder=holder), counts[role], advice))
            continue
        if advice is None and duplex and page % 2 == 0:
            # Card fronts must fall on the front of a sheet, or duplex puts backs behind the wrong page.
            blanks_before.add(role)
            blank_pages.append(page)
            page += 1
        count = counts[role]
        if advice is None:
            advice = words.text("words.cover.advice.duplex" if duplex else "words.cover.advice.fold")
        pages = _pages(page, count, words)
        starts[role] = page
        contents.append((title, pages, count, advice))
        page += count
    return PagePlan(parts_in_order, contents, blanks_before, blank_pages, starts, merged, page - 1)


def aid_among_pieces(parts: list[tuple[str, str, str | None]]) -> list[tuple[str, str, str | None]]:
    """The parts with the player aid moved after the last two-sided part (advice None), first
    of the one-sided pieces: the rules then end where the card fronts need them to."""
    aid = [part for part in parts if part[0] == "player-aid.pdf"]
    rest = [part for part in parts if part[0] != "player-aid.pdf"]
    last_two_sided = max((i for i, part in enumerate(rest) if part[2] is None), default=len(rest) - 1)
    return rest[:last_two_sided + 1] + aid + rest[last_two_sided + 1:]


def rules_apart(context: BuildContext, ends_with: dict[str, str]) -> bytes | None:
    """The rules without the player aid (None when there is no aid apart from them)."""
    if "player-aid.pdf" not in context.artifacts or "rulebook.pdf" not in context.artifacts:
        return None
    if context.rules_without_aid is not None:
        return context.rules_without_aid
    if ends_with.get("player-aid.pdf") == "rulebook.pdf":
        return without_pages(context.artifacts["rulebook.pdf"].read_bytes(), first=False)
    return None


def without_pages(pdf_bytes: bytes, first: bool) -> bytes | None:
    """The PDF without its first page (`first`) or its last, bookmarks to that page dropped;
    None for a PDF of fewer than 3 pages."""
    import io

    import pikepdf

    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        if len(pdf.pages) < 3:
            return None
        index = 0 if first else len(pdf.pages) - 1
        gone = pdf.pages[index].obj.objgen

        def points_there(item: pikepdf.OutlineItem) -> bool:
            destination = item.destination
            return isinstance(destination, pikepdf.Array) and len(destination) > 0 and \
                getattr(destination[0], "objgen", None) == gone

        with pdf.open_outline() as outline:
            # a bookmark there goes with the bookmarks under it (the aid's headings, one page)
            outline.root[:] = [item for item in outline.root if not points_there(item)]
        del pdf.pages[index]
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True)
        return out.getvalue()


def part_bytes(context: BuildContext, role: str) -> bytes:
    """A part's PDF as print-and-play takes it: the rules alone when the aid is placed apart."""
    if role == "rulebook.pdf" and context.rules_without_aid is not None:
        return context.rules_without_aid
    return context.artifacts[role].read_bytes()


def write_print_and_play(context: BuildContext, target: Path) -> None:
    """The cover is drawn while deferred kit output settles; then every part is merged."""
    from dragon_pnp.kit.parallel import submit_all
    from dragon_pnp.kit.render_jobs import DocumentJob
    from dragon_pnp.kit.sheet import Placement, SheetPage
    from dragon_pnp.pdf import MergePart, count_pages, finish_document, merge

    game, paper, duplex = context.game, context.options.paper, context.options.duplex
    words = game.game.phrases
    counts = {}
    parts_in_order = kit_parts(context)
    # The rulebook's own file ends with the aid; when the aid goes first instead, the rules alone.
    ends_with = {} if context.rules_without_aid is not None else ENDS_WITH
    for role, _, _ in parts_in_order:
        if role in context.page_counts:
            counts[role] = context.page_counts[role]
        elif role in context.artifacts:
            counts[role] = count_pages(part_bytes(context, role))
    layout = page_plan(parts_in_order, counts, duplex, ends_with, context.aid_copies, words)
    rules: bytes | None = None     # the rules as print-and-play takes them, when not part_bytes'
    apart = rules_apart(context, ends_with) if duplex else None
    if apart is not None:
        # Two more ways, where they save a sheet: the aid among the one-sided pieces after the
        # two-sided ones (no page of rules backs it), and then also without the rulebook's title
        # page, which the kit's cover (the game's name, art and designers) stands in for.
        for candidate in (apart, without_pages(apart, first=True)):
            if candidate is None:
                continue
            other = page_plan(aid_among_pieces(parts_in_order), {**counts, "rulebook.pdf": count_pages(candidate)},
                              duplex, {}, context.aid_copies, words)
            if other.total < layout.total:
                layout, rules, ends_with = other, candidate, {}
    contents, blanks_before, blank_pages, starts, merged, page = (
        layout.contents, layout.blanks_before, layout.blank_pages, layout.starts, layout.merged, layout.total + 1)
    parts_in_order = layout.parts
    size = paper_size_mm(paper)
    column = size[0] - 2 * COVER_MARGIN_MM
    entries = [(title_lines(title, pages, column), pages, count, advice) for title, pages, count, advice in contents]
    svg = render_template(
        "kit/cover.svg.j2", W=size[0], H=size[1], game=game.game, contents=entries, paper=_paper_name(paper),
        other_paper=_paper_name("letter" if paper == "a4" else "a4"),
        duplex=duplex, total=page - 1, profile=game.print_profile,
        alternatives=alternative_lines(context.alternatives, starts, words), blank_pages=blank_pages,
        advice_lines=lambda text: wrap(text, size[0] - 2 * COVER_MARGIN_MM - 4, SMALL_PRINT_MM / PT_MM) or [text],
        shared_cut=context.shared_cut,
        in_the_box=in_the_box_lines(context.in_the_box, size[0] - 2 * COVER_MARGIN_MM, words), margin=COVER_MARGIN_MM, w=words,
        art=game_art(game), kinds=sorted({c.kind for c in game.game.components}), two_sided=any(two for _, two in context.documents.values()), band=PRINTER_MARGIN_MM,
    )
    cover_page = SheetPage(size, [Placement("cover", 0.0, 0.0, size[0], size[1])])
    jobs = [DocumentJob("cover", (cover_page,), {"cover": svg}, overlays=("",))]
    if blank_pages:
        blank = render_template("kit/blank_page.svg.j2", W=size[0], H=size[1], margin=COVER_MARGIN_MM,
                                game=game.game)
        jobs.append(DocumentJob("blank", (SheetPage(size, [Placement("blank", 0.0, 0.0, size[0], size[1])]),),
                                {"blank": blank}, overlays=("",)))
    cover = submit_all(jobs, [])
    context.settle()
    drawn = cover.result()[0]
    cover_pdf = finish_document(drawn["cover"], title=f"{game.game.name}: contents", subject="",
                                page_boxes=[None])
    parts = [MergePart(cover_pdf, "Contents and printing advice")]
    for role, title, _ in parts_in_order:
        if role not in merged:
            continue
        if role in blanks_before:
            # Not an unmarked sheet: it says why it is there, so nobody thinks a page went missing.
            parts.append(MergePart(finish_document(drawn["blank"], title=f"{game.game.name}: blank page", subject="",
                                                   page_boxes=[None]), "Blank page (keeps card fronts on the front)"))
        parts.append(MergePart(rules if role == "rulebook.pdf" and rules is not None
                               else part_bytes(context, role), title))
    target.write_bytes(merge(parts, title=f"{game.game.name}: print-and-play kit",
                             subject=f"{paper.upper()}, everything in one file"))
