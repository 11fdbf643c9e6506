"""Fold-over standees, one per numbered tile (home) of the map, in that home's seat colour."""

from __future__ import annotations

from dragon_pnp.components.art import component_index, located_picture
from dragon_pnp.components.base import ComponentPlan, ExportEntry, PlanContext, Section
from dragon_pnp.data import GameData
from dragon_pnp.data.components import StandeesSpec, document_of, hex_map, standee_spec
from dragon_pnp.kit.faces import Face, Item, render_template
from dragon_pnp.kit.imposition import impose
from dragon_pnp.kit.svg_crop import crop_svgs

PT_TO_MM = 25.4 / 72.0


def pawn_faces(game: GameData) -> list[Face]:
    """A standee strip per home: base flap, front, back (upside down), base flap."""
    spec = standee_spec(game)
    bleed = game.print_profile.bleed_mm
    width, figure, base = spec.width_mm, spec.height_mm, spec.base_mm
    art = (located_picture(game, spec.art, "components", component_index(game, spec.id), "art")
           if spec.art else None)
    faces = []
    for home in hex_map(game).homes:
        colour = game.print_profile.seat_colours[home.id]
        svg = render_template("kit/pawn.svg.j2", W=width, F=figure, B=base, b=bleed,
                              colour=colour.hex, colour_name=colour.name, pt=PT_TO_MM, art=art)
        faces.append(Face(pawn_key(home.id), svg, (width, 2 * figure + 2 * base), bleed))
    return faces


def pawn_key(home_id: str) -> str:
    return f"pawn-{home_id.lower()}"


def standee_sides(strip: Face, spec: StandeesSpec) -> tuple[Face, Face]:
    """Front and back cut out of the fold strip (base flap, front upside down, back, base flap)."""
    b, base, figure = strip.bleed_mm, spec.base_mm, spec.height_mm
    width = spec.width_mm + 2 * b
    front, back = crop_svgs(strip.svg, [((0, base, width, figure + 2 * b), True),
                                        ((0, base + figure, width, figure + 2 * b), False)])
    size = (spec.width_mm, figure)
    return Face(f"{strip.key}-front", front, size, b), Face(f"{strip.key}-back", back, size, b)


def plan(spec: StandeesSpec, context: PlanContext) -> ComponentPlan:
    game = context.game
    faces = pawn_faces(game)
    colours = game.print_profile.seat_colours
    items = [Item(face.key, None, f"{colours[home.id].name} {spec.name.lower().rstrip('s')}")
             for face, home in zip(faces, hex_map(game).homes)]
    pages = impose(items, {f.key: f for f in faces}, context.layout("extras"), context.paper, context.marks,
                   f"{game.game.name}: {spec.name.lower()}", words=context.game.game.phrases)
    sides, exports = [], []
    for face, home in zip(faces, hex_map(game).homes):
        front, back = standee_sides(face, spec)
        sides += [front, back]
        exports.append(ExportEntry(front.key, back.key, 1, f"{colours[home.id].name} {spec.name.lower().rstrip('s')}",
                                   f"{home.name}, seat colour {colours[home.id].name}.", upright=True))
    return ComponentPlan(spec.id, spec.kind, [*faces, *sides], [Section(document_of(spec), spec.name, pages, pack_items=tuple(items), pack_layout="extras")],
                         svgs=[f.key for f in faces], exports=exports,
                         contents=[game.game.phrases.text("words.cover.box.standees", n=game.game.phrases.number(len(faces)),
                                                          name=game.game.phrases.noun(spec.name))])
