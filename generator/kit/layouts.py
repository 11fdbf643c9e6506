"""Sheet layouts as validated data (sheet_layouts.yaml), looked up by name."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from generator.paper import paper_size_mm

LAYOUT_FILE = Path(__file__).with_name("sheet_layouts.yaml")


class SheetLayout(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # "best": whichever of portrait and landscape holds more pieces (portrait on a tie).
    orientation: Literal["portrait", "landscape", "best"] = "portrait"
    flow: Literal["grid", "shelves"] = "grid"
    # "fit": as many as fit the paper, trims kept margin_mm from its edge (any piece size).
    columns: Annotated[int, Field(ge=1, le=40)] | Literal["fit"] = 1
    rows: Annotated[int, Field(ge=1, le=40)] | Literal["fit"] = 1
    spacing: Literal["shared", "bleed"] = "bleed"
    gap_mm: float = Field(default=0, ge=0, le=50)
    margin_mm: float = Field(default=0, ge=0, le=50)
    backs: Literal["none", "duplex", "fold"] = "none"
    marks: Literal["crop", "outline", "none"] = "crop"

    def page_size(self, paper: str) -> tuple[float, float]:
        width, height = paper_size_mm(paper)
        return (height, width) if self.orientation == "landscape" else (width, height)

    @property
    def fitted(self) -> bool:
        """Whether the imposer must work out the grid (and orientation) from the piece size."""
        return self.columns == "fit" or self.rows == "fit" or self.orientation == "best"


@cache
def sheet_layouts() -> dict[str, SheetLayout]:
    raw = yaml.safe_load(LAYOUT_FILE.read_text(encoding="utf-8"))
    return {name: SheetLayout.model_validate(value) for name, value in raw.items()}


def sheet_layout(name: str) -> SheetLayout:
    return sheet_layouts()[name]
