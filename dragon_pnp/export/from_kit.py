"""A game's export set from its components: every deck, piece and die as render-ready SVGs.

Each component planner says what it exports (`ComponentPlan.exports`); this module only turns
those entries into the exporters' generic model, so services and Tabletop Simulator serve every
game from its data.
"""

from __future__ import annotations

from dragon_pnp.components.base import ComponentPlan, ExportEntry
from dragon_pnp.data import GameData
from dragon_pnp.export.model import ExportCard, ExportDeck, ExportDie, ExportPiece, ExportSet
from dragon_pnp.kit.faces import Face
from dragon_pnp.kit.kit import plan_components

SHAPES = {"rect": "square", "hex": "hex", "circle": "circle"}


def export_set(game: GameData) -> ExportSet:
    """The game's decks, pieces and dice, in game.yaml order."""
    decks: list[ExportDeck] = []
    pieces: list[ExportPiece] = []
    dice: list[ExportDie] = []
    for plan in plan_components(game, game.print_profile.paper, duplex=True):
        faces = {face.key: face for face in plan.faces}
        if plan.kind == "deck":
            decks.append(_deck(game, plan, faces))
        else:
            pieces.extend(_piece(entry, faces) for entry in plan.exports if entry.kind != "die")
        dice.extend(ExportDie(f"{plan.component_id}-{die_id}", name, size, faces, count)
                    for die_id, name, size, faces, count in plan.dice)
    return ExportSet(game.slug, game.game.name, tuple(decks), tuple(pieces), tuple(dice))


def _deck(game: GameData, plan: ComponentPlan, faces: dict[str, Face]) -> ExportDeck:
    component = game.game.component(plan.component_id)
    cards = tuple(ExportCard(e.name, e.description, faces[e.front].svg, faces[e.back].svg if e.back else "", e.count)
                  for e in plan.exports)
    first = faces[plan.exports[0].front]
    return ExportDeck(plan.component_id, component.name, first.trim_mm, first.bleed_mm, cards)


def _piece(entry: ExportEntry, faces: dict[str, Face]) -> ExportPiece:
    front = faces[entry.front]
    back = faces[entry.back].svg if entry.back else None
    return ExportPiece(entry.front, entry.name, entry.description or entry.name,
                       "tile" if entry.kind == "tile" else "token", SHAPES[front.shape],  # type: ignore[arg-type]
                       front.trim_mm, front.bleed_mm, front.svg, back, entry.count, upright=entry.upright)
