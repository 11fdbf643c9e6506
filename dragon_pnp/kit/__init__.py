"""The print kit: every component as print-ready PDF, SVG and PNG.

Faces (one per distinct card, tile, track, pawn) are drawn once from Jinja2 SVG templates,
rendered once by cairo, and placed on sheets by one generic imposer driven by sheet layouts.
"""
