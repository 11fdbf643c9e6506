"""Player aids: double-sided cards whose two sides are drawn by templates from data.

Each entry of `copies` is one aid (one per role, say) whose fields fill in what a side's own
fields leave out (so a back shared by every copy stays one face); a copy's `count` prints it
more than once. They impose like cards:
duplex with mirrored backs pages, or side by side to fold.
"""

from __future__ import annotations

from typing import Any

from dragon_pnp.components.base import ComponentPlan, ExportEntry, PlanContext, Section
from dragon_pnp.components.drawing import card_frame, face_key, manifest_location, render_face, version_mark, with_mark
from dragon_pnp.components.templates import RenderSite
from dragon_pnp.data.components import AidSpec, document_of
from dragon_pnp.data.lang.words import SOURCE_LANGUAGE
from dragon_pnp.errors import DataError, Location
from dragon_pnp.kit.faces import Face, Item
from dragon_pnp.kit.imposition import impose

MAX_COPIES = 100


def plan(spec: AidSpec, context: PlanContext) -> ComponentPlan:
    frame = card_frame(context, spec.trim_mm())
    size = (frame.full_width, frame.full_height)
    mark = version_mark(context, False)
    result = ComponentPlan(spec.id, spec.kind)
    items: list[Item] = []
    drawn: dict[str, str] = {}           # SVG -> key: a side equal to one drawn already is that face
    copies: dict[str, int] = {}          # face key -> printed copies, for its PNG
    for index, given in enumerate(spec.copies):
        # A copy's fields may sit beside its id/role or under `fields:` as a deck card's do.
        copy = {**{k: v for k, v in given.items() if k != "fields"}, **(given.get("fields") or {})}
        count = _count(copy, index, spec, context)
        name = _display_name(spec, copy, index)
        stem = copy.get("id") or copy.get("role") or (index + 1 if len(spec.copies) > 1 else "")
        keys = []
        for side, ref in (("front", spec.front), ("back", spec.back)):
            fields = {**copy, **ref.fields}   # a side's own fields win; the copy fills in the rest
            site = _site(context, spec, index, side, fields, name)
            svg = with_mark(render_face(context, ref.template, size, site, aid=spec, fields=fields, copy=copy,
                                        side=side, frame=frame, game=context.game.game,
                                        profile=context.game.print_profile), mark, frame)
            key = face_key(spec.id, f"{stem}-{side}" if stem else side)
            if drawn.setdefault(svg, key) == key:
                result.faces.append(Face(key, svg, (frame.width, frame.height), frame.bleed))
            keys.append(drawn[svg])
        if count == 0:
            continue
        items.extend(Item(keys[0], keys[1], name) for _ in range(count))
        for key in keys:
            copies[key] = copies.get(key, 0) + count
        result.exports.append(ExportEntry(keys[0], keys[1], count, name, spec.description))
    result.svgs = [face.key for face in result.faces]
    result.pngs = list(copies.items())
    faces = {face.key: face for face in result.faces}
    layout_name = "deck_duplex" if context.duplex else "deck_fold"
    pages = impose(items, faces, context.layout(layout_name), context.paper, context.marks,
                   f"{context.game.game.name}: {spec.name}", words=context.game.game.phrases)
    result.sections.append(Section(document_of(spec), spec.name, pages, two_sided=True, pack_items=tuple(items),
                                   pack_layout=layout_name))
    width, height = spec.trim_mm()
    words = context.game.game.phrases
    name = words.noun(spec.name)
    if words.language == SOURCE_LANGUAGE and len(items) > 1 and not spec.name.endswith("s"):
        name += "s"   # an English plural; a translated name is written as the kit prints it
    result.contents.append(words.text("words.cover.box.aid", n=words.number(len(items)), name=name,
                                      width=f"{width:g}", height=f"{height:g}"))
    return result


def _count(copy: dict[str, Any], index: int, spec: AidSpec, context: PlanContext) -> int:
    count = copy.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COPIES:
        where = manifest_location(context, spec, "copies", index, "count") or Location("game.yaml")
        raise DataError(where, f"expected a whole number of copies, 0 to {MAX_COPIES}; got {count!r}")
    return count


def _site(context: PlanContext, spec: AidSpec, index: int, side: str, fields: dict[str, Any], name: str) -> RenderSite:
    def locate(field: str | None) -> Location:
        if field is not None and field in getattr(spec, side).fields:
            path: tuple[Any, ...] = (side, "fields", field)
        elif field in spec.copies[index]:
            path = ("copies", index, field)
        else:
            path = ("copies", index)
        return manifest_location(context, spec, *path) or Location("game.yaml", field=f"components: {spec.id}")

    return RenderSite(f'the {side} of player aid "{name}"', fields, locate,
                      manifest_location(context, spec, side, "template"))


def _display_name(spec: AidSpec, copy: dict[str, Any], index: int) -> str:
    """What the aid is called in upload lists and Tabletop Simulator: its own name or title, else
    the aid's name with the copy's id or role in words ("Player aids: Knight"), else numbered."""
    if copy.get("name") or copy.get("title"):
        return str(copy.get("name") or copy.get("title"))
    label = copy.get("id") or copy.get("role")
    if label:
        return f"{spec.name}: {str(label).replace('_', ' ').replace('-', ' ').capitalize()}"
    return spec.name if len(spec.copies) == 1 else f"{spec.name} {index + 1}"
