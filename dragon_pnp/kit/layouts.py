"""Sheet layouts as validated data (sheet_layouts.yaml), looked up by name."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from dragon_pnp.data.models import PrintProfile
from dragon_pnp.paper import paper_size_mm

LAYOUT_FILE = Path(__file__).with_name("sheet_layouts.yaml")
# The band at the paper edge that home printers cannot reach: nothing that matters goes there.
PRINTER_MARGIN_MM = 5.0


class SheetLayout(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    orientation: Literal["portrait", "landscape"] = "portrait"
    flow: Literal["grid", "shelves"] = "grid"
    columns: int = Field(default=1, ge=1, le=20)
    rows: int = Field(default=1, ge=1, le=20)
    turn: bool = False
    gap_mm: float = Field(default=1, ge=0, le=50)
    min_bleed_mm: float = Field(default=2, ge=0, le=10)
    margin_mm: float = Field(default=PRINTER_MARGIN_MM, ge=0, le=50)
    backs: Literal["none", "duplex", "fold"] = "none"
    marks: Literal["crop", "outline", "none"] = "crop"
    # Neighbours abut and share one cut; bleed only round the block (a grid's choice, print.yaml).
    shared_cut: bool = False
    # A grid whose pieces each keep their own bleed shares its cuts instead when that puts more
    # pieces on a page (3 x 3 poker cards on Letter, where own bleeds leave room for 8).
    shared_cut_when_fuller: bool = False

    def page_size(self, paper: str) -> tuple[float, float]:
        width, height = paper_size_mm(paper)
        return (height, width) if self.orientation == "landscape" else (width, height)


@cache
def sheet_layouts() -> dict[str, SheetLayout]:
    raw = yaml.safe_load(LAYOUT_FILE.read_text(encoding="utf-8"))
    return {name: SheetLayout.model_validate(value) for name, value in raw.items()}


def sheet_layout(name: str) -> SheetLayout:
    return sheet_layouts()[name]


def sheet_layout_for(name: str, profile: PrintProfile, paper: str | None = None) -> SheetLayout:
    """A layout with the game's own bleed and gutter for it (print.yaml `sheets`), if any. Shared
    cuts: the layout's own choice (`shared_cut`, or `shared_cut_when_fuller`) unless the game
    names the papers it wants them on (`shared_cut_on`; an empty list keeps every piece's own
    bleed, the layout before shared cuts became the default)."""
    layout = sheet_layout(name)
    override = profile.sheets.get(name)
    if override is None:
        return layout
    changes: dict[str, object] = {}
    if paper is None or paper in override.papers:
        changes = {field: value for field, value in override.model_dump(exclude={"shared_cut_on", "papers"}).items()
                   if value is not None}
    if override.shared_cut_on is not None:
        changes["shared_cut"] = paper is not None and paper in override.shared_cut_on
        changes["shared_cut_when_fuller"] = False
    return layout.model_copy(update=changes)
