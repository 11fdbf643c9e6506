"""Six-sided dice: a fold-up cube net per die, and a sticker sheet for blank dice.

The net is the usual cross (a column of four faces with one face either side of the second)
with seven glue tabs, one on an edge of each pair that meets when folded. Faces opposite each
other on the cube are the 1st and 6th, 2nd and 5th, 3rd and 4th of the set's faces, so pips
1-6 sum to seven across the cube as on a standard die.
"""

from __future__ import annotations

from typing import Any

from dragon_pnp.components.base import ComponentPlan, PageSpan, PlanContext, Section
from dragon_pnp.components.drawing import PieceFrame, face_key, manifest_location, render_face
from dragon_pnp.components.templates import RenderSite
from dragon_pnp.data.components import DiceSpec, DieSet, document_of
from dragon_pnp.data.lang.words import SOURCE_LANGUAGE
from dragon_pnp.errors import Location
from dragon_pnp.kit.faces import Face, Item
from dragon_pnp.kit.imposition import impose

Point = tuple[float, float]

# Cells of the cross in face-size units (column, row), by face index (0-5): 0 opposite 5,
# 1 opposite 4, 2 opposite 3.
NET_CELLS: dict[int, tuple[int, int]] = {0: (1, 1), 1: (1, 0), 2: (0, 1), 3: (2, 1), 4: (1, 2), 5: (1, 3)}
# The cross's outline clockwise (y down) from the top-left of the top face, in face units, and
# whether each edge carries a glue tab. The seven tabbed edges are one of each pair of edges
# that meet when the cube is folded (the other is glued onto the tab).
NET_EDGES: tuple[tuple[Point, Point, bool], ...] = (
    ((1, 0), (2, 0), False), ((2, 0), (2, 1), True), ((2, 1), (3, 1), False), ((3, 1), (3, 2), False),
    ((3, 2), (2, 2), False), ((2, 2), (2, 3), True), ((2, 3), (2, 4), True), ((2, 4), (1, 4), True),
    ((1, 4), (1, 3), True), ((1, 3), (1, 2), True), ((1, 2), (0, 2), False), ((0, 2), (0, 1), False),
    ((0, 1), (1, 1), False), ((1, 1), (1, 0), True),
)
# Folds between faces (the tab folds are the tabbed edges).
NET_FOLDS: tuple[tuple[Point, Point], ...] = (
    ((1, 1), (2, 1)), ((1, 1), (1, 2)), ((2, 1), (2, 2)), ((1, 2), (2, 2)), ((1, 3), (2, 3)),
)
TAB_END = 0.35            # a tab's ends are cut back along its edge by up to this much of a face
STICKER_FRACTION = 0.85   # a sticker for a blank die: smaller than the face, clear of its rounded edges


def tab_depth(size: float) -> float:
    """Glue tabs wide enough to hold (4 to 10 mm) but never past half a face."""
    return min(max(0.22 * size, 4.0), 10.0, 0.5 * size)


def net_size(size: float) -> tuple[float, float]:
    """The net's trim: three faces wide, four faces and the bottom tab tall."""
    return (3 * size, 4 * size + tab_depth(size))


def net_outline(size: float) -> tuple[Point, ...]:
    """The cut line of a net, in mm from its trim's top-left: the cross with its glue tabs."""
    depth = tab_depth(size)
    inset = min(depth, size * TAB_END)  # 45-degree ends where the face is large enough
    points: list[Point] = []
    for (ax, ay), (bx, by), tabbed in NET_EDGES:
        a, b = (ax * size, ay * size), (bx * size, by * size)
        points.append(a)
        if tabbed:
            dx, dy = (b[0] - a[0]) / size, (b[1] - a[1]) / size      # unit direction along the edge
            nx, ny = dy, -dx                                          # outward, for a clockwise walk
            points.append((a[0] + dx * inset + nx * depth, a[1] + dy * inset + ny * depth))
            points.append((b[0] - dx * inset + nx * depth, b[1] - dy * inset + ny * depth))
    return tuple((round(x, 4), round(y, 4)) for x, y in points)


def net_tabs(size: float) -> list[tuple[Point, ...]]:
    """Each glue tab as a four-cornered polygon (the base is its fold line)."""
    outline = net_outline(size)
    tabs: list[tuple[Point, ...]] = []
    i = 0
    for (_ax, _ay), (bx, by), tabbed in NET_EDGES:
        if tabbed:
            tabs.append((outline[i], outline[i + 1], outline[i + 2], (bx * size, by * size)))
            i += 3
        else:
            i += 1
    return tabs


def face_values(die: DieSet) -> list[tuple[Any, int | None]]:
    """(what the face shows, pips or None) for faces 0-5: pips 1-6, or the set's own faces."""
    if die.faces is None:
        return [(n, n) for n in range(1, 7)]
    return [(value, None) for value in die.faces]


