"""Write sheet PDFs: rendered pages become form XObjects placed by a transform, never re-drawn.

Each distinct face and each page's furniture was rendered once into one cairo PDF; here each
page of it becomes a form XObject, and a sheet page is a short content stream of clips and
`cm ... Do` placements. Output is reproducible: fixed metadata, no dates, an /ID hashed from
the content. Millimetres in, points at this edge.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from pathlib import Path

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    RectangleObject,
)

from generator.kit.sheet import Placement, Rect, SheetPage
from generator.paper import mm_to_pt


@dataclass(frozen=True)
class Composite:
    """A form made of other forms (the assembled board), `size` in mm."""

    key: str
    size: tuple[float, float]
    placements: tuple[Placement, ...]


class RenderedPages:
    """The rendered PDFs (one per render job), their pages looked up by key, with sizes in mm."""

    def __init__(self, parts: list[tuple[bytes, list[str]]], sizes_mm: dict[str, tuple[float, float]]):
        self.readers = []
        self.index: dict[str, tuple[int, int]] = {}
        for number, (pdf, keys) in enumerate(parts):
            reader = PdfReader(io.BytesIO(pdf))
            if len(reader.pages) != len(keys):
                raise RuntimeError(f"rendered {len(reader.pages)} pages for {len(keys)} faces")
            self.readers.append(reader)
            self.index.update({key: (number, i) for i, key in enumerate(keys)})
        self.sizes_mm = sizes_mm

    def page(self, key: str):
        reader, page = self.index[key]
        return self.readers[reader].pages[page]


@dataclass
class SheetPdf:
    """One output PDF under construction."""

    rendered: RenderedPages
    composites: dict[str, Composite] = field(default_factory=dict)
    writer: PdfWriter = field(default_factory=PdfWriter)
    _forms: dict[str, IndirectObject] = field(default_factory=dict)

    def form(self, key: str) -> IndirectObject:
        """The XObject for a face, furniture page or composite, added to this PDF once."""
        if key in self._forms:
            return self._forms[key]
        if key in self.composites:
            ref = self._composite_form(self.composites[key])
        else:
            ref = self._page_form(key)
        self._forms[key] = ref
        return ref

    def _page_form(self, key: str) -> IndirectObject:
        page = self.rendered.page(key)
        width_pt = mm_to_pt(self.rendered.sizes_mm[key][0])
        height_pt = mm_to_pt(self.rendered.sizes_mm[key][1])
        page_h = float(page.mediabox.top)
        # cairo draws from the page's top-left corner; the face fills its top `height_pt`.
        shift = page_h - height_pt
        form = DecodedStreamObject()
        form.set_data(page.get_contents().get_data())
        form.update({
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): _numbers([0, shift, width_pt, page_h]),
            NameObject("/Matrix"): _numbers([1, 0, 0, 1, 0, -shift]),
            NameObject("/Resources"): page["/Resources"].get_object().clone(self.writer),
        })
        return self.writer._add_object(form.flate_encode())

    def _composite_form(self, composite: Composite) -> IndirectObject:
        width_pt, height_pt = mm_to_pt(composite.size[0]), mm_to_pt(composite.size[1])
        names = DictionaryObject()
        content = _placements(composite.placements, height_pt, self, names)
        form = DecodedStreamObject()
        form.set_data(content)
        form.update({
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): _numbers([0, 0, width_pt, height_pt]),
            NameObject("/Resources"): DictionaryObject({NameObject("/XObject"): names}),
        })
        return self.writer._add_object(form.flate_encode())

    def add_page(self, page: SheetPage, furniture: str | None) -> None:
        """A page: its placements (clipped), then its furniture form on top."""
        width_pt, height_pt = mm_to_pt(page.size[0]), mm_to_pt(page.size[1])
        out = self.writer.add_blank_page(width_pt, height_pt)
        names = DictionaryObject()
        content = _placements(page.placements, height_pt, self, names)
        if furniture:
            name = NameObject(f"/S{len(names)}")
            names[name] = self.form(furniture)
            content += f"q {name} Do Q\n".encode()
        stream = DecodedStreamObject()
        stream.set_data(content)
        out[NameObject("/Contents")] = self.writer._add_object(stream.flate_encode())
        out[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): names})
        if page.trim_box:
            out.trimbox = _box(page.trim_box, height_pt)
        if page.bleed_box:
            out.bleedbox = _box(page.bleed_box, height_pt)

    def append_pdf(self, path: Path) -> None:
        """Append every page of another PDF (rulebook, report) as it is."""
        self.writer.append(PdfReader(path))

    def write(self, path: Path, title: str, subject: str = "") -> None:
        """Write with fixed metadata and a content-derived /ID, so two builds give the same bytes."""
        self.writer.add_metadata({
            "/Title": title,
            "/Subject": subject,
            "/Creator": "dragon-pnp",
            "/Producer": "dragon-pnp",
        })
        digest = hashlib.md5(title.encode())
        for page in self.writer.pages:
            contents = page.get_contents()
            digest.update(contents.get_data() if contents is not None else b"")
        ident = ByteStringObject(digest.digest())
        self.writer._ID = ArrayObject([ident, ident])
        buffer = io.BytesIO()
        self.writer.write(buffer)
        path.write_bytes(buffer.getvalue())


def _placements(placements, height_pt: float, pdf: SheetPdf, names: DictionaryObject) -> bytes:
    """Content stream for placed forms: clip, transform, draw, for each."""
    known: dict[str, NameObject] = {}
    lines = []
    for p in placements:
        if p.form not in known:
            known[p.form] = NameObject(f"/F{len(names)}")
            names[known[p.form]] = pdf.form(p.form)
        lines.append("q")
        if p.clip:
            path = " ".join(
                f"{_n(mm_to_pt(x))} {_n(height_pt - mm_to_pt(y))} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(p.clip)
            )
            lines.append(f"{path} h W n")
        w_pt, h_pt = mm_to_pt(p.width), mm_to_pt(p.height)
        x, y = mm_to_pt(p.x), height_pt - mm_to_pt(p.y) - h_pt
        s = p.scale
        if p.rotate == 180:
            lines.append(f"{_n(-s)} 0 0 {_n(-s)} {_n(x + w_pt)} {_n(y + h_pt)} cm")
        else:
            lines.append(f"{_n(s)} 0 0 {_n(s)} {_n(x)} {_n(y)} cm")
        lines.append(f"{known[p.form]} Do Q")
    return ("\n".join(lines) + "\n").encode() if lines else b""


def _box(rect: Rect, height_pt: float) -> RectangleObject:
    x0, y0, x1, y1 = rect
    return RectangleObject([round(mm_to_pt(x0), 4), round(height_pt - mm_to_pt(y1), 4),
                            round(mm_to_pt(x1), 4), round(height_pt - mm_to_pt(y0), 4)])


def _n(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _numbers(values: list[float]) -> ArrayObject:
    return ArrayObject([FloatObject(round(v, 4)) for v in values])
