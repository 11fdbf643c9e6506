"""A stand-in for the generic GameData while the manifest loader is being written elsewhere.

It reads a game folder's game.yaml `components:` (validated with the real component models),
print.yaml (the generic print fields) and each deck's rows with `load_rows`, and offers the
attributes planners read: `game`, `print_profile`, `root`, `rows`, `locate`, `module`.
`kit_plan` joins component plans into the kit's `KitPlan` so tests can render them with the
existing render path. Replace both with `load_game` and the kit assembly once they land.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pydantic import TypeAdapter

from generator.components.base import ComponentPlan, PlanContext
from generator.components.registry import plan_component
from generator.data.components import Component
from generator.data.located_yaml import SourceMap, load_yaml
from generator.data.rows import load_rows
from generator.kit.imposition import MarkStyle
from generator.kit.kit import KitPlan


@dataclass
class StandinGame:
    root: Path
    game: Any
    print_profile: Any
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    sources: dict[str, SourceMap] = field(default_factory=dict)
    module: Any = None

    @property
    def slug(self) -> str:
        return self.root.name

    def locate(self, file: str, *path: Any):
        return self.sources[file].locate(path)


def load_standin(folder: Path) -> StandinGame:
    folder = Path(folder)
    raw, game_source = load_yaml(folder / "game.yaml")
    components = TypeAdapter(list[Component]).validate_python(raw.get("components", []))
    manifest = SimpleNamespace(name=raw["name"], version=raw.get("version"), provisional=raw.get("provisional", False),
                               components=components)
    profile_raw, profile_source = load_yaml(folder / "print.yaml")
    card = profile_raw.get("card", {})
    profile = SimpleNamespace(
        paper=profile_raw["paper"], bleed_mm=profile_raw["bleed_mm"], crop_mark_mm=profile_raw["crop_mark_mm"],
        crop_gap_mm=profile_raw["crop_gap_mm"], png_dpi=profile_raw.get("png_dpi", 300),
        card=SimpleNamespace(safe_mm=card.get("safe_mm", 4), min_font_pt=card.get("min_font_pt", 6.5)),
        colours=profile_raw.get("colours", {}),
    )
    game = StandinGame(folder, manifest, profile, sources={"game.yaml": game_source, "print.yaml": profile_source})
    for spec in components:
        if spec.kind == "deck":
            rows, source = load_rows(folder / spec.cards, spec.count_field)
            game.rows[spec.id] = rows
            game.sources[spec.cards] = source
    return game


def plan_all(game: StandinGame, paper: str | None = None, duplex: bool = True) -> list[ComponentPlan]:
    paper = paper or game.print_profile.paper
    context = PlanContext(game, paper, duplex, MarkStyle(game.print_profile.crop_gap_mm, game.print_profile.crop_mark_mm))  # type: ignore[arg-type]
    return [plan_component(spec, context) for spec in game.game.components]


def kit_plan(game: StandinGame, plans: list[ComponentPlan], paper: str, duplex: bool = True) -> KitPlan:
    """The component plans as one KitPlan: documents in order, one bookmarked part per section."""
    faces, documents, sections = {}, {}, {}
    pngs, svgs = [], []
    for plan in plans:
        faces.update({face.key: face for face in plan.faces})
        for section in plan.sections:
            documents.setdefault(section.document, []).extend(section.pages)
            sections.setdefault(section.document, []).append((section.title, len(section.pages)))
        pngs += plan.pngs
        svgs += plan.svgs
    return KitPlan(game, paper, duplex, faces, documents, {}, pngs, svgs, sections)  # type: ignore[arg-type]


DEFAULT_PRINT = """paper: letter
bleed_mm: 3
crop_mark_mm: 5
crop_gap_mm: 1
card: {safe_mm: 4, min_font_pt: 6.5}
png_dpi: 150
colours: {gold: "#d4a72c"}
"""


def write_game(folder: Path, components: str, files: dict[str, str] | None = None, print_yaml: str = DEFAULT_PRINT,
               extra: str = "") -> StandinGame:
    """A game folder written from text (game.yaml's `components:` block and other files), then loaded."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(f"name: Test Game\n{extra}components:\n{components}", encoding="utf-8")
    (folder / "print.yaml").write_text(print_yaml, encoding="utf-8")
    for name, text in (files or {}).items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return load_standin(folder)
