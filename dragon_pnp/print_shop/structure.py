"""The PDF/X structure around Ghostscript's CMYK pages: output intent, boxes, info, XMP, version.

Written with pikepdf, with fixed dates and an ID derived from the content, so two builds give
the same bytes.
"""

from __future__ import annotations

import hashlib
import uuid
from pathlib import Path

import pikepdf

from dragon_pnp.print_shop.fonts import merge_identical_fonts
from dragon_pnp.print_shop.neutral import blend_in_cmyk
from dragon_pnp.print_shop.profile import OutputIntent

VERSIONS = {"x4": ("PDF/X-4", "1.6"), "x1a": ("PDF/X-1a:2001", "1.3")}
DATE_PDF, DATE_XMP = "D:20000101000000Z", "2000-01-01T00:00:00Z"   # fixed: reproducible bytes
# PDF/X wants /True or /False; pikepdf.Name.False_ is written as /False_, so the name is spelt out
NOT_TRAPPED = pikepdf.Name("/False")
PRODUCER = "dragon-pnp (Ghostscript pdfwrite, pikepdf)"


def finish(converted: Path, target: Path, intent: OutputIntent, level: str, title: str,
           bleeds_pt: list[float]) -> None:
    """Write `target`: the converted pages with TrimBox inset by each page's bleed, and the
    PDF/X keys (GTS_PDFXVersion in Info and XMP, Trapped, OutputIntents with the profile)."""
    version, pdf_version = VERSIONS[level]
    with pikepdf.open(converted) as pdf:
        for page, bleed in zip(pdf.pages, bleeds_pt, strict=True):
            _boxes(page, bleed)
            blend_in_cmyk(page)   # already done before conversion; kept for any group Ghostscript wrote
        merge_identical_fonts(pdf)
        profile = pdf.make_stream(intent.profile.read_bytes())
        profile.N = 4
        pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(intent.condition),
            OutputCondition=pikepdf.String(intent.info), Info=pikepdf.String(intent.info),
            RegistryName=pikepdf.String("http://www.color.org"), DestOutputProfile=profile)])
        for key in ("/Metadata", "/PieceInfo"):
            if key in pdf.Root:
                del pdf.Root[key]
        digest = hashlib.sha256(b"".join(bytes(p.obj.Contents.read_bytes()) if isinstance(p.obj.get("/Contents"), pikepdf.Stream)
                                         else b"" for p in pdf.pages) + title.encode() + level.encode()).digest()
        document_id = uuid.UUID(bytes=digest[:16], version=4)
        info = pikepdf.Dictionary(Title=pikepdf.String(title), Creator=pikepdf.String("dragon-pnp"),
                                  Producer=pikepdf.String(PRODUCER), CreationDate=pikepdf.String(DATE_PDF),
                                  ModDate=pikepdf.String(DATE_PDF), Trapped=NOT_TRAPPED,
                                  GTS_PDFXVersion=pikepdf.String(version))
        if level == "x1a":
            info.GTS_PDFXConformance = pikepdf.String(version)
        pdf.trailer.Info = pdf.make_indirect(info)
        metadata = pdf.make_stream(_xmp(title, version, level, document_id).encode("utf-8"))
        metadata.Type, metadata.Subtype = pikepdf.Name.Metadata, pikepdf.Name.XML
        pdf.Root.Metadata = metadata
        if "/ID" in pdf.trailer:
            del pdf.trailer.ID   # Ghostscript's ID is random; qpdf would keep its first half
        pdf.save(target, min_version=pdf_version, force_version=pdf_version, deterministic_id=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable, compress_streams=True)


def _boxes(page: pikepdf.Page, bleed: float) -> None:
    """MediaBox = BleedBox = the page; TrimBox = the page less `bleed` on each side; no CropBox."""
    x0, y0, x1, y1 = (float(v) for v in page.mediabox)
    media = pikepdf.Array([round(x0, 4), round(y0, 4), round(x1, 4), round(y1, 4)])
    page.obj.MediaBox = media
    page.obj.BleedBox = media
    page.obj.TrimBox = pikepdf.Array([round(x0 + bleed, 4), round(y0 + bleed, 4), round(x1 - bleed, 4), round(y1 - bleed, 4)])
    for key in ("/CropBox", "/ArtBox"):
        if key in page.obj:
            del page.obj[key]


def _xmp(title: str, version: str, level: str, document_id: uuid.UUID) -> str:
    conformance = f"\n   <pdfxid:GTS_PDFXConformance>{version}</pdfxid:GTS_PDFXConformance>" if level == "x1a" else ""
    title = title.replace("&", "&amp;").replace("<", "&lt;")
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"
    xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{DATE_XMP}</xmp:CreateDate>
   <xmp:ModifyDate>{DATE_XMP}</xmp:ModifyDate>
   <xmp:MetadataDate>{DATE_XMP}</xmp:MetadataDate>
   <xmp:CreatorTool>dragon-pnp</xmp:CreatorTool>
   <xmpMM:DocumentID>uuid:{document_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document_id}</xmpMM:InstanceID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <pdf:Producer>{PRODUCER}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>{conformance}
   <pdfx:GTS_PDFXVersion>{version}</pdfx:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
