"""Print-shop PDFs (`build --pdfx`): the kit converted to PDF/X-4 or PDF/X-1a.

Ghostscript's pdfwrite does the colour conversion (and, for X-1a, the flattening); pikepdf
writes the PDF/X structure (output intent, boxes, XMP). Nothing here converts colours itself.
"""
