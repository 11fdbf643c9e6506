"""The words a face shows, read back from its SVG: a card's tooltip when its data row has no
`rules`/`text` field (the effect is then written by the template, from other fields)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

_TEXT = "{http://www.w3.org/2000/svg}text"


def visible_text(svg: str, leave_out: str = "") -> str:
    """Each <text> element's words on its own line, in drawing order, without `leave_out` (the
    name); a wrapped sentence (a line continuing in lower case) is joined back into one."""
    try:
        root = ET.fromstring(svg)
    except ET.ParseError:
        return ""
    lines: list[str] = []
    for element in root.iter(_TEXT):
        line = re.sub(r"\s+", " ", "".join(element.itertext())).strip()
        if not line or line == leave_out:
            continue
        if lines and lines[-1][-1] not in ".!?:" and line[0].islower():
            lines[-1] += " " + line   # a sentence the template wrapped onto the next line
        else:
            lines.append(line)
    return "\n".join(lines)
