"""Decks: one face per card row (YAML or CSV), a shared back or one per row, on any paper.

The rows come from the deck's card file (`context.game.rows[id]`, read by `load_rows`); each
row's `count` says how many copies print. The grid is worked out from the card size, so poker,
bridge, mini, tarot, square or any millimetre size imposes on Letter and A4, duplex (backs
pages mirrored) or fold-over.
"""

from __future__ import annotations

import re
from typing import Any

from dragon_pnp.components.base import ComponentPlan, ExportEntry, PlanContext, Section
from dragon_pnp.components.drawing import (
    PieceFrame,
    card_frame,
    face_key,
    manifest_location,
    render_face,
    version_mark,
    with_mark,
)
from dragon_pnp.components.face_text import visible_text
from dragon_pnp.components.templates import RenderSite
from dragon_pnp.data.components import TEMPLATE, DeckSpec, document_of
from dragon_pnp.errors import DataError, Location
from dragon_pnp.kit.faces import Face, Item
from dragon_pnp.kit.imposition import impose

BACK_FIELD = "back"   # a row naming its own back template


def plan(spec: DeckSpec, context: PlanContext) -> ComponentPlan:
    """Faces for every row with copies, the backs, and the imposed fronts and backs pages."""
    rows: list[dict[str, Any]] = context.game.rows(spec.id)
    frame = card_frame(context, spec.trim_mm())
    size = (frame.full_width, frame.full_height)
    mark = version_mark(context, spec.provisional)
    shared = {"deck": spec, "game": context.game.game, "profile": context.game.print_profile, "frame": frame}
    result = ComponentPlan(spec.id, spec.kind)
    backs: dict[str, str] = {}            # back SVG -> its face key, so equal backs are one face
    back_copies: dict[str, int] = {}
    items: list[Item] = []
    total = 0

    shared_back = _back_face(spec, context, frame, size, shared, backs, row=None, index=None)
    assert shared_back is not None   # a deck always has its own back
    keys = _row_keys(spec, rows, context)
    for index, row in enumerate(rows):
        copies = row[spec.count_field]
        if copies == 0:
            continue
        name = card_name(row, keys[index])
        site = _row_site(spec, context, index, row, name)
        svg = render_face(context, spec.template, size, site, card=row, copies=copies, index=index + 1,
                          side="front", **shared)
        key = keys[index]
        own = version_mark(context, spec.provisional, row.get("version")) if mark else None
        result.faces.append(Face(key, with_mark(svg, own, frame), (frame.width, frame.height), frame.bleed))
        back = _back_face(spec, context, frame, size, shared, backs, row=row, index=index) or shared_back
        back_copies[back] = back_copies.get(back, 0) + copies
        items.extend(Item(key, back, name) for _ in range(copies))
        result.pngs.append((key, copies))
        text = str(row.get("rules") or row.get("text") or "") or visible_text(svg, leave_out=name)
        result.exports.append(ExportEntry(key, back, copies, name, text, kind="card"))
        total += copies
    result.faces.extend(Face(key, svg, (frame.width, frame.height), frame.bleed) for svg, key in backs.items()
                        if key in back_copies)
    result.pngs.extend(back_copies.items())
    result.svgs = [face.key for face in result.faces]
    layout_name = "deck_duplex" if context.duplex else "deck_fold"
    faces = {face.key: face for face in result.faces}
    pages = impose(items, faces, context.layout(layout_name), context.paper, context.marks,
                   f"{context.game.game.name}: {spec.name}", words=context.game.game.phrases)
    result.sections.append(Section(document_of(spec), spec.name, pages, two_sided=True, pack_items=tuple(items),
                                   pack_layout=layout_name))
    width, height = spec.trim_mm()
    words = context.game.game.phrases
    result.contents.append(words.text("words.cover.box.deck", n=words.number(total), name=words.noun(spec.name),
                                      width=f"{width:g}", height=f"{height:g}"))
    return result


def card_name(row: dict[str, Any], key: str) -> str:
    """What labels and exports call a card: its `name` or `title` field, else its face key."""
    for field in ("name", "title"):
        if str(row.get(field, "")).strip():
            return str(row[field]).strip()
    return key


def _row_keys(spec: DeckSpec, rows: list[dict[str, Any]], context: PlanContext) -> list[str]:
    """Each row's face key (from `key_field`, else its number), unique within the deck."""
    digits = len(str(len(rows)))
    keys: list[str] = []
    seen: dict[str, int] = {}
    for index, row in enumerate(rows):
        if spec.key_field is None:
            keys.append(face_key(spec.id, f"{index + 1:0{digits}d}"))
            continue
        if spec.key_field not in row or not str(row[spec.key_field]).strip():
            raise DataError(context.game.locate(spec.cards, "cards", index),
                            f"card {index + 1} has no {spec.key_field!r}, which names its files (key_field)")
        key = face_key(spec.id, row[spec.key_field])
        if key in seen:
            raise DataError(context.game.locate(spec.cards, "cards", index, spec.key_field),
                            f"{row[spec.key_field]!r} names card {seen[key] + 1} too; each card needs its own "
                            f"{spec.key_field!r}")
        seen[key] = index
        keys.append(key)
    return keys


def _row_site(spec: DeckSpec, context: PlanContext, index: int, row: dict[str, Any], name: str) -> RenderSite:
    def locate(field: str | None) -> Location:
        return context.game.locate(spec.cards, "cards", index, *((field,) if field else ()))

    return RenderSite(f'deck "{spec.name}" card {index + 1} ("{name}")', row, locate,
                      manifest_location(context, spec, "template"))


def _back_face(spec: DeckSpec, context: PlanContext, frame: PieceFrame, size: tuple[float, float], shared: dict[str, Any], backs: dict[str, str],
               row: dict[str, Any] | None, index: int | None) -> str | None:
    """The key of a back face: the deck's (row None) or the row's own `back` template, drawn once."""
    fields = spec.back.fields
    if row is None:
        template = spec.back.template
        site = RenderSite(f'the back of deck "{spec.name}"', dict(fields),
                          lambda field: manifest_location(context, spec, "back", "fields", *((field,) if field else ()))
                          or context.game.locate("game.yaml"),
                          manifest_location(context, spec, "back", "template"))
        svg = render_face(context, template, size, site, fields=fields, side="back", **shared)
        key = face_key(spec.id, "back")
    else:
        template = str(row.get(BACK_FIELD, "")).strip()
        if not template:
            return None
        assert index is not None
        if not re.match(TEMPLATE, template):
            raise DataError(context.game.locate(spec.cards, "cards", index, BACK_FIELD),
                            f"expected a template file name ending in .j2 for this card's back; got {template!r}")
        site = _row_site(spec, context, index, row, card_name(row, str(index + 1)))
        site = RenderSite(f"the back of {site.what}", row, site.locate,
                          context.game.locate(spec.cards, "cards", index, BACK_FIELD))
        svg = render_face(context, template, size, site, card=row, fields=fields, side="back", **shared)
        key = face_key(spec.id, f"back-{index + 1}")
    return backs.setdefault(svg, key)