def plan(spec: DiceSpec, context: PlanContext) -> ComponentPlan:
    bleed = float(context.game.print_profile.bleed_mm)
    result = ComponentPlan(spec.id, spec.kind)
    nets: list[Item] = []
    stickers: list[Item] = []
    faces: dict[str, Face] = {}
    shared = {"spec": spec, "game": context.game.game, "profile": context.game.print_profile}
    for index, die in enumerate(spec.sets):
        size = die.size_mm
        values = face_values(die)
        site = _site(context, spec, index, die)
        width, height = net_size(size)
        frame = PieceFrame(width, height, bleed, 0.0)
        cells = [{"x": NET_CELLS[i][0] * size, "y": NET_CELLS[i][1] * size, "value": v, "pips": p}
                 for i, (v, p) in enumerate(values)]
        folds = [((a[0] * size, a[1] * size), (b[0] * size, b[1] * size)) for a, b in NET_FOLDS]
        svg = render_face(context, "components/die_net.svg.j2", (frame.full_width, frame.full_height), site,
                          die=die, size=size, frame=frame, cells=cells, tabs=net_tabs(size), folds=folds,
                          outline=net_outline(size), **shared)
        key = face_key(spec.id, f"{die.id}-net")
        faces[key] = Face(key, svg, (width, height), bleed, outline=net_outline(size))
        nets.extend(Item(key, None, f"{die.name} die") for _ in range(die.count))
        if spec.sticker_sheet:
            side = round(STICKER_FRACTION * size, 3)
            sticker_frame = PieceFrame(side, side, bleed, 0.0)
            for number, (value, pips) in enumerate(values, start=1):
                sticker = render_face(context, "components/die_face.svg.j2",
                                      (sticker_frame.full_width, sticker_frame.full_height), site,
                                      die=die, size=side, frame=sticker_frame, value=value, pips=pips, **shared)
                sticker_key = face_key(spec.id, f"{die.id}-sticker-{number}")
                faces[sticker_key] = Face(sticker_key, sticker, (side, side), bleed)
                stickers.extend(Item(sticker_key, None, f"{die.name} die") for _ in range(die.count))
        result.svgs.append(key)
        # Each face alone at the die's size, no bleed: what a table simulator wraps on a cube.
        face_frame = PieceFrame(size, size, 0.0, 0.0)
        plain = tuple(render_face(context, "components/die_face.svg.j2", (size, size), site, die=die, size=size,
                                  frame=face_frame, value=value, pips=pips, **shared) for value, pips in values)
        result.dice.append((die.id, die.name, size, plain, die.count))
    result.faces = list(faces.values())
    title = f"{context.game.game.name}: {spec.name}"
    words = context.game.game.phrases
    result.sections.append(Section(document_of(spec), words.text("words.section.cube_nets", name=spec.name),
                                   impose(nets, faces, context.layout("die_nets"), context.paper, context.marks,
                                          words.text("words.sheet.cube_nets", title=title), words=words)))
    if stickers:
        result.sections.append(Section(document_of(spec), words.text("words.section.dice_stickers", name=spec.name),
                                       impose(stickers, faces, context.layout("stickers"), context.paper, context.marks,
                                              words.text("words.sheet.dice_stickers", title=title), words=words),
                                       # a game printing its dice with its tokens fills their sheet's free room
                                       pack_items=tuple(stickers), pack_layout="stickers"))
        result.alternatives.append((PageSpan(spec.id, words.text("words.cover.either.cube_nets"), section=0),
                                    PageSpan(spec.id, words.text("words.cover.either.dice_stickers"), section=1)))
    parts = [words.text("words.cover.box.die_set", n=words.number(die.count), name=words.noun(die.name), size=f"{die.size_mm:g}")
             for die in spec.sets]
    sets = " and ".join(parts) if words.language == SOURCE_LANGUAGE else words.names(parts)
    also = words.text("words.cover.box.dice_stickers") if stickers else ""
    result.contents.append(words.text("words.cover.box.dice", name=words.noun(spec.name), sets=sets, also=also))
    return result


def _site(context: PlanContext, spec: DiceSpec, index: int, die: DieSet) -> RenderSite:
    def locate(field: str | None) -> Location:
        path: tuple[Any, ...] = ("sets", index)
        if field is not None and field.isdigit():
            path += ("faces", int(field))
        elif field in DieSet.model_fields:
            path += (field,)
        return manifest_location(context, spec, *path) or Location("game.yaml", field=f"components: {spec.id}")

    return RenderSite(f'die set "{die.name}"', {"name": die.name, **{str(i): f for i, f in enumerate(die.faces or [])}},
                      locate, manifest_location(context, spec))
