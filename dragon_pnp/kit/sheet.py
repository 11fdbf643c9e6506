"""What a printed page holds: placed faces, cut and fold marks, and a label (mm, y down)."""

from __future__ import annotations

from dataclasses import dataclass, field

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Placement:
    """A face (or composite form) placed with its bleed box's top-left at (x, y)."""

    form: str
    x: float
    y: float
    width: float          # placed size of the bleed box, after scaling
    height: float
    trim: Rect | None = None
    clip: tuple[Point, ...] | None = None   # polygon the art is clipped to
    scale: float = 1.0
    rotate: int = 0       # degrees clockwise: 0, 90, 180 or 270 (the placed box is the turned one)


@dataclass(frozen=True)
class Composite:
    """A form made of other forms (the assembled board), `size` in mm."""

    key: str
    size: tuple[float, float]
    placements: tuple[Placement, ...]


@dataclass(frozen=True)
class Segment:
    a: Point
    b: Point


@dataclass
class SheetPage:
    """One page: placements drawn first, then marks and labels on top."""

    size: tuple[float, float]
    placements: list[Placement] = field(default_factory=list)
    crop_marks: list[Segment] = field(default_factory=list)
    fold_marks: list[Segment] = field(default_factory=list)
    outlines: list[tuple[Point, ...]] = field(default_factory=list)   # closed cut lines
    circles: list[tuple[Point, float]] = field(default_factory=list)  # round cut lines
    label: str = ""
    label_at: tuple[float, float, int] | None = None  # x, y, rotation of the label
    svg_overlay: str = ""   # extra SVG drawn over everything (poster marks, diagrams)
    shared_cut: bool = False   # neighbours abut on one cut (the cover says what that trades)
