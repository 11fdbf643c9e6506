"""A stand-in for the generic GameData while the manifest loader is being written elsewhere.

It reads a game folder's game.yaml `components:` (validated with the real component models),
print.yaml (the generic print fields) and each deck's rows with `load_rows`, and offers the
attributes planners read: `game`, `print_profile`, `root`, `rows`, `locate`, `module`.
`write_documents` renders the plans' documents with the kit's render workers, cache and PDF
finishing. Replace both with `load_game` and the kit assembly once they land.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pydantic import TypeAdapter

from generator.components.base import ComponentPlan, PlanContext, Section
from generator.components.registry import plan_component
from generator.data.components import Component
from generator.data.located_yaml import SourceMap, load_yaml
from generator.data.rows import load_rows
from generator.kit.imposition import MarkStyle


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


def write_documents(game: StandinGame, plans: list[ComponentPlan], paper: str, duplex: bool, folder: Path,
                    cache: Any = None, build: str = "") -> dict[str, Path]:
    """Every document the plans print into, rendered by the kit's workers and cache and finished
    (page boxes, metadata, one bookmark per section): the kit assembly in miniature."""
    from generator.kit.parallel import submit_all
    from generator.kit.render_jobs import DocumentJob
    from generator.pdf import MergePart, finish_document, merge

    svgs = {face.key: face.svg for plan in plans for face in plan.faces}
    sections: dict[str, list[Section]] = {}
    for plan in plans:
        for section in plan.sections:
            sections.setdefault(section.document, []).append(section)
    jobs = []
    for document, parts in sections.items():
        for number, section in enumerate(parts, start=1):
            used = {placement.form for page in section.pages for placement in page.placements}
            jobs.append(DocumentJob(f"{document}#{number}", tuple(section.pages),
                                    {key: svgs[key] for key in sorted(used)}, {}, ("",) * len(section.pages)))
    rendered, _ = submit_all(jobs, [], cache, build=build).result()
    subject = f"{paper.upper()}, {'duplex' if duplex else 'fold-over'} layout"
    written = {}
    for document, parts in sections.items():
        title = f"{game.game.name}: {document.removesuffix('.pdf')}"
        pieces = [rendered[f"{document}#{n}"] for n in range(1, len(parts) + 1)]
        pdf = pieces[0] if len(pieces) == 1 else merge(
            [MergePart(piece, part.title) for piece, part in zip(pieces, parts)], title=title, subject=subject)
        boxes = [_page_boxes(page) for part in parts for page in part.pages]
        target = folder / document
        target.write_bytes(finish_document(pdf, title=title, subject=subject, page_boxes=boxes))
        written[document] = target
    return written


def _page_boxes(page: Any) -> Any:
    from generator.paper import mm_to_pt
    from generator.pdf import PageBoxes

    if page.trim_box is None or page.bleed_box is None:
        return None

    def rect(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = box
        return (mm_to_pt(x0), mm_to_pt(page.size[1] - y1), mm_to_pt(x1), mm_to_pt(page.size[1] - y0))

    return PageBoxes(trim=rect(page.trim_box), bleed=rect(page.bleed_box))


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
