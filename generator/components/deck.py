"""A deck of cards: one face per row from its template, one back, imposed with mirrored backs (interim)."""

from __future__ import annotations

from generator.components.base import ComponentPlan, ExportEntry, PlanContext, Section
from generator.data.components import DeckSpec, document_of
from generator.kit.faces import Face, Item
from generator.kit.imposition import impose
from generator.kit.layouts import sheet_layout


def plan(spec: DeckSpec, context: PlanContext) -> ComponentPlan:
    game = context.game
    width, height = spec.trim_mm()
    bleed = game.print_profile.bleed_mm
    back_key = f"{spec.id}-back"
    back = Face(back_key, context.render(spec.back.template, deck=spec, fields=spec.back.fields, game=game.game,
                                         profile=game.print_profile), (width, height), bleed)
    faces, items, pngs, exports = [], [], [], []
    for index, row in enumerate(game.rows(spec.id)):
        name = str(row.get("name", ""))
        key = f"{spec.id}-{str(row[spec.key_field]).replace('_', '-')}" if spec.key_field else f"{spec.id}-{index + 1:02d}"
        svg = context.render(spec.template, card=row, index=index, deck=spec, game=game.game, profile=game.print_profile)
        count = int(row.get(spec.count_field, 1))
        if count == 0:
            continue
        faces.append(Face(key, svg, (width, height), bleed))
        items.extend(Item(key, back_key, name) for _ in range(count))
        pngs.append((key, count))
        exports.append(ExportEntry(key, back_key, count, name, str(row.get("text", ""))))
    layout = sheet_layout("cards_duplex" if context.duplex else "cards_fold")
    pages = impose(items, {f.key: f for f in [*faces, back]}, layout, context.paper, context.marks,
                   f"{game.game.name}: {spec.name}")
    pngs.append((back_key, len(items)))
    return ComponentPlan(spec.id, spec.kind, [*faces, back], [Section(document_of(spec), spec.name, pages, two_sided=True)],
                         pngs=pngs, svgs=[f.key for f in faces] + [back_key], exports=exports,
                         contents=[f"{len(items)} {spec.name.lower()}, {width:g} x {height:g} mm"])
