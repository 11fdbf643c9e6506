"""Helpers for component tests: plan a game's components, render their documents, write a game."""

from __future__ import annotations

from pathlib import Path

from dragon_pnp.components.base import ComponentPlan
from dragon_pnp.data import GameData
from dragon_pnp.games.registry import load_game
from dragon_pnp.kit.kit import combine, plan_components, render_plan
from dragon_pnp.kit.kit import write_documents as write_kit_documents

DEFAULT_PRINT = """paper: letter
bleed_mm: 3
crop_mark_mm: 5
crop_gap_mm: 1
card: {safe_mm: 4, min_font_pt: 6.5}
png_dpi: 150
palettes: {cards: {gold: "#d4a72c"}}
"""

MANIFEST = """name: Test Game
designers: [Tests]
licence: CC0 1.0
credits: Written by the component tests.
players: {min: 2, max: 4}
playtime_minutes: 10
minimum_age: 8
"""


def plan_all(game: GameData, paper: str | None = None, duplex: bool = True) -> list[ComponentPlan]:
    return list(plan_components(game, paper or game.print_profile.paper, duplex))


def write_documents(game: GameData, plans: list[ComponentPlan], paper: str, duplex: bool,
                    folder: Path) -> dict[str, Path]:
    """The plans' documents rendered by the kit (workers, cache) and finished, by document name."""
    plan = combine(game, paper, duplex, plans)
    rendered, _ = render_plan(plan)
    return write_kit_documents(plan, rendered, folder)


def write_game(folder: Path, components: str, files: dict[str, str] | None = None, print_yaml: str = DEFAULT_PRINT,
               extra: str = "") -> GameData:
    """A game folder written from text (game.yaml's `components:` block and other files), then loaded."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(f"{MANIFEST}{extra}components:\n{components}", encoding="utf-8")
    (folder / "print.yaml").write_text(print_yaml, encoding="utf-8")
    for name, text in (files or {}).items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return load_game(folder)
