"""PDF editing for the build, on bytes: finish cairo's documents and merge documents into one.

Why not pypdf: it parses every object into Python values and clones them, which cost the kit
build most of a second; these jobs only need a handful of dictionary edits and renumbered
references. Object bodies stay bytes (stream data is never decoded, scanned or copied apart),
so finishing a 20-page cairo document takes about a millisecond and merging the kit's 7
documents (75 pages) about 12 ms, where pypdf took about 100 ms for the merge alone
(bench/bench_pdf.py).

Accepted input: what cairo (1.16+) and reportlab write, and our own output: one classic
cross-reference table (`xref`, 20-byte entries), objects located through it, stream lengths
direct or indirect (`/Length 5 0 R`). Refused with `UnsupportedPdf` (a ValueError) naming what
was found: cross-reference streams and object streams, encryption, incremental updates (/Prev,
in either table form), hybrid files (/XRefStm), a damaged table, a broken or looping page tree.

Public API:

- `finish_document(pdf, *, title, subject, page_boxes) -> bytes`: `page_boxes` holds one entry
  per page, a `PageBoxes(trim, bleed)` (rectangles x0, y0, x1, y1 in PDF points, y up; written
  with at most 4 decimals) or None for TrimBox and BleedBox equal to the page's MediaBox, so
  every page carries both boxes. Info is replaced by /Title, /Subject, /Creator and /Producer
  (dragon-pnp), with no dates. Dictionary keys cairo repeats (`/x6 9 0 R` twice in a resource
  dictionary) are written once; everything else is kept.
- `with_page_boxes(pdf, *, title) -> bytes`: TrimBox and BleedBox (the MediaBox) on every page
  that lacks them, Info kept (for what reportlab writes).
- `merge(parts, *, title, subject) -> bytes`: `parts` is a sequence of
  `MergePart(pdf, title, blanks_before=0, blank_size=(612, 792))`. Pages follow in order,
  each keeping its own dictionary (attributes it inherited from its page tree are copied onto
  it; a page without TrimBox or BleedBox gets its MediaBox as both, blank pages too; forms
  listed twice in a resource dictionary, as cairo writes them, are listed once); `blanks_before` empty pages of `blank_size` points go before a part. The outline has
  one closed entry per part, titled as given and opening its first page (/Fit), with the
  part's own bookmarks nested under it; the catalog asks viewers to show it (/PageMode
  /UseOutlines). A part with no pages is refused (ValueError).
- `count_pages(pdf) -> int`, by walking the page tree.
- `parse(pdf) -> PdfObjects`: `bodies` {number: bytes between `obj` and `endobj`}, `trailer`,
  `root`, `info`, `pages()` in reading order, `page_tree()` (pages, /Pages nodes, inherited
  attributes). Lower still, `objects.write` lays out numbered bodies with an exact table, and
  `syntax` reads, sets and renumbers dictionary values as bytes (`get`, `dictionary`,
  `set_keys`, `reference`, `references`, `renumber`, `text_string`, `number`).

Both writers are deterministic: header `%PDF-1.5` and a binary comment, objects in number
order, /ID two copies of an MD5 of the title and every object as written. Text strings are
escaped literals when printable ASCII, else UTF-16BE hex with a byte-order mark.

What merge leaves behind, because our producers do not use it: each part's catalog goes, and
with it named destinations (/Names, /Dests), forms (/AcroForm), structure trees, XMP metadata,
page labels and viewer preferences. Links and bookmarks that point at pages directly (explicit
`[page /Fit]` destinations, as reportlab writes) keep working; references to objects a part
does not hold become `null`.
"""

from dragon_pnp.pdf.documents import MergePart, PageBoxes, count_pages, finish_document, merge, with_page_boxes
from dragon_pnp.pdf.objects import PdfObjects, parse
from dragon_pnp.pdf.syntax import UnsupportedPdf

__all__ = ["MergePart", "PageBoxes", "PdfObjects", "UnsupportedPdf", "count_pages", "finish_document", "merge", "parse",
           "with_page_boxes"]
