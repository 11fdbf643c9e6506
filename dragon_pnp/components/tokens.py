"""Tokens: round, square or hex cut-outs, one face per token kind with its count, one- or two-sided.

Two-sided tokens print a backs page after each fronts page, mirrored like card backs, so a
long-edge duplex print (or the backs page glued behind the fronts page) puts every back behind
its own front. A sticker sheet, when asked, holds every side once per token for blank discs.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from dragon_pnp.components.base import ComponentPlan, ExportEntry, PageSpan, PlanContext, Section
from dragon_pnp.components.drawing import PieceFrame, face_key, manifest_location, render_face
from dragon_pnp.components.templates import RenderSite
from dragon_pnp.data.components import TokenFace, TokensSpec, document_of
from dragon_pnp.errors import Location
from dragon_pnp.kit.faces import Face, Item, Shape
from dragon_pnp.kit.imposition import impose
from dragon_pnp.kit.svg_crop import SVG_NS

SQRT3 = 3 ** 0.5
SAFE_FRACTION = 0.12   # of the token's size: a 4 mm card margin would leave a small token nothing
SHELF_LAYOUT = "token_shelves"
GRID_LAYOUT = "tokens_grid"    # `cut: grid`: square pieces sharing straight cuts
STICKER_DOCUMENT = "stickers.pdf"


def token_frame(spec: TokensSpec, context: PlanContext) -> PieceFrame:
    """A token's trim: a circle or square of `size_mm`, or a flat-topped hex `size_mm` corner to corner."""
    profile = context.game.print_profile
    width = spec.size_mm
    height = width * SQRT3 / 2 if spec.shape == "hex" else width
    safe = min(float(profile.card.safe_mm), SAFE_FRACTION * spec.size_mm)
    return PieceFrame(width, height, float(profile.bleed_mm), safe, spec.shape)


def plan(spec: TokensSpec, context: PlanContext) -> ComponentPlan:
    frame = token_frame(spec, context)
    size = (frame.full_width, frame.full_height)
    result = ComponentPlan(spec.id, spec.kind)
    faces: dict[str, Face] = {}
    drawn: dict[str, str] = {}          # SVG -> key: equal sides (a shared back) are one face
    items: list[Item] = []
    stickers: list[Item] = []
    copies: dict[str, int] = {}         # face key -> printed copies, for its PNG
    for index, token in enumerate(spec.faces):
        fields = {**spec.fields, **token.fields}
        values: dict[str, Any] = {"token": token, "fields": fields, "tokens": spec, "shape": spec.shape, "frame": frame,
                                      "game": context.game.game, "profile": context.game.print_profile}
        front = _side(context, spec, index, token, token.template or spec.template, "front", size, values, drawn,
                      faces, frame)
        back_ref = token.back or spec.back
        assert not isinstance(back_ref, str)   # the model turns a template name alone into a TemplateRef
        back_values = {**values, "fields": {**fields, **back_ref.fields}} if back_ref else values
        back = (_side(context, spec, index, token, back_ref.template, "back", size, back_values, drawn, faces, frame)
                if back_ref else None)
        if token.count == 0:
            continue
        if back and spec.fold:
            pair = fold_pair(faces[front], faces[back])
            faces[pair.key] = pair
            items.extend(Item(pair.key, None, token.name) for _ in range(token.count))
        else:
            items.extend(Item(front, back, token.name) for _ in range(token.count))
        stickers.extend(Item(key, None, token.name) for key in (front, back) if key for _ in range(token.count))
        for key in (front, back) if back else (front,):
            copies[key] = copies.get(key, 0) + token.count
        result.exports.append(ExportEntry(front, back, token.count, token.name, spec.description))
    result.faces = list(faces.values())
    result.svgs = list(faces)
    result.pngs = list(copies.items())
    title = f"{context.game.game.name}: {spec.name}"
    two_sided = any(item.back for item in items)
    folded = spec.fold and any(token.back or spec.back for token in spec.faces)
    if spec.cut == "grid":
        # Square pieces in a shared-cut grid: straight cuts mark to mark, no circles to follow; a
        # neighbouring grid of tokens of the same size shares the sheets.
        pages = impose(items, faces, context.layout(GRID_LAYOUT), context.paper, context.marks, title, words=context.game.game.phrases)
        result.sections.append(Section(document_of(spec), spec.name, pages, two_sided=two_sided,
                                       pack_items=tuple(items), pack_layout=GRID_LAYOUT))
    else:
        layout = context.layout("tokens_duplex" if two_sided else "tokens")
        # Alone, a grid of its own; beside another token sheet of the same document, the kit packs
        # both on shared pages, so nine tokens do not take a page to themselves.
        result.sections.append(Section(document_of(spec), spec.name, impose(items, faces, layout, context.paper,
                                                                             context.marks, title, words=context.game.game.phrases),
                                       two_sided=two_sided, pack_items=tuple(items), pack_layout=SHELF_LAYOUT))
    if spec.sticker_sheet:
        words = context.game.game.phrases
        pages = impose(stickers, faces, context.layout("stickers"), context.paper, context.marks,
                       words.text("words.sheet.token_stickers", title=title), words=words)
        # Stickers print on sticker paper, not the tokens' card stock: a document of their own, so
        # a two-sided tokens document printed duplex never puts them behind its last page.
        result.sections.append(Section(STICKER_DOCUMENT, words.text("words.section.sticker_sheet", name=spec.name), pages))
        # The stickers are the tokens again, for blank discs or squares: one or the other.
        result.alternatives.append((PageSpan(spec.id, words.text("words.cover.either.named", name=words.noun(spec.name)), section=0),
                                    PageSpan(spec.id, words.text("words.cover.either.token_stickers"), section=1)))
    words = context.game.game.phrases
    shape = words.text("words.cover.box.shape." + ("grid" if spec.cut == "grid" else
                                                   {"circle": "round", "square": "square", "hex": "hex"}[spec.shape]))
    sides = (words.text("words.cover.box.two_sided") if two_sided
             else words.text("words.cover.box.fold_in_half") if folded else "")
    sticker = words.text("words.cover.box.also_stickers") if spec.sticker_sheet else ""
    result.contents.append(words.text("words.cover.box.tokens", n=words.number(len(items)), name=words.noun(spec.name),
                                      shape=shape, size=f"{spec.size_mm:g}", sides=sides, sticker=sticker))
    return result


