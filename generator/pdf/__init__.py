"""PDF editing for the build, on bytes: finish cairo's documents and merge documents into one.

Why not pypdf: it parses every object into Python values and clones them, which cost the
kit build most of a second; these jobs only need a handful of dictionary edits and
renumbered references. Accepted input: what cairo and reportlab write (one classic
cross-reference table, no object streams, not encrypted, no incremental updates); anything
else raises `UnsupportedPdf` naming what it found.

- `finish_document(pdf, title=, subject=, page_boxes=)`: TrimBox/BleedBox per page, our Info
  (no dates), an /ID derived from the content, so rebuilds are byte-identical.
- `merge([MergePart(pdf, title, blanks_before, blank_size)], title=, subject=)`: pages in
  order, one bookmark per part (a part's own bookmarks nested under it), blank pages where
  duplex needs them.
"""

from generator.pdf.documents import MergePart, PageBoxes, count_pages, finish_document, merge
from generator.pdf.objects import UnsupportedPdf

__all__ = ["MergePart", "PageBoxes", "UnsupportedPdf", "count_pages", "finish_document", "merge"]
