"""Neutral RGB colours declared as DeviceGray before conversion, so grey text and lines print in K only.

cairo writes every colour as DeviceRGB, body text included (#1d1d1d). Converted through a CMYK
profile, such a grey becomes four-colour rich black, which small text must never be (the plates
never register exactly). An RGB colour with r = g = b is exactly the grey of the same level;
written as `g`/`G` instead, Ghostscript maps it to the K plate alone (its DeviceGrayToK rule).
Chromatic colours are left for the profile to convert. Transparency groups are set to blend
in CMYK first (`blend_in_cmyk`), so a page PDF/X-1a flattens keeps its greys on K as well.
"""

from __future__ import annotations

from typing import Any

import pikepdf

_GREY_OPERATORS = {"rg": "g", "RG": "G"}


def prepare(pdf: pikepdf.Pdf) -> int:
    """Everything done to a kit PDF before Ghostscript converts it: neutral colours as grey, and
    transparency composited in CMYK; returns how many colours were greyed."""
    for page in pdf.pages:
        blend_in_cmyk(page)
    return grey_neutrals(pdf)


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


def blend_in_cmyk(page: pikepdf.Page) -> None:
    """A transparency group blending in DeviceRGB (cairo's) blends in the output's CMYK instead.

    Done before Ghostscript converts: PDF/X-1a has no transparency, so Ghostscript flattens such
    a page to an image, compositing in the group's space. In RGB, grey text and rules became RGB
    greys there and then four-colour rich black (C72 M68 Y67 K89); composited in CMYK, DeviceGray
    keeps to the K plate (DeviceGrayToK), as on the X-4 pages."""
    stack: list[Any] = [page.obj]
    seen: set[tuple[int, int]] = set()
    while stack:
        holder = stack.pop()
        group = holder.get("/Group")
        if isinstance(group, pikepdf.Dictionary) and group.get("/CS") in ("/DeviceRGB", "/CalRGB"):
            group.CS = pikepdf.Name.DeviceCMYK
        resources = holder.get("/Resources")
        if not isinstance(resources, pikepdf.Dictionary):
            continue
        for form in (resources.get("/XObject") or {}).values():
            if isinstance(form, pikepdf.Stream) and form.objgen not in seen:
                seen.add(form.objgen)
                stack.append(form)
        for gstate in (resources.get("/ExtGState") or {}).values():
            mask = gstate.get("/SMask") if isinstance(gstate, pikepdf.Dictionary) else None
            if isinstance(mask, pikepdf.Dictionary) and isinstance(mask.get("/G"), pikepdf.Stream) and mask.G.objgen not in seen:
                seen.add(mask.G.objgen)
                stack.append(mask.G)
