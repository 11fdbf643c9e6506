"""What every component planner does to turn a template into a face: frames, keys, checks, marks.

A face template draws in millimetres with its origin at the top-left of the bleed box, and its
root `<svg>` says so (`width="69mm"`, the face with its bleed). The planner checks that, so a
template drawn for another size is a located error rather than a misprinted sheet.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from xml.parsers.expat import ErrorString

from dragon_pnp.components.templates import RenderSite, template_file
from dragon_pnp.errors import DataError, Location
from dragon_pnp.fonts import SVG_FONT_FAMILY
from dragon_pnp.kit.faces import format_mm
from dragon_pnp.kit.script_text import script_text
from dragon_pnp.kit.text_fit import text_width_mm

if TYPE_CHECKING:
    from dragon_pnp.components.base import PlanContext
    from dragon_pnp.data.components import ComponentBase

MARK_MIN_INSET_MM = 3.0   # every card service cuts within 3 mm of the trim
MARK_PT = 4.5
PT_MM = 25.4 / 72.0
SIZE_TOLERANCE_MM = 0.01


@dataclass(frozen=True)
class PieceFrame:
    """Where things go on a piece, in trim coordinates (mm, y down); templates add `bleed` to draw."""

    width: float
    height: float
    bleed: float
    safe: float
    shape: str = "rect"

    @property
    def full_width(self) -> float:
        return self.width + 2 * self.bleed

    @property
    def full_height(self) -> float:
        return self.height + 2 * self.bleed

    @property
    def safe_box(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of the safe zone: text and art that matters stay inside it."""
        return (self.safe, self.safe, self.width - self.safe, self.height - self.safe)

    @property
    def safe_width(self) -> float:
        return self.width - 2 * self.safe

    @property
    def safe_height(self) -> float:
        return self.height - 2 * self.safe


def card_frame(context: PlanContext, trim_mm: tuple[float, float]) -> PieceFrame:
    profile = context.game.print_profile
    return PieceFrame(trim_mm[0], trim_mm[1], float(profile.bleed_mm), float(profile.card.safe_mm))


def face_key(component_id: str, name: Any) -> str:
    """A face's file name: the component id, then the row's name, lower case with dashes."""
    slug = re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-") or "x"
    return f"{component_id.replace('_', '-')}-{slug}"


def manifest_location(context: PlanContext, spec: ComponentBase, *path: Any) -> Location | None:
    """Where a field of this component's entry sits in game.yaml, when the game knows."""
    components = getattr(context.game.game, "components", None) or []
    index = next((i for i, entry in enumerate(components) if getattr(entry, "id", None) == spec.id), None)
    if index is None:
        return None
    try:
        return context.game.locate("game.yaml", "components", index, *path)
    except (KeyError, AttributeError):
        return None


def render_face(context: PlanContext, template: str, size_mm: tuple[float, float], site: RenderSite,
                **values: Any) -> str:
    """A face's SVG from its template, checked to be well-formed and drawn at the face's size in millimetres."""
    svg = context.render(template, site=site, **values)
    check_well_formed(svg, template, site, context)
    check_face_size(svg, size_mm, template, site)
    return svg


def check_well_formed(svg: str, template: str, site: RenderSite, context: PlanContext) -> None:
    """Refuse a face that is not well-formed XML here, where the card is known: cairosvg would
    fail on it later in a render worker, long after anyone knows which template drew it."""
    try:
        ET.fromstring(svg)
    except ET.ParseError as exc:
        line, offset = exc.position
        lines = svg.splitlines()
        shown = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        if len(shown) > 80:
            shown = shown[:77] + "..."
        row = site.where(None)
        raise DataError(Location(template_file(context.game, template)),
                        f"the SVG drawn for {site.what}{f' ({row})' if row else ''} is not well-formed XML: "
                        f"{ErrorString(exc.code)} at line {line}, column {offset + 1} of the rendered SVG"
                        f"{f' ({shown!r})' if shown else ''}; close every tag, and print text without the safe filter "
                        f"so < and & are escaped") from None


_ROOT = re.compile(r"<svg\b[^>]*>", re.S)
_LENGTH = re.compile(r'\b(width|height)\s*=\s*"([0-9.]+)\s*(mm)?"')


def check_face_size(svg: str, size_mm: tuple[float, float], template: str, site: RenderSite) -> None:
    root = _ROOT.search(svg)
    found = {name: (float(value), unit) for name, value, unit in _LENGTH.findall(root.group(0))} if root else {}
    wanted = {"width": size_mm[0], "height": size_mm[1]}
    for name, value in wanted.items():
        got = found.get(name)
        if got is None or got[1] != "mm" or abs(got[0] - value) > SIZE_TOLERANCE_MM:
            shown = f'{got[0]:g}{got[1]}' if got else "nothing"
            raise DataError(Location(template), f'the root <svg> must have {name}="{format_mm(value)}mm" '
                                                f"(the face with its bleed, drawing {site.what}); it has {shown}")


def version_mark(context: PlanContext, provisional: bool, own_version: object = None) -> str | None:
    """The mark provisional faces carry ('provisional v0.2'), or None when values are final: a
    card's own version (a `version` column) where it has one, else the game's; one mark a card."""
    manifest = context.game.game
    if not (provisional or getattr(manifest, "provisional", False)):
        return None
    version = own_version or getattr(manifest, "version", None)
    words = manifest.phrases   # the kit's language
    return words.text("words.provisional_version", version=str(version)) if version else words.text("words.provisional")


def with_mark(svg: str, mark: str | None, frame: PieceFrame) -> str:
    """Print `mark` small at the bottom centre, its tab just inside the safe zone: a print
    service's cut may wander 3 mm into the trim, and the mark must survive it."""
    if not mark:
        return svg
    size = MARK_PT * PT_MM
    inset = max(frame.safe, MARK_MIN_INSET_MM)
    baseline = frame.bleed + frame.height - inset - 0.3 * size   # the tab's bottom edge sits `inset` above the trim
    width = text_width_mm(mark, MARK_PT) + 1.6
    centre = frame.full_width / 2
    # On a light tab of its own, so it reads on whatever the template drew there.
    text = (f'<rect x="{format_mm(centre - width / 2)}" y="{format_mm(baseline - size * 0.95)}" '
            f'width="{format_mm(width)}" height="{format_mm(size * 1.25)}" rx="0.5" fill="#ffffff" fill-opacity="0.9"/>\n'
            f'<text x="{format_mm(centre)}" y="{format_mm(baseline)}" font-size="{format_mm(size)}" '
            f'font-family="{_escape(SVG_FONT_FAMILY)}" text-anchor="middle" fill="#4a4a4a">{_escape(mark)}</text>\n')
    # Drawn after the face's own text went through the script pass: a translated mark (Arabic,
    # Japanese) needs its face, joining and order too; an ASCII one comes back unchanged.
    text = script_text(text, "version mark")
    end = svg.rfind("</svg>")
    return svg[:end] + text + svg[end:]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
