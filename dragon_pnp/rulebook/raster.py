"""SVG drawn to PNG for the rulebook (reportlab has no SVG), kept in the render cache.

Every validate and build typesets the rulebook, and each drew the same cover, logo and icons
again with cairo (issue 30: ~0.5 CPU s of each Dragon Pants command). An entry is keyed by the
SVG text and the resolution, which decide the pixels; a drawing cairo refuses is never stored,
so it fails each time as it did. With the render cache off, nothing is kept.
"""

from __future__ import annotations

import hashlib

from dragon_pnp.cairo_ffi import load_cairocffi
from dragon_pnp.kit.render_cache import RenderCache


def svg_png(svg: str, dpi: int | None = None) -> bytes:
    """The SVG as PNG bytes (at `dpi`, else cairosvg's own 96), from the cache when it was drawn before."""
    cache = RenderCache.from_environment()
    key = hashlib.sha256(f"rulebook picture\n{dpi}\n{svg}".encode()).hexdigest()
    found = cache.get(key)
    if found is not None:
        return found
    load_cairocffi()   # cairo through the prebuilt FFI before cairosvg imports it (0.2-0.3 s less)
    import cairosvg

    options = {} if dpi is None else {"dpi": dpi}
    png = bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8"), **options))
    cache.put(key, png)
    return png