def fold_pair(front: Face, back: Face) -> Face:
    """Front and back side by side on one piece, to cut out whole, fold on the dashed line between
    them and glue: bleed round the pair, none at the fold. Folded, the back half lies behind
    the front the right way up."""
    ET.register_namespace("", SVG_NS)
    w, h = front.trim_mm
    b = front.bleed_mm
    full_w, full_h = 2 * w + 2 * b, h + 2 * b
    root = ET.Element(f"{{{SVG_NS}}}svg", {"width": f"{full_w:.3f}mm", "height": f"{full_h:.3f}mm",
                                              "viewBox": f"0 0 {full_w:.3f} {full_h:.3f}"})
    for face, x, view_x in ((front, 0.0, 0.0), (back, w + b, b)):
        source = ET.fromstring(face.svg)
        kept = {k: v for k, v in source.attrib.items() if k not in ("width", "height", "viewBox", "x", "y")}
        half = ET.SubElement(root, f"{{{SVG_NS}}}svg", {**kept, "x": f"{x:.3f}", "y": "0", "width": f"{w + b:.3f}",
                                                          "height": f"{full_h:.3f}",
                                                          "viewBox": f"{view_x:.3f} 0 {w + b:.3f} {full_h:.3f}"})
        half.extend(list(source))
    ET.SubElement(root, f"{{{SVG_NS}}}path", {"d": f"M{w + b:.3f} {b:.3f} V{h + b:.3f}", "stroke": "#555555",
                                               "stroke-width": "0.25", "stroke-dasharray": "1.2 0.8", "fill": "none"})
    svg = ET.tostring(root, encoding="unicode")
    return Face(f"{front.key}-fold", svg, (2 * w, h), b, "rect")


def _side(context: PlanContext, spec: TokensSpec, index: int, token: TokenFace, template: str, side: str,
          size: tuple[float, float], values: dict[str, Any], drawn: dict[str, str], faces: dict[str, Face],
          frame: PieceFrame) -> str:
    """The key of one side of a token kind, drawing it unless an equal side was drawn already."""
    svg = render_face(context, template, size, _site(context, spec, index, token, side), side=side, **values)
    if svg in drawn:
        return drawn[svg]
    own = face_key(spec.id, token.id if side == "front" else f"{token.id}-back")
    shared = side == "back" and token.back is None       # the sheet's back: one face unless it varies
    key = face_key(spec.id, "back") if shared and face_key(spec.id, "back") not in faces else own
    drawn[svg] = key
    faces[key] = Face(key, svg, (frame.width, frame.height), frame.bleed, _shape(spec.shape))
    return key


def _site(context: PlanContext, spec: TokensSpec, index: int, token: TokenFace, side: str) -> RenderSite:
    """Errors point into game.yaml: the token's own field, else the sheet's shared one."""
    field = "template" if side == "front" else "back"
    own = token.template if side == "front" else token.back
    named_at = manifest_location(context, spec, *(("faces", index) if own else ()), field)

    def locate(name: str | None) -> Location:
        if name in token.fields:
            path: tuple[Any, ...] = ("faces", index, "fields", name)
        elif name in spec.fields:
            path = ("fields", name)
        elif name in ("id", "name", "count"):
            path = ("faces", index, name)
        else:
            path = ("faces", index)
        return manifest_location(context, spec, *path) or Location("game.yaml", field=f"components: {spec.id}")

    row = {"name": token.name, **spec.fields, **token.fields}
    return RenderSite(f'the {side} of token "{token.name}"', row, locate, named_at)


def _shape(shape: str) -> Shape:
    faces: dict[str, Shape] = {"circle": "circle", "hex": "hex", "square": "rect"}
    return faces[shape]
