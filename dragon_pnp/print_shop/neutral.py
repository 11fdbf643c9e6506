"""Neutral RGB colours declared as DeviceGray before conversion, so grey text and lines print in K only.

cairo writes every colour as DeviceRGB, body text included (#1d1d1d). Converted through a CMYK
profile, such a grey becomes four-colour rich black, which small text must never be (the plates
never register exactly). An RGB colour with r = g = b is exactly the grey of the same level;
written as `g`/`G` instead, Ghostscript maps it to the K plate alone (its DeviceGrayToK rule).
Chromatic colours are left for the profile to convert.
"""

from __future__ import annotations

from typing import Any

import pikepdf

_GREY_OPERATORS = {"rg": "g", "RG": "G"}


def grey_neutrals(pdf: pikepdf.Pdf) -> int:
    """Rewrite `r r r rg` as `r g` (and RG as G) in every page and form XObject; returns how many."""
    changed = 0
    seen: set[tuple[int, int]] = set()
    for page in pdf.pages:
        changed += _rewrite(page.obj, pdf, seen, is_page=True)
    return changed


def _rewrite(holder: pikepdf.Object, pdf: pikepdf.Pdf, seen: set[tuple[int, int]], is_page: bool = False) -> int:
    changed = 0
    resources = holder.get("/Resources")
    if resources is not None:
        for form in _forms(resources):
            if form.objgen in seen:
                continue
            seen.add(form.objgen)
            changed += _rewrite(form, pdf, seen)
        for gstate in (resources.get("/ExtGState") or {}).values():
            mask = gstate.get("/SMask") if isinstance(gstate, pikepdf.Dictionary) else None
            if isinstance(mask, pikepdf.Dictionary) and "/G" in mask and mask.G.objgen not in seen:
                seen.add(mask.G.objgen)
                changed += _rewrite(mask.G, pdf, seen)
    # pikepdf parses to (operands, operator) pairs; its stubs type them as instruction objects
    instructions: list[Any] = pikepdf.parse_content_stream(pikepdf.Page(holder) if is_page else holder)
    out: list[Any] = []
    count = 0
    for operands, operator in instructions:
        name = str(operator)
        if name in _GREY_OPERATORS and len(operands) == 3 and float(operands[0]) == float(operands[1]) == float(operands[2]):
            out.append(([operands[0]], pikepdf.Operator(_GREY_OPERATORS[name])))
            count += 1
        else:
            out.append((operands, operator))
    if count:
        data = pikepdf.unparse_content_stream(out)
        if is_page:
            holder.Contents = pdf.make_stream(data)
        else:
            holder.write(data)
    return changed + count


def _forms(resources: pikepdf.Object) -> list[pikepdf.Object]:
    xobjects: Any = resources.get("/XObject") or {}
    return [x for x in xobjects.values() if isinstance(x, pikepdf.Stream) and x.get("/Subtype") == "/Form"]
