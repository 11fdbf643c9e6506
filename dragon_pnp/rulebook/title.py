"""The title page, from game.yaml: name, tagline, players, playtime, designers, licence, credits."""

from __future__ import annotations

import functools
import io

from reportlab.platypus import Flowable, Image, Spacer

from dragon_pnp.components.art import Picture, game_art
from dragon_pnp.data import GameData
from dragon_pnp.data.components import has_component
from dragon_pnp.hexmap_diagrams import board_scene, scene_drawing
from dragon_pnp.paper import mm_to_pt, pt_to_mm
from dragon_pnp.rulebook.markup import escape_inline, inline_xml
from dragon_pnp.rulebook.raster import svg_png
from dragon_pnp.rulebook.script_paragraph import ScriptParagraph as Paragraph
from dragon_pnp.rulebook.styles import Styles


def _manifest_xml(game: GameData, field: str, text: str) -> str:
    """Paragraph markup of text from game.yaml, a character no font has located at its field."""
    source = game.sources.get("game.yaml")
    location = source.locate((field,)) if source is not None else None
    if location is None or not location.line:
        return inline_xml(text, f"game.yaml: {field}")
    return inline_xml(text, f"{location.file}", location.line)


def title_page(game: GameData, styles: Styles, width: float, height: float) -> list[Flowable]:
    info = game.game
    art = game_art(game)
    picture: list[Flowable] = []
    if "cover" in art:                 # the game's own cover illustration
        picture = [_raster(art["cover"], pt_to_mm(width) * 0.8, pt_to_mm(height) * 0.4)]
    elif has_component(game, "tiles"):   # a game played on a hex map shows its board on the cover
        board_mm = min(pt_to_mm(width) * 0.62, pt_to_mm(height) * 0.42)
        board = scene_drawing(board_scene(game, None), width_mm=board_mm)
        board.hAlign = "CENTER"
        picture = [board]
    flow: list[Flowable] = [Spacer(1, mm_to_pt(8))]
    if "logo" in art:
        flow += [_raster(art["logo"], 34, 34), Spacer(1, mm_to_pt(3))]
    flow.append(Paragraph(_manifest_xml(game, "name", escape_inline(info.name)), styles.title))
    if info.tagline:
        flow.append(Paragraph(_manifest_xml(game, "tagline", escape_inline(info.tagline)), styles.subtitle))
    if info.also_known_as:
        also = info.phrases.text("words.also_known_as", name=f"*{escape_inline(info.also_known_as)}*")
        flow.append(Paragraph(_manifest_xml(game, "also_known_as", also), styles.title_line))
    flow += [Spacer(1, mm_to_pt(6)), *picture, Spacer(1, mm_to_pt(6))]
    ages = info.phrases.text("words.ages", n=info.phrases.number(info.minimum_age))
    facts = f"**{info.players_text}** · **{info.playtime_text}** · {ages}"
    flow.append(Paragraph(inline_xml(facts), styles.title_line))
    if info.designers:
        designed = info.phrases.text("words.designed_by", names=escape_inline(info.phrases.names(list(info.designers))))
        flow.append(Paragraph(_manifest_xml(game, "designers", designed), styles.title_line))
    flow.append(Spacer(1, mm_to_pt(8)))
    if info.licence:
        licence = escape_inline(info.phrases.text("words.licence", name=info.licence)
                                + (f" ({info.licence_url})" if info.licence_url else ""))
        flow.append(Paragraph(_manifest_xml(game, "licence", licence), styles.caption))
    flow.append(Paragraph(_manifest_xml(game, "credits", escape_inline(info.credits)), styles.caption))
    return flow


ART_DPI = 300


def _raster(picture: Picture, width_mm: float, height_mm: float) -> Image:
    """The picture at print resolution (ART_DPI), centred; the rulebook is drawn by reportlab, which has no SVG."""
    w, h = picture.size_for(width_mm, height_mm)
    image = Image(io.BytesIO(_png(picture.standalone(w, h))), width=mm_to_pt(w), height=mm_to_pt(h))
    image.hAlign = "CENTER"
    return image


@functools.lru_cache(maxsize=8)
def _png(svg: str) -> bytes:
    """An SVG drawn at ART_DPI, kept for the process: the rulebook is typeset several times over
    (until its page references settle), and each pass drew the cover and logo again, ~1 CPU s of a
    7 s Dragon Pants typeset (validate, build). Keyed by the SVG text, so an edited picture is drawn
    anew; kept between runs in the render cache too (raster.py)."""
    return svg_png(svg, ART_DPI)
