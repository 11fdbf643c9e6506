"""Cut a rectangle out of an SVG as an SVG of its own (a standee's front out of its fold strip)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"


def crop_svg(svg: str, box: tuple[float, float, float, float], turn: bool = False) -> str:
    """The part of an SVG inside `box` (x, y, width, height in its user units, which are mm),
    as an SVG of that size in mm; `turn` gives it a half turn (a side printed upside down)."""
    return crop_svgs(svg, [(box, turn)])[0]


def crop_svgs(svg: str, cuts: list[tuple[tuple[float, float, float, float], bool]]) -> list[str]:
    """`crop_svg` for several (box, turn) cuts of one SVG, which is parsed once (large art made
    the parse the dear part: a standee's front and back come from one strip)."""
    ET.register_namespace("", SVG_NS)
    root = ET.fromstring(svg)
    children = list(root)
    kept = {key: value for key, value in root.attrib.items() if key not in ("width", "height", "viewBox")}
    crops = []
    for (x, y, w, h), turn in cuts:
        crop = ET.Element(f"{{{SVG_NS}}}svg", kept)
        crop.set("width", f"{w:.3f}mm")
        crop.set("height", f"{h:.3f}mm")
        crop.set("viewBox", f"0 0 {w:.3f} {h:.3f}")
        transform = f"translate({-x:.3f} {-y:.3f})"
        if turn:
            transform = f"rotate(180 {w / 2:.3f} {h / 2:.3f}) " + transform
        group = ET.SubElement(crop, f"{{{SVG_NS}}}g", {"transform": transform})
        group.extend(children)   # shared, not copied: serialising never changes them
        crops.append(ET.tostring(crop, encoding="unicode"))
    return crops
