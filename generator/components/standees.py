"""Fold-over standees, one per numbered tile (den) of the map, in that den's seat colour."""

from __future__ import annotations

from generator.components.base import ComponentPlan, ExportEntry, PlanContext, Section
from generator.data import GameData
from generator.data.components import StandeesSpec, document_of, hex_map, standee_spec
from generator.kit.faces import Face, Item, render_template
from generator.kit.imposition import impose
from generator.kit.layouts import sheet_layout

PT_TO_MM = 25.4 / 72.0


def pawn_faces(game: GameData) -> list[Face]:
    """A standee strip per den: base flap, front, back (upside down), base flap."""
    spec = standee_spec(game)
    bleed = game.print_profile.bleed_mm
    width, figure, base = spec.width_mm, spec.height_mm, spec.base_mm
    faces = []
    for den in hex_map(game).dens:
        colour = game.print_profile.seat_colours[den.id]
        svg = render_template("kit/pawn.svg.j2", W=width, F=figure, B=base, b=bleed, number=den.number,
                              colour=colour.hex, colour_name=colour.name, pt=PT_TO_MM)
        faces.append(Face(pawn_key(den.id), svg, (width, 2 * figure + 2 * base), bleed))
    return faces


def pawn_key(den_id: str) -> str:
    return f"pawn-{den_id.lower()}"


def plan(spec: StandeesSpec, context: PlanContext) -> ComponentPlan:
    game = context.game
    faces = pawn_faces(game)
    items = [Item(face.key, None, f"pawn {den.number}") for face, den in zip(faces, hex_map(game).dens)]
    pages = impose(items, {f.key: f for f in faces}, sheet_layout("extras"), context.paper, context.marks,
                   f"{game.game.name}: {spec.name.lower()}")
    exports = [ExportEntry(f.key, None, 1, f"{spec.name[:-1] if spec.name.endswith('s') else spec.name} {d.number}")
               for f, d in zip(faces, hex_map(game).dens)]
    return ComponentPlan(spec.id, spec.kind, faces, [Section(document_of(spec), spec.name, pages)],
                         svgs=[f.key for f in faces], exports=exports,
                         contents=[f"{len(faces)} fold-over {spec.name.lower()}"])
